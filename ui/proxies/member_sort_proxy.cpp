#include "ui/proxies/member_sort_proxy.h"

#include "ui/models/item_roles.h"

namespace fd::ui {

MemberSortProxy::MemberSortProxy(QObject *parent)
    : QSortFilterProxyModel(parent) {
    setSortRole(SortRole);
    setDynamicSortFilter(true);
}

bool MemberSortProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const {
    const bool leftLost = left.data(StateRole).toString() == QLatin1String("LOST");
    const bool rightLost = right.data(StateRole).toString() == QLatin1String("LOST");
    if (leftLost != rightLost) {
        // Live first in either order: invert for a descending sort, which reverses lessThan's answer.
        const bool liveFirst = !leftLost;
        return sortOrder() == Qt::AscendingOrder ? liveFirst : !liveFirst;
    }
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace fd::ui
