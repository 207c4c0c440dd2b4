#pragma once

#include <QSortFilterProxyModel>

namespace fd::ui {

/// Sorts the Fleet view (MemberModel) by SortRole, so that numbers and times sort as such; lost members
/// come after the live ones whatever the column and order, so the fleet at work is at the top.
///
/// Thread affinity: GUI thread.
class MemberSortProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit MemberSortProxy(QObject *parent = nullptr);

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
};

} // namespace fd::ui
