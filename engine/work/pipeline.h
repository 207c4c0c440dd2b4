#pragma once

#include "engine/core/engine_types.h"
#include "engine/model/execution_state.h"
#include "engine/store/task_store.h"

#include <QDateTime>
#include <QHash>
#include <QSet>
#include <QString>

#include <memory>

namespace fd {

class Clock;
struct EngineConfig;
class PermitGate;
class RegistryTransport;
class RequestTable;
class RuleSet;
class ThreadedStore;

/// The batch the engine works on: the tasks in it and where it stands. A single desk has one batch of its
/// own; a member of a team holds the claimed tasks of the team's running and paused batches, and `id` names
/// those batches.
struct BatchState {
    QSet<QString> keys; ///< idempotency keys in the batch; every one is a task the engine holds
    QString id;         ///< the batch's id (a member: the ids of the team's open batches, comma-separated)
    QDateTime startedUtc;
    bool active = false;           ///< a batch was launched and has not gone idle
    bool paused = false;           ///< nothing new leaves (a pause, a drain, a failed audit write)
    bool idleSignalled = false;    ///< batchIdle() was emitted for this batch
    bool auditUnavailable = false; ///< paused because the audit database refused a write
};

/// The engine's pipeline as a work source sees it (README, "What the engine guarantees"): what a WorkSource
/// may read and the steps it may ask for, and nothing else of the engine. The engine implements it and hands
/// it to the work source it builds; a work source announces through the engine's signals.
///
/// Thread affinity: the engine's thread, as the work source itself.
class Pipeline {
public:
    // --- what the engine was started with ---------------------------------------------------------
    virtual const EngineConfig &config() const = 0;
    virtual QDateTime now() const = 0;
    virtual Clock *clock() const = 0;
    virtual PermitGate &permitGate() const = 0;
    virtual const RuleSet &rules() const = 0;
    virtual RegistryTransport &registry() const = 0;
    /// start() succeeded and shutdown() has not begun.
    virtual bool isStarted() const = 0;
    /// shutdown() began: nothing more is sent.
    virtual bool isStopping() const = 0;
    /// A filing written outside the dispatch path (a person's decision, a rebuilt payload) is not yet
    /// answered: the batch is not idle, what it decided may put the filing back to work.
    virtual bool holdsWrites() const = 0;
    /// Filings this engine completed since start.
    virtual int filedHere() const = 0;

    // --- what it holds ------------------------------------------------------------------------------
    /// Every request under way, one entry per key through its stages, with its slot, permit and claim.
    virtual RequestTable &requests() = 0;
    /// The tasks the engine holds, by idempotency key. A work source that inserts or replaces one calls
    /// markDirty() so that the views hear of it.
    virtual QHash<QString, FilingTask> &tasks() = 0;
    virtual BatchState &batchState() = 0;
    /// Where tasks and the audit trail are kept.
    virtual TaskStore &taskStore() = 0;
    /// The single desk's database on its thread (the store the engine starts with); null once replaced.
    virtual ThreadedStore *deskStore() = 0;
    /// Makes `store` the engine's store in place of the desk's (a member's ledger with its mirror).
    virtual void replaceStore(std::unique_ptr<TaskStore> store) = 0;

    // --- the pipeline's steps -----------------------------------------------------------------------
    /// Sends what may be sent: asks the gate for permits for the queued requests.
    virtual void pump() = 0;
    /// `key` joins its jurisdiction's queue for a permit.
    virtual void enqueue(const QString &key) = 0;
    /// Requests awaiting a permit are withdrawn and permits granted but unused handed back.
    virtual void withdrawUnsent() = 0;
    /// Starts a new batch (id, start time) unless one is active.
    virtual void beginBatchIfIdle() = 0;
    /// Records `task`'s transition to `to` and waits for it: false when it was not written (reported).
    [[nodiscard]] virtual bool transition(FilingTask &task, ExecutionState to, const QString &actor,
                                          const QString &action, const QString &reason = QString()) = 0;
    /// An audit row for an action on the batch or the data, attributed to whoever decided it: the OS user for
    /// a person, "engine" for FilingDesk's own.
    virtual void operatorAction(const QString &action, const QString &reason, const QString &key = QString(),
                                const QString &entityId = QString(), const QString &detail = QString(),
                                DecidedBy by = DecidedBy::Person) = 0;
    /// The actor audit rows name for `by`: the OS user, or "engine".
    virtual QString actorFor(DecidedBy by) const = 0;
    /// A write the store did not do: a conflict re-read, a busy ledger retried, a refusal reported, anything
    /// else fails closed (dispatch pauses, `audit_unavailable`).
    virtual void auditFailed(const QString &what, const WriteResult &result) = 0;
    /// errorOccurred() with `message`, and actionRefused() first when `result` says the ledger refused.
    virtual void writeFailed(const QString &message, const WriteResult &result = WriteResult::written()) = 0;
    /// Re-reads the entity register from the store; false with `error` when it cannot.
    virtual bool loadRegisterFromStore(QString *error) = 0;
    /// Another member changed the team's entity register: reads it again without waiting for the store
    /// (one read at a time, once more when asked again meanwhile), plans again the rows of the entities whose
    /// record changed and tells the views (registerChanged()).
    virtual void rereadRegister() = 0;

    // --- what the views are told --------------------------------------------------------------------
    /// `key`'s task changed: it joins the next coalesced tasksChanged().
    virtual void markDirty(const QString &key) = 0;
    /// Sends the coalesced task changes now.
    virtual void flushDirty() = 0;
    /// The status changed: emitted now, or once when the status interval ends.
    virtual void updateStatus() = 0;
    /// The status changed: emitted when the status interval ends.
    virtual void markStatusDirty() = 0;
    virtual BatchStatus currentStatus() const = 0;

protected:
    ~Pipeline() = default;
};

} // namespace fd
