#pragma once

#include <QString>
#include <QStringList>

namespace fd {

/// The filings a transition write named when the ledger refused it (the message of the PostgreSQL error,
/// as QSqlError::text() gives it). Thread affinity: none (pure functions).

/// Another member changed these tasks first (filingdesk_transitions, ledger_schema_batch.h: SQLSTATE FD409,
/// "filingdesk conflict: KEY,KEY"); empty when `message` is not that refusal.
QStringList conflictedKeys(const QString &message);

/// These tasks were to become DISPATCHING but their batch is paused or cancelled (ledger schema 13,
/// ledger_schema_running_batch.h: SQLSTATE FD423, "filingdesk batch not running: KEY,KEY"); empty when
/// `message` is not that refusal.
QStringList notRunningKeys(const QString &message);

} // namespace fd
