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
/// Title, subtitle lines, and who produced it from which store: the front matter of page 1. The source is
/// the store as the user named it (the desk database file, or the ledger's database, host and login, never
/// a password or the temporary snapshot the report read); the audit trail in a line for people ("Audit
/// trail: 1,234 entries, last entry sealed 3/1/27 9:14 AM, chain head 3f9a1c0b… — verify with filingdesk
/// audit verify --ledger URL"), the full chain head or digest in verificationAppendix().
QString frontMatter(const QString &title, const QStringList &subtitleLines,
                    const report::ReportProvenance &provenance);
/// The last block of a report: how to check that it describes the audit trail it came from, with the full
/// chain head (team ledger) or digest (a desk's database) and the command that checks it.
QString verificationAppendix(const report::ReportProvenance &provenance);
/// The store for people: "Desk database /home/ana/desk.sqlite", "Team ledger: database filingdesk on
/// db.example:5432 (login ana)".
QString sourceText(const report::AuditTrailHead &trail);
/// A field a person must supply, in words: "formation date", "state file number", "entity type".
QString missingFieldLabel(const QString &field);
/// Several fields: "formation date and entity type".
QString missingFieldsLabel(const QStringList &fields);
/// A planner's or registry's one line for a reader: without the rules file's rule ids
/// ("(US-UT.ALL.ANNUAL_RENEWAL.2000)").
QString peopleReason(const QString &reason);
/// A person named by the audit trail; "unknown" (translated) for report::kUnknownPerson.
QString personLabel(const QString &person);
/// The day a filing was accepted, in the user's locale and local time, short form ("3/1/27"); empty for a
/// null time.
QString filedOn(const QDateTime &utc);
/// The local time zone's name for a note ("UTC", "America/New_York").
QString localZoneName();
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
/// Several jurisdictions for people: "Delaware (US-DE), Florida (US-FL)".
QString places(const QStringList &codes);
/// A date in the user's locale, short form; "date unknown" for a null date.
QString date(const QDate &date);
/// A time in the user's locale, short form, in local time with its zone ("3/1/27 9:14 AM EST").
QString dateTime(const QDateTime &utc);
/// The left of every page's footer: "Produced by USER on HOST, TIME".
QString producedLine(const report::ReportProvenance &provenance);

} // namespace reportHtml

} // namespace fd::ui
