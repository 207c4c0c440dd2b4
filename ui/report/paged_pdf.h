#pragma once

#include <QPageLayout>
#include <QString>

namespace fd::ui {

/// A document for people, laid out as pages: an HTML body (QTextDocument's subset; a table's <thead> row is
/// repeated at the top of every page it continues on), a running header and a footer with "Page N of M".
struct PagedDocument {
    QString title;       ///< the PDF's title metadata, and the left of the running header
    QString headerRight; ///< the right of the running header ("As of 3/1/27")
    QString footerLeft;  ///< the left of the footer ("Produced by jane on desk-7, 3/1/27 9:14 AM")
    QString html;        ///< the body
    QPageLayout::Orientation orientation = QPageLayout::Landscape;
    qreal bodyPointSize = 7.5; ///< the body's default font size
};

/// Writes `document` as a US Letter PDF to `path` through QSaveFile (whole or not at all). Needs a
/// QGuiApplication (fonts); call it on the GUI thread. False with *error ("PATH: reason").
bool writePagedPdf(const PagedDocument &document, const QString &path, QString *error);

} // namespace fd::ui
