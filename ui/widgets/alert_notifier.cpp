#include "ui/widgets/alert_notifier.h"

#include <QSystemTrayIcon>

namespace fd::ui {

namespace {

constexpr int kDetailsKept = 3;

// Most pressing first: a team ledger whose audit trail does not verify, or one that cannot be reached, stops
// this desk altogether, a failing registry a whole
// jurisdiction; halts and exceptions wait for legal-ops, lost permits and dead letters for an operator. Kinds
// not listed follow in the order they arrived; good news comes last.
constexpr AlertKind kPriority[] = {
    AlertKind::AuditUnavailable, AlertKind::LedgerChainBroken, AlertKind::LedgerUnreachable,
    AlertKind::BreakerOpen,      AlertKind::StatutoryHalt,     AlertKind::ReconciliationException,
    AlertKind::PermitLost,       AlertKind::DeadLetter,        AlertKind::FeeDiffers};

} // namespace

AlertNotifier::AlertNotifier(QObject *parent)
    : QObject(parent) {
    m_gather.setSingleShot(true);
    m_gather.setInterval(1000);
    connect(&m_gather, &QTimer::timeout, this, &AlertNotifier::flush);
}

bool AlertNotifier::useTrayIfAvailable(QSystemTrayIcon *icon) {
    if (!QSystemTrayIcon::isSystemTrayAvailable() || !QSystemTrayIcon::supportsMessages())
        return false;
    m_tray = icon;
    m_tray->show();
    return true;
}

QString AlertNotifier::describe(const EngineAlert &alert) {
    QString subject;
    if (!alert.entityName.isEmpty() && !alert.jurisdiction.isEmpty())
        subject = tr("%1 (%2)").arg(alert.entityName, alert.jurisdiction);
    else if (!alert.entityName.isEmpty())
        subject = alert.entityName;
    else if (!alert.jurisdiction.isEmpty())
        subject = alert.jurisdiction;
    else if (!alert.idempotencyKey.isEmpty())
        subject = tr("A filing"); // its reference is for support, not for the notice
    if (subject.isEmpty())
        return alert.message;
    return alert.message.isEmpty() ? subject : tr("%1: %2").arg(subject, alert.message);
}

bool AlertNotifier::isInformational(AlertKind kind) {
    return kind == AlertKind::BreakerClosed || kind == AlertKind::LedgerReachable;
}

bool AlertNotifier::isWaitingKind(AlertKind kind) {
    return kind == AlertKind::StatutoryHalt || kind == AlertKind::ReconciliationException ||
           kind == AlertKind::DeadLetter;
}

void AlertNotifier::addAlert(const EngineAlert &alert) {
    const QString name = alert.kindName().isEmpty() ? QStringLiteral("alert") : alert.kindName();
    Pending &pending = m_pending[name];
    if (pending.count == 0) {
        m_arrival.append(name);
        pending.kind = alert.kind;
        pending.name = name;
    }
    pending.count += 1;
    if (pending.details.size() < kDetailsKept)
        pending.details.append(describe(alert));
    if (isWaitingKind(alert.kind) && !alert.idempotencyKey.isEmpty())
        pending.keys.append(alert.idempotencyKey);
    if (!m_gather.isActive())
        m_gather.start();
}

QString AlertNotifier::part(const Pending &p, bool alone) const {
    const int n = p.count;
    const QString more =
        n > p.details.size() ? tr(" (and %n more)", nullptr, int(n - p.details.size())) : QString();
    const QString details = p.details.join(QStringLiteral("; ")) + more;
    QString counted;
    switch (p.kind) {
    // Registry trouble names its jurisdiction and the next trial request every time: the details are the
    // news.
    case AlertKind::BreakerOpen:
        return tr("Registry failing — %1").arg(details);
    case AlertKind::BreakerClosed:
        return tr("Registry answering again — %1").arg(details);
    case AlertKind::LedgerChainBroken:
        return tr("Team ledger's audit trail does not verify — %1").arg(details);
    case AlertKind::LedgerUnreachable:
        return tr("Team ledger unreachable — %1").arg(details);
    case AlertKind::AuditUnavailable:
        return tr("The audit trail cannot be written — %1").arg(details);
    case AlertKind::LedgerReachable:
        return tr("Team ledger answering again — %1").arg(details);
    case AlertKind::StatutoryHalt:
        counted = tr("%n new statutory halt(s)", nullptr, n);
        break;
    case AlertKind::ReconciliationException:
        counted = tr("%n new reconciliation exception(s)", nullptr, n);
        break;
    case AlertKind::PermitLost:
        counted = tr("%n filing(s) lost their turn under a registry's limit", nullptr, n);
        break;
    case AlertKind::FeeDiffers:
        counted = tr("%n filing(s) charged a fee other than expected", nullptr, n);
        break;
    case AlertKind::DeadLetter:
        counted = tr("%n new filing(s) that could not be filed", nullptr, n);
        break;
    case AlertKind::Unknown:
        // A kind this console does not know yet: shown under the engine's name for it, never dropped.
        return tr("%n alert(s) \"%1\" — %2", nullptr, n).arg(p.name, details);
    }
    return alone && n == 1 ? tr("%1 — %2").arg(counted, p.details.value(0)) : counted;
}

void AlertNotifier::flush() {
    m_gather.stop();
    if (m_pending.isEmpty())
        return;
    QStringList order;
    for (const AlertKind k : kPriority) {
        if (m_pending.contains(toString(k)))
            order.append(toString(k));
    }
    for (const QString &k : std::as_const(m_arrival)) {
        if (!order.contains(k) && !isInformational(m_pending.value(k).kind))
            order.append(k);
    }
    for (const QString &k : std::as_const(m_arrival)) {
        if (!order.contains(k))
            order.append(k);
    }
    int total = 0;
    for (const Pending &p : std::as_const(m_pending))
        total += p.count;
    QStringList parts;
    QStringList keys;
    for (const QString &k : std::as_const(order)) {
        parts.append(part(m_pending.value(k), total == 1));
        keys += m_pending.value(k).keys;
    }
    const Pending first = m_pending.value(order.first());
    const QString text = parts.join(QStringLiteral(", "));
    m_pending.clear();
    m_arrival.clear();
    if (m_tray) {
        const bool goodNews = isInformational(first.kind);
        m_tray->showMessage(goodNews ? tr("FilingDesk") : tr("FilingDesk needs a person"), text,
                            goodNews ? QSystemTrayIcon::Information
                                     : (first.kind == AlertKind::DeadLetter ? QSystemTrayIcon::Warning
                                                                            : QSystemTrayIcon::Critical));
        return;
    }
    Q_EMIT noticeRaised(text, first.name, keys);
}

} // namespace fd::ui
