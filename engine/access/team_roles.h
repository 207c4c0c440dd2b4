#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace fd {

/// Who may do what in a team (docs/roles.md). The team ledger enforces it: every change goes through a
/// SECURITY DEFINER function that checks the caller's PostgreSQL login against the group roles
/// `filingdesk_viewer`, `filingdesk_operator`, `filingdesk_approver`, `filingdesk_admin` and
/// `filingdesk_worker` (engine/ledger/ledger_schema_roles.h). This is the same table for the console and the
/// command line, so that what the ledger would refuse is disabled, with the role it needs named, before
/// anything is tried. A single desk has no roles: its one person may do everything
/// (`TeamAccess::singleDesk()`).
///
/// Roles nest: an admin is an approver, an approver an operator, an operator a viewer. A worker reads what a
/// viewer reads and claims, transitions and heartbeats; it does nothing an operator does.
enum class TeamAction {
    View,            ///< read everything, audit verify, reports (viewer)
    Launch,          ///< launch a batch (admits its filings) (operator)
    PauseResume,     ///< pause or resume the team's batches (operator)
    Cancel,          ///< cancel a batch (operator)
    Replay,          ///< replay dead letters (operator)
    Note,            ///< add a note to a filing (operator)
    EditEntity,      ///< edit or import the entity register (operator)
    ResolveHalt,     ///< resolve a statutory halt: requeue after a cure (approver)
    AcceptException, ///< accept a reconciliation exception as filed (approver)
    Withdraw,        ///< withdraw a filing (approver)
    FiledOutside,    ///< record a filing made outside FilingDesk (approver)
    TeamSettings,    ///< caps, team settings (segregation of duties), members (admin)
    File,            ///< claim and send filings, record their transitions (worker, or an operator's desk)
};

/// One member's access: its database login and the FilingDesk group roles it holds (directly or through
/// another role), as short names: "viewer", "operator", "approver", "admin", "worker".
struct TeamAccess {
    QString login;     ///< PostgreSQL session_user; empty for a single desk
    QStringList roles; ///< effective group roles; empty with a login: the login has no FilingDesk role
    bool team = false; ///< false: a single desk, everything is allowed

    static TeamAccess singleDesk() { return {}; }
    /// The same login with the same roles.
    bool operator==(const TeamAccess &other) const = default;
    /// The short role name an action needs ("operator"); for File: "worker or operator".
    static QString roleNeeded(TeamAction action);
    /// True when this access allows `action` (always for a single desk).
    bool allows(TeamAction action) const;
    /// The highest role held, for "alice · operator": admin, approver, operator, worker, then viewer; "no
    /// FilingDesk role" when none.
    QString displayRole() const;
    /// "alice · operator"; empty for a single desk.
    QString displayName() const;
    /// Why `action` is not allowed, for a tooltip or an error: "needs the approver role (alice is an
    /// operator)". Empty when it is allowed.
    QString refusal(TeamAction action) const;
};

} // namespace fd
