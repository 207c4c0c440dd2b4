// Integration tests of RedisPermitGate itself against a private redis-server: several gate instances, each
// with its own connections, act as separate members of one fleet (docs/gate-wire.md).
// - a request withdrawn while its acquire (or a handoff to it) is on the wire leaves no token behind;
// - a release that finds its token reaped is a lost permit (permitLost with the holder's idempotency key);
// - grants go first come, first served across members, and members that all wait get equal shares;
// - reference workers (no queue, client clock) still share the cap;
// - a crashed waiter's queue entry, or a permit handed to it, does not block the others for a lease;
// - a waiter that reads its handoff after the permit was taken back (a stalled process) is not granted it.
#include "cli_process.h"
#include "engine/gate/gate_scripts.h"
#include "engine/gate/redis_connection.h"
#include "engine/gate/redis_permit_gate.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"

#include <QtCore/QJsonArray>
#include <QtCore/QPointer>
#include <QtCore/QTimer>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>
#include <vector>

using fd::PermitHolder;
using fd::RedisEndpoint;
using fd::RedisPermitGate;
using fd::RedisReply;
using fd::test::ChildProcess;
using fd::test::RedisServer;

namespace {

const QString kDelaware = QStringLiteral("US-DE");
const QString kSet = QStringLiteral("sos:de:inflight");
const QString kQueue = QStringLiteral("sos:de:inflight:queue");
const QString kSystemPython = QStringLiteral("/usr/bin/python3");

RedisEndpoint endpointOf(const RedisServer &redis) {
    RedisEndpoint endpoint;
    QString error;
    RedisEndpoint::parse(redis.url(), &endpoint, &error);
    return endpoint;
}

/// A started gate, connected (bounded wait), or null.
std::unique_ptr<RedisPermitGate> connectedGate(const RedisServer &redis, qint64 leaseMs = 15000) {
    auto gate = std::make_unique<RedisPermitGate>(endpointOf(redis), QStringLiteral("sos"), leaseMs);
    gate->start();
    if (!QTest::qWaitFor([&] { return !gate->isBlind(); }, 10000))
        return nullptr;
    return gate;
}

PermitHolder holderFor(int member, int request) {
    PermitHolder h;
    h.host = QStringLiteral("test-host");
    h.process = QStringLiteral("filingdesk/%1").arg(member);
    h.consoleId = QStringLiteral("member-%1").arg(member);
    h.entityId = QStringLiteral("ENTITY-%1-%2").arg(member).arg(request);
    h.jurisdiction = kDelaware;
    h.idempotencyKey = QStringLiteral("key-%1-%2").arg(member).arg(request);
    return h;
}

/// Closes the gate and waits (bounded) for close() to call back.
bool closeGate(RedisPermitGate *gate, int timeoutMs = 5000) {
    bool closed = false;
    gate->close(timeoutMs, [&closed] { closed = true; });
    return QTest::qWaitFor([&] { return closed; }, timeoutMs + 3000);
}

qint64 redisNowMs(const RedisServer &redis) {
    const QStringList parts = redis.cli({QStringLiteral("TIME")}).split(QLatin1Char('\n'));
    if (parts.size() != 2)
        return -1;
    return parts.at(0).trimmed().toLongLong() * 1000 + parts.at(1).trimmed().toLongLong() / 1000;
}

/// Runs one of the gate's queue-aware scripts from outside any gate (as another member would): KEYS are the
/// Delaware queue keys, ARGV the common arguments then `args`.
QString runScript(const RedisServer &redis, const char *script, qint64 leaseMs, const QStringList &args) {
    QStringList argv{QStringLiteral("EVAL"), QString::fromUtf8(script), QStringLiteral("8")};
    for (const char *suffix : {"", ":holders", ":queue", ":queue:seq", ":queue:seen", ":queue:info",
                               ":queue:handed", ":queue:turns"})
        argv << kSet + QLatin1String(suffix);
    argv << QString::number(leaseMs) << QString::number(RedisPermitGate::kWaiterStaleMs);
    return redis.cli(argv + args);
}

QStringList members(const RedisServer &redis, const QString &key) {
    return redis.cli({QStringLiteral("ZRANGE"), key, QStringLiteral("0"), QStringLiteral("-1")})
        .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestGateQueue : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void withdrawnOnTheWireLeavesNoToken_data();
    void withdrawnOnTheWireLeavesNoToken();
    void releaseOfReapedTokenIsLost_data();
    void releaseOfReapedTokenIsLost();
    void firstComeFirstServedAcrossMembers();
    void waitingMembersShareEqually_data();
    void waitingMembersShareEqually();
    void referenceWorkersStillShareTheCap();
    void crashedWaiterDoesNotBlock_data();
    void crashedWaiterDoesNotBlock();
    void scriptFlushIsSurvived();
    void handoffTakenBackBeforeItsClaimIsNotGranted();
};

void TestGateQueue::withdrawnOnTheWireLeavesNoToken_data() {
    QTest::addColumn<QString>("scenario");
    QTest::newRow("acquire paused on the wire") << QStringLiteral("acquire");
    QTest::newRow("handoff to it paused on the wire") << QStringLiteral("handoff");
    QTest::newRow("acquire re-sent after NOSCRIPT") << QStringLiteral("noscript");
}

void TestGateQueue::withdrawnOnTheWireLeavesNoToken() {
    QFETCH(QString, scenario);
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    auto gate = connectedGate(redis);
    QVERIFY(gate);
    QSignalSpy granted(gate.get(), &RedisPermitGate::permitGranted);

    std::unique_ptr<RedisPermitGate> other;
    if (scenario == QLatin1String("handoff")) {
        // Another member holds the cap; ours waits in the queue; the other's release (which hands the permit
        // to ours) is held up by the paused server while ours is withdrawn.
        other = connectedGate(redis);
        QVERIFY(other);
        QSignalSpy otherGranted(other.get(), &RedisPermitGate::permitGranted);
        other->requestPermit(1, kDelaware, 1, holderFor(2, 1));
        QTRY_COMPARE_WITH_TIMEOUT(otherGranted.size(), 1, 5000);
        gate->requestPermit(7, kDelaware, 1, holderFor(1, 7));
        QTRY_COMPARE_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kQueue}), QStringLiteral("1"), 5000);
        QCOMPARE(redis.cli({QStringLiteral("CLIENT"), QStringLiteral("PAUSE"), QStringLiteral("1500"),
                            QStringLiteral("WRITE")}),
                 QStringLiteral("OK"));
        other->releasePermit(kDelaware, otherGranted.first().at(1).toString());
        QTest::qWait(200);
        QVERIFY(other->unconfirmedReturns() == 1); // the release is on the wire
    } else {
        if (scenario == QLatin1String("noscript")) {
            // Only the release script is cached: the acquire answers NOSCRIPT and is re-sent as EVAL behind
            // the withdrawal, which therefore runs first.
            QCOMPARE(redis.cli({QStringLiteral("SCRIPT"), QStringLiteral("FLUSH")}), QStringLiteral("OK"));
            QVERIFY(!redis
                         .cli({QStringLiteral("SCRIPT"), QStringLiteral("LOAD"),
                               QString::fromUtf8(fd::gate_scripts::kRelease)})
                         .isEmpty());
        }
        QCOMPARE(
            redis.cli({QStringLiteral("CLIENT"), QStringLiteral("PAUSE"),
                       scenario == QLatin1String("noscript") ? QStringLiteral("600") : QStringLiteral("1500"),
                       QStringLiteral("WRITE")}),
            QStringLiteral("OK"));
        gate->requestPermit(7, kDelaware, 1, holderFor(1, 7));
        QTest::qWait(200); // the acquire is on the wire, held by the pause
        QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"));
    }
    const QStringList ours = gate->ownTokens();
    QCOMPARE(ours.size(), 1);
    gate->cancelRequest(7);
    QVERIFY2(closeGate(gate.get()), "close() never called back");
    if (other)
        QVERIFY2(closeGate(other.get()), "close() of the other member never called back");
    // Nothing was granted to the withdrawn request, and the gate handed back whatever Redis gave it.
    QCOMPARE(granted.size(), 0);
    QCOMPARE(gate->unconfirmedReturns(), 0);
    QVERIFY2(!members(redis, kSet).contains(ours.first()), qPrintable(members(redis, kSet).join(u',')));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kQueue}), QStringLiteral("0"));
    if (scenario == QLatin1String("noscript"))
        QVERIFY(gate->noscriptReloads() >= 1);
}

void TestGateQueue::releaseOfReapedTokenIsLost_data() {
    QTest::addColumn<bool>("reapedByAnotherMember");
    QTest::newRow("reaped by another member's acquire") << true;
    QTest::newRow("removed while out") << false;
}

void TestGateQueue::releaseOfReapedTokenIsLost() {
    QFETCH(bool, reapedByAnotherMember);
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    auto gate = connectedGate(redis);
    QVERIFY(gate);
    QSignalSpy granted(gate.get(), &RedisPermitGate::permitGranted);
    QSignalSpy lost(gate.get(), &RedisPermitGate::permitLost);
    gate->requestPermit(1, kDelaware, 1, holderFor(1, 1));
    QTRY_COMPARE_WITH_TIMEOUT(granted.size(), 1, 5000);
    const QString token = granted.first().at(1).toString();

    std::unique_ptr<RedisPermitGate> other;
    if (reapedByAnotherMember) {
        // The holder stalled past its lease: its score is old, and the next acquire of the fleet reaps it.
        QCOMPARE(redis.cli({QStringLiteral("ZADD"), kSet, QStringLiteral("XX"),
                            QString::number(redisNowMs(redis) - 60000), token}),
                 QStringLiteral("0"));
        other = connectedGate(redis);
        QVERIFY(other);
        QSignalSpy otherGranted(other.get(), &RedisPermitGate::permitGranted);
        other->requestPermit(1, kDelaware, 1, holderFor(2, 1));
        QTRY_COMPARE_WITH_TIMEOUT(otherGranted.size(), 1, 5000);
    } else {
        QCOMPARE(redis.cli({QStringLiteral("ZREM"), kSet, token}), QStringLiteral("1"));
    }
    gate->releasePermit(kDelaware, token);
    QTRY_COMPARE_WITH_TIMEOUT(lost.size(), 1, 5000);
    QCOMPARE(lost.first().at(0).toString(), kDelaware);
    QCOMPARE(lost.first().at(1).toString(), token);
    QCOMPARE(lost.first().at(2).toString(), QStringLiteral("key-1-1"));
    QCOMPARE(gate->lostCount(), 1);
    // Releasing again is a no-op, not a second loss.
    gate->releasePermit(kDelaware, token);
    QTest::qWait(100);
    QCOMPARE(lost.size(), 1);
    QVERIFY(closeGate(gate.get()));
}

void TestGateQueue::firstComeFirstServedAcrossMembers() {
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    auto holder = connectedGate(redis);
    QVERIFY(holder);
    QSignalSpy held(holder.get(), &RedisPermitGate::permitGranted);
    holder->requestPermit(1, kDelaware, 1, holderFor(0, 1));
    QTRY_COMPARE_WITH_TIMEOUT(held.size(), 1, 5000);

    // Members queue one after the other while the cap is full; each releases at once when granted.
    std::vector<std::unique_ptr<RedisPermitGate>> queued;
    QList<int> order;
    for (int m = 1; m <= 4; ++m) {
        auto gate = connectedGate(redis);
        QVERIFY(gate);
        RedisPermitGate *g = gate.get();
        connect(g, &RedisPermitGate::permitGranted, g, [g, m, &order](quint64, const QString &token) {
            order << m;
            QTimer::singleShot(5, g, [g, token] { g->releasePermit(kDelaware, token); });
        });
        g->requestPermit(1, kDelaware, 1, holderFor(m, 1));
        QTRY_COMPARE_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kQueue}), QString::number(m), 5000);
        queued.push_back(std::move(gate));
    }
    holder->releasePermit(kDelaware, held.first().at(1).toString());
    QTRY_COMPARE_WITH_TIMEOUT(order.size(), 4, 10000);
    QCOMPARE(order, QList<int>({1, 2, 3, 4}));
    QTRY_COMPARE_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"), 5000);
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kQueue}), QStringLiteral("0"));
}

void TestGateQueue::waitingMembersShareEqually_data() {
    QTest::addColumn<int>("memberCount");
    QTest::addColumn<int>("cap");
    QTest::newRow("two members, cap 1") << 2 << 1;
    QTest::newRow("three members, cap 1") << 3 << 1;
    QTest::newRow("three members, cap 2") << 3 << 2;
}

void TestGateQueue::waitingMembersShareEqually() {
    QFETCH(int, memberCount);
    QFETCH(int, cap);
    constexpr int kRequests = 30;
    constexpr int kHoldMs = 3;
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    std::vector<std::unique_ptr<RedisPermitGate>> gates;
    for (int m = 0; m < memberCount; ++m) {
        gates.push_back(connectedGate(redis));
        QVERIFY(gates.back());
    }
    // Each member keeps `cap` requests waiting, like an engine with a per-jurisdiction ceiling of `cap`, and
    // holds each permit a few ms, as a request to the registry would.
    QList<int> order;
    QList<int> issued(memberCount, 0);
    int maxHeld = 0;
    int heldNow = 0;
    for (int m = 0; m < memberCount; ++m) {
        RedisPermitGate *g = gates.at(m).get();
        connect(g, &RedisPermitGate::permitGranted, g,
                [g, m, cap, &order, &issued, &heldNow, &maxHeld](quint64, const QString &token) {
                    order << m;
                    maxHeld = qMax(maxHeld, ++heldNow);
                    QTimer::singleShot(kHoldMs, g, [g, m, cap, token, &issued, &heldNow] {
                        --heldNow;
                        g->releasePermit(kDelaware, token);
                        if (issued[m] < kRequests) {
                            ++issued[m];
                            g->requestPermit(quint64(issued[m]), kDelaware, cap, holderFor(m, issued[m]));
                        }
                    });
                });
    }
    for (int m = 0; m < memberCount; ++m)
        for (int r = 0; r < cap; ++r) {
            ++issued[m];
            gates.at(m)->requestPermit(quint64(issued[m]), kDelaware, cap, holderFor(m, issued[m]));
        }
    QTRY_COMPARE_WITH_TIMEOUT(order.size(), memberCount * kRequests, 60000);
    QVERIFY2(maxHeld <= cap,
             qPrintable(QStringLiteral("%1 permits held at once, cap %2").arg(maxHeld).arg(cap)));

    // Shares while every member still waited: up to the grant at which the first member got its last one.
    QList<int> shares(memberCount, 0);
    int window = 0;
    for (int m : std::as_const(order)) {
        ++shares[m];
        ++window;
        if (shares[m] == kRequests)
            break;
    }
    const double fair = double(window) / memberCount;
    QStringList text;
    for (int s : std::as_const(shares))
        text << QString::number(s);
    QStringList sequence;
    for (int m : std::as_const(order))
        sequence << QString::number(m);
    qInfo().noquote() << "grants per member while all waited:" << text.join(u'/') << "of" << window
                      << "; order" << sequence.join(QString());
    for (int s : std::as_const(shares))
        QVERIFY2(qAbs(s - fair) <= 0.2 * fair,
                 qPrintable(QStringLiteral("shares %1 of %2: not within 20 % of %3")
                                .arg(text.join(u'/'))
                                .arg(window)
                                .arg(fair)));
    QTRY_COMPARE_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"), 5000);
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kQueue}), QStringLiteral("0"));
}

void TestGateQueue::referenceWorkersStillShareTheCap() {
    constexpr int kCap = 2;
    constexpr int kRequests = 40;
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    fd::test::SandboxProcess sandbox({QStringLiteral("--latency-ms"), QStringLiteral("5:10")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));

    // The witness: after every grant, the permit set's size as Redis sees it (its own connection).
    fd::RedisConnection witness(endpointOf(redis));
    witness.start();
    QTRY_VERIFY_WITH_TIMEOUT(witness.isConnected(), 5000);
    qint64 maxMembers = 0;

    std::vector<std::unique_ptr<RedisPermitGate>> gates;
    int grants = 0;
    for (int m = 0; m < 2; ++m) {
        gates.push_back(connectedGate(redis));
        QVERIFY(gates.back());
        RedisPermitGate *g = gates.back().get();
        connect(g, &RedisPermitGate::permitGranted, g, [&, g](quint64, const QString &token) {
            ++grants;
            witness.command({QByteArrayLiteral("ZCARD"), kSet.toUtf8()},
                            [&maxMembers](const RedisReply &r) { maxMembers = qMax(maxMembers, r.integer); });
            QTimer::singleShot(8, g, [g, token] { g->releasePermit(kDelaware, token); });
        });
    }
    ChildProcess reference;
    QVERIFY(reference.start(
        kSystemPython, {fd::test::sourcePath(QStringLiteral("tests/integration/reference_worker.py")),
                        QStringLiteral("--redis-port"), QString::number(redis.port()),
                        QStringLiteral("--limit"), QString::number(kCap), QStringLiteral("--registry"),
                        sandbox.baseUrl().toString(), QStringLiteral("--count"), QStringLiteral("30"),
                        QStringLiteral("--concurrency"), QString::number(kCap), QStringLiteral("--poll-s"),
                        QStringLiteral("0.02"), QStringLiteral("--wait-for-fleet-s"), QStringLiteral("20")}));
    for (int m = 0; m < 2; ++m)
        for (int r = 0; r < kRequests; ++r)
            gates.at(m)->requestPermit(quint64(r + 1), kDelaware, kCap, holderFor(m, r));
    QTRY_COMPARE_WITH_TIMEOUT(grants, 2 * kRequests, 60000);
    QVERIFY2(reference.waitFinished(60000), qPrintable(reference.describe()));
    QVERIFY2(reference.exitCode() == 0,
             qPrintable(reference.describe() + QString::fromUtf8(reference.standardOutput())));
    const QJsonObject ref = reference.json();
    qInfo().noquote() << "reference worker:" << reference.standardOutput().trimmed() << "; max members seen"
                      << maxMembers;
    QCOMPARE(ref.value(QLatin1String("filed")).toInt(), 30);
    QVERIFY(ref.value(QLatin1String("max_members_seen")).toInt() <= kCap);
    QVERIFY2(maxMembers <= kCap, qPrintable(QString::number(maxMembers)));
    QVERIFY(maxMembers >= 1);
    QTRY_COMPARE_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"), 5000);
}

void TestGateQueue::crashedWaiterDoesNotBlock_data() {
    QTest::addColumn<int>("lastSeenAgoMs");
    QTest::newRow("entry not refreshed for long") << 10000;
    QTest::newRow("waiter died just now") << 0;
}

void TestGateQueue::crashedWaiterDoesNotBlock() {
    QFETCH(int, lastSeenAgoMs);
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    // A member queued its head waiter, then crashed: the entry stays until nobody refreshes it.
    const QString dead = QStringLiteral("deadbeefdeadbeefdeadbeefdeadbeef");
    const qint64 now = redisNowMs(redis);
    QCOMPARE(redis.cli({QStringLiteral("ZADD"), kQueue, QStringLiteral("1"), dead}), QStringLiteral("1"));
    QCOMPARE(redis.cli({QStringLiteral("ZADD"), kQueue + QStringLiteral(":seen"),
                        QString::number(now - lastSeenAgoMs), dead}),
             QStringLiteral("1"));
    QCOMPARE(
        redis.cli({QStringLiteral("HSET"), kQueue + QStringLiteral(":info"), dead, QStringLiteral("1|{}")}),
        QStringLiteral("1"));
    QCOMPARE(redis.cli({QStringLiteral("SET"), kQueue + QStringLiteral(":seq"), QStringLiteral("1")}),
             QStringLiteral("OK"));

    auto gate = connectedGate(redis); // lease 15 s: being granted well before it proves no lease was waited
    QVERIFY(gate);
    QSignalSpy granted(gate.get(), &RedisPermitGate::permitGranted);
    QElapsedTimer waited;
    waited.start();
    gate->requestPermit(1, kDelaware, 1, holderFor(1, 1));
    QTRY_COMPARE_WITH_TIMEOUT(granted.size(), 1, 10000);
    qInfo() << "granted after" << waited.elapsed() << "ms";
    QVERIFY(members(redis, kSet) == QStringList{granted.first().at(1).toString()});
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kQueue}), QStringLiteral("0"));
    gate->releasePermit(kDelaware, granted.first().at(1).toString());
    QVERIFY(closeGate(gate.get()));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"));
}

void TestGateQueue::scriptFlushIsSurvived() {
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    std::vector<std::unique_ptr<RedisPermitGate>> gates;
    int grants = 0;
    for (int m = 0; m < 2; ++m) {
        gates.push_back(connectedGate(redis));
        QVERIFY(gates.back());
        RedisPermitGate *g = gates.back().get();
        connect(g, &RedisPermitGate::permitGranted, g, [&grants, g](quint64, const QString &token) {
            ++grants;
            QTimer::singleShot(5, g, [g, token] { g->releasePermit(kDelaware, token); });
        });
    }
    for (int m = 0; m < 2; ++m)
        for (int r = 0; r < 40; ++r)
            gates.at(m)->requestPermit(quint64(r + 1), kDelaware, 1, holderFor(m, r));
    for (int round = 0; round < 3; ++round) {
        const int before = grants;
        QCOMPARE(redis.cli({QStringLiteral("SCRIPT"), QStringLiteral("FLUSH")}), QStringLiteral("OK"));
        QTRY_VERIFY_WITH_TIMEOUT(grants >= before + 5, 10000);
    }
    QTRY_COMPARE_WITH_TIMEOUT(grants, 80, 30000);
    QVERIFY(gates.at(0)->noscriptReloads() + gates.at(1)->noscriptReloads() >= 3);
    QTRY_COMPARE_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"), 5000);
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kQueue}), QStringLiteral("0"));
}

void TestGateQueue::handoffTakenBackBeforeItsClaimIsNotGranted() {
    // The waiter's process stalls between the handoff and reading its message: meanwhile the unclaimed permit
    // is taken back and given to another member. The waiter must find out by its claim and queue again, not
    // take the message as a grant (a request sent on it would put two requests in flight under a cap of 1).
    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    const qint64 leaseMs = 3000;
    auto waiter = connectedGate(redis, leaseMs);
    QVERIFY(waiter);
    QSignalSpy granted(waiter.get(), &RedisPermitGate::permitGranted);
    QSignalSpy lost(waiter.get(), &RedisPermitGate::permitLost);
    // A reference worker holds the only permit; the gate queues behind it.
    QCOMPARE(redis.cli({QStringLiteral("ZADD"), kSet, QString::number(redisNowMs(redis)),
                        QStringLiteral("reference-holder")}),
             QStringLiteral("1"));
    waiter->requestPermit(1, kDelaware, 1, holderFor(1, 1));
    QTRY_COMPARE_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kQueue}), QStringLiteral("1"), 5000);
    const QString waiting = members(redis, kQueue).value(0);
    QVERIFY(!waiting.isEmpty());

    // From here until the event loop runs again, the waiter's process is stalled.
    const QString released = runScript(redis, fd::gate_scripts::kRelease.constData(), leaseMs,
                                       {QStringLiteral("reference-holder")});
    QVERIFY2(released.contains(waiting), qPrintable(released)); // handed to the waiter, and published
    // Unclaimed for longer than a third of the lease: the next script of the fleet takes it back, and the
    // member that ran it gets it.
    QCOMPARE(redis.cli({QStringLiteral("ZADD"), kQueue + QStringLiteral(":handed"), QStringLiteral("XX"),
                        QString::number(redisNowMs(redis) - leaseMs), waiting}),
             QStringLiteral("0"));
    const QString acquired = runScript(redis, fd::gate_scripts::kAcquire.constData(), leaseMs,
                                       {QStringLiteral("1"), QStringLiteral("other-member-token"),
                                        QStringLiteral("{}"), QStringLiteral("other-member")});
    QVERIFY2(acquired.startsWith(QLatin1Char('1')), qPrintable(acquired));
    QCOMPARE(members(redis, kSet), QStringList{QStringLiteral("other-member-token")});

    // The waiter wakes up and reads the stale message: no grant, no loss (nothing was sent), queued again.
    QTest::qWait(1000);
    QCOMPARE(granted.size(), 0);
    QCOMPARE(lost.size(), 0);
    QCOMPARE(members(redis, kSet), QStringList{QStringLiteral("other-member-token")});
    QTRY_COMPARE_WITH_TIMEOUT(redis.cli({QStringLiteral("ZCARD"), kQueue}), QStringLiteral("1"), 5000);

    // The other member releases: the waiter is handed the permit, claims it, and only then is granted.
    runScript(redis, fd::gate_scripts::kRelease.constData(), leaseMs, {QStringLiteral("other-member-token")});
    QTRY_COMPARE_WITH_TIMEOUT(granted.size(), 1, 5000);
    const QString token = granted.first().at(1).toString();
    QCOMPARE(members(redis, kSet), QStringList{token});
    QVERIFY(waiter->leaseLeftMs(token) > leaseMs - 1000);
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kQueue + QStringLiteral(":handed")}), QStringLiteral("0"));
    waiter->releasePermit(kDelaware, token);
    QVERIFY(closeGate(waiter.get()));
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), kSet}), QStringLiteral("0"));
}

QTEST_GUILESS_MAIN(TestGateQueue)
#include "tst_gate_queue.moc"
