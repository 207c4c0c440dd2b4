// Engine: the dispatch path: a filing picked, its permit, its VALIDATING and DISPATCHING committed, its
// request sent.
#include "engine/core/engine.h"
#include "engine/core/engine_internal.h"

#include "engine/core/host_identity.h"

#include <QCoreApplication>

namespace fd {

void Engine::enqueue(const QString &key) {
    if (m_requests.isUnderWay(key) || m_heldForWrite.contains(key))
        return; // rebuildUnsentFilings() queues it again once its new payload is written
    if (!m_work->mayQueue(key))
        return; // claim, then permit: a task this member does not hold is someone else's
    const FilingTask &task = m_tasks[key];
    if (isTerminal(task.state))
        return;
    const Obligation &o = task.obligation;
    if (task.nextAttemptUtc.isValid() && task.nextAttemptUtc > now() &&
        (task.state == ExecutionState::FailedTransient || task.state == ExecutionState::Dispatching)) {
        m_requests.queue(key, o.jurisdiction, task.score, o.dueDate, task.nextAttemptUtc);
        armWake();
        return;
    }
    m_requests.queue(key, o.jurisdiction, task.score, o.dueDate);
}

PermitHolder Engine::holderFor(const FilingTask &task) const {
    static const QString process = QStringLiteral("filingdesk/%1").arg(QCoreApplication::applicationPid());
    PermitHolder h;
    h.host = host::hostName();
    h.process = process;
    h.consoleId = m_config.consoleId;
    h.entityId = task.obligation.entity->entityId;
    h.jurisdiction = task.obligation.jurisdiction;
    h.idempotencyKey = task.key;
    return h;
}

void Engine::pump() {
    if (!m_started || m_stopping || m_batchState.paused || m_held || !m_batchState.active ||
        !m_work->maySend())
        return;
    // A change of the register under way may rebuild or halt what would be picked now
    // (rebuildUnsentFilings()): nothing is picked until it is answered (runCallsWaitingForRegister()).
    if (m_registerWrites > 0)
        return;
    const QDateTime t = now();
    m_requests.promoteDue(t);
    // Everything the ceilings allow now.
    QList<RequestTable::Pick> picks;
    while (auto pick = m_requests.next(t))
        picks.append(*pick);
    if (picks.isEmpty()) {
        armWake();
        markStatusDirty();
        checkIdle();
        return;
    }
    // A filing that passes the checks asks for its permit at once: its VALIDATING is recorded with its
    // DISPATCHING, in the synced commit that precedes the send (one commit instead of two, and no wait for
    // a commit before the permit is asked for). Until then it is PENDING, here and on disk: a crash, a
    // pause or a cancel meanwhile finds it as it is. A filing that fails them is recorded VALIDATING on its
    // own and then dead-lettered (the continuation below), as an operator reading its trail expects.
    QList<RequestTable::Pick> failing;
    QList<TaskStore::TransitionRecord> records;
    QList<QDateTime> updatedBefore; // per record: what a failed commit puts back
    for (const RequestTable::Pick &pick : std::as_const(picks)) {
        FilingTask &task = m_tasks[pick.key];
        const bool checked =
            task.state == ExecutionState::Pending || task.state == ExecutionState::Validating;
        if (!checked || validationProblem(task).isEmpty()) {
            m_requests.requestPermit(pick.key, m_config.limitFor(pick.jurisdiction), holderFor(task));
            continue;
        }
        failing.append(pick);
        m_requests.validating(pick.key);
        if (task.state != ExecutionState::Pending)
            continue;
        records.append(
            {task, ExecutionState::Pending, kEngineActor, QStringLiteral("transition"), QString()});
        TaskStore::TransitionRecord &r = records.last();
        r.task.state = ExecutionState::Validating;
        r.task.updatedUtc = t;
        updatedBefore.append(task.updatedUtc);
        // The task takes its new state now (so that nothing records it PENDING -> VALIDATING twice); the
        // continuation puts it back if the commit fails.
        task.state = ExecutionState::Validating;
        task.updatedUtc = t;
    }
    if (failing.isEmpty()) {
        armWake();
        markStatusDirty();
        checkIdle();
        return;
    }
    // The commit happens on the store's thread (a single desk) while this thread goes on; meanwhile the
    // failing picks are Validating: they keep their slots, operator actions leave them alone, and a pause is
    // applied by the continuation.
    if (records.isEmpty()) {
        onValidatingRecorded(failing, records, {}, WriteResult::written()); // picked again: nothing to record
        return;
    }
    recordThen(records, Durability::Normal,
               [this, failing, records, updatedBefore](const WriteResult &validating) {
                   onValidatingRecorded(failing, records, updatedBefore, validating);
               });
}

QString Engine::validationProblem(const FilingTask &task) const {
    if (task.obligation.entity->name.isEmpty())
        return tr("entity name is empty");
    if (task.obligation.feeCents < 0)
        return tr("negative fee");
    if (!m_registry->hasBaseUrl(task.obligation.jurisdiction))
        return tr("no registry URL is configured for %1").arg(task.obligation.jurisdiction);
    return QString();
}

void Engine::onValidatingRecorded(const QList<RequestTable::Pick> &picks,
                                  const QList<TaskStore::TransitionRecord> &records,
                                  const QList<QDateTime> &updatedBefore, const WriteResult &validating) {
    if (!validating) {
        for (qsizetype i = 0; i < records.size(); ++i) {
            const auto it = m_tasks.find(records.at(i).task.key);
            if (it != m_tasks.end() && it->state == ExecutionState::Validating) {
                // The audit trail is the record: a transition that cannot be written did not happen.
                it->state = ExecutionState::Pending;
                it->updatedUtc = updatedBefore.at(i);
            }
        }
        for (const RequestTable::Pick &pick : picks)
            if (m_requests.stageOf(pick.key) == RequestStage::Validating)
                requeueWithdrawn(pick.key);
        auditFailed(tr("VALIDATING of %n filing(s)", nullptr, int(records.size())), validating);
        checkIdle();
        return;
    }
    for (const TaskStore::TransitionRecord &r : records)
        markDirty(r.task.key);
    for (const RequestTable::Pick &pick : picks) {
        const QString &key = pick.key;
        if (m_requests.stageOf(key) != RequestStage::Validating)
            continue; // retired while its record was written (shutdown, a cancel): not this pump's any more
        if (m_batchState.paused || m_held || m_stopping || !m_started) {
            // Paused or held while the commit was written (or a failed write below paused dispatch): what
            // was picked goes back to its queue.
            requeueWithdrawn(key);
            continue;
        }
        FilingTask &task = m_tasks[key];
        // Validated now, or earlier and picked again (its request withdrawn by a pause, a restart): nothing
        // leaves that fails the checks.
        if (task.state == ExecutionState::Validating) {
            const QString problem = validationProblem(task);
            if (!problem.isEmpty()) {
                m_requests.retire(key);
                task.lastCategory = ErrorCategory::Validation;
                task.lastErrorCode = QStringLiteral("DATA_INVALID_PAYLOAD");
                task.lastErrorMessage = problem;
                if (!transition(task, ExecutionState::DeadLetter, kEngineActor,
                                QStringLiteral("transition"))) {
                    enqueue(key);
                    continue;
                }
                raise(AlertKind::DeadLetter, task, problem);
                continue;
            }
        }
        m_requests.requestPermit(key, m_config.limitFor(pick.jurisdiction), holderFor(task));
    }
    armWake();
    markStatusDirty();
    checkIdle();
}

void Engine::onGranted(quint64 requestId, const QString &token) {
    const QString key = m_requests.granted(requestId, token);
    if (key.isEmpty())
        return;
    if (m_stopping || m_batchState.paused || m_held) {
        // Stop or pause began after the request was made: this permit is not used.
        requeueWithdrawn(key);
        return;
    }
    // The grants of one event-loop turn share one synced commit of their DISPATCHING rows.
    if (!m_dispatchTimer.isActive())
        m_dispatchTimer.start();
}

void Engine::dispatchGrantedGroup() {
    const QStringList keys = m_requests.takeGranted();
    if (keys.isEmpty())
        return;
    if (m_stopping || m_batchState.paused || m_held) {
        for (const QString &key : keys)
            requeueWithdrawn(key);
        return;
    }
    // Persist DISPATCHING, on disk, before any request leaves: after a crash or power loss these tasks are
    // looked up, never blindly re-sent.
    QList<TaskStore::TransitionRecord> records;
    records.reserve(keys.size());
    const QDateTime t = now();
    for (const QString &key : keys) {
        FilingTask task = m_tasks.value(key);
        const ExecutionState from = task.state;
        const bool lookup = task.lookupRequired;
        if (!lookup)
            ++task.attempts;
        if (from == ExecutionState::Dispatching && lookup)
            continue; // already recorded as DISPATCHING with an unknown outcome: the look-up adds nothing
        task.state = ExecutionState::Dispatching;
        task.updatedUtc = t;
        if (!lookup)
            task.sentUtc = t; // the settle window of this submission starts now
        records.append({task, from, kEngineActor,
                        lookup ? QStringLiteral("lookup") : QStringLiteral("transition"),
                        lookup ? tr("looking the filing up before anything is sent again") : QString()});
        if (from == ExecutionState::Pending)
            records.last().via = ExecutionState::Validating; // validated when picked (pump())
    }
    // The group commit happens on the store's thread (a single desk) while this thread goes on; the requests
    // leave from the continuation, once the commit is on disk. Meanwhile they are Recording: operator actions
    // leave them alone, a pause does not withdraw them (they have left, as far as anyone can tell), shutdown
    // retires them (then nothing is sent and the next start looks them up).
    recordThen(records, Durability::Synced, [this, keys, records](const WriteResult &dispatching) {
        onDispatchingRecorded(keys, records, dispatching);
    });
}

void Engine::onDispatchingRecorded(const QStringList &keys, const QList<TaskStore::TransitionRecord> &records,
                                   const WriteResult &dispatching) {
    if (!dispatching) {
        for (const QString &key : keys)
            if (m_requests.stageOf(key) == RequestStage::Recording)
                requeueWithdrawn(key);
        auditFailed(tr("DISPATCHING of %n filing(s)", nullptr, int(keys.size())), dispatching);
        return;
    }
    for (const TaskStore::TransitionRecord &r : records) {
        // What DISPATCHING changed, onto the task as it is now.
        FilingTask &task = m_tasks[r.task.key];
        task.state = r.task.state;
        task.updatedUtc = r.task.updatedUtc;
        task.attempts = r.task.attempts;
        task.sentUtc = r.task.sentUtc;
        markDirty(r.task.key);
    }
    const QDateTime t = now();
    for (const QString &key : keys) {
        if (m_requests.stageOf(key) != RequestStage::Recording)
            continue; // retired while its record was written (shutdown): not sent, looked up on the next
                      // start
        m_requests.sent(key, t, m_tasks.value(key).lookupRequired);
        sendUnderFreshPermit(key);
    }
    markStatusDirty();
}

void Engine::sendUnderFreshPermit(const QString &key) {
    // A request leaves only while its permit's lease certainly outlasts it. Time spent between the grant
    // and here (the synced DISPATCHING commit, a busy machine) comes off the lease; when too little is left,
    // the gate confirms the permit afresh first, and a permit it reclaimed meanwhile sends nothing.
    const QString jurisdiction = m_tasks.value(key).obligation.jurisdiction;
    const QString token = m_requests.tokenOf(key);
    if (m_gate->leaseLeftMs(token) >= qint64(m_config.requestTimeoutMs) + kSendLeaseMarginMs) {
        sendNow(key);
        return;
    }
    m_gate->reconfirm(jurisdiction, token, [this, key](bool held) {
        if (m_requests.stageOf(key) != RequestStage::OnTheWire)
            return; // finished meanwhile (shutdown)
        if (held) {
            sendNow(key);
            return;
        }
        RegistryOutcome notSent;
        notSent.kind = RegistryOutcome::Kind::Transient;
        notSent.code = QStringLiteral("GATE_PERMIT_EXPIRED");
        notSent.message = tr("not sent: the permit's lease ran out before the request could leave (the desk "
                             "was busy); it is sent again under a new permit");
        if (m_tasks.value(key).lookupRequired)
            onLookedUp(key, notSent);
        else
            onSubmitted(key, notSent);
    });
}

void Engine::sendNow(const QString &key) {
    const FilingTask &task = m_tasks[key];
    if (task.lookupRequired)
        m_registry->lookup(task, [this, key](const RegistryOutcome &o) { onLookedUp(key, o); });
    else
        m_registry->submit(task, [this, key](const RegistryOutcome &o) { onSubmitted(key, o); });
}

void Engine::finishRequest(const QString &key) {
    // The registry is done with it: its permit and slot go back now; the entry ends once the outcome is
    // recorded (settleAnswer()).
    m_requests.answered(key);
}

void Engine::onPermitLost(const QString &jurisdiction, const QString &token, const QString &key) {
    Q_UNUSED(token);
    const auto it = m_tasks.constFind(key);
    AuditEntry e;
    e.idempotencyKey = key;
    e.entityId = it == m_tasks.constEnd() ? QString() : it->obligation.entity->entityId;
    e.action = QStringLiteral("permit_lost");
    e.actor = kEngineActor;
    e.atUtc = now();
    e.errorCategory = categoryName(ErrorCategory::System);
    e.errorCode = QStringLiteral("GATE_PERMIT_LOST");
    e.detail = tr("the fleet gate reclaimed the permit of this request on %1 while it was on the wire (its "
                  "lease ran out): the fleet cap may have been exceeded")
                   .arg(jurisdiction);
    recordAction(e);
    FilingTask subject = it == m_tasks.constEnd() ? FilingTask{} : *it;
    if (subject.key.isEmpty()) {
        subject.key = key;
        subject.obligation.jurisdiction = jurisdiction;
    }
    raise(AlertKind::PermitLost, subject, e.detail);
}

} // namespace fd
