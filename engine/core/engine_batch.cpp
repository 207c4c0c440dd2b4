// Engine: admission and a person's batch actions (launch, pause, drain, resume, hold, cancel).
#include "engine/core/engine.h"
#include "engine/core/engine_internal.h"

#include "engine/core/host_identity.h"

#include <QScopeGuard>
#include <QUuid>

namespace fd {

void Engine::admit(int dueWithinDays) {
    if (waitsForRegisterWrite([=, this] { admit(dueWithinDays); }))
        return;
    if (m_work->postponeAdmission(dueWithinDays, false)) {
        // Admission writes where the tasks are kept: it waits for it (admitted() follows then), or for the
        // portfolio it is planned from.
        qCInfo(lcEngine) << "admission waits for the ledger to answer";
        return;
    }
    QList<FilingTask> candidates;
    int notYetOpen = 0;
    int outsideWindow = 0;
    QSet<QString> seen;
    int duplicates = 0;
    for (const RowPlan &row : std::as_const(m_plan)) {
        for (const Obligation &o : row.obligations) {
            if (dueWithinDays >= 0 && m_asOf.daysTo(o.dueDate) > dueWithinDays) {
                ++outsideWindow;
                continue;
            }
            if (o.windowOpens.isValid() && o.windowOpens > m_asOf) {
                ++notYetOpen;
                continue;
            }
            FilingTask task;
            task.obligation = o;
            task.key = o.idempotencyKey();
            if (seen.contains(task.key) || m_tasks.contains(task.key)) {
                ++duplicates; // identical obligations collapse to one filing
                continue;
            }
            seen.insert(task.key);
            task.score = admissionScore(o.dueDate, o.entity->riskTier, m_asOf);
            task.payloadSha256(); // once: the copies each transition records carry it
            candidates.append(task);
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const FilingTask &a, const FilingTask &b) { return a.score > b.score; });
    // One transaction for the whole admission: all of it is recorded, or none.
    const QDateTime t = now();
    for (FilingTask &task : candidates)
        task.updatedUtc = t;
    if (const QString refusal = m_work->refusesAdmission(); !refusal.isEmpty()) {
        Q_EMIT errorOccurred(refusal);
        admissionDone(0, duplicates, notYetOpen, outsideWindow);
        return;
    }
    // The engine thread goes on while the admission reaches the disk (a single desk writes it on the store's
    // thread); admitted() follows its commit. A second admission meanwhile finds these keys stored already.
    ++m_recordsPending;
    m_store->admitThen(candidates, kEngineActor, this,
                       [this, candidates, dueWithinDays, duplicates, notYetOpen,
                        outsideWindow](const WriteResult &stored, const QStringList &alreadyStored) mutable {
                           const auto finished = qScopeGuard([this] { recordAnswered(); });
                           int admittedCount = 0;
                           if (!stored) {
                               if (stored.failure == WriteResult::Failure::Busy &&
                                   m_work->postponeAdmission(dueWithinDays, true)) {
                                   // Another member admits the same obligations right now: this admission is
                                   // tried again once the pause is over (admitted() follows then); what the
                                   // other stored first is skipped, not doubled.
                                   qCInfo(lcEngine).noquote()
                                       << "admission waits for another member's write:" << stored.error;
                                   return;
                               }
                               writeFailed(tr("cannot store the admitted tasks: %1").arg(stored.error),
                                           stored);
                           } else {
                               duplicates += int(alreadyStored.size());
                               m_work->storedElsewhere(alreadyStored);
                               const QSet<QString> skipped(alreadyStored.cbegin(), alreadyStored.cend());
                               for (const FilingTask &task : std::as_const(candidates)) {
                                   if (skipped.contains(task.key) || m_tasks.contains(task.key))
                                       continue;
                                   m_tasks.insert(task.key, task);
                                   markDirty(task.key);
                                   ++admittedCount;
                               }
                           }
                           admissionDone(admittedCount, duplicates, notYetOpen, outsideWindow);
                       });
}

void Engine::admissionDone(int admittedCount, int duplicates, int notYetOpen, int outsideWindow) {
    qCInfo(lcEngine) << "admitted" << admittedCount << "task(s);" << duplicates << "duplicate(s),"
                     << notYetOpen << "window not open," << outsideWindow << "outside the due window";
    Q_EMIT admitted(admittedCount, duplicates, notYetOpen, outsideWindow);
    updateStatus();
}

void Engine::launchBatch(const QStringList &keys, const QString &reason, DecidedBy by) {
    m_work->launch(keys, reason, by);
}

void Engine::requeueWithdrawn(const QString &key) {
    m_requests.retire(key);
    enqueue(key);
}

void Engine::withdrawUnsent() {
    // Requests awaiting a permit are withdrawn; permits granted but not yet used go back; all are requeued.
    for (const QString &key : m_requests.retireUnsent())
        enqueue(key);
}

void Engine::pauseBatch(const QString &reason) {
    m_work->pause(reason);
}

void Engine::drain(const QString &reason) {
    m_work->drain(reason);
}

void Engine::resumeBatch(const QString &reason) {
    m_work->resume(reason);
}

void Engine::holdSending(bool hold) {
    if (m_held == hold)
        return;
    m_held = hold;
    if (hold) {
        withdrawUnsent(); // what has not left waits in its queue; what is on the wire finishes
    } else {
        pump();
    }
    updateStatus();
}

void Engine::cancelBatch(const QString &reason, const QString &batchId, DecidedBy by) {
    m_work->cancel(reason, batchId, by);
}

QString Engine::actorFor(DecidedBy by) const {
    // FilingDesk's own steps are attributed to it; everything a person starts names the OS user.
    return by == DecidedBy::FilingDesk ? kEngineActor : host::osUser();
}

void Engine::beginBatchIfIdle() {
    // A finished batch's tasks must not count in the next one (its progress would read "37 of 37 done" at
    // once).
    if (!m_batchState.active) {
        m_batchState.id = QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
        m_batchState.startedUtc = now();
        m_batchState.keys.clear();
    }
    m_batchState.active = true;
    m_batchState.idleSignalled = false;
}

void Engine::operatorAction(const QString &action, const QString &reason, const QString &key,
                            const QString &entityId, const QString &detail, DecidedBy by) {
    AuditEntry e;
    e.action = action;
    e.reason = reason;
    e.idempotencyKey = key;
    e.entityId = entityId;
    e.detail = detail;
    e.actor = actorFor(by);
    e.rulesVersion = m_rules.version();
    e.atUtc = now();
    recordAction(e);
}

} // namespace fd
