// Engine: a person's decisions on halts and dead letters: replay, resolve (requeue, cure, accept), filed
// outside, withdraw, notes.
#include "engine/core/engine.h"
#include "engine/core/engine_internal.h"

#include "engine/core/host_identity.h"
#include "engine/model/compliance.h"
#include "engine/model/money.h"
#include "engine/register/unsent_rebuild.h"
#include "engine/rules/rejection_codes.h"

namespace fd {

bool Engine::isOnTheWire(const QString &key) const {
    // A request of this member, or (team mode) a filing another member is sending or settling.
    const auto it = m_tasks.constFind(key);
    // A rebuild from the register being written is a transition being committed, as a Validating one is.
    return m_requests.isDispatching(key) || m_heldForWrite.contains(key) ||
           (it != m_tasks.constEnd() && it->state == ExecutionState::Dispatching);
}

void Engine::reportSkipped(const QString &action, const QStringList &onTheWire, const QStringList &otherState,
                           const QString &expected, const QStringList &beingRecorded) {
    // An action on a selection says what it did not do, and why, instead of silently doing less.
    if (!beingRecorded.isEmpty())
        Q_EMIT errorOccurred(tr("%1: %n filing(s) left as they are because an earlier decision or change of "
                                "theirs is still being recorded (%2); act on them again once it is",
                                nullptr, int(beingRecorded.size()))
                                 .arg(action, beingRecorded.join(QStringLiteral(", "))));
    if (!onTheWire.isEmpty())
        Q_EMIT errorOccurred(
            tr("%1: %n filing(s) left as they are because they are being sent right now or the registry's "
               "answer is still being checked (%2); that answer, or a look-up at the registry, decides what "
               "happens next (filed, tried again or halted for a person); act on them again once it has",
               nullptr, int(onTheWire.size()))
                .arg(action, onTheWire.join(QStringLiteral(", "))));
    if (!otherState.isEmpty())
        Q_EMIT errorOccurred(tr("%1: %n filing(s) left as they are: only %2 can be acted on this way (%3)",
                                nullptr, int(otherState.size()))
                                 .arg(action, expected, otherState.join(QStringLiteral(", "))));
}

namespace {

/// Where a filing is, in the words the console uses (the engine's state names are for support).
QString whereForOperator(const FilingTask &task) {
    switch (task.state) {
    case ExecutionState::Pending:
        return Engine::tr("waiting");
    case ExecutionState::Validating:
        return Engine::tr("being checked");
    case ExecutionState::Dispatching:
        return Engine::tr("being sent");
    case ExecutionState::Completed:
        return Engine::tr("filed");
    case ExecutionState::FailedTransient:
        return Engine::tr("to be tried again");
    case ExecutionState::FailedStatutory:
        return Engine::tr("halted");
    case ExecutionState::DeadLetter:
        return task.lastErrorCode == QLatin1String("WITHDRAWN") ? Engine::tr("withdrawn")
                                                                : Engine::tr("could not be filed");
    }
    return QString();
}

} // namespace

QString Engine::describeForOperator(const QString &key) const {
    const auto it = m_tasks.constFind(key);
    if (it == m_tasks.constEnd())
        return key.left(12);
    return tr("%1 (%2, %3)")
        .arg(it->obligation.entity->name, it->obligation.jurisdiction, whereForOperator(*it));
}

QString Engine::payloadNote(const QString &sha256Before, const QString &sha256After, const QString &wasCode) {
    return sha256After == sha256Before
               ? tr("payload unchanged (sha256 %1); was %2").arg(sha256Before.left(12), wasCode)
               : tr("payload rebuilt from the entity register: sha256 %1 -> %2; was %3")
                     .arg(sha256Before.left(12), sha256After.left(12), wasCode);
}

void Engine::cureFromRegister(FilingTask &task) const {
    const auto record = m_register.constFind(task.obligation.entity->entityId);
    if (record == m_register.constEnd())
        return;
    task.setEntity(UnsentRebuild::entityForFiling(*record, *task.obligation.entity));
}

void Engine::replanOrCureFromRegister(FilingTask &task) const {
    // A halt for a change of the register is requeued as the register now gives the filing: its due date and
    // expected fee too, not only the entity (else a new fee would be sent as the old one and reconciled as
    // right).
    const auto record = m_register.constFind(task.obligation.entity->entityId);
    if (task.lastErrorCode == QLatin1String(UnsentRebuild::kRegisterChangedCode) &&
        record != m_register.constEnd()) {
        if (const std::optional<Obligation> o = UnsentRebuild::replanned(task, *record, m_rules)) {
            task.setObligation(*o);
            return;
        }
    }
    cureFromRegister(task);
}

Engine::RebuildCounts Engine::rebuildUnsentFilings(const QSet<QString> &entityIds, const QString &reason) {
    // A filing admitted before the change would otherwise leave with the entity as it was at admission: the
    // agent the person just replaced, the officers a registry will refuse. What has not left is rebuilt now,
    // under its key; what is on the wire, or being recorded as sent, finishes as it left (its outcome
    // decides, and a cure or a replay rebuilds it).
    RebuildCounts counts;
    if (entityIds.isEmpty())
        return counts;
    QList<TaskStore::TransitionRecord> records;
    const QDateTime t = now();
    for (auto it = m_tasks.cbegin(); it != m_tasks.cend(); ++it) {
        const FilingTask &task = it.value();
        if (!entityIds.contains(task.obligation.entity->entityId) || m_heldForWrite.contains(it.key()))
            continue;
        const auto record = m_register.constFind(task.obligation.entity->entityId);
        if (record == m_register.constEnd())
            continue;
        const std::optional<RequestStage> stage = m_requests.stageOf(it.key());
        const bool left = stage == RequestStage::Validating || stage == RequestStage::Recording ||
                          stage == RequestStage::OnTheWire || stage == RequestStage::Answered;
        if (left || task.state == ExecutionState::Dispatching ||
            task.state == ExecutionState::FailedTransient) {
            // On its way with the data it left with: said, so that nobody takes it for rebuilt.
            FilingTask withChange = task;
            withChange.setEntity(UnsentRebuild::entityForFiling(*record, *task.obligation.entity));
            if (withChange.payloadSha256() != task.payloadSha256())
                ++counts.alreadyLeft;
            continue;
        }
        if (!UnsentRebuild::waitsToBeSent(task))
            continue;
        std::optional<TaskStore::TransitionRecord> rebuilt =
            UnsentRebuild::rebuild(task, *record, m_rules, host::osUser(), reason, t);
        if (!rebuilt)
            continue;
        // Out of the queue (its permit, if it had one, handed back) until the new payload is written: nothing
        // leaves with the old one meanwhile.
        m_requests.retire(it.key());
        m_heldForWrite.insert(it.key());
        records.append(*rebuilt);
    }
    if (records.isEmpty())
        return counts;
    const auto halted =
        int(std::count_if(records.cbegin(), records.cend(), [](const TaskStore::TransitionRecord &r) {
            return r.task.state == ExecutionState::FailedStatutory;
        }));
    qCInfo(lcEngine).noquote() << "rebuilding or halting" << records.size()
                               << "unsent filing(s) after a change of the entity register:" << reason;
    // One record per filing: in a team, another member's change to one of them (a conflict) leaves the
    // others' rewrites standing. A single desk's store commits them together all the same.
    for (const TaskStore::TransitionRecord &record : std::as_const(records)) {
        recordThen({record}, Durability::Normal, [this, record](const WriteResult &recorded) {
            const QString &key = record.task.key;
            m_heldForWrite.remove(key);
            const auto it = m_tasks.find(key);
            if (it == m_tasks.end())
                return; // let go meanwhile (shutdown)
            if (!recorded) {
                // Not written, so not rebuilt: the filing keeps its admitted payload, and the failure stops
                // dispatch (or, in a team, re-reads what another member changed).
                transitionFailed(ExecutionState::Pending, record.task.state, key, recorded);
            } else if (record.task.state == ExecutionState::FailedStatutory) {
                // Halted for a person: the register no longer gives the filing as it was admitted.
                it->state = record.task.state;
                it->updatedUtc = record.task.updatedUtc;
                it->lastCategory = record.task.lastCategory;
                it->lastErrorCode = record.task.lastErrorCode;
                it->lastErrorMessage = record.task.lastErrorMessage;
                afterTransition(*it, it->state);
                raise(AlertKind::StatutoryHalt, *it, it->lastErrorMessage);
            } else {
                // Only what the rewrite changed: a launch or a cancel may have changed the batch meanwhile.
                it->setEntity(*record.task.obligation.entity);
                if (it->state == ExecutionState::Pending)
                    it->updatedUtc = record.task.updatedUtc;
                afterTransition(*it, ExecutionState::Pending);
            }
            if (m_batchState.keys.contains(key))
                enqueue(key);
            markStatusDirty();
            pump();
        });
    }
    counts.rebuilt = int(records.size()) - halted;
    counts.halted = halted;
    return counts;
}

void Engine::joinRequeueBatch(FilingTask &task, std::optional<RequeueBatch> *batch) {
    if (!*batch) {
        const bool wasActive = m_batchState.active;
        *batch = RequeueBatch{m_work->batchForRequeue(), !wasActive && m_batchState.active};
    }
    if (!(*batch)->id.isEmpty())
        task.batchId = (*batch)->id;
}

void Engine::leaveRequeueBatch(const std::optional<RequeueBatch> &batch) {
    // Nothing joined the batch begun for the requeue: it was never a batch.
    if (batch && batch->begun && m_batchState.active && m_batchState.id == batch->id &&
        m_batchState.keys.isEmpty())
        m_batchState.active = false;
}

bool Engine::replayLooksUpFirst(const FilingTask &deadLetter) {
    // A dead letter that was sent may hide an accepted filing when the registry's last word on it was not a
    // refusal (retries ran out on errors that said nothing of the filing): it is looked up first. One the
    // registry refused for its data (a 422) was not filed: every send before that refusal had its outcome
    // settled first (an unknown outcome is looked up before anything is sent again, and never dead-lettered
    // as retries exhausted), and a key the registry had accepted is answered with its receipt, not refused
    // (docs/registry-api-v1.md). A look-up then only holds the filing for the settle window, a row each
    // time. As a requeued statutory halt, it is sent. One never sent (withdrawn before it left) has nothing
    // to look up.
    if (deadLetter.lookupRequired)
        return true;
    const bool sent = deadLetter.attempts > 0 || deadLetter.sentUtc.isValid();
    return sent && deadLetter.lastCategory != ErrorCategory::Validation;
}

void Engine::replay(const QStringList &keys, const QString &reason) {
    if (waitsForRegisterWrite([=, this] { replay(keys, reason); }))
        return;
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("a replay needs a reason"));
        return;
    }
    QList<Decision> decisions;
    QStringList onTheWire;
    QStringList beingRecorded; // a decision or a rebuilt payload of theirs is still being written
    QStringList otherState;
    std::optional<RequeueBatch> requeueBatch;
    for (const QString &key : keys) {
        const auto it = m_tasks.constFind(key);
        if (it == m_tasks.constEnd())
            continue;
        if (isOnTheWire(key)) {
            (m_heldForWrite.contains(key) ? beingRecorded : onTheWire).append(describeForOperator(key));
            continue;
        }
        if (it->state != ExecutionState::DeadLetter) {
            otherState.append(describeForOperator(key));
            continue;
        }
        Decision d{*it, {}};
        // What the person corrected in the register since (the officers a rejection asked for) is what goes
        // out: the payload is built again from the register, under the same key, as a cure is.
        cureFromRegister(d.after);
        d.after.transitionNote = payloadNote(it->payloadSha256(), d.after.payloadSha256(), it->lastErrorCode);
        d.after.attempts = 0;
        d.after.nextAttemptUtc = QDateTime();
        d.after.lookupRequired = replayLooksUpFirst(*it);
        clearLastError(d.after); // written with the replay: no later row carries the old error
        joinRequeueBatch(d.after, &requeueBatch);
        if (decide(d.after, ExecutionState::Pending, QStringLiteral("replay"), reason, &d.records))
            decisions.append(std::move(d));
    }
    reportSkipped(tr("Try again"), onTheWire, otherState, tr("filings that could not be filed"),
                  beingRecorded);
    recordDecisions(tr("Replay"), std::move(decisions),
                    [this, reason, requeueBatch](const QStringList &requeued) {
                        // PENDING again: back to work (WorkSource::requeue()).
                        if (!requeued.isEmpty())
                            m_batchState.idleSignalled = false;
                        else
                            leaveRequeueBatch(requeueBatch);
                        m_work->requeue(requeued, reason, tr("replay"));
                        pump();
                        updateStatus();
                    });
}

void Engine::resolve(const QStringList &keys, const QString &reason, bool requeue, bool sendUnchanged) {
    if (waitsForRegisterWrite([=, this] { resolve(keys, reason, requeue, sendUnchanged); }))
        return;
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("resolving a halt needs a reason"));
        return;
    }
    QList<Decision> decisions;
    QStringList onTheWire;
    QStringList beingRecorded; // a decision or a rebuilt payload of theirs is still being written
    QStringList otherState;
    QStringList unchanged; // data defects whose data did not change: asked about first
    std::optional<RequeueBatch> requeueBatch;
    for (const QString &key : keys) {
        const auto it = m_tasks.constFind(key);
        if (it == m_tasks.constEnd())
            continue;
        if (isOnTheWire(key)) {
            (m_heldForWrite.contains(key) ? beingRecorded : onTheWire).append(describeForOperator(key));
            continue;
        }
        if (it->state != ExecutionState::FailedStatutory) {
            otherState.append(describeForOperator(key));
            continue;
        }
        Decision d{*it, {}};
        if (!requeue) {
            if (it->lastCategory != ErrorCategory::Reconciliation || it->confirmationNumber.isEmpty()) {
                Q_EMIT errorOccurred(
                    tr("only a reconciliation exception with a confirmation number can be accepted as "
                       "filed; requeue or withdraw %1 instead")
                        .arg(key.left(12)));
                continue;
            }
            if (decide(d.after, ExecutionState::Completed, QStringLiteral("resolve_accept"), reason,
                       &d.records))
                decisions.append(std::move(d));
            continue;
        }
        // The cure: the payload is built again from the entity register, under the same key. A halt for
        // a data defect whose data did not change would only halt again: the person is asked first.
        replanOrCureFromRegister(d.after);
        const QString payloadBefore = it->payloadSha256();
        const QString payloadAfter = d.after.payloadSha256();
        const std::optional<RejectionCode> rejection = RejectionCatalogue::builtIn().find(it->lastErrorCode);
        if (payloadAfter == payloadBefore && rejection && rejection->dataDefect && !sendUnchanged) {
            unchanged.append(key);
            continue;
        }
        d.after.attempts = 0;
        d.after.lookupRequired = d.after.lookupRequired || d.after.lastCategory == ErrorCategory::System;
        clearLastError(d.after); // written with the requeue: no later row carries the old error
        joinRequeueBatch(d.after, &requeueBatch);
        d.after.transitionNote = payloadNote(payloadBefore, payloadAfter, it->lastErrorCode);
        if (decide(d.after, ExecutionState::Pending, QStringLiteral("resolve_requeue"), reason, &d.records))
            decisions.append(std::move(d));
    }
    reportSkipped(requeue ? tr("Requeue") : tr("Accept as filed"), onTheWire, otherState,
                  tr("filings halted for a person"), beingRecorded);
    if (!unchanged.isEmpty()) {
        QStringList names;
        for (const QString &key : std::as_const(unchanged))
            names.append(describeForOperator(key));
        Q_EMIT unchangedPayloadHeld(
            unchanged, tr("Nothing changed in the data the registry refused (%1): the same payload would be "
                          "refused again. Edit the entity first, or send it anyway.")
                           .arg(names.join(QStringLiteral(", "))));
    }
    recordDecisions(requeue ? tr("Requeue") : tr("Accept as filed"), std::move(decisions),
                    [this, reason, requeue, requeueBatch](const QStringList &recorded) {
                        // Requeued: PENDING again, back to work (WorkSource::requeue()); accepted: COMPLETED.
                        if (recorded.isEmpty())
                            leaveRequeueBatch(requeueBatch);
                        m_work->requeue(requeue ? recorded : QStringList(), reason, tr("requeue"));
                        pump();
                        updateStatus();
                    });
}

void Engine::recordFiledOutside(const QString &key, const QString &confirmationNumber, qint64 feeChargedCents,
                                const QDate &filedOn, const QString &reason) {
    if (reason.trimmed().isEmpty() || confirmationNumber.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(
            tr("a filing made outside FilingDesk needs its confirmation number and a reason"));
        return;
    }
    if (feeChargedCents < 0 || !filedOn.isValid()) {
        Q_EMIT errorOccurred(tr("a filing made outside FilingDesk needs the fee charged and the date filed"));
        return;
    }
    const auto it = m_tasks.find(key);
    if (it == m_tasks.end())
        return;
    if (isOnTheWire(key) ||
        (it->state != ExecutionState::FailedStatutory && it->state != ExecutionState::DeadLetter)) {
        const QStringList named{describeForOperator(key)};
        const bool held = m_heldForWrite.contains(key);
        reportSkipped(tr("Filed outside FilingDesk"), isOnTheWire(key) && !held ? named : QStringList{},
                      isOnTheWire(key) ? QStringList{} : named,
                      tr("filings halted for a person or dead letters"), held ? named : QStringList{});
        return;
    }
    Decision d{*it, {}};
    d.after.confirmationNumber = confirmationNumber.trimmed();
    d.after.feeChargedCents = feeChargedCents;
    d.after.lookupRequired = false;
    clearLastError(d.after);
    d.after.transitionNote =
        tr("filed outside FilingDesk on %1: confirmation %2, charged %3")
            .arg(filedOn.toString(Qt::ISODate), d.after.confirmationNumber, dollars(feeChargedCents));
    if (!decide(d.after, ExecutionState::Completed, QStringLiteral("filed_outside"), reason, &d.records))
        return;
    recordDecisions(tr("Filed outside FilingDesk"), {d},
                    [this, key, feeChargedCents](const QStringList &recorded) {
                        const auto filed = m_tasks.constFind(key);
                        if (!recorded.isEmpty() && filed != m_tasks.constEnd() && feeDiffers(*filed))
                            raise(AlertKind::FeeDiffers, *filed,
                                  tr("charged %1, the rule's fee is %2")
                                      .arg(dollars(feeChargedCents), dollars(filed->obligation.feeCents)));
                        updateStatus();
                        checkIdle();
                    });
}

void Engine::withdraw(const QStringList &keys, const QString &reason) {
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("withdrawing a filing needs a reason"));
        return;
    }
    QList<Decision> decisions;
    QStringList onTheWire;
    QStringList beingRecorded; // a decision or a rebuilt payload of theirs is still being written
    QStringList otherState;
    for (const QString &key : keys) {
        const auto it = m_tasks.constFind(key);
        if (it == m_tasks.constEnd())
            continue;
        if (isOnTheWire(key)) {
            (m_heldForWrite.contains(key) ? beingRecorded : onTheWire).append(describeForOperator(key));
            continue;
        }
        // Validating is the engine's own moment between picking a filing and asking for its permit: nothing
        // has left yet.
        if (!isWithdrawable(*it) && it->state != ExecutionState::Validating) {
            otherState.append(describeForOperator(key));
            continue;
        }
        Decision d{*it, {}};
        d.after.lastCategory = ErrorCategory::None;
        d.after.lastErrorCode = QStringLiteral("WITHDRAWN");
        // What the detail pane and the reports show: who, and why, in the person's words.
        d.after.lastErrorMessage = withdrawalRecord(host::osUser(), reason);
        if (d.after.state == ExecutionState::Pending &&
            !decide(d.after, ExecutionState::Validating, QStringLiteral("withdraw"), reason, &d.records))
            continue;
        if (!decide(d.after, ExecutionState::DeadLetter, QStringLiteral("withdraw"), reason, &d.records))
            continue;
        // Out of the queue (a permit it was waiting for handed back) while the withdrawal is written.
        m_requests.retire(key);
        decisions.append(std::move(d));
    }
    reportSkipped(
        tr("Withdraw"), onTheWire, otherState,
        tr("filings neither filed nor withdrawn yet, and not being sent or looked up at the registry"),
        beingRecorded);
    QStringList withdrawing;
    for (const Decision &d : std::as_const(decisions))
        withdrawing.append(d.after.key);
    recordDecisions(tr("Withdraw"), std::move(decisions), [this, withdrawing](const QStringList &recorded) {
        if (recorded.isEmpty()) {
            for (const QString &key : withdrawing)
                enqueue(key); // not withdrawn: back in its queue, as it was
        }
        updateStatus();
        checkIdle();
    });
}

void Engine::addNote(const QString &key, const QString &note) {
    const auto it = m_tasks.constFind(key);
    operatorAction(QStringLiteral("note"), note, key,
                   it == m_tasks.constEnd() ? QString() : it->obligation.entity->entityId);
}

} // namespace fd
