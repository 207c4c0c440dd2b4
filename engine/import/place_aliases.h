#pragma once

#include <QList>
#include <QString>

namespace fd {

/// A spelling and the code it stands for. Spellings are written folded (lower case, no periods or accents,
/// punctuation as single spaces: see foldPlace()).
struct PlaceAlias {
    const char *spelling;
    const char *code;
};

/// The 50 states and DC: postal code ("DE") and name.
struct UsStateName {
    const char *code;
    const char *name;
};
const QList<UsStateName> &usStateNames();

/// Abbreviations of state names as filings write them, covered systematically: the AP stylebook ("Calif.",
/// "Mo.", "W.Va."), the GPO style manual ("Kans.", "N. Mex.", "Oreg."), and older or informal forms seen in
/// Exhibit 21 lists ("Penna.", "So. Carolina", "Wash. D.C."). Postal codes are added from usStateNames().
const QList<PlaceAlias> &usStateAbbreviations();

/// Country spellings filings use that ISO 3166-1 (iso-codes) does not list: "UK", "England", "Holland",
/// "Korea", "PRC", "UAE", "BVI", "Grand Cayman", "Turkey", "Luxemburg" (a spelling, not a misspelling),
/// "Netherlands Antilles" (withdrawn: an ISO 3166-3 code, see withdrawnCountries()). Unconditional: each
/// names one country whatever the context.
const QList<PlaceAlias> &countryAliases();

/// A country withdrawn from ISO 3166-1 (ISO 3166-3): a string naming it names none of today's countries for
/// sure, so it needs data naming the successors.
struct WithdrawnCountry {
    const char *code;      ///< ISO 3166-3 four-letter code ("ANHH"), what countryAliases() maps the name to
    const char *name;      ///< "Netherlands Antilles"
    const char *withdrawn; ///< ISO date
    QList<const char *> successors; ///< ISO 3166-1 alpha-2 ("CW", "SX", "BQ")
};
const QList<WithdrawnCountry> &withdrawnCountries();

/// Country adjectives as filings write them ("Swiss domiciled", "a German GmbH"): each names one country.
const QList<PlaceAlias> &countryAdjectives();

/// Misspellings that are also something else, honoured only where the string gives a country context (the
/// last part of "City, Country"): "Columbia" is Colombia in "Bogota, Columbia" but on its own could as well
/// be the District of Columbia, so alone it needs data.
const QList<PlaceAlias> &contextOnlyCountryAliases();

/// Words that place a string outside the United States without naming a country: "CIS", "EU", "B.W.I.",
/// "West Indies", "Channel Islands", "country", "republic", "S.A.R." ...
const QList<const char *> &foreignRegionMarkers();

/// Cities used only to tell the two Georgias apart ("Tbilisi, Georgia" is the country, "Atlanta, Georgia" the
/// state). code is "GE" or "US-GA". Other "City, Georgia" strings are ambiguous and need data.
const QList<PlaceAlias> &georgiaCities();

/// Lower case, accents removed (NFKD), periods and apostrophes dropped, "&" read as "and", "St" read as
/// "Saint", every other run of non-alphanumerics one space, trimmed. "Curaçao" -> "curacao", "W. Va." -> "w
/// va".
QString foldPlace(const QString &text);

} // namespace fd
