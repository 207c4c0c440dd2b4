#pragma once

#include <QString>

class QSqlDatabase;

namespace fd {

/// The team ledger's schema in PostgreSQL (docs/ledger.md, "Schema"), created and migrated forward by
/// whichever member connects first. Migrations are serialised across the fleet by a session advisory lock
/// (pg_advisory_lock on kMigrationLockId), so two members starting together never both create a table.
///
/// Tables: ledger_schema (version), entities, batches, tasks (idempotency key primary key, state, version,
/// claim), audit (append-only by trigger; seq assigned under the chain head's row lock so that sequence
/// order is commit order; a SHA-256 hash chain, see AuditChain), audit_head (the chain's last seq and hash),
/// notes, review_claims, members (heartbeats). Every audit insert NOTIFYs channel kNotifyChannel with its
/// seq.
///
/// Thread affinity: the thread that owns `db`.
namespace LedgerSchema {
constexpr int kVersion = 1;
constexpr qint64 kMigrationLockId = 0x46696c696e67; // "Filing"
inline constexpr char kNotifyChannel[] = "filingdesk_ledger";
/// Creates or migrates the schema. False with *error when the ledger's schema is newer than this program
/// knows ("the ledger has schema N, newer than this FilingDesk understands (M)") or a statement fails.
[[nodiscard]] bool migrate(QSqlDatabase &db, QString *error);
/// The schema version stored in the ledger, 0 when none, -1 when it cannot be read.
int storedVersion(QSqlDatabase &db);
} // namespace LedgerSchema

} // namespace fd
