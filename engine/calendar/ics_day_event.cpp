// One VEVENT per due date and jurisdiction (IcsOptions::groupByDay): for desks whose calendars would
// otherwise hold forty identical "Delaware annual franchise tax" entries on March 1.
#include "engine/calendar/ics_events.h"

#include "engine/import/iso_codes.h"
#include "engine/model/money.h"

#include <QMap>
#include <QSet>

#include <algorithm>
#include <utility>

namespace fd::ics {

QList<DayGroup> groupByDay(const QList<CalendarEntry> &entries) {
    QMap<std::pair<QDate, QString>, DayGroup> byDay; // ordered by date, then jurisdiction code
    for (const CalendarEntry &entry : entries)
        byDay[{entry.obligation.dueDate, entry.obligation.jurisdiction}].append(entry);
    QList<DayGroup> groups;
    groups.reserve(byDay.size());
    for (DayGroup &group : byDay) {
        std::stable_sort(group.begin(), group.end(), [](const CalendarEntry &a, const CalendarEntry &b) {
            return a.obligation.entity.name.compare(b.obligation.entity.name, Qt::CaseInsensitive) < 0;
        });
        groups.append(std::move(group));
    }
    return groups;
}

namespace {

// "- Acme, Inc. (E1): Annual Report 2027, fee $300.00 — filed, confirmation DE-1"
QString filingLine(const CalendarEntry &entry) {
    const Obligation &o = entry.obligation;
    QString line = QStringLiteral("- %1 (%2): %3 %4, fee %5")
                       .arg(o.entity.name, o.entity.entityId, o.filingName)
                       .arg(o.filingYear)
                       .arg(dollars(o.feeCents));
    if (!entry.confirmationNumber.isEmpty())
        line += QStringLiteral(" — filed, confirmation %1").arg(entry.confirmationNumber);
    else if (entry.haltedState)
        line += QStringLiteral(" — ") + notFiledLine(entry);
    return line;
}

} // namespace

QStringList dayEvent(const DayGroup &group, const QString &stamp, const QList<int> &alarmDaysBefore) {
    const Obligation &first = group.first().obligation;
    const QDate due = first.dueDate;
    const QString place = placeLabel(first.jurisdiction);
    const int count = int(group.size());

    int filed = 0;
    bool anyDeadLetter = false;
    bool anyHalted = false;
    qint64 fees = 0;
    QStringList filingTypes;
    QStringList sources;
    QStringList lines;
    for (const CalendarEntry &entry : group) {
        if (!entry.confirmationNumber.isEmpty())
            ++filed;
        anyDeadLetter = anyDeadLetter || entry.haltedState == ExecutionState::DeadLetter;
        anyHalted = anyHalted || entry.haltedState == ExecutionState::FailedStatutory;
        fees += qMax<qint64>(0, entry.obligation.feeCents);
        if (!filingTypes.contains(entry.obligation.filingType))
            filingTypes << entry.obligation.filingType;
        const Obligation &o = entry.obligation;
        const QString source =
            o.citationUrl.isEmpty() ? o.citation : o.citation + QStringLiteral(" ") + o.citationUrl;
        if (!source.isEmpty() && !sources.contains(source))
            sources << source;
        lines << filingLine(entry);
    }
    const QString marker = anyDeadLetter ? QStringLiteral("[DEAD LETTER] ")
                           : anyHalted   ? QStringLiteral("[HALTED] ")
                                         : QString();
    const QString filedNote = filed == 0       ? QString()
                              : filed == count ? QStringLiteral(" (all filed)")
                                               : QStringLiteral(" (%1 filed)").arg(filed);
    const QString summary =
        QStringLiteral("%1%2 %3 due — %4%5")
            .arg(marker)
            .arg(count)
            .arg(count == 1 ? QStringLiteral("filing") : QStringLiteral("filings"), place, filedNote);
    QStringList description{
        QStringLiteral("%1 filing(s) due %2 in %3:").arg(count).arg(due.toString(Qt::ISODate), place)};
    description << lines;
    description << QStringLiteral("Fees: %1").arg(dollars(fees));
    for (const QString &source : std::as_const(sources))
        description << QStringLiteral("Source: %1").arg(source);

    QStringList categories{escapeIcsText(first.jurisdiction)};
    for (const QString &type : std::as_const(filingTypes))
        categories << escapeIcsText(type);
    if (anyDeadLetter)
        categories << QStringLiteral("DEAD LETTER");
    if (anyHalted)
        categories << QStringLiteral("HALTED");

    QStringList event{
        QStringLiteral("BEGIN:VEVENT"),
        QStringLiteral("UID:day-%1-%2@filingdesk")
            .arg(due.toString(QStringLiteral("yyyyMMdd")), first.jurisdiction),
        QStringLiteral("DTSTAMP:%1").arg(stamp),
        QStringLiteral("DTSTART;VALUE=DATE:%1").arg(due.toString(QStringLiteral("yyyyMMdd"))),
        QStringLiteral("DTEND;VALUE=DATE:%1").arg(due.addDays(1).toString(QStringLiteral("yyyyMMdd"))),
        QStringLiteral("SUMMARY:%1").arg(escapeIcsText(summary)),
        QStringLiteral("DESCRIPTION:%1").arg(escapeIcsText(description.join(QLatin1Char('\n')))),
        QStringLiteral("CATEGORIES:%1").arg(categories.join(QLatin1Char(','))),
        QStringLiteral("TRANSP:TRANSPARENT"),
        QStringLiteral("STATUS:CONFIRMED"),
        QStringLiteral("X-FILINGDESK-FILINGS:%1").arg(count),
    };
    // Reminders while anything of the day is still to be filed.
    if (filed < count)
        event << alarms(
            QStringLiteral("%1 of %2 filing(s) in %3 due").arg(count - filed).arg(count).arg(place),
            alarmDaysBefore);
    event << QStringLiteral("END:VEVENT");
    return event;
}

} // namespace fd::ics
