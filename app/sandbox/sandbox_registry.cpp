#include "sandbox_registry.h"

#include <QtCore/QDate>
#include <QtCore/QDateTime>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonParseError>
#include <QtCore/QMetaEnum>
#include <QtCore/QRegularExpression>
#include <QtCore/QTimer>
#include <QtHttpServer/QHttpServerRequest>
#include <QtNetwork/QHostAddress>
#include <QtNetwork/QTcpSocket>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fd::sandbox {

namespace {

using StatusCode = QHttpServerResponder::StatusCode;

const QRegularExpression &keyPattern() {
    static const QRegularExpression pattern(QStringLiteral("^[0-9a-f]{64}$"));
    return pattern;
}

const QRegularExpression &jurisdictionPattern() {
    static const QRegularExpression pattern(QStringLiteral("^[A-Z]{2}-[A-Z0-9]{1,3}$"));
    return pattern;
}

const QRegularExpression &filingTypePattern() {
    static const QRegularExpression pattern(QStringLiteral("^[A-Z][A-Z0-9_]{0,63}$"));
    return pattern;
}

// A JSON number that is an integer in [minimum, maximum].
bool integerField(const QJsonValue &value, qint64 minimum, qint64 maximum, qint64 *out) {
    if (!value.isDouble())
        return false;
    const double d = value.toDouble();
    if (!std::isfinite(d) || std::floor(d) != d || d < static_cast<double>(minimum) ||
        d > static_cast<double>(maximum))
        return false;
    *out = static_cast<qint64>(d);
    return true;
}

QString shortKey(const QString &key) {
    return key.size() > 12 ? key.left(12) : key;
}

// What the payload checks find wrong with a report (SandboxConfig::requireCompletePayload, --help).
struct PayloadDefect {
    QString category;
    QString code;
    QString message;
};

std::optional<PayloadDefect> checkPayload(const QJsonObject &payload, bool requireComplete) {
    const QString agent = payload.value(QLatin1String("registered_agent")).toString().trimmed();
    const QString agentStatus =
        payload.value(QLatin1String("registered_agent_status")).toString().trimmed().toLower();
    if (agentStatus == QLatin1String("expired") || agentStatus == QLatin1String("resigned")) {
        const QString what = agentStatus == QLatin1String("expired") ? QStringLiteral("has expired")
                                                                     : QStringLiteral("has resigned");
        return PayloadDefect{
            QStringLiteral("statutory"), QStringLiteral("STAT_AGENT_EXPIRED"),
            agent.isEmpty()
                ? QStringLiteral("the registered agent of record %1").arg(what)
                : QStringLiteral("registered agent \"%1\" %2; appoint a registered agent").arg(agent, what)};
    }
    if (!requireComplete)
        return std::nullopt;
    if (agent.isEmpty())
        return PayloadDefect{QStringLiteral("statutory"), QStringLiteral("STAT_AGENT_EXPIRED"),
                             QStringLiteral("no registered agent of record")};
    const QJsonValue officers = payload.value(QLatin1String("officers"));
    if (!officers.isUndefined() && !officers.isNull()) {
        if (!officers.isArray())
            return PayloadDefect{QStringLiteral("validation"), QStringLiteral("VAL_OFFICER_MISSING"),
                                 QStringLiteral("officers must be a list of {\"name\", \"title\"}")};
        const QJsonArray list = officers.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (list.at(i).toObject().value(QLatin1String("name")).toString().trimmed().isEmpty())
                return PayloadDefect{QStringLiteral("validation"), QStringLiteral("VAL_OFFICER_MISSING"),
                                     QStringLiteral("officer %1 has no name").arg(i + 1)};
        }
    }
    const bool corporation = payload.value(QLatin1String("entity_type"))
                                 .toString()
                                 .trimmed()
                                 .compare(QLatin1String("corporation"), Qt::CaseInsensitive) == 0;
    if (corporation && officers.toArray().isEmpty())
        return PayloadDefect{QStringLiteral("validation"), QStringLiteral("VAL_OFFICER_MISSING"),
                             QStringLiteral("a corporation's report names its officers; none were given")};
    return std::nullopt;
}

QString tupleOf(const QString &entityId, const QString &jurisdiction, const QString &filingType, int year) {
    return entityId + QLatin1Char('\x1f') + jurisdiction + QLatin1Char('\x1f') + filingType +
           QLatin1Char('\x1f') + QString::number(year);
}

} // namespace

SandboxRegistry::SandboxRegistry(const SandboxConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_faults(m_config) {
    for (auto it = m_config.caps.cbegin(); it != m_config.caps.cend(); ++it)
        countersFor(it.key());

    m_server.route(QStringLiteral("/v1/filings"), QHttpServerRequest::Method::Post,
                   [this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
                       handleSubmit(request, std::move(responder));
                   });
    m_server.route(
        QStringLiteral("/v1/filings/<arg>"), QHttpServerRequest::Method::Get,
        [this](const QString &key, const QHttpServerRequest &request, QHttpServerResponder &&responder) {
            handleLookup(key, request, std::move(responder));
        });
    m_server.route(QStringLiteral("/sandbox/stats"), QHttpServerRequest::Method::Get,
                   [this](const QHttpServerRequest &, QHttpServerResponder &&responder) {
                       Answer answer;
                       answer.body = stats();
                       answerNow(responder, answer, QStringLiteral("GET /sandbox/stats"));
                   });
    m_server.route(QStringLiteral("/sandbox/reset"), QHttpServerRequest::Method::Post,
                   [this](const QHttpServerRequest &, QHttpServerResponder &&responder) {
                       reset();
                       Answer answer;
                       answer.body = QJsonObject{{QStringLiteral("reset"), true}};
                       answerNow(responder, answer, QStringLiteral("POST /sandbox/reset"));
                   });
    m_server.setMissingHandler([this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        handleMissing(request, std::move(responder));
    });
}

SandboxRegistry::~SandboxRegistry() {
    for (auto &[id, pending] : m_pending)
        QObject::disconnect(pending->disconnectWatch);
    m_pending.clear();
}

quint16 SandboxRegistry::listen() {
    QHostAddress address;
    if (m_config.host == QLatin1String("localhost"))
        address = QHostAddress(QHostAddress::LocalHost);
    else if (!address.setAddress(m_config.host)) {
        m_error = QStringLiteral("not an IP address: %1").arg(m_config.host);
        return 0;
    }
    const quint16 port = m_server.listen(address, m_config.port);
    if (port == 0)
        m_error = QStringLiteral("cannot listen on %1:%2").arg(m_config.host).arg(m_config.port);
    return port;
}

SandboxRegistry::Counters &SandboxRegistry::countersFor(const QString &jurisdiction) {
    return m_counters[jurisdiction];
}

void SandboxRegistry::enterFlight(const QString &jurisdiction) {
    Counters &c = countersFor(jurisdiction);
    ++c.inFlight;
    c.maxInFlight = std::max(c.maxInFlight, c.inFlight);
    ++m_totalInFlight;
    m_totalMaxInFlight = std::max(m_totalMaxInFlight, m_totalInFlight);
}

void SandboxRegistry::releaseSlot(Pending &pending) {
    if (!pending.holdsSlot)
        return;
    pending.holdsSlot = false;
    if (pending.epoch != m_epoch)
        return; // counted before a reset
    Counters &c = countersFor(pending.jurisdiction);
    --c.inFlight;
    --m_totalInFlight;
}

SandboxRegistry::Answer SandboxRegistry::errorAnswer(int status, const QString &category, const QString &code,
                                                     const QString &message) {
    Answer answer;
    answer.status = status;
    answer.body = QJsonObject{{QStringLiteral("error"), QJsonObject{{QStringLiteral("category"), category},
                                                                    {QStringLiteral("code"), code},
                                                                    {QStringLiteral("message"), message}}}};
    return answer;
}

QJsonObject SandboxRegistry::makeReceipt(const QString &jurisdiction, int filingYear, qint64 feeCents,
                                         bool wrongFee, bool missingConfirmation) {
    QJsonObject receipt;
    if (!missingConfirmation) {
        Counters &c = countersFor(jurisdiction);
        const QString prefix = jurisdiction.mid(jurisdiction.indexOf(QLatin1Char('-')) + 1);
        receipt.insert(QStringLiteral("confirmation_number"),
                       QStringLiteral("%1-%2-%3")
                           .arg(prefix)
                           .arg(filingYear)
                           .arg(++c.sequence, 6, 10, QLatin1Char('0')));
    }
    receipt.insert(QStringLiteral("fee_charged_cents"),
                   static_cast<double>(feeCents + (wrongFee ? 1000 : 0)));
    receipt.insert(QStringLiteral("accepted_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    receipt.insert(QStringLiteral("next_due"), QDate(filingYear + 1, 3, 1).toString(Qt::ISODate));
    return receipt;
}

void SandboxRegistry::handleSubmit(const QHttpServerRequest &request, QHttpServerResponder &&responder) {
    QElapsedTimer clock;
    clock.start();
    const QByteArray body = request.body();
    QString logLine = QStringLiteral("POST /v1/filings");

    if (body.size() > m_config.maxBodyBytes) {
        ++m_unattributedRequests;
        answerNow(responder,
                  errorAnswer(413, QStringLiteral("validation"), QStringLiteral("VAL_BODY_TOO_LARGE"),
                              QStringLiteral("request body exceeds %1 bytes").arg(m_config.maxBodyBytes)),
                  logLine);
        return;
    }

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        ++m_unattributedRequests;
        answerNow(responder,
                  errorAnswer(400, QStringLiteral("validation"), QStringLiteral("VAL_MALFORMED_JSON"),
                              parseError.error != QJsonParseError::NoError
                                  ? QStringLiteral("body is not valid JSON: %1").arg(parseError.errorString())
                                  : QStringLiteral("body must be a JSON object")),
                  logLine);
        return;
    }
    const QJsonObject object = document.object();
    const QString jurisdiction = object.value(QLatin1String("jurisdiction")).toString();
    const bool jurisdictionValid = jurisdictionPattern().match(jurisdiction).hasMatch();
    logLine += QLatin1Char(' ') + (jurisdictionValid ? jurisdiction : QStringLiteral("?"));

    auto reject = [&](const QString &code, const QString &message) {
        if (jurisdictionValid) {
            Counters &c = countersFor(jurisdiction);
            ++c.requests;
            ++c.rejectedValidation;
        } else {
            ++m_unattributedRequests;
        }
        answerNow(responder, errorAnswer(400, QStringLiteral("validation"), code, message), logLine);
    };

    const QString headerKey =
        QString::fromLatin1(request.value(QByteArrayLiteral("Idempotency-Key")).trimmed());
    if (headerKey.isEmpty())
        return reject(QStringLiteral("VAL_IDEMPOTENCY_KEY_MISSING"),
                      QStringLiteral("header Idempotency-Key is required"));
    if (!keyPattern().match(headerKey).hasMatch())
        return reject(QStringLiteral("VAL_IDEMPOTENCY_KEY_FORMAT"),
                      QStringLiteral("Idempotency-Key must be 64 lower-case hex digits"));
    const QJsonValue bodyKey = object.value(QLatin1String("idempotency_key"));
    if (!bodyKey.isString())
        return reject(QStringLiteral("VAL_MISSING_FIELD"), QStringLiteral("idempotency_key is required"));
    if (bodyKey.toString() != headerKey)
        return reject(QStringLiteral("VAL_IDEMPOTENCY_KEY_MISMATCH"),
                      QStringLiteral("idempotency_key differs from the Idempotency-Key header"));
    const QString &key = headerKey;
    logLine += QStringLiteral(" key=") + shortKey(key);

    const char *const stringFields[] = {"entity_id", "entity_name", "jurisdiction", "filing_type"};
    for (const char *field : stringFields) {
        const QJsonValue value = object.value(QLatin1String(field));
        if (value.isUndefined() || value.isNull())
            return reject(QStringLiteral("VAL_MISSING_FIELD"),
                          QStringLiteral("%1 is required").arg(QLatin1String(field)));
        if (!value.isString() || value.toString().trimmed().isEmpty())
            return reject(QStringLiteral("VAL_BAD_FIELD"),
                          QStringLiteral("%1 must be a non-empty string").arg(QLatin1String(field)));
    }
    if (!jurisdictionValid)
        return reject(QStringLiteral("VAL_BAD_FIELD"),
                      QStringLiteral("jurisdiction must be an ISO 3166-2 code such as US-DE"));
    const QString entityId = object.value(QLatin1String("entity_id")).toString();
    const QString filingType = object.value(QLatin1String("filing_type")).toString();
    if (!filingTypePattern().match(filingType).hasMatch())
        return reject(QStringLiteral("VAL_BAD_FIELD"),
                      QStringLiteral("filing_type must be an upper-case identifier"));
    qint64 filingYear = 0;
    qint64 feeCents = 0;
    if (!object.contains(QLatin1String("filing_year")))
        return reject(QStringLiteral("VAL_MISSING_FIELD"), QStringLiteral("filing_year is required"));
    if (!integerField(object.value(QLatin1String("filing_year")), 1900, 2999, &filingYear))
        return reject(QStringLiteral("VAL_BAD_FIELD"), QStringLiteral("filing_year must be an integer year"));
    if (!object.contains(QLatin1String("fee_cents")))
        return reject(QStringLiteral("VAL_MISSING_FIELD"), QStringLiteral("fee_cents is required"));
    if (!integerField(object.value(QLatin1String("fee_cents")), 0, qint64(1) << 50, &feeCents))
        return reject(QStringLiteral("VAL_BAD_FIELD"),
                      QStringLiteral("fee_cents must be a non-negative integer number of cents"));
    const QJsonValue payload = object.value(QLatin1String("payload"));
    if (!payload.isUndefined() && !payload.isNull() && !payload.isObject())
        return reject(QStringLiteral("VAL_BAD_FIELD"), QStringLiteral("payload must be a JSON object"));

    Counters &c = countersFor(jurisdiction);
    ++c.requests;

    const QString tuple = tupleOf(entityId, jurisdiction, filingType, static_cast<int>(filingYear));
    const auto filedBy = m_filedTuples.constFind(tuple);
    if (!m_config.recordOnAnswer && filedBy != m_filedTuples.cend() &&
        (*filedBy != key || m_config.ignoreIdempotencyKey))
        ++m_duplicateFilings; // with recordOnAnswer, counted when the filing is recorded

    const int cap = m_config.capFor(jurisdiction);
    if (c.inFlight >= cap) {
        ++c.rejectedCap;
        Answer answer =
            errorAnswer(429, QStringLiteral("transient"), QStringLiteral("CAP_EXCEEDED"),
                        QStringLiteral("%1 allows %2 concurrent connections").arg(jurisdiction).arg(cap));
        answer.headers.append(
            {QByteArrayLiteral("Retry-After"), QByteArray::number(m_config.retryAfterSeconds)});
        answerNow(responder, answer, logLine + QStringLiteral(" cap"));
        return;
    }
    enterFlight(jurisdiction);

    const int attempt = ++m_attempts[key];
    logLine += QStringLiteral(" attempt=%1").arg(attempt);
    int delay = m_faults.latencyMs(key, attempt, "latency");

    const auto existing = m_config.ignoreIdempotencyKey ? m_filings.cend() : m_filings.constFind(key);
    if (existing != m_filings.cend()) {
        if (existing->entityId == entityId && existing->jurisdiction == jurisdiction &&
            existing->filingType == filingType && existing->filingYear == filingYear) {
            ++c.replays;
            Answer answer;
            answer.status = 200;
            answer.body = existing->receipt;
            answer.headers.append({QByteArrayLiteral("Idempotent-Replayed"), QByteArrayLiteral("true")});
            answerLater(std::move(responder), delay, answer, jurisdiction, true, false,
                        logLine + QStringLiteral(" replay"));
        } else {
            ++c.rejectedValidation;
            Answer answer =
                errorAnswer(422, QStringLiteral("validation"), QStringLiteral("VAL_IDEMPOTENCY_KEY_REUSED"),
                            QStringLiteral("this idempotency key was used for a different filing"));
            answerLater(std::move(responder), delay, answer, jurisdiction, true, false,
                        logLine + QStringLiteral(" key-reused"));
        }
        return;
    }

    // The report itself, as a portal checks it: before any injected failure, so that it is never hidden by
    // one.
    const QJsonObject payloadObject = payload.toObject();
    if (const std::optional<PayloadDefect> defect =
            checkPayload(payloadObject, m_config.requireCompletePayload)) {
        if (defect->category == QLatin1String("statutory"))
            ++c.rejectedStatutory;
        else
            ++c.rejectedValidation;
        ++c.rejectedPayload;
        answerLater(std::move(responder), delay,
                    errorAnswer(422, defect->category, defect->code, defect->message), jurisdiction, true,
                    false, logLine + QStringLiteral(" payload ") + defect->category);
        return;
    }
    const QByteArray payloadDigest = FaultInjector::payloadDigest(payloadObject);

    bool drop = false;
    QString outcome;
    switch (m_faults.attemptFault(key, attempt)) {
    case FaultInjector::AttemptFault::Transient: {
        ++c.rejectedTransient;
        const int status = m_faults.transientStatus(key, attempt);
        answerLater(std::move(responder), delay,
                    errorAnswer(status, QStringLiteral("transient"), QStringLiteral("REGISTRY_UNAVAILABLE"),
                                QStringLiteral("injected transient failure")),
                    jurisdiction, true, false, logLine + QStringLiteral(" transient"));
        return;
    }
    case FaultInjector::AttemptFault::Throttle: {
        ++c.rejectedThrottle;
        Answer answer = errorAnswer(429, QStringLiteral("transient"), QStringLiteral("RATE_LIMITED"),
                                    QStringLiteral("injected throttling"));
        answer.headers.append(
            {QByteArrayLiteral("Retry-After"), QByteArray::number(m_config.retryAfterSeconds)});
        answerLater(std::move(responder), delay, answer, jurisdiction, true, false,
                    logLine + QStringLiteral(" throttle"));
        return;
    }
    case FaultInjector::AttemptFault::Slow:
        ++c.slow;
        delay = m_config.slowMs;
        outcome = QStringLiteral(" slow");
        break;
    case FaultInjector::AttemptFault::Drop:
        ++c.dropped;
        drop = true;
        outcome = QStringLiteral(" drop");
        break;
    case FaultInjector::AttemptFault::None:
        break;
    }

    switch (m_faults.keyRejection(key, payloadDigest)) {
    case FaultInjector::KeyRejection::Statutory: {
        ++c.rejectedStatutory;
        const QString code = m_faults.statutoryCode(key, payloadDigest);
        answerLater(std::move(responder), delay,
                    errorAnswer(422, QStringLiteral("statutory"), code,
                                QStringLiteral("injected statutory rejection %1").arg(code)),
                    jurisdiction, true, drop, logLine + outcome + QStringLiteral(" statutory"));
        return;
    }
    case FaultInjector::KeyRejection::Validation: {
        ++c.rejectedValidation;
        // A data defect the entity can have: only a corporation has shares to get wrong.
        const bool hasShares = payloadObject.value(QLatin1String("entity_type"))
                                   .toString()
                                   .trimmed()
                                   .compare(QLatin1String("corporation"), Qt::CaseInsensitive) == 0;
        const QString code = m_faults.validationCode(key, payloadDigest, hasShares);
        answerLater(std::move(responder), delay,
                    errorAnswer(422, QStringLiteral("validation"), code,
                                QStringLiteral("injected validation rejection %1").arg(code)),
                    jurisdiction, true, drop, logLine + outcome + QStringLiteral(" validation"));
        return;
    }
    case FaultInjector::KeyRejection::None:
        break;
    }

    const bool wrongFee = m_faults.wrongFee(key);
    const bool missingConfirmation = m_faults.missingConfirmation(key);
    Filing filing;
    filing.entityId = entityId;
    filing.jurisdiction = jurisdiction;
    filing.filingType = filingType;
    filing.filingYear = static_cast<int>(filingYear);
    filing.receipt = makeReceipt(jurisdiction, filing.filingYear, feeCents, wrongFee, missingConfirmation);
    ++c.accepted;
    if (wrongFee)
        ++c.wrongFee;
    if (missingConfirmation)
        ++c.missingConfirmation;
    std::optional<std::pair<QString, Filing>> recordLater;
    if (m_config.recordOnAnswer)
        recordLater = std::make_pair(key, filing);
    else
        recordFiling(key, filing);

    Answer answer;
    answer.status = 201;
    answer.body = filing.receipt;
    answerLater(std::move(responder), delay, answer, jurisdiction, true, drop,
                logLine + outcome + QStringLiteral(" accepted"), std::move(recordLater));
}

void SandboxRegistry::recordFiling(const QString &key, const Filing &filing) {
    const QString tuple = tupleOf(filing.entityId, filing.jurisdiction, filing.filingType, filing.filingYear);
    if (m_config.recordOnAnswer) {
        const auto filedBy = m_filedTuples.constFind(tuple);
        if (filedBy != m_filedTuples.cend() && (*filedBy != key || m_config.ignoreIdempotencyKey))
            ++m_duplicateFilings;
    }
    if (!m_filedTuples.contains(tuple))
        m_filedTuples.insert(tuple, key);
    m_filings.insert(key, filing);
}

void SandboxRegistry::handleLookup(const QString &key, const QHttpServerRequest &,
                                   QHttpServerResponder &&responder) {
    const QString logLine = QStringLiteral("GET /v1/filings/") + shortKey(key);
    if (!m_config.lookup) {
        answerNow(responder,
                  errorAnswer(501, QStringLiteral("validation"), QStringLiteral("LOOKUP_UNSUPPORTED"),
                              QStringLiteral("this registry does not support look-up")),
                  logLine);
        return;
    }
    const int delay = m_faults.latencyMs(key, 0, "lookup-latency");
    const auto found = m_filings.constFind(key);
    if (found == m_filings.cend()) {
        ++m_lookupsNotFound;
        answerLater(std::move(responder), delay,
                    errorAnswer(404, QStringLiteral("validation"), QStringLiteral("NOT_FOUND"),
                                QStringLiteral("no filing was accepted under this idempotency key")),
                    QString(), false, false, logLine + QStringLiteral(" not-found"));
        return;
    }
    ++countersFor(found->jurisdiction).lookups;
    Answer answer;
    answer.body = found->receipt;
    answerLater(std::move(responder), delay, answer, QString(), false, false,
                logLine + QLatin1Char(' ') + found->jurisdiction + QStringLiteral(" found"));
}

void SandboxRegistry::handleMissing(const QHttpServerRequest &request, QHttpServerResponder &&responder) {
    const QString path = request.url().path();
    const QString method = QString::fromLatin1(
        QMetaEnum::fromType<QHttpServerRequest::Method>().valueToKey(static_cast<int>(request.method())));
    const QString logLine = method.toUpper() + QLatin1Char(' ') + path;
    const bool knownPath =
        path == QLatin1String("/v1/filings") || path == QLatin1String("/sandbox/stats") ||
        path == QLatin1String("/sandbox/reset") ||
        (path.startsWith(QLatin1String("/v1/filings/")) && path.count(QLatin1Char('/')) == 3);
    if (knownPath) {
        answerNow(responder,
                  errorAnswer(405, QStringLiteral("validation"), QStringLiteral("METHOD_NOT_ALLOWED"),
                              QStringLiteral("method not allowed on %1").arg(path)),
                  logLine);
    } else {
        answerNow(responder,
                  errorAnswer(404, QStringLiteral("validation"), QStringLiteral("NOT_FOUND"),
                              QStringLiteral("no such endpoint: %1").arg(path)),
                  logLine);
    }
}

void SandboxRegistry::answerLater(QHttpServerResponder &&responder, int delayMs, Answer answer,
                                  const QString &jurisdiction, bool holdsSlot, bool drop,
                                  const QString &logLine,
                                  std::optional<std::pair<QString, Filing>> recordWhenDone) {
    const quint64 id = m_nextPendingId++;
    auto pending = std::make_unique<Pending>(std::move(responder));
    pending->clock.start();
    pending->socket = pending->responder.socket();
    pending->jurisdiction = jurisdiction;
    pending->holdsSlot = holdsSlot;
    pending->epoch = m_epoch;
    pending->drop = drop;
    pending->answer = std::move(answer);
    pending->logLine = logLine;
    pending->recordWhenDone = std::move(recordWhenDone);
    if (pending->socket) {
        // A client that gives up (closes the connection) no longer holds a connection slot.
        pending->disconnectWatch =
            connect(pending->socket.data(), &QAbstractSocket::disconnected, this, [this, id] {
                const auto it = m_pending.find(id);
                if (it != m_pending.end())
                    releaseSlot(*it->second);
            });
    }
    m_pending.emplace(id, std::move(pending));
    QTimer::singleShot(delayMs, Qt::PreciseTimer, this, [this, id] { complete(id); });
}

void SandboxRegistry::complete(quint64 id) {
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    std::unique_ptr<Pending> pending = std::move(it->second);
    m_pending.erase(it);
    QObject::disconnect(pending->disconnectWatch);
    releaseSlot(*pending);
    // The registry finished processing: the filing exists now, whether or not anyone reads the answer.
    if (pending->recordWhenDone && pending->epoch == m_epoch)
        recordFiling(pending->recordWhenDone->first, pending->recordWhenDone->second);

    QTcpSocket *socket = pending->socket.data();
    const bool connected = socket && socket->state() == QAbstractSocket::ConnectedState;
    if (pending->drop) {
        if (connected)
            socket->abort(); // the socket deletes itself once disconnected (QAbstractHttpServer does that)
        log(pending->logLine + QStringLiteral(" [connection dropped, nothing sent]"), pending->answer,
            pending->clock.elapsed());
        return;
    }
    if (!connected) {
        log(pending->logLine + QStringLiteral(" [client gone, nothing sent]"), pending->answer,
            pending->clock.elapsed());
        return;
    }
    writeAnswer(pending->responder, pending->answer);
    log(pending->logLine, pending->answer, pending->clock.elapsed());
}

void SandboxRegistry::answerNow(QHttpServerResponder &responder, const Answer &answer,
                                const QString &logLine) {
    writeAnswer(responder, answer);
    log(logLine, answer, 0);
}

void SandboxRegistry::writeAnswer(QHttpServerResponder &responder, const Answer &answer) {
    const QByteArray json = QJsonDocument(answer.body).toJson(QJsonDocument::Compact);
    responder.writeStatusLine(static_cast<StatusCode>(answer.status));
    responder.writeHeader(QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json"));
    responder.writeHeader(QByteArrayLiteral("Content-Length"), QByteArray::number(json.size()));
    for (const auto &[name, value] : answer.headers)
        responder.writeHeader(name, value);
    responder.writeBody(json);
}

void SandboxRegistry::log(const QString &line, const Answer &answer, qint64 elapsedMs) const {
    if (!m_config.verbose)
        return;
    const QString code =
        answer.body.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString();
    const QString text = QStringLiteral("%1 %2 -> %3%4 (%5 ms)\n")
                             .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs), line)
                             .arg(answer.status)
                             .arg(code.isEmpty() ? QString() : QLatin1Char(' ') + code)
                             .arg(elapsedMs);
    std::fputs(text.toUtf8().constData(), stderr);
    std::fflush(stderr);
}

QJsonObject SandboxRegistry::stats() const {
    auto rejected = [](const Counters &c) {
        return QJsonObject{{QStringLiteral("cap"), c.rejectedCap},
                           {QStringLiteral("transient"), c.rejectedTransient},
                           {QStringLiteral("throttle"), c.rejectedThrottle},
                           {QStringLiteral("statutory"), c.rejectedStatutory},
                           {QStringLiteral("validation"), c.rejectedValidation}};
    };
    auto counters = [&rejected](const Counters &c) {
        return QJsonObject{{QStringLiteral("in_flight"), c.inFlight},
                           {QStringLiteral("max_in_flight"), c.maxInFlight},
                           {QStringLiteral("requests"), c.requests},
                           {QStringLiteral("accepted"), c.accepted},
                           {QStringLiteral("replays"), c.replays},
                           {QStringLiteral("lookups"), c.lookups},
                           {QStringLiteral("rejected"), rejected(c)},
                           {QStringLiteral("rejected_payload"), c.rejectedPayload},
                           {QStringLiteral("wrong_fee"), c.wrongFee},
                           {QStringLiteral("missing_confirmation"), c.missingConfirmation},
                           {QStringLiteral("slow"), c.slow},
                           {QStringLiteral("dropped"), c.dropped}};
    };

    QJsonObject jurisdictions;
    Counters total;
    for (auto it = m_counters.cbegin(); it != m_counters.cend(); ++it) {
        const Counters &c = it.value();
        QJsonObject entry = counters(c);
        entry.insert(QStringLiteral("cap"), m_config.capFor(it.key()));
        jurisdictions.insert(it.key(), entry);
        total.inFlight += c.inFlight;
        total.requests += c.requests;
        total.accepted += c.accepted;
        total.replays += c.replays;
        total.lookups += c.lookups;
        total.rejectedCap += c.rejectedCap;
        total.rejectedTransient += c.rejectedTransient;
        total.rejectedThrottle += c.rejectedThrottle;
        total.rejectedStatutory += c.rejectedStatutory;
        total.rejectedValidation += c.rejectedValidation;
        total.rejectedPayload += c.rejectedPayload;
        total.wrongFee += c.wrongFee;
        total.missingConfirmation += c.missingConfirmation;
        total.slow += c.slow;
        total.dropped += c.dropped;
    }
    total.maxInFlight = m_totalMaxInFlight; // most requests in flight at once over all jurisdictions

    return QJsonObject{{QStringLiteral("jurisdictions"), jurisdictions},
                       {QStringLiteral("totals"), counters(total)},
                       {QStringLiteral("duplicate_filings"), m_duplicateFilings},
                       {QStringLiteral("unattributed_requests"), m_unattributedRequests},
                       {QStringLiteral("lookups_not_found"), m_lookupsNotFound},
                       {QStringLiteral("filings"), m_filings.size()},
                       {QStringLiteral("seed"), QString::number(m_config.seed)}};
}

void SandboxRegistry::reset() {
    m_counters.clear();
    for (auto it = m_config.caps.cbegin(); it != m_config.caps.cend(); ++it)
        countersFor(it.key());
    m_filings.clear();
    m_filedTuples.clear();
    m_attempts.clear();
    m_duplicateFilings = 0;
    m_unattributedRequests = 0;
    m_lookupsNotFound = 0;
    m_totalInFlight = 0;
    m_totalMaxInFlight = 0;
    ++m_epoch;
}

} // namespace fd::sandbox
