#pragma once

#include "engine/access/team_roles.h"
#include "engine/core/engine_kinds.h"

#include "engine/model/filing_task.h"
#include "engine/register/register_types.h"
#include "engine/rules/obligation_planner.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>

namespace fd {

/// What the engine reports after loading a portfolio.
struct PortfolioSummary {
    QString file;
    QString format;    ///< exhibit21 / filingdesk
    QString fileError; ///< non-empty: nothing was loaded
    QDate asOf;
    QString rulesVersion;
    PlanCounts counts;
    /// What opening the file did to the entity register (README, "The entity register").
    RegisterCounts registerCounts;
    /// Open conflicts of the file's entities: the register's value is planned until someone decides.
    QList<RegisterConflict> conflicts;
};

/// Progress of the running batch, for the console and the headless run.
/// Team mode: what this member's connection to the ledger is now (docs/ledger.md, "Connection").
enum class LedgerLink {
    Connected,       ///< the primary answers and this member listens for the team's changes
    Unreachable,     ///< no answer (refused, timed out, or the link went silent): nothing is sent
    ReadOnlyStandby, ///< the address answers but is a hot standby: nothing can be written, nothing is sent
    WaitingOnLock,   ///< the primary answers but a write waited on another session's lock past its limit
};
/// "connected", "unreachable", "read_only_standby", "waiting_on_lock" (run --json, metrics label).
QString ledgerLinkName(LedgerLink link);

struct BatchStatus {
    QString batchId;
    bool active = false; ///< a batch was launched and is not finished or cancelled
    bool paused = false;
    int total = 0;    ///< tasks in the batch
    int inFlight = 0; ///< requests on the wire
    int awaitingPermit = 0;
    int waitingRetry = 0;        ///< FAILED_TRANSIENT waiting for their backoff
    QHash<QString, int> byState; ///< state name -> count, batch tasks only
    qint64 etaMs = -1;           ///< estimated time left, -1 unknown
    QDateTime startedUtc;
    bool gateBlind = false;
    bool teamMode = false;       ///< a ledger is configured: figures are the fleet's
    bool ledgerReachable = true; ///< team mode: false while the ledger cannot be reached (nothing is sent)
    /// Team mode: false once this desk's mirror found the ledger's audit chain broken (ledgerReachable is
    /// false too, and stays so for the life of the engine).
    bool ledgerTrusted = true;
    LedgerLink ledgerLink = LedgerLink::Connected; ///< team mode: the connection's state in detail
    /// Team mode: why this member claims nothing (no registry configured for the team's jurisdictions, no
    /// fleet gate shared with the team): a review desk. Empty: it takes work it can send.
    QString reviewOnlyReason;
    QStringList openBatches; ///< team mode: the ids of the team's batches running or paused
    QString ledgerId;        ///< team mode: the ledger's identity (empty until it was reached)
    /// Team mode: this member's database login and FilingDesk roles, as the ledger reported them at connect
    /// (what the console enables and the command line allows). A single desk: TeamAccess::singleDesk().
    TeamAccess access;
    /// Compliance status (complianceName()) -> count, batch tasks only, as of the plan's as-of date.
    QHash<QString, int> byCompliance;
    int claimsHeld = 0; ///< team mode: tasks this member holds
    int filedHere = 0;  ///< filings this member completed
};

/// One alert for a person: a statutory halt, a reconciliation exception, a dead letter, a lost permit, or a
/// jurisdiction whose registry keeps failing (its circuit breaker opened or closed again).
struct EngineAlert {
    AlertKind kind = AlertKind::Unknown; ///< breaker_open / breaker_closed: no task, jurisdiction and message
    QString idempotencyKey;
    QString entityName;
    QString jurisdiction;
    QString message;
    /// AlertKind::Unknown only: the name the alert came with (a kind newer than this build), announced as is.
    /// Initialised here so that an alert of a known kind is written without it.
    QString unknownKindName = {};

    /// The kind's name: toString(kind), or unknownKindName for an unknown kind ("" when it has none).
    QString kindName() const { return kind == AlertKind::Unknown ? unknownKindName : toString(kind); }
};

void registerEngineMetaTypes();

} // namespace fd

Q_DECLARE_METATYPE(fd::PortfolioSummary)
Q_DECLARE_METATYPE(fd::BatchStatus)
Q_DECLARE_METATYPE(fd::EngineAlert)
Q_DECLARE_METATYPE(fd::RowPlan)
Q_DECLARE_METATYPE(fd::LedgerLink)
