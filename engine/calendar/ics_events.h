#pragma once

// The VEVENTs writeIcs() puts into a document, as unfolded content lines (writeIcs folds and ends them).
// Internal to engine/calendar.

#include "engine/calendar/ics_writer.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

namespace fd::ics {

/// `date` as QDate::toString(Qt::ISODate) writes it ("2027-03-01"), without its general formatter: a calendar
/// of 100,000 filings writes some 400,000 dates.
QString isoDate(const QDate &date);
/// `date` as QDate::toString("yyyyMMdd") writes it ("20270301"), the form of DTSTART and DTEND.
QString basicDate(const QDate &date);

/// One event for one filing, UID "<idempotency key>@filingdesk".
QStringList filingEvent(const CalendarEntry &entry, const QString &stamp, const QList<int> &alarmDaysBefore);

/// One due date's filings in one jurisdiction, in the order given (non-empty, same due date and
/// jurisdiction).
using DayGroup = QList<CalendarEntry>;
/// The entries grouped by due date and jurisdiction, ordered by date, then jurisdiction code; each group's
/// filings by entity name.
QList<DayGroup> groupByDay(const QList<CalendarEntry> &entries);
/// One event for a day group, UID "day-<yyyymmdd>-<jurisdiction>@filingdesk": the same day and jurisdiction
/// give the same UID in every export, whichever filings it lists.
QStringList dayEvent(const DayGroup &group, const QString &stamp, const QList<int> &alarmDaysBefore);

/// VALARM lines reminding `days` before the start of the event with `what` ("Annual report due"). An
/// event `daysLate` days overdue gets, when `alarmDaysBefore` is not empty, one alarm at `stamp` (the
/// export time, TRIGGER;VALUE=DATE-TIME, UTC) instead: a reminder before a date that has passed never fires.
QStringList alarms(const QString &what, const QList<int> &alarmDaysBefore, int daysLate,
                   const QString &stamp);
/// "[OVERDUE] " and/or "[DEAD LETTER] ", "[HALTED] ", "[WILL NOT FILE] ", or "" for an entry.
QString haltMarker(const CalendarEntry &entry);
/// The first description line of a halted entry: "NOT FILED (...): reason. A person must ...".
QString notFiledLine(const CalendarEntry &entry);
/// The first description line of an overdue entry: "OVERDUE: not filed, 1 day late (due ..., as of ...).
/// Penalty ...".
QString overdueLine(const CalendarEntry &entry);

} // namespace fd::ics
