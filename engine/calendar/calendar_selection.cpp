#include "engine/calendar/calendar_selection.h"

#include "engine/calendar/calendar_export_types.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

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
        consider(o, it == m_tasks.constEnd() ? nullptr : &*it, key);
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
        consider(task.obligation, &task, task.obligation.idempotencyKey());
    }

    CalendarSelection take() {
        // By due date, then entity name compared without case. An ASCII name (nearly every legal name) is
        // compared by its lower-cased bytes, worked out once per entry: the same order as QString::compare()
        // without case gives, which compares the others. Sorted by position (an entry is some thirty fields
        // to move), then each entry moved once into place.
        const QList<CalendarEntry> &entries = m_selection.entries;
        struct SortKey {
            QDate due;
            bool ascii = true;
            std::string folded;
        };
        std::vector<SortKey> keys(size_t(entries.size()));
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const Obligation &o = entries.at(i).obligation;
            SortKey &k = keys[size_t(i)];
            k.due = o.dueDate;
            const QString &name = o.entity->name;
            k.folded.resize(size_t(name.size()));
            for (qsizetype c = 0; c < name.size() && k.ascii; ++c) {
                const char16_t u = name.at(c).unicode();
                k.ascii = u < 0x80;
                k.folded[size_t(c)] = char(u >= u'A' && u <= u'Z' ? u - u'A' + u'a' : u);
            }
        }
        std::vector<qsizetype> order(size_t(entries.size()));
        std::iota(order.begin(), order.end(), qsizetype(0));
        std::stable_sort(order.begin(), order.end(), [&entries, &keys](qsizetype ai, qsizetype bi) {
            const SortKey &a = keys[size_t(ai)];
            const SortKey &b = keys[size_t(bi)];
            if (a.due != b.due)
                return a.due < b.due;
            if (a.ascii && b.ascii)
                return a.folded < b.folded;
            return entries.at(ai).obligation.entity->name.compare(entries.at(bi).obligation.entity->name,
                                                                  Qt::CaseInsensitive) < 0;
        });
        QList<CalendarEntry> sorted;
        sorted.reserve(entries.size());
        for (const qsizetype at : order)
            sorted.append(std::move(m_selection.entries[at]));
        m_selection.entries = std::move(sorted);
        return std::move(m_selection);
    }

private:
    // `key` is o.idempotencyKey(), worked out once by the caller.
    void consider(const Obligation &o, const FilingTask *task, const QString &key) {
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
        m_selection.keys.insert(key);
        m_selection.entries.append(std::move(entry));
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
