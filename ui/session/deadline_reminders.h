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

/// Reminders of deadlines: for every filing of the Obligations model that is not filed (due, overdue, halted,
/// or needing data with a known date) and has reached a reminder distance (ConsoleSettings::reminderDays(),
/// default 30, 14, 7 and 1 days before its due date, then once when overdue), one reminder per distance,
/// and at most one a day per filing (ConsoleSettings::lastReminded(), kept between runs). The days left
/// count from the plan's as-of date; "a day" is the calendar day of this computer.
///
/// It also counts what is due soon (not filed, due within kDueSoonDays, overdue included) for the status
/// bar. Checks when the plan or tasks change and every hour. Thread affinity: GUI thread.
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
    int dueSoon() const { return m_dueSoon; }
    int overdue() const { return m_overdue; }

    /// "3 filings need attention: Acme Corp — Annual Report (Delaware (US-DE)) due 3/1/2027, in 7 days; ..."
    static QString describe(const QList<DueReminder> &reminders, int shown = 5);

Q_SIGNALS:
    /// Filings reached a reminder distance: `title` for a notification, `text` its body.
    void remind(const QString &title, const QString &text, const QList<fd::ui::DueReminder> &reminders);
    /// The due-soon and overdue counts changed.
    void countsChanged(int dueSoon, int overdue);

private:
    void scheduleCheck();

    ObligationModel *m_model;
    ConsoleSettings *m_settings;
    QTimer m_hourly;
    QTimer m_soon; ///< coalesces the model's signals: one check per burst of changes
    int m_dueSoon = -1;
    int m_overdue = -1;
};

} // namespace fd::ui
