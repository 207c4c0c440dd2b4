#include "engine/core/engine_config.h"

#include "engine/import/jurisdiction_normaliser.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace fd {

namespace {

/// One object key of the settings file as written: its path from the top ("limits", "US-DE") and its line.
struct KeyLocation {
    QStringList path;
    int line = 1;
    bool insideArray = false; ///< under an array: keys there may repeat legitimately (one object per element)
};

/// Every object key of a file that QJsonDocument already accepted, with its line. QJsonObject keeps neither
/// line numbers nor repeated keys (the last one wins), and an error message must point at the offending line
/// and a repeated key must not silently override the first, so the raw text is scanned once more.
QList<KeyLocation> scanKeys(const QByteArray &text) {
    struct Level {
        char kind;        // '{' or '['
        QStringList path; // the key path of this container
        QString lastKey;  // the key whose value is being read (objects)
        bool expectKey;   // the next string is a key
        bool insideArray;
    };
    QList<KeyLocation> keys;
    QList<Level> stack;
    int line = 1;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char ch = text.at(i);
        if (ch == '\n') {
            ++line;
        } else if (ch == '{' || ch == '[') {
            QStringList path;
            bool insideArray = false;
            if (!stack.isEmpty()) {
                const Level &top = stack.last();
                path = top.path;
                if (top.kind == '{')
                    path.append(top.lastKey);
                insideArray = top.insideArray || top.kind == '[';
            }
            stack.append(Level{ch, path, QString(), ch == '{', insideArray});
        } else if (ch == '}' || ch == ']') {
            if (!stack.isEmpty())
                stack.removeLast();
        } else if (ch == ',') {
            if (!stack.isEmpty() && stack.last().kind == '{')
                stack.last().expectKey = true;
        } else if (ch == ':') {
            if (!stack.isEmpty())
                stack.last().expectKey = false;
        } else if (ch == '"') {
            const qsizetype start = i;
            for (++i; i < text.size() && text.at(i) != '"'; ++i) {
                if (text.at(i) == '\\')
                    ++i;
            }
            if (!stack.isEmpty() && stack.last().kind == '{' && stack.last().expectKey) {
                // Decode escapes exactly as the parser did, so "US\u002dDE" is reported as the key it is.
                const QByteArray token = text.mid(start, i - start + 1);
                const QString key = QJsonDocument::fromJson("[" + token + "]").array().at(0).toString();
                Level &top = stack.last();
                top.lastKey = key;
                keys.append(KeyLocation{top.path + QStringList{key}, line, top.insideArray});
            }
        }
    }
    return keys;
}

QString jsonTypeName(const QJsonValue &v) {
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

/// The value as the user wrote it, for messages: strings quoted, long values cut.
QString jsonLiteral(const QJsonValue &v) {
    QString text;
    if (v.isString())
        text = QLatin1Char('"') + v.toString() + QLatin1Char('"');
    else if (v.isArray())
        text = QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    else if (v.isObject())
        text = QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    else if (v.isBool())
        text = v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    else if (v.isDouble())
        text = QString::number(v.toDouble(), 'g', 17);
    else
        text = QStringLiteral("null");
    return text.size() > 60 ? text.left(57) + QStringLiteral("...") : text;
}

/// The cross-field and value checks shared by validate() and loadFile(): false with the field at fault and
/// why.
bool checkConsistency(const EngineConfig &c, QString *field, QString *reason) {
    if (c.requestTimeoutMs >= c.leaseMs) {
        *field = QStringLiteral("request_timeout_ms");
        *reason = QStringLiteral("%1 must be shorter than lease_ms (%2): a permit must outlive its request")
                      .arg(c.requestTimeoutMs)
                      .arg(c.leaseMs);
        return false;
    }
    if (c.keyPrefix.isEmpty() || c.keyPrefix.contains(QLatin1Char(' '))) {
        *field = QStringLiteral("key_prefix");
        *reason = QStringLiteral("must be a non-empty word");
        return false;
    }
    if (c.settleMs > 0 && c.settleMs < c.requestTimeoutMs) {
        *field = QStringLiteral("settle_ms");
        *reason =
            QStringLiteral("%1 is shorter than request_timeout_ms (%2): a registry may still be working on "
                           "a request it has not answered")
                .arg(c.settleMs)
                .arg(c.requestTimeoutMs);
        return false;
    }
    for (auto it = c.settleMsByJurisdiction.cbegin(); it != c.settleMsByJurisdiction.cend(); ++it) {
        if (it.value() < c.requestTimeoutMs) {
            *field = QStringLiteral("settle_windows.%1").arg(it.key());
            *reason = QStringLiteral("%1 is shorter than request_timeout_ms (%2)")
                          .arg(it.value())
                          .arg(c.requestTimeoutMs);
            return false;
        }
    }
    if (!c.registries.check(field, reason))
        return false;
    return true;
}

} // namespace

bool EngineConfig::addLimit(const QString &spec, QString *error) {
    const qsizetype eq = spec.indexOf(QLatin1Char('='));
    const QString jurisdiction = spec.left(eq).trimmed().toUpper();
    bool ok = false;
    const int value = eq > 0 ? spec.mid(eq + 1).trimmed().toInt(&ok) : 0;
    if (eq <= 0 || !ok || value < 1 || value > 10000) {
        *error =
            QStringLiteral("--limit \"%1\": expected JURISDICTION=N with N from 1 to 10000 (e.g. US-DE=8)")
                .arg(spec);
        return false;
    }
    if (usJurisdictionName(jurisdiction).isEmpty()) {
        *error = QStringLiteral("--limit \"%1\": \"%2\" is not a US jurisdiction code such as US-DE")
                     .arg(spec, jurisdiction);
        return false;
    }
    limits.insert(jurisdiction, value);
    return true;
}

bool EngineConfig::loadFile(const QString &path, QString *error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot open: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray text = file.readAll();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    // The parser refuses a bare scalar ("5") as "illegal value"; it is valid JSON, just not a settings
    // object.
    const bool scalar =
        parseError.error != QJsonParseError::NoError && QJsonDocument::fromJson("[" + text + "]").isArray();
    if (parseError.error != QJsonParseError::NoError && !scalar) {
        *error = QStringLiteral("%1:%2: not valid JSON: %3")
                     .arg(path)
                     .arg(1 + int(text.left(parseError.offset).count('\n')))
                     .arg(parseError.errorString());
        return false;
    }
    if (scalar || !doc.isObject()) {
        // The line of the first thing in the file: where the array (or scalar) starts.
        qsizetype first = 0;
        while (first < text.size() && QChar::isSpace(uchar(text.at(first))))
            ++first;
        *error =
            QStringLiteral("%1:%2: the settings file must hold a JSON object ({\"key\": value, ...}), not %3")
                .arg(path)
                .arg(1 + int(text.left(first).count('\n')))
                .arg(doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a single value"));
        return false;
    }
    const QJsonObject o = doc.object();
    const QList<KeyLocation> locations = scanKeys(text);
    auto lineOf = [&](const QStringList &keyPath) {
        for (const KeyLocation &k : locations) {
            if (k.path == keyPath)
                return k.line;
        }
        return 1;
    };
    auto failAt = [&](const QStringList &keyPath, const QString &reason) {
        *error = QStringLiteral("%1:%2: %3: %4")
                     .arg(path)
                     .arg(lineOf(keyPath))
                     .arg(keyPath.join(QLatin1Char('.')), reason);
        return false;
    };
    auto fail = [&](const QString &key, const QString &reason) { return failAt(QStringList{key}, reason); };
    auto wrongType = [&](const QString &key, const QString &expected) {
        return fail(key, QStringLiteral("expected %1, got %2").arg(expected, jsonTypeName(o.value(key))));
    };

    static const QStringList known{QStringLiteral("redis"),
                                   QStringLiteral("key_prefix"),
                                   QStringLiteral("lease_ms"),
                                   QStringLiteral("registry"),
                                   QStringLiteral("registries"),
                                   QStringLiteral("lookup_supported"),
                                   QStringLiteral("limits"),
                                   QStringLiteral("default_limit"),
                                   QStringLiteral("global_limit"),
                                   QStringLiteral("request_timeout_ms"),
                                   QStringLiteral("max_attempts"),
                                   QStringLiteral("retry_base_ms"),
                                   QStringLiteral("retry_max_ms"),
                                   QStringLiteral("breaker_threshold"),
                                   QStringLiteral("breaker_cooldown_ms"),
                                   QStringLiteral("db"),
                                   QStringLiteral("rules"),
                                   QStringLiteral("console_id"),
                                   QStringLiteral("ledger"),
                                   QStringLiteral("settle_ms"),
                                   QStringLiteral("settle_windows")};
    // Unknown keys, in file order: a typo ("limit" for "limits") must not silently leave a cap unset.
    for (const KeyLocation &k : locations) {
        if (k.path.size() == 1 && !known.contains(k.path.first()))
            return fail(k.path.first(),
                        QStringLiteral("unknown setting (known: %1; secrets such as passwords never go "
                                       "in this file)")
                            .arg(known.join(QStringLiteral(", "))));
    }
    // Repeated keys: the JSON parser keeps the last silently; which one the author meant is not ours to
    // guess.
    for (qsizetype i = 0; i < locations.size(); ++i) {
        if (locations.at(i).insideArray)
            continue;
        for (qsizetype j = 0; j < i; ++j) {
            if (!locations.at(j).insideArray && locations.at(j).path == locations.at(i).path) {
                *error = QStringLiteral("%1:%2: %3: repeats the key already set on line %4")
                             .arg(path)
                             .arg(locations.at(i).line)
                             .arg(locations.at(i).path.join(QLatin1Char('.')))
                             .arg(locations.at(j).line);
                return false;
            }
        }
    }

    EngineConfig c = *this;
    auto string = [&](const char *key, QString *target, bool allowEmpty) {
        const QString k = QString::fromLatin1(key);
        if (!o.contains(k))
            return true;
        const QJsonValue v = o.value(k);
        if (!v.isString())
            return wrongType(k, QStringLiteral("a string"));
        if (!allowEmpty && v.toString().trimmed().isEmpty())
            return fail(k, QStringLiteral("is empty (leave the key out for the default)"));
        *target = v.toString();
        return true;
    };
    auto integer = [&](const char *key, int *target, int min, int max) {
        const QString k = QString::fromLatin1(key);
        if (!o.contains(k))
            return true;
        const QJsonValue v = o.value(k);
        if (!v.isDouble())
            return wrongType(k, QStringLiteral("a whole number from %1 to %2").arg(min).arg(max));
        if (v.toDouble() != double(v.toInt()) || v.toInt() < min || v.toInt() > max)
            return fail(k, QStringLiteral("%1 is not a whole number from %2 to %3")
                               .arg(jsonLiteral(v))
                               .arg(min)
                               .arg(max));
        *target = v.toInt();
        return true;
    };

    // An empty "redis" would silently mean the in-process gate, which enforces no fleet-wide cap: refused,
    // the way to ask for the in-process gate is to leave the key out.
    if (o.contains(QStringLiteral("redis"))) {
        QString url;
        if (!string("redis", &url, false))
            return false;
        RedisEndpoint endpoint;
        QString reason;
        if (!RedisEndpoint::parse(url, &endpoint, &reason))
            return fail(QStringLiteral("redis"), reason);
        c.redis = endpoint;
    }
    if (!string("key_prefix", &c.keyPrefix, false))
        return false;
    if (o.contains(QStringLiteral("ledger"))) {
        QString url;
        if (!string("ledger", &url, false))
            return false;
        LedgerEndpoint endpoint;
        QString reason;
        if (!LedgerEndpoint::parse(url, &endpoint, &reason))
            return fail(QStringLiteral("ledger"), reason);
        c.ledger = endpoint;
    }
    int lease = int(c.leaseMs);
    if (!integer("lease_ms", &lease, 1000, 3600000))
        return false;
    c.leaseMs = lease;
    if (o.contains(QStringLiteral("registry"))) {
        QString registry;
        if (!string("registry", &registry, false))
            return false;
        QString reason;
        if (!RegistryEndpoints::parseUrl(registry, &c.registries.defaultUrl, &reason))
            return fail(QStringLiteral("registry"),
                        reason + QStringLiteral(" (e.g. https://registry.example)"));
    }
    if (o.contains(QStringLiteral("registries"))) {
        const QJsonValue v = o.value(QStringLiteral("registries"));
        if (!v.isObject())
            return wrongType(QStringLiteral("registries"),
                             QStringLiteral("an object mapping jurisdictions to URLs"));
        const QJsonObject byJurisdiction = v.toObject();
        for (auto it = byJurisdiction.begin(); it != byJurisdiction.end(); ++it) {
            const QStringList keyPath{QStringLiteral("registries"), it.key()};
            if (usJurisdictionName(it.key()).isEmpty())
                return failAt(
                    keyPath,
                    QStringLiteral("\"%1\" is not a US jurisdiction code such as US-DE").arg(it.key()));
            if (!it.value().isString())
                return failAt(keyPath,
                              QStringLiteral("expected a string, got %1").arg(jsonTypeName(it.value())));
            QUrl url;
            QString reason;
            if (!RegistryEndpoints::parseUrl(it.value().toString(), &url, &reason))
                return failAt(keyPath, reason);
            c.registries.byJurisdiction.insert(it.key(), url);
        }
    }
    if (o.contains(QStringLiteral("lookup_supported"))) {
        const QJsonValue v = o.value(QStringLiteral("lookup_supported"));
        if (!v.isBool())
            return wrongType(QStringLiteral("lookup_supported"), QStringLiteral("true or false"));
        c.lookupSupported = v.toBool();
    }
    // {"US-DE": N, ...}: a whole number per US jurisdiction.
    auto perJurisdiction = [&](const char *key, const QString &what, int min, int max,
                               QHash<QString, int> *out) {
        const QString k = QString::fromLatin1(key);
        if (!o.contains(k))
            return true;
        const QJsonValue v = o.value(k);
        if (!v.isObject())
            return wrongType(k, QStringLiteral("an object mapping jurisdictions to %1").arg(what));
        const QJsonObject map = v.toObject();
        for (auto it = map.begin(); it != map.end(); ++it) {
            const QStringList keyPath{k, it.key()};
            const QString code = it.key().trimmed().toUpper();
            if (usJurisdictionName(code).isEmpty())
                return failAt(
                    keyPath,
                    QStringLiteral("\"%1\" is not a US jurisdiction code such as US-DE").arg(it.key()));
            const QJsonValue n = it.value();
            if (!n.isDouble())
                return failAt(keyPath, QStringLiteral("expected a whole number from %1 to %2, got %3 %4")
                                           .arg(min)
                                           .arg(max)
                                           .arg(jsonTypeName(n), jsonLiteral(n)));
            if (n.toDouble() != double(n.toInt()) || n.toInt() < min || n.toInt() > max)
                return failAt(keyPath, QStringLiteral("%1 is not a whole number from %2 to %3")
                                           .arg(jsonLiteral(n))
                                           .arg(min)
                                           .arg(max));
            out->insert(code, n.toInt());
        }
        return true;
    };
    if (!perJurisdiction("limits", QStringLiteral("caps"), 1, 10000, &c.limits) ||
        !perJurisdiction("settle_windows", QStringLiteral("settle windows in ms"), 100, 86400000,
                         &c.settleMsByJurisdiction) ||
        !integer("settle_ms", &c.settleMs, 100, 86400000))
        return false;
    if (!integer("default_limit", &c.defaultLimit, 1, 10000) ||
        !integer("global_limit", &c.globalLimit, 1, 100000) ||
        !integer("request_timeout_ms", &c.requestTimeoutMs, 100, 3600000) ||
        !integer("max_attempts", &c.maxAttempts, 1, 100) ||
        !integer("retry_base_ms", &c.retryBaseMs, 1, 3600000) ||
        !integer("retry_max_ms", &c.retryMaxMs, 1, 86400000) ||
        !integer("breaker_threshold", &c.breakerThreshold, 1, 1000) ||
        !integer("breaker_cooldown_ms", &c.breakerCooldownMs, 1, 86400000))
        return false;
    if (!string("db", &c.dbPath, false) || !string("rules", &c.rulesPath, false) ||
        !string("console_id", &c.consoleId, false))
        return false;
    QString field;
    QString reason;
    if (!checkConsistency(c, &field, &reason)) {
        // request_timeout_ms against lease_ms: point at whichever of the two the file set.
        if (field == QLatin1String("request_timeout_ms") && !o.contains(field))
            field = QStringLiteral("lease_ms");
        return fail(field, reason);
    }
    *this = c;
    return true;
}

int EngineConfig::settleMsFor(const QString &jurisdiction) const {
    if (const auto it = settleMsByJurisdiction.constFind(jurisdiction);
        it != settleMsByJurisdiction.constEnd())
        return it.value();
    return settleMs > 0 ? settleMs : kSettleTimeouts * requestTimeoutMs;
}

bool EngineConfig::validate(QString *error) const {
    QString field;
    QString reason;
    if (checkConsistency(*this, &field, &reason))
        return true;
    *error = QStringLiteral("%1: %2").arg(field, reason);
    return false;
}

QStringList describeConfigChanges(const EngineConfig &before, const EngineConfig &after) {
    QStringList lines;
    auto text = [&](const char *name, const QString &a, const QString &b) {
        if (a != b)
            lines << QStringLiteral("%1: %2 -> %3")
                         .arg(QLatin1String(name), a.isEmpty() ? QStringLiteral("(none)") : a,
                              b.isEmpty() ? QStringLiteral("(none)") : b);
    };
    auto number = [&](const char *name, qint64 a, qint64 b) {
        text(name, QString::number(a), QString::number(b));
    };
    auto secret = [&](const char *name, const QString &a, const QString &b) {
        if (a != b)
            lines << QStringLiteral("%1: changed").arg(QLatin1String(name));
    };
    const auto redisUrl = [](const EngineConfig &c) { return c.redis ? c.redis->url : QString(); };
    const auto redisPassword = [](const EngineConfig &c) { return c.redis ? c.redis->password : QString(); };
    const auto ledgerUrl = [](const EngineConfig &c) { return c.ledger ? c.ledger->url : QString(); };
    const auto ledgerPassword = [](const EngineConfig &c) {
        return c.ledger ? c.ledger->password : QString();
    };
    text("redis", redisUrl(before), redisUrl(after));
    secret("redis password", redisPassword(before), redisPassword(after));
    text("key prefix", before.keyPrefix, after.keyPrefix);
    number("lease ms", before.leaseMs, after.leaseMs);
    text("registry", before.registries.defaultUrl.toString(), after.registries.defaultUrl.toString());
    secret("registry token", before.registryToken, after.registryToken);
    text("look-up supported", before.lookupSupported ? QStringLiteral("yes") : QStringLiteral("no"),
         after.lookupSupported ? QStringLiteral("yes") : QStringLiteral("no"));
    QStringList jurisdictions = before.registries.byJurisdiction.keys() +
                                after.registries.byJurisdiction.keys() + before.limits.keys() +
                                after.limits.keys();
    jurisdictions.sort();
    jurisdictions.removeDuplicates();
    for (const QString &j : std::as_const(jurisdictions)) {
        const QByteArray registryName = QStringLiteral("registry %1").arg(j).toUtf8();
        text(registryName.constData(), before.registries.byJurisdiction.value(j).toString(),
             after.registries.byJurisdiction.value(j).toString());
        const QByteArray capName = QStringLiteral("ceiling %1").arg(j).toUtf8();
        text(capName.constData(),
             before.limits.contains(j) ? QString::number(before.limits.value(j)) : QString(),
             after.limits.contains(j) ? QString::number(after.limits.value(j)) : QString());
    }
    number("default ceiling", before.defaultLimit, after.defaultLimit);
    number("global ceiling", before.globalLimit, after.globalLimit);
    number("request timeout ms", before.requestTimeoutMs, after.requestTimeoutMs);
    number("max attempts", before.maxAttempts, after.maxAttempts);
    number("retry base ms", before.retryBaseMs, after.retryBaseMs);
    number("retry max ms", before.retryMaxMs, after.retryMaxMs);
    number("breaker threshold", before.breakerThreshold, after.breakerThreshold);
    number("breaker cooldown ms", before.breakerCooldownMs, after.breakerCooldownMs);
    number("settle window ms", before.settleMsFor(QString()), after.settleMsFor(QString()));
    text("audit database", before.dbPath, after.dbPath);
    text("rules file", before.rulesPath, after.rulesPath);
    text("ledger", ledgerUrl(before), ledgerUrl(after));
    secret("ledger password", ledgerPassword(before), ledgerPassword(after));
    return lines;
}

} // namespace fd
