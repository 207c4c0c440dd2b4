#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace fd {

/// One logical CSV record (RFC 4180). `line` is the 1-based physical line on which it starts.
struct CsvRecord {
    int line = 0;
    QStringList fields;
    bool hasEmbeddedLineBreak = false; ///< a quoted field spanned several physical lines
};

/// The outcome of reading a whole file: the records, or a file-level error naming the line.
struct CsvDocument {
    QList<CsvRecord> records;
    QString error; ///< empty when the file could be read; else a one-line reason
    int errorLine = 0;

    bool ok() const { return error.isEmpty(); }
};

/// Reads RFC 4180 CSV from UTF-8 bytes (a UTF-8 BOM is skipped; CRLF and LF both end records).
/// File-level errors: not valid UTF-8 (the line of the first bad byte), an empty file, a quote never closed.
/// Blank lines are skipped. Thread-safe (pure function).
CsvDocument readCsv(const QByteArray &bytes);

} // namespace fd
