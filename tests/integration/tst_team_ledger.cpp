// Team mode against the real parts: a private PostgreSQL 15 (the ledger), a private redis-server (the fleet
// gate) and the sandbox registry with --ignore-idempotency-key, so that every second submission of a filing
// is a second filing, counted by the registry itself. Members are real `filingdesk run --ledger` processes,
// each with its own --db (its local mirror).
// - two desks and a third process on one portfolio: every obligation filed exactly once, all exit 0;
// - kill -9 of members at random moments, 20 times, while others work: 0 duplicates, nothing lost;
// - PostgreSQL stopped for 5 s mid-batch: nothing sent while it is down, the batch finishes after.
#include "cli_process.h"
#include "support/postgres_server.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"

#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QRandomGenerator>
#include <QtCore/QTemporaryDir>
#include <QtTest/QTest>

#include <csignal>
#include <memory>

using fd::test::ChildProcess;
using fd::test::PostgresServer;
using fd::test::RedisServer;
using fd::test::SandboxProcess;

class TestTeamLedger : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_config;
    RedisServer m_redis;
    std::unique_ptr<PostgresServer> m_postgres;

    QString portfolio(const QString &name) const {
        return fd::test::sourcePath(QStringLiteral("resources/portfolios/") + name);
    }

    QStringList memberArgs(const QString &portfolioPath, const QUrl &registry, const QString &db,
                           int deadlineS) const {
        return {QStringLiteral("--ledger"),    m_postgres->url(),
                QStringLiteral("--redis"),     m_redis.url(),
                QStringLiteral("--registry"),  registry.toString(),
                QStringLiteral("--portfolio"), portfolioPath,
                QStringLiteral("--as-of"),     QStringLiteral("2027-02-15"),
                QStringLiteral("--db"),        m_dir.filePath(db),
                QStringLiteral("--config"),    m_config,
                QStringLiteral("--deadline"),  QString::number(deadlineS),
                QStringLiteral("--json"),      QStringLiteral("--quiet")};
    }

    qint64 ledgerCount(const QString &sql) const {
        bool ok = false;
        const qint64 n = m_postgres->psql(sql).trimmed().toLongLong(&ok);
        return ok ? n : -1;
    }

    bool freshLedger(QString *why) {
        // Each test function gets a database of its own, so that one's batches do not reach the next.
        m_postgres = std::make_unique<PostgresServer>();
        if (!m_postgres->start()) {
            *why = m_postgres->errorString();
            return false;
        }
        return true;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_redis.start(), qPrintable(m_redis.errorString()));
        // Short leases so that a killed member's claims and permits come back within the test's time.
        m_config = m_dir.filePath(QStringLiteral("team.json"));
        QFile c(m_config);
        QVERIFY(c.open(QIODevice::WriteOnly));
        c.write(R"({"lease_ms": 3000, "request_timeout_ms": 1500, "retry_base_ms": 100, "retry_max_ms": 500,
                    "max_attempts": 8, "default_limit": 4})");
    }

    void init() {
        QVERIFY(!m_redis.cli({QStringLiteral("FLUSHALL")}).isNull());
        QString why;
        QVERIFY2(freshLedger(&why), qPrintable(why));
    }

    void cleanup() {
        if (m_postgres)
            m_postgres->stop();
        m_postgres.reset();
    }

    void twoDesksAndAProcessFileEachObligationOnce() {
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                 QStringLiteral("30"), QStringLiteral("--default-cap"), QStringLiteral("4")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        const QString file = portfolio(QStringLiteral("ex21_3570_0000003570-17-000052.csv"));
        ChildProcess a, b, c;
        QVERIFY(a.startRun(memberArgs(file, registry.baseUrl(), QStringLiteral("desk-a.sqlite"), 120)));
        QVERIFY(b.startRun(memberArgs(file, registry.baseUrl(), QStringLiteral("desk-b.sqlite"), 120)));
        QVERIFY(c.startRun(memberArgs(file, registry.baseUrl(), QStringLiteral("third.sqlite"), 120)));
        QVERIFY(fd::test::waitAll({&a, &b, &c}, 150000));
        for (ChildProcess *p : {&a, &b, &c})
            QVERIFY2(p->exitCode() == 0, qPrintable(p->describe()));

        const qint64 obligations = ledgerCount(QStringLiteral("SELECT count(*) FROM tasks"));
        QVERIFY(obligations > 40);
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'COMPLETED'")),
                 obligations);
        const QJsonObject stats = registry.stats();
        QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        QCOMPARE(stats.value(QLatin1String("filings")).toInteger(-1), obligations);
        // Each member reports the whole team's work it took part in and its own share; the shares add up. The
        // members start together but not in step (three processes on a loaded machine): one that gets to the
        // ledger only after the others filed everything finds each obligation known and already filed, and
        // reports a run with nothing left to do, as a second run of the same portfolio on one desk does. The
        // member whose launch moved the tasks always sees its batch running.
        int filedHere = 0;
        int sawTheBatch = 0;
        for (ChildProcess *p : {&a, &b, &c}) {
            const QJsonObject json = p->json();
            const int tasks = json.value(QLatin1String("tasks")).toInt(-1);
            const int here =
                json.value(QLatin1String("team")).toObject().value(QLatin1String("filed_here")).toInt(-1);
            QCOMPARE(json.value(QLatin1String("admitted")).toInt() +
                         json.value(QLatin1String("already_known")).toInt(),
                     int(obligations));
            if (tasks == int(obligations)) {
                ++sawTheBatch;
                QCOMPARE(
                    json.value(QLatin1String("states")).toObject().value(QLatin1String("COMPLETED")).toInt(),
                    int(obligations));
            } else {
                QVERIFY2(tasks == 0 && here == 0 &&
                             json.value(QLatin1String("already_known")).toInt() == int(obligations),
                         qPrintable(QStringLiteral("a member that saw part of the batch: %1")
                                        .arg(QString::fromUtf8(QJsonDocument(json).toJson()))));
            }
            filedHere += here;
        }
        QVERIFY(sawTheBatch >= 1);
        QCOMPARE(filedHere, int(obligations));
        // A member that starts once the team has filed the portfolio sends nothing and says so.
        ChildProcess late;
        QVERIFY(late.startRun(memberArgs(file, registry.baseUrl(), QStringLiteral("late.sqlite"), 120)));
        QVERIFY(late.waitFinished(150000));
        QVERIFY2(late.exitCode() == 0, qPrintable(late.describe()));
        const QJsonObject lateJson = late.json();
        QCOMPARE(lateJson.value(QLatin1String("admitted")).toInt(-1), 0);
        QCOMPARE(lateJson.value(QLatin1String("already_known")).toInt(-1), int(obligations));
        QCOMPARE(lateJson.value(QLatin1String("tasks")).toInt(-1), 0);
        QCOMPARE(
            lateJson.value(QLatin1String("team")).toObject().value(QLatin1String("filed_here")).toInt(-1), 0);
        QCOMPARE(registry.stats().value(QLatin1String("filings")).toInteger(-1), obligations);
        // One admission per obligation in the audit, however many members imported the portfolio.
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM audit WHERE action = 'admit'")),
                 obligations);

        // The calendar of any desk reads what the team filed from the ledger: every event carries its
        // confirmation number, whichever member filed it.
        ChildProcess calendar;
        const QString ics = m_dir.filePath(QStringLiteral("team.ics"));
        QVERIFY(calendar.start(fd::test::cliPath(),
                               {QStringLiteral("calendar"), QStringLiteral("--ledger"), m_postgres->url(),
                                QStringLiteral("--portfolio"), file, QStringLiteral("--as-of"),
                                QStringLiteral("2027-02-15"), QStringLiteral("--out"), ics}));
        QVERIFY(calendar.waitFinished(60000));
        QVERIFY2(calendar.exitCode() == 0, qPrintable(calendar.describe()));
        QFile icsFile(ics);
        QVERIFY(icsFile.open(QIODevice::ReadOnly));
        const QByteArray text = icsFile.readAll();
        QCOMPARE(text.count("X-FILINGDESK-CONFIRMATION:"), qsizetype(obligations));
    }

    void killNineTwentyTimesWhileOthersWork() {
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                 QStringLiteral("150"), QStringLiteral("--default-cap"),
                                 QStringLiteral("4")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        const QString file = portfolio(QStringLiteral("ex21_315858_0000315858-19-000023.csv"));
        constexpr int kMembers = 3;
        std::vector<std::unique_ptr<ChildProcess>> members(kMembers);
        auto launch = [&](int i) {
            members[size_t(i)] = std::make_unique<ChildProcess>();
            // A restarted member keeps its mirror (its database lock is taken over from the dead process).
            return members[size_t(i)]->startRun(
                memberArgs(file, registry.baseUrl(), QStringLiteral("member-%1.sqlite").arg(i), 240));
        };
        for (int i = 0; i < kMembers; ++i)
            QVERIFY(launch(i));
        QRandomGenerator random(20261130);
        int kills = 0;
        QElapsedTimer bound;
        bound.start();
        while (kills < 20 && bound.elapsed() < 120000) {
            QTest::qWait(100 + int(random.bounded(500)));
            const int i = int(random.bounded(kMembers));
            ChildProcess &victim = *members[size_t(i)];
            if (!victim.isRunning())
                continue; // it finished: the batch is nearly done
            ::kill(pid_t(victim.pid()), SIGKILL);
            QVERIFY(victim.waitFinished(5000));
            ++kills;
            QVERIFY(launch(i));
        }
        QVERIFY2(kills >= 10, "the batch ended before enough members were killed");
        // Let the survivors and the restarted members finish; those that end early are started again until
        // the ledger has no work left (a killed member's claims come back after the 3 s lease).
        QElapsedTimer finish;
        finish.start();
        while (finish.elapsed() < 150000) {
            const qint64 open =
                ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state IN "
                                           "('PENDING','VALIDATING','DISPATCHING','FAILED_TRANSIENT')"));
            bool anyRunning = false;
            for (auto &m : members)
                anyRunning = anyRunning || m->isRunning();
            if (open == 0 && !anyRunning)
                break;
            if (!anyRunning)
                QVERIFY(launch(0));
            QTest::qWait(250);
        }
        for (auto &m : members)
            QVERIFY(m->waitFinished(60000));
        const qint64 obligations = ledgerCount(QStringLiteral("SELECT count(*) FROM tasks"));
        QVERIFY(obligations > 150);
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'COMPLETED'")),
                 obligations);
        const QJsonObject stats = registry.stats();
        QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        QCOMPARE(stats.value(QLatin1String("filings")).toInteger(-1), obligations);
        // No claim is left behind, and no permit: every member that died had its leases run out.
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL")), 0);
        qInfo("%d kill -9, %lld filings, %lld look-ups", kills, qint64(obligations),
              qint64(fd::test::sandboxCounter(stats, QString(), QStringLiteral("lookups"))));
    }

    void ledgerDownFiveSecondsMidBatch() {
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                 QStringLiteral("300"), QStringLiteral("--default-cap"),
                                 QStringLiteral("4")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        const QString file = portfolio(QStringLiteral("ex21_315858_0000315858-19-000023.csv"));
        ChildProcess a, b;
        QVERIFY(a.startRun(memberArgs(file, registry.baseUrl(), QStringLiteral("down-a.sqlite"), 180)));
        QVERIFY(b.startRun(memberArgs(file, registry.baseUrl(), QStringLiteral("down-b.sqlite"), 180)));
        // Mid-batch: some filings are in.
        QVERIFY(QTest::qWaitFor(
            [&] {
                return fd::test::sandboxCounter(registry.stats(), QString(), QStringLiteral("accepted")) >=
                       20;
            },
            60000));
        m_postgres->stop();
        QTest::qWait(1500); // requests already on the wire finish (request timeout 1.5 s)
        const qint64 before =
            fd::test::sandboxCounter(registry.stats(), QString(), QStringLiteral("requests"));
        QTest::qWait(3500);
        const qint64 after =
            fd::test::sandboxCounter(registry.stats(), QString(), QStringLiteral("requests"));
        QCOMPARE(after, before); // no claim is possible: nothing is sent
        QVERIFY2(m_postgres->start(), qPrintable(m_postgres->errorString()));
        QVERIFY(fd::test::waitAll({&a, &b}, 150000));
        QVERIFY2(a.exitCode() == 0, qPrintable(a.describe()));
        QVERIFY2(b.exitCode() == 0, qPrintable(b.describe()));
        // Each member told its operator (alerts in the JSON summary) that it stopped and resumed.
        for (ChildProcess *p : {&a, &b}) {
            QStringList kinds;
            for (const QJsonValue &alert : p->json().value(QLatin1String("alerts")).toArray())
                kinds << alert.toObject().value(QLatin1String("kind")).toString();
            const QString why = kinds.join(u',') + QLatin1Char('\n') + p->describe();
            QVERIFY2(kinds.contains(QLatin1String("ledger_unreachable")), qPrintable(why));
            QVERIFY2(kinds.contains(QLatin1String("ledger_reachable")), qPrintable(why));
        }
        const qint64 obligations = ledgerCount(QStringLiteral("SELECT count(*) FROM tasks"));
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'COMPLETED'")),
                 obligations);
        // No transition lost: every completed task has its COMPLETED row in the audit.
        QCOMPARE(
            ledgerCount(QStringLiteral("SELECT count(DISTINCT idempotency_key) FROM audit WHERE to_state = "
                                       "'COMPLETED'")),
            obligations);
        const QJsonObject stats = registry.stats();
        QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        QCOMPARE(stats.value(QLatin1String("filings")).toInteger(-1), obligations);
    }
};

QTEST_GUILESS_MAIN(TestTeamLedger)
#include "tst_team_ledger.moc"
