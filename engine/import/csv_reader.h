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

/// The records readCsv() would return, one at a time, for a reader that keeps only what it makes of each
/// (the portfolio import): no list of every record's fields of a 100,000-row file is ever held. Same rules
/// and same errors as readCsv(); each field is a string of its own, of its exact size. Reentrant: one reader
/// per thread; it holds the decoded text (two bytes a character) while it lives.
class CsvReader {
public:
    explicit CsvReader(const QByteArray &bytes);
    /// The next record, into *record; false at the end of the text or at an error (see error()). A file
    /// with no record at all ends with the error "the file has no records", as readCsv() reports it.
    bool next(CsvRecord *record);
    /// Empty while there is no error; else one line, as CsvDocument::error.
    QString error() const { return m_error; }
    int errorLine() const { return m_errorLine; }
    /// At least the number of records left: the line breaks after the current position plus one.
    qsizetype remainingLinesBound() const;

private:
    void fail(const QString &reason, int line);

    QString m_text;
    qsizetype m_pos = 0;
    int m_line = 1;
    qsizetype m_fieldsPerRecord = 0;
    qsizetype m_records = 0;
    bool m_done = false;
    QString m_error;
    int m_errorLine = 0;
};

} // namespace fd
