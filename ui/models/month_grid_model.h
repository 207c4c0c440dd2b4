#pragma once

#include "ui/models/calendar_filing.h"

#include <QAbstractTableModel>
#include <QDate>
#include <QHash>
#include <QStringList>

namespace fd::ui {

/// What one day of the Calendar holds: how many filings are due and the most pressing of them.
struct CalendarDay {
    int count = 0;
    CalendarTone worst = CalendarTone::Filed; ///< meaningful when count > 0
    QStringList filings;                      ///< one line per filing, for the tooltip
};

/// The filings with a due date among the rows of `rows` (the ObligationModel or a proxy chain over it), by
/// day: count, worst tone, and a line per filing ("!! Acme, Inc. — Annual Report, Delaware (US-DE):
/// Overdue").
QHash<QDate, CalendarDay> calendarDays(const QAbstractItemModel *rows);

/// A month as the Calendar view's grid shows it: 6 weeks of 7 days (rows are weeks, columns weekdays from
/// the locale's first day of the week), the days of the neighbouring months included, each day with the
/// count and worst tone of its filings (setDays). A dumb table: the page computes the days from its filtered
/// rows. Roles: DisplayRole the day of the month; BackgroundRole the worst tone's colour on days with
/// filings; ToolTipRole the date and its filings; AccessibleTextRole a sentence; and the roles below.
///
/// Thread affinity: GUI thread.
class MonthGridModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        DateRole = Qt::UserRole + 64, ///< QDate of the cell
        CountRole,                    ///< int: filings due that day
        ToneRole,                     ///< int (CalendarTone) of the worst filing; invalid without filings
        InMonthRole,                  ///< bool: the day belongs to the month shown
        TodayRole,                    ///< bool: the day is the as-of date ("today" for the plan)
    };
    Q_ENUM(Role)

    static constexpr int kWeeks = 6;

    explicit MonthGridModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    /// Shows the month of `date` (a reset: the cells are other days).
    void setMonth(const QDate &date);
    /// The first day of the month shown.
    QDate month() const { return m_month; }
    /// The day marked as today (the plan's as-of date).
    void setToday(const QDate &today);
    QDate today() const { return m_today; }
    /// The filings of every day (days without filings absent).
    void setDays(const QHash<QDate, CalendarDay> &days);
    CalendarDay day(const QDate &date) const { return m_days.value(date); }

    /// The day of a cell; invalid for an invalid index.
    QDate dateAt(const QModelIndex &index) const;
    /// The cell of a day; invalid when the day is not in the 6 weeks shown.
    QModelIndex indexOf(const QDate &date) const;

private:
    QDate firstShown() const;

    QDate m_month;
    QDate m_today;
    QHash<QDate, CalendarDay> m_days;
};

} // namespace fd::ui
