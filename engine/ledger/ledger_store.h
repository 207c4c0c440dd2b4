#pragma once

#include "engine/access/team_roles.h"
#include "engine/audit/audit_store.h"
#include "engine/core/engine_types.h"
#include "engine/ledger/call_deadline.h"
#include "engine/ledger/ledger_endpoint.h"
#include "engine/ledger/ledger_writer.h"

#include <QHash>
#include <QMetaType>
#include <QMutex>
#include <QSet>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QSqlDatabase;
class QSocketNotifier;
struct pg_conn;

namespace fd {

class AuditSealer;
class Clock;
class ThreadedStore;

/// One batch of the team ledger.
struct LedgerBatch {
    QString batchId;
    QString status; ///< "running", "paused", "cancelled", "finished"
    QString launchedBy;
    QString launchedHost;
    QString launchedDesk;
    QDateTime launchedAtUtc;
};

/// A member of the fleet as its last heartbeat described it (members table).
struct LedgerMember {
    QString memberId;
    MemberKind kind = MemberKind::Unknown; ///< Unknown: a name this build does not know
    QString host;
    qint64 processId = 0;
    QString version;
    QDateTime startedUtc;
    QDateTime lastBeatUtc;
    QString jurisdictions; ///< comma-separated; empty: all
    int claimsHeld = 0;
    int inFlight = 0;
    int filedLastHour = 0;
    QString batches;   ///< comma-separated batch ids it works on
    bool lost = false; ///< silent for three heartbeats
};

/// The team ledger (PostgreSQL through Qt's QPSQL driver) behind the TaskStore interface, with a local
/// SQLite AuditStore as its mirror (docs/ledger.md): the ledger store has a mirror, it is not one.
///
/// Writes go to the ledger only, each as one transaction: a conditional update of the task on the version
/// this member last saw, plus its audit row (unsealed; sealed into the hash chain by AuditSealer). A task
/// another member changed first is not overwritten: the write fails with WriteResult::Failure::Conflict and
/// its conflictedKeys name it, for the engine to re-read. A ledger that cannot be reached fails with
/// WriteFailure::Unavailable. The local database receives the ledger's audit rows by sequence (sync()) and
/// copies of the task rows, so that the Audit view, its export and the task list work while the ledger is
/// down.
///
/// Claims: a member works only on tasks it claimed (claim()): `claimed_by` = memberId, `claimed_until` =
/// the ledger's clock + the lease, handed out with `FOR UPDATE SKIP LOCKED`; renewClaims() extends them
/// while the member works; a transition to a state nobody works on (COMPLETED, DEAD_LETTER,
/// FAILED_STATUTORY, PENDING) releases the claim in the same transaction. A DISPATCHING task whose claim
/// ran out is claimed with lookup_required set: it is looked up before anything is re-sent.
///
/// Thread affinity: the thread that called open() (the engine thread); blocking calls, bounded by
/// libpq's connect_timeout and the server's statement_timeout (5 s).
class LedgerStore : public TaskStore {
public:
    /// `memberId` names this member in claims and audit rows ("desk" column); `kind` is the name it gives its
    /// mirror files and, unless a heartbeat says otherwise, the members table: toString(MemberKind) for a
    /// member of the fleet, the reader's own word ("report", "entities") for a short-lived reader.
    LedgerStore(const LedgerEndpoint &endpoint, const QString &memberId, const QString &kind, qint64 leaseMs);
    ~LedgerStore() override;

    /// Connects to the ledger (creating or migrating its schema) and opens the local mirror at `mirrorPath`
    /// (refused when another engine holds it). Empty `mirrorPath`: this member's default mirror of this
    /// ledger, `<data folder>/mirrors/<ledger id>/<kind>-<n>.sqlite` with the first n no other process
    /// holds, so that any number of members run on one host. A mirror bound to another ledger is refused
    /// with a one-line reason naming both, and left as it was (docs/ledger.md, "Identity"). An unreachable
    /// ledger is not an error here (the desk starts on its mirror and reconnects): *ledgerError says why;
    /// a refused schema or login is.
    [[nodiscard]] bool openTeam(const QString &mirrorPath, QString *error, QString *ledgerError);
    /// The local mirror: the ledger's audit rows by sequence and copies of its task rows and register, read
    /// while the ledger is down (the Audit view, `audit verify` against the ledger).
    AuditStore &mirror() { return m_mirror; }
    const AuditStore &mirror() const { return m_mirror; }
    /// The audit rows matching `query`, from the mirror.
    QList<AuditEntry> queryAudit(const AuditQuery &query) const override {
        return m_mirror.queryAudit(query);
    }
    /// Seals what this member wrote (sealAudit(), waiting for another sealer up to the lock timeout), stops
    /// the sealer and closes the mirror; the ledger connection closes with the store.
    void close() override;
    /// Tries to connect again; true when the ledger answers. A ledger whose identity is not the one the
    /// mirror copies is refused and chainBroken() becomes true: nothing it says can be trusted.
    bool reconnect(QString *error);
    /// The ledger's random id (ledger_identity), empty until it was reached.
    QString ledgerId() const { return m_ledgerId; }
    /// The longest this member waits for any one ledger call (a statement, or each row of an admission)
    /// before it takes the link for dead: 10 s, or half the lease when that is shorter (2 s at least). The
    /// server's statement_timeout is three quarters of it; a lock is waited on for kLockTimeoutMs.
    static constexpr int kCallDeadlineMs = 10000;
    static constexpr int kLockTimeoutMs = 250;
    /// How long the writer lets transitions that need no durable commit (VALIDATING, outcomes) wait for more
    /// to join their statement (LedgerWriter::Settings::coalesceMs); a DISPATCHING goes at once.
    static constexpr int kCoalesceMs = 5;
    /// How long a claim waits on the writer for transitions to be committed with (LedgerWriter::runJoined)
    /// when none wait. Longer joins more with eight workers (a member hands over a statement's worth about
    /// every 25 ms) but a member that runs short waits for its claim: 50 ms cost one worker a fifth of its
    /// rate at 50 ms registry latency (docs/scaling.md).
    static constexpr int kClaimJoinWaitMs = 10;
    int callDeadlineMs() const;
    int statementTimeoutMs() const;
    /// The clock whose times the engine means (durations to and from the ledger's clock are computed
    /// against it). Not owned; default: the system clock.
    void setClock(const Clock *clock) { m_clock = clock; }
    bool isReachable() const { return m_reachable; }
    /// The connection as it is now: connected, unreachable, a read-only standby, or waiting on a lock (the
    /// last call's write gave up on another session's lock: the ledger answers, nothing was written).
    LedgerLink link() const { return m_link; }
    /// How many calls have given up on another session's lock so far.
    quint64 lockWaits() const { return m_lockWaits; }
    /// Why the link is not Connected, in the server's or libpq's words.
    QString linkDetail() const { return m_linkDetail; }
    QString memberId() const { return m_memberId; }
    /// This session's login and FilingDesk roles, read at connect (TeamAccess::team is false before).
    const TeamAccess &access() const { return m_access; }
    const LedgerEndpoint &endpoint() const { return m_endpoint; }
    /// Called (from the event loop) when the team's changes were NOTIFYed on LedgerSchema::kNotifyChannel: a
    /// desk or a run LISTENs on every connection it opens, verified with pg_listening_channels(). A worker
    /// LISTENs on no channel (schema 13, ledger_schema_running_batch.h) and is never called.
    void setNotificationHandler(std::function<void()> handler) { m_onNotify = std::move(handler); }
    /// This member's connection listens for the team's changes now (never, for a worker).
    bool isListening() const;

    // AuditStore: writes go to the ledger.
    [[nodiscard]] WriteResult admitTask(const FilingTask &task, const QString &actor,
                                        QString *error) override;
    [[nodiscard]] WriteResult admitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                         QStringList *alreadyStored, QString *error) override;
    [[nodiscard]] WriteResult recordTransition(const FilingTask &task, ExecutionState from,
                                               const QString &actor, const QString &action,
                                               const QString &reason, QString *error,
                                               Durability durability = Durability::Normal) override;
    [[nodiscard]] WriteResult recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                                Durability durability) override;
    /// The dispatch path's transitions, group-committed on a thread and a connection of their own
    /// (LedgerWriter): returns at once; `done` runs on `context`'s thread once the ledger has them (or
    /// with why not). Records that cure a payload or move a task twice (a person's decisions) go to the
    /// writer's connection as one transaction of their own, a row per step (recordStepsThen()). A ledger not
    /// reached is tried at once on this member's own connection. Every other call of this store that writes
    /// or reads tasks waits first until what was handed to the writer is answered: no write overtakes an
    /// earlier one, and the versions this member holds are the ledger's.
    void recordThen(const QList<TransitionRecord> &records, Durability durability, QObject *context,
                    std::function<void(const WriteResult &)> done) override;
    /// An admission (admitTasks()) written on the writer's connection after what was handed to it before, in
    /// one transaction of a few statements per 500 filings (LedgerAdmission): returns at once; `done` runs on
    /// `context`'s thread with the keys the ledger held already (or with why nothing was written:
    /// unavailable, busy, refused). A ledger not reached is tried at once on this member's own connection.
    void admitThen(const QList<FilingTask> &tasks, const QString &actor, QObject *context,
                   std::function<void(const WriteResult &, const QStringList &alreadyStored)> done) override;
    /// An operator's action (a launch, a pause) or an engine event (permit_lost) as one audit row, written on
    /// the writer's connection after what was handed to it before: returns at once; `done` runs on
    /// `context`'s thread once the ledger has it (or with why not: unavailable, busy, refused). A ledger not
    /// reached is tried at once on this member's own connection, as appendAction() does.
    void appendActionThen(const AuditEntry &entry, QObject *context,
                          std::function<void(const WriteResult &)> done) override;
    /// What the writer's group commit did so far (bench/, tests); zeros before its first flush.
    LedgerWriter::Stats writerStats() const;
    [[nodiscard]] WriteResult saveTask(const FilingTask &task, QString *error) override;
    [[nodiscard]] WriteResult saveTasks(const QList<FilingTask> &tasks, QString *error) override;
    [[nodiscard]] WriteResult appendAction(const AuditEntry &entry, QString *error) override;
    /// From the ledger when reachable (and mirrored locally), else from the mirror.
    std::optional<FilingTask> task(const QString &key) const override;
    QList<FilingTask> loadTasks(bool nonTerminalOnly) const override;
    /// The ledger's rows of `keys` (missing keys are left out); empty on error.
    QList<FilingTask> loadTasks(const QStringList &keys, QString *error);
    /// loadTasks(keys) on the writer's connection, after what was handed to the writer before: returns at
    /// once; `done(tasks, error)` runs on `context`'s thread once the tasks are in the mirror. A task this
    /// member wrote again after asking (its version here is ahead of the one read: a write handed over or
    /// made since) is left out, so that the read never undoes what this member knows to be newer. Without a
    /// writer, or with the ledger unreachable, it reads at once and calls `done` before returning.
    void loadTasksThen(const QStringList &keys, QObject *context,
                       std::function<void(const QList<FilingTask> &tasks, const QString &error)> done);
    /// Every task of the ledger (loadTasks(false)) as loadTasksThen() reads some: on the writer's connection,
    /// a task this member wrote again after asking left out. On error `done` gets none (the caller keeps what
    /// it holds; the blocking read falls back to the mirror instead).
    void loadEveryTaskThen(QObject *context,
                           std::function<void(const QList<FilingTask> &tasks, const QString &error)> done);
    /// The team's entity register: the ledger's records (entities written by a register update, never those
    /// only admission wrote) and open conflicts, copied into the mirror; the mirror's when the ledger cannot
    /// be reached.
    bool loadRegister(QList<Entity> *entities, QList<RegisterConflict> *conflicts,
                      QString *error) const override;
    /// One ledger transaction, one register update at a time across the fleet: the records (in the register
    /// from now on, updated_by `actor`), the conflicts found, those settled and the audit rows of
    /// registerAuditRows() in the hash chain; all or none (else a WriteResult Unavailable or Busy). What the
    /// ledger already holds as the update has it (a record equal field by field, a conflict with the same
    /// values, a settled conflict no longer open) is neither written nor audited again. A write that gave
    /// up on another session's lock is tried again within half a call deadline. Then the same records and
    /// conflicts go to the mirror (its audit rows come from the ledger by sync()).
    [[nodiscard]] WriteResult applyRegister(const RegisterUpdate &update, const QString &actor,
                                            const QString &reason, QString *error) override;
    /// applyRegister() and loadRegister() on the writer's connection, after what was handed to it before:
    /// returns at once; `done` runs on `context`'s thread with the write's result and the register as the
    /// ledger holds it afterwards, once the mirror has it too (written on the mirror's own thread). A write
    /// that gave up on another member's register lock is handed to the writer again after a pause, within
    /// half a call deadline (the writer goes on with other work meanwhile). A ledger not reached is tried
    /// at once on this member's own connection, as applyRegister() does.
    void applyRegisterThen(const RegisterUpdate &update, const QString &actor, const QString &reason,
                           QObject *context, std::function<void(const RegisterWrite &)> done) override;

    // Batches.
    /// Creates a running batch launched by `actor` and puts `keys` into it (empty: every PENDING task not
    /// in a running or paused batch), only tasks that are PENDING or FAILED_TRANSIENT and not in another
    /// running or paused batch; one audit row. Returns the batch id, *count the tasks put into it; empty on
    /// failure.
    /// *status (when given): written, or why not (unavailable, busy, refused), as a WriteResult.
    QString launchBatch(const QStringList &keys, const QString &actor, const QString &reason, int *count,
                        QString *error, WriteResult *status = nullptr);
    /// launchBatch() on the writer's connection, after what was handed to it before: returns at once; `done`
    /// runs on `context`'s thread with the batch id (empty on failure), the tasks put into it and the write's
    /// result. A ledger not reached is tried at once on this member's own connection.
    void launchBatchThen(const QStringList &keys, const QString &actor, const QString &reason,
                         QObject *context,
                         std::function<void(const QString &batchId, int count, const WriteResult &)> done);
    /// Sets every batch whose status is in `fromStatuses` to `to` (or only `batchId`), with one audit row
    /// `action` each; returns how many changed, -1 on failure (*status, when given, says why).
    int setBatchStatus(const QStringList &fromStatuses, const QString &to, const QString &action,
                       const QString &actor, const QString &reason, QString *error,
                       const QString &batchId = QString(), WriteResult *status = nullptr);
    /// setBatchStatus() on the writer's connection, after what was handed to it before: returns at once;
    /// `done` runs on `context`'s thread with how many changed (-1 on failure) and the write's result. A
    /// ledger not reached is tried at once on this member's own connection.
    void setBatchStatusThen(const QStringList &fromStatuses, const QString &to, const QString &action,
                            const QString &actor, const QString &reason, const QString &batchId,
                            QObject *context, std::function<void(int changed, const WriteResult &)> done);
    QList<LedgerBatch> batches(QString *error) const;
    /// batches() on the writer's connection, as countWorkableThen() does countWorkable().
    void batchesThen(QObject *context,
                     std::function<void(const QList<LedgerBatch> &batches, const QString &error)> done);
    /// Batches that are running or paused and have no task left that a member may work on become
    /// "finished" (one audit row each). Returns the ids finished.
    QStringList finishIdleBatches(QString *error);
    /// finishIdleBatches() on the writer's connection after what was handed to it before, in one transaction
    /// with its audit rows: returns at once; `done(finished, error)` runs on `context`'s thread. Without a
    /// writer, or with the ledger unreachable, at once (finishIdleBatches()) before returning.
    void finishIdleBatchesThen(QObject *context,
                               std::function<void(const QStringList &finished, const QString &error)> done);

    // Claims.
    /// Claims up to `limit` workable tasks of running batches (optionally only `jurisdictions`, never
    /// `skipJurisdictions`; at most `perJurisdiction` of each when > 0), best score first. Returns them as
    /// the ledger now holds them (claimed by this member). *error is cleared first; on failure it says why,
    /// and *status (when given) whether the ledger was unavailable, busy or refused the claim.
    QList<FilingTask> claim(int limit, const QStringList &jurisdictions, QString *error,
                            int perJurisdiction = 0, const QStringList &skipJurisdictions = {},
                            WriteResult *status = nullptr);
    /// Claims what each jurisdiction lacks (ledger schema 8, filingdesk_claim_each): up to `needs[j]`
    /// workable tasks of jurisdiction j (`defaultNeed` for one not listed; 0: none), at most `limit` in all,
    /// taken round-robin over the jurisdictions (the best of each, then the second best of each, ...),
    /// optionally only of `jurisdictions`. Otherwise as claim().
    QList<FilingTask> claimEach(const QHash<QString, int> &needs, int defaultNeed, int limit,
                                const QStringList &jurisdictions, QString *error,
                                WriteResult *status = nullptr);
    /// claimEach() on the writer's connection, after the transitions handed to it before: returns at once
    /// and calls `done(claimed, status)` on `context`'s thread (the tasks best score first, as the ledger
    /// holds them; status written, or why not). Without a writer (the ledger not reached yet) it claims at
    /// once on this member's own connection and calls `done` before returning.
    void claimEachThen(const QHash<QString, int> &needs, int defaultNeed, int limit,
                       const QStringList &jurisdictions, QObject *context,
                       std::function<void(const QList<FilingTask> &claimed, const WriteResult &status)> done);
    /// Extends the claims on `keys`; returns the keys this member no longer holds (reclaimed by another
    /// member after the lease ran out). Sets *error and returns all keys when the ledger cannot be reached.
    QStringList renewClaims(const QStringList &keys, QString *error);
    /// renewClaims() on the writer's connection, after the transitions handed to it before: returns at once
    /// and calls `done(lost, error)` on `context`'s thread (on error, `lost` is every key asked about). Keys
    /// a transition handed to the writer releases are left out (their claim ends with it, it is not lost).
    /// Without a writer it renews at once and calls `done` before returning.
    void renewClaimsThen(const QStringList &keys, QObject *context,
                         std::function<void(const QStringList &lost, const QString &error)> done);
    /// Tasks of running batches that a member restricted to `jurisdictions` (empty: all) may work on now or
    /// after their backoff, claimed or not; -1 with *error on failure.
    int countWorkable(const QStringList &jurisdictions, QString *error);
    /// countWorkable() on the writer's connection, after what was handed to the writer before: returns at
    /// once; `done(count, error)` runs on `context`'s thread (count -1 with the error). Without a writer, or
    /// with the ledger unreachable, it counts at once and calls `done` before returning.
    void countWorkableThen(const QStringList &jurisdictions, QObject *context,
                           std::function<void(int count, const QString &error)> done);
    /// Hands back claims on tasks nobody is sending (pause, shutdown).
    bool releaseClaims(const QStringList &keys, QString *error);
    /// releaseClaims() on the writer's connection after what was handed to it before (a claim answer whose
    /// tasks this member will not send): returns at once; `done(error)` runs on `context`'s thread. Without
    /// a writer, or with the ledger unreachable, at once before returning.
    void releaseClaimsThen(const QStringList &keys, QObject *context,
                           std::function<void(const QString &error)> done);
    /// Audits that this member lost its claims on `keys` (its write was refused because another member
    /// holds or changed the task): one `claim_lost` row each, naming the holder now, in one statement.
    bool recordClaimsLost(const QStringList &keys, const QString &why, QString *error);
    /// recordClaimsLost() on the writer's connection after what was handed to it before: returns at once;
    /// `done(error)` runs on `context`'s thread. Without a writer, or with the ledger unreachable, at once.
    void recordClaimsLostThen(const QStringList &keys, const QString &why, QObject *context,
                              std::function<void(const QString &error)> done);

    // Live view.
    /// Copies the ledger's audit rows after the mirror's last seq into the mirror (at most `limit`), and
    /// returns them (ascending). A worker copies only its own rows, the team-level rows it acts on (batch_*,
    /// review_*, replay, resolve_requeue) and the chain head's row
    /// (AuditStore::MirrorBinding::ownRowsOnly()); a desk or a run copies every row. *error set when the
    /// ledger cannot be reached, the mirror cannot be written, or the rows do not continue the mirrored hash
    /// chain (then chainBroken() is true from here on).
    QList<AuditEntry> sync(int limit, QString *error);
    /// sync()'s read on the writer's connection, after what was handed to the writer before: returns at once;
    /// `done(rows, error)` runs on `context`'s thread once the rows are in the mirror (or with why not, as
    /// sync() says it). Unlike sync() it does not seal this member's rows first (its sealer does). Call it
    /// again only once `done` has run. Without a writer it syncs at once and calls `done` before returning.
    void syncThen(int limit, QObject *context,
                  std::function<void(const QList<AuditEntry> &rows, const QString &error)> done);
    /// The ledger's audit rows failed the mirror's chain check (a changed, missing or re-linked row): what
    /// the ledger says can no longer be trusted. Stays true for this store's lifetime.
    bool chainBroken() const { return m_chainBroken; }
    /// Heartbeat: upserts this member's row. The same round trip checks that this connection still LISTENs
    /// for the team's changes (and LISTENs again when it does not).
    bool beat(const LedgerMember &self, QString *error);
    /// beat() on the writer's connection, after what was handed to the writer before: returns at once;
    /// `done(error)` runs on `context`'s thread. The writer's connection does not LISTEN: this heartbeat
    /// leaves the engine's connection alone (a connection that ends is noticed by its listener, a link that
    /// goes silent by the writer's own deadline). Without a writer, or with the ledger unreachable, it beats
    /// at once (beat()) and calls `done` before returning.
    void beatThen(const LedgerMember &self, QObject *context, std::function<void(const QString &error)> done);
    QList<LedgerMember> members(qint64 beatIntervalMs, QString *error) const;
    /// members() on the writer's connection, as countWorkableThen() does countWorkable().
    void membersThen(qint64 beatIntervalMs, QObject *context,
                     std::function<void(const QList<LedgerMember> &members, const QString &error)> done);

    // Review claims ("in review by NAME on HOST since TIME").
    /// Written, or why not: Conflict when another person holds the review, else unavailable, busy, refused.
    [[nodiscard]] WriteResult claimReview(const QString &key, QString *error);
    [[nodiscard]] WriteResult releaseReview(const QString &key, QString *error);
    /// claimReview() and releaseReview() on the writer's connection after what was handed to it before, with
    /// their audit row in the same transaction: return at once; `done` runs on `context`'s thread with what
    /// the blocking calls answer (Conflict naming who has the review). Without a writer, or with the ledger
    /// unreachable, at once before returning.
    void claimReviewThen(const QString &key, QObject *context, std::function<void(const WriteResult &)> done);
    void releaseReviewThen(const QString &key, QObject *context,
                           std::function<void(const WriteResult &)> done);
    struct Review {
        QString reviewer;
        QString host;
        QString desk;
        QDateTime sinceUtc;
    };
    QHash<QString, Review> reviews(QString *error) const;
    /// reviews() on the writer's connection, as countWorkableThen() does countWorkable().
    void reviewsThen(QObject *context,
                     std::function<void(const QHash<QString, Review> &reviews, const QString &error)> done);

    // The audit chain (docs/ledger.md, "Audit hash chain"): rows are written unsealed and sealed in batches.
    /// Seals every audit row the ledger holds unsealed, in batches of kSealBatchRows (one transaction and
    /// one move of the chain head each), if this member wins the sealer's advisory lock. Returns the rows
    /// sealed (0: none were unsealed), or -1 when another member was sealing (`wait` false: this member
    /// leaves at once; true: it waits up to the lock timeout), when `unlessSealedWithinMs` > 0 and any
    /// member sealed the chain less than that long ago (schema 9: the fleet's pace), or on error (*error
    /// set).
    qint64 sealAudit(QString *error, bool wait = false, int unlessSealedWithinMs = 0);
    static constexpr int kSealBatchRows = 2000;
    /// sealAudit() (without waiting) on the writer's connection, after what was handed to the writer before:
    /// returns at once and calls `done(sealed, error)` on `context`'s thread. Without a writer it seals at
    /// once and calls `done` before returning.
    void sealAuditThen(QObject *context, int unlessSealedWithinMs,
                       std::function<void(qint64 sealed, const QString &error)> done);
    /// Starts this member's sealer (AuditSealer): every `intervalMs` and soon after each of its writes. Call
    /// on the store's thread, with an event loop.
    void startSealing(int intervalMs);
    /// The sealer, null before startSealing().
    const AuditSealer *sealer() const { return m_sealer.get(); }
    /// This member wrote audit rows since it last sealed.
    bool hasUnsealedWrites() const { return m_unsealed; }

    /// The ledger's sealed audit rows from `fromSeq` on, ascending, with their hashes (for `audit verify`).
    QList<AuditEntry> ledgerAudit(qint64 fromSeq, int limit, QString *error) const;
    /// The chain head (last seq and hash: the last sealed row) as the ledger records it.
    bool chainHead(qint64 *seq, QString *hash, QString *error) const;

private:
    // The writes behind the TaskStore methods: true when written, else *error (and, for the ledger,
    // m_failure and m_conflicted) say why; result() makes the value the caller gets.
    bool tryAdmitTask(const FilingTask &task, const QString &actor, QString *error);
    bool tryAdmitTasks(const QList<FilingTask> &tasks, const QString &actor, QStringList *alreadyStored,
                       QString *error);
    bool tryRecordTransition(const FilingTask &task, ExecutionState from, const QString &actor,
                             const QString &action, const QString &reason, QString *error,
                             Durability durability = Durability::Normal);
    bool trySaveTask(const FilingTask &task, QString *error);
    bool trySaveTasks(const QList<FilingTask> &tasks, QString *error);
    bool tryAppendAction(const AuditEntry &entry, QString *error);
    bool tryRecordTransitions(const QList<TransitionRecord> &records, QString *error, Durability durability);
    bool tryApplyRegister(const RegisterUpdate &update, const QString &actor, const QString &reason,
                          QString *error);
    WriteResult result(bool written, const QString *error) const;
    QString tryLaunchBatch(const QStringList &keys, const QString &actor, const QString &reason, int *count,
                           QString *error);
    int trySetBatchStatus(const QStringList &fromStatuses, const QString &to, const QString &action,
                          const QString &actor, const QString &reason, QString *error,
                          const QString &batchId);
    QList<FilingTask> tryClaim(int limit, const QStringList &jurisdictions, QString *error,
                               int perJurisdiction, const QStringList &skipJurisdictions);
    /// The claim statement `sql` (bound by `bind`), its rows as tasks (best score first) and their versions.
    QList<FilingTask> claimWith(const QString &sql, const std::function<void(QSqlQuery &)> &bind,
                                QString *error);
    /// The writer, started when the ledger was reached (null before).
    LedgerWriter *writer();
    /// filingdesk_beat's arguments for `self`, what it leaves out filled in with this process's.
    QVariantList beatArguments(const LedgerMember &self) const;
    /// The tasks `sql` selects (with `arguments`), read on the writer's connection: loadTasksThen() and
    /// loadEveryTaskThen().
    void tasksThen(const QString &sql, const QVariantList &arguments, QObject *context,
                   std::function<void(const QList<FilingTask> &, const QString &)> done);
    /// A read the engine thread asks for without waiting for it: `sql` with `arguments` on the writer's
    /// connection, after what was handed to the writer before; `read` turns its rows into a value on the
    /// writer's thread, and `done(value, error)` runs on `context`'s thread. An error names the read
    /// (`what`) and does to the link what any failed call of the writer does (failedWith()). The caller
    /// has checked that there is a writer.
    template <typename Value>
    void readThen(const QString &what, const QString &sql, const QVariantList &arguments,
                  std::function<Value(QSqlQuery &)> read, QObject *context,
                  std::function<void(const Value &, const QString &)> done);
    /// The failure a ledger error message stands for (busy, refused, unavailable), as fail() sorts it, and
    /// what it does to the link (engine thread).
    WriteResult failedWith(const QString &message);
    /// A call on the writer's connection was answered without waiting on a lock: a link shown as waiting on
    /// a lock is connected again (engine thread; ensureConnected() does the same for a blocking call).
    void linkAnswered();
    /// The catch-up's rows into the mirror (those it holds already left out): the rows mirrored, or none
    /// with *error (chainBroken() when they do not continue its chain).
    QList<AuditEntry> mirrorCaughtUp(QList<AuditEntry> rows, QString *error);
    bool tryClaimReview(const QString &key, QString *error);
    bool tryReleaseReview(const QString &key, QString *error);
    enum class Refusal { None, Login, Schema, Pooler };
    bool behindTransactionPooler(QSqlDatabase &db, QString *why);
    bool listen(QSqlDatabase &db, QString *error);
    bool connectLedger(QString *error);
    void closeLedger();
    bool openDefaultMirror(QString *error);
    /// The mirror against the ledger reached: bound to it (a default mirror of another ledger is swapped for
    /// this ledger's own), not a single desk's database, and still a prefix of its trail (else
    /// chainBroken()).
    bool checkMirror(QString *error);
    void rememberLedgerAtAddress() const;
    QDateTime now() const;
    /// The connection's socket (libpq's PQsocket), -1 without a connection.
    qintptr socket() const;
    /// One ledger call: a deadline of kCallDeadlineMs on it (CallDeadline) and, when it returns, the
    /// notifications libpq read meanwhile are handed on.
    class Call {
    public:
        explicit Call(LedgerStore &store);
        ~Call();
        Call(const Call &) = delete;
        Call &operator=(const Call &) = delete;

    private:
        LedgerStore &m_store;
    };
    Call callDeadline();
    pg_conn *pgConnection() const;
    void stopListening();
    void drainNotifications();
    bool ensureConnected(QString *error);
    bool fail(const QString &what, const QString &message, QString *error);
    void markUnreachable(const QString &reason);
    bool writeTransitionRow(const TransitionRecord &record, bool durable, QString *error);
    /// The 36 arguments of filingdesk_transition for `record` on `version`.
    QVariantList transitionArguments(const TransitionRecord &record, bool durable, qint64 version,
                                     const QDateTime &localNow) const;
    /// A submission to the writer as this member's versions saw it: per key, the version before it and
    /// the one it makes (each transition adds one), and the keys whose claim it hands back.
    struct WriterSubmission {
        QList<std::pair<QString, std::pair<std::optional<qint64>, qint64>>> versions;
        QStringList releases;
    };
    /// recordThen() for records the writer's group statement does not take (a cured payload, a task moved
    /// twice): every step a filingdesk_transition call (and a payload cured with
    /// filingdesk_rewrite_payload first), in one transaction on the writer's connection after what was handed
    /// to it before. The versions are reserved here, as recordThen() reserves them, and given back when
    /// nothing was written.
    void recordStepsThen(const QList<TransitionRecord> &records, bool durable, QObject *context,
                         std::function<void(const WriteResult &)> done);
    /// Waits until the writer answered everything handed to it, then settles what it answered.
    void drainWriter();
    /// Engine thread: the writer's answers, taken in: versions of a submission that failed go back, a
    /// link that failed is marked, claims handed back are remembered until the engine hears of them.
    void settleWrites();
    /// claimReviewThen() (`open`) or releaseReviewThen().
    void reviewOnWriter(const QString &key, bool open, QObject *context,
                        std::function<void(const WriteResult &)> done);
    /// One attempt of applyRegisterThen() on the writer, begun `started` ago by the engine's clock.
    void writeRegisterOnWriter(const RegisterUpdate &update, const QString &actor, const QString &reason,
                               QObject *context, std::function<void(const RegisterWrite &)> done,
                               std::shared_ptr<QElapsedTimer> started, int attempt);
    /// One attempt of applyRegister(): the part of `update` the ledger does not hold yet, in one transaction.
    bool writeRegister(const RegisterUpdate &update, const QString &actor, const QString &reason,
                       QString *error);
    bool insertAuditRow(const AuditEntry &entry, QString *error);
    /// The 16 arguments of filingdesk_append_audit for `entry`, written by this member.
    QVariantList auditRowArguments(const AuditEntry &entry) const;
    /// A worker's catch-up read (sync()): sealed rows from `fromSeq` on that it keeps.
    QList<AuditEntry> ownAudit(qint64 fromSeq, int limit, QString *error);
    /// A write with audit rows was committed: they are unsealed until a sealer runs (soon, this member's).
    void wroteAudit();
    /// Before the store goes: this member's unsealed rows sealed, by itself or by a sealer it waited for.
    void sealOwnWrites();
    bool begin(QString *error);
    /// The prepared statement for `sql` on this connection; null with *error when the server refused it.
    QSqlQuery *statement(const QString &sql, QString *error);
    bool commitOrRollback(QString *error);
    void rollbackLedger();

    /// The mirror's writes during a batch (the rows a catch-up read on the writer, the tasks it read there),
    /// made on a thread and a connection of their own, in the order handed over, so that the engine thread
    /// never waits for the mirror's disk. Opened when first needed; null while the mirror is closed, and when
    /// it cannot be opened a second time (then they are written on this thread, as a blocking call's are).
    ThreadedStore *mirrorWrites();
    /// Waits until the mirror's thread wrote everything handed to it: before this thread writes the mirror
    /// itself or reads where it ends.
    void settleMirror() const;
    /// Closes the mirror's thread (after what was handed to it).
    void closeMirrorWrites();
    /// mirrorCaughtUp() on the mirror's thread; `done` on `context`'s thread once the rows are written.
    void mirrorCaughtUpThen(QList<AuditEntry> rows, QObject *context,
                            std::function<void(const QList<AuditEntry> &rows, const QString &error)> done);

    AuditStore m_mirror;
    std::unique_ptr<ThreadedStore> m_mirrorWrites;
    bool m_mirrorWritesRefused = false; ///< the mirror could not be opened a second time: written here
    qint64 m_mirrorHandedSeq = 0;       ///< with m_mirrorWrites: the last seq handed to it or mirrored here
    std::unique_ptr<AuditSealer> m_sealer;
    bool m_unsealed = false;    ///< audit rows written since this member last sealed
    quint64 m_auditWrites = 0;  ///< writes with audit rows so far (a seal answered later clears m_unsealed
                                ///< only when none came after it was asked for)
    bool m_ownRowsOnly = false; ///< a worker: its mirror keeps its own rows (sync())
    LedgerEndpoint m_endpoint;
    QString m_memberId;
    QString m_kind;
    qint64 m_leaseMs;
    QString m_pgConnection;
    QString m_ledgerId;
    TeamAccess m_access;
    CallDeadline m_deadline;
    std::unique_ptr<QSocketNotifier> m_listener; ///< on this connection's socket, for NOTIFY
    std::function<void()> m_onNotify;
    const Clock *m_clock = nullptr;
    Refusal m_refusal = Refusal::None;
    bool m_defaultMirror = false; ///< the mirror is this member's own choice (no --db)
    bool m_chainBroken = false;
    bool m_reachable = false;
    LedgerLink m_link = LedgerLink::Unreachable;
    quint64 m_lockWaits = 0;
    QString m_linkDetail;
    bool m_inTransaction = false; ///< between begin() and its commit or rollback
    WriteFailure m_failure = WriteFailure::None;
    QStringList m_conflicted;
    bool m_batchNotRunning = false; ///< m_conflicted names filings whose batch stopped (schema 13)
    QHash<QString, std::shared_ptr<QSqlQuery>> m_statements; ///< prepared on the current connection
    QHash<QString, qint64> m_versions; ///< the version of each task this member last read or wrote
                                       ///< (or handed to the writer)
    std::unique_ptr<LedgerWriter> m_writer;
    bool m_closed = false; ///< close() was called: no writer is started again
    QMutex m_settledMutex;
    /// Guarded by m_settledMutex: answered by the writer, not yet settled on this store's thread.
    QList<std::pair<std::shared_ptr<const WriterSubmission>, WriteResult>> m_settled;
    /// Claims a written transition handed back that the engine has not heard of yet: not "lost" when a
    /// renewal meanwhile finds them gone.
    QSet<QString> m_releasedUndelivered;
    /// Claims that a transition handed to the writer and not yet answered releases, with how many such
    /// transitions each has: renewClaimsThen() leaves them out.
    QHash<QString, int> m_releasesInFlight;
    std::shared_ptr<char> m_alive = std::make_shared<char>(); ///< answers queued to the engine check it
};

} // namespace fd

Q_DECLARE_METATYPE(fd::LedgerMember)
