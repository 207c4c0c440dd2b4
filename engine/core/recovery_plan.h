#pragma once

#include "engine/model/filing_task.h"

#include <QList>
#include <QSet>
#include <QString>

namespace fd {

/// What a starting engine does with the tasks it finds in its database.
struct RecoveryPlan {
    /// Tasks that go back into a batch: every task that never reached a terminal state and was in a batch
    /// (or had left PENDING). PENDING tasks never launched stay where they are.
    QStringList resume;
    /// Of those, the ones whose earlier submission has an unknown outcome (left DISPATCHING by a crash, or a
    /// timeout after the request left): looked up at the registry before anything is sent again.
    QSet<QString> lookupFirst;
};

/// Pure: plans the recovery of `stored` tasks (the whole task table).
RecoveryPlan planRecovery(const QList<FilingTask> &stored);

} // namespace fd
