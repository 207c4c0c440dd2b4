#pragma once

#include "engine/model/filing_task.h"

#include <QDateTime>
#include <QList>
#include <QString>

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
};

/// Filter for queryAudit(); empty fields match everything. `text` matches key, entity, actor, action and
/// detail.
struct AuditQuery {
    QString text;
    QString idempotencyKey;
    QString entityId;
    QString actor;
    QString action;
    QDateTime fromUtc;
    QDateTime toUtc;
    int limit = 5000;
};

/// The local SQLite audit database (WAL): the task table the engine resumes from, and the audit table, which
/// is append-only in the database itself (triggers make UPDATE and DELETE on it fail). Schema version in
/// `schema_version`, migrated forward on open.
///
/// Thread affinity: the thread that called open() (the engine thread). Not copyable. All writes of one state
/// transition (task row and audit row) happen in one transaction: either both or neither.
class AuditStore {
public:
    static constexpr int kSchemaVersion = 2;

    AuditStore();
    ~AuditStore();
    AuditStore(const AuditStore &) = delete;
    AuditStore &operator=(const AuditStore &) = delete;

    /// Opens or creates the database at `path`; false with *error ("PATH: reason") on failure.
    bool open(const QString &path, QString *error);
    void close();
    bool isOpen() const;
    QString path() const { return m_path; }
    int schemaVersion() const;

    /// Inserts a task that is new to the store (state PENDING) with an "admit" audit row. Returns false if
    /// the key is already stored (deduplication across runs) or on error.
    bool admitTask(const FilingTask &task, const QString &actor, QString *error);
    /// Persists `task` (already in its new state) and appends the transition row, atomically.
    bool recordTransition(const FilingTask &task, ExecutionState from, const QString &actor,
                          const QString &action, const QString &reason, QString *error);
    /// Persists task fields that changed without a state change (attempt counters, receipt) — no audit row.
    bool saveTask(const FilingTask &task, QString *error);
    /// Appends an action not tied to a transition (batch launch, pause, settings, note).
    bool appendAction(const AuditEntry &entry, QString *error);
    /// Copies a dead letter's payload, trace id and raw response body into the dead-letter archive.
    bool archiveDeadLetter(const FilingTask &task, QString *error);

    bool hasTask(const QString &key) const;
    std::optional<FilingTask> task(const QString &key) const;
    QList<FilingTask> loadTasks(bool nonTerminalOnly) const;
    QList<AuditEntry> queryAudit(const AuditQuery &query) const;
    qint64 auditRowCount() const;

    /// The OS user name (USER / USERNAME), the actor of operator actions.
    static QString osUser();
    static QString hostName();

private:
    bool migrate(QString *error);
    bool exec(const QString &sql, QString *error);
    bool insertAudit(const AuditEntry &entry, QString *error);
    bool writeTask(const FilingTask &task, bool insert, QString *error);

    QString m_connectionName;
    QString m_path;
};

} // namespace fd
