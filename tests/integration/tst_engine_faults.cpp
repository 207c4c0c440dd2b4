// Faults found by trying `filingdesk run` hard, each reproduced against a real sandbox registry that ignores
// the Idempotency-Key header (so that every re-send is a second filing, counted by the registry itself):
// - a request that times out after it left is an unknown outcome: looked up, never re-sent blind;
// - two processes on one audit database: the second refuses, nothing is sent twice;
// - the JSON summary is taken after the engine stopped: `tasks` equals the sum of `states`.
#include "cli_process.h"
#include "support/sandbox_process.h"

#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtTest/QTest>

using fd::test::ChildProcess;
using fd::test::SandboxProcess;

class TestEngineFaults : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
        QVERIFY(m_dir.isValid());
        m_portfolio = m_dir.filePath(QStringLiteral("delaware.csv"));
        QFile f(m_portfolio);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,risk_tier,"
            "ein,fiscal_year_end,authorized_shares\n");
        for (int i = 0; i < kEntities; ++i)
            f.write(
                QStringLiteral("D%1,Delaware Fault %1 Inc.,corporation,DE,2010-05-04,CSC,active,2,,,5000\n")
                    .arg(i, 3, 10, QLatin1Char('0'))
                    .toUtf8());
        f.close();
        m_config = m_dir.filePath(QStringLiteral("fast-timeouts.json"));
        QFile c(m_config);
        QVERIFY(c.open(QIODevice::WriteOnly));
        c.write(
            R"({"request_timeout_ms": 1000, "retry_base_ms": 50, "retry_max_ms": 200, "max_attempts": 8})");
    }

    void timeoutsAreLookedUpNotResent_data() {
        QTest::addColumn<bool>("lookup");
        QTest::addColumn<QString>("expectedState");
        QTest::newRow("registry with look-up: every filing once") << true << QStringLiteral("COMPLETED");
        QTest::newRow("registry without look-up: a person decides")
            << false << QStringLiteral("FAILED_STATUTORY");
    }
    void timeoutsAreLookedUpNotResent() {
        QFETCH(bool, lookup);
        QFETCH(QString, expectedState);
        // Every third first attempt takes 3 s against a 1 s request timeout; the registry files it anyway.
        QStringList sandboxArgs{QStringLiteral("--ignore-idempotency-key"),
                                QStringLiteral("--fail"),
                                QStringLiteral("slow=0.34"),
                                QStringLiteral("--slow-ms"),
                                QStringLiteral("3000"),
                                QStringLiteral("--fault-attempts"),
                                QStringLiteral("1"),
                                QStringLiteral("--latency-ms"),
                                QStringLiteral("1:5")};
        if (!lookup)
            sandboxArgs << QStringLiteral("--no-lookup");
        SandboxProcess sandbox(sandboxArgs);
        QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
        ChildProcess run;
        QVERIFY(run.startRun({QStringLiteral("--portfolio"), m_portfolio, QStringLiteral("--as-of"),
                              QStringLiteral("2027-02-15"), QStringLiteral("--registry"),
                              sandbox.baseUrl().toString(), QStringLiteral("--config"), m_config,
                              QStringLiteral("--db"),
                              m_dir.filePath(QStringLiteral("timeouts-%1.sqlite").arg(lookup)),
                              QStringLiteral("--json"), QStringLiteral("--quiet")}));
        QVERIFY2(run.waitFinished(120000), qPrintable(run.describe()));
        QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
        const QJsonObject stats = sandbox.stats();
        QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInt(-1), 0);
        QVERIFY(fd::test::sandboxCounter(stats, QString(), QStringLiteral("slow")) >
                0); // the fault did happen
        const QJsonObject states = run.json().value(QLatin1String("states")).toObject();
        QVERIFY2(states.value(expectedState).toInt() > 0, run.standardOutput().constData());
        if (lookup)
            QCOMPARE(states.value(QLatin1String("COMPLETED")).toInt(), kEntities);
        else
            QCOMPARE(states.value(QLatin1String("COMPLETED")).toInt() +
                         states.value(QLatin1String("FAILED_STATUTORY")).toInt(),
                     kEntities);
    }

    void oneDatabaseOneEngine() {
        SandboxProcess sandbox({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                QStringLiteral("40:60")});
        QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
        const QString db = m_dir.filePath(QStringLiteral("shared.sqlite"));
        const QStringList args{QStringLiteral("--portfolio"), m_portfolio,
                               QStringLiteral("--as-of"),     QStringLiteral("2027-02-15"),
                               QStringLiteral("--registry"),  sandbox.baseUrl().toString(),
                               QStringLiteral("--limit"),     QStringLiteral("US-DE=2"),
                               QStringLiteral("--db"),        db,
                               QStringLiteral("--json"),      QStringLiteral("--quiet")};
        ChildProcess first;
        QVERIFY(first.startRun(args));
        const qint64 firstPid = first.pid();
        QThread::msleep(500);
        ChildProcess second;
        QVERIFY(second.startRun(args));
        QVERIFY2(second.waitFinished(60000), qPrintable(second.describe()));
        QVERIFY2(first.waitFinished(120000), qPrintable(first.describe()));
        QVERIFY2(first.exitCode() == 0, qPrintable(first.describe()));
        QCOMPARE(second.exitCode(), 3);
        QVERIFY2(second.standardError().contains(QLatin1String("in use by")), qPrintable(second.describe()));
        QVERIFY2(second.standardError().contains(QString::number(firstPid)), qPrintable(second.describe()));
        QCOMPARE(sandbox.stats().value(QLatin1String("duplicate_filings")).toInt(-1), 0);
        // The lock goes with its holder: a third run on the same database starts and finds nothing to do.
        ChildProcess third;
        QVERIFY(third.startRun(args));
        QVERIFY2(third.waitFinished(60000), qPrintable(third.describe()));
        QVERIFY2(third.exitCode() == 0, qPrintable(third.describe()));
        QCOMPARE(sandbox.stats().value(QLatin1String("duplicate_filings")).toInt(-1), 0);
    }

    void summaryIsTakenAfterTheEngineStopped() {
        SandboxProcess sandbox({QStringLiteral("--latency-ms"), QStringLiteral("150:250")});
        QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
        ChildProcess run;
        QVERIFY(run.startRun({QStringLiteral("--portfolio"), m_portfolio, QStringLiteral("--as-of"),
                              QStringLiteral("2027-02-15"), QStringLiteral("--registry"),
                              sandbox.baseUrl().toString(), QStringLiteral("--limit"),
                              QStringLiteral("US-DE=3"), QStringLiteral("--deadline"), QStringLiteral("1"),
                              QStringLiteral("--db"), m_dir.filePath(QStringLiteral("deadline.sqlite")),
                              QStringLiteral("--json"), QStringLiteral("--quiet")}));
        QVERIFY2(run.waitFinished(60000), qPrintable(run.describe()));
        QCOMPARE(run.exitCode(), 1);
        const QJsonObject json = run.json();
        QCOMPARE(json.value(QLatin1String("tasks")).toInt(), kEntities);
        QCOMPARE(fd::test::stateSum(json), kEntities);
        // Requests on the wire at the deadline were let finish: nothing is left DISPATCHING.
        QCOMPARE(json.value(QLatin1String("states")).toObject().value(QLatin1String("DISPATCHING")).toInt(),
                 0);
        const int accepted =
            int(fd::test::sandboxCounter(sandbox.stats(), QString(), QStringLiteral("accepted")));
        QCOMPARE(json.value(QLatin1String("states")).toObject().value(QLatin1String("COMPLETED")).toInt(),
                 accepted);
    }

private:
    static constexpr int kEntities = 30;
    QTemporaryDir m_dir;
    QString m_portfolio;
    QString m_config;
};

QTEST_GUILESS_MAIN(TestEngineFaults)
#include "tst_engine_faults.moc"
