#pragma once

#include "engine/report/report_types.h"

#include <QColor>
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
/// The colours of statuses in the reports' tables: filed, overdue or halted, needs data.
inline QColor filedColor() {
    return QColor(0x1b, 0x6e, 0x20);
}
inline QColor alarmColor() {
    return QColor(0xb0, 0x00, 0x20);
}
inline QColor needsColor() {
    return QColor(0x8a, 0x5a, 0x00);
}
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
