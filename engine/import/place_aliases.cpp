#include "engine/import/place_aliases.h"

#include <QRegularExpression>

namespace fd {

const QList<UsStateName> &usStateNames() {
    static const QList<UsStateName> names{
        {"AL", "Alabama"},        {"AK", "Alaska"},         {"AZ", "Arizona"},
        {"AR", "Arkansas"},       {"CA", "California"},     {"CO", "Colorado"},
        {"CT", "Connecticut"},    {"DE", "Delaware"},       {"DC", "District of Columbia"},
        {"FL", "Florida"},        {"GA", "Georgia"},        {"HI", "Hawaii"},
        {"ID", "Idaho"},          {"IL", "Illinois"},       {"IN", "Indiana"},
        {"IA", "Iowa"},           {"KS", "Kansas"},         {"KY", "Kentucky"},
        {"LA", "Louisiana"},      {"ME", "Maine"},          {"MD", "Maryland"},
        {"MA", "Massachusetts"},  {"MI", "Michigan"},       {"MN", "Minnesota"},
        {"MS", "Mississippi"},    {"MO", "Missouri"},       {"MT", "Montana"},
        {"NE", "Nebraska"},       {"NV", "Nevada"},         {"NH", "New Hampshire"},
        {"NJ", "New Jersey"},     {"NM", "New Mexico"},     {"NY", "New York"},
        {"NC", "North Carolina"}, {"ND", "North Dakota"},   {"OH", "Ohio"},
        {"OK", "Oklahoma"},       {"OR", "Oregon"},         {"PA", "Pennsylvania"},
        {"RI", "Rhode Island"},   {"SC", "South Carolina"}, {"SD", "South Dakota"},
        {"TN", "Tennessee"},      {"TX", "Texas"},          {"UT", "Utah"},
        {"VT", "Vermont"},        {"VA", "Virginia"},       {"WA", "Washington"},
        {"WV", "West Virginia"},  {"WI", "Wisconsin"},      {"WY", "Wyoming"},
    };
    return names;
}

const QList<PlaceAlias> &usStateAbbreviations() {
    static const QList<PlaceAlias> aliases{
        // AP stylebook (state names in datelines and text); folded, so "W.Va." is "wva" and "W. Va." "w va".
        {"ala", "AL"},
        {"ariz", "AZ"},
        {"ark", "AR"},
        {"calif", "CA"},
        {"colo", "CO"},
        {"conn", "CT"},
        {"del", "DE"},
        {"fla", "FL"},
        {"ga", "GA"},
        {"ill", "IL"},
        {"ind", "IN"},
        {"kan", "KS"},
        {"ky", "KY"},
        {"la", "LA"},
        {"md", "MD"},
        {"mass", "MA"},
        {"mich", "MI"},
        {"minn", "MN"},
        {"miss", "MS"},
        {"mo", "MO"},
        {"mont", "MT"},
        {"neb", "NE"},
        {"nev", "NV"},
        {"n h", "NH"},
        {"n j", "NJ"},
        {"n m", "NM"},
        {"n y", "NY"},
        {"n c", "NC"},
        {"n d", "ND"},
        {"okla", "OK"},
        {"ore", "OR"},
        {"pa", "PA"},
        {"r i", "RI"},
        {"s c", "SC"},
        {"s d", "SD"},
        {"tenn", "TN"},
        {"vt", "VT"},
        {"va", "VA"},
        {"wash", "WA"},
        {"wva", "WV"},
        {"w va", "WV"},
        {"wis", "WI"},
        {"wyo", "WY"},
        {"d c", "DC"},
        // GPO style manual, where it differs from AP.
        {"kans", "KS"},
        {"nebr", "NE"},
        {"n mex", "NM"},
        {"nmex", "NM"},
        {"n dak", "ND"},
        {"ndak", "ND"},
        {"oreg", "OR"},
        {"s dak", "SD"},
        {"sdak", "SD"},
        {"tex", "TX"},
        // Older and informal forms seen in filings.
        {"cal", "CA"},
        {"penn", "PA"},
        {"penna", "PA"},
        {"wisc", "WI"},
        {"dela", "DE"},
        {"alas", "AK"},
        {"ida", "ID"},
        {"mont", "MT"},
        {"wyom", "WY"},
        {"verm", "VT"},
        {"conn", "CT"},
        {"so carolina", "SC"},
        {"no carolina", "NC"},
        {"n carolina", "NC"},
        {"s carolina", "SC"},
        {"n car", "NC"},
        {"s car", "SC"},
        {"no car", "NC"},
        {"so car", "SC"},
        {"so dakota", "SD"},
        {"no dakota", "ND"},
        {"n dakota", "ND"},
        {"s dakota", "SD"},
        {"w virginia", "WV"},
        {"west va", "WV"},
        {"w virg", "WV"},
        {"n hampshire", "NH"},
        {"n jersey", "NJ"},
        {"n mexico", "NM"},
        {"n york", "NY"},
        {"r island", "RI"},
        {"dist of columbia", "DC"},
        {"dist columbia", "DC"},
        {"washington dc", "DC"},
        {"washington d c", "DC"},
        {"wash dc", "DC"},
        {"wash d c", "DC"},
        {"district columbia", "DC"},
        {"new york city", "NY"},
        {"rhode is", "RI"},
        {"r is", "RI"},
    };
    return aliases;
}

const QList<WithdrawnCountry> &withdrawnCountries() {
    // ISO 3166-3 (Codes for formerly used names of countries): the code and, in its last two letters, the
    // single successor, or HH/XX where it split; the successors as ISO 3166-3 lists them in each entry's
    // remark (Debian's iso-codes, iso_3166-3.json, gives the codes and names but not the remarks).
    static const QList<WithdrawnCountry> withdrawn{
        {"ANHH", "Netherlands Antilles", "2010-12-15", {"CW", "SX", "BQ"}},
        {"CSHH", "Czechoslovakia", "1993-06-15", {"CZ", "SK"}},
        {"CSXX", "Serbia and Montenegro", "2006-09-26", {"RS", "ME"}},
        {"SUHH",
         "USSR",
         "1992-08-30",
         {"AM", "AZ", "BY", "EE", "GE", "KZ", "KG", "LV", "LT", "MD", "RU", "TJ", "TM", "UA", "UZ"}},
        {"YUCS", "Yugoslavia", "2003-07-23", {"RS", "ME", "BA", "HR", "MK", "SI"}},
    };
    return withdrawn;
}

const QList<PlaceAlias> &countryAdjectives() {
    // The adjective, as "Swiss domiciled", "a German GmbH" or "Dutch B.V." use it, for the countries where
    // subsidiaries of US registrants are most often incorporated. Not "American" (which state?) nor "Korean"
    // (which Korea?).
    static const QList<PlaceAlias> adjectives{
        {"swiss", "CH"},      {"german", "DE"},        {"french", "FR"},        {"dutch", "NL"},
        {"british", "GB"},    {"english", "GB"},       {"scottish", "GB"},      {"welsh", "GB"},
        {"irish", "IE"},      {"italian", "IT"},       {"spanish", "ES"},       {"portuguese", "PT"},
        {"belgian", "BE"},    {"austrian", "AT"},      {"danish", "DK"},        {"swedish", "SE"},
        {"norwegian", "NO"},  {"finnish", "FI"},       {"polish", "PL"},        {"hungarian", "HU"},
        {"greek", "GR"},      {"luxembourgish", "LU"}, {"canadian", "CA"},      {"mexican", "MX"},
        {"brazilian", "BR"},  {"argentine", "AR"},     {"argentinian", "AR"},   {"chilean", "CL"},
        {"colombian", "CO"},  {"peruvian", "PE"},      {"chinese", "CN"},       {"japanese", "JP"},
        {"indian", "IN"},     {"singaporean", "SG"},   {"australian", "AU"},    {"israeli", "IL"},
        {"turkish", "TR"},    {"russian", "RU"},       {"south african", "ZA"}, {"bermudian", "BM"},
        {"icelandic", "IS"},  {"maltese", "MT"},       {"cypriot", "CY"},       {"taiwanese", "TW"},
        {"filipino", "PH"},   {"indonesian", "ID"},    {"malaysian", "MY"},     {"thai", "TH"},
        {"vietnamese", "VN"}, {"new zealand", "NZ"},   {"emirati", "AE"},       {"saudi", "SA"},
    };
    return adjectives;
}

const QList<PlaceAlias> &countryAliases() {
    static const QList<PlaceAlias> aliases{
        {"uk", "GB"},
        {"u k", "GB"},
        {"great britain", "GB"},
        {"britain", "GB"},
        {"england", "GB"},
        {"scotland", "GB"},
        {"wales", "GB"},
        {"northern ireland", "GB"},
        {"england and wales", "GB"},
        {"england wales", "GB"},
        {"united kingdom of great britain", "GB"},
        {"holland", "NL"},
        {"netherland", "NL"},
        {"korea", "KR"},
        {"s korea", "KR"},
        {"korea south", "KR"},
        {"prc", "CN"},
        {"p r c", "CN"},
        {"pr china", "CN"},
        {"p r china", "CN"},
        {"china prc", "CN"},
        {"mainland china", "CN"},
        {"china mainland", "CN"},
        {"russia", "RU"},
        {"uae", "AE"},
        {"u a e", "AE"},
        {"emirates", "AE"},
        {"dubai", "AE"},
        {"abu dhabi", "AE"},
        {"sharjah", "AE"},
        {"republic of china", "TW"},
        {"hong kong sar", "HK"},
        {"hong kong s a r", "HK"},
        {"hongkong", "HK"},
        {"macau", "MO"},
        {"macau sar", "MO"},
        {"macao sar", "MO"},
        {"czech", "CZ"},
        {"ivory coast", "CI"},
        {"cote d ivoire", "CI"},
        {"turkey", "TR"},
        {"swaziland", "SZ"},
        {"burma", "MM"},
        {"cape verde", "CV"},
        {"east timor", "TL"},
        {"macedonia", "MK"},
        {"bvi", "VG"},
        {"b v i", "VG"},
        {"us virgin islands", "VI"},
        {"u s virgin islands", "VI"},
        {"grand cayman", "KY"},
        {"cayman", "KY"},
        {"saint kitts", "KN"},
        {"nevis", "KN"},
        {"luxemburg", "LU"},
        {"phillipines", "PH"},
        {"philippine islands", "PH"},
        {"philipines", "PH"},
        {"phillippines", "PH"},
        // Countries withdrawn from ISO 3166-1: their ISO 3166-3 four-letter code, which withdrawnCountries()
        // reads into the successors a person picks from.
        {"netherlands antilles", "ANHH"},
        {"yugoslavia", "YUCS"},
        {"socialist federal republic of yugoslavia", "YUCS"},
        {"serbia and montenegro", "CSXX"},
        {"czechoslovakia", "CSHH"},
        {"soviet union", "SUHH"},
        {"ussr", "SUHH"},
        {"u s s r", "SUHH"},
        {"zaire", "CD"},        // ZRCD: one successor, the Democratic Republic of the Congo
        {"east germany", "DE"}, // DDDE: merged into Germany
        {"eire", "IE"},
        {"labuan", "MY"},
        {"trinidad", "TT"},
        {"bosnia", "BA"},
        {"kazakstan", "KZ"},
        {"ksa", "SA"},
        {"saint maarten", "SX"},
        {"sint maarten", "SX"},
        {"saint martin", "MF"},
        {"falkland islands", "FK"},
        {"vatican", "VA"},
        {"vatican city", "VA"},
        {"drc", "CD"},
        {"democratic republic of congo", "CD"},
        {"democratic republic of the congo", "CD"},
        {"congo kinshasa", "CD"},
        {"congo brazzaville", "CG"},
        {"republic of congo", "CG"},
        {"antigua", "AG"},
        {"new guinea", "PG"},
        {"byelorussia", "BY"},
        {"the bahamas", "BS"},
        {"bahamas the", "BS"},
        {"sakartvelo", "GE"},
        {"republic of georgia", "GE"},
        {"georgia republic", "GE"},
        {"georgia country", "GE"},
        {"guernsey channel islands", "GG"},
        {"jersey channel islands", "JE"},
        {"west germany", "DE"},
        {"federal republic of germany", "DE"},
        {"slovak", "SK"},
        {"n ireland", "GB"},
        {"no ireland", "GB"},
        {"n korea", "KP"},
        {"s africa", "ZA"},
        {"st vincent", "VC"},
        {"saint vincent", "VC"},
        {"america samoa", "AS"},
        {"guam usa", "GU"},
    };
    return aliases;
}

const QList<PlaceAlias> &contextOnlyCountryAliases() {
    static const QList<PlaceAlias> aliases{
        {"columbia", "CO"},
        {"republic of columbia", "CO"},
    };
    return aliases;
}

const QList<const char *> &foreignRegionMarkers() {
    static const QList<const char *> markers{
        "cis",
        "commonwealth of independent states",
        "eu",
        "europe",
        "european union",
        "west indies",
        "british west indies",
        "bwi",
        "b w i",
        "channel islands",
        "asia",
        "latin america",
        "south america",
        "central america",
        "africa",
        "middle east",
        "caribbean",
        "far east",
        "sar",
        "s a r",
        "special administrative region",
        "country",
        "republic",
        "the republic",
        "ex ussr",
        "former ussr",
        "former soviet union",
        "caucasus",
        "eastern europe",
        "antilles",
        "lesser antilles",
        "oceania",
        "non us",
        "foreign",
    };
    return markers;
}

const QList<PlaceAlias> &georgiaCities() {
    static const QList<PlaceAlias> cities{
        // Georgia, the country (Tbilisi and the regions are also in ISO 3166-2 as GE-..).
        {"tbilisi", "GE"},
        {"batumi", "GE"},
        {"kutaisi", "GE"},
        {"rustavi", "GE"},
        {"zugdidi", "GE"},
        {"gori", "GE"},
        {"poti", "GE"},
        {"telavi", "GE"},
        {"zestaponi", "GE"},
        {"kobuleti", "GE"},
        {"samtredia", "GE"},
        {"khashuri", "GE"},
        {"senaki", "GE"},
        {"marneuli", "GE"},
        {"akhaltsikhe", "GE"},
        {"borjomi", "GE"},
        {"ozurgeti", "GE"},
        {"tiflis", "GE"},
        // Georgia, the state: cities where companies are registered or headquartered.
        {"atlanta", "US-GA"},
        {"alpharetta", "US-GA"},
        {"norcross", "US-GA"},
        {"marietta", "US-GA"},
        {"savannah", "US-GA"},
        {"augusta", "US-GA"},
        {"columbus", "US-GA"},
        {"macon", "US-GA"},
        {"athens", "US-GA"},
        {"duluth", "US-GA"},
        {"roswell", "US-GA"},
        {"kennesaw", "US-GA"},
        {"peachtree city", "US-GA"},
        {"peachtree corners", "US-GA"},
        {"sandy springs", "US-GA"},
        {"dalton", "US-GA"},
        {"valdosta", "US-GA"},
        {"albany", "US-GA"},
        {"lawrenceville", "US-GA"},
        {"smyrna", "US-GA"},
        {"suwanee", "US-GA"},
        {"dunwoody", "US-GA"},
        {"buford", "US-GA"},
        {"gainesville", "US-GA"},
        {"rome", "US-GA"},
        {"cartersville", "US-GA"},
        {"brunswick", "US-GA"},
        {"warner robins", "US-GA"},
        {"johns creek", "US-GA"},
        {"tucker", "US-GA"},
        {"decatur", "US-GA"},
        {"conyers", "US-GA"},
        {"covington", "US-GA"},
        {"stone mountain", "US-GA"},
        {"lagrange", "US-GA"},
        {"thomasville", "US-GA"},
        {"statesboro", "US-GA"},
        {"carrollton", "US-GA"},
        {"cumming", "US-GA"},
        {"canton", "US-GA"},
        {"douglasville", "US-GA"},
        {"newnan", "US-GA"},
        {"mcdonough", "US-GA"},
        {"fayetteville", "US-GA"},
        {"griffin", "US-GA"},
        {"east point", "US-GA"},
        {"college park", "US-GA"},
        {"hapeville", "US-GA"},
        {"forest park", "US-GA"},
        {"sea island", "US-GA"},
    };
    return cities;
}

QString foldPlace(const QString &text) {
    QString decomposed = text.normalized(QString::NormalizationForm_KD);
    QString out;
    out.reserve(decomposed.size());
    for (const QChar c : std::as_const(decomposed)) {
        if (c.category() == QChar::Mark_NonSpacing)
            continue;
        out.append(c);
    }
    out = out.toLower();
    static const QRegularExpression dropped(QStringLiteral("[.'’‘`ʻ]"));
    static const QRegularExpression separators(QStringLiteral("[^a-z0-9&]+"));
    static const QRegularExpression ampersand(QStringLiteral("\\s*&\\s*"));
    static const QRegularExpression saint(QStringLiteral("\\bst\\b"));
    out.remove(dropped);
    out.replace(separators, QStringLiteral(" "));
    out.replace(ampersand, QStringLiteral(" and "));
    out.replace(saint, QStringLiteral("saint"));
    static const QRegularExpression republic(QStringLiteral("\\brep\\b"));
    out.replace(republic, QStringLiteral("republic")); // "Czech Rep.", "Dominican Rep."
    return out.simplified();
}

} // namespace fd
