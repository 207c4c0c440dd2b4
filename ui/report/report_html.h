#pragma once

#include "engine/report/report_types.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace fd::ui {

/// The words of the PDF reports (one translation context for all of them).
struct ReportText {
    Q_DECLARE_TR_FUNCTIONS(fd::ui::ReportText)
};

/// Pieces of HTML the two PDF reports share. Strings are escaped here; callers pass plain text.
namespace reportHtml {

/// The style sheet of a report's body (QTextDocument's CSS subset).
QString styleSheet();
/// Title, subtitle lines, and who produced it from which store: the front matter of page 1.
QString frontMatter(const QString &title, const QStringList &subtitleLines,
                    const report::ReportProvenance &provenance);
/// One table row; `header`: <th> cells. `classes` (optional, one per cell): "num" right-aligns.
QString row(const QStringList &cells, const QStringList &classes = {}, bool header = false,
            const QString &rowClass = QString());
/// A jurisdiction for people: "Delaware (US-DE)"; "(unresolved)" for an empty code.
QString place(const QString &code);
/// A date in the user's locale, short form; "date unknown" for a null date.
QString date(const QDate &date);
/// A time in the user's locale, short form, in local time with its zone ("3/1/27 9:14 AM EST").
QString dateTime(const QDateTime &utc);
/// The left of every page's footer: "Produced by USER on HOST, TIME".
QString producedLine(const report::ReportProvenance &provenance);

} // namespace reportHtml

} // namespace fd::ui
