#include "engine/import/csv_reader.h"

#include <QStringDecoder>

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

CsvDocument readCsv(const QByteArray &raw) {
    CsvDocument doc;
    QByteArray bytes = raw;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    if (bytes.trimmed().isEmpty()) {
        doc.error = QStringLiteral("the file is empty");
        doc.errorLine = 1;
        return doc;
    }
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(bytes);
    if (decoder.hasError()) {
        doc.errorLine = lineOfFirstInvalidUtf8(bytes);
        doc.error = QStringLiteral("not valid UTF-8 text (save the file as UTF-8)");
        return doc;
    }
    if (text.contains(QChar(0))) {
        doc.error = QStringLiteral("contains NUL characters: not a text CSV file");
        doc.errorLine = 1 + int(text.left(text.indexOf(QChar(0))).count(QLatin1Char('\n')));
        return doc;
    }

    int line = 1;
    CsvRecord current;
    current.line = 1;
    QString field;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    bool recordHasContent = false;
    int quoteOpenedLine = 0;

    auto endField = [&] {
        current.fields.append(fieldWasQuoted ? field : field.trimmed());
        field.clear();
        fieldWasQuoted = false;
    };
    auto endRecord = [&] {
        endField();
        const bool blank =
            current.fields.size() == 1 && current.fields.first().isEmpty() && !recordHasContent;
        if (!blank)
            doc.records.append(current);
        current = CsvRecord();
        recordHasContent = false;
    };

    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < n && text.at(i + 1) == QLatin1Char('"')) {
                    field.append(QLatin1Char('"'));
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == QLatin1Char('\n')) {
                    ++line;
                    current.hasEmbeddedLineBreak = true;
                }
                field.append(c);
            }
            continue;
        }
        if (c == QLatin1Char('"') && field.trimmed().isEmpty()) {
            inQuotes = true;
            fieldWasQuoted = true;
            recordHasContent = true;
            quoteOpenedLine = line;
            field.clear();
        } else if (c == QLatin1Char(',')) {
            recordHasContent = true;
            endField();
        } else if (c == QLatin1Char('\r')) {
            // part of CRLF; a lone CR is treated as a line end too
            if (!(i + 1 < n && text.at(i + 1) == QLatin1Char('\n'))) {
                endRecord();
                ++line;
                current.line = line;
            }
        } else if (c == QLatin1Char('\n')) {
            endRecord();
            ++line;
            current.line = line;
        } else {
            if (!c.isSpace())
                recordHasContent = true;
            field.append(c);
        }
    }
    if (inQuotes) {
        doc.records.clear();
        doc.error = QStringLiteral("a quoted field opened here is never closed");
        doc.errorLine = quoteOpenedLine;
        return doc;
    }
    if (recordHasContent || !field.isEmpty())
        endRecord();
    if (doc.records.isEmpty()) {
        doc.error = QStringLiteral("the file has no records");
        doc.errorLine = 1;
    }
    return doc;
}

} // namespace fd
