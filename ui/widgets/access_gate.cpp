#include "ui/widgets/access_gate.h"

#include <QAbstractButton>
#include <QAction>
#include <QVariant>
#include <QWidget>

namespace fd::ui {

namespace {

const char *const kBaseToolTip = "filingdeskBaseToolTip";
const char *const kBaseStatusTip = "filingdeskBaseStatusTip";

/// The object's own tip as it was before the first refusal was added to it.
QString baseTip(QObject *object, const char *property, const QString &current) {
    const QVariant kept = object->property(property);
    if (kept.isValid())
        return kept.toString();
    object->setProperty(property, current);
    return current;
}

QString withRefusal(const QString &base, const QString &refusal) {
    if (refusal.isEmpty())
        return base;
    return base.isEmpty() ? refusal : AccessGate::tr("%1 — %2").arg(base, refusal);
}

/// A menu or button text as a name: "Launch &selection" -> "Launch selection", "&Replay…" -> "Replay".
QString plainText(QString text) {
    return text.remove(QLatin1Char('&')).remove(QChar(0x2026)).trimmed();
}

} // namespace

void AccessGate::apply(QAction *action, bool enabled, const TeamAccess &access, TeamAction what) {
    const QString toolTip = baseTip(action, kBaseToolTip, action->toolTip());
    const QString statusTip = baseTip(action, kBaseStatusTip, action->statusTip());
    const QString refused = access.refusal(what);
    action->setEnabled(enabled && refused.isEmpty());
    action->setToolTip(withRefusal(toolTip, refused));
    action->setStatusTip(refused.isEmpty() ? statusTip : refusal(plainText(action->text()), access, what));
}

void AccessGate::apply(QWidget *widget, bool enabled, const TeamAccess &access, TeamAction what) {
    const QString toolTip = baseTip(widget, kBaseToolTip, widget->toolTip());
    const QString statusTip = baseTip(widget, kBaseStatusTip, widget->statusTip());
    const QString refused = access.refusal(what);
    widget->setEnabled(enabled && refused.isEmpty());
    widget->setToolTip(withRefusal(toolTip, refused));
    QString name = widget->accessibleName();
    if (const auto *button = qobject_cast<QAbstractButton *>(widget); button && name.isEmpty())
        name = plainText(button->text());
    widget->setStatusTip(refused.isEmpty() ? statusTip : refusal(name, access, what));
}

QString AccessGate::refusal(const QString &what, const TeamAccess &access, TeamAction action) {
    const QString refused = access.refusal(action);
    if (refused.isEmpty())
        return {};
    return what.isEmpty() ? refused : tr("%1: %2").arg(what, refused);
}

bool AccessGate::same(const TeamAccess &a, const TeamAccess &b) {
    return a.team == b.team && a.login == b.login && a.roles == b.roles;
}

} // namespace fd::ui
