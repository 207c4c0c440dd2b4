#include "app/filingdesk/commands/calendar_command.h"

#include "app/filingdesk/commands/command_line.h"

#include "app/filingdesk/commands/needs_data_json.h"
#include "engine/audit/audit_store.h"
#include "engine/calendar/calendar_export_types.h"
#include "engine/calendar/calendar_selection.h"
#include "engine/calendar/ics_writer.h"
#include "engine/ledger/ledger_store.h"
#include "engine/register/register_merge.h"
#include "engine/rules/due_date_calculator.h"
#include "engine/rules/obligation_planner.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSet>
#include <QTemporaryDir>

#include <cstdio>

namespace fd {

namespace {

int fail(const QString &reason) {
    return cli::badInput(QStringLiteral("filingdesk calendar"), reason);
}

// --remind 30,14,7,1: distinct whole days from 0 to 366, largest first (as the console's reminder setting).
bool readReminderDays(const QString &text, QList<int> *days, QString *error) {
    days->clear();
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int day = part.trimmed().toInt(&ok);
        if (!ok || day < 0 || day > 366) {
            *error = QStringLiteral("--remind \"%1\": each reminder is a number of days from 0 to 366, "
                                    "separated by commas (30,14,7,1)")
                         .arg(text);
            return false;
        }
        if (!days->contains(day))
            days->append(day);
    }
    std::sort(days->begin(), days->end(), std::greater<>());
    return true;
}

QJsonObject obligationJson(const Obligation &o, bool inCalendar) {
    return QJsonObject{
        {QStringLiteral("rule_id"), o.ruleId},
        {QStringLiteral("rules_version"), o.rulesVersion},
        {QStringLiteral("filing_type"), o.filingType},
        {QStringLiteral("filing_name"), o.filingName},
        {QStringLiteral("filing_year"), o.filingYear},
        {QStringLiteral("due"), o.dueDate.toString(Qt::ISODate)},
        {QStringLiteral("fee_cents"), o.feeCents},
        {QStringLiteral("citation"), o.citation},
        {QStringLiteral("citation_url"), o.citationUrl},
        {QStringLiteral("uid"), QStringLiteral("%1@filingdesk").arg(o.idempotencyKey())},
        {QStringLiteral("in_calendar"), inCalendar},
    };
}

QJsonObject leftOutJson(const CalendarLeftOut &leftOut) {
    return QJsonObject{
        {QStringLiteral("undated"), leftOut.undated},
        {QStringLiteral("beyond_horizon"), leftOut.beyondHorizon},
        {QStringLiteral("filed_earlier"), leftOut.filedEarlier},
        {QStringLiteral("withdrawn_earlier"), leftOut.withdrawnEarlier},
        {QStringLiteral("other_entities"), leftOut.otherEntities},
        {QStringLiteral("total"), leftOut.total()},
    };
}

// The machine-readable account of a calendar export: one entry per portfolio row, so that a reviewer (and the
// tests) can check that every US row has either a cited obligation or an explicit reason for having none.
QJsonObject calendarReport(const QList<RowPlan> &plan, const RuleSet &rules, const QDate &asOf,
                           const QDate &horizon, const CalendarSelection &selection, int events) {
    const QSet<QString> &exportedKeys = selection.keys;
    QJsonArray rows;
    for (const RowPlan &row : plan) {
        QJsonArray obligations;
        for (const Obligation &o : row.obligations)
            obligations.append(obligationJson(o, exportedKeys.contains(o.idempotencyKey())));
        QJsonArray needs;
        for (const ObligationNeed &n : row.needs)
            needs.append(QJsonObject{{QStringLiteral("rule_id"), n.ruleId},
                                     {QStringLiteral("filing_type"), n.filingType},
                                     {QStringLiteral("filing"), n.filingName},
                                     {QStringLiteral("missing"), n.missingField},
                                     {QStringLiteral("reason"), n.reason}});
        QJsonArray noFilingRules;
        if (row.outcome == RowOutcome::OutOfScope && row.entity->isUsDomestic()) {
            // Explicit "no periodic filing" rules that explain an empty row, with their citations.
            for (const Rule &r : rules.rulesFor(row.entity->jurisdiction)) {
                if (r.frequency == QLatin1String("none") && r.appliesTo(row.entity->type, true))
                    noFilingRules.append(QJsonObject{{QStringLiteral("rule_id"), r.id},
                                                     {QStringLiteral("citation"), r.citationText()}});
            }
        }
        rows.append(QJsonObject{
            {QStringLiteral("file"), row.file},
            {QStringLiteral("line"), row.line},
            {QStringLiteral("entity_id"), row.entity->entityId},
            {QStringLiteral("name"), row.entity->name},
            {QStringLiteral("jurisdiction"), row.entity->jurisdiction},
            {QStringLiteral("entity_type"), entityTypeName(row.entity->type)},
            {QStringLiteral("outcome"), rowOutcomeName(row.outcome)},
            {QStringLiteral("reason"), row.reason},
            {QStringLiteral("missing"), QJsonArray::fromStringList(row.missing)},
            {QStringLiteral("needs_data_obligations"), needs},
            {QStringLiteral("obligations"), obligations},
            {QStringLiteral("no_filing_rules"), noFilingRules},
        });
    }
    return QJsonObject{
        {QStringLiteral("rules_version"), rules.version()},
        {QStringLiteral("as_of"), asOf.toString(Qt::ISODate)},
        {QStringLiteral("horizon"), horizon.toString(Qt::ISODate)},
        {QStringLiteral("events"), events},
        {QStringLiteral("obligations_needing_data"), countPlan(plan).obligationsNeedingData},
        {QStringLiteral("undated_filings"), selection.leftOut.undated},
        {QStringLiteral("filings"), int(selection.entries.size())},
        {QStringLiteral("overdue_filings"), selection.overdue},
        {QStringLiteral("left_out"), leftOutJson(selection.leftOut)},
        {QStringLiteral("needs_data_obligations"), obligationsNeedingDataJson(plan)},
        {QStringLiteral("rows"), rows},
    };
}

} // namespace

int cli::CalendarCommand::run(const QStringList &arguments) const {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Exports upcoming statutory deadlines as iCalendar."));
    const QCommandLineOption portfolioOpt(QStringLiteral("portfolio"), QStringLiteral("Portfolio CSV."),
                                          QStringLiteral("FILE"));
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("Output .ics file."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption asOfOpt(QStringLiteral("as-of"), QStringLiteral("Start date (default today)."),
                                     QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption daysOpt(QStringLiteral("days"), QStringLiteral("Horizon in days (default 365)."),
                                     QStringLiteral("N"));
    const QCommandLineOption cyclesOpt(
        QStringLiteral("cycles"), QStringLiteral("Occurrences per rule (default 1)."), QStringLiteral("N"));
    const QCommandLineOption dbOpt(QStringLiteral("db"),
                                   QStringLiteral("Audit database with confirmation numbers."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption rulesOpt(QStringLiteral("rules"),
                                      QStringLiteral("Rules file instead of the built-in one."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption reportOpt(
        QStringLiteral("report"),
        QStringLiteral("Also write a JSON account of every portfolio row: its obligations "
                       "with rule id and citation, or why it has none."),
        QStringLiteral("FILE.json"));
    const QCommandLineOption ledgerOpt(
        QStringLiteral("ledger"),
        QStringLiteral(
            "Team mode: read what was filed from the team ledger, postgresql://USER@HOST:PORT/DB "
            "(password from FILINGDESK_LEDGER_PASSWORD); with --db too, the mirror is read when the "
            "ledger cannot be reached."),
        QStringLiteral("URL"));
    const QCommandLineOption remindOpt(
        QStringLiteral("remind"),
        QStringLiteral("Alarms this many days before each due date, comma-separated (default 30,14,7,1; "
                       "empty: none)."),
        QStringLiteral("DAYS,DAYS"));
    const QCommandLineOption groupOpt(
        QStringLiteral("group-by-day"),
        QStringLiteral("One event per due date and jurisdiction (\"3 filings due — Delaware (US-DE)\"), "
                       "listing each entity and filing, instead of one event per filing."));
    const QCommandLineOption jsonOpt(
        QStringLiteral("json"),
        QStringLiteral("Print the outcome as one JSON object on stdout (events, filings, undated filings)."));
    parser.addOptions({portfolioOpt, outOpt, asOfOpt, daysOpt, cyclesOpt, dbOpt, rulesOpt, reportOpt,
                       ledgerOpt, remindOpt, groupOpt, jsonOpt});
    if (const auto exit = cli::parseOrExit(parser, QStringLiteral("filingdesk calendar"), arguments))
        return *exit;
    if (!parser.isSet(portfolioOpt) || !parser.isSet(outOpt))
        return fail(QStringLiteral("--portfolio FILE and --out FILE.ics are required"));
    QDate asOf;
    QString asOfError;
    if (!cli::readAsOf(parser, asOfOpt, &asOf, &asOfError))
        return fail(asOfError);
    bool ok = true;
    const int days = parser.isSet(daysOpt) ? parser.value(daysOpt).toInt(&ok) : 365;
    if (!ok || days < 0 || days > 3660)
        return fail(QStringLiteral("--days must be a number from 0 to 3660"));
    const int cycles = parser.isSet(cyclesOpt) ? parser.value(cyclesOpt).toInt(&ok) : 1;
    if (!ok || cycles < 1 || cycles > 20)
        return fail(QStringLiteral("--cycles must be a number from 1 to 20"));
    IcsOptions icsOptions;
    icsOptions.groupByDay = parser.isSet(groupOpt);
    QString remindError;
    if (parser.isSet(remindOpt) &&
        !readReminderDays(parser.value(remindOpt), &icsOptions.alarmDaysBefore, &remindError))
        return fail(remindError);

    if (parser.isSet(dbOpt)) {
        // The calendar only reads the audit database: opening a path that is not there would create an empty
        // one and quietly export every deadline as unfiled.
        const QFileInfo db(parser.value(dbOpt));
        if (!db.exists())
            return fail(QStringLiteral("%1: no such audit database").arg(parser.value(dbOpt)));
        if (!db.isFile())
            return fail(QStringLiteral("%1: not an audit database (not a file)").arg(parser.value(dbOpt)));
    }

    RuleSet rules;
    QString error;
    if (parser.isSet(rulesOpt)) {
        if (!rules.loadFromFile(parser.value(rulesOpt), &error))
            return fail(error);
    } else {
        rules = RuleSet::builtIn();
    }
    const ImportResult import = importPortfolio(parser.value(portfolioOpt));
    if (!import.ok())
        return fail(import.fileError);
    AuditStore store;
    if (parser.isSet(dbOpt) && !store.open(parser.value(dbOpt), &error, AuditStore::OpenMode::Shared))
        return fail(error);
    // Planned from the entity register where the desk keeps one (README, "The entity register"): a date
    // a person entered counts here as in the console. The register is only read.
    QHash<QString, Entity> registerRecords;
    if (store.isOpen()) {
        QList<Entity> entities;
        QList<RegisterConflict> conflicts;
        if (!store.loadRegister(&entities, &conflicts, &error))
            return fail(QStringLiteral("cannot read the entity register: %1").arg(error));
        for (const Entity &e : std::as_const(entities))
            registerRecords.insert(e.entityId, e);
    }
    // Team mode: the ledger is the truth about what was filed; this desk's mirror stands in while it is down.
    QHash<QString, FilingTask> ledgerTasks;
    bool fromLedger = false;
    if (parser.isSet(ledgerOpt)) {
        LedgerEndpoint endpoint;
        if (!LedgerEndpoint::parse(parser.value(ledgerOpt), &endpoint, &error))
            return fail(error);
        endpoint.password = qEnvironmentVariable("FILINGDESK_LEDGER_PASSWORD");
        QTemporaryDir scratch;
        LedgerStore ledger(endpoint, QStringLiteral("calendar-%1").arg(QCoreApplication::applicationPid()),
                           QStringLiteral("calendar"), 15000);
        QString ledgerError;
        if (!ledger.openTeam(scratch.filePath(QStringLiteral("mirror.sqlite")), &error, &ledgerError))
            return fail(error);
        if (!ledger.isReachable()) {
            if (!store.isOpen())
                return fail(QStringLiteral("the ledger cannot be reached (%1) and no --db mirror was given")
                                .arg(ledgerError));
            std::fprintf(
                stderr, "%s\n",
                qUtf8Printable(QStringLiteral("filingdesk calendar: the ledger cannot be reached (%1); "
                                              "reading this desk's mirror %2")
                                   .arg(ledgerError, parser.value(dbOpt))));
        } else {
            for (const FilingTask &t : ledger.loadTasks(false))
                ledgerTasks.insert(t.key, t);
            fromLedger = true;
            // The team's register, as every member plans from it.
            QList<Entity> entities;
            QList<RegisterConflict> conflicts;
            if (!ledger.loadRegister(&entities, &conflicts, &error))
                return fail(QStringLiteral("cannot read the team's entity register: %1").arg(error));
            registerRecords.clear();
            for (const Entity &e : std::as_const(entities))
                registerRecords.insert(e.entityId, e);
        }
    }
    const QList<RowPlan> plan =
        planObligations(EntityRegister::asPlanned(import, registerRecords), rules, asOf);
    const PlanCounts counts = countPlan(plan);

    // The planned obligations (with further occurrences when --cycles asks for them) and every filing the
    // database or ledger holds for the portfolio's entities: an overdue filing that is not filed is no longer
    // in the plan (which holds next occurrences) but is exactly what a deadline calendar must show. The same
    // selection as the console's export (selectCalendarEntries()).
    QList<Obligation> planned;
    planned.reserve(qsizetype(counts.obligations) * cycles);
    for (const RowPlan &row : plan) {
        if (row.outcome != RowOutcome::Obligations)
            continue;
        for (const Obligation &first : row.obligations) {
            planned.append(first);
            const Rule *rule = rules.ruleById(first.ruleId);
            if (!rule || cycles <= 1)
                continue;
            DueProblem problem;
            const QList<DueOccurrence> more =
                dueOccurrences(*rule, row.entity, first.dueDate.addDays(1), cycles - 1, &problem);
            for (const DueOccurrence &occ : more) {
                Obligation o = first;
                o.dueDate = occ.due;
                o.windowOpens = occ.windowOpens;
                o.filingYear = occ.filingYear;
                planned.append(o);
            }
        }
    }
    QHash<QString, FilingTask> storedTasks;
    if (fromLedger) {
        storedTasks = ledgerTasks;
    } else if (store.isOpen()) {
        for (const FilingTask &t : store.loadTasks(false))
            storedTasks.insert(t.key, t);
    }
    const QDate horizon = asOf.addDays(days);
    const CalendarSelection selection = selectCalendarEntries(plan, planned, storedTasks, asOf, horizon);
    const QList<CalendarEntry> &entries = selection.entries;
    const int events = icsEventCount(entries, icsOptions);
    const int undated = selection.leftOut.undated;
    if (parser.isSet(reportOpt)) {
        QSaveFile report(parser.value(reportOpt));
        if (!report.open(QIODevice::WriteOnly))
            return fail(
                QStringLiteral("%1: cannot write: %2").arg(parser.value(reportOpt), report.errorString()));
        report.write(QJsonDocument(calendarReport(plan, rules, asOf, horizon, selection, events))
                         .toJson(QJsonDocument::Indented));
        if (!report.commit())
            return fail(
                QStringLiteral("%1: cannot write: %2").arg(parser.value(reportOpt), report.errorString()));
    }
    QSaveFile out(parser.value(outOpt));
    if (!out.open(QIODevice::WriteOnly))
        return fail(QStringLiteral("%1: cannot write: %2").arg(parser.value(outOpt), out.errorString()));
    // Streamed into the file as it is written (a write error makes commit() fail).
    writeIcs(&out, entries, QDateTime::currentDateTimeUtc(), icsOptions);
    if (!out.commit())
        return fail(QStringLiteral("%1: cannot write: %2").arg(parser.value(outOpt), out.errorString()));
    {
        const auto noun = [](qint64 n, const char *singular, const char *plural) {
            return countNoun(n, QLatin1String(singular), QLatin1String(plural));
        };
        QStringList clauses{
            QStringLiteral("%1: %2%3 from %4 (%5 with obligations, %6, %7 out of scope, %8)")
                .arg(parser.value(outOpt), noun(events, "event", "events"),
                     icsOptions.groupByDay ? QStringLiteral(" for %1, one per day and jurisdiction,")
                                                 .arg(noun(entries.size(), "filing", "filings"))
                                           : QString(),
                     noun(counts.rows, "row", "rows"))
                .arg(counts.rowsWithObligations)
                .arg(counts.needsData == 1 ? QStringLiteral("1 needs data")
                                           : QStringLiteral("%1 need data").arg(counts.needsData))
                .arg(counts.outOfScope)
                .arg(noun(counts.rowErrors, "row error", "row errors"))};
        if (selection.overdue > 0)
            clauses << QStringLiteral(
                           "%1 not filed and overdue as of %2 %3 in the calendar on %4 due date%5, "
                           "marked [OVERDUE]")
                           .arg(noun(selection.overdue, "filing", "filings"), asOf.toString(Qt::ISODate),
                                selection.overdue == 1 ? QStringLiteral("is") : QStringLiteral("are"),
                                selection.overdue == 1 ? QStringLiteral("its") : QStringLiteral("their"),
                                selection.overdue == 1 ? QString() : QStringLiteral("s"));
        clauses << leftOutPhrases(selection.leftOut, asOf, horizon);
        std::fputs(qUtf8Printable(clauses.join(QStringLiteral("; ")) + QLatin1Char('\n')), stderr);
    }
    for (const RowPlan &row : plan) {
        // A row with some obligations can still lack data for another filing (an anniversary rule without a
        // formation date): one line per filing, so that nothing is silently left out of the calendar.
        if (row.outcome == RowOutcome::Obligations) {
            for (const ObligationNeed &n : row.needs)
                std::fputs(qUtf8Printable(QStringLiteral("  needs data: line %1 %2 (%3): %4 needs %5\n")
                                              .arg(row.line)
                                              .arg(row.entity->name, row.entity->jurisdiction, n.filingName,
                                                   n.missingField)),
                           stderr);
        }
        if (row.outcome == RowOutcome::NeedsData && row.entity->isUsDomestic())
            std::fputs(qUtf8Printable(QStringLiteral("  needs data: line %1 %2 (%3): %4\n")
                                          .arg(row.line)
                                          .arg(row.entity->name, row.entity->jurisdiction, row.reason)),
                       stderr);
    }
    if (parser.isSet(jsonOpt)) {
        QJsonArray reminders;
        for (const int day : std::as_const(icsOptions.alarmDaysBefore))
            reminders.append(day);
        const QJsonObject outcome{
            {QStringLiteral("out"), parser.value(outOpt)},
            {QStringLiteral("events"), events},
            {QStringLiteral("filings"), int(entries.size())},
            {QStringLiteral("undated_filings"), undated},
            {QStringLiteral("overdue_filings"), selection.overdue},
            {QStringLiteral("left_out"), leftOutJson(selection.leftOut)},
            {QStringLiteral("grouped_by_day"), icsOptions.groupByDay},
            {QStringLiteral("reminder_days"), reminders},
            {QStringLiteral("as_of"), asOf.toString(Qt::ISODate)},
            {QStringLiteral("horizon"), horizon.toString(Qt::ISODate)},
            {QStringLiteral("rows"), counts.rows},
            {QStringLiteral("rows_with_obligations"), counts.rowsWithObligations},
            {QStringLiteral("needs_data"), counts.needsData},
            {QStringLiteral("out_of_scope"), counts.outOfScope},
            {QStringLiteral("row_errors"), counts.rowErrors},
        };
        std::fputs(QJsonDocument(outcome).toJson(QJsonDocument::Compact).append('\n').constData(), stdout);
    }
    return 0;
}

} // namespace fd
