#pragma once

#include "engine/model/filing_task.h"
#include "engine/register/register_types.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QLockFile>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace fd {

/// One row of the append-only audit table.
struct AuditEntry {
    qint64 id = 0;
    QDateTime atUtc;        ///< UTC, millisecond precision
    QString idempotencyKey; ///< empty for actions not about one task (batch launched, settings changed)
    QString entityId;
    QString action; ///< "transition", "import", "batch_launch", "pause", "replay", "resolve", ...
    QString fromState;
    QString toState;
    QString ruleId;
    QString rulesVersion;
    QString payloadSha256;
    QString actor; ///< the OS user for operator actions, "engine" for the engine's own
    QString errorCategory;
    QString errorCode;
    QString detail;
    QString reason; ///< the operator's stated reason, where an action asks for one
    QString host;
    /// Team mode (a ledger is configured): the row's place in the ledger's hash chain (AuditChain), 0 for
    /// rows written by a single desk. `atUtcText` is the timestamp exactly as the ledger stores and hashes
    /// it.
    qint64 ledgerSeq = 0;
    QString desk;
    QString atUtcText;
    QString prevHash;
    QString rowHash;
    /// Team mode: the database login (PostgreSQL session_user) that wrote the row, set by the ledger itself
    /// (never sent by a member) and covered by row_hash; empty on a single desk and on rows written before
    /// ledger schema 4. `actor` (the OS user), `host` and `desk` are what the member says about itself.
    QString login;
};

/// Filter for queryAudit(); empty fields match everything. `text` matches key, entity, actor, action, detail
/// and reason as a literal substring (`%` and `_` are not wildcards). `idempotencyKey` matches a key prefix
/// (the console shows keys shortened to their first 12 hex digits), as a literal.
struct AuditQuery {
    QString text;
    /// Entities whose name matches `text` (the engine fills it from the entity register: rows carry ids, a
    /// person searches by name): rows about them match too.
    QStringList textEntityIds;
    QString idempotencyKey;
    QString entityId;
    QString actor;
    QString action;
    QDateTime fromUtc;
    QDateTime toUtc;
    int limit = 5000;
};

/// How a transition's commit reaches the disk.
enum class Durability {
    Normal, ///< WAL with synchronous=NORMAL: survives a crash of the process, may roll back on power loss
    Synced  ///< synchronous=FULL for this commit: on disk before the call returns (before a request leaves)
};

/// The local SQLite audit database (WAL): the task table the engine resumes from, and the audit table, which
/// is append-only in the database itself (triggers make UPDATE and DELETE on it fail). Schema version in
/// `schema_version`, migrated forward on open.
///
/// One database, one engine: open() with OpenMode::Exclusive takes a lock file beside the database
/// ("<path>.lock") for as long as it is open; a second engine on the same file is refused with a reason
/// naming the holder (process id, host, program). A lock left by a process that died is taken over.
///
/// Thread affinity: the thread that called open() (the engine thread). Not copyable. All writes of one state
/// transition (task row, audit row and, for a dead letter, the archive row) happen in one transaction: either
/// all or none. Write methods are virtual so that tests can inject failures; every result must be checked.
class AuditStore {
public:
    static constexpr int kSchemaVersion = 7;
    enum class OpenMode { Shared, Exclusive };

    AuditStore();
    virtual ~AuditStore();
    AuditStore(const AuditStore &) = delete;
    AuditStore &operator=(const AuditStore &) = delete;

    /// Opens or creates the database at `path`; false with *error ("PATH: reason") on failure, including
    /// "PATH is in use by ..." when another engine holds it (OpenMode::Exclusive).
    [[nodiscard]] bool open(const QString &path, QString *error, OpenMode mode = OpenMode::Exclusive);
    void close();
    bool isOpen() const;
    /// The last open() failed because another engine holds the database.
    bool wasInUse() const { return m_inUse; }
    QString path() const { return m_path; }
    /// The name of this store's Qt SQL connection (the thread that opened it uses it).
    QString connectionName() const { return m_connectionName; }
    int schemaVersion() const;

    /// Inserts a task that is new to the store (state PENDING) with an "admit" audit row. Returns false if
    /// the key is already stored (deduplication across runs) or on error.
    [[nodiscard]] virtual bool admitTask(const FilingTask &task, const QString &actor, QString *error);
    /// Admits many tasks in one transaction (all or none); keys already stored are skipped and listed in
    /// *alreadyStored.
    [[nodiscard]] virtual bool admitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                          QStringList *alreadyStored, QString *error);
    /// Persists `task` (already in its new state) and appends the transition row, atomically; a transition
    /// to DEAD_LETTER also writes the dead-letter archive row in the same transaction.
    [[nodiscard]] virtual bool recordTransition(const FilingTask &task, ExecutionState from,
                                                const QString &actor, const QString &action,
                                                const QString &reason, QString *error,
                                                Durability durability = Durability::Normal);
    /// Persists task fields that changed without a state change (batch id, backoff time) — no audit row.
    [[nodiscard]] virtual bool saveTask(const FilingTask &task, QString *error);
    /// saveTask() for many tasks in one transaction: all or none.
    [[nodiscard]] virtual bool saveTasks(const QList<FilingTask> &tasks, QString *error);
    /// Appends an action not tied to a transition (batch launch, pause, settings, note).
    [[nodiscard]] virtual bool appendAction(const AuditEntry &entry, QString *error);
    /// Several transitions in one transaction and one commit (group commit): all or none.
    struct TransitionRecord {
        FilingTask task;
        ExecutionState from;
        QString actor;
        QString action;
        QString reason;
    };
    [[nodiscard]] virtual bool recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                                 Durability durability);

    /// Why the last write method returned false.
    enum class WriteFailure {
        None,
        Unavailable, ///< the database refused or cannot be reached: nothing was written
        Conflict,    ///< team mode: another member changed the task first; nothing was written, re-read it
        Busy,   ///< team mode: the ledger answers but the write waited on a lock past its limit: nothing was
                ///< written; try again shortly (the ledger is not unreachable)
        Refused ///< team mode: the ledger refused this login the change (the role it needs, or segregation of
                ///< duties; the error names it): nothing was written, and trying again changes nothing
    };
    virtual WriteFailure lastWriteFailure() const { return WriteFailure::Unavailable; }
    /// After a Conflict: the keys whose stored version moved on.
    virtual QStringList conflictedKeys() const { return {}; }

    bool hasTask(const QString &key) const;
    virtual std::optional<FilingTask> task(const QString &key) const;
    virtual QList<FilingTask> loadTasks(bool nonTerminalOnly) const;

    /// Team mode's local mirror. Appends ledger audit rows (ascending ledgerSeq, continuing
    /// lastMirroredSeq()) to the audit table, all or none. The rows must continue the mirrored hash chain
    /// (docs/ledger.md, "Audit hash chain"): the next seq without a gap, each row_hash the row's own hash,
    /// each prev_hash the row_hash before it; otherwise nothing is written and `error` names the first broken
    /// seq
    /// ("ledger seq 7: missing (chain jumps from 6 to 8); the local mirror ends at seq 6"), and *chainBroken
    /// (when given) says that the rows, not the database, were refused.
    [[nodiscard]] bool mirrorLedgerAudit(const QList<AuditEntry> &rows, QString *error,
                                         bool *chainBroken = nullptr);
    /// The highest ledger seq in the mirror, 0 when none.
    qint64 lastMirroredSeq() const;
    /// The mirrored ledger rows with seq >= fromSeq, ascending (for `filingdesk audit verify`).
    QList<AuditEntry> mirroredLedgerAudit(qint64 fromSeq = 1) const;
    /// Replaces the stored copies of `tasks` (insert or update), all or none: the mirror of the ledger's
    /// task rows, read while the ledger is down.
    [[nodiscard]] bool mirrorTasks(const QList<FilingTask> &tasks, QString *error);
    /// Team mode: the ledger this mirror copies (docs/ledger.md, "Identity"); empty fields when it was never
    /// bound (a new mirror, or one written before schema 5).
    struct MirrorBinding {
        QString ledgerId;  ///< the ledger's random id (ledger_identity)
        QString ledgerUrl; ///< where it was last reached, without the password
        QDateTime boundUtc;
        bool isBound() const { return !ledgerId.isEmpty(); }
    };
    MirrorBinding mirrorBinding() const;
    /// Records that this database mirrors ledger `ledgerId` (once; a later call for the same ledger only
    /// updates its URL, one for another ledger changes nothing).
    [[nodiscard]] bool bindMirror(const QString &ledgerId, const QString &ledgerUrl, QString *error);
    QList<AuditEntry> queryAudit(const AuditQuery &query) const;
    qint64 auditRowCount() const;

    /// The entity register (README, "The entity register"): every record (ordered by entity id) and the open
    /// conflicts. Team mode: the ledger's.
    [[nodiscard]] virtual bool loadRegister(QList<Entity> *entities, QList<RegisterConflict> *conflicts,
                                            QString *error) const;
    /// Writes `update` to the register with its audit rows, in one transaction: all or none. One audit row
    /// per entity changed ("entity_add", or update.action, detail `field: "old" -> "new"; ...`), one per
    /// conflict found ("entity_conflict") and settled ("entity_conflict_settled"), each with `actor` and
    /// `reason`.
    [[nodiscard]] virtual bool applyRegister(const RegisterUpdate &update, const QString &actor,
                                             const QString &reason, QString *error);

protected:
    /// Team mode's local mirror of the ledger's entity register: writes `records` (insert or replace;
    /// updated_by from `updatedBy` by entity id), `conflicts` (insert or replace by entity and field) and
    /// removes `settled`, without audit rows (those come from the ledger, by LedgerStore::sync()), all or
    /// none. `replaceAll`: the mirrored register becomes exactly `records` and `conflicts` (a full copy of
    /// the ledger's).
    [[nodiscard]] bool mirrorRegister(const QList<Entity> &records, const QList<RegisterConflict> &conflicts,
                                      const QList<RegisterConflict> &settled,
                                      const QHash<QString, QString> &updatedBy, bool replaceAll,
                                      QString *error);

private:
    bool migrate(QString *error);
    bool exec(const QString &sql, QString *error);
    bool insertAudit(const AuditEntry &entry, QString *error);
    /// The register's records and conflicts (inside the caller's transaction): applyRegister() and
    /// mirrorRegister() write the same rows. `updatedBy` by entity id, `defaultUpdatedBy` for the rest.
    bool writeRegisterRows(const QList<Entity> &records, const QList<RegisterConflict> &conflicts,
                           const QList<RegisterConflict> &settled, const QHash<QString, QString> &updatedBy,
                           const QString &defaultUpdatedBy, QString *error);
    bool insertTask(const FilingTask &task, QString *error);
    bool insertAdmission(const FilingTask &task, const QString &actor, QString *error);
    bool updateTask(const FilingTask &task, QString *error);
    bool insertDeadLetter(const FilingTask &task, QString *error);
    bool writeTransition(const TransitionRecord &record, QString *error);
    bool commit(Durability durability, QString *error);
    QSqlQuery &prepared(int which, const char *sql);

    QString m_connectionName;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
    bool m_inUse = false;
    std::vector<std::unique_ptr<QSqlQuery>> m_statements; // prepared once per connection
};

/// The audit rows AuditStore::applyRegister() writes for `update` (the ledger writes the same rows).
QList<AuditEntry> registerAuditRows(const RegisterUpdate &update, const QString &actor, const QString &reason,
                                    const QDateTime &atUtc);

} // namespace fd
