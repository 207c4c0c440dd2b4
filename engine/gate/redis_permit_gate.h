#pragma once

#include "engine/gate/permit_gate.h"
#include "engine/gate/redis_connection.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QTimer>

namespace fd {

/// The fleet-wide gate: a Redis sorted set per jurisdiction shared by every console and worker of a fleet,
/// including reference workers, plus a first-come-first-served waiting queue in keys the reference ignores
/// (wire format and every key: docs/gate-wire.md).
///
/// - Acquire is one atomic Lua script (EVALSHA, EVAL on NOSCRIPT, so SCRIPT FLUSH is survived). It queues the
///   token in "<set>:queue" and grants in queue order, fleet-wide. Each gate queues only its oldest waiter
///   per jurisdiction, at its member's next turn, so members of a fleet that all wait alternate: an equal
///   share per member; within a turn, first come first served.
/// - Release and withdrawal are one script: it removes the token from the queue and the set and hands the
///   freed permit directly to the live queue head (published on "<set>:granted"), so the cap stays full
///   with no extra round trip. Waiters re-check every `kRecheckMs` anyway (a message can be lost; reference
///   workers neither queue nor publish), which also keeps their queue entry alive: an entry not refreshed
///   for `kWaiterStaleMs` (a crashed waiter) is dropped by the next script that runs. A permit handed over
///   is claimed by its waiter (the renew script) and granted only once Redis confirms the claim: one left
///   unclaimed for max(`kWaiterStaleMs`, lease/3) (the waiter crashed or stalled in between) is taken back,
///   so a dead waiter blocks nobody for a whole lease, and a stalled one that finds it gone queues again
///   instead of sending on a permit that is no longer its own.
/// - Every held permit knows, by this process's monotonic clock, when the command that last confirmed it
///   (acquire, claim or renewal) was sent: its lease runs at least `leaseMs` from then (leaseLeftMs()).
/// - Withdrawal (cancelRequest(), close()) sends the withdraw script on the same connection as the acquire
///   that may still be on the wire, so Redis executes it after that acquire and hands back whatever it
///   granted. Releases and withdrawals that Redis did not confirm (connection lost) are sent again on
///   reconnect until the lease would have reclaimed them anyway; close() waits for their confirmations.
/// - Each held permit is re-scored every lease/3 (ZADD XX); a token found gone at renewal or at release is
///   reported by permitLost().
/// - Holder metadata (JSON: host, process, console, entity, jurisdiction, key, started_ms) in the hash
///   "<set>:holders", expiring with the lease.
/// - Redis unreachable: nothing is granted (blindChanged(true)); queued requests wait and are served when it
///   is back. Fail closed, never open.
///
/// Thread affinity: the engine thread; both hiredis contexts belong to it.
class RedisPermitGate final : public PermitGate {
    Q_OBJECT
public:
    /// How often a waiting gate re-sends its head waiter's acquire (ms): the backstop for a lost grant
    /// message, a permit freed by a reference worker or by a lease running out.
    static constexpr int kRecheckMs = 250;
    /// A queue entry whose waiter has not attempted for this long (ms) is dropped: its member crashed.
    static constexpr int kWaiterStaleMs = 2000;

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
    qint64 leaseLeftMs(const QString &token) const override;
    void reconfirm(const QString &jurisdiction, const QString &token,
                   std::function<void(bool)> done) override;
    /// Also hands back permits the caller still holds (after close() nothing of this gate is in flight).
    void close(int timeoutMs, std::function<void()> done) override;

    /// Counters for logs and tests.
    int grantedCount() const { return m_granted; }
    int lostCount() const { return m_lost; }
    int noscriptReloads() const { return m_noscriptReloads; }
    /// Tokens of this gate: requested (queued or on the wire), held, or being handed back.
    QStringList ownTokens() const;
    /// Releases and withdrawals sent and not yet confirmed by Redis.
    int unconfirmedReturns() const { return int(m_returns.size()); }

private:
    struct Waiter {
        quint64 requestId;
        QString jurisdiction;
        int limit;
        PermitHolder holder;
        QString token;
        bool sent = false;     ///< an acquire for this token was sent: Redis may have queued or granted it
        bool claiming = false; ///< handed a permit by another script; the claim is on the wire
    };
    struct Held {
        QString jurisdiction;
        QString token;
        QString idempotencyKey;
        qint64 confirmedAtMs = 0; ///< m_clock time at which the last confirming command was sent
    };
    enum class ReturnKind { Release, Withdraw };
    struct Return {
        QString jurisdiction;
        QString idempotencyKey;
        ReturnKind kind;
        bool onTheWire = false;
        bool resent = false; ///< a previous attempt may have executed: a missing token is not a loss
        QElapsedTimer since;
    };
    enum class Script { Acquire, Renew, Release, Usage };

    void evalScript(Script script, const QList<QByteArray> &keys, const QList<QByteArray> &args,
                    RedisConnection::Callback callback);
    QList<QByteArray> queueKeys(const QString &jurisdiction) const;
    QList<QByteArray> commonArgs() const;
    void pump(const QString &jurisdiction);
    void pumpAll();
    void onAcquireReply(const QString &jurisdiction, const QString &token, qint64 sentAtMs,
                        const RedisReply &reply);
    /// Hands the permit now held by `token` (confirmed by a command sent at `confirmedAtMs`) to its waiter,
    /// if it still waits. False for an unknown token.
    bool grantToken(const QString &token, qint64 confirmedAtMs);
    /// A permit was handed to `token` by another script: claims it (renew) and grants it once Redis confirms
    /// the claim; a permit taken back meanwhile sends the waiter back to the queue.
    void claimHandoff(const QString &token);
    Waiter *findWaiter(const QString &token);
    Held *findHeld(const QString &token);
    void sendReturn(const QString &jurisdiction, const QString &token, ReturnKind kind,
                    const QString &idempotencyKey);
    void transmitReturn(const QString &token);
    void resendReturns();
    void renewAll();
    /// Re-scores a held permit; `done(held)` when Redis answered (not called on no answer).
    void renew(const Held &held, std::function<void(bool)> done = nullptr);
    void setBlind(bool blind, const QString &reason);
    void checkClosed();
    QByteArray key(const QString &jurisdiction) const;

    RedisEndpoint m_endpoint;
    QString m_prefix;
    qint64 m_leaseMs;
    RedisConnection *m_commands;
    RedisConnection *m_subscriber;
    QByteArray m_memberId; ///< this gate's id in the queue's turns (one member of the fleet)
    QHash<QString, QList<Waiter>> m_waiters; // jurisdiction -> FIFO
    QHash<QString, bool> m_attemptInFlight;  // one acquire attempt per jurisdiction at a time
    QHash<QByteArray, QString> m_jurisdictionOfKey;
    QList<Held> m_held;
    QElapsedTimer m_clock;            ///< monotonic: lease arithmetic never uses the wall clock
    QHash<QString, Return> m_returns; // token -> release or withdrawal not yet confirmed
    QTimer m_recheck{this};
    QTimer m_renew{this};
    bool m_blind = true;
    QString m_blindReason;
    bool m_closing = false;
    std::function<void()> m_closeDone;
    QTimer m_closeTimeout{this};
    int m_granted = 0;
    int m_lost = 0;
    int m_noscriptReloads = 0;
};

} // namespace fd
