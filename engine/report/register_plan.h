#pragma once

#include "engine/rules/obligation_planner.h"

#include <QList>

namespace fd::report {

/// The obligations of every entity in the register as of `asOf`, planned exactly as the console re-plans an
/// entity and as `filingdesk calendar --db/--ledger` plans a portfolio: each record through
/// EntityRegister::asPlanned() (its jurisdiction resolved again, its type from the name's suffix when
/// unknown) and planObligations(). One RowPlan per record, in the register's order. Pure; any thread.
QList<RowPlan> planRegister(const QList<Entity> &entities, const RuleSet &rules, const QDate &asOf);

} // namespace fd::report
