#pragma once

#include "engine/audit/audit_store.h"
#include "engine/store/task_store.h"

#include <QList>
#include <QMutex>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>

namespace fd {

/// A single desk's SQLite store on a thread of its own (as qBittorrent's DBResumeDataStorage does its SQL on
/// an I/O thread): the AuditStore and its connection live there, and every call is carried out there, in the
/// order it was made.
///
/// - recordThen() is the group commit of the dispatch path: it returns at once; the records join whatever
///   else is waiting and are written in the next flush, one transaction and one commit for all of them
///   (synchronous=FULL when any of them asks for Durability::Synced). A flush begins as soon as the thread is
///   free, so that what arrives while one commit reaches the disk goes into the next one. `done` is called on
///   `context`'s thread with the result: written (and on disk), or failed with nothing written.
/// - admitThen(), appendActionThen() and applyRegisterThen() return at once too: the admission, the action or
///   the register write is one transaction of its own, written after what waits for a flush, and answered on
///   `context`'s thread (a register write with the register read back).
/// - Every other TaskStore call waits for its result (a blocking call into the store thread), after what is
///   waiting for a flush has been written: a write never overtakes an earlier one.
///
/// After close() (and before the thread started again by open()) calls are answered on the caller's thread
/// as a closed AuditStore answers them, and recordThen() reports Unavailable.
///
/// A team member's mirror uses it too, opened a second time (OpenMode::Shared) beside the member's own
/// connection: the rows its catch-up reads are written there (mirrorLedgerAuditThen(), mirrorTasksThen()),
/// and the entity register the ledger holds (mirrorRegisterThen()).
///
/// Thread affinity: the methods are called from one thread (the engine's); `done` runs on `context`'s.
class ThreadedStore final : public TaskStore {
public:
    explicit ThreadedStore(std::unique_ptr<AuditStore> store);
    ~ThreadedStore() override;
    ThreadedStore(const ThreadedStore &) = delete;
    ThreadedStore &operator=(const ThreadedStore &) = delete;

    /// AuditStore::open() on the store thread (the connection belongs to it).
    [[nodiscard]] bool open(const QString &path, QString *error,
                            AuditStore::OpenMode mode = AuditStore::OpenMode::Exclusive);

    void recordThen(const QList<TransitionRecord> &records, Durability durability, QObject *context,
                    std::function<void(const WriteResult &)> done) override;

    void admitThen(const QList<FilingTask> &tasks, const QString &actor, QObject *context,
                   std::function<void(const WriteResult &, const QStringList &alreadyStored)> done) override;
    void appendActionThen(const AuditEntry &entry, QObject *context,
                          std::function<void(const WriteResult &)> done) override;
    void applyRegisterThen(const RegisterUpdate &update, const QString &actor, const QString &reason,
                           QObject *context, std::function<void(const RegisterWrite &)> done) override;

    [[nodiscard]] WriteResult admitTask(const FilingTask &task, const QString &actor,
                                        QString *error) override;
    [[nodiscard]] WriteResult admitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                         QStringList *alreadyStored, QString *error) override;
    [[nodiscard]] WriteResult recordTransition(const FilingTask &task, ExecutionState from,
                                               const QString &actor, const QString &action,
                                               const QString &reason, QString *error,
                                               Durability durability = Durability::Normal) override;
    [[nodiscard]] WriteResult saveTask(const FilingTask &task, QString *error) override;
    [[nodiscard]] WriteResult saveTasks(const QList<FilingTask> &tasks, QString *error) override;
    [[nodiscard]] WriteResult appendAction(const AuditEntry &entry, QString *error) override;
    [[nodiscard]] WriteResult recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                                Durability durability) override;
    std::optional<FilingTask> task(const QString &key) const override;
    QList<FilingTask> loadTasks(bool nonTerminalOnly) const override;
    QList<AuditEntry> queryAudit(const AuditQuery &query) const override;
    [[nodiscard]] bool loadRegister(QList<Entity> *entities, QList<RegisterConflict> *conflicts,
                                    QString *error) const override;
    [[nodiscard]] WriteResult applyRegister(const RegisterUpdate &update, const QString &actor,
                                            const QString &reason, QString *error) override;
    /// AuditStore::mirrorBinding() and lastMirroredSeq(): whether the database is a team ledger's mirror.
    AuditStore::MirrorBinding mirrorBinding() const;
    qint64 lastMirroredSeq() const;

    /// What mirrorLedgerAuditThen() wrote into a team ledger's mirror.
    struct MirrorWrite {
        QList<AuditEntry> rows;   ///< the rows written: those past the mirror's last seq, ascending
        QString error;            ///< empty when written; else nothing was (AuditStore::mirrorLedgerAudit())
        bool chainBroken = false; ///< the rows did not continue the mirrored hash chain
        qint64 lastMirroredSeq = 0; ///< the mirror's last seq afterwards
    };
    /// Team mode, the mirror's writes off the engine thread (LedgerStore): AuditStore::mirrorLedgerAudit() of
    /// those of `rows` past the mirror's last seq (the others are there already), after every earlier call;
    /// returns at once, `done` runs on `context`'s thread.
    void mirrorLedgerAuditThen(QList<AuditEntry> rows, QObject *context,
                               std::function<void(const MirrorWrite &)> done);
    /// AuditStore::mirrorTasks() after every earlier call; returns at once, `done(error)` (empty: written)
    /// runs on `context`'s thread.
    void mirrorTasksThen(const QList<FilingTask> &tasks, QObject *context,
                         std::function<void(const QString &error)> done);
    /// AuditStore::mirrorRegister() after every earlier call; returns at once, `done(error)` (empty: written)
    /// runs on `context`'s thread.
    void mirrorRegisterThen(const QList<Entity> &records, const QList<RegisterConflict> &conflicts,
                            const QList<RegisterConflict> &settled, const QHash<QString, QString> &updatedBy,
                            bool replaceAll, QObject *context,
                            std::function<void(const QString &error)> done);
    /// Writes what waits for a flush, closes the database and ends the thread.
    void close() override;

    /// What the group commit did so far: flushes (commits) and the records they wrote (bench/, tests).
    struct Stats {
        quint64 flushes = 0;
        quint64 records = 0;
        quint64 largestFlush = 0;
    };
    Stats stats() const;

private:
    struct Job {
        QList<TransitionRecord> records;
        Durability durability;
        QObject *context;
        std::function<void(const WriteResult &)> done;
    };
    /// Runs `work` on the store thread and returns its result; what waits for a flush is written first.
    template <typename Work> auto call(Work &&work) const -> decltype(work());
    /// Runs `work` on the store thread after every earlier call (what waits for a flush first) and returns at
    /// once; `answer(result)` runs on `context`'s thread, unless `context` is gone by then.
    template <typename Work, typename Answer> void callThen(QObject *context, Work &&work, Answer &&answer);
    void flushPending(); // store thread
    void startThread();

    std::unique_ptr<AuditStore> m_store; ///< used on m_thread only
    QThread m_thread;
    QObject *m_home = nullptr; ///< lives on m_thread: the context of the calls
    /// Records waiting for the next flush, in call order: appended by the caller's thread (so that a later
    /// blocking call, which flushes first, finds them), taken by the store thread.
    QMutex m_pendingMutex;
    QList<Job> m_pending;       ///< guarded by m_pendingMutex
    bool m_flushPosted = false; ///< guarded by m_pendingMutex: a flush is posted and has not begun
    std::atomic<quint64> m_flushes{0};
    std::atomic<quint64> m_records{0};
    std::atomic<quint64> m_largestFlush{0};
};

} // namespace fd
