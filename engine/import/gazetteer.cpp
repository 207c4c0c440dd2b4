// GLib's headers name struct members "signals", which Qt defines as a macro: they come before any Qt header.
#ifdef FILINGDESK_HAVE_GEONAMES
#include <geonames.h>
#endif

#include "engine/import/gazetteer.h"

#include "engine/core/engine_resources.h"
#include "engine/import/gettext_catalogue.h"
#include "engine/import/place_aliases.h"

#include <QFile>
#include <QIODevice>
#include <QLoggingCategory>
#include <QSet>

#include <algorithm>

Q_LOGGING_CATEGORY(lcGazetteer, "filingdesk.import.gazetteer")

namespace fd {

namespace {

// The languages whose names for cities filings use besides English: the Latin-script languages of the
// countries where US registrants most often have subsidiaries. Each is libgeonames-common's catalogue
// /usr/share/locale/<language>/LC_MESSAGES/geonames.mo, keyed by GeoNames id.
const char *const kLanguages[] = {"de", "fr", "es", "it", "nl", "pt", "pt_BR", "sv", "da", "nb",
                                  "fi", "pl", "cs", "hu", "ro", "tr", "id",    "ms", "ca", "sk"};

} // namespace

const Gazetteer &Gazetteer::instance() {
    static const Gazetteer loaded = [] {
        Gazetteer g;
        QString error;
        if (g.loadSystem(&error))
            return g;
        qCInfo(lcGazetteer).noquote() << "system gazetteer not used:" << error << "- using the built-in copy";
        Gazetteer builtIn;
        if (!builtIn.loadFile(builtInPath(), &error))
            qCCritical(lcGazetteer).noquote() << "the built-in gazetteer does not load:" << error;
        return builtIn;
    }();
    return loaded;
}

QString Gazetteer::builtInPath() {
    return QStringLiteral(":/filingdesk/gazetteer/cities.tsv");
}

void Gazetteer::add(GazetteerCity city, const QStringList &otherNames) {
    const auto index = qint32(m_cities.size());
    QSet<QString> keys;
    keys.insert(foldPlace(city.name));
    for (const QString &name : otherNames)
        keys.insert(foldPlace(name));
    // "Makati City" is "Makati" as often: the name without "City" too ("Mexico City" stays Mexico's
    // country and "Kansas City" Kansas's state: a country or a state is read before any city).
    for (const QString &key : QSet<QString>(keys)) {
        if (key.endsWith(QLatin1String(" city")))
            keys.insert(key.chopped(5));
        if (key.startsWith(QLatin1String("city of ")))
            keys.insert(key.mid(8));
    }
    for (const QString &key : std::as_const(keys))
        if (key.size() >= 3)
            m_byName[key].append(index);
    m_cities.append(std::move(city));
    m_otherNames.append(otherNames);
}

bool Gazetteer::loadSystem(QString *error) {
#ifdef FILINGDESK_HAVE_GEONAMES
    const int n = geonames_get_n_cities();
    if (n <= 0) {
        *error = QStringLiteral("libgeonames lists no cities");
        return false;
    }
    QList<QHash<QByteArray, QString>> catalogues;
    for (const char *language : kLanguages) {
        QHash<QByteArray, QString> c = readGettextCatalogue(
            QStringLiteral("/usr/share/locale/%1/LC_MESSAGES/geonames.mo").arg(QLatin1String(language)));
        if (!c.isEmpty())
            catalogues.append(std::move(c));
    }
    if (catalogues.isEmpty()) {
        // Without them "München" or "Zürich" would not be found: the built-in copy has them.
        *error =
            QStringLiteral("libgeonames-common's catalogues (/usr/share/locale/*/LC_MESSAGES/geonames.mo) "
                           "are missing");
        return false;
    }
    m_cities.clear();
    m_otherNames.clear();
    m_byName.clear();
    m_cities.reserve(n);
    for (int i = 0; i < n; ++i) {
        GeonamesCity *raw = geonames_get_city(i);
        if (!raw)
            continue;
        // The English name and the GeoNames id straight from the record (geonames_city_get_name() would
        // translate the name into the process's locale): (id, name, admin1 code, admin1 name, country code,
        // country, time zone, population, latitude, longitude).
        if (!g_variant_is_of_type(raw, G_VARIANT_TYPE("(sssssssudd)"))) {
            geonames_city_free(raw);
            *error = QStringLiteral("libgeonames' city records are not laid out as expected");
            return false;
        }
        const gchar *id = nullptr;
        const gchar *name = nullptr;
        const gchar *regionCode = nullptr;
        const gchar *region = nullptr;
        const gchar *country = nullptr;
        guint32 population = 0;
        g_variant_get(raw, "(&s&s&s&s&s&s&sudd)", &id, &name, &regionCode, &region, &country, nullptr,
                      nullptr, &population, nullptr, nullptr);
        GazetteerCity city;
        city.name = QString::fromUtf8(name);
        city.country = QString::fromUtf8(country);
        city.regionCode = QString::fromUtf8(regionCode);
        city.region = QString::fromUtf8(region);
        city.population = population;
        QStringList others;
        const QByteArray key(id);
        for (const auto &catalogue : std::as_const(catalogues)) {
            const QString other = catalogue.value(key);
            if (!other.isEmpty() && other != city.name && !others.contains(other))
                others.append(other);
        }
        geonames_city_free(raw);
        add(std::move(city), others);
    }
    m_source = QStringLiteral("libgeonames %1 cities (system), %2 catalogues of other names")
                   .arg(m_cities.size())
                   .arg(catalogues.size());
    return true;
#else
    *error = QStringLiteral("built without libgeonames");
    return false;
#endif
}

bool Gazetteer::loadFile(const QString &path, QString *error) {
    if (path.startsWith(QLatin1Char(':')))
        registerEngineResources();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    m_cities.clear();
    m_otherNames.clear();
    m_byName.clear();
    int line = 0;
    while (!file.atEnd()) {
        const QString text = QString::fromUtf8(file.readLine()).chopped(1);
        ++line;
        if (text.startsWith(QLatin1Char('#')) || text.isEmpty())
            continue;
        const QStringList fields = text.split(QLatin1Char('\t'));
        bool ok = false;
        const quint32 population = fields.size() == 6 ? fields.at(4).toUInt(&ok) : 0;
        if (fields.size() != 6 || !ok || fields.at(0).isEmpty() || fields.at(1).size() != 2) {
            *error = QStringLiteral("%1:%2: not name, country, region code, region, population, other names")
                         .arg(path)
                         .arg(line);
            m_cities.clear();
            m_otherNames.clear();
            m_byName.clear();
            return false;
        }
        GazetteerCity city{fields.at(0), fields.at(1), fields.at(3), fields.at(2), population};
        add(std::move(city), fields.at(5).split(QLatin1Char('|'), Qt::SkipEmptyParts));
    }
    if (m_cities.isEmpty()) {
        *error = QStringLiteral("%1: no cities").arg(path);
        return false;
    }
    m_source = path;
    return true;
}

bool Gazetteer::writeTo(QIODevice *out, QString *error) const {
    QByteArray text = QByteArrayLiteral(
        "# GeoNames cities of 15,000 people or more (https://www.geonames.org, CC BY 4.0), as Debian's "
        "geonames 0.3.0-1 packages ship them; read from ");
    text += m_source.toUtf8() + '\n';
    for (qsizetype i = 0; i < m_cities.size(); ++i) {
        const GazetteerCity &c = m_cities.at(i);
        text += c.name.toUtf8() + '\t' + c.country.toUtf8() + '\t' + c.regionCode.toUtf8() + '\t' +
                c.region.toUtf8() + '\t' + QByteArray::number(c.population) + '\t' +
                m_otherNames.at(i).join(QLatin1Char('|')).toUtf8() + '\n';
    }
    if (out->write(text) != text.size()) {
        *error = out->errorString();
        return false;
    }
    return true;
}

CityReading Gazetteer::read(const QString &folded) const {
    CityReading reading;
    const auto it = m_byName.constFind(folded);
    if (it == m_byName.constEnd())
        return reading;
    for (const qint32 i : *it)
        reading.all.append(m_cities.at(i));
    std::sort(reading.all.begin(), reading.all.end(), [](const GazetteerCity &a, const GazetteerCity &b) {
        return a.population != b.population ? a.population > b.population : a.country < b.country;
    });
    // The largest city of that name in each country, largest first.
    QList<const GazetteerCity *> byCountry;
    for (const GazetteerCity &c : std::as_const(reading.all)) {
        if (std::none_of(byCountry.cbegin(), byCountry.cend(),
                         [&](const GazetteerCity *seen) { return seen->country == c.country; }))
            byCountry.append(&c);
    }
    const GazetteerCity &largest = *byCountry.first();
    if (byCountry.size() == 1 || double(largest.population) >= kDominance * byCountry.at(1)->population) {
        reading.kind = CityReading::Kind::Country;
        reading.country = largest.country;
        reading.city = largest;
        return reading;
    }
    reading.kind = CityReading::Kind::Ambiguous;
    for (const GazetteerCity *c : std::as_const(byCountry))
        reading.candidates.append(c->country);
    return reading;
}

} // namespace fd
