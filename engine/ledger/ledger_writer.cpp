#include "engine/ledger/ledger_writer.h"

#include <QTimer>

#include "engine/core/thread_exit.h"
#include "engine/ledger/call_deadline.h"
#include "engine/ledger/ledger_refusals.h"

#include <libpq-fe.h>

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <algorithm>
#include <optional>

Q_DECLARE_LOGGING_CATEGORY(lcLedger)

namespace fd {

namespace {

const QString kStatement =
    QStringLiteral("SELECT task_key, task_version FROM filingdesk_transitions(?, ?::jsonb)");

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
    releaseThreadStateOnFinish(m_thread);
    m_thread.start();
}

LedgerWriter::~LedgerWriter() {
    stop();
}

void LedgerWriter::submit(QList<Row> rows, bool durable, Done done) {
    enqueue(Item{Submission{std::move(rows), durable, std::move(done)}, {}, false});
}

void LedgerWriter::run(Work work) {
    enqueue(Item{{}, std::move(work), false});
}

void LedgerWriter::runJoined(Work work) {
    enqueue(Item{{}, std::move(work), true});
}

void LedgerWriter::whenCommitted(bool failed, std::function<void(const QString &lost)> answer) {
    if (!m_joining) {
        answer(QString());
        return;
    }
    m_joinedWorkFailed = m_joinedWorkFailed || failed;
    m_whenCommitted.append(std::move(answer));
}

void LedgerWriter::enqueue(Item item) {
    {
        QMutexLocker lock(&m_mutex);
        if (!m_stopped) {
            // A DISPATCHING (a permit waits for its commit) and other work go at once; other transitions wait
            // up to coalesceMs for more to join them, so that a statement carries more than a few.
            // Work that joins transitions (a claim) waits up to joinWaitMs for some when none wait.
            const bool waitsToJoin =
                item.joins && m_settings.joinWaitMs > 0 &&
                std::none_of(m_pending.cbegin(), m_pending.cend(), [](const Item &i) { return !i.work; });
            const bool urgent =
                (item.work && !waitsToJoin) || item.submission.durable || m_settings.coalesceMs <= 0;
            ++m_unanswered;
            m_pending.append(std::move(item));
            if (m_flushPosted && !(urgent && m_flushDelayed))
                return;
            m_flushPosted = true;
            m_flushDelayed = !urgent;
            lock.unlock();
            if (urgent) {
                QMetaObject::invokeMethod(
                    m_home, [this] { flush(); }, Qt::QueuedConnection);
            } else {
                const int delay = waitsToJoin ? m_settings.joinWaitMs : m_settings.coalesceMs;
                QMetaObject::invokeMethod(
                    m_home, [this, delay] { QTimer::singleShot(delay, m_home, [this] { flush(); }); },
                    Qt::QueuedConnection);
            }
            return;
        }
    }
    const QString stopping = QStringLiteral("ledger: the member is stopping; nothing was written");
    if (item.work)
        item.work(nullptr, stopping);
    else
        item.submission.done(Outcome{WriteResult::failed(WriteResult::Failure::Unavailable, stopping), {}});
}

QSqlQuery *LedgerWriter::prepared(const QString &sql, QString *error) {
    auto it = m_statements.find(sql);
    if (it == m_statements.end()) {
        // Prepared once per connection: a QPSQL prepare is a round trip of its own.
        auto q = std::make_shared<QSqlQuery>(QSqlDatabase::database(m_connectionName, false));
        q->setForwardOnly(true);
        if (!q->prepare(sql)) {
            *error = QStringLiteral("prepare: %1").arg(q->lastError().text().simplified());
            return nullptr;
        }
        it = m_statements.insert(sql, q);
    }
    return it->get();
}

void LedgerWriter::kick() {
    m_deadline->kick();
}

bool LedgerWriter::select(const QString &sql, const QVariantList &arguments,
                          const std::function<void(QSqlQuery &)> &read, QString *error) {
    QSqlQuery *q = prepared(sql, error);
    if (!q)
        return false;
    for (int i = 0; i < arguments.size(); ++i)
        q->bindValue(i, arguments.at(i));
    if (!q->exec()) {
        *error = q->lastError().text().simplified();
        return false;
    }
    read(*q);
    q->finish();
    return true;
}

bool LedgerWriter::inTransaction(QSqlDatabase &db, const std::function<bool()> &body, QString *error,
                                 QString *what) {
    if (!db.transaction()) {
        *error = db.lastError().text().simplified();
        return false;
    }
    if (!body()) {
        db.rollback();
        return false;
    }
    if (!db.commit()) {
        *error = db.lastError().text().simplified();
        if (what)
            *what = QStringLiteral("COMMIT");
        db.rollback();
        return false;
    }
    return true;
}

void LedgerWriter::waitIdle() {
    QMutexLocker lock(&m_mutex);
    if (m_unanswered > 0 && m_flushPosted && m_flushDelayed && !m_stopped) {
        // The delayed flush's timer may still fire: it then finds nothing, or what came after, and sends it.
        m_flushDelayed = false;
        QMetaObject::invokeMethod(
            m_home, [this] { flush(); }, Qt::QueuedConnection);
    }
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
    if (m_flushes.load() > 0)
        qCInfo(lcLedger).noquote() << QStringLiteral(
                                          "ledger writer: %1 transitions in %2 statements (the largest "
                                          "%3), %4 claims committed with them")
                                          .arg(m_rows.load())
                                          .arg(m_flushes.load())
                                          .arg(m_largestFlush.load())
                                          .arg(m_joined.load());
}

LedgerWriter::Stats LedgerWriter::stats() const {
    return Stats{m_flushes.load(), m_rows.load(), m_largestFlush.load(), m_joined.load()};
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
    m_statements.clear();
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
        if (QSqlQuery *statement = prepared(kStatement, &message)) {
            QSqlQuery &q = *statement;
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
    *lost = notRunningKeys(message);
    if (!lost->isEmpty()) {
        *failure = WriteResult::Failure::BatchNotRunning;
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
    QList<Item> items;
    {
        QMutexLocker lock(&m_mutex);
        m_flushPosted = false;
        m_flushDelayed = false;
        items.swap(m_pending);
    }
    int answeredCount = 0;
    QList<Submission> batch;
    // Work that joins transitions and found none before it: the transitions after it are written first, in
    // its transaction.
    std::optional<Work> joining;
    const auto settleJoining = [&] {
        if (!joining)
            return;
        if (batch.isEmpty()) {
            runWork(*joining);
            ++answeredCount;
        } else {
            answeredCount += flushJoined(std::exchange(batch, {}), *joining);
        }
        joining.reset();
    };
    for (Item &item : items) {
        if (!item.work) {
            batch.append(std::move(item.submission));
            continue;
        }
        if (item.joins) {
            settleJoining();
            if (batch.isEmpty())
                joining = std::move(item.work);
            else
                answeredCount += flushJoined(std::exchange(batch, {}), item.work);
            continue;
        }
        settleJoining();
        // Work waits for the submissions before it.
        if (!batch.isEmpty())
            answeredCount += flushSubmissions(std::exchange(batch, {}));
        runWork(item.work);
        ++answeredCount;
    }
    settleJoining();
    if (!batch.isEmpty())
        answeredCount += flushSubmissions(std::move(batch));
    QMutexLocker lock(&m_mutex);
    m_unanswered -= answeredCount;
    if (m_unanswered == 0)
        m_idle.wakeAll();
}

void LedgerWriter::runWork(Work &work) {
    QString error;
    if (!connect(&error)) {
        work(nullptr, error);
        return;
    }
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    bool linkHeld = true;
    {
        CallDeadline::Scope deadline(*m_deadline, socket(), m_settings.callDeadlineMs);
        linkHeld = work(&db, QString());
    }
    if (!linkHeld) {
        db = QSqlDatabase();
        disconnect();
    }
}

int LedgerWriter::flushJoined(QList<Submission> batch, Work &work) {
    // One statement takes a task once: a batch that writes a task twice goes as flushSubmissions() sends it.
    QSet<QString> keys;
    bool distinct = true;
    bool durable = false;
    for (const Submission &s : batch) {
        durable = durable || s.durable;
        for (const Row &row : s.rows) {
            distinct = distinct && !keys.contains(row.key);
            keys.insert(row.key);
        }
    }
    const int answeredCount = int(batch.size()) + 1;
    QString error;
    if (!distinct || !connect(&error)) {
        flushSubmissions(std::move(batch));
        runWork(work);
        return answeredCount;
    }
    bool began = false;
    {
        CallDeadline::Scope deadline(*m_deadline, socket(), m_settings.callDeadlineMs);
        began = QSqlDatabase::database(m_connectionName, false).transaction();
    }
    QHash<QString, qint64> versions;
    QStringList lost;
    WriteResult::Failure failure = WriteResult::Failure::None;
    if (!began || !write(batch, &versions, &lost, &error, &failure)) {
        if (began && QSqlDatabase::contains(m_connectionName)) {
            CallDeadline::Scope deadline(*m_deadline, socket(), m_settings.callDeadlineMs);
            QSqlDatabase::database(m_connectionName, false).rollback();
        }
        if (!began || failure == WriteResult::Failure::Conflict ||
            failure == WriteResult::Failure::BatchNotRunning) {
            // Written again on their own, where a conflict fails only the submissions it names.
            flushSubmissions(std::move(batch));
        } else {
            qCInfo(lcLedger).noquote() << "transitions not written:" << error;
            answer(batch, WriteResult::failed(failure, error), {});
        }
        runWork(work);
        return answeredCount;
    }
    // The work runs in the transaction the statement opened; what it answers waits for the commit. Whether it
    // failed is its own word (whenCommitted()): Qt's driver leaves the connection's transaction status
    // "active" after a statement, so libpq cannot be asked.
    m_joining = true;
    bool linkHeld = true;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        CallDeadline::Scope deadline(*m_deadline, socket(), m_settings.callDeadlineMs);
        linkHeld = work(&db, QString());
    }
    m_joining = false;
    const QList<std::function<void(const QString &)>> answers = std::exchange(m_whenCommitted, {});
    const bool workFailed = std::exchange(m_joinedWorkFailed, false);
    if (!linkHeld || workFailed) {
        // The work failed (it answers with its own words): the transitions are written on their own.
        const QString lostWhy = QStringLiteral("ledger: the work written with these transitions failed");
        if (linkHeld) {
            CallDeadline::Scope deadline(*m_deadline, socket(), m_settings.callDeadlineMs);
            QSqlDatabase::database(m_connectionName, false).rollback();
        } else {
            disconnect();
        }
        for (const auto &answerWork : answers)
            answerWork(lostWhy);
        flushSubmissions(std::move(batch));
        return answeredCount;
    }
    QString lostWhy;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        CallDeadline::Scope deadline(*m_deadline, socket(), m_settings.callDeadlineMs);
        // The work may have set synchronous_commit for itself (a claim sets it off); a DISPATCHING in the
        // batch is on disk before its permit is used.
        QSqlQuery setDurable(db);
        if (durable && !setDurable.exec(QStringLiteral("SET LOCAL synchronous_commit TO on"))) {
            lostWhy = setDurable.lastError().text().simplified();
            db.rollback();
        } else if (!db.commit()) {
            // Both are lost; the server's words say why.
            lostWhy = db.lastError().text().simplified();
        }
    }
    // Answered in the order they were written: the transitions, then the work (a member that hears its last
    // filing closed before its empty claim knows then that it is idle).
    if (lostWhy.isEmpty()) {
        answer(batch, WriteResult::written(), versions);
        for (const auto &answerWork : answers)
            answerWork(QString());
        m_joined.fetch_add(1);
        return answeredCount;
    }
    failure = failureOf(lostWhy);
    qCInfo(lcLedger).noquote() << "transitions not written:" << lostWhy;
    answer(batch, WriteResult::failed(failure, QStringLiteral("ledger: %1").arg(lostWhy)), {});
    for (const auto &answerWork : answers)
        answerWork(lostWhy);
    if (failure == WriteResult::Failure::Unavailable)
        disconnect();
    return answeredCount;
}

void LedgerWriter::answer(QList<Submission> &batch, const WriteResult &result,
                          const QHash<QString, qint64> &versions) {
    if (result.ok())
        countWritten(batch);
    for (Submission &s : batch) {
        Outcome outcome{result, {}};
        if (result.ok())
            for (const Row &row : s.rows)
                outcome.versions.insert(row.key, versions.value(row.key));
        s.done(outcome);
    }
}

void LedgerWriter::countWritten(const QList<Submission> &batch) {
    quint64 rows = 0;
    for (const Submission &s : batch)
        rows += quint64(s.rows.size());
    m_flushes.fetch_add(1);
    m_rows.fetch_add(rows);
    if (rows > m_largestFlush.load())
        m_largestFlush.store(rows);
}

int LedgerWriter::flushSubmissions(QList<Submission> waiting) {
    // A task appears at most once per statement (filingdesk_transitions is set-based): a submission that
    // writes a task again waits for the next statement, and so does every one after it (order is kept).
    int answeredCount = 0;
    while (!waiting.isEmpty()) {
        QSet<QString> keys;
        qsizetype take = 0;
        for (; take < waiting.size(); ++take) {
            bool repeats = false;
            for (const Row &row : waiting.at(take).rows)
                repeats = repeats || keys.contains(row.key);
            if (repeats && take > 0)
                break;
            for (const Row &row : waiting.at(take).rows)
                keys.insert(row.key);
        }
        answeredCount += flushDistinct(waiting.mid(0, take));
        waiting.remove(0, take);
    }
    return answeredCount;
}

int LedgerWriter::flushDistinct(QList<Submission> batch) {
    QList<std::pair<Submission, Outcome>> answered;
    while (!batch.isEmpty()) {
        QHash<QString, qint64> versions;
        QStringList lost;
        QString error;
        WriteResult::Failure failure = WriteResult::Failure::None;
        if (write(batch, &versions, &lost, &error, &failure)) {
            countWritten(batch);
            for (Submission &s : batch) {
                Outcome outcome{WriteResult::written(), {}};
                for (const Row &row : s.rows)
                    outcome.versions.insert(row.key, versions.value(row.key));
                answered.append({std::move(s), std::move(outcome)});
            }
            break;
        }
        if (failure != WriteResult::Failure::Conflict && failure != WriteResult::Failure::BatchNotRunning) {
            for (Submission &s : batch)
                answered.append({std::move(s), Outcome{WriteResult::failed(failure, error), {}}});
            break;
        }
        // The submissions with a key another member changed first (or whose batch stopped) fail; the others
        // go again.
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
                failure == WriteResult::Failure::Conflict
                    ? QStringLiteral("task %1 was changed by another member").arg(mine.first().left(12))
                    : QStringLiteral("the batch of task %1 was paused or cancelled: not sent")
                          .arg(mine.first().left(12));
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
    return int(answered.size());
}

} // namespace fd
