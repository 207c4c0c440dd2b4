#pragma once

#include "engine/model/execution_state.h"
#include "engine/model/obligation.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QIODevice>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace fd {

/// One calendar entry: an obligation and, once filed, its confirmation number.
struct CalendarEntry {
    Obligation obligation;
    QString confirmationNumber;
    /// The task's state in the audit database when it waits for a person: FailedStatutory or DeadLetter. Such
    /// an event is marked (SUMMARY "[HALTED] "/"[DEAD LETTER] ", a first DESCRIPTION line saying it was not
    /// filed and why, a category, X-FILINGDESK-STATE) and keeps its alarms: the deadline still stands.
    std::optional<ExecutionState> haltedState = std::nullopt;
    QString haltReason =
        {}; ///< with haltedState or withdrawn: why, one line ("the registry rejected it: ...")
    /// A person withdrew it (DEAD_LETTER, WITHDRAWN): FilingDesk will not file it. Marked "[WILL NOT FILE] ",
    /// category "WILL NOT FILE", no alarms.
    bool withdrawn = false;
    /// More than 0: not filed and the due date passed this many days before the export's as-of date. Marked
    /// "[OVERDUE] " before any halt marker, category "OVERDUE", a first DESCRIPTION line with the days late
    /// and the penalty the obligation knows of, X-FILINGDESK-DAYS-LATE, and instead of reminders before a
    /// date that has passed, one alarm at the export time (an absolute TRIGGER at the DTSTAMP) when
    /// IcsOptions::alarmDaysBefore is not empty.
    int daysLate = 0;
};

/// How writeIcs() lays the entries out.
struct IcsOptions {
    /// A VALARM this many days before the due date on every event that still has something to file (the
    /// console's reminder days, `filingdesk calendar --remind`). Empty: no alarms. 0 is the due date itself.
    /// An overdue event (CalendarEntry::daysLate) gets one alarm at the export time instead.
    QList<int> alarmDaysBefore{30, 14, 7, 1};
    /// One event per due date and jurisdiction listing that day's filings ("3 filings due — Delaware
    /// (US-DE)", UID "day-<yyyymmdd>-<jurisdiction>@filingdesk"), instead of one event per filing. A day
    /// whose filings are in different states names the mix ("[NEEDS A PERSON] 12 filings due — Florida
    /// (US-FL): 3 halted, 1 dead letter, 8 to file").
    bool groupByDay = false;
};

/// Writes an iCalendar (RFC 5545) document: one VEVENT per obligation (or, with IcsOptions::groupByDay, per
/// due date and jurisdiction), all-day (DTSTART;VALUE=DATE) on the due date, UID "<idempotency
/// key>@filingdesk" so that a re-export updates the same events instead of duplicating them, alarms
/// IcsOptions::alarmDaysBefore days before the due date, lines folded at 75 octets (§3.1), TEXT escaped
/// (§3.3.11), CRLF line ends. `stampUtc` is the DTSTAMP (UTC). Pure function.
QByteArray writeIcs(const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
                    const IcsOptions &options = {});
/// The same document as writeIcs(), written to `device` (open for writing) as it is produced, in pieces of
/// about 256 KiB, instead of built whole in memory first (100,000 filings make about 150 MB of iCalendar).
/// Stops at the first write the device refuses and returns false (the device's errorString() says why; a
/// QSaveFile then also refuses to commit). Call it on the thread that owns `device`.
bool writeIcs(QIODevice *device, const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
              const IcsOptions &options = {});
/// How many VEVENTs writeIcs() writes for these entries.
int icsEventCount(const QList<CalendarEntry> &entries, const IcsOptions &options);

/// RFC 5545 §3.3.11 TEXT escaping (backslash, semicolon, comma, newline).
QString escapeIcsText(const QString &text);
/// RFC 5545 §3.1 folding of one content line (UTF-8, at most 75 octets a line, never inside a character).
QByteArray foldIcsLine(const QByteArray &line);

} // namespace fd
