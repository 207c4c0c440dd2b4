#pragma once

#include "engine/audit/audit_store.h"
#include "engine/report/report_types.h"

#include <QList>
#include <QTemporaryDir>

#include <memory>

namespace fd::report {

/// The store a report reads: a desk's database opened shared (beside a running desk; nothing is written to
/// it), or the team ledger with a throw-away mirror, as `filingdesk entities export` opens them.
///
/// Thread affinity: the thread that called open(), which may be any thread (a console builds reports on a
/// worker thread): the store opens Qt SQL connections of its own and closes them when destroyed, on that
/// same thread.
class ReportStore {
public:
    ReportStore();
    ~ReportStore();
    ReportStore(const ReportStore &) = delete;
    ReportStore &operator=(const ReportStore &) = delete;

    /// False with *error naming the problem: both or neither of dbPath and ledgerUrl, "PATH: no such
    /// database", a file that is not an audit database (or a newer one), a malformed ledger URL, "the ledger
    /// cannot be reached: REASON", a refused login.
    bool open(const ReportSource &source, QString *error);

    /// Every stored filing task (the ledger's when team mode).
    QList<FilingTask> tasks() const;
    /// The entity register's records (the ledger's in team mode). False with *error.
    bool loadRegister(QList<Entity> *entities, QString *error) const;
    /// The audit trail's head (AuditTrailHead) and the rows a report attributes filings with, ascending:
    /// admissions, batch launches, resolutions (resolve_accept, resolve_requeue, filed_outside, withdraw) and
    /// transitions to COMPLETED, all up to that head. False with *error.
    bool readTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error) const;

private:
    bool readDeskTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error) const;
    bool readLedgerTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error) const;

    std::unique_ptr<AuditStore> m_store;
    bool m_ledger = false;
    QString m_display;
    QTemporaryDir m_scratch; // the ledger's mirror for this one report
};

/// True for an audit row a report attributes filings with (see ReportStore::readTrail()).
bool isAttributionRow(const AuditEntry &row);

} // namespace fd::report
