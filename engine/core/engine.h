#pragma once

#include "engine/audit/audit_store.h"
#include "engine/core/engine_config.h"
#include "engine/core/engine_types.h"
#include "engine/dispatch/retry_policy.h"
#include "engine/gate/permit_gate.h"
#include "engine/rules/rule_set.h"

#include <QDate>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <map>
#include <set>

namespace fd {

class RegistryClient;

/// The batch filing engine: portfolio import, obligation planning, admission, dispatch under the global,
/// per-jurisdiction and fleet ceilings, retry, reconciliation, and the audit trail.
///
/// Thread affinity: one worker thread (see EngineHost); the UI and the headless run talk to it only through
/// queued signals and QMetaObject::invokeMethod. Slots never block. Every state transition is persisted (task
/// row and audit row in one transaction) before the engine acts on it; a request is sent only with a permit.
class Engine : public QObject {
    Q_OBJECT
public:
    explicit Engine(QObject *parent = nullptr);
    ~Engine() override;

    /// For tests: the gate in use (engine thread only).
    PermitGate *gate() const { return m_gate; }
    const AuditStore &store() const { return m_store; }

public Q_SLOTS:
    /// Opens the audit database, the gate and the registry adapter; resumes every task that never reached a
    /// terminal state (DISPATCHING ones are looked up before anything is re-sent). Answers with started().
    void start(const fd::EngineConfig &config);
    /// Imports a portfolio and plans its obligations as of `asOf`. Answers with portfolioLoaded().
    void loadPortfolio(const QString &path, const QDate &asOf);
    /// Admits the planned obligations due within `dueWithinDays` of the as-of date (-1: all) whose filing
    /// window is open, in admission-score order, skipping keys already stored. Answers with admitted().
    void admit(int dueWithinDays);
    /// Starts a batch over `keys` (empty: every PENDING task). Audited with the reason.
    void launchBatch(const QStringList &keys, const QString &reason);
    void pauseBatch(const QString &reason);
    void resumeBatch(const QString &reason);
    /// Stops dispatching the batch's remaining tasks; they stay PENDING. In-flight requests finish.
    void cancelBatch(const QString &reason);
    /// DEAD_LETTER -> PENDING, back into the batch. The reason is required and audited.
    void replay(const QStringList &keys, const QString &reason);
    /// FAILED_STATUTORY: requeue (-> PENDING, re-sent under the same key) or, for a reconciliation exception
    /// a person has checked, accept (-> COMPLETED).
    void resolve(const QStringList &keys, const QString &reason, bool requeue);
    /// Will not file: FAILED_STATUTORY/PENDING -> DEAD_LETTER with category "withdrawn".
    void withdraw(const QStringList &keys, const QString &reason);
    void addNote(const QString &key, const QString &note);
    /// Fills in a missing formation date and/or entity type for an entity and re-plans it (audited).
    void updateEntity(const QString &entityId, const QDate &formationDate, const QString &entityType,
                      const QString &reason);
    /// Asks the gate for permit usage of every jurisdiction with tasks; answers with usageUpdated().
    void refreshUsage();
    /// Queries the audit table; answers with auditResults().
    void queryAudit(const fd::AuditQuery &query);
    /// Sends the full task list again (tasksChanged with every task).
    void publishAllTasks();
    /// Writes the loaded portfolio's obligations due within `days` of the as-of date as an iCalendar file
    /// (RFC 5545, see IcsWriter): UIDs from the idempotency keys, confirmation numbers of completed filings,
    /// halted and dead- lettered filings marked. Written atomically. Answers with calendarExported().
    void exportCalendar(const QString &path, int days);
    /// Stops dispatching and closes the database; answers with stopped().
    void shutdown();

Q_SIGNALS:
    void started(bool ok, const QString &error, const QString &gateDescription, bool fleetMode);
    void portfolioLoaded(const fd::PortfolioSummary &summary, const QList<fd::RowPlan> &rows);
    void admitted(int admittedCount, int duplicateCount, int notYetOpen, int outsideWindow);
    /// Changed tasks, coalesced (at most every 100 ms), never one signal per transition.
    void tasksChanged(const QList<fd::FilingTask> &tasks);
    void batchStatusChanged(const fd::BatchStatus &status);
    /// The launched batch has nothing left to send or wait for.
    void batchIdle(const fd::BatchStatus &status);
    void gateBlindChanged(bool blind, const QString &reason);
    void usageUpdated(const QList<fd::JurisdictionUsage> &usage);
    void auditResults(const QList<fd::AuditEntry> &entries);
    /// `error` empty on success; `events` VEVENTs written.
    void calendarExported(const QString &path, int events, const QString &error);
    void alertRaised(const fd::EngineAlert &alert);
    void errorOccurred(const QString &message);
    void stopped();

private:
    enum class Stage { Idle, Queued, AwaitingPermit, InFlight };
    struct Track {
        Stage stage = Stage::Idle;
        quint64 requestId = 0;
        QString token;
        bool lookupFirst = false; // outcome of an earlier DISPATCHING is uncertain
        QDateTime sentUtc;
    };

    bool transition(FilingTask &task, ExecutionState to, const QString &actor, const QString &action,
                    const QString &reason = QString());
    void operatorAction(const QString &action, const QString &reason, const QString &key = QString(),
                        const QString &entityId = QString(), const QString &detail = QString());
    void beginBatchIfIdle();
    static void clearLastError(FilingTask &task);
    void enqueue(const QString &key);
    void dequeue(const QString &key);
    void pump();
    void dispatchGranted(quint64 requestId, const QString &token);
    void send(const QString &key);
    void onSubmitted(const QString &key, const struct RegistryOutcome &outcome);
    void onLookedUp(const QString &key, const struct RegistryOutcome &outcome);
    void handleTransient(FilingTask &task, const RegistryOutcome &outcome);
    /// Statutory halts and validation quarantines: never retried, recorded, and announced to a person.
    void stopForPerson(FilingTask &task, const struct RegistryOutcome &outcome, ErrorCategory category,
                       ExecutionState to, const QString &alertKind);
    void releasePermit(const QString &key);
    void markDirty(const QString &key);
    void flushDirty();
    void scheduleRetryTimer();
    /// Arms m_breakerTimer for the earliest moment a jurisdiction with ready tasks gets a trial request.
    void scheduleBreakerWake(const QDateTime &nowUtc);
    void recordRegistrySuccess(const QString &jurisdiction);
    void promoteDueRetries();
    void updateStatus();
    void checkIdle();
    void raise(const QString &kind, const FilingTask &task, const QString &message);
    int inFlightFor(const QString &jurisdiction) const;
    PermitHolder holderFor(const FilingTask &task) const;

    EngineConfig m_config;
    RuleSet m_rules;
    AuditStore m_store;
    QPointer<PermitGate> m_gate;
    RegistryClient *m_registry = nullptr;
    RetryPolicy m_retry;
    CircuitBreakers m_breakers;
    bool m_started = false;

    QList<RowPlan> m_plan;
    QDate m_asOf;
    QHash<QString, FilingTask> m_tasks;
    QHash<QString, Track> m_track;
    QSet<QString> m_batch;
    QString m_batchId;
    QDateTime m_batchStartedUtc;
    bool m_batchActive = false;
    bool m_paused = false;
    bool m_gateBlind = false;
    // ready tasks per jurisdiction, best admission score first: (-score, due, key)
    QHash<QString, std::set<std::tuple<double, QDate, QString>>> m_ready;
    std::multimap<QDateTime, QString> m_delayed; // FAILED_TRANSIENT waiting for backoff
    QHash<quint64, QString> m_requests;          // permit request id -> key
    QHash<quint64, QString>
        m_requestJurisdictions; // permit request id -> jurisdiction, to hand back stray grants
    quint64 m_nextRequestId = 1;
    int m_inFlightTotal = 0;
    int m_awaitingTotal = 0;
    QHash<QString, int> m_inFlightBy; // jurisdiction -> in flight + awaiting permit
    QSet<QString> m_dirty;
    QTimer m_flushTimer{this}; // parented so moveToThread() takes it along
    QTimer m_retryTimer{this};
    QTimer m_statusTimer{this};
    QTimer m_breakerTimer{this}; // wakes dispatch when an open circuit breaker admits its trial request
    int m_completedInBatch = 0;
    bool m_idleSignalled = false;
};

} // namespace fd
