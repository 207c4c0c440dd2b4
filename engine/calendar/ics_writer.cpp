#include "engine/calendar/ics_writer.h"

#include "engine/model/money.h"

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

namespace {

QString money(qint64 cents) {
    return dollars(cents);
}

} // namespace

QByteArray writeIcs(const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
                    const QList<int> &alarmDaysBefore) {
    QByteArray out;
    auto line = [&out](const QString &text) { out += foldIcsLine(text.toUtf8()); };
    const QString stamp = stampUtc.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
    line(QStringLiteral("BEGIN:VCALENDAR"));
    line(QStringLiteral("VERSION:2.0"));
    line(QStringLiteral("PRODID:-//FilingDesk//FilingDesk %1//EN").arg(QStringLiteral(FILINGDESK_VERSION)));
    line(QStringLiteral("CALSCALE:GREGORIAN"));
    line(QStringLiteral("METHOD:PUBLISH"));
    line(QStringLiteral("X-WR-CALNAME:FilingDesk statutory deadlines"));
    for (const CalendarEntry &entry : entries) {
        const Obligation &o = entry.obligation;
        // A halted or dead-lettered filing must not read like an ordinary upcoming deadline: it was not filed
        // and someone has to act before the due date.
        const bool deadLetter = entry.haltedState == ExecutionState::DeadLetter;
        const bool halted = entry.haltedState == ExecutionState::FailedStatutory;
        const QString marker = deadLetter ? QStringLiteral("[DEAD LETTER] ")
                               : halted   ? QStringLiteral("[HALTED] ")
                                          : QString();
        const QString summary =
            QStringLiteral("%1%2 %3 %4 — %5%6")
                .arg(marker, o.jurisdiction, o.filingName)
                .arg(o.filingYear)
                .arg(o.entity.name,
                     entry.confirmationNumber.isEmpty() ? QString() : QStringLiteral(" (filed)"));
        QStringList description;
        if (deadLetter || halted)
            description
                << QStringLiteral(
                       "NOT FILED (%1): %2. A person must resolve it in FilingDesk before the due date.")
                       .arg(stateName(*entry.haltedState), entry.haltReason.isEmpty()
                                                               ? QStringLiteral("no reason recorded")
                                                               : entry.haltReason);
        description << QStringList{
            QStringLiteral("Entity: %1 (%2)").arg(o.entity.name, o.entity.entityId),
            QStringLiteral("Filing: %1, %2 filing year %3").arg(o.filingName, o.filingType).arg(o.filingYear),
            QStringLiteral("Due: %1").arg(o.dueDate.toString(Qt::ISODate)),
            QStringLiteral("Fee: %1%2")
                .arg(money(o.feeCents),
                     o.feeNote.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(o.feeNote)),
        };
        if (o.windowOpens.isValid())
            description << QStringLiteral("Filing window opens: %1").arg(o.windowOpens.toString(Qt::ISODate));
        if (!o.penaltyNote.isEmpty() || o.penaltyFlatCents > 0)
            description << QStringLiteral("Late: %1")
                               .arg(o.penaltyNote.isEmpty() ? money(o.penaltyFlatCents) : o.penaltyNote);
        description << QStringLiteral("Rule: %1 (rules version %2)").arg(o.ruleId, o.rulesVersion);
        description << QStringLiteral("Source: %1")
                           .arg(o.citationUrl.isEmpty() ? o.citation
                                                        : o.citation + QStringLiteral(" ") + o.citationUrl);
        if (!entry.confirmationNumber.isEmpty())
            description << QStringLiteral("Filed: confirmation %1").arg(entry.confirmationNumber);
        if (!o.notes.isEmpty())
            description << QStringLiteral("Note: %1").arg(o.notes);

        line(QStringLiteral("BEGIN:VEVENT"));
        line(QStringLiteral("UID:%1@filingdesk").arg(o.idempotencyKey()));
        line(QStringLiteral("DTSTAMP:%1").arg(stamp));
        line(QStringLiteral("DTSTART;VALUE=DATE:%1").arg(o.dueDate.toString(QStringLiteral("yyyyMMdd"))));
        line(QStringLiteral("DTEND;VALUE=DATE:%1")
                 .arg(o.dueDate.addDays(1).toString(QStringLiteral("yyyyMMdd"))));
        line(QStringLiteral("SUMMARY:%1").arg(escapeIcsText(summary)));
        line(QStringLiteral("DESCRIPTION:%1").arg(escapeIcsText(description.join(QLatin1Char('\n')))));
        line(QStringLiteral("CATEGORIES:%1,%2%3")
                 .arg(escapeIcsText(o.jurisdiction), escapeIcsText(o.filingType),
                      deadLetter ? QStringLiteral(",DEAD LETTER")
                      : halted   ? QStringLiteral(",HALTED")
                                 : QString()));
        if (!o.citationUrl.isEmpty() && o.citationUrl.startsWith(QLatin1String("http")))
            line(QStringLiteral("URL:%1").arg(o.citationUrl));
        line(QStringLiteral("TRANSP:TRANSPARENT"));
        // CONFIRMED even when halted: the deadline itself stands (CANCELLED would hide it in most calendars).
        line(QStringLiteral("STATUS:CONFIRMED"));
        if (deadLetter || halted)
            line(QStringLiteral("X-FILINGDESK-STATE:%1").arg(stateName(*entry.haltedState)));
        line(QStringLiteral("X-FILINGDESK-RULE:%1").arg(escapeIcsText(o.ruleId)));
        line(QStringLiteral("X-FILINGDESK-RULES-VERSION:%1").arg(escapeIcsText(o.rulesVersion)));
        if (!entry.confirmationNumber.isEmpty())
            line(QStringLiteral("X-FILINGDESK-CONFIRMATION:%1").arg(escapeIcsText(entry.confirmationNumber)));
        if (entry.confirmationNumber.isEmpty()) {
            for (int days : alarmDaysBefore) {
                line(QStringLiteral("BEGIN:VALARM"));
                line(QStringLiteral("ACTION:DISPLAY"));
                line(QStringLiteral("TRIGGER:-P%1D").arg(days));
                line(QStringLiteral("DESCRIPTION:%1")
                         .arg(escapeIcsText(QStringLiteral("%1 due in %2 day(s)").arg(summary).arg(days))));
                line(QStringLiteral("END:VALARM"));
            }
        }
        line(QStringLiteral("END:VEVENT"));
    }
    line(QStringLiteral("END:VCALENDAR"));
    return out;
}

} // namespace fd
