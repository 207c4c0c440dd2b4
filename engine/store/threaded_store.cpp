#include "engine/store/threaded_store.h"

#include "engine/core/thread_exit.h"

#include <algorithm>

#include <QHash>
#include <QLoggingCategory>
#include <QMetaObject>
#include <QPointer>

Q_LOGGING_CATEGORY(lcStore, "filingdesk.store.writer")

namespace fd {

ThreadedStore::ThreadedStore(std::unique_ptr<AuditStore> store)
    : m_store(std::move(store)) {
    m_thread.setObjectName(QStringLiteral("filingdesk-store"));
    startThread();
}

void ThreadedStore::startThread() {
    m_home = new QObject;
    m_home->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_home, &QObject::deleteLater);
    releaseThreadStateOnFinish(m_thread);
    m_thread.start();
}

ThreadedStore::~ThreadedStore() {
    close();
}

template <typename Work> auto ThreadedStore::call(Work &&work) const -> decltype(work()) {
    auto *self = const_cast<ThreadedStore *>(this);
    using Result = decltype(work());
    if (!m_thread.isRunning())
        return work(); // closed: the store answers as a closed database does, on the caller's thread
    if constexpr (std::is_void_v<Result>) {
        QMetaObject::invokeMethod(
            m_home,
            [self, &work] {
                self->flushPending();
                work();
            },
            Qt::BlockingQueuedConnection);
    } else {
        Result result{};
        QMetaObject::invokeMethod(
            m_home,
            [self, &work, &result] {
                self->flushPending();
                result = work();
            },
            Qt::BlockingQueuedConnection);
        return result;
    }
}

bool ThreadedStore::open(const QString &path, QString *error, AuditStore::OpenMode mode) {
    if (!m_thread.isRunning())
        startThread(); // opened again after close()
    return call([&] { return m_store->open(path, error, mode); });
}

void ThreadedStore::recordThen(const QList<TransitionRecord> &records, Durability durability,
                               QObject *context, std::function<void(const WriteResult &)> done) {
    if (records.isEmpty()) {
        // Nothing to record (a look-up of a filing already DISPATCHING): nothing to wait for.
        QMetaObject::invokeMethod(
            context, [done = std::move(done)] { done(WriteResult::written()); }, Qt::QueuedConnection);
        return;
    }
    if (!m_thread.isRunning()) {
        const WriteResult closed =
            WriteResult::failed(WriteResult::Failure::Unavailable, QStringLiteral("the database is closed"));
        QMetaObject::invokeMethod(
            context, [done = std::move(done), closed] { done(closed); }, Qt::QueuedConnection);
        return;
    }
    {
        QMutexLocker lock(&m_pendingMutex);
        m_pending.append(Job{records, durability, context, std::move(done)});
        if (m_flushPosted)
            return; // joins the flush already posted
        m_flushPosted = true;
    }
    // The flush runs once the thread is free: every record that arrives meanwhile (while a commit reaches the
    // disk) goes into it.
    QMetaObject::invokeMethod(
        m_home, [this] { flushPending(); }, Qt::QueuedConnection);
}

void ThreadedStore::flushPending() {
    QList<Job> jobs;
    {
        QMutexLocker lock(&m_pendingMutex);
        m_flushPosted = false;
        jobs = std::exchange(m_pending, {});
    }
    if (jobs.isEmpty())
        return;
    QList<TransitionRecord> records;
    Durability durability = Durability::Normal;
    for (const Job &job : std::as_const(jobs)) {
        records.append(job.records);
        if (job.durability == Durability::Synced)
            durability = Durability::Synced;
    }
    QString error;
    const WriteResult written =
        records.isEmpty() ? WriteResult::written() : m_store->recordTransitions(records, &error, durability);
    if (written) {
        m_flushes.fetch_add(1, std::memory_order_relaxed);
        m_records.fetch_add(quint64(records.size()), std::memory_order_relaxed);
        quint64 largest = m_largestFlush.load(std::memory_order_relaxed);
        while (quint64(records.size()) > largest &&
               !m_largestFlush.compare_exchange_weak(largest, quint64(records.size())))
            ;
    } else {
        qCWarning(lcStore).noquote() << "group commit of" << records.size()
                                     << "record(s) failed:" << written.error;
    }
    // One event per context, not one per record: the continuations of a flush run together, in call order.
    QList<QObject *> contexts;
    QHash<QObject *, QList<std::function<void(const WriteResult &)>>> dones;
    for (Job &job : jobs) {
        if (!job.context)
            continue;
        if (!dones.contains(job.context))
            contexts.append(job.context);
        dones[job.context].append(std::move(job.done));
    }
    for (QObject *context : std::as_const(contexts)) {
        QMetaObject::invokeMethod(
            context,
            [calls = dones.take(context), written] {
                for (const auto &done : calls)
                    done(written);
            },
            Qt::QueuedConnection);
    }
}

template <typename Work, typename Answer>
void ThreadedStore::callThen(QObject *context, Work &&work, Answer &&answer) {
    // Queued behind every call made before it (a blocking call is queued the same way): written in call
    // order, and after the records waiting for a flush.
    QMetaObject::invokeMethod(
        m_home,
        [this, context = QPointer<QObject>(context), work = std::forward<Work>(work),
         answer = std::forward<Answer>(answer)]() mutable {
            flushPending();
            auto result = work();
            if (!context)
                return;
            QMetaObject::invokeMethod(
                context.data(),
                [answer = std::move(answer), result = std::move(result)]() mutable { answer(result); },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void ThreadedStore::admitThen(const QList<FilingTask> &tasks, const QString &actor, QObject *context,
                              std::function<void(const WriteResult &, const QStringList &)> done) {
    if (!m_thread.isRunning()) {
        TaskStore::admitThen(tasks, actor, context, std::move(done)); // answered as a closed database does
        return;
    }
    callThen(
        context,
        [this, tasks, actor] {
            std::pair<WriteResult, QStringList> result;
            QString error;
            result.first = m_store->admitTasks(tasks, actor, &result.second, &error);
            return result;
        },
        [done = std::move(done)](const std::pair<WriteResult, QStringList> &result) {
            done(result.first, result.second);
        });
}

void ThreadedStore::appendActionThen(const AuditEntry &entry, QObject *context,
                                     std::function<void(const WriteResult &)> done) {
    if (!m_thread.isRunning()) {
        TaskStore::appendActionThen(entry, context, std::move(done)); // answered as a closed database does
        return;
    }
    callThen(
        context,
        [this, entry] {
            QString error;
            return m_store->appendAction(entry, &error);
        },
        std::move(done));
}

void ThreadedStore::applyRegisterThen(const RegisterUpdate &update, const QString &actor,
                                      const QString &reason, QObject *context,
                                      std::function<void(const RegisterWrite &)> done) {
    if (!m_thread.isRunning()) {
        TaskStore::applyRegisterThen(update, actor, reason, context, std::move(done)); // as a closed database
        return;
    }
    callThen(
        context, [this, update, actor, reason] { return applyAndReread(*m_store, update, actor, reason); },
        std::move(done));
}

void ThreadedStore::mirrorLedgerAuditThen(QList<AuditEntry> rows, QObject *context,
                                          std::function<void(const MirrorWrite &)> done) {
    auto work = [this, rows = std::move(rows)]() mutable {
        // Rows a blocking catch-up of the member's own mirrored meanwhile are there already.
        MirrorWrite out;
        const qint64 last = m_store->lastMirroredSeq();
        rows.erase(std::remove_if(rows.begin(), rows.end(),
                                  [last](const AuditEntry &e) { return e.ledgerSeq <= last; }),
                   rows.end());
        if (!rows.isEmpty() && !m_store->mirrorLedgerAudit(rows, &out.error, &out.chainBroken))
            rows.clear();
        out.rows = std::move(rows);
        out.lastMirroredSeq = m_store->lastMirroredSeq();
        return out;
    };
    if (!m_thread.isRunning()) {
        done(work()); // closed: answered as a closed database answers
        return;
    }
    callThen(context, std::move(work), std::move(done));
}

void ThreadedStore::mirrorTasksThen(const QList<FilingTask> &tasks, QObject *context,
                                    std::function<void(const QString &error)> done) {
    auto work = [this, tasks] {
        QString error;
        if (!m_store->mirrorTasks(tasks, &error) && error.isEmpty())
            error = QStringLiteral("not written");
        return error;
    };
    if (!m_thread.isRunning()) {
        done(work());
        return;
    }
    callThen(context, std::move(work), std::move(done));
}

void ThreadedStore::mirrorRegisterThen(const QList<Entity> &records, const QList<RegisterConflict> &conflicts,
                                       const QList<RegisterConflict> &settled,
                                       const QHash<QString, QString> &updatedBy, bool replaceAll,
                                       QObject *context, std::function<void(const QString &error)> done) {
    auto work = [this, records, conflicts, settled, updatedBy, replaceAll] {
        QString error;
        if (!m_store->mirrorRegister(records, conflicts, settled, updatedBy, replaceAll, &error) &&
            error.isEmpty())
            error = QStringLiteral("not written");
        return error;
    };
    if (!m_thread.isRunning()) {
        done(work());
        return;
    }
    callThen(context, std::move(work), std::move(done));
}

AuditStore::MirrorBinding ThreadedStore::mirrorBinding() const {
    return call([&] { return m_store->mirrorBinding(); });
}

qint64 ThreadedStore::lastMirroredSeq() const {
    return call([&] { return m_store->lastMirroredSeq(); });
}

WriteResult ThreadedStore::admitTask(const FilingTask &task, const QString &actor, QString *error) {
    return call([&] { return m_store->admitTask(task, actor, error); });
}

WriteResult ThreadedStore::admitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                      QStringList *alreadyStored, QString *error) {
    return call([&] { return m_store->admitTasks(tasks, actor, alreadyStored, error); });
}

WriteResult ThreadedStore::recordTransition(const FilingTask &task, ExecutionState from, const QString &actor,
                                            const QString &action, const QString &reason, QString *error,
                                            Durability durability) {
    return call(
        [&] { return m_store->recordTransition(task, from, actor, action, reason, error, durability); });
}

WriteResult ThreadedStore::saveTask(const FilingTask &task, QString *error) {
    return call([&] { return m_store->saveTask(task, error); });
}

WriteResult ThreadedStore::saveTasks(const QList<FilingTask> &tasks, QString *error) {
    return call([&] { return m_store->saveTasks(tasks, error); });
}

WriteResult ThreadedStore::appendAction(const AuditEntry &entry, QString *error) {
    return call([&] { return m_store->appendAction(entry, error); });
}

WriteResult ThreadedStore::recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                             Durability durability) {
    return call([&] { return m_store->recordTransitions(records, error, durability); });
}

std::optional<FilingTask> ThreadedStore::task(const QString &key) const {
    return call([&] { return m_store->task(key); });
}

QList<FilingTask> ThreadedStore::loadTasks(bool nonTerminalOnly) const {
    return call([&] { return m_store->loadTasks(nonTerminalOnly); });
}

QList<AuditEntry> ThreadedStore::queryAudit(const AuditQuery &query) const {
    return call([&] { return m_store->queryAudit(query); });
}

bool ThreadedStore::loadRegister(QList<Entity> *entities, QList<RegisterConflict> *conflicts,
                                 QString *error) const {
    return call([&] { return m_store->loadRegister(entities, conflicts, error); });
}

WriteResult ThreadedStore::applyRegister(const RegisterUpdate &update, const QString &actor,
                                         const QString &reason, QString *error) {
    return call([&] { return m_store->applyRegister(update, actor, reason, error); });
}

void ThreadedStore::close() {
    if (!m_thread.isRunning())
        return;
    call([&] { m_store->close(); }); // what waits for a flush is written first
    m_thread.quit();
    m_thread.wait();
}

ThreadedStore::Stats ThreadedStore::stats() const {
    return Stats{m_flushes.load(), m_records.load(), m_largestFlush.load()};
}

} // namespace fd
