// The entity register in a real SQLite database: what a person enters survives a restart and a re-import,
// edits are audited with old and new values, conflicts are listed and decided, and `filingdesk entities
// import/export` round-trips and refuses a bad file whole.
#include "cli_process.h"
#include "engine/core/host_identity.h"
#include "support/sandbox_process.h"

#include "engine/audit/audit_store.h"
#include "engine/core/engine.h"
#include "engine/gate/local_permit_gate.h"
#include "engine/model/compliance.h"

#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtCore/QTimer>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <thread>

using namespace fd;

namespace {

const QDate kAsOf(2026, 12, 1);

// A California corporation without a formation date: its Statement of Information needs one.
const QByteArray kPortfolio =
    "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,risk_tier,ein\n"
    "CA1,Pacific Widgets Inc.,corporation,California,,CT Corporation,active,3,\n"
    "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,CSC,active,2,\n";

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// One desk: an engine on a real database file, started and stopped by the test.
class Desk {
public:
    explicit Desk(const QString &dbPath, const QUrl &registry = QUrl(QStringLiteral("http://127.0.0.1:9/"))) {
        m_engine.setGate(new LocalPermitGate(15000));
        EngineConfig config;
        config.dbPath = dbPath;
        config.registries.defaultUrl = registry;
        QSignalSpy started(&m_engine, &Engine::started);
        m_engine.start(config);
        m_ok = started.count() == 1 && started.first().at(0).toBool();
    }
    ~Desk() { m_engine.shutdown(); }
    bool ok() const { return m_ok; }
    Engine &engine() { return m_engine; }

    /// Opens `path` and returns what the engine answered.
    std::pair<PortfolioSummary, QList<RowPlan>> open(const QString &path, const QDate &asOf = kAsOf) {
        QSignalSpy loaded(&m_engine, &Engine::portfolioLoaded);
        m_engine.loadPortfolio(path, asOf);
        // The load's own answer (the file's summary), not an edit's re-plan: after an edit the load waits for
        // the edit's write (Engine: what reads the register waits for it), and the edit's re-plan comes
        // first.
        const auto answer = [&]() -> const QList<QVariant> * {
            for (const QList<QVariant> &signal : std::as_const(loaded)) {
                if (signal.at(0).value<PortfolioSummary>().file == path)
                    return &signal;
            }
            return nullptr;
        };
        if (!QTest::qWaitFor([&] { return answer() != nullptr; }, 20000))
            return {};
        return {answer()->at(0).value<PortfolioSummary>(), answer()->at(1).value<QList<RowPlan>>()};
    }

    /// Admits every filing open for filing and returns the tasks as the database `dbPath` then holds them;
    /// empty when the admission did not answer or the database could not be read.
    QList<FilingTask> admitAll(const QString &dbPath) {
        QSignalSpy admitted(&m_engine, &Engine::admitted);
        m_engine.admit(-1);
        if (!QTest::qWaitFor([&] { return admitted.count() == 1; }, 10000)) // follows the admission's commit
            return {};
        AuditStore store;
        QString error;
        return store.open(dbPath, &error, AuditStore::OpenMode::Shared) ? store.loadTasks(false)
                                                                        : QList<FilingTask>{};
    }

private:
    Engine m_engine;
    bool m_ok = false;
};

const RowPlan *rowOf(const QList<RowPlan> &plan, const QString &entityId) {
    for (const RowPlan &row : plan) {
        if (row.entity->entityId == entityId)
            return &row;
    }
    return nullptr;
}

QList<AuditEntry> auditOf(const QString &dbPath, const QString &action) {
    AuditStore store;
    QString error;
    if (!store.open(dbPath, &error, AuditStore::OpenMode::Shared))
        return {};
    AuditQuery query;
    query.action = action;
    return store.queryAudit(query);
}

} // namespace

class TestEntityRegisterStore : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase() {
        qRegisterMetaType<PortfolioSummary>();
        qRegisterMetaType<QList<RowPlan>>();
        QVERIFY(m_dir.isValid());
    }

    // The fault the register exists for: a formation date typed into a needs-data row was gone after a
    // restart and a re-open, and the same filing showed as PENDING and NEEDS_DATA.
    void editSurvivesRestartAndReopen() {
        const QString db = path(QStringLiteral("edit.sqlite"));
        const QString csv = path(QStringLiteral("edit.csv"));
        QVERIFY(writeFile(csv, kPortfolio));
        {
            Desk desk(db);
            QVERIFY(desk.ok());
            auto [summary, plan] = desk.open(csv);
            QCOMPARE(summary.registerCounts.added, 2);
            QVERIFY(rowOf(plan, QStringLiteral("CA1")));
            QVERIFY(!rowOf(plan, QStringLiteral("CA1"))->needs.isEmpty());
            QSignalSpy loaded(&desk.engine(), &Engine::portfolioLoaded);
            QSignalSpy changed(&desk.engine(), &Engine::registerChanged);
            desk.engine().editEntity(QStringLiteral("CA1"),
                                     {{QStringLiteral("formation_date"), QStringLiteral("2016-03-14")},
                                      {QStringLiteral("registered_agent_status"), QStringLiteral("active")}},
                                     QStringLiteral("from the certificate of incorporation"));
            QTRY_COMPARE(loaded.count(), 1); // once the edit is written and read back
            QCOMPARE(changed.count(), 1);
            QVERIFY(
                rowOf(loaded.first().at(1).value<QList<RowPlan>>(), QStringLiteral("CA1"))->needs.isEmpty());
        }
        {
            Desk desk(db); // restarted, the same file opened again
            QVERIFY(desk.ok());
            auto [summary, plan] = desk.open(csv);
            QCOMPARE(summary.registerCounts.added, 0);
            QCOMPARE(summary.registerCounts.conflicting, 0);
            const RowPlan *row = rowOf(plan, QStringLiteral("CA1"));
            QVERIFY(row);
            QCOMPARE(row->entity->formationDate, QDate(2016, 3, 14));
            QVERIFY2(row->needs.isEmpty(),
                     "the register's formation date plans the Statement of Information");
            QCOMPARE(row->outcome, RowOutcome::Obligations);
        }
        // `filingdesk calendar --db` plans from the same register: the Statement of Information is in the
        // calendar.
        const QString report = path(QStringLiteral("edit-report.json"));
        test::ChildProcess calendar;
        QVERIFY(calendar.start(test::cliPath(),
                               {QStringLiteral("calendar"), QStringLiteral("--portfolio"), csv,
                                QStringLiteral("--db"), db, QStringLiteral("--out"),
                                path(QStringLiteral("edit.ics")), QStringLiteral("--as-of"),
                                kAsOf.toString(Qt::ISODate), QStringLiteral("--report"), report}));
        QVERIFY(calendar.waitFinished(30000));
        QVERIFY2(calendar.exitCode() == 0, qPrintable(calendar.describe()));
        QFile reportFile(report);
        QVERIFY(reportFile.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(reportFile.readAll()).object();
        QCOMPARE(json.value(QStringLiteral("obligations_needing_data")).toInt(), 0);
        QFile ics(path(QStringLiteral("edit.ics")));
        QVERIFY(ics.open(QIODevice::ReadOnly));
        QVERIFY(ics.readAll().contains("Statement of Information"));

        const QList<AuditEntry> edits = auditOf(db, QStringLiteral("entity_edit"));
        QCOMPARE(edits.size(), 1);
        QCOMPARE(edits.first().entityId, QStringLiteral("CA1"));
        QCOMPARE(edits.first().reason, QStringLiteral("from the certificate of incorporation"));
        QCOMPARE(edits.first().actor, fd::host::osUser());
        QVERIFY2(edits.first().detail.contains(QLatin1String("formation_date: \"\" -> \"2016-03-14\"")),
                 qPrintable(edits.first().detail));
        QVERIFY2(edits.first().detail.contains(QLatin1String("registered_agent_status: \"\" -> \"active\"")),
                 qPrintable(edits.first().detail));
    }

    void differingFileValueIsAConflictUntilDecided() {
        const QString db = path(QStringLiteral("conflict.sqlite"));
        const QString csv = path(QStringLiteral("conflict.csv"));
        QVERIFY(writeFile(csv, kPortfolio));
        Desk desk(db);
        QVERIFY(desk.ok());
        desk.open(csv);
        desk.engine().editEntity(
            QStringLiteral("DE1"),
            {{QStringLiteral("registered_agent"), QStringLiteral("Registered Agents Inc.")}},
            QStringLiteral("agent changed in 2026"));
        // The file still names the old agent, and leaves CA1's agent blank: a conflict, and no erasure.
        QByteArray stale = kPortfolio;
        stale.replace("California,,CT Corporation", "California,,");
        QVERIFY(writeFile(csv, stale));
        auto [summary, plan] = desk.open(csv);
        QCOMPARE(summary.registerCounts.conflicting, 1);
        QCOMPARE(summary.conflicts.size(), 1);
        QCOMPARE(summary.conflicts.first().field, QStringLiteral("registered_agent"));
        QCOMPARE(summary.conflicts.first().registerValue, QStringLiteral("Registered Agents Inc."));
        QCOMPARE(summary.conflicts.first().fileValue, QStringLiteral("CSC"));
        QCOMPARE(summary.conflicts.first().source, QStringLiteral("conflict.csv:3"));
        QCOMPARE(rowOf(plan, QStringLiteral("DE1"))->entity->registeredAgent,
                 QStringLiteral("Registered Agents Inc."));
        QCOMPARE(rowOf(plan, QStringLiteral("CA1"))->entity->registeredAgent,
                 QStringLiteral("CT Corporation"));
        QCOMPARE(auditOf(db, QStringLiteral("entity_conflict")).size(), 1);

        // Opened again: still one conflict, not a second audit row.
        desk.open(csv);
        QCOMPARE(auditOf(db, QStringLiteral("entity_conflict")).size(), 1);

        QSignalSpy changed(&desk.engine(), &Engine::registerChanged);
        desk.engine().decideConflict(QStringLiteral("DE1"), QStringLiteral("registered_agent"), false,
                                     QStringLiteral("the file is out of date"));
        QTRY_COMPARE(changed.count(), 1);
        QVERIFY(changed.first().at(1).value<QList<RegisterConflict>>().isEmpty());
        const QList<AuditEntry> settled = auditOf(db, QStringLiteral("entity_conflict_settled"));
        QCOMPARE(settled.size(), 1);
        QVERIFY2(
            settled.first().detail.contains(QLatin1String("the register's \"Registered Agents Inc.\" kept")),
            qPrintable(settled.first().detail));

        QVERIFY2(
            settled.first().detail.contains(QLatin1String("\"CSC\" (conflict.csv:3) is not offered again")),
            qPrintable(settled.first().detail));

        // The decision is remembered: the same file opened again asks nothing, says it was decided before,
        // and writes no audit row; so does a desk started again on the same database.
        auto [again, planAgain] = desk.open(csv);
        QCOMPARE(again.registerCounts.conflicting, 0);
        QCOMPARE(again.registerCounts.decidedBefore, 1);
        QVERIFY(again.conflicts.isEmpty());
        QCOMPARE(auditOf(db, QStringLiteral("entity_conflict")).size(), 1);
        QCOMPARE(rowOf(planAgain, QStringLiteral("DE1"))->entity->registeredAgent,
                 QStringLiteral("Registered Agents Inc."));
    }

    void aKeptDecisionOutlivesTheDeskAndYieldsToANewValue() {
        const QString db = path(QStringLiteral("kept.sqlite"));
        const QString csv = path(QStringLiteral("kept.csv"));
        QVERIFY(writeFile(csv, kPortfolio));
        {
            Desk desk(db);
            QVERIFY(desk.ok());
            desk.open(csv);
            desk.engine().editEntity(
                QStringLiteral("DE1"),
                {{QStringLiteral("registered_agent"), QStringLiteral("Registered Agents Inc.")}},
                QStringLiteral("agent changed in 2026"));
            auto [summary, plan] = desk.open(csv);
            QCOMPARE(summary.conflicts.size(), 1);
            QSignalSpy changed(&desk.engine(), &Engine::registerChanged);
            desk.engine().decideConflict(QStringLiteral("DE1"), QStringLiteral("registered_agent"), false,
                                         QStringLiteral("the file is out of date"));
            QTRY_COMPARE(changed.count(), 1);
        }
        Desk desk(db);
        QVERIFY(desk.ok());
        auto [reopened, plan] = desk.open(csv);
        QCOMPARE(reopened.registerCounts.conflicting, 0);
        QCOMPARE(reopened.registerCounts.decidedBefore, 1);

        // A file with another agent raises it afresh; taking the file's value says so: the value taken and
        // the one it replaced.
        QByteArray newer = kPortfolio;
        newer.replace(",CSC,", ",CSC Global,");
        QVERIFY(newer != kPortfolio);
        QVERIFY(writeFile(csv, newer));
        auto [raised, planRaised] = desk.open(csv);
        QCOMPARE(raised.conflicts.size(), 1);
        QCOMPARE(raised.conflicts.first().fileValue, QStringLiteral("CSC Global"));
        QVERIFY(raised.conflicts.first().isOpen());
        QCOMPARE(auditOf(db, QStringLiteral("entity_conflict")).size(), 2);

        // A file that now gives the register's value settles it, and its audit row says nobody decided.
        QByteArray agreeing = kPortfolio;
        agreeing.replace(",CSC,", ",Registered Agents Inc.,");
        QVERIFY(writeFile(csv, agreeing));
        auto [agreed, planAgreed] = desk.open(csv);
        QVERIFY(agreed.conflicts.isEmpty());
        QCOMPARE(auditOf(db, QStringLiteral("entity_conflict_settled")).size(), 2);
        const QString byFile =
            auditOf(db, QStringLiteral("entity_conflict_settled")).first().detail; // newest
        QVERIFY2(byFile.contains(QLatin1String("kept.csv now gives the register's \"Registered Agents Inc.\" "
                                               "(no longer in conflict, nobody decided)")),
                 qPrintable(byFile));

        QVERIFY(writeFile(csv, newer));
        auto [raisedAgain, planAgain] = desk.open(csv);
        QCOMPARE(raisedAgain.conflicts.size(), 1);
        desk.engine().decideConflict(QStringLiteral("DE1"), QStringLiteral("registered_agent"), true,
                                     QStringLiteral("the file is right after all"));
        QTRY_COMPARE(auditOf(db, QStringLiteral("entity_conflict_settled")).size(), 3);
        const QString taken = auditOf(db, QStringLiteral("entity_conflict_settled")).first().detail; // newest
        QVERIFY2(taken.contains(QLatin1String(
                     "\"CSC Global\" taken instead of the register's \"Registered Agents Inc.\"")),
                 qPrintable(taken));
    }

    // The engine thread never waits for the disk: while another program holds the database's write lock (a
    // backup, a virus scanner), an edit waits on the store's thread and the engine goes on. A second edit of
    // the same entity made meanwhile starts from the first one's result, not from the record before it.
    void editsWaitForABusyDatabaseWithoutHoldingTheEngine() {
        const QString db = path(QStringLiteral("busy.sqlite"));
        const QString csv = path(QStringLiteral("busy.csv"));
        QVERIFY(writeFile(csv, kPortfolio));
        Desk desk(db);
        QVERIFY(desk.ok());
        desk.open(csv);
        const QString holder = QStringLiteral("busy-register-holder");
        {
            QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), holder);
            other.setDatabaseName(db);
            QVERIFY(other.open());
            QSqlQuery lock(other);
            QVERIFY2(lock.exec(QStringLiteral("BEGIN IMMEDIATE")), qPrintable(lock.lastError().text()));
        }
        QSignalSpy changed(&desk.engine(), &Engine::registerChanged);
        QSignalSpy errors(&desk.engine(), &Engine::errorOccurred);
        desk.engine().editEntity(QStringLiteral("CA1"),
                                 {{QStringLiteral("formation_date"), QStringLiteral("2016-03-14")}},
                                 QStringLiteral("from the certificate of incorporation"));
        desk.engine().editEntity(
            QStringLiteral("CA1"),
            {{QStringLiteral("registered_agent"), QStringLiteral("Registered Agents Inc.")}},
            QStringLiteral("agent changed in 2026"));
        int ticks = 0;
        QTimer ticker;
        QObject::connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
        ticker.start(10);
        QTest::qWait(600); // the engine's thread (this one) goes on while the edits wait for the lock
        QVERIFY(ticks > 0);
        QCOMPARE(changed.count(), 0);
        QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().at(0).toString()));
        {
            QSqlQuery release(QSqlDatabase::database(holder));
            QVERIFY(release.exec(QStringLiteral("ROLLBACK")));
        }
        QSqlDatabase::removeDatabase(holder);
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 20000);
        QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().at(0).toString()));
        const QList<Entity> entities = changed.last().at(0).value<QList<Entity>>();
        const auto ca1 = std::find_if(entities.cbegin(), entities.cend(),
                                      [](const Entity &e) { return e.entityId == QLatin1String("CA1"); });
        QVERIFY(ca1 != entities.cend());
        QCOMPARE(ca1->formationDate, QDate(2016, 3, 14)); // the first edit, kept by the second
        QCOMPARE(ca1->registeredAgent, QStringLiteral("Registered Agents Inc."));
        QCOMPARE(auditOf(db, QStringLiteral("entity_edit")).size(), 2);
    }

    // A portfolio is read and parsed off the engine's thread: here the file is a pipe whose data comes late
    // (a slow network share), and the engine answers another call meanwhile. An edit made before the load
    // answered waits for it (the entity is not in the register until then) and lands after it.
    void aPortfolioIsReadWithoutHoldingTheEngine() {
        const QString db = path(QStringLiteral("slowfile.sqlite"));
        const QString pipe = path(QStringLiteral("slow.csv"));
        QVERIFY(::mkfifo(QFile::encodeName(pipe).constData(), 0600) == 0);
        Desk desk(db);
        QVERIFY(desk.ok());
        Engine &engine = desk.engine();
        QStringList order;
        QObject receiver; // gone before `order` is
        QObject::connect(&engine, &Engine::portfolioLoaded, &receiver, [&](const PortfolioSummary &summary) {
            order << (summary.file == pipe ? QStringLiteral("loaded") : QStringLiteral("replanned"));
        });
        QObject::connect(&engine, &Engine::tasksChanged, &receiver,
                         [&] { order << QStringLiteral("tasks"); });
        QSignalSpy changed(&engine, &Engine::registerChanged);
        QSignalSpy errors(&engine, &Engine::errorOccurred);
        std::atomic<bool> answeredMeanwhile{false};
        std::atomic<bool> waitedInVain{false};
        // The file's data arrives once the engine has answered another call; an engine that sits in the read
        // answers nothing, and the data comes after ten seconds anyway (so that such an engine fails here
        // rather than hangs).
        std::thread writer([&] {
            for (int i = 0; i < 1000 && !answeredMeanwhile; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            waitedInVain = !answeredMeanwhile;
            QFile out(pipe);
            if (out.open(QIODevice::WriteOnly))
                out.write(kPortfolio);
        });
        engine.loadPortfolio(pipe, kAsOf);
        engine.publishAllTasks();
        answeredMeanwhile = order.contains(QStringLiteral("tasks"));
        engine.editEntity(QStringLiteral("CA1"),
                          {{QStringLiteral("formation_date"), QStringLiteral("2016-03-14")}},
                          QStringLiteral("from the certificate of incorporation"));
        QTRY_VERIFY_WITH_TIMEOUT(order.contains(QStringLiteral("replanned")), 20000);
        writer.join();
        QVERIFY2(!waitedInVain, "the engine answered nothing while the portfolio was being read");
        QCOMPARE(order, (QStringList{QStringLiteral("tasks"), QStringLiteral("loaded"),
                                     QStringLiteral("replanned")}));
        QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().at(0).toString()));
        const QList<Entity> entities = changed.last().at(0).value<QList<Entity>>();
        const auto ca1 = std::find_if(entities.cbegin(), entities.cend(),
                                      [](const Entity &e) { return e.entityId == QLatin1String("CA1"); });
        QVERIFY(ca1 != entities.cend());
        QCOMPARE(ca1->formationDate, QDate(2016, 3, 14));
    }

    void invalidEditChangesNothing_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("message");
        QTest::newRow("no reason") << "formation_date"
                                   << "2016-03-14"
                                   << ""
                                   << "needs a reason";
        QTest::newRow("bad date") << "formation_date"
                                  << "2016-02-30"
                                  << "typo"
                                  << "formation_date";
        QTest::newRow("bad status") << "registered_agent_status"
                                    << "asleep"
                                    << "typo"
                                    << "registered_agent_status";
    }
    void invalidEditChangesNothing() {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, reason);
        QFETCH(QString, message);
        const QString db = path(QStringLiteral("invalid-%1.sqlite").arg(QTest::currentDataTag()));
        const QString csv = path(QStringLiteral("invalid.csv"));
        QVERIFY(writeFile(csv, kPortfolio));
        Desk desk(db);
        QVERIFY(desk.ok());
        desk.open(csv);
        QSignalSpy errors(&desk.engine(), &Engine::errorOccurred);
        QSignalSpy changed(&desk.engine(), &Engine::registerChanged);
        desk.engine().editEntity(QStringLiteral("CA1"), {{field, value}}, reason);
        QCOMPARE(errors.count(), 1);
        QVERIFY2(errors.first().at(0).toString().contains(message),
                 qPrintable(errors.first().at(0).toString()));
        QCOMPARE(changed.count(), 0);
        QVERIFY(auditOf(db, QStringLiteral("entity_edit")).isEmpty());
    }

    void importExportRoundTrip() {
        const QString db = path(QStringLiteral("cli.sqlite"));
        const QString in = path(QStringLiteral("entities.csv"));
        QVERIFY(writeFile(in, "entity_id,entity_name,jurisdiction,registered_agent,registered_agent_status,"
                              "officers,owner,notes\n"
                              "e1,\"Acme, Inc.\",Delaware,CT Corporation,active,"
                              "\"Jane Roe (President); John Doe (Secretary)\",Ana Diaz,\"says \"\"hi\"\"\"\n"
                              "e2,Beta LLC,California,,,,,\n"));
        test::ChildProcess import;
        QVERIFY(import.start(test::cliPath(), {QStringLiteral("entities"), QStringLiteral("import"), in,
                                               QStringLiteral("--db"), db, QStringLiteral("--reason"),
                                               QStringLiteral("first load"), QStringLiteral("--json")}));
        QVERIFY(import.waitFinished(30000));
        QVERIFY2(import.exitCode() == 0, qPrintable(import.describe()));
        const QJsonObject counts = QJsonDocument::fromJson(import.standardOutput()).object();
        QCOMPARE(counts.value(QStringLiteral("added")).toInt(), 2);

        const QString out = path(QStringLiteral("export.csv"));
        test::ChildProcess exported;
        QVERIFY(exported.start(test::cliPath(), {QStringLiteral("entities"), QStringLiteral("export"),
                                                 QStringLiteral("--db"), db, QStringLiteral("--out"), out}));
        QVERIFY(exported.waitFinished(30000));
        QVERIFY2(exported.exitCode() == 0, qPrintable(exported.describe()));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray csv = f.readAll();
        QVERIFY2(csv.contains("e1,\"Acme, Inc.\",corporation,Delaware"), csv.constData());
        QVERIFY2(csv.contains("Jane Roe (President); John Doe (Secretary)"), csv.constData());
        QVERIFY2(csv.contains("\"says \"\"hi\"\"\""), csv.constData());
        QVERIFY2(csv.contains("e2,Beta LLC,llc,California"), csv.constData());

        // The export applied again changes nothing.
        test::ChildProcess again;
        QVERIFY(again.start(test::cliPath(), {QStringLiteral("entities"), QStringLiteral("import"), out,
                                              QStringLiteral("--db"), db, QStringLiteral("--reason"),
                                              QStringLiteral("round trip"), QStringLiteral("--json")}));
        QVERIFY(again.waitFinished(30000));
        QVERIFY2(again.exitCode() == 0, qPrintable(again.describe()));
        const QJsonObject second = QJsonDocument::fromJson(again.standardOutput()).object();
        QCOMPARE(second.value(QStringLiteral("unchanged")).toInt(), 2);
        QCOMPARE(second.value(QStringLiteral("field_changes")).toInt(), 0);
        QCOMPARE(auditOf(db, QStringLiteral("entity_add")).size(), 2);
        QVERIFY(auditOf(db, QStringLiteral("entity_import")).isEmpty());

        // An export is a portfolio too: opened in a desk, it adds nothing and conflicts with nothing.
        Desk desk(db);
        QVERIFY(desk.ok());
        auto [summary, plan] = desk.open(out);
        QVERIFY2(summary.fileError.isEmpty(), qPrintable(summary.fileError));
        QCOMPARE(summary.counts.rowErrors, 0);
        QCOMPARE(summary.registerCounts.added, 0);
        QCOMPARE(summary.registerCounts.conflicting, 0);
        QCOMPARE(summary.registerCounts.unchanged, 2);
    }

    // A statutory halt cured end to end against the real sandbox registry: the registry refuses an expired
    // registered agent; requeueing the same payload is held ("nothing changed"); the agent is fixed in the
    // register; the requeue rebuilds the payload (same key, new hash in the audit) and the registry accepts
    // it.
    void statutoryHaltIsCuredFromTheRegister() {
        test::SandboxProcess sandbox;
        QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
        const QString db = path(QStringLiteral("cure.sqlite"));
        const QString csv = path(QStringLiteral("cure.csv"));
        QVERIFY(writeFile(csv,
                          "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                          "registered_agent_status,status,risk_tier\n"
                          "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,CSC,expired,active,2\n"
                          "DE2,Delaware Paper Inc.,corporation,Delaware,2011-06-01,CSC,resigned,active,2\n"));
        Desk desk(db, sandbox.baseUrl());
        QVERIFY(desk.ok());
        Engine &engine = desk.engine();
        desk.open(csv, QDate(2027, 2, 15));
        QSignalSpy admitted(&engine, &Engine::admitted);
        engine.admit(-1);
        QTRY_COMPARE(admitted.count(), 1); // admitted() follows the admission's commit
        QStringList keys;
        QString cureKey;
        QString paperKey;
        {
            AuditStore store;
            QString e;
            QVERIFY(store.open(db, &e, AuditStore::OpenMode::Shared));
            for (const FilingTask &t : store.loadTasks(false)) {
                keys.append(t.key);
                (t.obligation.entity->entityId == QLatin1String("DE1") ? cureKey : paperKey) = t.key;
            }
        }
        QCOMPARE(keys.size(), 2);
        engine.launchBatch({}, QStringLiteral("March 1 run"));
        QTRY_COMPARE_WITH_TIMEOUT(engine.task(cureKey).state, ExecutionState::FailedStatutory, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(engine.task(paperKey).state, ExecutionState::FailedStatutory, 20000);
        QCOMPARE(engine.task(cureKey).lastErrorCode, QStringLiteral("STAT_AGENT_EXPIRED"));
        const QString refusedHash = engine.task(cureKey).payloadSha256();

        // Requeued with nothing changed: held, and the person is told why.
        QSignalSpy held(&engine, &Engine::unchangedPayloadHeld);
        engine.resolve({cureKey}, QStringLiteral("try again"), true);
        QCOMPARE(held.count(), 1);
        QCOMPARE(held.first().at(0).toStringList(), QStringList{cureKey});
        QVERIFY2(held.first().at(1).toString().contains(QLatin1String("Nothing changed")),
                 qPrintable(held.first().at(1).toString()));
        QCOMPARE(engine.task(cureKey).state, ExecutionState::FailedStatutory);

        // Cured in the register, then requeued: the payload is rebuilt and accepted under the same key.
        engine.editEntity(QStringLiteral("DE1"),
                          {{QStringLiteral("registered_agent"), QStringLiteral("CT Corporation System")},
                           {QStringLiteral("registered_agent_status"), QStringLiteral("active")}},
                          QStringLiteral("agent appointed 2027-02-16"));
        engine.resolve({cureKey}, QStringLiteral("agent renewed"), true);
        QCOMPARE(held.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(engine.task(cureKey).state, ExecutionState::Completed, 20000);
        QVERIFY(!engine.task(cureKey).confirmationNumber.isEmpty());
        QCOMPARE(complianceOf(engine.task(cureKey), QDate(2027, 2, 15)), Compliance::Filed);
        const QString curedHash = engine.task(cureKey).payloadSha256();
        QVERIFY(curedHash != refusedHash);
        QVERIFY(engine.task(cureKey).payloadJson().contains("\"registered_agent_status\":\"active\""));

        // Filed outside FilingDesk: the other halt was filed on paper.
        engine.recordFiledOutside(paperKey, QStringLiteral("DE-PAPER-0001"), 22500, QDate(2027, 2, 20),
                                  QStringLiteral("filed on paper with the new agent"));
        QTRY_COMPARE(engine.task(paperKey).state, ExecutionState::Completed); // once written
        QCOMPARE(engine.task(paperKey).confirmationNumber, QStringLiteral("DE-PAPER-0001"));

        const QList<AuditEntry> requeues = auditOf(db, QStringLiteral("resolve_requeue"));
        QCOMPARE(requeues.size(), 1);
        QVERIFY2(requeues.first().detail.contains(
                     QStringLiteral("%1 -> %2").arg(refusedHash.left(12), curedHash.left(12))),
                 qPrintable(requeues.first().detail));
        QCOMPARE(requeues.first().payloadSha256, curedHash);
        QCOMPARE(requeues.first().reason, QStringLiteral("agent renewed"));
        const QList<AuditEntry> outside = auditOf(db, QStringLiteral("filed_outside"));
        QCOMPARE(outside.size(), 1);
        QVERIFY2(outside.first().detail.contains(QLatin1String("DE-PAPER-0001")),
                 qPrintable(outside.first().detail));
        QVERIFY2(outside.first().detail.contains(QLatin1String("$225.00")),
                 qPrintable(outside.first().detail));
        QCOMPARE(sandbox.stats()
                     .value(QStringLiteral("totals"))
                     .toObject()
                     .value(QStringLiteral("accepted"))
                     .toInt(),
                 1);

        // The cured payload is stored: a restart sends what was cured, not what was refused.
        AuditStore store;
        QString e;
        QVERIFY(store.open(db, &e, AuditStore::OpenMode::Shared));
        QCOMPARE(store.task(cureKey)->obligation.entity->registeredAgentStatus, QStringLiteral("active"));
        QCOMPARE(store.task(cureKey)->payloadSha256(), curedHash);
    }

    // An admitted filing that has not left is sent with the entity as the register has it when it leaves, not
    // as it was when the filing was admitted: the person who fixes an expired agent before the batch runs
    // must not see the registry refuse the old agent. The rebuilt payload is stored and audited (who, why,
    // old and new hash); a filing already sent keeps what it sent.
    void anEditReachesFilingsNotYetSent() {
        test::SandboxProcess sandbox;
        QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
        const QString db = path(QStringLiteral("unsent.sqlite"));
        const QString csv = path(QStringLiteral("unsent.csv"));
        QVERIFY(writeFile(csv,
                          "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                          "registered_agent_status,status,risk_tier\n"
                          "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,CSC,expired,active,2\n"
                          "DE2,Delaware Paper Inc.,corporation,Delaware,2011-06-01,CSC,active,active,2\n"));
        QString unsentKey;
        QString sentKey;
        QString admittedHash;
        QString sentHash;
        {
            Desk desk(db, sandbox.baseUrl());
            QVERIFY(desk.ok());
            Engine &engine = desk.engine();
            desk.open(csv, QDate(2027, 2, 15));
            for (const FilingTask &t : desk.admitAll(db))
                (t.obligation.entity->entityId == QLatin1String("DE1") ? unsentKey : sentKey) = t.key;
            QVERIFY(!unsentKey.isEmpty() && !sentKey.isEmpty());
            admittedHash = engine.task(unsentKey).payloadSha256();

            // DE2 is filed first; then both entities are edited.
            engine.launchBatch({sentKey}, QStringLiteral("DE2 first"));
            QTRY_COMPARE_WITH_TIMEOUT(engine.task(sentKey).state, ExecutionState::Completed, 20000);
            sentHash = engine.task(sentKey).payloadSha256();
            engine.editEntity(QStringLiteral("DE2"),
                              {{QStringLiteral("principal_office"), QStringLiteral("1 Main St")}},
                              QStringLiteral("office moved"));
            engine.editEntity(QStringLiteral("DE1"),
                              {{QStringLiteral("registered_agent"), QStringLiteral("CT Corporation System")},
                               {QStringLiteral("registered_agent_status"), QStringLiteral("active")}},
                              QStringLiteral("agent appointed 2027-02-14"));
            QTRY_VERIFY_WITH_TIMEOUT(
                engine.task(unsentKey).payloadJson().contains("\"registered_agent_status\":\"active\""),
                10000);
            QCOMPARE(engine.task(unsentKey).state, ExecutionState::Pending);
            QCOMPARE(engine.task(sentKey).payloadSha256(), sentHash);
        }
        // Stored: a restart sends the edited entity.
        Desk desk(db, sandbox.baseUrl());
        QVERIFY(desk.ok());
        Engine &engine = desk.engine();
        QCOMPARE(engine.task(unsentKey).obligation.entity->registeredAgent,
                 QStringLiteral("CT Corporation System"));
        const QString rebuiltHash = engine.task(unsentKey).payloadSha256();
        QVERIFY(rebuiltHash != admittedHash);
        QCOMPARE(engine.task(sentKey).payloadSha256(), sentHash);

        engine.launchBatch({unsentKey}, QStringLiteral("DE1 with its new agent"));
        QTRY_COMPARE_WITH_TIMEOUT(engine.task(unsentKey).state, ExecutionState::Completed, 20000);
        QCOMPARE(engine.task(unsentKey).payloadSha256(), rebuiltHash);

        const QList<AuditEntry> rebuilt = auditOf(db, QStringLiteral("payload_rebuilt"));
        QCOMPARE(rebuilt.size(), 1);
        QCOMPARE(rebuilt.first().idempotencyKey, unsentKey);
        QCOMPARE(rebuilt.first().actor, host::osUser());
        QCOMPARE(rebuilt.first().reason, QStringLiteral("agent appointed 2027-02-14"));
        QCOMPARE(rebuilt.first().fromState, QStringLiteral("PENDING"));
        QCOMPARE(rebuilt.first().toState, QStringLiteral("PENDING"));
        QCOMPARE(rebuilt.first().payloadSha256, rebuiltHash);
        QVERIFY2(rebuilt.first().detail.contains(
                     QStringLiteral("%1 -> %2").arg(admittedHash.left(12), rebuiltHash.left(12))),
                 qPrintable(rebuilt.first().detail));
        QCOMPARE(sandbox.stats()
                     .value(QStringLiteral("totals"))
                     .toObject()
                     .value(QStringLiteral("accepted"))
                     .toInt(),
                 2);
    }

    // The other two ways the register changes reach the filings not yet sent the same way: a portfolio whose
    // file fills a blank, and `filingdesk entities import`.
    void everyRegisterChangeReachesFilingsNotYetSent_data() {
        QTest::addColumn<bool>("byCommandLine");
        QTest::addColumn<QString>("reason");
        QTest::newRow("portfolio fills a blank") << false << QStringLiteral("opened filled.csv");
        QTest::newRow("entities import") << true << QStringLiteral("file numbers from the registry");
    }
    void everyRegisterChangeReachesFilingsNotYetSent() {
        QFETCH(bool, byCommandLine);
        QFETCH(QString, reason);
        const QString db = path(QStringLiteral("changes-%1.sqlite").arg(byCommandLine));
        const QString first = path(QStringLiteral("first.csv"));
        QVERIFY(writeFile(first, "entity_id,entity_name,entity_type,jurisdiction,formation_date,status\n"
                                 "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,active\n"));
        QString key;
        {
            Desk desk(db);
            QVERIFY(desk.ok());
            desk.open(first, QDate(2027, 2, 15));
            const QList<FilingTask> tasks = desk.admitAll(db);
            QCOMPARE(tasks.size(), qsizetype(1));
            key = tasks.first().key;
            QVERIFY(tasks.first().obligation.entity->registryId.isEmpty());
        }
        if (byCommandLine) {
            const QString changes = path(QStringLiteral("numbers.csv"));
            QVERIFY(writeFile(changes, "entity_id,registry_id\nDE1,4411235\n"));
            test::ChildProcess import;
            QVERIFY(
                import.start(test::cliPath(), {QStringLiteral("entities"), QStringLiteral("import"), changes,
                                               QStringLiteral("--db"), db, QStringLiteral("--reason"), reason,
                                               QStringLiteral("--json")}));
            QVERIFY(import.waitFinished(30000));
            QVERIFY2(import.exitCode() == 0, qPrintable(import.describe()));
            QCOMPARE(import.json().value(QLatin1String("filings_rebuilt")).toInt(-1), 1);
        } else {
            const QString filled = path(QStringLiteral("filled.csv"));
            QVERIFY(writeFile(
                filled, "entity_id,entity_name,entity_type,jurisdiction,formation_date,status,registry_id\n"
                        "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,active,4411235\n"));
            Desk desk(db);
            QVERIFY(desk.ok());
            desk.open(filled, QDate(2027, 2, 15));
            QTRY_COMPARE(desk.engine().task(key).obligation.entity->registryId, QStringLiteral("4411235"));
        }
        AuditStore store;
        QString e;
        QVERIFY(store.open(db, &e, AuditStore::OpenMode::Shared));
        QCOMPARE(store.task(key)->obligation.entity->registryId, QStringLiteral("4411235"));
        QVERIFY(store.task(key)->payloadJson().contains("\"registry_id\":\"4411235\""));
        const QList<AuditEntry> rebuilt = auditOf(db, QStringLiteral("payload_rebuilt"));
        QCOMPARE(rebuilt.size(), 1);
        QCOMPARE(rebuilt.first().idempotencyKey, key);
        QCOMPARE(rebuilt.first().reason, reason);
        QCOMPARE(rebuilt.first().actor, host::osUser());
        QCOMPARE(rebuilt.first().payloadSha256, store.task(key)->payloadSha256());
    }

    // `filingdesk run` on a database whose batch has filings left from an earlier run that could not send
    // (the fleet gate was down): the new run's portfolio fills a blank (the registered agent), and the
    // resumed filing leaves with it, not with what was admitted (a registry that needs the agent refused
    // that).
    void aRunSendsResumedFilingsWithWhatItsPortfolioFills() {
        test::SandboxProcess sandbox({QStringLiteral("--require-complete-payload")});
        QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
        const QString db = path(QStringLiteral("resumed.sqlite"));
        const QString first = path(QStringLiteral("resumed-first.csv"));
        const QString second = path(QStringLiteral("resumed-second.csv"));
        const QByteArray header =
            "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
            "officers,status\n";
        QVERIFY(writeFile(first, header + "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,,"
                                          "Jane Roe (President),active\n"));
        QVERIFY(writeFile(second, header + "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,CSC,"
                                           "Jane Roe (President),active\n"));
        const QStringList common{QStringLiteral("--as-of"),    QStringLiteral("2027-02-15"),
                                 QStringLiteral("--db"),       db,
                                 QStringLiteral("--registry"), sandbox.baseUrl().toString()};
        test::ChildProcess gateDown;
        QVERIFY(gateDown.startRun(QStringList{QStringLiteral("--portfolio"), first, QStringLiteral("--redis"),
                                              QStringLiteral("redis://127.0.0.1:1"),
                                              QStringLiteral("--deadline"), QStringLiteral("3")} +
                                  common));
        QVERIFY(gateDown.waitFinished(60000));
        QVERIFY2(gateDown.exitCode() != 0, qPrintable(gateDown.describe()));
        QString key;
        {
            AuditStore store;
            QString e;
            QVERIFY(store.open(db, &e, AuditStore::OpenMode::Shared));
            const QList<FilingTask> tasks = store.loadTasks(false);
            QCOMPARE(tasks.size(), qsizetype(1));
            QCOMPARE(tasks.first().state, ExecutionState::Pending);
            QVERIFY(!tasks.first().batchId.isEmpty());
            key = tasks.first().key;
        }
        test::ChildProcess run;
        QVERIFY(run.startRun(QStringList{QStringLiteral("--portfolio"), second, QStringLiteral("--deadline"),
                                         QStringLiteral("30")} +
                             common));
        QVERIFY(run.waitFinished(60000));
        QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
        AuditStore store;
        QString e;
        QVERIFY(store.open(db, &e, AuditStore::OpenMode::Shared));
        QCOMPARE(store.task(key)->state, ExecutionState::Completed);
        QCOMPARE(store.task(key)->obligation.entity->registeredAgent, QStringLiteral("CSC"));
        const QList<AuditEntry> rebuilt = auditOf(db, QStringLiteral("payload_rebuilt"));
        QCOMPARE(rebuilt.size(), 1);
        QCOMPARE(rebuilt.first().payloadSha256, store.task(key)->payloadSha256());
        const QJsonObject totals = sandbox.stats().value(QStringLiteral("totals")).toObject();
        QCOMPARE(totals.value(QStringLiteral("accepted")).toInt(), 1);
    }

    // An edit made while the entity's filing is on the wire does not touch it: it finishes with what it was
    // sent with, and the edit's answer says so (the entity page tells the person).
    void aFilingOnTheWireKeepsWhatItWasSentWith() {
        test::SandboxProcess sandbox({QStringLiteral("--latency-ms"), QStringLiteral("3000")});
        QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
        const QString db = path(QStringLiteral("on-the-wire.sqlite"));
        const QString csv = path(QStringLiteral("on-the-wire.csv"));
        QVERIFY(writeFile(csv, "entity_id,entity_name,entity_type,jurisdiction,formation_date,status\n"
                               "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,active\n"));
        Desk desk(db, sandbox.baseUrl());
        QVERIFY(desk.ok());
        Engine &engine = desk.engine();
        desk.open(csv, QDate(2027, 2, 15));
        const QString key = desk.admitAll(db).value(0).key;
        QVERIFY(!key.isEmpty());
        const QString sentHash = engine.task(key).payloadSha256();
        engine.launchBatch({}, QStringLiteral("sending"));
        QTRY_COMPARE(engine.task(key).state, ExecutionState::Dispatching);
        QSignalSpy applied(&engine, &Engine::entityEditApplied);
        engine.editEntity(QStringLiteral("DE1"),
                          {{QStringLiteral("principal_office"), QStringLiteral("1 Late St")}},
                          QStringLiteral("moved offices"));
        QTRY_COMPARE(applied.count(), 1);
        QCOMPARE(applied.first().at(1).toInt(), 0); // rebuilt
        QCOMPARE(applied.first().at(2).toInt(), 0); // halted
        QCOMPARE(applied.first().at(3).toInt(), 1); // already left
        QTRY_COMPARE_WITH_TIMEOUT(engine.task(key).state, ExecutionState::Completed, 20000);
        QCOMPARE(engine.task(key).payloadSha256(), sentHash);
        QVERIFY(auditOf(db, QStringLiteral("payload_rebuilt")).isEmpty());
    }

    // A change that means the filing is no longer owed as it was admitted (the entity dissolved, another
    // entity type, another expected fee) is not sent with the new data: the filing is halted for a person,
    // with what changed, attributed to the person who changed the register; requeueing it sends it.
    void aChangeThatUndoesTheFilingHaltsIt_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("said");
        QTest::addColumn<qint64>("feeRequeued"); // the fee a requeue sends, as the register gives it
        QTest::newRow("dissolved") << QStringLiteral("status") << QStringLiteral("dissolved")
                                   << QStringLiteral("no longer owed") << qint64(22500);
        QTest::newRow("another entity type") << QStringLiteral("entity_type") << QStringLiteral("llc")
                                             << QStringLiteral("other filings") << qint64(22500);
        QTest::newRow("moved to another state")
            << QStringLiteral("jurisdiction") << QStringLiteral("Nevada")
            << QStringLiteral("now registered in US-NV: it is no longer owed in US-DE") << qint64(22500);
        QTest::newRow("another fee") << QStringLiteral("authorized_shares") << QStringLiteral("30000")
                                     << QStringLiteral("expected fee is now $470.00 (admitted with $225.00)")
                                     << qint64(47000);
    }
    void aChangeThatUndoesTheFilingHaltsIt() {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, said);
        QFETCH(qint64, feeRequeued);
        const QString db =
            path(QStringLiteral("undone-%1.sqlite").arg(QTest::currentDataTag()).replace(u' ', u'-'));
        const QString csv = path(QStringLiteral("undone.csv"));
        QVERIFY(writeFile(csv, "entity_id,entity_name,entity_type,jurisdiction,formation_date,status,"
                               "authorized_shares\n"
                               "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,active,5000\n"));
        Desk desk(db);
        QVERIFY(desk.ok());
        Engine &engine = desk.engine();
        desk.open(csv, QDate(2027, 2, 15));
        const QList<FilingTask> tasks = desk.admitAll(db);
        QCOMPARE(tasks.size(), qsizetype(1));
        const QString key = tasks.first().key;
        QSignalSpy alerts(&engine, &Engine::alertRaised);
        engine.editEntity(QStringLiteral("DE1"), {{field, value}}, QStringLiteral("told by the client"));
        QTRY_COMPARE(engine.task(key).state, ExecutionState::FailedStatutory);
        QCOMPARE(engine.task(key).lastErrorCode, QStringLiteral("ENTITY_CHANGED"));
        QVERIFY2(engine.task(key).lastErrorMessage.contains(said),
                 qPrintable(engine.task(key).lastErrorMessage));
        QTRY_COMPARE(alerts.count(), 1);
        QVERIFY(alerts.first().first().value<EngineAlert>().kind == AlertKind::StatutoryHalt);
        const QList<AuditEntry> halts = auditOf(db, QStringLiteral("register_changed_halt"));
        QCOMPARE(halts.size(), 1);
        QCOMPARE(halts.first().idempotencyKey, key);
        QCOMPARE(halts.first().actor, host::osUser());
        QCOMPARE(halts.first().reason, QStringLiteral("told by the client"));
        QCOMPARE(halts.first().toState, QStringLiteral("FAILED_STATUTORY"));
        QVERIFY(auditOf(db, QStringLiteral("payload_rebuilt")).isEmpty());
        // Launching the batch sends nothing: the halt waits for a person.
        engine.launchBatch({}, QStringLiteral("everything due"));
        QCOMPARE(engine.task(key).state, ExecutionState::FailedStatutory);

        // The person requeues it on purpose (held here, so that nothing is sent); a later edit of something
        // else does not halt it again.
        engine.holdSending(true);
        engine.resolve({key}, QStringLiteral("the client wants it filed"), true);
        QTRY_COMPARE(engine.task(key).state, ExecutionState::Pending); // once written
        // Requeued as the register now gives it: its expected fee too, stored.
        QCOMPARE(engine.task(key).obligation.feeCents, feeRequeued);
        QVERIFY(engine.task(key).payloadJson().contains(
            QStringLiteral("\"fee_cents\":%1").arg(feeRequeued).toUtf8()));
        {
            AuditStore store;
            QString e;
            QVERIFY(store.open(db, &e, AuditStore::OpenMode::Shared));
            QCOMPARE(store.task(key)->obligation.feeCents, feeRequeued);
        }
        QSignalSpy applied(&engine, &Engine::entityEditApplied);
        engine.editEntity(QStringLiteral("DE1"), {{QStringLiteral("notes"), QStringLiteral("call first")}},
                          QStringLiteral("a note"));
        QTRY_COMPARE(applied.count(), 1);
        QCOMPARE(applied.first().at(2).toInt(), 0); // halted
        QCOMPARE(engine.task(key).state, ExecutionState::Pending);
        QCOMPARE(auditOf(db, QStringLiteral("register_changed_halt")).size(), 1);
    }

    void badImportFileIsRefusedWhole_data() {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("error");
        QTest::newRow("bad value on line 3")
            << QByteArray("entity_id,formation_date\ne1,2015-03-02\ne2,2019-13-01\n")
            << "bad.csv:3: column 2 (formation_date)";
        QTest::newRow("unknown column")
            << QByteArray("entity_id,colour\ne1,red\n") << "bad.csv:1: column 2 (colour)";
        QTest::newRow("no entity_id column") << QByteArray("entity_name\nAcme\n") << "no entity_id column";
        QTest::newRow("repeated id") << QByteArray("entity_id,owner\ne1,Ana\ne1,Bo\n")
                                     << "bad.csv:3: entity_id e1 is already on line 2";
        QTest::newRow("new entity without a place")
            << QByteArray("entity_id,entity_name\ne1,Acme Inc.\nz9,Zeta Inc.\n")
            << "bad.csv:3: z9 is not in the register; adding it needs jurisdiction";
        QTest::newRow("short row") << QByteArray("entity_id,owner\ne1\n")
                                   << "bad.csv:2: 1 fields where the header has 2";
    }
    void badImportFileIsRefusedWhole() {
        QFETCH(QByteArray, file);
        QFETCH(QString, error);
        const QString db = path(QStringLiteral("bad-%1.sqlite").arg(QTest::currentDataTag()));
        const QString seed = path(QStringLiteral("seed.csv"));
        QVERIFY(
            writeFile(seed, "entity_id,entity_name,jurisdiction\ne1,Acme Inc.,Delaware\ne2,Beta LLC,Ohio\n"));
        test::ChildProcess first;
        QVERIFY(first.start(test::cliPath(), {QStringLiteral("entities"), QStringLiteral("import"), seed,
                                              QStringLiteral("--db"), db, QStringLiteral("--reason"),
                                              QStringLiteral("seed")}));
        QVERIFY(first.waitFinished(30000));
        QVERIFY2(first.exitCode() == 0, qPrintable(first.describe()));
        const qint64 rowsBefore = [&] {
            AuditStore s;
            QString e;
            return s.open(db, &e, AuditStore::OpenMode::Shared) ? s.auditRowCount() : -1;
        }();

        const QString bad = path(QStringLiteral("bad.csv"));
        QVERIFY(writeFile(bad, file));
        test::ChildProcess import;
        QVERIFY(import.start(test::cliPath(), {QStringLiteral("entities"), QStringLiteral("import"), bad,
                                               QStringLiteral("--db"), db, QStringLiteral("--reason"),
                                               QStringLiteral("bulk")}));
        QVERIFY(import.waitFinished(30000));
        QCOMPARE(import.exitCode(), 2);
        QVERIFY2(import.standardError().contains(error), qPrintable(import.standardError()));
        QVERIFY2(import.standardError().contains(QLatin1String("nothing was applied")),
                 qPrintable(import.standardError()));
        AuditStore s;
        QString e;
        QVERIFY(s.open(db, &e, AuditStore::OpenMode::Shared));
        QCOMPARE(s.auditRowCount(), rowsBefore);
        QList<Entity> entities;
        QList<RegisterConflict> conflicts;
        QVERIFY(s.loadRegister(&entities, &conflicts, &e));
        QCOMPARE(entities.size(), 2);
        QVERIFY(entities.first().formationDate.isNull());
        QVERIFY(entities.first().owner.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEntityRegisterStore)
#include "tst_entity_register_store.moc"
