#include "engine/register/unsent_rebuild.h"

#include <QCoreApplication>

namespace fd::UnsentRebuild {

Entity entityForFiling(const Entity &registerRecord, const Entity &filingEntity) {
    Entity e = registerRecord;
    if (!filingEntity.jurisdiction.isEmpty())
        e.jurisdiction = filingEntity.jurisdiction;
    e.sourceFile = filingEntity.sourceFile;
    e.sourceLine = filingEntity.sourceLine;
    return e;
}

bool waitsToBeSent(const FilingTask &task) {
    return task.state == ExecutionState::Pending;
}

std::optional<TaskStore::TransitionRecord> rebuild(const FilingTask &task, const Entity &registerRecord,
                                                   const QString &actor, const QString &reason,
                                                   const QDateTime &nowUtc) {
    if (!waitsToBeSent(task))
        return std::nullopt;
    FilingTask rebuilt = task;
    const QString before = rebuilt.payloadSha256();
    rebuilt.setEntity(entityForFiling(registerRecord, *task.obligation.entity));
    const QString after = rebuilt.payloadSha256();
    if (after == before)
        return std::nullopt; // the change is not in anything this filing sends
    rebuilt.updatedUtc = nowUtc;
    rebuilt.transitionNote =
        QCoreApplication::translate(
            "UnsentRebuild", "payload rebuilt from the entity register before it was sent: sha256 %1 -> %2")
            .arg(before.left(12), after.left(12));
    return TaskStore::TransitionRecord{rebuilt, ExecutionState::Pending, actor,
                                       QStringLiteral("payload_rebuilt"), reason};
}

} // namespace fd::UnsentRebuild
