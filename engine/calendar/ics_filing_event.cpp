// One VEVENT per filing, and the pieces a day's event shares with it (alarms, the halted marker).
#include "engine/calendar/ics_events.h"

#include "engine/model/money.h"

namespace fd::ics {

QString haltMarker(const CalendarEntry &entry) {
    if (entry.haltedState == ExecutionState::DeadLetter)
        return QStringLiteral("[DEAD LETTER] ");
    if (entry.haltedState == ExecutionState::FailedStatutory)
        return QStringLiteral("[HALTED] ");
    return QString();
}

QString notFiledLine(const CalendarEntry &entry) {
    return QStringLiteral("NOT FILED (%1): %2. A person must resolve it in FilingDesk before the due date.")
        .arg(stateName(*entry.haltedState),
             entry.haltReason.isEmpty() ? QStringLiteral("no reason recorded") : entry.haltReason);
}

QStringList alarms(const QString &what, const QList<int> &alarmDaysBefore) {
    QStringList lines;
    for (const int days : alarmDaysBefore) {
        const QString when = days == 0 ? QStringLiteral("today") : QStringLiteral("in %1 day(s)").arg(days);
        lines << QStringLiteral("BEGIN:VALARM") << QStringLiteral("ACTION:DISPLAY")
              << QStringLiteral("TRIGGER:-P%1D").arg(days)
              << QStringLiteral("DESCRIPTION:%1").arg(escapeIcsText(QStringLiteral("%1 %2").arg(what, when)))
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
            .arg(o.entity.name, entry.confirmationNumber.isEmpty() ? QString() : QStringLiteral(" (filed)"));
    QStringList description;
    if (halted)
        description << notFiledLine(entry);
    description << QStringList{
        QStringLiteral("Entity: %1 (%2)").arg(o.entity.name, o.entity.entityId),
        QStringLiteral("Filing: %1, %2 filing year %3").arg(o.filingName, o.filingType).arg(o.filingYear),
        QStringLiteral("Due: %1").arg(o.dueDate.toString(Qt::ISODate)),
        QStringLiteral("Fee: %1%2")
            .arg(dollars(o.feeCents),
                 o.feeNote.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(o.feeNote)),
    };
    if (o.windowOpens.isValid())
        description << QStringLiteral("Filing window opens: %1").arg(o.windowOpens.toString(Qt::ISODate));
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
        QStringLiteral("DTSTART;VALUE=DATE:%1").arg(o.dueDate.toString(QStringLiteral("yyyyMMdd"))),
        QStringLiteral("DTEND;VALUE=DATE:%1").arg(o.dueDate.addDays(1).toString(QStringLiteral("yyyyMMdd"))),
        QStringLiteral("SUMMARY:%1").arg(escapeIcsText(summary)),
        QStringLiteral("DESCRIPTION:%1").arg(escapeIcsText(description.join(QLatin1Char('\n')))),
        QStringLiteral("CATEGORIES:%1,%2%3")
            .arg(escapeIcsText(o.jurisdiction), escapeIcsText(o.filingType),
                 entry.haltedState == ExecutionState::DeadLetter ? QStringLiteral(",DEAD LETTER")
                 : halted                                        ? QStringLiteral(",HALTED")
                                                                 : QString()),
    };
    if (!o.citationUrl.isEmpty() && o.citationUrl.startsWith(QLatin1String("http")))
        lines << QStringLiteral("URL:%1").arg(o.citationUrl);
    lines << QStringLiteral("TRANSP:TRANSPARENT");
    // CONFIRMED even when halted: the deadline itself stands (CANCELLED would hide it in most calendars).
    lines << QStringLiteral("STATUS:CONFIRMED");
    if (halted)
        lines << QStringLiteral("X-FILINGDESK-STATE:%1").arg(stateName(*entry.haltedState));
    lines << QStringLiteral("X-FILINGDESK-RULE:%1").arg(escapeIcsText(o.ruleId));
    lines << QStringLiteral("X-FILINGDESK-RULES-VERSION:%1").arg(escapeIcsText(o.rulesVersion));
    if (!entry.confirmationNumber.isEmpty())
        lines << QStringLiteral("X-FILINGDESK-CONFIRMATION:%1").arg(escapeIcsText(entry.confirmationNumber));
    else
        lines << alarms(QStringLiteral("%1 due").arg(summary), alarmDaysBefore);
    lines << QStringLiteral("END:VEVENT");
    return lines;
}

} // namespace fd::ics
