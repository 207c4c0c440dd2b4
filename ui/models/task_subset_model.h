#pragma once

#include "engine/audit/audit_store.h"
#include "engine/model/filing_task.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

namespace fd::ui {

/// A table of the tasks that currently satisfy accepts() — the dead letters, or the statutory halts and
/// reconciliation exceptions. Subclasses define the predicate and the columns. In team mode it also knows
/// which tasks someone has open for review (setReviews(): "in review by NAME on HOST since TIME UTC"), shown
/// in the subclass's reviewColumn() and found by free-text search.
///
/// Thread affinity: GUI thread. applyTasks() takes one coalesced engine batch and turns it into at most one
/// insertion, a few removal ranges and a few dataChanged ranges.
class TaskSubsetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    void applyTasks(const QList<fd::FilingTask> &tasks);
    const FilingTask &taskAt(int row) const { return m_tasks.at(row); }
    int rowOfKey(const QString &key) const { return m_rowOfKey.value(key, -1); }

    /// Every open review of the team (Engine::reviewsChanged): idempotency key -> "in review by …". The rows
    /// whose review changed are announced with one dataChanged range.
    void setReviews(const QHash<QString, QString> &reviews);
    /// Each entity's owner as the entity register has it now (entity id -> owner): who answers for a filing
    /// is the register's word, not what the entity said when the filing was admitted (OwnerRole: "My
    /// filings"). An entity the register does not hold keeps its filing's owner.
    void setRegisterOwners(const QHash<QString, QString> &owners);
    /// "in review by NAME on HOST since TIME UTC", or empty when nobody has `key` open for review.
    QString reviewOf(const QString &key) const { return m_reviews.value(key); }
    /// The column that shows the review, -1 when there is none.
    virtual int reviewColumn() const { return -1; }

    /// The notes people wrote on items (the audit trail's "note" rows: author, time, text), idempotency
    /// key -> oldest first. Shown in notesColumn() (count and the latest, every note in the tooltip) and
    /// found by free-text search.
    void setNotes(const QHash<QString, QList<fd::AuditEntry>> &notes);
    QList<AuditEntry> notesOf(const QString &key) const { return m_notes.value(key); }
    virtual int notesColumn() const { return -1; }

Q_SIGNALS:
    /// Tasks that entered this subset in the last batch (for notifications).
    void tasksArrived(const QList<fd::FilingTask> &tasks);

protected:
    virtual bool accepts(const FilingTask &task) const = 0;
    virtual QVariant cellText(const FilingTask &task, int column) const = 0;
    /// Value used for sorting a column; by default the cell text.
    virtual QVariant cellSortValue(const FilingTask &task, int column) const {
        return cellText(task, column);
    }

private:
    void rebuildIndex();

    QList<FilingTask> m_tasks;
    QHash<QString, int> m_rowOfKey;
    QHash<QString, QString> m_reviews;
    QHash<QString, QList<AuditEntry>> m_notes;
    QHash<QString, QString> m_registerOwners; ///< setRegisterOwners()
};

} // namespace fd::ui
