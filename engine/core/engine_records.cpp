// Engine: transitions and audit rows handed to the store, and what follows their answer (persist, then act;
// fail closed).
#include "engine/core/engine.h"
#include "engine/core/engine_internal.h"

#include "engine/core/host_identity.h"

namespace fd {

bool Engine::transition(FilingTask &task, ExecutionState to, const QString &actor, const QString &action,
                        const QString &reason) {
    const ExecutionState from = task.state;
    if (refusesTransition(from, to, task.key))
        return false;
    const QDateTime previousUpdate = task.updatedUtc;
    task.state = to;
    task.updatedUtc = now();
    QString error;
    if (const WriteResult recorded = m_store->recordTransition(task, from, actor, action, reason, &error);
        !recorded) {
        // The audit trail is the record: a transition that cannot be written did not happen.
        task.state = from;
        task.updatedUtc = previousUpdate;
        transitionFailed(from, to, task.key, recorded);
        return false;
    }
    afterTransition(task, to);
    return true;
}

bool Engine::decide(FilingTask &task, ExecutionState to, const QString &action, const QString &reason,
                    QList<TaskStore::TransitionRecord> *records) const {
    const ExecutionState from = task.state;
    if (refusesTransition(from, to, task.key))
        return false;
    task.state = to;
    task.updatedUtc = now();
    records->append(TaskStore::TransitionRecord{task, from, host::osUser(), action, reason});
    // What the record stored is not stored again by a later step of the same decision.
    task.obligationRewritten = false;
    task.transitionNote.clear();
    return true;
}

void Engine::recordDecisions(const QString &action, QList<Decision> decisions,
                             std::function<void(const QStringList &)> then) {
    if (decisions.isEmpty()) {
        then({});
        return;
    }
    QList<TaskStore::TransitionRecord> records;
    for (const Decision &d : std::as_const(decisions)) {
        m_heldForWrite.insert(d.after.key);
        records.append(d.records);
    }
    markStatusDirty();
    // One write for the whole selection: what a person decided on together is recorded together, and a
    // single desk commits it once, not once per filing.
    recordThen(records, Durability::Normal,
               [this, action, decisions = std::move(decisions),
                then = std::move(then)](const WriteResult &recorded) {
                   QStringList keys;
                   for (const Decision &d : decisions) {
                       m_heldForWrite.remove(d.after.key);
                       const auto it = m_tasks.find(d.after.key);
                       if (!recorded || it == m_tasks.end())
                           continue; // not written, or let go meanwhile (shutdown)
                       *it = d.after;
                       for (const TaskStore::TransitionRecord &r : d.records)
                           afterTransition(*it, r.task.state);
                       keys.append(d.after.key);
                   }
                   if (!recorded)
                       decisionsNotRecorded(action, decisions, recorded);
                   markStatusDirty();
                   then(keys);
               });
}

void Engine::decisionsNotRecorded(const QString &action, const QList<Decision> &decisions,
                                  const WriteResult &result) {
    // The audit trail is the record: a decision that cannot be written was not taken, and the person who
    // took it is told so in words, whatever else follows (a conflict re-read, a busy ledger, dispatch
    // paused).
    const QString what = tr("%1 of %n filing(s)", nullptr, int(decisions.size())).arg(action);
    if (m_work->absorbWriteFailure(what, result)) {
        switch (result.failure) {
        case WriteResult::Failure::Refused:
            break; // said as "not allowed", with the role it needs
        case WriteResult::Failure::Conflict: {
            QStringList names;
            for (const QString &key : result.conflictedKeys)
                names.append(describeForOperator(key));
            Q_EMIT errorOccurred(
                tr("%1 was not recorded: another member changed %2 first. Nothing of it was written; the "
                   "filings are read again from the team ledger: look at them and decide again")
                    .arg(what, names.join(QStringLiteral(", "))));
            break;
        }
        case WriteResult::Failure::BatchNotRunning:
            Q_EMIT errorOccurred(
                tr("%1 was not recorded: the batch was paused or cancelled meanwhile. Nothing "
                   "of it was written")
                    .arg(what));
            break;
        case WriteResult::Failure::Busy:
            Q_EMIT errorOccurred(tr("%1 was not recorded: the team ledger was busy with another member's "
                                    "write. Nothing of it was written; do it again")
                                     .arg(what));
            break;
        default:
            Q_EMIT errorOccurred(tr("%1 was not recorded: %2. Nothing of it was written; do it again once "
                                    "the team ledger answers")
                                     .arg(what, result.error));
            break;
        }
        return;
    }
    failClosed(what, result);
}

bool Engine::refusesTransition(ExecutionState from, ExecutionState to, const QString &key) const {
    if (from == to || isAllowedTransition(from, to))
        return false;
    qCCritical(lcEngine) << "refused transition" << stateName(from) << "->" << stateName(to) << "for" << key;
    return true;
}

void Engine::transitionFailed(ExecutionState from, ExecutionState to, const QString &key,
                              const WriteResult &result) {
    auditFailed(tr("transition %1 -> %2 of %3").arg(stateName(from), stateName(to), key.left(12)), result);
}

void Engine::afterTransition(FilingTask &task, ExecutionState to) {
    m_work->transitionRecorded(task.key, to);
    task.obligationRewritten = false; // stored with this transition
    task.transitionNote.clear();
    markDirty(task.key);
}

void Engine::recordThen(const QList<TaskStore::TransitionRecord> &records, Durability durability,
                        std::function<void(const WriteResult &)> done) {
    ++m_recordsPending;
    m_store->recordThen(records, durability, this, [this, done = std::move(done)](const WriteResult &result) {
        done(result);
        recordAnswered();
    });
}

void Engine::recordAction(const AuditEntry &entry) {
    ++m_recordsPending;
    m_store->appendActionThen(entry, this, [this, action = entry.action](const WriteResult &appended) {
        if (!appended)
            auditFailed(action, appended);
        recordAnswered();
    });
}

void Engine::recordAnswered() {
    --m_recordsPending;
    if (m_stopAfterRecords && m_recordsPending == 0) {
        m_stopAfterRecords = false;
        finishShutdown();
    }
}

void Engine::settleAnswer(const QString &key) {
    if (m_requests.stageOf(key) == RequestStage::Answered)
        m_requests.retire(key);
}

void Engine::transitionThen(FilingTask updated, ExecutionState to, const QString &action,
                            const QString &reason, std::function<void(bool recorded)> then) {
    const QString key = updated.key;
    const ExecutionState from = updated.state;
    if (refusesTransition(from, to, key)) {
        settleAnswer(key);
        then(false);
        return;
    }
    updated.state = to;
    updated.updatedUtc = now();
    // The record is this snapshot of the task: the store's next group commit writes it (a single desk; in
    // team mode the ledger is written at once and the continuation runs before recordThen returns). The
    // engine's task takes it only once it is written: what the engine holds is what the disk holds.
    recordThen({TaskStore::TransitionRecord{updated, from, kEngineActor, action, reason}}, Durability::Normal,
               [this, key, updated, from, to, then = std::move(then)](const WriteResult &recorded) {
                   settleAnswer(key);
                   const auto it = m_tasks.find(key);
                   if (it == m_tasks.end())
                       return; // the engine let the task go meanwhile (shutdown)
                   if (!recorded) {
                       // The audit trail is the record: a transition that cannot be written did not happen.
                       transitionFailed(from, to, key, recorded);
                       then(false);
                   } else {
                       *it = updated;
                       afterTransition(*it, to);
                       then(true);
                   }
                   markStatusDirty();
                   pump();
               });
}

void Engine::writeFailed(const QString &message, const WriteResult &result) {
    // A write the ledger refused this login (its roles, segregation of duties) is told apart, so that the
    // console and the command line can say which role it needs (exit 2) rather than report a failure.
    if (result.failure == WriteResult::Failure::Refused)
        Q_EMIT actionRefused(message);
    Q_EMIT errorOccurred(message);
}

void Engine::auditFailed(const QString &what, const WriteResult &result) {
    if (m_work->absorbWriteFailure(what, result))
        return;
    failClosed(what, result);
}

void Engine::failClosed(const QString &what, const WriteResult &result) {
    const QString &error = result.error;
    const QString message = error.isEmpty() ? tr("audit write failed: %1").arg(what)
                                            : tr("audit write failed: %1: %2").arg(what, error);
    Q_EMIT errorOccurred(message);
    if (m_batchState.auditUnavailable)
        return;
    // Fail closed: nothing is sent while the record cannot be kept. The operator resumes once it can.
    qCCritical(lcEngine).noquote() << message << "- dispatch paused";
    m_batchState.auditUnavailable = true;
    if (!m_batchState.paused) {
        m_batchState.paused = true;
        withdrawUnsent();
    }
    Q_EMIT alertRaised(EngineAlert{AlertKind::AuditUnavailable, QString(), QString(), QString(),
                                   tr("%1; dispatch is paused until an operator resumes it").arg(message)});
    updateStatus();
}

void Engine::clearLastError(FilingTask &task) {
    // The operator's audit row has recorded what was wrong; later transitions must not repeat it as their
    // own.
    task.lastCategory = ErrorCategory::None;
    task.lastErrorCode.clear();
    task.lastErrorMessage.clear();
}

} // namespace fd
