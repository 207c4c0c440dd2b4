#include "engine/import/jurisdiction_normaliser.h"

#include <QHash>
#include <QLocale>
#include <QRegularExpression>

namespace fd {

namespace {

struct UsState {
    const char *code;
    const char *name;
};

constexpr UsState kUsStates[] = {
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

// Abbreviated spellings seen in filings (periods and case are folded before lookup).
constexpr std::pair<const char *, const char *> kUsAliases[] = {
    {"so carolina", "SC"},
    {"no carolina", "NC"},
    {"n carolina", "NC"},
    {"s carolina", "SC"},
    {"so dakota", "SD"},
    {"no dakota", "ND"},
    {"n dakota", "ND"},
    {"s dakota", "SD"},
    {"w virginia", "WV"},
    {"west va", "WV"},
    {"dist of columbia", "DC"},
    {"washington dc", "DC"},
    {"washington d c", "DC"},
    {"del", "DE"},
    {"calif", "CA"},
    {"cal", "CA"},
    {"mass", "MA"},
    {"penn", "PA"},
    {"penna", "PA"},
    {"pa", "PA"},
    {"conn", "CT"},
    {"fla", "FL"},
    {"ill", "IL"},
    {"mich", "MI"},
    {"minn", "MN"},
    {"nev", "NV"},
    {"tex", "TX"},
    {"tenn", "TN"},
    {"wash", "WA"},
    {"wis", "WI"},
    {"ariz", "AZ"},
    {"colo", "CO"},
    {"okla", "OK"},
    {"ore", "OR"},
    {"va", "VA"},
    {"ga", "GA"},
    {"md", "MD"},
    {"n j", "NJ"},
    {"n y", "NY"},
    {"nj", "NJ"},
    {"ny", "NY"},
};

constexpr std::pair<const char *, const char *> kCountryAliases[] = {
    {"uk", "GB"},
    {"u k", "GB"},
    {"england", "GB"},
    {"scotland", "GB"},
    {"wales", "GB"},
    {"northern ireland", "GB"},
    {"england and wales", "GB"},
    {"great britain", "GB"},
    {"britain", "GB"},
    {"grand cayman", "KY"},
    {"cayman", "KY"},
    {"cayman islands", "KY"},
    {"bvi", "VG"},
    {"british virgin islands", "VG"},
    {"holland", "NL"},
    {"the netherlands", "NL"},
    {"korea", "KR"},
    {"south korea", "KR"},
    {"republic of korea", "KR"},
    {"czech republic", "CZ"},
    {"prc", "CN"},
    {"peoples republic of china", "CN"},
    {"people s republic of china", "CN"},
    {"russian federation", "RU"},
    {"uae", "AE"},
    {"viet nam", "VN"},
    {"hong kong sar", "HK"},
    {"hong kong s a r", "HK"},
    {"macao", "MO"},
    {"puerto rico", "PR"},
    {"turkey", "TR"},
    {"ivory coast", "CI"},
    {"the bahamas", "BS"},
    {"slovak republic", "SK"},
    {"republic of ireland", "IE"},
    {"swaziland", "SZ"},
    {"burma", "MM"},
    {"us virgin islands", "VI"},
    {"curacao", "CW"},
    {"st lucia", "LC"},
    {"st kitts", "KN"},
};

QString fold(const QString &s) {
    QString out = s.toLower();
    out.replace(QRegularExpression(QStringLiteral("[.'’]")), QString());
    out.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral(" "));
    return out.simplified();
}

struct Tables {
    QHash<QString, QString> usByFolded;      // folded name/alias/code -> "DE"
    QHash<QString, QString> usNameByCode;    // "DE" -> "Delaware"
    QHash<QString, QString> countryByFolded; // folded name -> "GB"
};

const Tables &tables() {
    static const Tables cached = [] {
        Tables tb;
        for (const auto &s : kUsStates) {
            const QString code = QString::fromLatin1(s.code);
            tb.usByFolded.insert(fold(QString::fromLatin1(s.name)), code);
            tb.usNameByCode.insert(code, QString::fromLatin1(s.name));
        }
        for (const auto &[alias, code] : kUsAliases)
            tb.usByFolded.insert(QString::fromLatin1(alias), QString::fromLatin1(code));
        for (int t = int(QLocale::AnyTerritory) + 1; t <= int(QLocale::LastTerritory); ++t) {
            const auto territory = QLocale::Territory(t);
            const QString code = QLocale::territoryToCode(territory);
            if (code.size() != 2 || code == QLatin1String("US"))
                continue;
            tb.countryByFolded.insert(fold(QLocale::territoryToString(territory)), code);
        }
        for (const auto &[alias, code] : kCountryAliases)
            tb.countryByFolded.insert(QString::fromLatin1(alias), QString::fromLatin1(code));
        return tb;
    }();
    return cached;
}

JurisdictionMatch usState(const QString &code) {
    return {JurisdictionMatch::Kind::UsState, QStringLiteral("US-") + code, QString()};
}

bool mentionsUnitedStates(const QString &folded) {
    static const QRegularExpression re(
        QStringLiteral("\\b(usa|us|u s a|u s|united states|united states of america)\\b"));
    return re.match(folded).hasMatch();
}

} // namespace

JurisdictionMatch normaliseJurisdiction(const QString &raw) {
    const Tables &tb = tables();
    QString cleaned = raw.simplified();
    cleaned.remove(QRegularExpression(QStringLiteral("\\(\\s*\\d+\\s*\\)")));
    cleaned = cleaned.simplified();
    if (cleaned.isEmpty())
        return {JurisdictionMatch::Kind::Unrecognised, QString(), QStringLiteral("no jurisdiction given")};

    static const QRegularExpression isoSub(QStringLiteral("^US-([A-Z]{2})$"),
                                           QRegularExpression::CaseInsensitiveOption);
    if (const auto m = isoSub.match(cleaned); m.hasMatch()) {
        const QString code = m.captured(1).toUpper();
        if (tb.usNameByCode.contains(code))
            return usState(code);
    }
    // Two upper-case letters: a US state code first (the Exhibit 21 convention), else a country code.
    static const QRegularExpression twoLetters(QStringLiteral("^[A-Z]{2}$"));
    if (twoLetters.match(cleaned).hasMatch()) {
        if (tb.usNameByCode.contains(cleaned))
            return usState(cleaned);
        if (cleaned == QLatin1String("UK"))
            return {JurisdictionMatch::Kind::Country, QStringLiteral("GB"), QString()};
        if (QLocale::codeToTerritory(cleaned) != QLocale::AnyTerritory)
            return {JurisdictionMatch::Kind::Country, cleaned, QString()};
    }

    const QString folded = fold(cleaned);
    if (const auto it = tb.usByFolded.constFind(folded); it != tb.usByFolded.constEnd())
        return usState(*it);
    if (const auto it = tb.countryByFolded.constFind(folded); it != tb.countryByFolded.constEnd())
        return {JurisdictionMatch::Kind::Country, *it, QString()};
    if (folded == QLatin1String("usa") || folded == QLatin1String("us") ||
        folded == QLatin1String("united states") || folded == QLatin1String("united states of america") ||
        folded == QLatin1String("u s a"))
        return {JurisdictionMatch::Kind::Unrecognised, QString(),
                QStringLiteral("\"%1\" names the United States but no state").arg(raw.simplified())};

    // Composite strings such as "Minneapolis, MN USA" or "Wilmington, Delaware": look for exactly one state.
    QStringList candidates;
    static const QRegularExpression codeToken(QStringLiteral("\\b([A-Z]{2})\\b"));
    for (auto it = codeToken.globalMatch(cleaned); it.hasNext();) {
        const QString code = it.next().captured(1);
        if (tb.usNameByCode.contains(code) && !candidates.contains(code))
            candidates.append(code);
    }
    for (const auto &s : kUsStates) {
        const QString name = fold(QString::fromLatin1(s.name));
        if (QRegularExpression(QStringLiteral("\\b") + name + QStringLiteral("\\b"))
                .match(folded)
                .hasMatch()) {
            const QString code = QString::fromLatin1(s.code);
            // "West Virginia" also contains "Virginia"; prefer the longer name.
            if (code == QLatin1String("VA") && folded.contains(QLatin1String("west virginia")))
                continue;
            if (code == QLatin1String("WA") && folded.contains(QLatin1String("washington dc")))
                continue;
            if (!candidates.contains(code))
                candidates.append(code);
        }
    }
    if (candidates.size() == 1 && (mentionsUnitedStates(folded) || cleaned.contains(QLatin1Char(','))))
        return usState(candidates.first());
    if (candidates.size() > 1)
        return {JurisdictionMatch::Kind::Unrecognised, QString(),
                QStringLiteral("\"%1\" names more than one state (%2)")
                    .arg(raw.simplified(), candidates.join(QStringLiteral(", ")))};

    return {
        JurisdictionMatch::Kind::Unrecognised, QString(),
        QStringLiteral("\"%1\" is not a US state, DC or a country FilingDesk knows").arg(raw.simplified())};
}

QString usJurisdictionName(const QString &code) {
    if (!code.startsWith(QLatin1String("US-")))
        return QString();
    return tables().usNameByCode.value(code.mid(3));
}

QStringList usJurisdictionCodes() {
    QStringList codes;
    for (const auto &s : kUsStates)
        codes.append(QStringLiteral("US-") + QString::fromLatin1(s.code));
    codes.sort();
    return codes;
}

} // namespace fd
