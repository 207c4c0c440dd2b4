// Engine: what the console and the command line read: audit searches, an entity's history, notes, the task
// list, the calendar export.
#include "engine/core/engine.h"
#include "engine/core/engine_internal.h"

#include "engine/calendar/ics_writer.h"

#include <QSaveFile>

namespace fd {

void Engine::exportCalendar(const CalendarExportRequest &request) {
    if (waitsForRegisterWrite([=, this] { exportCalendar(request); }))
        return;
    CalendarExportResult result;
    result.path = request.path;
    if (m_plan.isEmpty()) {
        result.error = tr("no portfolio is loaded");
        Q_EMIT calendarExported(result);
        return;
    }
    const QDate horizon = m_asOf.addDays(qMax(0, request.days));
    result.asOf = m_asOf;
    result.horizon = horizon;
    // The plan's obligations, and the filings the views show from the database: an overdue filing that is
    // not filed is no longer in the plan (which holds the next occurrences) but belongs in the calendar.
    // The same selection as `filingdesk calendar`.
    QList<Obligation> planned;
    for (const RowPlan &row : std::as_const(m_plan))
        planned << row.obligations;
    const CalendarSelection selection = selectCalendarEntries(m_plan, planned, m_tasks, m_asOf, horizon);
    result.undatedFilings = selection.leftOut.undated;
    result.overdueFilings = selection.overdue;
    result.leftOut = selection.leftOut;
    QSaveFile file(request.path);
    if (!file.open(QIODevice::WriteOnly)) {
        result.error = tr("%1: cannot write: %2").arg(request.path, file.errorString());
        Q_EMIT calendarExported(result);
        return;
    }
    // Streamed into the file as it is written (a write error makes commit() fail).
    writeIcs(&file, selection.entries, QDateTime::currentDateTimeUtc(), request.ics);
    if (!file.commit()) {
        result.error = tr("%1: cannot write: %2").arg(request.path, file.errorString());
        Q_EMIT calendarExported(result);
        return;
    }
    result.events = icsEventCount(selection.entries, request.ics);
    result.filings = int(selection.entries.size());
    QStringList reminders;
    for (const int day : request.ics.alarmDaysBefore)
        reminders << QString::number(day);
    QStringList parts{
        tr("%n event(s)", nullptr, result.events) +
            tr(" for %n filing(s) due by %1 written to %2", nullptr, result.filings)
                .arg(horizon.toString(Qt::ISODate), request.path) +
            (request.ics.groupByDay ? tr(" (grouped by day)") : QString()),
        reminders.isEmpty() ? tr("no reminders")
                            : tr("reminders %1 day(s) before").arg(reminders.join(QLatin1Char(','))),
        tr("%n overdue filing(s) not filed in it, on their due dates", nullptr, result.overdueFilings),
        tr("%n filing(s) without a due date left out", nullptr, result.leftOut.undated)};
    if (result.leftOut.beyondHorizon > 0)
        parts << tr("%n filing(s) due after %1 left out", nullptr, result.leftOut.beyondHorizon)
                     .arg(horizon.toString(Qt::ISODate));
    if (result.leftOut.filedEarlier > 0)
        parts << tr("%n filing(s) filed with a due date before %1 left out", nullptr,
                    result.leftOut.filedEarlier)
                     .arg(m_asOf.toString(Qt::ISODate));
    if (result.leftOut.withdrawnEarlier > 0)
        parts << tr("%n withdrawn filing(s) with a due date before %1 left out", nullptr,
                    result.leftOut.withdrawnEarlier)
                     .arg(m_asOf.toString(Qt::ISODate));
    if (result.leftOut.otherEntities > 0)
        parts << tr("%n filing(s) not filed of entities outside the portfolio left out", nullptr,
                    result.leftOut.otherEntities);
    operatorAction(QStringLiteral("calendar_export"), QString(), QString(), QString(),
                   parts.join(QStringLiteral("; ")));
    Q_EMIT calendarExported(result);
}

void Engine::queryAudit(const AuditQuery &query) {
    AuditQuery byName = query;
    const QString text = query.text.trimmed();
    if (!text.isEmpty()) {
        for (auto it = m_register.cbegin(); it != m_register.cend() && byName.textEntityIds.size() < 500;
             ++it) {
            if (it->name.contains(text, Qt::CaseInsensitive))
                byName.textEntityIds.append(it.key());
        }
    }
    readAudit(byName, [this](const QList<AuditEntry> &rows) { Q_EMIT auditResults(rows); });
}

void Engine::readAudit(const AuditQuery &query, std::function<void(const QList<AuditEntry> &)> answer) {
    if (!m_reader.isOpen()) { // not started (or stopped): the store answers, if it is open at all
        answer(m_store->queryAudit(query));
        return;
    }
    m_reader.query(query, this,
                   [answer = std::move(answer)](const QList<AuditEntry> &rows) { answer(rows); });
}

void Engine::queryEntityHistory(const QString &entityId) {
    AuditQuery query;
    query.entityId = entityId;
    query.limit = 2000;
    readAudit(query,
              [this, entityId](const QList<AuditEntry> &rows) { Q_EMIT entityHistory(entityId, rows); });
}

void Engine::queryNotes() {
    AuditQuery query;
    query.action = QStringLiteral("note");
    query.limit = 100000;
    readAudit(query, [this](QList<AuditEntry> notes) {
        std::sort(notes.begin(), notes.end(), [](const AuditEntry &a, const AuditEntry &b) {
            return a.atUtc != b.atUtc ? a.atUtc < b.atUtc : a.id < b.id;
        });
        Q_EMIT notesFound(notes);
    });
}

void Engine::publishAllTasks() {
    Q_EMIT tasksChanged(m_tasks.values());
}

} // namespace fd
