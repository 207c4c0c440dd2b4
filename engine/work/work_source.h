#pragma once

#include "engine/core/engine_types.h"
#include "engine/model/execution_state.h"
#include "engine/store/task_store.h"

#include <QDate>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace fd {

class Engine;
class Pipeline;
struct EngineConfig;
namespace metrics {
struct EngineMetrics;
}

/// Where an engine's work comes from, and how a person's batch actions act on it (README, "What the engine
/// guarantees"):
/// - LocalBatch, a single desk: one batch of the desk's own tasks in its SQLite database, resumed at start;
/// - TeamClaims, a member of a team: the team's batches in the PostgreSQL ledger (docs/ledger.md); the
///   member works only on the tasks it claimed, claim first and permit second.
///
/// The engine's pipeline (admit, pump, grant, dispatch, outcome, retry, reconciliation) runs the same for
/// both: it asks the work source the questions below and never which kind it is. makeWorkSource() builds
/// the one the resolved config asks for; the engine owns it.
///
/// Thread affinity: the engine's thread. Built by Engine::start() on that thread, so that the timers of a
/// work source live there too.
class WorkSource {
public:
    virtual ~WorkSource() = default;

    // --- start and stop ---------------------------------------------------------------------------
    /// Opens where the tasks and the audit trail are kept (the desk's database; the ledger and its mirror)
    /// and makes it the engine's store. False with `error` when it cannot be opened.
    virtual bool open(QString *error) = 0;
    /// The database the audit trail's searches read (the desk's own, or the ledger's mirror).
    virtual QString auditPath() const = 0;
    /// The tasks the engine holds from the start: every task of a desk's database, or of the ledger for a
    /// member that shows the team's work (a desk, a run); none for a worker, which holds only what it claims.
    virtual QList<FilingTask> tasksAtStart() = 0;
    /// Whether the engine holds the entity register (README, "The entity register"): a desk plans, cures and
    /// replays from it; a worker files what its claimed tasks hold and keeps no copy of the team's register.
    virtual bool keepsRegister() const = 0;
    /// Takes up the tasks the store holds at start (`all`, already in the engine): a desk marks the unknown
    /// outcomes to look up first. Returns the detail of the `engine_start` audit row.
    virtual QString takeUp(const QList<FilingTask> &all) = 0;
    /// After started() was emitted: a desk resumes its unfinished batch; a member starts claiming.
    virtual void begin() = 0;
    /// shutdown() began: nothing more is claimed, synchronised or retried.
    virtual void stop() = 0;
    /// shutdown() retired every request: `held` (this engine's claims) go back to whoever takes them next,
    /// written after everything handed to the store before (never on the engine thread); `done` runs on the
    /// engine thread once that is answered (at once when there is nothing to hand back), and the stop
    /// finishes after it.
    virtual void handBack(const QStringList &held, std::function<void()> done) = 0;

    // --- a person's batch actions (Engine's slots of the same names) --------------------------------
    /// `by`: whom the launch's audit rows name.
    virtual void launch(const QStringList &keys, const QString &reason, DecidedBy by) = 0;
    virtual void pause(const QString &reason) = 0;
    virtual void resume(const QString &reason) = 0;
    /// `by`: whom the cancel's audit rows (and its tasks' transitions) name.
    virtual void cancel(const QString &reason, const QString &batchId, DecidedBy by) = 0;
    virtual void drain(const QString &reason) = 0;
    /// The batch a dead letter replayed or a halt requeued joins, written with its transition (one write:
    /// a crash between two cannot leave it PENDING in a batch that has finished). Empty: the batch it has;
    /// requeue() places it afterwards (a team launches one in the ledger).
    virtual QString batchForRequeue() { return {}; }
    /// Replayed dead letters and requeued halts (`keys`, PENDING again and recorded) go back to work:
    /// `what` names the action in an audit failure ("replay", "requeue").
    virtual void requeue(const QStringList &keys, const QString &reason, const QString &what) = 0;
    /// Reviews and the fleet's members are the team's: a single desk has nobody to tell.
    virtual void openReview(const QString &key) = 0;
    virtual void closeReview(const QString &key) = 0;
    virtual void refreshMembers() = 0;
    /// Answers with Engine::teamWorkCounted() (open -1 when there is no team work to count, or when this
    /// member holds work and so is not idle).
    virtual void queryTeamWork() = 0;

    // --- what the pipeline asks ---------------------------------------------------------------------
    /// Whether `key` may join a queue for a permit: a member queues only what it claimed.
    virtual bool mayQueue(const QString &key) const = 0;
    /// Whether anything may be sent now (a member sends nothing while its ledger is down or busy).
    virtual bool maySend() = 0;
    /// A portfolio opened now waits (true) until its entities can be written (a member's ledger is down,
    /// or `busy`: another member writes the same records); it is opened again then.
    virtual bool postponePortfolio(const QString &path, const QDate &asOf, bool busy) = 0;
    /// As postponePortfolio(), for an admission of the obligations due within `days`.
    virtual bool postponeAdmission(int days, bool busy) = 0;
    /// Non-empty when nothing may be admitted at all (a member whose ledger's audit does not verify).
    virtual QString refusesAdmission() const = 0;
    /// Admission found `keys` already stored (admitted by another member): their stored tasks are taken in,
    /// read off the engine thread (they arrive after admitted()).
    virtual void storedElsewhere(const QStringList &keys) = 0;
    /// A transition of `key` to `to` was written.
    virtual void transitionRecorded(const QString &key, ExecutionState to) = 0;
    /// A write the store did not do: true when the work source dealt with it (a member re-reads a conflict,
    /// waits out a busy ledger, reports a refusal, stops sending while the ledger is unreachable); false
    /// leaves it to the engine, which fails closed.
    virtual bool absorbWriteFailure(const QString &what, const WriteResult &result) = 0;
    /// The batch has nothing left to send or wait for: batchIdle() (and, on a desk, `batch_idle`).
    virtual void checkIdle() = 0;
    /// The work source's part of the status (team mode, ledger link, claims, open batches).
    virtual void describe(BatchStatus &status) const = 0;
    /// A status is about to be emitted: a member reports a change of its ledger link first.
    virtual void statusTaken(const BatchStatus &status) = 0;
    virtual void publishMetrics(metrics::EngineMetrics &metrics) const = 0;
};

/// The work source `config` asks for (a ledger endpoint: TeamClaims; otherwise LocalBatch), over the
/// engine's `pipeline`; it announces through `engine`'s signals.
std::unique_ptr<WorkSource> makeWorkSource(Engine &engine, Pipeline &pipeline, const EngineConfig &config);

} // namespace fd
