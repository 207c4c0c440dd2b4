#pragma once

#include "engine/ledger/ledger_endpoint.h"
#include "engine/store/task_store.h"

#include <QHash>
#include <QJsonArray>
#include <QMutex>
#include <QSqlQuery>
#include <QThread>

#include <QWaitCondition>
#include <memory>

#include <atomic>
#include <functional>
#include <memory>

namespace fd {

class CallDeadline;

/// A team member's transitions written on a thread and a ledger connection of their own, group-committed
/// (docs/ledger.md, "Group commit"): the engine thread hands them over and goes on; whatever waits when the
/// writer's connection is free goes to the ledger as one statement (filingdesk_transitions, ledger schema 8),
/// which is one round trip and one commit, synchronous_commit on when any of them asks for Durability::Synced
/// (a DISPATCHING recorded before its request leaves).
///
/// Each submission is all or none, as TaskStore::recordThen() promises. A statement that fails on a conflict
/// (another member changed a task first: SQLSTATE FD409, the keys in the message) writes nothing; the
/// submissions those keys belong to fail with WriteResult::Failure::Conflict and the others are sent again
/// at once. Any other failure fails every submission of the statement: Busy (a lock waited on past its
/// limit), Refused (the login's roles), Unavailable (the link; the connection is dropped and opened again
/// for the next flush).
///
/// The writer connects with the endpoint's options, the same statement and lock timeouts as the member's
/// own connection, refuses a hot standby, and writes only to the ledger whose identity (ledger_identity) it
/// was given. A call that gets no answer is cut short by a CallDeadline, as the member's own calls are.
///
/// Thread affinity: submit(), waitIdle() and stop() from any one thread (the engine's); `done` runs on the
/// writer's thread, once per submission.
class LedgerWriter {
public:
    /// One transition: the task's key, and the 35 arguments filingdesk_transition takes after its first
    /// (ledger_schema_batch.h), as a JSON array.
    struct Row {
        QString key;
        QJsonArray arguments;
    };
    /// What the ledger did with a submission, and the version each key has now when it was written.
    struct Outcome {
        WriteResult result;
        QHash<QString, qint64> versions;
    };
    using Done = std::function<void(const Outcome &)>;

    struct Settings {
        LedgerEndpoint endpoint;
        QString ledgerId; ///< the identity the member checked; a ledger with another one is not written
        int statementTimeoutMs = 0;
        int lockTimeoutMs = 0;
        int callDeadlineMs = 0;
        /// How long a flush of transitions none of which is durable waits for more to join it (ms; 0: none).
        /// A durable one, a claim, a seal or a read is written at once, with whatever waits.
        int coalesceMs = 0;
        /// How long work given to runJoined() waits for transitions to join it when none wait (ms; 0: it goes
        /// at once). Transitions handed over meanwhile are written first, in its transaction.
        int joinWaitMs = 0;
    };

    explicit LedgerWriter(Settings settings);
    ~LedgerWriter();
    LedgerWriter(const LedgerWriter &) = delete;
    LedgerWriter &operator=(const LedgerWriter &) = delete;

    /// Queues `rows` (one submission: all or none) for the next flush and returns at once.
    void submit(QList<Row> rows, bool durable, Done done);
    /// Other work on the writer's connection (a claim): runs on the writer's thread after everything
    /// submitted before it, under the call deadline, with the connection opened when needed; `db` is null and
    /// `connectError` says why when it cannot be. Returns at once. The work returns false when the link
    /// failed it (the connection is opened afresh for what comes next).
    using Work = std::function<bool(QSqlDatabase *db, const QString &connectError)>;
    void run(Work work);
    /// As run(), for work that may share the transaction of transitions (a claim): when some wait, or are
    /// handed over within Settings::joinWaitMs, and one statement takes them all, the statement and the work
    /// are one transaction, one commit, the transitions first (docs/ledger.md, "Group commit"). Only for work
    /// that may come after transitions handed over after it (a claim takes none of the member's own tasks).
    /// The work answers through whenCommitted(), since nothing it wrote is the ledger's before that commit,
    /// and it must leave the transaction usable or failed, never commit it.
    void runJoined(Work work);
    /// Inside a Work: `answer` runs on the writer's thread once what the work wrote is committed (an empty
    /// argument) or was lost (the server's words): at once for work run on its own, after the commit for work
    /// joined to transitions. `failed`: the work failed (and answers with its own words): the transaction it
    /// was joined to is rolled back and the transitions are written without it.
    void whenCommitted(bool failed, std::function<void(const QString &lost)> answer);
    /// `sql` prepared on the writer's connection, once per connection; null with *error when the server
    /// refused it. The writer's thread only (inside a Work).
    QSqlQuery *prepared(const QString &sql, QString *error);
    /// The deadline of the call under way, started again (rows arriving are progress). Inside a Work.
    void kick();
    /// Inside a Work: `sql` (prepared()) with `arguments` bound by position, run, and its rows handed to
    /// `read`; the call's deadline is started again every 1,000 rows. False with *error (the server's words)
    /// when it could not be prepared or run.
    bool select(const QString &sql, const QVariantList &arguments,
                const std::function<void(QSqlQuery &)> &read, QString *error);
    /// Inside a Work: `body` in one transaction of `db`, committed when it returns true and rolled back when
    /// it returns false (having set *error). False with *error (the server's words) when nothing was written;
    /// *what is set to "COMMIT" when the commit itself failed (for a message that names the step).
    static bool inTransaction(QSqlDatabase &db, const std::function<bool()> &body, QString *error,
                              QString *what = nullptr);
    /// Returns once every submission made so far has been answered (its `done` has run). What waits for the
    /// coalescing delay goes at once: a caller that blocks does not wait for more to join it.
    void waitIdle();
    /// Answers what waits, closes the connection and ends the thread; submit() after it fails at once
    /// (Unavailable).
    void stop();

    struct Stats {
        quint64 flushes = 0; ///< statements that wrote (one commit each)
        quint64 rows = 0;    ///< transitions they wrote
        quint64 largestFlush = 0;
        quint64 joined = 0; ///< works written in one commit with the transitions before them (runJoined())
    };
    Stats stats() const;

private:
    struct Submission {
        QList<Row> rows;
        bool durable = false;
        Done done;
    };
    /// What waits for the writer, in order: a submission, or (when `work` is set) other work.
    struct Item {
        Submission submission;
        Work work;
        bool joins = false; ///< runJoined()
    };
    void enqueue(Item item);
    void flush(); // writer thread
    /// Writes `batch` (consecutive submissions) as few statements as conflicts allow; returns how many were
    /// answered.
    int flushSubmissions(QList<Submission> batch);
    /// One statement for submissions whose keys are distinct, again without those a conflict names.
    int flushDistinct(QList<Submission> batch);
    /// `batch` and `work` (runJoined()) in one transaction when one statement takes the batch; else each on
    /// its own. Returns how many were answered.
    int flushJoined(QList<Submission> batch, Work &work);
    /// `work` on the writer's connection (opened when needed), under the call deadline.
    void runWork(Work &work);
    /// One statement that wrote `batch`, in stats().
    void countWritten(const QList<Submission> &batch);
    /// Answers `batch` (written, or failed with `result`), as flushDistinct() does.
    void answer(QList<Submission> &batch, const WriteResult &result, const QHash<QString, qint64> &versions);
    /// The writer's connection, opened (or opened again) when needed; false with *error and *failure.
    bool connect(QString *error);
    void disconnect();
    /// One statement for `batch`: true when written (*versions filled); else *lost names the keys that
    /// conflicted (empty for any other failure, *error and *failure say why).
    bool write(const QList<Submission> &batch, QHash<QString, qint64> *versions, QStringList *lost,
               QString *error, WriteResult::Failure *failure);
    qintptr socket() const;

    Settings m_settings;
    QString m_connectionName;
    QThread m_thread;
    QObject *m_home = nullptr; ///< lives on m_thread
    std::unique_ptr<CallDeadline> m_deadline;
    QHash<QString, std::shared_ptr<QSqlQuery>> m_statements; ///< prepared on the current connection
    QMutex m_mutex;
    QWaitCondition m_idle;
    QList<Item> m_pending;       ///< guarded by m_mutex
    bool m_flushPosted = false;  ///< guarded by m_mutex
    bool m_flushDelayed = false; ///< guarded by m_mutex: the posted flush waits coalesceMs
    int m_unanswered = 0;        ///< guarded by m_mutex: submitted, `done` not yet run
    bool m_stopped = false;      ///< guarded by m_mutex
    std::atomic<quint64> m_flushes{0};
    std::atomic<quint64> m_rows{0};
    std::atomic<quint64> m_largestFlush{0};
    std::atomic<quint64> m_joined{0};
    /// The writer's thread only: set while a joined work runs; whenCommitted() answers wait here until then.
    bool m_joining = false;
    bool m_joinedWorkFailed = false;
    QList<std::function<void(const QString &)>> m_whenCommitted;
};

} // namespace fd
