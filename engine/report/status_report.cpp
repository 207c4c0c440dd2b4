#include "engine/report/status_report.h"
#include "engine/core/host_identity.h"

#include "engine/report/register_plan.h"
#include "engine/report/report_store.h"

#include <QSet>

#include <algorithm>

namespace fd::report {

int StatusCounts::total() const {
    return filed + due30 + due60 + due90 + dueLater + overdue + needsData + halted + willNotFile;
}

namespace {

constexpr int kAtRiskDueDays = 30;

// What missing the due date costs: the penalty owed once it has passed, or today's if already late.
qint64 exposureOf(const Obligation &o, const QDate &asOf) {
    const qint64 daysLate = o.dueDate.isValid() ? -asOf.daysTo(o.dueDate) : 1;
    return o.penaltyExposureCents(int(qMax<qint64>(1, daysLate)));
}

void countDue(StatusCounts *counts, qint64 daysLeft) {
    if (daysLeft <= 30)
        ++counts->due30;
    else if (daysLeft <= 60)
        ++counts->due60;
    else if (daysLeft <= 90)
        ++counts->due90;
    else
        ++counts->dueLater;
}

class StatusBuilder {
public:
    StatusBuilder(const QDate &asOf, const QStringList &jurisdictions) {
        m_report.asOf = asOf;
        m_report.jurisdictions = jurisdictions;
    }

    bool wanted(const QString &jurisdiction) const {
        return m_report.jurisdictions.isEmpty() || m_report.jurisdictions.contains(jurisdiction);
    }

    void addTask(const FilingTask &task) {
        const Obligation &o = task.obligation;
        if (!wanted(o.jurisdiction))
            return;
        const Compliance status = complianceOf(task, m_report.asOf);
        const qint64 daysLeft = o.dueDate.isValid() ? m_report.asOf.daysTo(o.dueDate) : 0;
        StatusCounts &place = m_report.byJurisdiction[o.jurisdiction];
        for (StatusCounts *counts : {&place, &m_report.overall}) {
            switch (status) {
            case Compliance::Filed:
            case Compliance::FiledFeeDiffers:
                ++counts->filed;
                break;
            case Compliance::WillNotFile:
                ++counts->willNotFile;
                break;
            case Compliance::Halted:
                ++counts->halted;
                break;
            case Compliance::Overdue:
                ++counts->overdue;
                break;
            case Compliance::NeedsData: // not a task's status: complianceOf() never says it
                ++counts->needsData;
                break;
            case Compliance::Due:
                countDue(counts, daysLeft);
                break;
            }
        }
        const bool settled = status == Compliance::Filed || status == Compliance::FiledFeeDiffers ||
                             status == Compliance::WillNotFile;
        const qint64 exposure = settled ? 0 : exposureOf(o, m_report.asOf);
        place.exposureCents += exposure;
        m_report.overall.exposureCents += exposure;
        const bool atRisk = status == Compliance::Overdue || status == Compliance::Halted ||
                            (status == Compliance::Due && daysLeft <= kAtRiskDueDays);
        if (!atRisk)
            return;
        StatusItem item = itemOf(o, status, exposure);
        if (status == Compliance::Halted) {
            item.haltCode = task.lastErrorCode;
            item.reason = lastMessageForPeople(task);
        }
        m_report.atRisk.append(item);
    }

    // An obligation whose due date passed while FilingDesk knew the entity, and that was never admitted: it
    // is overdue like a stored filing that was not sent.
    void addPast(const Obligation &o) {
        if (!wanted(o.jurisdiction))
            return;
        const qint64 exposure = exposureOf(o, m_report.asOf);
        StatusCounts &place = m_report.byJurisdiction[o.jurisdiction];
        for (StatusCounts *counts : {&place, &m_report.overall}) {
            ++counts->overdue;
            counts->exposureCents += exposure;
        }
        StatusItem item = itemOf(o, Compliance::Overdue, exposure);
        item.planned = true;
        m_report.atRisk.append(item);
    }

    void addPlanned(const Obligation &o) {
        if (!wanted(o.jurisdiction))
            return;
        const qint64 daysLeft = m_report.asOf.daysTo(o.dueDate);
        const qint64 exposure = exposureOf(o, m_report.asOf);
        StatusCounts &place = m_report.byJurisdiction[o.jurisdiction];
        for (StatusCounts *counts : {&place, &m_report.overall}) {
            countDue(counts, daysLeft);
            counts->exposureCents += exposure;
        }
        if (daysLeft <= kAtRiskDueDays) {
            StatusItem item = itemOf(o, Compliance::Due, exposure);
            item.planned = true;
            m_report.atRisk.append(item);
        }
    }

    void addNeedsData(const Entity &entity, const QString &filing, const QString &missing,
                      const QString &reason) {
        if (!wanted(entity.jurisdiction))
            return;
        ++m_report.byJurisdiction[entity.jurisdiction].needsData;
        ++m_report.overall.needsData;
        StatusItem item;
        item.entityName = entity.name;
        item.entityId = entity.entityId;
        item.jurisdiction = entity.jurisdiction;
        item.filing = filing;
        item.status = Compliance::NeedsData;
        item.missingField = missing;
        item.reason = reason;
        item.planned = true;
        m_report.atRisk.append(item);
    }

    StatusReport take() {
        std::sort(m_report.atRisk.begin(), m_report.atRisk.end(),
                  [](const StatusItem &a, const StatusItem &b) {
                      if (const int byName = a.entityName.compare(b.entityName, Qt::CaseInsensitive))
                          return byName < 0;
                      if (a.dueDate.isValid() != b.dueDate.isValid())
                          return a.dueDate.isValid(); // unknown dates last
                      if (a.dueDate != b.dueDate)
                          return a.dueDate < b.dueDate;
                      return a.filing < b.filing;
                  });
        return std::move(m_report);
    }

private:
    StatusItem itemOf(const Obligation &o, Compliance status, qint64 exposure) const {
        StatusItem item;
        item.entityName = o.entity->name;
        item.entityId = o.entity->entityId;
        item.jurisdiction = o.jurisdiction;
        item.filing = o.filingName;
        item.period = o.filingYear;
        item.dueDate = o.dueDate;
        item.status = status;
        item.daysLeft = o.dueDate.isValid() ? int(m_report.asOf.daysTo(o.dueDate)) : 0;
        item.exposureCents = exposure;
        return item;
    }

    StatusReport m_report;
};

} // namespace

StatusReport buildStatusReport(const QList<FilingTask> &tasks, const QList<RowPlan> &plan, const QDate &asOf,
                               const QList<Obligation> &pastDue, const QStringList &jurisdictions) {
    StatusBuilder builder(asOf, jurisdictions);
    QSet<QString> stored;
    for (const FilingTask &task : tasks) {
        stored.insert(task.key);
        builder.addTask(task);
    }
    // A register may hold an entity twice only under two ids; a key planned twice still counts once.
    QSet<QString> planned;
    for (const Obligation &o : pastDue) {
        const QString key = o.idempotencyKey();
        if (!o.dueDate.isValid() || o.dueDate >= asOf || stored.contains(key) || planned.contains(key))
            continue;
        planned.insert(key);
        builder.addPast(o);
    }
    for (const RowPlan &row : plan) {
        if (row.outcome == RowOutcome::Obligations) {
            for (const Obligation &o : row.obligations) {
                const QString key = o.idempotencyKey();
                if (stored.contains(key) || planned.contains(key))
                    continue;
                planned.insert(key);
                builder.addPlanned(o);
            }
        }
        if (row.outcome == RowOutcome::Obligations || row.outcome == RowOutcome::NeedsData) {
            for (const ObligationNeed &need : row.needs)
                builder.addNeedsData(row.entity, need.filingName, need.missingField, need.reason);
        }
        // No rule can be chosen (jurisdiction or entity type unknown): the entity itself needs data.
        if (row.outcome == RowOutcome::NeedsData && row.needs.isEmpty())
            builder.addNeedsData(row.entity, QString(), row.missing.join(QStringLiteral(", ")), row.reason);
    }
    return builder.take();
}

QList<Obligation> pastDueOf(const QList<RowPlan> &plan, const RuleSet &rules,
                            const QHash<QString, QDateTime> &firstSeen, const QDate &asOf) {
    QList<Obligation> past;
    for (const RowPlan &row : plan) {
        if (row.outcome != RowOutcome::Obligations && row.outcome != RowOutcome::NeedsData)
            continue;
        const auto seen = firstSeen.constFind(row.entity->entityId);
        if (seen == firstSeen.constEnd() || !seen->isValid())
            continue; // the trail never named it: nothing is known about what was due before
        past += planPastOccurrences(row.entity, rules, seen->toUTC().date(), asOf);
    }
    return past;
}

bool loadStatusReport(const ReportSource &source, const QDate &asOf, StatusReport *report, QString *error,
                      const QString &rulesPath, const QStringList &jurisdictions) {
    RuleSet rules;
    if (rulesPath.isEmpty())
        rules = RuleSet::builtIn();
    else if (!rules.loadFromFile(rulesPath, error))
        return false;
    ReportStore store;
    if (!store.open(source, error))
        return false;
    ReportProvenance provenance;
    provenance.producedBy = host::osUser();
    provenance.host = host::hostName();
    provenance.producedAtUtc = QDateTime::currentDateTimeUtc();
    provenance.rulesVersion = rules.version();
    const QList<FilingTask> tasks = store.tasks();
    QList<Entity> entities;
    if (!store.loadRegister(&entities, error)) {
        *error = QStringLiteral("cannot read the entity register: %1").arg(*error);
        return false;
    }
    QList<AuditEntry> unused; // the status report names the trail's head; it attributes nothing
    QHash<QString, QDateTime> firstSeen;
    if (!store.readTrail(&provenance.trail, &unused, error, &firstSeen))
        return false;
    const QList<RowPlan> plan = planRegister(entities, rules, asOf);
    *report = buildStatusReport(tasks, plan, asOf, pastDueOf(plan, rules, firstSeen, asOf), jurisdictions);
    report->provenance = provenance;
    return true;
}

} // namespace fd::report
