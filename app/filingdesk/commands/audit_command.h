#pragma once

#include "app/filingdesk/commands/command.h"

#include <QStringList>

namespace fd::cli {

/// `filingdesk audit verify [--db FILE] [--ledger URL] [--json] [--page-size N]`
///
/// Verifies the audit hash chain (AuditChain, ChainVerifier) of the team ledger (--ledger
/// postgresql://USER@HOST[:PORT]/DATABASE, password in FILINGDESK_LEDGER_PASSWORD), of the local mirror
/// (--db, the rows of the audit database that carry a ledger seq), and, with both, that the mirror is a
/// prefix of the ledger (the same seq has the same row_hash). Seqs must run from 1 without a gap, every
/// prev_hash must be the row_hash before it (64 zeros for seq 1), every row_hash the SHA-256 of the row's
/// canonical text, and the ledger's chain head must be its last row. Rows are read in pages (default 5000)
/// inside one read-only snapshot per store; nothing is written (the ledger session is read-only, the
/// SQLite file is opened read-only and no lock is taken, so it can run beside a desk).
///
/// Prints one line per store ("ledger URL: N rows, last seq S, head HASH12: intact") or the first problem
/// ("ledger seq 17: row changed (hash mismatch)", "mirror seq 5 differs from the ledger"); --json prints one
/// JSON object instead. Exit 0 when everything checked is intact, 1 when something is broken, 2 on usage
/// errors or when a store cannot be read (unreachable ledger, missing file, not a FilingDesk store).
class AuditCommand final : public Command {
public:
    QString name() const override { return QStringLiteral("audit"); }
    QString summary() const override {
        return QStringLiteral("verify the audit trail's hash chain (audit verify)");
    }
    int run(const QStringList &arguments) const override;
};

} // namespace fd::cli
