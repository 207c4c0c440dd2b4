#include "ui/widgets/alert_notifier.h"

#include <QSystemTrayIcon>

namespace fd::ui {

AlertNotifier::AlertNotifier(QObject *parent)
    : QObject(parent)
{
    m_gather.setSingleShot(true);
    m_gather.setInterval(1000);
    connect(&m_gather, &QTimer::timeout, this, &AlertNotifier::flush);
}

bool AlertNotifier::useTrayIfAvailable(QSystemTrayIcon *icon)
{
    if (!QSystemTrayIcon::isSystemTrayAvailable() || !QSystemTrayIcon::supportsMessages())
        return false;
    m_tray = icon;
    m_tray->show();
    return true;
}

void AlertNotifier::addAlert(const EngineAlert &alert)
{
    m_pending[alert.kind] += 1;
    if (m_pending.value(alert.kind) == 1)
        m_lastMessage = QStringLiteral("%1 (%2): %3").arg(alert.entityName, alert.jurisdiction, alert.message);
    if (!m_gather.isActive())
        m_gather.start();
}

void AlertNotifier::flush()
{
    if (m_pending.isEmpty())
        return;
    QStringList parts;
    QString kind;
    // Most pressing first: halts and exceptions wait for legal-ops, dead letters for an operator.
    for (const char *k : {"statutory_halt", "reconciliation_exception", "permit_lost", "dead_letter"}) {
        const int n = m_pending.value(QString::fromLatin1(k));
        if (n == 0)
            continue;
        if (kind.isEmpty())
            kind = QString::fromLatin1(k);
        if (qstrcmp(k, "statutory_halt") == 0)
            parts << tr("%n new statutory halt(s)", nullptr, n);
        else if (qstrcmp(k, "reconciliation_exception") == 0)
            parts << tr("%n new reconciliation exception(s)", nullptr, n);
        else if (qstrcmp(k, "permit_lost") == 0)
            parts << tr("%n lost permit lease(s)", nullptr, n);
        else
            parts << tr("%n new dead letter(s)", nullptr, n);
    }
    const int total = [this] { int t = 0; for (int n : std::as_const(m_pending)) t += n; return t; }();
    const QString text = parts.join(QStringLiteral(", ")) + (total == 1 ? QStringLiteral(" — ") + m_lastMessage : QString());
    m_pending.clear();
    if (m_tray) {
        m_tray->showMessage(tr("FilingDesk needs a person"), text,
                            kind == QLatin1String("dead_letter") ? QSystemTrayIcon::Warning : QSystemTrayIcon::Critical);
        return;
    }
    Q_EMIT noticeRaised(text, kind);
}

} // namespace fd::ui
