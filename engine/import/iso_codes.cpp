#include "engine/import/iso_codes.h"

#include "engine/core/engine_resources.h"
#include "engine/import/gettext_catalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcImport, "filingdesk.import")

namespace fd {

namespace {

QJsonArray readArray(const QString &path, const QString &key, QString *error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot open: %2").arg(path, file.errorString());
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: offset %2: %3")
                     .arg(path)
                     .arg(parseError.offset)
                     .arg(parseError.errorString());
        return {};
    }
    const QJsonArray array = doc.object().value(key).toArray();
    if (array.isEmpty())
        *error = QStringLiteral("%1: no \"%2\" array (not the iso-codes layout)").arg(path, key);
    return array;
}

} // namespace

bool IsoCodes::load(const QString &directory, QString *error) {
    QString problem;
    const QJsonArray countries =
        readArray(directory + QStringLiteral("/iso_3166-1.json"), QStringLiteral("3166-1"), &problem);
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    const QJsonArray subdivisions =
        readArray(directory + QStringLiteral("/iso_3166-2.json"), QStringLiteral("3166-2"), &problem);
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    QList<IsoCountry> loadedCountries;
    for (const QJsonValue &v : countries) {
        const QJsonObject o = v.toObject();
        IsoCountry c{
            o.value(QStringLiteral("alpha_2")).toString(), o.value(QStringLiteral("alpha_3")).toString(),
            o.value(QStringLiteral("name")).toString(), o.value(QStringLiteral("official_name")).toString(),
            o.value(QStringLiteral("common_name")).toString()};
        if (c.alpha2.size() != 2 || c.name.isEmpty()) {
            *error = QStringLiteral("%1/iso_3166-1.json: an entry without alpha_2 or name").arg(directory);
            return false;
        }
        loadedCountries.append(c);
    }
    QList<IsoSubdivision> loadedSubdivisions;
    for (const QJsonValue &v : subdivisions) {
        const QJsonObject o = v.toObject();
        const QString code = o.value(QStringLiteral("code")).toString();
        const QString name = o.value(QStringLiteral("name")).toString();
        if (code.size() < 4 || code.at(2) != QLatin1Char('-') || name.isEmpty()) {
            *error = QStringLiteral("%1/iso_3166-2.json: entry \"%2\" has no valid code or name")
                         .arg(directory, code);
            return false;
        }
        loadedSubdivisions.append({code, code.left(2), name, o.value(QStringLiteral("type")).toString()});
    }
    // Country names in other languages: each catalogue maps an English name (short, official or common) to
    // that language's.
    QHash<QString, QString> byEnglish;
    for (const IsoCountry &c : std::as_const(loadedCountries))
        for (const QString &n : {c.name, c.officialName, c.commonName})
            if (!n.isEmpty())
                byEnglish.insert(n, c.alpha2);
    QList<IsoTranslatedName> translated;
    for (const QString &language : translationLanguages()) {
        const QString path =
            directory == systemDirectory()
                ? QStringLiteral("/usr/share/locale/%1/LC_MESSAGES/iso_3166-1.mo").arg(language)
                : QStringLiteral("%1/locale/%2/iso_3166-1.mo").arg(directory, language);
        const QHash<QByteArray, QString> catalogue = readGettextCatalogue(path);
        for (auto it = catalogue.cbegin(); it != catalogue.cend(); ++it) {
            const QString alpha2 = byEnglish.value(QString::fromUtf8(it.key()));
            if (!alpha2.isEmpty() && !it.value().isEmpty())
                translated.append({it.value(), alpha2, language});
        }
    }
    m_countries = loadedCountries;
    m_subdivisions = loadedSubdivisions;
    m_translated = translated;
    m_source = directory;
    return true;
}

const QStringList &IsoCodes::translationLanguages() {
    static const QStringList languages{QStringLiteral("de"),   QStringLiteral("fr"), QStringLiteral("es"),
                                       QStringLiteral("it"),   QStringLiteral("nl"), QStringLiteral("pt"),
                                       QStringLiteral("pt_BR")};
    return languages;
}

QString IsoCodes::countryName(const QString &alpha2) const {
    for (const IsoCountry &c : m_countries) {
        if (c.alpha2 == alpha2)
            return c.name;
    }
    return QString();
}

QString IsoCodes::placeName(const QString &code) const {
    if (code.contains(QLatin1Char('-'))) {
        for (const IsoSubdivision &s : m_subdivisions) {
            if (s.code == code)
                return s.name;
        }
        return QString();
    }
    for (const IsoCountry &c : m_countries) {
        if (c.alpha2 == code)
            return c.commonName.isEmpty() ? c.name : c.commonName;
    }
    return QString();
}

QString placeLabel(const QString &code) {
    if (code.isEmpty())
        return QString();
    const QString name = IsoCodes::instance().placeName(code);
    if (name.isEmpty())
        return code;
    return code.contains(QLatin1Char('-')) ? QStringLiteral("%1 (%2)").arg(name, code) : name;
}

QString IsoCodes::systemDirectory() {
    return QStringLiteral("/usr/share/iso-codes/json");
}

QString IsoCodes::builtInDirectory() {
    return QStringLiteral(":/filingdesk/iso-codes");
}

const IsoCodes &IsoCodes::instance() {
    static const IsoCodes cached = [] {
        IsoCodes codes;
        QString error;
        if (QFile::exists(systemDirectory() + QStringLiteral("/iso_3166-1.json"))) {
            if (codes.load(systemDirectory(), &error)) {
                qCInfo(lcImport) << "ISO 3166 data from" << codes.source();
                return codes;
            }
            qCWarning(lcImport) << "system iso-codes data unusable, using the built-in copy:" << error;
        }
        registerEngineResources();
        if (!codes.load(builtInDirectory(), &error))
            qCCritical(lcImport) << "built-in iso-codes data does not load:" << error;
        else
            qCInfo(lcImport) << "ISO 3166 data from the built-in copy" << codes.source();
        return codes;
    }();
    return cached;
}

} // namespace fd
