// ThreadedStore: a single desk's SQLite store on its own thread, with the dispatch path's group commit.
// Real SQLite files; a second connection reads what is on disk.

#include "engine/audit/audit_store.h"
#include "engine/store/threaded_store.h"
#include "support/sample_task.h"

#include <QSemaphore>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace fd;

namespace {

FilingTask deskTask(int i) {
    return fd::test::sampleTask(QStringLiteral("GC"), i);
}

TaskStore::TransitionRecord dispatching(FilingTask task) {
    const ExecutionState from = task.state;
    task.state = ExecutionState::Dispatching;
    task.attempts += 1;
    task.updatedUtc = QDateTime::currentDateTimeUtc();
    task.sentUtc = task.updatedUtc;
    return {task, from, QStringLiteral("engine"), QStringLiteral("transition"), QString()};
}

/// The real SQLite store. While `holdNextFlush` is set, the next group commit waits on `release` (the disk
/// is slow): the test queues more meanwhile. While `failing` is set, group commits fail (a full disk).
class SlowStore final : public AuditStore {
public:
    std::atomic<bool> holdNextFlush = false;
    std::atomic<bool> failing = false;
    QSemaphore entered;
    QSemaphore release;
    WriteResult recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                  Durability durability) override {
        if (holdNextFlush.exchange(false)) {
            entered.release();
            release.acquire();
        }
        if (failing) {
            *error = QStringLiteral("disk I/O error (injected)");
            return WriteResult::failed(WriteResult::Failure::Unavailable, *error);
        }
        return AuditStore::recordTransitions(records, error, durability);
    }
};

} // namespace

class ThreadedStoreTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_case = 0;
    SlowStore *m_slow = nullptr;
    QString m_path;

    std::unique_ptr<ThreadedStore> openStore(int tasks) {
        auto slow = std::make_unique<SlowStore>();
        m_slow = slow.get();
        auto store = std::make_unique<ThreadedStore>(std::move(slow));
        m_path = m_dir.filePath(QStringLiteral("desk%1.sqlite").arg(++m_case));
        QString error;
        if (!store->open(m_path, &error))
            qFatal("cannot open %s: %s", qPrintable(m_path), qPrintable(error));
        for (int i = 0; i < tasks; ++i)
            if (!store->admitTask(deskTask(i), QStringLiteral("engine"), &error))
                qFatal("cannot admit: %s", qPrintable(error));
        return store;
    }

    /// What another connection reads from the file.
    std::optional<FilingTask> onDisk(const QString &key) {
        AuditStore reader;
        QString error;
        if (!reader.open(m_path, &error, AuditStore::OpenMode::Shared))
            return std::nullopt;
        return reader.task(key);
    }

private Q_SLOTS:
    void recordsAreOnDiskBeforeTheContinuation() {
        auto store = openStore(1);
        const FilingTask task = deskTask(0);
        bool called = false;
        std::optional<FilingTask> seen;
        const Qt::HANDLE caller = QThread::currentThreadId();
        Qt::HANDLE ranOn = nullptr;
        store->recordThen({dispatching(task)}, Durability::Synced, this, [&](const WriteResult &r) {
            QVERIFY2(r.ok(), qPrintable(r.error));
            called = true;
            ranOn = QThread::currentThreadId();
            seen = onDisk(task.key);
        });
        QVERIFY(!called); // it returned at once
        QTRY_VERIFY(called);
        QCOMPARE(ranOn, caller); // the continuation runs on the caller's thread
        QVERIFY(seen.has_value());
        QCOMPARE(seen->state, ExecutionState::Dispatching);
    }

    void whatArrivesDuringACommitGoesIntoTheNextOne() {
        const int tasks = 40;
        auto store = openStore(tasks);
        m_slow->holdNextFlush = true;
        int done = 0;
        store->recordThen({dispatching(deskTask(0))}, Durability::Synced, this, [&](const WriteResult &r) {
            QVERIFY(r.ok());
            ++done;
        });
        QVERIFY(m_slow->entered.tryAcquire(1, 10000)); // the first commit is on its way to the disk
        for (int i = 1; i < tasks; ++i)
            store->recordThen({dispatching(deskTask(i))}, Durability::Synced, this,
                              [&](const WriteResult &r) {
                                  QVERIFY(r.ok());
                                  ++done;
                              });
        m_slow->release.release();
        QTRY_COMPARE(done, tasks);
        const ThreadedStore::Stats stats = store->stats();
        QCOMPARE(stats.records, quint64(tasks));
        QCOMPARE(stats.flushes, quint64(2)); // one commit for the first, one for the 39 that waited
        QCOMPARE(stats.largestFlush, quint64(tasks - 1));
        for (int i = 0; i < tasks; ++i)
            QCOMPARE(onDisk(deskTask(i).key)->state, ExecutionState::Dispatching);
    }

    void aCallNeverOvertakesAWaitingRecord() {
        auto store = openStore(1);
        const FilingTask task = deskTask(0);
        m_slow->holdNextFlush = true;
        bool recorded = false;
        store->recordThen({dispatching(task)}, Durability::Synced, this,
                          [&](const WriteResult &r) { recorded = r.ok(); });
        QVERIFY(m_slow->entered.tryAcquire(1, 10000));
        FilingTask second = deskTask(0);
        second.state = ExecutionState::Dispatching;
        second.attempts = 1;
        store->recordThen({dispatching(second)}, Durability::Normal, this, [](const WriteResult &) {});
        m_slow->release.release();
        // A blocking read made now is answered after both waiting records are written.
        const std::optional<FilingTask> read = store->task(task.key);
        QVERIFY(read.has_value());
        QCOMPARE(read->attempts, 2);
        QTRY_VERIFY(recorded);
    }

    void aFailedCommitFailsEveryRecordInIt() {
        auto store = openStore(3);
        m_slow->holdNextFlush = true;
        m_slow->failing = true;
        QList<WriteResult> results;
        store->recordThen({dispatching(deskTask(0))}, Durability::Synced, this,
                          [&](const WriteResult &r) { results.append(r); });
        QVERIFY(m_slow->entered.tryAcquire(1, 10000));
        store->recordThen({dispatching(deskTask(1)), dispatching(deskTask(2))}, Durability::Synced, this,
                          [&](const WriteResult &r) { results.append(r); });
        m_slow->release.release();
        QTRY_COMPARE(results.size(), 2);
        for (const WriteResult &r : std::as_const(results)) {
            QCOMPARE(r.failure, WriteResult::Failure::Unavailable);
            QVERIFY(r.error.contains(QLatin1String("injected")));
        }
        for (int i = 0; i < 3; ++i)
            QCOMPARE(onDisk(deskTask(i).key)->state, ExecutionState::Pending); // nothing written
        QCOMPARE(store->stats().flushes, quint64(0));
    }

    void aPassageThroughAStateIsTwoAuditRowsInOneCommit() {
        // A filing validated while its permit was asked for: PENDING -> VALIDATING -> DISPATCHING in the one
        // synced commit before the send, each step its own audit row, in order.
        auto store = openStore(2);
        TaskStore::TransitionRecord passage = dispatching(deskTask(0));
        passage.via = ExecutionState::Validating;
        passage.reason = QStringLiteral("relaunched by the general counsel");
        std::optional<WriteResult> written;
        store->recordThen({passage, dispatching(deskTask(1))}, Durability::Synced, this,
                          [&](const WriteResult &r) { written = r; });
        QTRY_VERIFY(written.has_value());
        QVERIFY2(written->ok(), qPrintable(written->error));
        QCOMPARE(store->stats().flushes, quint64(1));
        QCOMPARE(onDisk(deskTask(0).key)->state, ExecutionState::Dispatching);
        QCOMPARE(onDisk(deskTask(0).key)->attempts, 1);

        AuditStore reader;
        QString error;
        QVERIFY2(reader.open(m_path, &error, AuditStore::OpenMode::Shared), qPrintable(error));
        AuditQuery query;
        query.idempotencyKey = deskTask(0).key;
        QList<AuditEntry> trail = reader.queryAudit(query);
        std::sort(trail.begin(), trail.end(),
                  [](const AuditEntry &a, const AuditEntry &b) { return a.id < b.id; });
        QStringList steps;
        for (const AuditEntry &e : std::as_const(trail))
            steps.append(QStringLiteral("%1 %2->%3 by %4 (%5)")
                             .arg(e.action, e.fromState, e.toState, e.actor, e.reason));
        QCOMPARE(steps, (QStringList{QStringLiteral("admit ->PENDING by engine ()"),
                                     QStringLiteral("transition PENDING->VALIDATING by engine ()"),
                                     QStringLiteral("transition VALIDATING->DISPATCHING by engine "
                                                    "(relaunched by the general counsel)")}));
        // The record without a passage is one row, as before.
        query.idempotencyKey = deskTask(1).key;
        QCOMPARE(reader.queryAudit(query).size(), 2);
    }

    void closeWritesWhatWaitsAndThenRefuses() {
        auto store = openStore(2);
        m_slow->holdNextFlush = true;
        bool first = false;
        store->recordThen({dispatching(deskTask(0))}, Durability::Synced, this,
                          [&](const WriteResult &r) { first = r.ok(); });
        QVERIFY(m_slow->entered.tryAcquire(1, 10000));
        store->recordThen({dispatching(deskTask(1))}, Durability::Synced, this, [](const WriteResult &) {});
        m_slow->release.release();
        store->close();
        QCOMPARE(onDisk(deskTask(0).key)->state, ExecutionState::Dispatching);
        QCOMPARE(onDisk(deskTask(1).key)->state, ExecutionState::Dispatching);
        QTRY_VERIFY(first);
        std::optional<WriteResult> afterClose;
        store->recordThen({dispatching(deskTask(0))}, Durability::Synced, this,
                          [&](const WriteResult &r) { afterClose = r; });
        QTRY_VERIFY(afterClose.has_value());
        QCOMPARE(afterClose->failure, WriteResult::Failure::Unavailable);
    }
};

QTEST_GUILESS_MAIN(ThreadedStoreTest)
#include "tst_threaded_store.moc"
