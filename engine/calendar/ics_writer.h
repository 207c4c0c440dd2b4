#pragma once

#include "engine/model/execution_state.h"
#include "engine/model/obligation.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
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
    QString haltReason = {}; ///< with haltedState: why, one line ("the registry rejected it: ...")
};

/// How writeIcs() lays the entries out.
struct IcsOptions {
    /// A VALARM this many days before the due date on every event that still has something to file (the
    /// console's reminder days, `filingdesk calendar --remind`). Empty: no alarms. 0 is the due date itself.
    QList<int> alarmDaysBefore{30, 14, 7, 1};
    /// One event per due date and jurisdiction listing that day's filings ("3 filings due — Delaware
    /// (US-DE)", UID "day-<yyyymmdd>-<jurisdiction>@filingdesk"), instead of one event per filing.
    bool groupByDay = false;
};

/// Writes an iCalendar (RFC 5545) document: one VEVENT per obligation (or, with IcsOptions::groupByDay, per
/// due date and jurisdiction), all-day (DTSTART;VALUE=DATE) on the due date, UID "<idempotency
/// key>@filingdesk" so that a re-export updates the same events instead of duplicating them, alarms
/// IcsOptions::alarmDaysBefore days before the due date, lines folded at 75 octets (§3.1), TEXT escaped
/// (§3.3.11), CRLF line ends. `stampUtc` is the DTSTAMP (UTC). Pure function.
QByteArray writeIcs(const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
                    const IcsOptions &options = {});
/// How many VEVENTs writeIcs() writes for these entries.
int icsEventCount(const QList<CalendarEntry> &entries, const IcsOptions &options);

/// RFC 5545 §3.3.11 TEXT escaping (backslash, semicolon, comma, newline).
QString escapeIcsText(const QString &text);
/// RFC 5545 §3.1 folding of one content line (UTF-8, at most 75 octets a line, never inside a character).
QByteArray foldIcsLine(const QByteArray &line);

} // namespace fd
