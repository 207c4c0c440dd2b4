#pragma once

#include "engine/audit/audit_store.h"
#include "engine/calendar/calendar_export_types.h"
#include "engine/core/engine_config.h"
#include "engine/core/engine_types.h"
#include "engine/dispatch/registry_transport.h"
#include "engine/dispatch/request_table.h"
#include "engine/dispatch/retry_policy.h"
#include "engine/gate/permit_gate.h"
#include "engine/ledger/ledger_store.h"
#include "engine/rules/rule_set.h"
#include "engine/store/audit_reader.h"
#include "engine/work/pipeline.h"
#include "engine/work/work_source.h"

#include <QDate>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace fd {

class Clock;
namespace metrics {
struct EngineMetrics;
}
class RegistryTransport;
class ThreadedStore;
struct ImportResult;

/// The batch filing engine: portfolio import, obligation planning, admission, dispatch under the global,
/// per-jurisdiction and fleet ceilings, retry, reconciliation, and the audit trail.
///
/// Thread affinity: one worker thread (see EngineHost); the UI and the headless run talk to it only through
/// queued signals and QMetaObject::invokeMethod. The dispatch path never waits for the disk: on a single desk
/// its transitions (DISPATCHING, with the VALIDATING before it in the same commit, and every outcome:
/// COMPLETED, FAILED_TRANSIENT, DEAD_LETTER, FAILED_STATUTORY) are group-committed on the store's thread
/// (ThreadedStore) and the engine goes on from their continuations; an admission is written there too and
/// admitted() follows its commit; operator actions and entity edits are written there too and answered later.
/// The audit trail's searches run on the AuditReader's thread. A team member writes the ledger at once.
///
/// An edit of the register is answered once it is written and read back. Until then the calls that read the
/// register or the plan made from it (loadPortfolio, setAsOf, admit, replay, resolve, editEntity,
/// decideConflict, exportCalendar) wait, in the order they came: a cure sent right after an edit sends the
/// edited entity, and a second edit of one entity starts from the first one's result.
///
/// One pipeline for a single desk and a member of a team: where the work comes from and how a person's batch
/// actions act on it is the WorkSource that start() builds from the config (LocalBatch: the desk's own batch
/// in its SQLite database; TeamClaims: claims on the team's ledger). The pipeline never asks which.
///
/// Guarantees:
/// - No request leaves without a permit, and none after shutdown() began.
/// - A request leaves only after its DISPATCHING transition is on disk (Durability::Synced, one group commit
///   for the grants of one event-loop turn). A task whose outcome is unknown (a crash while DISPATCHING, a
///   timeout or reset after the request left) is looked up at the registry before anything is re-sent, and a
///   registry without look-up sends it to a person (UNCERTAIN_OUTCOME).
/// - Every state transition is persisted (task row and audit row in one transaction) before the engine acts
///   on it: the next request of the filing, its alert, its count as filed, its place in a queue all follow
///   the commit. While an outcome is being committed its permit and slot are already back (the registry is
///   done with it) and the filing is Answered in the request table: operator actions leave it alone and the
///   batch is not idle. When the audit database refuses a write the engine fails closed: the batch pauses,
///   the task goes back to its queue, and an `audit_unavailable` alert is raised.
///
/// Seams for tests (set before start(); the engine takes ownership): setClock(), setTransport(), setGate(),
/// setStore().
///
/// The implementation is one file per part of the work: engine.cpp (construction, start, shutdown, status),
/// engine_register.cpp (portfolio and register), engine_batch.cpp (admission, batch actions),
/// engine_dispatch.cpp (pick, permit, DISPATCHING, send), engine_records.cpp (transitions handed to the
/// store), engine_outcomes.cpp (a registry's answers), engine_review.cpp (a person's decisions on halts and
/// dead letters), engine_queries.cpp (reads for the console and the commands).
class Engine : public QObject, private Pipeline {
    Q_OBJECT
public:
    explicit Engine(QObject *parent = nullptr);
    ~Engine() override;

    /// Test seams. Each must be called before start(); the engine takes ownership.
    void setClock(Clock *clock);
    void setTransport(RegistryTransport *transport);
    void setGate(PermitGate *gate);
    void setStore(std::unique_ptr<AuditStore> store);
    /// Prometheus figures (docs/metrics.md), updated from the engine thread; not owned, must outlive the
    /// engine. Optional: set before start().
    void setMetrics(metrics::EngineMetrics *metrics) { m_metrics = metrics; }

    /// For tests: the gate in use (engine thread only).
    PermitGate *gate() const { return m_gate; }
    /// For tests: a task as the engine holds it in memory.
    FilingTask task(const QString &key) const { return m_tasks.value(key); }
    /// For tests: records handed to the store whose continuation has not run yet.
    int recordsPending() const { return m_recordsPending; }

public Q_SLOTS:
    /// Opens the audit database (refused when another engine holds it), the gate and the registry adapter;
    /// resumes every task that never reached a terminal state (those with an unknown outcome are looked up
    /// before anything is re-sent). Answers with started().
    void start(const fd::EngineConfig &config);
    /// Imports a portfolio (read and parsed on a pool thread), merges its entities into the register and
    /// plans its obligations as of `asOf`. Answers with portfolioLoaded(), always later than it returns.
    void loadPortfolio(const QString &path, const QDate &asOf);
    /// Plans every row of the loaded portfolio again as of `asOf` (due dates, windows, penalties and
    /// compliance status move with it) and answers with portfolioLoaded(); audited as "replan". Tasks
    /// already stored keep their key and state; obligations whose window opens by then become admissible.
    void setAsOf(const QDate &asOf);
    /// Admits the planned obligations due within `dueWithinDays` of the as-of date (-1: all) whose filing
    /// window is open, in admission-score order, skipping keys already stored. Answers with admitted().
    void admit(int dueWithinDays);
    /// Starts a batch over `keys` (empty: every PENDING task). Audited with the reason, attributed to whoever
    /// decided it (`by`).
    void launchBatch(const QStringList &keys, const QString &reason,
                     fd::DecidedBy by = fd::DecidedBy::Person);
    /// Nothing new leaves while paused: requests awaiting a permit are withdrawn; in-flight requests finish.
    void pauseBatch(const QString &reason);
    /// This member stops sending (SIGINT, SIGTERM, a deadline): requests awaiting a permit are withdrawn,
    /// in-flight requests finish, claims on unsent tasks go back to the ledger. Unlike pauseBatch(), never
    /// fleet-wide: the rest of the team goes on. A single desk pauses its batch.
    void drain(const QString &reason);
    /// Resumes sending; also the operator's answer to an `audit_unavailable` pause.
    void resumeBatch(const QString &reason);
    /// While a person decides on an action that stops sending (Cancel asks for its reason), nothing new
    /// leaves this desk: requests that have not left go back to their queues, those on the wire finish.
    /// Nothing is recorded (nothing was decided); holdSending(false) lets sending go on. Not fleet-wide.
    void holdSending(bool hold);
    /// Stops dispatching the remaining tasks of batch `batchId`; they stay PENDING. In-flight requests
    /// finish, and a filing whose outcome is unknown (DISPATCHING: it may have been filed) stays in the batch
    /// until its look-up decides. Team mode: only the batch named (empty: the one batch running or paused;
    /// with several, errorOccurred asks for a name and nothing changes). Attributed to whoever decided it
    /// (`by`), as are the tasks it puts back to PENDING.
    void cancelBatch(const QString &reason, const QString &batchId = QString(),
                     fd::DecidedBy by = fd::DecidedBy::Person);
    /// DEAD_LETTER -> PENDING, back into the batch; looked up first when it was sent and the registry did not
    /// refuse it for its data (replayLooksUpFirst()). The reason is required and audited.
    void replay(const QStringList &keys, const QString &reason);
    /// FAILED_STATUTORY: requeue (-> PENDING, re-sent under the same key) or, for a reconciliation exception
    /// a person has checked, accept (-> COMPLETED). A requeue cures: the payload is built again from the
    /// entity register (same key), and its audit row names the payload's hash before and after. A halt for a
    /// data defect (RejectionCatalogue) whose payload did not change is left as it is and named by
    /// unchangedPayloadHeld(), unless `sendUnchanged` (the person answered "send anyway").
    void resolve(const QStringList &keys, const QString &reason, bool requeue, bool sendUnchanged = false);
    /// "Filed outside FilingDesk": a halt or dead letter that a person filed on paper or in the portal is
    /// recorded as filed (-> COMPLETED) with its confirmation number, the fee charged (cents, >= 0) and the
    /// date it was filed. Audited ("filed_outside") with the reason; refused without a reason or a
    /// confirmation number.
    void recordFiledOutside(const QString &key, const QString &confirmationNumber, qint64 feeChargedCents,
                            const QDate &filedOn, const QString &reason);
    /// Will not file: FAILED_STATUTORY/PENDING -> DEAD_LETTER with category "withdrawn". A filing on the wire
    /// cannot be withdrawn: errorOccurred() names how many were skipped for that.
    void withdraw(const QStringList &keys, const QString &reason);
    void addNote(const QString &key, const QString &note);
    /// Team mode: this operator opens a halt or dead letter for review; the other desks show "in review by
    /// NAME on HOST since TIME". Refused (errorOccurred naming the reviewer) when someone else has it.
    /// A single desk has nobody to tell: no-op.
    void openReview(const QString &key);
    void closeReview(const QString &key);
    /// Team mode: who works on which members of the fleet (heartbeats); answers with membersUpdated().
    void refreshMembers();
    /// Team mode: counts the tasks of running batches that this member may take (its jurisdictions) and those
    /// it holds; answers with teamWorkCounted() (open -1 when the ledger cannot be reached, or not counted
    /// while this member holds work: it is not idle then).
    void queryTeamWork();
    /// Fills in a missing formation date and/or entity type for an entity and re-plans it (audited): an
    /// editEntity() of those two fields.
    void updateEntity(const QString &entityId, const QDate &formationDate, const QString &entityType,
                      const QString &reason);
    /// Edits an entity of the register: `values` maps EntityField columns to text as a CSV cell writes it
    /// (an empty text clears the field). Refused (errorOccurred naming the field) without a reason or with an
    /// invalid value; nothing changes then. Otherwise one audit row with every old and new value, the
    /// person and the reason; a conflict on an edited field is settled; the entity's obligations are
    /// planned again (portfolioLoaded) and registerChanged() follows.
    void editEntity(const QString &entityId, const QHash<QString, QString> &values, const QString &reason);
    /// Decides a conflict between the register and a portfolio file: keep the register's value, or take
    /// the file's (an edit). Audited with the reason; registerChanged() follows.
    void decideConflict(const QString &entityId, const QString &field, bool takeFileValue,
                        const QString &reason);
    /// Sends the whole register again (registerChanged).
    void publishRegister();
    /// Audits a change of settings: `changes` are "setting: old -> new" lines (secrets as "changed", never
    /// their value), `reason` the operator's. Refused (errorOccurred) without a reason.
    void recordSettingsChange(const QStringList &changes, const QString &reason);
    /// Asks the gate for permit usage of every jurisdiction with tasks; answers with usageUpdated().
    void refreshUsage();
    /// Queries the audit table; answers with auditResults(). Free text also finds the rows of entities whose
    /// name in the register contains it.
    void queryAudit(const fd::AuditQuery &query);
    /// Every audit row about one entity (its data, its filings, notes, resolutions), newest first; answers
    /// with entityHistory() (the entity page's timeline).
    void queryEntityHistory(const QString &entityId);
    /// Every note people wrote on a filing (audit action "note": author, time, text). Answers with
    /// notesFound().
    void queryNotes();
    /// Sends the full task list again (tasksChanged with every task).
    void publishAllTasks();
    /// Writes the loaded portfolio's obligations due within `request.days` of the as-of date as an iCalendar
    /// file (RFC 5545, see writeIcs): UIDs from the idempotency keys (or from date and jurisdiction when
    /// grouped by day), alarms on the request's reminder days, confirmation numbers of completed filings,
    /// halted and dead-lettered filings marked. Written atomically. Answers with calendarExported(), which
    /// also counts the filings left out for want of a due date.
    void exportCalendar(const fd::CalendarExportRequest &request);
    /// Stops: nothing is sent from now on, requests awaiting a permit are withdrawn, requests on the wire are
    /// aborted (their tasks stay DISPATCHING and are looked up on the next start), permits are handed back
    /// and confirmed by the gate (bounded); what was handed to the store's thread is written and taken (the
    /// final figures are what the disk holds), then the database closes. Emits batchStatusChanged() with the
    /// final figures, then stopped(). Idempotent.
    void shutdown();

Q_SIGNALS:
    void started(bool ok, const QString &error, const QString &gateDescription, bool fleetMode);
    void portfolioLoaded(const fd::PortfolioSummary &summary, const QList<fd::RowPlan> &rows);
    /// The entity register (every record) and its open conflicts, after start and after every change.
    void registerChanged(const QList<fd::Entity> &entities, const QList<fd::RegisterConflict> &conflicts);
    /// An edit of `entityId` (editEntity(), decideConflict()) was not written: nothing of it changed. Follows
    /// errorOccurred(message); the entity's page tells the person there, where the edits are.
    void registerEditFailed(const QString &entityId, const QString &message);
    /// An edit of `entityId` was written: of its filings not yet sent, `filingsRebuilt` now carry the edit
    /// and `filingsHalted` are no longer owed as admitted and wait for a person (rebuildUnsentFilings());
    /// `filingsAlreadyLeft` were on their way (on the wire, or waiting to be tried again) and go on with the
    /// data they left with. Emitted before the registerChanged() that shows the edit.
    void entityEditApplied(const QString &entityId, int filingsRebuilt, int filingsHalted,
                           int filingsAlreadyLeft);
    void admitted(int admittedCount, int duplicateCount, int notYetOpen, int outsideWindow);
    /// Changed tasks, coalesced (at most every 100 ms), never one signal per transition.
    void tasksChanged(const QList<fd::FilingTask> &tasks);
    void batchStatusChanged(const fd::BatchStatus &status);
    /// The launched batch has nothing left to send or wait for.
    void batchIdle(const fd::BatchStatus &status);
    void gateBlindChanged(bool blind, const QString &reason);
    void usageUpdated(const QList<fd::JurisdictionUsage> &usage);
    void auditResults(const QList<fd::AuditEntry> &entries);
    void entityHistory(const QString &entityId, const QList<fd::AuditEntry> &entries);
    /// The answer to queryNotes(), oldest first.
    void notesFound(const QList<fd::AuditEntry> &notes);
    /// The answer to exportCalendar(): `result.error` empty on success.
    void calendarExported(const fd::CalendarExportResult &result);
    void alertRaised(const fd::EngineAlert &alert);
    void errorOccurred(const QString &message);
    /// Team mode: the ledger refused this login an action (the role it needs, or segregation of duties;
    /// `reason` names it, in the ledger's words). Nothing was written. Also reported by errorOccurred().
    void actionRefused(const QString &reason);
    /// resolve() left `keys` halted: their data defect is not cured (the payload is the one refused).
    void unchangedPayloadHeld(const QStringList &keys, const QString &message);
    /// Team mode: the ledger became unreachable (nothing is sent, no claim is possible) or reachable again.
    void ledgerStateChanged(bool reachable, const QString &reason);
    /// Team mode: the connection to the ledger in detail (a read-only standby and a lock wait are not an
    /// unreachable ledger); `detail` in the server's or libpq's words.
    void ledgerLinkChanged(fd::LedgerLink link, const QString &detail);
    /// Team mode: idempotency key -> "in review by NAME on HOST since TIME (UTC)", for every open review.
    void reviewsChanged(const QHash<QString, QString> &inReview);
    void membersUpdated(const QList<fd::LedgerMember> &members);
    /// Team mode: a batch was launched in the ledger (by this member) with `count` tasks.
    void batchLaunched(const QString &batchId, int count);
    void teamWorkCounted(int open, int held);
    void stopped();

private:
    /// Records `task`'s transition to `to` and waits for it: false (the task as it was, the failure
    /// reported by auditFailed()) when it was not written. Operator actions and the rare paths.
    [[nodiscard]] bool transition(FilingTask &task, ExecutionState to, const QString &actor,
                                  const QString &action, const QString &reason = QString()) override;
    /// The outcome path's transition: `updated` is the task as the answer left it (in its current state);
    /// its record, in state `to`, joins the store's next group commit. Once it is written the engine's task
    /// becomes that record and `then(true)` runs on this thread; when it fails the engine's task is left as
    /// it was, the failure is reported by auditFailed() and `then(false)` runs (as transition() does). An
    /// Answered request of the task is retired just before `then`, and pump() follows it. Meanwhile the
    /// request is Answered: operator actions leave the filing alone and the batch is not idle.
    void transitionThen(FilingTask updated, ExecutionState to, const QString &action, const QString &reason,
                        std::function<void(bool recorded)> then);
    /// A person's decision on one filing: the task as it is once written, and its records (one, or two for a
    /// PENDING filing withdrawn: to VALIDATING, then to DEAD_LETTER).
    struct Decision {
        FilingTask after;
        QList<TaskStore::TransitionRecord> records;
    };
    /// Writes `decisions` (replay, resolve, filed outside, withdraw) as one store write, all or none, without
    /// the engine thread waiting for it: until the store answers, each filing is held (m_heldForWrite: not
    /// queued, not acted on again, shown as being settled). Written: each task becomes its `after` and
    /// `then` gets their keys. Not written: the tasks stay as they were, the failure goes to auditFailed()
    /// (in a team a conflict is re-read) and `then` gets none. `then` runs on this thread.
    /// `action` names the decision in words ("Replay") for what the person is told when it is not written.
    void recordDecisions(const QString &action, QList<Decision> decisions,
                         std::function<void(const QStringList &recorded)> then);
    /// recordDecisions() was not written: the person is told so (a conflict names the filings another
    /// member changed); a failure no work source absorbs fails closed.
    void decisionsNotRecorded(const QString &action, const QList<Decision> &decisions,
                              const WriteResult &result);
    /// A write failure nobody absorbed: dispatch pauses until an operator resumes it (`audit_unavailable`).
    void failClosed(const QString &what, const WriteResult &result);
    /// `task` moved to `to` by the person at the desk (actor: the OS user) for `action` and `reason`: the
    /// record, and the task as it will be (its state and update time set). False when the state machine
    /// refuses the move (logged).
    bool decide(FilingTask &task, ExecutionState to, const QString &action, const QString &reason,
                QList<TaskStore::TransitionRecord> *records) const;
    /// The batch a replay or a requeue puts its filings in (WorkSource::batchForRequeue(), asked once per
    /// action), and whether asking began it.
    struct RequeueBatch {
        QString id;
        bool begun = false;
    };
    /// `task` joins the action's requeue batch (asked for on the first filing).
    void joinRequeueBatch(FilingTask &task, std::optional<RequeueBatch> *batch);
    /// The action recorded nothing: a batch begun for it and still empty is not a batch.
    void leaveRequeueBatch(const std::optional<RequeueBatch> &batch);
    /// Whether a dead letter tried again is looked up before it is sent: one sent and not refused by the
    /// registry for its data, or one that owes a look-up already.
    static bool replayLooksUpFirst(const FilingTask &deadLetter);
    /// A transition the state machine does not allow (logged): nothing is recorded.
    bool refusesTransition(ExecutionState from, ExecutionState to, const QString &key) const;
    /// A transition the store did not write, reported through auditFailed().
    void transitionFailed(ExecutionState from, ExecutionState to, const QString &key,
                          const WriteResult &result);
    /// What follows every written transition: the claim the ledger released, the flags the row stored, the
    /// views told.
    void afterTransition(FilingTask &task, ExecutionState to);
    /// The one way the dispatch path writes: TaskStore::recordThen() with `done` on this thread, counted in
    /// m_recordsPending.
    void recordThen(const QList<TaskStore::TransitionRecord> &records, Durability durability,
                    std::function<void(const WriteResult &)> done);
    /// An action row (an operator's, or an engine event) written without waiting, counted in
    /// m_recordsPending like recordThen(); a failed write is auditFailed().
    void recordAction(const AuditEntry &entry);
    /// A store write handed off with a continuation (recordThen(), an admission) was answered: counted down,
    /// and shutdown() finishes once none is left.
    void recordAnswered();
    /// admitted() and the status, once an admission is written (or was refused).
    void admissionDone(int admittedCount, int duplicates, int notYetOpen, int outsideWindow);
    /// The Answered request of `key` (its outcome now recorded, or not) ends.
    void settleAnswer(const QString &key);
    void operatorAction(const QString &action, const QString &reason, const QString &key = QString(),
                        const QString &entityId = QString(), const QString &detail = QString(),
                        DecidedBy by = DecidedBy::Person) override;
    /// A write the store did not do (`result` says why): a conflict is re-read, a busy ledger tried again, a
    /// refusal reported; anything else fails closed (dispatch pauses, `audit_unavailable`).
    void auditFailed(const QString &what, const WriteResult &result) override;
    QString actorFor(DecidedBy by) const override;
    void beginBatchIfIdle() override;
    static void clearLastError(FilingTask &task);
    /// A request of `key` is on the wire here, or its filing is DISPATCHING (sent or being settled by a
    /// member of the team): no operator action may change it until it has an outcome.
    bool isOnTheWire(const QString &key) const;
    /// errorOccurred() naming what an operator's action left alone and why.
    void reportSkipped(const QString &action, const QStringList &onTheWire, const QStringList &otherState,
                       const QString &expected, const QStringList &beingRecorded = {});
    /// A filing as a person's message names it: "OD Holdings 0 Inc. (US-DE, being sent)"; the key's first 12
    /// characters when the engine does not hold it.
    QString describeForOperator(const QString &key) const;
    void enqueue(const QString &key) override;
    void requeueWithdrawn(const QString &key);
    void withdrawUnsent() override;
    void pump() override;
    /// Why `task` cannot be sent as it is (empty entity name, negative fee, no registry URL), or empty.
    QString validationProblem(const FilingTask &task) const;
    /// pump()'s second half for the picks that failed validationProblem(), once their VALIDATING is
    /// committed (or failed): they are dead-lettered. A pick that passes asks for its permit in pump() and
    /// has its VALIDATING recorded with its DISPATCHING (dispatchGrantedGroup()).
    void onValidatingRecorded(const QList<RequestTable::Pick> &picks,
                              const QList<TaskStore::TransitionRecord> &records,
                              const QList<QDateTime> &updatedBefore, const WriteResult &validating);
    void onGranted(quint64 requestId, const QString &token);
    void dispatchGrantedGroup();
    void onDispatchingRecorded(const QStringList &keys, const QList<TaskStore::TransitionRecord> &records,
                               const WriteResult &dispatching);
    /// Reports a write that failed: errorOccurred(), and actionRefused() first when `result` says the ledger
    /// refused it.
    void writeFailed(const QString &message, const WriteResult &result = WriteResult::written()) override;
    /// Sends `key`'s request (in flight, DISPATCHING recorded) once its permit is known to outlast it.
    void sendUnderFreshPermit(const QString &key);
    void sendNow(const QString &key);
    /// Lease a permit must still have, beyond the request timeout, for its request to leave unconfirmed (ms).
    static constexpr qint64 kSendLeaseMarginMs = 500;
    void finishRequest(const QString &key);
    void onSubmitted(const QString &key, const RegistryOutcome &outcome);
    void onLookedUp(const QString &key, const RegistryOutcome &outcome);
    void onPermitLost(const QString &jurisdiction, const QString &token, const QString &key);
    // The outcome's handlers take the task as a copy the answer changed (see transitionThen()).
    void acceptReceipt(FilingTask task, const RegistryOutcome &outcome);
    void scheduleRetry(FilingTask task, const RegistryOutcome &outcome, bool uncertain);
    /// Statutory halts and validation quarantines: never retried, recorded, and announced to a person.
    void stopForPerson(FilingTask task, const RegistryOutcome &outcome, ErrorCategory category,
                       ExecutionState to, AlertKind alertKind);
    /// shutdown()'s second half, once nothing handed to the store waits for its continuation: the final
    /// status, the gate closed, the store closed, stopped().
    void finishShutdown();
    void markDirty(const QString &key) override;
    void flushDirty() override;
    void armWake();
    void onWake();
    void recordRegistrySuccess(const QString &jurisdiction);
    BatchStatus currentStatus() const override;
    /// Emits batchStatusChanged() now, or once when the status interval ends when one was emitted within it:
    /// the status is a count over the whole batch, so one per transition would make a batch quadratic.
    void updateStatus() override;
    void markStatusDirty() override;
    void emitStatusIfDirty();
    void emitStatus();
    void checkIdle();
    void raise(AlertKind kind, const FilingTask &task, const QString &message);
    PermitHolder holderFor(const FilingTask &task) const;
    QDateTime now() const override;

    /// The task's entity as the register has it now (keeping the task's jurisdiction and source line): the
    /// payload a cure or a replay sends.
    void cureFromRegister(FilingTask &task) const;
    /// cureFromRegister(), or for a halt for a change of the register (ENTITY_CHANGED) the whole obligation
    /// as the register gives it now (UnsentRebuild::replanned()) when it still gives one under the key.
    void replanOrCureFromRegister(FilingTask &task) const;
    /// After a change of the register (an edit, a portfolio's merge): the filings of `entityIds` that have
    /// not left (PENDING, no request on the wire or being recorded) are rebuilt from the register
    /// (UnsentRebuild), each rewrite a PENDING -> PENDING transition attributed to the person and stored with
    /// the new payload ("payload_rebuilt"); until it is written the filing is out of the dispatch queue
    /// (m_heldForWrite). A filing already sent, halted or dead-lettered keeps what it sent: a cure or a
    /// replay rebuilds it. What rebuildUnsentFilings() did (its records may still be being written).
    struct RebuildCounts {
        int rebuilt = 0;
        int halted = 0;
        int alreadyLeft = 0; ///< filings whose data the change would alter but that left before it
    };
    RebuildCounts rebuildUnsentFilings(const QSet<QString> &entityIds, const QString &reason);
    /// The audit note of a replay or a requeue: whether the payload sent changed, and the code it answers.
    static QString payloadNote(const QString &sha256Before, const QString &sha256After,
                               const QString &wasCode);
    void publishMetrics();
    /// Runs `query` on the audit reader's thread (the store itself before start()); `answer` runs here.
    void readAudit(const AuditQuery &query, std::function<void(const QList<AuditEntry> &)> answer);

    EngineConfig m_config;
    RuleSet m_rules;
    /// Where tasks, the audit trail and the register are kept (TaskStore): the desk's database, or the team
    /// ledger with its mirror.
    std::unique_ptr<TaskStore> m_store;
    ThreadedStore *m_desk = nullptr; ///< a single desk: m_store, which start() opens at the configured path
    /// The audit trail's searches, read on a thread of their own from the desk's database or the mirror.
    AuditReader m_reader{this};
    Clock *m_clock = nullptr;
    QPointer<PermitGate> m_gate;
    RegistryTransport *m_registry = nullptr;
    RetryPolicy m_retry;
    /// Every request this engine has under way, one entry per key through its stages, with the slot, permit
    /// and (team mode) claim it holds.
    RequestTable m_requests;
    bool m_started = false;  ///< between a successful start() and shutdown()
    bool m_stopping = false; ///< shutdown() began: nothing more is sent
    bool m_stopped = false;

    /// Re-plans every row of the loaded portfolio for `entityId` from its register record.
    void replanEntity(const QString &entityId);
    /// Plans again the rows `which` selects, from the register at m_asOf, and publishes the plan.
    void replanRows(const std::function<bool(const RowPlan &)> &which);
    bool loadRegisterFromStore(QString *error) override;
    void rereadRegister() override;
    /// loadPortfolio()'s answer from the pool thread that read the file: merges its entities into the
    /// register (writeRegister()), or answers portfolioLoaded() with the file's error.
    void portfolioImported(const QString &path, const QDate &asOf, const ImportResult &import);
    /// Runs the calls that waited for the register (waitsForRegisterWrite()), in order, while none is
    /// pending.
    void runCallsWaitingForRegister();
    /// loadPortfolio()'s last part, once the file's entities are in the register: plans the file's rows
    /// from it as of summary.asOf, audits the import and answers with portfolioLoaded().
    void planPortfolio(PortfolioSummary summary, const ImportResult &import, const RegisterCounts &counts);
    /// Hands `update` to the store (applyRegisterThen) and counts it as pending until it is answered; on the
    /// answer takes the register read back, calls `then` and runs the calls that waited for it.
    void writeRegister(const RegisterUpdate &update, const QString &reason,
                       std::function<void(const TaskStore::RegisterWrite &)> then);
    /// While a portfolio load or a register write is under way: keeps `call` to run after it (in arrival
    /// order) and returns true.
    bool waitsForRegisterWrite(std::function<void()> call);

    QList<RowPlan> m_plan;
    QHash<QString, Entity> m_register;       ///< the entity register, by entity id
    QList<RegisterConflict> m_conflicts;     ///< its open conflicts
    QList<RegisterConflict> m_keptConflicts; ///< conflicts decided for the register's value, remembered
    /// Splits the conflicts a store read (open and kept) into m_conflicts and m_keptConflicts.
    void takeConflicts(const QList<RegisterConflict> &stored);
    int m_registerWrites =
        0; ///< portfolio loads and register writes under way (what reads the register waits)
    QList<std::function<void()>> m_afterRegisterWrites; ///< calls waiting for them, in arrival order
    bool m_registerReread = false;                      ///< rereadRegister() under way
    bool m_registerRereadAgain = false;                 ///< asked again meanwhile: read once more after it
    QDate m_asOf;
    QHash<QString, FilingTask> m_tasks;
    /// Filings written outside the dispatch path and not yet answered: a payload rebuilt from the register
    /// (rebuildUnsentFilings()) or a person's decision (recordDecisions()). Not queued, not acted on again.
    QSet<QString> m_heldForWrite;
    BatchState m_batchState;
    bool m_held = false; ///< holdSending(): a person is deciding whether to stop
    bool m_gateBlind = false;
    QSet<QString> m_dirty;
    QTimer m_flushTimer{this};  // parented so moveToThread() takes it along
    QTimer m_wakeTimer{this};   // the next backoff or breaker deadline
    QTimer m_statusTimer{this}; // the status interval
    bool m_statusDirty = false;
    QTimer m_dispatchTimer{this}; // group commit of the grants of one event-loop turn
    bool m_idleSignalled = false;

    metrics::EngineMetrics *m_metrics = nullptr;
    QSet<QString> m_metricJurisdictions; ///< jurisdictions with a permits series
    int m_recordsPending = 0;            ///< recordThen() calls whose continuation has not run
    bool m_stopAfterRecords = false;     ///< shutdown() waits for m_recordsPending to reach 0
    bool m_stopWasStarted = false;
    int m_filedHere = 0; ///< filings this member completed since start
    /// Where the work comes from and how batch actions act (a desk's own batch; a member's claims on the
    /// team's ledger): the only part of the engine that knows which.
    std::unique_ptr<WorkSource> m_work;

    // --- Pipeline: what the work source reads and asks of the engine (engine/work/pipeline.h) ---------
    const EngineConfig &config() const override { return m_config; }
    Clock *clock() const override { return m_clock; }
    PermitGate &permitGate() const override { return *m_gate; }
    const RuleSet &rules() const override { return m_rules; }
    RegistryTransport &registry() const override { return *m_registry; }
    bool isStarted() const override { return m_started; }
    bool isStopping() const override { return m_stopping; }
    bool holdsWrites() const override { return !m_heldForWrite.isEmpty(); }
    int filedHere() const override { return m_filedHere; }
    RequestTable &requests() override { return m_requests; }
    QHash<QString, FilingTask> &tasks() override { return m_tasks; }
    BatchState &batchState() override { return m_batchState; }
    TaskStore &taskStore() override { return *m_store; }
    ThreadedStore *deskStore() override { return m_desk; }
    void replaceStore(std::unique_ptr<TaskStore> store) override;
};

} // namespace fd
