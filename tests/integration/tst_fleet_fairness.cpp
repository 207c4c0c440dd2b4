// Integration tests of the fleet gate across `filingdesk run` processes sharing one private redis-server and
// one sandbox registry:
// - processes started together share the Delaware cap equally while all of them wait (first come, first
//   served across the fleet; the audit databases tell when each process dispatched what);
// - SIGINT while a grant is on the wire (Redis writes paused) leaves none of the process's tokens behind.
#include "cli_process.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"

#include <QtCore/QTemporaryDir>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <algorithm>
#include <csignal>
#include <limits>
#include <memory>
#include <vector>

using fd::test::ChildProcess;
using fd::test::RedisServer;
using fd::test::sandboxCounter;
using fd::test::SandboxProcess;

namespace {

const QString kDelaware = QStringLiteral("US-DE");
const QString kSet = QStringLiteral("sos:de:inflight");
constexpr int kDelawarePerPortfolio = 48; // tests/data/fleet/fleet_*.csv

/// When each Delaware filing of one audit database was dispatched (ms since the epoch, UTC), in order.
QList<qint64> delawareDispatches(const QString &dbPath, QString *error) {
    QList<qint64> times;
    const QString name = QStringLiteral("fairness-%1").arg(dbPath);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (!db.open()) {
            *error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            if (!q.exec(
                    QStringLiteral("SELECT at_utc FROM audit WHERE to_state = 'DISPATCHING' AND entity_id "
                                   "LIKE '%-DE-%' ORDER BY id"))) {
                *error = q.lastError().text();
            }
            while (q.next())
                times << QDateTime::fromString(q.value(0).toString(), Qt::ISODateWithMs).toMSecsSinceEpoch();
        }
    }
    QSqlDatabase::removeDatabase(name);
    std::sort(times.begin(), times.end());
    return times;
}

} // namespace

class TestFleetFairness : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void processesShareTheCapEqually_data();
    void processesShareTheCapEqually();
    void sigintWithGrantOnTheWireLeavesNoToken();

private:
    QStringList runArgs(const QString &tag, const QString &registry, const QString &redisUrl, int cap,
                        const QString &db) const;
    QTemporaryDir m_dir;
};

void TestFleetFairness::initTestCase() {
    QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
    QVERIFY(m_dir.isValid());
}

QStringList TestFleetFairness::runArgs(const QString &tag, const QString &registry, const QString &redisUrl,
                                       int cap, const QString &db) const {
    return {QStringLiteral("--portfolio"),
            fd::test::sourcePath(QStringLiteral("tests/data/fleet/fleet_%1.csv").arg(tag)),
            QStringLiteral("--as-of"),
            QStringLiteral("2027-02-15"),
            QStringLiteral("--registry"),
            registry,
            QStringLiteral("--redis"),
            redisUrl,
            QStringLiteral("--limit"),
            QStringLiteral("US-DE=%1").arg(cap),
            QStringLiteral("--db"),
            m_dir.filePath(db),
            QStringLiteral("--deadline"),
            QStringLiteral("120"),
            QStringLiteral("--json"),
            QStringLiteral("--quiet")};
}

void TestFleetFairness::processesShareTheCapEqually_data() {
    QTest::addColumn<int>("processes");
    QTest::addColumn<int>("cap");
    QTest::newRow("two processes, cap 1") << 2 << 1;
    QTest::newRow("three processes, cap 2") << 3 << 2;
}

void TestFleetFairness::processesShareTheCapEqually() {
    QFETCH(int, processes);
    QFETCH(int, cap);
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    // 40 ms a request: the fleet's Delaware work lasts seconds, so that processes that start a little apart
    // on a busy machine still overlap for most of it.
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=%1").arg(cap),
                            QStringLiteral("--latency-ms"), QStringLiteral("40:40")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));

    const QStringList tags{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    std::vector<std::unique_ptr<ChildProcess>> runs;
    QList<ChildProcess *> all;
    QStringList dbs;
    for (int i = 0; i < processes; ++i) {
        dbs << QStringLiteral("share-%1-%2.sqlite").arg(processes).arg(tags.at(i));
        runs.push_back(std::make_unique<ChildProcess>());
        QVERIFY(runs.back()->startRun(
            runArgs(tags.at(i), sandbox.baseUrl().toString(), redis.url(), cap, dbs.last())));
        all << runs.back().get();
    }
    QVERIFY2(fd::test::waitAll(all, 120000), "the fleet did not finish within 120 s");
    for (const auto &run : runs)
        QVERIFY2(run->exitCode() == 0, qPrintable(run->describe()));
    const QJsonObject stats = sandbox.stats();
    QVERIFY(sandboxCounter(stats, kDelaware, QStringLiteral("max_in_flight")) <= cap);
    QCOMPARE(sandboxCounter(stats, QString(), QStringLiteral("rejected.cap")), 0);
    QCOMPARE(sandboxCounter(stats, kDelaware, QStringLiteral("accepted")), processes * kDelawarePerPortfolio);

    // The window in which every process was dispatching Delaware filings: from the last first dispatch to
    // the first last dispatch. Inside it, each process's share is within 20 % of 1/N.
    QList<QList<qint64>> dispatches;
    qint64 from = 0;
    qint64 to = std::numeric_limits<qint64>::max();
    for (const QString &db : std::as_const(dbs)) {
        QString error;
        dispatches << delawareDispatches(m_dir.filePath(db), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(dispatches.last().size(), kDelawarePerPortfolio);
        from = qMax(from, dispatches.last().first());
        to = qMin(to, dispatches.last().last());
    }
    QList<int> shares;
    int window = 0;
    for (const auto &times : std::as_const(dispatches)) {
        const int n =
            int(std::count_if(times.cbegin(), times.cend(), [&](qint64 t) { return t >= from && t <= to; }));
        shares << n;
        window += n;
    }
    QStringList text;
    for (int s : std::as_const(shares))
        text << QString::number(s);
    qInfo().noquote() << "Delaware dispatches per process while all waited:" << text.join(u'/') << "over"
                      << (to - from) << "ms";
    QVERIFY2(window >= processes * 10, "the processes hardly overlapped: the test proves nothing");
    const double fair = double(window) / processes;
    for (int s : std::as_const(shares))
        QVERIFY2(
            qAbs(s - fair) <= 0.2 * fair,
            qPrintable(QStringLiteral("shares %1: not within 20 % of %2").arg(text.join(u'/')).arg(fair)));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"));
}

void TestFleetFairness::sigintWithGrantOnTheWireLeavesNoToken() {
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=1"),
                            QStringLiteral("--latency-ms"), QStringLiteral("10:10")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));

    // Another member of the fleet (reference format: 32 hex digits, score in ms) holds the whole cap.
    const QString other = QStringLiteral("0123456789abcdef0123456789abcdef");
    const QStringList time = redis.cli({QStringLiteral("TIME")}).split(QLatin1Char('\n'));
    QCOMPARE(time.size(), 2);
    QCOMPARE(redis.cli({QStringLiteral("ZADD"), kSet,
                        QString::number(time.at(0).trimmed().toLongLong() * 1000), other}),
             QStringLiteral("1"));

    ChildProcess run;
    QVERIFY(run.startRun(runArgs(QStringLiteral("a"), sandbox.baseUrl().toString(), redis.url(), 1,
                                 QStringLiteral("sigint.sqlite"))));
    // The process waits in the fleet's queue.
    QTRY_VERIFY2_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kSet + QStringLiteral(":queue")}) ==
                                  QStringLiteral("1"),
                              qPrintable(run.describe()), 30000);
    // Writes paused: the other member's release and this process's next acquire are held on the wire, and
    // run (granting this process the permit) only after the process was interrupted.
    QCOMPARE(redis.cli({QStringLiteral("CLIENT"), QStringLiteral("PAUSE"), QStringLiteral("1500"),
                        QStringLiteral("WRITE")}),
             QStringLiteral("OK"));
    ChildProcess release;
    QVERIFY(release.start(QStringLiteral("redis-cli"), {QStringLiteral("-p"), QString::number(redis.port()),
                                                        QStringLiteral("ZREM"), kSet, other}));
    QTest::qWait(400); // longer than the gate's re-check period: an acquire is on the wire
    QVERIFY(run.isRunning());
    QCOMPARE(::kill(pid_t(run.pid()), SIGINT), 0);
    QVERIFY2(run.waitFinished(20000), qPrintable(run.describe()));
    QVERIFY2(release.waitFinished(10000), qPrintable(release.describe()));
    QCOMPARE(release.standardOutput().trimmed(), QByteArray("1"));

    // After the exit, the permit set and the queue hold nothing of this process (nor anything at all: the
    // other member released, the withdrawn acquire was handed back).
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kSet + QStringLiteral(":queue")}), QStringLiteral("0"));
    QCOMPARE(redis.cli({QStringLiteral("HLEN"), kSet + QStringLiteral(":holders")}), QStringLiteral("0"));
    QCOMPARE(sandboxCounter(sandbox.stats(), kDelaware, QStringLiteral("requests")), 0);
}

QTEST_GUILESS_MAIN(TestFleetFairness)
#include "tst_fleet_fairness.moc"
