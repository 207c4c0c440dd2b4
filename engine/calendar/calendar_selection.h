#pragma once

// Which filings a deadline calendar holds, and why the others are not in it: one rule for the console's
// export (Engine::exportCalendar) and `filingdesk calendar`, so that both write the same events.

#include "engine/calendar/ics_writer.h"
#include "engine/model/filing_task.h"
#include "engine/rules/obligation_planner.h"

#include <QDate>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

namespace fd {

/// The filings a calendar export leaves out, by reason. Every filing of the portfolio's entities that is
/// planned or stored is either in the calendar or counted here once.
struct CalendarLeftOut {
    int undated = 0;          ///< no due date yet: they need data (undatedFilingCount())
    int beyondHorizon = 0;    ///< due after the horizon (as-of date + days)
    int filedEarlier = 0;     ///< filed (COMPLETED), due before the as-of date: history, not a deadline
    int withdrawnEarlier = 0; ///< withdrawn by a person (will not file), due before the as-of date
    /// Stored filings not filed and not withdrawn whose entity is not in the portfolio (or plan) exported.
    int otherEntities = 0;
    int total() const { return undated + beyondHorizon + filedEarlier + withdrawnEarlier + otherEntities; }
};

/// What selectCalendarEntries() chose.
struct CalendarSelection {
    QList<CalendarEntry> entries; ///< by due date, then entity name
    QSet<QString> keys;           ///< the idempotency keys of `entries`
    int overdue = 0;              ///< entries not filed whose due date is before the as-of date
    CalendarLeftOut leftOut;
};

/// The calendar of a plan as of `asOf` up to `horizon`:
/// - every planned obligation (`planned`: the plan's obligations, with further occurrences when asked for)
///   due from `asOf` to `horizon`;
/// - every stored task of an entity of the plan (`tasks`: the audit database's or the ledger's) due by
///   `horizon` that is not in the plan, unless it was filed or withdrawn before `asOf`: above all an
///   overdue filing that is not filed (any state but COMPLETED and withdrawn, due before `asOf`), which is
///   exactly what a deadline calendar must show. It is marked with CalendarEntry::daysLate.
/// A stored task gives the entry its state: a confirmation number once COMPLETED, haltedState and a reason
/// when FAILED_STATUTORY or DEAD_LETTER, CalendarEntry::withdrawn when a person withdrew it.
/// One entry per idempotency key. Pure function.
CalendarSelection selectCalendarEntries(const QList<RowPlan> &plan, const QList<Obligation> &planned,
                                        const QHash<QString, FilingTask> &tasks, const QDate &asOf,
                                        const QDate &horizon);

/// True for a DEAD_LETTER task a person withdrew (will not file: error code WITHDRAWN).
bool isWithdrawn(const FilingTask &task);
/// Why a task waits for a person, in words for a calendar reader, from what the engine recorded on it.
QString calendarHaltReason(const FilingTask &task);

/// "1 filing", "12 filings": English only (the iCalendar texts and the command line's summary).
QString countNoun(qint64 n, const QString &singular, const QString &plural);

/// "4 filings (3 overdue); left out: 12 without a due date (they need data), 2 due after 2028-03-01, ..."
/// pieces, one per non-zero reason, in English (command line).
QStringList leftOutPhrases(const CalendarLeftOut &leftOut, const QDate &asOf, const QDate &horizon);

} // namespace fd
