#include "ui/models/task_subset_model.h"

#include "ui/models/item_roles.h"
#include "ui/models/row_ranges.h"

#include <QBrush>
#include <QColor>
#include <QSet>

#include <algorithm>

namespace fd::ui {

int TaskSubsetModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_tasks.size());
}

Qt::ItemFlags TaskSubsetModel::flags(const QModelIndex &index) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QVariant TaskSubsetModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const FilingTask &task = m_tasks.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return cellText(task, index.column());
    case Qt::ToolTipRole:
        return cellText(task, index.column());
    case Qt::BackgroundRole:
        // A review someone has open stands out in its column (amber, as "paused" does elsewhere).
        if (index.column() == reviewColumn() && m_reviews.contains(task.key))
            return QBrush(QColor(0xff, 0xec, 0xb3));
        return QVariant();
    case Qt::ForegroundRole:
        if (index.column() == reviewColumn() && m_reviews.contains(task.key))
            return QBrush(Qt::black);
        return QVariant();
    case KeyRole:
        return task.key;
    case SortRole:
        return cellSortValue(task, index.column());
    case StateRole:
        return stateName(task.state);
    case JurisdictionRole:
        return task.obligation.jurisdiction;
    case DaysLeftRole:
        return QVariant(); // the review queues are not filtered by due window
    case SearchFieldsRole:
        return QStringList{task.key,
                           task.obligation.entity.name,
                           task.obligation.entity.entityId,
                           task.confirmationNumber,
                           task.traceId,
                           task.lastErrorCode,
                           task.lastErrorMessage,
                           m_reviews.value(task.key)};
    case EntityIdRole:
        return task.obligation.entity.entityId;
    case CategoryRole:
        return categoryName(task.lastCategory);
    default:
        return QVariant();
    }
}

void TaskSubsetModel::applyTasks(const QList<FilingTask> &tasks) {
    QList<int> removed;
    QList<FilingTask> added;
    QList<int> changed;
    for (const FilingTask &task : tasks) {
        const int row = m_rowOfKey.value(task.key, -1);
        const bool accepted = accepts(task);
        if (row >= 0 && accepted) {
            m_tasks[row] = task;
            changed.append(row);
        } else if (row >= 0) {
            removed.append(row);
        } else if (accepted) {
            added.append(task);
        }
    }
    // Removals first, from the bottom, one signal per contiguous range; changed rows are re-found afterwards.
    QStringList changedKeys;
    for (int row : std::as_const(changed))
        changedKeys.append(m_tasks.at(row).key);
    if (!removed.isEmpty()) {
        const auto ranges = contiguousRanges(removed, 0);
        for (auto it = ranges.crbegin(); it != ranges.crend(); ++it) {
            beginRemoveRows(QModelIndex(), it->first, it->second);
            m_tasks.remove(it->first, it->second - it->first + 1);
            endRemoveRows();
        }
        rebuildIndex();
    }
    QList<int> changedRows;
    for (const QString &key : std::as_const(changedKeys)) {
        const int row = m_rowOfKey.value(key, -1);
        if (row >= 0)
            changedRows.append(row);
    }
    for (const auto &[first, last] : contiguousRanges(changedRows))
        Q_EMIT dataChanged(index(first, 0), index(last, columnCount() - 1));
    if (!added.isEmpty()) {
        const int first = int(m_tasks.size());
        beginInsertRows(QModelIndex(), first, first + int(added.size()) - 1);
        for (const FilingTask &task : std::as_const(added)) {
            m_rowOfKey.insert(task.key, int(m_tasks.size()));
            m_tasks.append(task);
        }
        endInsertRows();
        Q_EMIT tasksArrived(added);
    }
}

void TaskSubsetModel::setReviews(const QHash<QString, QString> &reviews) {
    QSet<QString> touched;
    for (auto it = m_reviews.cbegin(); it != m_reviews.cend(); ++it)
        if (reviews.value(it.key()) != it.value())
            touched.insert(it.key());
    for (auto it = reviews.cbegin(); it != reviews.cend(); ++it)
        if (m_reviews.value(it.key()) != it.value())
            touched.insert(it.key());
    m_reviews = reviews;
    QList<int> rows;
    for (const QString &key : std::as_const(touched)) {
        const int row = m_rowOfKey.value(key, -1);
        if (row >= 0)
            rows.append(row);
    }
    // Search and the detail pane read the review as well as its column: whole rows changed. One range over
    // all of them, so that a sorting proxy re-sorts them together.
    if (!rows.isEmpty()) {
        const auto [first, last] = std::minmax_element(rows.cbegin(), rows.cend());
        Q_EMIT dataChanged(index(*first, 0), index(*last, columnCount() - 1));
    }
}

void TaskSubsetModel::rebuildIndex() {
    m_rowOfKey.clear();
    for (int i = 0; i < m_tasks.size(); ++i)
        m_rowOfKey.insert(m_tasks.at(i).key, i);
}

} // namespace fd::ui
