#include "engine/report/register_plan.h"

#include "engine/register/register_merge.h"

#include <QHash>

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

} // namespace fd::report
