#pragma once

#include "engine/report/report_types.h"
#include "engine/rules/obligation_planner.h"

#include <QDateTime>
#include <QHash>

namespace fd::report {

/// The portfolio's compliance position as of `asOf` from the stored tasks and the register's plan
/// (planRegister()):
/// - every stored task counts once, by complianceOf(task, asOf): filed (with or without a differing fee),
///   withdrawn (will not file), halted, overdue, or due, split by days to its due date (0-30, 31-60, 61-90,
///   later);
/// - every planned obligation not stored as a task (its idempotency key is not among the tasks) counts as
///   due, in the same splits: it is not admitted yet (the planner only plans due dates on or after asOf);
/// - every obligation of `pastDue` (pastDueOf(): due before asOf, while FilingDesk knew the entity) not
///   stored as a task counts as overdue: it was never admitted, so nothing was ever filed for it;
/// - every filing the plan lists as needing data (RowPlan::needs), and every entity whose jurisdiction or
///   entity type blocks all of its rules, counts once as needs data;
/// - exposure (cents): per filing not filed and not withdrawn, Obligation::penaltyExposureCents() of its
///   days late, at least one (what missing the due date costs; the console's Exposure column).
/// Counts per jurisdiction (ISO code; "" for an entity whose place did not resolve) and overall; the
/// at-risk list holds the overdue, halted, needs-data filings and those due within 30 days. With
/// `jurisdictions` (ISO codes), only filings of those count and are listed. The provenance is left for the
/// caller. Pure; any thread.
StatusReport buildStatusReport(const QList<FilingTask> &tasks, const QList<RowPlan> &plan, const QDate &asOf,
                               const QList<Obligation> &pastDue = {}, const QStringList &jurisdictions = {});

/// The obligations of the plan's entities that fell due before `asOf` since the audit trail first named
/// each entity (`firstSeen`: ReportStore::readTrail()): planPastOccurrences() from that date. An entity the
/// trail never names gives none (what was due before FilingDesk knew it is not FilingDesk's to judge).
QList<Obligation> pastDueOf(const QList<RowPlan> &plan, const RuleSet &rules,
                            const QHash<QString, QDateTime> &firstSeen, const QDate &asOf);

/// Opens `source` (ReportStore), reads its tasks, entity register and audit trail's head, plans the register
/// as of `asOf` with the rules in `rulesPath` (empty: the built-in rules, as the console and `filingdesk run`
/// use by default), and the obligations that fell due unadmitted since the trail first named each entity
/// (pastDueOf()), and builds the report with its provenance, limited to `jurisdictions` when given. Blocking;
/// call it on any thread but the GUI's: it opens and closes its own database connections on the calling
/// thread. False with *error (ReportStore::open()'s reasons, a rules file that cannot be read, a store that
/// could not be read).
bool loadStatusReport(const ReportSource &source, const QDate &asOf, StatusReport *report, QString *error,
                      const QString &rulesPath = QString(), const QStringList &jurisdictions = {});

} // namespace fd::report
