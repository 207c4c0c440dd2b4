#pragma once

#include <Qt>

namespace fd::ui {

/// Roles every FilingDesk item model answers, so that one filter proxy and the views can work on any of them
/// without knowing the concrete model.
enum ItemRole {
    KeyRole = Qt::UserRole + 1, ///< QString: idempotency key (tasks) or row id (plan rows without a task)
    SortRole,                   ///< QVariant comparable value of the cell (numbers, dates) for sorting
    StateRole,        ///< QString: execution state name, or PLANNED / NEEDS_DATA / OUT_OF_SCOPE / ROW_ERROR
    JurisdictionRole, ///< QString: "US-DE"
    DaysLeftRole,     ///< int: days from the as-of date to the due date; invalid QVariant without one
    SearchFieldsRole, ///< QStringList: what free-text search looks at (key, entity, confirmation ...)
    EntityIdRole,     ///< QString
    CategoryRole,     ///< QString: error category name ("validation", "statutory" ...)
    OwnerRole,        ///< QString: the entity's owner from the register ("" when nobody is named)
    ComplianceRole,   ///< QString: complianceName() of the row ("overdue", "needs_data" ...), "" when none
    WithdrawnRole,    ///< bool: a filing a person withdrew (DEAD_LETTER, will not file)
    WithdrawableRole, ///< bool: a filing a person may withdraw now (fd::isWithdrawable)
    /// bool: a reconciliation exception the registry gave a confirmation number for: what "Accept as filed"
    /// takes (Engine::resolve refuses any other)
    AcceptableAsFiledRole,
};

} // namespace fd::ui
