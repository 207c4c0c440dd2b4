#pragma once

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <functional>

namespace fd {

/// Who holds a permit, for the console's "who holds the permits" view (docs/gate-wire.md, "Keys":
/// `S:holders`).
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
/// fails open; the answer is permitGranted() (possibly much later), or nothing after cancelRequest(). While
/// the gate cannot confirm a free permit (Redis unreachable) it grants nothing: fail closed.
///
/// Withdrawing has one path, cancelRequest(): pause, cancel, a deadline, SIGINT and shutdown all use it. The
/// gate, not the caller, hands back a permit that was granted (or is being granted on the wire) to a request
/// withdrawn meanwhile, so a withdrawn request never leaves a token in the permit set.
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
    /// Requests of one jurisdiction are served first come, first served, fleet-wide in fleet mode.
    virtual void requestPermit(quint64 requestId, const QString &jurisdiction, int limit,
                               const PermitHolder &holder) = 0;
    /// Withdraws a request. After this call permitGranted() is never emitted for `requestId`; a permit
    /// granted to it before or after (an acquire already on the wire) is handed back by the gate itself.
    /// Idempotent; unknown ids are ignored. Not for a permit the caller already received: release that
    /// instead.
    virtual void cancelRequest(quint64 requestId) = 0;
    /// Returns a granted permit. Idempotent. When the gate finds the token already gone from the permit set
    /// (reaped after its lease ran out while the request was out), it emits permitLost(): the cap may have
    /// been exceeded while the request was on the wire.
    virtual void releasePermit(const QString &jurisdiction, const QString &token) = 0;
    /// True while the gate cannot grant (fleet mode with Redis unreachable).
    virtual bool isBlind() const = 0;
    /// Asks for a usage snapshot of these jurisdictions; answered by usageUpdated().
    virtual void refreshUsage(const QStringList &jurisdictions) = 0;
    /// Lease of a permit in ms (the crash backstop).
    virtual qint64 leaseMs() const = 0;
    /// How much of the lease of held permit `token` is certainly left, in ms by this process's monotonic
    /// clock: the lease counted from when the command that last confirmed the permit was sent. 0 for a
    /// token not held. A request leaves only with at least its timeout left: a process stalled between
    /// grant and send (a slow disk, a busy machine) asks reconfirm() first rather than send on a permit the
    /// gate may have reclaimed. The in-process gate never reclaims a permit of a live process: the lease.
    virtual qint64 leaseLeftMs(const QString &token) const {
        Q_UNUSED(token);
        return leaseMs();
    }
    /// Re-scores held permit `token` and calls `done(true)` once the gate confirms it is still held (a full
    /// lease from now), `done(false)` when it is gone or cannot be confirmed (fail closed: do not send).
    /// `done` is called later from the event loop, never from inside this call. A permit found gone is
    /// forgotten (its release is a no-op) and is not a loss: nothing was sent on it.
    virtual void reconfirm(const QString &jurisdiction, const QString &token,
                           std::function<void(bool)> done) {
        Q_UNUSED(jurisdiction);
        Q_UNUSED(token);
        QMetaObject::invokeMethod(
            this, [done = std::move(done)] { done(true); }, Qt::QueuedConnection);
    }
    /// Closes the gate without a nested event loop: every queued request is withdrawn (as by
    /// cancelRequest()), nothing more is granted, and `done` is called (queued, on the engine thread) once
    /// every release and withdrawal already sent is confirmed, or after `timeoutMs`. Permits not confirmed by
    /// then are left to the lease. The caller releases the permits it still holds before calling this.
    virtual void close(int timeoutMs, std::function<void()> done) = 0;

Q_SIGNALS:
    void permitGranted(quint64 requestId, const QString &token);
    /// A held permit was found gone, at renewal or at release (reaped after a stall): the request it
    /// covered may have been on the wire without a permit. `idempotencyKey` is the holder's task.
    void permitLost(const QString &jurisdiction, const QString &token, const QString &idempotencyKey);
    void blindChanged(bool blind, const QString &reason);
    void usageUpdated(const QList<fd::JurisdictionUsage> &usage);
};

/// The Redis key of a jurisdiction's permit set: "<prefix>:<state in lower case>:inflight"
/// (docs/gate-wire.md, section 1).
QString permitSetKey(const QString &prefix, const QString &jurisdiction);

} // namespace fd

Q_DECLARE_METATYPE(fd::JurisdictionUsage)
