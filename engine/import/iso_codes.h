#pragma once

#include <QList>
#include <QString>

namespace fd {

/// One ISO 3166-1 country as Debian's iso-codes package lists it (iso_3166-1.json).
struct IsoCountry {
    QString alpha2;       ///< "GB"
    QString alpha3;       ///< "GBR"
    QString name;         ///< "United Kingdom"
    QString officialName; ///< "United Kingdom of Great Britain and Northern Ireland"; may be empty
    QString commonName;   ///< "South Korea" for "Korea, Republic of"; may be empty
};

/// One ISO 3166-2 subdivision (iso_3166-2.json).
struct IsoSubdivision {
    QString code;    ///< "FR-49"
    QString country; ///< "FR", the part of the code before the hyphen
    QString name;    ///< "Maine-et-Loire"; local-language names as ISO publishes them ("Bayern")
    QString type;    ///< "Metropolitan department"
};

/// A country's name in another language, as iso-codes translates it ("Deutschland", "Singapur", "Suíça").
struct IsoTranslatedName {
    QString name;     ///< as written in that language
    QString alpha2;   ///< "DE"
    QString language; ///< "de"
};

/// ISO 3166-1 and 3166-2 reference data from Debian's iso-codes package (LGPL-2.1+,
/// https://salsa.debian.org/iso-codes-team/iso-codes).
///
/// Where it comes from: the system copy in /usr/share/iso-codes/json when it is installed and readable
/// (Debian keeps it current: new, renamed and withdrawn codes arrive with the package), else the copy of
/// version 4.15.0 compiled into FilingDesk (resources/iso-codes/, with its licence), which is what Windows
/// and macOS builds use. A system file that does not parse is logged and the built-in copy is used instead;
/// never half of each.
class IsoCodes {
public:
    /// The process-wide data, loaded on first use; thread-safe (a function-local static), never empty.
    static const IsoCodes &instance();

    /// Loads iso_3166-1.json and iso_3166-2.json from `directory` (a file system path or a Qt resource path).
    /// False with *error ("FILE: reason") when either is missing or not the iso-codes JSON layout.
    bool load(const QString &directory, QString *error);

    const QList<IsoCountry> &countries() const { return m_countries; }
    const QList<IsoSubdivision> &subdivisions() const { return m_subdivisions; }
    /// Country names in the languages of kTranslationLanguages, from iso-codes' catalogues (iso_3166-1.mo):
    /// the system's /usr/share/locale/<language>/LC_MESSAGES/ beside the system JSON, else the copies in
    /// <directory>/locale/<language>/. Empty where the catalogues are missing.
    const QList<IsoTranslatedName> &translatedCountryNames() const { return m_translated; }
    /// The languages whose country names are read: those of the countries where US registrants' subsidiaries
    /// most often are, whose names filings write in their own language ("Deutschland", "España", "Schweiz").
    static const QStringList &translationLanguages();
    /// The directory the data was read from ("/usr/share/iso-codes/json" or ":/filingdesk/iso-codes").
    QString source() const { return m_source; }
    /// The ISO 3166-1 short name of an alpha-2 code ("KR" -> "Korea, Republic of"); empty if unknown.
    QString countryName(const QString &alpha2) const;

    /// A place as people name it: a subdivision's name ("US-DE" -> "Delaware"), a country's common or
    /// short name ("KR" -> "South Korea", "DE" -> "Germany"); empty if unknown.
    QString placeName(const QString &code) const;

    /// The system directory searched first.
    static QString systemDirectory();
    /// The built-in copy's resource directory.
    static QString builtInDirectory();

private:
    QList<IsoCountry> m_countries;
    QList<IsoSubdivision> m_subdivisions;
    QList<IsoTranslatedName> m_translated;
    QString m_source;
};

/// A jurisdiction for people: by name with the ISO 3166-2 code beside for a subdivision ("Delaware (US-DE)"),
/// by name for a country ("Germany"); the code alone when the name is unknown; empty for an empty code.
/// Thread-safe.
QString placeLabel(const QString &code);

} // namespace fd
