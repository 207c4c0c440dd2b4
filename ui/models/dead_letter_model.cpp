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
        return task.lastErrorCode == QLatin1String("WITHDRAWN") ? tr("withdrawn")
                                                                : categoryName(task.lastCategory);
    case CodeColumn:
        return task.lastErrorCode;
    case AttemptsColumn:
        return task.attempts;
    case LastErrorColumn:
        return task.lastErrorMessage;
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
        return tr("Last error");
    case TraceIdColumn:
        return tr("Trace id");
    case UpdatedColumn:
        return tr("Since");
    case KeyColumn:
        return tr("Idempotency key");
    case ReviewColumn:
        return tr("Review");
    case NotesColumn:
        return tr("Notes");
    default:
        return QVariant();
    }
}

} // namespace fd::ui
