#pragma once

#include "engine/report/report_types.h"

#include <QByteArray>
#include <QString>

namespace fd::report {

/// The filings report as CSV (UTF-8, RFC 4180, CRLF line ends, header row), one row per filing:
/// entity_name, entity_id, jurisdiction (ISO 3166-2), filing, period (filing year), due_date (YYYY-MM-DD),
/// status (complianceName()), filed_at (UTC, YYYY-MM-DDTHH:MM:SSZ; empty when not filed),
/// confirmation_number, fee_expected, fee_charged (dollars with two decimals and no symbol or separators,
/// "1250.00"; fee_charged empty without a receipt), launched_by (empty when never launched, "unknown" when
/// the trail names nobody), resolved_by, batch, missing_data, reason. Then one row per entity or filing that
/// needs data (FilingsReport::missingData): status "needs_data", missing_data the fields a person must
/// supply ("formation_date"; several separated by "; "), reason the planner's line, the filing's columns
/// that are not known yet empty. Totals are not rows: a spreadsheet sums the columns. Pure; any thread.
QByteArray filingsCsv(const FilingsReport &report);

/// The status report as one CSV whose first column, `section`, says what a row is:
/// - `jurisdiction`: the counts of one jurisdiction (ISO code in `jurisdiction`);
/// - `total`: the counts over every jurisdiction (`jurisdiction` empty);
/// - `at_risk`: one overdue, halted, needs-data or soon-due filing (entity and filing columns set).
/// Columns: section, jurisdiction, filed, due_0_30, due_31_60, due_61_90, due_later, overdue, needs_data,
/// halted, will_not_file, total, penalty_exposure, entity_name, entity_id, filing, period, due_date, status,
/// days_left, missing_field, halt_code, reason, planned (yes: from the register, not admitted yet). Cells
/// that do not apply to a section are empty. Money as in filingsCsv(). Pure; any thread.
QByteArray statusCsv(const StatusReport &report);

/// Dollars from cents for CSV: "1250.00", "-5.00". Locale-independent.
QString csvDollars(qint64 cents);

/// Writes `bytes` to `path` through QSaveFile: the file appears whole or not at all (an existing file is
/// left as it was on failure). False with *error ("PATH: reason").
bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error);

} // namespace fd::report
