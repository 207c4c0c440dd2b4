#include "app/filingdesk/commands/entities_command.h"
#include "engine/core/host_identity.h"

#include "app/filingdesk/commands/command_line.h"
#include "engine/audit/audit_store.h"
#include "engine/ledger/ledger_store.h"
#include "engine/register/register_csv.h"
#include "engine/register/unsent_rebuild.h"
#include "engine/rules/rule_set.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace fd {

namespace {

constexpr int kExitWriteRefused = 1;
constexpr int kMaxErrorsShown = 50;

const QString kUsage = QStringLiteral(
    "usage: filingdesk entities import FILE.csv (--db FILE | --ledger URL) --reason TEXT [--rules FILE] "
    "[--json]\n"
    "       filingdesk entities export (--db FILE | --ledger URL) --out FILE.csv");

// The store the register lives in: the desk's database, or the team ledger.
struct RegisterStore {
    // Declared first, destroyed last: the store closes its mirror (and removes its lock file) before the
    // folder goes.
    QTemporaryDir scratch; // the ledger's mirror for this one command
    std::unique_ptr<TaskStore> store;

    bool open(const QCommandLineParser &parser, const QCommandLineOption &db,
              const QCommandLineOption &ledger, bool writing, QString *error) {
        if (parser.isSet(db) == parser.isSet(ledger)) {
            *error = QStringLiteral("give either --db FILE or --ledger URL");
            return false;
        }
        if (parser.isSet(db)) {
            const QString path = parser.value(db);
            if (!QFileInfo::exists(path) && !writing) {
                *error = QStringLiteral("%1: no such database").arg(path);
                return false;
            }
            auto desk = std::make_unique<AuditStore>();
            // Writing takes the database as a desk does, so that a running desk and an import never both
            // write it; reading beside a running desk is fine.
            const bool opened = desk->open(
                path, error, writing ? AuditStore::OpenMode::Exclusive : AuditStore::OpenMode::Shared);
            store = std::move(desk);
            return opened;
        }
        LedgerEndpoint endpoint;
        if (!LedgerEndpoint::parse(parser.value(ledger), &endpoint, error))
            return false;
        endpoint.password = qEnvironmentVariable("FILINGDESK_LEDGER_PASSWORD");
        auto ledgerStore = std::make_unique<LedgerStore>(
            endpoint, QStringLiteral("entities-%1").arg(QCoreApplication::applicationPid()),
            QStringLiteral("entities"), 15000);
        QString ledgerError;
        if (!ledgerStore->openTeam(scratch.filePath(QStringLiteral("mirror.sqlite")), error, &ledgerError))
            return false;
        if (!ledgerStore->isReachable()) {
            *error = QStringLiteral("the ledger cannot be reached: %1").arg(ledgerError);
            return false;
        }
        store = std::move(ledgerStore);
        return true;
    }
};

int fail(const QString &reason) {
    return cli::badInput(QStringLiteral("filingdesk entities"), reason);
}

struct Rebuilt {
    int rebuilt = 0; ///< filings not yet sent that now carry the register's entity
    int halted = 0;  ///< filings the register no longer gives as admitted: halted for a person
    int kept = 0;    ///< filings another member changed meanwhile (sending them): they keep what they had
    QString error;   ///< a write that failed for another reason (the first one)
};

// The filings of the changed entities that have not left are rebuilt from the register as it is now, as a
// desk does after an edit (UnsentRebuild): otherwise they would leave with the entity as it was when they
// were admitted. One write per filing, so that a filing another member is sending right now (a conflict)
// leaves the others' rewrites standing.
Rebuilt rebuildUnsentFilings(TaskStore &store, const RegisterUpdate &update, const RuleSet &rules,
                             const QString &reason) {
    Rebuilt out;
    QHash<QString, Entity> changed;
    for (const Entity &e : update.records)
        changed.insert(e.entityId, e);
    if (changed.isEmpty())
        return out;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const FilingTask &task : store.loadTasks(true)) {
        const auto record = changed.constFind(task.obligation.entity->entityId);
        if (record == changed.constEnd())
            continue;
        const std::optional<TaskStore::TransitionRecord> rebuilt =
            UnsentRebuild::rebuild(task, *record, rules, host::osUser(), reason, now);
        if (!rebuilt)
            continue;
        QString error;
        if (const WriteResult written = store.recordTransitions({*rebuilt}, &error, Durability::Normal);
            written)
            ++(rebuilt->task.state == ExecutionState::FailedStatutory ? out.halted : out.rebuilt);
        else if (written.failure == WriteResult::Failure::Conflict)
            ++out.kept;
        else if (out.error.isEmpty())
            out.error = QStringLiteral("%1: %2").arg(task.key.left(12), error);
    }
    return out;
}

int runImport(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Applies a CSV of entity data to the entity register: keyed by entity_id, any subset of the "
        "register's "
        "columns; a blank cell leaves a field as it is. A file with any bad row is refused whole."));
    parser.addPositionalArgument(QStringLiteral("FILE.csv"), QStringLiteral("The entity data to apply."));
    const QCommandLineOption dbOpt(QStringLiteral("db"), QStringLiteral("The desk's database."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption ledgerOpt = cli::ledgerOption(QStringLiteral("whose register is changed"));
    const QCommandLineOption reasonOpt(QStringLiteral("reason"),
                                       QStringLiteral("Why the data changes (recorded in the audit trail)."),
                                       QStringLiteral("TEXT"));
    const QCommandLineOption rulesOpt(QStringLiteral("rules"),
                                      QStringLiteral("The desk's rules file, when it has one instead of the "
                                                     "built-in rules (filings not yet sent are planned again "
                                                     "with it)."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption jsonOpt = cli::jsonOption();
    parser.addOptions({dbOpt, ledgerOpt, reasonOpt, rulesOpt, jsonOpt});
    parser.addHelpOption();
    if (!parser.parse(QStringList{QStringLiteral("filingdesk entities import")} + arguments.mid(1)))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        QString help = parser.helpText();
        help.replace(0, help.indexOf(QLatin1Char('\n')),
                     QStringLiteral("Usage: filingdesk entities import [options] FILE.csv"));
        std::fputs(qUtf8Printable(help), stdout);
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1)
        return fail(QStringLiteral("import takes one CSV file\n%1").arg(kUsage));
    if (parser.value(reasonOpt).trimmed().isEmpty())
        return fail(QStringLiteral("--reason TEXT is required: every change of entity data says why"));
    const QString path = positional.first();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("%1: %2").arg(path, file.errorString()));
    const RegisterCsv::ReadResult read = RegisterCsv::read(file.readAll(), path);
    auto refuse = [&](const QStringList &errors) {
        for (qsizetype i = 0; i < errors.size() && i < kMaxErrorsShown; ++i)
            cli::printErr(errors.at(i));
        if (errors.size() > kMaxErrorsShown)
            cli::printErr(QStringLiteral("... and %1 more").arg(errors.size() - kMaxErrorsShown));
        return fail(QStringLiteral("%1: %2 problem(s); nothing was applied").arg(path).arg(errors.size()));
    };
    if (!read.ok())
        return refuse(read.errors);

    RuleSet rules = RuleSet::builtIn();
    QString error;
    if (parser.isSet(rulesOpt) && !rules.loadFromFile(parser.value(rulesOpt), &error))
        return fail(QStringLiteral("%1: %2").arg(parser.value(rulesOpt), error));
    RegisterStore target;
    if (!target.open(parser, dbOpt, ledgerOpt, true, &error))
        return fail(error);
    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    if (!target.store->loadRegister(&entities, &conflicts, &error))
        return fail(QStringLiteral("cannot read the entity register: %1").arg(error));
    QHash<QString, Entity> current;
    for (const Entity &e : std::as_const(entities))
        current.insert(e.entityId, e);
    RegisterUpdate update;
    RegisterCounts counts;
    QStringList errors;
    if (!RegisterCsv::apply(read.rows, current, conflicts, QFileInfo(path).fileName(), &update, &counts,
                            &errors))
        return refuse(errors);
    if (const WriteResult applied =
            target.store->applyRegister(update, host::osUser(), parser.value(reasonOpt).trimmed(), &error);
        !applied) {
        cli::printErr(QStringLiteral("filingdesk entities: nothing was applied: %1").arg(error));
        // The ledger refused this login the change (an import needs the operator role, docs/roles.md).
        if (applied.failure == WriteResult::Failure::Refused)
            return cli::kExitBadInput;
        return kExitWriteRefused;
    }
    const Rebuilt rebuilt =
        rebuildUnsentFilings(*target.store, update, rules, parser.value(reasonOpt).trimmed());
    if (!rebuilt.error.isEmpty())
        cli::printErr(
            QStringLiteral("filingdesk entities: the register is changed, but a filing not yet sent "
                           "could not be rebuilt from it and would leave with the entity as it was "
                           "admitted: %1; run the import again once the database answers")
                .arg(rebuilt.error));
    if (parser.isSet(jsonOpt)) {
        const QJsonObject json{{QStringLiteral("file"), path},
                               {QStringLiteral("rows"), int(read.rows.size())},
                               {QStringLiteral("added"), counts.added},
                               {QStringLiteral("changed"), counts.changed},
                               {QStringLiteral("unchanged"), counts.unchanged},
                               {QStringLiteral("field_changes"), int(update.changes.size())},
                               {QStringLiteral("conflicts_settled"), int(update.settled.size())},
                               {QStringLiteral("filings_rebuilt"), rebuilt.rebuilt},
                               {QStringLiteral("filings_halted"), rebuilt.halted},
                               {QStringLiteral("filings_kept"), rebuilt.kept}};
        std::fputs(QJsonDocument(json).toJson(QJsonDocument::Indented).constData(), stdout);
    } else {
        std::fputs(qUtf8Printable(QStringLiteral("%1: %2 entities: %3 added, %4 changed, %5 unchanged; %6 "
                                                 "conflict(s) decided\n")
                                      .arg(path)
                                      .arg(read.rows.size())
                                      .arg(counts.added)
                                      .arg(counts.changed)
                                      .arg(counts.unchanged)
                                      .arg(update.settled.size())),
                   stdout);
        if (rebuilt.rebuilt > 0)
            std::fputs(
                qUtf8Printable(
                    QStringLiteral("%1 filing(s) not yet sent now carry the change\n").arg(rebuilt.rebuilt)),
                stdout);
        if (rebuilt.halted > 0)
            std::fputs(
                qUtf8Printable(QStringLiteral("%1 filing(s) not yet sent are no longer owed as they were "
                                              "admitted and wait for a person (halted: withdraw or "
                                              "requeue them)\n")
                                   .arg(rebuilt.halted)),
                stdout);
        if (rebuilt.kept > 0)
            std::fputs(
                qUtf8Printable(QStringLiteral("%1 filing(s) were being sent by another member and keep "
                                              "the entity as they were sent with\n")
                                   .arg(rebuilt.kept)),
                stdout);
    }
    return rebuilt.error.isEmpty() ? 0 : kExitWriteRefused;
}

int runExport(const QStringList &arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes every entity of the register, every column, as CSV (also a FilingDesk portfolio)."));
    const QCommandLineOption dbOpt(QStringLiteral("db"), QStringLiteral("The desk's database."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption ledgerOpt = cli::ledgerOption(QStringLiteral("whose register is read"));
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("The CSV file to write."),
                                    QStringLiteral("FILE.csv"));
    parser.addOptions({dbOpt, ledgerOpt, outOpt});
    if (const auto exit =
            cli::parseOrExit(parser, QStringLiteral("filingdesk entities export"), arguments.mid(1)))
        return *exit;
    if (!parser.isSet(outOpt))
        return fail(QStringLiteral("--out FILE.csv is required"));
    RegisterStore source;
    QString error;
    if (!source.open(parser, dbOpt, ledgerOpt, false, &error))
        return fail(error);
    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    if (!source.store->loadRegister(&entities, &conflicts, &error))
        return fail(QStringLiteral("cannot read the entity register: %1").arg(error));
    QSaveFile out(parser.value(outOpt));
    if (!out.open(QIODevice::WriteOnly) || out.write(RegisterCsv::write(entities)) < 0 || !out.commit())
        return fail(QStringLiteral("%1: %2").arg(parser.value(outOpt), out.errorString()));
    std::fputs(
        qUtf8Printable(QStringLiteral("%1: %2 entities written (%3 open conflict(s) in the register)\n")
                           .arg(parser.value(outOpt))
                           .arg(entities.size())
                           .arg(std::count_if(conflicts.cbegin(), conflicts.cend(),
                                              [](const RegisterConflict &c) { return c.isOpen(); }))),
        stdout);
    return 0;
}

} // namespace

int cli::EntitiesCommand::run(const QStringList &arguments) const {
    const QString sub = arguments.value(0);
    if (sub == QLatin1String("import"))
        return runImport(arguments);
    if (sub == QLatin1String("export"))
        return runExport(arguments);
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        std::fputs(qUtf8Printable(kUsage + QLatin1Char('\n')), stdout);
        return 0;
    }
    return fail(sub.isEmpty() ? kUsage : QStringLiteral("unknown sub-command \"%1\"\n%2").arg(sub, kUsage));
}

} // namespace fd
