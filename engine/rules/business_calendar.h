#pragma once

#include <QDate>
#include <QList>
#include <QString>

namespace fd {

/// One legal holiday of a business calendar (docs/rules-format.md, "calendars").
struct HolidayRule {
    enum class Observance {
        None,         ///< the day itself only: a holiday on a weekend gives no other day off
        FridayBefore, ///< on a Saturday, also the Friday before is a holiday
        MondayAfter,  ///< on a Sunday, also the Monday after is a holiday
        Both,         ///< FridayBefore and MondayAfter
    };
    QString name;
    int month = 0;       ///< 1..12 (not for easter_offset holidays)
    int day = 0;         ///< fixed day of the month, or 0 for a weekday rule
    int weekday = 0;     ///< Qt::DayOfWeek, 1 = Monday .. 7 = Sunday, with nth
    int nth = 0;         ///< 1..4 = first..fourth weekday of the month, -1 = last
    int offsetDays = 0;  ///< added after the weekday rule ("the day after Thanksgiving": Thursday + 1)
    bool easter = false; ///< date = Easter Sunday (Gregorian) + offsetDays ("Good Friday": -2)
    int fromYear = 0;    ///< first year it is a holiday, 0 = always
    int toYear = 0;      ///< last year, 0 = still
    Observance observance = Observance::None;

    /// The date in `year` (before any observance move); null when not a holiday that year.
    QDate dateIn(int year) const;
};

/// A jurisdiction's business days, for moving a deadline that falls on a weekend or legal holiday to the next
/// business day. Each calendar names the statute that defines its holidays and the one that moves deadlines
/// (N.Y. Gen. Constr. Law §§ 24, 25-a: a Saturday holiday is not observed on the Friday before, so a Friday
/// deadline stands). Value type; pure functions; any thread.
struct BusinessCalendar {
    QString id;   ///< "US-NY", or a shared calendar such as "US-FED-TAX"
    QString name; ///< "New York public holidays"
    QList<HolidayRule> holidays;
    QString statute;
    QString url;
    QString sourceChoice;
    QDate lastChecked;

    bool isValid() const { return !id.isEmpty(); }
    /// True for a holiday of this calendar, an observed day (a Friday before or Monday after) included.
    bool isHoliday(const QDate &date) const;
    /// Monday to Friday and not a holiday.
    bool isBusinessDay(const QDate &date) const;
    /// The date itself when a business day, else the next business day.
    QDate nextBusinessDayOnOrAfter(const QDate &date) const;
    /// Every holiday and observed day in `year`, sorted, with names (for docs and tests).
    QList<std::pair<QDate, QString>> holidaysIn(int year) const;
};

/// Easter Sunday of a Gregorian year (anonymous Gregorian algorithm).
QDate easterSunday(int year);

} // namespace fd
