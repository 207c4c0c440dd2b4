#include "sandbox_config.h"

#include <QtCore/QCommandLineOption>
#include <QtCore/QCommandLineParser>
#include <QtCore/QCryptographicHash>
#include <QtCore/QJsonDocument>
#include <QtCore/QRegularExpression>
#include <QtCore/QtEndian>

#include <algorithm>

namespace fd::sandbox {

namespace {

struct KindName {
    FaultKind kind;
    const char *name;
};

constexpr KindName kKindNames[] = {
    {FaultKind::Transient, "transient"}, {FaultKind::Throttle, "throttle"},
    {FaultKind::Slow, "slow"},           {FaultKind::Drop, "drop"},
    {FaultKind::Statutory, "statutory"}, {FaultKind::Validation, "validation"},
    {FaultKind::WrongFee, "wrong_fee"},  {FaultKind::MissingConfirmation, "missing_confirmation"},
};

const char kDescription[] =
    R"(FilingDesk sandbox registry: implements Registry API v1 (docs: registry-api-v1.md)
on loopback for the demo, the tests and the benchmarks.

Endpoints:
  POST /v1/filings           submit a filing (header Idempotency-Key, JSON body)
  GET  /v1/filings/{key}     look a filing up (200 receipt, 404 NOT_FOUND; 501 with --no-lookup)
  GET  /sandbox/stats        counters per jurisdiction, totals, duplicate_filings
  POST /sandbox/reset        forget every filing, attempt and counter

Bodies over 1 MiB are answered 413 (VAL_BODY_TOO_LARGE), malformed ones 400, unknown routes 404.
After listening it prints exactly one line to stdout: "listening on http://HOST:PORT".

Connection cap: requests in flight per jurisdiction are counted from arrival until the answer is
sent (or the client closes the connection); a request arriving when the count equals the cap is
answered 429 with Retry-After at once.

Payload checks, as real portals make them on the report (after the checks of the request, the
connection cap and the replay of an accepted key; before any injected failure):
  registered_agent_status "expired"/"resigned"  422 statutory  STAT_AGENT_EXPIRED   always
  registered_agent absent or blank              422 statutory  STAT_AGENT_EXPIRED   --require-complete-payload
  entity_type "corporation", no officers        422 validation VAL_OFFICER_MISSING  --require-complete-payload
  officers not a list, or one without a name    422 validation VAL_OFFICER_MISSING  --require-complete-payload
Checks on what the payload states are always on; checks on what it lacks only with
--require-complete-payload (the shipped demo portfolios name no registered agents or officers).
A payload rejection is counted in rejected.statutory or rejected.validation, and in rejected_payload.

Failure kinds for --fail KIND=RATE (RATE in 0..1):
  transient             500/502/503 (status chosen by the seed)          per attempt
  throttle              429 with Retry-After                             per attempt
  slow                  answer after --slow-ms instead of the latency    per attempt
  drop                  filing processed, connection closed unanswered   per attempt
  statutory             422 category statutory (STAT_AGENT_EXPIRED, ...) per key and payload
  validation            422 category validation (VAL_...)                per key and payload
  wrong_fee             receipt charges fee_cents + 1000                 per key
  missing_confirmation  receipt without confirmation_number              per key
Per-attempt kinds are drawn from a hash of (seed, key, attempt) and only ever hit attempts
1..--fault-attempts of a key, so retries with the same key get through; transient, throttle, slow
and drop share one draw (their rates add up, capped at 1). Statutory and validation share one
draw from a hash of (seed, key, SHA-256 of the payload object as compact JSON): the same payload
under the same key is rejected the same way on every retry, a changed (cured) payload gets a fresh
draw. The other per-key kinds are drawn from a hash of (seed, key) and are the same on every retry.
A key that was accepted is always answered as an idempotent replay (200, Idempotent-Replayed:
true, original receipt), never failure-injected.
A 'drop' closes the connection after the filing was processed: a retry with the same key gets the
replay, a look-up finds it.

GET /sandbox/stats answers
  {"jurisdictions": {"US-DE": {"cap", "in_flight", "max_in_flight", "requests", "accepted", "replays",
     "lookups", "rejected": {"cap", "transient", "throttle", "statutory", "validation"},
     "rejected_payload", "wrong_fee", "missing_confirmation", "slow", "dropped"}, ...},
   "totals": {the same counters summed (max_in_flight: most in flight at once overall, no cap)},
   "duplicate_filings", "unattributed_requests", "lookups_not_found", "filings", "seed"}
where requests = accepted + replays + all rejections of that jurisdiction; rejected_payload counts
the payload checks' rejections (they are also in rejected.statutory or rejected.validation); and
duplicate_filings counts filing attempts for an already accepted (entity_id, jurisdiction,
filing_type, filing_year) under a different idempotency key.)";

bool parseRate(const QString &text, double *rate) {
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || value < 0.0 || value > 1.0)
        return false;
    *rate = value;
    return true;
}

bool parseInt(const QString &text, int minimum, int maximum, int *out) {
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value < minimum || value > maximum)
        return false;
    *out = value;
    return true;
}

} // namespace

QString faultKindName(FaultKind kind) {
    for (const auto &entry : kKindNames) {
        if (entry.kind == kind)
            return QString::fromLatin1(entry.name);
    }
    return QString();
}

std::optional<FaultKind> faultKindFromName(const QString &name) {
    for (const auto &entry : kKindNames) {
        if (name == QLatin1String(entry.name))
            return entry.kind;
    }
    return std::nullopt;
}

ParsedArguments parseArguments(const QStringList &args) {
    ParsedArguments result;
    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromUtf8(kDescription));
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")},
                                        QStringLiteral("Show this help and exit."));
    const QCommandLineOption hostOption(QStringLiteral("host"),
                                        QStringLiteral("Address to listen on (default 127.0.0.1)."),
                                        QStringLiteral("address"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption portOption(QStringLiteral("port"),
                                        QStringLiteral("Port to listen on; 0 or absent picks a free one."),
                                        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption capOption(
        QStringLiteral("cap"),
        QStringLiteral("Concurrent-connection cap of one jurisdiction, e.g. US-DE=8 (repeatable)."),
        QStringLiteral("JURISDICTION=N"));
    const QCommandLineOption defaultCapOption(QStringLiteral("default-cap"),
                                              QStringLiteral("Cap of every other jurisdiction (default 16)."),
                                              QStringLiteral("N"), QStringLiteral("16"));
    const QCommandLineOption latencyOption(
        QStringLiteral("latency-ms"),
        QStringLiteral("Latency of every answer, uniform in MIN..MAX ms (default 20:60)."),
        QStringLiteral("MIN[:MAX]"), QStringLiteral("20:60"));
    const QCommandLineOption seedOption(QStringLiteral("seed"),
                                        QStringLiteral("Seed of failure injection and latency (default 1)."),
                                        QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption failOption(
        QStringLiteral("fail"),
        QStringLiteral("Inject failures of KIND at RATE 0..1 (repeatable, see above)."),
        QStringLiteral("KIND=RATE"));
    const QCommandLineOption slowOption(QStringLiteral("slow-ms"),
                                        QStringLiteral("Delay of a 'slow' answer (default 20000)."),
                                        QStringLiteral("ms"), QStringLiteral("20000"));
    const QCommandLineOption faultAttemptsOption(
        QStringLiteral("fault-attempts"),
        QStringLiteral("Per-attempt failures only hit the first N attempts of a key (default 2)."),
        QStringLiteral("N"), QStringLiteral("2"));
    const QCommandLineOption retryAfterOption(
        QStringLiteral("retry-after"), QStringLiteral("Retry-After seconds of 429 answers (default 1)."),
        QStringLiteral("s"), QStringLiteral("1"));
    const QCommandLineOption noLookupOption(QStringLiteral("no-lookup"),
                                            QStringLiteral("Answer GET /v1/filings/{key} with 501."));
    const QCommandLineOption ignoreKeyOption(
        QStringLiteral("ignore-idempotency-key"),
        QStringLiteral("File every POST anew, as a registry that ignores Idempotency-Key does (duplicates "
                       "are counted in duplicate_filings)."));
    const QCommandLineOption recordOnAnswerOption(
        QStringLiteral("record-on-answer"),
        QStringLiteral("A filing exists only once its processing ends (when its answer is due): a look-up "
                       "while a slow submission is still being processed answers 404, as at real portals."));
    const QCommandLineOption requireCompleteOption(
        QStringLiteral("require-complete-payload"),
        QStringLiteral("Also reject a payload for what it lacks: no registered agent (STAT_AGENT_EXPIRED), a "
                       "corporation without officers or an officer without a name (VAL_OFFICER_MISSING). Off "
                       "by default: the demo portfolios name no agents or officers."));
    const QCommandLineOption verboseOption(QStringLiteral("verbose"),
                                           QStringLiteral("Log one line per request to stderr."));
    parser.addOptions({helpOption, hostOption, portOption, capOption, defaultCapOption, latencyOption,
                       seedOption, failOption, slowOption, faultAttemptsOption, retryAfterOption,
                       noLookupOption, ignoreKeyOption, recordOnAnswerOption, requireCompleteOption,
                       verboseOption});

    result.helpText = parser.helpText();
    if (!parser.parse(args)) {
        result.error = parser.errorText();
        return result;
    }
    if (parser.isSet(helpOption)) {
        result.helpRequested = true;
        return result;
    }
    if (!parser.positionalArguments().isEmpty()) {
        result.error =
            QStringLiteral("unexpected argument: %1").arg(parser.positionalArguments().constFirst());
        return result;
    }

    SandboxConfig config;
    config.host = parser.value(hostOption);
    int port = 0;
    if (!parseInt(parser.value(portOption), 0, 65535, &port)) {
        result.error = QStringLiteral("--port must be 0..65535");
        return result;
    }
    config.port = static_cast<quint16>(port);

    static const QRegularExpression jurisdictionPattern(QStringLiteral("^[A-Z]{2}-[A-Z0-9]{1,3}$"));
    for (const QString &spec : parser.values(capOption)) {
        const qsizetype eq = spec.indexOf(QLatin1Char('='));
        int cap = 0;
        if (eq <= 0 || !jurisdictionPattern.match(spec.left(eq)).hasMatch() ||
            !parseInt(spec.mid(eq + 1), 1, 1000000, &cap)) {
            result.error = QStringLiteral("--cap expects JURISDICTION=N with N >= 1, got '%1'").arg(spec);
            return result;
        }
        config.caps.insert(spec.left(eq), cap);
    }
    if (!parseInt(parser.value(defaultCapOption), 1, 1000000, &config.defaultCap)) {
        result.error = QStringLiteral("--default-cap must be >= 1");
        return result;
    }

    const QStringList latency = parser.value(latencyOption).split(QLatin1Char(':'));
    if (latency.size() > 2 || !parseInt(latency.value(0), 0, 3600000, &config.latencyMinMs) ||
        !parseInt(latency.value(latency.size() - 1), 0, 3600000, &config.latencyMaxMs) ||
        config.latencyMaxMs < config.latencyMinMs) {
        result.error = QStringLiteral("--latency-ms expects MIN[:MAX] with 0 <= MIN <= MAX");
        return result;
    }

    bool seedOk = false;
    config.seed = parser.value(seedOption).toULongLong(&seedOk);
    if (!seedOk) {
        result.error = QStringLiteral("--seed must be a non-negative integer");
        return result;
    }

    for (const QString &spec : parser.values(failOption)) {
        const qsizetype eq = spec.indexOf(QLatin1Char('='));
        const auto kind = eq > 0 ? faultKindFromName(spec.left(eq)) : std::nullopt;
        double rate = 0.0;
        if (!kind || !parseRate(spec.mid(eq + 1), &rate)) {
            result.error =
                QStringLiteral("--fail expects KIND=RATE with a known KIND and 0 <= RATE <= 1, got '%1'")
                    .arg(spec);
            return result;
        }
        config.rates[static_cast<std::size_t>(*kind)] = rate;
    }

    if (!parseInt(parser.value(slowOption), 0, 3600000, &config.slowMs)) {
        result.error = QStringLiteral("--slow-ms must be 0..3600000");
        return result;
    }
    if (!parseInt(parser.value(faultAttemptsOption), 0, 1000000, &config.faultAttempts)) {
        result.error = QStringLiteral("--fault-attempts must be >= 0");
        return result;
    }
    if (!parseInt(parser.value(retryAfterOption), 0, 86400, &config.retryAfterSeconds)) {
        result.error = QStringLiteral("--retry-after must be 0..86400");
        return result;
    }
    config.lookup = !parser.isSet(noLookupOption);
    config.ignoreIdempotencyKey = parser.isSet(ignoreKeyOption);
    config.recordOnAnswer = parser.isSet(recordOnAnswerOption);
    config.requireCompletePayload = parser.isSet(requireCompleteOption);
    config.verbose = parser.isSet(verboseOption);
    result.config = config;
    return result;
}

double FaultInjector::unit(quint64 seed, const char *salt, const QString &key, int attempt) {
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArray::number(seed));
    hash.addData(QByteArrayView("|"));
    hash.addData(QByteArrayView(salt));
    hash.addData(QByteArrayView("|"));
    hash.addData(key.toUtf8());
    hash.addData(QByteArrayView("|"));
    hash.addData(QByteArray::number(attempt));
    const QByteArray digest = hash.result();
    const quint64 bits = qFromBigEndian<quint64>(digest.constData());
    return static_cast<double>(bits >> 11) * (1.0 / 9007199254740992.0); // 53 bits -> [0, 1)
}

FaultInjector::AttemptFault FaultInjector::attemptFault(const QString &key, int attempt) const {
    if (attempt < 1 || attempt > m_config.faultAttempts)
        return AttemptFault::None;
    const double u = unit(m_config.seed, "attempt", key, attempt);
    double edge = 0.0;
    const std::pair<FaultKind, AttemptFault> order[] = {
        {FaultKind::Transient, AttemptFault::Transient},
        {FaultKind::Throttle, AttemptFault::Throttle},
        {FaultKind::Slow, AttemptFault::Slow},
        {FaultKind::Drop, AttemptFault::Drop},
    };
    for (const auto &[kind, fault] : order) {
        edge += m_config.rate(kind);
        if (u < std::min(edge, 1.0))
            return fault;
    }
    return AttemptFault::None;
}

int FaultInjector::transientStatus(const QString &key, int attempt) const {
    static constexpr int statuses[] = {500, 502, 503};
    const double u = unit(m_config.seed, "transient-status", key, attempt);
    return statuses[std::min(2, static_cast<int>(u * 3.0))];
}

namespace {

// The draws of the report's verdict hash the key and the payload together.
QString keyAndPayload(const QString &key, const QByteArray &payload) {
    return key + QLatin1Char('|') + QString::fromLatin1(payload);
}

} // namespace

QByteArray FaultInjector::payloadDigest(const QJsonObject &payload) {
    return QCryptographicHash::hash(QJsonDocument(payload).toJson(QJsonDocument::Compact),
                                    QCryptographicHash::Sha256)
        .toHex();
}

FaultInjector::KeyRejection FaultInjector::keyRejection(const QString &key, const QByteArray &payload) const {
    const double u = unit(m_config.seed, "key", keyAndPayload(key, payload), 0);
    const double statutory = m_config.rate(FaultKind::Statutory);
    if (u < statutory)
        return KeyRejection::Statutory;
    if (u < std::min(1.0, statutory + m_config.rate(FaultKind::Validation)))
        return KeyRejection::Validation;
    return KeyRejection::None;
}

QString FaultInjector::statutoryCode(const QString &key, const QByteArray &payload) const {
    static const char *const codes[] = {"STAT_AGENT_EXPIRED", "STAT_FEE_SCHEDULE",
                                        "STAT_JURISDICTION_MISMATCH"};
    const double u = unit(m_config.seed, "statutory-code", keyAndPayload(key, payload), 0);
    return QString::fromLatin1(codes[std::min(2, static_cast<int>(u * 3.0))]);
}

QString FaultInjector::validationCode(const QString &key, const QByteArray &payload, bool hasShares) const {
    // The share structure last: an entity without shares draws from the first two.
    static const char *const codes[] = {"VAL_OFFICER_MISSING", "VAL_ADDRESS_FORMAT", "VAL_SHARE_STRUCTURE"};
    const int choices = hasShares ? 3 : 2;
    const double u = unit(m_config.seed, "validation-code", keyAndPayload(key, payload), 0);
    return QString::fromLatin1(codes[std::min(choices - 1, static_cast<int>(u * choices))]);
}

bool FaultInjector::wrongFee(const QString &key) const {
    return unit(m_config.seed, "wrong-fee", key, 0) < m_config.rate(FaultKind::WrongFee);
}

bool FaultInjector::missingConfirmation(const QString &key) const {
    return unit(m_config.seed, "missing-confirmation", key, 0) <
           m_config.rate(FaultKind::MissingConfirmation);
}

int FaultInjector::latencyMs(const QString &key, int attempt, const char *salt) const {
    const int span = m_config.latencyMaxMs - m_config.latencyMinMs;
    if (span <= 0)
        return m_config.latencyMinMs;
    const double u = unit(m_config.seed, salt, key, attempt);
    return m_config.latencyMinMs + std::min(span, static_cast<int>(u * (span + 1)));
}

} // namespace fd::sandbox
