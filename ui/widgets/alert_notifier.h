#pragma once

#include "engine/core/engine_types.h"

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QTimer>

class QSystemTrayIcon;

namespace fd::ui {

/// Tells a person when something needs them: the team ledger unreachable (nothing is sent from this desk), a
/// jurisdiction's registry failing (circuit breaker open), a statutory halt, a reconciliation exception, a
/// lost permit, a dead letter — and any alert kind the engine adds later, under its own name: no alert is
/// dropped. A desktop notification through the system tray where there is one, otherwise an in-window notice
/// (noticeRaised). Alerts arriving together (a batch can dead-letter dozens at once) are gathered for a
/// second and announced as one message. Thread affinity: GUI thread.
class AlertNotifier : public QObject {
    Q_OBJECT
public:
    explicit AlertNotifier(QObject *parent = nullptr);

    /// Uses the system tray when it is available; otherwise notices go to the window.
    bool useTrayIfAvailable(QSystemTrayIcon *icon);
    void addAlert(const fd::EngineAlert &alert);
    bool usesTray() const { return m_tray != nullptr; }
    /// Announces what was gathered now instead of after the gathering second (tests, shutdown).
    void flushNow() { flush(); }

    /// "Acme Holdings LLC (US-DE): message", "US-DE: message" for alerts about a jurisdiction, or the
    /// message.
    static QString describe(const fd::EngineAlert &alert);
    /// True for kinds that are good news (a registry or the team ledger answering again): no "needs a person"
    /// wording.
    static bool isInformational(fd::AlertKind kind);

Q_SIGNALS:
    /// An in-window notice (no system tray): `kind` names the most pressing alert in it
    /// (EngineAlert::kindName(); alertKindFromString() gives it back); `keys`: the filings it announces that
    /// wait for a person (statutory halts, reconciliation exceptions, dead letters), so that the notice can
    /// be cleared once they are dealt with.
    void noticeRaised(const QString &text, const QString &kind, const QStringList &keys);

public:
    /// True for the kinds whose alerts are filings waiting for a person in a review queue.
    static bool isWaitingKind(fd::AlertKind kind);

private:
    struct Pending {
        fd::AlertKind kind = fd::AlertKind::Unknown;
        QString name; ///< EngineAlert::kindName(), "alert" when it has none
        int count = 0;
        QStringList details; ///< describe() of the first few
        QStringList keys;    ///< the filings, for kinds that wait for a person
    };
    void flush();
    QString part(const Pending &pending, bool alone) const;

    QSystemTrayIcon *m_tray = nullptr;
    QTimer m_gather;
    QHash<QString, Pending> m_pending; ///< kind's name -> alerts gathered (unknown kinds apart by name)
    QStringList m_arrival;             ///< kinds' names in the order they first arrived
};

} // namespace fd::ui
