#pragma once

#include <QString>

namespace fd {

/// What a free-text "place of incorporation" resolved to.
struct JurisdictionMatch {
    enum class Kind {
        UsState,      ///< code is ISO 3166-2, "US-DE" (the 50 states and US-DC)
        Country,      ///< code is ISO 3166-1 alpha-2 ("GB", "DE"), a non-US country
        Unrecognised, ///< reason says why; code is empty. Never a guess.
    };
    Kind kind = Kind::Unrecognised;
    QString code;
    QString reason;
};

/// Normalises Exhibit 21 style jurisdiction strings: "Delaware", "DE", "So. Carolina", "Minneapolis, MN USA",
/// "UK", "Grand Cayman", "US-DE". Two upper-case letters are read as a US state code first (Exhibit 21
/// convention: "DE" is Delaware, not Germany). "United States" with no state is Unrecognised (which state?).
/// Country names come from the CLDR names QLocale ships plus a table of aliases. Thread-safe.
JurisdictionMatch normaliseJurisdiction(const QString &raw);

/// English name of a US jurisdiction code ("US-DE" -> "Delaware"); empty if not one of the 51.
QString usJurisdictionName(const QString &code);
/// The 51 US codes ("US-AL" ... "US-WY", with "US-DC"), sorted.
QStringList usJurisdictionCodes();

} // namespace fd
