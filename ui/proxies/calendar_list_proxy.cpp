#include "ui/proxies/calendar_list_proxy.h"

#include "ui/models/calendar_filing.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"

namespace fd::ui {

CalendarListProxy::CalendarListProxy(Dates dates, QObject *parent)
    : QSortFilterProxyModel(parent)
    , m_dates(dates) {
    setSortRole(SortRole);
    setDynamicSortFilter(true);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void CalendarListProxy::setDay(const QDate &day) {
    if (day == m_day)
        return;
    m_day = day;
    invalidateFilter();
}

bool CalendarListProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const {
    const CalendarFiling f = calendarFiling(sourceModel()->index(sourceRow, 0, sourceParent));
    if (!f.isFiling)
        return false;
    if (m_dates == Dates::Unknown)
        return !f.due.isValid();
    return f.due.isValid() && (!m_day.isValid() || f.due == m_day);
}

bool CalendarListProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const {
    if (left.column() != ObligationModel::DueDateColumn)
        return QSortFilterProxyModel::lessThan(left, right);
    const CalendarFiling a = calendarFiling(left);
    const CalendarFiling b = calendarFiling(right);
    if (a.due != b.due)
        return a.due < b.due;
    if (const int byName = a.entityName.compare(b.entityName, Qt::CaseInsensitive))
        return byName < 0;
    return a.filing.compare(b.filing, Qt::CaseInsensitive) < 0;
}

QVariant CalendarListProxy::data(const QModelIndex &index, int role) const {
    if (!index.isValid())
        return QVariant();
    if (role == Qt::BackgroundRole) {
        const QColor colour = toneColour(calendarFiling(index).tone);
        return colour.isValid() ? QVariant(colour) : QVariant();
    }
    if (role == Qt::DisplayRole && index.column() == ObligationModel::ComplianceColumn) {
        // "! Due in 5 day(s)", "!! Overdue by 3 day(s)": the symbol and the distance say what the colour
        // says.
        const CalendarFiling f = calendarFiling(index);
        const QVariant left = index.data(DaysLeftRole);
        if (left.isValid() && f.compliance == Compliance::Due && f.tone == CalendarTone::DueSoon) {
            if (left.toInt() == 0)
                return tr("%1 %2 today").arg(toneSymbol(f.tone), f.status);
            return tr("%1 %2 in %n day(s)", nullptr, left.toInt()).arg(toneSymbol(f.tone), f.status);
        }
        if (left.isValid() && f.compliance == Compliance::Overdue)
            return tr("%1 %2 by %n day(s)", nullptr, -left.toInt()).arg(toneSymbol(f.tone), f.status);
        return QStringLiteral("%1 %2").arg(toneSymbol(f.tone), f.status);
    }
    if (role == Qt::DisplayRole && index.column() == ObligationModel::FilingTypeColumn &&
        m_dates == Dates::Unknown) {
        // A row whose entity type or jurisdiction is unknown: which filings it owes is unknown too.
        const QString filing = QSortFilterProxyModel::data(index, role).toString();
        return filing.isEmpty() ? tr("(depends on the missing data)") : filing;
    }
    return QSortFilterProxyModel::data(index, role);
}

} // namespace fd::ui
