#pragma once

#include "engine/gate/permit_gate.h"

#include <QHash>
#include <QList>
#include <QSet>

namespace fd {

/// The in-process gate: serves a single console when no Redis is configured. Same contract as the fleet gate,
/// but it only knows this process's own permits: requests of one jurisdiction are granted first come, first
/// served (from the event loop, never inside the caller); a withdrawn request is never granted, since grants
/// and withdrawals happen on the same thread; a permit cannot be lost (no lease runs out in-process); close()
/// drops every waiter and permit and calls back at once (queued). Thread affinity: the engine thread.
class LocalPermitGate : public PermitGate { // not final: unit tests inject gate faults by subclassing
    Q_OBJECT
public:
    explicit LocalPermitGate(qint64 leaseMs, QObject *parent = nullptr);

    Mode mode() const override { return Mode::InProcess; }
    QString describe() const override;
    void requestPermit(quint64 requestId, const QString &jurisdiction, int limit,
                       const PermitHolder &holder) override;
    void cancelRequest(quint64 requestId) override;
    void releasePermit(const QString &jurisdiction, const QString &token) override;
    bool isBlind() const override { return false; }
    void refreshUsage(const QStringList &jurisdictions) override;
    qint64 leaseMs() const override { return m_leaseMs; }
    void close(int timeoutMs, std::function<void()> done) override;

private:
    struct Waiter {
        quint64 requestId;
        QString jurisdiction;
        int limit;
        PermitHolder holder;
    };
    void grantWaiting();

    qint64 m_leaseMs;
    QList<Waiter> m_waiters;
    QHash<QString, QHash<QString, PermitInfo>> m_held; // jurisdiction -> token -> info
    QHash<QString, int> m_caps;
    bool m_closed = false;
};

} // namespace fd
