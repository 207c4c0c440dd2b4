#include "engine/store/audit_reader.h"

#include "engine/audit/audit_store.h"
#include "engine/core/thread_exit.h"

#include <QLoggingCategory>

#include <memory>

Q_LOGGING_CATEGORY(lcReader, "filingdesk.store.reader")

namespace fd {

/// Lives on the reader's thread: owns the read connection (a QSqlDatabase belongs to the thread that opened
/// it), opened lazily and closed on that thread.
class AuditReaderWorker : public QObject {
public:
    void setPath(const QString &path) {
        if (path == m_path)
            return;
        m_store.reset();
        m_path = path;
    }
    QList<AuditEntry> run(const AuditQuery &query) {
        if (!m_store && !m_path.isEmpty()) {
            auto store = std::make_unique<AuditStore>();
            QString error;
            // Shared: the engine's own connection holds the database's lock; this one only reads.
            if (store->open(m_path, &error, AuditStore::OpenMode::Shared))
                m_store = std::move(store);
            else
                qCWarning(lcReader).noquote() << "the audit trail cannot be read:" << error;
        }
        return m_store ? m_store->queryAudit(query) : QList<AuditEntry>();
    }
    void closeStore() { m_store.reset(); }

private:
    QString m_path;
    std::unique_ptr<AuditStore> m_store;
};

AuditReader::AuditReader(QObject *parent)
    : QObject(parent) {
    m_thread.setObjectName(QStringLiteral("filingdesk-audit-reader"));
    releaseThreadStateOnFinish(m_thread);
}

AuditReader::~AuditReader() {
    close();
}

void AuditReader::open(const QString &path) {
    if (!m_worker) {
        m_worker = new AuditReaderWorker;
        m_worker->moveToThread(&m_thread);
        connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
        m_thread.start();
    }
    m_path = path;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, path] {
        if (worker)
            worker->setPath(path);
    });
}

void AuditReader::query(const AuditQuery &query, QObject *context,
                        std::function<void(QList<AuditEntry>)> done) {
    if (!m_worker) {
        QMetaObject::invokeMethod(
            context, [done = std::move(done)] { done({}); }, Qt::QueuedConnection);
        return;
    }
    QPointer<QObject> answerTo(context);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, query, answerTo, done = std::move(done)]() mutable {
            if (!worker)
                return;
            QList<AuditEntry> rows = worker->run(query);
            if (!answerTo)
                return;
            QMetaObject::invokeMethod(
                answerTo.data(), [rows = std::move(rows), done = std::move(done)] { done(rows); },
                Qt::QueuedConnection);
        });
}

void AuditReader::close() {
    if (!m_thread.isRunning())
        return;
    if (m_worker) // the connection closes on its own thread, after the queries already asked
        QMetaObject::invokeMethod(m_worker, [worker = m_worker] {
            if (worker)
                worker->closeStore();
        });
    m_thread.quit();
    m_thread.wait();
    m_path.clear();
}

} // namespace fd
