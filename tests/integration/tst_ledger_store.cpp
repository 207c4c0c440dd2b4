// Integration tests of the team ledger (LedgerStore, LedgerSchema, AuditChain) against a real PostgreSQL
// 15 started for the test (support/postgres_server.h) on a free loopback port: the schema created once by
// members that connect together, idempotent admission, batches, claims handed out with SKIP LOCKED and
// expiring with their lease, conditional transitions on a version, the mirror's sync, and the audit hash
// chain recomputed in C++ against the one the ledger's trigger wrote. Every test works on its own database.
#include "engine/core/host_identity.h"
#include "engine/ledger/audit_chain.h"
#include "engine/ledger/chain_verifier.h"
#include "engine/ledger/ledger_schema.h"
#include "ledger_fixture.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDeadlineTimer>
#include <QtCore/QElapsedTimer>
#include <QtCore/QSet>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtCore/QTimer>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <functional>
#include <latch>
#include <memory>
#include <thread>

using fd::AuditEntry;
using fd::ExecutionState;
using fd::FilingTask;
using fd::LedgerStore;
using fd::test::keysOf;
using fd::test::ledgerTasks;
using fd::test::moveTask;
using fd::test::openMember;
using fd::test::PgConnection;
using fd::test::PostgresServer;
using fd::test::setOf;

namespace {

/// Runs `work` on a thread of its own (a LedgerStore and its connections live and die on one thread) and
/// waits, bounded, for it to end.
bool runOnThreads(const QList<std::function<void()>> &work, int timeoutMs) {
    QList<QThread *> threads;
    for (const auto &w : work)
        threads.append(QThread::create(w));
    for (QThread *t : threads)
        t->start();
    bool done = true;
    const QDeadlineTimer deadline(timeoutMs);
    for (QThread *t : threads)
        done = t->wait(deadline) && done;
    if (done)
        qDeleteAll(threads);
    return done;
}

} // namespace

class TestLedgerStore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void schemaCreatedOnceWhenMembersConnectTogether();
    void newerSchemaIsRefused();
    void admissionIsIdempotent();
    void anAdmissionOnTheWriterAnswersAsTheBlockingOneDoes();
    void aLaunchOnTheWriterAnswersAsTheBlockingOneDoes();
    void batchTakesPendingTasksOnce();
    void concurrentLaunchesSplitTasks();
    void concurrentClaimsAreDisjoint();
    void claimsFillEachJurisdiction();
    void lockedTasksAreSkipped();
    void expiredClaimGoesToAnotherMember();
    void expiredDispatchingClaimRequiresLookup();
    void claimsThatRanOutAreLookedForWhenDueOrShort();
    void cancelledBatchStrandsNothing();
    void racingTransitionsConflict();
    void nothingIsDispatchedForAStoppedBatch_data();
    void nothingIsDispatchedForAStoppedBatch();
    void completionReleasesClaim();
    void claimsGoBackAndBatchesFinishOnTheWriter();
    void groupCommitKeepsEachSubmissionWhole();
    void aClaimIsCommittedWithTheTransitionsBeforeIt();
    void anActionIsWrittenOnTheWriterAfterWhatWasHandedToItBefore();
    void aPassageThroughAStateIsTwoAuditRows();
    void aPersonsDecisionsGoToTheWriterStepByStep();
    void syncMirrorsInOrder();
    void catchUpOnTheWriterMirrorsEachRowOnce();
    void aBusyMirrorDoesNotHoldUpTheCatchUpsThread();
    void concurrentAppendsKeepOneChain();
    void chainMatchesTrigger_data();
    void chainMatchesTrigger();
    void auditIsAppendOnly_data();
    void auditIsAppendOnly();
    void backoffDefersClaim();
    void reviewClaimsAndHeartbeats();
    void reviewsOnTheWriterAnswerAsTheBlockingOnesDo();
    void readsOnTheWriterAnswerAsBlockingReadsDo();
    void tasksReadOnTheWriterNeverUndoAWriteMadeSince();
    void memberReconnectsAfterLedgerRestart(); // last: restarts the server

private:
    QString freshDatabase(const char *name);
    std::unique_ptr<LedgerStore> member(const QString &database, const QString &name, qint64 leaseMs = 60000);
    QString scalar(const QString &database, const QString &sql);
    /// The ledger's whole chain checked as `audit verify` does; empty when intact, else the problem.
    QString chainProblem(const QString &database, qint64 *rows = nullptr);

    PostgresServer m_pg;
    QTemporaryDir m_dir;
    int m_databases = 0;
    QString m_chainDatabase;
    std::unique_ptr<LedgerStore> m_chainStore;
};

void TestLedgerStore::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")),
             "Qt's PostgreSQL driver is missing (Debian: libqt6sql6-psql)");
    QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
}

QString TestLedgerStore::freshDatabase(const char *name) {
    const QString db = QStringLiteral("ledger_%1_%2").arg(QString::fromLatin1(name)).arg(++m_databases);
    return m_pg.createDatabase(db) ? db : QString();
}

std::unique_ptr<LedgerStore> TestLedgerStore::member(const QString &database, const QString &name,
                                                     qint64 leaseMs) {
    QString error;
    auto store = openMember(m_pg, database, name, QDir(m_dir.path()), leaseMs, &error);
    if (!store)
        qWarning("member %s of %s: %s", qPrintable(name), qPrintable(database), qPrintable(error));
    return store;
}

QString TestLedgerStore::scalar(const QString &database, const QString &sql) {
    QString error;
    const QString out = m_pg.psql(sql, database, &error);
    if (out.isNull())
        qWarning("psql %s: %s", qPrintable(sql), qPrintable(error));
    return out;
}

QString TestLedgerStore::chainProblem(const QString &database, qint64 *rows) {
    auto reader = member(database, QStringLiteral("reader"));
    if (!reader)
        return QStringLiteral("cannot open the ledger");
    fd::ChainVerifier verifier(QStringLiteral("ledger"));
    QString error;
    qint64 from = 1;
    for (;;) {
        const QList<AuditEntry> page = reader->ledgerAudit(from, 100, &error);
        if (!error.isEmpty())
            return error;
        for (const AuditEntry &row : page)
            verifier.add(row);
        if (page.size() < 100)
            break;
        from = page.last().ledgerSeq + 1;
    }
    qint64 headSeq = 0;
    QString headHash;
    if (!reader->chainHead(&headSeq, &headHash, &error))
        return error;
    verifier.checkHead(headSeq, headHash);
    if (rows)
        *rows = verifier.rows();
    return verifier.problem();
}

void TestLedgerStore::schemaCreatedOnceWhenMembersConnectTogether() {
    // Several rounds, each on an empty ledger: two connections migrate at the same moment; the advisory lock
    // lets one create the schema and the other find it made.
    for (int round = 0; round < 4; ++round) {
        const QString db = freshDatabase("migrate");
        QVERIFY(!db.isEmpty());
        std::latch together(2);
        bool ok[2] = {false, false};
        QString errors[2];
        QList<std::function<void()>> work;
        for (int i = 0; i < 2; ++i) {
            work.append([&, i] {
                PgConnection c(m_pg, db);
                QSqlDatabase handle = c.db();
                together.arrive_and_wait();
                ok[i] = handle.isOpen() && fd::LedgerSchema::migrate(handle, &errors[i]);
            });
        }
        QVERIFY(runOnThreads(work, 30000));
        QVERIFY2(ok[0], qPrintable(errors[0]));
        QVERIFY2(ok[1], qPrintable(errors[1]));
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) || ':' || max(version) FROM ledger_schema")),
                 QStringLiteral("1:%1").arg(fd::LedgerSchema::kVersion));
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit_head")), QStringLiteral("1"));
    }

    // Two whole members opening together on an empty ledger.
    const QString db = freshDatabase("members");
    std::latch together(2);
    bool opened[2] = {false, false};
    QString errors[2];
    QList<std::function<void()>> work;
    for (int i = 0; i < 2; ++i) {
        work.append([&, i] {
            LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("m%1").arg(i),
                              QStringLiteral("run"), 60000);
            QString ledgerError;
            together.arrive_and_wait();
            opened[i] = store.openTeam(m_dir.filePath(QStringLiteral("members-%1.sqlite").arg(i)), &errors[i],
                                       &ledgerError) &&
                        store.isReachable();
            if (!ledgerError.isEmpty())
                errors[i] = ledgerError;
        });
    }
    QVERIFY(runOnThreads(work, 30000));
    QVERIFY2(opened[0], qPrintable(errors[0]));
    QVERIFY2(opened[1], qPrintable(errors[1]));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM ledger_schema")), QStringLiteral("1"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT last_seq FROM audit_head")), QStringLiteral("0"));

    // A member that starts while another holds the schema's lock longer than a write may wait on a lock (a
    // slow migration, a loaded machine) waits for it, within a statement's time, instead of failing to start.
    PgConnection holder(m_pg, db);
    QSqlDatabase holding = holder.db();
    QVERIFY(holding.transaction());
    QSqlQuery lock(holding);
    QVERIFY2(
        lock.exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(fd::LedgerSchema::kMigrationLockId)),
        qPrintable(lock.lastError().text()));
    bool lateOpened = false;
    QString lateError;
    std::thread late([&] {
        LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("late"), QStringLiteral("run"),
                          60000);
        QString ledgerError;
        lateOpened =
            store.openTeam(m_dir.filePath(QStringLiteral("members-late.sqlite")), &lateError, &ledgerError) &&
            store.isReachable();
        if (!ledgerError.isEmpty())
            lateError = ledgerError;
    });
    QTest::qWait(4 * fd::LedgerStore::kLockTimeoutMs);
    QVERIFY(holding.commit());
    late.join();
    QVERIFY2(lateOpened, qPrintable(lateError));
}

void TestLedgerStore::newerSchemaIsRefused() {
    const QString db = freshDatabase("newer");
    {
        auto first = member(db, QStringLiteral("first"));
        QVERIFY(first);
    }
    QVERIFY(!m_pg.psql(QStringLiteral("UPDATE ledger_schema SET version = 99"), db).isNull());

    LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("second"), QStringLiteral("run"),
                      60000);
    QString error;
    QString ledgerError;
    QVERIFY(!store.openTeam(m_dir.filePath(QStringLiteral("newer-second.sqlite")), &error, &ledgerError));
    QVERIFY2(
        error.contains(QStringLiteral("the ledger has schema 99, newer than this FilingDesk understands (%1)")
                           .arg(fd::LedgerSchema::kVersion)),
        qPrintable(error));
    QVERIFY2(error.contains(m_pg.url(db)), qPrintable(error));
    QVERIFY(!store.mirror().isOpen()); // the mirror is not held by a member that was refused

    // The schema itself refuses in the same words, and leaves the ledger as it was.
    PgConnection c(m_pg, db);
    QSqlDatabase handle = c.db();
    QString migrateError;
    QVERIFY(!fd::LedgerSchema::migrate(handle, &migrateError));
    QVERIFY2(migrateError.contains(QLatin1String("the ledger has schema 99, newer than this FilingDesk")),
             qPrintable(migrateError));
    QCOMPARE(fd::LedgerSchema::storedVersion(handle), 99);
}

void TestLedgerStore::admissionIsIdempotent() {
    const QString db = freshDatabase("admit");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("ADM"), 5);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    QVERIFY(already.isEmpty());
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    QCOMPARE(setOf(already), setOf(keysOf(tasks)));
    // Another member admitting the same portfolio adds nothing either.
    already.clear();
    QVERIFY2(b->admitTasks(tasks, QStringLiteral("bob"), &already, &error), qPrintable(error));
    QCOMPARE(already.size(), tasks.size());
    QVERIFY(!b->admitTask(tasks.first(), QStringLiteral("bob"), &error));

    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks")), QStringLiteral("5"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities")), QStringLiteral("5"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'admit'")),
             QStringLiteral("5"));
    QCOMPARE(scalar(db, QStringLiteral(
                            "SELECT count(DISTINCT idempotency_key) FROM audit WHERE action = 'admit'")),
             QStringLiteral("5"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(DISTINCT actor || '/' || desk, ',') FROM audit")),
             QStringLiteral("alice/a"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(DISTINCT state, ',') FROM tasks")),
             QStringLiteral("PENDING"));

    // Both members read them back as the ledger holds them.
    const QList<FilingTask> loaded = b->loadTasks(keysOf(tasks), &error);
    QCOMPARE(loaded.size(), tasks.size());
    for (const FilingTask &t : loaded) {
        QCOMPARE(t.state, ExecutionState::Pending);
        QCOMPARE(t.obligation.idempotencyKey(), t.key);
    }
}

void TestLedgerStore::anAdmissionOnTheWriterAnswersAsTheBlockingOneDoes() {
    // A member's admission goes to the ledger on the writer's connection (the engine thread does not wait for
    // it), a few statements per 500 filings instead of three round trips per filing: what it writes and
    // answers is what the blocking admission writes and answers, all of it in one transaction.
    const QString db = freshDatabase("admitthen");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("ADW"), 1203); // three statements' worth
    QStringList already;
    QString error;
    // Another member admitted some of them first (every hundredth).
    QList<FilingTask> first;
    for (qsizetype i = 0; i < tasks.size(); i += 100)
        first.append(tasks.at(i));
    QVERIFY2(b->admitTasks(first, QStringLiteral("bob"), &already, &error), qPrintable(error));
    QVERIFY(already.isEmpty());

    QObject context;
    std::optional<fd::WriteResult> answer;
    QStringList skipped;
    a->admitThen(tasks, QStringLiteral("alice"), &context,
                 [&](const fd::WriteResult &result, const QStringList &alreadyStored) {
                     answer = result;
                     skipped = alreadyStored;
                 });
    QVERIFY(!answer.has_value()); // answered later, on this thread
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 30000);
    QVERIFY2(answer->ok(), qPrintable(answer->error));
    QCOMPARE(setOf(skipped), setOf(keysOf(first)));

    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks")), QString::number(tasks.size()));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities")), QString::number(tasks.size()));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'admit' AND actor = 'alice' "
                                  "AND desk = 'a'")),
        QString::number(tasks.size() - first.size()));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'admit'")),
             QString::number(tasks.size()));
    // Each row as the blocking admission writes it: the task's payload digest, its rule, where it is due.
    const FilingTask &sample = tasks.at(1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT payload_sha256 || ' ' || rule_id || ' ' || to_state || ' ' || "
                                       "host || ' ' || detail FROM audit WHERE action = 'admit' AND "
                                       "idempotency_key = '%1'")
                            .arg(sample.key)),
             QStringLiteral("%1 %2 PENDING %3 %4 %5 %6 due %7, score %8")
                 .arg(sample.payloadSha256(), sample.obligation.ruleId, fd::host::hostName(),
                      sample.obligation.jurisdiction, sample.obligation.filingType)
                 .arg(sample.obligation.filingYear)
                 .arg(sample.obligation.dueDate.toString(Qt::ISODate))
                 .arg(sample.score, 0, 'f', 2));
    QCOMPARE(scalar(db, QStringLiteral("SELECT score = %1 AND due_date = '%2' FROM tasks WHERE "
                                       "idempotency_key = '%3'")
                            .arg(sample.score, 0, 'g', 17)
                            .arg(sample.obligation.dueDate.toString(Qt::ISODate), sample.key)),
             QStringLiteral("t"));
    // The member holds the versions the ledger gave: it launches and claims them as its own admission.
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QCOMPARE(count, tasks.size());
    QVERIFY(a->sealAudit(&error, true) > 0);
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // All or nothing: an admission whose last statement fails (a filing in its third statement the ledger
    // refuses: no due date) leaves no entity, task or audit row of the statements before it.
    QList<FilingTask> faulty = ledgerTasks(QStringLiteral("ADX"), 1001);
    faulty.last().obligation.dueDate = QDate();
    const QString auditRows = scalar(db, QStringLiteral("SELECT count(*) FROM audit"));
    answer.reset();
    a->admitThen(faulty, QStringLiteral("alice"), &context,
                 [&](const fd::WriteResult &result, const QStringList &) { answer = result; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 30000);
    QVERIFY(!answer->ok());
    QVERIFY2(answer->error.contains(QLatin1String("admission of 1 filing(s)")), qPrintable(answer->error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks")), QString::number(tasks.size()));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities")), QString::number(tasks.size()));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit")), auditRows);
}

void TestLedgerStore::aLaunchOnTheWriterAnswersAsTheBlockingOneDoes() {
    // A desk's launch goes to the ledger on the writer's connection: the batch, its tasks and its audit row
    // in one transaction, answered later on the engine's thread with what the blocking launch returns.
    const QString db = freshDatabase("launchthen");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QStringList already;
    QString error;
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("LNW"), 7);
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    QObject context;
    std::optional<fd::WriteResult> answer;
    QString batchId;
    int count = -1;
    a->launchBatchThen({}, QStringLiteral("alice"), QStringLiteral("March 1 run"), &context,
                       [&](const QString &id, int n, const fd::WriteResult &result) {
                           batchId = id;
                           count = n;
                           answer = result;
                       });
    QVERIFY(!answer.has_value()); // answered later, on this thread
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->ok(), qPrintable(answer->error));
    QCOMPARE(count, 7);
    QCOMPARE(batchId.size(), 8);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE batch_id = '%1'").arg(batchId)),
             QStringLiteral("7"));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT actor || ' ' || desk || ': ' || detail || ' (' || reason || ')' "
                                  "FROM audit WHERE action = 'batch_launch'")),
        QStringLiteral("alice a: batch %1: 7 task(s) (March 1 run)").arg(batchId));
    // The versions the launch left are the member's: its claims and transitions go on from them.
    const QList<FilingTask> mine = a->claim(7, {}, &error);
    QCOMPARE(mine.size(), 7);
    std::optional<fd::WriteResult> moved;
    a->recordThen({fd::test::movedRecord(mine.first(), ExecutionState::Validating)}, fd::Durability::Normal,
                  &context, [&](const fd::WriteResult &result) { moved = result; });
    QTRY_VERIFY_WITH_TIMEOUT(moved.has_value(), 20000);
    QVERIFY2(moved->ok(), qPrintable(moved->error));
    // Nothing left to launch: an empty batch, as the blocking launch gives it.
    answer.reset();
    a->launchBatchThen({}, QStringLiteral("alice"), QString(), &context,
                       [&](const QString &, int n, const fd::WriteResult &result) {
                           count = n;
                           answer = result;
                       });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->ok(), qPrintable(answer->error));
    QCOMPARE(count, 0);
    QVERIFY(a->sealAudit(&error, true) > 0);
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLedgerStore::batchTakesPendingTasksOnce() {
    const QString db = freshDatabase("batch");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("BAT"), 6);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));

    int count = -1;
    const QStringList firstFour = keysOf(tasks).mid(0, 4);
    const QString batch =
        a->launchBatch(firstFour, QStringLiteral("alice"), QStringLiteral("quarterly run"), &count, &error);
    QVERIFY2(!batch.isEmpty(), qPrintable(error));
    QCOMPARE(count, 4);
    // Another member launching over the same keys gets none of them: they are in a running batch.
    int again = -1;
    const QString second = b->launchBatch(firstFour, QStringLiteral("bob"), QString(), &again, &error);
    QVERIFY2(!second.isEmpty(), qPrintable(error));
    QCOMPARE(again, 0);
    // Launching "everything pending" takes only the two left.
    int rest = -1;
    QVERIFY(!b->launchBatch({}, QStringLiteral("bob"), QString(), &rest, &error).isEmpty());
    QCOMPARE(rest, 2);

    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE batch_id = '%1'").arg(batch)),
             QStringLiteral("4"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE batch_id IS NULL")),
             QStringLiteral("0"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT status FROM batches WHERE batch_id = '%1'").arg(batch)),
             QStringLiteral("running"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'batch_launch'")),
             QStringLiteral("3"));
    const QList<fd::LedgerBatch> batches = a->batches(&error);
    QCOMPARE(batches.size(), 3);

    // A paused batch keeps its tasks; a cancelled one lets them go to the next launch.
    QCOMPARE(a->setBatchStatus({QStringLiteral("running")}, QStringLiteral("cancelled"),
                               QStringLiteral("cancel"), QStringLiteral("alice"),
                               QStringLiteral("wrong portfolio"), &error, batch),
             1);
    int relaunched = -1;
    QVERIFY(!a->launchBatch(firstFour, QStringLiteral("alice"), QString(), &relaunched, &error).isEmpty());
    QCOMPARE(relaunched, 4);
}

void TestLedgerStore::concurrentLaunchesSplitTasks() {
    // Two operators press Launch at the same moment: every task ends up in exactly one batch, and the
    // batches' counts add up to the tasks.
    for (int round = 0; round < 5; ++round) {
        const QString db = freshDatabase("launches");
        const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("LCH%1").arg(round), 60);
        {
            auto admin = member(db, QStringLiteral("admin"));
            QVERIFY(admin);
            QStringList already;
            QString error;
            QVERIFY2(admin->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
        }
        std::latch together(2);
        int counts[2] = {-1, -1};
        QString batches[2];
        QString errors[2];
        QList<std::function<void()>> work;
        for (int i = 0; i < 2; ++i) {
            work.append([&, i] {
                QString error;
                auto store =
                    openMember(m_pg, db, QStringLiteral("op%1").arg(i), QDir(m_dir.path()), 60000, &error);
                together.arrive_and_wait();
                if (!store) {
                    errors[i] = error;
                    return;
                }
                batches[i] =
                    store->launchBatch({}, QStringLiteral("op%1").arg(i), QString(), &counts[i], &error);
                errors[i] = error;
            });
        }
        QVERIFY(runOnThreads(work, 60000));
        QVERIFY2(!batches[0].isEmpty(), qPrintable(errors[0]));
        QVERIFY2(!batches[1].isEmpty(), qPrintable(errors[1]));
        QCOMPARE(counts[0] + counts[1], int(tasks.size()));
        const QString problem = chainProblem(db);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(
                scalar(db,
                       QStringLiteral("SELECT count(*) FROM tasks WHERE batch_id = '%1'").arg(batches[i])),
                QString::number(counts[i]));
            QCOMPARE(
                scalar(db, QStringLiteral("SELECT detail FROM audit WHERE action = 'batch_launch' AND detail "
                                          "LIKE 'batch %1:%%'")
                               .arg(batches[i])),
                QStringLiteral("batch %1: %2 task(s)").arg(batches[i]).arg(counts[i]));
        }
    }
}

void TestLedgerStore::concurrentClaimsAreDisjoint() {
    const QString db = freshDatabase("claims");
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("CLM"), 40);
    {
        auto admin = member(db, QStringLiteral("admin"));
        QVERIFY(admin);
        QStringList already;
        QString error;
        QVERIFY2(admin->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
        int count = 0;
        QVERIFY(!admin->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
        QCOMPARE(count, 40);
    }
    // Two members claim a few at a time, at the same moment, until nothing is left.
    std::latch together(2);
    QStringList claimed[2];
    QString errors[2];
    QList<std::function<void()>> work;
    for (int i = 0; i < 2; ++i) {
        work.append([&, i] {
            QString error;
            auto store =
                openMember(m_pg, db, QStringLiteral("worker%1").arg(i), QDir(m_dir.path()), 60000, &error);
            together.arrive_and_wait();
            if (!store) {
                errors[i] = error;
                return;
            }
            for (int guard = 0; guard < 100; ++guard) {
                const QList<FilingTask> got = store->claim(3, {}, &error);
                if (!error.isEmpty()) {
                    errors[i] = error;
                    return;
                }
                if (got.isEmpty())
                    return;
                claimed[i] += keysOf(got);
            }
        });
    }
    QVERIFY(runOnThreads(work, 60000));
    QVERIFY2(errors[0].isEmpty(), qPrintable(errors[0]));
    QVERIFY2(errors[1].isEmpty(), qPrintable(errors[1]));
    const QSet<QString> a = setOf(claimed[0]);
    const QSet<QString> b = setOf(claimed[1]);
    QCOMPARE(a.size(), claimed[0].size()); // nobody got a task twice
    QCOMPARE(b.size(), claimed[1].size());
    QVERIFY2(!a.intersects(b), "two members claimed the same task");
    QCOMPARE(a + b, setOf(keysOf(tasks)));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by = 'worker0'")),
             QString::number(a.size()));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by = 'worker1'")),
             QString::number(b.size()));
}

void TestLedgerStore::claimsFillEachJurisdiction() {
    // Every Delaware filing scores above every California and New York one. Claims by what each
    // jurisdiction lacks, the best of each first, still give California and New York their share: by score
    // alone a member got only Delaware while the other ceilings idled.
    const QString db = freshDatabase("each");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QList<FilingTask> tasks;
    const QStringList places{QStringLiteral("US-DE"), QStringLiteral("US-CA"), QStringLiteral("US-NY")};
    for (int p = 0; p < places.size(); ++p) {
        for (int i = 0; i < 10; ++i) {
            FilingTask t = fd::test::sampleTask(QStringLiteral("EACH%1").arg(p), i);
            t.obligation.jurisdiction = places.at(p);
            t.obligation.entity.edit().jurisdiction = places.at(p);
            t.key = t.obligation.idempotencyKey();
            t.score = 1000.0 - 100.0 * p - i;
            tasks.append(t);
        }
    }
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QCOMPARE(count, 30);
    const auto byPlace = [](const QList<FilingTask> &claimed) {
        QHash<QString, int> n;
        for (const FilingTask &t : claimed)
            n[t.obligation.jurisdiction] += 1;
        return n;
    };

    // Delaware lacks 1, California 4, any other (New York) 2; 6 in all: the best of each first.
    const QHash<QString, int> needs{{QStringLiteral("US-DE"), 1}, {QStringLiteral("US-CA"), 4}};
    fd::WriteResult status;
    QList<FilingTask> claimed = a->claimEach(needs, 2, 6, {}, &error, &status);
    QVERIFY2(status, qPrintable(status.error));
    QHash<QString, int> got = byPlace(claimed);
    QCOMPARE(got.value(QStringLiteral("US-DE")), 1);
    QCOMPARE(got.value(QStringLiteral("US-NY")), 2);
    QCOMPARE(got.value(QStringLiteral("US-CA")), 3); // round-robin: 1 + 2 + 3 = 6 of the 7 asked for
    // The best of each, best score first as claim() returns them.
    QList<double> scores;
    for (const FilingTask &t : claimed)
        scores.append(t.score);
    QCOMPARE(scores, (QList<double>{1000.0, 900.0, 899.0, 898.0, 800.0, 799.0}));
    // A jurisdiction that lacks nothing gets nothing; `only` keeps to the jurisdictions named.
    claimed = a->claimEach({{QStringLiteral("US-DE"), 0}}, 10, 30,
                           {QStringLiteral("US-DE"), QStringLiteral("US-NY")}, &error, &status);
    QVERIFY2(status, qPrintable(status.error));
    got = byPlace(claimed);
    QCOMPARE(got.value(QStringLiteral("US-DE")), 0);
    QCOMPARE(got.value(QStringLiteral("US-CA")), 0);
    QCOMPARE(got.value(QStringLiteral("US-NY")), 8); // the 8 New York filings not claimed yet

    // The same on the writer's connection, answered on this thread.
    QObject context;
    std::optional<fd::WriteResult> answer;
    QList<FilingTask> later;
    a->claimEachThen({}, 3, 10, {}, &context, [&](const QList<FilingTask> &c, const fd::WriteResult &r) {
        later = c;
        answer = r;
    });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(*answer, qPrintable(answer->error));
    got = byPlace(later);
    QCOMPARE(got.value(QStringLiteral("US-DE")), 3);
    QCOMPARE(got.value(QStringLiteral("US-CA")), 3);
    QCOMPARE(got.value(QStringLiteral("US-NY")), 0);
    // Claimed through the writer, written through the member's own connection: the versions are the ledger's.
    FilingTask first = later.first();
    QVERIFY2(moveTask(*a, first, ExecutionState::Validating, &error), qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'claim'")),
             QStringLiteral("20"));
}

void TestLedgerStore::lockedTasksAreSkipped() {
    const QString db = freshDatabase("skip");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("SKP"), 5);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());

    // Another member's claim transaction holds the two best tasks: this member neither waits nor takes them.
    PgConnection other(m_pg, db);
    QVERIFY(other.db().isOpen());
    QVERIFY(other.db().transaction());
    QString lockError;
    QVERIFY2(other.exec(QStringLiteral("SELECT 1 FROM tasks WHERE idempotency_key IN ('%1', '%2') FOR UPDATE")
                            .arg(tasks.at(0).key, tasks.at(1).key),
                        &lockError),
             qPrintable(lockError));
    QElapsedTimer timer;
    timer.start();
    const QList<FilingTask> got = a->claim(10, {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(timer.elapsed() < 3000, "the claim waited for another member's lock");
    QCOMPARE(setOf(keysOf(got)), QSet<QString>({tasks.at(2).key, tasks.at(3).key, tasks.at(4).key}));
    // Best score first.
    QCOMPARE(got.first().key, tasks.at(2).key);
    QVERIFY(other.db().rollback());
    const QList<FilingTask> rest = a->claim(10, {}, &error);
    QCOMPARE(rest.size(), 2);
}

void TestLedgerStore::expiredClaimGoesToAnotherMember() {
    const QString db = freshDatabase("lease");
    auto a = member(db, QStringLiteral("a"), 300);
    auto b = member(db, QStringLiteral("b"), 300);
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("LSE"), 1);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());

    QCOMPARE(a->claim(5, {}, &error).size(), 1);
    QVERIFY(b->claim(5, {}, &error).isEmpty()); // held
    QVERIFY(a->renewClaims({tasks.first().key}, &error).isEmpty());
    QVERIFY(b->claim(5, {}, &error).isEmpty()); // renewed: still held

    // Not renewed: after the lease (300 ms) it is free for the other member.
    QList<FilingTask> taken;
    QElapsedTimer timer;
    timer.start();
    QVERIFY(QTest::qWaitFor(
        [&] {
            taken = b->claim(5, {}, &error);
            return !taken.isEmpty();
        },
        5000));
    QVERIFY2(timer.elapsed() >= 200, "the claim was taken before its lease ran out");
    QCOMPARE(taken.size(), 1);
    QCOMPARE(taken.first().key, tasks.first().key);
    QCOMPARE(taken.first().state, ExecutionState::Pending);
    QVERIFY(!taken.first().lookupRequired); // nothing was sent: no look-up needed
    QCOMPARE(scalar(db, QStringLiteral("SELECT claimed_by FROM tasks")), QStringLiteral("b"));

    // The first member learns it lost the claim when it renews, and cannot write the task any more.
    QCOMPARE(a->renewClaims({tasks.first().key}, &error), QStringList{tasks.first().key});
    QVERIFY(b->renewClaims({tasks.first().key}, &error).isEmpty());
    FilingTask stale = tasks.first();
    const fd::WriteResult refused = moveTask(*a, stale, ExecutionState::Validating, &error);
    QVERIFY(!refused);
    QCOMPARE(refused.failure, fd::WriteResult::Failure::Conflict);
    QCOMPARE(refused.conflictedKeys, QStringList{tasks.first().key});
}

void TestLedgerStore::expiredDispatchingClaimRequiresLookup() {
    const QString db = freshDatabase("dispatching");
    auto a = member(db, QStringLiteral("a"), 300);
    auto b = member(db, QStringLiteral("b"), 300);
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("DSP"), 1);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> mine = a->claim(1, {}, &error);
    QCOMPARE(mine.size(), 1);
    FilingTask task = mine.first();
    QVERIFY2(moveTask(*a, task, ExecutionState::Validating, &error), qPrintable(error));
    QVERIFY2(moveTask(*a, task, ExecutionState::Dispatching, &error), qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT claimed_by FROM tasks")), QStringLiteral("a"));

    // Member a goes silent with the request on the wire: whoever takes the task over must look it up first.
    QList<FilingTask> taken;
    QVERIFY(QTest::qWaitFor(
        [&] {
            taken = b->claim(1, {}, &error);
            return !taken.isEmpty();
        },
        5000));
    QCOMPARE(taken.first().key, task.key);
    QCOMPARE(taken.first().state, ExecutionState::Dispatching);
    QVERIFY(taken.first().lookupRequired);
    QCOMPARE(taken.first().attempts, 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT lookup_required FROM tasks")), QStringLiteral("t"));
}

// From schema 14 a claim takes unclaimed tasks off their own index and looks for claims that ran out only
// when the fleet's sweep is due (once a second) or the unclaimed ones do not cover what the member lacks.
void TestLedgerStore::claimsThatRanOutAreLookedForWhenDueOrShort() {
    const QString db = freshDatabase("ranout");
    auto a = member(db, QStringLiteral("a"), 300);
    auto b = member(db, QStringLiteral("b"), 60000);
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("RUN"), 8); // task 0 scores best
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    fd::WriteResult status;
    QCOMPARE(keysOf(a->claimEach({}, 2, 2, {}, &error, &status)), keysOf(tasks.mid(0, 2)));
    QVERIFY2(status, qPrintable(status.error));
    QTest::qWait(400); // member a falls silent: its two claims (300 ms) run out

    PgConnection admin(m_pg, db);
    QVERIFY(admin.db().isOpen());
    const auto sweepDue = [&](bool due) {
        QString sqlError;
        QVERIFY2(admin.exec(QStringLiteral("UPDATE claim_sweep SET swept_at = %1")
                                .arg(due ? QStringLiteral("'-infinity'")
                                         : QStringLiteral("clock_timestamp() + interval '1 hour'")),
                            &sqlError),
                 qPrintable(sqlError));
    };
    const auto holders = [&] {
        return scalar(db,
                      QStringLiteral("SELECT string_agg(coalesce(claimed_by, '-'), '' ORDER BY score DESC) "
                                     "FROM tasks"));
    };

    // Not due, and enough unclaimed: the member takes unclaimed tasks without reading a's.
    sweepDue(false);
    QCOMPARE(keysOf(b->claimEach({}, 2, 2, {}, &error, &status)), keysOf(tasks.mid(2, 2)));
    QVERIFY2(status, qPrintable(status.error));
    QCOMPARE(holders(), QStringLiteral("aabb----"));

    // Not due, but four unclaimed for a need of five: the claims that ran out make up the rest, best first.
    QCOMPARE(
        keysOf(b->claimEach({}, 5, 5, {}, &error, &status)),
        (QStringList{tasks.at(0).key, tasks.at(1).key, tasks.at(4).key, tasks.at(5).key, tasks.at(6).key}));
    QVERIFY2(status, qPrintable(status.error));
    QCOMPARE(holders(), QStringLiteral("bbbbbbb-"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'claim_takeover'")),
             QStringLiteral("2"));

    // Due: a claim that ran out comes before an unclaimed task that scores lower, and the claim that looked
    // for it marks the sweep done for the whole fleet.
    auto c = member(db, QStringLiteral("c"), 300);
    QVERIFY(c);
    QVERIFY2(b->releaseClaims(keysOf(tasks.mid(0, 7)), &error), qPrintable(error));
    QCOMPARE(keysOf(c->claimEach({}, 1, 1, {}, &error, &status)), QStringList{tasks.at(0).key});
    QTest::qWait(400); // c's claim runs out
    sweepDue(true);
    QCOMPARE(keysOf(b->claimEach({}, 1, 1, {}, &error, &status)), QStringList{tasks.at(0).key});
    QVERIFY2(status, qPrintable(status.error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT swept_at > clock_timestamp() - interval '1 minute' FROM "
                                       "claim_sweep")),
             QStringLiteral("t"));
}

// A batch cancelled while a member works on it: the filing it had picked but not sent goes to the next
// launch, and the filing it had sent (its outcome unknown) is claimed by the next member for its look-up once
// the claim runs out. Neither stays in the cancelled batch for good.
void TestLedgerStore::cancelledBatchStrandsNothing() {
    const QString db = freshDatabase("cancelled");
    auto a = member(db, QStringLiteral("a"), 300);
    auto b = member(db, QStringLiteral("b"), 300);
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("CNL"), 2);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    const QString first = a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error);
    QVERIFY2(!first.isEmpty(), qPrintable(error));
    QList<FilingTask> mine = a->claim(2, {}, &error);
    QCOMPARE(mine.size(), 2);
    FilingTask picked = mine.at(0);
    FilingTask sent = mine.at(1);
    QVERIFY2(moveTask(*a, picked, ExecutionState::Validating, &error), qPrintable(error));
    QVERIFY2(moveTask(*a, sent, ExecutionState::Validating, &error), qPrintable(error));
    QVERIFY2(moveTask(*a, sent, ExecutionState::Dispatching, &error), qPrintable(error));

    QCOMPARE(a->setBatchStatus({QStringLiteral("running")}, QStringLiteral("cancelled"),
                               QStringLiteral("batch_cancel"), QStringLiteral("alice"),
                               QStringLiteral("wrong as-of date"), &error, first),
             1);
    // The member hands back what it had not sent (TeamClaims::releaseUnsent); the request on the wire is lost
    // with the member.
    QVERIFY2(a->releaseClaims({picked.key}, &error), qPrintable(error));

    int relaunched = -1;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &relaunched, &error).isEmpty());
    QCOMPARE(relaunched, 1); // the picked one: VALIDATING was never sent
    QCOMPARE(scalar(db, QStringLiteral("SELECT batch_id <> '%1' FROM tasks WHERE idempotency_key = '%2'")
                            .arg(first, picked.key)),
             QStringLiteral("t"));

    QList<FilingTask> taken;
    QVERIFY(QTest::qWaitFor(
        [&] {
            taken += b->claim(5, {}, &error);
            return taken.size() >= 2;
        },
        5000));
    QCOMPARE(taken.size(), 2);
    bool lookedUp = false;
    for (const FilingTask &t : std::as_const(taken)) {
        if (t.key != sent.key)
            continue;
        QCOMPARE(t.state, ExecutionState::Dispatching);
        QVERIFY(t.lookupRequired); // sent once: looked up before anything is sent again
        QCOMPARE(t.batchId, first);
        lookedUp = true;
    }
    QVERIFY(lookedUp);
}

void TestLedgerStore::racingTransitionsConflict() {
    const QString db = freshDatabase("race");
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("RCE"), 8);
    {
        auto admin = member(db, QStringLiteral("admin"));
        QVERIFY(admin);
        QStringList already;
        QString error;
        QVERIFY2(admin->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    }
    // For each task, two members that read the same version both try to move it: one wins, the other is
    // told it conflicts, names the key, and wrote nothing.
    std::latch together(2);
    int wins[2] = {0, 0};
    int conflicts[2] = {0, 0};
    QString errors[2];
    QList<std::function<void()>> work;
    for (int i = 0; i < 2; ++i) {
        work.append([&, i] {
            QString error;
            auto store =
                openMember(m_pg, db, QStringLiteral("racer%1").arg(i), QDir(m_dir.path()), 60000, &error);
            QList<FilingTask> mine = store ? store->loadTasks(keysOf(tasks), &error) : QList<FilingTask>();
            together.arrive_and_wait();
            if (!store || mine.size() != tasks.size()) {
                errors[i] = QStringLiteral("setup: %1").arg(error);
                return;
            }
            for (FilingTask &t : mine) {
                QString e;
                const fd::WriteResult moved = moveTask(*store, t, ExecutionState::Validating, &e);
                if (moved) {
                    ++wins[i];
                } else if (moved.failure == fd::WriteResult::Failure::Conflict &&
                           moved.conflictedKeys == QStringList{t.key}) {
                    ++conflicts[i];
                } else {
                    errors[i] = QStringLiteral("%1: %2").arg(t.key.left(12), e);
                    return;
                }
            }
        });
    }
    QVERIFY(runOnThreads(work, 60000));
    QVERIFY2(errors[0].isEmpty(), qPrintable(errors[0]));
    QVERIFY2(errors[1].isEmpty(), qPrintable(errors[1]));
    QCOMPARE(wins[0] + wins[1], int(tasks.size()));
    QCOMPARE(conflicts[0] + conflicts[1], int(tasks.size()));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'transition'")),
             QString::number(tasks.size()));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT string_agg(DISTINCT state || '@' || version, ',') FROM tasks")),
        QStringLiteral("VALIDATING@2"));
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // Sequentially, too: the loser re-reads and then may write.
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    QString error;
    FilingTask ta = a->loadTasks(QStringList{tasks.first().key}, &error).first();
    FilingTask tb = b->loadTasks(QStringList{tasks.first().key}, &error).first();
    // Nothing is recorded as sent without a live claim: DISPATCHING of an unclaimed task is refused.
    const fd::WriteResult unclaimed = moveTask(*a, ta, ExecutionState::Dispatching, &error);
    QVERIFY(!unclaimed);
    QCOMPARE(unclaimed.failure, fd::WriteResult::Failure::Conflict);
    ta = a->loadTasks(QStringList{tasks.first().key}, &error).first();
    QCOMPARE(ta.state, ExecutionState::Validating);
    QVERIFY2(moveTask(*a, ta, ExecutionState::Pending, &error), qPrintable(error));
    const fd::WriteResult stale = moveTask(*b, tb, ExecutionState::Pending, &error);
    QVERIFY(!stale);
    QCOMPARE(stale.failure, fd::WriteResult::Failure::Conflict);
    QCOMPARE(stale.conflictedKeys, QStringList{tasks.first().key});
    QVERIFY2(error.contains(tasks.first().key.left(12)), qPrintable(error));
    tb = b->loadTasks(QStringList{tasks.first().key}, &error).first();
    QCOMPARE(tb.state, ExecutionState::Pending);
    const fd::WriteResult reread = moveTask(*b, tb, ExecutionState::Validating, &error);
    QVERIFY2(reread, qPrintable(error));
    QCOMPARE(reread.failure, fd::WriteResult::Failure::None);
}

void TestLedgerStore::nothingIsDispatchedForAStoppedBatch_data() {
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("action");
    QTest::addColumn<bool>("onTheWriter");
    QTest::newRow("paused, a group commit")
        << QStringLiteral("paused") << QStringLiteral("batch_pause") << true;
    QTest::newRow("cancelled, a group commit")
        << QStringLiteral("cancelled") << QStringLiteral("batch_cancel") << true;
    QTest::newRow("paused, one row on the member's connection")
        << QStringLiteral("paused") << QStringLiteral("batch_pause") << false;
}

void TestLedgerStore::nothingIsDispatchedForAStoppedBatch() {
    // Schema 13: once a batch is paused or cancelled, the ledger refuses its filings' DISPATCHING (the commit
    // their request waits for), whether or not the member has heard of it; the other batch's rows of the same
    // flush are written.
    QFETCH(QString, status);
    QFETCH(QString, action);
    QFETCH(bool, onTheWriter);
    const QString db = freshDatabase("stopped");
    auto a = member(db, QStringLiteral("a"));
    auto desk = member(db, QStringLiteral("desk"));
    QVERIFY(a && desk);
    QStringList already;
    QString error;
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("STP"), 4);
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    const QString stopped = desk->launchBatch({tasks.at(0).key, tasks.at(1).key}, QStringLiteral("alice"),
                                              QString(), &count, &error);
    QVERIFY2(!stopped.isEmpty(), qPrintable(error));
    QVERIFY(!desk->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> mine = a->claim(4, {}, &error);
    QCOMPARE(mine.size(), 4);
    for (FilingTask &t : mine)
        QVERIFY2(fd::test::moveTask(*a, t, ExecutionState::Validating, &error), qPrintable(error));
    // Another member stops the first batch; this member has not heard of it.
    QCOMPARE(desk->setBatchStatus({QStringLiteral("running")}, status, action, QStringLiteral("bob"),
                                  QStringLiteral("registry maintenance"), &error, stopped),
             1);
    const auto inStopped = [&stopped](const FilingTask &t) { return t.batchId == stopped; };
    QList<fd::TaskStore::TransitionRecord> records;
    QStringList refused;
    for (const FilingTask &t : std::as_const(mine)) {
        if (!onTheWriter && !inStopped(t))
            continue;
        records.append(fd::test::movedRecord(t, ExecutionState::Dispatching));
        if (inStopped(t))
            refused.append(t.key);
    }
    QCOMPARE(refused.size(), 2);
    if (onTheWriter) {
        // Each filing its own submission, as grants of different moments are: the refused ones fail, the
        // others are written in the statement sent again.
        QObject context;
        QHash<QString, fd::WriteResult> answers;
        for (const fd::TaskStore::TransitionRecord &r : std::as_const(records))
            a->recordThen(
                {r}, fd::Durability::Synced, &context,
                [&answers, key = r.task.key](const fd::WriteResult &result) { answers.insert(key, result); });
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 4, 20000);
        for (auto it = answers.cbegin(); it != answers.cend(); ++it) {
            if (refused.contains(it.key())) {
                QCOMPARE(it->failure, fd::WriteResult::Failure::BatchNotRunning);
                QCOMPARE(it->conflictedKeys, QStringList{it.key()});
                QVERIFY2(it->error.contains(QLatin1String("paused or cancelled")), qPrintable(it->error));
            } else {
                QVERIFY2(it->ok(), qPrintable(it->error));
            }
        }
    } else {
        for (const fd::TaskStore::TransitionRecord &r : std::as_const(records)) {
            const fd::WriteResult result =
                a->recordTransition(r.task, r.from, r.actor, r.action, r.reason, &error);
            QCOMPARE(result.failure, fd::WriteResult::Failure::BatchNotRunning);
            QCOMPARE(result.conflictedKeys, QStringList{r.task.key});
        }
    }
    // Nothing of the stopped batch was written: no DISPATCHING, no audit row of one.
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE batch_id = '%1' AND state = "
                                       "'DISPATCHING'")
                            .arg(stopped)),
             QStringLiteral("0"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE state = 'DISPATCHING'")),
             onTheWriter ? QStringLiteral("2") : QStringLiteral("0"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE to_state = 'DISPATCHING'")),
             onTheWriter ? QStringLiteral("2") : QStringLiteral("0"));
    QVERIFY(a->sealAudit(&error, true) > 0);
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLedgerStore::completionReleasesClaim() {
    const QString db = freshDatabase("complete");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("CMP"), 2);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> mine = a->claim(2, {}, &error);
    QCOMPARE(mine.size(), 2);
    for (FilingTask &t : mine) {
        QVERIFY2(moveTask(*a, t, ExecutionState::Validating, &error), qPrintable(error));
        QVERIFY2(moveTask(*a, t, ExecutionState::Dispatching, &error), qPrintable(error));
    }
    const QString claimedOf =
        QStringLiteral("SELECT coalesce(claimed_by, '-') || ':' || (claimed_until IS NULL) "
                       "FROM tasks WHERE idempotency_key = '%1'");
    QCOMPARE(scalar(db, claimedOf.arg(mine.at(0).key)), QStringLiteral("a:false"));
    QVERIFY2(moveTask(*a, mine[0], ExecutionState::Completed, &error), qPrintable(error));
    QCOMPARE(scalar(db, claimedOf.arg(mine.at(0).key)), QStringLiteral("-:true"));
    QCOMPARE(scalar(db, QStringLiteral(
                            "SELECT state || ' ' || confirmation_number || ' ' || fee_charged_cents FROM "
                            "tasks WHERE idempotency_key = '%1'")
                            .arg(mine.at(0).key)),
             QStringLiteral("COMPLETED DE-%1 30000").arg(mine.at(0).key.left(8)));
    QVERIFY2(moveTask(*a, mine[1], ExecutionState::FailedTransient, &error), qPrintable(error));
    QCOMPARE(scalar(db, claimedOf.arg(mine.at(1).key)), QStringLiteral("a:false"));
    QVERIFY2(moveTask(*a, mine[1], ExecutionState::DeadLetter, &error), qPrintable(error));
    QCOMPARE(scalar(db, claimedOf.arg(mine.at(1).key)), QStringLiteral("-:true"));
    // The completion is in the audit with its receipt.
    QCOMPARE(scalar(db, QStringLiteral("SELECT detail FROM audit WHERE to_state = 'COMPLETED'")),
             QStringLiteral("confirmation DE-%1, charged $300.00").arg(mine.at(0).key.left(8)));
    // Nothing is left to work on: the batch finishes.
    QCOMPARE(a->finishIdleBatches(&error).size(), 1);
}

void TestLedgerStore::claimsGoBackAndBatchesFinishOnTheWriter() {
    // Claims a member will not send go back, and batches with nothing left finish, on the writer's
    // connection: the calls return before the ledger answers, and the answer is what the blocking calls give.
    const QString db = freshDatabase("giveback");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("GBK"), 3), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    int count = 0;
    const QString batchId = a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error);
    QVERIFY(!batchId.isEmpty());
    QList<FilingTask> mine = a->claim(3, {}, &error);
    QCOMPARE(mine.size(), 3);
    const QString claimedOf =
        QStringLiteral("SELECT coalesce(claimed_by, '-') FROM tasks WHERE idempotency_key = '%1'");
    QObject context;
    std::optional<QString> released;
    a->releaseClaimsThen({mine.at(1).key, mine.at(2).key}, &context, [&](const QString &e) { released = e; });
    QVERIFY(!released.has_value()); // answered later, on this thread
    QTRY_VERIFY_WITH_TIMEOUT(released.has_value(), 20000);
    QVERIFY2(released->isEmpty(), qPrintable(*released));
    QCOMPARE(scalar(db, claimedOf.arg(mine.at(0).key)), QStringLiteral("a"));
    QCOMPARE(scalar(db, claimedOf.arg(mine.at(1).key)), QStringLiteral("-"));
    QCOMPARE(scalar(db, claimedOf.arg(mine.at(2).key)), QStringLiteral("-"));

    const auto finishIdle = [&] {
        std::optional<std::pair<QStringList, QString>> answer;
        a->finishIdleBatchesThen(&context, [&](const QStringList &finished, const QString &e) {
            answer = std::make_pair(finished, e);
        });
        if (answer.has_value())
            return std::make_pair(QStringList(), QStringLiteral("answered before the call returned"));
        if (!QTest::qWaitFor([&] { return answer.has_value(); }, 20000))
            return std::make_pair(QStringList(), QStringLiteral("no answer"));
        return *answer;
    };
    auto [finished, finishError] = finishIdle();
    QVERIFY2(finishError.isEmpty(), qPrintable(finishError));
    QVERIFY(finished.isEmpty()); // filings of the batch are still open
    // Everything comes to an end: the batch finishes, with its audit row.
    QList<FilingTask> all = a->claim(3, {}, &error);
    QCOMPARE(all.size(), 2); // the two handed back
    all.append(mine.at(0));  // still held
    for (FilingTask &t : all) {
        QVERIFY2(moveTask(*a, t, ExecutionState::Validating, &error), qPrintable(error));
        QVERIFY2(moveTask(*a, t, ExecutionState::DeadLetter, &error), qPrintable(error));
    }
    std::tie(finished, finishError) = finishIdle();
    QVERIFY2(finishError.isEmpty(), qPrintable(finishError));
    QCOMPARE(finished, QStringList{batchId});
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'batch_idle' AND detail = "
                                       "'batch %1 finished: nothing left to send or wait for'")
                            .arg(batchId)),
             QStringLiteral("1"));
    QVERIFY(a->sealAudit(&error, true) > 0);
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLedgerStore::groupCommitKeepsEachSubmissionWhole() {
    // The dispatch path's transitions go to the ledger from the member's writer thread, many in one
    // statement: each submission is still all or none, a conflict fails only the submissions it belongs to,
    // a key written twice before the ledger answers is written on the version the first write leaves, and
    // what failed leaves this member's versions as the ledger has them.
    const QString db = freshDatabase("group");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("GRP"), 6);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> mine = a->claim(6, {}, &error);
    QCOMPARE(mine.size(), 6);
    std::sort(mine.begin(), mine.end(),
              [](const FilingTask &x, const FilingTask &y) { return x.key < y.key; });
    // Another member changes the last task first: what `a` holds of it is stale.
    FilingTask theirs = b->loadTasks(QStringList{mine.at(5).key}, &error).first();
    QVERIFY2(moveTask(*b, theirs, ExecutionState::Validating, &error), qPrintable(error));

    QObject context;
    QList<std::optional<fd::WriteResult>> answers;
    const auto submit = [&](const QList<fd::TaskStore::TransitionRecord> &records,
                            fd::Durability durability) {
        const int slot = int(answers.size());
        answers.append(std::nullopt);
        a->recordThen(records, durability, &context,
                      [&answers, slot](const fd::WriteResult &result) { answers[slot] = result; });
    };
    const auto countAnswers = [&] {
        return int(
            std::count_if(answers.cbegin(), answers.cend(), [](const auto &r) { return r.has_value(); }));
    };
    for (int i = 0; i < 5; ++i)
        submit({fd::test::movedRecord(mine.at(i), ExecutionState::Validating)}, fd::Durability::Normal);
    // Written again before the ledger answered: on the version the first write leaves.
    FilingTask validating = fd::test::movedRecord(mine.at(0), ExecutionState::Validating).task;
    submit({fd::test::movedRecord(validating, ExecutionState::Dispatching)}, fd::Durability::Synced);
    // All or none: task 1's second transition is not written, because task 5's conflicts.
    FilingTask second = fd::test::movedRecord(mine.at(1), ExecutionState::Validating).task;
    submit({fd::test::movedRecord(second, ExecutionState::Dispatching),
            fd::test::movedRecord(mine.at(5), ExecutionState::Validating)},
           fd::Durability::Synced);
    submit({fd::test::movedRecord(fd::test::movedRecord(mine.at(2), ExecutionState::Validating).task,
                                  ExecutionState::Dispatching)},
           fd::Durability::Synced);
    QTRY_COMPARE_WITH_TIMEOUT(countAnswers(), 8, 20000);
    for (int i : {0, 1, 2, 3, 4, 5, 7})
        QVERIFY2(answers.at(i)->ok(), qPrintable(QStringLiteral("%1: %2").arg(i).arg(answers.at(i)->error)));
    QCOMPARE(answers.at(6)->failure, fd::WriteResult::Failure::Conflict);
    QCOMPARE(answers.at(6)->conflictedKeys, QStringList{mine.at(5).key});

    const QString stateOf =
        QStringLiteral("SELECT state || '@' || version FROM tasks WHERE idempotency_key = '%1'");
    QCOMPARE(scalar(db, stateOf.arg(mine.at(0).key)).section(QLatin1Char('@'), 0, 0),
             QStringLiteral("DISPATCHING"));
    QCOMPARE(scalar(db, stateOf.arg(mine.at(1).key)).section(QLatin1Char('@'), 0, 0),
             QStringLiteral("VALIDATING"));
    QCOMPARE(scalar(db, stateOf.arg(mine.at(2).key)).section(QLatin1Char('@'), 0, 0),
             QStringLiteral("DISPATCHING"));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'transition' AND desk = 'a'")),
        QStringLiteral("7"));
    const fd::LedgerWriter::Stats stats = a->writerStats();
    QCOMPARE(stats.rows, quint64(7));
    QVERIFY2(stats.flushes >= 1 && stats.flushes <= 8, qPrintable(QString::number(stats.flushes)));

    // The versions `a` reserved for the failed submission went back: task 1 moves on from VALIDATING, and
    // task 5, read again, is written.
    QVERIFY2(moveTask(*a, second, ExecutionState::Dispatching, &error), qPrintable(error));
    FilingTask reread = a->loadTasks(QStringList{mine.at(5).key}, &error).first();
    QCOMPARE(reread.state, ExecutionState::Validating);

    // A completion hands its claim back: a renewal made before the engine heard of it neither renews nor
    // reports that claim lost (and writes no claim_lost row).
    FilingTask dispatched = fd::test::movedRecord(validating, ExecutionState::Dispatching).task;
    answers.clear();
    submit({fd::test::movedRecord(dispatched, ExecutionState::Completed)}, fd::Durability::Normal);
    const QStringList lost = a->renewClaims(QStringList{mine.at(0).key, mine.at(3).key}, &error);
    QVERIFY2(lost.isEmpty(), qPrintable(lost.join(QLatin1Char(','))));
    QTRY_COMPARE_WITH_TIMEOUT(countAnswers(), 1, 20000);
    QVERIFY2(answers.first()->ok(), qPrintable(answers.first()->error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'claim_lost'")),
             QStringLiteral("0"));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT coalesce(claimed_by, '-') FROM tasks WHERE idempotency_key = '%1'")
                       .arg(mine.at(0).key)),
        QStringLiteral("-"));

    // The same on the writer's connection (renewClaimsThen, the engine's renewal): a claim a completion
    // handed to the writer releases is left out, even before the ledger has answered the completion.
    FilingTask third = fd::test::movedRecord(mine.at(3), ExecutionState::Validating).task;
    answers.clear();
    submit({fd::test::movedRecord(third, ExecutionState::Completed)}, fd::Durability::Normal);
    std::optional<std::pair<QStringList, QString>> renewed;
    a->renewClaimsThen(QStringList{mine.at(3).key, mine.at(4).key}, &context,
                       [&](const QStringList &lostThen, const QString &renewError) {
                           renewed = std::make_pair(lostThen, renewError);
                       });
    QTRY_VERIFY_WITH_TIMEOUT(renewed.has_value(), 20000);
    QVERIFY2(renewed->second.isEmpty(), qPrintable(renewed->second));
    QVERIFY2(renewed->first.isEmpty(), qPrintable(renewed->first.join(QLatin1Char(','))));
    QTRY_COMPARE_WITH_TIMEOUT(countAnswers(), 1, 20000);
    QVERIFY2(answers.first()->ok(), qPrintable(answers.first()->error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'claim_lost'")),
             QStringLiteral("0"));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT coalesce(claimed_by, '-') FROM tasks WHERE idempotency_key = '%1'")
                       .arg(mine.at(4).key)),
        QStringLiteral("a"));
    // A claim another member took after the lease is reported lost by the renewal on the writer too.
    QCOMPARE(scalar(db, QStringLiteral("WITH u AS (UPDATE tasks SET claimed_by = 'b' WHERE idempotency_key = "
                                       "'%1' RETURNING 1) SELECT count(*) FROM u")
                            .arg(mine.at(4).key)),
             QStringLiteral("1"));
    renewed.reset();
    a->renewClaimsThen(QStringList{mine.at(4).key}, &context,
                       [&](const QStringList &lostThen, const QString &renewError) {
                           renewed = std::make_pair(lostThen, renewError);
                       });
    QTRY_VERIFY_WITH_TIMEOUT(renewed.has_value(), 20000);
    QVERIFY2(renewed->second.isEmpty(), qPrintable(renewed->second));
    QCOMPARE(renewed->first, QStringList{mine.at(4).key});
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'claim_lost'")),
             QStringLiteral("1"));
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLedgerStore::aClaimIsCommittedWithTheTransitionsBeforeIt() {
    // A claim handed to the writer behind transitions is written with them in one transaction (one commit);
    // a transition that conflicts, or a claim that fails, costs the other nothing: each is then written (or
    // refused) on its own, as if they had never met.
    const QString db = freshDatabase("joined");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("JND"), 12);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> mine = a->claim(4, {}, &error);
    QCOMPARE(mine.size(), 4);

    QObject context;
    QList<std::optional<fd::WriteResult>> answers;
    const auto submit = [&](const FilingTask &task, ExecutionState to, fd::Durability durability) {
        const int slot = int(answers.size());
        answers.append(std::nullopt);
        a->recordThen({fd::test::movedRecord(task, to)}, durability, &context,
                      [&answers, slot](const fd::WriteResult &result) { answers[slot] = result; });
    };
    std::optional<fd::WriteResult> claimAnswer;
    QList<FilingTask> claimed;
    // What another session sees of the claimed rows when the claim is answered: answered before its commit,
    // the member would act on a claim the ledger may still lose.
    QString claimedSeenAtAnswer;
    const auto claimThen = [&](int limit) {
        claimAnswer.reset();
        claimedSeenAtAnswer.clear();
        a->claimEachThen(
            {}, limit, limit, {}, &context, [&](const QList<FilingTask> &got, const fd::WriteResult &status) {
                claimed = got;
                claimAnswer = status;
                QStringList keys;
                for (const FilingTask &t : got)
                    keys << QStringLiteral("'%1'").arg(t.key);
                if (!keys.isEmpty())
                    claimedSeenAtAnswer =
                        scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL "
                                                  "AND idempotency_key IN (%1)")
                                       .arg(keys.join(QLatin1Char(','))));
            });
    };
    // The durability each transition was committed with, read at its commit (a deferred trigger runs then,
    // after the writer's SET LOCAL): a durable transition joined with a claim must not take the claim's
    // asynchronous commit, or a DISPATCHING could be lost after its request left. The trigger also holds
    // each such commit back a moment, so that a claim answered before its commit would be seen unclaimed.
    QVERIFY2(
        !scalar(db, QStringLiteral(
                        "CREATE TABLE commit_modes(idempotency_key text, state text, mode text); "
                        "CREATE FUNCTION note_commit_mode() RETURNS trigger LANGUAGE plpgsql "
                        "SECURITY DEFINER AS $$ BEGIN IF NEW.state IS DISTINCT FROM OLD.state THEN "
                        "INSERT INTO commit_modes VALUES (NEW.idempotency_key, NEW.state, "
                        "current_setting('synchronous_commit')); PERFORM pg_sleep(0.2); END IF; RETURN NULL; "
                        "END $$; "
                        "CREATE CONSTRAINT TRIGGER note_commit_mode AFTER UPDATE ON tasks DEFERRABLE "
                        "INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_commit_mode()"))
             .isNull(),
        "cannot install the trigger that notes each commit's durability");
    const QString commitModeOf = QStringLiteral(
        "SELECT string_agg(mode, ',') FROM commit_modes WHERE idempotency_key = '%1' AND state = '%2'");
    // The writer waits on a row another connection holds, so that what follows is handed to it together.
    PgConnection holder(m_pg, db);
    QVERIFY(holder.db().isOpen());
    const auto holdRow = [&](const QString &key) {
        QString lockError;
        return holder.db().transaction() &&
               holder.exec(
                   QStringLiteral("SELECT 1 FROM tasks WHERE idempotency_key = '%1' FOR UPDATE").arg(key),
                   &lockError);
    };
    const QString stateOf = QStringLiteral("SELECT state FROM tasks WHERE idempotency_key = '%1'");

    // The first write waits (on its own: a durable one goes at once) while the next two are handed over.
    const auto writerWaitsOn = [&](const FilingTask &task, ExecutionState to) {
        if (!holdRow(task.key))
            return false;
        submit(task, to, fd::Durability::Synced);
        QTest::qWait(50);
        return true;
    };

    // A durable transition and a claim behind a waiting one: one commit for the two.
    QVERIFY(writerWaitsOn(mine.at(0), ExecutionState::Validating));
    submit(mine.at(1), ExecutionState::Validating, fd::Durability::Synced);
    claimThen(3);
    QTest::qWait(60);
    QVERIFY(holder.db().rollback());
    QTRY_VERIFY_WITH_TIMEOUT(claimAnswer.has_value() && answers.at(0) && answers.at(1), 20000);
    QVERIFY2(answers.at(0)->ok(), qPrintable(answers.at(0)->error));
    QVERIFY2(answers.at(1)->ok(), qPrintable(answers.at(1)->error));
    QVERIFY2(claimAnswer->ok(), qPrintable(claimAnswer->error));
    QCOMPARE(claimed.size(), 3);
    QCOMPARE(claimedSeenAtAnswer, QStringLiteral("3"));
    QCOMPARE(a->writerStats().joined, quint64(1));
    QCOMPARE(scalar(db, stateOf.arg(mine.at(1).key)), QStringLiteral("VALIDATING"));
    QCOMPARE(scalar(db, commitModeOf.arg(mine.at(1).key, QStringLiteral("VALIDATING"))),
             QStringLiteral("on"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL")),
             QStringLiteral("7"));
    // The claim's versions are the ledger's: a claimed task moves on.
    FilingTask next = claimed.first();
    QVERIFY2(moveTask(*a, next, ExecutionState::Validating, &error), qPrintable(error));

    // A transition another member got to first: it alone fails; the one beside it and the claim are written.
    FilingTask theirs = b->loadTasks(QStringList{mine.at(3).key}, &error).first();
    QVERIFY2(moveTask(*b, theirs, ExecutionState::Validating, &error), qPrintable(error));
    answers.clear();
    QVERIFY(writerWaitsOn(mine.at(2), ExecutionState::Validating));
    submit(mine.at(3), ExecutionState::Validating, fd::Durability::Normal);
    claimThen(2);
    QTest::qWait(60);
    QVERIFY(holder.db().rollback());
    QTRY_VERIFY_WITH_TIMEOUT(claimAnswer.has_value() && answers.at(0) && answers.at(1), 20000);
    QVERIFY2(answers.at(0)->ok(), qPrintable(answers.at(0)->error));
    QCOMPARE(answers.at(1)->failure, fd::WriteResult::Failure::Conflict);
    QCOMPARE(answers.at(1)->conflictedKeys, QStringList{mine.at(3).key});
    QVERIFY2(claimAnswer->ok(), qPrintable(claimAnswer->error));
    QCOMPARE(claimed.size(), 2);
    QCOMPARE(claimedSeenAtAnswer, QStringLiteral("2"));
    QCOMPARE(scalar(db, stateOf.arg(mine.at(2).key)), QStringLiteral("VALIDATING"));

    // A claim the ledger refuses: the transition it was to be committed with is written without it.
    QVERIFY2(!scalar(db, QStringLiteral(
                             "CREATE FUNCTION refuse_claims() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                             "IF OLD.claimed_by IS NULL AND NEW.claimed_by IS NOT NULL THEN "
                             "RAISE EXCEPTION 'claims refused for this test'; END IF; RETURN NEW; END $$; "
                             "CREATE TRIGGER refuse_claims BEFORE UPDATE ON tasks FOR EACH ROW "
                             "EXECUTE FUNCTION refuse_claims()"))
                  .isNull(),
             "cannot install the trigger that refuses claims");
    answers.clear();
    QVERIFY(writerWaitsOn(fd::test::movedRecord(mine.at(2), ExecutionState::Validating).task,
                          ExecutionState::Dispatching));
    submit(fd::test::movedRecord(mine.at(1), ExecutionState::Validating).task, ExecutionState::Dispatching,
           fd::Durability::Synced);
    claimThen(2);
    QTest::qWait(60);
    QVERIFY(holder.db().rollback());
    QTRY_VERIFY_WITH_TIMEOUT(claimAnswer.has_value() && answers.at(0) && answers.at(1), 20000);
    QVERIFY2(answers.at(0)->ok(), qPrintable(answers.at(0)->error));
    QVERIFY2(answers.at(1)->ok(), qPrintable(answers.at(1)->error));
    QVERIFY(!claimAnswer->ok());
    QVERIFY2(claimAnswer->error.contains(QLatin1String("claims refused for this test")),
             qPrintable(claimAnswer->error));
    QVERIFY(claimed.isEmpty());
    QCOMPARE(scalar(db, stateOf.arg(mine.at(1).key)), QStringLiteral("DISPATCHING"));
    QCOMPARE(scalar(db, commitModeOf.arg(mine.at(1).key, QStringLiteral("DISPATCHING"))),
             QStringLiteral("on"));
    QCOMPARE(a->writerStats().joined, quint64(1));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by IS NOT NULL")),
             QStringLiteral("9"));
    QVERIFY(!scalar(db, QStringLiteral("DROP TRIGGER refuse_claims ON tasks")).isNull());

    a->sealAudit(&error, true);
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerStore::anActionIsWrittenOnTheWriterAfterWhatWasHandedToItBefore() {
    // An operator's action (a pause) or an engine event recorded by a member: its audit row goes to the
    // ledger on the writer's connection, without the engine thread waiting for it, and after the transitions
    // handed to the writer before it (the trail says what happened in the order it happened).
    const QString db = freshDatabase("actionthen");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("ACT"), 2), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    const QList<FilingTask> mine = a->claim(2, {}, &error);
    QCOMPARE(mine.size(), 2);

    QObject context;
    std::optional<fd::WriteResult> moved;
    std::optional<fd::WriteResult> recorded;
    a->recordThen({fd::test::movedRecord(mine.at(0), ExecutionState::Validating)}, fd::Durability::Normal,
                  &context, [&](const fd::WriteResult &result) { moved = result; });
    AuditEntry pause;
    pause.action = QStringLiteral("batch_pause");
    pause.actor = QStringLiteral("alice");
    pause.atUtc = QDateTime::currentDateTimeUtc();
    pause.reason = QStringLiteral("the registry announced maintenance");
    a->appendActionThen(pause, &context, [&](const fd::WriteResult &result) { recorded = result; });
    QVERIFY(!recorded.has_value()); // answered later, on this thread
    QTRY_VERIFY_WITH_TIMEOUT(moved.has_value() && recorded.has_value(), 20000);
    QVERIFY2(moved->ok(), qPrintable(moved->error));
    QVERIFY2(recorded->ok(), qPrintable(recorded->error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT action || ' by ' || actor || ': ' || reason FROM audit "
                                       "ORDER BY id DESC LIMIT 1")),
             QStringLiteral("batch_pause by alice: the registry announced maintenance"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT (SELECT max(id) FROM audit WHERE action = 'transition') < "
                                       "(SELECT id FROM audit WHERE action = 'batch_pause')")),
             QStringLiteral("t"));
    // Sealed like any row this member wrote.
    QVERIFY(a->sealAudit(&error, true) > 0);
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLedgerStore::aPassageThroughAStateIsTwoAuditRows() {
    // A filing validated while its permit was asked for goes PENDING -> VALIDATING -> DISPATCHING in the
    // commit before its send (TransitionRecord::via): one row of the writer's statement, one task update,
    // two audit rows in order; on the member's own connection (a blocking write) the same two rows.
    const QString db = freshDatabase("passage");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("PSG"), 3), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> mine = a->claim(3, {}, &error);
    QCOMPARE(mine.size(), 3);
    std::sort(mine.begin(), mine.end(),
              [](const FilingTask &x, const FilingTask &y) { return x.key < y.key; });
    const QString versionOf = QStringLiteral("SELECT version FROM tasks WHERE idempotency_key = '%1'");
    const qint64 claimedVersion = scalar(db, versionOf.arg(mine.at(0).key)).toLongLong();

    const auto passage = [](const FilingTask &task, const QString &reason) {
        fd::TaskStore::TransitionRecord r = fd::test::movedRecord(task, ExecutionState::Dispatching);
        r.via = ExecutionState::Validating;
        r.reason = reason;
        return r;
    };
    QObject context;
    std::optional<fd::WriteResult> answer;
    a->recordThen({passage(mine.at(0), QStringLiteral("first of the day")),
                   fd::test::movedRecord(mine.at(1), ExecutionState::Validating)},
                  fd::Durability::Synced, &context, [&](const fd::WriteResult &r) { answer = r; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->ok(), qPrintable(answer->error));
    QCOMPARE(a->writerStats().rows, quint64(2)); // one row each: the passage is not two writes of the task
    QCOMPARE(scalar(db, versionOf.arg(mine.at(0).key)).toLongLong(), claimedVersion + 1);
    QVERIFY2(a->recordTransitions({passage(mine.at(2), QString())}, &error, fd::Durability::Synced).ok(),
             qPrintable(error));

    const QString trail = QStringLiteral(
        "SELECT string_agg(action || ' ' || coalesce(from_state, '') || '->' || to_state || ' by ' || actor "
        "|| "
        "' (' || coalesce(reason, '') || ')', '; ' ORDER BY id) FROM audit WHERE idempotency_key = '%1' "
        "AND action = 'transition'");
    QCOMPARE(scalar(db, trail.arg(mine.at(0).key)),
             QStringLiteral("transition PENDING->VALIDATING by engine (); "
                            "transition VALIDATING->DISPATCHING by engine (first of the day)"));
    QCOMPARE(scalar(db, trail.arg(mine.at(1).key)),
             QStringLiteral("transition PENDING->VALIDATING by engine ()"));
    QCOMPARE(scalar(db, trail.arg(mine.at(2).key)),
             QStringLiteral("transition PENDING->VALIDATING by engine (); "
                            "transition VALIDATING->DISPATCHING by engine ()"));
    for (const FilingTask &task : {mine.at(0), mine.at(2)})
        QCOMPARE(scalar(db, QStringLiteral("SELECT state || (sent_at IS NOT NULL) FROM tasks WHERE "
                                           "idempotency_key = '%1'")
                                .arg(task.key)),
                 QStringLiteral("DISPATCHINGtrue"));
    // Sealed in the order written: the passage's two rows take consecutive places in the chain.
    QVERIFY(a->sealAudit(&error, true) > 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT max(seq) - min(seq) FROM audit WHERE idempotency_key = '%1' "
                                       "AND action = 'transition'")
                            .arg(mine.at(0).key)),
             QStringLiteral("1"));
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLedgerStore::aPersonsDecisionsGoToTheWriterStepByStep() {
    // A person's decisions move a task twice (a PENDING filing withdrawn: to VALIDATING, then to DEAD_LETTER)
    // or store a cured payload with the transition; the writer's group statement takes neither. They go to
    // the writer's connection as one transaction of their own: recordThen() returns before the ledger has
    // answered, each step is its own audit row, all or none, and the versions the member holds stay the
    // ledger's.
    const QString db = freshDatabase("decisions");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("DCS"), 4), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> mine = a->claim(4, {}, &error);
    QCOMPARE(mine.size(), 4);
    std::sort(mine.begin(), mine.end(),
              [](const FilingTask &x, const FilingTask &y) { return x.key < y.key; });
    const auto decided = [](FilingTask task, ExecutionState to, const QString &action,
                            const QString &reason) {
        const ExecutionState from = task.state;
        task.state = to;
        return fd::TaskStore::TransitionRecord{task, from, QStringLiteral("alice"), action, reason};
    };
    const auto cured = [](FilingTask task) {
        fd::Entity entity = *task.obligation.entity;
        entity.registeredAgent = QStringLiteral("CT Corporation System");
        task.setEntity(entity);
        return task;
    };
    // A correction that moves the due date (a formation date corrected) under the same key: the ledger's
    // due_date follows the payload it stores.
    const auto replanned = [&cured](FilingTask task) {
        task = cured(task);
        fd::Obligation moved = task.obligation;
        moved.dueDate = moved.dueDate.addDays(61);
        task.setObligation(moved);
        return task;
    };
    FilingTask withdrawn = mine.at(0);
    withdrawn.lastErrorCode = QStringLiteral("WITHDRAWN");
    const fd::TaskStore::TransitionRecord toValidating = decided(
        withdrawn, ExecutionState::Validating, QStringLiteral("withdraw"), QStringLiteral("not owed"));
    const fd::TaskStore::TransitionRecord toDeadLetter =
        decided(toValidating.task, ExecutionState::DeadLetter, QStringLiteral("withdraw"),
                QStringLiteral("not owed"));
    const fd::TaskStore::TransitionRecord rebuilt =
        decided(replanned(mine.at(1)), ExecutionState::Pending, QStringLiteral("payload_rebuilt"),
                QStringLiteral("agent renewed"));
    const quint64 rowsBefore = a->writerStats().rows;
    QObject context;
    std::optional<fd::WriteResult> answer;
    a->recordThen({toValidating, toDeadLetter, rebuilt}, fd::Durability::Normal, &context,
                  [&](const fd::WriteResult &r) { answer = r; });
    QVERIFY(!answer.has_value()); // answered later, on this thread: the caller did not wait for the ledger
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->ok(), qPrintable(answer->error));
    QCOMPARE(a->writerStats().rows, rowsBefore); // not the group statement's
    const QString trail = QStringLiteral(
        "SELECT string_agg(action || ' ' || coalesce(from_state, '') || '->' || to_state || ' by ' || actor "
        "|| ' (' || coalesce(reason, '') || ')', '; ' ORDER BY id) FROM audit WHERE idempotency_key = '%1' "
        "AND actor = 'alice' AND action NOT IN ('admit', 'batch_launch')");
    QCOMPARE(scalar(db, trail.arg(mine.at(0).key)),
             QStringLiteral("withdraw PENDING->VALIDATING by alice (not owed); "
                            "withdraw VALIDATING->DEAD_LETTER by alice (not owed)"));
    QCOMPARE(scalar(db, trail.arg(mine.at(1).key)),
             QStringLiteral("payload_rebuilt PENDING->PENDING by alice (agent renewed)"));
    QCOMPARE(
        scalar(db,
               QStringLiteral("SELECT state FROM tasks WHERE idempotency_key = '%1'").arg(mine.at(0).key)),
        QStringLiteral("DEAD_LETTER"));
    QVERIFY(scalar(db, QStringLiteral("SELECT obligation_json FROM tasks WHERE idempotency_key = '%1'")
                           .arg(mine.at(1).key))
                .contains(QLatin1String("CT Corporation System")));
    QCOMPARE(scalar(db, QStringLiteral("SELECT due_date::text FROM tasks WHERE idempotency_key = '%1'")
                            .arg(mine.at(1).key)),
             rebuilt.task.obligation.dueDate.toString(Qt::ISODate));
    QVERIFY(rebuilt.task.obligation.dueDate != mine.at(1).obligation.dueDate);
    // The versions the member holds are the ledger's: the cured filing's next transition goes through.
    FilingTask curedTask = rebuilt.task;
    curedTask.obligationRewritten = false;
    answer.reset();
    a->recordThen({fd::test::movedRecord(curedTask, ExecutionState::Validating)}, fd::Durability::Normal,
                  &context, [&](const fd::WriteResult &r) { answer = r; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->ok(), qPrintable(answer->error));
    QCOMPARE(a->writerStats().rows, rowsBefore + 1);

    // Another member changed one of two filings first: nothing of the decision is written, the conflict
    // names that filing, and the other's version is given back (its next write goes through).
    QCOMPARE(scalar(db, QStringLiteral("UPDATE tasks SET version = version + 1 WHERE idempotency_key = '%1' "
                                       "RETURNING 1")
                            .arg(mine.at(2).key)),
             QStringLiteral("1"));
    answer.reset();
    a->recordThen({decided(cured(mine.at(3)), ExecutionState::Pending, QStringLiteral("payload_rebuilt"),
                           QStringLiteral("agent renewed")),
                   decided(cured(mine.at(2)), ExecutionState::Pending, QStringLiteral("payload_rebuilt"),
                           QStringLiteral("agent renewed"))},
                  fd::Durability::Normal, &context, [&](const fd::WriteResult &r) { answer = r; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QCOMPARE(answer->failure, fd::WriteResult::Failure::Conflict);
    QCOMPARE(answer->conflictedKeys, QStringList{mine.at(2).key});
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'payload_rebuilt' AND "
                                       "idempotency_key IN ('%1', '%2')")
                            .arg(mine.at(2).key, mine.at(3).key)),
             QStringLiteral("0"));
    QVERIFY(!scalar(db, QStringLiteral("SELECT obligation_json FROM tasks WHERE idempotency_key = '%1'")
                            .arg(mine.at(3).key))
                 .contains(QLatin1String("CT Corporation System")));
    answer.reset();
    a->recordThen({fd::test::movedRecord(mine.at(3), ExecutionState::Validating)}, fd::Durability::Normal,
                  &context, [&](const fd::WriteResult &r) { answer = r; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->ok(), qPrintable(answer->error));
    QVERIFY(a->sealAudit(&error, true) > 0);
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLedgerStore::catchUpOnTheWriterMirrorsEachRowOnce() {
    // The engine's catch-up reads on the writer's connection (syncThen) and mirrors on its own thread. A
    // blocking catch-up made while one is answered leaves nothing twice in the mirror and breaks no chain.
    const QString db = freshDatabase("syncthen");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("STH"), 5), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    QCOMPARE(a->sealAudit(&error), 5);
    // b reaches the ledger (and starts its writer) with a first blocking catch-up of one row.
    QCOMPARE(b->sync(1, &error).size(), qsizetype(1));

    QObject context;
    std::optional<std::pair<QList<AuditEntry>, QString>> answer;
    const auto catchUp = [&](int limit) {
        answer.reset();
        b->syncThen(limit, &context, [&](const QList<AuditEntry> &rows, const QString &syncError) {
            answer = std::make_pair(rows, syncError);
        });
    };
    catchUp(2);
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->second.isEmpty(), qPrintable(answer->second));
    QCOMPARE(answer->first.size(), qsizetype(2));
    QCOMPARE(answer->first.first().ledgerSeq, 2);
    QCOMPARE(b->mirror().lastMirroredSeq(), 3);

    // Read from seq 4 on the writer; before its answer is taken in, a blocking catch-up mirrors 4 and 5.
    catchUp(100);
    QCOMPARE(b->sync(100, &error).size(), qsizetype(2));
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->second.isEmpty(), qPrintable(answer->second));
    QVERIFY(answer->first.isEmpty()); // nothing new: both rows were there
    QVERIFY(!b->chainBroken());
    QCOMPARE(b->mirror().auditRowCount(), 5);

    // New rows come in by the writer.
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QStringLiteral("go"), &count, &error).isEmpty());
    QCOMPARE(a->sealAudit(&error), 1);
    catchUp(100);
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QCOMPARE(answer->first.size(), qsizetype(1));
    QCOMPARE(answer->first.first().action, QStringLiteral("batch_launch"));
    QCOMPARE(b->mirror().lastMirroredSeq(), 6);
}

void TestLedgerStore::aBusyMirrorDoesNotHoldUpTheCatchUpsThread() {
    // The engine thread never waits for a disk: the rows a catch-up read are written into the mirror on a
    // thread of their own. Here another program holds the mirror's write lock (a backup, a virus scanner):
    // the catch-up's answer waits for it, the thread that asked for it does not.
    const QString db = freshDatabase("busymirror");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("BSY"), 4), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    QCOMPARE(a->sealAudit(&error), 4);
    QCOMPARE(b->sync(1, &error).size(), qsizetype(1)); // b reaches the ledger and starts its writer

    const QString holder = QStringLiteral("busy-mirror-holder");
    {
        QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), holder);
        other.setDatabaseName(b->mirror().path());
        QVERIFY(other.open());
        QSqlQuery lock(other);
        QVERIFY2(lock.exec(QStringLiteral("BEGIN IMMEDIATE")), qPrintable(lock.lastError().text()));
    }
    QObject context;
    std::optional<std::pair<QList<AuditEntry>, QString>> answer;
    b->syncThen(100, &context, [&](const QList<AuditEntry> &rows, const QString &syncError) {
        answer = std::make_pair(rows, syncError);
    });
    int ticks = 0;
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
    ticker.start(10);
    // The read comes back from the ledger meanwhile; its rows wait for the lock, and this thread goes on.
    QTest::qWait(600);
    QVERIFY2(!answer.has_value(), answer ? qPrintable(answer->second) : "");
    QVERIFY(ticks > 0);
    {
        QSqlQuery release(QSqlDatabase::database(holder));
        QVERIFY(release.exec(QStringLiteral("ROLLBACK")));
    }
    QSqlDatabase::removeDatabase(holder);
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->second.isEmpty(), qPrintable(answer->second));
    QCOMPARE(answer->first.size(), qsizetype(3));
    QCOMPARE(answer->first.first().ledgerSeq, 2);
    QCOMPARE(b->mirror().lastMirroredSeq(), 4);
    QCOMPARE(b->mirror().auditRowCount(), 4);
    QVERIFY(!b->chainBroken());
}

void TestLedgerStore::syncMirrorsInOrder() {
    const QString db = freshDatabase("sync");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("SYN"), 5), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    // Others read only sealed rows: a's sealer seals them soon after its writes.
    QVERIFY(b->sync(100, &error).isEmpty());
    QCOMPARE(a->sealAudit(&error), 5);

    // b mirrors what a wrote, a page at a time, and resumes after the last seq it holds.
    QList<AuditEntry> first = b->sync(2, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(first.size(), 2);
    QCOMPARE(first.at(0).ledgerSeq, 1);
    QCOMPARE(first.at(1).ledgerSeq, 2);
    QCOMPARE(b->mirror().lastMirroredSeq(), 2);
    QList<AuditEntry> second = b->sync(100, &error);
    QCOMPARE(second.size(), 3);
    QCOMPARE(second.first().ledgerSeq, 3);
    QCOMPARE(second.last().ledgerSeq, 5);
    QVERIFY(b->sync(100, &error).isEmpty());
    QVERIFY(error.isEmpty());

    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QStringLiteral("go"), &count, &error).isEmpty());
    QCOMPARE(a->sealAudit(&error), 1);
    const QList<AuditEntry> third = b->sync(100, &error);
    QCOMPARE(third.size(), 1);
    QCOMPARE(third.first().ledgerSeq, 6);
    QCOMPARE(third.first().action, QStringLiteral("batch_launch"));
    QCOMPARE(third.first().desk, QStringLiteral("a"));

    // The mirror holds the ledger's rows exactly: same seq, hashes, timestamp text and fields.
    const QList<AuditEntry> ledger = b->ledgerAudit(1, 100, &error);
    const QList<AuditEntry> mirror = b->mirror().mirroredLedgerAudit();
    QCOMPARE(mirror.size(), ledger.size());
    QCOMPARE(ledger.size(), 6);
    for (int i = 0; i < ledger.size(); ++i) {
        QCOMPARE(mirror.at(i).ledgerSeq, qint64(i + 1));
        QCOMPARE(mirror.at(i).rowHash, ledger.at(i).rowHash);
        QCOMPARE(mirror.at(i).prevHash, ledger.at(i).prevHash);
        QCOMPARE(mirror.at(i).atUtcText, ledger.at(i).atUtcText);
        QCOMPARE(mirror.at(i).detail, ledger.at(i).detail);
        QCOMPARE(fd::AuditChain::rowHash(mirror.at(i)), ledger.at(i).rowHash);
    }
    // The mirror's rows show in the local Audit view.
    QCOMPARE(b->mirror().auditRowCount(), 6);
    // The mirror refuses a row it already holds.
    QString mirrorError;
    QVERIFY(!b->mirror().mirrorLedgerAudit({ledger.last()}, &mirrorError));
    QCOMPARE(b->mirror().lastMirroredSeq(), 6);

    // A fresh mirror takes the chain only as it is: from seq 1, without a gap, each row hashing to its
    // row_hash and linking to the row before. Whatever it refuses, it refuses whole.
    auto c = member(db, QStringLiteral("c"));
    QVERIFY(c);
    mirrorError.clear();
    QVERIFY(!c->mirror().mirrorLedgerAudit({ledger.at(1)}, &mirrorError));
    QVERIFY2(mirrorError.contains(QStringLiteral("seq 1")), qPrintable(mirrorError));
    QVERIFY(!c->mirror().mirrorLedgerAudit({ledger.at(0), ledger.at(2)}, &mirrorError));
    QVERIFY2(mirrorError.contains(QStringLiteral("seq 2")), qPrintable(mirrorError));
    AuditEntry changed = ledger.at(1);
    changed.detail += QStringLiteral(" (edited)");
    QVERIFY(!c->mirror().mirrorLedgerAudit({ledger.at(0), changed}, &mirrorError));
    QVERIFY2(mirrorError.contains(QStringLiteral("hash mismatch")), qPrintable(mirrorError));
    AuditEntry relinked = ledger.at(1);
    relinked.prevHash = fd::AuditChain::genesisHash();
    relinked.rowHash = fd::AuditChain::rowHash(relinked);
    QVERIFY(!c->mirror().mirrorLedgerAudit({ledger.at(0), relinked}, &mirrorError));
    QVERIFY2(mirrorError.contains(QStringLiteral("prev_hash")), qPrintable(mirrorError));
    QCOMPARE(c->mirror().lastMirroredSeq(), 0);
    QVERIFY2(c->mirror().mirrorLedgerAudit(ledger.mid(0, 3), &mirrorError), qPrintable(mirrorError));
    QCOMPARE(c->mirror().lastMirroredSeq(), 3);
    // A later page continues from the mirror's own last row.
    QVERIFY(!c->mirror().mirrorLedgerAudit({ledger.at(4)}, &mirrorError));
    QVERIFY2(mirrorError.contains(QStringLiteral("seq 4")), qPrintable(mirrorError));
    QVERIFY2(c->mirror().mirrorLedgerAudit(ledger.mid(3), &mirrorError), qPrintable(mirrorError));
    QCOMPARE(c->mirror().lastMirroredSeq(), 6);
}

void TestLedgerStore::concurrentAppendsKeepOneChain() {
    // Members writing at the same moment: the seqs still run 1..N without a gap, each row links to the one
    // before it, and the head is the last row.
    const QString db = freshDatabase("appends");
    constexpr int kMembers = 4;
    constexpr int kRows = 40;
    std::latch together(kMembers);
    QString errors[kMembers];
    QList<std::function<void()>> work;
    for (int i = 0; i < kMembers; ++i) {
        work.append([&, i] {
            QString error;
            auto store =
                openMember(m_pg, db, QStringLiteral("w%1").arg(i), QDir(m_dir.path()), 60000, &error);
            together.arrive_and_wait();
            if (!store) {
                errors[i] = error;
                return;
            }
            for (int r = 0; r < kRows; ++r) {
                AuditEntry e;
                e.action = QStringLiteral("note");
                e.actor = QStringLiteral("w%1").arg(i);
                e.detail = QStringLiteral("row %1 of member %2").arg(r).arg(i);
                if (!store->appendAction(e, &error)) {
                    errors[i] = error;
                    return;
                }
            }
        });
    }
    QVERIFY(runOnThreads(work, 120000));
    for (const QString &e : errors)
        QVERIFY2(e.isEmpty(), qPrintable(e));
    qint64 rows = 0;
    const QString problem = chainProblem(db, &rows);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(rows, qint64(kMembers * kRows));
}

void TestLedgerStore::chainMatchesTrigger_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("entity");
    QTest::addColumn<QString>("actor");
    QTest::addColumn<QString>("detail");
    QTest::addColumn<QString>("reason");
    QTest::newRow("french") << QStringLiteral("k-fr") << QStringLiteral("Société Générale")
                            << QStringLiteral("opérateur") << QStringLiteral("Dépôt annuel reçu")
                            << QStringLiteral("à vérifier");
    QTest::newRow("japanese") << QStringLiteral("k-jp") << QStringLiteral("株式会社")
                              << QStringLiteral("田中") << QStringLiteral("年次報告書")
                              << QStringLiteral("確認済み");
    QTest::newRow("empty fields") << QString() << QString() << QStringLiteral("engine") << QString()
                                  << QString();
    QTest::newRow("separators in values")
        << QStringLiteral("a|b") << QStringLiteral("3:x|4:yyyy") << QStringLiteral("ops")
        << QStringLiteral("|||") << QStringLiteral(":");
    QTest::newRow("emoji and newline")
        << QStringLiteral("k-emoji") << QStringLiteral("Rocket 🚀 Inc.") << QStringLiteral("ops")
        << QStringLiteral("line one\nline two") << QStringLiteral("tab\there");
}

void TestLedgerStore::chainMatchesTrigger() {
    QFETCH(QString, key);
    QFETCH(QString, entity);
    QFETCH(QString, actor);
    QFETCH(QString, detail);
    QFETCH(QString, reason);
    if (!m_chainStore) {
        m_chainDatabase = freshDatabase("chain");
        m_chainStore = member(m_chainDatabase, QStringLiteral("chain"));
    }
    QVERIFY(m_chainStore);
    AuditEntry e;
    e.idempotencyKey = key;
    e.entityId = entity;
    e.action = QStringLiteral("note");
    e.actor = actor;
    e.detail = detail;
    e.reason = reason;
    e.host = QStringLiteral("höst-ü");
    e.atUtc = QDateTime(QDate(2027, 2, 15), QTime(9, 30, 0, 125), Qt::UTC);
    QString error;
    QVERIFY2(m_chainStore->appendAction(e, &error), qPrintable(error));
    // Sealed into the chain, as this member's sealer does soon after its writes.
    QCOMPARE(m_chainStore->sealAudit(&error), 1);

    qint64 headSeq = 0;
    QString headHash;
    QVERIFY2(m_chainStore->chainHead(&headSeq, &headHash, &error), qPrintable(error));
    const QList<AuditEntry> rows = m_chainStore->ledgerAudit(headSeq, 1, &error);
    QCOMPARE(rows.size(), 1);
    const AuditEntry &row = rows.first();
    QCOMPARE(row.ledgerSeq, headSeq);
    QCOMPARE(row.rowHash, headHash);
    QCOMPARE(row.entityId, entity.isNull() ? QStringLiteral("") : entity);
    QCOMPARE(row.detail, detail.isNull() ? QStringLiteral("") : detail);
    // The time is the ledger's clock when the row took its seq, in the one text form the hash covers; the
    // member's own idea of the time (2027 here) is not what the ledger keeps.
    QCOMPARE(row.atUtcText.size(), qsizetype(24));
    QVERIFY2(row.atUtcText.endsWith(QLatin1Char('Z')), qPrintable(row.atUtcText));
    const QDateTime stored = QDateTime::fromString(row.atUtcText, Qt::ISODateWithMs);
    QVERIFY2(stored.isValid(), qPrintable(row.atUtcText));
    QCOMPARE(stored.toString(Qt::ISODateWithMs), row.atUtcText);
    QVERIFY2(qAbs(stored.secsTo(QDateTime::currentDateTimeUtc())) < 60, qPrintable(row.atUtcText));
    // The canonical text as the trigger builds it, byte for byte, and the hash.
    const QString sqlText = m_pg.psql(
        QStringLiteral("SELECT encode(convert_to(filingdesk_audit_canonical(a), 'UTF8'), 'hex') FROM audit a "
                       "WHERE seq = %1")
            .arg(headSeq),
        m_chainDatabase);
    QCOMPARE(QByteArray::fromHex(sqlText.toLatin1()), fd::AuditChain::canonicalText(row));
    QCOMPARE(fd::AuditChain::rowHash(row), row.rowHash);
    // And it links to the row before it.
    if (headSeq == 1) {
        QCOMPARE(row.prevHash, fd::AuditChain::genesisHash());
    } else {
        const QList<AuditEntry> before = m_chainStore->ledgerAudit(headSeq - 1, 1, &error);
        QCOMPARE(before.size(), 1);
        QCOMPARE(row.prevHash, before.first().rowHash);
    }
}

void TestLedgerStore::auditIsAppendOnly_data() {
    QTest::addColumn<QString>("sql");
    QTest::newRow("update") << QStringLiteral("UPDATE audit SET detail = 'rewritten' WHERE seq = 1");
    QTest::newRow("update hash") << QStringLiteral("UPDATE audit SET row_hash = repeat('0', 64)");
    QTest::newRow("delete") << QStringLiteral("DELETE FROM audit WHERE seq = 1");
    QTest::newRow("delete all") << QStringLiteral("DELETE FROM audit");
    QTest::newRow("truncate") << QStringLiteral("TRUNCATE audit");
}

void TestLedgerStore::auditIsAppendOnly() {
    QFETCH(QString, sql);
    const QString db = freshDatabase("appendonly");
    {
        auto a = member(db, QStringLiteral("a"));
        QVERIFY(a);
        QStringList already;
        QString error;
        QVERIFY2(
            a->admitTasks(ledgerTasks(QStringLiteral("APO"), 3), QStringLiteral("alice"), &already, &error),
            qPrintable(error));
    }
    const QString before = scalar(db, QStringLiteral("SELECT count(*) || ' ' || max(row_hash) FROM audit"));
    QString error;
    QVERIFY(m_pg.psql(sql, db, &error).isNull());
    QVERIFY2(error.contains(QLatin1String("audit is append-only")), qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) || ' ' || max(row_hash) FROM audit")), before);
    // Through Qt as a member connects, too.
    PgConnection c(m_pg, db);
    QString qtError;
    QVERIFY(!c.exec(sql, &qtError));
    QVERIFY2(qtError.contains(QLatin1String("append-only")), qPrintable(qtError));
}

void TestLedgerStore::backoffDefersClaim() {
    const QString db = freshDatabase("backoff");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("BKF"), 2);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> mine = a->claim(1, {}, &error);
    QCOMPARE(mine.size(), 1);
    FilingTask t = mine.first();
    QVERIFY2(moveTask(*a, t, ExecutionState::Validating, &error), qPrintable(error));
    QVERIFY2(moveTask(*a, t, ExecutionState::Dispatching, &error), qPrintable(error));
    t.lastCategory = fd::ErrorCategory::Transient;
    t.lastErrorCode = QStringLiteral("HTTP_503");
    QVERIFY2(moveTask(*a, t, ExecutionState::FailedTransient, &error), qPrintable(error));
    // Backoff: not before an hour from now, and the claim handed back meanwhile.
    const QDateTime later = QDateTime::currentDateTimeUtc().addSecs(3600);
    t.nextAttemptUtc = later;
    QVERIFY2(a->saveTask(t, &error), qPrintable(error));
    QVERIFY2(a->releaseClaims({t.key}, &error), qPrintable(error));

    const QList<FilingTask> other = b->claim(5, {}, &error);
    QCOMPARE(other.size(), 1); // only the other task: the failed one waits for its time
    QCOMPARE(other.first().key, tasks.at(1).key);
    const FilingTask stored = b->loadTasks(QStringList{t.key}, &error).first();
    QCOMPARE(stored.state, ExecutionState::FailedTransient);
    // Times travel as durations from the ledger's clock (members' clocks disagree): the round trip keeps the
    // moment up to the time between the write and the read.
    QVERIFY2(qAbs(stored.nextAttemptUtc.msecsTo(later)) < 2000,
             qPrintable(QString::number(stored.nextAttemptUtc.msecsTo(later))));
    QCOMPARE(stored.lastCategory, fd::ErrorCategory::Transient);
    QCOMPARE(stored.attempts, 1);
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT error_category || '/' || error_code FROM audit WHERE to_state = "
                                  "'FAILED_TRANSIENT'")),
        QStringLiteral("transient/HTTP_503"));

    // Due now: the next claim takes it, without a look-up (the registry answered 503: nothing was filed).
    FilingTask due = stored;
    due.nextAttemptUtc = QDateTime::currentDateTimeUtc().addSecs(-1);
    QVERIFY2(b->saveTask(due, &error), qPrintable(error));
    const QList<FilingTask> retry = b->claim(5, {}, &error);
    QCOMPARE(retry.size(), 1);
    QCOMPARE(retry.first().key, t.key);
    QVERIFY(!retry.first().lookupRequired);
    // A stale copy of the task cannot be saved over the newer one.
    const fd::WriteResult overwrite = a->saveTask(t, &error);
    QVERIFY(!overwrite);
    QCOMPARE(overwrite.failure, fd::WriteResult::Failure::Conflict);
    QCOMPARE(overwrite.conflictedKeys, QStringList{t.key});
    // The member's own list of work: the workable tasks, read from the ledger.
    QCOMPARE(b->loadTasks(true).size(), 2);
}

void TestLedgerStore::reviewsOnTheWriterAnswerAsTheBlockingOnesDo() {
    // A person opening a halt for review (and closing it) on the writer's connection: the call returns before
    // the ledger answers, and the answer is the blocking call's (another person's review named).
    const QString db = freshDatabase("reviewthen");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QString key = ledgerTasks(QStringLiteral("RVT"), 1).first().key;
    QObject context;
    std::optional<fd::WriteResult> answer;
    const auto review = [&](LedgerStore &store, bool open) {
        answer.reset();
        const auto done = [&](const fd::WriteResult &r) { answer = r; };
        if (open)
            store.claimReviewThen(key, &context, done);
        else
            store.releaseReviewThen(key, &context, done);
        if (answer.has_value())
            return fd::WriteResult::failed(fd::WriteResult::Failure::Unavailable,
                                           QStringLiteral("answered before the call returned"));
        if (!QTest::qWaitFor([&] { return answer.has_value(); }, 20000))
            return fd::WriteResult::failed(fd::WriteResult::Failure::Unavailable,
                                           QStringLiteral("no answer"));
        return *answer;
    };
    fd::WriteResult r = review(*a, true);
    QVERIFY2(r, qPrintable(r.error));
    r = review(*b, true);
    QCOMPARE(r.failure, fd::WriteResult::Failure::Conflict);
    QVERIFY2(
        r.error.startsWith(
            QStringLiteral("in review by %1 on %2 since ").arg(fd::host::osUser(), fd::host::hostName())),
        qPrintable(r.error));
    r = review(*a, false);
    QVERIFY2(r, qPrintable(r.error));
    r = review(*a, false); // nothing left to release: answered as written, nothing audited
    QVERIFY2(r, qPrintable(r.error));
    r = review(*b, true);
    QVERIFY2(r, qPrintable(r.error));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT string_agg(action || '@' || desk, ',' ORDER BY id) FROM audit")),
        QStringLiteral("review_open@a,review_close@a,review_open@b"));
    QString error;
    QCOMPARE(a->reviews(&error).value(key).desk, QStringLiteral("b"));
}

void TestLedgerStore::reviewClaimsAndHeartbeats() {
    const QString db = freshDatabase("review");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QString key = ledgerTasks(QStringLiteral("REV"), 1).first().key;
    QString error;
    QVERIFY2(a->claimReview(key, &error), qPrintable(error));
    const fd::WriteResult second = b->claimReview(key, &error);
    QVERIFY(!second);
    QCOMPARE(second.failure, fd::WriteResult::Failure::Conflict);
    QVERIFY2(
        error.startsWith(
            QStringLiteral("in review by %1 on %2 since ").arg(fd::host::osUser(), fd::host::hostName())),
        qPrintable(error));
    QHash<QString, LedgerStore::Review> reviews = b->reviews(&error);
    QCOMPARE(reviews.size(), 1);
    QCOMPARE(reviews.value(key).desk, QStringLiteral("a"));
    QVERIFY(reviews.value(key).sinceUtc.isValid());
    QVERIFY2(a->releaseReview(key, &error), qPrintable(error));
    QVERIFY(b->reviews(&error).isEmpty());
    QVERIFY2(b->claimReview(key, &error), qPrintable(error));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT string_agg(action || '@' || desk, ',' ORDER BY seq) FROM audit")),
        QStringLiteral("review_open@a,review_close@a,review_open@b"));

    fd::LedgerMember self;
    self.kind = fd::MemberKind::Desk;
    self.host = fd::host::hostName();
    self.processId = QCoreApplication::applicationPid();
    self.version = QStringLiteral(FILINGDESK_VERSION);
    self.startedUtc = QDateTime::currentDateTimeUtc();
    self.claimsHeld = 2;
    self.batches = QStringLiteral("b1,b2");
    QVERIFY2(a->beat(self, &error), qPrintable(error));
    QVERIFY2(b->beat(fd::LedgerMember(), &error), qPrintable(error)); // nothing filled in: defaults
    QList<fd::LedgerMember> members = a->members(60000, &error);
    QCOMPARE(members.size(), 2);
    for (const fd::LedgerMember &m : std::as_const(members)) {
        QVERIFY(!m.lost);
        if (m.memberId == QLatin1String("a")) {
            QCOMPARE(m.claimsHeld, 2);
            QCOMPARE(m.batches, QStringLiteral("b1,b2"));
            QCOMPARE(fd::toString(m.kind), QStringLiteral("desk"));
        } else {
            QCOMPARE(m.memberId, QStringLiteral("b"));
            QCOMPARE(fd::toString(m.kind), QStringLiteral("run"));
            QCOMPARE(m.host, fd::host::hostName());
        }
    }
    // Silent for three heartbeat intervals: lost.
    QTest::qWait(350);
    members = a->members(100, &error);
    QCOMPARE(members.size(), 2);
    QVERIFY(members.at(0).lost && members.at(1).lost);
    QVERIFY2(a->beat(self, &error), qPrintable(error));
    members = a->members(100, &error);
    for (const fd::LedgerMember &m : std::as_const(members))
        QCOMPARE(m.lost, m.memberId != QLatin1String("a"));
}

void TestLedgerStore::readsOnTheWriterAnswerAsBlockingReadsDo() {
    // The engine asks for the open reviews, the members and the team's open work without waiting for the
    // ledger (…Then: on the writer's connection): the same answers as the blocking reads, delivered on the
    // asking thread once the call has returned.
    const QString db = freshDatabase("readthen");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("RDT"), 5);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = -1;
    QVERIFY2(!a->launchBatch(keysOf(tasks).mid(0, 3), QStringLiteral("alice"), QString(), &count, &error)
                  .isEmpty(),
             qPrintable(error));
    QVERIFY2(a->claimReview(tasks.at(4).key, &error), qPrintable(error));
    fd::LedgerMember self;
    self.claimsHeld = 3;
    QVERIFY2(a->beat(self, &error), qPrintable(error));
    QVERIFY2(b->beat(fd::LedgerMember(), &error), qPrintable(error));
    QVERIFY(a->sealAudit(&error, true) > 0);
    QVERIFY2(!b->sync(100, &error).isEmpty(), qPrintable(error)); // b has reached the ledger: its writer runs

    QObject context;
    std::optional<std::pair<int, QString>> counted;
    b->countWorkableThen({}, &context,
                         [&](int open, const QString &e) { counted = std::make_pair(open, e); });
    QVERIFY(!counted.has_value()); // answered later, on this thread
    QTRY_VERIFY_WITH_TIMEOUT(counted.has_value(), 20000);
    QVERIFY2(counted->second.isEmpty(), qPrintable(counted->second));
    QCOMPARE(counted->first, 3);
    QCOMPARE(counted->first, b->countWorkable({}, &error));
    // Only jurisdictions nothing was launched in: none.
    counted.reset();
    b->countWorkableThen({QStringLiteral("US-ZZ")}, &context,
                         [&](int open, const QString &e) { counted = std::make_pair(open, e); });
    QTRY_VERIFY_WITH_TIMEOUT(counted.has_value(), 20000);
    QCOMPARE(counted->first, 0);

    std::optional<QHash<QString, LedgerStore::Review>> reviews;
    b->reviewsThen(&context, [&](const QHash<QString, LedgerStore::Review> &r, const QString &e) {
        QVERIFY2(e.isEmpty(), qPrintable(e));
        reviews = r;
    });
    QVERIFY(!reviews.has_value());
    QTRY_VERIFY_WITH_TIMEOUT(reviews.has_value(), 20000);
    QCOMPARE(reviews->size(), 1);
    QCOMPARE(reviews->value(tasks.at(4).key).desk, QStringLiteral("a"));
    QCOMPARE(reviews->value(tasks.at(4).key).sinceUtc, b->reviews(&error).value(tasks.at(4).key).sinceUtc);

    // b's heartbeat on its writer: answered later, and what the members read next shows.
    std::optional<QString> beaten;
    fd::LedgerMember bSelf;
    bSelf.claimsHeld = 7;
    b->beatThen(bSelf, &context, [&](const QString &e) { beaten = e; });
    QVERIFY(!beaten.has_value());
    QTRY_VERIFY_WITH_TIMEOUT(beaten.has_value(), 20000);
    QVERIFY2(beaten->isEmpty(), qPrintable(*beaten));

    std::optional<QList<fd::LedgerMember>> members;
    b->membersThen(60000, &context, [&](const QList<fd::LedgerMember> &m, const QString &e) {
        QVERIFY2(e.isEmpty(), qPrintable(e));
        members = m;
    });
    QVERIFY(!members.has_value());
    QTRY_VERIFY_WITH_TIMEOUT(members.has_value(), 20000);
    const QList<fd::LedgerMember> blocking = b->members(60000, &error);
    QCOMPARE(members->size(), qsizetype(2));
    QCOMPARE(members->size(), blocking.size());
    for (qsizetype i = 0; i < members->size(); ++i) {
        QCOMPARE(members->at(i).memberId, blocking.at(i).memberId);
        QCOMPARE(members->at(i).claimsHeld, blocking.at(i).claimsHeld);
        QCOMPARE(members->at(i).lastBeatUtc, blocking.at(i).lastBeatUtc);
        QVERIFY(!members->at(i).lost);
    }
    for (const fd::LedgerMember &m : std::as_const(*members))
        QCOMPARE(m.claimsHeld, m.memberId == QLatin1String("a") ? 3 : 7);

    // The batches, and every task (what a desk reads again after a batch-level row).
    std::optional<QList<fd::LedgerBatch>> batches;
    b->batchesThen(&context, [&](const QList<fd::LedgerBatch> &all, const QString &e) {
        QVERIFY2(e.isEmpty(), qPrintable(e));
        batches = all;
    });
    QVERIFY(!batches.has_value());
    QTRY_VERIFY_WITH_TIMEOUT(batches.has_value(), 20000);
    const QList<fd::LedgerBatch> blockingBatches = b->batches(&error);
    QCOMPARE(batches->size(), qsizetype(1));
    QCOMPARE(batches->first().batchId, blockingBatches.first().batchId);
    QCOMPARE(batches->first().status, QStringLiteral("running"));
    QCOMPARE(batches->first().launchedBy, QStringLiteral("alice"));
    QCOMPARE(batches->first().launchedAtUtc, blockingBatches.first().launchedAtUtc);
    std::optional<QList<FilingTask>> every;
    b->loadEveryTaskThen(&context, [&](const QList<FilingTask> &t, const QString &e) {
        QVERIFY2(e.isEmpty(), qPrintable(e));
        every = t;
    });
    QVERIFY(!every.has_value());
    QTRY_VERIFY_WITH_TIMEOUT(every.has_value(), 20000);
    QCOMPARE(every->size(), qsizetype(5));
    int inTheBatch = 0;
    for (const FilingTask &t : std::as_const(*every))
        inTheBatch += t.batchId == batches->first().batchId ? 1 : 0;
    QCOMPARE(inTheBatch, 3);
}

void TestLedgerStore::tasksReadOnTheWriterNeverUndoAWriteMadeSince() {
    // A desk re-reads what other members changed without waiting (loadTasksThen, on its writer's
    // connection). Its answer equals the blocking read; a task the desk wrote after asking comes back left
    // out, never as the older row the read saw, so the desk's copy and version stay its own.
    const QString db = freshDatabase("rereadthen");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("RRT"), 3);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    int count = 0;
    QVERIFY(!a->launchBatch({}, QStringLiteral("alice"), QString(), &count, &error).isEmpty());
    QList<FilingTask> bHolds = b->claim(3, {}, &error);
    QCOMPARE(bHolds.size(), 3);
    std::sort(bHolds.begin(), bHolds.end(),
              [](const FilingTask &x, const FilingTask &y) { return x.key < y.key; });
    QVERIFY2(!b->sync(100, &error).isEmpty(), qPrintable(error)); // b has reached the ledger: its writer runs
    // Another member moves the first task on: b's re-read brings it, as the blocking read does.
    FilingTask moved = a->loadTasks(QStringList{bHolds.at(0).key}, &error).first();
    QVERIFY2(moveTask(*a, moved, ExecutionState::Validating, &error), qPrintable(error));

    QObject context;
    std::optional<std::pair<QList<FilingTask>, QString>> answer;
    const auto ask = [&](const QStringList &keys) {
        answer.reset();
        b->loadTasksThen(keys, &context, [&](const QList<FilingTask> &t, const QString &e) {
            answer = std::make_pair(t, e);
        });
    };
    ask(keysOf(bHolds));
    QVERIFY(!answer.has_value()); // answered later, on this thread
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->second.isEmpty(), qPrintable(answer->second));
    QCOMPARE(answer->first.size(), qsizetype(3));
    const QList<FilingTask> blocking = b->loadTasks(keysOf(bHolds), &error);
    for (const FilingTask &t : std::as_const(answer->first)) {
        const auto same = std::find_if(blocking.cbegin(), blocking.cend(),
                                       [&](const FilingTask &x) { return x.key == t.key; });
        QVERIFY(same != blocking.cend());
        QCOMPARE(t.state, same->state);
        QCOMPARE(t.claimedBy, same->claimedBy);
        QCOMPARE(t.payloadSha256(), same->payloadSha256());
    }
    QCOMPARE(b->mirror().task(moved.key)->state, ExecutionState::Validating); // in the mirror too

    // b asks again, then writes its second task through the writer before the ledger has answered: the
    // read runs first (the writer keeps the order), sees the older row, and leaves it out.
    ask(QStringList{bHolds.at(1).key, bHolds.at(2).key});
    std::optional<fd::WriteResult> written;
    b->recordThen({fd::test::movedRecord(bHolds.at(1), ExecutionState::Validating)}, fd::Durability::Synced,
                  &context, [&](const fd::WriteResult &r) { written = r; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value() && written.has_value(), 20000);
    QVERIFY2(written->ok(), qPrintable(written->error));
    QVERIFY2(answer->second.isEmpty(), qPrintable(answer->second));
    QCOMPARE(answer->first.size(), qsizetype(1));
    QCOMPARE(answer->first.first().key, bHolds.at(2).key);
    // The version b holds is the one its write left: its next write goes through.
    FilingTask validating = fd::test::movedRecord(bHolds.at(1), ExecutionState::Validating).task;
    QVERIFY2(moveTask(*b, validating, ExecutionState::Pending, &error), qPrintable(error));
    QCOMPARE(
        scalar(db,
               QStringLiteral("SELECT state FROM tasks WHERE idempotency_key = '%1'").arg(bHolds.at(1).key)),
        QStringLiteral("PENDING"));
}

void TestLedgerStore::memberReconnectsAfterLedgerRestart() {
    m_chainStore.reset();
    const QString db = freshDatabase("restart");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    const QList<FilingTask> tasks = ledgerTasks(QStringLiteral("RST"), 1);
    QStringList already;
    QString error;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("alice"), &already, &error), qPrintable(error));
    FilingTask t = a->loadTasks(keysOf(tasks), &error).first();
    QCOMPARE(a->sync(100, &error).size(), 1);

    m_pg.stop();
    const fd::WriteResult down = moveTask(*a, t, ExecutionState::Validating, &error);
    QVERIFY(!down);
    QCOMPARE(down.failure, fd::WriteResult::Failure::Unavailable);
    QVERIFY(!a->isReachable());
    QVERIFY(!a->reconnect(&error));
    // Meanwhile the member reads its mirror.
    const QList<FilingTask> fromMirror = a->loadTasks(false);
    QCOMPARE(fromMirror.size(), 1);
    QCOMPARE(fromMirror.first().key, t.key);
    QCOMPARE(a->mirror().mirroredLedgerAudit().size(), 1);

    // The ledger comes back on the same URL: the member reconnects and its write goes through.
    QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
    QVERIFY2(a->reconnect(&error), qPrintable(error));
    QVERIFY(a->isReachable());
    QVERIFY2(moveTask(*a, t, ExecutionState::Validating, &error), qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT state FROM tasks")), QStringLiteral("VALIDATING"));
    QCOMPARE(a->sync(100, &error).size(), 1);
}

QTEST_GUILESS_MAIN(TestLedgerStore)
#include "tst_ledger_store.moc"
