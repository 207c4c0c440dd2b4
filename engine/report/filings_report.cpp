#include "engine/report/filings_report.h"
#include "engine/core/host_identity.h"

#include "engine/report/register_plan.h"
#include "engine/report/report_store.h"

#include <QSet>

#include <algorithm>

namespace fd::report {

void FeeTotals::add(qint64 expected, qint64 charged) {
    ++count;
    expectedCents += expected;
    chargedCents += qMax<qint64>(0, charged); // -1: no receipt, nothing charged
}

namespace {

bool inPlaces(const QString &jurisdiction, const FilingsFilter &filter) {
    return filter.jurisdictions.isEmpty() || filter.jurisdictions.contains(jurisdiction);
}

bool passes(const FilingTask &task, const FilingsFilter &filter) {
    if (!inPlaces(task.obligation.jurisdiction, filter))
        return false;
    const QDate due = task.obligation.dueDate;
    if (filter.fromDue.isValid() && (!due.isValid() || due < filter.fromDue))
        return false;
    if (filter.toDue.isValid() && (!due.isValid() || due > filter.toDue))
        return false;
    return filter.batchId.isEmpty() || task.batchId == filter.batchId;
}

// The register's entities and filings that cannot be planned for want of data (RowPlan::needs, and rows
// whose jurisdiction or entity type is unknown).
QList<MissingDataRow> missingDataOf(const QList<RowPlan> &plan) {
    QList<MissingDataRow> out;
    for (const RowPlan &row : plan) {
        if (row.outcome != RowOutcome::Obligations && row.outcome != RowOutcome::NeedsData)
            continue;
        for (const ObligationNeed &need : row.needs) {
            out.append({row.entity->name, row.entity->entityId, row.entity->jurisdiction, need.filingName,
                        QStringList{need.missingField}, need.reason});
        }
        if (row.outcome == RowOutcome::NeedsData && row.needs.isEmpty())
            out.append({row.entity->name, row.entity->entityId, row.entity->jurisdiction, QString(),
                        row.missing, row.reason});
    }
    return out;
}

} // namespace

int FilingsReport::entitiesNeedingData() const {
    QSet<QString> ids;
    for (const MissingDataRow &r : missingData)
        ids.insert(r.entityId);
    return int(ids.size());
}

FilingsReport buildFilingsReport(const QList<FilingTask> &tasks, const AuditAttribution &audit,
                                 const FilingsFilter &filter, const QDate &asOf, const QList<RowPlan> &plan) {
    FilingsReport report;
    report.filter = filter;
    report.asOf = asOf;
    for (const FilingTask &task : tasks) {
        if (!passes(task, filter))
            continue;
        const Obligation &o = task.obligation;
        FilingRow row;
        row.key = task.key;
        row.entityName = o.entity->name;
        row.entityId = o.entity->entityId;
        row.jurisdiction = o.jurisdiction;
        row.filing = o.filingName;
        row.filingType = o.filingType;
        row.period = o.filingYear;
        row.dueDate = o.dueDate;
        row.status = complianceOf(task, asOf);
        row.filedAtUtc = audit.filedAt(task.key);
        row.confirmationNumber = task.confirmationNumber;
        row.feeExpectedCents = o.feeCents;
        row.feeChargedCents = task.feeChargedCents;
        row.launchedBy = audit.launchedBy(task.key, task.batchId);
        row.resolvedBy = audit.resolvedBy(task.key);
        row.batchId = task.batchId;
        report.byJurisdiction[row.jurisdiction].add(row.feeExpectedCents, row.feeChargedCents);
        report.overall.add(row.feeExpectedCents, row.feeChargedCents);
        report.rows.append(row);
    }
    std::sort(report.rows.begin(), report.rows.end(), [](const FilingRow &a, const FilingRow &b) {
        if (const int byName = a.entityName.compare(b.entityName, Qt::CaseInsensitive))
            return byName < 0;
        if (a.dueDate != b.dueDate)
            return a.dueDate < b.dueDate;
        if (a.filing != b.filing)
            return a.filing < b.filing;
        return a.key < b.key;
    });
    // Not filed, data missing: no due date and no stored filing, so no window can leave them out; a
    // batch's report leaves them out (they are in no batch) and says how many.
    for (const MissingDataRow &row : missingDataOf(plan)) {
        if (!inPlaces(row.jurisdiction, filter))
            continue;
        if (!filter.batchId.isEmpty()) {
            ++report.missingDataLeftOut;
            continue;
        }
        report.missingData.append(row);
    }
    std::stable_sort(report.missingData.begin(), report.missingData.end(),
                     [](const MissingDataRow &a, const MissingDataRow &b) {
                         return a.entityName.compare(b.entityName, Qt::CaseInsensitive) < 0;
                     });
    return report;
}

bool loadFilingsReport(const ReportSource &source, const FilingsFilter &filter, FilingsReport *report,
                       QString *error, const QDate &asOf) {
    ReportStore store;
    if (!store.open(source, error))
        return false;
    ReportProvenance provenance;
    provenance.producedBy = host::osUser();
    provenance.host = host::hostName();
    provenance.producedAtUtc = QDateTime::currentDateTimeUtc();
    // Tasks first, then the trail: whatever the rows show happened is in the trail up to the head the
    // report names (a running desk may append meanwhile; those rows are after the head).
    const QList<FilingTask> tasks = store.tasks();
    QList<Entity> entities;
    if (!store.loadRegister(&entities, error)) {
        *error = QStringLiteral("cannot read the entity register: %1").arg(*error);
        return false;
    }
    QList<AuditEntry> rows;
    if (!store.readTrail(&provenance.trail, &rows, error))
        return false;
    QSet<QString> batchIds;
    for (const FilingTask &t : tasks)
        batchIds.insert(t.batchId);
    batchIds.remove(QString());
    const QDate statusDate = asOf.isValid() ? asOf : provenance.producedAtUtc.toLocalTime().date();
    // The built-in rules, as the console and `filingdesk run` plan by default: only what needs data is
    // taken from the plan.
    *report = buildFilingsReport(tasks, AuditAttribution(rows, batchIds), filter, statusDate,
                                 planRegister(entities, RuleSet::builtIn(), statusDate));
    report->provenance = provenance;
    report->batchFound = filter.batchId.isEmpty() || batchIds.contains(filter.batchId);
    return true;
}

} // namespace fd::report
