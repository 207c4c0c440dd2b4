// One VEVENT per due date and jurisdiction (IcsOptions::groupByDay): for desks whose calendars would
// otherwise hold forty identical "Delaware annual franchise tax" entries on March 1.
#include "engine/calendar/ics_events.h"

#include "engine/calendar/calendar_selection.h"

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
            return a.obligation.entity->name.compare(b.obligation.entity->name, Qt::CaseInsensitive) < 0;
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
                       .arg(o.entity->name, o.entity->entityId, o.filingName)
                       .arg(o.filingYear)
                       .arg(dollars(o.feeCents));
    if (!entry.confirmationNumber.isEmpty())
        line += QStringLiteral(" — filed, confirmation %1").arg(entry.confirmationNumber);
    else if (entry.haltedState)
        line += QStringLiteral(" — ") + notFiledLine(entry);
    else if (entry.withdrawn)
        line +=
            QStringLiteral(" — will not be filed: %1")
                .arg(entry.haltReason.isEmpty() ? QStringLiteral("withdrawn by a person") : entry.haltReason);
    else if (entry.daysLate > 0)
        line += QStringLiteral(" — NOT FILED");
    if (entry.daysLate > 0 && entry.confirmationNumber.isEmpty() && !entry.withdrawn) {
        const qint64 penalty = o.penaltyExposureCents(entry.daysLate);
        if (penalty > 0)
            line += QStringLiteral(", penalty if filed now %1").arg(dollars(penalty));
    }
    return line;
}

// What a day's filings are, counted by kind.
struct DayMix {
    int filed = 0;
    int halted = 0;
    int deadLetter = 0;
    int withdrawn = 0;
    int open = 0;    ///< not filed, nothing stops it: to file
    int overdue = 0; ///< not filed (open or halted) and past its due date
    int daysLate = 0;
    qint64 penaltyCents = 0; ///< of the overdue filings, if filed now

    int toFile() const { return open + halted + deadLetter; }
};

DayMix mixOf(const DayGroup &group) {
    DayMix mix;
    for (const CalendarEntry &entry : group) {
        if (!entry.confirmationNumber.isEmpty())
            ++mix.filed;
        else if (entry.haltedState == ExecutionState::DeadLetter)
            ++mix.deadLetter;
        else if (entry.haltedState == ExecutionState::FailedStatutory)
            ++mix.halted;
        else if (entry.withdrawn)
            ++mix.withdrawn;
        else
            ++mix.open;
        if (entry.daysLate > 0 && entry.confirmationNumber.isEmpty() && !entry.withdrawn) {
            ++mix.overdue;
            mix.daysLate = qMax(mix.daysLate, entry.daysLate);
            mix.penaltyCents += entry.obligation.penaltyExposureCents(entry.daysLate);
        }
    }
    return mix;
}

// "[OVERDUE] [NEEDS A PERSON] " ...: what the day's filings that are not filed need. Halts of different
// kinds are named together as needing a person; the summary's mix says which.
QString dayMarker(const DayMix &mix) {
    QString marker = mix.overdue > 0 ? QStringLiteral("[OVERDUE] ") : QString();
    if (mix.halted > 0 && mix.deadLetter > 0)
        marker += QStringLiteral("[NEEDS A PERSON] ");
    else if (mix.halted > 0)
        marker += QStringLiteral("[HALTED] ");
    else if (mix.deadLetter > 0)
        marker += QStringLiteral("[DEAD LETTER] ");
    else if (mix.withdrawn > 0 && mix.open == 0 && mix.filed == 0)
        marker += QStringLiteral("[WILL NOT FILE] ");
    return marker;
}

// "" when every filing is of one kind the marker already names (or none is filed yet), " (all filed)",
// else ": 3 halted, 1 dead letter, 2 filed, 6 to file".
QString mixNote(const DayMix &mix, int count) {
    const QList<std::pair<int, QString>> parts{
        {mix.halted, QStringLiteral("%1 halted").arg(mix.halted)},
        {mix.deadLetter,
         countNoun(mix.deadLetter, QStringLiteral("dead letter"), QStringLiteral("dead letters"))},
        {mix.withdrawn, QStringLiteral("%1 withdrawn").arg(mix.withdrawn)},
        {mix.filed, QStringLiteral("%1 filed").arg(mix.filed)},
        {mix.open, mix.overdue > 0 ? QStringLiteral("%1 not filed").arg(mix.open)
                                   : QStringLiteral("%1 to file").arg(mix.open)},
    };
    QStringList named;
    for (const auto &[n, text] : parts) {
        if (n == count)
            return n == mix.filed ? QStringLiteral(" (all filed)") : QString();
        if (n > 0)
            named << text;
    }
    return QStringLiteral(": ") + named.join(QStringLiteral(", "));
}

} // namespace

QStringList dayEvent(const DayGroup &group, const QString &stamp, const QList<int> &alarmDaysBefore) {
    const Obligation &first = group.first().obligation;
    const QDate due = first.dueDate;
    const QString place = placeLabel(first.jurisdiction);
    const int count = int(group.size());
    const QString filingCount = countNoun(count, QStringLiteral("filing"), QStringLiteral("filings"));
    const DayMix mix = mixOf(group);

    qint64 fees = 0;
    QStringList filingTypes;
    QStringList sources;
    QStringList lines;
    for (const CalendarEntry &entry : group) {
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
    const QString summary =
        QStringLiteral("%1%2 due — %3%4").arg(dayMarker(mix), filingCount, place, mixNote(mix, count));
    QStringList description;
    if (mix.overdue > 0) {
        QString overdue =
            QStringLiteral("OVERDUE: %1 not filed, %2 late (as of %3).")
                .arg(countNoun(mix.overdue, QStringLiteral("filing"), QStringLiteral("filings")),
                     countNoun(mix.daysLate, QStringLiteral("day"), QStringLiteral("days")),
                     isoDate(due.addDays(mix.daysLate)));
        if (mix.penaltyCents > 0)
            overdue += QStringLiteral(" Penalties if filed now: %1.").arg(dollars(mix.penaltyCents));
        description << overdue;
    }
    description << QStringLiteral("%1 due %2 in %3:").arg(filingCount, isoDate(due), place);
    description << lines;
    description << QStringLiteral("Fees: %1").arg(dollars(fees));
    for (const QString &source : std::as_const(sources))
        description << QStringLiteral("Source: %1").arg(source);

    QStringList categories{escapeIcsText(first.jurisdiction)};
    for (const QString &type : std::as_const(filingTypes))
        categories << escapeIcsText(type);
    if (mix.overdue > 0)
        categories << QStringLiteral("OVERDUE");
    if (mix.deadLetter > 0)
        categories << QStringLiteral("DEAD LETTER");
    if (mix.halted > 0)
        categories << QStringLiteral("HALTED");
    if (mix.withdrawn > 0)
        categories << QStringLiteral("WILL NOT FILE");

    QStringList event{
        QStringLiteral("BEGIN:VEVENT"),
        QStringLiteral("UID:day-%1-%2@filingdesk").arg(basicDate(due), first.jurisdiction),
        QStringLiteral("DTSTAMP:%1").arg(stamp),
        QStringLiteral("DTSTART;VALUE=DATE:%1").arg(basicDate(due)),
        QStringLiteral("DTEND;VALUE=DATE:%1").arg(basicDate(due.addDays(1))),
        QStringLiteral("SUMMARY:%1").arg(escapeIcsText(summary)),
        QStringLiteral("DESCRIPTION:%1").arg(escapeIcsText(description.join(QLatin1Char('\n')))),
        QStringLiteral("CATEGORIES:%1").arg(categories.join(QLatin1Char(','))),
        QStringLiteral("TRANSP:TRANSPARENT"),
        QStringLiteral("STATUS:CONFIRMED"),
        QStringLiteral("X-FILINGDESK-FILINGS:%1").arg(count),
    };
    if (mix.overdue > 0)
        event << QStringLiteral("X-FILINGDESK-DAYS-LATE:%1").arg(mix.daysLate);
    // Reminders while anything of the day is still to be filed.
    if (mix.toFile() > 0)
        event << alarms(QStringLiteral("%1 of %2 in %3 due").arg(mix.toFile()).arg(filingCount, place),
                        alarmDaysBefore, mix.overdue > 0 ? mix.daysLate : 0, stamp);
    event << QStringLiteral("END:VEVENT");
    return event;
}

} // namespace fd::ics
