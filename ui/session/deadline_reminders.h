#pragma once

#include <QDate>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

namespace fd::ui {

class ConsoleSettings;
class ObligationModel;

/// One filing a person is reminded of: not filed, due at one of the reminder distances (or overdue).
struct DueReminder {
    QString key; ///< idempotency key (or the plan row's key before admission)
    QString entityId;
    QString entityName;
    QString filing; ///< "Annual Franchise Tax Report 2027"
    QString jurisdiction;
    QDate dueDate;
    int daysLeft = 0;  ///< from the plan's as-of date; negative when overdue
    int threshold = 0; ///< the reminder distance reached (days), -1 when overdue
};

/// What is due, counted once for every place that states it (the status bar, the reminder notice, the
/// Obligations summary): not filed (due, overdue, halted or needing data), days left counted from the plan's
/// as-of date.
struct DueCounts {
    QDate asOf;
    int dueSoon = 0;   ///< due within kDueSoonDays (today included), not overdue
    int overdue = 0;   ///< due date passed
    int needsData = 0; ///< filings that cannot be planned or filed until the entity's data is completed
    bool operator==(const DueCounts &other) const = default;
};

/// Reminders of deadlines: for every filing of the Obligations model that is not filed (due, overdue, halted,
/// or needing data with a known date) and has reached a reminder distance (ConsoleSettings::reminderDays(),
/// default 30, 14, 7 and 1 days before its due date, then once when overdue), one reminder per distance,
/// and at most one a day per filing (ConsoleSettings::lastReminded(), kept between runs). The days left
/// count from the plan's as-of date; "a day" is the calendar day of this computer.
///
/// It also counts what is due soon, overdue and needing data (DueCounts) for the status bar and the notices,
/// whenever the plan or the tasks change. Checks when the plan or tasks change and every hour. Thread
/// affinity: GUI thread.
class DeadlineReminders : public QObject {
    Q_OBJECT
public:
    DeadlineReminders(ObligationModel *model, ConsoleSettings *settings, QObject *parent = nullptr);

    /// The reminders that are due now, without recording them (pure read of the model and the settings).
    QList<DueReminder> pending(const QDate &today) const;
    /// Records `reminders` as given today and emits remind() once for all of them (nothing when empty).
    void deliver(const QList<DueReminder> &reminders, const QDate &today);
    /// pending() then deliver() for today; updates the due-soon count.
    void check();
    int dueSoon() const { return m_counts.dueSoon; }
    int overdue() const { return m_counts.overdue; }
    /// The counts as of the last change of the model.
    const DueCounts &counts() const { return m_counts; }
    /// Counts the model now (emits countsChanged() when they differ from the last).
    void recount();
    /// The counts in the words every place uses: "Due in 14 days: 12 · Overdue: 2 · Needs data: 6" (the
    /// window named; the overdue and needs-data parts only when there are any).
    static QString describeCounts(const DueCounts &counts);
    /// Of `reminders`, those whose filing is still not filed, with their days left as the model has them now.
    QList<DueReminder> stillOpen(const QList<DueReminder> &reminders) const;

    /// "Deadline reminder: 2 filing(s) overdue, 1 not yet due": what a reminder of `reminders` is titled.
    static QString title(const QList<DueReminder> &reminders);
    /// "3 filings need attention: Acme Corp — Annual Report (Delaware (US-DE)) due 3/1/2027, in 7 days; ..."
    static QString describe(const QList<DueReminder> &reminders, int shown = 5);

Q_SIGNALS:
    /// Filings reached a reminder distance: `title` for a notification, `text` its body.
    void remind(const QString &title, const QString &text, const QList<fd::ui::DueReminder> &reminders);
    /// The counts changed.
    void countsChanged(const fd::ui::DueCounts &counts);
    /// The model was counted again (after any change of the plan or the tasks), changed or not.
    void recounted();

private:
    void scheduleCheck();

    ObligationModel *m_model;
    ConsoleSettings *m_settings;
    QTimer m_hourly;
    QTimer m_soon; ///< coalesces the model's signals: one check per burst of changes
    DueCounts m_counts;
    bool m_counted = false;
};

} // namespace fd::ui
