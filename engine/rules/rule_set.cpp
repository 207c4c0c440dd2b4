#include "engine/rules/rule_set.h"

#include "engine/core/engine_resources.h"
#include "engine/import/jurisdiction_normaliser.h"
#include "engine/rules/calendar_file.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

#include <optional>
#include <utility>

Q_LOGGING_CATEGORY(lcRules, "filingdesk.rules")

namespace fd {

namespace {

const QStringList kDueKinds{QStringLiteral("fixed_date"),
                            QStringLiteral("anniversary_month_end"),
                            QStringLiteral("anniversary_month_start"),
                            QStringLiteral("before_anniversary_month"),
                            QStringLiteral("anniversary_date"),
                            QStringLiteral("anniversary_quarter_end"),
                            QStringLiteral("months_after_fiscal_year_end")};
const QStringList kFeeMethods{QStringLiteral("flat"), QStringLiteral("none"), QStringLiteral("minimum"),
                              QStringLiteral("de_franchise_tax")};

struct ValidationError {
    QString field;
    QString reason;
};

int lineOfOffset(const QByteArray &text, qsizetype offset) {
    return 1 + int(text.left(offset).count('\n'));
}

// Byte offsets of the elements of the root object's array `key` ("rules"), found by a small scan of the JSON
// text: QJsonDocument keeps no positions, and an error must name the line a person has to fix. Only called on
// text that QJsonDocument has already accepted.
QList<qsizetype> rootArrayElementOffsets(const QByteArray &text, const QByteArray &key, qsizetype *arrayEnd) {
    QList<qsizetype> offsets;
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    qsizetype stringStart = -1;
    QByteArray lastString;
    bool expectArray = false;
    int arrayDepth = -1;
    bool expectElement = false;
    *arrayEnd = text.size();
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                inString = false;
                lastString = text.mid(stringStart + 1, i - stringStart - 1);
            }
            continue;
        }
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
            continue;
        if (arrayDepth >= 0 && depth == arrayDepth && expectElement && c != ']') {
            offsets.append(i);
            expectElement = false;
        }
        switch (c) {
        case '"':
            inString = true;
            stringStart = i;
            break;
        case ':':
            expectArray = depth == 1 && lastString == key;
            break;
        case '{':
        case '[':
            if (c == '[' && expectArray && arrayDepth < 0) {
                arrayDepth = depth + 1;
                expectElement = true;
            }
            expectArray = false;
            ++depth;
            break;
        case '}':
        case ']':
            if (c == ']' && depth == arrayDepth) {
                *arrayEnd = i;
                return offsets;
            }
            --depth;
            break;
        case ',':
            if (depth == arrayDepth)
                expectElement = true;
            break;
        default:
            expectArray = false;
            break;
        }
    }
    return offsets;
}

// Offset of `"name"` used as an object key within [from, to), or -1.
qsizetype findKey(const QByteArray &text, const QByteArray &name, qsizetype from, qsizetype to) {
    const QByteArray needle = '"' + name + '"';
    for (qsizetype at = text.indexOf(needle, from); at >= 0 && at < to; at = text.indexOf(needle, at + 1)) {
        qsizetype j = at + needle.size();
        while (j < to &&
               (text.at(j) == ' ' || text.at(j) == '\t' || text.at(j) == '\r' || text.at(j) == '\n'))
            ++j;
        if (j < to && text.at(j) == ':')
            return at;
    }
    return -1;
}

// Line of a field ("due.month") inside the element spanning [start, end); the element's first line when the
// field is absent (a missing required field).
int lineOfField(const QByteArray &text, qsizetype start, qsizetype end, const QString &field) {
    qsizetype at = start;
    bool found = true;
    for (const QString &part : field.split(QLatin1Char('.'))) {
        const qsizetype next = findKey(text, part.toUtf8(), at, end);
        if (next < 0) {
            found = false;
            break;
        }
        at = next;
    }
    if (!found && at == start) {
        // A required field that is absent: name the line of the element's id (or code), where a person looks.
        qsizetype id = findKey(text, "id", start, end);
        if (id < 0)
            id = findKey(text, "code", start, end);
        if (id >= 0)
            at = id;
    }
    return lineOfOffset(text, at);
}

QDate parseDate(const QJsonValue &v, bool *ok) {
    *ok = true;
    if (v.isNull() || v.isUndefined())
        return QDate();
    const QDate d = QDate::fromString(v.toString(), Qt::ISODate);
    *ok = d.isValid();
    return d;
}

std::optional<ValidationError> parseRule(const QJsonObject &o, Rule *rule) {
    auto str = [&](const char *key) { return o.value(QLatin1String(key)).toString(); };
    auto need = [&](const char *key) -> std::optional<ValidationError> {
        if (o.value(QLatin1String(key)).toString().trimmed().isEmpty())
            return ValidationError{QString::fromLatin1(key), QStringLiteral("is required")};
        return std::nullopt;
    };
    for (const char *key : {"id", "jurisdiction", "obligation_type", "filing_type", "name", "frequency"}) {
        if (auto e = need(key))
            return e;
    }
    rule->id = str("id");
    rule->jurisdiction = str("jurisdiction");
    if (usJurisdictionName(rule->jurisdiction).isEmpty())
        return ValidationError{QStringLiteral("jurisdiction"),
                               QStringLiteral("\"%1\" is not a US ISO 3166-2 code").arg(rule->jurisdiction)};
    const QJsonArray types = o.value(QStringLiteral("entity_types")).toArray();
    if (types.isEmpty())
        return ValidationError{QStringLiteral("entity_types"),
                               QStringLiteral("needs at least one entity type")};
    for (const auto &t : types) {
        const EntityType type = entityTypeFromName(t.toString());
        if (type == EntityType::Unknown || t.toString() != entityTypeName(type))
            return ValidationError{QStringLiteral("entity_types"),
                                   QStringLiteral("\"%1\" is not corporation, llc or lp").arg(t.toString())};
        rule->entityTypes.append(type);
    }
    rule->domicile = o.value(QStringLiteral("domicile")).toString(QStringLiteral("domestic"));
    if (!QStringList{QStringLiteral("domestic"), QStringLiteral("foreign"), QStringLiteral("any")}.contains(
            rule->domicile))
        return ValidationError{QStringLiteral("domicile"),
                               QStringLiteral("must be domestic, foreign or any")};
    rule->obligationType = str("obligation_type");
    rule->filingType = str("filing_type");
    rule->name = str("name");
    rule->frequency = str("frequency");
    if (!QStringList{QStringLiteral("annual"), QStringLiteral("biennial"), QStringLiteral("decennial"),
                     QStringLiteral("none")}
             .contains(rule->frequency))
        return ValidationError{QStringLiteral("frequency"),
                               QStringLiteral("must be annual, biennial, decennial or none")};

    const QJsonObject citation = o.value(QStringLiteral("citation")).toObject();
    rule->statute = citation.value(QStringLiteral("statute")).toString().trimmed();
    rule->url = citation.value(QStringLiteral("url")).toString().trimmed();
    if (rule->statute.isEmpty() && rule->url.isEmpty())
        return ValidationError{QStringLiteral("citation"),
                               QStringLiteral("needs a statute or a filing page URL")};
    rule->sourceChoice = str("source_choice");
    bool ok = true;
    rule->effectiveFrom = parseDate(o.value(QStringLiteral("effective_from")), &ok);
    if (!ok || !rule->effectiveFrom.isValid())
        return ValidationError{QStringLiteral("effective_from"), QStringLiteral("needs a YYYY-MM-DD date")};
    rule->effectiveTo = parseDate(o.value(QStringLiteral("effective_to")), &ok);
    if (!ok)
        return ValidationError{QStringLiteral("effective_to"),
                               QStringLiteral("must be a YYYY-MM-DD date or null")};
    if (rule->effectiveTo.isValid() && rule->effectiveTo < rule->effectiveFrom)
        return ValidationError{QStringLiteral("effective_to"), QStringLiteral("is before effective_from")};
    rule->lastChecked = parseDate(o.value(QStringLiteral("last_checked")), &ok);
    if (!ok || !rule->lastChecked.isValid())
        return ValidationError{
            QStringLiteral("last_checked"),
            QStringLiteral("needs the YYYY-MM-DD date the rule was checked against its citation")};

    if (rule->frequency == QLatin1String("none"))
        return std::nullopt;

    const QJsonObject due = o.value(QStringLiteral("due")).toObject();
    rule->due.kind = due.value(QStringLiteral("kind")).toString();
    if (!kDueKinds.contains(rule->due.kind))
        return ValidationError{QStringLiteral("due.kind"),
                               QStringLiteral("\"%1\" is not one of %2")
                                   .arg(rule->due.kind, kDueKinds.join(QStringLiteral(", ")))};
    rule->due.month = due.value(QStringLiteral("month")).toInt();
    rule->due.day = due.value(QStringLiteral("day")).toInt();
    rule->due.months = due.value(QStringLiteral("months")).toInt();
    if (rule->due.kind == QLatin1String("fixed_date") &&
        !QDate(2024, qMax(1, rule->due.month), qMax(1, rule->due.day)).isValid())
        return ValidationError{QStringLiteral("due.month"),
                               QStringLiteral("month and day do not form a date")};
    if (rule->due.kind == QLatin1String("fixed_date") && (rule->due.month < 1 || rule->due.day < 1))
        return ValidationError{QStringLiteral("due.day"), QStringLiteral("fixed_date needs month and day")};
    if (rule->due.kind == QLatin1String("months_after_fiscal_year_end") &&
        (rule->due.months < 1 || rule->due.months > 24 || rule->due.day < 0 || rule->due.day > 31))
        return ValidationError{QStringLiteral("due.months"),
                               QStringLiteral("needs months 1..24 and day 0..31")};
    const QJsonObject window = due.value(QStringLiteral("window_opens")).toObject();
    rule->due.windowOpensMonth = window.value(QStringLiteral("month")).toInt();
    rule->due.windowOpensDay = window.value(QStringLiteral("day")).toInt();
    rule->due.windowDaysBefore = window.value(QStringLiteral("days_before")).toInt();
    rule->due.windowMonthsBefore = window.value(QStringLiteral("months_before")).toInt();
    if (window.contains(QStringLiteral("months_before")) &&
        (rule->due.windowMonthsBefore < 1 || rule->due.windowMonthsBefore > 11 ||
         window.contains(QStringLiteral("days_before"))))
        return ValidationError{QStringLiteral("due.window_opens.months_before"),
                               QStringLiteral("needs 1..11 months, and no days_before beside it")};
    rule->due.windowOpensAnniversaryMonth = window.value(QStringLiteral("anniversary_month")).toBool();
    if (rule->due.windowOpensAnniversaryMonth && rule->due.kind != QLatin1String("anniversary_month_end"))
        return ValidationError{QStringLiteral("due.window_opens.anniversary_month"),
                               QStringLiteral("applies to anniversary_month_end only")};
    rule->due.monthsAfterAnniversary = due.value(QStringLiteral("months_after")).toInt();
    if (due.contains(QStringLiteral("months_after")) &&
        (rule->due.kind != QLatin1String("anniversary_month_end") || rule->due.monthsAfterAnniversary < 0 ||
         rule->due.monthsAfterAnniversary > 11))
        return ValidationError{QStringLiteral("due.months_after"),
                               QStringLiteral("needs anniversary_month_end and 0..11 months")};

    if (rule->frequency == QLatin1String("biennial")) {
        rule->biennialParity =
            o.value(QStringLiteral("biennial")).toObject().value(QStringLiteral("parity")).toString();
        if (!QStringList{QStringLiteral("formation_year"), QStringLiteral("opposite_formation_year"),
                         QStringLiteral("even"), QStringLiteral("odd"), QStringLiteral("registry_id")}
                 .contains(rule->biennialParity))
            return ValidationError{
                QStringLiteral("biennial.parity"),
                QStringLiteral("must be formation_year, opposite_formation_year, even, odd or registry_id")};
    }
    if (rule->frequency == QLatin1String("decennial")) {
        const QJsonValue digit =
            o.value(QStringLiteral("decennial")).toObject().value(QStringLiteral("year_digit"));
        rule->decennialYearDigit = digit.isDouble() ? digit.toInt(-1) : -1;
        if (rule->decennialYearDigit < 0 || rule->decennialYearDigit > 9)
            return ValidationError{
                QStringLiteral("decennial.year_digit"),
                QStringLiteral("must be the last digit (0..9) of the years the report is due")};
    }
    const QString firstDue =
        o.value(QStringLiteral("first_due")).toString(QStringLiteral("year_after_formation"));
    if (firstDue != QLatin1String("year_after_formation") && firstDue != QLatin1String("after_formation"))
        return ValidationError{QStringLiteral("first_due"),
                               QStringLiteral("must be year_after_formation or after_formation")};
    rule->firstDueYearAfterFormation = firstDue == QLatin1String("year_after_formation");
    const QString filingYear = o.value(QStringLiteral("filing_year")).toString(QStringLiteral("due_year"));
    if (filingYear != QLatin1String("due_year") && filingYear != QLatin1String("due_year_minus_1"))
        return ValidationError{QStringLiteral("filing_year"),
                               QStringLiteral("must be due_year or due_year_minus_1")};
    rule->filingYearIsDueYearMinusOne = filingYear == QLatin1String("due_year_minus_1");
    const QString weekend = o.value(QStringLiteral("weekend_holiday")).toString(QStringLiteral("none"));
    if (weekend != QLatin1String("none") && weekend != QLatin1String("next_business_day"))
        return ValidationError{QStringLiteral("weekend_holiday"),
                               QStringLiteral("must be none or next_business_day")};
    rule->nextBusinessDay = weekend == QLatin1String("next_business_day");
    // Resolved against the file's calendars once all are read (RuleSet::loadFromBytes).
    rule->calendar.id = o.value(QStringLiteral("weekend_holiday_calendar")).toString(rule->jurisdiction);
    if (!rule->nextBusinessDay && o.contains(QStringLiteral("weekend_holiday_calendar")))
        return ValidationError{QStringLiteral("weekend_holiday_calendar"),
                               QStringLiteral("applies only with weekend_holiday: next_business_day")};
    rule->weekendHolidayNote = str("weekend_holiday_note");

    const QJsonObject fee = o.value(QStringLiteral("fee")).toObject();
    rule->fee.method = fee.value(QStringLiteral("method")).toString();
    if (!kFeeMethods.contains(rule->fee.method))
        return ValidationError{QStringLiteral("fee.method"),
                               QStringLiteral("\"%1\" is not one of %2")
                                   .arg(rule->fee.method, kFeeMethods.join(QStringLiteral(", ")))};
    rule->fee.cents = fee.value(QStringLiteral("cents")).toInteger();
    rule->fee.reportFeeCents = fee.value(QStringLiteral("report_fee_cents")).toInteger();
    rule->fee.minimumTaxCents = fee.value(QStringLiteral("minimum_tax_cents")).toInteger();
    rule->fee.maximumTaxCents = fee.value(QStringLiteral("maximum_tax_cents")).toInteger();
    rule->fee.largeFilerMaximumCents = fee.value(QStringLiteral("large_filer_maximum_cents")).toInteger();
    rule->fee.secondTierTaxCents = fee.value(QStringLiteral("second_tier_tax_cents")).toInteger();
    rule->fee.perTenThousandSharesCents = fee.value(QStringLiteral("per_10000_shares_cents")).toInteger();
    rule->fee.apvMinimumTaxCents = fee.value(QStringLiteral("apv_minimum_tax_cents")).toInteger();
    rule->fee.apvCentsPerMillion = fee.value(QStringLiteral("apv_cents_per_million")).toInteger();
    for (const char *key : {"cents", "report_fee_cents", "minimum_tax_cents", "maximum_tax_cents",
                            "large_filer_maximum_cents", "second_tier_tax_cents", "per_10000_shares_cents",
                            "apv_minimum_tax_cents", "apv_cents_per_million"}) {
        const QJsonValue v = fee.value(QLatin1String(key));
        if (!v.isUndefined() && (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != double(v.toInteger())))
            return ValidationError{QStringLiteral("fee.") + QLatin1String(key),
                                   QStringLiteral("must be a whole, non-negative number of cents")};
    }
    if ((rule->fee.method == QLatin1String("flat") || rule->fee.method == QLatin1String("minimum")) &&
        !fee.value(QStringLiteral("cents")).isDouble())
        return ValidationError{QStringLiteral("fee.cents"),
                               QStringLiteral("%1 needs cents").arg(rule->fee.method)};
    if (rule->fee.method == QLatin1String("de_franchise_tax")) {
        // Every number of the computation comes from the file, so that a change in the tax is a new rule
        // version.
        for (const char *key :
             {"report_fee_cents", "minimum_tax_cents", "second_tier_tax_cents", "per_10000_shares_cents",
              "apv_minimum_tax_cents", "apv_cents_per_million", "maximum_tax_cents"}) {
            if (fee.value(QLatin1String(key)).toInteger() <= 0)
                return ValidationError{QStringLiteral("fee.") + QLatin1String(key),
                                       QStringLiteral("de_franchise_tax needs a positive amount")};
        }
    }
    rule->feeNote = str("fee_note");
    const QJsonObject penalty = o.value(QStringLiteral("penalty")).toObject();
    rule->penaltyFlatCents = penalty.value(QStringLiteral("flat_cents")).toInteger();
    rule->penaltyMonthlyInterestBp = penalty.value(QStringLiteral("monthly_interest_bp")).toInt();
    rule->penaltyPercentOfFeeBp = penalty.value(QStringLiteral("percent_of_fee_bp")).toInt();
    rule->penaltyNote = penalty.value(QStringLiteral("note")).toString();
    return std::nullopt;
}

} // namespace

bool RuleSet::loadFromFile(const QString &path, QString *error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot open: %2").arg(path, file.errorString());
        return false;
    }
    return loadFromBytes(file.readAll(), path, error);
}

bool RuleSet::loadFromBytes(const QByteArray &json, const QString &displayName, QString *error) {
    *this = RuleSet();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1:%2: not valid JSON: %3")
                     .arg(displayName)
                     .arg(lineOfOffset(json, parseError.offset))
                     .arg(parseError.errorString());
        return false;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("schema")).toInt() != 1) {
        *error = QStringLiteral("%1:1: schema: only schema 1 is understood").arg(displayName);
        return false;
    }
    RuleSet loaded;
    loaded.m_version = root.value(QStringLiteral("version")).toString();
    if (loaded.m_version.isEmpty()) {
        *error = QStringLiteral("%1:1: version: is required").arg(displayName);
        return false;
    }
    const QJsonArray jurisdictions = root.value(QStringLiteral("jurisdictions")).toArray();
    qsizetype jurisdictionsEnd = 0;
    const QList<qsizetype> jurisdictionOffsets =
        rootArrayElementOffsets(json, "jurisdictions", &jurisdictionsEnd);
    for (qsizetype i = 0; i < jurisdictions.size(); ++i) {
        const QJsonObject j = jurisdictions.at(i).toObject();
        JurisdictionInfo info{
            j.value(QStringLiteral("code")).toString(), j.value(QStringLiteral("name")).toString(),
            QDate::fromString(j.value(QStringLiteral("last_checked")).toString(), Qt::ISODate),
            j.value(QStringLiteral("notes")).toString()};
        QString field;
        if (usJurisdictionName(info.code).isEmpty())
            field = QStringLiteral("code");
        else if (!info.lastChecked.isValid())
            field = QStringLiteral("last_checked");
        if (!field.isEmpty()) {
            const qsizetype start = i < jurisdictionOffsets.size() ? jurisdictionOffsets.at(i) : 0;
            const qsizetype end =
                i + 1 < jurisdictionOffsets.size() ? jurisdictionOffsets.at(i + 1) : jurisdictionsEnd;
            *error = QStringLiteral("%1:%2: jurisdiction %3 (%4): %5: %6")
                         .arg(displayName)
                         .arg(lineOfField(json, start, end, field))
                         .arg(i + 1)
                         .arg(info.code, field,
                              field == QLatin1String("code") ? QStringLiteral("is not a US ISO 3166-2 code")
                                                             : QStringLiteral("needs a YYYY-MM-DD date"));
            return false;
        }
        loaded.m_jurisdictions.append(info);
    }
    const QJsonArray calendars = root.value(QStringLiteral("calendars")).toArray();
    qsizetype calendarsEnd = 0;
    const QList<qsizetype> calendarOffsets = rootArrayElementOffsets(json, "calendars", &calendarsEnd);
    for (qsizetype i = 0; i < calendars.size(); ++i) {
        BusinessCalendar calendar;
        QString field;
        QString reason;
        const QString id = calendars.at(i).toObject().value(QStringLiteral("id")).toString();
        bool ok = parseBusinessCalendar(calendars.at(i).toObject(), &calendar, &field, &reason);
        if (ok && loaded.calendarById(calendar.id)) {
            ok = false;
            field = QStringLiteral("id");
            reason = QStringLiteral("is used twice");
        }
        if (!ok) {
            const qsizetype start = i < calendarOffsets.size() ? calendarOffsets.at(i) : 0;
            const qsizetype end = i + 1 < calendarOffsets.size() ? calendarOffsets.at(i + 1) : calendarsEnd;
            QString located = field;
            if (field.startsWith(QLatin1String("holidays."))) {
                // "holidays.3.weekday": the line of the 3rd holiday's field.
                const QStringList parts = field.split(QLatin1Char('.'));
                qsizetype at = findKey(json, "holidays", start, end);
                for (int n = 0; at >= 0 && n < parts.at(1).toInt(); ++n)
                    at = json.indexOf('{', at + 1);
                const qsizetype keyAt = at >= 0 ? findKey(json, parts.at(2).toUtf8(), at, end) : -1;
                *error = QStringLiteral("%1:%2: calendar %3 (%4): %5: %6")
                             .arg(displayName)
                             .arg(lineOfOffset(json, keyAt >= 0 ? keyAt : (at >= 0 ? at : start)))
                             .arg(i + 1)
                             .arg(id.isEmpty() ? QStringLiteral("without id") : id, field, reason);
                return false;
            }
            *error = QStringLiteral("%1:%2: calendar %3 (%4): %5: %6")
                         .arg(displayName)
                         .arg(lineOfField(json, start, end, located))
                         .arg(i + 1)
                         .arg(id.isEmpty() ? QStringLiteral("without id") : id, field, reason);
            return false;
        }
        loaded.m_calendars.append(calendar);
    }
    const QJsonArray rules = root.value(QStringLiteral("rules")).toArray();
    qsizetype rulesEnd = 0;
    const QList<qsizetype> ruleOffsets = rootArrayElementOffsets(json, "rules", &rulesEnd);
    auto ruleSpan = [&](qsizetype i) -> std::pair<qsizetype, qsizetype> {
        if (i >= ruleOffsets.size())
            return {0, json.size()};
        return {ruleOffsets.at(i), i + 1 < ruleOffsets.size() ? ruleOffsets.at(i + 1) : rulesEnd};
    };
    for (qsizetype i = 0; i < rules.size(); ++i) {
        Rule rule;
        const auto [start, end] = ruleSpan(i);
        if (!rules.at(i).isObject()) {
            *error = QStringLiteral("%1:%2: rule %3: is not an object")
                         .arg(displayName)
                         .arg(lineOfOffset(json, start))
                         .arg(i + 1);
            return false;
        }
        const QJsonObject o = rules.at(i).toObject();
        const QString id = o.value(QStringLiteral("id")).toString();
        if (const auto e = parseRule(o, &rule)) {
            *error = QStringLiteral("%1:%2: rule %3 (%4): %5: %6")
                         .arg(displayName)
                         .arg(lineOfField(json, start, end, e->field))
                         .arg(i + 1)
                         .arg(id.isEmpty() ? QStringLiteral("without id") : id, e->field, e->reason);
            return false;
        }
        if (loaded.m_indexById.contains(rule.id)) {
            *error = QStringLiteral("%1:%2: rule %3 (%4): id: is used twice")
                         .arg(displayName)
                         .arg(lineOfField(json, start, end, QStringLiteral("id")))
                         .arg(i + 1)
                         .arg(id);
            return false;
        }
        if (rule.nextBusinessDay) {
            const BusinessCalendar *calendar = loaded.calendarById(rule.calendar.id);
            if (!calendar) {
                *error = QStringLiteral("%1:%2: rule %3 (%4): weekend_holiday: next_business_day needs the "
                                        "calendar \"%5\", which the file does not define")
                             .arg(displayName)
                             .arg(lineOfField(json, start, end, QStringLiteral("weekend_holiday")))
                             .arg(i + 1)
                             .arg(id, rule.calendar.id);
                return false;
            }
            rule.calendar = *calendar;
        } else {
            rule.calendar = BusinessCalendar();
        }
        loaded.m_indexById.insert(rule.id, loaded.m_rules.size());
        loaded.m_rules.append(rule);
        loaded.m_rulesByJurisdiction[rule.jurisdiction].append(rule);
    }
    if (loaded.m_rules.isEmpty()) {
        *error = QStringLiteral("%1:1: rules: the file has no rules").arg(displayName);
        return false;
    }
    *this = loaded;
    qCInfo(lcRules) << "loaded" << m_rules.size() << "rules, version" << m_version << "from" << displayName;
    return true;
}

RuleSet RuleSet::builtIn() {
    registerEngineResources();
    RuleSet set;
    QString error;
    if (!set.loadFromFile(QStringLiteral(":/filingdesk/rules/us-rules.json"), &error))
        qCCritical(lcRules) << "built-in rules do not load:" << error;
    return set;
}

QList<Rule> RuleSet::rulesFor(const QString &jurisdiction) const {
    return m_rulesByJurisdiction.value(jurisdiction);
}

const BusinessCalendar *RuleSet::calendarById(const QString &id) const {
    for (const BusinessCalendar &c : m_calendars) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

const Rule *RuleSet::ruleById(const QString &id) const {
    const auto it = m_indexById.constFind(id);
    return it == m_indexById.constEnd() ? nullptr : &m_rules.at(*it);
}

} // namespace fd
