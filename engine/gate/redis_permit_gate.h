#pragma once

#include "engine/gate/permit_gate.h"
#include "engine/gate/redis_connection.h"

#include <QHash>
#include <QList>
#include <QTimer>

namespace fd {

/// The fleet-wide gate: a Redis sorted set per jurisdiction shared by every console and worker of a fleet,
/// including reference workers (wire format: ../shared/specs/gate-wire.md).
///
/// - Acquire is one atomic Lua script (EVALSHA, EVAL on NOSCRIPT, so SCRIPT FLUSH is survived).
/// - Release removes the token and publishes on "<key>:released"; waiters wake at once, and re-check every
///   `recheckMs` anyway because a notification can be lost (reference workers do not publish).
/// - Each held permit is re-scored every lease/3 (ZADD XX); a token that is gone is reported by permitLost().
/// - Holder metadata (JSON: host, process, console, entity, jurisdiction, key, started) in the hash
///   "<key>:holders", expiring with the lease.
/// - Redis unreachable: nothing is granted (blindChanged(true)); queued requests wait and are served when it
/// is
///   back. Fail closed, never open.
///
/// Thread affinity: the engine thread; both hiredis contexts belong to it.
class RedisPermitGate final : public PermitGate {
    Q_OBJECT
public:
    RedisPermitGate(const RedisEndpoint &endpoint, const QString &keyPrefix, qint64 leaseMs,
                    QObject *parent = nullptr);
    ~RedisPermitGate() override;

    void start();
    Mode mode() const override { return Mode::Fleet; }
    QString describe() const override;
    void requestPermit(quint64 requestId, const QString &jurisdiction, int limit,
                       const PermitHolder &holder) override;
    void cancelRequest(quint64 requestId) override;
    void releasePermit(const QString &jurisdiction, const QString &token) override;
    bool isBlind() const override { return m_blind; }
    void refreshUsage(const QStringList &jurisdictions) override;
    qint64 leaseMs() const override { return m_leaseMs; }
    void close(int timeoutMs, std::function<void()> done) override;

    /// Counters for logs and tests.
    int grantedCount() const { return m_granted; }
    int lostCount() const { return m_lost; }
    int noscriptReloads() const { return m_noscriptReloads; }

private:
    struct Waiter {
        quint64 requestId;
        QString jurisdiction;
        int limit;
        PermitHolder holder;
        QString token;
    };
    struct Held {
        QString jurisdiction;
        QString token;
        QString idempotencyKey;
    };
    enum class Script { Acquire, Renew, Release, Usage };

    void evalScript(Script script, const QList<QByteArray> &keys, const QList<QByteArray> &args,
                    RedisConnection::Callback callback);
    void pump(const QString &jurisdiction);
    void pumpAll();
    void renewAll();
    void setBlind(bool blind, const QString &reason);
    QByteArray key(const QString &jurisdiction) const;

    RedisEndpoint m_endpoint;
    QString m_prefix;
    qint64 m_leaseMs;
    RedisConnection *m_commands;
    RedisConnection *m_subscriber;
    QHash<QString, QList<Waiter>> m_waiters; // jurisdiction -> FIFO
    QHash<QString, bool> m_attemptInFlight;  // one acquire attempt per jurisdiction at a time
    QList<Held> m_held;
    QTimer m_recheck{this};
    QTimer m_renew{this};
    bool m_blind = true;
    QString m_blindReason;
    int m_granted = 0;
    int m_lost = 0;
    int m_noscriptReloads = 0;
};

} // namespace fd
