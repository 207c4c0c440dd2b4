// Helpers for the team-ledger tests: tasks to admit, LedgerStores on databases of the private PostgreSQL
// (support/postgres_server.h), state transitions as the engine records them. Header-only: each integration
// test is one executable.
#pragma once

#include "engine/ledger/ledger_endpoint.h"
#include "engine/ledger/ledger_store.h"
#include "support/postgres_server.h"
#include "support/sample_task.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QSet>
#include <QtCore/QString>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>

#include <memory>

namespace fd::test {

/// A task of entity `prefix`-E`i`: Delaware LLC annual tax 2027, score 1000 - i (task 0 first).
inline FilingTask ledgerTask(const QString &prefix, int i) {
    return sampleTask(prefix, i);
}

inline QList<FilingTask> ledgerTasks(const QString &prefix, int count) {
    QList<FilingTask> out;
    for (int i = 0; i < count; ++i)
        out.append(ledgerTask(prefix, i));
    return out;
}

inline QStringList keysOf(const QList<FilingTask> &tasks) {
    QStringList out;
    for (const FilingTask &t : tasks)
        out.append(t.key);
    return out;
}

inline QSet<QString> setOf(const QStringList &keys) {
    return QSet<QString>(keys.cbegin(), keys.cend());
}

inline LedgerEndpoint ledgerEndpoint(const PostgresServer &server, const QString &database) {
    LedgerEndpoint e;
    QString error;
    LedgerEndpoint::parse(server.url(database), &e, &error);
    e.sslMode = QStringLiteral("disable");
    return e;
}

/// A plain QPSQL connection of the calling thread (not a LedgerStore's), removed on destruction.
class PgConnection {
public:
    PgConnection(const PostgresServer &server, const QString &database)
        : m_name(QStringLiteral("pg-") + QUuid::createUuid().toString(QUuid::WithoutBraces)) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
        fd::test::ledgerEndpoint(server, database).apply(db);
        db.open();
    }
    ~PgConnection() {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    PgConnection(const PgConnection &) = delete;
    PgConnection &operator=(const PgConnection &) = delete;
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }
    bool exec(const QString &sql, QString *error = nullptr) const {
        QSqlQuery q(db());
        if (q.exec(sql))
            return true;
        if (error)
            *error = q.lastError().text();
        return false;
    }
    /// One value; null on error.
    QString value(const QString &sql) const {
        QSqlQuery q(db());
        if (!q.exec(sql) || !q.next())
            return QString();
        return q.value(0).toString();
    }

private:
    QString m_name;
};

/// A member of the ledger `database` with its own mirror in `dir`; null (and *error) when it cannot open.
inline std::unique_ptr<LedgerStore> openMember(const PostgresServer &server, const QString &database,
                                               const QString &member, const QDir &dir, qint64 leaseMs,
                                               QString *error) {
    auto store = std::make_unique<LedgerStore>(ledgerEndpoint(server, database), member,
                                               QStringLiteral("run"), leaseMs);
    QString ledgerError;
    const QString mirror = dir.filePath(QStringLiteral("%1-%2.sqlite").arg(database, member));
    if (!store->openTeam(mirror, error, &ledgerError))
        return nullptr;
    if (!ledgerError.isEmpty()) {
        *error = ledgerError;
        return nullptr;
    }
    return store;
}

/// Moves `task` to `to` in the ledger as the engine would (a "transition" audit row).
/// The record of `task` moving to `to`, as the engine writes it (a send counts an attempt; a completion
/// carries its receipt).
inline TaskStore::TransitionRecord movedRecord(const FilingTask &task, ExecutionState to) {
    FilingTask next = task;
    next.state = to;
    next.updatedUtc = QDateTime::currentDateTimeUtc();
    if (to == ExecutionState::Dispatching)
        next.attempts = task.attempts + 1;
    if (to == ExecutionState::Completed) {
        next.confirmationNumber = QStringLiteral("DE-%1").arg(task.key.left(8));
        next.feeChargedCents = task.obligation.feeCents;
    }
    return TaskStore::TransitionRecord{next, task.state, QStringLiteral("engine"),
                                       QStringLiteral("transition"), QString()};
}

inline WriteResult moveTask(LedgerStore &store, FilingTask &task, ExecutionState to, QString *error) {
    const TaskStore::TransitionRecord r = movedRecord(task, to);
    const WriteResult written = store.recordTransition(r.task, r.from, r.actor, r.action, r.reason, error);
    if (written)
        task = r.task;
    return written;
}

} // namespace fd::test
