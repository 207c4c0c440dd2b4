#pragma once

#include "engine/gate/permit_gate.h"

#include <QHash>
#include <QPointer>
#include <QString>
#include <QStringList>

namespace fd {

/// The engine's side of the permits: which task awaits a permit under which request id, and which task
/// holds which token. Every withdrawal (pause, cancel, deadline, SIGINT, shutdown, an audit failure) goes
/// through withdraw(), which asks the gate to cancel the request; the gate hands back a permit that was or is
/// being granted to it (PermitGate's contract). Every return of a held permit goes through release().
///
/// Thread affinity: the engine thread. The gate may be gone (after close()); then nothing is sent.
class PermitLedger {
public:
    void setGate(PermitGate *gate) { m_gate = gate; }
    PermitGate *gate() const { return m_gate; }

    /// Asks the gate for a permit for `key`; returns the request id.
    quint64 request(const QString &key, const QString &jurisdiction, int limit, const PermitHolder &holder);
    /// A grant arrived: the key it was for, or an empty string for a request withdrawn meanwhile (the permit
    /// is then released here at once, so that it never stays in the permit set).
    QString granted(quint64 requestId, const QString &token);
    /// Withdraws `key`'s pending request, if any; true when there was one.
    bool withdraw(const QString &key);
    /// Withdraws every pending request; returns their keys.
    QStringList withdrawAll();
    /// Returns `key`'s permit, if it holds one; true when it did.
    bool release(const QString &key);
    QStringList holders() const { return m_held.keys(); }

    bool isAwaiting(const QString &key) const { return m_awaitingByKey.contains(key); }
    bool isHolding(const QString &key) const { return m_held.contains(key); }
    QString jurisdictionOf(const QString &key) const;
    /// The token of `key`'s permit; empty when it holds none.
    QString tokenOf(const QString &key) const { return m_held.value(key).token; }
    int awaitingCount() const { return int(m_awaitingByKey.size()); }
    QStringList awaitingKeys() const { return m_awaitingByKey.keys(); }
    int holdingCount() const { return int(m_held.size()); }

private:
    struct Awaiting {
        QString key;
        QString jurisdiction;
    };
    struct Held {
        QString jurisdiction;
        QString token;
    };
    QPointer<PermitGate> m_gate;
    quint64 m_nextRequestId = 1;
    QHash<quint64, Awaiting> m_awaiting;     // request id -> task
    QHash<QString, quint64> m_awaitingByKey; // task -> request id
    QHash<QString, Held> m_held;             // task -> permit
};

} // namespace fd
