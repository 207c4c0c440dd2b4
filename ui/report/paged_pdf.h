#pragma once

#include <QColor>
#include <QList>
#include <QPageLayout>
#include <QString>
#include <QStringList>

namespace fd::ui {

/// One cell of a PdfTable: plain text (not HTML), optionally coloured or bold.
struct PdfCell {
    QString text;
    QColor color; ///< invalid: the body's black
    bool bold = false;
    bool noWrap = false; ///< one line whatever the column's width (a date, an amount, an id)
    PdfCell() = default;
    PdfCell(const QString &t, const QColor &c = QColor(), bool b = false)
        : text(t)
        , color(c)
        , bold(b) {}
    static PdfCell whole(const QString &t) {
        PdfCell cell(t);
        cell.noWrap = true;
        return cell;
    }
};

/// A table painted by writePagedPdf() itself, never split inside a row: a row that does not fit on the page
/// starts the next one, under the header row again. Column widths come from the content: no column is
/// narrower than its widest word or noWrap cell (so a cell wraps only at spaces and after hyphens between
/// lower-case letters, never inside a word, an id or an amount), none wider than its longest line. The room
/// left over the minimums goes first to making every cell take at most two lines (the cheapest columns
/// first; the font shrinks by up to half a point when that makes every column fit in two lines), then to
/// the short columns that need least to fit on one line, then to the rest in proportion.
/// Right-aligned columns (amounts, counts) keep their padding; every cell has padding on both sides, so
/// neighbours never touch.
struct PdfTable {
    QStringList headers;
    QList<bool> rightAligned; ///< per column; missing: left
    struct Row {
        QList<PdfCell> cells;
        bool total = false; ///< bold on a grey ground
    };
    QList<Row> rows;
    qreal maxWidth = 1.0; ///< at most this part of the page's width
    bool stretch = true;  ///< widen to maxWidth when the content is narrower
};

/// A document for people, laid out as pages: blocks of HTML (QTextDocument's subset, for front matter,
/// headings and notes; a block is never split: it moves to the next page whole) and tables (PdfTable), a
/// running header and a footer with "Page N of M".
struct PagedDocument {
    QString title;       ///< the PDF's title metadata, and the left of the running header
    QString headerRight; ///< the right of the running header ("As of 3/1/27")
    QString footerLeft;  ///< the left of the footer ("Produced by jane on desk-7, 3/1/27 9:14 AM")
    QString styleSheet;  ///< CSS for every HTML block
    QPageLayout::Orientation orientation = QPageLayout::Landscape;
    qreal bodyPointSize = 7.5; ///< the body's default font size (HTML blocks and tables)

    struct Block {
        QString html; ///< when table is empty (no headers)
        PdfTable table;
    };
    QList<Block> blocks;
    void addHtml(const QString &html) { blocks.append(Block{html, PdfTable()}); }
    void addTable(const PdfTable &table) { blocks.append(Block{QString(), table}); }
};

/// Writes `document` as a US Letter PDF to `path` through QSaveFile (whole or not at all). Needs a
/// QGuiApplication (fonts); call it on the GUI thread. False with *error ("PATH: reason").
bool writePagedPdf(const PagedDocument &document, const QString &path, QString *error);

} // namespace fd::ui
