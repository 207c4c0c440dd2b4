#pragma once

#include "ui/models/task_subset_model.h"

#include <QDate>

namespace fd::ui {

/// The legal-ops review queue: statutory halts and reconciliation exceptions (tasks in FAILED_STATUTORY),
/// with the rule and citation, the reason, the due date and the penalty exposure. Thread affinity: GUI
/// thread.
class ExceptionModel : public TaskSubsetModel {
    Q_OBJECT
public:
    enum Column {
        EntityColumn,
        JurisdictionColumn,
        KindColumn,
        CodeColumn,
        ReasonColumn,
        DueDateColumn,
        PenaltyColumn,
        RuleColumn,
        CitationColumn,
        ConfirmationColumn,
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
    void setAsOf(const QDate &asOf) { m_asOf = asOf; }
    /// "Reconciliation exception" or "Statutory halt".
    static QString kindLabel(const FilingTask &task);

protected:
    bool accepts(const FilingTask &task) const override;
    QVariant cellText(const FilingTask &task, int column) const override;
    QVariant cellSortValue(const FilingTask &task, int column) const override;

private:
    qint64 exposure(const FilingTask &task) const;
    QDate m_asOf;
};

} // namespace fd::ui
