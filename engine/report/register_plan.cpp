#include "engine/report/register_plan.h"

#include "engine/register/register_merge.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace fd::report {

QList<RowPlan> planRegister(const QList<Entity> &entities, const RuleSet &rules, const QDate &asOf) {
    // The register is the truth here; the "file" is the register itself, one row per record.
    ImportResult import;
    import.file = QStringLiteral("entity register");
    import.format = QStringLiteral("filingdesk");
    QHash<QString, Entity> records;
    int line = 0;
    for (const Entity &e : entities) {
        ImportedRow row;
        row.ok = true;
        row.line = ++line;
        row.entity = e;
        import.rows.append(row);
        records.insert(e.entityId, e);
    }
    return planObligations(EntityRegister::asPlanned(import, records), rules, asOf);
}

QList<Obligation> planPastOccurrences(const Entity &entity, const RuleSet &rules, const QDate &since,
                                      const QDate &asOf) {
    QList<Obligation> past;
    if (!since.isValid() || !asOf.isValid() || since >= asOf)
        return past;
    QSet<QString> seen;
    QDate from = since;
    // Each round finds at least the earliest occurrence left before asOf; a rule due every year for a
    // decade of neglect takes ten rounds. The bound only guards against a rule that never advances.
    for (int round = 0; round < 400 && from < asOf; ++round) {
        const RowPlan plan = planEntity(entity, rules, from);
        QDate earliest;
        for (const Obligation &o : plan.obligations) {
            if (!o.dueDate.isValid() || o.dueDate < from || o.dueDate >= asOf)
                continue;
            if (!earliest.isValid() || o.dueDate < earliest)
                earliest = o.dueDate;
            const QString key = o.idempotencyKey();
            if (!seen.contains(key)) {
                seen.insert(key);
                past.append(o);
            }
        }
        if (!earliest.isValid())
            break;
        from = earliest.addDays(1);
    }
    std::stable_sort(past.begin(), past.end(),
                     [](const Obligation &a, const Obligation &b) { return a.dueDate < b.dueDate; });
    return past;
}

} // namespace fd::report
