#include "app/filingdesk/report_command.h"

#include "app/filingdesk/commands/command_line.h"
#include "engine/import/jurisdiction_normaliser.h"
#include "engine/ledger/ledger_endpoint.h"
#include "engine/model/money.h"
#include "engine/report/filings_report.h"
#include "engine/report/report_csv.h"
#include "engine/report/report_store.h"
#include "engine/report/status_report.h"
#include "ui/report/report_pdf.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cstdio>

namespace fd {

namespace {

constexpr int kExitNotWritten = 1;
constexpr int kExitStoreUnreadable = 3;

const QString kUsage = QStringLiteral(
    "usage: filingdesk report filings (--db FILE | --ledger URL) [--from YYYY-MM-DD] [--to YYYY-MM-DD]\n"
    "                                 [--batch ID] [--jurisdiction US-XX ...] [--as-of YYYY-MM-DD]\n"
    "                                 --out FILE.pdf|FILE.csv\n"
    "       filingdesk report status (--db FILE | --ledger URL) --as-of YYYY-MM-DD [--rules FILE]\n"
    "                                [--jurisdiction US-XX ...] --out FILE.pdf|FILE.csv\n"
    "       filingdesk report verify --db FILE --through N [--digest HEX]");

const QString kExitHelp = QStringLiteral(
    "Exit status: 0 written; 1 the output file could not be written; 2 bad input (options, dates, an\n"
    "unknown extension, an output folder or a database that does not exist, a batch with no filing, a\n"
    "malformed ledger URL); 3 the store could not be opened or read (not a FilingDesk database or a newer\n"
    "one, the ledger unreachable or refusing the login), or --rules could not be read.\n"
    "The ledger's password comes from FILINGDESK_LEDGER_PASSWORD.");

enum class Format { Csv, Pdf };

// The options both reports take, and what they make of them.
struct Common {
    QCommandLineOption db{QStringLiteral("db"),
                          QStringLiteral("The desk's audit database (opened read-only: never written)."),
                          QStringLiteral("FILE")};
    QCommandLineOption ledger = cli::ledgerOption(QStringLiteral("the team's ledger is reported on"));
    QCommandLineOption out{QStringLiteral("out"),
                           QStringLiteral("The report to write: .pdf for people, .csv for spreadsheets."),
                           QStringLiteral("FILE.pdf|FILE.csv")};
    report::ReportSource source;
    Format format = Format::Csv;
    QString outPath;

    // Checks what can be checked before the store is opened; false with *error.
    bool read(const QCommandLineParser &parser, QString *error) {
        if (parser.isSet(db) == parser.isSet(ledger)) {
            *error = QStringLiteral("give either --db FILE or --ledger URL");
            return false;
        }
        if (!parser.isSet(out)) {
            *error = QStringLiteral("--out FILE.pdf or --out FILE.csv is required");
            return false;
        }
        outPath = parser.value(out);
        const QFileInfo outFile(outPath);
        const QString suffix = outFile.suffix().toLower();
        if (suffix == QLatin1String("pdf")) {
            format = Format::Pdf;
        } else if (suffix == QLatin1String("csv")) {
            format = Format::Csv;
        } else {
            *error = QStringLiteral("--out \"%1\": the file's extension says the format, .pdf or .csv")
                         .arg(outPath);
            return false;
        }
        if (outFile.completeBaseName().isEmpty()) {
            *error = QStringLiteral("--out \"%1\": name the file, not only its extension (report.%2)")
                         .arg(outPath, suffix);
            return false;
        }
        // Refused before anything is read: a long ledger read should not end in "nowhere to write".
        if (!outFile.absoluteDir().exists()) {
            *error = QStringLiteral("--out \"%1\": no such folder %2")
                         .arg(outPath, QDir::toNativeSeparators(outFile.absolutePath()));
            return false;
        }
        if (outFile.isDir()) {
            *error = QStringLiteral("--out \"%1\" is a folder, not a file").arg(outPath);
            return false;
        }
        if (parser.isSet(db)) {
            source.dbPath = parser.value(db);
            const QFileInfo file(source.dbPath);
            if (!file.exists()) {
                *error = QStringLiteral("%1: no such database").arg(source.dbPath);
                return false;
            }
            if (!file.isFile()) {
                *error = QStringLiteral("%1: not an audit database (not a file)").arg(source.dbPath);
                return false;
            }
            return true;
        }
        LedgerEndpoint endpoint;
        if (!LedgerEndpoint::parse(parser.value(ledger), &endpoint, error))
            return false;
        endpoint.password = qEnvironmentVariable("FILINGDESK_LEDGER_PASSWORD");
        source.ledger = endpoint;
        return true;
    }
};

// --jurisdiction, repeatable: ISO codes ("US-DE", "us-de") or a US state's name ("Delaware"). Unknown or
// ambiguous places are refused: a report limited to a misspelt place would be silently empty.
bool readJurisdictions(const QCommandLineParser &parser, const QCommandLineOption &option, QStringList *codes,
                       QString *error) {
    static const QRegularExpression kCode(QStringLiteral("^[A-Z]{2}(-[A-Z0-9]{1,3})?$"));
    for (const QString &given : parser.values(option)) {
        for (const QString &part : given.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString text = part.trimmed();
            QString code;
            if (kCode.match(text.toUpper()).hasMatch()) {
                code = text.toUpper();
            } else {
                const JurisdictionMatch match = normaliseJurisdiction(text);
                if (match.kind == JurisdictionMatch::Kind::Unrecognised) {
                    *error =
                        QStringLiteral("--jurisdiction \"%1\" is not a jurisdiction FilingDesk knows: give "
                                       "its ISO code (US-DE)")
                            .arg(text);
                    return false;
                }
                code = match.code;
            }
            if (!codes->contains(code))
                codes->append(code);
        }
    }
    return true;
}

// Every option these reports take has one value: a second one is a mistake, not a choice of the last.
bool givenOnce(const QCommandLineParser &parser, const QList<QCommandLineOption> &options, QString *error) {
    for (const QCommandLineOption &option : options) {
        if (parser.values(option).size() > 1) {
            *error = QStringLiteral("--%1 is given twice: give it once").arg(option.names().constFirst());
            return false;
        }
    }
    return true;
}

// English counts for the summary lines: "1 filing", "164 filings".
QString counted(qint64 n, const char *singular, const char *plural) {
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? singular : plural));
}

bool readDate(const QCommandLineParser &parser, const QCommandLineOption &option, QDate *date,
              QString *error) {
    if (!parser.isSet(option))
        return true;
    const QString text = parser.value(option);
    *date = QDate::fromString(text, Qt::ISODate);
    if (!date->isValid() || text.size() != 10) {
        *error =
            QStringLiteral("--%1 \"%2\" is not a YYYY-MM-DD date").arg(option.names().constFirst(), text);
        return false;
    }
    return true;
}

int fail(const QString &sub, const QString &reason) {
    return cli::badInput(QStringLiteral("filingdesk report %1").arg(sub), reason);
}

int unreadable(const QString &sub, const QString &reason) {
    cli::printErr(QStringLiteral("filingdesk report %1: %2").arg(sub, reason));
    return kExitStoreUnreadable;
}

int notWritten(const QString &sub, const QString &reason) {
    cli::printErr(QStringLiteral("filingdesk report %1: nothing was written: %2").arg(sub, reason));
    return kExitNotWritten;
}

QString trailLine(const report::AuditTrailHead &trail) {
    if (trail.kind == report::AuditTrailHead::Kind::LedgerChain)
        return QStringLiteral("ledger chain head seq %1, row_hash %2").arg(trail.lastSeq).arg(trail.rowHash);
    return QStringLiteral("desk audit rows 1..%1, sha256 %2").arg(trail.lastRowId).arg(trail.digestSha256);
}

void printDone(const QString &text) {
    std::fputs(qUtf8Printable(text + QLatin1Char('\n')), stdout);
}

int runFilings(const QStringList &arguments) {
    const QString sub = QStringLiteral("filings");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "One row per stored filing: entity, jurisdiction, filing, period, due date, compliance status, when "
        "it "
        "was filed, confirmation number, fee expected and charged, who launched and who resolved it, batch. "
        "The PDF adds totals per jurisdiction and overall and the audit trail's head."));
    Common common;
    const QCommandLineOption fromOpt(QStringLiteral("from"),
                                     QStringLiteral("Only filings due on or after this date."),
                                     QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption toOpt(QStringLiteral("to"),
                                   QStringLiteral("Only filings due on or before this date."),
                                   QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption batchOpt(
        QStringLiteral("batch"), QStringLiteral("Only the filings of this batch."), QStringLiteral("ID"));
    const QCommandLineOption jurisdictionOpt(
        QStringLiteral("jurisdiction"),
        QStringLiteral("Only the filings of this jurisdiction (ISO code, US-DE); repeatable."),
        QStringLiteral("CODE"));
    const QCommandLineOption asOfOpt(
        QStringLiteral("as-of"),
        QStringLiteral("The date statuses are judged at, as `report status --as-of` judges them (default: "
                       "today)."),
        QStringLiteral("YYYY-MM-DD"));
    const QList<QCommandLineOption> options{common.db, common.ledger, fromOpt,   toOpt,
                                            batchOpt,  asOfOpt,       common.out};
    parser.addOptions(options);
    parser.addOption(jurisdictionOpt);
    if (const auto exit =
            cli::parseOrExit(parser, QStringLiteral("filingdesk report filings"), arguments, kExitHelp))
        return *exit;
    QString error;
    if (!givenOnce(parser, options, &error))
        return fail(sub, error);
    QDate asOf;
    if (!readDate(parser, asOfOpt, &asOf, &error))
        return fail(sub, error);
    report::FilingsFilter filter;
    if (!readDate(parser, fromOpt, &filter.fromDue, &error) ||
        !readDate(parser, toOpt, &filter.toDue, &error))
        return fail(sub, error);
    if (filter.fromDue.isValid() && filter.toDue.isValid() && filter.fromDue > filter.toDue)
        return fail(sub, QStringLiteral("--from %1 is after --to %2")
                             .arg(filter.fromDue.toString(Qt::ISODate), filter.toDue.toString(Qt::ISODate)));
    filter.batchId = parser.value(batchOpt).trimmed();
    if (!readJurisdictions(parser, jurisdictionOpt, &filter.jurisdictions, &error))
        return fail(sub, error);
    if (!common.read(parser, &error))
        return fail(sub, error);
    report::FilingsReport report;
    if (!report::loadFilingsReport(common.source, filter, &report, &error, asOf))
        return unreadable(sub, error);
    if (!report.batchFound)
        return fail(sub, QStringLiteral("no stored filing belongs to batch \"%1\"; nothing was written")
                             .arg(filter.batchId));
    const bool written =
        common.format == Format::Pdf
            ? ui::writeFilingsPdf(report, common.outPath, &error)
            : report::writeFileAtomically(common.outPath, report::filingsCsv(report), &error);
    if (!written)
        return notWritten(sub, error);
    QString needsData;
    if (!report.missingData.isEmpty())
        needsData =
            QStringLiteral("; %1 %2 data (%3 not planned)")
                .arg(counted(report.entitiesNeedingData(), "entity", "entities"),
                     report.entitiesNeedingData() == 1 ? QStringLiteral("needs") : QStringLiteral("need"),
                     counted(report.missingData.size(), "filing", "filings"));
    else if (report.missingDataLeftOut > 0)
        needsData = QStringLiteral("; %1 that need data left out (in no batch)")
                        .arg(counted(report.missingDataLeftOut, "filing", "filings"));
    printDone(QStringLiteral("%1: %2 in %3; fees expected %4, charged %5%6; %7")
                  .arg(common.outPath, counted(report.rows.size(), "filing", "filings"),
                       counted(report.byJurisdiction.size(), "jurisdiction", "jurisdictions"))
                  .arg(dollars(report.overall.expectedCents), dollars(report.overall.chargedCents), needsData,
                       trailLine(report.provenance.trail)));
    return 0;
}

int runStatus(const QStringList &arguments) {
    const QString sub = QStringLiteral("status");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The portfolio's compliance position as of a date, per jurisdiction and overall: filed, due in 0-30, "
        "31-60 and 61-90 days and later, overdue, needs data, halted, will not file, penalty exposure; and "
        "the overdue and at-risk filings by entity name. Obligations not admitted yet are planned from the "
        "entity register as `filingdesk calendar` plans them."));
    Common common;
    const QCommandLineOption asOfOpt(QStringLiteral("as-of"),
                                     QStringLiteral("The date of the position (required)."),
                                     QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption rulesOpt(QStringLiteral("rules"),
                                      QStringLiteral("Rules file instead of the built-in one."),
                                      QStringLiteral("FILE"));
    const QCommandLineOption jurisdictionOpt(
        QStringLiteral("jurisdiction"),
        QStringLiteral("Only the filings of this jurisdiction (ISO code, US-DE); repeatable."),
        QStringLiteral("CODE"));
    const QList<QCommandLineOption> options{common.db, common.ledger, asOfOpt, rulesOpt, common.out};
    parser.addOptions(options);
    parser.addOption(jurisdictionOpt);
    if (const auto exit =
            cli::parseOrExit(parser, QStringLiteral("filingdesk report status"), arguments, kExitHelp))
        return *exit;
    QString error;
    if (!givenOnce(parser, options, &error))
        return fail(sub, error);
    if (!parser.isSet(asOfOpt))
        return fail(sub, QStringLiteral("--as-of YYYY-MM-DD is required: a position is as of a date"));
    QDate asOf;
    if (!readDate(parser, asOfOpt, &asOf, &error))
        return fail(sub, error);
    QStringList jurisdictions;
    if (!readJurisdictions(parser, jurisdictionOpt, &jurisdictions, &error))
        return fail(sub, error);
    if (!common.read(parser, &error))
        return fail(sub, error);
    const QString rulesPath = parser.value(rulesOpt);
    if (!rulesPath.isEmpty() && !QFileInfo(rulesPath).isFile())
        return fail(sub, QStringLiteral("%1: no such rules file").arg(rulesPath));
    report::StatusReport report;
    if (!report::loadStatusReport(common.source, asOf, &report, &error, rulesPath, jurisdictions))
        return unreadable(sub, error);
    const bool written = common.format == Format::Pdf
                             ? ui::writeStatusPdf(report, common.outPath, &error)
                             : report::writeFileAtomically(common.outPath, report::statusCsv(report), &error);
    if (!written)
        return notWritten(sub, error);
    const report::StatusCounts &c = report.overall;
    // Every filing is in exactly one of these parts: they add up to the total.
    const QStringList parts{QStringLiteral("%1 filed").arg(c.filed),
                            QStringLiteral("%1 due within 90 days").arg(c.due30 + c.due60 + c.due90),
                            QStringLiteral("%1 due later").arg(c.dueLater),
                            QStringLiteral("%1 overdue").arg(c.overdue),
                            counted(c.needsData, "needs data", "need data"),
                            counted(c.halted, "needs a person", "need a person"),
                            QStringLiteral("%1 will not be filed").arg(c.willNotFile)};
    printDone(QStringLiteral("%1: %2: %3; penalty exposure %4; %5")
                  .arg(common.outPath, counted(c.total(), "filing", "filings"),
                       parts.join(QStringLiteral(", ")), dollars(c.exposureCents),
                       trailLine(report.provenance.trail)));
    return 0;
}

// `filingdesk report verify --db FILE --through N [--digest HEX]`: the digest a desk's report prints,
// recomputed from the database (read-only, as a report reads it); with --digest, whether it still matches.
int runVerify(const QStringList &arguments) {
    const QString sub = QStringLiteral("verify");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Recomputes the fingerprint (SHA-256 digest) of a desk database's audit entries 1 to N, as a desk's "
        "report prints it, and with --digest says whether the entries are unchanged since the report. For a "
        "team ledger use `filingdesk audit verify --ledger URL`."));
    const QCommandLineOption dbOpt(QStringLiteral("db"),
                                   QStringLiteral("The desk's audit database (opened read-only)."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption throughOpt(
        QStringLiteral("through"), QStringLiteral("The report's last audit entry N."), QStringLiteral("N"));
    const QCommandLineOption digestOpt(QStringLiteral("digest"),
                                       QStringLiteral("The fingerprint the report printed (64 hex digits)."),
                                       QStringLiteral("HEX"));
    const QList<QCommandLineOption> options{dbOpt, throughOpt, digestOpt};
    parser.addOptions(options);
    const QString exitHelp = QStringLiteral(
        "Exit status: 0 the fingerprint is printed (with --digest: it matches); 1 it does not match, or the\n"
        "database has fewer entries than N; 2 bad input; 3 the database could not be read.");
    if (const auto exit =
            cli::parseOrExit(parser, QStringLiteral("filingdesk report verify"), arguments, exitHelp))
        return *exit;
    QString error;
    if (!givenOnce(parser, options, &error))
        return fail(sub, error);
    if (!parser.isSet(dbOpt))
        return fail(sub, QStringLiteral("--db FILE is required (a team ledger: filingdesk audit verify)"));
    bool ok = false;
    const qint64 through = parser.value(throughOpt).remove(QLatin1Char(',')).toLongLong(&ok);
    if (!parser.isSet(throughOpt) || !ok || through < 1)
        return fail(sub,
                    QStringLiteral("--through N is required: the report's last audit entry (1 or more)"));
    const QString expected = parser.value(digestOpt).trimmed().toLower();
    if (parser.isSet(digestOpt) &&
        !QRegularExpression(QStringLiteral("^[0-9a-f]{64}$")).match(expected).hasMatch())
        return fail(sub,
                    QStringLiteral("--digest \"%1\" is not a fingerprint (64 hex digits)").arg(expected));
    report::ReportSource source;
    source.dbPath = parser.value(dbOpt);
    if (!QFileInfo(source.dbPath).isFile())
        return fail(sub, QStringLiteral("%1: no such database").arg(source.dbPath));
    report::ReportStore store;
    if (!store.open(source, &error))
        return unreadable(sub, error);
    report::AuditTrailHead head;
    QList<AuditEntry> unused;
    if (!store.readTrail(&head, &unused, &error))
        return unreadable(sub, error);
    if (head.lastRowId < through) {
        cli::printErr(QStringLiteral("filingdesk report verify: %1 holds audit entries 1 to %2 only, not %3: "
                                     "entries were removed or this is another database")
                          .arg(source.dbPath)
                          .arg(head.lastRowId)
                          .arg(through));
        return 1;
    }
    QString digest;
    if (!store.deskDigest(through, &digest, &error))
        return unreadable(sub, error);
    if (expected.isEmpty()) {
        printDone(QStringLiteral("desk audit rows 1..%1, sha256 %2").arg(through).arg(digest));
        return 0;
    }
    if (digest != expected) {
        cli::printErr(
            QStringLiteral("filingdesk report verify: CHANGED: audit entries 1 to %1 of %2 have the "
                           "fingerprint %3, not the report's %4")
                .arg(through)
                .arg(source.dbPath, digest, expected));
        return 1;
    }
    printDone(QStringLiteral("unchanged: audit entries 1 to %1 of %2 have the report's fingerprint %3")
                  .arg(through)
                  .arg(source.dbPath, digest));
    return 0;
}

} // namespace

bool reportWritesPdf(const QStringList &arguments) {
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &arg = arguments.at(i);
        const QString out = arg == QLatin1String("--out") || arg == QLatin1String("-out")
                                ? arguments.value(i + 1)
                            : arg.startsWith(QLatin1String("--out=")) ? arg.mid(6)
                                                                      : QString();
        if (out.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

int runReport(const QStringList &arguments) {
    const QString sub = arguments.value(0);
    if (sub == QLatin1String("filings"))
        return runFilings(arguments.mid(1));
    if (sub == QLatin1String("status"))
        return runStatus(arguments.mid(1));
    if (sub == QLatin1String("verify"))
        return runVerify(arguments.mid(1));
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        std::fputs(qUtf8Printable(kUsage + QLatin1Char('\n') + kExitHelp + QLatin1Char('\n')), stdout);
        return 0;
    }
    return cli::badInput(QStringLiteral("filingdesk report"),
                         sub.isEmpty() ? kUsage
                                       : QStringLiteral("unknown report \"%1\"\n%2").arg(sub, kUsage));
}

} // namespace fd
