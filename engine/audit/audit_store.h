#pragma once

#include "engine/register/register_types.h"
#include "engine/store/task_store.h"

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
class AuditStore : public TaskStore {
public:
    static constexpr int kSchemaVersion = 9;
    enum class OpenMode { Shared, Exclusive };

    AuditStore();
    ~AuditStore() override;
    AuditStore(const AuditStore &) = delete;
    AuditStore &operator=(const AuditStore &) = delete;

    /// Opens or creates the database at `path`; false with *error ("PATH: reason") on failure, including
    /// "PATH is in use by ..." when another engine holds it (OpenMode::Exclusive).
    [[nodiscard]] bool open(const QString &path, QString *error, OpenMode mode = OpenMode::Exclusive);
    void close() override;
    bool isOpen() const;
    /// The last open() failed because another engine holds the database.
    bool wasInUse() const { return m_inUse; }
    QString path() const { return m_path; }
    /// The name of this store's Qt SQL connection (the thread that opened it uses it).
    QString connectionName() const { return m_connectionName; }
    int schemaVersion() const;

    // TaskStore: the engine's use of a single desk's database.
    [[nodiscard]] WriteResult admitTask(const FilingTask &task, const QString &actor,
                                        QString *error) override;
    [[nodiscard]] WriteResult admitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                         QStringList *alreadyStored, QString *error) override;
    [[nodiscard]] WriteResult recordTransition(const FilingTask &task, ExecutionState from,
                                               const QString &actor, const QString &action,
                                               const QString &reason, QString *error,
                                               Durability durability = Durability::Normal) override;
    [[nodiscard]] WriteResult saveTask(const FilingTask &task, QString *error) override;
    [[nodiscard]] WriteResult saveTasks(const QList<FilingTask> &tasks, QString *error) override;
    [[nodiscard]] WriteResult appendAction(const AuditEntry &entry, QString *error) override;
    [[nodiscard]] WriteResult recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                                Durability durability) override;

    bool hasTask(const QString &key) const;
    std::optional<FilingTask> task(const QString &key) const override;
    QList<FilingTask> loadTasks(bool nonTerminalOnly) const override;

    /// Team mode's local mirror. Appends ledger audit rows (ascending ledgerSeq, continuing
    /// lastMirroredSeq()) to the audit table, all or none. The rows must continue the mirrored hash chain
    /// (docs/ledger.md, "Audit hash chain"): the next seq without a gap, each row_hash the row's own hash,
    /// each prev_hash the row_hash before it (a mirror that keeps a worker's own rows only,
    /// MirrorBinding::ownRowsOnly(): any later seq, each row's own hash, the link where rows are
    /// consecutive); otherwise nothing is written and `error` names the first broken seq
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
        /// What it keeps of the ledger's audit (schema 8): "all" rows (a desk's, a run's), or "own": a
        /// worker's own rows and the team-level rows it acts on, each row's hash checked, links checked where
        /// rows are consecutive (docs/ledger.md, "Mirror and live view").
        QString scope = QStringLiteral("all");
        bool isBound() const { return !ledgerId.isEmpty(); }
        bool ownRowsOnly() const { return scope == QLatin1String("own"); }
    };
    MirrorBinding mirrorBinding() const;
    /// Records that this database mirrors ledger `ledgerId` (once; a later call for the same ledger only
    /// updates its URL, one for another ledger changes nothing). `ownRowsOnly`: from now on it keeps only a
    /// worker's rows (MirrorBinding::scope "own"; a mirror never goes back to "all").
    [[nodiscard]] bool bindMirror(const QString &ledgerId, const QString &ledgerUrl, QString *error,
                                  bool ownRowsOnly = false);
    QList<AuditEntry> queryAudit(const AuditQuery &query) const override;
    qint64 auditRowCount() const;

    [[nodiscard]] bool loadRegister(QList<Entity> *entities, QList<RegisterConflict> *conflicts,
                                    QString *error) const override;
    [[nodiscard]] WriteResult applyRegister(const RegisterUpdate &update, const QString &actor,
                                            const QString &reason, QString *error) override;

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
    // The writes behind the TaskStore methods: true when written, else *error (and, for the ledger,
    // m_failure and m_conflicted) say why; result() makes the value the caller gets.
    bool tryAdmitTask(const FilingTask &task, const QString &actor, QString *error);
    bool tryAdmitTasks(const QList<FilingTask> &tasks, const QString &actor, QStringList *alreadyStored,
                       QString *error);
    bool tryRecordTransition(const FilingTask &task, ExecutionState from, const QString &actor,
                             const QString &action, const QString &reason, QString *error,
                             Durability durability = Durability::Normal);
    bool trySaveTask(const FilingTask &task, QString *error);
    bool trySaveTasks(const QList<FilingTask> &tasks, QString *error);
    bool tryAppendAction(const AuditEntry &entry, QString *error);
    bool tryRecordTransitions(const QList<TransitionRecord> &records, QString *error, Durability durability);
    bool tryApplyRegister(const RegisterUpdate &update, const QString &actor, const QString &reason,
                          QString *error);
    WriteResult result(bool written, const QString *error) const;
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
    /// One step's audit row (and its task's row unless `writeTask` is false: the first of a record's two
    /// steps, whose task the second writes in the same transaction).
    bool writeTransition(const TransitionRecord &record, QString *error, bool writeTask = true);
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
