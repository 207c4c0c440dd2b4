#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

class QIODevice;

namespace fd {

/// One city of the gazetteer.
struct GazetteerCity {
    QString name;       ///< the English name GeoNames gives ("Munich")
    QString country;    ///< ISO 3166-1 alpha-2 ("DE")
    QString region;     ///< the first-order division's name ("Bavaria"); may be empty
    QString regionCode; ///< GeoNames' admin1 code; for the United States the postal code ("TX")
    quint32 population = 0;
};

/// What a city name alone says about the country it is in.
struct CityReading {
    enum class Kind {
        NotACity, ///< no city of that name
        Country,  ///< one country's (or one country's by far: see kDominance)
        Ambiguous ///< cities of that name in several countries, none by far the largest
    };
    Kind kind = Kind::NotACity;
    QString country;          ///< Country: ISO 3166-1 alpha-2
    GazetteerCity city;       ///< Country: the city read (the largest of that name in that country)
    QStringList candidates;   ///< Ambiguous: the countries, largest city first
    QList<GazetteerCity> all; ///< every city of that name, largest first
};

/// A world gazetteer of cities: GeoNames' cities of 15,000 people or more (about 24,000), with the names
/// filings write them by in other languages ("München", "Zürich", "Milano", "São Paulo").
///
/// Where it comes from, as IsoCodes does: on Linux, Debian's packages `libgeonames0` (the cities, read
/// through its C API) and `libgeonames-common` (the names in other languages, its gettext catalogues); else,
/// or when those are missing, the copy compiled into FilingDesk (resources/gazetteer/, GeoNames data as
/// Debian's geonames 0.3.0-1 ships it, CC BY 4.0, exported by tools/export_gazetteer). Data © GeoNames
/// (https://www.geonames.org), CC BY 4.0.
///
/// Thread-safe once built (instance() is a function-local static); lookups are hash look-ups of folded
/// names (foldPlace()).
class Gazetteer {
public:
    /// A city resolves to its country only when the largest city of that name there is at least this many
    /// times larger than every other country's of that name: "Paris" is France's (2.1 million against Paris,
    /// Texas's 25,000), "Valencia" (Venezuela 1.6 million, Spain 0.8 million) and "Córdoba" (Argentina,
    /// Spain, Mexico) are not anyone's.
    static constexpr double kDominance = 10.0;

    static const Gazetteer &instance();

    /// Reads the system's libgeonames and its catalogues. False with *error when either is not there.
    bool loadSystem(QString *error);
    /// Reads an exported copy (the layout writeTo() writes). False with *error ("FILE:LINE: reason").
    bool loadFile(const QString &path, QString *error);
    /// Writes the cities as tab-separated lines: name, country, region code, region, population, other
    /// names separated by '|'. A first line starting with '#' says where the data came from.
    bool writeTo(QIODevice *out, QString *error) const;

    /// What `folded` (foldPlace()) says as a city name.
    CityReading read(const QString &folded) const;

    qsizetype cityCount() const { return m_cities.size(); }
    qsizetype nameCount() const { return m_byName.size(); }
    /// "libgeonames (system)" or ":/filingdesk/gazetteer/cities.tsv".
    QString source() const { return m_source; }

    /// The built-in copy's resource path.
    static QString builtInPath();

private:
    void add(GazetteerCity city, const QStringList &otherNames);

    QList<GazetteerCity> m_cities;
    QList<QStringList> m_otherNames; // per city, as read (written back out by writeTo())
    QHash<QString, QList<qint32>> m_byName;
    QString m_source;
};

} // namespace fd
