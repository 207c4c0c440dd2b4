#include "engine/rules/business_calendar.h"

#include <algorithm>

namespace fd {

QDate easterSunday(int year) {
    const int a = year % 19;
    const int b = year / 100;
    const int c = year % 100;
    const int d = b / 4;
    const int e = b % 4;
    const int f = (b + 8) / 25;
    const int g = (b - f + 1) / 3;
    const int h = (19 * a + b - d - g + 15) % 30;
    const int i = c / 4;
    const int k = c % 4;
    const int l = (32 + 2 * e + 2 * i - h - k) % 7;
    const int m = (a + 11 * h + 22 * l) / 451;
    const int month = (h + l - 7 * m + 114) / 31;
    const int day = (h + l - 7 * m + 114) % 31 + 1;
    return QDate(year, month, day);
}

QDate HolidayRule::dateIn(int year) const {
    if ((fromYear > 0 && year < fromYear) || (toYear > 0 && year > toYear))
        return QDate();
    if (easter)
        return easterSunday(year).addDays(offsetDays);
    if (day > 0)
        return QDate(year, month, day).addDays(offsetDays);
    if (weekday < 1 || weekday > 7 || nth == 0)
        return QDate();
    QDate d;
    if (nth > 0) {
        d = QDate(year, month, 1);
        while (d.dayOfWeek() != weekday)
            d = d.addDays(1);
        d = d.addDays(7 * (nth - 1));
    } else {
        d = QDate(year, month, QDate(year, month, 1).daysInMonth());
        while (d.dayOfWeek() != weekday)
            d = d.addDays(-1);
    }
    return d.addDays(offsetDays);
}

namespace {

bool observesSaturday(HolidayRule::Observance o) {
    return o == HolidayRule::Observance::FridayBefore || o == HolidayRule::Observance::Both;
}

bool observesSunday(HolidayRule::Observance o) {
    return o == HolidayRule::Observance::MondayAfter || o == HolidayRule::Observance::Both;
}

} // namespace

QList<std::pair<QDate, QString>> BusinessCalendar::holidaysIn(int year) const {
    QList<std::pair<QDate, QString>> out;
    // A holiday of the next or previous year can be observed in this one (New Year's Day on a Saturday).
    for (int y = year - 1; y <= year + 1; ++y) {
        for (const HolidayRule &h : holidays) {
            const QDate date = h.dateIn(y);
            if (!date.isValid())
                continue;
            if (date.year() == year)
                out.append({date, h.name});
            if (date.dayOfWeek() == Qt::Saturday && observesSaturday(h.observance) &&
                date.addDays(-1).year() == year)
                out.append({date.addDays(-1), h.name + QStringLiteral(" (observed)")});
            if (date.dayOfWeek() == Qt::Sunday && observesSunday(h.observance) &&
                date.addDays(1).year() == year)
                out.append({date.addDays(1), h.name + QStringLiteral(" (observed)")});
        }
    }
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    return out;
}

bool BusinessCalendar::isHoliday(const QDate &date) const {
    // An observed day moves a holiday by one day at most, so only a date at the turn of the year can observe
    // a holiday of the year before or after.
    const bool turnOfYear =
        (date.month() == 1 && date.day() == 1) || (date.month() == 12 && date.day() == 31);
    const int firstYear = turnOfYear ? date.year() - 1 : date.year();
    const int lastYear = turnOfYear ? date.year() + 1 : date.year();
    for (int y = firstYear; y <= lastYear; ++y) {
        for (const HolidayRule &h : holidays) {
            const QDate d = h.dateIn(y);
            if (!d.isValid())
                continue;
            if (d == date)
                return true;
            if (d.dayOfWeek() == Qt::Saturday && observesSaturday(h.observance) && d.addDays(-1) == date)
                return true;
            if (d.dayOfWeek() == Qt::Sunday && observesSunday(h.observance) && d.addDays(1) == date)
                return true;
        }
    }
    return false;
}

bool BusinessCalendar::isBusinessDay(const QDate &date) const {
    return date.dayOfWeek() != Qt::Saturday && date.dayOfWeek() != Qt::Sunday && !isHoliday(date);
}

QDate BusinessCalendar::nextBusinessDayOnOrAfter(const QDate &date) const {
    QDate d = date;
    for (int guard = 0; guard < 31 && !isBusinessDay(d); ++guard)
        d = d.addDays(1);
    return d;
}

} // namespace fd
