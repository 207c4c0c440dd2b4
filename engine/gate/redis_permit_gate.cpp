#include "engine/gate/redis_permit_gate.h"

#include "engine/gate/gate_scripts.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QPointer>
#include <QUuid>

#include <memory>

Q_LOGGING_CATEGORY(lcGate, "filingdesk.gate")

namespace fd {

namespace {

const char *scriptSource(int script) {
    switch (script) {
    case 0:
        return gate_scripts::kAcquire;
    case 1:
        return gate_scripts::kRenew;
    case 2:
        return gate_scripts::kRelease;
    default:
        return gate_scripts::kUsage;
    }
}

QByteArray scriptSha(const char *source) {
    return QCryptographicHash::hash(QByteArray(source), QCryptographicHash::Sha1).toHex();
}

} // namespace

RedisPermitGate::RedisPermitGate(const RedisEndpoint &endpoint, const QString &keyPrefix, qint64 leaseMs,
                                 QObject *parent)
    : PermitGate(parent)
    , m_endpoint(endpoint)
    , m_prefix(keyPrefix)
    , m_leaseMs(leaseMs)
    , m_commands(new RedisConnection(endpoint, this))
    , m_subscriber(new RedisConnection(endpoint, this)) {
    // A stalled Redis must not hold a request longer than a fraction of the lease.
    m_commands->setCommandTimeoutMs(int(qBound(qint64(500), qint64(leaseMs) / 5, qint64(3000))));
    m_subscriber->setCommandTimeoutMs(3000);
    connect(m_commands, &RedisConnection::connected, this, [this] {
        setBlind(false, QString());
        pumpAll();
    });
    connect(m_commands, &RedisConnection::disconnected, this, [this](const QString &reason) {
        m_attemptInFlight.clear();
        setBlind(true, reason);
    });
    connect(m_commands, &RedisConnection::connectFailed, this, [this](const QString &reason) {
        // Already blind (never connected, or reconnecting): say why, once per distinct reason.
        if (reason == m_blindReason)
            return;
        m_blindReason = reason;
        qCInfo(lcGate).noquote() << "gate blind: cannot reach" << m_endpoint.redacted() << ":" << reason;
        Q_EMIT blindChanged(true, reason);
    });
    m_recheck.setInterval(250);
    connect(&m_recheck, &QTimer::timeout, this, &RedisPermitGate::pumpAll);
    m_renew.setInterval(int(qMax<qint64>(100, leaseMs / 3)));
    connect(&m_renew, &QTimer::timeout, this, &RedisPermitGate::renewAll);
}

RedisPermitGate::~RedisPermitGate() {
    m_recheck.stop();
    m_renew.stop();
    // Drop pending callbacks before members go: they capture `this`.
    disconnect(m_commands, nullptr, this, nullptr);
    m_waiters.clear();
    m_commands->stop();
    m_subscriber->stop();
}

void RedisPermitGate::start() {
    m_subscriber->psubscribe((m_prefix + QStringLiteral(":*:inflight:released")).toUtf8(),
                             [this](const QByteArray &channel, const QByteArray &) {
                                 const QByteArray setKey = channel.chopped(int(qstrlen(":released")));
                                 for (auto it = m_waiters.cbegin(); it != m_waiters.cend(); ++it) {
                                     if (key(it.key()) == setKey)
                                         pump(it.key());
                                 }
                             });
    m_commands->start();
    m_subscriber->start();
    m_recheck.start();
    m_renew.start();
    if (!m_commands->isConnected())
        Q_EMIT blindChanged(true, tr("connecting to %1").arg(m_endpoint.redacted()));
}

QString RedisPermitGate::describe() const {
    return tr("fleet gate on %1 (key prefix \"%2\", lease %3 ms)")
        .arg(m_endpoint.redacted(), m_prefix)
        .arg(m_leaseMs);
}

QByteArray RedisPermitGate::key(const QString &jurisdiction) const {
    return permitSetKey(m_prefix, jurisdiction).toUtf8();
}

void RedisPermitGate::setBlind(bool blind, const QString &reason) {
    if (m_blind == blind)
        return;
    m_blind = blind;
    m_blindReason = blind ? reason : QString();
    if (blind)
        qCWarning(lcGate) << "gate blind: Redis unreachable, nothing is being sent:" << reason;
    else
        qCInfo(lcGate) << "gate connected:" << describe();
    Q_EMIT blindChanged(blind, reason);
}

void RedisPermitGate::evalScript(Script script, const QList<QByteArray> &keys, const QList<QByteArray> &args,
                                 RedisConnection::Callback callback) {
    const char *source = scriptSource(int(script));
    QList<QByteArray> argv{QByteArrayLiteral("EVALSHA"), scriptSha(source), QByteArray::number(keys.size())};
    argv += keys;
    argv += args;
    QPointer<RedisPermitGate> self(this);
    m_commands->command(
        argv, [self, source, keys, args, callback = std::move(callback)](const RedisReply &reply) {
            if (!self)
                return;
            if (reply.ok && reply.type == RedisReply::Type::Error && reply.string.startsWith("NOSCRIPT")) {
                // The script cache was flushed (SCRIPT FLUSH, restart): send the source, which also caches
                // it.
                ++self->m_noscriptReloads;
                QList<QByteArray> eval{QByteArrayLiteral("EVAL"), QByteArray(source),
                                       QByteArray::number(keys.size())};
                eval += keys;
                eval += args;
                self->m_commands->command(eval, callback);
                return;
            }
            callback(reply);
        });
}

void RedisPermitGate::requestPermit(quint64 requestId, const QString &jurisdiction, int limit,
                                    const PermitHolder &holder) {
    Waiter w{requestId, jurisdiction, limit, holder, QUuid::createUuid().toString(QUuid::Id128)};
    m_waiters[jurisdiction].append(w);
    QMetaObject::invokeMethod(
        this, [this, jurisdiction] { pump(jurisdiction); }, Qt::QueuedConnection);
}

void RedisPermitGate::cancelRequest(quint64 requestId) {
    for (auto &queue : m_waiters)
        queue.removeIf([requestId](const Waiter &w) { return w.requestId == requestId; });
}

void RedisPermitGate::pumpAll() {
    const QStringList jurisdictions = m_waiters.keys();
    for (const QString &j : jurisdictions)
        pump(j);
}

void RedisPermitGate::pump(const QString &jurisdiction) {
    if (m_blind || m_attemptInFlight.value(jurisdiction))
        return;
    auto it = m_waiters.find(jurisdiction);
    if (it == m_waiters.end() || it->isEmpty())
        return;
    const Waiter head = it->first();
    m_attemptInFlight.insert(jurisdiction, true);
    const QJsonObject holder{
        {QStringLiteral("host"), head.holder.host},
        {QStringLiteral("process"), head.holder.process},
        {QStringLiteral("console"), head.holder.consoleId},
        {QStringLiteral("entity"), head.holder.entityId},
        {QStringLiteral("jurisdiction"), jurisdiction},
        {QStringLiteral("key"), head.holder.idempotencyKey},
        {QStringLiteral("started_ms"), QDateTime::currentMSecsSinceEpoch()},
    };
    const QByteArray setKey = key(jurisdiction);
    evalScript(Script::Acquire, {setKey, setKey + ":holders"},
               {QByteArray::number(m_leaseMs), QByteArray::number(head.limit), head.token.toLatin1(),
                QJsonDocument(holder).toJson(QJsonDocument::Compact)},
               [this, jurisdiction, head](const RedisReply &reply) {
                   m_attemptInFlight.insert(jurisdiction, false);
                   if (reply.isError() || reply.type != RedisReply::Type::Array || reply.elements.isEmpty()) {
                       if (reply.ok)
                           qCWarning(lcGate) << "acquire script failed:" << reply.errorText();
                       return; // fail closed: retried on the next wake-up or re-check
                   }
                   const bool granted = reply.elements.at(0).integer == 1;
                   if (reply.elements.size() > 2 && reply.elements.at(2).integer > 0)
                       qCInfo(lcGate) << "reclaimed" << reply.elements.at(2).integer << "expired permit(s) on"
                                      << key(jurisdiction);
                   if (!granted)
                       return;
                   auto &queue = m_waiters[jurisdiction];
                   const bool stillWanted = std::any_of(queue.cbegin(), queue.cend(), [&](const Waiter &w) {
                       return w.requestId == head.requestId;
                   });
                   queue.removeIf([&](const Waiter &w) { return w.requestId == head.requestId; });
                   if (!stillWanted) {
                       releasePermit(jurisdiction, head.token);
                   } else {
                       ++m_granted;
                       m_held.append({jurisdiction, head.token, head.holder.idempotencyKey});
                       Q_EMIT permitGranted(head.requestId, head.token);
                   }
                   pump(jurisdiction);
               });
}

void RedisPermitGate::releasePermit(const QString &jurisdiction, const QString &token) {
    const qsizetype removed = m_held.removeIf([&](const Held &h) { return h.token == token; });
    if (removed == 0)
        return;
    const QByteArray setKey = key(jurisdiction);
    evalScript(Script::Release, {setKey, setKey + ":holders", setKey + ":released"}, {token.toLatin1()},
               [setKey, token](const RedisReply &reply) {
                   if (reply.isError())
                       qCWarning(lcGate) << "release of" << token.left(8) << "on" << setKey
                                         << "not confirmed; the lease will reclaim it:" << reply.errorText();
               });
}

void RedisPermitGate::close(int timeoutMs, std::function<void()> done) {
    m_waiters.clear();
    m_recheck.stop();
    m_renew.stop();
    auto finished = std::make_shared<bool>(false);
    auto finish = [finished, done] {
        if (*finished)
            return;
        *finished = true;
        done();
    };
    if (!m_commands->isConnected() || m_commands->pendingCount() == 0) {
        QMetaObject::invokeMethod(this, finish, Qt::QueuedConnection);
        return;
    }
    QPointer<QTimer> poll = new QTimer(this);
    connect(poll, &QTimer::timeout, this, [this, poll, finish] {
        if (m_commands->pendingCount() == 0 || !m_commands->isConnected()) {
            poll->deleteLater();
            finish();
        }
    });
    QTimer::singleShot(timeoutMs, this, [poll, finish] {
        if (poll)
            poll->deleteLater();
        finish();
    });
    poll->start(10);
}

void RedisPermitGate::renewAll() {
    const QList<Held> held = m_held;
    for (const Held &h : held) {
        const QByteArray setKey = key(h.jurisdiction);
        evalScript(Script::Renew, {setKey, setKey + ":holders"},
                   {h.token.toLatin1(), QByteArray::number(m_leaseMs)}, [this, h](const RedisReply &reply) {
                       if (reply.isError() || reply.integer != 0)
                           return; // renewed, or unknown: the next round tries again
                       if (m_held.removeIf([&](const Held &x) { return x.token == h.token; }) == 0)
                           return; // released meanwhile
                       ++m_lost;
                       qCWarning(lcGate) << "permit" << h.token.left(8) << "on" << h.jurisdiction
                                         << "was lost (reaped after the lease ran out)";
                       Q_EMIT permitLost(h.jurisdiction, h.token, h.idempotencyKey);
                   });
    }
}

void RedisPermitGate::refreshUsage(const QStringList &jurisdictions) {
    if (jurisdictions.isEmpty()) {
        Q_EMIT usageUpdated({});
        return;
    }
    auto collected = std::make_shared<QList<JurisdictionUsage>>();
    auto remaining = std::make_shared<int>(int(jurisdictions.size()));
    for (const QString &j : jurisdictions) {
        const QByteArray setKey = key(j);
        evalScript(Script::Usage, {setKey, setKey + ":holders"}, {},
                   [this, j, collected, remaining](const RedisReply &r) {
                       JurisdictionUsage u;
                       u.jurisdiction = j;
                       u.leaseMs = m_leaseMs;
                       if (!r.isError() && r.type == RedisReply::Type::Array && r.elements.size() == 3) {
                           const qint64 now = r.elements.at(0).integer;
                           QHash<QString, QJsonObject> holders;
                           const auto &h = r.elements.at(2).elements;
                           for (qsizetype i = 0; i + 1 < h.size(); i += 2)
                               holders.insert(QString::fromLatin1(h.at(i).string),
                                              QJsonDocument::fromJson(h.at(i + 1).string).object());
                           const auto &z = r.elements.at(1).elements;
                           for (qsizetype i = 0; i + 1 < z.size(); i += 2) {
                               PermitInfo info;
                               info.token = QString::fromLatin1(z.at(i).string);
                               info.scoreMs = z.at(i + 1).string.toLongLong();
                               info.ageMs = now - info.scoreMs;
                               const auto hit = holders.constFind(info.token);
                               if (hit != holders.constEnd()) {
                                   info.known = true;
                                   info.holder.host = hit->value(QStringLiteral("host")).toString();
                                   info.holder.process = hit->value(QStringLiteral("process")).toString();
                                   info.holder.consoleId = hit->value(QStringLiteral("console")).toString();
                                   info.holder.entityId = hit->value(QStringLiteral("entity")).toString();
                                   info.holder.jurisdiction =
                                       hit->value(QStringLiteral("jurisdiction")).toString();
                                   info.holder.idempotencyKey = hit->value(QStringLiteral("key")).toString();
                               }
                               u.permits.append(info);
                           }
                           u.inUse = int(u.permits.size());
                       } else {
                           u.inUse = -1; // unknown: gate blind
                       }
                       collected->append(u);
                       if (--*remaining == 0)
                           Q_EMIT usageUpdated(*collected);
                   });
    }
}

} // namespace fd
