#include "engine/gate/local_permit_gate.h"

#include <QDateTime>
#include <QTimer>
#include <QUuid>

namespace fd {

LocalPermitGate::LocalPermitGate(qint64 leaseMs, QObject *parent)
    : PermitGate(parent)
    , m_leaseMs(leaseMs) {}

QString LocalPermitGate::describe() const {
    return tr("in-process gate (this console only; no Redis configured)");
}

void LocalPermitGate::requestPermit(quint64 requestId, const QString &jurisdiction, int limit,
                                    const PermitHolder &holder) {
    if (m_closed)
        return; // nothing is granted after close()
    m_waiters.append({requestId, jurisdiction, limit, holder});
    m_caps.insert(jurisdiction, limit);
    // Grant from the event loop, never re-entrantly inside the caller.
    QTimer::singleShot(0, this, &LocalPermitGate::grantWaiting);
}

void LocalPermitGate::cancelRequest(quint64 requestId) {
    m_waiters.removeIf([requestId](const Waiter &w) { return w.requestId == requestId; });
}

void LocalPermitGate::releasePermit(const QString &jurisdiction, const QString &token) {
    auto it = m_held.find(jurisdiction);
    if (it != m_held.end() && it->remove(token))
        QTimer::singleShot(0, this, &LocalPermitGate::grantWaiting);
}

void LocalPermitGate::close(int timeoutMs, std::function<void()> done) {
    Q_UNUSED(timeoutMs); // nothing to confirm: every release and withdrawal takes effect at once
    m_closed = true;
    m_waiters.clear();
    m_held.clear();
    QMetaObject::invokeMethod(this, std::move(done), Qt::QueuedConnection);
}

void LocalPermitGate::grantWaiting() {
    for (qsizetype i = 0; i < m_waiters.size();) {
        const Waiter w = m_waiters.at(i);
        auto &held = m_held[w.jurisdiction];
        if (held.size() >= w.limit) {
            ++i;
            continue;
        }
        PermitInfo info;
        info.token = QUuid::createUuid().toString(QUuid::Id128);
        info.scoreMs = QDateTime::currentMSecsSinceEpoch();
        info.known = true;
        info.holder = w.holder;
        held.insert(info.token, info);
        m_waiters.removeAt(i);
        Q_EMIT permitGranted(w.requestId, info.token);
    }
}

void LocalPermitGate::refreshUsage(const QStringList &jurisdictions) {
    QList<JurisdictionUsage> usage;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const QString &j : jurisdictions) {
        JurisdictionUsage u;
        u.jurisdiction = j;
        u.cap = m_caps.value(j);
        u.leaseMs = m_leaseMs;
        for (PermitInfo info : m_held.value(j)) {
            info.ageMs = now - info.scoreMs;
            u.permits.append(info);
        }
        u.inUse = int(u.permits.size());
        usage.append(u);
    }
    Q_EMIT usageUpdated(usage);
}

} // namespace fd
