#include "engine/dispatch/permit_ledger.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcPermits, "filingdesk.dispatch.permits")

namespace fd {

quint64 PermitLedger::request(const QString &key, const QString &jurisdiction, int limit,
                              const PermitHolder &holder) {
    withdraw(key); // one request per task at a time
    const quint64 id = m_nextRequestId++;
    m_awaiting.insert(id, Awaiting{key, jurisdiction});
    m_awaitingByKey.insert(key, id);
    if (m_gate)
        m_gate->requestPermit(id, jurisdiction, limit, holder);
    return id;
}

QString PermitLedger::granted(quint64 requestId, const QString &token) {
    const auto it = m_awaiting.constFind(requestId);
    if (it == m_awaiting.cend()) {
        // The gate promises no grant after a withdrawal; should one come anyway, it must not stay held.
        qCWarning(lcPermits) << "grant for an unknown request" << requestId << "handed back";
        return QString();
    }
    const Awaiting a = *it;
    m_awaiting.erase(it);
    m_awaitingByKey.remove(a.key);
    m_held.insert(a.key, Held{a.jurisdiction, token});
    return a.key;
}

bool PermitLedger::withdraw(const QString &key) {
    const auto it = m_awaitingByKey.constFind(key);
    if (it == m_awaitingByKey.cend())
        return false;
    const quint64 id = *it;
    m_awaitingByKey.erase(it);
    m_awaiting.remove(id);
    if (m_gate)
        m_gate->cancelRequest(id);
    return true;
}

QStringList PermitLedger::withdrawAll() {
    const QStringList keys = m_awaitingByKey.keys();
    for (const QString &key : keys)
        withdraw(key);
    return keys;
}

bool PermitLedger::release(const QString &key) {
    const auto it = m_held.constFind(key);
    if (it == m_held.cend())
        return false;
    const Held h = *it;
    m_held.erase(it);
    if (m_gate) // gone after close(): the lease reclaims what could not be handed back
        m_gate->releasePermit(h.jurisdiction, h.token);
    return true;
}

QString PermitLedger::jurisdictionOf(const QString &key) const {
    if (const auto held = m_held.constFind(key); held != m_held.cend())
        return held->jurisdiction;
    if (const auto id = m_awaitingByKey.constFind(key); id != m_awaitingByKey.cend())
        return m_awaiting.value(*id).jurisdiction;
    return QString();
}

} // namespace fd
