#include "engine/calendar/calendar_selection.h"

#include "engine/calendar/calendar_export_types.h"

#include <algorithm>

namespace fd {

QString countNoun(qint64 n, const QString &singular, const QString &plural) {
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

bool isWithdrawn(const FilingTask &task) {
    return task.state == ExecutionState::DeadLetter && task.lastErrorCode == QLatin1String("WITHDRAWN");
}

QString calendarHaltReason(const FilingTask &task) {
    const QString code =
        task.lastErrorCode.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(task.lastErrorCode);
    const QString message =
        task.lastErrorMessage.isEmpty() ? QString() : QStringLiteral(": %1").arg(task.lastErrorMessage);
    switch (task.lastCategory) {
    case ErrorCategory::Statutory:
        return QStringLiteral("the registry rejected it as a legal defect%1%2").arg(code, message);
    case ErrorCategory::Reconciliation:
        return QStringLiteral("the registry accepted it but the receipt does not match%1%2")
            .arg(code, message);
    case ErrorCategory::Validation:
        return QStringLiteral("quarantined: the registry refused the filing data%1%2").arg(code, message);
    case ErrorCategory::Transient:
    case ErrorCategory::System:
        return QStringLiteral("retries ran out after %1%2%3")
            .arg(countNoun(task.attempts, QStringLiteral("attempt"), QStringLiteral("attempts")), code,
                 message);
    case ErrorCategory::None:
        break;
    }
    return QStringLiteral("halted%1%2").arg(code, message);
}

namespace {

class Selector {
public:
    Selector(const QList<RowPlan> &plan, const QHash<QString, FilingTask> &tasks, const QDate &asOf,
             const QDate &horizon)
        : m_tasks(tasks)
        , m_asOf(asOf)
        , m_horizon(horizon) {
        for (const RowPlan &row : plan) {
            if (!row.entity->entityId.isEmpty())
                m_entities.insert(row.entity->entityId);
        }
        m_selection.leftOut.undated = undatedFilingCount(plan);
    }

    void addPlanned(const Obligation &o) {
        const QString key = o.idempotencyKey();
        if (m_seen.contains(key))
            return; // an entity listed twice owes the same filing once: one UID
        m_seen.insert(key);
        const auto it = m_tasks.constFind(key);
        consider(o, it == m_tasks.constEnd() ? nullptr : &*it);
    }

    void addStored(const FilingTask &task) {
        if (m_seen.contains(task.key))
            return;
        m_seen.insert(task.key);
        const bool settled = task.state == ExecutionState::Completed || isWithdrawn(task);
        if (!m_entities.contains(task.obligation.entity->entityId)) {
            if (!settled)
                ++m_selection.leftOut.otherEntities;
            return;
        }
        consider(task.obligation, &task);
    }

    CalendarSelection take() {
        std::stable_sort(m_selection.entries.begin(), m_selection.entries.end(),
                         [](const CalendarEntry &a, const CalendarEntry &b) {
                             if (a.obligation.dueDate != b.obligation.dueDate)
                                 return a.obligation.dueDate < b.obligation.dueDate;
                             return a.obligation.entity->name.compare(b.obligation.entity->name,
                                                                      Qt::CaseInsensitive) < 0;
                         });
        return std::move(m_selection);
    }

private:
    void consider(const Obligation &o, const FilingTask *task) {
        const bool filed = task && task->state == ExecutionState::Completed;
        const bool withdrawn = task && isWithdrawn(*task);
        if (!o.dueDate.isValid()) {
            ++m_selection.leftOut.undated;
            return;
        }
        if (o.dueDate > m_horizon) {
            ++m_selection.leftOut.beyondHorizon;
            return;
        }
        const bool past = o.dueDate < m_asOf;
        if (past && filed) {
            ++m_selection.leftOut.filedEarlier;
            return;
        }
        if (past && withdrawn) {
            ++m_selection.leftOut.withdrawnEarlier;
            return;
        }
        CalendarEntry entry;
        entry.obligation = o;
        if (filed) {
            entry.confirmationNumber = task->confirmationNumber;
        } else if (withdrawn) {
            entry.withdrawn = true;
            entry.haltReason = task->lastErrorMessage;
        } else if (task && (task->state == ExecutionState::FailedStatutory ||
                            task->state == ExecutionState::DeadLetter)) {
            entry.haltedState = task->state;
            entry.haltReason = calendarHaltReason(*task);
        }
        if (past) {
            entry.daysLate = int(o.dueDate.daysTo(m_asOf));
            ++m_selection.overdue;
        }
        m_selection.keys.insert(o.idempotencyKey());
        m_selection.entries.append(entry);
    }

    const QHash<QString, FilingTask> &m_tasks;
    const QDate m_asOf;
    const QDate m_horizon;
    QSet<QString> m_entities;
    QSet<QString> m_seen;
    CalendarSelection m_selection;
};

} // namespace

CalendarSelection selectCalendarEntries(const QList<RowPlan> &plan, const QList<Obligation> &planned,
                                        const QHash<QString, FilingTask> &tasks, const QDate &asOf,
                                        const QDate &horizon) {
    Selector selector(plan, tasks, asOf, horizon);
    for (const Obligation &o : planned)
        selector.addPlanned(o);
    // Stored tasks in a fixed order (a hash has none): the same database gives the same file.
    QList<const FilingTask *> stored;
    stored.reserve(tasks.size());
    for (const FilingTask &task : tasks)
        stored.append(&task);
    std::sort(stored.begin(), stored.end(), [](const FilingTask *a, const FilingTask *b) {
        if (a->obligation.dueDate != b->obligation.dueDate)
            return a->obligation.dueDate < b->obligation.dueDate;
        return a->key < b->key;
    });
    for (const FilingTask *task : std::as_const(stored))
        selector.addStored(*task);
    return selector.take();
}

QStringList leftOutPhrases(const CalendarLeftOut &leftOut, const QDate &asOf, const QDate &horizon) {
    // "1 filing is" / "3 filings are"
    auto filings = [](int n, const QString &singularVerb, const QString &pluralVerb) {
        return QStringLiteral("%1 %2").arg(countNoun(n, QStringLiteral("filing"), QStringLiteral("filings")),
                                           n == 1 ? singularVerb : pluralVerb);
    };
    const QString is = QStringLiteral("is");
    const QString are = QStringLiteral("are");
    QStringList phrases;
    if (leftOut.undated > 0)
        phrases << QStringLiteral("%1 no due date yet and %2 not in the calendar (%3)")
                       .arg(filings(leftOut.undated, QStringLiteral("has"), QStringLiteral("have")),
                            leftOut.undated == 1 ? is : are,
                            leftOut.undated == 1 ? QStringLiteral("it needs data")
                                                 : QStringLiteral("they need data"));
    if (leftOut.beyondHorizon > 0)
        phrases << QStringLiteral("%1 due after %2 and not in the calendar (beyond its horizon)")
                       .arg(filings(leftOut.beyondHorizon, is, are), horizon.toString(Qt::ISODate));
    if (leftOut.filedEarlier > 0)
        phrases << QStringLiteral("%1 filed, due before %2, and not in the calendar (nothing left to do)")
                       .arg(filings(leftOut.filedEarlier, QStringLiteral("was"), QStringLiteral("were")),
                            asOf.toString(Qt::ISODate));
    if (leftOut.withdrawnEarlier > 0)
        phrases << QStringLiteral("%1 withdrawn (will not be filed), due before %2, and not in the calendar")
                       .arg(filings(leftOut.withdrawnEarlier, QStringLiteral("was"), QStringLiteral("were")),
                            asOf.toString(Qt::ISODate));
    if (leftOut.otherEntities > 0)
        phrases << QStringLiteral("%1 not filed for entities outside this portfolio and not in the calendar")
                       .arg(filings(leftOut.otherEntities, is, are));
    return phrases;
}

} // namespace fd
