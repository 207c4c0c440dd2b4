#include "ui/models/task_subset_model.h"

#include "engine/calendar/calendar_selection.h"

#include "ui/models/display_format.h"
#include "ui/models/item_roles.h"
#include "ui/models/row_ranges.h"
#include "ui/widgets/task_detail_text.h"

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
    if (index.column() == notesColumn() && index.column() >= 0) {
        const QList<AuditEntry> notes = m_notes.value(task.key);
        if (role == Qt::DisplayRole || role == SortRole) {
            if (notes.isEmpty())
                return QString();
            const AuditEntry &last = notes.constLast();
            return tr("%n note(s) — %1, %2: %3", nullptr, int(notes.size()))
                .arg(last.actor, formatDateTime(last.atUtc), last.reason.section(QLatin1Char('\n'), 0, 0));
        }
        if (role == Qt::ToolTipRole)
            return notes.isEmpty() ? QVariant() : QVariant(notesText(notes));
    }
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
                           task.obligation.entity->name,
                           task.obligation.entity->entityId,
                           task.confirmationNumber,
                           task.traceId,
                           task.lastErrorCode,
                           task.lastErrorMessage,
                           lastMessageForPeople(task),
                           m_reviews.value(task.key),
                           notesText(m_notes.value(task.key))};
    case EntityIdRole:
        return task.obligation.entity->entityId;
    case WithdrawnRole:
        return isWithdrawn(task);
    case WithdrawableRole:
        return isWithdrawable(task);
    case AcceptableAsFiledRole:
        return task.state == ExecutionState::FailedStatutory &&
               task.lastCategory == ErrorCategory::Reconciliation && !task.confirmationNumber.isEmpty();
    case CategoryRole:
        return categoryName(task.lastCategory);
    case OwnerRole:
        return m_registerOwners.value(task.obligation.entity->entityId, task.obligation.entity->owner);
    default:
        return QVariant();
    }
}

void TaskSubsetModel::setRegisterOwners(const QHash<QString, QString> &owners) {
    if (owners == m_registerOwners)
        return;
    m_registerOwners = owners;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {OwnerRole});
}

void TaskSubsetModel::setNotes(const QHash<QString, QList<AuditEntry>> &notes) {
    QList<int> rows;
    for (auto it = m_rowOfKey.cbegin(); it != m_rowOfKey.cend(); ++it) {
        const QList<AuditEntry> before = m_notes.value(it.key());
        const QList<AuditEntry> after = notes.value(it.key());
        if (before.size() != after.size() ||
            (!before.isEmpty() && before.constLast().id != after.constLast().id))
            rows.append(it.value());
    }
    m_notes = notes;
    if (notesColumn() < 0 || rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end());
    Q_EMIT dataChanged(index(rows.first(), notesColumn()), index(rows.last(), notesColumn()));
}

void TaskSubsetModel::applyTasks(const QList<FilingTask> &tasks) {
    QList<int> removed;
    QList<FilingTask> added;
    QHash<QString, FilingTask> changed; // key -> its new task; rows are found after the removals
    QHash<QString, qsizetype> addedAt;  // a key given twice in one batch is one new row, with its last task
    for (const FilingTask &task : tasks) {
        const int row = m_rowOfKey.value(task.key, -1);
        const bool accepted = accepts(task);
        if (row >= 0 && accepted) {
            changed.insert(task.key, task);
        } else if (row >= 0) {
            removed.append(row);
            changed.remove(task.key);
        } else if (accepted) {
            const auto at = addedAt.constFind(task.key);
            if (at != addedAt.constEnd()) {
                added[*at] = task;
            } else {
                addedAt.insert(task.key, added.size());
                added.append(task);
            }
        }
    }
    // Removals first, from the bottom, one signal per contiguous range.
    if (!removed.isEmpty()) {
        const auto ranges = contiguousRanges(removed, 0);
        for (auto it = ranges.crbegin(); it != ranges.crend(); ++it) {
            beginRemoveRows(QModelIndex(), it->first, it->second);
            m_tasks.remove(it->first, it->second - it->first + 1);
            endRemoveRows();
        }
        rebuildIndex();
    }
    // Each range's rows change only when that range is announced, so that a sorting proxy places them against
    // rows that still hold what it last sorted by.
    QHash<int, const FilingTask *> changedAt;
    for (auto it = changed.cbegin(); it != changed.cend(); ++it) {
        const int row = m_rowOfKey.value(it.key(), -1);
        if (row >= 0)
            changedAt.insert(row, &it.value());
    }
    for (const auto &[first, last] : contiguousRanges(changedAt.keys())) {
        for (int row = first; row <= last; ++row) {
            if (const FilingTask *task = changedAt.value(row))
                m_tasks[row] = *task;
        }
        Q_EMIT dataChanged(index(first, 0), index(last, columnCount() - 1));
    }
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
