#include "engine/core/recovery_plan.h"

namespace fd {

RecoveryPlan planRecovery(const QList<FilingTask> &stored) {
    RecoveryPlan plan;
    for (const FilingTask &t : stored) {
        if (isTerminal(t.state))
            continue;
        if (t.state == ExecutionState::Pending && t.batchId.isEmpty())
            continue;
        plan.resume.append(t.key);
        if (t.state == ExecutionState::Dispatching || t.lookupRequired)
            plan.lookupFirst.insert(t.key);
    }
    return plan;
}

} // namespace fd
