#include "ui/widgets/alert_notifier.h"

#include <QSystemTrayIcon>

namespace fd::ui {

namespace {

constexpr int kDetailsKept = 3;

// Most pressing first: a team ledger whose audit trail does not verify, or one that cannot be reached, stops
// this desk altogether, a failing registry a whole
// jurisdiction; halts and exceptions wait for legal-ops, lost permits and dead letters for an operator. Kinds
// not listed follow in the order they arrived; good news comes last.
const char *const kPriority[] = {"audit_unavailable", "ledger_chain_broken", "ledger_unreachable",
                                 "breaker_open",      "statutory_halt",      "reconciliation_exception",
                                 "permit_lost",       "dead_letter",         "fee_differs"};

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

bool AlertNotifier::isInformational(const QString &kind) {
    return kind == QLatin1String("breaker_closed") || kind == QLatin1String("ledger_reachable");
}

bool AlertNotifier::isWaitingKind(const QString &kind) {
    return kind == QLatin1String("statutory_halt") || kind == QLatin1String("reconciliation_exception") ||
           kind == QLatin1String("dead_letter");
}

void AlertNotifier::addAlert(const EngineAlert &alert) {
    const QString kind = alert.kind.isEmpty() ? QStringLiteral("alert") : alert.kind;
    Pending &pending = m_pending[kind];
    if (pending.count == 0)
        m_arrival.append(kind);
    pending.count += 1;
    if (pending.details.size() < kDetailsKept)
        pending.details.append(describe(alert));
    if (isWaitingKind(kind) && !alert.idempotencyKey.isEmpty())
        pending.keys.append(alert.idempotencyKey);
    if (!m_gather.isActive())
        m_gather.start();
}

QString AlertNotifier::part(const QString &kind, const Pending &p, bool alone) const {
    const int n = p.count;
    const QString more =
        n > p.details.size() ? tr(" (and %n more)", nullptr, int(n - p.details.size())) : QString();
    const QString details = p.details.join(QStringLiteral("; ")) + more;
    // Registry trouble names its jurisdiction and the next trial request every time: the details are the
    // news.
    if (kind == QLatin1String("breaker_open"))
        return tr("Registry failing — %1").arg(details);
    if (kind == QLatin1String("breaker_closed"))
        return tr("Registry answering again — %1").arg(details);
    if (kind == QLatin1String("ledger_chain_broken"))
        return tr("Team ledger's audit trail does not verify — %1").arg(details);
    if (kind == QLatin1String("ledger_unreachable"))
        return tr("Team ledger unreachable — %1").arg(details);
    if (kind == QLatin1String("audit_unavailable"))
        return tr("The audit trail cannot be written — %1").arg(details);
    if (kind == QLatin1String("ledger_reachable"))
        return tr("Team ledger answering again — %1").arg(details);
    QString counted;
    if (kind == QLatin1String("statutory_halt"))
        counted = tr("%n new statutory halt(s)", nullptr, n);
    else if (kind == QLatin1String("reconciliation_exception"))
        counted = tr("%n new reconciliation exception(s)", nullptr, n);
    else if (kind == QLatin1String("permit_lost"))
        counted = tr("%n filing(s) lost their turn under a registry's limit", nullptr, n);
    else if (kind == QLatin1String("fee_differs"))
        counted = tr("%n filing(s) charged a fee other than expected", nullptr, n);
    else if (kind == QLatin1String("dead_letter"))
        counted = tr("%n new filing(s) that could not be filed", nullptr, n);
    else // a kind this console does not know yet: shown under the engine's name for it, never dropped
        return tr("%n alert(s) \"%1\" — %2", nullptr, n).arg(kind, details);
    return alone && n == 1 ? tr("%1 — %2").arg(counted, p.details.value(0)) : counted;
}

void AlertNotifier::flush() {
    m_gather.stop();
    if (m_pending.isEmpty())
        return;
    QStringList order;
    for (const char *k : kPriority) {
        if (m_pending.contains(QString::fromLatin1(k)))
            order.append(QString::fromLatin1(k));
    }
    for (const QString &k : std::as_const(m_arrival)) {
        if (!order.contains(k) && !isInformational(k))
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
        parts.append(part(k, m_pending.value(k), total == 1));
        keys += m_pending.value(k).keys;
    }
    const QString kind = order.first();
    const QString text = parts.join(QStringLiteral(", "));
    m_pending.clear();
    m_arrival.clear();
    if (m_tray) {
        const bool goodNews = isInformational(kind);
        m_tray->showMessage(goodNews ? tr("FilingDesk") : tr("FilingDesk needs a person"), text,
                            goodNews ? QSystemTrayIcon::Information
                                     : (kind == QLatin1String("dead_letter") ? QSystemTrayIcon::Warning
                                                                             : QSystemTrayIcon::Critical));
        return;
    }
    Q_EMIT noticeRaised(text, kind, keys);
}

} // namespace fd::ui
