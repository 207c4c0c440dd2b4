#include "engine/report/report_store.h"

#include "engine/ledger/ledger_store.h"
#include "engine/report/desk_digest.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

namespace fd::report {

namespace {

const QStringList &attributionActions() {
    static const QStringList actions{QStringLiteral("admit"),          QStringLiteral("batch_launch"),
                                     QStringLiteral("resolve_accept"), QStringLiteral("resolve_requeue"),
                                     QStringLiteral("replay"),         QStringLiteral("filed_outside"),
                                     QStringLiteral("withdraw")};
    return actions;
}

} // namespace

bool isAttributionRow(const AuditEntry &row) {
    // Filed (when), halted or dead-lettered again (the decision before no longer resolves it), or a person's
    // action.
    return row.toState == QLatin1String("COMPLETED") || row.toState == QLatin1String("FAILED_STATUTORY") ||
           row.toState == QLatin1String("DEAD_LETTER") || attributionActions().contains(row.action);
}

ReportStore::ReportStore() = default;
ReportStore::~ReportStore() {
    m_store.reset(); // its connection closes before the temporary folder (a mirror, a copy) is removed
}

bool ReportStore::open(const ReportSource &source, QString *error) {
    if (source.dbPath.isEmpty() == !source.ledger) {
        *error = QStringLiteral("give either --db FILE or --ledger URL");
        return false;
    }
    if (!source.isLedger()) {
        // Opening a path that is not there would create an empty database and report an empty portfolio.
        const QFileInfo file(source.dbPath);
        if (!file.exists()) {
            *error = QStringLiteral("%1: no such database").arg(source.dbPath);
            return false;
        }
        if (!file.isFile()) {
            *error = QStringLiteral("%1: not an audit database (not a file)").arg(source.dbPath);
            return false;
        }
        m_display = file.absoluteFilePath();
        return openSnapshot(source.dbPath, error);
    }
    const LedgerEndpoint &endpoint = *source.ledger;
    // A member id of its own per report: two reports built at once (two threads) never share a connection.
    auto ledger = std::make_unique<LedgerStore>(endpoint,
                                                QStringLiteral("report-%1-%2")
                                                    .arg(QCoreApplication::applicationPid())
                                                    .arg(quintptr(QThread::currentThreadId()), 0, 16),
                                                QStringLiteral("report"), 15000);
    if (!m_scratch.isValid()) {
        *error =
            QStringLiteral("no temporary folder for the ledger's mirror: %1").arg(m_scratch.errorString());
        return false;
    }
    QString ledgerError;
    if (!ledger->openTeam(m_scratch.filePath(QStringLiteral("mirror.sqlite")), error, &ledgerError))
        return false;
    if (!ledger->isReachable()) {
        *error = QStringLiteral("the ledger cannot be reached: %1").arg(ledgerError);
        return false;
    }
    m_display = endpoint.display();
    m_ledger = true;
    m_ledgerStore = ledger.get();
    m_store = std::move(ledger);
    return true;
}

bool ReportStore::openSnapshot(const QString &path, QString *error) {
    if (!m_scratch.isValid()) {
        *error = QStringLiteral("%1: no temporary folder to read the database in: %2")
                     .arg(path, m_scratch.errorString());
        return false;
    }
    const QString copy = m_scratch.filePath(QStringLiteral("snapshot.sqlite"));
    const QString connection = QStringLiteral("report-read-only-%1-%2")
                                   .arg(quintptr(QThread::currentThreadId()), 0, 16)
                                   .arg(quintptr(this), 0, 16);
    QString problem;
    {
        // SQLite's read-only open, as `filingdesk audit verify` opens a desk's database: no lock file, no
        // WAL switch, no table created, and it works on a file its user may only read.
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            problem = QStringLiteral("cannot open the database: %1").arg(db.lastError().text());
        } else {
            QSqlQuery q(db);
            QStringList found;
            // The first read: a file that is not SQLite at all fails here ("file is not a database").
            if (!q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN "
                                       "('schema_version', 'tasks', 'audit')"))) {
                problem = QStringLiteral("not a FilingDesk database (%1)").arg(q.lastError().text());
            } else {
                while (q.next())
                    found.append(q.value(0).toString());
                QStringList missing;
                for (const QString &table :
                     {QStringLiteral("schema_version"), QStringLiteral("tasks"), QStringLiteral("audit")}) {
                    if (!found.contains(table))
                        missing.append(table);
                }
                if (!missing.isEmpty())
                    problem = QStringLiteral("not a FilingDesk database (no %1 table)")
                                  .arg(missing.join(QStringLiteral(", no ")));
            }
            q.finish();
            if (problem.isEmpty()) {
                if (!q.exec(QStringLiteral("SELECT version FROM schema_version")) || !q.next()) {
                    problem = QStringLiteral("not a FilingDesk database (no schema version)");
                } else if (q.value(0).toInt() > AuditStore::kSchemaVersion) {
                    problem = QStringLiteral("the database has schema %1, newer than this FilingDesk "
                                             "understands (%2)")
                                  .arg(q.value(0).toInt())
                                  .arg(AuditStore::kSchemaVersion);
                }
                q.finish();
            }
            if (problem.isEmpty()) {
                // A team member's mirror holds its copies of the team's filings as they were when it last
                // read them: a report from it would call filed filings due. The team's reports come from the
                // ledger.
                const bool bound = q.exec(QStringLiteral("SELECT count(*) FROM mirror_of")) && q.next() &&
                                   q.value(0).toLongLong() > 0;
                q.finish();
                const bool mirrored = !bound &&
                                      q.exec(QStringLiteral("SELECT count(*) FROM audit WHERE ledger_seq IS "
                                                            "NOT NULL")) &&
                                      q.next() && q.value(0).toLongLong() > 0;
                q.finish();
                if (bound || mirrored)
                    problem =
                        QStringLiteral("a team member's copy of a team ledger, not a desk's database: its "
                                       "filings are as the member last read them; report from the "
                                       "ledger with --ledger URL");
            }
            if (problem.isEmpty()) {
                // One consistent snapshot (a running desk may be writing), copied into the temporary
                // folder: the report reads, and an older schema is migrated, there and never in the file.
                q.prepare(QStringLiteral("VACUUM INTO ?"));
                q.addBindValue(copy);
                if (!q.exec())
                    problem = QStringLiteral("cannot read a snapshot of it: %1").arg(q.lastError().text());
                q.finish();
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    if (!problem.isEmpty()) {
        *error = QStringLiteral("%1: %2").arg(path, problem);
        return false;
    }
    auto desk = std::make_unique<AuditStore>();
    m_desk = desk.get();
    m_store = std::move(desk);
    if (!m_desk->open(copy, error, AuditStore::OpenMode::Exclusive)) {
        *error = QStringLiteral("%1: reading its snapshot: %2").arg(path, *error);
        return false;
    }
    return true;
}

QList<FilingTask> ReportStore::tasks() const {
    return m_store ? m_store->loadTasks(false) : QList<FilingTask>{};
}

bool ReportStore::loadRegister(QList<Entity> *entities, QString *error) const {
    QList<RegisterConflict> conflicts;
    return m_store->loadRegister(entities, &conflicts, error);
}

bool ReportStore::readTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error,
                            QHash<QString, QDateTime> *firstSeen) const {
    head->store = m_display;
    return m_ledger ? readLedgerTrail(head, rows, error, firstSeen)
                    : readDeskTrail(head, rows, error, firstSeen);
}

bool ReportStore::deskDigest(qint64 lastRowId, QString *digestHex, QString *error) const {
    if (m_ledger || !m_store) {
        *error = QStringLiteral("only a desk's database has a digest; a ledger has its hash chain");
        return false;
    }
    return deskAuditDigest(m_desk->connectionName(), lastRowId, digestHex, error);
}

bool ReportStore::readDeskTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error,
                                QHash<QString, QDateTime> *firstSeen) const {
    head->kind = AuditTrailHead::Kind::DeskDigest;
    QSqlQuery q(QSqlDatabase::database(m_desk->connectionName(), false));
    if (!q.exec(QStringLiteral("SELECT COALESCE(MAX(id), 0), COUNT(*) FROM audit")) || !q.next()) {
        *error = QStringLiteral("reading the audit trail: %1").arg(q.lastError().text());
        return false;
    }
    // Everything below is read up to this row: rows a running desk appends meanwhile are left out alike.
    head->lastRowId = q.value(0).toLongLong();
    head->rows = q.value(1).toLongLong();
    if (!deskAuditDigest(m_desk->connectionName(), head->lastRowId, &head->digestSha256, error))
        return false;
    if (head->lastRowId > 0) {
        QSqlQuery last(QSqlDatabase::database(m_desk->connectionName(), false));
        last.prepare(QStringLiteral("SELECT at_utc FROM audit WHERE id = ?"));
        last.addBindValue(head->lastRowId);
        if (last.exec() && last.next())
            head->lastAtUtc = QDateTime::fromString(last.value(0).toString(), Qt::ISODateWithMs);
    }
    if (firstSeen) {
        QSqlQuery seen(QSqlDatabase::database(m_desk->connectionName(), false));
        seen.setForwardOnly(true);
        seen.prepare(QStringLiteral("SELECT entity_id, MIN(at_utc) FROM audit WHERE id <= ? AND entity_id IS "
                                    "NOT NULL AND entity_id <> '' GROUP BY entity_id"));
        seen.addBindValue(head->lastRowId);
        if (!seen.exec()) {
            *error = QStringLiteral("reading the audit trail: %1").arg(seen.lastError().text());
            return false;
        }
        while (seen.next())
            firstSeen->insert(seen.value(0).toString(),
                              QDateTime::fromString(seen.value(1).toString(), Qt::ISODateWithMs));
    }
    head->mirroredSeq = m_desk->lastMirroredSeq();
    if (head->mirroredSeq > 0) {
        const QList<AuditEntry> last = m_desk->mirroredLedgerAudit(head->mirroredSeq);
        if (!last.isEmpty())
            head->mirroredRowHash = last.first().rowHash;
    }
    QStringList placeholders;
    for (qsizetype i = 0; i < attributionActions().size(); ++i)
        placeholders.append(QStringLiteral("?"));
    QSqlQuery rowsQuery(QSqlDatabase::database(m_desk->connectionName(), false));
    rowsQuery.setForwardOnly(true);
    rowsQuery.prepare(QStringLiteral("SELECT id, at_utc, idempotency_key, entity_id, action, from_state, "
                                     "to_state, actor, detail FROM audit WHERE id <= ? AND (to_state IN "
                                     "('COMPLETED', 'FAILED_STATUTORY', 'DEAD_LETTER') OR action IN (%1)) "
                                     "ORDER BY id")
                          .arg(placeholders.join(QLatin1Char(','))));
    rowsQuery.addBindValue(head->lastRowId);
    for (const QString &action : attributionActions())
        rowsQuery.addBindValue(action);
    if (!rowsQuery.exec()) {
        *error = QStringLiteral("reading the audit trail: %1").arg(rowsQuery.lastError().text());
        return false;
    }
    while (rowsQuery.next()) {
        AuditEntry e;
        e.id = rowsQuery.value(0).toLongLong();
        e.atUtc = QDateTime::fromString(rowsQuery.value(1).toString(), Qt::ISODateWithMs);
        e.idempotencyKey = rowsQuery.value(2).toString();
        e.entityId = rowsQuery.value(3).toString();
        e.action = rowsQuery.value(4).toString();
        e.fromState = rowsQuery.value(5).toString();
        e.toState = rowsQuery.value(6).toString();
        e.actor = rowsQuery.value(7).toString();
        e.detail = rowsQuery.value(8).toString();
        rows->append(e);
    }
    return true;
}

bool ReportStore::readLedgerTrail(AuditTrailHead *head, QList<AuditEntry> *rows, QString *error,
                                  QHash<QString, QDateTime> *firstSeen) const {
    const LedgerStore *ledger = m_ledgerStore;
    head->kind = AuditTrailHead::Kind::LedgerChain;
    head->ledgerId = ledger->ledgerId();
    if (!ledger->chainHead(&head->lastSeq, &head->rowHash, error))
        return false;
    head->rows = head->lastSeq;
    constexpr int kPage = 5000;
    for (qint64 from = 1; from <= head->lastSeq;) {
        const QList<AuditEntry> page = ledger->ledgerAudit(from, kPage, error);
        if (page.isEmpty()) {
            if (error->isEmpty())
                *error = QStringLiteral("the ledger's audit trail ends before its chain head (seq %1)")
                             .arg(head->lastSeq);
            return false;
        }
        for (const AuditEntry &row : page) {
            if (row.ledgerSeq > head->lastSeq)
                return true;
            if (row.ledgerSeq == head->lastSeq)
                head->lastAtUtc = row.atUtc;
            if (firstSeen && !row.entityId.isEmpty() && !firstSeen->contains(row.entityId))
                firstSeen->insert(row.entityId, row.atUtc); // ascending: the first is the earliest
            if (isAttributionRow(row))
                rows->append(row);
        }
        from = page.last().ledgerSeq + 1;
    }
    return true;
}

} // namespace fd::report
