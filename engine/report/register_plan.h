#pragma once

#include "engine/rules/obligation_planner.h"

#include <QList>

namespace fd::report {

/// The obligations of every entity in the register as of `asOf`, planned exactly as the console re-plans an
/// entity and as `filingdesk calendar --db/--ledger` plans a portfolio: each record through
/// EntityRegister::asPlanned() (its jurisdiction resolved again, its type from the name's suffix when
/// unknown) and planObligations(). One RowPlan per record, in the register's order. Pure; any thread.
QList<RowPlan> planRegister(const QList<Entity> &entities, const RuleSet &rules, const QDate &asOf);

/// The obligations of `entity` (as planned: RowPlan::entity) whose due dates fell on or after `since` and
/// before `asOf`: the occurrences the planner no longer gives as of `asOf` (it plans each rule's next due
/// date on or after it), found by planning as of `since` and again after each due date found, through the
/// same planEntity() (so fees, penalties and the rule version in force are the planner's). Ordered by due
/// date; empty when `since` is not before `asOf`. Pure; any thread.
QList<Obligation> planPastOccurrences(const Entity &entity, const RuleSet &rules, const QDate &since,
                                      const QDate &asOf);

} // namespace fd::report
