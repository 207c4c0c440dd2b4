#pragma once

#include <QString>

namespace fd {

struct AuditEntry;

/// Checks one store's copy of the audit hash chain (AuditChain), row by row in ascending seq order, for
/// `filingdesk audit verify`: the seqs run from 1 without a gap, every row_hash is AuditChain::rowHash() of
/// the row as stored, and every prev_hash is the row_hash of the row before it (the genesis hash for seq 1).
/// A row that also carries the time as a date (AuditEntry::atUtc valid: the mirror's at_utc column, which the
/// Audit view shows) must carry the same instant as the hashed text (atUtcText).
/// It keeps only the last row's seq and hash, so a caller can feed it a million rows page by page. The first
/// problem stops it: later rows are not checked (they are relative to a chain that is already broken).
///
/// Messages name the store and the first broken seq: "ledger seq 17: row changed (hash mismatch)",
/// "ledger seq 17: missing (chain jumps from 16 to 18)".
///
/// Pure; not thread-safe (one verifier per store and thread).
class ChainVerifier {
public:
    /// `store` begins every message: "ledger", "mirror".
    explicit ChainVerifier(const QString &store);
    /// Continues a chain already checked up to `lastSeq` (whose row_hash is `lastHash`): the next row must be
    /// lastSeq + 1 and link to lastHash. lastSeq 0 is the start (lastHash is then the genesis hash).
    ChainVerifier(const QString &store, qint64 lastSeq, const QString &lastHash);

    /// A copy that keeps some rows of the chain only (a worker's mirror, MirrorBinding::ownRowsOnly()): a row
    /// may come after a gap; every row must still hash to its row_hash, and link to the row before it where
    /// that row is kept. checkHead() then accepts a head beyond the last row kept.
    void allowGaps() { m_gaps = true; }
    bool allowsGaps() const { return m_gaps; }

    /// Checks the next row; false (and problem()) when the chain is broken here or was before.
    bool add(const AuditEntry &row);
    /// After the last row: the chain head as the store records it (the ledger's audit_head) must be the last
    /// row's seq and hash (seq 0 and the genesis hash for an empty chain).
    bool checkHead(qint64 headSeq, const QString &headHash);

    bool intact() const { return m_problemSeq == 0; }
    /// Rows accepted as intact.
    qint64 rows() const { return m_rows; }
    qint64 lastSeq() const { return m_lastSeq; }
    QString lastHash() const { return m_lastHash; }
    /// The first broken seq, 0 while intact.
    qint64 problemSeq() const { return m_problemSeq; }
    QString problem() const { return m_problem; }

private:
    bool broken(qint64 seq, const QString &what);

    QString m_store;
    qint64 m_rows = 0;
    qint64 m_lastSeq = 0;
    QString m_lastHash;
    qint64 m_problemSeq = 0;
    QString m_problem;
    bool m_gaps = false;
};

} // namespace fd
