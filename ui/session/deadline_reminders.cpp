#include "ui/session/deadline_reminders.h"

#include "engine/import/iso_codes.h"
#include "engine/model/compliance.h"
#include "ui/models/display_format.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"
#include "ui/settings/console_settings.h"

#include <algorithm>
#include <optional>

namespace fd::ui {

namespace {

/// The reminder distance `daysLeft` has reached: the smallest configured distance not below it, -1 when
/// overdue, nothing when it is further away than every distance.
std::optional<int> thresholdOf(int daysLeft, const QList<int> &days) {
    if (daysLeft < 0)
        return -1;
    std::optional<int> reached;
    for (const int d : days) {
        if (daysLeft <= d && (!reached || d < *reached))
            reached = d;
    }
    return reached;
}

bool notFiled(const QString &compliance) {
    return compliance == complianceName(Compliance::Due) ||
           compliance == complianceName(Compliance::Overdue) ||
           compliance == complianceName(Compliance::Halted) ||
           compliance == complianceName(Compliance::NeedsData);
}

} // namespace

DeadlineReminders::DeadlineReminders(ObligationModel *model, ConsoleSettings *settings, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_settings(settings) {
    m_hourly.setInterval(60 * 60 * 1000);
    connect(&m_hourly, &QTimer::timeout, this, &DeadlineReminders::check);
    m_hourly.start();
    m_soon.setSingleShot(true);
    m_soon.setInterval(500);
    connect(&m_soon, &QTimer::timeout, this, &DeadlineReminders::check);
    connect(m_model, &QAbstractItemModel::modelReset, this, &DeadlineReminders::scheduleCheck);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &DeadlineReminders::scheduleCheck);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &DeadlineReminders::scheduleCheck);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &DeadlineReminders::scheduleCheck);
}

void DeadlineReminders::scheduleCheck() {
    if (!m_soon.isActive())
        m_soon.start();
}

QList<DueReminder> DeadlineReminders::pending(const QDate &today) const {
    const QList<int> days = m_settings->reminderDays();
    QList<DueReminder> out;
    int dueSoon = 0;
    int overdue = 0;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QModelIndex index = m_model->index(r, 0);
        const QVariant left = index.data(DaysLeftRole);
        if (!left.isValid() || !notFiled(index.data(ComplianceRole).toString()))
            continue;
        const int daysLeft = left.toInt();
        if (daysLeft < 0)
            ++overdue;
        else if (daysLeft <= kDueSoonDays)
            ++dueSoon;
        const std::optional<int> threshold = thresholdOf(daysLeft, days);
        if (!threshold)
            continue;
        const ObligationRow &row = m_model->rowAt(r);
        // One reminder per distance, at most one a day: what was last said (day and distance) is kept.
        const QString stamp = m_settings->lastRemindedStamp(row.key);
        if (stamp.section(QLatin1Char('/'), 0, 0) == today.toString(Qt::ISODate) ||
            stamp.section(QLatin1Char('/'), 1, 1) == QString::number(*threshold))
            continue;
        const Obligation &o = row.task.obligation;
        DueReminder reminder;
        reminder.key = row.key;
        reminder.entityId = o.entity->entityId;
        reminder.entityName = o.entity->name;
        reminder.filing = QStringLiteral("%1 %2")
                              .arg(o.filingName.isEmpty() ? o.filingType : o.filingName)
                              .arg(o.filingYear);
        reminder.jurisdiction = o.jurisdiction;
        reminder.dueDate = o.dueDate;
        reminder.daysLeft = daysLeft;
        reminder.threshold = *threshold;
        out.append(reminder);
    }
    std::sort(out.begin(), out.end(), [](const DueReminder &a, const DueReminder &b) {
        return a.daysLeft != b.daysLeft ? a.daysLeft < b.daysLeft : a.entityName < b.entityName;
    });
    auto *self = const_cast<DeadlineReminders *>(this);
    if (dueSoon != m_dueSoon || overdue != m_overdue) {
        self->m_dueSoon = dueSoon;
        self->m_overdue = overdue;
        Q_EMIT self->countsChanged(dueSoon, overdue);
    }
    return out;
}

void DeadlineReminders::deliver(const QList<DueReminder> &reminders, const QDate &today) {
    if (reminders.isEmpty())
        return;
    for (const DueReminder &r : reminders)
        m_settings->setLastRemindedStamp(
            r.key, QStringLiteral("%1/%2").arg(today.toString(Qt::ISODate)).arg(r.threshold));
    int late = 0;
    for (const DueReminder &r : reminders)
        late += r.daysLeft < 0 ? 1 : 0;
    const QString title =
        late > 0
            ? tr("%n filing(s) overdue", nullptr, late) +
                  (reminders.size() > late ? tr(", %n more coming due", nullptr, int(reminders.size()) - late)
                                           : QString())
            : tr("%n filing(s) coming due", nullptr, int(reminders.size()));
    Q_EMIT remind(title, describe(reminders), reminders);
}

void DeadlineReminders::check() {
    const QDate today = QDate::currentDate();
    deliver(pending(today), today);
}

QString DeadlineReminders::describe(const QList<DueReminder> &reminders, int shown) {
    QStringList lines;
    for (qsizetype i = 0; i < reminders.size() && i < shown; ++i) {
        const DueReminder &r = reminders.at(i);
        const QString when = r.daysLeft < 0    ? tr("%n day(s) overdue", nullptr, -r.daysLeft)
                             : r.daysLeft == 0 ? tr("due today")
                                               : tr("in %n day(s)", nullptr, r.daysLeft);
        lines << tr("%1 — %2 (%3), due %4, %5")
                     .arg(r.entityName, r.filing, placeLabel(r.jurisdiction), formatDate(r.dueDate), when);
    }
    if (reminders.size() > shown)
        lines << tr("… and %n more (Calendar view)", nullptr, int(reminders.size() - shown));
    return lines.join(QLatin1Char('\n'));
}

} // namespace fd::ui
