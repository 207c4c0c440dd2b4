#pragma once

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

namespace fd {

/// Who holds a permit, for the console's "who holds the permits" view (spec gate-wire.md, "Holder metadata").
struct PermitHolder {
    QString host;
    QString process;   ///< "filingdesk/<pid>"
    QString consoleId; ///< console or worker id, stable for one engine
    QString entityId;
    QString jurisdiction;
    QString idempotencyKey;
};

/// One permit in use, as read back from the gate.
struct PermitInfo {
    QString token;
    qint64 scoreMs = 0; ///< acquired or last renewed, ms since the Unix epoch (Redis server time)
    qint64 ageMs = 0;   ///< now - scoreMs
    bool known = false; ///< holder metadata present (FilingDesk holders); false for reference workers
    PermitHolder holder;
};

/// Permits in use for one jurisdiction, fleet-wide in fleet mode.
struct JurisdictionUsage {
    QString jurisdiction;
    int inUse = 0;
    int cap = 0;
    qint64 leaseMs = 0;
    QList<PermitInfo> permits;
};

/// A counting semaphore per jurisdiction that bounds in-flight registry requests.
///
/// Thread affinity: the engine thread. Requests are asynchronous: requestPermit() never blocks and never
/// fails open; the answer is permitGranted() (possibly much later), or nothing until cancelRequest(). While
/// the gate cannot confirm a free permit (Redis unreachable) it grants nothing: fail closed.
class PermitGate : public QObject {
    Q_OBJECT
public:
    enum class Mode { InProcess, Fleet };
    Q_ENUM(Mode)

    using QObject::QObject;

    virtual Mode mode() const = 0;
    /// Human-readable description: "fleet gate on redis://127.0.0.1:6379 (key prefix sos)".
    virtual QString describe() const = 0;
    /// Queues a request for one permit in `jurisdiction` ("US-DE") under a fleet cap of `limit` permits.
    virtual void requestPermit(quint64 requestId, const QString &jurisdiction, int limit,
                               const PermitHolder &holder) = 0;
    /// Withdraws a queued request; a no-op once granted (release the token instead).
    virtual void cancelRequest(quint64 requestId) = 0;
    /// Returns a granted permit. Idempotent.
    virtual void releasePermit(const QString &jurisdiction, const QString &token) = 0;
    /// True while the gate cannot grant (fleet mode with Redis unreachable).
    virtual bool isBlind() const = 0;
    /// Asks for a usage snapshot of these jurisdictions; answered by usageUpdated().
    virtual void refreshUsage(const QStringList &jurisdictions) = 0;
    /// Lease of a permit in ms (the crash backstop).
    virtual qint64 leaseMs() const = 0;
    /// Waits (bounded by `timeoutMs`, running the calling thread's event loop) until releases already sent
    /// are confirmed, so that a clean shutdown hands its permits back instead of leaving them to the lease.
    virtual void drain(int timeoutMs) { Q_UNUSED(timeoutMs); }

Q_SIGNALS:
    void permitGranted(quint64 requestId, const QString &token);
    /// A held permit was found gone at renewal (reaped after a stall): the request it covered is uncertain.
    void permitLost(const QString &jurisdiction, const QString &token);
    void blindChanged(bool blind, const QString &reason);
    void usageUpdated(const QList<fd::JurisdictionUsage> &usage);
};

/// The Redis key of a jurisdiction's permit set: "<prefix>:<state in lower case>:inflight" (gate-wire.md).
QString permitSetKey(const QString &prefix, const QString &jurisdiction);

} // namespace fd

Q_DECLARE_METATYPE(fd::JurisdictionUsage)
