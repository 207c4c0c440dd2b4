#pragma once

#include <QByteArray>
#include <QString>

namespace fd {

struct AuditEntry;

/// The tamper-evident hash chain of the ledger's audit table (docs/ledger.md, "Audit hash chain").
///
/// Each row carries `prev_hash` (the `row_hash` of the row before it; 64 zeros for the first) and
/// `row_hash` = lowercase hex SHA-256 of the row's canonical text: the fields below, in this order, each
/// written as `<UTF-8 byte length>:<value>` and separated by `|`:
///
///   seq, prev_hash, at_utc, idempotency_key, entity_id, action, from_state, to_state, rule_id,
///   rules_version, payload_sha256, actor, host, desk, error_category, error_code, detail, reason
///
/// Absent values are empty strings. The same text is computed by the ledger's sealer (filingdesk_seal_audit)
/// (LedgerSchema, function `filingdesk_audit_canonical`) and by `filingdesk audit verify`; this function
/// is the C++ side, pure and thread-safe.
namespace AuditChain {
/// The hash before the first row.
QString genesisHash();
/// The canonical text of `entry` (entry.ledgerSeq, entry.prevHash and entry.atUtc as stored text
/// `entry.atUtcText`).
QByteArray canonicalText(const AuditEntry &entry);
/// Lowercase hex SHA-256 of canonicalText(entry).
QString rowHash(const AuditEntry &entry);
} // namespace AuditChain

} // namespace fd
