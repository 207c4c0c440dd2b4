#include "engine/gate/redis_connection.h"

#include <hiredis/adapters/qt.h>
#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include <QLoggingCategory>
#include <QUrlQuery>

#include <vector>

Q_LOGGING_CATEGORY(lcRedis, "filingdesk.gate.redis")

namespace fd {

struct RedisConnection::Pending {
    RedisConnection *owner;
    Callback callback;
    QElapsedTimer sent;
    bool done = false;
};

namespace {

RedisReply copyReply(const redisReply *r) {
    RedisReply out;
    if (!r)
        return out;
    out.ok = true;
    switch (r->type) {
    case REDIS_REPLY_STRING:
        out.type = RedisReply::Type::String;
        out.string = QByteArray(r->str, qsizetype(r->len));
        break;
    case REDIS_REPLY_STATUS:
        out.type = RedisReply::Type::Status;
        out.string = QByteArray(r->str, qsizetype(r->len));
        break;
    case REDIS_REPLY_ERROR:
        out.type = RedisReply::Type::Error;
        out.string = QByteArray(r->str, qsizetype(r->len));
        break;
    case REDIS_REPLY_INTEGER:
        out.type = RedisReply::Type::Integer;
        out.integer = r->integer;
        break;
    case REDIS_REPLY_NIL:
        out.type = RedisReply::Type::Nil;
        break;
    case REDIS_REPLY_ARRAY:
        out.type = RedisReply::Type::Array;
        for (size_t i = 0; i < r->elements; ++i)
            out.elements.append(copyReply(r->element[i]));
        break;
    default:
        out.type = RedisReply::Type::None;
        break;
    }
    return out;
}

} // namespace

void RedisConnection::retireAdapter() {
    if (!m_adapter)
        return;
    // RedisQtAdapter's destructor writes to the context it was given, which hiredis frees on its own
    // schedule: point the adapter at a context that lives for ever before it goes.
    static thread_local redisAsyncContext detached{};
    detached.ev.data = nullptr;
    m_adapter->setContext(&detached);
    detached.ev.data = nullptr;
    m_adapter->deleteLater();
    m_adapter = nullptr;
}

QString RedisReply::errorText() const {
    if (!ok)
        return QStringLiteral("no answer from Redis");
    if (type == Type::Error)
        return QString::fromUtf8(string);
    return QString();
}

RedisConnection::RedisConnection(const RedisEndpoint &endpoint, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint) {
    m_reconnect.setInterval(1000);
    m_reconnect.setSingleShot(true);
    connect(&m_reconnect, &QTimer::timeout, this, &RedisConnection::connectNow);
    m_watchdog.setInterval(250);
    connect(&m_watchdog, &QTimer::timeout, this, &RedisConnection::checkStalls);
}

RedisConnection::~RedisConnection() {
    stop();
}

void RedisConnection::start() {
    m_running = true;
    m_watchdog.start();
    if (!m_ctx)
        connectNow();
}

void RedisConnection::stop() {
    m_running = false;
    m_reconnect.stop();
    m_watchdog.stop();
    if (m_ctx)
        dropConnection(QStringLiteral("stopped"));
}

void RedisConnection::connectNow() {
    if (!m_running || m_ctx)
        return;
    redisAsyncContext *ctx = redisAsyncConnect(m_endpoint.host.toUtf8().constData(), m_endpoint.port);
    if (!ctx || ctx->err) {
        m_lastError = ctx ? QString::fromUtf8(ctx->errstr) : QStringLiteral("out of memory");
        if (ctx)
            redisAsyncFree(ctx);
        m_reconnect.start();
        return;
    }
    m_ctx = ctx;
    ctx->data = this;
    m_adapter = new RedisQtAdapter(nullptr);
    m_adapter->setContext(ctx);
    redisAsyncSetConnectCallback(ctx, &RedisConnection::connectCallback);
    redisAsyncSetDisconnectCallback(ctx, &RedisConnection::disconnectCallback);
}

void RedisConnection::connectCallback(const redisAsyncContext *ctx, int status) {
    auto *self = static_cast<RedisConnection *>(ctx->data);
    if (self)
        self->onConnectResult(status);
}

void RedisConnection::disconnectCallback(const redisAsyncContext *ctx, int status) {
    auto *self = static_cast<RedisConnection *>(ctx->data);
    if (self)
        self->onDisconnect(status);
}

void RedisConnection::onConnectResult(int status) {
    if (status != REDIS_OK) {
        // hiredis frees the context itself after a failed connect.
        m_lastError = m_ctx ? QString::fromUtf8(m_ctx->errstr) : QStringLiteral("connect failed");
        if (m_ctx)
            m_ctx->data = nullptr;
        m_ctx = nullptr;
        retireAdapter();
        qCDebug(lcRedis) << "connect to" << m_endpoint.redacted() << "failed:" << m_lastError;
        if (m_running) {
            m_reconnect.start();
            Q_EMIT connectFailed(m_lastError);
        }
        return;
    }
    handshake();
}

void RedisConnection::handshake() {
    auto finish = [this] {
        m_ready = true;
        m_lastError.clear();
        qCInfo(lcRedis) << "connected to" << m_endpoint.redacted();
        if (!m_pattern.isEmpty()) {
            const QByteArray pattern = m_pattern;
            std::vector<const char *> argv{"PSUBSCRIBE", pattern.constData()};
            std::vector<size_t> lens{10, size_t(pattern.size())};
            redisAsyncCommandArgv(m_ctx, &RedisConnection::subscribeCallback, this, 2, argv.data(),
                                  lens.data());
        }
        Q_EMIT connected();
    };
    auto selectDb = [this, finish] {
        if (m_endpoint.db == 0) {
            finish();
            return;
        }
        send({QByteArrayLiteral("SELECT"), QByteArray::number(m_endpoint.db)}, [this,
                                                                                finish](const RedisReply &r) {
            if (r.isError()) {
                dropConnection(QStringLiteral("SELECT %1 failed: %2").arg(m_endpoint.db).arg(r.errorText()));
                return;
            }
            finish();
        });
    };
    if (m_endpoint.password.isEmpty()) {
        selectDb();
        return;
    }
    QList<QByteArray> auth{QByteArrayLiteral("AUTH")};
    if (!m_endpoint.user.isEmpty())
        auth.append(m_endpoint.user.toUtf8());
    auth.append(m_endpoint.password.toUtf8());
    send(auth, [this, selectDb](const RedisReply &r) {
        if (r.isError()) {
            dropConnection(QStringLiteral("authentication failed: %1").arg(r.errorText()));
            return;
        }
        selectDb();
    });
}

void RedisConnection::onDisconnect(int status) {
    const QString reason =
        status == REDIS_OK ? QStringLiteral("disconnected")
                           : (m_ctx ? QString::fromUtf8(m_ctx->errstr) : QStringLiteral("connection lost"));
    if (m_ctx)
        m_ctx->data = nullptr;
    m_ctx = nullptr; // hiredis frees the context after this callback
    const bool wasReady = m_ready;
    m_ready = false;
    m_lastError = reason;
    retireAdapter();
    // Pending replies were already failed by hiredis (callbacks with a null reply).
    m_inFlight.clear();
    if (m_running)
        qCWarning(lcRedis) << "lost" << m_endpoint.redacted() << ":" << reason;
    else
        qCInfo(lcRedis) << "closed" << m_endpoint.redacted();
    if (wasReady)
        Q_EMIT disconnected(reason);
    else if (m_running)
        Q_EMIT connectFailed(reason); // e.g. refused during AUTH/SELECT
    if (m_running)
        m_reconnect.start();
}

void RedisConnection::dropConnection(const QString &reason) {
    if (!m_ctx)
        return;
    redisAsyncContext *ctx = m_ctx;
    m_lastError = reason;
    // redisAsyncFree calls every pending callback with a null reply, then the disconnect callback.
    redisAsyncFree(ctx);
    if (m_ctx == ctx) {
        ctx->data = nullptr;
        m_ctx = nullptr;
        const bool wasReady = m_ready;
        m_ready = false;
        retireAdapter();
        m_inFlight.clear();
        if (wasReady)
            Q_EMIT disconnected(reason);
        if (m_running)
            m_reconnect.start();
    }
}

void RedisConnection::checkStalls() {
    if (!m_ctx)
        return;
    for (Pending *p : std::as_const(m_inFlight)) {
        if (!p->done && p->sent.elapsed() > m_commandTimeoutMs) {
            qCWarning(lcRedis) << "Redis did not answer within" << m_commandTimeoutMs << "ms; reconnecting";
            dropConnection(QStringLiteral("no answer within %1 ms").arg(m_commandTimeoutMs));
            return;
        }
    }
}

void RedisConnection::replyCallback(redisAsyncContext *, void *reply, void *privdata) {
    auto *pending = static_cast<Pending *>(privdata);
    RedisConnection *self = pending->owner;
    self->m_inFlight.removeOne(pending);
    const RedisReply copy = copyReply(static_cast<redisReply *>(reply));
    Callback cb = std::move(pending->callback);
    delete pending;
    if (cb)
        cb(copy);
}

void RedisConnection::subscribeCallback(redisAsyncContext *, void *reply, void *privdata) {
    auto *self = static_cast<RedisConnection *>(privdata);
    const RedisReply r = copyReply(static_cast<redisReply *>(reply));
    if (!r.ok || r.type != RedisReply::Type::Array || r.elements.size() < 4)
        return;
    if (r.elements.at(0).string == "pmessage" && self->m_onMessage)
        self->m_onMessage(r.elements.at(2).string, r.elements.at(3).string);
}

void RedisConnection::send(const QList<QByteArray> &argv, Callback callback) {
    std::vector<const char *> args;
    std::vector<size_t> lens;
    for (const QByteArray &a : argv) {
        args.push_back(a.constData());
        lens.push_back(size_t(a.size()));
    }
    auto *pending = new Pending{this, std::move(callback), {}, false};
    pending->sent.start();
    if (redisAsyncCommandArgv(m_ctx, &RedisConnection::replyCallback, pending, int(args.size()), args.data(),
                              lens.data()) != REDIS_OK) {
        Callback cb = std::move(pending->callback);
        delete pending;
        if (cb)
            cb(RedisReply{});
        return;
    }
    m_inFlight.append(pending);
}

void RedisConnection::command(const QList<QByteArray> &argv, Callback callback) {
    if (!m_ctx || !m_ready) {
        // Fail closed, but never re-entrantly inside the caller.
        QMetaObject::invokeMethod(
            this, [callback = std::move(callback)] { callback(RedisReply{}); }, Qt::QueuedConnection);
        return;
    }
    send(argv, std::move(callback));
}

void RedisConnection::psubscribe(const QByteArray &pattern,
                                 std::function<void(const QByteArray &, const QByteArray &)> onMessage) {
    m_pattern = pattern;
    m_onMessage = std::move(onMessage);
    if (m_ctx && m_ready) {
        std::vector<const char *> argv{"PSUBSCRIBE", m_pattern.constData()};
        std::vector<size_t> lens{10, size_t(m_pattern.size())};
        redisAsyncCommandArgv(m_ctx, &RedisConnection::subscribeCallback, this, 2, argv.data(), lens.data());
    }
}

} // namespace fd
