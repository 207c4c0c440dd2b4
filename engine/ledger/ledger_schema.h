#pragma once

#include <QString>

class QSqlDatabase;

namespace fd {

/// The team ledger's schema in PostgreSQL (docs/ledger.md, "Schema"), created and migrated forward by
/// whichever member connects first. A migration is one transaction, serialised across the fleet by a
/// transaction-scoped advisory lock (pg_advisory_xact_lock on kMigrationLockId), so two members starting
/// together never both create a table, and no lock outlives its transaction (as a session lock would on a
/// pooled server connection). A member waits for that lock as long as a statement may run (the session's
/// statement_timeout), not the short lock wait of its writes.
///
/// Tables: ledger_schema (version), entities, batches, tasks (idempotency key primary key, state, version,
/// claim), audit (append-only by trigger; a SHA-256 hash chain, see AuditChain; up to schema 5 seq was
/// assigned under the chain head's row lock at insert), audit_head (the chain's last seq and hash),
/// notes, review_claims, members (heartbeats); from schema 2, ledger_identity (the ledger's random id) and
/// tasks.sent_at; from schema 3, the team's entity register (entities.in_register, entities.updated_by) and
/// entity_conflicts; from schema 4, audit.login: the database login (session_user) that wrote each audit row,
/// set by the chain trigger and covered by row_hash; from schema 5, group roles, members write only through
/// SECURITY DEFINER functions that check them, batches.launched_login and team_settings
/// (ledger_schema_roles.h, docs/roles.md); from schema 6, audit rows are inserted unsealed (seq, prev_hash,
/// row_hash NULL; audit.id their stable key) and sealed in batches by filingdesk_seal_audit(), run by
/// whichever member wins its advisory lock (ledger_schema_sealer.h, AuditSealer); from schema 7, a cancelled
/// batch strands nothing: a relaunch takes its unsent VALIDATING tasks, a DISPATCHING task whose claim ran
/// out is claimed for its look-up (ledger_schema_settle.h); from schema 8, filingdesk_transitions writes many
/// transitions in one statement (ledger_schema_batch.h, LedgerWriter); from schema 9, the fleet seals at a
/// pace (audit_head.sealed_at) and a seal computes each row's hash once (ledger_schema_seal_pace.h); from
/// schema 10, a row of filingdesk_transitions may pass through a state (ledger_schema_two_steps.h); from
/// schema 11, a cured payload's due date is written to tasks.due_date (ledger_schema_due_date.h); from schema
/// 12, a seal that holds rows a worker acts on also NOTIFYs kWorkerNotifyChannel, the only channel a worker
/// LISTENed on (ledger_schema_worker_notice.h); from schema 13, nothing becomes DISPATCHING once its batch is
/// paused or cancelled (SQLSTATE FD423), and workers LISTEN on no channel (ledger_schema_running_batch.h);
/// from schema 14, a claim reads the unclaimed tasks off tasks_unclaimed_by_place and looks for claims that
/// ran out when claim_sweep says the fleet's sweep is due or work is short (ledger_schema_unclaimed.h); from
/// schema 15, entity_conflicts.kept_at: a conflict decided for the register's value is kept, not deleted, and
/// not raised again for the same values (ledger_schema_kept_conflicts.h). Every
/// time the ledger stores is its own clock (the audit's at_utc is set by the insert trigger). Every sealed
/// batch NOTIFYs channel kNotifyChannel with its last seq.
///
/// Thread affinity: the thread that owns `db`.
namespace LedgerSchema {
constexpr int kVersion = 15;
constexpr qint64 kMigrationLockId = 0x46696c696e67; // "Filing"
inline constexpr char kNotifyChannel[] = "filingdesk_ledger";
/// Creates or migrates the schema. False with *error when the ledger's schema is newer than this program
/// knows ("the ledger has schema N, newer than this FilingDesk understands (M)") or a statement fails.
/// `upTo`: the version to stop at (tests build an older ledger to migrate from); default the current one.
[[nodiscard]] bool migrate(QSqlDatabase &db, QString *error, int upTo = kVersion);
/// The schema version stored in the ledger, 0 when none, -1 when it cannot be read.
int storedVersion(QSqlDatabase &db);
} // namespace LedgerSchema

} // namespace fd
