#pragma once

#include "engine/model/filing_task.h"
#include "engine/register/register_types.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QObject;

namespace fd {

/// One row of the append-only audit table.
struct AuditEntry {
    qint64 id = 0;
    QDateTime atUtc;        ///< UTC, millisecond precision
    QString idempotencyKey; ///< empty for actions not about one task (batch launched, settings changed)
    QString entityId;
    QString action; ///< "transition", "import", "batch_launch", "pause", "replay", "resolve", ...
    QString fromState;
    QString toState;
    QString ruleId;
    QString rulesVersion;
    QString payloadSha256;
    QString actor; ///< the OS user for operator actions, "engine" for the engine's own
    QString errorCategory;
    QString errorCode;
    QString detail;
    QString reason; ///< the operator's stated reason, where an action asks for one
    QString host;
    /// Team mode (a ledger is configured): the row's place in the ledger's hash chain (AuditChain), 0 for
    /// rows written by a single desk. `atUtcText` is the timestamp exactly as the ledger stores and hashes
    /// it.
    qint64 ledgerSeq = 0;
    QString desk;
    QString atUtcText;
    QString prevHash;
    QString rowHash;
    /// Team mode: the database login (PostgreSQL session_user) that wrote the row, set by the ledger itself
    /// (never sent by a member) and covered by row_hash; empty on a single desk and on rows written before
    /// ledger schema 4. `actor` (the OS user), `host` and `desk` are what the member says about itself.
    QString login;
};

/// Filter for queryAudit(); empty fields match everything. `text` matches key, entity, actor, action, detail
/// and reason as a literal substring (`%` and `_` are not wildcards). `idempotencyKey` matches a key prefix
/// (the console shows keys shortened to their first 12 hex digits), as a literal.
struct AuditQuery {
    QString text;
    /// Entities whose name matches `text` (the engine fills it from the entity register: rows carry ids, a
    /// person searches by name): rows about them match too.
    QStringList textEntityIds;
    QString idempotencyKey;
    QString entityId;
    QString actor;
    QString action;
    QDateTime fromUtc;
    QDateTime toUtc;
    int limit = 5000;
};

/// How a transition's commit reaches the disk.
enum class Durability {
    Normal, ///< WAL with synchronous=NORMAL: survives a crash of the process, may roll back on power loss
    Synced  ///< synchronous=FULL for this commit: on disk before the call returns (before a request leaves)
};

/// What a write to a TaskStore did: all of it, or nothing and why. A value, returned by every write: the
/// store keeps no "last failure" for the caller to ask about afterwards.
struct WriteResult {
    enum class Failure {
        None,
        Unavailable, ///< the database refused or cannot be reached: nothing was written
        Conflict,    ///< team mode: another member changed the task first; nothing was written, re-read it
        Busy,    ///< team mode: the ledger answers but the write waited on a lock past its limit: nothing was
                 ///< written; try again shortly (the ledger is not unreachable)
        Refused, ///< team mode: the ledger refused this login the change (the role it needs, or segregation
                 ///< of duties; `error` names it): nothing was written, and trying again changes nothing
        BatchNotRunning ///< team mode: a DISPATCHING for a filing whose batch was paused or cancelled (ledger
                        ///< schema 13): nothing was written, the request must not leave; the filing goes back
    };
    Failure failure = Failure::None;
    /// Why nothing was written, in the database's words ("PATH: reason", "ledger: reason"); empty when
    /// written.
    QString error;
    /// After a Conflict: the keys whose stored version moved on; after BatchNotRunning: the keys whose batch
    /// is no longer running.
    QStringList conflictedKeys;

    bool ok() const { return failure == Failure::None; }
    explicit operator bool() const { return ok(); }
    static WriteResult written() { return {}; }
    static WriteResult failed(Failure failure, const QString &error, const QStringList &conflictedKeys = {}) {
        return WriteResult{failure, error, conflictedKeys};
    }
};

/// Where the engine keeps its tasks, their audit trail and the entity register: the one interface the engine
/// is written against (injected as Nextcloud's sync engine takes its journal). Two implementations:
/// - AuditStore (engine/audit): a single desk's SQLite database, the embedded default;
/// - LedgerStore (engine/ledger): a team member's view of the shared PostgreSQL ledger, which keeps an
///   AuditStore of its own as its local mirror (a member of it, not its base).
///
/// Every write is all or none and returns a WriteResult: written, or why not (unreachable, conflict with the
/// keys that moved on, busy, refused). `*error` gets the same message as WriteResult::error. Thread affinity:
/// the thread that opened the store (the engine thread).
class TaskStore {
public:
    virtual ~TaskStore() = default;

    /// Inserts a task that is new to the store (state PENDING) with an "admit" audit row. Not written
    /// (Unavailable, with the reason) when the key is already stored (deduplication across runs) or on error.
    [[nodiscard]] virtual WriteResult admitTask(const FilingTask &task, const QString &actor,
                                                QString *error) = 0;
    /// Admits many tasks in one transaction (all or none); keys already stored are skipped and listed in
    /// *alreadyStored.
    [[nodiscard]] virtual WriteResult admitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                                 QStringList *alreadyStored, QString *error) = 0;
    /// Persists `task` (already in its new state) and appends the transition row, atomically; a transition
    /// to DEAD_LETTER also writes the dead-letter archive row in the same transaction.
    [[nodiscard]] virtual WriteResult recordTransition(const FilingTask &task, ExecutionState from,
                                                       const QString &actor, const QString &action,
                                                       const QString &reason, QString *error,
                                                       Durability durability = Durability::Normal) = 0;
    /// Persists task fields that changed without a state change (batch id, backoff time) — no audit row.
    [[nodiscard]] virtual WriteResult saveTask(const FilingTask &task, QString *error) = 0;
    /// saveTask() for many tasks in one transaction: all or none.
    [[nodiscard]] virtual WriteResult saveTasks(const QList<FilingTask> &tasks, QString *error) = 0;
    /// Appends an action not tied to a transition (batch launch, pause, settings, note).
    [[nodiscard]] virtual WriteResult appendAction(const AuditEntry &entry, QString *error) = 0;
    /// Several transitions in one transaction and one commit (group commit): all or none.
    struct TransitionRecord {
        FilingTask task;
        ExecutionState from;
        QString actor;
        QString action;
        QString reason;
        /// Set when the task passed through this state on its way from `from` to `task.state` (a filing
        /// validated while its permit was asked for: PENDING -> VALIDATING -> DISPATCHING in one commit).
        /// Two audit rows, in order: `from` -> `via` (a plain "transition" by `actor`, no reason) and
        /// `via` -> `task.state` (this record's action and reason); the task is written once, as `task`.
        std::optional<ExecutionState> via = std::nullopt;
    };
    /// `records` with each record that passed through a state as its two steps, in order (see
    /// TransitionRecord::via): for a store that writes a task once per audit row.
    static QList<TransitionRecord> stepByStep(const QList<TransitionRecord> &records) {
        QList<TransitionRecord> steps;
        steps.reserve(records.size());
        for (const TransitionRecord &r : records) {
            if (!r.via) {
                steps.append(r);
                continue;
            }
            TransitionRecord into = r;
            into.task.state = *r.via;
            into.action = QStringLiteral("transition");
            into.reason.clear();
            into.via.reset();
            steps.append(into);
            TransitionRecord onward = r;
            onward.from = *r.via;
            onward.via.reset();
            onward.task.obligationRewritten = false; // a cured payload is stored with the first step
            steps.append(onward);
        }
        return steps;
    }
    [[nodiscard]] virtual WriteResult recordTransitions(const QList<TransitionRecord> &records,
                                                        QString *error, Durability durability) = 0;

    /// Records `records` (one transaction: all or none) and then calls `done` with the result, on `context`'s
    /// thread: the dispatch path's persist-then-continue (a request leaves from `done`, once its DISPATCHING
    /// is recorded). This default writes at once and calls `done` before returning; a store with a thread of
    /// its own (ThreadedStore) returns at once and group-commits the records with others that wait.
    virtual void recordThen(const QList<TransitionRecord> &records, Durability durability, QObject *context,
                            std::function<void(const WriteResult &)> done) {
        Q_UNUSED(context);
        QString error;
        done(records.isEmpty() ? WriteResult::written() : recordTransitions(records, &error, durability));
    }

    /// admitTasks() with its answer on `context`'s thread: `done(result, alreadyStored)`. This default writes
    /// at once and calls `done` before returning; ThreadedStore returns at once, writes the admission on its
    /// thread after whatever waits there (never overtaking an earlier write), and answers with a queued call.
    virtual void admitThen(const QList<FilingTask> &tasks, const QString &actor, QObject *context,
                           std::function<void(const WriteResult &, const QStringList &alreadyStored)> done) {
        Q_UNUSED(context);
        QStringList alreadyStored;
        QString error;
        const WriteResult stored = admitTasks(tasks, actor, &alreadyStored, &error);
        done(stored, alreadyStored);
    }

    /// appendAction() with its answer on `context`'s thread: an operator's action (a launch, a pause) or an
    /// engine event recorded without the engine thread waiting for it. This default writes at once and calls
    /// `done` before returning; ThreadedStore returns at once and writes it on its thread after whatever
    /// waits there (never overtaking an earlier write, never overtaken by a later one).
    virtual void appendActionThen(const AuditEntry &entry, QObject *context,
                                  std::function<void(const WriteResult &)> done) {
        Q_UNUSED(context);
        QString error;
        done(appendAction(entry, &error));
    }

    using WriteFailure = WriteResult::Failure;

    virtual std::optional<FilingTask> task(const QString &key) const = 0;
    virtual QList<FilingTask> loadTasks(bool nonTerminalOnly) const = 0;
    /// The audit rows matching `query`, newest first (a team member reads its mirror).
    virtual QList<AuditEntry> queryAudit(const AuditQuery &query) const = 0;

    /// The entity register (README, "The entity register"): every record (ordered by entity id) and the open
    /// conflicts. Team mode: the ledger's.
    [[nodiscard]] virtual bool loadRegister(QList<Entity> *entities, QList<RegisterConflict> *conflicts,
                                            QString *error) const = 0;
    /// Writes `update` to the register with its audit rows, in one transaction: all or none. One audit row
    /// per entity changed ("entity_add", or update.action, detail `field: "old" -> "new"; ...`), one per
    /// conflict found ("entity_conflict") and settled ("entity_conflict_settled"), each with `actor` and
    /// `reason`.
    [[nodiscard]] virtual WriteResult applyRegister(const RegisterUpdate &update, const QString &actor,
                                                    const QString &reason, QString *error) = 0;

    /// What applyRegisterThen() did: the write's result and, once written, the register read back.
    struct RegisterWrite {
        WriteResult written;
        bool reread = false; ///< `entities` and `conflicts` hold the register as stored after the write
        QList<Entity> entities;
        QList<RegisterConflict> conflicts;
        QString rereadError; ///< why the register could not be read back (written, but not re-read)
        /// Entities of the update the store held already as the update has them (team mode: another member
        /// wrote them a moment before): neither written nor audited by this write.
        QStringList heldAlready;
    };
    /// applyRegister() and then loadRegister(), with the answer on `context`'s thread: an entity edited or a
    /// conflict settled without the engine thread waiting for the disk. This default writes and reads at once
    /// and calls `done` before returning; ThreadedStore returns at once, does both on its thread after every
    /// earlier write, and answers with a queued call.
    virtual void applyRegisterThen(const RegisterUpdate &update, const QString &actor, const QString &reason,
                                   QObject *context, std::function<void(const RegisterWrite &)> done) {
        Q_UNUSED(context);
        done(applyAndReread(*this, update, actor, reason));
    }

    /// Closes the database connections; nothing is written after.
    virtual void close() = 0;

    /// applyRegister() on `store` and, when it wrote, loadRegister(): the work of applyRegisterThen().
    static RegisterWrite applyAndReread(TaskStore &store, const RegisterUpdate &update, const QString &actor,
                                        const QString &reason) {
        RegisterWrite out;
        QString error;
        out.written = store.applyRegister(update, actor, reason, &error);
        if (out.written)
            out.reread = store.loadRegister(&out.entities, &out.conflicts, &out.rereadError);
        return out;
    }
};

} // namespace fd
