#pragma once

#include <QString>

namespace fd::report {

/// A single desk's audit table has no hash chain (only the team ledger's has one). So that a report can
/// still name exactly which audit trail it was made from, it carries the SHA-256 of the trail's rows 1..N:
/// every column of every row as an SQL literal (SQLite's quote()), comma-separated, hex-encoded (so that no
/// output mode of any sqlite3 version changes a byte), one line per row in id order, each line ending in
/// "\n". Anyone can recompute it with the sqlite3 shell (docs/reports.md, "Desk digest", has the query):
///
///     sqlite3 -readonly audit.sqlite "<deskDigestQuery(N)>" | sha256sum
///
/// Rows are append-only (the
/// database refuses UPDATE and DELETE on them), so the digest of rows 1..N never changes unless the file was
/// tampered with outside FilingDesk; it proves nothing against someone who can rewrite the whole file and
/// the report together, which is what the ledger's chain is for.

/// The audit table's columns the digest covers, in order (schema 4 and later).
extern const char *const kDigestColumns[];
extern const int kDigestColumnCount;

/// The SELECT whose output lines the digest hashes, for rows with id <= lastRowId.
QString deskDigestQuery(qint64 lastRowId);

/// Computes the digest over the database open on Qt SQL connection `connectionName` (the calling thread's),
/// for rows 1..lastRowId, a page of rows at a time. False with *error when the database cannot be read.
bool deskAuditDigest(const QString &connectionName, qint64 lastRowId, QString *digestHex, QString *error);

} // namespace fd::report
