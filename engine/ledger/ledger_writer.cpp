#include "engine/ledger/ledger_writer.h"

#include "engine/ledger/call_deadline.h"

#include <libpq-fe.h>

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

Q_DECLARE_LOGGING_CATEGORY(lcLedger)

namespace fd {

namespace {

const QString kStatement =
    QStringLiteral("SELECT task_key, task_version FROM filingdesk_transitions(?, ?::jsonb)");

/// The keys filingdesk_transitions could not write (ledger_schema_batch.h: SQLSTATE FD409).
QStringList conflictedKeys(const QString &message) {
    static const QRegularExpression pattern(QStringLiteral("filingdesk conflict: ([^\\s(]+)"));
    const QRegularExpressionMatch match = pattern.match(message);
    if (!match.hasMatch())
        return {};
    return match.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts);
}

/// As LedgerStore sorts its own failures: a lock or statement timeout, a deadlock (the ledger answered:
/// busy); SQLSTATE 42501 (this login may not); anything else (unavailable).
WriteResult::Failure failureOf(const QString &message) {
    if (message.contains(QLatin1String("(55P03)")) || message.contains(QLatin1String("(57014)")) ||
        message.contains(QLatin1String("(40P01)")))
        return WriteResult::Failure::Busy;
    if (message.contains(QLatin1String("(42501)")))
        return WriteResult::Failure::Refused;
    return WriteResult::Failure::Unavailable;
}

} // namespace

LedgerWriter::LedgerWriter(Settings settings)
    : m_settings(std::move(settings))
    , m_connectionName(QStringLiteral("filingdesk-ledger-writer-%1")
                           .arg(QUuid::createUuid().toString(QUuid::WithoutBraces)))
    , m_deadline(std::make_unique<CallDeadline>()) {
    m_thread.setObjectName(QStringLiteral("LedgerWriter"));
    m_home = new QObject;
    m_home->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, m_home, &QObject::deleteLater);
    m_thread.start();
}

LedgerWriter::~LedgerWriter() {
    stop();
}

void LedgerWriter::submit(QList<Row> rows, bool durable, Done done) {
    {
        QMutexLocker lock(&m_mutex);
        if (!m_stopped) {
            ++m_unanswered;
            m_pending.append(Submission{std::move(rows), durable, std::move(done)});
            if (m_flushPosted)
                return;
            m_flushPosted = true;
            lock.unlock();
            QMetaObject::invokeMethod(
                m_home, [this] { flush(); }, Qt::QueuedConnection);
            return;
        }
    }
    done(Outcome{WriteResult::failed(WriteResult::Failure::Unavailable,
                                     QStringLiteral("ledger: the member is stopping; nothing was written")),
                 {}});
}

void LedgerWriter::waitIdle() {
    QMutexLocker lock(&m_mutex);
    while (m_unanswered > 0)
        m_idle.wait(&m_mutex);
}

void LedgerWriter::stop() {
    {
        QMutexLocker lock(&m_mutex);
        if (m_stopped)
            return;
        m_stopped = true;
    }
    if (m_thread.isRunning()) {
        // What waits is written (or answered) first; the connection belongs to the thread and closes there.
        QMetaObject::invokeMethod(
            m_home,
            [this] {
                flush();
                disconnect();
            },
            Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
}

LedgerWriter::Stats LedgerWriter::stats() const {
    return Stats{m_flushes.load(), m_rows.load(), m_largestFlush.load()};
}

qintptr LedgerWriter::socket() const {
    if (!QSqlDatabase::contains(m_connectionName))
        return -1;
    const QVariant handle = QSqlDatabase::database(m_connectionName, false).driver()->handle();
    if (!handle.isValid() ||
        (qstrcmp(handle.typeName(), "PGconn*") != 0 && qstrcmp(handle.typeName(), "pg_conn*") != 0))
        return -1;
    PGconn *connection = *static_cast<PGconn *const *>(handle.constData());
    return connection ? qintptr(PQsocket(connection)) : -1;
}

bool LedgerWriter::connect(QString *error) {
    if (QSqlDatabase::contains(m_connectionName) && QSqlDatabase::database(m_connectionName, false).isOpen())
        return true;
    disconnect();
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connectionName);
    m_settings.endpoint.apply(db);
    if (!db.open()) {
        *error = QStringLiteral("ledger: %1").arg(db.lastError().text().simplified());
        db = QSqlDatabase();
        disconnect();
        return false;
    }
    CallDeadline::Scope deadline(*m_deadline, socket(), m_settings.callDeadlineMs);
    QSqlQuery setup(db);
    bool ok =
        setup.exec(QStringLiteral("SET statement_timeout = %1").arg(m_settings.statementTimeoutMs)) &&
        setup.exec(QStringLiteral("SET lock_timeout = %1").arg(m_settings.lockTimeoutMs)) &&
        setup.exec(QStringLiteral("SET TIME ZONE 'UTC'")) &&
        setup.exec(QStringLiteral("SELECT pg_is_in_recovery(), (SELECT ledger_id::text FROM ledger_identity "
                                  "WHERE id = 1)")) &&
        setup.next();
    if (!ok) {
        *error = QStringLiteral("ledger: %1").arg(setup.lastError().text().simplified());
    } else if (setup.value(0).toBool()) {
        *error = QStringLiteral("%1 is a read-only standby (in recovery), not the primary: nothing can be "
                                "recorded there")
                     .arg(m_settings.endpoint.display());
        ok = false;
    } else if (setup.value(1).toString() != m_settings.ledgerId) {
        // Another ledger answers at this address: nothing this member holds belongs there.
        *error = QStringLiteral("the ledger at %1 is %2, not the ledger %3 this member works with")
                     .arg(m_settings.endpoint.display(), setup.value(1).toString(), m_settings.ledgerId);
        ok = false;
    }
    setup = QSqlQuery();
    db = QSqlDatabase();
    if (!ok)
        disconnect();
    return ok;
}

void LedgerWriter::disconnect() {
    m_statement.reset();
    if (!QSqlDatabase::contains(m_connectionName))
        return;
    QSqlDatabase::database(m_connectionName, false).close();
    QSqlDatabase::removeDatabase(m_connectionName);
}

bool LedgerWriter::write(const QList<Submission> &batch, QHash<QString, qint64> *versions, QStringList *lost,
                         QString *error, WriteResult::Failure *failure) {
    if (!connect(error)) {
        *failure = WriteResult::Failure::Unavailable;
        return false;
    }
    QJsonArray rows;
    bool durable = false;
    for (const Submission &s : batch) {
        durable = durable || s.durable;
        for (const Row &row : s.rows)
            rows.append(row.arguments);
    }
    bool ok = false;
    QString message;
    {
        CallDeadline::Scope deadline(*m_deadline, socket(), m_settings.callDeadlineMs);
        if (!m_statement) {
            // Prepared once per connection: a QPSQL prepare is a round trip of its own.
            m_statement = std::make_unique<QSqlQuery>(QSqlDatabase::database(m_connectionName, false));
            m_statement->setForwardOnly(true);
            if (!m_statement->prepare(kStatement)) {
                message = m_statement->lastError().text().simplified();
                m_statement.reset();
            }
        }
        if (m_statement) {
            QSqlQuery &q = *m_statement;
            // One statement in autocommit: one transaction, one commit for every row.
            q.bindValue(0, durable ? QStringLiteral("on") : QStringLiteral("off"));
            q.bindValue(1, QString::fromUtf8(QJsonDocument(rows).toJson(QJsonDocument::Compact)));
            ok = q.exec();
            if (ok) {
                while (q.next())
                    versions->insert(q.value(0).toString(), q.value(1).toLongLong());
                q.finish();
            } else {
                message = q.lastError().text().simplified();
            }
        }
    }
    if (ok)
        return true;
    *lost = conflictedKeys(message);
    if (!lost->isEmpty()) {
        *failure = WriteResult::Failure::Conflict;
        return false;
    }
    *failure = failureOf(message);
    *error = QStringLiteral("ledger: %1").arg(message);
    if (*failure == WriteResult::Failure::Unavailable) {
        // The link may be gone: the next flush connects again (the member's own connection finds out for
        // itself).
        disconnect();
    }
    return false;
}

void LedgerWriter::flush() {
    QList<Submission> batch;
    {
        QMutexLocker lock(&m_mutex);
        m_flushPosted = false;
        batch.swap(m_pending);
    }
    if (batch.isEmpty())
        return;
    QList<std::pair<Submission, Outcome>> answered;
    while (!batch.isEmpty()) {
        QHash<QString, qint64> versions;
        QStringList lost;
        QString error;
        WriteResult::Failure failure = WriteResult::Failure::None;
        if (write(batch, &versions, &lost, &error, &failure)) {
            quint64 rows = 0;
            for (Submission &s : batch) {
                Outcome outcome{WriteResult::written(), {}};
                for (const Row &row : s.rows)
                    outcome.versions.insert(row.key, versions.value(row.key));
                rows += quint64(s.rows.size());
                answered.append({std::move(s), std::move(outcome)});
            }
            m_flushes.fetch_add(1);
            m_rows.fetch_add(rows);
            if (rows > m_largestFlush.load())
                m_largestFlush.store(rows);
            break;
        }
        if (failure != WriteResult::Failure::Conflict) {
            for (Submission &s : batch)
                answered.append({std::move(s), Outcome{WriteResult::failed(failure, error), {}}});
            break;
        }
        // The submissions with a key another member changed first fail; the others go again.
        QList<Submission> again;
        for (Submission &s : batch) {
            QStringList mine;
            for (const Row &row : s.rows)
                if (lost.contains(row.key) && !mine.contains(row.key))
                    mine.append(row.key);
            if (mine.isEmpty()) {
                again.append(std::move(s));
                continue;
            }
            const QString why =
                QStringLiteral("task %1 was changed by another member").arg(mine.first().left(12));
            answered.append({std::move(s), Outcome{WriteResult::failed(failure, why, mine), {}}});
        }
        if (again.size() == batch.size()) {
            // The ledger named keys this batch does not hold: nothing can be trusted of it.
            for (Submission &s : again)
                answered.append(
                    {std::move(s), Outcome{WriteResult::failed(WriteResult::Failure::Unavailable,
                                                               QStringLiteral("ledger: conflict on "
                                                                              "unknown keys %1")
                                                                   .arg(lost.join(QLatin1Char(',')))),
                                           {}}});
            break;
        }
        batch.swap(again);
    }
    for (auto &[submission, outcome] : answered) {
        if (!outcome.result.ok())
            qCInfo(lcLedger).noquote() << "transitions not written:" << outcome.result.error;
        submission.done(outcome);
    }
    QMutexLocker lock(&m_mutex);
    m_unanswered -= int(answered.size());
    if (m_unanswered == 0)
        m_idle.wakeAll();
}

} // namespace fd
