#pragma once

#include "engine/model/entity.h"
#include "engine/model/filing_task.h"
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

/// The register's record as a filing sends it: the record's fields, with the filing's own jurisdiction
/// (a foreign qualification files in its state, not the home state) and the portfolio line it came from.
Entity entityForFiling(const Entity &registerRecord, const Entity &filingEntity);

/// True for a filing whose payload may still change: PENDING (admitted, requeued, or looked up first).
/// Whether a request for it is under way is the engine's to know; this is only the task's side.
bool waitsToBeSent(const FilingTask &task);

/// The PENDING -> PENDING transition ("payload_rebuilt") that stores `task` rebuilt from `registerRecord`,
/// attributed to `actor` with `reason`; its note names the payload's sha256 before and after. std::nullopt
/// when the filing does not wait to be sent or its payload would not change.
std::optional<TaskStore::TransitionRecord> rebuild(const FilingTask &task, const Entity &registerRecord,
                                                   const QString &actor, const QString &reason,
                                                   const QDateTime &nowUtc);

} // namespace UnsentRebuild

} // namespace fd
