// Integration tests of the fleet gate under Redis trouble, through the real `filingdesk run` CLI against the
// real sandbox registry and a private redis-server:
// - Redis stopped mid-batch: the gate goes blind and fails closed (nothing new reaches the registry), and the
// batch
//   finishes once Redis is back on the same port;
// - SCRIPT FLUSH mid-batch: EVALSHA answers NOSCRIPT, the gate re-sends the source with EVAL and carries on;
// - a permit left behind by a dead holder (a stale token, or a SIGKILLed reference worker) is reclaimed by
// the
//   gate after the lease, and not before.
// The sandbox's own counters are the witness of what was sent and when.
#include "cli_process.h"
#include "engine/audit/audit_store.h"
#include "engine/gate/gate_scripts.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"

#include <QtCore/QCryptographicHash>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUuid>
#include <QtTest/QTest>

using fd::test::ChildProcess;
using fd::test::RedisServer;
using fd::test::sandboxCounter;
using fd::test::SandboxProcess;

namespace {

// An interpreter with python3-redis, found by CMake (FILINGDESK_PYTHON).
const QString kSystemPython = qEnvironmentVariable("FILINGDESK_PYTHON");
const QString kDelaware = QStringLiteral("US-DE");
const QString kPermitSet = QStringLiteral("sos:de:inflight");
constexpr int kCap = 2;
constexpr int kTasks =
    53; // tests/data/fleet/fleet_a.csv: 48 Delaware corporations + 4 others (one owes two filings)

qint64 totalRequests(const SandboxProcess &sandbox) {
    return sandboxCounter(sandbox.stats(), QString(), QStringLiteral("requests"));
}

qint64 delawareRequests(const SandboxProcess &sandbox) {
    return sandboxCounter(sandbox.stats(), kDelaware, QStringLiteral("requests"));
}

/// Redis's own clock in ms (the gate scores permits with it).
qint64 redisNowMs(const RedisServer &redis) {
    const QStringList parts = redis.cli({QStringLiteral("TIME")}).split(QLatin1Char('\n'));
    if (parts.size() != 2)
        return -1;
    return parts.at(0).trimmed().toLongLong() * 1000 + parts.at(1).trimmed().toLongLong() / 1000;
}

/// redis-cli prints an empty line for a nil reply; a null string means redis-cli itself failed.
bool isNil(const QString &cliOutput) {
    return !cliOutput.isNull() && cliOutput.isEmpty();
}

} // namespace

class TestGateResilience : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void redisStoppedMidBatchFailsClosedThenFinishes();
    void scriptFlushMidBatchIsSurvived();
    void staleLeaseIsReclaimedAfterTheLease();
    void killedReferenceHolderIsReclaimed();
    void deadlineExitHandsPermitsBack();

private:
    QStringList runArgs(const QString &registry, const QString &redisUrl, const QString &db) const;
    void checkCompleted(const ChildProcess &run, const SandboxProcess &sandbox);
    QString writeShortLeaseConfig(const QString &name, int leaseMs);

    QTemporaryDir m_dir;
};

void TestGateResilience::initTestCase() {
    QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
    QVERIFY(m_dir.isValid());
}

QStringList TestGateResilience::runArgs(const QString &registry, const QString &redisUrl,
                                        const QString &db) const {
    return {
        QStringLiteral("--portfolio"), fd::test::sourcePath(QStringLiteral("tests/data/fleet/fleet_a.csv")),
        QStringLiteral("--as-of"),     QStringLiteral("2027-02-15"),
        QStringLiteral("--registry"),  registry,
        QStringLiteral("--redis"),     redisUrl,
        QStringLiteral("--limit"),     QStringLiteral("US-DE=%1").arg(kCap),
        QStringLiteral("--db"),        m_dir.filePath(db),
        QStringLiteral("--deadline"),  QStringLiteral("120"),
        QStringLiteral("--json")};
}

void TestGateResilience::checkCompleted(const ChildProcess &run, const SandboxProcess &sandbox) {
    QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
    const QJsonObject json = run.json();
    QVERIFY2(json.value(QLatin1String("finished")).toBool(), run.standardOutput().constData());
    QCOMPARE(json.value(QLatin1String("tasks")).toInt(), kTasks);
    QCOMPARE(json.value(QLatin1String("states")).toObject(),
             QJsonObject({{QStringLiteral("COMPLETED"), kTasks}}));
    const QJsonObject stats = sandbox.stats();
    QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
    QCOMPARE(sandboxCounter(stats, QString(), QStringLiteral("rejected.cap")), 0);
    QVERIFY(sandboxCounter(stats, kDelaware, QStringLiteral("max_in_flight")) <= kCap);
    QCOMPARE(sandboxCounter(stats, QString(), QStringLiteral("accepted")), kTasks);
}

QString TestGateResilience::writeShortLeaseConfig(const QString &name, int leaseMs) {
    // A short lease so that reclaiming a dead holder's permits takes seconds, not the default 15 s; requests
    // must still be shorter than the lease (EngineConfig::validate).
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QString();
    file.write(QStringLiteral("{\"lease_ms\": %1, \"request_timeout_ms\": %2}\n")
                   .arg(leaseMs)
                   .arg(leaseMs / 2)
                   .toUtf8());
    return path;
}

void TestGateResilience::redisStoppedMidBatchFailsClosedThenFinishes() {
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    // ~150 ms per request and two Delaware connections: the batch takes a few seconds, time enough to pull
    // Redis.
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=%1").arg(kCap),
                            QStringLiteral("--latency-ms"), QStringLiteral("120:180")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    ChildProcess run;
    QVERIFY(run.startRun(runArgs(sandbox.baseUrl().toString(), redis.url(), QStringLiteral("blind.sqlite"))));

    QTRY_VERIFY2_WITH_TIMEOUT(delawareRequests(sandbox) >= 6, qPrintable(run.describe()), 30000);
    const quint16 port = redis.port();
    redis.stop();
    QVERIFY(!redis.isRunning());
    const qint64 atStop = totalRequests(sandbox);

    // Requests granted before Redis went away may still arrive (at most one per permit); nothing after that.
    QTest::qWait(1500);
    const qint64 settled = totalRequests(sandbox);
    QVERIFY2(settled - atStop <= kCap,
             qPrintable(QStringLiteral("%1 requests sent after Redis stopped").arg(settled - atStop)));
    QTest::qWait(2000);
    const QJsonObject blindStats = sandbox.stats();
    QCOMPARE(sandboxCounter(blindStats, QString(), QStringLiteral("requests")), settled);
    QCOMPARE(sandboxCounter(blindStats, QString(), QStringLiteral("in_flight")), 0);
    QVERIFY2(settled < kTasks, "the batch finished before Redis was stopped: nothing was tested");
    QVERIFY2(run.isRunning(), qPrintable(run.describe()));
    QVERIFY2(run.standardError().contains(QLatin1String("gate blind")), qPrintable(run.describe()));
    {
        // Nothing is recorded for a filing before its permit: what waits for one while the gate is blind is
        // PENDING on disk, and every VALIDATING in the trail went with its DISPATCHING (one commit).
        fd::AuditStore onDisk;
        QString error;
        QVERIFY2(onDisk.open(m_dir.filePath(QStringLiteral("blind.sqlite")), &error,
                             fd::AuditStore::OpenMode::Shared),
                 qPrintable(error));
        QStringList validating;
        for (const fd::FilingTask &task : onDisk.loadTasks(false))
            if (task.state == fd::ExecutionState::Validating)
                validating.append(task.key);
        QVERIFY2(validating.isEmpty(), qPrintable(validating.join(QLatin1Char(' '))));
        fd::AuditQuery transitions;
        transitions.action = QStringLiteral("transition");
        transitions.limit = 100000;
        int intoValidating = 0;
        int outOfValidating = 0;
        for (const fd::AuditEntry &e : onDisk.queryAudit(transitions)) {
            intoValidating += e.toState == QLatin1String("VALIDATING");
            outOfValidating += e.fromState == QLatin1String("VALIDATING");
        }
        QVERIFY(intoValidating > 0);
        QCOMPARE(outOfValidating, intoValidating);
    }

    // Same port, so the engine's connection finds it again by itself.
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    QCOMPARE(redis.port(), port);
    QVERIFY2(run.waitFinished(90000), qPrintable(run.describe()));
    checkCompleted(run, sandbox);
    QVERIFY2(run.standardError().contains(QLatin1String("gate connected")), qPrintable(run.describe()));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kPermitSet}), QStringLiteral("0"));
}

void TestGateResilience::scriptFlushMidBatchIsSurvived() {
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=%1").arg(kCap),
                            QStringLiteral("--latency-ms"), QStringLiteral("80:120")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    ChildProcess run;
    QVERIFY(run.startRun(runArgs(sandbox.baseUrl().toString(), redis.url(), QStringLiteral("flush.sqlite"))));

    const QString acquireSha = QString::fromLatin1(
        QCryptographicHash::hash(QByteArray(fd::gate_scripts::kAcquire), QCryptographicHash::Sha1).toHex());
    QTRY_VERIFY2_WITH_TIMEOUT(delawareRequests(sandbox) >= 6, qPrintable(run.describe()), 30000);
    QCOMPARE(redis.cli({QStringLiteral("SCRIPT"), QStringLiteral("EXISTS"), acquireSha}),
             QStringLiteral("1"));
    // Flush twice, some requests apart, so the NOSCRIPT path is hit while permits are held and waiters queue.
    for (int round = 0; round < 2; ++round) {
        // (No check that the script is gone afterwards: the engine may already have met NOSCRIPT and loaded
        // it again in the moment between the two commands.)
        QCOMPARE(redis.cli({QStringLiteral("SCRIPT"), QStringLiteral("FLUSH")}), QStringLiteral("OK"));
        const qint64 atFlush = delawareRequests(sandbox);
        QVERIFY2(atFlush < 48, "the Delaware filings finished before the flush: nothing was tested");
        QTRY_VERIFY2_WITH_TIMEOUT(delawareRequests(sandbox) >= atFlush + 4, qPrintable(run.describe()),
                                  20000);
    }
    QVERIFY2(run.waitFinished(90000), qPrintable(run.describe()));
    checkCompleted(run, sandbox);
    // Only the gate's fallback to EVAL can have put the acquire script back into the cache.
    QCOMPARE(redis.cli({QStringLiteral("SCRIPT"), QStringLiteral("EXISTS"), acquireSha}),
             QStringLiteral("1"));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kPermitSet}), QStringLiteral("0"));
}

void TestGateResilience::staleLeaseIsReclaimedAfterTheLease() {
    constexpr int kLeaseMs = 3000;
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=%1").arg(kCap),
                            QStringLiteral("--latency-ms"), QStringLiteral("10:30")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    const QString config = writeShortLeaseConfig(QStringLiteral("stale.json"), kLeaseMs);
    QVERIFY(!config.isEmpty());

    // A holder that acquired the whole cap just now (reference format: 32 hex digits, score in ms) and died:
    // no release will ever come, and the set has no expiry, so only the gate's reap can free it.
    const qint64 now = redisNowMs(redis);
    QVERIFY(now > 0);
    QStringList stale;
    QStringList zadd{QStringLiteral("ZADD"), kPermitSet};
    for (int i = 0; i < kCap; ++i) {
        stale << QUuid::createUuid().toString(QUuid::Id128);
        zadd << QString::number(now) << stale.last();
    }
    QCOMPARE(redis.cli(zadd), QString::number(kCap));
    QElapsedTimer sinceStale;
    sinceStale.start();

    ChildProcess run;
    // Headless runs keep the log to progress lines; the gate's info line about reclaimed permits is the
    // evidence.
    run.setEnv(QStringLiteral("QT_LOGGING_RULES"),
               QStringLiteral("filingdesk.*.debug=false;filingdesk.*.info=false;filingdesk.gate.info=true"));
    QVERIFY(run.startRun(runArgs(sandbox.baseUrl().toString(), redis.url(), QStringLiteral("stale.sqlite")) +
                         QStringList{QStringLiteral("--config"), config}));
    // Fail closed while the dead holder's lease runs: no Delaware request reaches the registry before it
    // ends.
    QTRY_VERIFY2_WITH_TIMEOUT(delawareRequests(sandbox) > 0, qPrintable(run.describe()), 30000);
    const qint64 firstDelawareAfterMs = sinceStale.elapsed();
    QVERIFY2(
        firstDelawareAfterMs >= kLeaseMs - 200,
        qPrintable(QStringLiteral("a Delaware request went out %1 ms after the cap was filled (lease %2 ms)")
                       .arg(firstDelawareAfterMs)
                       .arg(kLeaseMs)));

    QVERIFY2(run.waitFinished(90000), qPrintable(run.describe()));
    checkCompleted(run, sandbox);
    QVERIFY2(run.standardError().contains(QLatin1String("reclaimed")), qPrintable(run.describe()));
    for (const QString &token : std::as_const(stale))
        QVERIFY(isNil(redis.cli({QStringLiteral("ZSCORE"), kPermitSet, token})));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kPermitSet}), QStringLiteral("0"));
}

void TestGateResilience::killedReferenceHolderIsReclaimed() {
    constexpr int kLeaseMs = 3000;
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=%1").arg(kCap),
                            QStringLiteral("--latency-ms"), QStringLiteral("10:30")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    const QString config = writeShortLeaseConfig(QStringLiteral("killed.json"), kLeaseMs);
    QVERIFY(!config.isEmpty());

    // A reference worker (client-clock scores) takes the whole cap; SIGKILL means it never releases.
    ChildProcess holder;
    QVERIFY(holder.start(kSystemPython,
                         {fd::test::sourcePath(QStringLiteral("tests/integration/reference_worker.py")),
                          QStringLiteral("--redis-port"), QString::number(redis.port()),
                          QStringLiteral("--limit"), QString::number(kCap), QStringLiteral("--lease-ms"),
                          QString::number(kLeaseMs), QStringLiteral("--hold")}));
    QTRY_VERIFY2_WITH_TIMEOUT(holder.standardOutput().contains("\"held\""), qPrintable(holder.describe()),
                              20000);
    QElapsedTimer sinceHeld;
    sinceHeld.start();
    const QJsonArray held =
        QJsonDocument::fromJson(holder.standardOutput()).object().value(QLatin1String("held")).toArray();
    QCOMPARE(held.size(), kCap);
    holder.kill();
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kPermitSet}), QString::number(kCap));

    ChildProcess run;
    QVERIFY(run.startRun(runArgs(sandbox.baseUrl().toString(), redis.url(), QStringLiteral("killed.sqlite")) +
                         QStringList{QStringLiteral("--config"), config}));
    QTRY_VERIFY2_WITH_TIMEOUT(delawareRequests(sandbox) > 0, qPrintable(run.describe()), 30000);
    const qint64 firstDelawareAfterMs = sinceHeld.elapsed();
    QVERIFY2(firstDelawareAfterMs >= kLeaseMs - 500,
             qPrintable(QStringLiteral(
                            "a Delaware request went out %1 ms after the holder took the cap (lease %2 ms)")
                            .arg(firstDelawareAfterMs)
                            .arg(kLeaseMs)));
    QVERIFY2(run.waitFinished(90000), qPrintable(run.describe()));
    checkCompleted(run, sandbox);
    for (const QJsonValue &token : held)
        QVERIFY(isNil(redis.cli({QStringLiteral("ZSCORE"), kPermitSet, token.toString()})));
}

void TestGateResilience::deadlineExitHandsPermitsBack() {
    // A run that stops at its --deadline with requests in flight must return its permits on the way out: the
    // lease is the crash backstop, not the way a clean exit gives capacity back to the fleet.
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=%1").arg(kCap),
                            QStringLiteral("--latency-ms"), QStringLiteral("400:500")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    ChildProcess run;
    run.setEnv(QStringLiteral("QT_LOGGING_RULES"), QString());
    QStringList args = runArgs(sandbox.baseUrl().toString(), redis.url(), QStringLiteral("deadline.sqlite"));
    args[args.indexOf(QStringLiteral("--deadline")) + 1] = QStringLiteral("2");
    QVERIFY(run.startRun(args + QStringList{QStringLiteral("--quiet")}));
    QVERIFY2(run.waitFinished(60000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() == 1, qPrintable(run.describe()));
    QVERIFY2(!run.json().value(QLatin1String("finished")).toBool(true), run.standardOutput().constData());
    // Requests were in flight when it stopped (each takes 400-500 ms and the cap was busy the whole time) ...
    QVERIFY(delawareRequests(sandbox) < 48);
    // ... and yet nothing of it is left in the permit set, and the exit said only what the operator needs.
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kPermitSet}), QStringLiteral("0"));
    const QStringList lines = run.standardError().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 1 && lines.first().contains(QLatin1String("deadline of 2 s reached")),
             qPrintable(run.describe()));
}

QTEST_GUILESS_MAIN(TestGateResilience)
#include "tst_gate_resilience.moc"
