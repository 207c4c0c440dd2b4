// Helpers for the team-ledger tests: tasks to admit, LedgerStores on databases of the private PostgreSQL
// (support/postgres_server.h), state transitions as the engine records them. Header-only: each integration
// test is one executable.
#pragma once

#include "engine/ledger/ledger_endpoint.h"
#include "engine/ledger/ledger_store.h"
#include "support/postgres_server.h"

#include <QtCore/QDateTime>
#include <QtCore/QDir>
#include <QtCore/QSet>
#include <QtCore/QString>

#include <memory>

namespace fd::test {

/// A task of entity `prefix`-E`i`: Delaware LLC annual tax 2027, score 1000 - i (task 0 first).
inline FilingTask ledgerTask(const QString &prefix, int i) {
    Obligation o;
    o.entity.edit().entityId = QStringLiteral("%1-E%2").arg(prefix).arg(i);
    o.entity.edit().name = QStringLiteral("%1 Holdings %2 LLC").arg(prefix).arg(i);
    o.entity.edit().type = EntityType::Llc;
    o.entity.edit().jurisdiction = QStringLiteral("US-DE");
    o.entity.edit().status = QStringLiteral("active");
    o.ruleId = QStringLiteral("US-DE.LLC.ANNUAL_TAX.2014");
    o.rulesVersion = QStringLiteral("ledger-test-1");
    o.jurisdiction = QStringLiteral("US-DE");
    o.filingType = QStringLiteral("ANNUAL_TAX");
    o.filingName = QStringLiteral("Annual Franchise Tax");
    o.filingYear = 2027;
    o.dueDate = QDate(2027, 6, 1);
    o.feeCents = 30000;
    FilingTask t;
    t.obligation = o;
    t.key = o.idempotencyKey();
    t.score = 1000.0 - i;
    t.updatedUtc = QDateTime::currentDateTimeUtc();
    return t;
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
inline WriteResult moveTask(LedgerStore &store, FilingTask &task, ExecutionState to, QString *error) {
    const ExecutionState from = task.state;
    FilingTask next = task;
    next.state = to;
    next.updatedUtc = QDateTime::currentDateTimeUtc();
    if (to == ExecutionState::Dispatching)
        next.attempts = task.attempts + 1;
    if (to == ExecutionState::Completed) {
        next.confirmationNumber = QStringLiteral("DE-%1").arg(task.key.left(8));
        next.feeChargedCents = task.obligation.feeCents;
    }
    const WriteResult written = store.recordTransition(next, from, QStringLiteral("engine"),
                                                       QStringLiteral("transition"), QString(), error);
    if (written)
        task = next;
    return written;
}

} // namespace fd::test
