#pragma once

#include "engine/work/pipeline.h"
#include "engine/work/work_source.h"

#include <QCoreApplication>
#include <QStringList>

namespace fd {

/// A single desk: its work is its own, kept in its SQLite database (opened exclusively: one engine per
/// database). One batch at a time; at start every task that never reached a terminal state goes back into a
/// batch, and those whose outcome is unknown (DISPATCHING at a crash) are looked up before anything is sent
/// again (RecoveryPlan). Batch actions act on this desk's batch only; there are no claims, reviews or
/// members.
///
/// Thread affinity: the engine's thread.
class LocalBatch final : public WorkSource {
    Q_DECLARE_TR_FUNCTIONS(fd::Engine)
public:
    LocalBatch(Engine &engine, Pipeline &pipeline);

    bool open(QString *error) override;
    QString auditPath() const override;
    QList<FilingTask> tasksAtStart() override;
    bool keepsRegister() const override { return true; }
    QString takeUp(const QList<FilingTask> &all) override;
    void begin() override;
    void stop() override {}
    void handBack(const QStringList &, std::function<void()> done) override { done(); }

    void launch(const QStringList &keys, const QString &reason, DecidedBy by) override;
    void pause(const QString &reason) override;
    void resume(const QString &reason) override;
    void cancel(const QString &reason, const QString &batchId, DecidedBy by) override;
    void drain(const QString &reason) override { pause(reason); }
    /// This desk's batch, begun when none is open.
    QString batchForRequeue() override;
    void requeue(const QStringList &keys, const QString &reason, const QString &what) override;
    void openReview(const QString &) override {}
    void closeReview(const QString &) override {}
    void refreshMembers() override {}
    void queryTeamWork() override;

    bool mayQueue(const QString &) const override { return true; }
    bool maySend() override { return true; }
    bool postponePortfolio(const QString &, const QDate &, bool) override { return false; }
    bool postponeAdmission(int, bool) override { return false; }
    QString refusesAdmission() const override { return {}; }
    void storedElsewhere(const QStringList &) override {}
    void transitionRecorded(const QString &, ExecutionState) override {}
    bool absorbWriteFailure(const QString &, const WriteResult &) override { return false; }
    void checkIdle() override;
    void describe(BatchStatus &) const override {}
    void statusTaken(const BatchStatus &) override {}
    void publishMetrics(metrics::EngineMetrics &metrics) const override;

private:
    Engine &m_engine;     ///< whose signals this work source emits
    Pipeline &m_pipeline; ///< the engine's pipeline: what this work source reads and asks of it
    QStringList m_resume; ///< takeUp(): the unfinished tasks begin() puts back into a batch
};

} // namespace fd
