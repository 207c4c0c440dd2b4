#include "engine/rules/rejection_codes.h"

#include "engine/core/engine_resources.h"
#include "engine/register/entity_fields.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QRegularExpression>

#include <utility>

Q_LOGGING_CATEGORY(lcRejectionCodes, "filingdesk.rules.rejections")

namespace fd {

namespace {

const char kBuiltInPath[] = ":/filingdesk/registry/rejection_codes.json";

const QStringList &entryKeys() {
    static const QStringList keys{
        QStringLiteral("code"),        QStringLiteral("category"),   QStringLiteral("title"),
        QStringLiteral("explanation"), QStringLiteral("cure"),       QStringLiteral("fields"),
        QStringLiteral("source"),      QStringLiteral("source_url"), QStringLiteral("data_defect")};
    return keys;
}

const QStringList &optionalEntryKeys() {
    static const QStringList keys{QStringLiteral("sources_by_jurisdiction"),
                                  QStringLiteral("cites_filing_rule")};
    return keys;
}

// Reads "sources_by_jurisdiction": {"US-DE": {"source": "…", "source_url": "https://…"}, …}.
bool readJurisdictionSources(const QJsonValue &value, RejectionCode *c, QString *reason) {
    if (!value.isObject()) {
        *reason = QStringLiteral("must be an object of ISO 3166-2 codes");
        return false;
    }
    static const QRegularExpression isoRe(QStringLiteral("^[A-Z]{2}(-[A-Z0-9]{1,3})?$"));
    const QJsonObject all = value.toObject();
    for (auto it = all.constBegin(); it != all.constEnd(); ++it) {
        if (!isoRe.match(it.key()).hasMatch()) {
            *reason = QStringLiteral("\"%1\" is not an ISO 3166-2 code such as US-DE").arg(it.key());
            return false;
        }
        const QJsonObject one = it.value().toObject();
        const QString source = one.value(QLatin1String("source")).toString().trimmed();
        const QString url = one.value(QLatin1String("source_url")).toString().trimmed();
        if (!it.value().isObject() || one.size() != 2 || source.isEmpty() ||
            !url.startsWith(QLatin1String("https://"))) {
            *reason = QStringLiteral("%1: must be {\"source\": text, \"source_url\": an https:// URL}")
                          .arg(it.key());
            return false;
        }
        c->byJurisdiction.insert(it.key(), {source, url});
    }
    return true;
}

// Reads one entry; false with *field and *reason on the first problem.
bool readEntry(const QJsonObject &o, RejectionCode *out, QString *field, QString *reason) {
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (!entryKeys().contains(it.key()) && !optionalEntryKeys().contains(it.key())) {
            *field = it.key();
            *reason = QStringLiteral("unknown field");
            return false;
        }
    }
    for (const QString &key : entryKeys()) {
        if (!o.contains(key)) {
            *field = key;
            *reason = QStringLiteral("missing");
            return false;
        }
    }
    const auto text = [&](const char *key, bool mayBeEmpty, QString *value) {
        const QJsonValue v = o.value(QLatin1String(key));
        *field = QLatin1String(key);
        if (!v.isString()) {
            *reason = QStringLiteral("must be a string");
            return false;
        }
        *value = v.toString().trimmed();
        if (!mayBeEmpty && value->isEmpty()) {
            *reason = QStringLiteral("must not be empty");
            return false;
        }
        return true;
    };

    RejectionCode c;
    if (!text("code", false, &c.code))
        return false;
    static const QRegularExpression codeRe(QStringLiteral("^[A-Z][A-Z0-9_]{0,63}$"));
    if (!codeRe.match(c.code).hasMatch()) {
        *reason = QStringLiteral("\"%1\" is not an upper-case code such as STAT_AGENT_EXPIRED").arg(c.code);
        return false;
    }
    if (!text("category", false, &c.category))
        return false;
    const char *prefix = nullptr;
    if (c.category == QLatin1String("statutory")) {
        prefix = "STAT_";
    } else if (c.category == QLatin1String("validation")) {
        prefix = "VAL_";
    } else {
        *reason = QStringLiteral("must be \"statutory\" or \"validation\", got \"%1\"").arg(c.category);
        return false;
    }
    if (!c.code.startsWith(QLatin1String(prefix))) {
        *reason = QStringLiteral("%1 codes start with %2, \"%3\" does not")
                      .arg(c.category, QLatin1String(prefix), c.code);
        return false;
    }
    if (!text("title", false, &c.title) || !text("explanation", false, &c.explanation) ||
        !text("cure", false, &c.cure) || !text("source", false, &c.source) ||
        !text("source_url", true, &c.sourceUrl))
        return false;
    if (!c.sourceUrl.isEmpty() && !c.sourceUrl.startsWith(QLatin1String("https://"))) {
        *reason = QStringLiteral("must be empty or an https:// URL, got \"%1\"").arg(c.sourceUrl);
        return false;
    }

    *field = QStringLiteral("fields");
    const QJsonValue fields = o.value(QLatin1String("fields"));
    if (!fields.isArray()) {
        *reason = QStringLiteral("must be an array of entity register columns");
        return false;
    }
    for (const QJsonValue &v : fields.toArray()) {
        const QString column = v.toString();
        if (!v.isString() || !EntityFields::find(column)) {
            *reason = v.isString() ? QStringLiteral("\"%1\" is not an entity register column").arg(column)
                                   : QStringLiteral("must be an array of entity register columns");
            return false;
        }
        if (c.fields.contains(column)) {
            *reason = QStringLiteral("\"%1\" is listed twice").arg(column);
            return false;
        }
        c.fields.append(column);
    }

    *field = QStringLiteral("data_defect");
    const QJsonValue defect = o.value(QLatin1String("data_defect"));
    if (!defect.isBool()) {
        *reason = QStringLiteral("must be true or false");
        return false;
    }
    c.dataDefect = defect.toBool();
    if (c.dataDefect == c.fields.isEmpty()) {
        *reason = c.dataDefect ? QStringLiteral("is true, but \"fields\" names no column to edit")
                               : QStringLiteral("is false, but \"fields\" names columns to edit");
        return false;
    }

    if (o.contains(QLatin1String("sources_by_jurisdiction"))) {
        *field = QStringLiteral("sources_by_jurisdiction");
        if (!readJurisdictionSources(o.value(*field), &c, reason))
            return false;
    }
    if (o.contains(QLatin1String("cites_filing_rule"))) {
        *field = QStringLiteral("cites_filing_rule");
        const QJsonValue cites = o.value(*field);
        if (!cites.isBool()) {
            *reason = QStringLiteral("must be true or false");
            return false;
        }
        c.citesFilingRule = cites.toBool();
    }
    *out = c;
    return true;
}

} // namespace

QList<RejectionSource> rejectionSourcesFor(const RejectionCode &code, const QString &jurisdiction,
                                           const QString &filingCitation, const QString &filingCitationUrl) {
    const auto own = code.byJurisdiction.constFind(jurisdiction);
    if (own != code.byJurisdiction.constEnd())
        return {RejectionSource{own->first, own->second, jurisdiction}};
    QList<RejectionSource> sources;
    if (code.citesFilingRule && !filingCitation.trimmed().isEmpty())
        sources.append(
            RejectionSource{filingCitation.trimmed(), filingCitationUrl.trimmed(), QStringLiteral("rule")});
    sources.append(RejectionSource{code.source, code.sourceUrl, QString()});
    return sources;
}

bool RejectionCatalogue::load(const QByteArray &json, RejectionCatalogue *out, QString *error) {
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("not valid JSON at offset %1: %2")
                     .arg(parseError.offset)
                     .arg(parseError.errorString());
        return false;
    }
    if (!document.isObject()) {
        *error = QStringLiteral("the file must be a JSON object with \"schema\" and \"codes\"");
        return false;
    }
    const QJsonObject root = document.object();
    for (auto it = root.constBegin(); it != root.constEnd(); ++it) {
        if (it.key() != QLatin1String("schema") && it.key() != QLatin1String("about") &&
            it.key() != QLatin1String("codes")) {
            *error = QStringLiteral("field \"%1\": unknown field").arg(it.key());
            return false;
        }
    }
    if (root.value(QLatin1String("schema")).toInt(-1) != 1) {
        *error = QStringLiteral("field \"schema\": must be 1");
        return false;
    }
    if (root.contains(QLatin1String("about")) && !root.value(QLatin1String("about")).isString()) {
        *error = QStringLiteral("field \"about\": must be a string");
        return false;
    }
    if (!root.value(QLatin1String("codes")).isArray()) {
        *error = QStringLiteral("field \"codes\": must be an array of entries");
        return false;
    }

    RejectionCatalogue loaded;
    const QJsonArray entries = root.value(QLatin1String("codes")).toArray();
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QJsonValue value = entries.at(i);
        const QString code = value.toObject().value(QLatin1String("code")).toString();
        const QString where = code.isEmpty() ? QStringLiteral("entry %1").arg(i + 1)
                                             : QStringLiteral("entry %1 (%2)").arg(i + 1).arg(code);
        if (!value.isObject()) {
            *error = QStringLiteral("%1: must be a JSON object").arg(where);
            return false;
        }
        RejectionCode entry;
        QString field;
        QString reason;
        if (!readEntry(value.toObject(), &entry, &field, &reason)) {
            *error = QStringLiteral("%1: field \"%2\": %3").arg(where, field, reason);
            return false;
        }
        if (loaded.m_index.contains(entry.code)) {
            *error = QStringLiteral("%1: field \"code\": %2 is already entry %3")
                         .arg(where, entry.code)
                         .arg(loaded.m_index.value(entry.code) + 1);
            return false;
        }
        loaded.m_index.insert(entry.code, loaded.m_codes.size());
        loaded.m_codes.append(entry);
    }
    if (loaded.m_codes.isEmpty()) {
        *error = QStringLiteral("field \"codes\": no entries");
        return false;
    }
    *out = std::move(loaded);
    return true;
}

const RejectionCatalogue &RejectionCatalogue::builtIn() {
    static const RejectionCatalogue catalogue = [] {
        registerEngineResources();
        RejectionCatalogue loaded;
        QFile file(QString::fromLatin1(kBuiltInPath));
        QString error;
        if (!file.open(QIODevice::ReadOnly))
            qCCritical(lcRejectionCodes) << "built-in rejection codes do not open:" << file.errorString();
        else if (!load(file.readAll(), &loaded, &error))
            qCCritical(lcRejectionCodes) << "built-in rejection codes do not load:" << error;
        return loaded;
    }();
    return catalogue;
}

std::optional<RejectionCode> RejectionCatalogue::find(const QString &code) const {
    const auto it = m_index.constFind(code);
    if (it == m_index.constEnd())
        return std::nullopt;
    return m_codes.at(*it);
}

} // namespace fd
