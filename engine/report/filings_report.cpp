#include "engine/report/filings_report.h"
#include "engine/core/host_identity.h"

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

bool passes(const FilingTask &task, const FilingsFilter &filter) {
    const QDate due = task.obligation.dueDate;
    if (filter.fromDue.isValid() && (!due.isValid() || due < filter.fromDue))
        return false;
    if (filter.toDue.isValid() && (!due.isValid() || due > filter.toDue))
        return false;
    return filter.batchId.isEmpty() || task.batchId == filter.batchId;
}

} // namespace

FilingsReport buildFilingsReport(const QList<FilingTask> &tasks, const AuditAttribution &audit,
                                 const FilingsFilter &filter, const QDate &asOf) {
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
    QList<AuditEntry> rows;
    if (!store.readTrail(&provenance.trail, &rows, error))
        return false;
    QSet<QString> batchIds;
    for (const FilingTask &t : tasks)
        batchIds.insert(t.batchId);
    batchIds.remove(QString());
    *report = buildFilingsReport(tasks, AuditAttribution(rows, batchIds), filter,
                                 asOf.isValid() ? asOf : provenance.producedAtUtc.toLocalTime().date());
    report->provenance = provenance;
    report->batchFound = filter.batchId.isEmpty() || batchIds.contains(filter.batchId);
    return true;
}

} // namespace fd::report
