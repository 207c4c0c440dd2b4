#pragma once

#include <QDate>
#include <QSortFilterProxyModel>

namespace fd::ui {

/// One of the Calendar view's lists over the view's filter proxy (a TaskFilterProxy over the
/// ObligationModel): the filings with a due date (the agenda, optionally one day's), or the filings whose
/// date is not known yet (they need data), which the agenda would otherwise drop. Rows without a filing (out
/// of scope, row errors) are in neither. Sorted by due date, then entity, then filing; any other column the
/// view sorts by uses SortRole. Every cell's background is the row's risk colour (CalendarTone) and the
/// Status column leads with the tone's symbol, so that risk reads without colour too.
///
/// Thread affinity: GUI thread.
class CalendarListProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class Dates {
        Known,  ///< filings with a due date: the agenda
        Unknown ///< filings whose due date is unknown
    };

    explicit CalendarListProxy(Dates dates, QObject *parent = nullptr);

    /// Only the filings due on `day` (invalid: every day). Ignored for Dates::Unknown.
    void setDay(const QDate &day);
    QDate day() const { return m_day; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    Dates m_dates;
    QDate m_day;
};

} // namespace fd::ui
