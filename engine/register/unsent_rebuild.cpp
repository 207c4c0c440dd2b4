#include "engine/register/unsent_rebuild.h"

#include "engine/model/money.h"
#include "engine/rules/obligation_planner.h"

#include <QCoreApplication>

#include <algorithm>

namespace fd::UnsentRebuild {

Entity entityForFiling(const Entity &registerRecord, const Entity &filingEntity) {
    Entity e = registerRecord;
    if (e.jurisdiction.isEmpty())
        e.jurisdiction = filingEntity.jurisdiction;
    e.sourceFile = filingEntity.sourceFile;
    e.sourceLine = filingEntity.sourceLine;
    return e;
}

bool waitsToBeSent(const FilingTask &task) {
    return task.state == ExecutionState::Pending;
}

namespace {

/// Why the register's data no longer gives `task` as it was admitted; empty when it does.
QString whatChanged(const FilingTask &task, const RowPlan &plan) {
    const Obligation &admitted = task.obligation;
    // A move of the entity to another state ends the filing in the state it was admitted for.
    const QString place = plan.entity->jurisdiction;
    if (!place.isEmpty() && !admitted.jurisdiction.isEmpty() && place != admitted.jurisdiction)
        return QCoreApplication::translate(
                   "UnsentRebuild", "the entity is now registered in %1: it is no longer owed in %2 as "
                                    "admitted")
            .arg(place, admitted.jurisdiction);
    const auto same = std::find_if(plan.obligations.cbegin(), plan.obligations.cend(),
                                   [&task](const Obligation &o) { return o.idempotencyKey() == task.key; });
    if (same != plan.obligations.cend()) {
        if (same->dueDate != admitted.dueDate)
            return QCoreApplication::translate("UnsentRebuild", "its due date is now %1 (admitted with %2)")
                .arg(same->dueDate.toString(Qt::ISODate), admitted.dueDate.toString(Qt::ISODate));
        if (same->feeCents != admitted.feeCents)
            return QCoreApplication::translate("UnsentRebuild",
                                               "its expected fee is now %1 (admitted with %2)")
                .arg(dollars(same->feeCents), dollars(admitted.feeCents));
        return QString();
    }
    switch (plan.outcome) {
    case RowOutcome::OutOfScope:
    case RowOutcome::RowError:
        return QCoreApplication::translate("UnsentRebuild", "it is no longer owed: %1").arg(plan.reason);
    case RowOutcome::NeedsData:
        return QCoreApplication::translate("UnsentRebuild", "it cannot be planned until %1 is filled in")
            .arg(plan.missing.join(QStringLiteral(", ")));
    case RowOutcome::Obligations:
        break;
    }
    QStringList owed;
    for (const Obligation &o : plan.obligations)
        owed.append(QStringLiteral("%1 %2")
                        .arg(o.filingName.isEmpty() ? o.filingType : o.filingName)
                        .arg(o.filingYear));
    for (const ObligationNeed &need : plan.needs)
        if (need.filingType == admitted.filingType)
            return QCoreApplication::translate("UnsentRebuild", "it cannot be planned until %1 is filled in")
                .arg(need.missingField);
    return owed.isEmpty()
               ? QCoreApplication::translate("UnsentRebuild",
                                             "the register's data gives no filing of this kind")
               : QCoreApplication::translate("UnsentRebuild", "the register's data gives other filings: %1")
                     .arg(owed.join(QStringLiteral(", ")));
}

} // namespace

std::optional<TaskStore::TransitionRecord> rebuild(const FilingTask &task, const Entity &registerRecord,
                                                   const RuleSet &rules, const QString &actor,
                                                   const QString &reason, const QDateTime &nowUtc) {
    if (!waitsToBeSent(task))
        return std::nullopt;
    const Entity entity = entityForFiling(registerRecord, *task.obligation.entity);
    // Planned again as of its own due date: the same occurrence comes out when the filing is still owed as
    // admitted, whatever the plan's as-of date is now. The register's own jurisdiction is what is planned:
    // an entity that moved to another state no longer owes this one's filing.
    const QString changed =
        whatChanged(task, planEntity(SharedEntity(entity), rules, task.obligation.dueDate));
    // Only a change that undoes the filing halts it: one a person requeued although its own data no longer
    // gives it as admitted (sent anyway, on purpose) is not halted again by an edit of its notes.
    const bool undoneByThisChange =
        !changed.isEmpty() &&
        whatChanged(task, planEntity(task.obligation.entity, rules, task.obligation.dueDate)).isEmpty();
    if (undoneByThisChange) {
        FilingTask halted = task;
        halted.state = ExecutionState::FailedStatutory;
        halted.updatedUtc = nowUtc;
        halted.lastCategory = ErrorCategory::Statutory;
        halted.lastErrorCode = QString::fromLatin1(kRegisterChangedCode);
        halted.lastErrorMessage =
            QCoreApplication::translate("UnsentRebuild", "the entity register changed after this filing was "
                                                         "admitted and %1; withdraw it, or requeue it to "
                                                         "send it as the register now gives it")
                .arg(changed);
        return TaskStore::TransitionRecord{halted, ExecutionState::Pending, actor,
                                           QStringLiteral("register_changed_halt"), reason};
    }
    FilingTask rebuilt = task;
    const QString before = rebuilt.payloadSha256();
    rebuilt.setEntity(entity);
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

std::optional<Obligation> replanned(const FilingTask &task, const Entity &registerRecord,
                                    const RuleSet &rules) {
    const RowPlan plan = planEntity(SharedEntity(entityForFiling(registerRecord, *task.obligation.entity)),
                                    rules, task.obligation.dueDate);
    for (const Obligation &o : plan.obligations) {
        if (o.idempotencyKey() == task.key)
            return o;
    }
    return std::nullopt;
}

} // namespace fd::UnsentRebuild
