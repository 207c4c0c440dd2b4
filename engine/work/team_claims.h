#pragma once

#include "engine/ledger/ledger_store.h"
#include "engine/work/pipeline.h"
#include "engine/work/work_source.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QSet>
#include <QTimer>

#include <functional>
#include <optional>
#include <utility>

namespace fd {

/// A member of a team (docs/ledger.md): the PostgreSQL ledger is the truth and the desk's SQLite its
/// mirror. The member claims tasks of running batches before it asks for a permit, renews its claims,
/// follows the other members through NOTIFY and the sealed audit sequence, takes its turn sealing the audit,
/// beats its heartbeat, and sends nothing while the ledger cannot be reached or its audit does not verify.
/// Batch actions (launch, pause, resume, cancel) act on the team's batches in the ledger, fleet-wide; a
/// drain stops this member only.
///
/// Thread affinity: the engine's thread. The frequent ledger calls (claims, catch-up reads, renewals, the
/// sealer) run on the ledger writer's thread and answer here; the others are made here, bounded by the
/// ledger's statement and lock timeouts (see LedgerStore).
class TeamClaims final : public WorkSource {
    Q_DECLARE_TR_FUNCTIONS(fd::Engine)
public:
    TeamClaims(Engine &engine, Pipeline &pipeline);

    bool open(QString *error) override;
    QString auditPath() const override;
    QList<FilingTask> tasksAtStart() override;
    bool keepsRegister() const override { return followsTeam(); }
    QString takeUp(const QList<FilingTask> &all) override;
    void begin() override;
    void stop() override;
    void handBack(const QStringList &held, std::function<void()> done) override;

    void launch(const QStringList &keys, const QString &reason, DecidedBy by) override;
    void pause(const QString &reason) override;
    void resume(const QString &reason) override;
    void cancel(const QString &reason, const QString &batchId, DecidedBy by) override;
    void drain(const QString &reason) override;
    void requeue(const QStringList &keys, const QString &reason, const QString &what) override;
    void openReview(const QString &key) override;
    void closeReview(const QString &key) override;
    void refreshMembers() override;
    void queryTeamWork() override;

    bool mayQueue(const QString &key) const override;
    bool maySend() override;
    bool postponePortfolio(const QString &path, const QDate &asOf, bool busy) override;
    bool postponeAdmission(int days, bool busy) override;
    QString refusesAdmission() const override;
    void storedElsewhere(const QStringList &keys) override;
    void transitionRecorded(const QString &key, ExecutionState to) override;
    bool absorbWriteFailure(const QString &what, const WriteResult &result) override;
    void checkIdle() override;
    void describe(BatchStatus &status) const override;
    void statusTaken(const BatchStatus &status) override;
    void publishMetrics(metrics::EngineMetrics &metrics) const override;

private:
    void claimWork();
    /// claimWork() when ClaimRefill::worthClaiming(): the periodic and post-transition refills, batched so
    /// that the ledger answers fewer, larger claims.
    void claimWorkWhenWorthIt();
    /// The filings this member holds claimed, per jurisdiction.
    QHash<QString, int> heldByJurisdiction() const;
    /// Whether this member takes new claims now (started, not stopping or draining, the ledger reached and
    /// trusted, a running batch, a login that may file).
    bool mayClaim();
    void claimAnswered(const QList<FilingTask> &claimed, const WriteResult &status);
    /// Catches up with the ledger's audit (LedgerStore::syncThen(), a page at a time, one catch-up at a
    /// time: asked for again while one is under way, it runs once more after it) and acts on what it found.
    void syncLedger();
    /// syncLedger() waiting for its answer (begin()).
    void syncNow();
    void syncNextPage();
    /// How a catch-up page re-reads the tasks other members changed: at once (syncNow()), or on the
    /// writer's connection with the catch-up going on from its answer (syncLedger()).
    enum class Reread { AtOnce, OnTheWriter };
    /// One page of a catch-up read (or why not): true when the next page should be read now. With
    /// Reread::OnTheWriter a page that re-reads tasks returns false and goes on from the re-read's answer.
    bool syncPageRead(const QList<AuditEntry> &rows, const QString &error, Reread reread);
    /// After a catch-up page: the next one, or what the catch-up found is acted on.
    bool syncPageDone(bool fullPage);
    /// What a catch-up found in the rows it read: acted on once it has read its last page.
    struct SyncFound {
        bool batchLevel = false;
        bool newWork = false;
        bool reviews = false;
        bool register_ = false; ///< another member changed the entity register
    };
    /// The end of a catch-up, the batches read again if it found a batch-level row: reviews, claims,
    /// finished batches, idleness, and the catch-up asked for meanwhile.
    void syncActedOn(const SyncFound &found);
    /// Renews this member's claims on the writer's connection (LedgerStore::renewClaimsThen()), one renewal
    /// at a time.
    void renewClaims();
    void reconnectLedger();
    void heartbeat();
    void resumeDeferredLedgerWork();
    bool hasDeferredLedgerWork() const {
        return m_deferredPortfolio.has_value() || m_deferredAdmission.has_value() ||
               m_deferredLaunch.has_value();
    }
    void ledgerUnreachable(const QString &reason);
    /// The ledger's audit chain failed the mirror's check: this member stops trusting it for good (until
    /// restarted): nothing is admitted, launched, claimed or sent; an alert "ledger_chain_broken" says why.
    void ledgerChainBroken(const QString &reason);
    void handleConflict(const QStringList &keys);
    /// The ledger refused `keys` their DISPATCHING: their batch is paused or cancelled (schema 13). They are
    /// let go, their claims handed back, and the batches read again.
    void handleBatchNotRunning(const QStringList &keys);
    /// Reads the team's batches (and, on a desk, every task) again, waiting for the answer: at start and
    /// after an operator's batch action.
    void refreshBatches();
    /// refreshBatches() on the writer's connection: `after` runs on the engine thread once the batches
    /// (and a desk's tasks) are read and acted on, or could not be read. One at a time; while one is under
    /// way this member does not call itself idle.
    void refreshBatchesThen(std::function<void()> after);
    void readBatchesOnTheWriter();
    /// A batches read came back: read again when asked meanwhile (and `readAgainIfAsked`), else run what
    /// waited for it.
    void batchesAnswered(bool readAgainIfAsked);
    /// What refreshBatches() does with the batches read.
    void batchesRead(const QList<LedgerBatch> &all);
    void refreshReviews();
    /// A read of the batches or reviews failed though the ledger answered: said, and read again later.
    void readFailed(const QString &what, const QString &error, bool &stale);
    /// Claims this member holds and requests it has on the wire.
    int heldHere() const;
    void adoptLedgerTasks(const QList<FilingTask> &fresh);
    /// This member no longer works on `key`: whatever has not left is withdrawn.
    void dropTask(const QString &key);
    /// Hands back the claims on tasks that have not left: all of them, or those of batches not running.
    void releaseUnsent(bool all);
    bool holds(const QString &key) const;
    /// Desks and runs show (and count) the whole team's work; a worker needs only what it claims.
    bool followsTeam() const;
    int claimCapacity() const;
    /// True for a moment after a ledger call waited on a lock: periodic ledger calls wait, so that a lock
    /// held elsewhere does not hold this thread (and the gate's answers) call after call.
    bool ledgerQuiet();
    /// Which jurisdictions this member may claim (a registry configured for them) and, when it can send
    /// nothing (no registry, no fleet gate), why it is a review desk.
    void decideWhatThisMemberSends();
    /// The ledger moves the batches in `from` to `to` (a pause, resume or cancel), attributed to `by`.
    void setBatches(const QStringList &from, const QString &to, const QString &action, const QString &reason,
                    const QString &batchId = QString(), DecidedBy by = DecidedBy::Person);
    /// The ledger finishes the batches nobody has anything left to send or wait for (its writer's
    /// connection; one look at a time).
    void finishIfIdle();
    void sweepFinishedBatches();
    QDateTime now() const;

    Engine &m_engine;                ///< whose signals this work source emits
    Pipeline &m_pipeline;            ///< the engine's pipeline: what this work source reads and asks of it
    LedgerStore *m_ledger = nullptr; ///< the engine's store
    QStringList m_sendJurisdictions; ///< claim only these (empty: all)
    QString m_reviewOnlyReason;      ///< non-empty when this member claims nothing
    QSet<QString> m_runningBatches;
    QSet<QString> m_pausedBatches;
    bool m_ledgerDown = false;
    bool m_ledgerUntrusted = false; ///< the ledger's chain did not verify: never trusted again by this engine
    bool m_draining = false;        ///< drain(): this member sends nothing more
    bool m_claimUnderWay = false;   ///< a claim was asked of the ledger and not answered yet
    bool m_finishUnderWay = false;  ///< finishIfIdle() asked the ledger and is not answered yet
    bool m_batchesUnderWay = false; ///< refreshBatchesThen() asked and not answered yet
    int m_launchesUnderWay = 0;     ///< launch() handed to the ledger's writer and not answered yet
    int m_batchWritesUnderWay = 0;  ///< setBatches() (a pause, resume, cancel) not answered yet
    bool m_batchesAgain = false;    ///< asked again while one was under way
    /// The last read of the batches (or of the reviews) failed with the ledger reachable (a statement
    /// cancelled, a lock waited out): what this member shows and claims from is read again on the next
    /// catch-up tick rather than kept until another member's batch action.
    bool m_batchesStale = false;
    bool m_reviewsStale = false;
    quint64 m_batchesReadAtOnce =
        0; ///< refreshBatches() calls so far (a read on the writer asked before is older)
    QList<std::function<void()>> m_batchesAfter; ///< what waits for the batches read under way
    bool m_renewUnderWay = false;                ///< a renewal was asked of the ledger and not answered yet
    bool m_syncUnderWay = false;                 ///< a catch-up is reading the ledger
    bool m_countUnderWay = false;                ///< queryTeamWork()'s count is reading the ledger
    bool m_membersUnderWay = false;              ///< refreshMembers()'s read is under way
    bool m_beatUnderWay = false;                 ///< a heartbeat has not been answered yet
    bool m_syncAgain = false;                    ///< a catch-up was asked for while one was under way
    int m_syncPages = 0;                         ///< pages the catch-up under way has read
    SyncFound m_syncFound;                       ///< what the catch-up under way found so far
    bool m_activeSeen = false;                   ///< a batch was running at some point since start
    QDateTime m_startedUtc;
    QTimer m_claimTimer;
    QTimer m_syncTimer;
    QTimer m_renewTimer;
    QTimer m_reconnectTimer;
    QTimer m_beatTimer;
    QTimer m_notifyTimer; ///< coalesces NOTIFY bursts into one sync
    QTimer m_claimSoonTimer;
    QTimer m_busyTimer; ///< a write that waited on a lock is tried again
    LedgerLink m_reportedLink = LedgerLink::Connected;
    QDateTime m_quietUntil;
    quint64 m_lockWaitsSeen = 0;
    /// admit(days) asked for while the ledger was down or busy with another member's lock.
    std::optional<int> m_deferredAdmission;
    /// A launch (keys, reason) that waited on another member's lock.
    struct DeferredLaunch {
        QStringList keys;
        QString reason;
        DecidedBy by = DecidedBy::Person;
    };
    std::optional<DeferredLaunch> m_deferredLaunch;
    /// A portfolio opened while the ledger was down (its entities go into the team's register).
    std::optional<std::pair<QString, QDate>> m_deferredPortfolio;
};

} // namespace fd
