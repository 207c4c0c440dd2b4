#include "engine/calendar/calendar_export_types.h"

#include <QSet>

namespace fd {

int undatedFilingCount(const QList<RowPlan> &plan) {
    QSet<QString> seen;
    for (const RowPlan &row : plan) {
        // The same entity listed on two lines owes the same filings: counted by entity where it has an id.
        const QString who = row.entity->entityId.isEmpty()
                                ? QStringLiteral("%1:%2").arg(row.file).arg(row.line)
                                : row.entity->entityId;
        for (const ObligationNeed &need : row.needs)
            seen.insert(who + QLatin1Char('\n') + need.ruleId);
        if (row.outcome == RowOutcome::NeedsData && row.needs.isEmpty())
            seen.insert(who + QLatin1Char('\n'));
    }
    return int(seen.size());
}

} // namespace fd
