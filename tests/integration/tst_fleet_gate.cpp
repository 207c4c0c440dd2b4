// Integration test of the fleet gate across processes: three `filingdesk run` engines (separate processes,
// separate audit databases) and one worker running the Python reference gate share one Redis permit set and
// one sandbox registry whose Delaware connection cap equals the fleet cap. The sandbox is the witness: it
// counts how many requests it ever had in flight at once, and answers 429 to any request beyond its cap.
#include "cli_process.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"

#include <QtCore/QJsonArray>
#include <QtCore/QTemporaryDir>
#include <QtTest/QTest>

#include <memory>
#include <vector>

using fd::test::ChildProcess;
using fd::test::RedisServer;
using fd::test::sandboxCounter;
using fd::test::SandboxProcess;

namespace {

// The reference worker needs python3-redis: CMake finds an interpreter that has it (FILINGDESK_PYTHON).
const QString kSystemPython = qEnvironmentVariable("FILINGDESK_PYTHON");
const QString kDelaware = QStringLiteral("US-DE");

} // namespace

class TestFleetGate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void enginesAndReferenceWorkerShareOneCap();

private:
    QTemporaryDir m_dir;
};

void TestFleetGate::initTestCase() {
    QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
    QVERIFY2(!kSystemPython.isEmpty() && QFileInfo(kSystemPython).isExecutable(),
             "FILINGDESK_PYTHON: no python3 with the redis module (./scripts/install-deps)");
    QVERIFY(m_dir.isValid());
}

void TestFleetGate::enginesAndReferenceWorkerShareOneCap() {
    constexpr int kCap = 3;
    constexpr int kEngines = 3;
    constexpr int kDelawarePerPortfolio =
        48; // tests/data/fleet/fleet_*.csv: 48 Delaware corporations + 4 others
    constexpr int kTasksPerPortfolio = 53; // one California LLC owes two filings
    constexpr int kReferenceFilings = 30;

    RedisServer redis;
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=%1").arg(kCap),
                            QStringLiteral("--latency-ms"), QStringLiteral("30:80"), QStringLiteral("--seed"),
                            QStringLiteral("11")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    const QString registry = sandbox.baseUrl().toString();

    std::vector<std::unique_ptr<ChildProcess>> engines;
    const QStringList tags{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    for (int i = 0; i < kEngines; ++i) {
        auto engine = std::make_unique<ChildProcess>();
        const QStringList args{
            QStringLiteral("--portfolio"),
            fd::test::sourcePath(QStringLiteral("tests/data/fleet/fleet_%1.csv").arg(tags.at(i))),
            QStringLiteral("--as-of"),
            QStringLiteral("2027-02-15"),
            QStringLiteral("--registry"),
            registry,
            QStringLiteral("--redis"),
            redis.url(),
            QStringLiteral("--limit"),
            QStringLiteral("US-DE=%1").arg(kCap),
            QStringLiteral("--db"),
            m_dir.filePath(QStringLiteral("engine-%1.sqlite").arg(tags.at(i))),
            QStringLiteral("--deadline"),
            QStringLiteral("150"),
            QStringLiteral("--json"),
            QStringLiteral("--quiet")};
        QVERIFY2(engine->startRun(args), qPrintable(engine->describe()));
        engines.push_back(std::move(engine));
    }
    // The reference worker waits until an engine holds a Delaware permit, so its filings overlap the
    // engines'.
    ChildProcess reference;
    QVERIFY(reference.start(kSystemPython,
                            {fd::test::sourcePath(QStringLiteral("tests/integration/reference_worker.py")),
                             QStringLiteral("--redis-port"), QString::number(redis.port()),
                             QStringLiteral("--key"), QStringLiteral("sos:de:inflight"),
                             QStringLiteral("--limit"), QString::number(kCap), QStringLiteral("--registry"),
                             registry, QStringLiteral("--count"), QString::number(kReferenceFilings),
                             QStringLiteral("--concurrency"), QString::number(kCap),
                             QStringLiteral("--wait-for-fleet-s"), QStringLiteral("30")}));

    QList<ChildProcess *> all{&reference};
    for (const auto &e : engines)
        all.append(e.get());
    QVERIFY2(fd::test::waitAll(all, 180000), "the fleet did not finish within 180 s");

    for (const auto &engine : engines) {
        QVERIFY2(engine->exitCode() == 0, qPrintable(engine->describe()));
        const QJsonObject run = engine->json();
        QVERIFY2(run.value(QLatin1String("finished")).toBool(), engine->standardOutput().constData());
        QVERIFY2(
            run.value(QLatin1String("gate")).toString().startsWith(QLatin1String("fleet gate on redis://")),
            qPrintable(run.value(QLatin1String("gate")).toString()));
        QCOMPARE(run.value(QLatin1String("tasks")).toInt(), kTasksPerPortfolio);
        QCOMPARE(run.value(QLatin1String("states")).toObject(),
                 QJsonObject({{QStringLiteral("COMPLETED"), kTasksPerPortfolio}}));
    }

    QVERIFY2(reference.exitCode() == 0,
             qPrintable(reference.describe() + QString::fromUtf8(reference.standardOutput())));
    const QJsonObject ref = reference.json();
    QCOMPARE(ref.value(QLatin1String("filed")).toInt(), kReferenceFilings);
    QCOMPARE(ref.value(QLatin1String("errors")).toArray().size(), 0);
    // It found the shared set full at times (engine permits counted against it), and never saw it over the
    // cap.
    QVERIFY2(ref.value(QLatin1String("denied")).toInt() > 0, reference.standardOutput().constData());
    QVERIFY2(ref.value(QLatin1String("max_members_seen")).toInt() <= kCap,
             reference.standardOutput().constData());

    // The witness: the registry never had more than the cap in flight and never had to refuse a request for
    // it.
    const QJsonObject stats = sandbox.stats();
    QVERIFY(!stats.isEmpty());
    const qint64 maxInFlight = sandboxCounter(stats, kDelaware, QStringLiteral("max_in_flight"));
    qInfo().noquote() << "US-DE: max_in_flight" << maxInFlight << "accepted"
                      << sandboxCounter(stats, kDelaware, QStringLiteral("accepted"))
                      << "; reference worker:" << reference.standardOutput().trimmed();
    QVERIFY2(maxInFlight <= kCap,
             qPrintable(QStringLiteral("US-DE max_in_flight %1 > cap %2").arg(maxInFlight).arg(kCap)));
    QVERIFY2(maxInFlight >= 2, "the fleet never ran Delaware requests concurrently: the test proves nothing");
    QCOMPARE(sandboxCounter(stats, kDelaware, QStringLiteral("rejected.cap")), 0);
    QCOMPARE(sandboxCounter(stats, QString(), QStringLiteral("rejected.cap")), 0);
    QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
    QCOMPARE(sandboxCounter(stats, kDelaware, QStringLiteral("accepted")),
             kEngines * kDelawarePerPortfolio + kReferenceFilings);
    QCOMPARE(sandboxCounter(stats, kDelaware, QStringLiteral("replays")), 0);
    QCOMPARE(sandboxCounter(stats, QString(), QStringLiteral("accepted")),
             kEngines * kTasksPerPortfolio + kReferenceFilings);

    // Every permit was handed back: nothing is left for the lease to reclaim.
    QCOMPARE(redis.cli({QStringLiteral("ZCARD"), QStringLiteral("sos:de:inflight")}), QStringLiteral("0"));
}

QTEST_GUILESS_MAIN(TestFleetGate)
#include "tst_fleet_gate.moc"
