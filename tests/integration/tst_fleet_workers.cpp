// Fleet workers against the real parts: a private PostgreSQL 15 (the ledger), a private redis-server (the
// fleet gate) and the sandbox registry with --ignore-idempotency-key (every second submission of a filing is
// a second filing, counted by the registry). A batch is launched with `filingdesk launch`, filed by
// `filingdesk worker` processes and a desk (`filingdesk run --ledger`).
// - three workers and a desk: 0 duplicates, the per-jurisdiction caps held by the registry's own count, every
//   task terminal, every process exits 0;
// - kill -9 of workers at random moments, 20 times, a worker joining mid-batch, SIGTERM draining cleanly;
// - a batch whose last filings were taken over from a member that died is finished all the same;
// - the metrics endpoint of a working worker, read with Python's prometheus_client parser.
#include "cli_process.h"
#include "support/postgres_server.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QRandomGenerator>
#include <QtCore/QTemporaryDir>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QTcpServer>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <csignal>
#include <memory>
#include <vector>

using fd::test::ChildProcess;
using fd::test::PostgresServer;
using fd::test::RedisServer;
using fd::test::SandboxProcess;

class TestFleetWorkers : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_config;
    RedisServer m_redis;
    std::unique_ptr<PostgresServer> m_postgres;
    int m_dbSerial = 0;

    static QString portfolio() {
        return fd::test::sourcePath(
            QStringLiteral("resources/portfolios/ex21_315858_0000315858-19-000023.csv"));
    }

    qint64 ledgerCount(const QString &sql) const {
        bool ok = false;
        const qint64 n = m_postgres->psql(sql).trimmed().toLongLong(&ok);
        return ok ? n : -1;
    }

    qint64 openTasks() const {
        return ledgerCount(
            QStringLiteral("SELECT count(*) FROM tasks WHERE state IN ('PENDING', 'VALIDATING', "
                           "'DISPATCHING', 'FAILED_TRANSIENT')"));
    }

    bool launch(QString *batchId, QString *why) {
        ChildProcess launcher;
        if (!launcher.start(fd::test::cliPath(),
                            {QStringLiteral("launch"), QStringLiteral("--ledger"), m_postgres->url(),
                             QStringLiteral("--portfolio"), portfolio(), QStringLiteral("--as-of"),
                             QStringLiteral("2027-02-15"), QStringLiteral("--json")}) ||
            !launcher.waitFinished(60000) || launcher.exitCode() != 0) {
            *why = launcher.describe();
            return false;
        }
        *batchId = launcher.json().value(QLatin1String("batch_id")).toString();
        return !batchId->isEmpty();
    }

    QStringList workerArgs(const QUrl &registry, const QStringList &extra = {}) {
        return QStringList{QStringLiteral("worker"),
                           QStringLiteral("--ledger"),
                           m_postgres->url(),
                           QStringLiteral("--redis"),
                           m_redis.url(),
                           QStringLiteral("--registry"),
                           registry.toString(),
                           QStringLiteral("--config"),
                           m_config,
                           QStringLiteral("--db"),
                           m_dir.filePath(QStringLiteral("worker-%1.sqlite").arg(++m_dbSerial))} +
               extra;
    }

    /// Rows of `table` in a member's mirror (-1 when it cannot be read).
    static qint64 mirroredRows(const QString &path, const QString &table = QStringLiteral("tasks")) {
        const QString name = QStringLiteral("mirror-count-%1").arg(path);
        qint64 n = -1;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(path);
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
            if (db.open()) {
                QSqlQuery q(db);
                if (q.exec(QStringLiteral("SELECT count(*) FROM %1").arg(table)) && q.next())
                    n = q.value(0).toLongLong();
            }
        }
        QSqlDatabase::removeDatabase(name);
        return n;
    }

    static quint16 freePort() {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0))
            return 0;
        return probe.serverPort();
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_redis.start(), qPrintable(m_redis.errorString()));
        m_config = m_dir.filePath(QStringLiteral("fleet.json"));
        QFile c(m_config);
        QVERIFY(c.open(QIODevice::WriteOnly));
        // Caps of 2 per jurisdiction across the fleet; short leases so that a killed worker's claims and
        // permits come back within the test's time.
        c.write(R"({"lease_ms": 3000, "request_timeout_ms": 1500, "retry_base_ms": 100, "retry_max_ms": 500,
                    "max_attempts": 8, "default_limit": 2})");
    }

    void init() {
        QVERIFY(!m_redis.cli({QStringLiteral("FLUSHALL")}).isNull());
        m_postgres = std::make_unique<PostgresServer>();
        QVERIFY2(m_postgres->start(), qPrintable(m_postgres->errorString()));
    }

    void cleanup() { m_postgres.reset(); }

    void threeWorkersAndADeskFileALaunchedBatchOnce() {
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                 QStringLiteral("40"), QStringLiteral("--default-cap"), QStringLiteral("2")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString batchId, why;
        QVERIFY2(launch(&batchId, &why), qPrintable(why));
        const qint64 tasks =
            ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE batch_id = '%1'").arg(batchId));
        QVERIFY(tasks > 150);
        // Launching is not filing: nothing was sent.
        QCOMPARE(fd::test::sandboxCounter(registry.stats(), QString(), QStringLiteral("requests")), 0);

        std::vector<std::unique_ptr<ChildProcess>> workers;
        QStringList mirrors;
        for (int i = 0; i < 3; ++i) {
            workers.push_back(std::make_unique<ChildProcess>());
            QVERIFY(workers.back()->start(
                fd::test::cliPath(), workerArgs(registry.baseUrl(), {QStringLiteral("--exit-when-idle")})));
            mirrors.append(m_dir.filePath(QStringLiteral("worker-%1.sqlite").arg(m_dbSerial)));
        }
        ChildProcess desk;
        QVERIFY(desk.startRun({QStringLiteral("--ledger"), m_postgres->url(), QStringLiteral("--redis"),
                               m_redis.url(), QStringLiteral("--registry"), registry.baseUrl().toString(),
                               QStringLiteral("--portfolio"), portfolio(), QStringLiteral("--as-of"),
                               QStringLiteral("2027-02-15"), QStringLiteral("--db"),
                               m_dir.filePath(QStringLiteral("desk.sqlite")), QStringLiteral("--config"),
                               m_config, QStringLiteral("--json"), QStringLiteral("--quiet")}));
        QList<ChildProcess *> all{&desk};
        for (auto &w : workers)
            all.append(w.get());
        QVERIFY(fd::test::waitAll(all, 240000));
        for (ChildProcess *p : all)
            QVERIFY2(p->exitCode() == 0, qPrintable(p->describe()));

        QCOMPARE(openTasks(), 0);
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'COMPLETED'")), tasks);
        const QJsonObject stats = registry.stats();
        QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        QCOMPARE(stats.value(QLatin1String("filings")).toInteger(-1), tasks);
        // The registry's own count of requests in flight per jurisdiction never passed the fleet cap of 2.
        QCOMPARE(fd::test::sandboxCounter(stats, QString(), QStringLiteral("rejected.cap")), 0);
        const QJsonObject perJurisdiction = stats.value(QLatin1String("jurisdictions")).toObject();
        for (auto it = perJurisdiction.begin(); it != perJurisdiction.end(); ++it)
            QVERIFY2(it.value().toObject().value(QLatin1String("max_in_flight")).toInt() <= 2,
                     qPrintable(it.key()));
        // A worker holds (and mirrors) only the tasks it claimed, not the whole ledger's: the four members
        // shared the batch, so none of them took every task.
        for (const QString &mirror : std::as_const(mirrors)) {
            const qint64 held = mirroredRows(mirror);
            QVERIFY2(held >= 0 && held < tasks,
                     qPrintable(QStringLiteral("%1 holds %2 of %3 tasks").arg(mirror).arg(held).arg(tasks)));
            // Nor the team's entity register: a worker files what its tasks hold.
            QCOMPARE(mirroredRows(mirror, QStringLiteral("entity_register")), 0);
        }
        QVERIFY(ledgerCount(QStringLiteral("SELECT count(*) FROM entities WHERE in_register")) > 0);
        // Every worker announced itself in the ledger.
        QVERIFY(ledgerCount(QStringLiteral("SELECT count(*) FROM members WHERE kind = 'worker'")) >= 3);
    }

    void aWorkersLoginIsItsOwnWhateverItsEnvironmentSays() {
        // docs/roles.md: a worker logs in as its own role (filingdesk_worker); its environment claiming to be
        // someone else changes nothing the ledger records as who did it.
        SandboxProcess registry({QStringLiteral("--latency-ms"), QStringLiteral("10"),
                                 QStringLiteral("--default-cap"), QStringLiteral("2")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString batchId, why;
        QVERIFY2(launch(&batchId, &why), qPrintable(why));
        const qint64 tasks =
            ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE batch_id = '%1'").arg(batchId));
        QString error;
        QVERIFY2(!m_postgres
                      ->psql(QStringLiteral("CREATE ROLE filer LOGIN; GRANT filingdesk_worker TO filer"),
                             QString(), &error)
                      .isNull(),
                 qPrintable(error));
        QStringList args = workerArgs(registry.baseUrl(), {QStringLiteral("--exit-when-idle")});
        args[args.indexOf(m_postgres->url())] =
            m_postgres->url().replace(QStringLiteral("fd@"), QStringLiteral("filer@"));
        ChildProcess worker;
        worker.setEnv(QStringLiteral("USER"), QStringLiteral("mallory"));
        worker.setEnv(QStringLiteral("LOGNAME"), QStringLiteral("mallory"));
        QVERIFY(worker.start(fd::test::cliPath(), args));
        QVERIFY2(worker.waitFinished(240000), qPrintable(worker.describe()));
        QVERIFY2(worker.exitCode() == 0, qPrintable(worker.describe()));
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'COMPLETED'")), tasks);
        // Every claim and transition the worker wrote names the login it used, covered by the row hash.
        QCOMPARE(m_postgres->psql(
                     QStringLiteral("SELECT string_agg(DISTINCT login, ',') FROM audit WHERE action IN "
                                    "('claim', 'transition')")),
                 QStringLiteral("filer"));
        // The same login may not launch: exit 2, naming the role.
        ChildProcess launcher;
        QVERIFY(launcher.start(fd::test::cliPath(),
                               {QStringLiteral("launch"), QStringLiteral("--ledger"),
                                m_postgres->url().replace(QStringLiteral("fd@"), QStringLiteral("filer@")),
                                QStringLiteral("--portfolio"), portfolio(), QStringLiteral("--as-of"),
                                QStringLiteral("2027-02-15")}));
        QVERIFY(launcher.waitFinished(60000));
        QVERIFY2(launcher.exitCode() == 2, qPrintable(launcher.describe()));
        QVERIFY2(launcher.standardError().contains(QLatin1String("needs the filingdesk_operator role")),
                 qPrintable(launcher.describe()));
    }

    void killedWorkersLoseNothingAndSigtermDrains() {
        SandboxProcess registry({QStringLiteral("--ignore-idempotency-key"), QStringLiteral("--latency-ms"),
                                 QStringLiteral("150"), QStringLiteral("--default-cap"),
                                 QStringLiteral("2")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString batchId, why;
        QVERIFY2(launch(&batchId, &why), qPrintable(why));
        std::vector<std::unique_ptr<ChildProcess>> workers(3);
        auto startWorker = [&](size_t i) {
            workers[i] = std::make_unique<ChildProcess>();
            return workers[i]->start(fd::test::cliPath(), workerArgs(registry.baseUrl()));
        };
        for (size_t i = 0; i < workers.size(); ++i)
            QVERIFY(startWorker(i));
        QRandomGenerator random(1130);
        int kills = 0;
        QElapsedTimer bound;
        bound.start();
        while (kills < 20 && bound.elapsed() < 150000 && openTasks() > 0) {
            QTest::qWait(150 + int(random.bounded(450)));
            const size_t i = size_t(random.bounded(int(workers.size())));
            ::kill(pid_t(workers[i]->pid()), SIGKILL);
            QVERIFY(workers[i]->waitFinished(5000));
            ++kills;
            QVERIFY(startWorker(i)); // comes back, as systemd's Restart=on-failure would
            if (kills == 10) {
                // A worker started mid-batch joins.
                workers.push_back(std::make_unique<ChildProcess>());
                QVERIFY(workers.back()->start(fd::test::cliPath(), workerArgs(registry.baseUrl())));
            }
        }
        QVERIFY2(kills >= 10, "the batch ended before enough workers were killed");
        QVERIFY(QTest::qWaitFor([&] { return openTasks() == 0; }, 180000));
        // The batch ends: the worker that files its last filing finishes it. (Workers started after the
        // launch once kept stale copies of the others' filings from their start, never saw them done, and
        // left the batch "running" for good.)
        const QString finished =
            QStringLiteral("SELECT status FROM batches WHERE batch_id = '%1'").arg(batchId);
        QVERIFY2(
            QTest::qWaitFor([&] { return m_postgres->psql(finished).trimmed() == QLatin1String("finished"); },
                            30000),
            qPrintable(m_postgres->psql(finished)));
        // SIGTERM: every worker drains and exits 0, handing back what it holds.
        for (auto &w : workers)
            ::kill(pid_t(w->pid()), SIGTERM);
        for (auto &w : workers) {
            QVERIFY(w->waitFinished(30000));
            QVERIFY2(w->exitCode() == 0, qPrintable(w->describe()));
        }
        const qint64 tasks =
            ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE batch_id = '%1'").arg(batchId));
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'COMPLETED'")), tasks);
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL")), 0);
        const QJsonObject stats = registry.stats();
        QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
        QCOMPARE(stats.value(QLatin1String("filings")).toInteger(-1), tasks);
        QCOMPARE(fd::test::sandboxCounter(stats, QString(), QStringLiteral("rejected.cap")), 0);
        // Permits: nothing of the dead or drained workers is left in the fleet gate.
        const QString keys = m_redis.cli(
            {QStringLiteral("--scan"), QStringLiteral("--pattern"), QStringLiteral("sos:*:inflight")});
        for (const QString &key : keys.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            QTRY_COMPARE_WITH_TIMEOUT(m_redis.cli({QStringLiteral("ZCARD"), key}), QStringLiteral("0"),
                                      10000);
    }

    void aBatchIsFinishedWhenItsLastFilingClosesOnAnotherMembersClaims() {
        // Every filing of the batch is held by a member that died (its claims run out in 4 s): the worker
        // finds nothing to claim, looks idle, then takes the filings over once the claims lapse and files
        // them all. The batch must end as finished, whoever closed its last filing and whenever this worker
        // last looked idle (it once stayed "running" for good when the member that closed it had died or had
        // signalled idle before).
        SandboxProcess registry({QStringLiteral("--latency-ms"), QStringLiteral("10"),
                                 QStringLiteral("--default-cap"), QStringLiteral("2")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString batchId, why;
        QVERIFY2(launch(&batchId, &why), qPrintable(why));
        QString error;
        QVERIFY2(!m_postgres
                      ->psql(QStringLiteral("UPDATE tasks SET claimed_by = 'gone-member', claimed_until = "
                                            "clock_timestamp() + interval '4 seconds' WHERE batch_id = '%1'")
                                 .arg(batchId),
                             QString(), &error)
                      .isNull(),
                 qPrintable(error));
        ChildProcess worker;
        QVERIFY(worker.start(fd::test::cliPath(), workerArgs(registry.baseUrl())));
        QVERIFY2(QTest::qWaitFor([&] { return openTasks() == 0; }, 180000), qPrintable(worker.describe()));
        const QString finished =
            QStringLiteral("SELECT status FROM batches WHERE batch_id = '%1'").arg(batchId);
        QVERIFY2(
            QTest::qWaitFor([&] { return m_postgres->psql(finished).trimmed() == QLatin1String("finished"); },
                            30000),
            qPrintable(m_postgres->psql(finished)));
        QCOMPARE(ledgerCount(QStringLiteral("SELECT count(*) FROM audit WHERE action = 'batch_idle'")), 1);
        ::kill(pid_t(worker.pid()), SIGTERM);
        QVERIFY(worker.waitFinished(30000));
        QVERIFY2(worker.exitCode() == 0, qPrintable(worker.describe()));
    }

    void metricsReadByPrometheusClient() {
        const QString python = qEnvironmentVariable("FILINGDESK_PYTHON");
        QVERIFY2(!python.isEmpty(), "FILINGDESK_PYTHON is not set: no python3 with prometheus_client");
        SandboxProcess registry({QStringLiteral("--latency-ms"), QStringLiteral("200"),
                                 QStringLiteral("--default-cap"), QStringLiteral("2")});
        QVERIFY2(registry.start(), qPrintable(registry.errorString()));
        QString batchId, why;
        QVERIFY2(launch(&batchId, &why), qPrintable(why));
        const quint16 port = freePort();
        QVERIFY(port != 0);
        ChildProcess worker;
        QVERIFY(worker.start(
            fd::test::cliPath(),
            workerArgs(registry.baseUrl(), {QStringLiteral("--metrics-port"), QString::number(port),
                                            QStringLiteral("--exit-when-idle")})));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return fd::test::sandboxCounter(registry.stats(), QString(), QStringLiteral("accepted")) >=
                       10;
            },
            60000));
        QTest::qWait(600); // the engine publishes its figures with its status (every 250 ms)
        QNetworkAccessManager nam;
        QNetworkReply *reply =
            nam.get(QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port))));
        QVERIFY(QTest::qWaitFor([reply] { return reply->isFinished(); }, 10000));
        QCOMPARE(reply->error(), QNetworkReply::NoError);
        const QByteArray body = reply->readAll();
        reply->deleteLater();
        QProcess parse;
        parse.start(python, {fd::test::sourcePath(QStringLiteral("tests/integration/prometheus_parse.py"))});
        QVERIFY(parse.waitForStarted(10000));
        parse.write(body);
        parse.closeWriteChannel();
        QVERIFY(parse.waitForFinished(30000));
        QVERIFY2(parse.exitCode() == 0, parse.readAllStandardError().constData());
        const QJsonArray families = QJsonDocument::fromJson(parse.readAllStandardOutput())
                                        .object()
                                        .value(QLatin1String("families"))
                                        .toArray();
        auto sample = [&](const QString &family, const QString &label, const QString &value) -> double {
            for (const QJsonValue &f : families) {
                if (f.toObject().value(QLatin1String("name")).toString() != family)
                    continue;
                double sum = 0;
                for (const QJsonValue &s : f.toObject().value(QLatin1String("samples")).toArray()) {
                    const QJsonObject labels = s.toObject().value(QLatin1String("labels")).toObject();
                    if (label.isEmpty() || labels.value(label).toString() == value)
                        if (!s.toObject()
                                 .value(QLatin1String("name"))
                                 .toString()
                                 .endsWith(QLatin1String("_created")))
                            sum += s.toObject().value(QLatin1String("value")).toDouble();
                }
                return sum;
            }
            return -1;
        };
        QVERIFY(sample(QStringLiteral("filingdesk_requests"), QStringLiteral("outcome"),
                       QStringLiteral("accepted")) >= 10);
        QCOMPARE(sample(QStringLiteral("filingdesk_ledger_reachable"), QString(), QString()), 1.0);
        QCOMPARE(sample(QStringLiteral("filingdesk_gate_blind"), QString(), QString()), 0.0);
        QVERIFY(sample(QStringLiteral("filingdesk_tasks"), QStringLiteral("state"),
                       QStringLiteral("COMPLETED")) >= 10);
        QVERIFY(sample(QStringLiteral("filingdesk_request_duration_seconds"), QString(), QString()) > 0);
        QVERIFY(worker.waitFinished(180000));
        QVERIFY2(worker.exitCode() == 0, qPrintable(worker.describe()));
    }
};

QTEST_GUILESS_MAIN(TestFleetWorkers)
#include "tst_fleet_workers.moc"
