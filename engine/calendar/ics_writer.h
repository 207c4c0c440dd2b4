#pragma once

#include "engine/model/execution_state.h"
#include "engine/model/obligation.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

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

/// Writes an iCalendar (RFC 5545) document: one VEVENT per obligation, all-day (DTSTART;VALUE=DATE) on the
/// due date, UID "<idempotency key>@filingdesk" so that a re-export updates the same events instead of
/// duplicating them, alarms `alarmDaysBefore` days before the due date, lines folded at 75 octets (§3.1),
/// TEXT escaped (§3.3.11), CRLF line ends. `stampUtc` is the DTSTAMP (UTC). Pure function.
QByteArray writeIcs(const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
                    const QList<int> &alarmDaysBefore = {30, 7, 1});

/// RFC 5545 §3.3.11 TEXT escaping (backslash, semicolon, comma, newline).
QString escapeIcsText(const QString &text);
/// RFC 5545 §3.1 folding of one content line (UTF-8, at most 75 octets a line, never inside a character).
QByteArray foldIcsLine(const QByteArray &line);

} // namespace fd
