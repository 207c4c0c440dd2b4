#pragma once

#include "engine/rules/obligation_planner.h"

#include <QJsonArray>
#include <QList>

namespace fd {

/// Every filing of a plan that needs data, one object per filing (RowPlan::needs), for the JSON of
/// `filingdesk run --json` and the calendar report: {"file", "line", "entity_id", "entity", "jurisdiction",
/// "rule_id", "filing_type", "filing", "missing", "reason"}. Rows whose jurisdiction or entity type is
/// unknown block every rule and are listed as rows, not here. Pure function.
QJsonArray obligationsNeedingDataJson(const QList<RowPlan> &plan);

} // namespace fd
