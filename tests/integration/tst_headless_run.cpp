// Integration tests of `filingdesk run` as an operator or a CI job uses it: the five real Exhibit 21
// portfolios filed against the sandbox (--sandbox, started by the CLI itself), and bad input files, which
// must end with exit 2 and one line on stderr naming the file, or with a row error in the summary, and never
// with a crash.
#include "cli_process.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QTemporaryDir>
#include <QtTest/QTest>

#ifdef Q_OS_LINUX
#include <csignal>
#endif

using fd::test::ChildProcess;

namespace {

const QByteArray kExhibit21Header =
    "parent_cik,parent_name_inferred,accession,subsidiary,jurisdiction_raw,ownership_pct\n";

QStringList nonEmptyLines(const QString &text) {
    return text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

#ifdef Q_OS_LINUX
/// Field `index` (1-based, as in proc(5)) of /proc/PID/stat; empty when the process is gone.
QByteArray procStatField(qint64 pid, int index) {
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')'); // the name may hold spaces
    const QList<QByteArray> rest = text.mid(close + 2).split(' ');
    return index >= 3 && index - 3 < rest.size() ? rest.at(index - 3) : QByteArray();
}

/// The pid of a running filingdesk-sandbox whose parent is `parent`, 0 when there is none.
qint64 sandboxChildOf(qint64 parent) {
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok || procStatField(pid, 4).toLongLong() != parent)
            continue;
        QFile comm(QStringLiteral("/proc/%1/comm").arg(pid));
        if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed().startsWith("filingdesk-sand"))
            return pid;
    }
    return 0;
}

/// A process that has ended: gone, or a zombie nobody reaped yet.
bool processEnded(qint64 pid) {
    const QByteArray state = procStatField(pid, 3);
    return state.isEmpty() || state == "Z" || state == "X";
}
#endif

} // namespace

class TestHeadlessRun : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void realPortfoliosAddUp_data();
    void realPortfoliosAddUp();
    void fileErrorsExitTwo_data();
    void fileErrorsExitTwo();
    void badRowsAreRowErrors_data();
    void badRowsAreRowErrors();
    void needsDataIsPerObligation();
    void workerRefusesBadArguments_data();
    void workerRefusesBadArguments();
    void consoleStopsItsSandbox_data();
    void consoleStopsItsSandbox();

private:
    QString writeFile(const QString &name, const QByteArray &bytes);
    QTemporaryDir m_dir;
};

void TestHeadlessRun::initTestCase() {
    QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
    QVERIFY(m_dir.isValid());
}

QString TestHeadlessRun::writeFile(const QString &name, const QByteArray &bytes) {
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        return QString();
    return path;
}

void TestHeadlessRun::realPortfoliosAddUp_data() {
    QTest::addColumn<QString>("file");
    const QDir dir(fd::test::sourcePath(QStringLiteral("tests/data/portfolios")));
    const QStringList files = dir.entryList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 5);
    for (const QString &f : files)
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TestHeadlessRun::realPortfoliosAddUp() {
    QFETCH(QString, file);
    ChildProcess run;
    QVERIFY(run.startRun({QStringLiteral("--portfolio"), file, QStringLiteral("--as-of"),
                          QStringLiteral("2027-02-15"), QStringLiteral("--sandbox"),
                          QStringLiteral("--sandbox-arg=--latency-ms=1:5"), QStringLiteral("--db"),
                          m_dir.filePath(QFileInfo(file).completeBaseName() + QStringLiteral(".sqlite")),
                          QStringLiteral("--json"), QStringLiteral("--quiet")}));
    QVERIFY2(run.waitFinished(120000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
    const QJsonObject json = run.json();
    QVERIFY2(!json.isEmpty(), run.standardOutput().constData());
    QCOMPARE(json.value(QLatin1String("file")).toString(), QFileInfo(file).fileName());
    QCOMPARE(json.value(QLatin1String("format")).toString(), QStringLiteral("exhibit21"));
    QVERIFY(json.value(QLatin1String("finished")).toBool());

    // Nothing is dropped: every row is accounted for exactly once.
    const int rows = json.value(QLatin1String("rows")).toInt();
    QVERIFY(rows > 0);
    QCOMPARE(rows, json.value(QLatin1String("rows_with_obligations")).toInt() +
                       json.value(QLatin1String("needs_data")).toInt() +
                       json.value(QLatin1String("out_of_scope")).toInt() +
                       json.value(QLatin1String("row_errors")).toInt());
    QCOMPARE(json.value(QLatin1String("rows_without_obligations")).toArray().size(),
             rows - json.value(QLatin1String("rows_with_obligations")).toInt());
    // The file's data lines are its rows (the copies in tests/data have no quoted line breaks).
    QFile csv(file);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(rows, int(csv.readAll().trimmed().count('\n')));

    const int tasks = json.value(QLatin1String("tasks")).toInt();
    QVERIFY2(tasks > 0, "with --as-of 2027-02-15 every real portfolio has filings due");
    QCOMPARE(fd::test::stateSum(json), tasks);
    QCOMPARE(tasks, json.value(QLatin1String("admitted")).toInt());
    QCOMPARE(json.value(QLatin1String("admitted")).toInt() +
                 json.value(QLatin1String("already_known")).toInt() +
                 json.value(QLatin1String("not_yet_open")).toInt() +
                 json.value(QLatin1String("due_later")).toInt(),
             json.value(QLatin1String("obligations")).toInt());

    const QJsonObject stats = json.value(QLatin1String("registry_stats")).toObject();
    QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
    QCOMPARE(fd::test::sandboxCounter(stats, QString(), QStringLiteral("rejected.cap")), 0);
    QCOMPARE(fd::test::sandboxCounter(stats, QString(), QStringLiteral("accepted")),
             json.value(QLatin1String("states")).toObject().value(QLatin1String("COMPLETED")).toInt());
}

void TestHeadlessRun::fileErrorsExitTwo_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes"); // a null QByteArray: do not create the file
    QTest::addColumn<QString>("reason");
    QTest::newRow("nonexistent") << QStringLiteral("missing.csv") << QByteArray()
                                 << QStringLiteral("no such file");
    QTest::newRow("empty") << QStringLiteral("empty.csv") << QByteArray("")
                           << QStringLiteral("empty.csv:1: the file is empty");
    QTest::newRow("blank lines only") << QStringLiteral("blank.csv") << QByteArray("\n \r\n\n")
                                      << QStringLiteral("blank.csv:1: the file is empty");
    QTest::newRow("invalid UTF-8") << QStringLiteral("latin1.csv")
                                   << kExhibit21Header +
                                          QByteArray(
                                              "1,Parent,0001,Soci\xe9t\xe9 G\xe9n\xe9rale S.A.,France,\n")
                                   << QStringLiteral("latin1.csv:2: not valid UTF-8");
    QTest::newRow("unclosed quote")
        << QStringLiteral("unclosed.csv")
        << kExhibit21Header +
               QByteArray("1,Parent,0001,Alpha Inc.,Delaware,\n1,Parent,0001,\"Beta Inc.,Delaware,\n")
        << QStringLiteral("unclosed.csv:3: a quoted field opened here is never closed");
    QTest::newRow("header only") << QStringLiteral("header.csv") << kExhibit21Header
                                 << QStringLiteral("header.csv:1: the file has a header but no data rows");
    QTest::newRow("unknown layout") << QStringLiteral("layout.csv")
                                    << QByteArray("name,state\nAlpha Inc.,DE\n")
                                    << QStringLiteral("layout.csv:1: the header is neither");
    QTest::newRow("NUL bytes") << QStringLiteral("binary.csv")
                               << kExhibit21Header + QByteArray("1,P,0001,Al\0pha,DE,\n", 20)
                               << QStringLiteral("binary.csv:2: contains NUL characters");
}

void TestHeadlessRun::fileErrorsExitTwo() {
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    QString path = m_dir.filePath(name);
    if (!bytes.isNull())
        QVERIFY(!writeFile(name, bytes).isEmpty());
    ChildProcess run;
    run.setEnv(QStringLiteral("QT_LOGGING_RULES"), QString()); // the operator's default: no engine log lines
    QVERIFY(run.startRun({QStringLiteral("--portfolio"), path, QStringLiteral("--as-of"),
                          QStringLiteral("2027-02-15"), QStringLiteral("--sandbox"), QStringLiteral("--db"),
                          m_dir.filePath(name + QStringLiteral(".sqlite")), QStringLiteral("--json"),
                          QStringLiteral("--quiet")}));
    QVERIFY2(run.waitFinished(60000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() == 2, qPrintable(run.describe()));
    // One line for the operator, naming the file (and the line) and the reason; no JSON summary of a non-run.
    const QStringList lines = nonEmptyLines(run.standardError());
    QVERIFY2(lines.size() == 1, qPrintable(run.describe()));
    QVERIFY2(lines.first().startsWith(QLatin1String("filingdesk run: ")), qPrintable(lines.first()));
    QVERIFY2(lines.first().contains(name), qPrintable(lines.first()));
    QVERIFY2(lines.first().contains(reason), qPrintable(lines.first()));
    QVERIFY2(run.standardOutput().trimmed().isEmpty(), run.standardOutput().constData());
}

void TestHeadlessRun::badRowsAreRowErrors_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("badLine");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<int>("completed");
    // A ragged row is one row's problem, not the file's: the other rows are still filed.
    QTest::newRow("ragged row") << QStringLiteral("ragged.csv")
                                << kExhibit21Header +
                                       QByteArray("1,Parent,0001,Alpha Inc.,Delaware,\n"
                                                  "1,Parent,0001,Beta Inc.,Delaware,100,extra\n"
                                                  "1,Parent,0001,Gamma Inc.,Delaware,\n")
                                << 3 << QStringLiteral("ragged.csv:3: has 7 fields where the header has 6")
                                << 2;
    QTest::newRow("short row")
        << QStringLiteral("short.csv")
        << kExhibit21Header + QByteArray("1,Parent,0001,Alpha Inc.\n1,Parent,0001,Gamma Inc.,Delaware,\n")
        << 2 << QStringLiteral("short.csv:2: has 4 fields where the header has 6") << 1;
    // A quoted line break is legal CSV but not a legal entity name; the record keeps the line it started on.
    QTest::newRow("embedded newline")
        << QStringLiteral("newline.csv")
        << kExhibit21Header + QByteArray("1,Parent,0001,Alpha Inc.,Delaware,\n"
                                         "1,Parent,0001,\"Beta\nHoldings Inc.\",Delaware,\n"
                                         "1,Parent,0001,Gamma Inc.,Delaware,\n")
        << 3 << QStringLiteral("newline.csv:3: column 4 (subsidiary): the field contains a line break") << 2;
}

void TestHeadlessRun::badRowsAreRowErrors() {
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(int, badLine);
    QFETCH(QString, reason);
    QFETCH(int, completed);
    const QString path = writeFile(name, bytes);
    QVERIFY(!path.isEmpty());
    ChildProcess run;
    QVERIFY(run.startRun({QStringLiteral("--portfolio"), path, QStringLiteral("--as-of"),
                          QStringLiteral("2027-02-15"), QStringLiteral("--sandbox"),
                          QStringLiteral("--sandbox-arg=--latency-ms=1:5"), QStringLiteral("--db"),
                          m_dir.filePath(name + QStringLiteral(".sqlite")), QStringLiteral("--json"),
                          QStringLiteral("--quiet")}));
    QVERIFY2(run.waitFinished(60000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
    const QJsonObject json = run.json();
    QCOMPARE(json.value(QLatin1String("row_errors")).toInt(), 1);
    QCOMPARE(json.value(QLatin1String("rows")).toInt(), completed + 1);
    const QJsonArray details = json.value(QLatin1String("rows_without_obligations")).toArray();
    QCOMPARE(details.size(), 1);
    const QJsonObject detail = details.first().toObject();
    QCOMPARE(detail.value(QLatin1String("outcome")).toString(), QStringLiteral("row_error"));
    QCOMPARE(detail.value(QLatin1String("line")).toInt(), badLine);
    QVERIFY2(detail.value(QLatin1String("reason")).toString().startsWith(reason),
             qPrintable(detail.value(QLatin1String("reason")).toString()));
    QCOMPARE(json.value(QLatin1String("states")).toObject(),
             QJsonObject({{QStringLiteral("COMPLETED"), completed}}));
}

// A California corporation without a formation date: its franchise tax is filed, and the run's JSON says that
// its Statement of Information needs the formation date (per obligation, not hidden behind the row's
// outcome).
void TestHeadlessRun::needsDataIsPerObligation() {
    const QString path =
        writeFile(QStringLiteral("ca.csv"), "entity_id,entity_name,entity_type,jurisdiction,formation_date\n"
                                            "C1,Golden Gate Widgets Inc.,corporation,CA,\n");
    QVERIFY(!path.isEmpty());
    ChildProcess run;
    QVERIFY(run.startRun({QStringLiteral("--portfolio"), path, QStringLiteral("--as-of"),
                          QStringLiteral("2027-02-15"), QStringLiteral("--sandbox"),
                          QStringLiteral("--sandbox-arg=--latency-ms=1:5"), QStringLiteral("--db"),
                          m_dir.filePath(QStringLiteral("ca.sqlite")), QStringLiteral("--json"),
                          QStringLiteral("--quiet")}));
    QVERIFY2(run.waitFinished(60000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
    const QJsonObject json = run.json();
    QCOMPARE(json.value(QLatin1String("rows_with_obligations")).toInt(), 1);
    QCOMPARE(json.value(QLatin1String("obligations")).toInt(), 1);
    QCOMPARE(json.value(QLatin1String("obligations_needing_data")).toInt(), 1);
    const QJsonArray needs = json.value(QLatin1String("needs_data_obligations")).toArray();
    QCOMPARE(needs.size(), 1);
    const QJsonObject need = needs.first().toObject();
    QCOMPARE(need.value(QLatin1String("rule_id")).toString(),
             QStringLiteral("US-CA.CORP.STATEMENT_OF_INFORMATION.2000"));
    QCOMPARE(need.value(QLatin1String("missing")).toString(), QStringLiteral("formation_date"));
    QCOMPARE(need.value(QLatin1String("line")).toInt(), 2);
    QCOMPARE(need.value(QLatin1String("entity_id")).toString(), QStringLiteral("C1"));
}

QTEST_GUILESS_MAIN(TestHeadlessRun)
void TestHeadlessRun::workerRefusesBadArguments_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reason");
    QTest::newRow("unknown jurisdiction")
        << QStringList{QStringLiteral("--jurisdictions"), QStringLiteral("XX-YY")}
        << QStringLiteral("--jurisdictions: \"XX-YY\" is not an ISO 3166-2 code");
    QTest::newRow("one unknown of two")
        << QStringList{QStringLiteral("--jurisdictions"), QStringLiteral("US-DE,US-ZZ")}
        << QStringLiteral("--jurisdictions: \"US-ZZ\" is not an ISO 3166-2 code");
    QTest::newRow("a name, not a code")
        << QStringList{QStringLiteral("--jurisdictions"), QStringLiteral("Delaware")}
        << QStringLiteral("--jurisdictions: \"Delaware\" is not an ISO 3166-2 code");
    QTest::newRow("no in-flight") << QStringList{QStringLiteral("--max-in-flight"), QStringLiteral("0")}
                                  << QStringLiteral("--max-in-flight \"0\" is not a positive number");
    QTest::newRow("port out of range")
        << QStringList{QStringLiteral("--metrics-port"), QStringLiteral("99999")}
        << QStringLiteral("--metrics-port \"99999\" is not a port number");
    QTest::newRow("registry without a host")
        << QStringList{QStringLiteral("--registry"), QStringLiteral("http://")}
        << QStringLiteral("--registry \"http://\" is not an http(s) URL");
}

// Bad arguments are refused before the worker reaches the ledger or Redis (neither is running here).
void TestHeadlessRun::workerRefusesBadArguments() {
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    ChildProcess worker;
    QVERIFY(worker.start(fd::test::cliPath(),
                         QStringList{QStringLiteral("worker"), QStringLiteral("--ledger"),
                                     QStringLiteral("postgresql://fd@127.0.0.1:1/nothing"),
                                     QStringLiteral("--redis"), QStringLiteral("redis://127.0.0.1:1/0"),
                                     QStringLiteral("--db"),
                                     m_dir.filePath(QStringLiteral("worker-args.sqlite"))} +
                             args));
    QVERIFY2(worker.waitFinished(20000), qPrintable(worker.describe()));
    QVERIFY2(worker.exitCode() == 2, qPrintable(worker.describe()));
    const QStringList lines = nonEmptyLines(worker.standardError());
    QVERIFY2(lines.size() == 1 && lines.first().startsWith(QStringLiteral("filingdesk worker: ") + reason),
             qPrintable(worker.describe()));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("worker-args.sqlite"))));
}

void TestHeadlessRun::consoleStopsItsSandbox_data() {
    QTest::addColumn<int>("signalNumber");
#ifdef Q_OS_LINUX
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGINT") << int(SIGINT);
    QTest::newRow("SIGKILL") << int(SIGKILL);
#endif
}

// The console started with --sandbox runs the sandbox registry as its child. Stopped by a signal, it closes
// like a window closed by hand (the engine stops, the sandbox with it); killed outright, the sandbox still
// goes with it instead of holding its port forever.
void TestHeadlessRun::consoleStopsItsSandbox() {
#ifndef Q_OS_LINUX
    QSKIP("reads /proc to find the console's child");
#else
    QFETCH(int, signalNumber);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    ChildProcess console;
    console.setEnv(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    console.setEnv(QStringLiteral("HOME"), home.path());
    console.setEnv(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    console.setEnv(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    console.setEnv(QStringLiteral("XDG_RUNTIME_DIR"), home.path());
    QVERIFY(console.start(fd::test::cliPath(),
                          {QStringLiteral("--sandbox"), QStringLiteral("--no-keychain"),
                           QStringLiteral("--db"), home.filePath(QStringLiteral("audit.sqlite"))}));
    qint64 sandbox = 0;
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     sandbox = sandboxChildOf(console.pid());
                     return sandbox != 0 || !console.isRunning();
                 },
                 20000),
             "the console did not start its sandbox");
    QVERIFY2(sandbox != 0, qPrintable(console.describe()));
    QTest::qWait(500); // the window is up and the engine started

    QCOMPARE(::kill(pid_t(console.pid()), signalNumber), 0);
    QVERIFY2(console.waitFinished(20000), "the console did not stop");
    if (signalNumber != SIGKILL)
        QVERIFY2(console.exitCode() == 0, qPrintable(console.describe()));
    QVERIFY2(QTest::qWaitFor([&] { return processEnded(sandbox); }, 10000),
             qPrintable(QStringLiteral("the sandbox (pid %1) outlived the console").arg(sandbox)));
#endif
}

#include "tst_headless_run.moc"
