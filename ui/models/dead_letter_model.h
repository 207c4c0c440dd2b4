#pragma once

#include "ui/models/task_subset_model.h"

namespace fd::ui {

/// The dead letters: tasks in DEAD_LETTER (retries exhausted, validation quarantine, or withdrawn), with what
/// an operator needs to decide on a replay. Thread affinity: GUI thread.
class DeadLetterModel : public TaskSubsetModel {
    Q_OBJECT
public:
    enum Column {
        EntityColumn,
        JurisdictionColumn,
        CategoryColumn,
        CodeColumn,
        AttemptsColumn,
        LastErrorColumn,
        TraceIdColumn,
        UpdatedColumn,
        KeyColumn,
        ReviewColumn, ///< team mode: "in review by NAME on HOST since TIME UTC" (shown next to the entity)
        NotesColumn,  ///< the notes people wrote on the item: count, the latest (author, time), all in the
                      ///< tooltip
        ColumnCount
    };
    Q_ENUM(Column)

    using TaskSubsetModel::TaskSubsetModel;

    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    int reviewColumn() const override { return ReviewColumn; }
    int notesColumn() const override { return NotesColumn; }

protected:
    bool accepts(const FilingTask &task) const override;
    QVariant cellText(const FilingTask &task, int column) const override;
    QVariant cellSortValue(const FilingTask &task, int column) const override;
};

} // namespace fd::ui
