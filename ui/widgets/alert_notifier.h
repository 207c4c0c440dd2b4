#pragma once

#include "engine/core/engine_types.h"

#include <QHash>
#include <QObject>
#include <QTimer>

class QSystemTrayIcon;

namespace fd::ui {

/// Tells a person when a statutory halt, a reconciliation exception or a dead letter appears: a desktop
/// notification through the system tray where there is one, otherwise an in-window notice (noticeRaised).
/// Alerts arriving together (a batch can dead-letter dozens at once) are gathered for a second and announced
/// as one message. Thread affinity: GUI thread.
class AlertNotifier : public QObject
{
    Q_OBJECT
public:
    explicit AlertNotifier(QObject *parent = nullptr);

    /// Uses the system tray when it is available; otherwise notices go to the window.
    bool useTrayIfAvailable(QSystemTrayIcon *icon);
    void addAlert(const fd::EngineAlert &alert);
    bool usesTray() const { return m_tray != nullptr; }

Q_SIGNALS:
    /// An in-window notice (no system tray): `kind` of the most pressing alert in it.
    void noticeRaised(const QString &text, const QString &kind);

private:
    void flush();

    QSystemTrayIcon *m_tray = nullptr;
    QTimer m_gather;
    QHash<QString, int> m_pending; ///< kind -> count
    QString m_lastMessage;
};

} // namespace fd::ui
