#include "app/filingdesk/commands/needs_data_json.h"

#include <QJsonObject>

namespace fd {

QJsonArray obligationsNeedingDataJson(const QList<RowPlan> &plan) {
    QJsonArray out;
    for (const RowPlan &row : plan) {
        for (const ObligationNeed &need : row.needs)
            out.append(QJsonObject{{QStringLiteral("file"), row.file},
                                   {QStringLiteral("line"), row.line},
                                   {QStringLiteral("entity_id"), row.entity->entityId},
                                   {QStringLiteral("entity"), row.entity->name},
                                   {QStringLiteral("jurisdiction"), row.entity->jurisdiction},
                                   {QStringLiteral("rule_id"), need.ruleId},
                                   {QStringLiteral("filing_type"), need.filingType},
                                   {QStringLiteral("filing"), need.filingName},
                                   {QStringLiteral("missing"), need.missingField},
                                   {QStringLiteral("reason"), need.reason}});
    }
    return out;
}

} // namespace fd
