// A single desk: the engine's work is this desk's own batch, kept in its SQLite database.
#include "engine/work/local_batch.h"

#include "engine/core/engine.h"
#include "engine/core/host_identity.h"
#include "engine/core/recovery_plan.h"
#include "engine/metrics/engine_metrics.h"
#include "engine/store/threaded_store.h"

#include <QFileInfo>
#include <QLoggingCategory>

#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcEngine)

namespace fd {

LocalBatch::LocalBatch(Engine &engine, Pipeline &pipeline)
    : m_engine(engine)
    , m_pipeline(pipeline) {}

bool LocalBatch::open(QString *error) {
    ThreadedStore &desk = *m_pipeline.deskStore();
    if (!desk.open(m_pipeline.config().dbPath, error, AuditStore::OpenMode::Exclusive))
        return false;
    // A team member's mirror holds copies of the ledger's filings as they were when it last read them: a
    // desk resuming them would send again what the team filed since. They are filed from the ledger.
    const AuditStore::MirrorBinding binding = desk.mirrorBinding();
    if (binding.isBound() || desk.lastMirroredSeq() > 0) {
        desk.close();
        *error = tr("%1 is a team member's copy of the team ledger%2, not a single desk's database: its "
                    "filings are the team's and are worked from the ledger (give --ledger URL); give a "
                    "database of this desk's own with --db")
                     .arg(QFileInfo(m_pipeline.config().dbPath).absoluteFilePath(),
                          binding.isBound()
                              ? tr(" %1 (last reached at %2)").arg(binding.ledgerId, binding.ledgerUrl)
                              : QString());
        return false;
    }
    return true;
}

QString LocalBatch::auditPath() const {
    return QFileInfo(m_pipeline.config().dbPath).absoluteFilePath();
}

QList<FilingTask> LocalBatch::tasksAtStart() {
    return m_pipeline.taskStore().loadTasks(false);
}

QString LocalBatch::takeUp(const QList<FilingTask> &all) {
    // Resume: every task that never reached a terminal state goes back into a batch; an unknown outcome is
    // looked up before anything is re-sent.
    const RecoveryPlan recovery = planRecovery(all);
    for (const QString &key : recovery.lookupFirst)
        m_pipeline.tasks()[key].lookupRequired = true;
    m_resume = recovery.resume;
    qCInfo(lcEngine) << "resumed" << recovery.resume.size() << "task(s)," << recovery.lookupFirst.size()
                     << "to look up first";
    return tr("%1; rules %2; database %3; %4 task(s) resumed, %5 to look up first")
        .arg(m_pipeline.permitGate().describe(), m_pipeline.rules().version(), auditPath())
        .arg(recovery.resume.size())
        .arg(recovery.lookupFirst.size());
}

void LocalBatch::begin() {
    const QStringList resume = std::exchange(m_resume, {});
    if (resume.isEmpty())
        return;
    m_pipeline.beginBatchIfIdle();
    // They go on in the batch a person launched them in, under its id: what is done to it next (a cancel
    // when FilingDesk starts again, its end) names that batch, not one nobody launched. When it began is
    // not known here: the panel says "This batch".
    QHash<QString, int> launchedIn;
    for (const QString &key : resume)
        if (const QString id = m_pipeline.tasks().value(key).batchId; !id.isEmpty())
            ++launchedIn[id];
    if (!launchedIn.isEmpty()) {
        const auto most = std::max_element(launchedIn.cbegin(), launchedIn.cend());
        m_pipeline.batchState().id = most.key();
        m_pipeline.batchState().startedUtc = QDateTime();
    }
    for (const QString &key : resume) {
        m_pipeline.batchState().keys.insert(key);
        m_pipeline.enqueue(key);
    }
    m_pipeline.pump();
}

void LocalBatch::launch(const QStringList &keys, const QString &reason, DecidedBy by) {
    Pipeline &e = m_pipeline;
    QStringList chosen;
    if (keys.isEmpty()) {
        for (auto it = e.tasks().cbegin(); it != e.tasks().cend(); ++it) {
            if (it->state == ExecutionState::Pending && !e.batchState().keys.contains(it.key()))
                chosen.append(it.key());
        }
    } else {
        for (const QString &k : keys) {
            const auto it = e.tasks().constFind(k);
            if (it != e.tasks().constEnd() && it->state == ExecutionState::Pending)
                chosen.append(k);
        }
    }
    e.beginBatchIfIdle();
    e.batchState().paused = false;
    QList<FilingTask> launched;
    launched.reserve(chosen.size());
    for (const QString &k : std::as_const(chosen)) {
        FilingTask task = e.tasks().value(k);
        task.batchId = e.batchState().id;
        launched.append(task);
    }
    QString error;
    if (const WriteResult saved = e.taskStore().saveTasks(launched, &error); !saved) {
        e.auditFailed(tr("launch of %n task(s)", nullptr, int(launched.size())), saved);
        chosen.clear();
    }
    for (const QString &k : std::as_const(chosen)) {
        e.tasks()[k].batchId = e.batchState().id;
        e.batchState().keys.insert(k);
        e.enqueue(k);
    }
    e.operatorAction(QStringLiteral("batch_launch"), reason, QString(), QString(),
                     tr("batch %1: %2 task(s)").arg(e.batchState().id).arg(chosen.size()), by);
    e.pump();
    e.updateStatus();
    checkIdle();
}

void LocalBatch::pause(const QString &reason) {
    Pipeline &e = m_pipeline;
    if (e.batchState().paused) {
        e.updateStatus(); // a drain waits for a status taken after it: give one
        return;
    }
    e.batchState().paused = true;
    // Nothing new leaves while paused: withdraw requests awaiting a permit, and hand back permits granted
    // but not yet used; in-flight requests finish.
    e.withdrawUnsent();
    e.operatorAction(QStringLiteral("batch_pause"), reason, QString(), QString(),
                     tr("batch %1 paused").arg(e.batchState().id));
    e.updateStatus();
}

void LocalBatch::resume(const QString &reason) {
    Pipeline &e = m_pipeline;
    if (!e.batchState().paused)
        return;
    e.batchState().paused = false;
    const bool afterAuditFailure = std::exchange(e.batchState().auditUnavailable, false);
    e.operatorAction(QStringLiteral("batch_resume"), reason, QString(), QString(),
                     afterAuditFailure
                         ? tr("batch %1 resumed after the audit database failed").arg(e.batchState().id)
                         : tr("batch %1 resumed").arg(e.batchState().id));
    e.pump();
    e.updateStatus();
}

void LocalBatch::cancel(const QString &reason, const QString &batchId, DecidedBy by) {
    Pipeline &e = m_pipeline;
    if (!batchId.isEmpty() && batchId != e.batchState().id) {
        Q_EMIT m_engine.errorOccurred(tr("batch %1 is not this desk's batch (%2): nothing was cancelled")
                                          .arg(batchId, e.batchState().id));
        return;
    }
    int withdrawn = 0;
    QStringList unknownOutcome;
    e.requests().retireUnsent(); // not queued again: the batch ends
    const QSet<QString> batch = e.batchState().keys;
    for (const QString &key : batch) {
        if (e.requests().hasLeft(key))
            continue;
        if (e.tasks().value(key).state == ExecutionState::Dispatching) {
            // Sent, and its outcome unknown (a time-out, a look-up inside the settle window): it may have
            // been filed. It is never put back to waiting as if it had not been sent: it stays in the batch
            // and its look-up decides (filed, or sent again only once "not found" means not filed).
            unknownOutcome.append(key);
            continue;
        }
        e.requests().retire(key);
        FilingTask &task = e.tasks()[key];
        if (isTerminal(task.state))
            continue;
        // A task that keeps lookupRequired (persisted) is looked up first whenever it is launched again. The
        // error it last met (a registry's limit, a time-out) is not why it goes back: not repeated as the
        // cancel's.
        if (task.state != ExecutionState::Pending) {
            task.lastCategory = ErrorCategory::None;
            task.lastErrorCode.clear();
            task.lastErrorMessage.clear();
        }
        if (task.state != ExecutionState::Pending &&
            !e.transition(task, ExecutionState::Pending, e.actorFor(by), QStringLiteral("batch_cancel"),
                          reason))
            break; // transition() reported it
        task.batchId.clear();
        QString error;
        if (const WriteResult saved = e.taskStore().saveTask(task, &error); !saved) {
            e.auditFailed(tr("cancel of %1").arg(key.left(12)), saved);
            break;
        }
        e.batchState().keys.remove(key);
        ++withdrawn;
    }
    e.batchState().paused = false;
    QString detail =
        tr("batch %1 cancelled; %2 task(s) back to PENDING").arg(e.batchState().id).arg(withdrawn);
    if (!unknownOutcome.isEmpty())
        detail += tr("; %n filing(s) whose outcome is unknown stay in it and are looked up at the registry",
                     nullptr, int(unknownOutcome.size()));
    e.operatorAction(QStringLiteral("batch_cancel"), reason, QString(), QString(), detail, by);
    for (const QString &key : std::as_const(unknownOutcome))
        e.enqueue(key); // its look-up, withdrawn above if it was waiting for a permit
    e.pump();
    e.updateStatus();
    checkIdle();
}

QString LocalBatch::batchForRequeue() {
    m_pipeline.beginBatchIfIdle();
    return m_pipeline.batchState().id;
}

void LocalBatch::requeue(const QStringList &keys, const QString &, const QString &what) {
    // Back into this desk's batch (a new one when none is open), looked up first where the task says so.
    Pipeline &e = m_pipeline;
    for (const QString &key : keys) {
        e.beginBatchIfIdle();
        FilingTask &task = e.tasks()[key];
        if (task.batchId != e.batchState().id) {
            // Not placed with its transition (batchForRequeue()): the batch it joins is written now.
            task.batchId = e.batchState().id;
            QString error;
            if (const WriteResult saved = e.taskStore().saveTask(task, &error); !saved) {
                e.auditFailed(tr("%1 of %2").arg(what, key.left(12)), saved);
                break;
            }
        }
        e.batchState().keys.insert(key);
        e.enqueue(key);
    }
}

void LocalBatch::queryTeamWork() {
    Q_EMIT m_engine.teamWorkCounted(-1, m_pipeline.requests().counts().onTheWire);
}

void LocalBatch::checkIdle() {
    Pipeline &e = m_pipeline;
    if (!e.batchState().active || e.batchState().idleSignalled || e.isStopping())
        return;
    // Cheap test first: anything queued, awaiting a permit, on the wire or a person's decision being
    // written means not idle.
    if (e.requests().counts().busy() || e.holdsWrites())
        return;
    for (const QString &key : std::as_const(e.batchState().keys)) {
        const FilingTask &t = *e.tasks().constFind(key); // m_batch holds only known keys
        if (!isTerminal(t.state) && !(t.state == ExecutionState::Pending && t.batchId.isEmpty()))
            return;
    }
    e.batchState().idleSignalled = true;
    e.flushDirty();
    e.updateStatus();
    BatchStatus s = e.currentStatus();
    e.batchState().active = false;
    e.operatorAction(QStringLiteral("batch_idle"), QString(), QString(), QString(),
                     tr("batch %1 has nothing left to send").arg(e.batchState().id), DecidedBy::FilingDesk);
    Q_EMIT m_engine.batchIdle(s);
}

void LocalBatch::publishMetrics(metrics::EngineMetrics &metrics) const {
    metrics.setLedgerReachable(false);
}

} // namespace fd
