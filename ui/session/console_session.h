#pragma once

#include "engine/audit/audit_store.h"
#include "engine/core/engine_config.h"
#include "engine/core/engine_types.h"
#include "engine/gate/permit_gate.h"
#include "engine/ledger/ledger_store.h"
#include "engine/report/report_types.h"
#include "ui/models/obligation_row.h"
#include "ui/session/console_options.h"
#include "ui/session/registry_mode.h"
#include "ui/settings/secret_store.h"

#include <QDate>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>

namespace fd {
class EngineClient;
}

namespace fd::ui {

class AuditModel;
class BreakerBoard;
class ConsoleSettings;
class DeadLetterModel;
class DeadlineReminders;
class ExceptionModel;
class MemberModel;
class ObligationModel;
class PermitModel;
class RegistryProbe;

/// One console session, without a widget: the engine (through its one client, EngineClient), the models the
/// views show, the keychain access for the session's secrets, and what the console derives from the engine's
/// reports — whether it started, the batch status, the gate and the team ledger's state, the as-of date, the
/// login's roles, the entity register. MainWindow shows it and wires its widgets to it.
///
/// start() reads the saved settings (ConsoleSettings) with the session's options (ConsoleOptions) over them,
/// reads the secrets they need from the keychain (SecretStore: asked again after 1 s and 2 s while the
/// keychain answers with an error), and starts the engine. Answers arrive as this object's signals, after the
/// models and the state have been updated: a slot connected to a signal reads the new state.
///
/// Thread affinity: GUI thread. Nothing here waits for the engine.
class ConsoleSession : public QObject {
    Q_OBJECT
public:
    explicit ConsoleSession(const ConsoleOptions &options, QObject *parent = nullptr);
    ~ConsoleSession() override;

    /// Stops the engine (its thread ends); nothing arrives for the models afterwards. Idempotent.
    void shutdown();

    const ConsoleOptions &options() const { return m_options; }
    ConsoleSettings *settings() const { return m_settings.get(); }
    SecretStore *secrets() const { return m_secrets; }
    /// The engine's client; null after shutdown().
    EngineClient *client() const { return m_link; }

    ObligationModel *obligationModel() const { return m_obligations; }
    DeadLetterModel *deadLetterModel() const { return m_deadLetters; }
    ExceptionModel *exceptionModel() const { return m_exceptions; }
    PermitModel *permitModel() const { return m_permits; }
    AuditModel *auditModel() const { return m_audit; }
    MemberModel *memberModel() const { return m_members; }
    /// The jurisdictions whose registry keeps failing (engine alerts breaker_open / breaker_closed).
    BreakerBoard *breakers() const { return m_breakers; }
    DeadlineReminders *reminders() const { return m_reminders; }

    /// The member id this console's engine uses in the ledger and at the gate.
    QString memberId() const { return m_memberId; }
    /// The configuration the engine was started with, secrets left out.
    const EngineConfig &sessionConfig() const { return m_sessionConfig; }
    /// Where the reports read from: the team ledger (with its password, held in memory only) or this desk's
    /// database.
    report::ReportSource reportSource() const;

    bool engineStarted() const { return m_engineStarted; }
    bool isFleetMode() const { return m_fleetMode; }
    bool isPaused() const { return m_paused; }
    bool isGateBlind() const { return m_gateBlind; }
    /// Team mode: a ledger is configured for this session.
    bool isTeamMode() const { return m_teamMode; }
    /// False while the team ledger cannot be reached or is not trusted (always true on a single desk).
    bool isLedgerReachable() const { return m_ledgerReachable; }
    /// Team mode: the ledger's audit chain did not verify; stays set for the life of this engine.
    bool isLedgerUntrusted() const { return m_ledgerUntrusted; }
    /// The engine's ledger_chain_broken message (empty when it has not said why).
    QString ledgerUntrustedReason() const { return m_ledgerUntrustedReason; }
    LedgerLink ledgerLink() const { return m_ledgerLink; }
    /// Team mode: the ledger's URL as shown (never a password).
    QString ledgerDisplay() const { return m_ledgerDisplay; }
    /// The last batch status the engine sent.
    const BatchStatus &status() const { return m_status; }
    /// Team mode: this login and its FilingDesk roles as the engine last reported them (a single desk:
    /// everything allowed).
    const TeamAccess &access() const { return m_access; }
    /// Practice or live: which registries this session files with.
    const RegistryMode &registryMode() const { return m_registryMode; }
    /// The file name of the portfolio last loaded ("" before one is).
    QString portfolioName() const { return m_portfolioName; }

    /// The as-of date due dates are computed from (the options' --as-of, else today, until changed).
    QDate asOf() const { return m_asOf; }
    void setAsOf(const QDate &asOf);
    /// Plans everything again as of asOf(). Nothing is admitted by it: a change of the as-of date must not
    /// turn the filings of another period into tasks without a person's say (admitPlanned() does, on
    /// request).
    void replan();
    /// Admits the planned obligations whose filing window is open (the person's explicit action; opening a
    /// portfolio admits by itself). Answered by admitted().
    void admitPlanned();
    /// The unsettled filings of the Obligations view (admitted or planned) that are overdue, and those due
    /// within `days`, as of the view's date (their keys).
    struct DueCounts {
        QSet<QString> overdue;
        QSet<QString> dueWithin;
    };
    DueCounts dueCounts(int days) const;

    /// The entity register as the engine last sent it.
    const QHash<QString, fd::Entity> &entityRegister() const { return m_register; }
    const QList<fd::RegisterConflict> &registerConflicts() const { return m_registerConflicts; }
    /// The register's entity, empty when unknown.
    fd::Entity entity(const QString &entityId) const { return m_register.value(entityId); }
    /// The Obligations view's rows of one entity (its filings, planned and needing data).
    QList<ObligationRow> rowsOfEntity(const QString &entityId) const;
    /// Owners named in the register and the plan, for the views' owner filters.
    QStringList owners() const;
    /// PENDING tasks not in a batch due within `days` of the plan's as-of date: what "launch due within"
    /// files.
    QStringList pendingKeysDueWithin(int days) const;

    /// The portfolio to load once the engine has started (the options' --portfolio, or one handed over by the
    /// desktop before it started).
    QString pendingPortfolio() const { return m_options.portfolio; }
    void setPendingPortfolio(const QString &path) { m_options.portfolio = path; }
    /// Loads a portfolio as of asOf(); its obligations are admitted once planned (nothing is sent before a
    /// launch).
    void loadPortfolio(const QString &path);
    /// The registry mode again, after the practice marks changed in Settings.
    void refreshRegistryMode();

    /// A single desk that starts with filings of an unfinished batch in its database does not send them by
    /// itself: those whose outcome is unknown (on the wire when FilingDesk stopped) are looked up at once, as
    /// correctness requires; those never sent wait, PENDING, for a person (resumeWaiting()). The keys still
    /// waiting (PENDING, in no batch).
    QStringList waitingKeys() const;
    bool hasWaiting() const { return !m_waitingKeys.isEmpty(); }
    /// The person launched what waited ("Resume sending"): nothing waits any more, whichever batch the
    /// filings went into.
    void forgetWaiting() { m_waitingKeys.clear(); }
    /// How many of the filings looked up at the start still wait for their look-up's answer.
    int lookUpsOpen() const;
    /// How many filings the start looked up (their outcome was unknown).
    int lookedUpAtStart() const { return m_lookedUpAtStart; }

public Q_SLOTS:
    /// Reads the settings and secrets and starts the engine (see the class comment).
    void start();

Q_SIGNALS:
    /// The session's configuration is applied (team mode, ledger, registries), just before the engine is
    /// started with it.
    void configured();
    /// Things the operator should know before anything runs: secrets that could not be read, no registry.
    void startProblems(const QStringList &problems);
    void registryModeChanged();
    /// Engine::started, after the session took it in (a refused configuration arrives here too).
    void started(bool ok, const QString &error, const QString &gate, bool fleet);
    /// A portfolio could not be loaded (nothing changed).
    void portfolioFailed(const QString &error);
    /// A portfolio was loaded (or planned again) into the Obligations model. After opening a portfolio its
    /// admission follows; after a change of the as-of date asOfReplanned() follows instead and nothing is
    /// admitted.
    void portfolioLoaded(const fd::PortfolioSummary &summary);
    /// The plan as of a new as-of date (replan()) reached the Obligations model; nothing was admitted.
    void asOfReplanned(const QDate &asOf);
    void admitted(int admitted, int known, int notYetOpen, int later);
    /// The start found `waiting` filings of an unfinished batch that were never sent: they wait for a person
    /// (waitingKeys()). `lookedUp` filings whose outcome was unknown are being looked up meanwhile.
    void sendingWaits(int waiting, int lookedUp);
    /// A batch of task updates reached the models.
    void tasksChanged();
    /// The entity register changed (entityRegister(), registerConflicts()).
    void registerChanged();
    /// An edit of `entityId` was not written (Engine::registerEditFailed()).
    void registerEditFailed(const QString &entityId, const QString &message);
    /// An edit of `entityId` was written (Engine::entityEditApplied()).
    void entityEditApplied(const QString &entityId, int filingsRebuilt, int filingsHalted,
                           int filingsAlreadyLeft);
    void entityHistory(const QString &entityId, const QList<fd::AuditEntry> &entries);
    void unchangedPayloadHeld(const QStringList &keys, const QString &message);
    /// A batch status reached status(); the login's roles and the ledger's and gate's state are already
    /// applied (their own signals came first).
    void batchStatusChanged(const fd::BatchStatus &status);
    void batchIdle();
    /// The login or its roles changed (access()).
    void accessChanged(const fd::TeamAccess &access);
    void gateBlindChanged(bool blind, const QString &reason);
    /// Team mode: the ledger answers again, cannot be reached or is not trusted (isLedgerReachable(),
    /// isLedgerUntrusted(), ledgerLink()); `changed`: the state differs from the last one known.
    void ledgerStateChanged(bool reachable, const QString &reason, bool changed);
    /// Team mode: a write waited on another session's lock (the ledger is not unreachable).
    void ledgerWaitingOnLock(const QString &detail);
    /// Review marks reached the review queues.
    void reviewsChanged();
    void membersUpdated(const QList<fd::LedgerMember> &members);
    void usageUpdated(const QList<fd::JurisdictionUsage> &usage);
    /// Audit results reached the audit model.
    void auditResults(int count);
    /// An engine alert, after the session applied it (lost permits, failing registries, ledger trust).
    void alertRaised(const fd::EngineAlert &alert);
    void errorOccurred(const QString &message);
    void heartbeat(bool alive);
    void registryReachabilityChanged(bool reachable, const QString &detail);

private:
    void connectEngine();
    /// The saved settings with this session's options over them; *unreadable "FIELD: reason" names a saved
    /// URL that does not parse and that no option replaces.
    EngineConfig configForStart(QString *unreadable) const;
    /// Starts the engine; `problems` (secrets that could not be read) are reported together with any other.
    /// A `refusal` (a saved setting that cannot be read) starts nothing and is reported as the engine's own.
    void startEngineWith(const EngineConfig &config, QStringList problems = {}, const QString &refusal = {});
    /// Reads one secret, asking again after 1 s and 2 s when the keychain answers with an error (not for a
    /// missing entry or no keychain); `done` gets the last answer.
    void readSecret(const QString &name, int attemptsLeft,
                    std::function<void(const SecretStore::Result &)> done);
    static constexpr int kSecretReadAttempts = 3;
    void onEngineStarted(bool ok, const QString &error, const QString &gate, bool fleet);
    void applyBatchStatus(const fd::BatchStatus &status);
    void setGateBlind(bool blind, const QString &reason);
    void setLedgerState(bool reachable, const QString &reason);
    void setLedgerLink(fd::LedgerLink link, const QString &detail);
    void applyRegistryMode(const EngineConfig &config);
    /// The first tasks after a held start: looks up what may have been filed, keeps the rest for a person.
    void decideResumedTasks(const QList<fd::FilingTask> &tasks);

    ConsoleOptions m_options;
    std::unique_ptr<ConsoleSettings> m_settings;
    SecretStore *m_secrets;
    EngineClient *m_link;
    RegistryProbe *m_probe;
    BreakerBoard *m_breakers;
    ObligationModel *m_obligations;
    DeadLetterModel *m_deadLetters;
    ExceptionModel *m_exceptions;
    PermitModel *m_permits;
    AuditModel *m_audit;
    MemberModel *m_members;
    DeadlineReminders *m_reminders = nullptr;
    QTimer m_usageTimer;

    QHash<QString, fd::Entity> m_register;
    QList<fd::RegisterConflict> m_registerConflicts;
    QString m_memberId;
    EngineConfig m_sessionConfig; ///< as started (secrets left out)
    QString m_ledgerPassword;     ///< team mode: in memory only, for the reports' connection to the ledger
    RegistryMode m_registryMode;
    QDate m_asOf;
    QDate m_engineAsOf;         ///< the date the engine plans with (as last asked)
    bool m_planLoaded = false;  ///< the engine holds a plan (a portfolio was opened in this run)
    QList<QDate> m_asOfReplans; ///< the dates of replan() answers still to come, in order
    QString m_portfolioName;
    QString m_gateDescription;
    /// A single desk's engine starts with sending held until the session has seen what it resumes.
    bool m_startHeld = false;
    QStringList m_waitingKeys; ///< never sent when FilingDesk stopped: they wait for a person
    QString m_resumedBatchId;  ///< the unfinished batch they were in (the start cancels it)
    int m_lookedUpAtStart = 0;
    QStringList m_lookUpKeys; ///< the filings looked up at the start (their outcome was unknown)
    bool m_engineStarted = false;
    bool m_fleetMode = false;
    bool m_paused = false;
    bool m_gateBlind = false;
    bool m_teamMode = false;
    LedgerLink m_ledgerLink = LedgerLink::Connected;
    bool m_ledgerReachable = true;
    bool m_ledgerKnown = false; ///< team mode: the engine said whether the ledger answers
    bool m_ledgerUntrusted = false;
    QString m_ledgerUntrustedReason;
    QString m_ledgerDisplay;
    BatchStatus m_status;
    TeamAccess m_access;
};

} // namespace fd::ui
