#include "ui/report/paged_pdf.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QFontDatabase>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextCursor>
#include <QTextDocument>

namespace fd::ui {

namespace {

struct ReportPageText {
    Q_DECLARE_TR_FUNCTIONS(fd::ui::ReportPageText)
};

constexpr int kResolution = 300; // dots per inch: fine enough for print, small files
constexpr qreal kMarginMm = 12.7;
constexpr qreal kBandPoints = 16; // height of the running header and of the footer

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
        const qreal width = writer.width();
        const qreal band = kBandPoints * kResolution / 72.0;
        const QRectF body(0, band, width, writer.height() - 2 * band);

        QTextDocument doc;
        doc.documentLayout()->setPaintDevice(&writer); // fonts measured at the PDF's resolution
        QFont font = QFontDatabase::systemFont(QFontDatabase::GeneralFont);
        font.setPointSizeF(document.bodyPointSize);
        doc.setDefaultFont(font);
        doc.setDocumentMargin(0);
        doc.setPageSize(body.size()); // paginates: table header rows repeat on every page
        doc.setHtml(document.html);
        withoutLigatures(doc);
        const int pages = doc.pageCount();

        QPainter painter;
        if (!painter.begin(&writer)) {
            *error = QStringLiteral("%1: cannot start a PDF").arg(path);
            return false;
        }
        QFont bandFont = font;
        bandFont.setPointSizeF(7);
        bandFont.setStyleStrategy(QFont::PreferNoShaping); // no ligatures (withoutLigatures())
        painter.setFont(bandFont);
        for (int page = 0; page < pages; ++page) {
            if (page > 0)
                writer.newPage();
            drawBand(painter, QRectF(0, 0, width, band * 0.8), document.title, document.headerRight, true,
                     false);
            painter.save();
            painter.translate(0, body.top() - page * body.height());
            doc.drawContents(&painter, QRectF(0, page * body.height(), width, body.height()));
            painter.restore();
            drawBand(painter, QRectF(0, body.bottom() + band * 0.2, width, band * 0.8), document.footerLeft,
                     ReportPageText::tr("Page %1 of %2").arg(page + 1).arg(pages), true, true);
        }
        painter.end();
    }
    if (!file.commit()) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace fd::ui
