#include "engine/calendar/ics_writer.h"

#include "engine/calendar/ics_events.h"

#include <QStringEncoder>

#include <algorithm>
#include <utility>

namespace fd {

QString escapeIcsText(const QString &text) {
    const auto special = [](QChar c) {
        const char16_t u = c.unicode();
        return u == u'\\' || u == u';' || u == u',' || u == u'\n' || u == u'\r';
    };
    const QChar *const begin = text.constData();
    const QChar *const end = begin + text.size();
    const QChar *first = std::find_if(begin, end, special);
    if (first == end)
        return text; // nothing to escape (the usual case): the same string, shared
    QString out(text.size() * 2, Qt::Uninitialized); // every character escaped at most doubles
    QChar *o = std::copy(begin, first, out.data());
    for (const QChar *p = first; p != end; ++p) {
        switch (p->unicode()) {
        case u'\\':
            *o++ = u'\\';
            *o++ = u'\\';
            break;
        case u';':
            *o++ = u'\\';
            *o++ = u';';
            break;
        case u',':
            *o++ = u'\\';
            *o++ = u',';
            break;
        case u'\n':
            *o++ = u'\\';
            *o++ = u'n';
            break;
        case u'\r':
            break;
        default:
            *o++ = *p;
        }
    }
    out.truncate(o - out.constData());
    return out;
}

namespace {

// RFC 5545 §3.1 folding of one content line onto the end of `out`: runs of whole UTF-8 characters, at most 75
// octets on the first line and 74 after the leading space of each continuation. With `valid` (the line is
// well-formed UTF-8, as encoded from a QString), each fold point is found by stepping back from the limit
// over continuation bytes; otherwise character by character, by each lead byte's length.
void appendFolded(QByteArray &out, QByteArrayView line, bool valid) {
    const char *const data = line.data();
    const qsizetype size = line.size();
    // A line of 72 octets or fewer never folds, whatever its characters' lengths (at most 4 octets each).
    if (size <= 72) {
        out.append(data, size);
        out.append("\r\n", 2);
        return;
    }
    if (valid) {
        const auto continuation = [data](qsizetype at) {
            return (static_cast<unsigned char>(data[at]) & 0xC0) == 0x80;
        };
        qsizetype lineStart = 0;
        qsizetype limit = 75;
        while (size - lineStart > limit) {
            // The character that starts at or spans the limit does not fit: fold before it.
            qsizetype cut = lineStart + limit;
            while (cut > lineStart && continuation(cut))
                --cut;
            if (cut == lineStart)
                cut =
                    lineStart + limit; // not reached for well-formed UTF-8 (a character is 4 octets at most)
            out.append(data + lineStart, cut - lineStart);
            out.append("\r\n ", 3);
            lineStart = cut;
            limit = 74; // the leading space counts
        }
        out.append(data + lineStart, size - lineStart);
        out.append("\r\n", 2);
        return;
    }
    qsizetype lineStart = 0;
    qsizetype lineOctets = 0;
    qsizetype limit = 75;
    for (qsizetype i = 0; i < size;) {
        // Length of the UTF-8 sequence starting here.
        const auto lead = static_cast<unsigned char>(data[i]);
        qsizetype len = 1;
        if (lead >= 0xF0)
            len = 4;
        else if (lead >= 0xE0)
            len = 3;
        else if (lead >= 0xC0)
            len = 2;
        if (lineOctets + len > limit) {
            out.append(data + lineStart, i - lineStart);
            out.append("\r\n ", 3);
            lineStart = i;
            lineOctets = 0;
            limit = 74; // the leading space counts
        }
        lineOctets += len;
        i += len;
    }
    out.append(data + lineStart, size - lineStart);
    out.append("\r\n", 2);
}

// Encodes, folds and collects content lines; with a device, hands them on whenever a piece is full, so that
// the document is never whole in memory. One UTF-8 scratch buffer serves every line.
class IcsSink {
public:
    explicit IcsSink(QIODevice *device)
        : m_device(device) {
        if (m_device)
            m_out.reserve(kPiece + kPiece / 4);
    }

    void write(const QStringList &lines) {
        for (const QString &line : lines)
            writeLine(line);
    }
    void writeLine(QStringView line) {
        if (!m_ok)
            return;
        m_utf8.resize(m_encoder.requiredSpace(line.size()));
        char *const end = m_encoder.appendToBuffer(m_utf8.data(), line);
        if (m_encoder.hasError()) {
            // A lone surrogate: encoded as QString::toUtf8() does it ("?"), as the document always was.
            m_encoder.resetState();
            appendFolded(m_out, line.toUtf8(), true);
        } else {
            appendFolded(m_out, QByteArrayView(m_utf8.constData(), end - m_utf8.constData()), true);
        }
        if (m_device && m_out.size() >= kPiece)
            flush();
    }
    /// Hands what is collected to the device (keeping the buffer's capacity); false once a write failed.
    bool flush() {
        if (!m_device || !m_ok)
            return m_ok;
        if (!m_out.isEmpty() && m_device->write(m_out) != m_out.size())
            m_ok = false;
        m_out.resize(0);
        return m_ok;
    }
    QByteArray take() { return std::move(m_out); }

private:
    static constexpr qsizetype kPiece = 256 * 1024;
    QIODevice *const m_device;
    QStringEncoder m_encoder{QStringEncoder::Utf8, QStringEncoder::Flag::Stateless};
    QByteArray m_utf8;
    QByteArray m_out;
    bool m_ok = true;
};

void writeDocument(IcsSink &sink, const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
                   const IcsOptions &options) {
    const QString stamp = stampUtc.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
    sink.write(
        {QStringLiteral("BEGIN:VCALENDAR"), QStringLiteral("VERSION:2.0"),
         QStringLiteral("PRODID:-//FilingDesk//FilingDesk %1//EN").arg(QStringLiteral(FILINGDESK_VERSION)),
         QStringLiteral("CALSCALE:GREGORIAN"), QStringLiteral("METHOD:PUBLISH"),
         QStringLiteral("X-WR-CALNAME:FilingDesk statutory deadlines")});
    if (options.groupByDay) {
        for (const ics::DayGroup &group : ics::groupByDay(entries))
            sink.write(ics::dayEvent(group, stamp, options.alarmDaysBefore));
    } else {
        for (const CalendarEntry &entry : entries)
            sink.write(ics::filingEvent(entry, stamp, options.alarmDaysBefore));
    }
    sink.writeLine(u"END:VCALENDAR");
}

} // namespace

QByteArray foldIcsLine(const QByteArray &line) {
    QByteArray out;
    out.reserve(line.size() + line.size() / 24 + 2);
    appendFolded(out, line, false);
    return out;
}

int icsEventCount(const QList<CalendarEntry> &entries, const IcsOptions &options) {
    return options.groupByDay ? int(ics::groupByDay(entries).size()) : int(entries.size());
}

QByteArray writeIcs(const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
                    const IcsOptions &options) {
    IcsSink sink(nullptr);
    writeDocument(sink, entries, stampUtc, options);
    return sink.take();
}

bool writeIcs(QIODevice *device, const QList<CalendarEntry> &entries, const QDateTime &stampUtc,
              const IcsOptions &options) {
    IcsSink sink(device);
    writeDocument(sink, entries, stampUtc, options);
    return sink.flush();
}

} // namespace fd
