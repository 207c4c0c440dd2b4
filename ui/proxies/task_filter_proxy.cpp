#include "ui/proxies/task_filter_proxy.h"

#include "ui/models/item_roles.h"

namespace fd::ui {

TaskFilterProxy::TaskFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent) {
    setSortRole(SortRole);
    setDynamicSortFilter(true);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void TaskFilterProxy::setStates(const QStringList &states) {
    const QSet<QString> set(states.cbegin(), states.cend());
    if (set == m_states)
        return;
    m_states = set;
    invalidateFilter();
}

void TaskFilterProxy::setJurisdiction(const QString &jurisdiction) {
    if (jurisdiction == m_jurisdiction)
        return;
    m_jurisdiction = jurisdiction;
    invalidateFilter();
}

void TaskFilterProxy::setCategory(const QString &category) {
    if (category == m_category)
        return;
    m_category = category;
    invalidateFilter();
}

void TaskFilterProxy::setDueWithinDays(int days) {
    if (days == m_dueWithinDays)
        return;
    m_dueWithinDays = days;
    invalidateFilter();
}

void TaskFilterProxy::setSearchText(const QString &text) {
    const QString trimmed = text.trimmed();
    if (trimmed == m_search)
        return;
    m_search = trimmed;
    invalidateFilter();
}

void TaskFilterProxy::setOwner(const QString &owner) {
    const QString trimmed = owner.trimmed();
    if (trimmed == m_owner)
        return;
    m_owner = trimmed;
    invalidateFilter();
}

void TaskFilterProxy::setCompliance(const QStringList &statuses) {
    const QSet<QString> wanted(statuses.cbegin(), statuses.cend());
    if (wanted == m_compliance)
        return;
    m_compliance = wanted;
    invalidateFilter();
}

bool TaskFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const {
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    // A withdrawn filing is a dead letter to the engine, but nobody needs to act on it: it has a progress
    // filter of its own (kWithdrawnState), and "could not be filed" leaves it out.
    if (!m_states.isEmpty() &&
        !m_states.contains(index.data(WithdrawnRole).toBool() ? QString::fromLatin1(kWithdrawnState)
                                                              : index.data(StateRole).toString()))
        return false;
    if (!m_jurisdiction.isEmpty() && index.data(JurisdictionRole).toString() != m_jurisdiction)
        return false;
    if (!m_category.isEmpty() && index.data(CategoryRole).toString() != m_category)
        return false;
    if (!m_owner.isEmpty() && index.data(OwnerRole).toString().compare(m_owner, Qt::CaseInsensitive) != 0)
        return false;
    if (!m_compliance.isEmpty() && !m_compliance.contains(index.data(ComplianceRole).toString()))
        return false;
    if (m_dueWithinDays >= 0) {
        const QVariant left = index.data(DaysLeftRole);
        // A filing whose date is unknown (it needs data first) is in every window: "date unknown", not gone.
        if (!left.isValid() ? index.data(StateRole).toString() != QLatin1String("NEEDS_DATA")
                            : left.toInt() > m_dueWithinDays)
            return false;
    }
    if (m_search.isEmpty())
        return true;
    const QStringList fields = index.data(SearchFieldsRole).toStringList();
    // The key is matched by prefix (people paste the first characters of a hash); the rest by substring.
    if (!fields.isEmpty() && fields.first().startsWith(m_search, Qt::CaseInsensitive))
        return true;
    for (qsizetype i = 1; i < fields.size(); ++i) {
        if (fields.at(i).contains(m_search, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

QStringList TaskFilterProxy::matchingKeys() const {
    QStringList keys;
    keys.reserve(rowCount());
    for (int row = 0; row < rowCount(); ++row)
        keys.append(index(row, 0).data(KeyRole).toString());
    return keys;
}

} // namespace fd::ui
