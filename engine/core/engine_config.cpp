#include "engine/core/engine_config.h"

#include "engine/import/jurisdiction_normaliser.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace fd {

namespace {

int lineOf(const QByteArray &text, const QString &key)
{
    const qsizetype at = text.indexOf("\"" + key.toUtf8() + "\"");
    return at < 0 ? 1 : 1 + int(text.left(at).count('\n'));
}

} // namespace

bool EngineConfig::addLimit(const QString &spec, QString *error)
{
    const qsizetype eq = spec.indexOf(QLatin1Char('='));
    const QString jurisdiction = spec.left(eq).trimmed().toUpper();
    bool ok = false;
    const int value = eq > 0 ? spec.mid(eq + 1).trimmed().toInt(&ok) : 0;
    if (eq <= 0 || !ok || value < 1 || value > 10000) {
        *error = QStringLiteral("--limit \"%1\": expected JURISDICTION=N with N from 1 to 10000 (e.g. US-DE=8)").arg(spec);
        return false;
    }
    if (usJurisdictionName(jurisdiction).isEmpty()) {
        *error = QStringLiteral("--limit \"%1\": \"%2\" is not a US jurisdiction code such as US-DE").arg(spec, jurisdiction);
        return false;
    }
    limits.insert(jurisdiction, value);
    return true;
}

bool EngineConfig::loadFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot open: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray text = file.readAll();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = QStringLiteral("%1:%2: not a JSON object: %3")
                     .arg(path)
                     .arg(1 + int(text.left(parseError.offset).count('\n')))
                     .arg(parseError.errorString());
        return false;
    }
    const QJsonObject o = doc.object();
    EngineConfig c = *this;
    static const QStringList known{QStringLiteral("redis"), QStringLiteral("key_prefix"), QStringLiteral("lease_ms"),
                                   QStringLiteral("registry"), QStringLiteral("registries"), QStringLiteral("lookup_supported"),
                                   QStringLiteral("limits"), QStringLiteral("default_limit"), QStringLiteral("global_limit"),
                                   QStringLiteral("request_timeout_ms"), QStringLiteral("max_attempts"),
                                   QStringLiteral("retry_base_ms"), QStringLiteral("retry_max_ms"),
                                   QStringLiteral("breaker_threshold"), QStringLiteral("breaker_cooldown_ms"),
                                   QStringLiteral("db"), QStringLiteral("rules"), QStringLiteral("console_id")};
    auto fail = [&](const QString &key, const QString &reason) {
        *error = QStringLiteral("%1:%2: %3: %4").arg(path).arg(lineOf(text, key)).arg(key, reason);
        return false;
    };
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key()))
            return fail(it.key(), QStringLiteral("unknown setting (secrets such as passwords never go in this file)"));
    }
    auto integer = [&](const char *key, int *target, int min, int max) {
        const QString k = QString::fromLatin1(key);
        if (!o.contains(k))
            return true;
        const QJsonValue v = o.value(k);
        if (!v.isDouble() || v.toDouble() != double(v.toInt()) || v.toInt() < min || v.toInt() > max)
            return fail(k, QStringLiteral("must be a whole number from %1 to %2").arg(min).arg(max));
        *target = v.toInt();
        return true;
    };
    if (o.contains(QStringLiteral("redis")))
        c.redisUrl = o.value(QStringLiteral("redis")).toString();
    if (o.contains(QStringLiteral("key_prefix")))
        c.keyPrefix = o.value(QStringLiteral("key_prefix")).toString();
    int lease = int(c.leaseMs);
    if (!integer("lease_ms", &lease, 1000, 3600000))
        return false;
    c.leaseMs = lease;
    if (o.contains(QStringLiteral("registry"))) {
        c.registryUrl = QUrl(o.value(QStringLiteral("registry")).toString(), QUrl::StrictMode);
        if (!c.registryUrl.isValid() || c.registryUrl.scheme().isEmpty())
            return fail(QStringLiteral("registry"), QStringLiteral("is not an http(s) URL"));
    }
    const QJsonObject registries = o.value(QStringLiteral("registries")).toObject();
    for (auto it = registries.begin(); it != registries.end(); ++it) {
        const QUrl url(it.value().toString(), QUrl::StrictMode);
        if (usJurisdictionName(it.key()).isEmpty() || !url.isValid() || url.scheme().isEmpty())
            return fail(QStringLiteral("registries"), QStringLiteral("\"%1\" must map a jurisdiction such as US-DE to a URL").arg(it.key()));
        c.registryUrls.insert(it.key(), url);
    }
    if (o.contains(QStringLiteral("lookup_supported")))
        c.lookupSupported = o.value(QStringLiteral("lookup_supported")).toBool(true);
    const QJsonObject limitsObject = o.value(QStringLiteral("limits")).toObject();
    for (auto it = limitsObject.begin(); it != limitsObject.end(); ++it) {
        QString limitError;
        if (!c.addLimit(it.key() + QLatin1Char('=') + QString::number(it.value().toInt()), &limitError))
            return fail(QStringLiteral("limits"), limitError);
    }
    if (!integer("default_limit", &c.defaultLimit, 1, 10000) || !integer("global_limit", &c.globalLimit, 1, 100000)
        || !integer("request_timeout_ms", &c.requestTimeoutMs, 100, 3600000)
        || !integer("max_attempts", &c.maxAttempts, 1, 100) || !integer("retry_base_ms", &c.retryBaseMs, 1, 3600000)
        || !integer("retry_max_ms", &c.retryMaxMs, 1, 86400000)
        || !integer("breaker_threshold", &c.breakerThreshold, 1, 1000)
        || !integer("breaker_cooldown_ms", &c.breakerCooldownMs, 1, 86400000))
        return false;
    if (o.contains(QStringLiteral("db")))
        c.dbPath = o.value(QStringLiteral("db")).toString();
    if (o.contains(QStringLiteral("rules")))
        c.rulesPath = o.value(QStringLiteral("rules")).toString();
    if (o.contains(QStringLiteral("console_id")))
        c.consoleId = o.value(QStringLiteral("console_id")).toString();
    QString invalid;
    if (!c.validate(&invalid)) {
        *error = QStringLiteral("%1: %2").arg(path, invalid);
        return false;
    }
    *this = c;
    return true;
}

bool EngineConfig::validate(QString *error) const
{
    if (requestTimeoutMs >= leaseMs) {
        *error = QStringLiteral("request_timeout_ms (%1) must be shorter than lease_ms (%2): a permit must outlive its request")
                     .arg(requestTimeoutMs)
                     .arg(leaseMs);
        return false;
    }
    if (!redisUrl.isEmpty() && !redisUrl.startsWith(QLatin1String("redis://"))) {
        *error = QStringLiteral("redis: \"%1\" is not a redis:// URL").arg(redisUrl);
        return false;
    }
    if (keyPrefix.isEmpty() || keyPrefix.contains(QLatin1Char(' '))) {
        *error = QStringLiteral("key_prefix must be a non-empty word");
        return false;
    }
    return true;
}

} // namespace fd
