#include "engine/gate/redis_permit_gate.h"

#include "engine/gate/gate_scripts.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QPointer>
#include <QUuid>

#include <algorithm>
#include <memory>

Q_LOGGING_CATEGORY(lcGate, "filingdesk.gate")

namespace fd {

namespace {

const char *scriptSource(int script) {
    switch (script) {
    case 0:
        return gate_scripts::kAcquire.constData();
    case 1:
        return gate_scripts::kRenew;
    case 2:
        return gate_scripts::kRelease.constData();
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
    , m_subscriber(new RedisConnection(endpoint, this))
    , m_memberId(QUuid::createUuid().toByteArray(QUuid::Id128)) {
    m_clock.start();
    // A stalled Redis must not hold a request longer than a fraction of the lease.
    m_commands->setCommandTimeoutMs(int(qBound(qint64(500), qint64(leaseMs) / 5, qint64(3000))));
    m_subscriber->setCommandTimeoutMs(3000);
    connect(m_commands, &RedisConnection::connected, this, [this] {
        setBlind(false, QString());
        resendReturns();
        pumpAll();
    });
    connect(m_commands, &RedisConnection::disconnected, this, [this](const QString &reason) {
        m_attemptInFlight.clear();
        setBlind(true, reason);
        checkClosed();
    });
    connect(m_commands, &RedisConnection::connectFailed, this, [this](const QString &reason) {
        // Already blind (never connected, or reconnecting): say why, once per distinct reason.
        if (reason == m_blindReason)
            return;
        m_blindReason = reason;
        qCInfo(lcGate).noquote() << "gate blind: cannot reach" << m_endpoint.redacted() << ":" << reason;
        Q_EMIT blindChanged(true, reason);
    });
    // A grant message may have been missed while the subscription was down.
    connect(m_subscriber, &RedisConnection::connected, this, &RedisPermitGate::pumpAll);
    m_recheck.setInterval(kRecheckMs);
    connect(&m_recheck, &QTimer::timeout, this, &RedisPermitGate::pumpAll);
    m_renew.setInterval(int(qMax<qint64>(100, leaseMs / 3)));
    connect(&m_renew, &QTimer::timeout, this, &RedisPermitGate::renewAll);
    m_closeTimeout.setSingleShot(true);
    connect(&m_closeTimeout, &QTimer::timeout, this, [this] {
        if (!m_returns.isEmpty())
            qCWarning(lcGate) << m_returns.size()
                              << "release(s)/withdrawal(s) not confirmed at close; the lease reclaims them";
        m_returns.clear();
        m_attemptInFlight.clear();
        checkClosed();
    });
}

RedisPermitGate::~RedisPermitGate() {
    m_recheck.stop();
    m_renew.stop();
    m_closeTimeout.stop();
    // Drop pending callbacks before members go: they capture `this`.
    disconnect(m_commands, nullptr, this, nullptr);
    disconnect(m_subscriber, nullptr, this, nullptr);
    m_waiters.clear();
    m_commands->stop();
    m_subscriber->stop();
}

void RedisPermitGate::start() {
    // One pattern for both channels of every permit set under the prefix: "<set>:granted" (payload: the token
    // handed a permit) and "<set>:released" (a permit came free and nobody was queued).
    m_subscriber->psubscribe((m_prefix + QStringLiteral(":*:inflight:*")).toUtf8(),
                             [this](const QByteArray &channel, const QByteArray &payload) {
                                 if (channel.endsWith(":granted")) {
                                     claimHandoff(QString::fromLatin1(payload));
                                 } else if (channel.endsWith(":released")) {
                                     const QString j = m_jurisdictionOfKey.value(
                                         channel.chopped(int(qstrlen(":released"))));
                                     if (!j.isEmpty())
                                         pump(j);
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

QList<QByteArray> RedisPermitGate::queueKeys(const QString &jurisdiction) const {
    const QByteArray set = key(jurisdiction);
    return {set,
            set + ":holders",
            set + ":queue",
            set + ":queue:seq",
            set + ":queue:seen",
            set + ":queue:info",
            set + ":queue:handed",
            set + ":queue:turns"};
}

QList<QByteArray> RedisPermitGate::commonArgs() const {
    return {QByteArray::number(m_leaseMs), QByteArray::number(kWaiterStaleMs)};
}

QStringList RedisPermitGate::ownTokens() const {
    QStringList tokens;
    for (const auto &queue : m_waiters)
        for (const Waiter &w : queue)
            tokens << w.token;
    for (const Held &h : m_held)
        tokens << h.token;
    tokens += m_returns.keys();
    return tokens;
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
    static const QByteArray shas[] = {scriptSha(scriptSource(0)), scriptSha(scriptSource(1)),
                                      scriptSha(scriptSource(2)), scriptSha(scriptSource(3))};
    QList<QByteArray> argv{QByteArrayLiteral("EVALSHA"), shas[int(script)], QByteArray::number(keys.size())};
    argv += keys;
    argv += args;
    QPointer<RedisPermitGate> self(this);
    m_commands->command(
        argv, [self, source, keys, args, callback = std::move(callback)](const RedisReply &reply) {
            if (!self)
                return;
            if (reply.ok && reply.type == RedisReply::Type::Error && reply.string.startsWith("NOSCRIPT")) {
                // The script cache was flushed (SCRIPT FLUSH, restart): send the source, which also caches
                // it. This EVAL goes out behind commands sent meanwhile; onAcquireReply() copes with that.
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
    if (m_closing)
        return; // nothing is granted after close()
    Waiter w{requestId, jurisdiction, limit, holder, QUuid::createUuid().toString(QUuid::Id128)};
    m_jurisdictionOfKey.insert(key(jurisdiction), jurisdiction);
    auto &queue = m_waiters[jurisdiction];
    queue.append(w);
    if (queue.size() == 1) // otherwise the head's answer pumps the next one
        QMetaObject::invokeMethod(
            this, [this, jurisdiction] { pump(jurisdiction); }, Qt::QueuedConnection);
}

void RedisPermitGate::cancelRequest(quint64 requestId) {
    for (auto it = m_waiters.begin(); it != m_waiters.end(); ++it) {
        auto &queue = it.value();
        for (qsizetype i = 0; i < queue.size(); ++i) {
            if (queue.at(i).requestId != requestId)
                continue;
            const Waiter w = queue.takeAt(i);
            // An acquire for it may be queued in Redis or still on the wire: the withdrawal goes out behind
            // it on the same connection and hands back whatever it was given.
            if (w.sent)
                sendReturn(w.jurisdiction, w.token, ReturnKind::Withdraw, w.holder.idempotencyKey);
            if (i == 0 && !queue.isEmpty()) {
                const QString j = it.key();
                QMetaObject::invokeMethod(
                    this, [this, j] { pump(j); }, Qt::QueuedConnection);
            }
            return;
        }
    }
}

void RedisPermitGate::pumpAll() {
    const QStringList jurisdictions = m_waiters.keys();
    for (const QString &j : jurisdictions)
        pump(j);
}

void RedisPermitGate::pump(const QString &jurisdiction) {
    if (m_blind || m_closing || m_attemptInFlight.value(jurisdiction))
        return;
    auto it = m_waiters.find(jurisdiction);
    if (it == m_waiters.end() || it->isEmpty())
        return;
    Waiter &head = it->first();
    if (head.claiming)
        return; // the claim's answer grants it or pumps again
    head.sent = true;
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
    const QString token = head.token;
    const qint64 sentAtMs = m_clock.elapsed();
    evalScript(Script::Acquire, queueKeys(jurisdiction),
               commonArgs() + QList<QByteArray>{QByteArray::number(head.limit), token.toLatin1(),
                                                QJsonDocument(holder).toJson(QJsonDocument::Compact),
                                                m_memberId},
               [this, jurisdiction, token, sentAtMs](const RedisReply &reply) {
                   onAcquireReply(jurisdiction, token, sentAtMs, reply);
               });
}

void RedisPermitGate::onAcquireReply(const QString &jurisdiction, const QString &token, qint64 sentAtMs,
                                     const RedisReply &reply) {
    m_attemptInFlight.insert(jurisdiction, false);
    if (reply.isError() || reply.type != RedisReply::Type::Array || reply.elements.size() < 4) {
        if (reply.ok)
            qCWarning(lcGate) << "acquire script failed:" << reply.errorText();
        checkClosed();
        return; // fail closed: retried on the next wake-up, re-check or reconnect
    }
    const bool granted = reply.elements.at(0).integer == 1;
    if (reply.elements.at(2).integer > 0)
        qCInfo(lcGate) << "reclaimed" << reply.elements.at(2).integer << "expired permit(s) on"
                       << key(jurisdiction);
    if (reply.elements.size() > 4 && reply.elements.at(4).integer > 0)
        qCInfo(lcGate) << "dropped" << reply.elements.at(4).integer << "stale waiter(s) from the queue of"
                       << key(jurisdiction);
    const bool waiting =
        std::any_of(m_waiters.value(jurisdiction).cbegin(), m_waiters.value(jurisdiction).cend(),
                    [&](const Waiter &w) { return w.token == token; });
    if (granted && waiting) {
        grantToken(token, sentAtMs); // pumps the next waiter
    } else if (!waiting) {
        // Withdrawn (or already granted by a grant message). A withdrawal still unconfirmed executes after
        // this acquire; one already confirmed ran before it (the acquire's EVAL was re-sent after a
        // NOSCRIPT), so this acquire queued or granted the token afresh: withdraw it again.
        const bool held =
            std::any_of(m_held.cbegin(), m_held.cend(), [&](const Held &h) { return h.token == token; });
        if (!held && !m_returns.contains(token))
            sendReturn(jurisdiction, token, ReturnKind::Withdraw, QString());
        pump(jurisdiction);
    }
    // Not granted and still waiting: queued; a release hands it over (grant message) or the re-check finds
    // it.
    checkClosed();
}

RedisPermitGate::Waiter *RedisPermitGate::findWaiter(const QString &token) {
    for (auto it = m_waiters.begin(); it != m_waiters.end(); ++it)
        for (Waiter &w : it.value())
            if (w.token == token)
                return &w;
    return nullptr;
}

RedisPermitGate::Held *RedisPermitGate::findHeld(const QString &token) {
    for (Held &h : m_held)
        if (h.token == token)
            return &h;
    return nullptr;
}

bool RedisPermitGate::grantToken(const QString &token, qint64 confirmedAtMs) {
    for (auto it = m_waiters.begin(); it != m_waiters.end(); ++it) {
        auto &queue = it.value();
        for (qsizetype i = 0; i < queue.size(); ++i) {
            if (queue.at(i).token != token)
                continue;
            const Waiter w = queue.takeAt(i);
            ++m_granted;
            m_held.append({w.jurisdiction, w.token, w.holder.idempotencyKey, confirmedAtMs});
            Q_EMIT permitGranted(w.requestId, w.token);
            pump(w.jurisdiction); // the next waiter queues at once
            return true;
        }
    }
    return false;
}

void RedisPermitGate::claimHandoff(const QString &token) {
    Waiter *w = findWaiter(token);
    if (!w || w->claiming)
        return; // not ours, withdrawn, already granted, or being claimed
    // Never granted on the message alone: a waiter that reads it late (a stalled process) may find the
    // permit already taken back and handed to someone else. The claim's answer is the proof.
    w->claiming = true;
    const QString jurisdiction = w->jurisdiction;
    const QByteArray setKey = key(jurisdiction);
    const qint64 sentAtMs = m_clock.elapsed();
    evalScript(Script::Renew, {setKey, setKey + ":holders", setKey + ":queue:handed"},
               {token.toLatin1(), QByteArray::number(m_leaseMs)},
               [this, token, jurisdiction, sentAtMs](const RedisReply &reply) {
                   Waiter *waiter = findWaiter(token);
                   if (!waiter)
                       return; // withdrawn meanwhile (its withdrawal runs after this claim) or granted
                   waiter->claiming = false;
                   if (!reply.isError() && reply.integer == 1) {
                       grantToken(token, sentAtMs);
                       return;
                   }
                   if (!reply.isError())
                       qCInfo(lcGate) << "permit handed to" << token.left(8) << "on" << jurisdiction
                                      << "was taken back before it was claimed; queued again";
                   // Taken back, or no answer: the next acquire of this token queues it again (or finds the
                   // permit still ours and grants it).
                   pump(jurisdiction);
               });
}

void RedisPermitGate::releasePermit(const QString &jurisdiction, const QString &token) {
    for (qsizetype i = 0; i < m_held.size(); ++i) {
        if (m_held.at(i).token != token)
            continue;
        const Held h = m_held.takeAt(i);
        sendReturn(jurisdiction, token, ReturnKind::Release, h.idempotencyKey);
        return;
    }
    // Unknown or already released: nothing to do (idempotent).
}

void RedisPermitGate::sendReturn(const QString &jurisdiction, const QString &token, ReturnKind kind,
                                 const QString &idempotencyKey) {
    if (m_returns.contains(token))
        return; // already on its way
    Return r{jurisdiction, idempotencyKey, kind, false, false, {}};
    r.since.start();
    m_returns.insert(token, r);
    transmitReturn(token);
}

void RedisPermitGate::transmitReturn(const QString &token) {
    auto it = m_returns.find(token);
    if (it == m_returns.end() || it->onTheWire)
        return;
    if (!m_commands->isConnected())
        return; // sent again on reconnect
    it->onTheWire = true;
    const QString jurisdiction = it->jurisdiction;
    evalScript(Script::Release, queueKeys(jurisdiction), commonArgs() + QList<QByteArray>{token.toLatin1()},
               [this, token](const RedisReply &reply) {
                   auto pending = m_returns.find(token);
                   if (pending == m_returns.end())
                       return; // given up at close
                   if (!reply.ok) {
                       // No answer: it may or may not have run. Send again on reconnect; a token then found
                       // missing is no evidence of a loss.
                       pending->onTheWire = false;
                       pending->resent = true;
                       return;
                   }
                   const Return r = m_returns.take(token);
                   if (reply.type != RedisReply::Type::Array || reply.elements.size() < 2) {
                       qCWarning(lcGate) << "release of" << token.left(8) << "on" << key(r.jurisdiction)
                                         << "failed; the lease will reclaim it:" << reply.errorText();
                   } else {
                       const bool removed = reply.elements.at(0).integer == 1;
                       if (r.kind == ReturnKind::Release && !removed && !r.resent) {
                           ++m_lost;
                           qCWarning(lcGate)
                               << "permit" << token.left(8) << "on" << r.jurisdiction
                               << "was already gone at release (reaped after its lease ran out)";
                           // Also while closing: the release of a run's last request is answered after
                           // stop began, and a lost permit must still be recorded and announced (close()
                           // waits for every return's answer, bounded).
                           Q_EMIT permitLost(r.jurisdiction, token, r.idempotencyKey);
                       } else if (r.kind == ReturnKind::Withdraw && removed) {
                           qCInfo(lcGate)
                               << "handed back a permit granted to a withdrawn request on" << r.jurisdiction;
                       }
                       // A permit handed to one of our own waiters: grant it now, ahead of the message.
                       for (const RedisReply &handed : reply.elements.at(1).elements)
                           claimHandoff(QString::fromLatin1(handed.string));
                   }
                   checkClosed();
               });
}

void RedisPermitGate::resendReturns() {
    const QStringList tokens = m_returns.keys();
    for (const QString &token : tokens) {
        auto it = m_returns.find(token);
        if (it == m_returns.end())
            continue;
        if (it->since.elapsed() > m_leaseMs) {
            m_returns.erase(it); // the lease has reclaimed it by now
            continue;
        }
        transmitReturn(token);
    }
    checkClosed();
}

void RedisPermitGate::close(int timeoutMs, std::function<void()> done) {
    m_closing = true;
    m_closeDone = std::move(done);
    m_recheck.stop();
    m_renew.stop();
    // Withdraw every request that Redis may know of; those never sent just go.
    const auto waiters = m_waiters;
    m_waiters.clear();
    for (const auto &queue : waiters)
        for (const Waiter &w : queue)
            if (w.sent)
                sendReturn(w.jurisdiction, w.token, ReturnKind::Withdraw, w.holder.idempotencyKey);
    // The caller should have released what it holds; whatever it did not is handed back too.
    const QList<Held> held = m_held;
    m_held.clear();
    for (const Held &h : held)
        sendReturn(h.jurisdiction, h.token, ReturnKind::Release, h.idempotencyKey);
    m_closeTimeout.start(qMax(0, timeoutMs));
    QMetaObject::invokeMethod(this, &RedisPermitGate::checkClosed, Qt::QueuedConnection);
}

void RedisPermitGate::checkClosed() {
    if (!m_closing || !m_returns.isEmpty() || !m_closeDone)
        return;
    // An acquire still on the wire may yet be granted (its EVAL re-sent after NOSCRIPT runs after the
    // withdrawal): its answer is awaited too, and hands the permit back.
    for (auto it = m_attemptInFlight.cbegin(); it != m_attemptInFlight.cend(); ++it)
        if (it.value())
            return;
    m_closeTimeout.stop();
    auto done = std::move(m_closeDone);
    m_closeDone = nullptr;
    // Queued: never re-entrantly inside a reply callback.
    QMetaObject::invokeMethod(
        this, [done] { done(); }, Qt::QueuedConnection);
}

void RedisPermitGate::renewAll() {
    const QList<Held> held = m_held;
    for (const Held &h : held)
        renew(h);
}

void RedisPermitGate::renew(const Held &h, std::function<void(bool)> done) {
    const QByteArray setKey = key(h.jurisdiction);
    const qint64 sentAtMs = m_clock.elapsed();
    evalScript(Script::Renew, {setKey, setKey + ":holders", setKey + ":queue:handed"},
               {h.token.toLatin1(), QByteArray::number(m_leaseMs)},
               [this, h, sentAtMs, done = std::move(done)](const RedisReply &reply) {
                   if (reply.isError()) {
                       if (done)
                           done(false); // cannot confirm: fail closed
                       return;          // the next round tries again
                   }
                   if (reply.integer != 0) {
                       if (Held *held = findHeld(h.token))
                           held->confirmedAtMs = qMax(held->confirmedAtMs, sentAtMs);
                       if (done)
                           done(true);
                       return;
                   }
                   const bool wasHeld =
                       m_held.removeIf([&](const Held &x) { return x.token == h.token; }) > 0;
                   if (done) {
                       // Asked before sending: the permit is gone but nothing went out on it.
                       qCInfo(lcGate) << "permit" << h.token.left(8) << "on" << h.jurisdiction
                                      << "was reclaimed before its request was sent; not sent";
                       done(false);
                       return;
                   }
                   if (!wasHeld)
                       return; // released meanwhile
                   ++m_lost;
                   qCWarning(lcGate) << "permit" << h.token.left(8) << "on" << h.jurisdiction
                                     << "was lost (reaped after the lease ran out)";
                   Q_EMIT permitLost(h.jurisdiction, h.token, h.idempotencyKey);
               });
}

qint64 RedisPermitGate::leaseLeftMs(const QString &token) const {
    for (const Held &h : m_held)
        if (h.token == token)
            return qMax<qint64>(0, m_leaseMs - (m_clock.elapsed() - h.confirmedAtMs));
    return 0;
}

void RedisPermitGate::reconfirm(const QString &jurisdiction, const QString &token,
                                std::function<void(bool)> done) {
    Held *h = findHeld(token);
    if (!h || m_blind) {
        QMetaObject::invokeMethod(
            this, [done = std::move(done)] { done(false); }, Qt::QueuedConnection);
        return;
    }
    Q_UNUSED(jurisdiction);
    renew(*h, std::move(done));
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
        evalScript(Script::Usage, {setKey, setKey + ":holders", setKey + ":queue"}, {},
                   [this, j, collected, remaining](const RedisReply &r) {
                       JurisdictionUsage u;
                       u.jurisdiction = j;
                       u.leaseMs = m_leaseMs;
                       if (!r.isError() && r.type == RedisReply::Type::Array && r.elements.size() >= 3) {
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
