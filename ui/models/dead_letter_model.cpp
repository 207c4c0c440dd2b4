#include "ui/models/dead_letter_model.h"

#include "engine/import/iso_codes.h"

#include "ui/models/display_format.h"

namespace fd::ui {

int DeadLetterModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

bool DeadLetterModel::accepts(const FilingTask &task) const {
    return task.state == ExecutionState::DeadLetter;
}

QVariant DeadLetterModel::cellText(const FilingTask &task, int column) const {
    switch (column) {
    case EntityColumn:
        return task.obligation.entity->name;
    case JurisdictionColumn:
        return placeLabel(task.obligation.jurisdiction);
    case CategoryColumn:
        if (task.lastErrorCode == QLatin1String("WITHDRAWN"))
            return tr("Withdrawn");
        // Why it could not be filed, in people's words (the engine's category is in the tooltip).
        switch (task.lastCategory) {
        case ErrorCategory::Transient:
            return tr("Registry kept failing");
        case ErrorCategory::Statutory:
            return tr("Legal requirement not met");
        case ErrorCategory::Validation:
            return tr("Data the registry would not accept");
        case ErrorCategory::System:
            return tr("FilingDesk or network problem");
        case ErrorCategory::Reconciliation:
            return tr("Receipt does not match");
        case ErrorCategory::None:
            break;
        }
        return QString();
    case CodeColumn:
        return task.lastErrorCode;
    case AttemptsColumn:
        return task.attempts;
    case LastErrorColumn:
        return lastMessageForPeople(task);
    case TraceIdColumn:
        return task.traceId;
    case UpdatedColumn:
        return formatDateTime(task.updatedUtc);
    case KeyColumn:
        return task.key;
    case ReviewColumn:
        return reviewOf(task.key);
    default:
        return QVariant();
    }
}

QVariant DeadLetterModel::cellSortValue(const FilingTask &task, int column) const {
    if (column == UpdatedColumn)
        return task.updatedUtc;
    return cellText(task, column);
}

QVariant DeadLetterModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case EntityColumn:
        return tr("Entity");
    case JurisdictionColumn:
        return tr("Jurisdiction");
    case CategoryColumn:
        return tr("Category");
    case CodeColumn:
        return tr("Code");
    case AttemptsColumn:
        return tr("Attempts");
    case LastErrorColumn:
        return tr("Registry's answer");
    case TraceIdColumn:
        return tr("Support reference");
    case UpdatedColumn:
        return tr("Since");
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
