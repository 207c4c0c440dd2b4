#pragma once

#include "engine/audit/audit_store.h"
#include "engine/report/report_types.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QTemporaryDir>

#include <memory>

namespace fd {
class LedgerStore;
}

namespace fd::report {

/// The store a report reads: a desk's database, or the team ledger with a throw-away mirror in a temporary
/// folder, as `filingdesk entities export` opens it. The desk's database is opened read-only (SQLite's
/// QSQLITE_OPEN_READONLY, as `filingdesk audit verify` opens it: no lock file, no WAL switch, no table
/// created, no migration; it works beside a running desk and on a file its user may only read), checked to
/// be a FilingDesk database of a schema this build understands, and copied as one consistent snapshot
/// (VACUUM INTO) into a temporary folder, where an older schema is migrated and the report reads; the
/// folder is removed with the store.
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

    /// False with *error naming the problem: both or neither of dbPath and ledger, "PATH: no such
    /// database", "PATH: not a FilingDesk database (no audit table)", "PATH: the database has schema 9,
    /// newer than this FilingDesk understands (7)", a malformed ledger URL, "the ledger
    /// cannot be reached: REASON", a refused login.
    bool open(const ReportSource &source, QString *error);

    /// Every stored filing task (the ledger's when team mode).
    QList<FilingTask> tasks() const;
    /// The entity register's records (the ledger's in team mode). False with *error.
    bool loadRegister(QList<Entity> *entities, QString *error) const;
    /// The audit trail's head (AuditTrailHead) and the rows a report attributes filings with, ascending:
    /// admissions, batch launches, resolutions (resolve_accept, resolve_requeue, replay, filed_outside,
    /// withdraw) and transitions to COMPLETED, all up to that head. With `firstSeen`, also when the trail
    /// first names each entity (entity id -> the time of its first row: added to the register, admitted ...):
    /// since then FilingDesk has known the entity. False with *error.
    bool readTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error,
                   QHash<QString, QDateTime> *firstSeen = nullptr) const;
    /// A desk's digest of its audit rows 1..lastRowId (deskAuditDigest()), computed on the same snapshot a
    /// report reads (an older schema migrated as for a report). False with *error; for a ledger, always
    /// false.
    bool deskDigest(qint64 lastRowId, QString *digestHex, QString *error) const;

private:
    bool openSnapshot(const QString &path, QString *error);
    bool readDeskTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error,
                       QHash<QString, QDateTime> *firstSeen) const;
    bool readLedgerTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error,
                         QHash<QString, QDateTime> *firstSeen) const;

    std::unique_ptr<TaskStore> m_store;
    AuditStore *m_desk = nullptr;               ///< m_store when it is a desk's snapshot
    const LedgerStore *m_ledgerStore = nullptr; ///< m_store when it is the team ledger
    bool m_ledger = false;
    QString m_display;
    QTemporaryDir m_scratch; // the ledger's mirror, or the desk database's snapshot, for this report
};

/// True for an audit row a report attributes filings with (see ReportStore::readTrail()).
bool isAttributionRow(const AuditEntry &row);

} // namespace fd::report
