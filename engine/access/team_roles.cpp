#include "engine/access/team_roles.h"

namespace fd {

namespace {

/// Roles that include `role` (itself and every role above it).
QStringList rolesIncluding(const QString &role) {
    static const QStringList ladder{QStringLiteral("viewer"), QStringLiteral("operator"),
                                    QStringLiteral("approver"), QStringLiteral("admin")};
    const qsizetype at = ladder.indexOf(role);
    if (at < 0)
        return {role};
    return ladder.mid(at);
}

} // namespace

QString TeamAccess::roleNeeded(TeamAction action) {
    switch (action) {
    case TeamAction::View:
        return QStringLiteral("viewer");
    case TeamAction::Launch:
    case TeamAction::PauseResume:
    case TeamAction::Cancel:
    case TeamAction::Replay:
    case TeamAction::Note:
    case TeamAction::EditEntity:
        return QStringLiteral("operator");
    case TeamAction::ResolveHalt:
    case TeamAction::AcceptException:
    case TeamAction::Withdraw:
    case TeamAction::FiledOutside:
        return QStringLiteral("approver");
    case TeamAction::TeamSettings:
        return QStringLiteral("admin");
    case TeamAction::File:
        return QStringLiteral("worker");
    }
    return QStringLiteral("admin");
}

bool TeamAccess::allows(TeamAction action) const {
    if (!team)
        return true;
    if (action == TeamAction::File)
        return roles.contains(QStringLiteral("worker")) || allows(TeamAction::Launch);
    if (action == TeamAction::View && roles.contains(QStringLiteral("worker")))
        return true;
    for (const QString &role : rolesIncluding(roleNeeded(action)))
        if (roles.contains(role))
            return true;
    return false;
}

QString TeamAccess::displayRole() const {
    // A worker reads as a viewer does, but is shown as what it is.
    for (const char *role : {"admin", "approver", "operator", "worker", "viewer"})
        if (roles.contains(QLatin1String(role)))
            return QString::fromLatin1(role);
    return QCoreApplication::translate("TeamAccess", "no FilingDesk role");
}

QString TeamAccess::displayName() const {
    if (!team)
        return {};
    return QStringLiteral("%1 · %2").arg(login, displayRole());
}

QString TeamAccess::refusal(TeamAction action) const {
    if (allows(action))
        return {};
    const QString needed = action == TeamAction::File
                               ? QCoreApplication::translate("TeamAccess", "worker or operator")
                               : roleNeeded(action);
    return QCoreApplication::translate("TeamAccess", "needs the %1 role (%2 has: %3)")
        .arg(needed, login, roles.isEmpty() ? displayRole() : roles.join(QStringLiteral(", ")));
}

} // namespace fd
