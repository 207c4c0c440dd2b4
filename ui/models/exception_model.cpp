#include "ui/models/exception_model.h"

#include "engine/import/iso_codes.h"

#include "ui/models/display_format.h"

namespace fd::ui {

int ExceptionModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

bool ExceptionModel::accepts(const FilingTask &task) const {
    return task.state == ExecutionState::FailedStatutory;
}

QString ExceptionModel::kindLabel(const FilingTask &task) {
    return task.lastCategory == ErrorCategory::Reconciliation ? tr("Reconciliation exception")
                                                              : tr("Statutory halt");
}

qint64 ExceptionModel::exposure(const FilingTask &task) const {
    const QDate asOf = m_asOf.isValid() ? m_asOf : QDate::currentDate();
    const qint64 daysLate =
        asOf.daysTo(task.obligation.dueDate) < 0 ? -asOf.daysTo(task.obligation.dueDate) : 1;
    return task.obligation.penaltyExposureCents(int(daysLate));
}

QVariant ExceptionModel::cellText(const FilingTask &task, int column) const {
    switch (column) {
    case EntityColumn:
        return task.obligation.entity->name;
    case JurisdictionColumn:
        return placeLabel(task.obligation.jurisdiction);
    case KindColumn:
        return kindLabel(task);
    case CodeColumn:
        return task.lastErrorCode;
    case ReasonColumn:
        return task.lastErrorMessage;
    case DueDateColumn:
        return formatDate(task.obligation.dueDate);
    case PenaltyColumn:
        return formatCents(exposure(task));
    case RuleColumn:
        return task.obligation.ruleId;
    case CitationColumn:
        return task.obligation.citation;
    case ConfirmationColumn:
        return task.confirmationNumber;
    case KeyColumn:
        return task.key;
    case ReviewColumn:
        return reviewOf(task.key);
    default:
        return QVariant();
    }
}

QVariant ExceptionModel::cellSortValue(const FilingTask &task, int column) const {
    if (column == DueDateColumn)
        return task.obligation.dueDate;
    if (column == PenaltyColumn)
        return exposure(task);
    return cellText(task, column);
}

QVariant ExceptionModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case EntityColumn:
        return tr("Entity");
    case JurisdictionColumn:
        return tr("Jurisdiction");
    case KindColumn:
        return tr("Kind");
    case CodeColumn:
        return tr("Code");
    case ReasonColumn:
        return tr("Reason");
    case DueDateColumn:
        return tr("Due");
    case PenaltyColumn:
        return tr("Penalty exposure");
    case RuleColumn:
        return tr("Rule");
    case CitationColumn:
        return tr("Citation");
    case ConfirmationColumn:
        return tr("Confirmation");
    case KeyColumn:
        return tr("Filing reference");
    case ReviewColumn:
        return tr("Review");
    case NotesColumn:
        return tr("Notes");
    default:
        return QVariant();
    }
}

} // namespace fd::ui
