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
    // The counts follow every change at once: what the status bar says is never older than the view.
    connect(m_model, &QAbstractItemModel::modelReset, this, &DeadlineReminders::recount);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &DeadlineReminders::recount);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &DeadlineReminders::recount);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &DeadlineReminders::recount);
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
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QModelIndex index = m_model->index(r, 0);
        const QVariant left = index.data(DaysLeftRole);
        if (!left.isValid() || !notFiled(index.data(ComplianceRole).toString()))
            continue;
        const int daysLeft = left.toInt();
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
    return out;
}

void DeadlineReminders::recount() {
    DueCounts counts;
    counts.asOf = m_model->asOf();
    for (int r = 0; r < m_model->rowCount(); ++r) {
        const QModelIndex index = m_model->index(r, 0);
        const QString compliance = index.data(ComplianceRole).toString();
        if (compliance == complianceName(Compliance::NeedsData))
            ++counts.needsData;
        const QVariant left = index.data(DaysLeftRole);
        if (!left.isValid() || !notFiled(compliance))
            continue;
        if (left.toInt() < 0)
            ++counts.overdue;
        else if (left.toInt() <= kDueSoonDays)
            ++counts.dueSoon;
    }
    const bool changed = !m_counted || !(counts == m_counts);
    m_counted = true;
    m_counts = counts;
    if (changed)
        Q_EMIT countsChanged(m_counts);
    Q_EMIT recounted();
}

QString DeadlineReminders::describeCounts(const DueCounts &counts) {
    QString text = tr("Due in %1 days: %2").arg(kDueSoonDays).arg(counts.dueSoon); // kDueSoonDays > 1
    if (counts.overdue > 0)
        text = tr("%1 · Overdue: %2").arg(text).arg(counts.overdue);
    if (counts.needsData > 0)
        text = tr("%1 · Needs data: %2").arg(text).arg(counts.needsData);
    return text;
}

QList<DueReminder> DeadlineReminders::stillOpen(const QList<DueReminder> &reminders) const {
    QList<DueReminder> open;
    for (DueReminder r : reminders) {
        const int row = m_model->rowOfKey(r.key);
        if (row < 0)
            continue;
        const QModelIndex index = m_model->index(row, 0);
        if (!notFiled(index.data(ComplianceRole).toString()))
            continue;
        const QVariant left = index.data(DaysLeftRole);
        if (left.isValid())
            r.daysLeft = left.toInt();
        open.append(r);
    }
    return open;
}

void DeadlineReminders::deliver(const QList<DueReminder> &reminders, const QDate &today) {
    if (reminders.isEmpty())
        return;
    for (const DueReminder &r : reminders)
        m_settings->setLastRemindedStamp(
            r.key, QStringLiteral("%1/%2").arg(today.toString(Qt::ISODate)).arg(r.threshold));
    Q_EMIT remind(title(reminders), describe(reminders), reminders);
}

void DeadlineReminders::check() {
    const QDate today = QDate::currentDate();
    recount();
    deliver(pending(today), today);
}

QString DeadlineReminders::title(const QList<DueReminder> &reminders) {
    // Each filing with its own distance (describe()); the title counts only what it names, so that it never
    // reads as a second, different "due soon" count.
    // The window is named, as the status bar names its own ("Due in 14 days: …").
    int late = 0;
    int furthest = 0;
    for (const DueReminder &r : reminders) {
        late += r.daysLeft < 0 ? 1 : 0;
        furthest = qMax(furthest, r.daysLeft);
    }
    const int coming = int(reminders.size()) - late;
    const QString within = furthest <= 0 ? tr("%n filing(s) due today", nullptr, coming)
                           : furthest == 1
                               ? tr("%n filing(s) due by tomorrow", nullptr, coming)
                               : tr("%n filing(s) due within %1 days", nullptr, coming).arg(furthest);
    if (late > 0 && coming > 0)
        return tr("Deadline reminder: %n filing(s) overdue", nullptr, late) + tr(", %1").arg(within);
    if (late > 0)
        return tr("Deadline reminder: %n filing(s) overdue", nullptr, late);
    return tr("Deadline reminder: %1").arg(within);
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
