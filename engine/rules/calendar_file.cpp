#include "engine/rules/calendar_file.h"

#include <QJsonArray>

namespace fd {

namespace {

int weekdayFromName(const QString &name) {
    static const QStringList names{QStringLiteral("monday"),    QStringLiteral("tuesday"),
                                   QStringLiteral("wednesday"), QStringLiteral("thursday"),
                                   QStringLiteral("friday"),    QStringLiteral("saturday"),
                                   QStringLiteral("sunday")};
    return int(names.indexOf(name)) + 1; // 0 when unknown
}

bool observanceFromName(const QString &name, HolidayRule::Observance *out) {
    if (name.isEmpty() || name == QLatin1String("none"))
        *out = HolidayRule::Observance::None;
    else if (name == QLatin1String("friday_before"))
        *out = HolidayRule::Observance::FridayBefore;
    else if (name == QLatin1String("monday_after"))
        *out = HolidayRule::Observance::MondayAfter;
    else if (name == QLatin1String("friday_before_monday_after"))
        *out = HolidayRule::Observance::Both;
    else
        return false;
    return true;
}

} // namespace

bool parseBusinessCalendar(const QJsonObject &o, BusinessCalendar *calendar, QString *field,
                           QString *reason) {
    BusinessCalendar c;
    c.id = o.value(QStringLiteral("id")).toString().trimmed();
    c.name = o.value(QStringLiteral("name")).toString().trimmed();
    if (c.id.isEmpty()) {
        *field = QStringLiteral("id");
        *reason = QStringLiteral("is required (\"US-NY\", or a shared calendar such as \"US-FED-TAX\")");
        return false;
    }
    const QJsonObject citation = o.value(QStringLiteral("citation")).toObject();
    c.statute = citation.value(QStringLiteral("statute")).toString().trimmed();
    c.url = citation.value(QStringLiteral("url")).toString().trimmed();
    if (c.statute.isEmpty() && c.url.isEmpty()) {
        *field = QStringLiteral("citation");
        *reason = QStringLiteral("needs the statute that defines the holidays and moves deadlines");
        return false;
    }
    c.sourceChoice = o.value(QStringLiteral("source_choice")).toString();
    c.lastChecked = QDate::fromString(o.value(QStringLiteral("last_checked")).toString(), Qt::ISODate);
    if (!c.lastChecked.isValid()) {
        *field = QStringLiteral("last_checked");
        *reason = QStringLiteral("needs a YYYY-MM-DD date");
        return false;
    }
    HolidayRule::Observance defaultObservance = HolidayRule::Observance::None;
    if (!observanceFromName(o.value(QStringLiteral("weekend_observance")).toString(), &defaultObservance)) {
        *field = QStringLiteral("weekend_observance");
        *reason = QStringLiteral("must be none, friday_before, monday_after or friday_before_monday_after");
        return false;
    }
    const QJsonArray holidays = o.value(QStringLiteral("holidays")).toArray();
    if (holidays.isEmpty()) {
        *field = QStringLiteral("holidays");
        *reason = QStringLiteral("needs at least one holiday");
        return false;
    }
    for (qsizetype i = 0; i < holidays.size(); ++i) {
        const QJsonObject h = holidays.at(i).toObject();
        const QString prefix = QStringLiteral("holidays.%1.").arg(i + 1);
        auto fail = [&](const char *name, const QString &why) {
            *field = prefix + QLatin1String(name);
            *reason = why;
            return false;
        };
        HolidayRule rule;
        rule.name = h.value(QStringLiteral("name")).toString().trimmed();
        if (rule.name.isEmpty())
            return fail("name", QStringLiteral("is required"));
        rule.month = h.value(QStringLiteral("month")).toInt();
        rule.day = h.value(QStringLiteral("day")).toInt();
        rule.nth = h.value(QStringLiteral("nth")).toInt();
        rule.offsetDays = h.value(QStringLiteral("offset_days")).toInt();
        rule.fromYear = h.value(QStringLiteral("from_year")).toInt();
        rule.toYear = h.value(QStringLiteral("to_year")).toInt();
        rule.easter = h.contains(QStringLiteral("easter_offset"));
        if (rule.easter) {
            rule.offsetDays = h.value(QStringLiteral("easter_offset")).toInt();
        } else {
            if (rule.month < 1 || rule.month > 12)
                return fail("month", QStringLiteral("must be 1..12"));
            if (rule.day > 0) {
                if (!QDate(2024, rule.month, rule.day).isValid())
                    return fail("day", QStringLiteral("month and day do not form a date"));
            } else {
                rule.weekday = weekdayFromName(h.value(QStringLiteral("weekday")).toString());
                if (rule.weekday == 0)
                    return fail("weekday", QStringLiteral("needs day, or weekday (monday..sunday) with nth"));
                if (rule.nth == 0 || rule.nth < -1 || rule.nth > 4)
                    return fail("nth", QStringLiteral("must be 1..4, or -1 for the last"));
            }
        }
        if (rule.toYear > 0 && rule.toYear < rule.fromYear)
            return fail("to_year", QStringLiteral("is before from_year"));
        rule.observance = defaultObservance;
        if (h.contains(QStringLiteral("weekend_observance")) &&
            !observanceFromName(h.value(QStringLiteral("weekend_observance")).toString(), &rule.observance))
            return fail(
                "weekend_observance",
                QStringLiteral("must be none, friday_before, monday_after or friday_before_monday_after"));
        c.holidays.append(rule);
    }
    *calendar = c;
    return true;
}

} // namespace fd
