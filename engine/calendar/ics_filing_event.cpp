// One VEVENT per filing, and the pieces a day's event shares with it (alarms, the halted marker).
#include "engine/calendar/ics_events.h"

#include "engine/calendar/calendar_selection.h"
#include "engine/model/money.h"

namespace fd::ics {

namespace {

// "yyyy", "MM", "dd" of a date in years 1 to 9999 into `out`, with `separator` between them unless it is 0;
// false for any other date (the caller lets QDate format it).
bool formatDate(const QDate &date, char separator, QString *out) {
    int y = 0;
    int m = 0;
    int d = 0;
    if (!date.isValid())
        return false;
    date.getDate(&y, &m, &d);
    if (y < 1 || y > 9999)
        return false;
    char buf[10];
    char *p = buf;
    *p++ = char('0' + y / 1000);
    *p++ = char('0' + y / 100 % 10);
    *p++ = char('0' + y / 10 % 10);
    *p++ = char('0' + y % 10);
    if (separator)
        *p++ = separator;
    *p++ = char('0' + m / 10);
    *p++ = char('0' + m % 10);
    if (separator)
        *p++ = separator;
    *p++ = char('0' + d / 10);
    *p++ = char('0' + d % 10);
    *out = QString::fromLatin1(buf, p - buf);
    return true;
}

// The lines of each reminder day that are the same in every event ("TRIGGER:-P7D", "in 7 days"), worked out
// once per list of days on each thread instead of once per event.
struct AlarmDayTexts {
    QList<int> days;
    QStringList triggers;
    QStringList whens;
};

const AlarmDayTexts &alarmDayTexts(const QList<int> &days) {
    thread_local AlarmDayTexts texts;
    if (texts.days != days || texts.triggers.size() != days.size()) {
        texts.days = days;
        texts.triggers.clear();
        texts.whens.clear();
        for (const int d : days) {
            texts.triggers << QStringLiteral("TRIGGER:-P%1D").arg(d);
            texts.whens << (d == 0 ? QStringLiteral("today")
                                   : QStringLiteral("in %1").arg(
                                         countNoun(d, QStringLiteral("day"), QStringLiteral("days"))));
        }
    }
    return texts;
}

} // namespace

QString isoDate(const QDate &date) {
    QString out;
    return formatDate(date, '-', &out) ? out : date.toString(Qt::ISODate);
}

QString basicDate(const QDate &date) {
    QString out;
    return formatDate(date, 0, &out) ? out : date.toString(QStringLiteral("yyyyMMdd"));
}

QString haltMarker(const CalendarEntry &entry) {
    const QString overdue = entry.daysLate > 0 ? QStringLiteral("[OVERDUE] ") : QString();
    if (entry.haltedState == ExecutionState::DeadLetter)
        return overdue + QStringLiteral("[DEAD LETTER] ");
    if (entry.haltedState == ExecutionState::FailedStatutory)
        return overdue + QStringLiteral("[HALTED] ");
    if (entry.withdrawn)
        return QStringLiteral("[WILL NOT FILE] ");
    return overdue;
}

QString notFiledLine(const CalendarEntry &entry) {
    return QStringLiteral("NOT FILED (%1): %2. A person must resolve it in FilingDesk %3.")
        .arg(stateName(*entry.haltedState),
             entry.haltReason.isEmpty() ? QStringLiteral("no reason recorded") : entry.haltReason,
             entry.daysLate > 0 ? QStringLiteral("now: the due date has passed")
                                : QStringLiteral("before the due date"));
}

QString overdueLine(const CalendarEntry &entry) {
    const Obligation &o = entry.obligation;
    QString line = QStringLiteral("OVERDUE: not filed, %1 late (due %2, as of %3).")
                       .arg(countNoun(entry.daysLate, QStringLiteral("day"), QStringLiteral("days")),
                            isoDate(o.dueDate), isoDate(o.dueDate.addDays(entry.daysLate)));
    const qint64 penalty = o.penaltyExposureCents(entry.daysLate);
    if (penalty > 0)
        line +=
            QStringLiteral(" Penalty if filed now: %1%2")
                .arg(dollars(penalty), o.penaltyNote.isEmpty() ? QStringLiteral(".")
                                                               : QStringLiteral(" (%1).").arg(o.penaltyNote));
    else if (!o.penaltyNote.isEmpty())
        line += QStringLiteral(" Penalty: %1.").arg(o.penaltyNote);
    return line;
}

QStringList alarms(const QString &what, const QList<int> &alarmDaysBefore, int daysLate,
                   const QString &stamp) {
    QStringList lines;
    if (alarmDaysBefore.isEmpty())
        return lines;
    if (daysLate > 0) {
        // Every reminder day lies in the past: one alarm that fires at once (when the file is exported and
        // imported), which a re-export moves to its own time.
        return {QStringLiteral("BEGIN:VALARM"), QStringLiteral("ACTION:DISPLAY"),
                QStringLiteral("TRIGGER;VALUE=DATE-TIME:%1").arg(stamp),
                QStringLiteral("DESCRIPTION:%1")
                    .arg(escapeIcsText(
                        QStringLiteral("%1: overdue by %2")
                            .arg(what, countNoun(daysLate, QStringLiteral("day"), QStringLiteral("days"))))),
                QStringLiteral("END:VALARM")};
    }
    // Escaping works character by character, so `what` is escaped once for every alarm ("in 3 days" and
    // "today" have nothing to escape).
    const QString escapedWhat = escapeIcsText(what);
    const AlarmDayTexts &texts = alarmDayTexts(alarmDaysBefore);
    lines.reserve(5 * alarmDaysBefore.size());
    for (qsizetype i = 0; i < alarmDaysBefore.size(); ++i) {
        lines << QStringLiteral("BEGIN:VALARM") << QStringLiteral("ACTION:DISPLAY") << texts.triggers.at(i)
              << QStringLiteral("DESCRIPTION:") + escapedWhat + QLatin1Char(' ') + texts.whens.at(i)
              << QStringLiteral("END:VALARM");
    }
    return lines;
}

QStringList filingEvent(const CalendarEntry &entry, const QString &stamp, const QList<int> &alarmDaysBefore) {
    const Obligation &o = entry.obligation;
    // A halted or dead-lettered filing must not read like an ordinary upcoming deadline: it was not filed
    // and someone has to act before the due date.
    const QString marker = haltMarker(entry);
    const bool halted = entry.haltedState.has_value();
    const QString summary =
        QStringLiteral("%1%2 %3 %4 — %5%6")
            .arg(marker, o.jurisdiction, o.filingName)
            .arg(o.filingYear)
            .arg(o.entity->name, entry.confirmationNumber.isEmpty() ? QString() : QStringLiteral(" (filed)"));
    QStringList description;
    if (entry.daysLate > 0)
        description << overdueLine(entry);
    if (halted)
        description << notFiledLine(entry);
    else if (entry.withdrawn)
        description << QStringLiteral("WILL NOT FILE: %1.")
                           .arg(entry.haltReason.isEmpty() ? QStringLiteral("withdrawn by a person")
                                                           : entry.haltReason);
    description << QStringList{
        QStringLiteral("Entity: %1 (%2)").arg(o.entity->name, o.entity->entityId),
        QStringLiteral("Filing: %1, %2 filing year %3").arg(o.filingName, o.filingType).arg(o.filingYear),
        QStringLiteral("Due: %1").arg(isoDate(o.dueDate)),
        QStringLiteral("Fee: %1%2")
            .arg(dollars(o.feeCents),
                 o.feeNote.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(o.feeNote)),
    };
    if (o.windowOpens.isValid())
        description << QStringLiteral("Filing window opens: %1").arg(isoDate(o.windowOpens));
    if (!o.penaltyNote.isEmpty() || o.penaltyFlatCents > 0)
        description << QStringLiteral("Late: %1")
                           .arg(o.penaltyNote.isEmpty() ? dollars(o.penaltyFlatCents) : o.penaltyNote);
    description << QStringLiteral("Rule: %1 (rules version %2)").arg(o.ruleId, o.rulesVersion);
    description << QStringLiteral("Source: %1")
                       .arg(o.citationUrl.isEmpty() ? o.citation
                                                    : o.citation + QStringLiteral(" ") + o.citationUrl);
    if (!entry.confirmationNumber.isEmpty())
        description << QStringLiteral("Filed: confirmation %1").arg(entry.confirmationNumber);
    if (!o.notes.isEmpty())
        description << QStringLiteral("Note: %1").arg(o.notes);

    QStringList lines{
        QStringLiteral("BEGIN:VEVENT"),
        QStringLiteral("UID:%1@filingdesk").arg(o.idempotencyKey()),
        QStringLiteral("DTSTAMP:%1").arg(stamp),
        QStringLiteral("DTSTART;VALUE=DATE:%1").arg(basicDate(o.dueDate)),
        QStringLiteral("DTEND;VALUE=DATE:%1").arg(basicDate(o.dueDate.addDays(1))),
        QStringLiteral("SUMMARY:%1").arg(escapeIcsText(summary)),
        QStringLiteral("DESCRIPTION:%1").arg(escapeIcsText(description.join(QLatin1Char('\n')))),
        QStringLiteral("CATEGORIES:%1,%2%3%4")
            .arg(escapeIcsText(o.jurisdiction), escapeIcsText(o.filingType),
                 entry.daysLate > 0 ? QStringLiteral(",OVERDUE") : QString(),
                 entry.haltedState == ExecutionState::DeadLetter ? QStringLiteral(",DEAD LETTER")
                 : halted                                        ? QStringLiteral(",HALTED")
                 : entry.withdrawn                               ? QStringLiteral(",WILL NOT FILE")
                                                                 : QString()),
    };
    if (!o.citationUrl.isEmpty() && o.citationUrl.startsWith(QLatin1String("http")))
        lines << QStringLiteral("URL:%1").arg(o.citationUrl);
    lines << QStringLiteral("TRANSP:TRANSPARENT");
    // CONFIRMED even when halted: the deadline itself stands (CANCELLED would hide it in most calendars).
    lines << QStringLiteral("STATUS:CONFIRMED");
    if (halted)
        lines << QStringLiteral("X-FILINGDESK-STATE:%1").arg(stateName(*entry.haltedState));
    else if (entry.withdrawn)
        lines << QStringLiteral("X-FILINGDESK-STATE:WITHDRAWN");
    if (entry.daysLate > 0)
        lines << QStringLiteral("X-FILINGDESK-DAYS-LATE:%1").arg(entry.daysLate);
    lines << QStringLiteral("X-FILINGDESK-RULE:%1").arg(escapeIcsText(o.ruleId));
    lines << QStringLiteral("X-FILINGDESK-RULES-VERSION:%1").arg(escapeIcsText(o.rulesVersion));
    if (!entry.confirmationNumber.isEmpty())
        lines << QStringLiteral("X-FILINGDESK-CONFIRMATION:%1").arg(escapeIcsText(entry.confirmationNumber));
    else if (!entry.withdrawn)
        lines << alarms(QStringLiteral("%1 due").arg(summary), alarmDaysBefore, entry.daysLate, stamp);
    lines << QStringLiteral("END:VEVENT");
    return lines;
}

} // namespace fd::ics
