#include "engine/calendar/ics_writer.h"

#include "engine/calendar/ics_events.h"

namespace fd {

QString escapeIcsText(const QString &text) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case ';':
            out += QStringLiteral("\\;");
            break;
        case ',':
            out += QStringLiteral("\\,");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\r':
            break;
        default:
            out += c;
        }
    }
    return out;
}

QByteArray foldIcsLine(const QByteArray &line) {
    QByteArray out;
    qsizetype lineOctets = 0;
    qsizetype limit = 75;
    for (qsizetype i = 0; i < line.size();) {
        // Length of the UTF-8 sequence starting here.
        const auto lead = static_cast<unsigned char>(line.at(i));
        qsizetype len = 1;
        if (lead >= 0xF0)
            len = 4;
        else if (lead >= 0xE0)
            len = 3;
        else if (lead >= 0xC0)
            len = 2;
        if (lineOctets + len > limit) {
            out += "\r\n ";
            lineOctets = 0;
            limit = 74; // the leading space counts
        }
        out += line.mid(i, len);
        lineOctets += len;
        i += len;
    }
    return out + "\r\n";
}

int icsEventCount(const QList<CalendarEntry> &entries, const IcsOptions &options) {
    return options.groupByDay ? int(ics::groupByDay(entries).size()) : int(entries.size());
}

QByteArray writeIcs(const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
                    const IcsOptions &options) {
    QByteArray out;
    auto write = [&out](const QStringList &lines) {
        for (const QString &line : lines)
            out += foldIcsLine(line.toUtf8());
    };
    const QString stamp = stampUtc.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
    write({QStringLiteral("BEGIN:VCALENDAR"), QStringLiteral("VERSION:2.0"),
           QStringLiteral("PRODID:-//FilingDesk//FilingDesk %1//EN").arg(QStringLiteral(FILINGDESK_VERSION)),
           QStringLiteral("CALSCALE:GREGORIAN"), QStringLiteral("METHOD:PUBLISH"),
           QStringLiteral("X-WR-CALNAME:FilingDesk statutory deadlines")});
    if (options.groupByDay) {
        for (const ics::DayGroup &group : ics::groupByDay(entries))
            write(ics::dayEvent(group, stamp, options.alarmDaysBefore));
    } else {
        for (const CalendarEntry &entry : entries)
            write(ics::filingEvent(entry, stamp, options.alarmDaysBefore));
    }
    write({QStringLiteral("END:VCALENDAR")});
    return out;
}

} // namespace fd
