// `filingdesk report filings/status`, as CSV and PDF, against a real desk database filled by real
// `filingdesk run --sandbox` runs (filed, halted by the registry, charged a differing fee, recorded as filed
// outside FilingDesk), and against a team ledger on a private PostgreSQL. Every figure is checked against the
// store itself; the PDFs are read back with poppler's pdftotext.
#include "cli_process.h"
#include "engine/core/host_identity.h"
#include "ledger_fixture.h"

#include "engine/audit/audit_store.h"
#include "engine/core/engine.h"
#include "engine/gate/local_permit_gate.h"
#include "engine/ledger/ledger_endpoint.h"
#include "engine/model/compliance.h"
#include "engine/model/money.h"

#include <QtCore/QCryptographicHash>
#include <QtCore/QFile>
#include <QtCore/QRegularExpression>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

using namespace fd;
using fd::test::ChildProcess;

namespace {

// Delaware corporations owe their annual franchise tax report on March 1, 2027: due within 30 days of the
// runs' as-of date, so the runs admit and file them. DE3 and DE4 name an expired registered agent: the
// sandbox refuses them (STAT_AGENT_EXPIRED, a statutory halt). The LLC's tax (June 1) and California's
// filings are not due within 30 days: they are only planned. Elm Data has no formation date: its Statement
// of Information needs data.
const QByteArray kPortfolio =
    "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,registered_agent_status,"
    "status,risk_tier\n"
    "DE1,Acme Holdings Inc.,corporation,Delaware,2012-04-02,CT Corporation,active,active,3\n"
    "DE2,Birch Capital LLC,llc,Delaware,2015-06-10,CT Corporation,active,active,2\n"
    "DE3,Delta Agents Inc.,corporation,Delaware,2011-01-05,Old Agent Co,expired,active,4\n"
    "DE4,Eagle Paper Inc.,corporation,Delaware,2013-03-03,Old Agent Co,expired,active,4\n"
    "CA2,Elm Data Inc.,corporation,California,,CSC,active,active,3\n";
// Filed in a second run against a registry that charges $10.00 more than the rule's fee.
const QByteArray kWrongFeePortfolio =
    "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,registered_agent_status,"
    "status,risk_tier\n"
    "FR1,Fir Partners Inc.,corporation,Delaware,2014-09-09,CT Corporation,active,active,3\n";

const QString kRunAsOf = QStringLiteral("2027-02-15");
const QDate kStatusAsOf(2027, 3, 15);
const QString kPaperConfirmation = QStringLiteral("PAPER-4411");

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

using CsvRow = QHash<QString, QString>;

// RFC 4180: quoted cells may hold commas, quotes and line breaks.
QList<CsvRow> readCsv(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(f.readAll());
    QList<QStringList> records;
    QStringList record;
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                cell += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            record.append(cell);
            cell.clear();
        } else if (c == QLatin1Char('\n')) {
            record.append(cell);
            records.append(record);
            record.clear();
            cell.clear();
        } else if (c != QLatin1Char('\r')) {
            cell += c;
        }
    }
    QList<CsvRow> rows;
    if (records.isEmpty())
        return rows;
    const QStringList header = records.takeFirst();
    for (const QStringList &r : std::as_const(records)) {
        CsvRow row;
        for (qsizetype i = 0; i < header.size(); ++i)
            row.insert(header.at(i), r.value(i));
        rows.append(row);
    }
    return rows;
}

qint64 centsOf(const QString &csvDollars) {
    if (csvDollars.isEmpty())
        return -1;
    const QStringList parts = csvDollars.split(QLatin1Char('.'));
    return parts.value(0).toLongLong() * 100 + parts.value(1).toLongLong();
}

// The PDF's text as poppler lays it out, pages separated by form feeds. Table columns are padded with runs of
// spaces: phrases are looked for in simplified() text.
QString pdfText(const QString &path) {
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return QString();
    return QString::fromUtf8(p.readAllStandardOutput());
}

int pdfPages(const QString &path) {
    QProcess p;
    p.start(QStringLiteral("pdfinfo"), {path});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return -1;
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)"))
                                          .match(QString::fromUtf8(p.readAllStandardOutput()));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// The desk digest recomputed as docs/reports.md tells a reader to, independently of engine/report.
QString documentedDigest(const QString &dbPath, qint64 lastRowId) {
    const QString columns = QStringLiteral(
        "quote(id) || ',' || quote(at_utc) || ',' || quote(idempotency_key) || ',' || quote(entity_id) || "
        "',' "
        "|| quote(action) || ',' || quote(from_state) || ',' || quote(to_state) || ',' || quote(rule_id) || "
        "',' "
        "|| quote(rules_version) || ',' || quote(payload_sha256) || ',' || quote(actor) || ',' || "
        "quote(error_category) || ',' || quote(error_code) || ',' || quote(detail) || ',' || quote(reason) "
        "|| "
        "',' || quote(host) || ',' || quote(ledger_seq) || ',' || quote(desk) || ',' || quote(at_utc_text) "
        "|| "
        "',' || quote(prev_hash) || ',' || quote(row_hash)");
    QCryptographicHash hash(QCryptographicHash::Sha256);
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("digest-check"));
        db.setDatabaseName(dbPath);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (!db.open())
            return QString();
        QSqlQuery q(db);
        if (!q.exec(QStringLiteral("SELECT hex(%1) FROM audit WHERE id <= %2 ORDER BY id")
                        .arg(columns)
                        .arg(lastRowId)))
            return QString();
        while (q.next()) {
            hash.addData(q.value(0).toString().toLatin1());
            hash.addData(QByteArrayView("\n"));
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("digest-check"));
    return QString::fromLatin1(hash.result().toHex());
}

// One `filingdesk report ...` (or run) to its end.
struct Cli {
    int exit = -1;
    QString out;
    QString err;
    QString describe;
};

Cli runCli(const QStringList &args, const QString &ledgerPassword = QString(), int timeoutMs = 120000) {
    ChildProcess p;
    p.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), ledgerPassword);
    Cli result;
    if (!p.start(test::cliPath(), args) || !p.waitFinished(timeoutMs)) {
        result.describe = p.describe();
        return result;
    }
    result.exit = p.exitCode();
    result.out = QString::fromUtf8(p.standardOutput());
    result.err = p.standardError();
    result.describe = p.describe();
    return result;
}

QByteArray sha256Of(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QByteArray();
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

// The tables a SQLite file holds, read without writing anything.
QStringList tablesOf(const QString &path) {
    QStringList tables;
    {
        QSqlDatabase db =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tables-check"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"));
            while (q.next())
                tables.append(q.value(0).toString());
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tables-check"));
    return tables;
}

// Runs SQL on a database of the test's own (to make the files a report is pointed at).
bool execSql(const QString &path, const QStringList &statements) {
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fixture-sql"));
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (const QString &sql : statements)
            ok = ok && q.exec(sql);
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("fixture-sql"));
    return ok;
}

// The PDF's text in the order it was drawn (pdftotext -raw): the lines of one table cell follow each other,
// so a name wrapped in its cell reads whole in simplified() text.
QString pdfRawText(const QString &path) {
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-raw"), path, QStringLiteral("-")});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return QString();
    return QString::fromUtf8(p.readAllStandardOutput()).simplified();
}

// The PDF's pages as pdftotext lays them out.
QStringList pdfPageTexts(const QString &path) {
    return pdfText(path).split(QLatin1Char('\f'), Qt::SkipEmptyParts);
}

// The layout's faults a reader sees: a header word cut inside ("Launche" / "d by"), an amount running into
// the next column ("$300.00launcher-ana").
void verifyTableTextIsClean(const QString &pageText) {
    static const QRegularExpression glued(QStringLiteral("\\$[0-9,]+\\.[0-9]{2}[^\\s]"));
    QVERIFY2(!glued.match(pageText).hasMatch(), qPrintable(glued.match(pageText).captured(0)));
    static const QRegularExpression cutHeader(
        QStringLiteral("\\b(Launche|Confirmatio|Jurisdictio|Resolve)\\b"));
    QVERIFY2(!cutHeader.match(pageText).hasMatch(), qPrintable(pageText));
}

// The filings CSV's rows of stored filings (not the rows of what needs data).
QList<CsvRow> storedRows(const QList<CsvRow> &rows) {
    QList<CsvRow> out;
    for (const CsvRow &r : rows) {
        if (r.value(QStringLiteral("status")) != QLatin1String("needs_data"))
            out.append(r);
    }
    return out;
}

const CsvRow *rowFor(const QList<CsvRow> &rows, const QString &column, const QString &value) {
    for (const CsvRow &r : rows) {
        if (r.value(column) == value)
            return &r;
    }
    return nullptr;
}

} // namespace

class TestReportCommand : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_db;
    QList<FilingTask> m_tasks; // the desk database's tasks once the setup is done
    test::PostgresServer m_pg;

    QString path(const QString &name) const { return m_dir.filePath(name); }
    const FilingTask *taskOf(const QString &entityId) const {
        for (const FilingTask &t : m_tasks) {
            if (t.obligation.entity->entityId == entityId)
                return &t;
        }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase();
    void filingsCsvMatchesTheDatabase();
    void filingsFilterByDueDateAndBatch();
    void filingsPdfReadsAsTheDatabase();
    void statusCsvCountsEveryFilingOnce();
    void statusPdfListsWhatIsAtRisk();
    void badInputIsRefusedAndWritesNothing();
    void databaseIsOnlyRead();
    void filingsAsOfMatchesStatus();
    void summaryLinesAddUpInPlainEnglish();
    void filingsListWhatNeedsData();
    void launchedByIsAPersonNeverTheEngine();
    void statusListsOverdueObligationsNeverAdmitted();
    void jurisdictionFilter();
    void verifyRecomputesTheFingerprint();
    void ledgerReportsNameTheChainHead();
};

void TestReportCommand::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty(),
             "pdftotext is missing (Debian: poppler-utils, in scripts/install-deps)");
    m_db = path(QStringLiteral("desk.sqlite"));
    QVERIFY(writeFile(path(QStringLiteral("portfolio.csv")), kPortfolio));
    QVERIFY(writeFile(path(QStringLiteral("wrong-fee.csv")), kWrongFeePortfolio));
    const QStringList common{QStringLiteral("run"),
                             QStringLiteral("--as-of"),
                             kRunAsOf,
                             QStringLiteral("--due-within"),
                             QStringLiteral("30"),
                             QStringLiteral("--sandbox"),
                             QStringLiteral("--sandbox-arg=--latency-ms=1:5"),
                             QStringLiteral("--db"),
                             m_db,
                             QStringLiteral("--json"),
                             QStringLiteral("--quiet")};
    const Cli first =
        runCli(common + QStringList{QStringLiteral("--portfolio"), path(QStringLiteral("portfolio.csv"))});
    QVERIFY2(first.exit == 0, qPrintable(first.describe));
    const Cli second =
        runCli(common + QStringList{QStringLiteral("--portfolio"), path(QStringLiteral("wrong-fee.csv")),
                                    QStringLiteral("--sandbox-arg=--fail=wrong_fee=1")});
    QVERIFY2(second.exit == 0, qPrintable(second.describe));

    // A person records Eagle Paper's halted report as filed on paper: the report names who.
    QString eagleKey;
    {
        AuditStore store;
        QString error;
        QVERIFY2(store.open(m_db, &error, AuditStore::OpenMode::Shared), qPrintable(error));
        for (const FilingTask &t : store.loadTasks(false)) {
            if (t.obligation.entity->entityId == QLatin1String("DE4"))
                eagleKey = t.key;
        }
    }
    QVERIFY(!eagleKey.isEmpty());
    {
        Engine engine;
        engine.setGate(new LocalPermitGate(15000));
        EngineConfig config;
        config.dbPath = m_db;
        config.registries.defaultUrl = QUrl(QStringLiteral("http://127.0.0.1:9/"));
        QSignalSpy started(&engine, &Engine::started);
        engine.start(config);
        QVERIFY(started.count() == 1 && started.first().at(0).toBool());
        engine.recordFiledOutside(eagleKey, kPaperConfirmation, 17500, QDate(2027, 2, 20),
                                  QStringLiteral("filed on paper by outside counsel"));
        engine.shutdown();
    }
    AuditStore store;
    QString error;
    QVERIFY2(store.open(m_db, &error, AuditStore::OpenMode::Shared), qPrintable(error));
    m_tasks = store.loadTasks(false);

    // The database holds what the report is meant to show: filed, filed with a differing fee, filed outside,
    // and halted.
    QVERIFY(taskOf(QStringLiteral("DE1")));
    QCOMPARE(complianceOf(*taskOf(QStringLiteral("DE1")), QDate(2027, 2, 15)), Compliance::Filed);
    QVERIFY(taskOf(QStringLiteral("DE3")));
    QCOMPARE(taskOf(QStringLiteral("DE3"))->state, ExecutionState::FailedStatutory);
    QCOMPARE(taskOf(QStringLiteral("DE3"))->lastErrorCode, QStringLiteral("STAT_AGENT_EXPIRED"));
    QVERIFY(taskOf(QStringLiteral("DE4")));
    QCOMPARE(taskOf(QStringLiteral("DE4"))->confirmationNumber, kPaperConfirmation);
    QVERIFY(taskOf(QStringLiteral("FR1")));
    QCOMPARE(complianceOf(*taskOf(QStringLiteral("FR1")), QDate(2027, 2, 15)), Compliance::FiledFeeDiffers);
    QVERIFY2(!taskOf(QStringLiteral("DE2")), "the LLC's June tax is only planned");
}

void TestReportCommand::filingsCsvMatchesTheDatabase() {
    const QString out = path(QStringLiteral("filings.csv"));
    const Cli report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"),
                               m_db, QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QList<CsvRow> allRows = readCsv(out);
    const QList<CsvRow> rows = storedRows(allRows);
    QCOMPARE(rows.size(), m_tasks.size());
    qint64 expected = 0;
    qint64 charged = 0;
    const QDate today = QDate::currentDate();
    for (const FilingTask &t : std::as_const(m_tasks)) {
        const CsvRow *row = rowFor(rows, QStringLiteral("entity_id"), t.obligation.entity->entityId);
        QVERIFY2(row, qPrintable(t.obligation.entity->entityId));
        QCOMPARE(row->value(QStringLiteral("entity_name")), t.obligation.entity->name);
        QCOMPARE(row->value(QStringLiteral("jurisdiction")), t.obligation.jurisdiction);
        QCOMPARE(row->value(QStringLiteral("filing")), t.obligation.filingName);
        QCOMPARE(row->value(QStringLiteral("period")).toInt(), t.obligation.filingYear);
        QCOMPARE(row->value(QStringLiteral("due_date")), t.obligation.dueDate.toString(Qt::ISODate));
        QCOMPARE(row->value(QStringLiteral("status")), complianceName(complianceOf(t, today)));
        QCOMPARE(row->value(QStringLiteral("confirmation_number")), t.confirmationNumber);
        QCOMPARE(centsOf(row->value(QStringLiteral("fee_expected"))), t.obligation.feeCents);
        QCOMPARE(centsOf(row->value(QStringLiteral("fee_charged"))), t.feeChargedCents);
        QCOMPARE(row->value(QStringLiteral("batch")), t.batchId);
        // Each run launched its batch as this OS user.
        QCOMPARE(row->value(QStringLiteral("launched_by")), fd::host::osUser());
        QCOMPARE(row->value(QStringLiteral("filed_at")).isEmpty(), t.state != ExecutionState::Completed);
        if (!row->value(QStringLiteral("filed_at")).isEmpty())
            QVERIFY(QDateTime::fromString(row->value(QStringLiteral("filed_at")), Qt::ISODate).isValid());
        expected += t.obligation.feeCents;
        charged += qMax<qint64>(0, t.feeChargedCents);
    }
    const CsvRow *eagle = rowFor(rows, QStringLiteral("entity_id"), QStringLiteral("DE4"));
    QCOMPARE(eagle->value(QStringLiteral("resolved_by")), fd::host::osUser());
    QCOMPARE(eagle->value(QStringLiteral("fee_charged")), QStringLiteral("175.00"));
    QCOMPARE(rowFor(rows, QStringLiteral("entity_id"), QStringLiteral("DE1"))
                 ->value(QStringLiteral("resolved_by")),
             QString());
    const CsvRow *delta = rowFor(rows, QStringLiteral("entity_id"), QStringLiteral("DE3"));
    QCOMPARE(delta->value(QStringLiteral("status")), QStringLiteral("halted"));
    QCOMPARE(delta->value(QStringLiteral("fee_charged")), QString());
    const FilingTask *fir = taskOf(QStringLiteral("FR1"));
    QCOMPARE(centsOf(rowFor(rows, QStringLiteral("entity_id"), QStringLiteral("FR1"))
                         ->value(QStringLiteral("fee_charged"))),
             fir->obligation.feeCents + 1000);
    // Nobody is "engine": every launched filing names a person.
    for (const CsvRow &r : allRows) {
        QVERIFY2(r.value(QStringLiteral("launched_by")) != QLatin1String("engine"),
                 qPrintable(r.value(QStringLiteral("entity_id"))));
        QVERIFY2(r.value(QStringLiteral("resolved_by")) != QLatin1String("engine"),
                 qPrintable(r.value(QStringLiteral("entity_id"))));
    }
    // Rows by entity name.
    for (qsizetype i = 1; i < rows.size(); ++i)
        QVERIFY(rows.at(i - 1)
                    .value(QStringLiteral("entity_name"))
                    .compare(rows.at(i).value(QStringLiteral("entity_name")), Qt::CaseInsensitive) <= 0);
    // The summary line states the same totals.
    QVERIFY2(report.out.contains(
                 QStringLiteral("fees expected %1, charged %2").arg(dollars(expected), dollars(charged))),
             qPrintable(report.out));
}

void TestReportCommand::filingsFilterByDueDateAndBatch() {
    const QDate due = taskOf(QStringLiteral("DE1"))->obligation.dueDate;
    const QString out = path(QStringLiteral("filings-window.csv"));
    Cli report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                         QStringLiteral("--from"), due.toString(Qt::ISODate), QStringLiteral("--to"),
                         due.toString(Qt::ISODate), QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    int dueThatDay = 0;
    for (const FilingTask &t : std::as_const(m_tasks))
        dueThatDay += t.obligation.dueDate == due ? 1 : 0;
    QList<CsvRow> rows = storedRows(readCsv(out));
    QCOMPARE(rows.size(), qsizetype(dueThatDay));
    for (const CsvRow &r : std::as_const(rows))
        QCOMPARE(r.value(QStringLiteral("due_date")), due.toString(Qt::ISODate));

    // A window after every due date lists no stored filing, and still writes the header; what needs data has
    // no due date for a window to leave out: it is still listed.
    report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--from"), due.addDays(1).toString(Qt::ISODate), QStringLiteral("--to"),
                     QStringLiteral("2099-12-31"), QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    QCOMPARE(storedRows(readCsv(out)).size(), qsizetype(0));
    QVERIFY(rowFor(readCsv(out), QStringLiteral("entity_id"), QStringLiteral("CA2")));

    const QString firBatch = taskOf(QStringLiteral("FR1"))->batchId;
    QVERIFY(!firBatch.isEmpty());
    report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--batch"), firBatch, QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    // One batch: its filing only; what needs data is in no batch, and the summary says it was left out.
    rows = readCsv(out);
    QCOMPARE(rows.size(), qsizetype(1));
    QCOMPARE(rows.first().value(QStringLiteral("entity_id")), QStringLiteral("FR1"));
    QVERIFY2(report.out.contains(QStringLiteral("need data left out")), qPrintable(report.out));
}

void TestReportCommand::filingsPdfReadsAsTheDatabase() {
    const QString out = path(QStringLiteral("filings.pdf"));
    const Cli report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"),
                               m_db, QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QString text = pdfText(out);
    QVERIFY2(!text.isEmpty(), "pdftotext read nothing");
    QVERIFY(text.contains(QStringLiteral("Filings report")));
    QVERIFY(text.simplified().contains(QStringLiteral("Every stored filing, any due date")));
    QVERIFY(text.contains(fd::host::osUser()));
    qint64 expected = 0;
    qint64 charged = 0;
    for (const FilingTask &t : std::as_const(m_tasks)) {
        QVERIFY2(text.contains(t.obligation.entity->name), qPrintable(t.obligation.entity->name));
        if (!t.confirmationNumber.isEmpty())
            QVERIFY2(text.contains(t.confirmationNumber), qPrintable(t.confirmationNumber));
        expected += t.obligation.feeCents;
        charged += qMax<qint64>(0, t.feeChargedCents);
    }
    // The overall totals, in dollars, on the "All jurisdictions" line.
    const QRegularExpression totals(QStringLiteral("All jurisdictions\\s+%1\\s+%2\\s+%3")
                                        .arg(m_tasks.size())
                                        .arg(QRegularExpression::escape(dollars(expected)),
                                             QRegularExpression::escape(dollars(charged))));
    QVERIFY2(totals.match(text).hasMatch(), qPrintable(text.left(3000)));
    // "Needs a person" may wrap in its cell: its first words.
    QVERIFY(text.contains(complianceLabel(Compliance::Halted).section(QLatin1Char(' '), 0, 1)));

    // The trail in people's words on page 1: entries, when the last was recorded, a short fingerprint and
    // the command that checks it; the whole fingerprint and the command with its arguments at the end.
    const QString flat = text.simplified();
    const QRegularExpressionMatch head =
        QRegularExpression(QStringLiteral("Entries 1 to ([0-9,]+), last entry recorded [^,]+, fingerprint "
                                          "([0-9a-f]{8})\\x{2026} — verify with filingdesk report verify"))
            .match(flat);
    QVERIFY2(head.hasMatch(), qPrintable(text.left(3000)));
    const qint64 lastRowId = head.captured(1).remove(QLatin1Char(',')).toLongLong();
    const QString digest = documentedDigest(m_db, lastRowId);
    QCOMPARE(digest.size(), 64);
    QCOMPARE(head.captured(2), digest.left(8));
    QVERIFY2(text.contains(digest), qPrintable(digest));
    QVERIFY2(flat.contains(QStringLiteral("filingdesk report verify --db %1 --through %2 --digest %3")
                               .arg(QFileInfo(m_db).absoluteFilePath())
                               .arg(lastRowId)
                               .arg(digest)),
             qPrintable(flat.right(1500)));
    QVERIFY2(
        report.out.contains(QStringLiteral("desk audit rows 1..%1, sha256 %2").arg(lastRowId).arg(digest)),
        qPrintable(report.out));
    // The source is the database the user named, never the snapshot the report read; no file of the
    // source tree is named to a reader.
    QVERIFY2(flat.contains(QStringLiteral("Source Desk database %1").arg(QFileInfo(m_db).absoluteFilePath())),
             qPrintable(text.left(2000)));
    QVERIFY2(!text.contains(QStringLiteral("snapshot")), qPrintable(text.left(2000)));
    QVERIFY2(!text.contains(QStringLiteral("docs/reports.md")), qPrintable(text.left(2000)));
    // Filed on: the day alone (the CSV has the time), one line in its cell.
    const FilingTask *acme = taskOf(QStringLiteral("DE1"));
    QVERIFY(acme);
    QVERIFY(text.contains(QStringLiteral("Filed on")));
    QVERIFY2(!text.contains(QStringLiteral("Filed at")), qPrintable(text.left(3000)));

    const int pages = pdfPages(out);
    QVERIFY(pages >= 1);
    QCOMPARE(text.count(QLatin1Char('\f')), pages);
    for (const QString &page : pdfPageTexts(out))
        verifyTableTextIsClean(page);
    // Entity ids never wrap: each stands whole on a line.
    for (const FilingTask &t : std::as_const(m_tasks))
        QVERIFY2(QRegularExpression(QStringLiteral("\\b%1\\b").arg(t.obligation.entity->entityId))
                     .match(text)
                     .hasMatch(),
                 qPrintable(t.obligation.entity->entityId));
    QVERIFY(text.contains(QStringLiteral("Page 1 of %1").arg(pages)));
    QVERIFY(text.contains(QStringLiteral("Page %1 of %1").arg(pages)));
}

void TestReportCommand::statusCsvCountsEveryFilingOnce() {
    const QString out = path(QStringLiteral("status.csv"));
    const Cli report =
        runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--db"), m_db,
                QStringLiteral("--as-of"), kStatusAsOf.toString(Qt::ISODate), QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QList<CsvRow> rows = readCsv(out);
    const QStringList countColumns{QStringLiteral("filed"),         QStringLiteral("due_0_30"),
                                   QStringLiteral("due_31_60"),     QStringLiteral("due_61_90"),
                                   QStringLiteral("due_later"),     QStringLiteral("overdue"),
                                   QStringLiteral("needs_data"),    QStringLiteral("halted"),
                                   QStringLiteral("will_not_file"), QStringLiteral("total")};
    QHash<QString, qint64> sums;
    const CsvRow *total = nullptr;
    QList<CsvRow> atRisk;
    for (const CsvRow &r : rows) {
        const QString section = r.value(QStringLiteral("section"));
        if (section == QLatin1String("jurisdiction")) {
            for (const QString &c : countColumns)
                sums[c] += r.value(c).toLongLong();
            sums[QStringLiteral("penalty_exposure")] += centsOf(r.value(QStringLiteral("penalty_exposure")));
            qint64 buckets = 0;
            for (const QString &c : countColumns.mid(0, countColumns.size() - 1))
                buckets += r.value(c).toLongLong();
            QCOMPARE(buckets, r.value(QStringLiteral("total")).toLongLong());
        } else if (section == QLatin1String("total")) {
            total = &r;
        } else {
            QCOMPARE(section, QStringLiteral("at_risk"));
            atRisk.append(r);
        }
    }
    QVERIFY(total);
    for (const QString &c : countColumns)
        QCOMPARE(total->value(c).toLongLong(), sums.value(c));
    QCOMPARE(centsOf(total->value(QStringLiteral("penalty_exposure"))),
             sums.value(QStringLiteral("penalty_exposure")));

    // What the database holds: three filed (one of them outside FilingDesk, one at a differing fee), one
    // halted; nothing stored is overdue or withdrawn.
    int filed = 0;
    for (const FilingTask &t : std::as_const(m_tasks))
        filed += t.state == ExecutionState::Completed ? 1 : 0;
    QCOMPARE(total->value(QStringLiteral("filed")).toInt(), filed);
    QCOMPARE(total->value(QStringLiteral("halted")).toInt(), 1);
    QCOMPARE(total->value(QStringLiteral("overdue")).toInt(), 0);
    // Planned from the register, not admitted: the LLC's June 1 tax (78 days ahead) among others.
    const CsvRow *delaware = rowFor(rows, QStringLiteral("jurisdiction"), QStringLiteral("US-DE"));
    QVERIFY(delaware);
    QVERIFY(delaware->value(QStringLiteral("due_61_90")).toInt() >= 1);
    QVERIFY(total->value(QStringLiteral("needs_data")).toInt() >= 1);

    // The halted filing, with the registry's code and its exposure as the penalty rules compute it.
    const FilingTask *delta = taskOf(QStringLiteral("DE3"));
    const CsvRow *deltaRow = rowFor(atRisk, QStringLiteral("entity_id"), QStringLiteral("DE3"));
    QVERIFY(deltaRow);
    QCOMPARE(deltaRow->value(QStringLiteral("status")), QStringLiteral("halted"));
    QCOMPARE(deltaRow->value(QStringLiteral("halt_code")), QStringLiteral("STAT_AGENT_EXPIRED"));
    const int daysLate = int(delta->obligation.dueDate.daysTo(kStatusAsOf));
    QVERIFY(daysLate > 0);
    QCOMPARE(centsOf(deltaRow->value(QStringLiteral("penalty_exposure"))),
             delta->obligation.penaltyExposureCents(daysLate));
    QVERIFY(centsOf(deltaRow->value(QStringLiteral("penalty_exposure"))) > 0);
    // Elm Data's Statement of Information waits for a formation date.
    const CsvRow *elm = rowFor(atRisk, QStringLiteral("entity_id"), QStringLiteral("CA2"));
    QVERIFY(elm);
    QCOMPARE(elm->value(QStringLiteral("status")), QStringLiteral("needs_data"));
    QCOMPARE(elm->value(QStringLiteral("missing_field")), QStringLiteral("formation_date"));
    QCOMPARE(elm->value(QStringLiteral("planned")), QStringLiteral("yes"));
    // Nothing filed is at risk.
    QVERIFY(
        !rowFor(atRisk, QStringLiteral("entity_id"), QStringLiteral("DE1")) ||
        rowFor(atRisk, QStringLiteral("entity_id"), QStringLiteral("DE1"))->value(QStringLiteral("status")) !=
            QLatin1String("filed"));
    for (const CsvRow &r : std::as_const(atRisk))
        QVERIFY2(r.value(QStringLiteral("status")) != QLatin1String("filed"),
                 qPrintable(r.value(QStringLiteral("entity_id"))));
}

void TestReportCommand::statusPdfListsWhatIsAtRisk() {
    const QString out = path(QStringLiteral("status.pdf"));
    const Cli report =
        runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--db"), m_db,
                QStringLiteral("--as-of"), kStatusAsOf.toString(Qt::ISODate), QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QString text = pdfText(out);
    QVERIFY(text.simplified().contains(QStringLiteral("Compliance status")));
    QVERIFY(text.simplified().contains(QStringLiteral("Position by jurisdiction")));
    QVERIFY(text.simplified().contains(QStringLiteral("Overdue and at-risk filings")));
    const QString raw = pdfRawText(out); // a name may wrap in its cell
    QVERIFY(text.contains(QStringLiteral("Delaware (US-DE)")));
    QVERIFY2(raw.contains(QStringLiteral("Delta Agents Inc.")), qPrintable(raw.left(3000)));
    QVERIFY(text.contains(QStringLiteral("STAT_AGENT_EXPIRED")));
    // The halt in the catalogue's plain words, as the console says it.
    QVERIFY2(raw.simplified().contains(QStringLiteral("Registered agent expired")),
             qPrintable(raw.left(3000)));
    QVERIFY(raw.contains(QStringLiteral("Elm Data Inc.")));
    // What is missing in words, not the field's name.
    QVERIFY2(raw.contains(QStringLiteral("needs formation date")), qPrintable(raw.left(3000)));
    QVERIFY(!text.contains(QStringLiteral("formation_date")));
    QVERIFY(!text.contains(QStringLiteral("NEEDS_DATA")));
    // The status CSV's overall exposure is the PDF's.
    const QList<CsvRow> rows = [&] {
        const QString csv = path(QStringLiteral("status-for-pdf.csv"));
        runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--db"), m_db,
                QStringLiteral("--as-of"), kStatusAsOf.toString(Qt::ISODate), QStringLiteral("--out"), csv});
        return readCsv(csv);
    }();
    const CsvRow *total = rowFor(rows, QStringLiteral("section"), QStringLiteral("total"));
    QVERIFY(total);
    const QString exposure = dollars(centsOf(total->value(QStringLiteral("penalty_exposure"))));
    QVERIFY2(
        QRegularExpression(QStringLiteral("All jurisdictions.*%1").arg(QRegularExpression::escape(exposure)))
            .match(text)
            .hasMatch(),
        qPrintable(exposure));
    const int pages = pdfPages(out);
    QVERIFY(text.contains(QStringLiteral("Page %1 of %1").arg(pages)));
}

void TestReportCommand::badInputIsRefusedAndWritesNothing() {
    struct Case {
        QStringList args;
        int exit;
        QString says;
        QString out;
    };
    const QString missing = path(QStringLiteral("no-such.sqlite"));
    const QList<Case> cases{
        {{QStringLiteral("filings"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
          path(QStringLiteral("r.txt"))},
         2,
         QStringLiteral(".pdf or .csv"),
         path(QStringLiteral("r.txt"))},
        {{QStringLiteral("filings"), QStringLiteral("--db"), m_db, QStringLiteral("--from"),
          QStringLiteral("2027-13-01"), QStringLiteral("--out"), path(QStringLiteral("r1.csv"))},
         2,
         QStringLiteral("not a YYYY-MM-DD date"),
         path(QStringLiteral("r1.csv"))},
        {{QStringLiteral("filings"), QStringLiteral("--db"), m_db, QStringLiteral("--from"),
          QStringLiteral("2027-05-01"), QStringLiteral("--to"), QStringLiteral("2027-04-01"),
          QStringLiteral("--out"), path(QStringLiteral("r2.csv"))},
         2,
         QStringLiteral("is after --to"),
         path(QStringLiteral("r2.csv"))},
        {{QStringLiteral("filings"), QStringLiteral("--db"), missing, QStringLiteral("--out"),
          path(QStringLiteral("r3.pdf"))},
         2,
         QStringLiteral("no such database"),
         path(QStringLiteral("r3.pdf"))},
        {{QStringLiteral("status"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
          path(QStringLiteral("r4.csv"))},
         2,
         QStringLiteral("--as-of YYYY-MM-DD is required"),
         path(QStringLiteral("r4.csv"))},
        {{QStringLiteral("status"), QStringLiteral("--db"), m_db, QStringLiteral("--ledger"),
          QStringLiteral("postgresql://x@127.0.0.1:1/db"), QStringLiteral("--as-of"),
          QStringLiteral("2027-03-01"), QStringLiteral("--out"), path(QStringLiteral("r5.csv"))},
         2,
         QStringLiteral("either --db FILE or --ledger URL"),
         path(QStringLiteral("r5.csv"))},
        {{QStringLiteral("filings"), QStringLiteral("--ledger"), QStringLiteral("http://127.0.0.1/db"),
          QStringLiteral("--out"), path(QStringLiteral("r6.csv"))},
         2,
         QString(),
         path(QStringLiteral("r6.csv"))},
        // Nothing listens on port 1: the ledger cannot be read.
        {{QStringLiteral("filings"), QStringLiteral("--ledger"),
          QStringLiteral("postgresql://nobody@127.0.0.1:1/none"), QStringLiteral("--out"),
          path(QStringLiteral("r7.pdf"))},
         3,
         QStringLiteral("cannot be reached"),
         path(QStringLiteral("r7.pdf"))},
        {{QStringLiteral("totals"), QStringLiteral("--db"), m_db},
         2,
         QStringLiteral("unknown report \"totals\""),
         QString()},
        // A batch no stored filing belongs to is a mistake, not an empty report.
        {{QStringLiteral("filings"), QStringLiteral("--db"), m_db, QStringLiteral("--batch"),
          QStringLiteral("nosuch"), QStringLiteral("--out"), path(QStringLiteral("r8.csv"))},
         2,
         QStringLiteral("no stored filing belongs to batch \"nosuch\""),
         path(QStringLiteral("r8.csv"))},
        {{QStringLiteral("filings"), QStringLiteral("--db"), m_db, QStringLiteral("--db"), missing,
          QStringLiteral("--out"), path(QStringLiteral("r9.csv"))},
         2,
         QStringLiteral("--db is given twice"),
         path(QStringLiteral("r9.csv"))},
        {{QStringLiteral("status"), QStringLiteral("--db"), m_db, QStringLiteral("--as-of"),
          QStringLiteral("2027-03-01"), QStringLiteral("--as-of"), QStringLiteral("2027-04-01"),
          QStringLiteral("--out"), path(QStringLiteral("r10.csv"))},
         2,
         QStringLiteral("--as-of is given twice"),
         path(QStringLiteral("r10.csv"))},
        {{QStringLiteral("filings"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
          path(QStringLiteral(".csv"))},
         2,
         QStringLiteral("only its extension"),
         path(QStringLiteral(".csv"))},
        // A folder that does not exist is refused before the store is read: the unreachable ledger would
        // otherwise answer first (exit 3).
        {{QStringLiteral("filings"), QStringLiteral("--ledger"),
          QStringLiteral("postgresql://nobody@127.0.0.1:1/none"), QStringLiteral("--out"),
          path(QStringLiteral("no-such-folder/r11.pdf"))},
         2,
         QStringLiteral("no such folder"),
         path(QStringLiteral("no-such-folder/r11.pdf"))},
        {{QStringLiteral("status"), QStringLiteral("--db"), m_db, QStringLiteral("--as-of"),
          QStringLiteral("2027-03-01"), QStringLiteral("--out"),
          path(QStringLiteral("no-such-folder/r12.csv"))},
         2,
         QStringLiteral("no such folder"),
         path(QStringLiteral("no-such-folder/r12.csv"))},
    };
    for (const Case &c : cases) {
        const Cli report = runCli(QStringList{QStringLiteral("report")} + c.args);
        QVERIFY2(report.exit == c.exit, qPrintable(report.describe));
        QVERIFY2(report.err.contains(QLatin1String("filingdesk report")), qPrintable(report.err));
        QVERIFY2(report.err.contains(c.says), qPrintable(report.err));
        if (!c.out.isEmpty())
            QVERIFY2(!QFileInfo::exists(c.out), qPrintable(c.out));
    }
    QVERIFY2(!QFileInfo::exists(missing), "a report never creates the database it was pointed at");
    QVERIFY(!QFileInfo::exists(path(QStringLiteral("no-such-folder"))));

    // --help documents the exit codes.
    const Cli help = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--help")});
    QCOMPARE(help.exit, 0);
    QVERIFY(help.out.contains(QStringLiteral("Usage: filingdesk report filings")));
    QVERIFY(help.out.contains(QStringLiteral("Exit status: 0 written")));
}

void TestReportCommand::databaseIsOnlyRead() {
    // The desk's database itself, as a file its user may only read (the tests may run as root, for whom
    // the mode bits change nothing: what counts is that not one byte changes and no file appears beside it).
    const QString readOnly = path(QStringLiteral("read-only.sqlite"));
    QVERIFY(QFile::copy(m_db, readOnly));
    // ... once in WAL mode, as the desk leaves it, and once in rollback-journal mode (a copy an auditor got).
    const QString journal = path(QStringLiteral("journal.sqlite"));
    QVERIFY(QFile::copy(m_db, journal));
    QVERIFY(execSql(journal, {QStringLiteral("PRAGMA journal_mode=DELETE")}));
    for (const QString &db : {readOnly, journal}) {
        QVERIFY(QFile::setPermissions(db, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        const QByteArray before = sha256Of(db);
        for (const QString &kind : {QStringLiteral("filings"), QStringLiteral("status")}) {
            for (const QString &ext : {QStringLiteral("csv"), QStringLiteral("pdf")}) {
                const QString out = path(QStringLiteral("ro-%1.%2").arg(kind, ext));
                QStringList args{QStringLiteral("report"), kind, QStringLiteral("--db"), db,
                                 QStringLiteral("--out"),  out};
                if (kind == QLatin1String("status"))
                    args << QStringLiteral("--as-of") << kStatusAsOf.toString(Qt::ISODate);
                const Cli report = runCli(args);
                QVERIFY2(report.exit == 0, qPrintable(report.describe));
                QVERIFY(QFileInfo(out).size() > 0);
            }
        }
        QCOMPARE(sha256Of(db), before);
        QVERIFY2(!QFileInfo::exists(db + QStringLiteral(".lock")), qPrintable(db));
        if (db == journal) {
            QVERIFY2(!QFileInfo::exists(db + QStringLiteral("-wal")), "a report left a -wal file");
            QVERIFY2(!QFileInfo::exists(db + QStringLiteral("-shm")), "a report left a -shm file");
        }
    }
    // The rows match what the writable database gives.
    QCOMPARE(storedRows(readCsv(path(QStringLiteral("ro-filings.csv")))).size(), m_tasks.size());

    // Files that are not FilingDesk's are refused (exit 3, naming the file) and left exactly as they were.
    const QString empty = path(QStringLiteral("empty.sqlite"));
    QVERIFY(writeFile(empty, QByteArray()));
    const QString foreign = path(QStringLiteral("foreign.sqlite"));
    QVERIFY(execSql(foreign, {QStringLiteral("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER)"),
                              QStringLiteral("INSERT INTO invoices (total) VALUES (4200)")}));
    const QString text = path(QStringLiteral("notes.sqlite"));
    QVERIFY(writeFile(text, QByteArray("these are notes, not a database\n").repeated(40)));
    const QString newer = path(QStringLiteral("newer.sqlite"));
    QVERIFY(QFile::copy(journal, newer));
    QVERIFY(QFile::setPermissions(newer, QFile::ReadOwner | QFile::WriteOwner));
    QVERIFY(execSql(newer, {QStringLiteral("UPDATE schema_version SET version = 99")}));
    // A team member's mirror: its copies of the team's filings are as it last read them.
    const QString mirror = path(QStringLiteral("member-mirror.sqlite"));
    QVERIFY(QFile::copy(journal, mirror));
    QVERIFY(QFile::setPermissions(mirror, QFile::ReadOwner | QFile::WriteOwner));
    QVERIFY(execSql(mirror, {QStringLiteral("INSERT INTO mirror_of (id, ledger_id, ledger_url, bound_utc) "
                                            "VALUES (1, 'ledger-1', 'postgresql://fd@ledger/filings', "
                                            "'2027-02-15T09:00:00Z')")}));
    struct Refused {
        QString db;
        QString says;
    };
    const QList<Refused> refused{
        {empty, QStringLiteral("not a FilingDesk database")},
        {foreign, QStringLiteral("not a FilingDesk database")},
        {text, QStringLiteral("not a FilingDesk database")},
        {newer, QStringLiteral("newer than this FilingDesk understands")},
        {mirror, QStringLiteral("a team member's copy of a team ledger")},
    };
    for (const Refused &r : refused) {
        const QByteArray before = sha256Of(r.db);
        const QStringList tablesBefore = tablesOf(r.db);
        for (const QString &kind : {QStringLiteral("filings"), QStringLiteral("status")}) {
            const QString out = path(QStringLiteral("refused.csv"));
            QStringList args{QStringLiteral("report"), kind, QStringLiteral("--db"), r.db,
                             QStringLiteral("--out"),  out};
            if (kind == QLatin1String("status"))
                args << QStringLiteral("--as-of") << kStatusAsOf.toString(Qt::ISODate);
            const Cli report = runCli(args);
            QVERIFY2(report.exit == 3, qPrintable(report.describe));
            QVERIFY2(report.err.contains(r.db) && report.err.contains(r.says), qPrintable(report.err));
            QVERIFY(!QFileInfo::exists(out));
        }
        QCOMPARE(sha256Of(r.db), before);
        QCOMPARE(tablesOf(r.db), tablesBefore);
        QVERIFY2(!QFileInfo::exists(r.db + QStringLiteral("-wal")), qPrintable(r.db));
        QVERIFY2(!QFileInfo::exists(r.db + QStringLiteral("-shm")), qPrintable(r.db));
    }
    QCOMPARE(QFileInfo(empty).size(), qint64(0));
}

void TestReportCommand::filingsAsOfMatchesStatus() {
    // The same filing has the same status in both reports at the same as-of date.
    const QString filings = path(QStringLiteral("asof-filings.csv"));
    Cli report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                         QStringLiteral("--as-of"), kStatusAsOf.toString(Qt::ISODate),
                         QStringLiteral("--out"), filings});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QString status = path(QStringLiteral("asof-status.csv"));
    report = runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--as-of"), kStatusAsOf.toString(Qt::ISODate), QStringLiteral("--out"),
                     status});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QList<CsvRow> filingRows = readCsv(filings);
    QCOMPARE(storedRows(filingRows).size(), m_tasks.size());
    for (const FilingTask &t : std::as_const(m_tasks)) {
        const CsvRow *row = rowFor(filingRows, QStringLiteral("entity_id"), t.obligation.entity->entityId);
        QVERIFY(row);
        QCOMPARE(row->value(QStringLiteral("status")), complianceName(complianceOf(t, kStatusAsOf)));
    }
    int atRiskStored = 0;
    for (const CsvRow &r : readCsv(status)) {
        if (r.value(QStringLiteral("section")) != QLatin1String("at_risk") ||
            r.value(QStringLiteral("planned")) == QLatin1String("yes"))
            continue;
        const CsvRow *filing =
            rowFor(filingRows, QStringLiteral("entity_id"), r.value(QStringLiteral("entity_id")));
        QVERIFY2(filing, qPrintable(r.value(QStringLiteral("entity_id"))));
        QCOMPARE(filing->value(QStringLiteral("status")), r.value(QStringLiteral("status")));
        ++atRiskStored;
    }
    QVERIFY(atRiskStored >= 1); // Delta Agents' halted report at least

    const QString pdf = path(QStringLiteral("asof-filings.pdf"));
    report =
        runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                QStringLiteral("--as-of"), kStatusAsOf.toString(Qt::ISODate), QStringLiteral("--out"), pdf});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    QVERIFY(pdfText(pdf).simplified().contains(
        QStringLiteral("Statuses as of %1").arg(QLocale().toString(kStatusAsOf, QLocale::ShortFormat))));

    report =
        runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                QStringLiteral("--as-of"), QStringLiteral("2027-02-30"), QStringLiteral("--out"), filings});
    QCOMPARE(report.exit, 2);
    QVERIFY2(report.err.contains(QStringLiteral("not a YYYY-MM-DD date")), qPrintable(report.err));
}

void TestReportCommand::summaryLinesAddUpInPlainEnglish() {
    const QString out = path(QStringLiteral("summary.csv"));
    Cli report =
        runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--db"), m_db,
                QStringLiteral("--as-of"), kStatusAsOf.toString(Qt::ISODate), QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    QVERIFY2(!report.out.contains(QStringLiteral("(s)")), qPrintable(report.out));
    const QRegularExpressionMatch m =
        QRegularExpression(
            QStringLiteral("(\\d+) filings?: (\\d+) filed, (\\d+) due within 90 days, (\\d+) "
                           "due later, (\\d+) overdue, (\\d+) needs? data, (\\d+) needs? a person, "
                           "(\\d+) will not be filed;"))
            .match(report.out);
    QVERIFY2(m.hasMatch(), qPrintable(report.out));
    int parts = 0;
    for (int i = 2; i <= 8; ++i)
        parts += m.captured(i).toInt();
    QCOMPARE(parts, m.captured(1).toInt());
    const QList<CsvRow> statusRows = readCsv(out); // rowFor() points into it: it must outlive `total`
    const CsvRow *total = rowFor(statusRows, QStringLiteral("section"), QStringLiteral("total"));
    QVERIFY(total);
    QCOMPARE(m.captured(1).toInt(), total->value(QStringLiteral("total")).toInt());
    QCOMPARE(m.captured(4).toInt(), total->value(QStringLiteral("due_later")).toInt());

    // One filing in one jurisdiction: singular; the whole desk: plural.
    report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--batch"), taskOf(QStringLiteral("FR1"))->batchId,
                     QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    QVERIFY2(report.out.contains(QStringLiteral(": 1 filing in 1 jurisdiction;")), qPrintable(report.out));
    report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    QVERIFY2(report.out.contains(QStringLiteral(": %1 filings in 1 jurisdiction;").arg(m_tasks.size())),
             qPrintable(report.out));
    QVERIFY2(!report.out.contains(QStringLiteral("(s)")), qPrintable(report.out));
}

void TestReportCommand::filingsListWhatNeedsData() {
    // Elm Data has no formation date: its Statement of Information cannot be planned. It is in the report,
    // with what is missing, and counted, never left out without a word.
    const QString csv = path(QStringLiteral("needs-data.csv"));
    Cli report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                         QStringLiteral("--out"), csv});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QList<CsvRow> rows = readCsv(csv);
    const CsvRow *elm = rowFor(rows, QStringLiteral("entity_id"), QStringLiteral("CA2"));
    QVERIFY(elm);
    QCOMPARE(elm->value(QStringLiteral("entity_name")), QStringLiteral("Elm Data Inc."));
    QCOMPARE(elm->value(QStringLiteral("jurisdiction")), QStringLiteral("US-CA"));
    QCOMPARE(elm->value(QStringLiteral("status")), QStringLiteral("needs_data"));
    QCOMPARE(elm->value(QStringLiteral("missing_data")), QStringLiteral("formation_date"));
    QVERIFY(elm->value(QStringLiteral("filing")).startsWith(QLatin1String("Statement of Information")));
    QVERIFY(!elm->value(QStringLiteral("reason")).isEmpty());
    QVERIFY(elm->value(QStringLiteral("due_date")).isEmpty());
    QVERIFY(elm->value(QStringLiteral("launched_by")).isEmpty());
    QVERIFY2(report.out.contains(QStringLiteral("1 entity needs data (1 filing not planned)")),
             qPrintable(report.out));

    const QString pdf = path(QStringLiteral("needs-data.pdf"));
    report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--out"), pdf});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QString text = pdfText(pdf);
    const QString raw = pdfRawText(pdf);
    QVERIFY2(raw.contains(QStringLiteral("1 entity needs data before FilingDesk can plan its filings")),
             qPrintable(raw.left(3000)));
    QVERIFY2(raw.contains(QStringLiteral("Not filed — data missing (1)")), qPrintable(raw));
    QVERIFY(raw.contains(QStringLiteral("Elm Data Inc.")));
    QVERIFY(raw.contains(QStringLiteral("formation date")));
    // Words for people: no field names, no codes of states, no rule ids.
    QVERIFY2(!text.contains(QStringLiteral("formation_date")), qPrintable(text));
    QVERIFY(!text.contains(QStringLiteral("NEEDS_DATA")));
    QVERIFY2(!text.contains(QStringLiteral(".STATEMENT_OF_INFORMATION.")), qPrintable(text));
    // The totals count it beside the jurisdiction's filings.
    QVERIFY2(QRegularExpression(
                 QStringLiteral("All jurisdictions\\s+%1\\s+\\S+\\s+\\S+\\s+1\\b").arg(m_tasks.size()))
                 .match(text)
                 .hasMatch(),
             qPrintable(text.left(3000)));
    for (const QString &page : pdfPageTexts(pdf))
        verifyTableTextIsClean(page);
}

void TestReportCommand::launchedByIsAPersonNeverTheEngine() {
    // Delta Agents' halted report is sent again by a person. A requeue begins a batch of its own, which no
    // launch row names: the filing was launched again by the person who requeued it, not by "engine" (the
    // actor of the desk's admission rows).
    const QString db = path(QStringLiteral("requeued.sqlite"));
    QVERIFY(QFile::copy(m_db, db));
    QVERIFY(QFile::setPermissions(db, QFile::ReadOwner | QFile::WriteOwner));
    const FilingTask *delta = taskOf(QStringLiteral("DE3"));
    QVERIFY(delta);
    {
        Engine engine;
        engine.setGate(new LocalPermitGate(15000));
        EngineConfig config;
        config.dbPath = db;
        config.registries.defaultUrl =
            QUrl(QStringLiteral("http://127.0.0.1:9/")); // nothing answers: it stays unsent
        QSignalSpy started(&engine, &Engine::started);
        engine.start(config);
        QVERIFY(started.count() == 1 && started.first().at(0).toBool());
        engine.resolve({delta->key}, QStringLiteral("the agent was renewed by phone"), true, true);
        engine.shutdown();
    }
    QString requeuedBatch;
    {
        AuditStore store;
        QString error;
        QVERIFY2(store.open(db, &error, AuditStore::OpenMode::Shared), qPrintable(error));
        for (const FilingTask &t : store.loadTasks(false)) {
            if (t.key == delta->key)
                requeuedBatch = t.batchId;
        }
    }
    QVERIFY(!requeuedBatch.isEmpty());
    QVERIFY2(requeuedBatch != delta->batchId, "the requeue began a batch of its own");
    const QString csv = path(QStringLiteral("requeued.csv"));
    const Cli report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"),
                               db, QStringLiteral("--out"), csv});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QList<CsvRow> rows = readCsv(csv);
    const CsvRow *row = rowFor(rows, QStringLiteral("entity_id"), QStringLiteral("DE3"));
    QVERIFY(row);
    QCOMPARE(row->value(QStringLiteral("batch")), requeuedBatch);
    QCOMPARE(row->value(QStringLiteral("launched_by")), fd::host::osUser());
    QCOMPARE(row->value(QStringLiteral("resolved_by")), fd::host::osUser());
    for (const CsvRow &r : rows) {
        QVERIFY2(r.value(QStringLiteral("launched_by")) != QLatin1String("engine"),
                 qPrintable(r.value(QStringLiteral("entity_id"))));
        QVERIFY2(r.value(QStringLiteral("resolved_by")) != QLatin1String("engine"),
                 qPrintable(r.value(QStringLiteral("entity_id"))));
    }
    const QString pdf = path(QStringLiteral("requeued.pdf"));
    QCOMPARE(runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), db,
                     QStringLiteral("--out"), pdf})
                 .exit,
             0);
    QVERIFY2(!QRegularExpression(QStringLiteral("\\bengine\\b")).match(pdfText(pdf)).hasMatch(),
             qPrintable(pdfText(pdf)));

    // The registry refuses it again: the halt it is in now is nobody's decision yet.
    {
        const QString connection = QStringLiteral("halted-again");
        {
            QSqlDatabase trail = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
            trail.setDatabaseName(db);
            QVERIFY(trail.open());
            QSqlQuery halt(trail);
            halt.prepare(
                QStringLiteral("INSERT INTO audit(at_utc, idempotency_key, entity_id, action, "
                               "from_state, to_state, actor, error_category, error_code) "
                               "VALUES(?, ?, 'DE3', 'transition', 'DISPATCHING', 'FAILED_STATUTORY', "
                               "'engine', 'statutory', 'STAT_AGENT_EXPIRED')"));
            halt.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
            halt.addBindValue(delta->key);
            QVERIFY2(halt.exec(), qPrintable(halt.lastError().text()));
        }
        QSqlDatabase::removeDatabase(connection);
    }
    const QString again = path(QStringLiteral("halted-again.csv"));
    QCOMPARE(runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), db,
                     QStringLiteral("--out"), again})
                 .exit,
             0);
    const QList<CsvRow> againRows = readCsv(again);
    const CsvRow *haltedAgain = rowFor(againRows, QStringLiteral("entity_id"), QStringLiteral("DE3"));
    QVERIFY(haltedAgain);
    QCOMPARE(haltedAgain->value(QStringLiteral("resolved_by")), QString());
    QCOMPARE(haltedAgain->value(QStringLiteral("launched_by")), fd::host::osUser());
}

void TestReportCommand::statusListsOverdueObligationsNeverAdmitted() {
    // Birch Capital's Delaware LLC tax is due every June 1. The runs admitted only what was due within 30
    // days of February 15, 2027, so the next June 1 after today never became a task. Thirty days after it,
    // it is a month late: the position lists it as overdue, with its penalty, although no task was ever
    // created for it (the register has held the entity since the runs, today, before that due date).
    QVERIFY(!taskOf(QStringLiteral("DE2")));
    QDate due(QDate::currentDate().year(), 6, 1);
    if (due <= QDate::currentDate())
        due = due.addYears(1);
    const QDate asOf = due.addDays(30);
    const QString out = path(QStringLiteral("never-admitted.csv"));
    const Cli report =
        runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--db"), m_db,
                QStringLiteral("--as-of"), asOf.toString(Qt::ISODate), QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QList<CsvRow> rows = readCsv(out);
    const CsvRow *birch = nullptr;
    for (const CsvRow &r : rows) {
        if (r.value(QStringLiteral("section")) == QLatin1String("at_risk") &&
            r.value(QStringLiteral("entity_id")) == QLatin1String("DE2") &&
            r.value(QStringLiteral("due_date")) == due.toString(Qt::ISODate))
            birch = &r;
    }
    QVERIFY2(birch, "the June 1 tax that was never admitted is listed");
    QCOMPARE(birch->value(QStringLiteral("status")), QStringLiteral("overdue"));
    QCOMPARE(birch->value(QStringLiteral("days_left")), QStringLiteral("-30"));
    QCOMPARE(birch->value(QStringLiteral("planned")), QStringLiteral("yes"));
    QVERIFY(centsOf(birch->value(QStringLiteral("penalty_exposure"))) > 0);
    const CsvRow *total = rowFor(rows, QStringLiteral("section"), QStringLiteral("total"));
    QVERIFY(total);
    QVERIFY(total->value(QStringLiteral("overdue")).toInt() >= 1);
    // The summary adds up still: every filing once.
    qint64 atRiskOverdue = 0;
    for (const CsvRow &r : rows)
        atRiskOverdue += r.value(QStringLiteral("section")) == QLatin1String("at_risk") &&
                         r.value(QStringLiteral("status")) == QLatin1String("overdue");
    QCOMPARE(atRiskOverdue, total->value(QStringLiteral("overdue")).toLongLong());

    const QString pdf = path(QStringLiteral("never-admitted.pdf"));
    QCOMPARE(runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--as-of"), asOf.toString(Qt::ISODate), QStringLiteral("--out"), pdf})
                 .exit,
             0);
    const QString raw = pdfRawText(pdf);
    QVERIFY2(raw.contains(QStringLiteral("Birch Capital LLC")), qPrintable(raw));
    QVERIFY2(raw.contains(QStringLiteral("never started in FilingDesk")), qPrintable(raw));
}

void TestReportCommand::jurisdictionFilter() {
    const QString csv = path(QStringLiteral("california.csv"));
    Cli report =
        runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                QStringLiteral("--jurisdiction"), QStringLiteral("us-ca"), QStringLiteral("--out"), csv});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    QList<CsvRow> rows = readCsv(csv);
    QCOMPARE(storedRows(rows).size(), qsizetype(0));
    QCOMPARE(rows.size(), qsizetype(1)); // Elm Data, which needs data
    QCOMPARE(rows.first().value(QStringLiteral("entity_id")), QStringLiteral("CA2"));

    // Repeatable, by code or by name: Delaware's filings only, every one of them.
    report =
        runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                QStringLiteral("--jurisdiction"), QStringLiteral("US-DE"), QStringLiteral("--jurisdiction"),
                QStringLiteral("Delaware"), QStringLiteral("--out"), csv});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    rows = readCsv(csv);
    QCOMPARE(rows.size(), m_tasks.size());
    for (const CsvRow &r : std::as_const(rows))
        QCOMPARE(r.value(QStringLiteral("jurisdiction")), QStringLiteral("US-DE"));
    const QString pdf = path(QStringLiteral("delaware.pdf"));
    report =
        runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                QStringLiteral("--jurisdiction"), QStringLiteral("US-DE"), QStringLiteral("--out"), pdf});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    QVERIFY2(pdfRawText(pdf).contains(QStringLiteral("Only Delaware (US-DE)")), qPrintable(pdfRawText(pdf)));

    // The status report likewise: only California's counts and filings.
    const QString status = path(QStringLiteral("california-status.csv"));
    report =
        runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--db"), m_db,
                QStringLiteral("--as-of"), kStatusAsOf.toString(Qt::ISODate),
                QStringLiteral("--jurisdiction"), QStringLiteral("US-CA"), QStringLiteral("--out"), status});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    for (const CsvRow &r : readCsv(status)) {
        if (r.value(QStringLiteral("section")) != QLatin1String("total"))
            QCOMPARE(r.value(QStringLiteral("jurisdiction")), QStringLiteral("US-CA"));
    }

    // A place FilingDesk does not know is refused, not reported on as empty.
    report =
        runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"), m_db,
                QStringLiteral("--jurisdiction"), QStringLiteral("Narnia"), QStringLiteral("--out"), csv});
    QCOMPARE(report.exit, 2);
    QVERIFY2(report.err.contains(QStringLiteral("--jurisdiction \"Narnia\"")), qPrintable(report.err));
}

void TestReportCommand::verifyRecomputesTheFingerprint() {
    const QString out = path(QStringLiteral("verify.csv"));
    const Cli report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--db"),
                               m_db, QStringLiteral("--out"), out});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("desk audit rows 1..(\\d+), sha256 ([0-9a-f]{64})"))
            .match(report.out);
    QVERIFY2(m.hasMatch(), qPrintable(report.out));
    const QString through = m.captured(1);
    const QString digest = m.captured(2);
    QCOMPARE(digest, documentedDigest(m_db, through.toLongLong()));
    // As the report's last page tells a reader to.
    Cli verify = runCli({QStringLiteral("report"), QStringLiteral("verify"), QStringLiteral("--db"), m_db,
                         QStringLiteral("--through"), through, QStringLiteral("--digest"), digest});
    QVERIFY2(verify.exit == 0, qPrintable(verify.describe));
    QVERIFY2(verify.out.contains(QStringLiteral("unchanged")), qPrintable(verify.out));
    // Another fingerprint: changed, exit 1.
    QString other = digest;
    other[0] = other.at(0) == QLatin1Char('0') ? QLatin1Char('1') : QLatin1Char('0');
    verify = runCli({QStringLiteral("report"), QStringLiteral("verify"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--through"), through, QStringLiteral("--digest"), other});
    QCOMPARE(verify.exit, 1);
    QVERIFY2(verify.err.contains(QStringLiteral("CHANGED")), qPrintable(verify.err));
    // More entries than the database holds: exit 1.
    verify = runCli({QStringLiteral("report"), QStringLiteral("verify"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--through"), QString::number(through.toLongLong() + 1000)});
    QCOMPARE(verify.exit, 1);
    // Without --digest it prints the fingerprint.
    verify = runCli({QStringLiteral("report"), QStringLiteral("verify"), QStringLiteral("--db"), m_db,
                     QStringLiteral("--through"), through});
    QCOMPARE(verify.exit, 0);
    QVERIFY2(verify.out.contains(digest), qPrintable(verify.out));
}

void TestReportCommand::ledgerReportsNameTheChainHead() {
    QVERIFY2(QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")),
             "Qt's PostgreSQL driver is missing (Debian: libqt6sql6-psql)");
    QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
    const QString database = QStringLiteral("reports");
    QVERIFY(m_pg.createDatabase(database));
    QString error;
    auto member =
        test::openMember(m_pg, database, QStringLiteral("desk-a"), QDir(m_dir.path()), 60000, &error);
    QVERIFY2(member, qPrintable(error));
    // 70 Delaware LLCs' taxes due June 1, 2027: enough rows for several pages. 50 are filed.
    QList<FilingTask> tasks = test::ledgerTasks(QStringLiteral("L"), 70);
    QStringList already;
    QVERIFY2(member->admitTasks(tasks, QStringLiteral("ana"), &already, &error), qPrintable(error));
    int launched = 0;
    const QString batch = member->launchBatch(test::keysOf(tasks), QStringLiteral("launcher-ana"),
                                              QStringLiteral("season"), &launched, &error);
    QVERIFY2(!batch.isEmpty(), qPrintable(error));
    QCOMPARE(launched, 70);
    // A member claims the 50 best (tasks 0-49: the highest scores) and files them, as a worker would.
    const QList<FilingTask> claimed = member->claim(50, {}, &error);
    QCOMPARE(claimed.size(), qsizetype(50));
    for (FilingTask task : claimed) {
        for (ExecutionState to :
             {ExecutionState::Validating, ExecutionState::Dispatching, ExecutionState::Completed})
            QVERIFY2(test::moveTask(*member, task, to, &error), qPrintable(error));
        for (FilingTask &t : tasks) {
            if (t.key == task.key)
                t = task;
        }
    }
    qint64 headSeq = 0;
    QString headHash;
    QVERIFY(member->sealAudit(&error) > 0); // as the member's sealer does soon after its writes
    QVERIFY2(member->chainHead(&headSeq, &headHash, &error), qPrintable(error));
    const QString url = m_pg.url(database);

    const QString csv = path(QStringLiteral("ledger-filings.csv"));
    Cli report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--ledger"), url,
                         QStringLiteral("--out"), csv});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QList<CsvRow> rows = readCsv(csv);
    QCOMPARE(rows.size(), qsizetype(70));
    qint64 charged = 0;
    for (int i = 0; i < 70; ++i) {
        const CsvRow *row =
            rowFor(rows, QStringLiteral("entity_id"), tasks.at(i).obligation.entity->entityId);
        QVERIFY(row);
        QCOMPARE(row->value(QStringLiteral("launched_by")), QStringLiteral("launcher-ana"));
        QCOMPARE(row->value(QStringLiteral("batch")), batch);
        QCOMPARE(row->value(QStringLiteral("confirmation_number")), tasks.at(i).confirmationNumber);
        QCOMPARE(row->value(QStringLiteral("status")),
                 i < 50 ? QStringLiteral("filed")
                        : complianceName(complianceOf(tasks.at(i), QDate::currentDate())));
        charged += qMax<qint64>(0, tasks.at(i).feeChargedCents);
    }
    QCOMPARE(charged, 50 * qint64(30000));
    QVERIFY2(report.out.contains(
                 QStringLiteral("ledger chain head seq %1, row_hash %2").arg(headSeq).arg(headHash)),
             qPrintable(report.out));

    const QString pdf = path(QStringLiteral("ledger-filings.pdf"));
    report = runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--ledger"), url,
                     QStringLiteral("--out"), pdf});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QString text = pdfText(pdf);
    const QString flat = text.simplified();
    // Page 1 names the ledger as a person knows it (database, host, login; never a password) and the chain
    // head in short; the end of the report has the whole row hash and the command that checks it.
    LedgerEndpoint endpoint;
    QVERIFY(LedgerEndpoint::parse(url, &endpoint, &error));
    QVERIFY2(flat.contains(QStringLiteral("Team ledger: database %1 on %2:%3 (login %4)")
                               .arg(endpoint.database, endpoint.host)
                               .arg(endpoint.port)
                               .arg(endpoint.user)),
             qPrintable(text.left(3000)));
    QVERIFY2(
        flat.contains(QStringLiteral("Entries 1 to %1, last entry sealed").arg(QLocale().toString(headSeq))),
        qPrintable(text.left(3000)));
    QVERIFY2(flat.contains(QStringLiteral("chain head %1%2 — verify with filingdesk audit verify")
                               .arg(headHash.left(8), QChar(0x2026))),
             qPrintable(text.left(3000)));
    QVERIFY2(flat.contains(headHash), qPrintable(flat.right(1500)));
    QVERIFY(flat.contains(QStringLiteral("filingdesk audit verify --ledger %1").arg(url)));
    QVERIFY(!text.contains(QStringLiteral("docs/reports.md")));
    QVERIFY(text.contains(QStringLiteral("$15,000.00"))); // 50 filings at $300.00 charged
    const int pages = pdfPages(pdf);
    QVERIFY2(pages >= 2, "70 filings and the front matter take more than one page");
    // The table's header row is repeated on every page the table runs over, and every page is numbered.
    const QStringList pageTexts = text.split(QLatin1Char('\f'), Qt::SkipEmptyParts);
    QCOMPARE(pageTexts.size(), qsizetype(pages));
    for (int p = 0; p < pages; ++p) {
        QVERIFY2(pageTexts.at(p).contains(QStringLiteral("Page %1 of %2").arg(p + 1).arg(pages)),
                 qPrintable(pageTexts.at(p)));
        if (p > 0)
            QVERIFY2(pageTexts.at(p).contains(QStringLiteral("Confirmation")), qPrintable(pageTexts.at(p)));
        verifyTableTextIsClean(pageTexts.at(p));
    }
    // No row is split across pages: every entity id is on exactly one page, whole, with its row's other
    // cells; and each page holds as many names ("... LLC"), filings ("... Tax") and due dates as ids, so no
    // row's last lines stand alone at the top of the next page.
    const QRegularExpression anyId(QStringLiteral("\\bL-E\\d+\\b"));
    const QString dueText = QLocale().toString(QDate(2027, 6, 1), QLocale::ShortFormat);
    for (int i = 0; i < 70; ++i) {
        const FilingTask &t = tasks.at(i);
        const QRegularExpression id(
            QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(t.obligation.entity->entityId)));
        QList<int> on;
        for (int p = 0; p < pages; ++p) {
            if (id.match(pageTexts.at(p)).hasMatch())
                on.append(p);
        }
        QVERIFY2(on.size() == 1, qPrintable(t.obligation.entity->entityId));
        const QString &page = pageTexts.at(on.first());
        QVERIFY2(page.contains(QStringLiteral("Holdings %1").arg(i)),
                 qPrintable(t.obligation.entity->entityId));
        if (!t.confirmationNumber.isEmpty())
            QVERIFY2(page.contains(t.confirmationNumber), qPrintable(t.confirmationNumber));
    }
    for (int p = 0; p < pages; ++p) {
        const QString &page = pageTexts.at(p);
        const qsizetype ids = page.count(anyId);
        QCOMPARE(page.count(QRegularExpression(QStringLiteral("\\bLLC\\b"))), ids);
        QCOMPARE(page.count(QRegularExpression(QStringLiteral("\\bTax\\b"))), ids);
        QCOMPARE(page.count(dueText), ids);
    }
    // Rows of one or two lines: a page after the front matter holds 25 filings and more (the date a filing
    // was accepted is one short date, not a date and a time wrapped onto four lines).
    QVERIFY2(pages <= 3, qPrintable(QString::number(pages)));
    QVERIFY2(pageTexts.at(0).count(anyId) >= 15, qPrintable(pageTexts.at(0)));
    for (int p = 1; p + 1 < pages; ++p)
        QVERIFY2(pageTexts.at(p).count(anyId) >= 25, qPrintable(pageTexts.at(p)));

    // Statuses as of a date after the due date, as the status report judges them: 20 overdue.
    const QString asOfCsv = path(QStringLiteral("ledger-filings-july.csv"));
    report =
        runCli({QStringLiteral("report"), QStringLiteral("filings"), QStringLiteral("--ledger"), url,
                QStringLiteral("--as-of"), QStringLiteral("2027-07-01"), QStringLiteral("--out"), asOfCsv});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    int overdue = 0;
    for (const CsvRow &r : readCsv(asOfCsv))
        overdue += r.value(QStringLiteral("status")) == QLatin1String("overdue") ? 1 : 0;
    QCOMPARE(overdue, 20);

    // The team's position on July 1: 50 filed, 20 a month late.
    const QString status = path(QStringLiteral("ledger-status.csv"));
    report =
        runCli({QStringLiteral("report"), QStringLiteral("status"), QStringLiteral("--ledger"), url,
                QStringLiteral("--as-of"), QStringLiteral("2027-07-01"), QStringLiteral("--out"), status});
    QVERIFY2(report.exit == 0, qPrintable(report.describe));
    const QList<CsvRow> statusRows = readCsv(status);
    const CsvRow *total = rowFor(statusRows, QStringLiteral("section"), QStringLiteral("total"));
    QVERIFY(total);
    QCOMPARE(total->value(QStringLiteral("filed")).toInt(), 50);
    QCOMPARE(total->value(QStringLiteral("overdue")).toInt(), 20);
    QCOMPARE(total->value(QStringLiteral("total")).toInt(), 70);
    qint64 exposure = 0;
    for (int i = 50; i < 70; ++i)
        exposure += tasks.at(i).obligation.penaltyExposureCents(30);
    QCOMPARE(centsOf(total->value(QStringLiteral("penalty_exposure"))), exposure);
}

QTEST_GUILESS_MAIN(TestReportCommand)
#include "tst_report_command.moc"
