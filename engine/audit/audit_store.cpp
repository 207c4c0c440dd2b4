#include "engine/audit/audit_store.h"
#include "engine/core/host_identity.h"

#include "engine/ledger/chain_verifier.h"
#include "engine/model/money.h"
#include "engine/model/utc_text.h"
#include "engine/register/register_merge.h"

#include <QHostInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <vector>

Q_LOGGING_CATEGORY(lcAudit, "filingdesk.audit")

namespace fd {

namespace {

// Schema migrations, applied in order; index + 1 is the schema version each one produces.
const std::vector<std::vector<const char *>> kMigrations = {
    // 1: tasks and the append-only audit table
    {
        "CREATE TABLE tasks ("
        " idempotency_key TEXT PRIMARY KEY, entity_id TEXT NOT NULL, entity_name TEXT NOT NULL,"
        " jurisdiction TEXT NOT NULL, filing_type TEXT NOT NULL, filing_year INTEGER NOT NULL, due_date TEXT "
        "NOT NULL,"
        " fee_cents INTEGER NOT NULL, state TEXT NOT NULL, score REAL NOT NULL, attempts INTEGER NOT NULL "
        "DEFAULT 0,"
        " last_category TEXT, last_code TEXT, last_message TEXT, trace_id TEXT, last_response BLOB,"
        " confirmation_number TEXT, fee_charged_cents INTEGER NOT NULL DEFAULT -1, next_attempt_utc TEXT,"
        " batch_id TEXT, rule_id TEXT NOT NULL, rules_version TEXT NOT NULL, obligation_json TEXT NOT NULL,"
        " created_utc TEXT NOT NULL, updated_utc TEXT NOT NULL)",
        "CREATE INDEX tasks_state ON tasks(state)",
        "CREATE TABLE audit ("
        " id INTEGER PRIMARY KEY AUTOINCREMENT, at_utc TEXT NOT NULL, idempotency_key TEXT, entity_id TEXT,"
        " action TEXT NOT NULL, from_state TEXT, to_state TEXT, rule_id TEXT, rules_version TEXT, "
        "payload_sha256 TEXT,"
        " actor TEXT NOT NULL, error_category TEXT, error_code TEXT, detail TEXT, reason TEXT, host TEXT)",
        "CREATE INDEX audit_key ON audit(idempotency_key)",
        "CREATE INDEX audit_entity ON audit(entity_id)",
        "CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'audit is "
        "append-only'); END",
        "CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'audit is "
        "append-only'); END",
    },
    // 2: the dead-letter archive (payload, trace id and raw response of every dead-lettering), append-only
    // too
    {
        "CREATE TABLE dead_letters ("
        " id INTEGER PRIMARY KEY AUTOINCREMENT, at_utc TEXT NOT NULL, idempotency_key TEXT NOT NULL, "
        "attempts INTEGER,"
        " error_category TEXT, error_code TEXT, error_message TEXT, trace_id TEXT, raw_response BLOB, "
        "payload TEXT)",
        "CREATE INDEX dead_letters_key ON dead_letters(idempotency_key)",
        "CREATE TRIGGER dead_letters_no_update BEFORE UPDATE ON dead_letters BEGIN SELECT RAISE(ABORT, 'dead "
        "letters "
        "are append-only'); END",
        "CREATE TRIGGER dead_letters_no_delete BEFORE DELETE ON dead_letters BEGIN SELECT RAISE(ABORT, 'dead "
        "letters "
        "are append-only'); END",
    },
    // 3: an uncertain outcome survives a restart (look the filing up before any re-send)
    {
        "ALTER TABLE tasks ADD COLUMN lookup_required INTEGER NOT NULL DEFAULT 0",
    },
    // 4: team mode mirrors the ledger's audit rows with their place in its hash chain
    {
        "ALTER TABLE audit ADD COLUMN ledger_seq INTEGER",
        "ALTER TABLE audit ADD COLUMN desk TEXT",
        "ALTER TABLE audit ADD COLUMN at_utc_text TEXT",
        "ALTER TABLE audit ADD COLUMN prev_hash TEXT",
        "ALTER TABLE audit ADD COLUMN row_hash TEXT",
        "CREATE UNIQUE INDEX audit_ledger_seq ON audit(ledger_seq) WHERE ledger_seq IS NOT NULL",
    },
    // 5: when a filing's last submission left (its settle window), and which ledger a team mirror copies
    {
        "ALTER TABLE tasks ADD COLUMN sent_utc TEXT",
        "CREATE TABLE mirror_of (id INTEGER PRIMARY KEY CHECK (id = 1), ledger_id TEXT NOT NULL,"
        " ledger_url TEXT NOT NULL, bound_utc TEXT NOT NULL)",
    },
    // 6: the entity register (the data people keep) and the conflicts a portfolio file raised against it
    {
        "CREATE TABLE entity_register (entity_id TEXT PRIMARY KEY, entity_name TEXT NOT NULL,"
        " record_json TEXT NOT NULL, updated_utc TEXT NOT NULL, updated_by TEXT NOT NULL)",
        "CREATE TABLE entity_conflicts (entity_id TEXT NOT NULL, field TEXT NOT NULL, entity_name TEXT NOT "
        "NULL,"
        " register_value TEXT NOT NULL, file_value TEXT NOT NULL, source TEXT NOT NULL, seen_utc TEXT NOT "
        "NULL,"
        " PRIMARY KEY (entity_id, field))",
    },
    // 7: the database login that wrote a mirrored ledger row (ledger schema 4), part of its hash
    {
        "ALTER TABLE audit ADD COLUMN login TEXT",
    },
    // 8: a worker's mirror keeps its own rows of the ledger's audit, not the whole fleet's
    {
        "ALTER TABLE mirror_of ADD COLUMN scope TEXT NOT NULL DEFAULT 'all'",
    },
    // 9: a conflict a person decided for the register's value is remembered against the file's value
    // (RegisterConflict::keptUtc), not listed again
    {
        "ALTER TABLE entity_conflicts ADD COLUMN kept_utc TEXT",
    },
};

// Prepared statements, one slot each (AuditStore::prepared()).
enum Statement { InsertAudit, InsertTask, UpdateTask, InsertDeadLetter, HasTask, StatementCount };

// One row of the local audit table (SELECT *). at_utc is the time as this desk stores it; at_utc_text,
// prev_hash and row_hash are set on rows mirrored from the ledger (the text the ledger's hash chain covers).
AuditEntry auditFromLocalRow(const QSqlQuery &q) {
    AuditEntry e;
    e.id = q.value(QStringLiteral("id")).toLongLong();
    e.atUtc = QDateTime::fromString(q.value(QStringLiteral("at_utc")).toString(), Qt::ISODateWithMs);
    e.atUtcText = q.value(QStringLiteral("at_utc_text")).toString();
    e.idempotencyKey = q.value(QStringLiteral("idempotency_key")).toString();
    e.entityId = q.value(QStringLiteral("entity_id")).toString();
    e.action = q.value(QStringLiteral("action")).toString();
    e.fromState = q.value(QStringLiteral("from_state")).toString();
    e.toState = q.value(QStringLiteral("to_state")).toString();
    e.ruleId = q.value(QStringLiteral("rule_id")).toString();
    e.rulesVersion = q.value(QStringLiteral("rules_version")).toString();
    e.payloadSha256 = q.value(QStringLiteral("payload_sha256")).toString();
    e.actor = q.value(QStringLiteral("actor")).toString();
    e.errorCategory = q.value(QStringLiteral("error_category")).toString();
    e.errorCode = q.value(QStringLiteral("error_code")).toString();
    e.detail = q.value(QStringLiteral("detail")).toString();
    e.reason = q.value(QStringLiteral("reason")).toString();
    e.host = q.value(QStringLiteral("host")).toString();
    e.ledgerSeq = q.value(QStringLiteral("ledger_seq")).toLongLong();
    e.login = q.value(QStringLiteral("login")).toString();
    e.desk = q.value(QStringLiteral("desk")).toString();
    e.prevHash = q.value(QStringLiteral("prev_hash")).toString();
    e.rowHash = q.value(QStringLiteral("row_hash")).toString();
    return e;
}

FilingTask taskFromQuery(const QSqlQuery &q) {
    FilingTask t;
    t.key = q.value(QStringLiteral("idempotency_key")).toString();
    t.obligation = obligationFromJson(
        QJsonDocument::fromJson(q.value(QStringLiteral("obligation_json")).toByteArray()).object());
    t.state = stateFromName(q.value(QStringLiteral("state")).toString()).value_or(ExecutionState::Pending);
    t.score = q.value(QStringLiteral("score")).toDouble();
    t.attempts = q.value(QStringLiteral("attempts")).toInt();
    t.lastCategory = categoryFromName(q.value(QStringLiteral("last_category")).toString());
    t.lastErrorCode = q.value(QStringLiteral("last_code")).toString();
    t.lastErrorMessage = q.value(QStringLiteral("last_message")).toString();
    t.traceId = q.value(QStringLiteral("trace_id")).toString();
    t.lastResponseBody = q.value(QStringLiteral("last_response")).toByteArray();
    t.confirmationNumber = q.value(QStringLiteral("confirmation_number")).toString();
    t.feeChargedCents = q.value(QStringLiteral("fee_charged_cents")).toLongLong();
    t.nextAttemptUtc =
        QDateTime::fromString(q.value(QStringLiteral("next_attempt_utc")).toString(), Qt::ISODateWithMs);
    t.batchId = q.value(QStringLiteral("batch_id")).toString();
    t.updatedUtc =
        QDateTime::fromString(q.value(QStringLiteral("updated_utc")).toString(), Qt::ISODateWithMs);
    t.lookupRequired = q.value(QStringLiteral("lookup_required")).toInt() != 0;
    t.sentUtc = QDateTime::fromString(q.value(QStringLiteral("sent_utc")).toString(), Qt::ISODateWithMs);
    return t;
}

// LIKE pattern that matches `text` literally (ESCAPE '\\'), as a substring or as a prefix.
QString likeLiteral(const QString &text) {
    QString out = text;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('%'), QStringLiteral("\\%"));
    out.replace(QLatin1Char('_'), QStringLiteral("\\_"));
    return out;
}

} // namespace

AuditStore::AuditStore()
    : m_connectionName(QStringLiteral("filingdesk-audit-") +
                       QUuid::createUuid().toString(QUuid::WithoutBraces)) {}

AuditStore::~AuditStore() {
    close();
}

bool AuditStore::open(const QString &path, QString *error, OpenMode mode) {
    close();
    m_inUse = false;
    if (mode == OpenMode::Exclusive) {
        // One database, one engine: two engines resuming the same unfinished tasks would send them twice.
        auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
        lock->setStaleLockTime(0); // only a dead holder's lock is stale, however old a live one is
        if (!lock->tryLock(0)) {
            qint64 pid = 0;
            QString host;
            QString program;
            m_inUse = lock->error() == QLockFile::LockFailedError;
            if (lock->error() == QLockFile::LockFailedError && lock->getLockInfo(&pid, &host, &program))
                *error = QStringLiteral("%1 is in use by %2 (process %3 on %4); one database serves one "
                                        "engine at a time")
                             .arg(path, program.isEmpty() ? QStringLiteral("another program") : program)
                             .arg(pid)
                             .arg(host);
            else
                *error = QStringLiteral("%1: cannot take the lock file %1.lock").arg(path);
            return false;
        }
        m_lock = std::move(lock);
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
        db.setDatabaseName(path);
        if (!db.open()) {
            *error =
                QStringLiteral("%1: cannot open the audit database: %2").arg(path, db.lastError().text());
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(m_connectionName);
            m_lock.reset();
            return false;
        }
    }
    m_path = path;
    QSqlQuery wal(QSqlDatabase::database(m_connectionName));
    if (!wal.exec(QStringLiteral("PRAGMA journal_mode=WAL")) || !wal.next() ||
        wal.value(0).toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0) {
        *error = QStringLiteral("%1: cannot switch the audit database to WAL: %2")
                     .arg(path, wal.lastError().text());
        wal = QSqlQuery();
        close();
        return false;
    }
    wal.finish(); // an open result set would keep the migrations' transaction from committing
    if (!exec(QStringLiteral("PRAGMA synchronous=NORMAL"), error) ||
        !exec(QStringLiteral("PRAGMA foreign_keys=ON"), error) ||
        !exec(QStringLiteral("PRAGMA busy_timeout=5000"), error) || !migrate(error)) {
        *error = QStringLiteral("%1: %2").arg(path, *error);
        close();
        return false;
    }
    qCInfo(lcAudit) << "audit database" << path << "schema" << schemaVersion();
    return true;
}

void AuditStore::close() {
    m_statements.clear(); // prepared statements must go before their connection
    if (QSqlDatabase::contains(m_connectionName)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connectionName);
    }
    m_lock.reset();
}

bool AuditStore::isOpen() const {
    return QSqlDatabase::contains(m_connectionName) &&
           QSqlDatabase::database(m_connectionName, false).isOpen();
}

bool AuditStore::exec(const QString &sql, QString *error) {
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    if (!q.exec(sql)) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

QSqlQuery &AuditStore::prepared(int which, const char *sql) {
    if (m_statements.size() < size_t(StatementCount))
        m_statements.resize(size_t(StatementCount));
    auto &slot = m_statements[size_t(which)];
    if (!slot) {
        slot = std::make_unique<QSqlQuery>(QSqlDatabase::database(m_connectionName));
        slot->prepare(QString::fromLatin1(sql));
    }
    return *slot;
}

int AuditStore::schemaVersion() const {
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    if (q.exec(QStringLiteral("SELECT version FROM schema_version")) && q.next())
        return q.value(0).toInt();
    return 0;
}

bool AuditStore::migrate(QString *error) {
    QSqlDatabase db = QSqlDatabase::database(m_connectionName);
    if (!exec(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"), error))
        return false;
    int version = schemaVersion();
    if (version == 0 && !exec(QStringLiteral("INSERT INTO schema_version(version) SELECT 0 WHERE NOT EXISTS "
                                             "(SELECT 1 FROM schema_version)"),
                              error))
        return false;
    if (version > kSchemaVersion) {
        *error =
            QStringLiteral("the audit database has schema %1, newer than this FilingDesk understands (%2)")
                .arg(version)
                .arg(kSchemaVersion);
        return false;
    }
    for (; version < kSchemaVersion; ++version) {
        db.transaction();
        for (const char *sql : kMigrations.at(size_t(version))) {
            if (!exec(QString::fromLatin1(sql), error)) {
                db.rollback();
                *error = QStringLiteral("migration to schema %1 failed: %2").arg(version + 1).arg(*error);
                return false;
            }
        }
        if (!exec(QStringLiteral("UPDATE schema_version SET version = %1").arg(version + 1), error)) {
            db.rollback();
            return false;
        }
        if (!db.commit()) {
            *error = QStringLiteral("migration to schema %1 did not commit: %2")
                         .arg(version + 1)
                         .arg(db.lastError().text());
            db.rollback();
            return false;
        }
    }
    return true;
}

bool AuditStore::insertAudit(const AuditEntry &e, QString *error) {
    QSqlQuery &q =
        prepared(InsertAudit, "INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, "
                              "to_state, rule_id, rules_version, payload_sha256, actor, error_category, "
                              "error_code, detail, reason, host) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    q.bindValue(0, utcText(e.atUtc.isValid() ? e.atUtc : QDateTime::currentDateTimeUtc()));
    q.bindValue(1, e.idempotencyKey);
    q.bindValue(2, e.entityId);
    q.bindValue(3, e.action);
    q.bindValue(4, e.fromState);
    q.bindValue(5, e.toState);
    q.bindValue(6, e.ruleId);
    q.bindValue(7, e.rulesVersion);
    q.bindValue(8, e.payloadSha256);
    q.bindValue(9, e.actor);
    q.bindValue(10, e.errorCategory);
    q.bindValue(11, e.errorCode);
    q.bindValue(12, e.detail);
    q.bindValue(13, e.reason);
    q.bindValue(14, e.host.isEmpty() ? host::hostName() : e.host);
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

bool AuditStore::insertTask(const FilingTask &t, QString *error) {
    QSqlQuery &q = prepared(
        InsertTask,
        "INSERT INTO tasks(idempotency_key, entity_id, entity_name, jurisdiction, filing_type, filing_year, "
        "due_date, fee_cents, state, score, attempts, last_category, last_code, last_message, trace_id, "
        "last_response, confirmation_number, fee_charged_cents, next_attempt_utc, batch_id, rule_id, "
        "rules_version, obligation_json, created_utc, updated_utc, lookup_required, sent_utc) "
        "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    const Obligation &o = t.obligation;
    const QString now = utcText(QDateTime::currentDateTimeUtc());
    const QVariantList values{
        t.key,
        o.entity->entityId,
        o.entity->name,
        o.jurisdiction,
        o.filingType,
        o.filingYear,
        o.dueDate.toString(Qt::ISODate),
        o.feeCents,
        stateName(t.state),
        t.score,
        t.attempts,
        categoryName(t.lastCategory),
        t.lastErrorCode,
        t.lastErrorMessage,
        t.traceId,
        t.lastResponseBody,
        t.confirmationNumber,
        t.feeChargedCents,
        utcText(t.nextAttemptUtc),
        t.batchId,
        o.ruleId,
        o.rulesVersion,
        QString::fromUtf8(QJsonDocument(obligationToJson(o)).toJson(QJsonDocument::Compact)),
        now,
        now,
        int(t.lookupRequired),
        utcText(t.sentUtc)};
    for (int i = 0; i < values.size(); ++i)
        q.bindValue(i, values.at(i));
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

bool AuditStore::updateTask(const FilingTask &t, QString *error) {
    // Only what changes after admission: the obligation itself is written once, at admission.
    QSqlQuery &q =
        prepared(UpdateTask, "UPDATE tasks SET state=?, attempts=?, last_category=?, last_code=?, "
                             "last_message=?, trace_id=?, last_response=?, confirmation_number=?, "
                             "fee_charged_cents=?, next_attempt_utc=?, batch_id=?, lookup_required=?, "
                             "updated_utc=?, sent_utc=? WHERE idempotency_key=?");
    q.bindValue(0, stateName(t.state));
    q.bindValue(1, t.attempts);
    q.bindValue(2, categoryName(t.lastCategory));
    q.bindValue(3, t.lastErrorCode);
    q.bindValue(4, t.lastErrorMessage);
    q.bindValue(5, t.traceId);
    q.bindValue(6, t.lastResponseBody);
    q.bindValue(7, t.confirmationNumber);
    q.bindValue(8, t.feeChargedCents);
    q.bindValue(9, utcText(t.nextAttemptUtc));
    q.bindValue(10, t.batchId);
    q.bindValue(11, int(t.lookupRequired));
    q.bindValue(12, utcText(QDateTime::currentDateTimeUtc()));
    q.bindValue(13, utcText(t.sentUtc));
    q.bindValue(14, t.key);
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    if (q.numRowsAffected() != 1) {
        *error = QStringLiteral("task %1 is not in the store").arg(t.key);
        return false;
    }
    return true;
}

bool AuditStore::insertDeadLetter(const FilingTask &task, QString *error) {
    QSqlQuery &q = prepared(InsertDeadLetter,
                            "INSERT INTO dead_letters(at_utc, idempotency_key, attempts, error_category, "
                            "error_code, error_message, trace_id, raw_response, payload) "
                            "VALUES(?,?,?,?,?,?,?,?,?)");
    q.bindValue(0, utcText(QDateTime::currentDateTimeUtc()));
    q.bindValue(1, task.key);
    q.bindValue(2, task.attempts);
    q.bindValue(3, categoryName(task.lastCategory));
    q.bindValue(4, task.lastErrorCode);
    q.bindValue(5, task.lastErrorMessage);
    q.bindValue(6, task.traceId);
    q.bindValue(7, task.lastResponseBody);
    q.bindValue(8, QString::fromUtf8(task.payloadJson()));
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

bool AuditStore::commit(Durability durability, QString *error) {
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    Q_ASSERT(durability == Durability::Normal); // synced commits go through recordTransitions()
    if (!db.commit()) {
        *error = db.lastError().text();
        db.rollback();
        return false;
    }
    return true;
}

bool AuditStore::insertAdmission(const FilingTask &task, const QString &actor, QString *error) {
    AuditEntry e;
    e.idempotencyKey = task.key;
    e.entityId = task.obligation.entity->entityId;
    e.action = QStringLiteral("admit");
    e.toState = stateName(task.state);
    e.ruleId = task.obligation.ruleId;
    e.rulesVersion = task.obligation.rulesVersion;
    e.payloadSha256 = task.payloadSha256();
    e.actor = actor;
    e.atUtc = task.updatedUtc;
    e.detail = QStringLiteral("%1 %2 %3 due %4, score %5")
                   .arg(task.obligation.jurisdiction, task.obligation.filingType)
                   .arg(task.obligation.filingYear)
                   .arg(task.obligation.dueDate.toString(Qt::ISODate))
                   .arg(task.score, 0, 'f', 2);
    return insertTask(task, error) && insertAudit(e, error);
}

bool AuditStore::tryAdmitTask(const FilingTask &task, const QString &actor, QString *error) {
    QStringList already;
    if (!admitTasks({task}, actor, &already, error))
        return false;
    if (!already.isEmpty()) {
        *error = QStringLiteral("task %1 is already stored").arg(task.key);
        return false;
    }
    return true;
}

bool AuditStore::tryAdmitTasks(const QList<FilingTask> &tasks, const QString &actor,
                               QStringList *alreadyStored, QString *error) {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    QStringList skipped;
    for (const FilingTask &task : tasks) {
        if (hasTask(task.key)) {
            skipped.append(task.key);
            continue;
        }
        if (!insertAdmission(task, actor, error)) {
            db.rollback();
            return false;
        }
    }
    if (!commit(Durability::Normal, error))
        return false;
    *alreadyStored = skipped;
    return true;
}

bool AuditStore::writeTransition(const TransitionRecord &r, QString *error, bool writeTask) {
    const FilingTask &task = r.task;
    AuditEntry e;
    e.idempotencyKey = task.key;
    e.entityId = task.obligation.entity->entityId;
    e.action = r.action;
    e.fromState = stateName(r.from);
    e.toState = stateName(task.state);
    e.ruleId = task.obligation.ruleId;
    e.rulesVersion = task.obligation.rulesVersion;
    e.payloadSha256 = task.payloadSha256();
    e.actor = r.actor;
    e.errorCategory = categoryName(task.lastCategory);
    e.errorCode = task.lastErrorCode;
    e.detail = task.transitionNote.isEmpty() ? task.lastErrorMessage : task.transitionNote;
    if (task.obligationRewritten) {
        QSqlQuery rewrite(QSqlDatabase::database(m_connectionName));
        // The columns reports read beside the JSON: a requeue after a change of the register may bring
        // another due date, fee and rule under the same key (FilingTask::setObligation()).
        rewrite.prepare(
            QStringLiteral("UPDATE tasks SET obligation_json = ?, entity_name = ?, due_date = ?, "
                           "fee_cents = ?, rule_id = ?, rules_version = ? WHERE idempotency_key = ?"));
        rewrite.addBindValue(QString::fromUtf8(
            QJsonDocument(obligationToJson(task.obligation)).toJson(QJsonDocument::Compact)));
        rewrite.addBindValue(task.obligation.entity->name);
        rewrite.addBindValue(task.obligation.dueDate.toString(Qt::ISODate));
        rewrite.addBindValue(task.obligation.feeCents);
        rewrite.addBindValue(task.obligation.ruleId);
        rewrite.addBindValue(task.obligation.rulesVersion);
        rewrite.addBindValue(task.key);
        if (!rewrite.exec()) {
            *error = rewrite.lastError().text();
            return false;
        }
    }
    if (!task.confirmationNumber.isEmpty() && task.state == ExecutionState::Completed &&
        task.transitionNote.isEmpty())
        e.detail = QStringLiteral("confirmation %1, charged %2%3")
                       .arg(task.confirmationNumber, dollars(task.feeChargedCents),
                            task.lastErrorMessage.isEmpty() ? QString()
                                                            : QStringLiteral("; ") + task.lastErrorMessage);
    e.reason = r.reason;
    if ((writeTask && !updateTask(task, error)) || !insertAudit(e, error))
        return false;
    if (task.state == ExecutionState::DeadLetter && r.from != ExecutionState::DeadLetter &&
        !insertDeadLetter(task, error))
        return false;
    return true;
}

bool AuditStore::tryRecordTransition(const FilingTask &task, ExecutionState from, const QString &actor,
                                     const QString &action, const QString &reason, QString *error,
                                     Durability durability) {
    return recordTransitions({TransitionRecord{task, from, actor, action, reason}}, error, durability)
        .ok(); // virtual: a subclass sees every transition
}

bool AuditStore::tryRecordTransitions(const QList<TransitionRecord> &records, QString *error,
                                      Durability durability) {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    const bool synced = durability == Durability::Synced;
    // synchronous cannot change inside a transaction: FULL for this commit alone, so that it is on disk
    // before the caller acts on it (a request leaves only after its DISPATCHING row is durable).
    if (synced && !exec(QStringLiteral("PRAGMA synchronous=FULL"), error))
        return false;
    auto restore = qScopeGuard([&] {
        if (synced) {
            QString ignored;
            exec(QStringLiteral("PRAGMA synchronous=NORMAL"), &ignored);
        }
    });
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    // A record that passed through a state is two audit rows; its task is written once, by the second step
    // (the first step's write would be overwritten in this same transaction).
    const QList<TransitionRecord> steps = stepByStep(records);
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const TransitionRecord &r = steps.at(i);
        const bool overwrittenNext = i + 1 < steps.size() && steps.at(i + 1).task.key == r.task.key;
        if (!writeTransition(r, error, !overwrittenNext)) {
            db.rollback();
            qCWarning(lcAudit) << "transition not recorded for" << r.task.key << *error;
            return false;
        }
    }
    if (!db.commit()) {
        *error = db.lastError().text();
        db.rollback();
        return false;
    }
    return true;
}

bool AuditStore::trySaveTask(const FilingTask &task, QString *error) {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    return updateTask(task, error);
}

bool AuditStore::trySaveTasks(const QList<FilingTask> &tasks, QString *error) {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    for (const FilingTask &task : tasks) {
        if (!updateTask(task, error)) {
            db.rollback();
            return false;
        }
    }
    return commit(Durability::Normal, error);
}

bool AuditStore::tryAppendAction(const AuditEntry &entry, QString *error) {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    return insertAudit(entry, error);
}

bool AuditStore::hasTask(const QString &key) const {
    QSqlQuery &q =
        const_cast<AuditStore *>(this)->prepared(HasTask, "SELECT 1 FROM tasks WHERE idempotency_key = ?");
    q.bindValue(0, key);
    const bool found = q.exec() && q.next();
    q.finish();
    return found;
}

std::optional<FilingTask> AuditStore::task(const QString &key) const {
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    q.prepare(QStringLiteral("SELECT * FROM tasks WHERE idempotency_key = ?"));
    q.addBindValue(key);
    if (q.exec() && q.next())
        return taskFromQuery(q);
    return std::nullopt;
}

QList<FilingTask> AuditStore::loadTasks(bool nonTerminalOnly) const {
    QList<FilingTask> tasks;
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    q.setForwardOnly(true);
    const QString sql =
        nonTerminalOnly
            ? QStringLiteral(
                  "SELECT * FROM tasks WHERE state NOT IN ('COMPLETED','FAILED_STATUTORY','DEAD_LETTER')")
            : QStringLiteral("SELECT * FROM tasks");
    if (!q.exec(sql)) {
        qCWarning(lcAudit) << "cannot load tasks:" << q.lastError().text();
        return tasks;
    }
    while (q.next())
        tasks.append(taskFromQuery(q));
    return tasks;
}

QList<AuditEntry> AuditStore::queryAudit(const AuditQuery &query) const {
    QStringList where;
    QVariantList binds;
    if (!query.text.isEmpty()) {
        where << QStringLiteral(
                     "(idempotency_key LIKE ? ESCAPE '\\' OR entity_id LIKE ? ESCAPE '\\' OR actor LIKE ? "
                     "ESCAPE "
                     "'\\' OR action LIKE ? ESCAPE '\\' OR detail LIKE ? ESCAPE '\\' OR reason LIKE ? ESCAPE "
                     "'\\'%1)")
                     .arg(query.textEntityIds.isEmpty()
                              ? QString()
                              : QStringLiteral(" OR entity_id IN (%1)")
                                    .arg(QStringList(query.textEntityIds.size(), QStringLiteral("?"))
                                             .join(QLatin1Char(','))));
        const QString like = QLatin1Char('%') + likeLiteral(query.text) + QLatin1Char('%');
        for (int i = 0; i < 6; ++i)
            binds << like;
        for (const QString &id : query.textEntityIds)
            binds << id;
    }
    auto exact = [&](const QString &column, const QString &value) {
        if (!value.isEmpty()) {
            where << column + QStringLiteral(" = ?");
            binds << value;
        }
    };
    if (!query.idempotencyKey.isEmpty()) {
        where << QStringLiteral("idempotency_key LIKE ? ESCAPE '\\'");
        binds << likeLiteral(query.idempotencyKey.trimmed()) + QLatin1Char('%');
    }
    exact(QStringLiteral("entity_id"), query.entityId);
    exact(QStringLiteral("actor"), query.actor);
    exact(QStringLiteral("action"), query.action);
    if (query.fromUtc.isValid()) {
        where << QStringLiteral("at_utc >= ?");
        binds << utcText(query.fromUtc);
    }
    if (query.toUtc.isValid()) {
        where << QStringLiteral("at_utc <= ?");
        binds << utcText(query.toUtc);
    }
    QString sql = QStringLiteral("SELECT * FROM audit");
    if (!where.isEmpty())
        sql += QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND "));
    sql += QStringLiteral(" ORDER BY id DESC LIMIT %1").arg(qMax(1, query.limit));
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    q.setForwardOnly(true);
    q.prepare(sql);
    for (const QVariant &b : binds)
        q.addBindValue(b);
    QList<AuditEntry> out;
    if (!q.exec()) {
        qCWarning(lcAudit) << "audit query failed:" << q.lastError().text();
        return out;
    }
    while (q.next())
        out.append(auditFromLocalRow(q));
    return out;
}

bool AuditStore::mirrorLedgerAudit(const QList<AuditEntry> &rows, QString *error, bool *chainBroken) {
    if (chainBroken)
        *chainBroken = false;
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    if (rows.isEmpty())
        return true;
    // The mirror is a copy of the ledger's chain or nothing: rows that do not continue it (a gap, a changed
    // row, a row linked elsewhere) are refused whole, so that the local audit never holds a chain with holes.
    qint64 lastSeq = 0;
    QString lastHash;
    {
        QSqlQuery head(QSqlDatabase::database(m_connectionName));
        if (head.exec(QStringLiteral("SELECT ledger_seq, row_hash FROM audit WHERE ledger_seq IS NOT NULL "
                                     "ORDER BY ledger_seq DESC LIMIT 1")) &&
            head.next()) {
            lastSeq = head.value(0).toLongLong();
            lastHash = head.value(1).toString();
        } else if (head.lastError().isValid()) {
            *error = head.lastError().text();
            return false;
        }
    }
    ChainVerifier chain(QStringLiteral("ledger"), lastSeq, lastHash);
    if (mirrorBinding().ownRowsOnly())
        chain.allowGaps();
    for (const AuditEntry &e : rows) {
        if (!chain.add(e)) {
            *error = QStringLiteral("%1; the local mirror ends at seq %2").arg(chain.problem()).arg(lastSeq);
            if (chainBroken)
                *chainBroken = true;
            return false;
        }
    }
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state, rule_id, "
        "rules_version, payload_sha256, actor, error_category, error_code, detail, reason, host, ledger_seq, "
        "desk, at_utc_text, prev_hash, row_hash, login) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"));
    for (const AuditEntry &e : rows) {
        const QVariantList values = {
            utcText(e.atUtc), e.idempotencyKey, e.entityId, e.action,        e.fromState, e.toState, e.ruleId,
            e.rulesVersion,   e.payloadSha256,  e.actor,    e.errorCategory, e.errorCode, e.detail,  e.reason,
            e.host,           e.ledgerSeq,      e.desk,     e.atUtcText,     e.prevHash,  e.rowHash, e.login};
        for (int i = 0; i < values.size(); ++i)
            q.bindValue(i, values.at(i));
        if (!q.exec()) {
            *error = QStringLiteral("ledger row %1: %2").arg(e.ledgerSeq).arg(q.lastError().text());
            db.rollback();
            return false;
        }
    }
    q.finish();
    return commit(Durability::Normal, error);
}

qint64 AuditStore::lastMirroredSeq() const {
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    // The WHERE lets SQLite read the maximum off the partial index audit_ledger_seq instead of scanning the
    // whole trail at every catch-up.
    if (q.exec(QStringLiteral("SELECT MAX(ledger_seq) FROM audit WHERE ledger_seq IS NOT NULL")) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

QList<AuditEntry> AuditStore::mirroredLedgerAudit(qint64 fromSeq) const {
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT * FROM audit WHERE ledger_seq >= ? ORDER BY ledger_seq"));
    q.addBindValue(fromSeq);
    QList<AuditEntry> out;
    if (!q.exec())
        return out;
    while (q.next())
        out.append(auditFromLocalRow(q));
    return out;
}

bool AuditStore::mirrorTasks(const QList<FilingTask> &tasks, QString *error) {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    if (tasks.isEmpty())
        return true;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    for (const FilingTask &task : tasks) {
        if (!(hasTask(task.key) ? updateTask(task, error) : insertTask(task, error))) {
            db.rollback();
            return false;
        }
    }
    return commit(Durability::Normal, error);
}

AuditStore::MirrorBinding AuditStore::mirrorBinding() const {
    MirrorBinding b;
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    if (q.exec(
            QStringLiteral("SELECT ledger_id, ledger_url, bound_utc, scope FROM mirror_of WHERE id = 1")) &&
        q.next()) {
        b.ledgerId = q.value(0).toString();
        b.ledgerUrl = q.value(1).toString();
        b.boundUtc = QDateTime::fromString(q.value(2).toString(), Qt::ISODateWithMs);
        b.scope = q.value(3).toString();
    }
    return b;
}

bool AuditStore::bindMirror(const QString &ledgerId, const QString &ledgerUrl, QString *error,
                            bool ownRowsOnly) {
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    q.prepare(QStringLiteral(
        "INSERT INTO mirror_of(id, ledger_id, ledger_url, bound_utc, scope) VALUES(1, ?, ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET ledger_url = excluded.ledger_url, scope = CASE WHEN mirror_of.scope = "
        "'own' THEN 'own' ELSE excluded.scope END WHERE mirror_of.ledger_id = excluded.ledger_id"));
    q.addBindValue(ledgerId);
    q.addBindValue(ledgerUrl);
    q.addBindValue(utcText(QDateTime::currentDateTimeUtc()));
    q.addBindValue(ownRowsOnly ? QStringLiteral("own") : QStringLiteral("all"));
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

qint64 AuditStore::auditRowCount() const {
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    if (q.exec(QStringLiteral("SELECT COUNT(*) FROM audit")) && q.next())
        return q.value(0).toLongLong();
    return -1;
}

} // namespace fd

namespace fd {

bool AuditStore::loadRegister(QList<Entity> *entities, QList<RegisterConflict> *conflicts,
                              QString *error) const {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    QSqlQuery q(QSqlDatabase::database(m_connectionName));
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT record_json FROM entity_register ORDER BY entity_id"))) {
        *error = q.lastError().text();
        return false;
    }
    entities->clear();
    while (q.next())
        entities->append(entityFromJson(QJsonDocument::fromJson(q.value(0).toByteArray()).object()));
    if (!q.exec(QStringLiteral("SELECT entity_id, entity_name, field, register_value, file_value, source, "
                               "seen_utc, kept_utc FROM entity_conflicts ORDER BY entity_id, field"))) {
        *error = q.lastError().text();
        return false;
    }
    conflicts->clear();
    while (q.next()) {
        conflicts->append(RegisterConflict{
            q.value(0).toString(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
            q.value(4).toString(), q.value(5).toString(),
            QDateTime::fromString(q.value(6).toString(), Qt::ISODateWithMs),
            q.value(7).isNull() ? QDateTime()
                                : QDateTime::fromString(q.value(7).toString(), Qt::ISODateWithMs)});
    }
    return true;
}

QList<AuditEntry> registerAuditRows(const RegisterUpdate &update, const QString &actor, const QString &reason,
                                    const QDateTime &atUtc) {
    QList<AuditEntry> rows;
    QHash<QString, QList<RegisterChange>> byEntity;
    QStringList order;
    for (const RegisterChange &c : update.changes) {
        if (!byEntity.contains(c.entityId))
            order.append(c.entityId);
        byEntity[c.entityId].append(c);
    }
    const QString from =
        update.source.isEmpty() ? QString() : QStringLiteral(" (from %1)").arg(update.source);
    const auto append = [&](const QString &entityId, const QString &action, const QString &detail) {
        AuditEntry e;
        e.atUtc = atUtc;
        e.entityId = entityId;
        e.action = action;
        e.actor = actor;
        e.reason = reason;
        e.detail = detail;
        rows.append(e);
    };
    const QSet<QString> added(update.added.cbegin(), update.added.cend());
    for (const QString &id : std::as_const(order))
        append(id, added.contains(id) ? QStringLiteral("entity_add") : update.action,
               EntityRegister::describe(byEntity.value(id)) + from);
    for (const QString &id : update.added) {
        if (!byEntity.contains(id))
            append(id, QStringLiteral("entity_add"),
                   QStringLiteral("added") + from); // nothing but id and name
    }
    for (const RegisterConflict &c : update.conflicts)
        append(
            c.entityId, QStringLiteral("entity_conflict"),
            QStringLiteral("%1: the register has \"%2\", %3 has \"%4\"; the register's value is used until "
                           "someone decides")
                .arg(c.field, c.registerValue, c.source, c.fileValue));
    for (const RegisterConflict &c : update.settled) {
        // `fileValue` is the value decided: the register's own or another one (the file's value taken, or one
        // typed on the entity page). A file that now agrees with the register settles the conflict without
        // anyone deciding: said so.
        const QString detail =
            update.settledByFile
                ? QStringLiteral(
                      "%1: %2 now gives the register's \"%3\" (no longer in conflict, nobody decided)")
                      .arg(c.field, update.source, c.fileValue)
            : c.fileValue == c.registerValue
                ? QStringLiteral("%1: the register's \"%2\" kept").arg(c.field, c.fileValue)
                : QStringLiteral("%1: \"%2\" taken instead of the register's \"%3\"")
                      .arg(c.field, c.fileValue, c.registerValue);
        append(c.entityId, QStringLiteral("entity_conflict_settled"), detail);
    }
    for (const RegisterConflict &c : update.kept)
        append(c.entityId, QStringLiteral("entity_conflict_settled"),
               QStringLiteral("%1: the register's \"%2\" kept; \"%3\" (%4) is not offered again")
                   .arg(c.field, c.registerValue, c.fileValue, c.source));
    return rows;
}

bool AuditStore::tryApplyRegister(const RegisterUpdate &update, const QString &actor, const QString &reason,
                                  QString *error) {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    if (update.isEmpty())
        return true;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    auto rollback = qScopeGuard([&db] { db.rollback(); });
    // A kept conflict is its row again, with the time it was kept.
    if (!writeRegisterRows(update.records, update.conflicts + update.kept, update.settled, {}, actor, error))
        return false;
    for (const AuditEntry &row : registerAuditRows(update, actor, reason, QDateTime::currentDateTimeUtc())) {
        if (!insertAudit(row, error))
            return false;
    }
    if (!db.commit()) {
        *error = db.lastError().text();
        return false;
    }
    rollback.dismiss();
    return true;
}

bool AuditStore::writeRegisterRows(const QList<Entity> &records, const QList<RegisterConflict> &conflicts,
                                   const QList<RegisterConflict> &settled,
                                   const QHash<QString, QString> &updatedBy, const QString &defaultUpdatedBy,
                                   QString *error) {
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    const QString now = utcText(QDateTime::currentDateTimeUtc());
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT OR REPLACE INTO entity_register(entity_id, entity_name, record_json, "
                             "updated_utc, updated_by) VALUES(?,?,?,?,?)"));
    for (const Entity &e : records) {
        q.bindValue(0, e.entityId);
        q.bindValue(1, e.name);
        q.bindValue(2, QString::fromUtf8(QJsonDocument(entityToJson(e)).toJson(QJsonDocument::Compact)));
        q.bindValue(3, now);
        q.bindValue(4, updatedBy.value(e.entityId, defaultUpdatedBy));
        if (!q.exec()) {
            *error = q.lastError().text();
            return false;
        }
    }
    QSqlQuery c(db);
    c.prepare(
        QStringLiteral("INSERT OR REPLACE INTO entity_conflicts(entity_id, field, entity_name, "
                       "register_value, file_value, source, seen_utc, kept_utc) VALUES(?,?,?,?,?,?,?,?)"));
    for (const RegisterConflict &k : conflicts) {
        const QVariantList values{k.entityId,
                                  k.field,
                                  k.entityName,
                                  k.registerValue,
                                  k.fileValue,
                                  k.source,
                                  k.seenUtc.isValid() ? utcText(k.seenUtc) : now,
                                  k.keptUtc.isValid() ? QVariant(utcText(k.keptUtc)) : QVariant()};
        for (int i = 0; i < values.size(); ++i)
            c.bindValue(i, values.at(i));
        if (!c.exec()) {
            *error = c.lastError().text();
            return false;
        }
    }
    QSqlQuery d(db);
    d.prepare(QStringLiteral("DELETE FROM entity_conflicts WHERE entity_id = ? AND field = ?"));
    for (const RegisterConflict &k : settled) {
        d.bindValue(0, k.entityId);
        d.bindValue(1, k.field);
        if (!d.exec()) {
            *error = d.lastError().text();
            return false;
        }
    }
    return true;
}

bool AuditStore::mirrorRegister(const QList<Entity> &records, const QList<RegisterConflict> &conflicts,
                                const QList<RegisterConflict> &settled,
                                const QHash<QString, QString> &updatedBy, bool replaceAll, QString *error) {
    if (!isOpen()) {
        *error = QStringLiteral("the audit database is not open");
        return false;
    }
    if (!replaceAll && records.isEmpty() && conflicts.isEmpty() && settled.isEmpty())
        return true;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    auto rollback = qScopeGuard([&db] { db.rollback(); });
    QSqlQuery q(db);
    if (replaceAll && (!q.exec(QStringLiteral("DELETE FROM entity_register")) ||
                       !q.exec(QStringLiteral("DELETE FROM entity_conflicts")))) {
        *error = q.lastError().text();
        return false;
    }
    if (!writeRegisterRows(records, conflicts, settled, updatedBy, QString(), error))
        return false;
    if (!db.commit()) {
        *error = db.lastError().text();
        return false;
    }
    rollback.dismiss();
    return true;
}

// TaskStore: every write returns what it did, as a value.
WriteResult AuditStore::result(bool written, const QString *error) const {
    // A desk's database that refuses a write is unavailable to this desk: it has no conflicts or roles.
    return written ? WriteResult::written()
                   : WriteResult::failed(WriteResult::Failure::Unavailable, error ? *error : QString());
}

WriteResult AuditStore::admitTask(const FilingTask &task, const QString &actor, QString *error) {
    return result(tryAdmitTask(task, actor, error), error);
}

WriteResult AuditStore::admitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                   QStringList *alreadyStored, QString *error) {
    return result(tryAdmitTasks(tasks, actor, alreadyStored, error), error);
}

WriteResult AuditStore::recordTransition(const FilingTask &task, ExecutionState from, const QString &actor,
                                         const QString &action, const QString &reason, QString *error,
                                         Durability durability) {
    return result(tryRecordTransition(task, from, actor, action, reason, error, durability), error);
}

WriteResult AuditStore::saveTask(const FilingTask &task, QString *error) {
    return result(trySaveTask(task, error), error);
}

WriteResult AuditStore::saveTasks(const QList<FilingTask> &tasks, QString *error) {
    return result(trySaveTasks(tasks, error), error);
}

WriteResult AuditStore::appendAction(const AuditEntry &entry, QString *error) {
    return result(tryAppendAction(entry, error), error);
}

WriteResult AuditStore::recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                          Durability durability) {
    return result(tryRecordTransitions(records, error, durability), error);
}

WriteResult AuditStore::applyRegister(const RegisterUpdate &update, const QString &actor,
                                      const QString &reason, QString *error) {
    return result(tryApplyRegister(update, actor, reason, error), error);
}

} // namespace fd
