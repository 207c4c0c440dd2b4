#include "engine/import/jurisdiction_normaliser.h"

#include "engine/import/gazetteer.h"
#include "engine/import/iso_codes.h"
#include "engine/import/place_aliases.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace fd {

namespace {

const QSet<QString> kUsTerritories{QStringLiteral("PR"), QStringLiteral("VI"), QStringLiteral("GU"),
                                   QStringLiteral("AS"), QStringLiteral("MP"), QStringLiteral("UM")};

struct Tables {
    QHash<QString, QString> usByFolded;      // folded name, abbreviation or postal code -> "DE"
    QHash<QString, QString> usNameByCode;    // "DE" -> "Delaware"
    QHash<QString, QString> countryByFolded; // folded country name or alias -> "GB"
    // Country names in other languages (iso-codes' catalogues): "deutschland", "singapur", "suica" -> code.
    QHash<QString, QString> countryByForeignName;
    QHash<QString, QString> contextCountry; // "columbia" -> "CO", only in the country slot
    QSet<QString> foreignMarkers;
    QHash<QString, QString> georgiaCity; // "tbilisi" -> "GE", "atlanta" -> "US-GA"
    // Folded ISO 3166-2 name -> ["FR"]: a list, not a set, as nearly every name is one country's (some
    // thousands of one-element sets would take a hash table each).
    QHash<QString, QStringList> subdivisionCountries;
    QSet<QString> subdivisionCodes; // "CN-HK": HK is also a part of CN
    QSet<QString> alpha2;           // ISO 3166-1 alpha-2 codes
    QHash<QString, QString> alpha3; // "GBR" -> "GB"
    QRegularExpression stateScan;   // state names as words, longest first
    QRegularExpression countryScan; // country names as words, longest first
};

QString alternation(QStringList keys) {
    std::sort(keys.begin(), keys.end(), [](const QString &a, const QString &b) {
        return a.size() != b.size() ? a.size() > b.size() : a < b;
    });
    for (QString &k : keys)
        k = QRegularExpression::escape(k);
    return QStringLiteral("\\b(") + keys.join(QLatin1Char('|')) + QStringLiteral(")\\b");
}

// Keys for an ISO name: the name itself, without a parenthesised part ("Falkland Islands (Malvinas)"),
// inverted at its comma ("Korea, Republic of" -> "Republic of Korea"), and without a leading "the".
QStringList isoNameKeys(const QString &name) {
    QStringList out;
    auto add = [&](const QString &text) {
        QString f = foldPlace(text);
        if (f.startsWith(QLatin1String("the ")))
            out.append(f.mid(4));
        if (!f.isEmpty())
            out.append(f);
    };
    QString base = name;
    static const QRegularExpression parenthesised(QStringLiteral("\\s*[\\[(][^\\])]*[\\])]"));
    base.remove(parenthesised);
    add(name);
    add(base);
    const qsizetype comma = base.indexOf(QLatin1Char(','));
    if (comma > 0)
        add(base.mid(comma + 1).trimmed() + QLatin1Char(' ') + base.left(comma));
    return out;
}

void addCountry(QStringList &countries, const QString &country) {
    if (!countries.contains(country))
        countries.append(country);
}

QSet<QString> toSet(const QStringList &list) {
    return QSet<QString>(list.cbegin(), list.cend());
}

const Tables &tables() {
    static const Tables cached = [] {
        Tables tb;
        for (const UsStateName &s : usStateNames()) {
            const QString code = QString::fromLatin1(s.code);
            tb.usByFolded.insert(foldPlace(QString::fromLatin1(s.name)), code);
            tb.usByFolded.insert(code.toLower(), code);
            tb.usByFolded.insert(code.toLower().insert(1, QLatin1Char(' ')), code); // "N. Y." folds to "n y"
            tb.usNameByCode.insert(code, QString::fromLatin1(s.name));
        }
        for (const PlaceAlias &a : usStateAbbreviations())
            tb.usByFolded.insert(QString::fromLatin1(a.spelling), QString::fromLatin1(a.code));

        const IsoCodes &iso = IsoCodes::instance();
        QHash<QString, QSet<QString>> shortForms; // "korea" -> {KR, KP}: kept only when it names one country
        for (const IsoCountry &c : iso.countries()) {
            tb.alpha2.insert(c.alpha2);
            tb.alpha3.insert(c.alpha3, c.alpha2);
            if (c.alpha2 == QLatin1String("US"))
                continue;
            for (const QString &n : {c.name, c.officialName, c.commonName}) {
                if (n.isEmpty())
                    continue;
                for (const QString &key : isoNameKeys(n))
                    tb.countryByFolded.insert(key, c.alpha2);
                const qsizetype comma = n.indexOf(QLatin1Char(','));
                if (comma > 0)
                    shortForms[foldPlace(n.left(comma))].insert(c.alpha2);
            }
        }
        for (auto it = shortForms.constBegin(); it != shortForms.constEnd(); ++it) {
            if (it.value().size() == 1 && !tb.countryByFolded.contains(it.key()))
                tb.countryByFolded.insert(it.key(), *it.value().constBegin());
        }
        for (const PlaceAlias &a : countryAliases())
            tb.countryByFolded.insert(QString::fromLatin1(a.spelling), QString::fromLatin1(a.code));
        for (const PlaceAlias &a : countryAdjectives())
            tb.countryByFolded.insert(QString::fromLatin1(a.spelling), QString::fromLatin1(a.code));
        // Country names in the languages filings also use ("Deutschland", "Singapur", "España"): read only as
        // a whole place, never as a word inside a longer string, and never where the spelling is already an
        // English name, a state's, or another country's in some language. "Island" (Iceland in German) is
        // left out: it is an English word lists write beside island names.
        QHash<QString, QSet<QString>> foreignNames;
        for (const IsoTranslatedName &t : iso.translatedCountryNames())
            if (t.alpha2 != QLatin1String("US"))
                for (const QString &key : isoNameKeys(t.name))
                    foreignNames[key].insert(t.alpha2);
        for (auto it = foreignNames.cbegin(); it != foreignNames.cend(); ++it)
            if (it.value().size() == 1 && it.key().size() >= 4 && it.key() != QLatin1String("island") &&
                !tb.countryByFolded.contains(it.key()) && !tb.usByFolded.contains(it.key()))
                tb.countryByForeignName.insert(it.key(), *it.value().cbegin());
        for (const PlaceAlias &a : contextOnlyCountryAliases())
            tb.contextCountry.insert(QString::fromLatin1(a.spelling), QString::fromLatin1(a.code));
        for (const char *m : foreignRegionMarkers())
            tb.foreignMarkers.insert(QString::fromLatin1(m));
        for (const PlaceAlias &a : georgiaCities())
            tb.georgiaCity.insert(QString::fromLatin1(a.spelling), QString::fromLatin1(a.code));

        // Subdivision names, also without the type word ISO appends to some ("Shanghai Shi", "Hong Kong
        // SAR").
        static const QRegularExpression typeSuffix(
            QStringLiteral(" (shi|sheng|sar|zizhiqu|province|prefecture|region|county|department|district|"
                           "oblast|kray|respublika|governorate|state)$"));
        for (const IsoSubdivision &s : iso.subdivisions()) {
            tb.subdivisionCodes.insert(s.code);
            if (s.country == QLatin1String("US"))
                continue;
            for (QString key : isoNameKeys(s.name)) {
                if (key.size() < 3)
                    continue;
                addCountry(tb.subdivisionCountries[key], s.country);
                key.remove(typeSuffix);
                if (key.size() >= 3)
                    addCountry(tb.subdivisionCountries[key], s.country);
            }
        }

        QStringList stateNames;
        for (const UsStateName &s : usStateNames())
            stateNames.append(foldPlace(QString::fromLatin1(s.name)));
        tb.stateScan = QRegularExpression(alternation(stateNames));
        QStringList countryKeys;
        for (auto it = tb.countryByFolded.constBegin(); it != tb.countryByFolded.constEnd(); ++it) {
            if (it.key().size() >= 4 || it.key() == QLatin1String("uk") || it.key() == QLatin1String("uae"))
                countryKeys.append(it.key());
        }
        tb.countryScan = QRegularExpression(alternation(countryKeys));
        tb.stateScan.optimize();
        tb.countryScan.optimize();
        return tb;
    }();
    return cached;
}

bool isUsOnly(const QString &folded) {
    static const QSet<QString> names{QStringLiteral("usa"),
                                     QStringLiteral("us"),
                                     QStringLiteral("u s a"),
                                     QStringLiteral("u s"),
                                     QStringLiteral("united states"),
                                     QStringLiteral("united states of america"),
                                     QStringLiteral("america"),
                                     QStringLiteral("the united states"),
                                     QStringLiteral("the united states of america")};
    return names.contains(folded);
}

QString lookupWithVariants(const QHash<QString, QString> &table, const QString &folded,
                           const QStringList &prefixes, const QStringList &suffixes) {
    if (const auto it = table.constFind(folded); it != table.constEnd())
        return *it;
    for (const QString &p : prefixes) {
        if (folded.startsWith(p)) {
            if (const auto it = table.constFind(folded.mid(p.size())); it != table.constEnd())
                return *it;
        }
    }
    for (const QString &s : suffixes) {
        if (folded.endsWith(s)) {
            if (const auto it = table.constFind(folded.left(folded.size() - s.size()));
                it != table.constEnd())
                return *it;
        }
    }
    return QString();
}

QString usLookup(const QString &folded) {
    static const QStringList prefixes{QStringLiteral("the state of "), QStringLiteral("state of "),
                                      QStringLiteral("the commonwealth of "),
                                      QStringLiteral("commonwealth of ")};
    static const QStringList suffixes{QStringLiteral(" state"), QStringLiteral(" commonwealth")};
    return lookupWithVariants(tables().usByFolded, folded, prefixes, suffixes);
}

// Optimal-string-alignment distance (an adjacent transposition counts 1), stopping once it exceeds `limit`.
int editDistance(const QString &a, const QString &b, int limit) {
    if (qAbs(a.size() - b.size()) > limit)
        return limit + 1;
    QList<int> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (int j = 0; j <= b.size(); ++j)
        previous[j] = j;
    for (int i = 1; i <= a.size(); ++i) {
        current[0] = i;
        int rowMin = current[0];
        for (int j = 1; j <= b.size(); ++j) {
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            current[j] = qMin(qMin(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
            if (i > 1 && j > 1 && a.at(i - 1) == b.at(j - 2) && a.at(i - 2) == b.at(j - 1))
                current[j] = qMin(current[j], before[j - 2] + 1);
            rowMin = qMin(rowMin, current[j]);
        }
        if (rowMin > limit)
            return limit + 1;
        before = previous;
        previous = current;
    }
    return previous[b.size()];
}

// A state name written with one letter wrong, missing, extra or swapped ("Deleware", "Pennsylvannia",
// "Tennesee"): only names of seven letters or more, only when exactly one state is that close, never Georgia
// (a country too), and never a string that is one letter from a country name as well. Empty otherwise.
QString misspeltState(const QString &folded) {
    if (folded.size() < 7)
        return QString();
    QString found;
    for (const UsStateName &s : usStateNames()) {
        const QString name = foldPlace(QString::fromLatin1(s.name));
        if (name.size() < 7 || name == QLatin1String("georgia") || editDistance(folded, name, 1) > 1)
            continue;
        if (!found.isEmpty())
            return QString(); // two states that close: ambiguous
        found = QString::fromLatin1(s.code);
    }
    if (found.isEmpty())
        return QString();
    const Tables &tb = tables();
    for (auto it = tb.countryByFolded.constBegin(); it != tb.countryByFolded.constEnd(); ++it) {
        if (editDistance(folded, it.key(), 1) <= 1)
            return QString();
    }
    return found;
}

// A country name written with a letter or two wrong ("Phillipines", "Luxemborg", "Singapur"): names of six
// letters or more, one letter off (two from ten letters on), exactly one country that close, and no state
// name as close (a misspelt state stays a state's question). Empty otherwise.
QString misspeltCountry(const QString &folded) {
    if (folded.size() < 6)
        return QString();
    const int limit = folded.size() >= 10 ? 2 : 1;
    for (const UsStateName &s : usStateNames()) {
        if (editDistance(folded, foldPlace(QString::fromLatin1(s.name)), limit) <= limit)
            return QString();
    }
    const Tables &tb = tables();
    QString found;
    for (auto it = tb.countryByFolded.constBegin(); it != tb.countryByFolded.constEnd(); ++it) {
        if (it.key().size() < 6 || editDistance(folded, it.key(), limit) > limit)
            continue;
        if (!found.isEmpty() && found != it.value())
            return QString(); // two countries that close
        found = it.value();
    }
    return found;
}

QString countryLookup(const QString &folded) {
    static const QStringList prefixes{QStringLiteral("the "),
                                      QStringLiteral("republic of "),
                                      QStringLiteral("the republic of "),
                                      QStringLiteral("kingdom of "),
                                      QStringLiteral("the kingdom of "),
                                      QStringLiteral("state of "),
                                      QStringLiteral("commonwealth of "),
                                      QStringLiteral("federal republic of "),
                                      QStringLiteral("principality of "),
                                      QStringLiteral("grand duchy of "),
                                      QStringLiteral("sultanate of "),
                                      QStringLiteral("country of ")};
    static const QStringList suffixes{QStringLiteral(" sar")};
    const QString found = lookupWithVariants(tables().countryByFolded, folded, prefixes, suffixes);
    if (!found.isEmpty())
        return found;
    if (const QString foreign = tables().countryByForeignName.value(folded); !foreign.isEmpty())
        return foreign;
    // "British Virgin Is.", "Cayman Isl.", "Turks and Caicos Isls."
    static const QRegularExpression islandsAbbreviation(QStringLiteral(" (is|isl|isls)$"));
    if (islandsAbbreviation.match(folded).hasMatch()) {
        const QString stem = QString(folded).remove(islandsAbbreviation);
        for (const QString &word : {QStringLiteral(" islands"), QStringLiteral(" island")}) {
            const QString code = lookupWithVariants(tables().countryByFolded, stem + word, prefixes, {});
            if (!code.isEmpty())
                return code;
        }
    }
    return QString();
}

// Words around a place that say what the entity is, not where: "a Delaware corporation", "organized under the
// laws of the State of New York", "Cayman Islands exempted company".
QString stripNoise(QString f) {
    static const QRegularExpression leading(QStringLiteral(
        "^(a |an |and "
        "|(organi[sz]ed|incorporated|existing|formed|registered|domiciled|chartered|headquartered)"
        "( and existing)? "
        "(under the laws of |in |under )|under the laws of |laws of |incorporated |organi[sz]ed )"));
    static const QRegularExpression trailing(QStringLiteral(
        " (corporation|corp|incorporated|inc|limited liability company|llc|l l c|limited partnership|lp|l p|"
        "general partnership|partnership|company|co|statutory trust|business trust|trust|entity|law|laws|"
        "exempted company|exempted|limited|ltd|plc|gmbh|bv|b v|nv|n v|sa|s a|ag|corporate|"
        // what a bank or a fund says of itself: "a Texas state-chartered bank", "Nevada-domiciled"
        "domiciled|chartered|state chartered|bank|savings bank|savings and loan association|trust company|"
        "banking corporation|banking association|association|real estate investment trust|societe anonyme|"
        "insurer|reinsurer|insurance company|captive insurer|insurance|holding company|mutual|federal|credit "
        "union|"
        "sarl|s a r l|srl|spa|"
        "s p a|kk|k k|pte|pty|bhd|sdn bhd|ab|as|oy|kft|sp z o o)$"));
    for (int i = 0; i < 6; ++i) {
        QString next = f;
        next.remove(leading);
        next.remove(trailing);
        next = next.trimmed();
        if (next == f || next.isEmpty())
            break;
        f = next;
    }
    return f;
}

struct Segment {
    QString original;
    QString folded;
    bool usMarker = false;
    bool foreignMarker = false;
    bool branch = false;
    QString state; // "DE"
    bool stateIsCode = false;
    QString country; // "GB"
    QString contextCountry;
    QSet<QString> subdivisionOf;
    QString georgiaCity;
    bool known() const { return usMarker || foreignMarker || !state.isEmpty() || !country.isEmpty(); }
};

Segment classify(const QString &text) {
    const Tables &tb = tables();
    Segment seg;
    seg.original = text.trimmed();
    // "W.I." (West Indies) and "C.I." (Channel Islands) fold to "wi" and "ci", which are not Wisconsin.
    static const QRegularExpression dottedRegion(QStringLiteral("^(B\\.\\s?)?W\\.\\s?I\\.?$|^C\\.\\s?I\\.?$"),
                                                 QRegularExpression::CaseInsensitiveOption);
    if (dottedRegion.match(seg.original).hasMatch()) {
        seg.foreignMarker = true;
        seg.folded = foldPlace(seg.original);
        return seg;
    }
    QString original = seg.original;
    // A company form as a part of its own ("Co., Ltd.", "Acme, N.V."): the dotted forms are not the states'
    // abbreviations ("Colo.", "Nev.", "Pa.").
    static const QRegularExpression companyForm(
        QStringLiteral(
            "^(Co\\.|N\\.\\s?V\\.?|P\\.\\s?A\\.|S\\.\\s?A\\.|B\\.\\s?V\\.|A\\.\\s?G\\.|Ltd\\.?|Inc\\.?)$"),
        QRegularExpression::CaseInsensitiveOption);
    if (companyForm.match(original).hasMatch())
        return seg; // no place: folded stays empty
    // "Wilmington, DE 19801": a ZIP code after the state says nothing more.
    static const QRegularExpression zip(QStringLiteral("\\s+\\d{5}(-\\d{4})?$"));
    original.remove(zip);
    // "20121 Milano", "CH-6300 Zug", "FL-9490 Vaduz": a postcode before the city, as Europe writes it.
    static const QRegularExpression postcodeFirst(QStringLiteral("^([A-Z]{1,2}-)?\\d{4,5}\\s+(?=\\D)"));
    original.remove(postcodeFirst);
    QString folded = foldPlace(original);
    if (tb.foreignMarkers.contains(folded)) {
        seg.foreignMarker = true;
        return seg;
    }
    static const QRegularExpression trailingUs(
        QStringLiteral(
            "(^|[\\s,])(U\\.?\\s?S\\.?\\s?A\\.?|U\\.\\s?S\\.|United\\s+States(\\s+of\\s+America)?)\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression trailingUpperUs(QStringLiteral("(^|[\\s,])US$"));
    if (isUsOnly(folded)) {
        seg.usMarker = true;
        return seg;
    }
    if (!tb.countryByFolded.contains(folded)) { // "U.S. Virgin Islands" stays whole
        const QString before = original;
        original.remove(trailingUs);
        original.remove(trailingUpperUs);
        original = original.trimmed();
        if (original != before) {
            seg.usMarker = true;
            folded = foldPlace(original);
        }
    }
    static const QRegularExpression branchWords(
        QStringLiteral("\\b(branch|office|representative office|rep office)\\b"));
    if (branchWords.match(folded).hasMatch()) {
        seg.branch = true;
        folded.remove(branchWords);
        folded = folded.simplified();
    }
    folded = stripNoise(folded);
    seg.folded = folded;
    if (folded.isEmpty())
        return seg;
    if (tb.foreignMarkers.contains(folded)) {
        seg.foreignMarker = true;
        return seg;
    }
    static const QRegularExpression upper2(QStringLiteral("^[A-Z]{2}$"));
    static const QRegularExpression upper3(QStringLiteral("^[A-Z]{3}$"));
    const bool isUpper2 = upper2.match(original).hasMatch();
    const bool isUpper3 = upper3.match(original).hasMatch();
    seg.state = usLookup(folded);
    seg.stateIsCode = isUpper2 && !seg.state.isEmpty();
    seg.country = countryLookup(folded);
    if (isUpper2 && original != QLatin1String("US") && tb.alpha2.contains(original))
        seg.country = original;
    if (isUpper3 && original != QLatin1String("USA") && tb.alpha3.contains(original))
        seg.country = tb.alpha3.value(original);
    if (seg.country == QLatin1String("US"))
        seg.country.clear();
    seg.contextCountry = tb.contextCountry.value(folded);
    seg.subdivisionOf = toSet(tb.subdivisionCountries.value(folded));
    static const QRegularExpression regionWords(QStringLiteral(
        "^(province|state|region|department|prefecture|county) of | (province|prefecture|region)$"));
    if (seg.subdivisionOf.isEmpty() && regionWords.match(folded).hasMatch())
        seg.subdivisionOf = toSet(tb.subdivisionCountries.value(QString(folded).remove(regionWords)));
    seg.georgiaCity = tb.georgiaCity.value(folded);
    return seg;
}

QString describe(const QString &code) {
    if (code.startsWith(QLatin1String("US-")))
        return QStringLiteral("%1 (%2)").arg(code, usJurisdictionName(code));
    const QString name = IsoCodes::instance().countryName(code);
    return name.isEmpty() ? code : QStringLiteral("%1 (%2)").arg(code, name);
}

JurisdictionMatch usState(const QString &code) {
    return {JurisdictionMatch::Kind::UsState, QStringLiteral("US-") + code, QString(), {}};
}

JurisdictionMatch country(const QString &code) {
    return {JurisdictionMatch::Kind::Country, code, QString(), {}};
}

JurisdictionMatch ambiguous(const QString &raw, QStringList candidates, const QString &why) {
    candidates.removeDuplicates();
    QStringList described;
    for (const QString &c : std::as_const(candidates))
        described.append(describe(c));
    return {JurisdictionMatch::Kind::Unrecognised, QString(),
            QStringLiteral("\"%1\" is ambiguous (%2): it may be %3; give the ISO code")
                .arg(raw.simplified(), why, described.join(QStringLiteral(" or "))),
            candidates};
}

JurisdictionMatch unrecognised(const QString &reason) {
    return {JurisdictionMatch::Kind::Unrecognised, QString(), reason, {}};
}

QStringList usCodes(const QStringList &states) {
    QStringList out;
    for (const QString &s : states)
        out.append(QStringLiteral("US-") + s);
    return out;
}

void addUnique(QStringList &list, const QString &value) {
    if (!value.isEmpty() && !list.contains(value))
        list.append(value);
}

// What the gazetteer says of a segment's words as a city name.
CityReading readCity(const Segment &seg) {
    if (seg.known() || seg.folded.size() < 3)
        return {};
    return Gazetteer::instance().read(seg.folded);
}

QString cityDescription(const GazetteerCity &c) {
    const QString country = IsoCodes::instance().countryName(c.country);
    return c.region.isEmpty() || c.region == c.name
               ? QStringLiteral("%1 (%2)").arg(c.name, country)
               : QStringLiteral("%1 (%2, %3)").arg(c.name, c.region, country);
}

// Weak evidence from the words of a segment that is no place as a whole: "Wilmington Delaware", "Dubai UAE".
void scanWords(const Segment &seg, QStringList &states, QStringList &trailingStates, QStringList &countries) {
    const Tables &tb = tables();
    QString text = seg.folded;
    for (auto it = tb.stateScan.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        if (text.mid(m.capturedEnd(1)).startsWith(QLatin1String(" city")))
            continue; // "Kansas City", "Oklahoma City", "Iowa City"
        const QString code = tb.usByFolded.value(m.captured(1));
        addUnique(states, code);
        if (m.capturedEnd(1) == text.size())
            addUnique(trailingStates, code);
        text.replace(m.capturedStart(1), m.capturedLength(1), QString(m.capturedLength(1), QLatin1Char('_')));
    }
    static const QRegularExpression codeToken(QStringLiteral("\\b([A-Z]{2})$"));
    if (const auto m = codeToken.match(seg.original);
        m.hasMatch() && tb.usNameByCode.contains(m.captured(1))) {
        addUnique(states, m.captured(1));
        addUnique(trailingStates, m.captured(1));
    }
    for (auto it = tb.countryScan.globalMatch(text); it.hasNext();)
        addUnique(countries, tb.countryByFolded.value(it.next().captured(1)));
}

JurisdictionMatch normaliseComposite(const QString &raw, const QString &cleaned) {
    const Tables &tb = tables();
    static const QRegularExpression splitter(QStringLiteral("[,;/()\\[\\]]|\\s[-–—]\\s|:"));
    QList<Segment> segments;
    for (const QString &part : cleaned.split(splitter, Qt::SkipEmptyParts)) {
        if (!part.trimmed().isEmpty())
            segments.append(classify(part));
    }
    bool usMarker = false;
    bool foreignMarker = false;
    QList<const Segment *> places; // segments that are not pure markers
    for (const Segment &s : std::as_const(segments)) {
        usMarker = usMarker || s.usMarker;
        foreignMarker = foreignMarker || s.foreignMarker;
        if (!s.folded.isEmpty() && !s.foreignMarker && !(s.usMarker && s.folded.isEmpty()))
            places.append(&s);
    }
    if (places.isEmpty())
        return usMarker && !foreignMarker
                   ? unrecognised(
                         QStringLiteral("\"%1\" names the United States but no state").arg(raw.simplified()))
                   : unrecognised(QStringLiteral("\"%1\" names no state or country").arg(raw.simplified()));

    QStringList states, countries, branchCountries, ambiguousCodes;
    // Place names run from the narrowest to the broadest ("City, Region, Country"): where a state and a
    // country are both named, the one named last is the jurisdiction ("Virginia, Ireland" is in Ireland,
    // "Mexico, Missouri" in Missouri).
    int lastStateAt = -1;
    int lastCountryAt = -1;
    bool lastStateIsCode =
        false; // "Barbados, WI" may be the West Indies: a code after a country decides nothing
    QSet<QString>
        lastPlaceEvidence; // of the last segment that is a subdivision ("Victoria, British Columbia")
    int position = 0;
    QSet<QString> placeEvidence; // countries that unknown segments are subdivisions or cities of
    bool usCityEvidence = false;
    for (const Segment *s : std::as_const(places)) {
        if (s->branch) {
            addUnique(branchCountries, s->country);
            continue;
        }
        const bool both = !s->state.isEmpty() && !s->country.isEmpty();
        ++position;
        if (!both) {
            addUnique(states, s->state);
            addUnique(countries, s->country);
            if (!s->state.isEmpty()) {
                lastStateAt = position;
                lastStateIsCode = s->stateIsCode;
            }
            if (!s->country.isEmpty())
                lastCountryAt = position;
        }
        if (s->state.isEmpty() && s->country.isEmpty()) {
            placeEvidence.unite(s->subdivisionOf);
            if (!s->subdivisionOf.isEmpty())
                lastPlaceEvidence = s->subdivisionOf;
            if (s->georgiaCity == QLatin1String("GE"))
                placeEvidence.insert(QStringLiteral("GE"));
            else if (!s->georgiaCity.isEmpty())
                usCityEvidence = true;
        }
    }
    // A segment that reads as a state and as a country ("Georgia", "MO", "DE"): the rest of the string
    // decides.
    position = 0;
    for (const Segment *s : std::as_const(places)) {
        if (!s->branch)
            ++position;
        if (s->branch || s->state.isEmpty() || s->country.isEmpty())
            continue;
        const bool abroadStated = foreignMarker || countries.contains(s->country);
        const bool abroadByPlace = placeEvidence.contains(s->country);
        // A place name is enough to read a name abroad ("Tbilisi, Georgia") but not a two-letter code, which
        // Exhibit 21 lists use for states ("Ontario, CA" may be the city in California).
        const bool abroad = abroadStated || (abroadByPlace && !s->stateIsCode);
        const bool home =
            usMarker || states.contains(s->state) || (usCityEvidence && s->state == QLatin1String("GA"));
        if (abroadByPlace && !abroadStated && s->stateIsCode && !home) {
            ambiguousCodes << QStringLiteral("US-") + s->state << s->country;
        } else if (abroad && !home) {
            addUnique(countries, s->country);
            lastCountryAt = qMax(lastCountryAt, position);
        } else if (home && !abroad) {
            addUnique(states, s->state);
            if (position > lastStateAt)
                lastStateIsCode = s->stateIsCode;
            lastStateAt = qMax(lastStateAt, position);
        } else if (abroad && home) {
            ambiguousCodes << QStringLiteral("US-") + s->state << s->country;
        } else if (s->stateIsCode || places.size() == 1) {
            addUnique(states, s->state); // the Exhibit 21 convention: a code, or a name alone, is the state
            if (position > lastStateAt)
                lastStateIsCode = s->stateIsCode;
            lastStateAt = qMax(lastStateAt, position);
        } else {
            ambiguousCodes << QStringLiteral("US-") + s->state << s->country;
        }
    }
    if (!ambiguousCodes.isEmpty())
        return ambiguous(raw, ambiguousCodes, QStringLiteral("the other parts of the string do not decide"));

    // "Bermuda / United Kingdom", "Cayman Islands/Hong Kong": a slash between places joins two, it does not
    // narrow one (what "Isle of Man, UK" does).
    if (states.isEmpty() && countries.size() > 1 && cleaned.contains(QLatin1Char('/')))
        return ambiguous(raw, countries, QStringLiteral("it names more than one country"));
    if (!states.isEmpty() && !countries.isEmpty() &&
        (cleaned.contains(QLatin1Char('/')) || cleaned.contains(QLatin1Char(';'))))
        return ambiguous(raw, usCodes(states) + countries, QStringLiteral("it names a state and a country"));
    // Hong Kong, Macao and Taiwan are ISO 3166-1 countries and ISO 3166-2 parts of CN: the narrower one wins.
    QStringList narrowed = countries;
    for (const QString &outer : countries) {
        for (const QString &inner : countries) {
            if (inner != outer && tb.subdivisionCodes.contains(outer + QLatin1Char('-') + inner))
                narrowed.removeAll(outer);
        }
    }
    // Dependencies and overseas parts with their own ISO 3166-1 code, written beside their sovereign ("Isle
    // of Man, UK", "Willemstad, Curacao, Netherlands Antilles"): the narrower code wins.
    static const QHash<QString, QStringList> kDependencies{
        {QStringLiteral("GB"),
         QStringList{"IM", "JE", "GG", "KY", "VG", "BM", "GI", "TC", "AI", "MS", "FK", "SH"}},
        {QStringLiteral("NL"), QStringList{"CW", "SX", "AW", "BQ"}},
        {QStringLiteral("ANHH"), QStringList{"CW", "SX", "BQ"}}, // Netherlands Antilles, withdrawn 2010
        {QStringLiteral("FR"), QStringList{"GP", "MQ", "GF", "RE", "YT", "PF", "NC", "PM", "WF", "MF", "BL"}},
        {QStringLiteral("DK"), QStringList{"GL", "FO"}},
        {QStringLiteral("AU"), QStringList{"CX", "CC", "NF"}},
        {QStringLiteral("NZ"), QStringList{"CK", "NU", "TK"}},
    };
    for (auto it = kDependencies.constBegin(); it != kDependencies.constEnd(); ++it) {
        if (narrowed.contains(it.key()) &&
            std::any_of(narrowed.cbegin(), narrowed.cend(),
                        [&](const QString &c) { return it.value().contains(c); }))
            narrowed.removeAll(it.key());
    }
    countries = narrowed;

    // "Bogota, Columbia": a misspelling that is also something else counts only in the country slot.
    if (states.isEmpty() && countries.isEmpty() && places.size() >= 2) {
        const Segment *last = places.last();
        if (!last->contextCountry.isEmpty() && last->state.isEmpty())
            countries.append(last->contextCountry);
    }

    if (!countries.isEmpty() && !states.isEmpty() && lastStateAt > lastCountryAt && states.size() == 1 &&
        !foreignMarker && (!lastStateIsCode || usMarker)) {
        // "Mexico, Missouri", "Lebanon, Tennessee": a town named after a country, in the state named last.
        return usState(states.first());
    }
    if (!countries.isEmpty()) {
        const bool territory = std::all_of(countries.cbegin(), countries.cend(),
                                           [](const QString &c) { return kUsTerritories.contains(c); });
        if (!states.isEmpty() && (usMarker || territory))
            return ambiguous(raw, usCodes(states) + countries,
                             QStringLiteral("it names a state and a country"));
        if (states.isEmpty() && usMarker && !territory)
            return ambiguous(raw, countries, QStringLiteral("it names a country and the United States"));
        if (countries.size() > 1)
            return ambiguous(raw, countries, QStringLiteral("it names more than one country"));
        if (!states.isEmpty() && lastStateIsCode && lastStateAt > lastCountryAt)
            return ambiguous(
                raw, countries + usCodes(states),
                QStringLiteral("a country followed by a state code")); // "Mexico, MO", "Barbados, WI"
        return country(countries.first()); // a state name beside a country is a place in that country
    }
    if (!states.isEmpty()) {
        if (states.size() > 1)
            return ambiguous(raw, usCodes(states), QStringLiteral("it names more than one state"));
        if (foreignMarker)
            return ambiguous(raw, usCodes(states), QStringLiteral("it names a state and a place abroad"));
        if (!branchCountries.isEmpty())
            return ambiguous(raw, usCodes(states) + branchCountries,
                             QStringLiteral("it names a state and a branch abroad"));
        // "Milano (MI)", "Chennai, TN", "Perth, WA": a city abroad with no namesake in the United States,
        // beside two letters that are a province's code as well as a state's.
        if (lastStateIsCode) {
            for (const Segment *s : std::as_const(places)) {
                if (s->known())
                    continue;
                // "Milano (MI)", "Utrecht (UT)": a province abroad beside its own ISO 3166-2 code.
                for (const QString &c : s->subdivisionOf)
                    if (tb.subdivisionCodes.contains(c + QLatin1Char('-') + states.first())) {
                        JurisdictionMatch m = country(c);
                        m.reason = QStringLiteral("%1 is %2's code for %3, not a state's here")
                                       .arg(states.first(), describe(c), s->original);
                        return m;
                    }
                // A US city of that name ("Paris, TX", "Portland, ME"): the state stands.
                const CityReading city = readCity(*s);
                if (std::any_of(city.all.cbegin(), city.all.cend(),
                                [](const GazetteerCity &c) { return c.country == QLatin1String("US"); }))
                    continue;
                if (!s->subdivisionOf.isEmpty()) {
                    QStringList abroad(s->subdivisionOf.cbegin(), s->subdivisionOf.cend());
                    abroad.sort();
                    return ambiguous(raw, abroad << QStringLiteral("US-") + states.first(),
                                     QStringLiteral("a region abroad beside a code that is also a state's"));
                }
                // "Chennai, TN", "Perth, WA": the two letters are the ISO 3166-2 code of the city's own
                // region.
                if (city.kind == CityReading::Kind::Country &&
                    foldPlace(IsoCodes::instance().placeName(
                        city.country + QLatin1Char('-') + states.first())) == foldPlace(city.city.region)) {
                    JurisdictionMatch m = country(city.country);
                    m.reason =
                        QStringLiteral("read from the city %1; %2 is the code of its region, not a state's")
                            .arg(cityDescription(city.city), states.first());
                    return m;
                }
                if (city.kind == CityReading::Kind::Country)
                    return ambiguous(
                        raw, {city.country, QStringLiteral("US-") + states.first()},
                        QStringLiteral("%1 is a city abroad and %2 a province's code as well as a "
                                       "state's")
                            .arg(cityDescription(city.city), states.first()));
            }
        }
        return usState(states.first());
    }
    if (!branchCountries.isEmpty() && branchCountries.size() == 1 && !usMarker)
        return country(branchCountries.first());

    // A country's name misspelt, the whole string ("Netherland Antilles", "Phillipine Islands"): before the
    // words are looked at, which would find "Netherland" in it.
    if (!usMarker && places.size() == 1 && !places.first()->known() &&
        places.first()->subdivisionOf.isEmpty()) {
        if (const QString code = misspeltCountry(places.first()->folded); !code.isEmpty()) {
            JurisdictionMatch m = country(code);
            m.reason =
                QStringLiteral("\"%1\" read as %2, a misspelling").arg(raw.simplified(), describe(code));
            return m;
        }
    }
    // Nothing is a place as a whole: look at the words.
    QStringList weakStates, trailingStates, weakCountries;
    for (const Segment *s : std::as_const(places)) {
        if (!s->known() && s->subdivisionOf.isEmpty() && s->georgiaCity.isEmpty())
            scanWords(*s, weakStates, trailingStates, weakCountries);
    }
    if (!weakStates.isEmpty() && !weakCountries.isEmpty())
        return ambiguous(raw, usCodes(weakStates) + weakCountries,
                         QStringLiteral("it names a state and a country"));
    if (weakStates.size() > 1)
        return ambiguous(raw, usCodes(weakStates), QStringLiteral("it names more than one state"));
    if (weakStates.size() == 1 && !foreignMarker && (usMarker || !trailingStates.isEmpty()))
        return usState(weakStates.first());
    if (weakCountries.size() > 1)
        return ambiguous(raw, weakCountries, QStringLiteral("it names more than one country"));
    if (weakCountries.size() == 1 && !usMarker)
        return country(weakCountries.first());

    // One word that is a region and a city ("Valencia": the Spanish province, and cities in Venezuela and
    // Spain): the region reading stands unless a city of that name is in another country abroad ("Ontario"
    // is the province; Ontario, California says nothing of where a company is incorporated).
    if (!usMarker && places.size() == 1 && !placeEvidence.isEmpty()) {
        const CityReading city = readCity(*places.first());
        QStringList abroad =
            city.kind == CityReading::Kind::Country ? QStringList{city.country} : city.candidates;
        abroad.removeAll(QStringLiteral("US"));
        if (std::any_of(abroad.cbegin(), abroad.cend(),
                        [&](const QString &c) { return !placeEvidence.contains(c); })) {
            QStringList all(placeEvidence.cbegin(), placeEvidence.cend());
            all.sort();
            for (const QString &c : std::as_const(abroad))
                addUnique(all, c);
            // A US city of that name too: its state, as one more candidate ("San José": San Jose,
            // California).
            for (const GazetteerCity &c : city.all) {
                if (c.country == QLatin1String("US")) {
                    addUnique(all, QStringLiteral("US-") + c.regionCode);
                    break;
                }
            }
            return ambiguous(raw, all,
                             QStringLiteral("a region and a city of that name are in different countries"));
        }
    }
    // A subdivision alone ("Ontario", "Maine-et-Loire"), when it belongs to one country.
    if (!usMarker && placeEvidence.size() == 1)
        return country(*placeEvidence.constBegin());
    if (!usMarker && placeEvidence.size() > 1 && lastPlaceEvidence.size() == 1)
        return country(*lastPlaceEvidence.constBegin());
    if (!usMarker && placeEvidence.size() > 1) {
        QStringList list(placeEvidence.cbegin(), placeEvidence.cend());
        list.sort();
        return ambiguous(raw, list, QStringLiteral("a region of that name exists in more than one country"));
    }
    // A city, when the string names no state, country or region (Gazetteer): "Düsseldorf", "Shenzhen".
    if (placeEvidence.isEmpty() && weakCountries.isEmpty() && !foreignMarker) {
        QStringList cityCountries;
        QStringList candidates;
        QStringList read;
        QStringList usCities; // "Houston, Texas"
        bool several = false;
        for (const Segment *s : std::as_const(places)) {
            const CityReading city = readCity(*s);
            // A city in the United States stands for its state only as a candidate: where a company is is not
            // where it is incorporated.
            auto asCandidate = [&](const QString &code) {
                if (code != QLatin1String("US"))
                    return code;
                for (const GazetteerCity &c : city.all)
                    if (c.country == QLatin1String("US"))
                        return QStringLiteral("US-") + c.regionCode;
                return code;
            };
            if (city.kind == CityReading::Kind::Country) {
                addUnique(cityCountries, city.country);
                addUnique(candidates, asCandidate(city.country));
                read.append(cityDescription(city.city));
                if (city.country == QLatin1String("US"))
                    usCities.append(QStringLiteral("%1, %2").arg(city.city.name, city.city.region));
            } else if (city.kind == CityReading::Kind::Ambiguous) {
                several = true;
                for (const QString &c : std::as_const(city.candidates))
                    addUnique(candidates, asCandidate(c));
            }
        }
        if (several || cityCountries.size() > 1)
            return ambiguous(raw, candidates,
                             QStringLiteral("cities of that name are in more than one country"));
        if (cityCountries.size() == 1 && cityCountries.first() == QLatin1String("US")) {
            JurisdictionMatch m = unrecognised(
                QStringLiteral(
                    "\"%1\" names a city in the United States (%2): where a company is located is not "
                    "where it is incorporated; give its state")
                    .arg(raw.simplified(), usCities.join(QStringLiteral("; "))));
            m.candidates = candidates;
            return m;
        }
        if (cityCountries.size() == 1 && !usMarker) {
            JurisdictionMatch m = country(cityCountries.first());
            m.reason = QStringLiteral("read from the city %1").arg(read.join(QStringLiteral(", ")));
            return m;
        }
    }
    // A state name misspelt by one letter, as the only place in the string ("Deleware", "Tennesee, USA").
    if (!foreignMarker && placeEvidence.isEmpty() && weakCountries.isEmpty()) {
        QStringList misspelt;
        for (const Segment *s : std::as_const(places)) {
            if (!s->known())
                addUnique(misspelt, misspeltState(s->folded));
        }
        if (misspelt.size() == 1) {
            JurisdictionMatch m = usState(misspelt.first());
            m.reason = QStringLiteral("\"%1\" read as %2, a misspelling")
                           .arg(raw.simplified(), usJurisdictionName(m.code));
            return m;
        }
    }
    if (usMarker)
        return unrecognised(
            QStringLiteral("\"%1\" names the United States but no state").arg(raw.simplified()));
    return unrecognised(
        QStringLiteral("\"%1\" is not a US state, DC or a country FilingDesk knows").arg(raw.simplified()));
}

} // namespace

// A bank or savings association chartered by the United States (12 U.S.C. § 21 national banks, § 1464
// federal savings associations, § 1752 federal credit unions): the OCC or the NCUA charters it, no state
// does, so it files no state annual report wherever it is located. Not when the string names a country
// abroad ("Canadian federal corporation" is chartered by Canada).
static bool federalCharter(const QString &cleaned) {
    const QString folded = foldPlace(cleaned);
    static const QRegularExpression charter(QStringLiteral(
        "\\b(national bank(ing)?( association)?|national association|national trust (bank|company)|"
        "natl bank|natl assoc|national assoc|nationally chartered|federal savings|federal(ly)? chartered|"
        "federal charter|federal credit union|federal stock savings|federal mutual savings|federal thrift|"
        "comptroller of the currency|chartered by the occ|occ chartered|federal branch|federal reserve bank|"
        "edge act|fsb|f s b|fcu)\\b"));
    static const QRegularExpression federalAlone(QStringLiteral(
        "^((the )?(u s|us|usa|united states( of america)?) )?federal( usa| u s| united states)?$"));
    // "N.A." (national association) after a bank's name or beside a state; alone it is as likely "not
    // applicable".
    static const QRegularExpression nationalAssociation(
        QStringLiteral("(^|[\\s,(/-])N\\.\\s?A\\.?(?=$|[\\s,)/-])"));
    bool federal = charter.match(folded).hasMatch() || federalAlone.match(folded).hasMatch();
    if (!federal) {
        QString rest = cleaned;
        rest.remove(nationalAssociation);
        federal = rest.size() < cleaned.size() && !foldPlace(rest).isEmpty();
    }
    if (!federal) {
        // "Federal (Ohio)", "Ohio/federal": the word beside states only.
        static const QRegularExpression parts(QStringLiteral("[,;/()\\[\\]]|\\s[-–—]\\s"));
        bool word = false;
        bool onlyStates = true;
        for (const QString &part : cleaned.split(parts, Qt::SkipEmptyParts)) {
            const QString f = foldPlace(part);
            if (f.isEmpty())
                continue;
            if (federalAlone.match(f).hasMatch())
                word = true;
            else if (usLookup(f).isEmpty() && !isUsOnly(f))
                onlyStates = false;
        }
        federal = word && onlyStates;
    }
    if (!federal)
        return false;
    for (auto it = tables().countryScan.globalMatch(folded); it.hasNext();)
        if (tables().countryByFolded.value(it.next().captured(1)) != QLatin1String("US"))
            return false;
    return true;
}

static JurisdictionMatch readPlace(const QString &raw);

// "Incorporated in Delaware, headquartered in California", "Hong Kong (incorporated in Bermuda)": the words
// that say where it is incorporated decide. "Headquartered in Texas", "doing business in Texas": where a
// company is says nothing of where it is incorporated; needs data naming what it names.
static bool incorporationOrLocation(const QString &raw, const QString &cleaned, JurisdictionMatch *out) {
    static const QRegularExpression location(
        QStringLiteral("\\b(headquartered|operating|operates|doing business|located|based|offices?|principal "
                       "place of business|"
                       "principal office|branch)\\s+(in|at)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression incorporated(
        QStringLiteral(
            "\\b(incorporated|organi[sz]ed|formed|chartered|registered|domiciled)\\s+(in|under the "
            "laws of)\\s+(the\\s+)?([^,;()]+)"),
        QRegularExpression::CaseInsensitiveOption);
    const bool locationSaid = location.match(cleaned).hasMatch();
    const auto inc = incorporated.match(cleaned);
    if (inc.hasMatch() && (locationSaid || cleaned.contains(QLatin1Char('(')) || inc.capturedStart(0) > 0)) {
        JurisdictionMatch m = readPlace(inc.captured(4).trimmed());
        if (m.kind == JurisdictionMatch::Kind::Unrecognised)
            return false;
        m.reason = QStringLiteral("read from \"%1\"").arg(inc.captured(0).simplified());
        *out = m;
        return true;
    }
    if (!locationSaid || inc.hasMatch())
        return false;
    QString place = cleaned;
    place.remove(location);
    const JurisdictionMatch named = readPlace(place.simplified());
    QStringList candidates = named.candidates;
    if (named.kind != JurisdictionMatch::Kind::Unrecognised)
        candidates = {named.code};
    *out = unrecognised(QStringLiteral("\"%1\" says where the company is, not where it is incorporated; give "
                                       "the jurisdiction of incorporation")
                            .arg(raw.simplified()));
    out->candidates = candidates;
    return true;
}

// "c/o Conyers, One Exchange Square, Central, Hong Kong (Bermuda)": an address with the place of
// incorporation in brackets after it. The brackets win when they name a place on their own and what comes
// before reads as an address (a number, "c/o", or three parts or more); "Kiev, Ukraine (Kyiv)" is not one.
static bool bracketAfterAddress(const QString &cleaned, JurisdictionMatch *out) {
    static const QRegularExpression trailingBracket(QStringLiteral("^(.*\\S)\\s*\\(([^()]+)\\)$"));
    static const QRegularExpression addressMarks(QStringLiteral("\\d|\\bc/o\\b|\\bcare of\\b"),
                                                 QRegularExpression::CaseInsensitiveOption);
    const auto m = trailingBracket.match(cleaned);
    if (!m.hasMatch())
        return false;
    const QString outside = m.captured(1);
    if (!addressMarks.match(outside).hasMatch() && outside.count(QLatin1Char(',')) < 2)
        return false;
    // "Via Roma 1, 20121 Milano (MI)": two letters after an address abroad are a province's code as often
    // as a state's.
    if (m.captured(2).trimmed().size() <= 2)
        return false;
    JurisdictionMatch inside = readPlace(m.captured(2));
    if (inside.kind == JurisdictionMatch::Kind::Unrecognised)
        return false;
    inside.reason =
        QStringLiteral("read from the brackets, which name the place of incorporation (%1); the rest is "
                       "an address")
            .arg(m.captured(2).simplified());
    *out = inside;
    return true;
}

static JurisdictionMatch readPlace(const QString &raw) {
    const Tables &tb = tables();
    // Footnote markers: "(1)", "(a)", "[2]", "*", "†".
    static const QRegularExpression footnotes(
        QStringLiteral("\\(\\s*(\\d{1,2}|[a-zA-Z]|[ivx]{2,4})\\s*\\)|\\[\\s*\\d{1,2}\\s*\\]|[*†‡]+"));
    QString cleaned = raw.simplified();
    cleaned.remove(footnotes);
    cleaned = cleaned.simplified();
    if (cleaned.isEmpty())
        return unrecognised(QStringLiteral("no jurisdiction given"));
    if (federalCharter(cleaned))
        return {JurisdictionMatch::Kind::Federal,
                QStringLiteral("US"),
                QStringLiteral("\"%1\" is chartered by the United States (a national bank, federal savings "
                               "association or federal credit union), not by a state: no state annual report")
                    .arg(raw.simplified()),
                {}};
    // A company form alone ("N.V.", "Co.", "P.A."): the dotted forms are not the states' abbreviations
    // ("Nev.", "Colo.", "Pa.").
    static const QRegularExpression companyForm(
        QStringLiteral("^((N\\.\\s?V\\.?|P\\.\\s?A\\.|Co\\.|S\\.\\s?A\\.|B\\.\\s?V\\.|A\\.\\s?G\\.|S\\.\\s?"
                       "E\\.|Ltd\\.?|Inc\\.?)[\\s,]*)+$"),
        QRegularExpression::CaseInsensitiveOption);
    if (companyForm.match(cleaned).hasMatch())
        return unrecognised(QStringLiteral("\"%1\" is a company form, not a place: give the jurisdiction")
                                .arg(raw.simplified()));
    if (JurisdictionMatch said; incorporationOrLocation(raw, cleaned, &said))
        return said;
    if (JurisdictionMatch inBrackets; bracketAfterAddress(cleaned, &inBrackets))
        return inBrackets;

    static const QRegularExpression isoSub(QStringLiteral("^([A-Z]{2})-([A-Z0-9]{1,3})$"),
                                           QRegularExpression::CaseInsensitiveOption);
    if (const auto m = isoSub.match(cleaned); m.hasMatch()) {
        const QString prefix = m.captured(1).toUpper();
        const QString code = cleaned.toUpper();
        if (prefix == QLatin1String("US") && tb.usNameByCode.contains(m.captured(2).toUpper()))
            return usState(m.captured(2).toUpper());
        if (prefix != QLatin1String("US") && tb.subdivisionCodes.contains(code))
            return country(prefix);
    }
    static const QRegularExpression twoLetters(QStringLiteral("^[A-Z]{2}$"));
    if (twoLetters.match(cleaned).hasMatch()) {
        if (tb.usNameByCode.contains(cleaned))
            return usState(cleaned); // Exhibit 21 convention: "DE" is Delaware
        if (cleaned == QLatin1String("UK"))
            return country(QStringLiteral("GB"));
        if (cleaned != QLatin1String("US") && tb.alpha2.contains(cleaned))
            return country(cleaned);
    }
    static const QRegularExpression threeLetters(QStringLiteral("^[A-Z]{3}$"));
    const QString folded = stripNoise(foldPlace(cleaned));
    if (threeLetters.match(cleaned).hasMatch() && cleaned != QLatin1String("USA") &&
        tb.alpha3.contains(cleaned)) {
        const QString state = usLookup(folded);
        if (!state.isEmpty())
            return ambiguous(raw, {QStringLiteral("US-") + state, tb.alpha3.value(cleaned)},
                             QStringLiteral("a state abbreviation and a country code"));
        return country(tb.alpha3.value(cleaned));
    }
    if (const QString state = usLookup(folded); !state.isEmpty())
        return usState(state); // includes "Georgia" alone, by the Exhibit 21 convention
    if (const QString code = countryLookup(folded); !code.isEmpty())
        return country(code);
    if (isUsOnly(folded))
        return unrecognised(
            QStringLiteral("\"%1\" names the United States but no state").arg(raw.simplified()));
    if (const QString code = tb.contextCountry.value(folded); !code.isEmpty())
        return ambiguous(raw, {code, QStringLiteral("US-DC")},
                         QStringLiteral("a misspelling of a country or part of a US name"));
    // A country's name inverted at a comma, as indexes write it ("Korea, North", "Congo, Democratic Republic
    // of the"): read the right way round before the parts are read as places of their own.
    if (const qsizetype comma = cleaned.indexOf(QLatin1Char(','));
        comma > 0 && cleaned.indexOf(QLatin1Char(','), comma + 1) < 0) {
        const QString turned = foldPlace(cleaned.mid(comma + 1) + QLatin1Char(' ') + cleaned.left(comma));
        if (const QString code = countryLookup(turned); !code.isEmpty() && usLookup(turned).isEmpty())
            return country(code);
    }
    return normaliseComposite(raw, cleaned);
}

JurisdictionMatch normaliseJurisdiction(const QString &raw) {
    JurisdictionMatch m = readPlace(raw);
    if (m.kind != JurisdictionMatch::Kind::Country || m.code.size() != 4)
        return m;
    // A country withdrawn from ISO 3166-1: which of its successors, the string does not say.
    for (const WithdrawnCountry &w : withdrawnCountries()) {
        if (m.code != QLatin1String(w.code))
            continue;
        QStringList successors;
        for (const char *code : w.successors)
            successors.append(QString::fromLatin1(code));
        return ambiguous(
            raw, successors,
            QStringLiteral("%1 was withdrawn from ISO 3166 on %2 (ISO 3166-3 %3); its successors")
                .arg(QLatin1String(w.name), QLatin1String(w.withdrawn), QLatin1String(w.code)));
    }
    return unrecognised(QStringLiteral("\"%1\" names a country that no longer exists").arg(raw.simplified()));
}

QString usJurisdictionName(const QString &code) {
    if (!code.startsWith(QLatin1String("US-")))
        return QString();
    // Its own small table: a member that only names jurisdictions (every --limit, every rule) does not build
    // the normaliser's tables of the world's places.
    static const QHash<QString, QString> names = [] {
        QHash<QString, QString> byCode;
        for (const UsStateName &s : usStateNames())
            byCode.insert(QString::fromLatin1(s.code), QString::fromLatin1(s.name));
        return byCode;
    }();
    return names.value(code.mid(3));
}

QStringList usJurisdictionCodes() {
    QStringList codes;
    for (const UsStateName &s : usStateNames())
        codes.append(QStringLiteral("US-") + QString::fromLatin1(s.code));
    codes.sort();
    return codes;
}

} // namespace fd
