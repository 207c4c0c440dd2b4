// The least-privilege Redis user of packaging/redis/filingdesk-gate.acl (docs/redis-acl.md): `filingdesk run`
// and the console work under it against a real redis-server and the sandbox registry, and the same user is
// refused everything else — other keys, other channels, other commands, another key prefix. Also: a rediss://
// URL is refused with the reason (no TLS in this hiredis) and the way around it. The user's commands are
// those the gate sends and those its scripts call, no fewer and no more.
#include "cli_process.h"
#include "engine/core/engine_config.h"
#include "engine/gate/gate_scripts.h"
#include "engine/gate/redis_connection.h"
#include "support/endpoints.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"
#include "ui/models/obligation_model.h"
#include "ui/session/console_options.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/status_indicators.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <set>

using namespace fd;

namespace {

const QString kUser = QStringLiteral("filingdesk-gate");
const QString kPassword = QStringLiteral("gate-acl-test-password");

/// The ACL rules of the shipped file, after "user <name>", with the password filled in.
QStringList aclRules(QString *error) {
    QFile file(test::sourcePath(QStringLiteral("packaging/redis/filingdesk-gate.acl")));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    for (const QByteArray &raw : file.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (!line.startsWith(QLatin1String("user ")))
            continue;
        QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (words.size() < 3 || words.at(1) != kUser) {
            *error = QStringLiteral("unexpected user line: %1").arg(line);
            return {};
        }
        words = words.mid(2);
        words.replaceInStrings(QStringLiteral(">CHANGE-ME"), QLatin1Char('>') + kPassword);
        return words;
    }
    *error = QStringLiteral("no user line");
    return {};
}

/// The commands the rules grant ("+zadd" ...), upper case.
std::set<QString> grantedCommands(const QStringList &rules) {
    std::set<QString> granted;
    for (const QString &rule : rules) {
        if (rule.startsWith(QLatin1Char('+')) && !rule.startsWith(QLatin1String("+@")))
            granted.insert(rule.mid(1).toUpper());
    }
    return granted;
}

/// The commands the gate's Lua scripts call (redis.call('CMD', ...)), as sent to Redis.
std::set<QString> scriptCommands() {
    static const QRegularExpression call(QStringLiteral("redis\\.call\\('([A-Za-z]+)'"));
    std::set<QString> called;
    for (const QByteArray &script : {gate_scripts::kAcquire, gate_scripts::kRelease,
                                     QByteArray(gate_scripts::kRenew), QByteArray(gate_scripts::kUsage)}) {
        auto it = call.globalMatch(QString::fromUtf8(script));
        while (it.hasNext())
            called.insert(it.next().captured(1).toUpper());
    }
    return called;
}

/// redis-cli as the gate user; its output (error replies included), trimmed.
QString asGateUser(const test::RedisServer &redis, const QStringList &command) {
    QProcess p;
    p.start(QStringLiteral("redis-cli"),
            QStringList{QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
                        QString::number(redis.port()), QStringLiteral("--user"), kUser,
                        QStringLiteral("--pass"), kPassword, QStringLiteral("--no-auth-warning")} +
                command);
    if (!p.waitForFinished(10000)) {
        p.kill();
        p.waitForFinished(1000);
        return QStringLiteral("(timeout)");
    }
    return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()).trimmed();
}

QString aclUrl(const test::RedisServer &redis) {
    return QStringLiteral("redis://%1:%2@127.0.0.1:%3/0").arg(kUser, kPassword).arg(redis.port());
}

} // namespace

class TestRedisAcl : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fileLoadsAsAnAclFile();
    void grantsExactlyWhatTheGateUses();
    void headlessRunWorksUnderTheUser();
    void consoleWorksUnderTheUser();
    void refusedElsewhere_data();
    void refusedElsewhere();
    void anotherKeyPrefixIsRefused();
    void redissIsRefusedWithAReason();

private:
    QTemporaryDir m_dir;
    test::RedisServer m_redis;
};

void TestRedisAcl::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(!test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
    QVERIFY2(m_redis.start(), qPrintable(m_redis.errorString()));
    QString error;
    const QStringList rules = aclRules(&error);
    QVERIFY2(!rules.isEmpty(), qPrintable(error));
    QCOMPARE(m_redis.cli(QStringList{QStringLiteral("ACL"), QStringLiteral("SETUSER"), kUser} + rules),
             QStringLiteral("OK"));
    // The default user stays as the server has it; the gate user alone is what FilingDesk gets.
    QCOMPARE(asGateUser(m_redis, {QStringLiteral("PING")}), QStringLiteral("PONG"));
}

void TestRedisAcl::fileLoadsAsAnAclFile() {
    // The file as shipped is a valid `aclfile` (Redis refuses to start on any line that is not a user,
    // comments included), and its user can log in with the placeholder password.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString socket = dir.filePath(QStringLiteral("redis.sock"));
    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(QStringLiteral("redis-server"),
                 {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--unixsocket"), socket,
                  QStringLiteral("--save"), QString(), QStringLiteral("--appendonly"), QStringLiteral("no"),
                  QStringLiteral("--dir"), dir.path(), QStringLiteral("--aclfile"),
                  test::sourcePath(QStringLiteral("packaging/redis/filingdesk-gate.acl"))});
    QVERIFY2(server.waitForStarted(10000), qPrintable(server.errorString()));
    auto cli = [&](const QStringList &args) {
        QProcess p;
        p.start(QStringLiteral("redis-cli"), QStringList{QStringLiteral("-s"), socket} + args);
        if (!p.waitForFinished(5000)) {
            p.kill();
            p.waitForFinished(1000);
        }
        return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()).trimmed();
    };
    const bool up = QTest::qWaitFor(
        [&] {
            return server.state() != QProcess::Running ||
                   cli({QStringLiteral("PING")}) == QLatin1String("PONG");
        },
        10000);
    const QString log = QString::fromLocal8Bit(server.readAll());
    QVERIFY2(up && server.state() == QProcess::Running, qPrintable(log));
    QCOMPARE(cli({QStringLiteral("--user"), kUser, QStringLiteral("--pass"), QStringLiteral("CHANGE-ME"),
                  QStringLiteral("--no-auth-warning"), QStringLiteral("PING")}),
             QStringLiteral("PONG"));
    cli({QStringLiteral("SHUTDOWN"), QStringLiteral("NOSAVE")});
    if (!server.waitForFinished(5000)) {
        server.kill();
        server.waitForFinished(3000);
    }
}

void TestRedisAcl::grantsExactlyWhatTheGateUses() {
    // Redis checks every command a script calls against the calling user: each one the scripts call must be
    // granted, or the script fails and the gate grants nothing. And nothing is granted beyond what the client
    // sends itself and what the scripts call.
    QString error;
    const std::set<QString> granted = grantedCommands(aclRules(&error));
    QVERIFY2(!granted.empty(), qPrintable(error));
    const std::set<QString> called = scriptCommands();
    QVERIFY(called.size() >= 10);
    const std::set<QString> client{QStringLiteral("EVALSHA"),    QStringLiteral("EVAL"),
                                   QStringLiteral("PSUBSCRIBE"), QStringLiteral("PUNSUBSCRIBE"),
                                   QStringLiteral("SELECT"),     QStringLiteral("PING")};
    QStringList missing;
    for (const QString &command : called) {
        if (!granted.count(command))
            missing << command;
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("called by the gate's scripts, not granted: ") +
                                           missing.join(QLatin1Char(' '))));
    QStringList extra;
    for (const QString &command : granted) {
        if (!called.count(command) && !client.count(command))
            extra << command;
    }
    QVERIFY2(extra.isEmpty(),
             qPrintable(QStringLiteral("granted, but used by nobody: ") + extra.join(QLatin1Char(' '))));
}

void TestRedisAcl::headlessRunWorksUnderTheUser() {
    test::ChildProcess run;
    QVERIFY(run.startRun(
        {QStringLiteral("--portfolio"),
         test::sourcePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv")),
         QStringLiteral("--as-of"), QStringLiteral("2026-03-01"), QStringLiteral("--due-within"),
         QStringLiteral("400"), QStringLiteral("--sandbox"), QStringLiteral("--redis"), aclUrl(m_redis),
         QStringLiteral("--db"), m_dir.filePath(QStringLiteral("run.sqlite")), QStringLiteral("--json"),
         QStringLiteral("--quiet"), QStringLiteral("--deadline"), QStringLiteral("120")}));
    QVERIFY2(run.waitFinished(180000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
    // Not one command of the gate's was refused, directly or inside a script (a refused subscription or
    // handoff would only slow it down).
    QVERIFY2(!run.standardError().contains(QLatin1String("NOPERM")) &&
                 !run.standardError().contains(QLatin1String("can't run this command")),
             qPrintable(run.describe()));
    const QJsonObject report = run.json();
    QVERIFY2(report.value(QLatin1String("finished")).toBool(), run.standardOutput().constData());
    QVERIFY(!report.value(QLatin1String("gate_blind")).toBool());
    QVERIFY2(report.value(QLatin1String("gate")).toString().contains(QLatin1String("fleet gate")),
             run.standardOutput().constData());
    const int completed =
        report.value(QLatin1String("states")).toObject().value(QLatin1String("COMPLETED")).toInt();
    QVERIFY2(completed > 0, run.standardOutput().constData());
    // The gate really used Redis under this user: its sets exist or were cleaned up by it, and nothing was
    // written outside its prefix.
    QCOMPARE(m_redis.cli({QStringLiteral("--scan"), QStringLiteral("--pattern"), QStringLiteral("[^s]*")}),
             QString());
}

void TestRedisAcl::consoleWorksUnderTheUser() {
    // The gate logs a refused command or subscription as a warning: none may appear.
    QTest::failOnWarning(QRegularExpression(QStringLiteral("NOPERM|can't run this command")));
    test::SandboxProcess sandbox;
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    ui::ConsoleOptions options;
    options.registryUrl = sandbox.baseUrl();
    options.redis = fd::test::parsedRedis(aclUrl(m_redis));
    options.redisGiven = true;
    options.dbPath = m_dir.filePath(QStringLiteral("console.sqlite"));
    options.settingsPath = m_dir.filePath(QStringLiteral("console.ini"));
    options.useKeychain = false;
    options.asOf = QDate(2026, 3, 1);
    ui::MainWindow window(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.engineStarted(), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(window.indicators()->gateModeText(),
                              QStringLiteral("Filing limiter: shared with the team"), 10000);
    window.loadPortfolio(
        test::sourcePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv")));
    QTRY_COMPARE_WITH_TIMEOUT(window.obligationModel()->rowCount(), 56, 60000);
    // The console's own read of fleet-wide usage (the usage script) answers under the user: not blind.
    QTest::qWait(1500);
    QVERIFY2(!window.windowTitle().contains(QLatin1String("NOT SENDING")), qPrintable(window.windowTitle()));
    QVERIFY2(window.indicators()->redisText().contains(QLatin1String("connected")),
             qPrintable(window.indicators()->redisText()));
}

void TestRedisAcl::refusedElsewhere_data() {
    QTest::addColumn<QStringList>("command");
    QTest::newRow("another key") << QStringList{QStringLiteral("ZADD"), QStringLiteral("other:de:inflight"),
                                                QStringLiteral("1"), QStringLiteral("x")};
    QTest::newRow("a command the gate does not use, on its own key")
        << QStringList{QStringLiteral("GET"), QStringLiteral("sos:de:inflight")};
    QTest::newRow("deleting the gate's sets")
        << QStringList{QStringLiteral("DEL"), QStringLiteral("sos:de:inflight")};
    QTest::newRow("a key of the prefix that is not the gate's") << QStringList{
        QStringLiteral("ZADD"), QStringLiteral("sos:other"), QStringLiteral("1"), QStringLiteral("x")};
    QTest::newRow("another channel") << QStringList{QStringLiteral("PUBLISH"), QStringLiteral("other:news"),
                                                    QStringLiteral("x")};
    QTest::newRow("a channel of the prefix that is not the gate's")
        << QStringList{QStringLiteral("PUBLISH"), QStringLiteral("sos:news"), QStringLiteral("x")};
    QTest::newRow("listening to every channel")
        << QStringList{QStringLiteral("PSUBSCRIBE"), QStringLiteral("*")};
    QTest::newRow("listing keys") << QStringList{QStringLiteral("KEYS"), QStringLiteral("*")};
    QTest::newRow("flushing") << QStringList{QStringLiteral("FLUSHALL")};
    QTest::newRow("configuration") << QStringList{QStringLiteral("CONFIG"), QStringLiteral("GET"),
                                                  QStringLiteral("*")};
    QTest::newRow("a script touching another key")
        << QStringList{QStringLiteral("EVAL"), QStringLiteral("return redis.call('SET', KEYS[1], 'x')"),
                       QStringLiteral("1"), QStringLiteral("sos:x")};
    QTest::newRow("a script undeclaring its key")
        << QStringList{QStringLiteral("EVAL"), QStringLiteral("return redis.call('ZADD', 'other:x', 1, 'x')"),
                       QStringLiteral("0")};
}

void TestRedisAcl::refusedElsewhere() {
    QFETCH(QStringList, command);
    const QString answer = asGateUser(m_redis, command);
    // Direct commands answer NOPERM; commands inside a script "The user executing the script can't ...".
    QVERIFY2(answer.contains(QLatin1String("NOPERM")) ||
                 answer.contains(QLatin1String("The user executing the script can't")),
             qPrintable(answer));
}

void TestRedisAcl::anotherKeyPrefixIsRefused() {
    // A worker configured with another prefix cannot take permits under this user: it fails closed.
    const QString config = m_dir.filePath(QStringLiteral("other-prefix.json"));
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        QStringLiteral("{\"redis\": \"%1\", \"key_prefix\": \"other\"}").arg(aclUrl(m_redis)).toUtf8());
    file.close();
    test::ChildProcess run;
    QVERIFY(run.startRun(
        {QStringLiteral("--config"), config, QStringLiteral("--portfolio"),
         test::sourcePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv")),
         QStringLiteral("--as-of"), QStringLiteral("2026-03-01"), QStringLiteral("--due-within"),
         QStringLiteral("400"), QStringLiteral("--sandbox"), QStringLiteral("--db"),
         m_dir.filePath(QStringLiteral("other.sqlite")), QStringLiteral("--json"), QStringLiteral("--quiet"),
         QStringLiteral("--deadline"), QStringLiteral("6")}));
    QVERIFY2(run.waitFinished(60000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() != 0, qPrintable(run.describe()));
    const QJsonObject states = run.json().value(QLatin1String("states")).toObject();
    QCOMPARE(states.value(QLatin1String("COMPLETED")).toInt(), 0);
}

void TestRedisAcl::redissIsRefusedWithAReason() {
    RedisEndpoint endpoint;
    QString error;
    QVERIFY(!RedisEndpoint::parse(QStringLiteral("rediss://user:secret@redis.example:6380/0"), &endpoint,
                                  &error));
    QVERIFY2(error.contains(QLatin1String("TLS")) && error.contains(QLatin1String("stunnel")),
             qPrintable(error));
    QVERIFY2(!error.contains(QLatin1String("secret")), qPrintable(error)); // never the password
    // The same through the CLI, as bad input (exit 2) naming the reason.
    test::ChildProcess run;
    QVERIFY(run.startRun(
        {QStringLiteral("--portfolio"),
         test::sourcePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv")),
         QStringLiteral("--sandbox"), QStringLiteral("--redis"),
         QStringLiteral("rediss://redis.example:6380/0")}));
    QVERIFY(run.waitFinished(30000));
    QCOMPARE(run.exitCode(), 2);
    QVERIFY2(run.standardError().contains(QLatin1String("stunnel")), qPrintable(run.describe()));
}

QTEST_MAIN(TestRedisAcl)
#include "tst_redis_acl.moc"
