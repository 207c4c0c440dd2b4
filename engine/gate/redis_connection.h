#pragma once

#include "engine/gate/redis_endpoint.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>

struct redisAsyncContext;
struct redisReply;
class RedisQtAdapter;

namespace fd {

/// A Redis reply, copied out of hiredis. `ok` is false when the command never got an answer (disconnected,
/// timed out) — callers treat that exactly like a Redis error: fail closed.
struct RedisReply {
    enum class Type { None, String, Array, Integer, Nil, Status, Error };
    bool ok = false;
    Type type = Type::None;
    qint64 integer = 0;
    QByteArray string;          ///< String, Status, Error
    QList<RedisReply> elements; ///< Array

    bool isError() const { return !ok || type == Type::Error; }
    QString errorText() const;
};

/// One asynchronous hiredis connection driven by the Qt event loop (hiredis's own Qt adapter).
///
/// Reconnects by itself (every `reconnectIntervalMs`) and drops a connection whose oldest command waited more
/// than `commandTimeoutMs` (a stalled server), failing its pending commands. Thread affinity: the thread it
/// was created on; the redisAsyncContext never leaves it.
class RedisConnection : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(const RedisReply &)>;

    explicit RedisConnection(const RedisEndpoint &endpoint, QObject *parent = nullptr);
    ~RedisConnection() override;

    void setCommandTimeoutMs(int ms) { m_commandTimeoutMs = ms; }
    void setReconnectIntervalMs(int ms) { m_reconnect.setInterval(ms); }
    /// Starts connecting (and keeps reconnecting until stop()).
    void start();
    void stop();
    bool isConnected() const { return m_ready; }
    QString lastError() const { return m_lastError; }
    /// Commands sent and not yet answered.
    int pendingCount() const { return int(m_inFlight.size()); }

    /// Sends a command; `callback` is called exactly once, with ok=false if it cannot be answered.
    void command(const QList<QByteArray> &argv, Callback callback);
    /// Subscribes to a channel pattern (PSUBSCRIBE); `onMessage(channel, payload)` for each message. Use on a
    /// connection dedicated to subscriptions; re-subscribed after every reconnect.
    void psubscribe(const QByteArray &pattern,
                    std::function<void(const QByteArray &, const QByteArray &)> onMessage);

Q_SIGNALS:
    void connected();
    void disconnected(const QString &reason);
    /// A connection attempt failed (refused, unreachable, authentication); another follows by itself.
    void connectFailed(const QString &reason);

private:
    struct Pending;
    void connectNow();
    void dropConnection(const QString &reason);
    void handshake();
    void retireAdapter();
    void onConnectResult(int status);
    void onDisconnect(int status);
    void checkStalls();
    static void connectCallback(const redisAsyncContext *ctx, int status);
    static void disconnectCallback(const redisAsyncContext *ctx, int status);
    static void replyCallback(redisAsyncContext *ctx, void *reply, void *privdata);
    static void subscribeCallback(redisAsyncContext *ctx, void *reply, void *privdata);
    void send(const QList<QByteArray> &argv, Callback callback);

    RedisEndpoint m_endpoint;
    redisAsyncContext *m_ctx = nullptr;
    RedisQtAdapter *m_adapter = nullptr;
    bool m_ready = false; // connected and authenticated
    bool m_running = false;
    QString m_lastError;
    QTimer m_reconnect{this};
    QTimer m_watchdog{this};
    int m_commandTimeoutMs = 3000;
    QList<Pending *> m_inFlight;
    QByteArray m_pattern;
    std::function<void(const QByteArray &, const QByteArray &)> m_onMessage;
};

} // namespace fd
