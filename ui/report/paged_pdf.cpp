#include "ui/report/paged_pdf.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextCursor>
#include <QTextDocument>

#include <algorithm>
#include <memory>

namespace fd::ui {

namespace {

struct ReportPageText {
    Q_DECLARE_TR_FUNCTIONS(fd::ui::ReportPageText)
};

constexpr int kResolution = 300; // dots per inch: fine enough for print, small files
constexpr qreal kMarginMm = 12.7;
constexpr qreal kBandPoints = 16; // height of the running header and of the footer
constexpr qreal kCellPadXPoints =
    2.5; // left and right of a cell's text: the gap between columns is twice this
constexpr qreal kCellPadYPoints = 1.5;  // above and below a cell's text
constexpr qreal kGridPoints = 0.5;      // the table's rules
constexpr qreal kAfterTablePoints = 4;  // space below a table
constexpr qreal kSmallestPointSize = 5; // a table shrinks its font to fit the page's width, not below this
constexpr qreal kTwoLineShrink = 0.5;   // ... and by up to this much so that its rows take at most two lines

qreal px(qreal points) {
    return points * kResolution / 72.0;
}

void drawBand(QPainter &painter, const QRectF &band, const QString &left, const QString &right, bool rule,
              bool ruleAbove) {
    painter.save();
    painter.setPen(QColor(0x55, 0x55, 0x55));
    painter.drawText(band, Qt::AlignLeft | Qt::AlignVCenter, left);
    painter.drawText(band, Qt::AlignRight | Qt::AlignVCenter, right);
    if (rule) {
        painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 2));
        const qreal y = ruleAbove ? band.top() : band.bottom();
        painter.drawLine(QPointF(band.left(), y), QPointF(band.right(), y));
    }
    painter.restore();
}

// "fi" set as one ligature glyph reads back as U+FB01: a reader's search for "filing" in the PDF, and a copy
// of its text, would miss it. Latin text needs no shaping, so none is done.
void withoutLigatures(QTextDocument &doc) {
    QTextCharFormat plain;
    plain.setFontStyleStrategy(QFont::PreferNoShaping);
    QTextCursor cursor(&doc);
    cursor.select(QTextCursor::Document);
    cursor.mergeCharFormat(plain);
}

// The places a cell's text may wrap: after a space, and after a hyphen between two lower-case letters
// ("at-risk"); nowhere else, so a word, an entity id ("L-E12"), a code ("US-CA"), a date ("2027-03-01") or
// an amount stays whole. The
// widest such unit of a column is its minimum width.
QStringList breakUnits(const QString &paragraph) {
    QStringList units;
    QString unit;
    for (qsizetype i = 0; i < paragraph.size(); ++i) {
        const QChar c = paragraph.at(i);
        unit += c;
        const bool hyphenInWord = c == QLatin1Char('-') && i > 0 && i + 1 < paragraph.size() &&
                                  paragraph.at(i - 1).isLower() && paragraph.at(i + 1).isLower();
        if (c == QLatin1Char(' ') || hyphenInWord) {
            units.append(unit);
            unit.clear();
        }
    }
    if (!unit.isEmpty())
        units.append(unit);
    return units;
}

qreal advance(const QFontMetricsF &fm, const QString &text) {
    qsizetype end = text.size();
    while (end > 0 && text.at(end - 1) == QLatin1Char(' '))
        --end;
    return fm.horizontalAdvance(text.left(end));
}

// The widest unit that cannot be broken (a word, an id, an amount).
qreal widestUnit(const QFontMetricsF &fm, const QString &text) {
    qreal widest = 0;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        for (const QString &unit : breakUnits(paragraph))
            widest = qMax(widest, advance(fm, unit));
    }
    return widest;
}

// The narrowest width at which `text` wraps (wrapped()) onto at most two lines: the best place to split its
// break units in two. A text of several paragraphs needs each on one line.
qreal twoLineWidth(const QFontMetricsF &fm, const QString &text) {
    const QStringList paragraphs = text.split(QLatin1Char('\n'));
    if (paragraphs.size() > 1) {
        qreal widest = 0;
        for (const QString &paragraph : paragraphs)
            widest = qMax(widest, advance(fm, paragraph));
        return widest;
    }
    const QStringList units = breakUnits(text);
    qreal best = advance(fm, text);
    QString first;
    for (qsizetype k = 0; k + 1 < units.size(); ++k) {
        first += units.at(k);
        const QString second = units.mid(k + 1).join(QString());
        best = qMin(best, qMax(advance(fm, first), advance(fm, second)));
    }
    return best;
}

qreal longestLine(const QFontMetricsF &fm, const QString &text) {
    qreal longest = 0;
    for (const QString &paragraph : text.split(QLatin1Char('\n')))
        longest = qMax(longest, advance(fm, paragraph));
    return longest;
}

// Greedy wrapping at the break units within `width`; a unit wider than `width` stands alone on its line.
QStringList wrapped(const QFontMetricsF &fm, const QString &text, qreal width) {
    QStringList lines;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString &unit : breakUnits(paragraph)) {
            if (!line.isEmpty() && advance(fm, line + unit) > width + 0.5) {
                lines.append(line.trimmed());
                line.clear();
            }
            line += unit;
        }
        lines.append(line.trimmed());
    }
    return lines;
}

QStringList linesOf(const QFontMetricsF &fm, const PdfCell &cell, qreal width) {
    return cell.noWrap ? cell.text.split(QLatin1Char('\n')) : wrapped(fm, cell.text, width);
}

// A table's fonts and column widths for a page `pageWidth` wide.
struct TableGeometry {
    QFont font;
    QFont bold;
    QList<qreal> widths;
    qreal lineHeight = 0;
    qreal padX = px(kCellPadXPoints);
    qreal padY = px(kCellPadYPoints);

    const QFont &fontOf(const PdfCell &cell, bool boldRow) const {
        return cell.bold || boldRow ? bold : font;
    }

    TableGeometry(const PdfTable &table, const QFont &bodyFont, qreal pageWidth, QPaintDevice *device) {
        const qsizetype columns = table.headers.size();
        const qreal available = pageWidth * table.maxWidth;
        QList<qreal> minimum;
        QList<qreal> maximum;
        QList<qreal> twoLines; // the width each column needs for every cell to take at most two lines
        for (qreal size = bodyFont.pointSizeF();; size -= 0.25) {
            font = bodyFont;
            font.setPointSizeF(size);
            bold = font;
            bold.setBold(true);
            const QFontMetricsF plainFm(font, device);
            const QFontMetricsF boldFm(bold, device);
            minimum = QList<qreal>(columns, 0);
            maximum = QList<qreal>(columns, 0);
            twoLines = QList<qreal>(columns, 0);
            auto measure = [&](qsizetype c, const PdfCell &cell, bool boldRow) {
                const QFontMetricsF &fm = cell.bold || boldRow ? boldFm : plainFm;
                const qreal longest = longestLine(fm, cell.text);
                minimum[c] = qMax(minimum[c], (cell.noWrap ? longest : widestUnit(fm, cell.text)) + 2 * padX);
                maximum[c] = qMax(maximum[c], longest + 2 * padX);
                twoLines[c] =
                    qMax(twoLines[c], (cell.noWrap ? longest : twoLineWidth(fm, cell.text)) + 2 * padX);
            };
            for (qsizetype c = 0; c < columns; ++c)
                measure(c, PdfCell(table.headers.at(c)), true);
            for (const PdfTable::Row &row : table.rows) {
                for (qsizetype c = 0; c < columns && c < row.cells.size(); ++c)
                    measure(c, row.cells.at(c), row.total);
            }
            lineHeight = qMax(plainFm.lineSpacing(), boldFm.lineSpacing());
            qreal sumMin = 0;
            qreal sumTwo = 0;
            for (qsizetype c = 0; c < columns; ++c) {
                sumMin += minimum.at(c);
                sumTwo += qMax(twoLines.at(c), minimum.at(c));
            }
            // Smaller type rather than rows of three lines and more, down to half a point below the
            // body's size; smaller still only when a column's longest word would not fit at all.
            const bool twoLinesFit =
                sumTwo <= available || size - 0.25 < bodyFont.pointSizeF() - kTwoLineShrink;
            if ((sumMin <= available && twoLinesFit) || size - 0.25 < kSmallestPointSize)
                break;
        }
        qreal sumMin = 0;
        qreal sumMax = 0;
        for (qsizetype c = 0; c < columns; ++c) {
            sumMin += minimum.at(c);
            sumMax += maximum.at(c);
        }
        widths = maximum;
        if (sumMax <= available) {
            if (table.stretch && sumMax > 0) {
                for (qsizetype c = 0; c < columns; ++c)
                    widths[c] += (available - sumMax) * maximum.at(c) / sumMax;
            }
        } else if (sumMin < available) {
            // Every column first gets what its cells need to take at most two lines (rows of one or two
            // lines keep a long table to few pages), the one that needs least first, as far as the page
            // allows; a long text (a detail, a reason) may then still take more. What is left goes first to
            // the short texts that still wrap (a name, a status: at most a tenth of the width), the one that
            // needs least first, so that they take one line; what remains is shared by the long ones in
            // proportion to what each still lacks.
            widths = minimum;
            qreal left = available - sumMin;
            QList<qsizetype> byTwoLineCost;
            for (qsizetype c = 0; c < columns; ++c) {
                if (twoLines.at(c) > minimum.at(c))
                    byTwoLineCost.append(c);
            }
            std::sort(byTwoLineCost.begin(), byTwoLineCost.end(), [&](qsizetype a, qsizetype b) {
                return twoLines.at(a) - minimum.at(a) < twoLines.at(b) - minimum.at(b);
            });
            for (qsizetype c : std::as_const(byTwoLineCost)) {
                const qreal need = twoLines.at(c) - widths.at(c);
                if (need > left)
                    break;
                widths[c] += need;
                left -= need;
            }
            QList<qsizetype> shortOnes;
            for (qsizetype c = 0; c < columns; ++c) {
                if (maximum.at(c) > minimum.at(c) && maximum.at(c) <= available / 10)
                    shortOnes.append(c);
            }
            std::sort(shortOnes.begin(), shortOnes.end(), [&](qsizetype a, qsizetype b) {
                return maximum.at(a) - minimum.at(a) < maximum.at(b) - minimum.at(b);
            });
            for (qsizetype c : std::as_const(shortOnes)) {
                const qreal give = qMin(left, maximum.at(c) - widths.at(c));
                widths[c] += give;
                left -= give;
            }
            qreal lacking = 0;
            for (qsizetype c = 0; c < columns; ++c)
                lacking += maximum.at(c) - widths.at(c);
            if (left > 0 && lacking > 0) {
                const qreal share = qMin<qreal>(1, left / lacking);
                for (qsizetype c = 0; c < columns; ++c)
                    widths[c] += (maximum.at(c) - widths.at(c)) * share;
            }
        } else {
            widths = minimum; // wider than the page even at the smallest size: the right edge is cut
        }
    }

    qreal width() const {
        qreal sum = 0;
        for (qreal w : widths)
            sum += w;
        return sum;
    }
};

// Lays the blocks out on pages; paints them when given a painter (the second pass, once the number of
// pages is known), else only counts the pages.
class PageLayout {
public:
    PageLayout(const PagedDocument &document, QPdfWriter &writer, QPainter *painter, int pages)
        : m_doc(document)
        , m_writer(writer)
        , m_painter(painter)
        , m_pages(pages)
        , m_width(writer.width())
        , m_band(px(kBandPoints))
        , m_top(m_band)
        , m_bottom(writer.height() - m_band) {
        m_font = QFontDatabase::systemFont(QFontDatabase::GeneralFont);
        m_font.setPointSizeF(document.bodyPointSize);
        m_font.setStyleStrategy(QFont::PreferNoShaping); // no ligatures (withoutLigatures())
    }

    int run() {
        startPage();
        for (qsizetype i = 0; i < m_doc.blocks.size(); ++i) {
            const PagedDocument::Block &block = m_doc.blocks.at(i);
            if (!block.table.headers.isEmpty()) {
                table(block.table);
                continue;
            }
            // A heading or note stays with the start of the table that follows it.
            const PagedDocument::Block *next =
                i + 1 < m_doc.blocks.size() ? &m_doc.blocks.at(i + 1) : nullptr;
            html(block.html, next && !next->table.headers.isEmpty() ? tableStartHeight(next->table) : 0);
        }
        return m_page + 1;
    }

private:
    void startPage() {
        m_y = m_top;
        if (!m_painter)
            return;
        QFont bandFont = m_font;
        bandFont.setPointSizeF(7);
        m_painter->setFont(bandFont);
        drawBand(*m_painter, QRectF(0, 0, m_width, m_band * 0.8), m_doc.title, m_doc.headerRight, true,
                 false);
        drawBand(*m_painter, QRectF(0, m_bottom + m_band * 0.2, m_width, m_band * 0.8), m_doc.footerLeft,
                 ReportPageText::tr("Page %1 of %2").arg(m_page + 1).arg(m_pages), true, true);
    }

    void newPage() {
        if (m_painter)
            m_writer.newPage();
        ++m_page;
        startPage();
    }

    bool atPageTop() const { return m_y <= m_top; }

    void ensureRoom(qreal height) {
        if (m_y + height > m_bottom && !atPageTop())
            newPage();
    }

    std::unique_ptr<QTextDocument> htmlDocument(const QString &html) {
        auto doc = std::make_unique<QTextDocument>();
        doc->documentLayout()->setPaintDevice(&m_writer); // fonts measured at the PDF's resolution
        doc->setDefaultFont(m_font);
        doc->setDocumentMargin(0);
        doc->setTextWidth(m_width);
        doc->setHtml(QStringLiteral("<html><head><style>%1</style></head><body>%2</body></html>")
                         .arg(m_doc.styleSheet, html));
        withoutLigatures(*doc);
        return doc;
    }

    void html(const QString &html, qreal keepWithNext) {
        const std::unique_ptr<QTextDocument> doc = htmlDocument(html);
        const qreal height = doc->size().height();
        ensureRoom(height + keepWithNext);
        if (m_painter) {
            m_painter->save();
            m_painter->translate(0, m_y);
            doc->drawContents(m_painter, QRectF(0, 0, m_width, height));
            m_painter->restore();
        }
        m_y += height;
    }

    qreal rowHeight(const TableGeometry &g, const QList<PdfCell> &cells, bool boldRow) const {
        int lines = 1;
        for (qsizetype c = 0; c < cells.size() && c < g.widths.size(); ++c) {
            const QFontMetricsF fm(g.fontOf(cells.at(c), boldRow), &m_writer);
            lines = qMax(lines, int(linesOf(fm, cells.at(c), g.widths.at(c) - 2 * g.padX).size()));
        }
        return lines * g.lineHeight + 2 * g.padY;
    }

    static QList<PdfCell> headerCells(const PdfTable &t) {
        QList<PdfCell> cells;
        for (const QString &h : t.headers)
            cells.append(PdfCell(h));
        return cells;
    }

    qreal tableStartHeight(const PdfTable &t) const {
        const TableGeometry g(t, m_font, m_width, &m_writer);
        qreal h = rowHeight(g, headerCells(t), true);
        if (!t.rows.isEmpty())
            h += rowHeight(g, t.rows.first().cells, t.rows.first().total);
        return h;
    }

    void paintRow(const TableGeometry &g, const PdfTable &t, const QList<PdfCell> &cells, bool boldRow,
                  const QColor &ground, qreal height) {
        if (!m_painter)
            return;
        QPainter &p = *m_painter;
        p.save();
        if (ground.isValid())
            p.fillRect(QRectF(0, m_y, g.width(), height), ground);
        qreal x = 0;
        for (qsizetype c = 0; c < g.widths.size(); ++c) {
            const qreal w = g.widths.at(c);
            const PdfCell cell = cells.value(c);
            const QFont &font = g.fontOf(cell, boldRow);
            const QFontMetricsF fm(font, &m_writer);
            p.setFont(font);
            p.setPen(cell.color.isValid() ? cell.color : QColor(Qt::black));
            const bool right = t.rightAligned.value(c, false);
            const QStringList lines = linesOf(fm, cell, w - 2 * g.padX);
            for (qsizetype i = 0; i < lines.size(); ++i) {
                const qreal lineX = right ? x + w - g.padX - fm.horizontalAdvance(lines.at(i)) : x + g.padX;
                p.drawText(QPointF(lineX, m_y + g.padY + fm.ascent() + i * g.lineHeight), lines.at(i));
            }
            x += w;
        }
        // The rules: above and below the row, and between its cells.
        p.setPen(QPen(QColor(0x99, 0x99, 0x99), px(kGridPoints)));
        p.drawLine(QPointF(0, m_y), QPointF(x, m_y));
        p.drawLine(QPointF(0, m_y + height), QPointF(x, m_y + height));
        qreal edge = 0;
        p.drawLine(QPointF(edge, m_y), QPointF(edge, m_y + height));
        for (qreal w : g.widths) {
            edge += w;
            p.drawLine(QPointF(edge, m_y), QPointF(edge, m_y + height));
        }
        p.restore();
    }

    void table(const PdfTable &t) {
        const TableGeometry g(t, m_font, m_width, &m_writer);
        const QList<PdfCell> header = headerCells(t);
        const qreal headerHeight = rowHeight(g, header, true);
        const QColor headerGround(0xe4, 0xe8, 0xee);
        const QColor totalGround(0xf2, 0xf2, 0xf2);
        auto paintHeader = [&] {
            paintRow(g, t, header, true, headerGround, headerHeight);
            m_y += headerHeight;
        };
        ensureRoom(headerHeight + (t.rows.isEmpty() ? 0 : rowHeight(g, t.rows.first().cells, false)));
        paintHeader();
        for (const PdfTable::Row &row : t.rows) {
            const qreal height = rowHeight(g, row.cells, row.total);
            // A row is never split: one that does not fit starts the next page, under the header again.
            if (m_y + height > m_bottom) {
                newPage();
                paintHeader();
            }
            paintRow(g, t, row.cells, row.total, row.total ? totalGround : QColor(), height);
            m_y += height;
        }
        m_y += px(kAfterTablePoints);
    }

    const PagedDocument &m_doc;
    QPdfWriter &m_writer;
    QPainter *m_painter;
    int m_pages;
    qreal m_width;
    qreal m_band;
    qreal m_top;
    qreal m_bottom;
    QFont m_font;
    int m_page = 0;
    qreal m_y = 0;
};

} // namespace

bool writePagedPdf(const PagedDocument &document, const QString &path, QString *error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    {
        QPdfWriter writer(&file);
        writer.setResolution(kResolution);
        writer.setTitle(document.title);
        writer.setCreator(QStringLiteral("FilingDesk %1").arg(QStringLiteral(FILINGDESK_VERSION)));
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::Letter), document.orientation,
                                         QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
                                         QPageLayout::Millimeter));
        // The painter's origin is the top left of the printable area; widths and heights in device pixels.
        // First the pages are counted ("Page N of M"), then painted the same way.
        const int pages = PageLayout(document, writer, nullptr, 0).run();
        QPainter painter;
        if (!painter.begin(&writer)) {
            *error = QStringLiteral("%1: cannot start a PDF").arg(path);
            return false;
        }
        PageLayout(document, writer, &painter, pages).run();
        painter.end();
    }
    if (!file.commit()) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace fd::ui
