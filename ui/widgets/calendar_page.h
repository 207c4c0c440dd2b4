#pragma once

#include <QDate>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QTimer;
class QToolButton;

namespace fd::ui {

class CalendarListProxy;
class MonthGridModel;
class ObligationModel;
class TaskFilterBar;
class TaskFilterProxy;

/// The Calendar view: the console's filings by due date. A month grid (each day: how many filings are due,
/// coloured and marked by the most pressing of them: overdue red "!!", due within kDueSoonDays amber "!",
/// all filed green "✓", needs data grey "?"; the as-of date framed as today; tooltips list the filings),
/// an agenda of every filing with a due date sorted by it (or, once a day is chosen in the grid, that day's;
/// "Show all" goes back), and apart the filings whose date is unknown until a person supplies data, so that
/// none is dropped. The filter bar (jurisdiction, owner, status, text) applies to all three.
///
/// Reads the console's ObligationModel (not owned) and follows its resets, row changes and as-of date.
/// Opening a filing (double-click, Enter) asks for its entity (entityRequested); the main window shows it.
///
/// Thread affinity: GUI thread.
class CalendarPage : public QWidget {
    Q_OBJECT
public:
    explicit CalendarPage(ObligationModel *model, QWidget *parent = nullptr);

    TaskFilterBar *filterBar() const { return m_filterBar; }
    /// The filter bar's proxy over the ObligationModel: the grid and both lists show what it accepts.
    TaskFilterProxy *proxy() const { return m_filter; }
    QTableView *monthGrid() const { return m_grid; }
    MonthGridModel *monthModel() const { return m_month; }
    QTableView *agenda() const { return m_agenda; }
    CalendarListProxy *agendaProxy() const { return m_agendaProxy; }
    QTableView *undatedList() const { return m_undated; }
    CalendarListProxy *undatedProxy() const { return m_undatedProxy; }

    /// The first day of the month the grid shows.
    QDate shownMonth() const;
    /// The day whose filings the agenda lists; invalid when it lists every day.
    QDate selectedDay() const { return m_day; }

public Q_SLOTS:
    /// Shows the month of `date` and lists every day again (the agenda scrolls to that month's first filing).
    void showMonth(const QDate &date);
    void showPreviousMonth();
    void showNextMonth();
    /// Shows the month of the as-of date.
    void showToday();
    /// Selects `day` in the grid (showing its month) and lists only its filings; invalid: showAll().
    void showDay(const QDate &day);
    /// Lists every day's filings again.
    void showAll();
    /// Recounts the days and titles now (otherwise done once per burst of model changes).
    void refresh();

Q_SIGNALS:
    /// A filing was opened (double-click or Enter in either list): show its entity.
    void entityRequested(const QString &entityId);
    /// The agenda now lists `day` only (invalid: every day).
    void dayChanged(const QDate &day);

private:
    void followModelReset();
    void scheduleRefresh();
    void selectDayCell();
    void scrollAgendaTo(const QDate &from);
    void openEntity(const QModelIndex &index);

    ObligationModel *m_model;
    TaskFilterProxy *m_filter;
    TaskFilterBar *m_filterBar;
    MonthGridModel *m_month;
    QTableView *m_grid;
    QLabel *m_monthLabel;
    QToolButton *m_previous;
    QToolButton *m_next;
    QPushButton *m_today;
    QLabel *m_legend;
    CalendarListProxy *m_agendaProxy;
    QTableView *m_agenda;
    QLabel *m_agendaTitle;
    QPushButton *m_showAll;
    CalendarListProxy *m_undatedProxy;
    QTableView *m_undated;
    QLabel *m_undatedTitle;
    QTimer *m_refreshTimer;
    QDate m_day;
    QDate m_asOf;
    bool m_selectingCell = false; ///< the page itself is moving the grid's selection
};

} // namespace fd::ui
