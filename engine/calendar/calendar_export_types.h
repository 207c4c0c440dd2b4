#pragma once

#include "engine/calendar/calendar_selection.h"
#include "engine/calendar/ics_writer.h"
#include "engine/rules/obligation_planner.h"

#include <QList>
#include <QMetaType>
#include <QString>

namespace fd {

/// What the console asks Engine::exportCalendar() for (File > Export calendar).
struct CalendarExportRequest {
    QString path; ///< the .ics file, written atomically
    /// Obligations due within this many days of the as-of date, and every overdue filing not filed
    /// (selectCalendarEntries()).
    int days = 365;
    IcsOptions ics; ///< alarms (the reminder days) and grouping by day
};

/// What an export wrote, and what it could not: Engine::calendarExported().
struct CalendarExportResult {
    QString path;
    int events = 0;         ///< VEVENTs written
    int filings = 0;        ///< filings in those events (more than `events` when grouped by day)
    int undatedFilings = 0; ///< filings with no due date yet (they need data): not in the file
    /// Filings in the file that are not filed and whose due date is before the as-of date ("[OVERDUE] ").
    int overdueFilings = 0;
    QDate asOf;    ///< the engine's as-of date the export was planned at
    QDate horizon; ///< the last due date of the export (as-of date + days)
    /// Every filing left out of the file, by reason (leftOut.undated == undatedFilings).
    CalendarLeftOut leftOut;
    QString error; ///< empty on success
};

/// The filings of a plan that have no due date because they need data: each RowPlan::needs entry, and one
/// for each needs-data row whose jurisdiction or entity type is unknown (which filings it owes is unknown
/// too). An entity listed twice counts once, as its dated filings do. These are never in a calendar file.
int undatedFilingCount(const QList<RowPlan> &plan);

} // namespace fd

Q_DECLARE_METATYPE(fd::CalendarExportRequest)
Q_DECLARE_METATYPE(fd::CalendarExportResult)
