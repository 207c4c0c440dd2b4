// A filing task to write into a store in tests: a Delaware LLC's annual franchise tax for 2027.
#pragma once

#include "engine/model/filing_task.h"

#include <QtCore/QDateTime>
#include <QtCore/QString>

namespace fd::test {

/// The task of entity `prefix`-E`i` ("`prefix` Holdings `i` LLC"): US-DE annual tax 2027, due 2027-06-01,
/// fee $300.00, score 1000 - i (task 0 first), PENDING.
inline FilingTask sampleTask(const QString &prefix, int i) {
    Obligation o;
    o.entity.edit().entityId = QStringLiteral("%1-E%2").arg(prefix).arg(i);
    o.entity.edit().name = QStringLiteral("%1 Holdings %2 LLC").arg(prefix).arg(i);
    o.entity.edit().type = EntityType::Llc;
    o.entity.edit().jurisdiction = QStringLiteral("US-DE");
    o.entity.edit().status = QStringLiteral("active");
    o.ruleId = QStringLiteral("US-DE.LLC.ANNUAL_TAX.2014");
    o.rulesVersion = QStringLiteral("ledger-test-1");
    o.jurisdiction = QStringLiteral("US-DE");
    o.filingType = QStringLiteral("ANNUAL_TAX");
    o.filingName = QStringLiteral("Annual Franchise Tax");
    o.filingYear = 2027;
    o.dueDate = QDate(2027, 6, 1);
    o.feeCents = 30000;
    FilingTask t;
    t.obligation = o;
    t.key = o.idempotencyKey();
    t.score = 1000.0 - i;
    t.updatedUtc = QDateTime::currentDateTimeUtc();
    return t;
}

} // namespace fd::test
