#pragma once

#include "engine/model/entity.h"
#include "engine/model/filing_task.h"
#include "engine/rules/rule_set.h"
#include "engine/store/task_store.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace fd {

/// A filing that has not left carries the entity as the entity register has it when it leaves, not as it
/// was when the filing was admitted: an edit, a portfolio that fills a blank, `filingdesk entities import`
/// all reach the filings still waiting (the registry contract lets a payload change under its key until a
/// submission is accepted: docs/registry-api-v1.md, "Submit a filing").
///
/// Pure functions of their inputs; thread-safe. Callers: the engine after a register write
/// (Engine::rebuildUnsentFilings(), which also keeps filings on the wire out) and `filingdesk entities
/// import` (app/filingdesk/commands/entities_command.cpp).
namespace UnsentRebuild {

/// The register's record as a filing sends it: the record's fields (its jurisdiction too; the filing's when
/// the record has none) and the portfolio line the filing came from. The filing's own jurisdiction
/// (Obligation::jurisdiction) is what the request names, whatever the entity's.
Entity entityForFiling(const Entity &registerRecord, const Entity &filingEntity);

/// True for a filing whose payload may still change: PENDING (admitted, requeued, or looked up first).
/// Whether a request for it is under way is the engine's to know; this is only the task's side.
bool waitsToBeSent(const FilingTask &task);

/// The audit code of a filing halted because the register no longer gives it as it was admitted.
inline constexpr char kRegisterChangedCode[] = "ENTITY_CHANGED";

/// What a change of the register does to one filing that waits to be sent, as the transition that records it,
/// attributed to `actor` with `reason`:
/// - the entity's data is sent as the register has it now: PENDING -> PENDING ("payload_rebuilt"), the
///   obligation stored with the new entity, its note naming the payload's sha256 before and after;
/// - the register no longer gives this filing as it was admitted (planned again with `rules` as of its due
///   date: the entity dissolved or out of scope, another entity type or filing, data missing, another due
///   date or expected fee): PENDING -> FAILED_STATUTORY ("register_changed_halt", code ENTITY_CHANGED) with
///   what changed, for a person to withdraw it or requeue it; it keeps the entity as admitted until then.
///   Only when the change is what undoes it: a filing whose own data already did not give it (requeued by a
///   person on purpose) is rebuilt, not halted again.
/// std::nullopt when the filing does not wait to be sent or nothing it sends changes.
std::optional<TaskStore::TransitionRecord> rebuild(const FilingTask &task, const Entity &registerRecord,
                                                   const RuleSet &rules, const QString &actor,
                                                   const QString &reason, const QDateTime &nowUtc);

/// The filing `task` as the register gives it now (planned with `rules` as of its due date): its due date,
/// expected fee and rule as well as the entity, under the same key; std::nullopt when the register no longer
/// gives a filing with this key. What a requeue of an ENTITY_CHANGED halt sends (Engine::resolve()).
std::optional<Obligation> replanned(const FilingTask &task, const Entity &registerRecord,
                                    const RuleSet &rules);

} // namespace UnsentRebuild

} // namespace fd
