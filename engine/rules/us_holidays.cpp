#include "engine/rules/us_holidays.h"

#include <array>

namespace fd {

namespace {

QDate nthWeekday(int year, int month, int weekday, int n) {
    QDate d(year, month, 1);
    while (d.dayOfWeek() != weekday)
        d = d.addDays(1);
    return d.addDays(7 * (n - 1));
}

QDate lastWeekday(int year, int month, int weekday) {
    QDate d(year, month, QDate(year, month, 1).daysInMonth());
    while (d.dayOfWeek() != weekday)
        d = d.addDays(-1);
    return d;
}

QDate observed(const QDate &d) {
    if (d.dayOfWeek() == Qt::Saturday)
        return d.addDays(-1);
    if (d.dayOfWeek() == Qt::Sunday)
        return d.addDays(1);
    return d;
}

bool isHolidayOfYear(const QDate &date, int year) {
    const std::array<QDate, 11> holidays{
        observed(QDate(year, 1, 1)),
        nthWeekday(year, 1, Qt::Monday, 3),                    // Birthday of Martin Luther King, Jr.
        nthWeekday(year, 2, Qt::Monday, 3),                    // Washington's Birthday
        lastWeekday(year, 5, Qt::Monday),                      // Memorial Day
        year >= 2021 ? observed(QDate(year, 6, 19)) : QDate(), // Juneteenth
        observed(QDate(year, 7, 4)),
        nthWeekday(year, 9, Qt::Monday, 1),  // Labor Day
        nthWeekday(year, 10, Qt::Monday, 2), // Columbus Day
        observed(QDate(year, 11, 11)),
        nthWeekday(year, 11, Qt::Thursday, 4), // Thanksgiving
        observed(QDate(year, 12, 25)),
    };
    for (const QDate &h : holidays) {
        if (h.isValid() && h == date)
            return true;
    }
    return false;
}

} // namespace

bool isUsFederalHoliday(const QDate &date) {
    // New Year's Day of the next year can be observed on 31 December.
    return isHolidayOfYear(date, date.year()) || isHolidayOfYear(date, date.year() + 1);
}

bool isNonBusinessDay(const QDate &date) {
    return date.dayOfWeek() == Qt::Saturday || date.dayOfWeek() == Qt::Sunday || isUsFederalHoliday(date);
}

QDate nextBusinessDayOnOrAfter(const QDate &date) {
    QDate d = date;
    while (isNonBusinessDay(d))
        d = d.addDays(1);
    return d;
}

} // namespace fd
