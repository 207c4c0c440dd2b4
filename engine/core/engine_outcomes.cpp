// Engine: a registry's answer: filed, retried, dead-lettered or halted for a person, and look-ups of unknown
// outcomes.
#include "engine/core/engine.h"
#include "engine/core/engine_internal.h"

#include "engine/dispatch/reconciler.h"
#include "engine/metrics/engine_metrics.h"

namespace fd {

void Engine::onLookedUp(const QString &key, const RegistryOutcome &o) {
    if (m_metrics && m_requests.stageOf(key) == RequestStage::OnTheWire)
        m_metrics->recordRequest(m_tasks.value(key).obligation.jurisdiction, o.kind,
                                 double(m_requests.sentUtcOf(key).msecsTo(now())) / 1000.0);
    if (!m_started) {
        m_requests.retire(key);
        return; // aborted by shutdown(): the task stays as persisted (DISPATCHING)
    }
    finishRequest(key);
    // What the answer changes is worked out on a copy: the engine's task takes it with the commit that
    // records it (transitionThen()).
    FilingTask task = m_tasks.value(key);
    task.traceId = o.traceId;
    task.lastResponseBody = o.body;
    switch (o.kind) {
    case RegistryOutcome::Kind::Found: {
        task.lookupRequired = false;
        RegistryOutcome accepted = o;
        accepted.kind = RegistryOutcome::Kind::Replayed;
        recordRegistrySuccess(task.obligation.jurisdiction);
        acceptReceipt(std::move(task), accepted);
        break;
    }
    case RegistryOutcome::Kind::NotFound: {
        // The registry may still be working on a request it never answered: until its settle window has
        // passed, "not found" is no evidence that nothing was filed, and sending again could file twice.
        if (!task.sentUtc.isValid())
            task.sentUtc = task.updatedUtc.isValid() ? task.updatedUtc : now(); // from before sent times
        const QDateTime settled = task.sentUtc.addMSecs(m_config.settleMsFor(task.obligation.jurisdiction));
        const QDateTime t = now();
        if (t < settled) {
            // Looked up again after about as long as it has been out (within the retry policy's bounds):
            // the spacing doubles, so a window of a minute costs a handful of look-ups (and audit rows), not
            // one every retry delay; a filing the registry finishes late is still found within the window.
            const qint64 out = qMax<qint64>(0, task.sentUtc.msecsTo(t));
            const qint64 spacing = qMax(m_retry.delayMs(qMax(1, task.attempts), o.retryAfterMs),
                                        qMin<qint64>(out, m_retry.maxMs));
            const QDateTime again = qMin(settled, t.addMSecs(spacing));
            task.lastCategory = ErrorCategory::Transient;
            task.lastErrorCode = QStringLiteral("UNSETTLED");
            task.lastErrorMessage =
                tr("not found %1 s after it was sent, but the registry may still be working on it: looked "
                   "up again; only after %2 UTC does \"not found\" mean it was not filed")
                    .arg(task.sentUtc.secsTo(t))
                    .arg(settled.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
            task.nextAttemptUtc = again;
            transitionThen(std::move(task), ExecutionState::Dispatching, QStringLiteral("lookup"), QString(),
                           [this, key](bool recorded) {
                               if (!recorded)
                                   m_tasks[key].nextAttemptUtc = QDateTime();
                               enqueue(key);
                           });
            break;
        }
        task.lookupRequired = false;
        task.nextAttemptUtc = QDateTime();
        clearLastError(task);
        transitionThen(std::move(task), ExecutionState::Pending, QStringLiteral("lookup"),
                       tr("looked up before sending again: the registry has no filing under this key; it "
                          "will be sent"),
                       [this, key](bool recorded) {
                           if (!recorded)
                               m_tasks[key].lookupRequired = true;
                           enqueue(key);
                       });
        break;
    }
    case RegistryOutcome::Kind::Unsupported: {
        task.lastCategory = ErrorCategory::System;
        task.lastErrorCode = QStringLiteral("UNCERTAIN_OUTCOME");
        task.lastErrorMessage =
            tr("the outcome of an earlier submission is unknown and this registry has no look-up: "
               "a person must check before anything is re-sent");
        transitionThen(std::move(task), ExecutionState::FailedStatutory, QStringLiteral("lookup"), QString(),
                       [this, key](bool recorded) {
                           if (!recorded) {
                               enqueue(key);
                               return;
                           }
                           const FilingTask &halted = m_tasks[key];
                           raise(AlertKind::StatutoryHalt, halted, halted.lastErrorMessage);
                       });
        break;
    }
    default:
        // The look-up itself failed: look up again later, never a blind re-send. Nothing to record.
        task.lastCategory = ErrorCategory::Transient;
        task.lastErrorCode = o.code;
        task.lastErrorMessage = o.message;
        task.nextAttemptUtc = now().addMSecs(m_retry.delayMs(qMax(1, task.attempts), o.retryAfterMs));
        m_tasks[key] = std::move(task);
        settleAnswer(key);
        enqueue(key);
        break;
    }
    pump();
}

void Engine::stopForPerson(FilingTask task, const RegistryOutcome &o, ErrorCategory category,
                           ExecutionState to, AlertKind alertKind) {
    const QString key = task.key;
    task.lastCategory = category;
    task.lastErrorCode = o.code;
    task.lastErrorMessage = o.message;
    transitionThen(std::move(task), to, QStringLiteral("transition"), QString(),
                   [this, key, alertKind, message = o.message](bool recorded) {
                       if (!recorded) {
                           enqueue(key);
                           return;
                       }
                       raise(alertKind, m_tasks[key], message);
                   });
}

void Engine::acceptReceipt(FilingTask task, const RegistryOutcome &o) {
    const QString key = task.key;
    task.confirmationNumber = o.receipt.confirmationNumber;
    task.feeChargedCents = o.receipt.feeChargedCents;
    task.lookupRequired = false;
    const Reconciliation r = reconcile(task.obligation, o.receipt);
    if (!r.matched) {
        // Accepted with a confirmation number and paid at another fee: filed, and a review item (a fee
        // schedule changed, a penalty was added), not a halt. Without a confirmation number a person must
        // check.
        const bool filed = r.code == QLatin1String("RECON_FEE_MISMATCH");
        task.lastCategory = ErrorCategory::Reconciliation;
        task.lastErrorCode = r.code;
        task.lastErrorMessage = r.message;
        transitionThen(
            std::move(task), filed ? ExecutionState::Completed : ExecutionState::FailedStatutory,
            QStringLiteral("reconcile"), QString(), [this, key, filed, message = r.message](bool recorded) {
                if (!recorded) {
                    m_tasks[key].lookupRequired = true; // filed, not recorded: the look-up finds it
                    enqueue(key);
                    return;
                }
                if (filed)
                    ++m_filedHere;
                raise(filed ? AlertKind::FeeDiffers : AlertKind::ReconciliationException, m_tasks[key],
                      message);
            });
        return;
    }
    task.lastCategory = ErrorCategory::None;
    task.lastErrorCode.clear();
    task.lastErrorMessage =
        o.kind == RegistryOutcome::Kind::Replayed ? tr("idempotent replay: filed earlier") : QString();
    transitionThen(std::move(task), ExecutionState::Completed, QStringLiteral("reconcile"), QString(),
                   [this, key](bool recorded) {
                       if (!recorded) {
                           m_tasks[key].lookupRequired =
                               true; // filed, but not recorded: the look-up finds it
                           enqueue(key);
                           return;
                       }
                       ++m_filedHere;
                   });
}

void Engine::onSubmitted(const QString &key, const RegistryOutcome &o) {
    if (m_metrics && m_requests.stageOf(key) == RequestStage::OnTheWire)
        m_metrics->recordRequest(m_tasks.value(key).obligation.jurisdiction, o.kind,
                                 double(m_requests.sentUtcOf(key).msecsTo(now())) / 1000.0);
    if (!m_started) {
        // Aborted by shutdown(): the task stays DISPATCHING and is looked up on the next start. The permit
        // goes back (confirmed by the gate's close(); the lease reclaims it otherwise).
        m_requests.retire(key);
        return;
    }
    finishRequest(key);
    // Worked out on a copy: the engine's task takes it with the commit that records it.
    FilingTask task = m_tasks.value(key);
    task.traceId = o.traceId;
    task.lastResponseBody = o.body;
    const QString jurisdiction = task.obligation.jurisdiction;
    switch (o.kind) {
    case RegistryOutcome::Kind::Accepted:
    case RegistryOutcome::Kind::Replayed:
        recordRegistrySuccess(jurisdiction);
        acceptReceipt(std::move(task), o);
        break;
    case RegistryOutcome::Kind::Statutory:
        // The registry answered: the portal is healthy even though this filing is not.
        recordRegistrySuccess(jurisdiction);
        stopForPerson(std::move(task), o, ErrorCategory::Statutory, ExecutionState::FailedStatutory,
                      AlertKind::StatutoryHalt);
        break;
    case RegistryOutcome::Kind::Validation:
        recordRegistrySuccess(jurisdiction);
        stopForPerson(std::move(task), o, ErrorCategory::Validation, ExecutionState::DeadLetter,
                      AlertKind::DeadLetter);
        break;
    case RegistryOutcome::Kind::Uncertain:
        scheduleRetry(std::move(task), o, true);
        break;
    default:
        scheduleRetry(std::move(task), o, false);
        break;
    }
    pump();
}

void Engine::scheduleRetry(FilingTask task, const RegistryOutcome &o, bool uncertain) {
    const QString key = task.key;
    const QDateTime t = now();
    const QString j = task.obligation.jurisdiction;
    task.lastCategory = ErrorCategory::Transient;
    task.lastErrorCode = o.code;
    task.lastErrorMessage = o.message;
    if (uncertain) {
        // The request left and no answer came: it may have been filed. Never re-sent blind.
        task.lookupRequired = true;
        task.lastErrorMessage = tr("%1; the outcome is unknown: the filing is looked up before anything is "
                                   "sent again")
                                    .arg(o.message);
    }
    if (m_requests.breakers().recordFailure(j, t)) {
        const QDateTime until = m_requests.breakers().openUntil(j);
        const QString message =
            tr("the %1 registry keeps failing (last: %2 %3); nothing more is sent there until a "
               "trial request at %4 UTC")
                .arg(j, o.code, o.message, until.toString(QStringLiteral("HH:mm:ss")));
        qCInfo(lcEngine).noquote() << "circuit breaker open:" << message; // the alert carries it to a person
        Q_EMIT alertRaised(EngineAlert{AlertKind::BreakerOpen, QString(), QString(), j, message});
    }
    // An uncertain outcome is never dead-lettered as "retries exhausted": the look-up decides whether it was
    // filed.
    if (!uncertain && task.attempts >= m_retry.maxAttempts) {
        task.nextAttemptUtc = QDateTime();
        const QString reason = tr("retries exhausted after %1 attempts").arg(task.attempts);
        const QString message = tr("%1 after %2 attempts").arg(o.code).arg(task.attempts);
        transitionThen(std::move(task), ExecutionState::DeadLetter, QStringLiteral("transition"), reason,
                       [this, key, message](bool recorded) {
                           if (!recorded) {
                               enqueue(key);
                               return;
                           }
                           raise(AlertKind::DeadLetter, m_tasks[key], message);
                       });
        return;
    }
    task.nextAttemptUtc = t.addMSecs(m_retry.delayMs(task.attempts, o.retryAfterMs));
    // An unknown outcome stays DISPATCHING (what it may be), recorded with the error; a request the registry
    // refused is FAILED_TRANSIENT.
    const ExecutionState to = uncertain ? ExecutionState::Dispatching : ExecutionState::FailedTransient;
    transitionThen(std::move(task), to,
                   uncertain ? QStringLiteral("uncertain_outcome") : QStringLiteral("transition"), QString(),
                   [this, key, uncertain](bool recorded) {
                       if (!recorded) {
                           m_tasks[key].nextAttemptUtc = QDateTime();
                           if (uncertain)
                               m_tasks[key].lookupRequired = true; // it may have been filed
                       }
                       enqueue(key);
                   });
}

void Engine::recordRegistrySuccess(const QString &jurisdiction) {
    const bool wasTripped = m_requests.breakers().openUntil(jurisdiction).isValid();
    m_requests.breakers().recordSuccess(jurisdiction);
    if (wasTripped) {
        const QString message = tr("the %1 registry answers again; dispatch there resumes").arg(jurisdiction);
        qCInfo(lcEngine).noquote() << "circuit breaker closed:" << message;
        Q_EMIT alertRaised(
            EngineAlert{AlertKind::BreakerClosed, QString(), QString(), jurisdiction, message});
    }
}

} // namespace fd
