#pragma once

#include "engine/access/team_roles.h"

#include <QCoreApplication>
#include <QString>

class QAction;
class QWidget;

namespace fd::ui {

/// Opening and closing a review (team mode): the ledger asks for the operator role, as it does for a note;
/// TeamAction has no entry of its own for it.
inline constexpr fd::TeamAction kReviewAction = fd::TeamAction::Note;

/// What a team member's roles (fd::TeamAccess, docs/roles.md) let them do, applied to the console's actions
/// and buttons: a control the login may not use is disabled, and its tooltip and status tip name the role
/// it needs ("Replay… — needs the operator role (vera has: viewer)"). A control otherwise disabled (nothing
/// selected, the ledger unreachable …) stays disabled whatever the roles; on a single desk every role is
/// held. The control's own tooltip, as first seen, is kept in front of the refusal.
///
/// Thread affinity: GUI thread.
class AccessGate {
    Q_DECLARE_TR_FUNCTIONS(AccessGate)
public:
    /// Enables `action` when `enabled` and `access` allows `what`.
    static void apply(QAction *action, bool enabled, const fd::TeamAccess &access, fd::TeamAction what);
    /// The same for a button or any other widget.
    static void apply(QWidget *widget, bool enabled, const fd::TeamAccess &access, fd::TeamAction what);
    /// "Replay dead letters: needs the operator role (vera has: viewer)": why `what` is not offered, or
    /// empty when it is allowed.
    static QString refusal(const QString &what, const fd::TeamAccess &access, fd::TeamAction action);
    /// True when the two describe the same login with the same roles (the console applies a change once).
    static bool same(const fd::TeamAccess &a, const fd::TeamAccess &b);
};

} // namespace fd::ui
