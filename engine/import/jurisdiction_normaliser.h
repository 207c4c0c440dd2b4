#pragma once

#include <QString>
#include <QStringList>

namespace fd {

/// What a free-text "place of incorporation" resolved to.
struct JurisdictionMatch {
    enum class Kind {
        UsState,      ///< code is ISO 3166-2, "US-DE" (the 50 states and US-DC)
        Country,      ///< code is ISO 3166-1 alpha-2 ("GB", "DE"), a non-US country (or US territory)
        Federal,      ///< code is "US": chartered by the United States (a national bank, a federal savings
                      ///< association: 12 U.S.C. §§ 21, 1464), so no state's filings; reason says why
        Unrecognised, ///< reason says why; code is empty. Never a guess.
    };
    Kind kind = Kind::Unrecognised;
    QString code;
    /// Unrecognised and Federal: why. UsState or Country read from something other than its name (a
    /// misspelling, a city, brackets after an address): how it was read ("read from the city Düsseldorf
    /// (North Rhine-Westphalia, Germany)"). Empty otherwise.
    QString reason;
    /// Unrecognised because the string reads more than one way: the codes it may mean ("US-GA", "GE"), so a
    /// person can pick one. Empty otherwise.
    QStringList candidates;
};

/// Normalises Exhibit 21 style jurisdiction strings to ISO codes. Thread-safe; pure apart from loading the
/// reference data once (IsoCodes: Debian's iso-codes, ISO 3166-1 names, official and common, and ISO 3166-2
/// subdivisions, plus the spellings in place_aliases.h).
///
/// What it reads (docs/jurisdictions.md, "Place of incorporation"):
/// * US forms: names, postal codes, AP and GPO abbreviations ("Calif.", "W. Va.", "N. Mex."), "State of
///   Delaware", "New York State", "Commonwealth of Pennsylvania", "US-DE", "Kansas City, MO", "Wilmington,
///   Delaware, USA". Two upper-case letters are a state code first (Exhibit 21 convention: "DE" is Delaware,
///   not Germany) unless the rest of the string places them abroad ("Berlin, DE" is ambiguous).
/// * Countries: ISO names in any of their forms ("Taiwan, Province of China", "Republic of Korea",
/// "Czechia"),
///   alpha-2 and alpha-3 codes, "City, Country" and "City, Region, Country" ("Paris, France", "Hong Kong,
///   S.A.R., China", "Dubai (UAE)"), subdivision names alone ("Ontario").
/// * When a string names a country, the country wins: "Florida, Uruguay", "Virginia, Ireland",
///   "Maine-et-Loire, France", "Georgia, CIS", "Tbilisi, Georgia" are foreign. "Georgia" alone is the state
///   (the Exhibit 21 convention of US registrants); "City, Georgia" is the state or the country only when the
///   city is known (Atlanta, Tbilisi), else ambiguous.
/// * A state name with one letter wrong, missing, extra or swapped ("Deleware", "Tennesee"; seven letters or
///   more, one state that close, no country that close, never Georgia) is that state, with a note in reason.
/// * Ambiguous strings ("Columbia", "Delaware and Nevada", "Georgia, Sandersville") are Unrecognised with the
///   candidates named; "United States" with no state is Unrecognised (which state?).
/// * A city alone ("Düsseldorf"), only when nothing names a state, country or region: its country from the
///   Gazetteer (gazetteer.h) when one country's city of that name is by far the largest, else Unrecognised
///   naming the countries; a US city is Unrecognised with its state as a candidate.
/// * Federal charters ("national bank located in Ohio", "federal savings association") are Federal, never the
///   state they are located in. Brackets after an address name the place ("c/o ..., Hong Kong (Bermuda)"). A
///   slash joins two places ("Bermuda / United Kingdom" needs data). A country withdrawn from ISO 3166-1
///   ("Netherlands Antilles") is Unrecognised naming its successors (ISO 3166-3). A country name misspelt by
///   one letter (two from ten letters) is that country, with a note in reason.
/// Rules and examples: docs/jurisdictions.md, "Place of incorporation".
JurisdictionMatch normaliseJurisdiction(const QString &raw);

/// English name of a US jurisdiction code ("US-DE" -> "Delaware"); empty if not one of the 51.
QString usJurisdictionName(const QString &code);
/// The 51 US codes ("US-AL" ... "US-WY", with "US-DC"), sorted.
QStringList usJurisdictionCodes();

} // namespace fd
