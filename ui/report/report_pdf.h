#pragma once

#include "engine/report/report_types.h"

#include <QString>

namespace fd::ui {

/// The filings report as a PDF for people (README, "Reports"): title, the due-date period, jurisdictions and
/// batch it is limited to and the as-of date, who produced it and when, the store it came from as the user
/// named it and its audit trail in a line (reportHtml::frontMatter()); totals per jurisdiction and overall
/// (count, fees expected, fees charged, filings whose data is missing); then one table row per filing (the
/// day it was filed, not the time: rows of one or two lines), its header repeated on every page; "Not filed
/// — data missing" (what a person must supply, per entity or filing); last, how to verify the report
/// (reportHtml::verificationAppendix()). US Letter, landscape, "Page N of M". Dates in the user's locale
/// (QLocale()), dollars as "$1,250.00", statuses as complianceLabel(); every string goes through tr()
/// (context fd::ui::ReportText), so the console's language is the report's.
///
/// Writes `path` through QSaveFile (whole or not at all). Needs a QGuiApplication (fonts): call on the GUI
/// thread; build `report` anywhere (report::loadFilingsReport()). False with *error ("PATH: reason").
bool writeFilingsPdf(const report::FilingsReport &report, const QString &path, QString *error);

/// The status report as a PDF: the same front matter; counts per jurisdiction and overall (filed; due in
/// 0-30, 31-60, 61-90 days, later; overdue; needs data; halted; will not file; total; penalty exposure);
/// then the overdue and at-risk filings by entity name (obligations that fell due unadmitted among the
/// overdue); how to verify it. Same page layout, threading and errors as writeFilingsPdf().
bool writeStatusPdf(const report::StatusReport &report, const QString &path, QString *error);

} // namespace fd::ui
