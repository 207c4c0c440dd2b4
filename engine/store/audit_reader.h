#pragma once

#include "engine/store/task_store.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <functional>

namespace fd {

class AuditReaderWorker;

/// Reads the audit trail off the engine thread: the Audit view's searches, an entity's history and the notes
/// run on a thread of their own, over a read connection of their own to the same SQLite database (a single
/// desk's database, or a team member's mirror of the ledger). SQLite's WAL lets it read while the engine
/// writes; a query sees every commit made before it was asked.
///
/// Thread affinity: created, opened and asked from the engine thread; each answer is delivered on the thread
/// of the `context` passed to query() (the engine's), never on the reader's. Answers come in the order asked.
/// The reader's own failures (the database cannot be opened) answer with an empty list and a warning in the
/// log category filingdesk.store.reader.
class AuditReader : public QObject {
    Q_OBJECT
public:
    explicit AuditReader(QObject *parent = nullptr);
    ~AuditReader() override; ///< stops the thread after the query under way (if any) has answered

    /// Reads `path` (an AuditStore database) from now on; opened on the reader's thread at the first query.
    void open(const QString &path);
    bool isOpen() const { return !m_path.isEmpty(); }
    /// Runs `query` on the reader's thread; `done` receives the rows (newest first, as
    /// TaskStore::queryAudit) on `context`'s thread. Nothing is delivered once `context` is gone.
    void query(const AuditQuery &query, QObject *context, std::function<void(QList<AuditEntry>)> done);
    /// Closes the read connection and stops the thread; idempotent.
    void close();

private:
    QThread m_thread;
    QPointer<AuditReaderWorker> m_worker;
    QString m_path;
};

} // namespace fd
