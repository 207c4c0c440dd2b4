#pragma once

#include "engine/report/audit_attribution.h"
#include "engine/report/report_types.h"
#include "engine/rules/obligation_planner.h"

namespace fd::report {

/// The filings report from what a store holds: one row per stored task that passes `filter` (due date
/// within [fromDue, toDue], inclusive, either end open when null; batch id when given; jurisdiction among
/// filter.jurisdictions when given), its status as of `asOf`, who launched and resolved it and when it was
/// accepted from `audit`; totals per jurisdiction and overall (FeeTotals, cents). Rows ordered by entity
/// name (case-insensitive), due date, filing. From `plan` (the register planned as of `asOf`), every entity
/// or filing that needs data (FilingsReport::missingData) in the filter's jurisdictions, whatever the
/// due-date window; with a batch filter they are only counted (missingDataLeftOut). The provenance is left
/// for the caller. Pure; any thread.
FilingsReport buildFilingsReport(const QList<FilingTask> &tasks, const AuditAttribution &audit,
                                 const FilingsFilter &filter, const QDate &asOf,
                                 const QList<RowPlan> &plan = {});

/// Opens `source` (ReportStore), reads its tasks, entity register (planned with the built-in rules as of
/// the status date, for what needs data) and audit trail and builds the report with statuses as of `asOf`
/// (a null date: today, local time), with its provenance (the OS user, the host, now, the trail's
/// head). report->batchFound says whether a task of filter.batchId is stored at all. Blocking (a large
/// ledger takes seconds); call it on any thread but the GUI's: it opens and closes its own database
/// connections on the calling thread. False with *error (ReportStore::open()'s reasons, or a store that
/// could not be read).
bool loadFilingsReport(const ReportSource &source, const FilingsFilter &filter, FilingsReport *report,
                       QString *error, const QDate &asOf = QDate());

} // namespace fd::report
