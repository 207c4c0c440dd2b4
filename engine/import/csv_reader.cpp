#include "engine/import/csv_reader.h"

#include <QStringDecoder>

#include <algorithm>
#include <utility>

namespace fd {

namespace {

int lineOfFirstInvalidUtf8(const QByteArray &bytes) {
    int line = 1;
    qsizetype start = 0;
    while (start <= bytes.size()) {
        qsizetype end = bytes.indexOf('\n', start);
        if (end < 0)
            end = bytes.size();
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString decoded = decoder.decode(QByteArrayView(bytes.constData() + start, end - start));
        Q_UNUSED(decoded);
        if (decoder.hasError())
            return line;
        ++line;
        start = end + 1;
    }
    return 0;
}

} // namespace

CsvReader::CsvReader(const QByteArray &raw) {
    QByteArrayView bytes = raw;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes = bytes.sliced(3);
    // Blank when nothing but ASCII white space (as QByteArray::trimmed() sees it), without a trimmed copy.
    const bool blank = std::all_of(bytes.begin(), bytes.end(), [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
    });
    if (blank) {
        fail(QStringLiteral("the file is empty"), 1);
        return;
    }
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    m_text = decoder.decode(bytes);
    if (decoder.hasError()) {
        fail(QStringLiteral("not valid UTF-8 text (save the file as UTF-8)"),
             lineOfFirstInvalidUtf8(bytes.toByteArray()));
        return;
    }
    if (const qsizetype nul = m_text.indexOf(QChar(0)); nul >= 0) {
        fail(QStringLiteral("contains NUL characters: not a text CSV file"),
             1 + int(QStringView(m_text).left(nul).count(QLatin1Char('\n'))));
        return;
    }
}

void CsvReader::fail(const QString &reason, int line) {
    m_error = reason;
    m_errorLine = line;
    m_done = true;
    m_text = QString();
}

qsizetype CsvReader::remainingLinesBound() const {
    return m_done ? 0 : QStringView(m_text).sliced(m_pos).count(QLatin1Char('\n')) + 1;
}

bool CsvReader::next(CsvRecord *record) {
    if (m_done)
        return false;
    // A field is kept as a run of the text ([runStart, i)) for as long as it is one, and becomes a string of
    // its own only when it is complete (one allocation of its exact size) or when a doubled quote or the end
    // of its quotes interrupts the run (then its pieces are appended to `field`).
    const QChar *const chars = m_text.constData();
    const qsizetype n = m_text.size();
    CsvRecord current;
    current.line = m_line;
    current.fields.reserve(m_fieldsPerRecord);
    QString field;
    bool built = false; // `field` holds pieces of this field already
    qsizetype runStart = -1;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    bool recordHasContent = false;
    int quoteOpenedLine = 0;

    auto flushRun = [&](qsizetype end) {
        if (runStart < 0)
            return;
        if (!built)
            field = QString(chars + runStart, end - runStart);
        else
            field.append(chars + runStart, end - runStart);
        built = true;
        runStart = -1;
    };
    auto isBlankSoFar = [&](qsizetype end) {
        const QStringView run = runStart < 0 ? QStringView() : QStringView(chars + runStart, end - runStart);
        const auto allSpace = [](QStringView v) {
            return std::all_of(v.begin(), v.end(), [](QChar c) { return c.isSpace(); });
        };
        return (!built || allSpace(field)) && allSpace(run);
    };
    auto endField = [&](qsizetype end) {
        if (!built && !fieldWasQuoted) {
            if (runStart < 0) {
                current.fields.append(QString());
            } else {
                qsizetype b = runStart;
                qsizetype e = end;
                while (b < e && chars[b].isSpace())
                    ++b;
                while (e > b && chars[e - 1].isSpace())
                    --e;
                current.fields.append(QString(chars + b, e - b));
            }
        } else {
            flushRun(end);
            current.fields.append(fieldWasQuoted ? field : field.trimmed());
        }
        field = QString();
        built = false;
        runStart = -1;
        fieldWasQuoted = false;
    };
    // True when the record ending at `end` is one to return (blank lines are skipped).
    auto endRecord = [&](qsizetype end) {
        endField(end);
        const bool blank =
            current.fields.size() == 1 && current.fields.first().isEmpty() && !recordHasContent;
        if (!blank) {
            m_fieldsPerRecord = current.fields.size();
            ++m_records;
            *record = std::move(current);
        }
        current = CsvRecord();
        current.fields.reserve(m_fieldsPerRecord);
        recordHasContent = false;
        return !blank;
    };

    for (qsizetype i = m_pos; i < n; ++i) {
        const QChar c = chars[i];
        if (inQuotes) {
            if (c == QLatin1Char('"')) {
                flushRun(i);
                if (i + 1 < n && chars[i + 1] == QLatin1Char('"')) {
                    field.append(QLatin1Char('"'));
                    built = true;
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == QLatin1Char('\n')) {
                    ++m_line;
                    current.hasEmbeddedLineBreak = true;
                }
                if (runStart < 0)
                    runStart = i;
            }
            continue;
        }
        if (c == QLatin1Char('"') && isBlankSoFar(i)) {
            inQuotes = true;
            fieldWasQuoted = true;
            recordHasContent = true;
            quoteOpenedLine = m_line;
            field = QString();
            built = false;
            runStart = -1;
        } else if (c == QLatin1Char(',')) {
            recordHasContent = true;
            endField(i);
        } else if (c == QLatin1Char('\r') && i + 1 < n && chars[i + 1] == QLatin1Char('\n')) {
            flushRun(i); // part of CRLF: the CR is not part of the field
        } else if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            // a lone CR is treated as a line end too
            const bool returned = endRecord(i);
            ++m_line;
            current.line = m_line;
            if (returned) {
                m_pos = i + 1;
                return true;
            }
        } else {
            if (!c.isSpace())
                recordHasContent = true;
            if (runStart < 0)
                runStart = i;
        }
    }
    m_pos = n;
    if (inQuotes) {
        fail(QStringLiteral("a quoted field opened here is never closed"), quoteOpenedLine);
        return false;
    }
    const bool returned = (recordHasContent || built || runStart >= 0) && endRecord(n);
    m_done = true;
    m_text = QString();
    if (returned)
        return true;
    if (m_records == 0)
        fail(QStringLiteral("the file has no records"), 1);
    return false;
}

CsvDocument readCsv(const QByteArray &bytes) {
    CsvDocument doc;
    CsvReader reader(bytes);
    doc.records.reserve(reader.remainingLinesBound());
    CsvRecord record;
    while (reader.next(&record))
        doc.records.append(std::move(record));
    if (!reader.error().isEmpty()) {
        doc.records.clear();
        doc.error = reader.error();
        doc.errorLine = reader.errorLine();
    }
    return doc;
}

} // namespace fd
