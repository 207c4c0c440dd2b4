#include "engine/ledger/chain_verifier.h"

#include "engine/audit/audit_store.h"
#include "engine/ledger/audit_chain.h"

#include <QDateTime>

namespace fd {

ChainVerifier::ChainVerifier(const QString &store)
    : m_store(store)
    , m_lastHash(AuditChain::genesisHash()) {}

ChainVerifier::ChainVerifier(const QString &store, qint64 lastSeq, const QString &lastHash)
    : m_store(store)
    , m_lastSeq(lastSeq)
    , m_lastHash(lastSeq == 0 ? AuditChain::genesisHash() : lastHash) {}

bool ChainVerifier::broken(qint64 seq, const QString &what) {
    m_problemSeq = seq;
    m_problem = QStringLiteral("%1 seq %2: %3").arg(m_store).arg(seq).arg(what);
    return false;
}

bool ChainVerifier::add(const AuditEntry &row) {
    if (!intact())
        return false;
    const qint64 expected = m_lastSeq + 1;
    const bool afterGap = m_gaps && row.ledgerSeq > expected;
    if (row.ledgerSeq != expected && !afterGap) {
        if (row.ledgerSeq < expected)
            return broken(row.ledgerSeq, QStringLiteral("out of order (after seq %1)").arg(m_lastSeq));
        if (m_lastSeq == 0)
            return broken(expected, QStringLiteral("missing (chain starts at %1)").arg(row.ledgerSeq));
        return broken(
            expected,
            QStringLiteral("missing (chain jumps from %1 to %2)").arg(m_lastSeq).arg(row.ledgerSeq));
    }
    if (row.rowHash != AuditChain::rowHash(row))
        return broken(row.ledgerSeq, QStringLiteral("row changed (hash mismatch)"));
    // A copy that keeps the time a second time (the mirror's at_utc, which its Audit view shows) must keep
    // the time the hash covers.
    if (row.atUtc.isValid() && row.atUtc != QDateTime::fromString(row.atUtcText, Qt::ISODateWithMs))
        return broken(row.ledgerSeq, QStringLiteral("at_utc is not the time the row's hash covers"));
    if (!afterGap && row.prevHash != m_lastHash) {
        return broken(
            row.ledgerSeq,
            m_lastSeq == 0
                ? QStringLiteral("prev_hash is not the genesis hash (the chain's start was rewritten)")
                : QStringLiteral("prev_hash is not the row_hash of seq %1 (seq %1 was rewritten or "
                                 "this row re-linked)")
                      .arg(m_lastSeq));
    }
    ++m_rows;
    m_lastSeq = row.ledgerSeq;
    m_lastHash = row.rowHash;
    return true;
}

bool ChainVerifier::checkHead(qint64 headSeq, const QString &headHash) {
    if (!intact())
        return false;
    if (headSeq > m_lastSeq && m_gaps)
        return true; // the rows after the last one kept are not kept
    if (headSeq > m_lastSeq) {
        return broken(m_lastSeq + 1,
                      QStringLiteral("missing (the chain head records seq %1, the rows end at %2)")
                          .arg(headSeq)
                          .arg(m_lastSeq));
    }
    if (headSeq < m_lastSeq) {
        return broken(headSeq + 1,
                      QStringLiteral("not in the chain head (the head records seq %1, the rows end "
                                     "at %2): rows were added around the chain")
                          .arg(headSeq)
                          .arg(m_lastSeq));
    }
    if (headHash != m_lastHash)
        return broken(m_lastSeq, QStringLiteral("the chain head's hash differs from this row's row_hash"));
    return true;
}

} // namespace fd
