// Team mode as it failed when first tried, against the real parts: the `filingdesk` CLI (run, launch, worker,
// audit verify), a private PostgreSQL 15 (the ledger), a private redis-server (the fleet gate) and the
// sandbox registry. Each test is one fault, by kind:
// - several workers on one host without --db, and a mirror of another ledger named with --db;
// - an uncertain outcome settled too early: a registry that ignores Idempotency-Key, records a filing only
// when
//   its processing ends and answers every third request after the request timeout;
// - a member that cannot send (no registry, no fleet gate) takes nothing of the team's work;
// - Cancel acts on the batch named, not on every batch of the team;
// - a permit lost on the run's last request is still recorded and announced.
#include "cli_process.h"
#include "engine/core/engine.h"
#include "engine/core/host_identity.h"
#include "support/endpoints.h"
#include "support/postgres_server.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"

#include <QtCore/QDir>
#include <QtCore/QDirIterator>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>
#include <optional>

using fd::test::ChildProcess;
using fd::test::PostgresServer;
using fd::test::RedisServer;
using fd::test::SandboxProcess;

class TestTeamFaults : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    RedisServer m_redis;
    std::unique_ptr<PostgresServer> m_postgres;
    int m_serial = 0;

    /// A FilingDesk CSV of `count` active Delaware corporations (Annual Franchise Tax due 2027-03-01).
    QString delawarePortfolio(int count, const QString &prefix) {
        const QString path = m_dir.filePath(QStringLiteral("%1-%2.csv").arg(prefix).arg(++m_serial));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return QString();
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,status,authorized_shares\n");
        for (int i = 0; i < count; ++i)
            f.write(QStringLiteral("%1-%2,%1 Holdings %2 Inc.,corporation,US-DE,2015-04-01,active,5000\n")
                        .arg(prefix)
                        .arg(i)
                        .toUtf8());
        return path;
    }

    QString writeConfig(const QByteArray &json) {
        const QString path = m_dir.filePath(QStringLiteral("config-%1.json").arg(++m_serial));
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(json);
        return path;
    }

    qint64 ledgerCount(const QString &sql, const QString &database = QString()) const {
        bool ok = false;
        const qint64 n = m_postgres->psql(sql, database).trimmed().toLongLong(&ok);
        return ok ? n : -1;
    }

    /// `filingdesk launch` of `portfolio` into ledger `url`; the batch id, empty on failure (*why).
    QString launch(const QString &url, const QString &portfolio, QString *why) {
        ChildProcess launcher;
        if (!launcher.start(fd::test::cliPath(),
                            {QStringLiteral("launch"), QStringLiteral("--ledger"), url,
                             QStringLiteral("--portfolio"), portfolio, QStringLiteral("--as-of"),
                             QStringLiteral("2027-02-15"), QStringLiteral("--json")}) ||
            !launcher.waitFinished(60000) || launcher.exitCode() != 0) {
            *why = launcher.describe();
            return QString();
        }
        return launcher.json().value(QLatin1String("batch_id")).toString();
    }

    /// A child with a private home: its default mirrors go to a folder of this test.
    void privateHome(ChildProcess &p, const QString &name) {
        const QString home = m_dir.filePath(QStringLiteral("home-%1").arg(name));
        QDir().mkpath(home);
        p.setEnv(QStringLiteral("HOME"), home);
        p.setEnv(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/.local/share"));
    }

    /// A desk of the team that looks and acts but sends nothing (it claims no work), with a mirror of its own
    /// (named after the desk unless `mirror` names it: a mirror belongs to one ledger).
    fd::EngineConfig lookingDesk(const QString &url, const QString &name,
                                 const QString &mirror = QString()) const {
        fd::EngineConfig config;
        config.ledger = fd::test::parsedLedger(url);
        config.claimsWork = false;
        config.consoleId = name;
        config.dbPath = m_dir.filePath((mirror.isEmpty() ? name : mirror) + QStringLiteral(".sqlite"));
        return config;
    }

    /// Starts `engine` (on this thread) with `config`; false with *why when it did not start within 30 s.
    static bool startEngine(fd::Engine &engine, const fd::EngineConfig &config, QString *why) {
        QSignalSpy started(&engine, &fd::Engine::started);
        QMetaObject::invokeMethod(
            &engine, [&engine, config] { engine.start(config); }, Qt::QueuedConnection);
        if (!QTest::qWaitFor([&started] { return !started.isEmpty(); }, 30000)) {
            *why = QStringLiteral("the engine did not start within 30 s");
            return false;
        }
        *why = started.first().at(1).toString();
        return started.first().at(0).toBool();
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_redis.start(), qPrintable(m_redis.errorString()));
        m_postgres = std::make_unique<PostgresServer>();
        QVERIFY2(m_postgres->start(), qPrintable(m_postgres->errorString()));
    }

    void init() { QVERIFY(!m_redis.cli({QStringLiteral("FLUSHALL")}).isNull()); }

    // 1. Three workers on one host, no --db: each takes a mirror of its own; none exits "in use".
    void workersWithoutDbShareOneHost() {
        QVERIFY(m_postgres->createDatabase(QStringLiteral("three_workers")));
        const QString url = m_postgres->url(QStringLiteral("three_workers"));
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                 QStringLiteral("20"), QStringLiteral("--default-cap"), QStringLiteral("3")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(24, QStringLiteral("W")), &why).isEmpty(), qPrintable(why));
        const QString config =
            writeConfig(R"({"lease_ms": 4000, "request_timeout_ms": 2000, "default_limit": 3})");
        ChildProcess w1, w2, w3;
        int n = 0;
        for (ChildProcess *w : {&w1, &w2, &w3}) {
            privateHome(*w, QStringLiteral("shared")); // one OS user, one data folder
            QVERIFY(w->start(fd::test::cliPath(),
                             {QStringLiteral("worker"), QStringLiteral("--ledger"), url,
                              QStringLiteral("--redis"), m_redis.url(), QStringLiteral("--registry"),
                              registry.baseUrl().toString(), QStringLiteral("--config"), config,
                              QStringLiteral("--exit-when-idle")}));
            ++n;
        }
        QVERIFY(fd::test::waitAll({&w1, &w2, &w3}, 120000));
        for (ChildProcess *w : {&w1, &w2, &w3})
            QVERIFY2(w->exitCode() == 0, qPrintable(w->describe()));
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state <> 'COMPLETED'"),
                             QStringLiteral("three_workers")),
                 0);
        QCOMPARE(registry.stats().value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        const QString ledgerId = m_postgres->psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"),
                                                  QStringLiteral("three_workers"));
        // Each worker that took part kept a mirror of its own, in this ledger's folder of the shared data
        // folder.
        QStringList files;
        QDirIterator it(m_dir.filePath(QStringLiteral("home-shared")),
                        QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.contains(QStringLiteral("/mirrors/%1/worker-").arg(ledgerId)) &&
                path.endsWith(QLatin1String(".sqlite")))
                files << path;
        }
        QCOMPARE(files.size(), qsizetype(3));

        // audit verify names the ledger it checked.
        ChildProcess verify;
        QVERIFY(
            verify.start(fd::test::cliPath(), {QStringLiteral("audit"), QStringLiteral("verify"),
                                               QStringLiteral("--ledger"), url, QStringLiteral("--json")}));
        QVERIFY(verify.waitFinished(60000));
        QVERIFY2(verify.exitCode() == 0, qPrintable(verify.describe()));
        QCOMPARE(verify.json().value(QLatin1String("ledger_id")).toString(), ledgerId);
    }

    // 1. A mirror of ledger A named with --db against a fresh ledger B: refused at start, one line, both
    // named.
    void mirrorOfAnotherLedgerIsRefusedAtStart() {
        QVERIFY(m_postgres->createDatabase(QStringLiteral("ledger_a")));
        QVERIFY(m_postgres->createDatabase(QStringLiteral("ledger_b")));
        const QString mirror = m_dir.filePath(QStringLiteral("a-mirror.sqlite"));
        const QStringList common{QStringLiteral("--redis"),
                                 m_redis.url(),
                                 QStringLiteral("--registry"),
                                 QStringLiteral("http://127.0.0.1:9"),
                                 QStringLiteral("--db"),
                                 mirror,
                                 QStringLiteral("--exit-when-idle")};
        ChildProcess onA;
        QVERIFY(
            onA.start(fd::test::cliPath(), QStringList{QStringLiteral("worker"), QStringLiteral("--ledger"),
                                                       m_postgres->url(QStringLiteral("ledger_a"))} +
                                               common));
        QVERIFY(onA.waitFinished(60000));
        QVERIFY2(onA.exitCode() == 0, qPrintable(onA.describe()));
        ChildProcess onB;
        QVERIFY(
            onB.start(fd::test::cliPath(), QStringList{QStringLiteral("worker"), QStringLiteral("--ledger"),
                                                       m_postgres->url(QStringLiteral("ledger_b"))} +
                                               common));
        QVERIFY(onB.waitFinished(60000));
        QVERIFY2(onB.exitCode() == 3, qPrintable(onB.describe()));
        const QString idA = m_postgres->psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"),
                                             QStringLiteral("ledger_a"));
        const QString idB = m_postgres->psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"),
                                             QStringLiteral("ledger_b"));
        const QString err = onB.standardError();
        QVERIFY2(err.contains(idA) && err.contains(idB), qPrintable(err));
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM members"), QStringLiteral("ledger_b")), 0);
    }

    // 2. Every third request takes 3 s, the request timeout is 1 s, and the registry files every POST anew
    // and shows a filing only once it has processed it: nothing may be filed twice.
    void uncertainOutcomeWaitsForTheSettleWindow() {
        const QString config = writeConfig(
            R"({"lease_ms": 8000, "request_timeout_ms": 1000, "settle_ms": 6000, "retry_base_ms": 200,
                "retry_max_ms": 1000, "max_attempts": 6, "default_limit": 4})");
        // The registry outlives the run: a submission it is still working on when the run ends is counted
        // once it is processed.
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"),
                                 QStringLiteral("--record-on-answer"), QStringLiteral("--fail"),
                                 QStringLiteral("slow=0.34"), QStringLiteral("--slow-ms"),
                                 QStringLiteral("3000"), QStringLiteral("--fault-attempts"),
                                 QStringLiteral("1"), QStringLiteral("--latency-ms"), QStringLiteral("20")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        ChildProcess run;
        QVERIFY(run.startRun(
            {QStringLiteral("--portfolio"), delawarePortfolio(12, QStringLiteral("S")),
             QStringLiteral("--as-of"), QStringLiteral("2027-02-15"), QStringLiteral("--registry"),
             registry.baseUrl().toString(), QStringLiteral("--config"), config, QStringLiteral("--db"),
             m_dir.filePath(QStringLiteral("settle.sqlite")), QStringLiteral("--json"),
             QStringLiteral("--quiet"), QStringLiteral("--deadline"), QStringLiteral("90")}));
        QVERIFY2(run.waitFinished(120000), qPrintable(run.describe()));
        QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
        const QJsonObject out = run.json();
        QTest::qWait(3500); // every slow submission processed by now
        const QJsonObject stats = registry.stats();
        QVERIFY2(fd::test::sandboxCounter(stats, QString(), QStringLiteral("slow")) > 0,
                 "the sandbox answered no request slowly: the test proves nothing");
        QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        QCOMPARE(stats.value(QLatin1String("filings")).toInteger(-1), 12);
        QCOMPARE(out.value(QLatin1String("states")).toObject().value(QLatin1String("COMPLETED")).toInt(), 12);
    }

    // 2. The registry processes each first submission and drops the connection without answering. The HTTP
    // layer must not send it again by itself: every filing once, settled by look-up.
    void droppedConnectionIsNeverSentAgainBlind() {
        const QString config = writeConfig(
            R"({"lease_ms": 8000, "request_timeout_ms": 2000, "settle_ms": 3000, "retry_base_ms": 200,
                "retry_max_ms": 1000, "max_attempts": 6, "default_limit": 4, "breaker_threshold": 100})");
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"),
                                 QStringLiteral("--record-on-answer"), QStringLiteral("--fail"),
                                 QStringLiteral("drop=1"), QStringLiteral("--fault-attempts"),
                                 QStringLiteral("1"), QStringLiteral("--latency-ms"), QStringLiteral("20")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        ChildProcess run;
        QVERIFY(run.startRun(
            {QStringLiteral("--portfolio"), delawarePortfolio(6, QStringLiteral("D")),
             QStringLiteral("--as-of"), QStringLiteral("2027-02-15"), QStringLiteral("--registry"),
             registry.baseUrl().toString(), QStringLiteral("--config"), config, QStringLiteral("--db"),
             m_dir.filePath(QStringLiteral("dropped.sqlite")), QStringLiteral("--json"),
             QStringLiteral("--quiet"), QStringLiteral("--deadline"), QStringLiteral("60")}));
        QVERIFY2(run.waitFinished(90000), qPrintable(run.describe()));
        QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
        const QJsonObject stats = registry.stats();
        QCOMPARE(fd::test::sandboxCounter(stats, QString(), QStringLiteral("dropped")), 6);
        QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        QCOMPARE(stats.value(QLatin1String("filings")).toInteger(-1), 6);
        QCOMPARE(fd::test::sandboxCounter(stats, QString(), QStringLiteral("requests")), 6); // no second POST
        QCOMPARE(
            run.json().value(QLatin1String("states")).toObject().value(QLatin1String("COMPLETED")).toInt(),
            6);
    }

    // 8. `run --ledger` without a fleet gate is refused; a member without a registry for the team's work
    // takes none of it (it used to claim and dead-letter it).
    void memberThatCannotSendTakesNothing() {
        ChildProcess noGate;
        QVERIFY(noGate.startRun({QStringLiteral("--ledger"), m_postgres->url(), QStringLiteral("--portfolio"),
                                 delawarePortfolio(2, QStringLiteral("G")), QStringLiteral("--sandbox")}));
        QVERIFY(noGate.waitFinished(30000));
        QCOMPARE(noGate.exitCode(), 2);
        QVERIFY2(noGate.standardError().contains(QLatin1String("--redis")), qPrintable(noGate.describe()));
        QVERIFY(!noGate.standardError().contains(QLatin1Char('\n')) ||
                noGate.standardError().trimmed().count(QLatin1Char('\n')) == 0);

        QVERIFY(m_postgres->createDatabase(QStringLiteral("review_desk")));
        const QString url = m_postgres->url(QStringLiteral("review_desk"));
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(3, QStringLiteral("R")), &why).isEmpty(), qPrintable(why));
        // A desk with the team's ledger and Redis, but no registry configured at all.
        // The engine on this thread: the spies read what it emits without a race.
        fd::Engine engineObject;
        fd::Engine *engine = &engineObject;
        QSignalSpy statuses(engine, &fd::Engine::batchStatusChanged);
        fd::EngineConfig config;
        config.ledger = fd::test::parsedLedger(url);
        config.redis = fd::test::parsedRedis(m_redis.url());
        config.memberKind = fd::MemberKind::Desk;
        config.consoleId = QStringLiteral("review-desk");
        config.dbPath = m_dir.filePath(QStringLiteral("review-desk.sqlite"));
        QString notStarted;
        QVERIFY2(startEngine(*engine, config, &notStarted), qPrintable(notStarted));
        QTest::qWait(3000); // several claim rounds
        QCOMPARE(
            ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL OR state <> "
                                       "'PENDING'"),
                        QStringLiteral("review_desk")),
            0);
        QTRY_VERIFY_WITH_TIMEOUT(!statuses.isEmpty(), 5000);
        const auto last = statuses.last().first().value<fd::BatchStatus>();
        QVERIFY2(last.reviewOnlyReason.contains(QLatin1String("no registry configured")),
                 qPrintable(last.reviewOnlyReason));
        QSignalSpy stopped(engine, &fd::Engine::stopped);
        engine->shutdown();
        QTRY_VERIFY_WITH_TIMEOUT(stopped.count() >= 1, 10000);
    }

    // A member that stops holding claims hands every one back before it says it stopped: those waiting for a
    // permit and the one on the wire (its request aborted: whoever takes it next looks it up first). The hand
    // back goes on the ledger writer's connection after the member's transitions, not on its engine thread.
    void claimsGoBackBeforeTheMemberStops() {
        QVERIFY(m_postgres->createDatabase(QStringLiteral("hand_back")));
        const QString url = m_postgres->url(QStringLiteral("hand_back"));
        SandboxProcess registry({QStringLiteral("--latency-ms"), QStringLiteral("5000")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(6, QStringLiteral("H")), &why).isEmpty(), qPrintable(why));
        fd::Engine engineObject;
        fd::Engine *engine = &engineObject;
        fd::EngineConfig config;
        config.ledger = fd::test::parsedLedger(url);
        config.redis = fd::test::parsedRedis(m_redis.url());
        config.registries.defaultUrl = registry.baseUrl();
        config.defaultLimit = 1; // one on the wire, the others claimed and waiting for the permit
        config.memberKind = fd::MemberKind::Worker;
        config.consoleId = QStringLiteral("handing-back");
        QString notStarted;
        QVERIFY2(startEngine(*engine, config, &notStarted), qPrintable(notStarted));
        const QString held = QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL");
        QTRY_VERIFY_WITH_TIMEOUT(ledgerCount(held, QStringLiteral("hand_back")) > 1, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(
            ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'DISPATCHING'"),
                        QStringLiteral("hand_back")),
            1, 20000);
        QSignalSpy stopped(engine, &fd::Engine::stopped);
        engine->shutdown();
        QTRY_COMPARE_WITH_TIMEOUT(stopped.count(), 1, 20000);
        QCOMPARE(ledgerCount(held, QStringLiteral("hand_back")), 0);
        // The request aborted on the wire stays DISPATCHING: never put back as if it had not been sent.
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'DISPATCHING'"),
                             QStringLiteral("hand_back")),
                 1);
    }

    // 7. Two batches of the team are running; Cancel on one leaves the other running. Without a name, Cancel
    // with two open batches changes nothing and asks which.
    void cancelActsOnTheBatchNamed() {
        QVERIFY(m_postgres->createDatabase(QStringLiteral("two_batches")));
        const QString url = m_postgres->url(QStringLiteral("two_batches"));
        QString why;
        const QString first = launch(url, delawarePortfolio(2, QStringLiteral("X")), &why);
        QVERIFY2(!first.isEmpty(), qPrintable(why));
        const QString second = launch(url, delawarePortfolio(2, QStringLiteral("Y")), &why);
        QVERIFY2(!second.isEmpty(), qPrintable(why));
        fd::Engine engineObject;
        fd::Engine *engine = &engineObject;
        QSignalSpy errors(engine, &fd::Engine::errorOccurred);
        QSignalSpy statuses(engine, &fd::Engine::batchStatusChanged);
        const fd::EngineConfig config = lookingDesk(url, QStringLiteral("cancelling-desk"));
        QString notStarted;
        QVERIFY2(startEngine(*engine, config, &notStarted), qPrintable(notStarted));
        // What the desk last showed and what the ledger holds, should the two not agree.
        const auto shownAndHeld = [this, &statuses] {
            const QString shown =
                statuses.isEmpty()
                    ? QStringLiteral("no status")
                    : QStringLiteral("%1 status(es), the last open batches [%2]")
                          .arg(statuses.size())
                          .arg(statuses.last().first().value<fd::BatchStatus>().openBatches.join(u','));
            return QStringLiteral("%1; the ledger holds %2")
                .arg(shown,
                     m_postgres->psql(QStringLiteral("SELECT string_agg(batch_id || ' ' || status, ', ') "
                                                     "FROM batches"),
                                      QStringLiteral("two_batches")));
        };
        QTRY_VERIFY2_WITH_TIMEOUT(
            !statuses.isEmpty() && statuses.last().first().value<fd::BatchStatus>().openBatches.size() == 2,
            qPrintable(shownAndHeld()), 10000);
        QMetaObject::invokeMethod(
            engine, [engine] { engine->cancelBatch(QStringLiteral("which one?")); }, Qt::QueuedConnection);
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 10000);
        QVERIFY2(errors.last().first().toString().contains(QLatin1String("name the one")),
                 qPrintable(errors.last().first().toString()));
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM batches WHERE status = 'running'"),
                             QStringLiteral("two_batches")),
                 2);
        QMetaObject::invokeMethod(
            engine, [engine, first] { engine->cancelBatch(QStringLiteral("wrong portfolio"), first); },
            Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_postgres->psql(QStringLiteral("SELECT status FROM batches WHERE batch_id = '%1'").arg(first),
                             QStringLiteral("two_batches")),
            QStringLiteral("cancelled"), 10000);
        QCOMPARE(
            m_postgres->psql(QStringLiteral("SELECT status FROM batches WHERE batch_id = '%1'").arg(second),
                             QStringLiteral("two_batches")),
            QStringLiteral("running"));
        QSignalSpy stopped(engine, &fd::Engine::stopped);
        engine->shutdown();
        QTRY_VERIFY_WITH_TIMEOUT(stopped.count() >= 1, 10000);
    }

    // A desk pauses the team's batch while a worker is sending it: from then on nothing leaves. The worker
    // listens on no channel (schema 13); the ledger refuses a DISPATCHING for a batch that is not running,
    // and the worker hands its unsent claims back once it reads the batches. Resumed, the batch is filed,
    // each filing once.
    void aPauseStopsTheFleetsSending() {
        const QString database = QStringLiteral("fleet_pause");
        QVERIFY(m_postgres->createDatabase(database));
        const QString url = m_postgres->url(database);
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                 QStringLiteral("150"), QStringLiteral("--default-cap"),
                                 QStringLiteral("2")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(40, QStringLiteral("FP")), &why).isEmpty(), qPrintable(why));
        const QString config =
            writeConfig(R"({"lease_ms": 6000, "request_timeout_ms": 3000, "default_limit": 2})");
        ChildProcess worker;
        privateHome(worker, QStringLiteral("pause"));
        QVERIFY(worker.start(fd::test::cliPath(),
                             {QStringLiteral("worker"), QStringLiteral("--ledger"), url,
                              QStringLiteral("--redis"), m_redis.url(), QStringLiteral("--registry"),
                              registry.baseUrl().toString(), QStringLiteral("--config"), config}));
        const QString completed = QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'COMPLETED'");
        QTRY_VERIFY_WITH_TIMEOUT(ledgerCount(completed, database) >= 4, 30000);

        fd::Engine engineObject;
        fd::Engine *engine = &engineObject;
        const fd::EngineConfig deskConfig = lookingDesk(url, QStringLiteral("pausing-desk"));
        QString notStarted;
        QVERIFY2(startEngine(*engine, deskConfig, &notStarted), qPrintable(notStarted));
        QMetaObject::invokeMethod(
            engine, [engine] { engine->pauseBatch(QStringLiteral("registry maintenance window")); },
            Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(m_postgres->psql(QStringLiteral("SELECT status FROM batches"), database),
                                  QStringLiteral("paused"), 10000);
        // What was on the wire when the pause committed finishes; after that, nothing more is sent.
        const QString dispatched =
            QStringLiteral("SELECT count(*) FROM audit WHERE to_state = 'DISPATCHING'");
        QTest::qWait(3000);
        const qint64 atPause = ledgerCount(dispatched, database);
        const auto requests = [&registry] {
            return registry.stats()
                .value(QLatin1String("totals"))
                .toObject()
                .value(QLatin1String("requests"))
                .toInteger(-1);
        };
        const qint64 requestsAtPause = requests();
        QVERIFY2(atPause > 0 && atPause < 40, qPrintable(QString::number(atPause)));
        QTest::qWait(3000);
        QCOMPARE(ledgerCount(dispatched, database), atPause);
        QCOMPARE(requests(), requestsAtPause);
        // The worker holds nothing it has not sent.
        QTRY_COMPARE_WITH_TIMEOUT(
            ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL AND state <> "
                                       "'DISPATCHING'"),
                        database),
            0, 10000);
        QVERIFY2(worker.isRunning(), qPrintable(worker.describe()));

        QMetaObject::invokeMethod(
            engine, [engine] { engine->resumeBatch(QStringLiteral("maintenance over")); },
            Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(ledgerCount(completed, database), 40, 60000);
        QCOMPARE(registry.stats().value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        QSignalSpy stopped(engine, &fd::Engine::stopped);
        engine->shutdown();
        QTRY_VERIFY_WITH_TIMEOUT(stopped.count() >= 1, 10000);
    }

    // A desk that starts while another session holds the batches table (a maintenance job, a schema change)
    // cannot read the team's batches for a moment: it says so and reads them again once the table is free,
    // rather than showing no batch open until another member launches, pauses or cancels one.
    void batchesHeldAtStartAreReadAgain() {
        const QString database = QStringLiteral("held_batches");
        QVERIFY(m_postgres->createDatabase(database));
        const QString url = m_postgres->url(database);
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(2, QStringLiteral("HB")), &why).isEmpty(), qPrintable(why));
        QProcess holder;
        holder.start(QStandardPaths::findExecutable(QStringLiteral("psql")),
                     {QStringLiteral("-X"), QStringLiteral("-h"), QStringLiteral("127.0.0.1"),
                      QStringLiteral("-p"), QString::number(m_postgres->port()), QStringLiteral("-U"),
                      QStringLiteral("fd"), QStringLiteral("-d"), database, QStringLiteral("-c"),
                      QStringLiteral("BEGIN; LOCK TABLE batches IN ACCESS EXCLUSIVE MODE; "
                                     "SELECT pg_sleep(4); COMMIT;")});
        QVERIFY(holder.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(
            ledgerCount(
                QStringLiteral("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                               "WHERE c.relname = 'batches' AND l.mode = 'AccessExclusiveLock' "
                               "AND l.granted"),
                database),
            1, 10000);
        fd::Engine engineObject;
        fd::Engine *engine = &engineObject;
        QSignalSpy statuses(engine, &fd::Engine::batchStatusChanged);
        const fd::EngineConfig config = lookingDesk(url, QStringLiteral("desk-after-maintenance"));
        QString notStarted;
        QVERIFY2(startEngine(*engine, config, &notStarted), qPrintable(notStarted));
        QVERIFY(holder.waitForFinished(20000));
        QTRY_VERIFY_WITH_TIMEOUT(!statuses.isEmpty() &&
                                     statuses.last().first().value<fd::BatchStatus>().openBatches.size() == 1,
                                 10000);
        QSignalSpy stopped(engine, &fd::Engine::stopped);
        engine->shutdown();
        QTRY_VERIFY_WITH_TIMEOUT(stopped.count() >= 1, 10000);
    }

    // An entity edited on a desk of the team reaches the team's filings that have not left: the ledger's
    // task carries the register's entity from then on (audited with the person and the reason), and the
    // worker that files it later sends that payload, not the one admitted before the edit.
    void anEditReachesTheTeamsUnsentFilings() {
        const QString database = QStringLiteral("unsent_edit");
        QVERIFY(m_postgres->createDatabase(database));
        const QString url = m_postgres->url(database);
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(2, QStringLiteral("UE")), &why).isEmpty(), qPrintable(why));
        const QString key = m_postgres->psql(
            QStringLiteral("SELECT idempotency_key FROM tasks WHERE entity_id = 'UE-0'"), database);
        QVERIFY(!key.isEmpty());
        const QString admittedHash = m_postgres->psql(
            QStringLiteral(
                "SELECT payload_sha256 FROM audit WHERE action = 'admit' AND idempotency_key = '%1'")
                .arg(key),
            database);
        {
            fd::Engine engineObject;
            fd::Engine *engine = &engineObject;
            // A desk that edits; the worker below files.
            const fd::EngineConfig config = lookingDesk(url, QStringLiteral("editing-desk"));
            QString notStarted;
            QVERIFY2(startEngine(*engine, config, &notStarted), qPrintable(notStarted));
            QTRY_COMPARE_WITH_TIMEOUT(engine->task(key).state, fd::ExecutionState::Pending, 10000);
            QMetaObject::invokeMethod(
                engine,
                [engine] {
                    engine->editEntity(QStringLiteral("UE-0"),
                                       {{QStringLiteral("principal_office"), QStringLiteral("1 Main St")}},
                                       QStringLiteral("office moved"));
                },
                Qt::QueuedConnection);
            QTRY_COMPARE_WITH_TIMEOUT(
                m_postgres->psql(QStringLiteral("SELECT obligation_json LIKE '%Main St%' FROM tasks WHERE "
                                                "idempotency_key = '%1'")
                                     .arg(key),
                                 database),
                QStringLiteral("t"), 10000);
            QSignalSpy stopped(engine, &fd::Engine::stopped);
            engine->shutdown();
            QTRY_VERIFY_WITH_TIMEOUT(stopped.count() >= 1, 10000);
        }
        const QString rebuilt =
            m_postgres->psql(QStringLiteral("SELECT actor || '|' || reason || '|' || from_state || '|' || "
                                            "to_state || '|' || payload_sha256 FROM audit WHERE action = "
                                            "'payload_rebuilt'"),
                             database);
        const QStringList fields = rebuilt.split(u'|');
        QCOMPARE(fields.size(), qsizetype(5));
        QCOMPARE(fields.at(0), fd::host::osUser());
        QCOMPARE(fields.at(1), QStringLiteral("office moved"));
        QCOMPARE(fields.at(2), QStringLiteral("PENDING"));
        QCOMPARE(fields.at(3), QStringLiteral("PENDING"));
        const QString rebuiltHash = fields.at(4);
        QVERIFY(rebuiltHash != admittedHash);

        SandboxProcess registry;
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        ChildProcess worker;
        privateHome(worker, QStringLiteral("unsent"));
        QVERIFY(worker.start(fd::test::cliPath(),
                             {QStringLiteral("worker"), QStringLiteral("--ledger"), url,
                              QStringLiteral("--redis"), m_redis.url(), QStringLiteral("--registry"),
                              registry.baseUrl().toString(), QStringLiteral("--exit-when-idle")}));
        QVERIFY(worker.waitFinished(120000));
        QVERIFY2(worker.exitCode() == 0, qPrintable(worker.describe()));
        QCOMPARE(
            ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'COMPLETED'"), database), 2);
        QCOMPARE(m_postgres->psql(QStringLiteral("SELECT string_agg(DISTINCT payload_sha256, ',') FROM audit "
                                                 "WHERE idempotency_key = '%1' AND to_state = 'DISPATCHING'")
                                      .arg(key),
                                  database),
                 rebuiltHash);
    }

    // A desk sees another desk's change of the team's entity register (its catch-up reads the register
    // again), and an edit made on a view read before that change keeps the other desk's change: the ledger
    // takes only the fields the person changed, and the audit row gives the old values the ledger held.
    void aDecisionAnotherMemberOvertookIsSaidNotRecorded() {
        // A person withdraws a filing that another member changed a moment before (this desk has not seen it
        // yet): nothing of the withdrawal is written, and the person is told so in words, naming the filing,
        // instead of the decision vanishing.
        const QString database = QStringLiteral("overtaken_decision");
        QVERIFY(m_postgres->createDatabase(database));
        const QString url = m_postgres->url(database);
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(1, QStringLiteral("OD")), &why).isEmpty(), qPrintable(why));
        fd::Engine a;
        QString notStarted;
        QVERIFY2(startEngine(a, lookingDesk(url, QStringLiteral("desk-a"), QStringLiteral("overtaken")),
                             &notStarted),
                 qPrintable(notStarted));
        const QString key =
            m_postgres->psql(QStringLiteral("SELECT idempotency_key FROM tasks"), database).trimmed();
        QCOMPARE(key.size(), 64);
        QTRY_COMPARE_WITH_TIMEOUT(a.task(key).state, fd::ExecutionState::Pending, 10000);
        // Another member's write, which this desk has not read (no audit row tells it).
        QCOMPARE(
            m_postgres
                ->psql(QStringLiteral(
                           "UPDATE tasks SET version = version + 1 WHERE idempotency_key = '%1' RETURNING 1")
                           .arg(key),
                       database)
                .trimmed(),
            QStringLiteral("1"));
        QSignalSpy errors(&a, &fd::Engine::errorOccurred);
        QMetaObject::invokeMethod(
            &a, [&a, key] { a.withdraw({key}, QStringLiteral("filed by outside counsel")); },
            Qt::QueuedConnection);
        const auto said = [&] {
            for (const QList<QVariant> &e : std::as_const(errors)) {
                const QString text = e.first().toString();
                if (text.startsWith(QLatin1String("Withdraw of 1 filing")) &&
                    text.contains(
                        QLatin1String("was not recorded: another member changed OD Holdings 0 Inc.")))
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(said(), 10000);
        QCOMPARE(
            m_postgres
                ->psql(QStringLiteral("SELECT state || ' ' || (SELECT count(*) FROM audit WHERE action = "
                                      "'withdraw') FROM tasks WHERE idempotency_key = '%1'")
                           .arg(key),
                       database)
                .trimmed(),
            QStringLiteral("PENDING 0"));
        // Read again from the ledger: the desk can decide again, and this time it is written.
        errors.clear();
        QTest::qWait(200);
        QMetaObject::invokeMethod(
            &a, [&a, key] { a.withdraw({key}, QStringLiteral("filed by outside counsel")); },
            Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_postgres
                ->psql(QStringLiteral("SELECT state FROM tasks WHERE idempotency_key = '%1'").arg(key),
                       database)
                .trimmed(),
            QStringLiteral("DEAD_LETTER"), 10000);
        QSignalSpy stopped(&a, &fd::Engine::stopped);
        QMetaObject::invokeMethod(
            &a, [&a] { a.shutdown(); }, Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(stopped.count(), 1, 10000);
    }

    void aTeamDeadLetterCanBeWithdrawn() {
        // A desk marks a filing that could not be filed "will not file": the ledger keeps it a dead letter
        // with the withdrawal recorded (one audit row, DEAD_LETTER to DEAD_LETTER, with the person's reason),
        // and nothing is claimed or sent for it.
        const QString database = QStringLiteral("dead_letter_withdrawn");
        QVERIFY(m_postgres->createDatabase(database));
        const QString url = m_postgres->url(database);
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(1, QStringLiteral("DW")), &why).isEmpty(), qPrintable(why));
        const QString key =
            m_postgres->psql(QStringLiteral("SELECT idempotency_key FROM tasks"), database).trimmed();
        QCOMPARE(key.size(), 64);
        // The registry kept refusing it: its retries ran out (as a worker records it).
        QCOMPARE(
            m_postgres
                ->psql(QStringLiteral("UPDATE tasks SET state = 'DEAD_LETTER', last_category = 'transient', "
                                      "last_code = 'HTTP_503', attempts = 5, version = version + 1 WHERE "
                                      "idempotency_key = '%1' RETURNING 1")
                           .arg(key),
                       database)
                .trimmed(),
            QStringLiteral("1"));
        fd::Engine a;
        QString notStarted;
        QVERIFY2(startEngine(
                     a, lookingDesk(url, QStringLiteral("desk-a"), QStringLiteral("dead_letter_withdrawn")),
                     &notStarted),
                 qPrintable(notStarted));
        QTRY_COMPARE_WITH_TIMEOUT(a.task(key).state, fd::ExecutionState::DeadLetter, 10000);
        QVERIFY(fd::isWithdrawable(a.task(key)));
        QSignalSpy errors(&a, &fd::Engine::errorOccurred);
        QMetaObject::invokeMethod(
            &a, [&a, key] { a.withdraw({key}, QStringLiteral("the subsidiary is being dissolved")); },
            Qt::QueuedConnection);
        const QString withdrawn =
            QStringLiteral(
                "SELECT t.state || ' ' || t.last_code || ' ' || (SELECT string_agg(a.from_state || '>' "
                "|| a.to_state || ' ' || a.reason, ';') FROM audit a WHERE a.action = 'withdraw') "
                "FROM tasks t WHERE t.idempotency_key = '%1'")
                .arg(key);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_postgres->psql(withdrawn, database).trimmed(),
            QStringLiteral("DEAD_LETTER WITHDRAWN DEAD_LETTER>DEAD_LETTER the subsidiary "
                           "is being dissolved"),
            10000);
        QVERIFY2(errors.isEmpty(),
                 qPrintable(errors.isEmpty() ? QString() : errors.first().first().toString()));
        QTRY_COMPARE_WITH_TIMEOUT(a.task(key).lastErrorCode, QStringLiteral("WITHDRAWN"), 10000);
        QVERIFY(!fd::isWithdrawable(a.task(key)));
        QSignalSpy stopped(&a, &fd::Engine::stopped);
        QMetaObject::invokeMethod(
            &a, [&a] { a.shutdown(); }, Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(stopped.count(), 1, 10000);
    }

    void anotherDesksRegisterChangeIsSeenAndKept() {
        const QString database = QStringLiteral("two_desks_register");
        QVERIFY(m_postgres->createDatabase(database));
        const QString url = m_postgres->url(database);
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(1, QStringLiteral("TD")), &why).isEmpty(), qPrintable(why));
        const auto deskConfig = [&](const QString &id) {
            fd::EngineConfig config;
            config.ledger = fd::test::parsedLedger(url);
            config.claimsWork = false;
            config.consoleId = id;
            config.dbPath = m_dir.filePath(id + QStringLiteral(".sqlite"));
            return config;
        };
        fd::Engine a;
        fd::Engine b;
        QSignalSpy aStarted(&a, &fd::Engine::started);
        QSignalSpy bStarted(&b, &fd::Engine::started);
        QSignalSpy aRegister(&a, &fd::Engine::registerChanged);
        QSignalSpy bRegister(&b, &fd::Engine::registerChanged);
        const fd::EngineConfig aConfig = deskConfig(QStringLiteral("desk-a"));
        const fd::EngineConfig bConfig = deskConfig(QStringLiteral("desk-b"));
        QMetaObject::invokeMethod(
            &a, [&a, aConfig] { a.start(aConfig); }, Qt::QueuedConnection);
        QMetaObject::invokeMethod(
            &b, [&b, bConfig] { b.start(bConfig); }, Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(aStarted.count(), 1, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(bStarted.count(), 1, 30000);
        QVERIFY2(aStarted.first().at(0).toBool(), qPrintable(aStarted.first().at(1).toString()));
        QVERIFY2(bStarted.first().at(0).toBool(), qPrintable(bStarted.first().at(1).toString()));
        const auto recordIn = [](const QSignalSpy &spy) -> std::optional<fd::Entity> {
            if (spy.isEmpty())
                return std::nullopt;
            for (const fd::Entity &e : spy.last().at(0).value<QList<fd::Entity>>())
                if (e.entityId == QLatin1String("TD-0"))
                    return e;
            return std::nullopt;
        };
        const auto agentIn = [&recordIn](const QSignalSpy &spy) {
            const std::optional<fd::Entity> e = recordIn(spy);
            return e ? e->registeredAgent : QStringLiteral("(none)");
        };
        QMetaObject::invokeMethod(
            &a, [&a] { a.publishRegister(); }, Qt::QueuedConnection);
        QTRY_VERIFY_WITH_TIMEOUT(recordIn(aRegister).has_value(), 10000);
        QCOMPARE(agentIn(aRegister), QString()); // the portfolio named none

        // Desk B changes the registered agent.
        QMetaObject::invokeMethod(
            &b,
            [&b] {
                b.editEntity(
                    QStringLiteral("TD-0"),
                    {{QStringLiteral("registered_agent"), QStringLiteral("Corporation Service Company")}},
                    QStringLiteral("agent changed at the state"));
            },
            Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(agentIn(bRegister), QStringLiteral("Corporation Service Company"), 10000);
        // Desk A shows it within its catch-up.
        QTRY_COMPARE_WITH_TIMEOUT(agentIn(aRegister), QStringLiteral("Corporation Service Company"), 10000);

        // Desk B changes the agent again and desk A edits the EIN at the same moment, before it has seen it.
        QMetaObject::invokeMethod(
            &b,
            [&b] {
                b.editEntity(QStringLiteral("TD-0"),
                             {{QStringLiteral("registered_agent"), QStringLiteral("Agents Inc.")}},
                             QStringLiteral("agent changed again"));
            },
            Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_postgres->psql(
                QStringLiteral("SELECT entity_json::jsonb->>'registered_agent' FROM entities WHERE "
                               "entity_id = 'TD-0'"),
                database),
            QStringLiteral("Agents Inc."), 10000);
        QMetaObject::invokeMethod(
            &a,
            [&a] {
                a.editEntity(QStringLiteral("TD-0"), {{QStringLiteral("ein"), QStringLiteral("12-3456789")}},
                             QStringLiteral("EIN from the IRS letter"));
            },
            Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_postgres->psql(
                QStringLiteral("SELECT (entity_json::jsonb->>'registered_agent') || '|' || "
                               "(entity_json::jsonb->>'ein') FROM entities WHERE entity_id = 'TD-0'"),
                database),
            QStringLiteral("Agents Inc.|12-3456789"), 10000);
        QCOMPARE(m_postgres->psql(QStringLiteral("SELECT detail FROM audit WHERE action = 'entity_edit' AND "
                                                 "desk = 'desk-a'"),
                                  database),
                 QStringLiteral("ein: \"\" -> \"12-3456789\""));
        QTRY_COMPARE_WITH_TIMEOUT(agentIn(aRegister), QStringLiteral("Agents Inc."), 10000);
        QCOMPARE(recordIn(aRegister)->ein, QStringLiteral("12-3456789"));
        for (fd::Engine *engine : {&a, &b}) {
            QSignalSpy stopped(engine, &fd::Engine::stopped);
            engine->shutdown();
            QTRY_VERIFY_WITH_TIMEOUT(stopped.count() >= 1, 10000);
        }
    }

    // 4. Another session holds the tasks' rows for 8 s while a worker files: the worker's writes and claim
    // renewals wait on a lock, which is not an unreachable ledger and not a reason to blame Redis.
    void lockWaitIsNeitherUnreachableNorTheGate() {
        QVERIFY(m_postgres->createDatabase(QStringLiteral("locked")));
        const QString url = m_postgres->url(QStringLiteral("locked"));
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                 QStringLiteral("1000:2000"), QStringLiteral("--default-cap"),
                                 QStringLiteral("4")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString why;
        QVERIFY2(!launch(url, delawarePortfolio(16, QStringLiteral("L")), &why).isEmpty(), qPrintable(why));
        const QString config =
            writeConfig(R"({"lease_ms": 8000, "request_timeout_ms": 4000, "default_limit": 4})");
        ChildProcess worker;
        privateHome(worker, QStringLiteral("locked"));
        QVERIFY(worker.start(fd::test::cliPath(),
                             {QStringLiteral("worker"), QStringLiteral("--ledger"), url,
                              QStringLiteral("--redis"), m_redis.url(), QStringLiteral("--registry"),
                              registry.baseUrl().toString(), QStringLiteral("--config"), config,
                              QStringLiteral("--exit-when-idle")}));
        QTRY_VERIFY_WITH_TIMEOUT(
            ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL"),
                        QStringLiteral("locked")) > 0,
            20000);
        QProcess holder;
        holder.start(QStandardPaths::findExecutable(QStringLiteral("psql")),
                     {QStringLiteral("-X"), QStringLiteral("-h"), QStringLiteral("127.0.0.1"),
                      QStringLiteral("-p"), QString::number(m_postgres->port()), QStringLiteral("-U"),
                      QStringLiteral("fd"), QStringLiteral("-d"), QStringLiteral("locked"),
                      QStringLiteral("-c"),
                      QStringLiteral("BEGIN; SELECT count(*) FROM (SELECT 1 FROM tasks FOR UPDATE) x; "
                                     "SELECT pg_sleep(8); COMMIT;")});
        QVERIFY(holder.waitForStarted());
        QVERIFY2(fd::test::waitAll({&worker}, 120000), qPrintable(worker.describe()));
        holder.waitForFinished(20000);
        QVERIFY2(worker.exitCode() == 0, qPrintable(worker.describe()));
        const QString err = worker.standardError();
        QVERIFY2(!err.contains(QLatin1String("ledger unreachable")), qPrintable(err));
        QVERIFY2(!err.contains(QLatin1String("gate blind")), qPrintable(err));
        QVERIFY2(!err.contains(QLatin1String("did not answer within")), qPrintable(err));
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state <> 'COMPLETED'"),
                             QStringLiteral("locked")),
                 0);
        QCOMPARE(registry.stats().value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
    }

    // Two people open portfolios at the same moment: one member's register merge and admission wait on the
    // other's row locks past the ledger's lock_timeout (250 ms). The member waits its turn and files its
    // portfolio; it neither gives up on it nor calls the ledger unreachable.
    void registerHeldByAnotherMemberIsWaitedOut_data() {
        QTest::addColumn<QString>("tables");
        QTest::addColumn<QString>("database");
        QTest::newRow("register and tasks")
            << QStringLiteral("entities, tasks") << QStringLiteral("busy_register");
        QTest::newRow("tasks: the admission") << QStringLiteral("tasks") << QStringLiteral("busy_admission");
        QTest::newRow("batches: the launch") << QStringLiteral("batches") << QStringLiteral("busy_launch");
    }

    void registerHeldByAnotherMemberIsWaitedOut() {
        QFETCH(QString, tables);
        QFETCH(QString, database);
        QVERIFY(m_postgres->createDatabase(database));
        const QString url = m_postgres->url(database);
        QString why;
        // The ledger's schema and a register with one entity in it.
        QVERIFY2(!launch(url, delawarePortfolio(1, QStringLiteral("BR0")), &why).isEmpty(), qPrintable(why));
        QProcess holder;
        holder.start(QStandardPaths::findExecutable(QStringLiteral("psql")),
                     {QStringLiteral("-X"), QStringLiteral("-h"), QStringLiteral("127.0.0.1"),
                      QStringLiteral("-p"), QString::number(m_postgres->port()), QStringLiteral("-U"),
                      QStringLiteral("fd"), QStringLiteral("-d"), database, QStringLiteral("-c"),
                      QStringLiteral("BEGIN; LOCK TABLE %1 IN EXCLUSIVE MODE; SELECT pg_sleep(8); COMMIT;")
                          .arg(tables)});
        QVERIFY(holder.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(
            ledgerCount(
                QStringLiteral(
                    "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                    "WHERE c.relname IN ('entities', 'tasks', 'batches') AND l.mode = 'ExclusiveLock' "
                    "AND l.granted"),
                database),
            qint64(tables.count(u',') + 1), 10000);
        ChildProcess run;
        // What a run that does not end waits for (TeamClaims::checkIdle) goes to its stderr.
        run.setEnv(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("filingdesk.engine.debug=true"));
        QVERIFY(run.startRun({QStringLiteral("--ledger"), url, QStringLiteral("--redis"), m_redis.url(),
                              QStringLiteral("--sandbox"), QStringLiteral("--portfolio"),
                              delawarePortfolio(5, QStringLiteral("BR")), QStringLiteral("--as-of"),
                              QStringLiteral("2027-02-15"), QStringLiteral("--db"),
                              m_dir.filePath(database + QStringLiteral(".sqlite")), QStringLiteral("--json"),
                              QStringLiteral("--deadline"), QStringLiteral("90")}));
        QVERIFY2(run.waitFinished(120000), qPrintable(run.describe()));
        holder.waitForFinished(20000);
        if (run.exitCode() != 0)
            qWarning().noquote() << run.describe(); // whole: a failure message is cut short
        QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
        const QString err = run.standardError();
        QVERIFY2(!err.contains(QLatin1String("ledger unreachable")), qPrintable(err));
        QVERIFY2(!err.contains(QLatin1String("could not be recorded")), qPrintable(err));
        QVERIFY2(!err.contains(QLatin1String("cannot store")), qPrintable(err));
        QVERIFY2(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE entity_id LIKE 'BR-%' AND "
                                            "state = 'COMPLETED'"),
                             database) == 5,
                 qPrintable(run.describe()));
    }

    // 3/4. A run started while the ledger is down admits and files its portfolio once the ledger answers.
    void runStartedWhileTheLedgerIsDownFilesItsPortfolio() {
        QVERIFY(m_postgres->createDatabase(QStringLiteral("late_ledger")));
        const QString url = m_postgres->url(QStringLiteral("late_ledger"));
        m_postgres->stop();
        ChildProcess run;
        QVERIFY(run.startRun({QStringLiteral("--ledger"), url, QStringLiteral("--redis"), m_redis.url(),
                              QStringLiteral("--sandbox"), QStringLiteral("--portfolio"),
                              delawarePortfolio(5, QStringLiteral("LL")), QStringLiteral("--as-of"),
                              QStringLiteral("2027-02-15"), QStringLiteral("--db"),
                              m_dir.filePath(QStringLiteral("late.sqlite")), QStringLiteral("--json"),
                              QStringLiteral("--deadline"), QStringLiteral("90")}));
        QTest::qWait(4000);
        QVERIFY(run.isRunning());
        QVERIFY2(m_postgres->start(), qPrintable(m_postgres->errorString()));
        QVERIFY2(run.waitFinished(120000), qPrintable(run.describe()));
        QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
        const QJsonObject out = run.json();
        QCOMPARE(out.value(QLatin1String("tasks")).toInt(), 5);
        QCOMPARE(out.value(QLatin1String("states")).toObject().value(QLatin1String("COMPLETED")).toInt(), 5);
    }

    // 9. The run's only request is on the wire when its permit is reaped (as a lease that ran out would be):
    // the release's answer comes after stopping began, and must still be recorded and announced.
    void permitLostOnTheLastRequestIsReported() {
        const QString db = m_dir.filePath(QStringLiteral("lost-permit.sqlite"));
        ChildProcess run;
        QVERIFY(run.startRun({QStringLiteral("--portfolio"), delawarePortfolio(1, QStringLiteral("P")),
                              QStringLiteral("--as-of"), QStringLiteral("2027-02-15"),
                              QStringLiteral("--sandbox"), QStringLiteral("--sandbox-arg=--latency-ms"),
                              QStringLiteral("--sandbox-arg=2500"), QStringLiteral("--redis"), m_redis.url(),
                              QStringLiteral("--limit"), QStringLiteral("US-DE=1"), QStringLiteral("--db"),
                              db, QStringLiteral("--json"), QStringLiteral("--quiet"),
                              QStringLiteral("--deadline"), QStringLiteral("60")}));
        // The reaper: as soon as the permit is held, it is gone from the set.
        QString token;
        QTRY_VERIFY_WITH_TIMEOUT(
            !(token = m_redis.cli({QStringLiteral("ZRANGE"), QStringLiteral("sos:de:inflight"),
                                   QStringLiteral("0"), QStringLiteral("0")}))
                 .isEmpty(),
            20000);
        QCOMPARE(m_redis.cli({QStringLiteral("ZREM"), QStringLiteral("sos:de:inflight"), token}),
                 QStringLiteral("1"));
        QVERIFY2(run.waitFinished(60000), qPrintable(run.describe()));
        QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
        QStringList kinds;
        for (const QJsonValue &a : run.json().value(QLatin1String("alerts")).toArray())
            kinds << a.toObject().value(QLatin1String("kind")).toString();
        QVERIFY2(kinds.contains(QStringLiteral("permit_lost")), qPrintable(run.describe()));
        QSqlDatabase sqlite =
            QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("lost-permit"));
        sqlite.setDatabaseName(db);
        QVERIFY(sqlite.open());
        {
            QSqlQuery q(sqlite);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM audit WHERE action = 'permit_lost'")) &&
                    q.next());
            QCOMPARE(q.value(0).toInt(), 1);
        }
        sqlite.close();
        sqlite = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("lost-permit"));
    }
};

QTEST_GUILESS_MAIN(TestTeamFaults)
#include "tst_team_faults.moc"
