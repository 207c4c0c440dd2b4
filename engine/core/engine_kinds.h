#pragma once

#include <QMetaType>
#include <QString>

namespace fd {

/// What an engine alert (EngineAlert) is about. Compared as this enum everywhere; its name ("statutory_halt",
/// ...) appears only where an alert leaves the program (--json output, logs) or comes in by name, through
/// toString() and alertKindFromString().
enum class AlertKind {
    Unknown,                 ///< a name this build does not know; EngineAlert::unknownKindName keeps it
    StatutoryHalt,           ///< "statutory_halt": the registry refused for a statutory reason
    ReconciliationException, ///< "reconciliation_exception": the receipt does not match the filing
    DeadLetter,              ///< "dead_letter": the registry will not take it after every attempt
    PermitLost,              ///< "permit_lost": the gate reclaimed a permit this engine held
    FeeDiffers,              ///< "fee_differs": filed and paid, but not the rule's fee (a review item)
    BreakerOpen,             ///< "breaker_open": a registry keeps failing (no task: jurisdiction, message)
    BreakerClosed,           ///< "breaker_closed": it answers again
    LedgerChainBroken,       ///< "ledger_chain_broken": the team ledger's audit chain does not verify
    LedgerUnreachable,       ///< "ledger_unreachable": the team ledger cannot be reached
    LedgerReachable,         ///< "ledger_reachable": it answers again
    AuditUnavailable,        ///< "audit_unavailable": the audit trail cannot be written; sending paused
};

/// The alert kind's name ("statutory_halt"); "unknown" for AlertKind::Unknown.
QString toString(AlertKind kind);
/// The kind named `name`; AlertKind::Unknown for a name this build does not know (never an error).
AlertKind alertKindFromString(const QString &name);

/// Who decided an action on a batch, and so whom its audit rows name (actor): the person at the desk (the OS
/// user), or FilingDesk on its own ("engine"), as when it starts again and ends an unfinished batch. An audit
/// trail that names a person for what the program did is not honest (README, "The audit trail").
enum class DecidedBy {
    Person,     ///< a person asked for it (a button, a command): the OS user
    FilingDesk, ///< FilingDesk did it without being asked: "engine"
};

/// How a member of the fleet shows in the team ledger's members table (docs/ledger.md, "members") and names
/// its mirror files. Compared as this enum everywhere; its name ("desk", ...) is what the ledger stores,
/// through toString() and memberKindFromString().
enum class MemberKind {
    Unknown, ///< a name this build does not know (a newer member, a hand-made row): shown, never trusted
    Desk,    ///< "desk": an operator console
    Run,     ///< "run": filingdesk run
    Worker,  ///< "worker": filingdesk worker (claims only; does not follow the team's work)
    Launch,  ///< "launch": filingdesk launch (imports and launches, files nothing)
};

/// The member kind's name ("desk"); "unknown" for MemberKind::Unknown.
QString toString(MemberKind kind);
/// The kind named `name`; MemberKind::Unknown for a name this build does not know (never an error).
MemberKind memberKindFromString(const QString &name);

} // namespace fd

Q_DECLARE_METATYPE(fd::AlertKind)
Q_DECLARE_METATYPE(fd::MemberKind)
