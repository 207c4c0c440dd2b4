// Integration tests of the sealed audit chain (ledger schema 6, engine/ledger/ledger_schema_sealer.h,
// AuditSealer) against a private PostgreSQL 15: members insert audit rows unsealed, without any lock of the
// chain; a sealer gives them seq, prev_hash and row_hash in batches, in the order of their stable key, and
// moves the chain head once per batch. Inserts from two connections at once end as one gapless chain; a row
// that commits after a row with a higher id is sealed later, still in the chain; rows left unsealed by a
// member that died are sealed by another; readers see sealed rows only; the head is the last sealed row;
// `filingdesk audit verify` passes, and a sealed row changed behind the triggers' back is found; nobody but
// the sealer gives a row its place in the chain, and a sealed row is never changed; a schema-5 ledger
// migrates keeping its chain.
#include "cli_process.h"
#include "engine/ledger/audit_chain.h"
#include "engine/ledger/audit_sealer.h"
#include "engine/ledger/chain_verifier.h"
#include "engine/ledger/ledger_schema.h"
#include "engine/ledger/ledger_schema_sealer.h"
#include "ledger_fixture.h"

#include <QtCore/QDeadlineTimer>
#include <QtCore/QElapsedTimer>
#include <QtCore/QRegularExpression>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <atomic>
#include <functional>
#include <latch>
#include <memory>

using fd::AuditEntry;
using fd::LedgerStore;
using fd::test::ChildProcess;
using fd::test::ledgerTasks;
using fd::test::PgConnection;
using fd::test::PostgresServer;

namespace {

/// The statement a member's definer function runs for one audit row (filingdesk_append_audit).
QString appendSql(const QString &detail, const QString &action = QStringLiteral("note")) {
    return QStringLiteral("SELECT filingdesk_append_audit('', '', '', '%2', '', '', '', '', '', 'tester', "
                          "'host', 'desk', '', '', '%1', '')")
        .arg(detail, action);
}

bool runOnThreads(const QList<std::function<void()>> &work, int timeoutMs) {
    QList<QThread *> threads;
    for (const auto &w : work)
        threads.append(QThread::create(w));
    for (QThread *t : threads)
        t->start();
    bool done = true;
    const QDeadlineTimer deadline(timeoutMs);
    for (QThread *t : threads)
        done = t->wait(deadline) && done;
    if (done)
        qDeleteAll(threads);
    return done;
}

} // namespace

class TestLedgerSealer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void insertsAreUnsealedUntilSealed();
    void concurrentInsertsSealIntoOneGaplessChain();
    void rowCommittedAfterAHigherIdIsSealedLater();
    void onlyOneSealerAtATime();
    void timedSealsKeepTheFleetsPace();
    void rowsOfADeadMemberAreSealedByAnother();
    void membersSealInTheirTurn();
    void workersListenOnNoChannel();
    void aMemberLeavesTimedSealsToTheOneSealing();
    void sealedRowsCannotBeRewritten();
    void tamperedSealedRowIsFound();
    void schemaFiveIsMigratedKeepingItsChain();
    void workerMirrorsItsOwnRows();

private:
    QString freshDatabase(const char *name);
    std::unique_ptr<LedgerStore> member(const QString &database, const QString &name);
    QString scalar(const QString &database, const QString &sql);
    /// The ledger's chain checked as `audit verify` does (ChainVerifier, head included); empty when intact.
    QString chainProblem(const QString &database, qint64 *rows = nullptr);
    /// `filingdesk audit verify --ledger` on `database`: its exit code, and its output in *out.
    int verify(const QString &database, QString *out, const QStringList &more = {});
    std::unique_ptr<LedgerStore> worker(const QString &database, const QString &name, QString *error);

    PostgresServer m_pg;
    QTemporaryDir m_dir;
    int m_databases = 0;
};

void TestLedgerSealer::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")),
             "Qt's PostgreSQL driver is missing (Debian: libqt6sql6-psql)");
    QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
}

QString TestLedgerSealer::freshDatabase(const char *name) {
    const QString db = QStringLiteral("sealer_%1_%2").arg(QString::fromLatin1(name)).arg(++m_databases);
    return m_pg.createDatabase(db) ? db : QString();
}

std::unique_ptr<LedgerStore> TestLedgerSealer::member(const QString &database, const QString &name) {
    QString error;
    auto store = fd::test::openMember(m_pg, database, name, QDir(m_dir.path()), 60000, &error);
    if (!store)
        qWarning("member %s of %s: %s", qPrintable(name), qPrintable(database), qPrintable(error));
    return store;
}

QString TestLedgerSealer::scalar(const QString &database, const QString &sql) {
    QString error;
    const QString out = m_pg.psql(sql, database, &error);
    if (out.isNull())
        qWarning("psql %s: %s", qPrintable(sql), qPrintable(error));
    return out;
}

QString TestLedgerSealer::chainProblem(const QString &database, qint64 *rows) {
    PgConnection c(m_pg, database);
    // One snapshot for the rows and the head, as `audit verify` reads them.
    if (!c.exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")))
        return QStringLiteral("cannot read the ledger");
    fd::ChainVerifier verifier(QStringLiteral("ledger"));
    QSqlQuery q(c.db());
    if (!q.exec(QStringLiteral("SELECT last_seq, last_hash FROM audit_head")) || !q.next())
        return q.lastError().text();
    const qint64 headSeq = q.value(0).toLongLong();
    const QString headHash = q.value(1).toString();
    if (!q.exec(QStringLiteral("SELECT * FROM audit WHERE seq IS NOT NULL ORDER BY seq")))
        return q.lastError().text();
    while (q.next()) {
        AuditEntry e;
        e.ledgerSeq = q.value(QStringLiteral("seq")).toLongLong();
        e.atUtcText = q.value(QStringLiteral("at_utc")).toString();
        for (auto [field, column] : {std::pair{&e.idempotencyKey, "idempotency_key"},
                                     {&e.entityId, "entity_id"},
                                     {&e.action, "action"},
                                     {&e.fromState, "from_state"},
                                     {&e.toState, "to_state"},
                                     {&e.ruleId, "rule_id"},
                                     {&e.rulesVersion, "rules_version"},
                                     {&e.payloadSha256, "payload_sha256"},
                                     {&e.actor, "actor"},
                                     {&e.host, "host"},
                                     {&e.desk, "desk"},
                                     {&e.errorCategory, "error_category"},
                                     {&e.errorCode, "error_code"},
                                     {&e.detail, "detail"},
                                     {&e.reason, "reason"},
                                     {&e.prevHash, "prev_hash"},
                                     {&e.rowHash, "row_hash"},
                                     {&e.login, "login"}})
            *field = q.value(QString::fromLatin1(column)).toString();
        verifier.add(e);
    }
    verifier.checkHead(headSeq, headHash);
    if (rows)
        *rows = verifier.rows();
    return verifier.problem();
}

int TestLedgerSealer::verify(const QString &database, QString *out, const QStringList &more) {
    ChildProcess p;
    p.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), QString());
    if (!p.start(fd::test::cliPath(), QStringList{QStringLiteral("audit"), QStringLiteral("verify"),
                                                  QStringLiteral("--ledger"), m_pg.url(database)} +
                                          more))
        return -1;
    if (!p.waitFinished(60000)) {
        p.kill();
        return -1;
    }
    *out = QString::fromUtf8(p.standardOutput());
    return p.exitCode();
}

void TestLedgerSealer::insertsAreUnsealedUntilSealed() {
    const QString db = freshDatabase("unsealed");
    auto a = member(db, QStringLiteral("a"));
    auto reader = member(db, QStringLiteral("reader"));
    QVERIFY(a && reader);
    QString error;
    QStringList already;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("UNS"), 3), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    // Written, committed, not yet in the chain: no seq, no hashes, the head where it was, nothing to read.
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL AND prev_hash IS NULL AND "
                                  "row_hash IS NULL AND at_utc <> '' AND login = 'fd'")),
        QStringLiteral("3"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT last_seq FROM audit_head")), QStringLiteral("0"));
    QVERIFY(a->hasUnsealedWrites());
    QVERIFY(reader->ledgerAudit(1, 100, &error).isEmpty());
    QVERIFY(reader->sync(100, &error).isEmpty());
    QCOMPARE(reader->mirror().lastMirroredSeq(), 0);
    // Another member seals them: one batch, one move of the head, in the order they were written.
    QCOMPARE(reader->sealAudit(&error), 3);
    QVERIFY(error.isEmpty());
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(seq::text, ',' ORDER BY id) FROM audit")),
             QStringLiteral("1,2,3"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT last_seq FROM audit_head")), QStringLiteral("3"));
    QCOMPARE(reader->sealAudit(&error), 0); // nothing left
    QCOMPARE(reader->sync(100, &error).size(), qsizetype(3));
    QCOMPARE(reader->mirror().lastMirroredSeq(), 3);
    QCOMPARE(chainProblem(db), QString());
    // A member reads back what it wrote: its own catch-up seals first.
    AuditEntry note;
    note.action = QStringLiteral("note");
    note.actor = QStringLiteral("alice");
    QVERIFY(a->appendAction(note, &error));
    QVERIFY(a->hasUnsealedWrites());
    const QList<AuditEntry> mine = a->sync(100, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(mine.size(), qsizetype(4));
    QCOMPARE(mine.last().action, QStringLiteral("note"));
    QVERIFY(!a->hasUnsealedWrites());
}

void TestLedgerSealer::concurrentInsertsSealIntoOneGaplessChain() {
    const QString db = freshDatabase("concurrent");
    QVERIFY(member(db, QStringLiteral("creator"))); // the schema
    // Two connections insert at once, each in transactions of a few rows, while a third seals over and over.
    constexpr int kPerWriter = 300;
    std::latch together(3);
    std::atomic<bool> writing{true};
    std::atomic<int> writersLeft{2};
    QString errors[3];
    QList<std::function<void()>> work;
    for (int w = 0; w < 2; ++w) {
        work.append([&, w] {
            PgConnection c(m_pg, db);
            together.arrive_and_wait();
            for (int i = 0; i < kPerWriter && errors[w].isEmpty(); i += 3) {
                c.exec(QStringLiteral("BEGIN"), &errors[w]);
                for (int j = i; j < i + 3; ++j)
                    c.exec(appendSql(QStringLiteral("w%1-%2").arg(w).arg(j)), &errors[w]);
                c.exec(QStringLiteral("COMMIT"), &errors[w]);
            }
            if (--writersLeft == 0)
                writing = false;
        });
    }
    work.append([&] {
        LedgerStore sealer(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("sealer"),
                           QStringLiteral("run"), 60000);
        QString ledgerError;
        if (!sealer.openTeam(m_dir.filePath(QStringLiteral("%1-sealer.sqlite").arg(db)), &errors[2],
                             &ledgerError))
            return;
        together.arrive_and_wait();
        while (writing && errors[2].isEmpty())
            sealer.sealAudit(&errors[2]);
    });
    QVERIFY(runOnThreads(work, 120000));
    for (const QString &e : errors)
        QVERIFY2(e.isEmpty(), qPrintable(e));
    // What the writers committed last is sealed by the next run.
    auto last = member(db, QStringLiteral("last"));
    QString error;
    QVERIFY(last->sealAudit(&error) >= 0);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL")), QStringLiteral("0"));
    qint64 rows = 0;
    QCOMPARE(chainProblem(db, &rows), QString());
    QCOMPARE(rows, qint64(2 * kPerWriter));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT min(seq) || ' ' || max(seq) || ' ' || count(DISTINCT seq) FROM "
                                  "audit")),
        QStringLiteral("1 %1 %1").arg(2 * kPerWriter));
    // The head is the last sealed row.
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT last_seq || ' ' || last_hash FROM audit_head")),
        scalar(db, QStringLiteral("SELECT seq || ' ' || row_hash FROM audit ORDER BY seq DESC LIMIT 1")));
    // Each writer's rows keep their order in the chain.
    for (int w = 0; w < 2; ++w)
        QCOMPARE(
            scalar(db, QStringLiteral("SELECT count(*) FROM (SELECT seq, lag(seq) OVER (ORDER BY id) AS "
                                      "before FROM audit WHERE detail LIKE 'w%1-%%') s WHERE seq < before")
                           .arg(w)),
            QStringLiteral("0"));
    QString out;
    QCOMPARE(verify(db, &out), 0);
    QVERIFY2(out.contains(QStringLiteral("%1 rows, last seq %1").arg(2 * kPerWriter)), qPrintable(out));
}

void TestLedgerSealer::rowCommittedAfterAHigherIdIsSealedLater() {
    const QString db = freshDatabase("late");
    auto sealer = member(db, QStringLiteral("sealer"));
    QVERIFY(sealer);
    PgConnection slow(m_pg, db);
    PgConnection fast(m_pg, db);
    QString error;
    // The slow transaction takes the lower id and commits last.
    QVERIFY2(slow.exec(QStringLiteral("BEGIN"), &error), qPrintable(error));
    QVERIFY2(slow.exec(appendSql(QStringLiteral("slow")), &error), qPrintable(error));
    QVERIFY2(fast.exec(appendSql(QStringLiteral("fast")), &error), qPrintable(error));
    QVERIFY(scalar(db, QStringLiteral("SELECT id FROM audit WHERE detail = 'fast'")).toLongLong() > 0);
    // The sealer cannot see the slow row: it seals what is committed, and leaves nothing waiting.
    QCOMPARE(sealer->sealAudit(&error), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT seq FROM audit WHERE detail = 'fast'")), QStringLiteral("1"));
    QVERIFY2(slow.exec(QStringLiteral("COMMIT"), &error), qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL")), QStringLiteral("1"));
    // Sealed by the next run, after the row with the higher id, still in the one chain.
    QCOMPARE(sealer->sealAudit(&error), 1);
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT (SELECT id FROM audit WHERE detail = 'slow') < (SELECT id FROM "
                                  "audit WHERE detail = 'fast')")),
        QStringLiteral("t"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT seq FROM audit WHERE detail = 'slow'")), QStringLiteral("2"));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT s.prev_hash = f.row_hash FROM audit s, audit f WHERE s.detail = "
                                  "'slow' AND f.detail = 'fast'")),
        QStringLiteral("t"));
    qint64 rows = 0;
    QCOMPARE(chainProblem(db, &rows), QString());
    QCOMPARE(rows, qint64(2));
    const QList<AuditEntry> read = sealer->ledgerAudit(1, 10, &error);
    QCOMPARE(read.size(), qsizetype(2));
    QCOMPARE(read.last().detail, QStringLiteral("slow"));
}

void TestLedgerSealer::onlyOneSealerAtATime() {
    const QString db = freshDatabase("one");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    QString error;
    QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("x")), db, &error).isNull(), qPrintable(error));
    // Another session holds the sealer's lock: a member's sealer leaves at once, and seals nothing.
    PgConnection holder(m_pg, db);
    QVERIFY(holder.exec(QStringLiteral("BEGIN")));
    QCOMPARE(holder.value(
                 QStringLiteral("SELECT pg_try_advisory_xact_lock(%1)").arg(fd::LedgerSchema::kSealLockId)),
             QStringLiteral("true"));
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(a->sealAudit(&error), -1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(timer.elapsed() < 200, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL")), QStringLiteral("1"));
    QVERIFY(a->isReachable());
    QVERIFY(holder.exec(QStringLiteral("ROLLBACK")));
    QCOMPARE(b->sealAudit(&error), 1);
}

void TestLedgerSealer::timedSealsKeepTheFleetsPace() {
    const QString db = freshDatabase("pace");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    QString error;
    QCOMPARE(scalar(db, QStringLiteral("SELECT sealed_at = '-infinity' FROM audit_head")),
             QStringLiteral("t"));
    QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("first")), db, &error).isNull(), qPrintable(error));
    QCOMPARE(a->sealAudit(&error), 1);
    QCOMPARE(scalar(db, QStringLiteral("SELECT sealed_at > now() - interval '1 minute' FROM audit_head")),
             QStringLiteral("t"));
    // Another member's timed seal within the spacing leaves at once, as if a sealer held the lock: the row
    // waits for the next seal, of any member.
    QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("second")), db, &error).isNull(), qPrintable(error));
    QCOMPARE(b->sealAudit(&error, false, 60000), -1);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(b->isReachable());
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL")), QStringLiteral("1"));
    bool answered = false;
    qint64 inBackground = 0;
    QObject context;
    b->sealAuditThen(&context, 60000, [&](qint64 sealed, const QString &why) {
        answered = true;
        inBackground = sealed;
        error = why;
    });
    QTRY_VERIFY(answered);
    QCOMPARE(inBackground, qint64(-1));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL")), QStringLiteral("1"));
    // Outside the spacing (or without one: a member stopping, a blocking catch-up) it seals.
    QCOMPARE(b->sealAudit(&error, false, 1), 1);
    QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("third")), db, &error).isNull(), qPrintable(error));
    QCOMPARE(b->sealAudit(&error), 1);
    qint64 rows = 0;
    QCOMPARE(chainProblem(db, &rows), QString());
    QCOMPARE(rows, qint64(3));
}

void TestLedgerSealer::rowsOfADeadMemberAreSealedByAnother() {
    const QString db = freshDatabase("dead");
    QVERIFY(member(db, QStringLiteral("creator")));
    // A member writes and dies before any sealer ran: its rows are committed, unsealed, and not lost.
    {
        QString error;
        PgConnection dying(m_pg, db);
        QVERIFY(dying.exec(QStringLiteral("BEGIN")));
        for (int i = 0; i < 5; ++i)
            QVERIFY2(dying.exec(appendSql(QStringLiteral("dead-%1").arg(i)), &error), qPrintable(error));
        QVERIFY(dying.exec(QStringLiteral("COMMIT")));
        // Killed: its connection goes without a word.
        const QString pid = dying.value(QStringLiteral("SELECT pg_backend_pid()"));
        m_pg.psql(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid), db);
    }
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL")), QStringLiteral("5"));
    // Another member's sealer, on its timer, seals them into the chain.
    auto other = member(db, QStringLiteral("other"));
    QVERIFY(other);
    other->startSealing(50);
    QTRY_COMPARE_WITH_TIMEOUT(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL")),
                              QStringLiteral("0"), 5000);
    QVERIFY(other->sealer());
    // The sealer runs on the ledger writer's connection: its answer (and count) follows the commit.
    QTRY_COMPARE_WITH_TIMEOUT(other->sealer()->stats().rows, quint64(5), 5000);
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(detail, ',' ORDER BY seq) FROM audit")),
             QStringLiteral("dead-0,dead-1,dead-2,dead-3,dead-4"));
    QCOMPARE(chainProblem(db), QString());
    QString out;
    QCOMPARE(verify(db, &out), 0);
    QVERIFY2(out.contains(QStringLiteral("5 rows, last seq 5")), qPrintable(out));
}

void TestLedgerSealer::membersSealInTheirTurn() {
    const QString db = freshDatabase("turns");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    // Both members' sealers run (as the engine starts them); each writes; every row ends in the chain,
    // and a member's own writes are sealed soon after them (not only at the next interval).
    a->startSealing(60000);
    b->startSealing(60000);
    int notified = 0;
    b->setNotificationHandler([&notified] { ++notified; });
    QString error;
    QStringList already;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("TRN"), 4), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(scalar(db, QStringLiteral("SELECT last_seq FROM audit_head")),
                              QStringLiteral("4"), 2000);
    // The seal ran on a's writer thread; its answer reaches a's thread through the event loop.
    QTRY_VERIFY_WITH_TIMEOUT(!a->hasUnsealedWrites(), 2000);
    // The others hear of it once per sealed batch.
    QTRY_VERIFY_WITH_TIMEOUT(notified >= 1, 2000);
    AuditEntry note;
    note.action = QStringLiteral("note");
    note.actor = QStringLiteral("bob");
    QVERIFY(b->appendAction(note, &error));
    QTRY_COMPARE_WITH_TIMEOUT(scalar(db, QStringLiteral("SELECT last_seq FROM audit_head")),
                              QStringLiteral("5"), 2000);
    // A member that leaves with rows unsealed seals them on its way out.
    b->setNotificationHandler({});
    AuditEntry last;
    last.action = QStringLiteral("note");
    last.actor = QStringLiteral("alice");
    QVERIFY(a->appendAction(last, &error));
    a.reset();
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT last_seq || ' ' || (SELECT count(*) FROM audit WHERE seq IS NULL) "
                                  "FROM audit_head")),
        QStringLiteral("6 0"));
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerSealer::workersListenOnNoChannel() {
    // Schema 13: a desk hears every seal; a worker LISTENs on no channel (PostgreSQL would wake it, in a
    // transaction of its own, on every NOTIFY of the database) and finds what it acts on in its catch-up.
    const QString db = freshDatabase("notice");
    auto a = member(db, QStringLiteral("a"));
    auto desk = member(db, QStringLiteral("desk"));
    QString error;
    auto w = worker(db, QStringLiteral("w"), &error);
    QVERIFY2(a && desk && w, qPrintable(error));
    QVERIFY(desk->isListening());
    QVERIFY(!w->isListening());
    int deskHeard = 0;
    int workerHeard = 0;
    desk->setNotificationHandler([&deskHeard] { ++deskHeard; });
    w->setNotificationHandler([&workerHeard] { ++workerHeard; });
    const struct {
        const char *action;
        bool forWorkers; ///< in a worker's catch-up (kOwnAuditRowsFrom)
    } cases[] = {{"note", false},  {"claim", false},          {"batch_pause", true}, {"review_claim", true},
                 {"replay", true}, {"resolve_requeue", true}, {"transition", false}, {"batch_cancel", true}};
    for (const auto &c : cases) {
        const QString action = QString::fromLatin1(c.action);
        const int deskBefore = deskHeard;
        QVERIFY2(!m_pg.psql(appendSql(action, action), db, &error).isNull(), qPrintable(error));
        QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("head")), db, &error).isNull(), qPrintable(error));
        QCOMPARE(a->sealAudit(&error), 2);
        QTRY_VERIFY2_WITH_TIMEOUT(deskHeard > deskBefore, c.action, 2000);
        // The worker's catch-up: the rows it acts on, and the chain head's row whatever its action.
        const QList<AuditEntry> read = w->sync(100, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(!read.isEmpty() && read.last().detail == QLatin1String("head"), c.action);
        const bool kept = std::any_of(read.cbegin(), read.cend(),
                                      [&action](const AuditEntry &e) { return e.detail == action; });
        QVERIFY2(kept == c.forWorkers, c.action);
    }
    QTest::qWait(200); // a NOTIFY the worker would have been sent is in by now
    QCOMPARE(workerHeard, 0);
    // The heartbeat does not find the worker "no longer listening" and LISTEN again.
    QTest::failOnWarning(QRegularExpression(QStringLiteral("no longer listens")));
    fd::LedgerMember self;
    self.memberId = QStringLiteral("w");
    self.kind = fd::MemberKind::Worker;
    QVERIFY2(w->beat(self, &error), qPrintable(error));
    QVERIFY(!w->isListening());
    desk->setNotificationHandler({});
    w->setNotificationHandler({});
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerSealer::aMemberLeavesTimedSealsToTheOneSealing() {
    // While another member seals (its NOTIFYs keep coming), a member whose attempt found the chain just
    // sealed leaves its timed runs out without asking the ledger; once they stop, it seals again.
    const QString db = freshDatabase("leave");
    auto a = member(db, QStringLiteral("a"));
    auto b = member(db, QStringLiteral("b"));
    QVERIFY(a && b);
    b->startSealing(50);
    QVERIFY(b->sealer());
    QString error;
    for (int i = 0; i < 50; ++i) {
        QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("busy-%1").arg(i)), db, &error).isNull(),
                 qPrintable(error));
        a->sealAudit(&error);
        QTest::qWait(30);
    }
    QVERIFY2(b->sealer()->stats().leftToOthers > 0, qPrintable(QStringLiteral("runs %1, lost %2")
                                                                   .arg(b->sealer()->stats().runs)
                                                                   .arg(b->sealer()->stats().lost)));
    // The seals stop: b's next timed run seals what is left.
    QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("after")), db, &error).isNull(), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE seq IS NULL")),
                              QStringLiteral("0"), 5000);
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerSealer::sealedRowsCannotBeRewritten() {
    const QString db = freshDatabase("rewrite");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QString error;
    for (int i = 0; i < 3; ++i)
        QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("row-%1").arg(i)), db, &error).isNull(),
                 qPrintable(error));
    QCOMPARE(a->sealAudit(&error), 3);
    QVERIFY2(!m_pg.psql(appendSql(QStringLiteral("unsealed")), db, &error).isNull(), qPrintable(error));
    const QString before =
        scalar(db, QStringLiteral("SELECT string_agg(concat_ws(':', id, seq, detail, prev_hash, "
                                  "row_hash), ',' ORDER BY id) FROM audit"));
    // The ledger's owner, through the tables, with the triggers on: neither a sealed row nor a forged seal.
    const QStringList refused = {
        QStringLiteral("UPDATE audit SET detail = 'rewritten' WHERE seq = 2"),
        QStringLiteral("UPDATE audit SET seq = 9 WHERE seq = 2"),
        QStringLiteral("UPDATE audit SET seq = NULL, prev_hash = NULL, row_hash = NULL WHERE seq = 3"),
        // Sealing with a hash that is not the row's own.
        QStringLiteral("UPDATE audit SET seq = 4, prev_hash = (SELECT last_hash FROM audit_head), row_hash = "
                       "repeat('0', 64) WHERE seq IS NULL"),
        // Sealing and changing the row at once.
        QStringLiteral("UPDATE audit SET detail = 'forged', seq = 4, prev_hash = repeat('0', 64), row_hash = "
                       "repeat('0', 64) WHERE seq IS NULL"),
        QStringLiteral("UPDATE audit SET detail = 'changed before sealing' WHERE seq IS NULL"),
        QStringLiteral("DELETE FROM audit WHERE seq IS NULL"),
        QStringLiteral("DELETE FROM audit WHERE seq = 1"),
    };
    for (const QString &sql : refused) {
        QVERIFY2(m_pg.psql(sql, db, &error).isNull(), qPrintable(sql));
        QVERIFY2(error.contains(QLatin1String("append-only")), qPrintable(sql + QLatin1String(": ") + error));
    }
    // A member login: no table is written directly, sealing only through the sealer, which any role may run.
    m_pg.psql(
        QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'sealworker') "
                       "THEN CREATE ROLE sealworker LOGIN; END IF; END $$; GRANT filingdesk_worker TO "
                       "sealworker"),
        db, &error);
    for (const QString &sql : {QStringLiteral("UPDATE audit SET seq = 4 WHERE seq IS NULL"),
                               QStringLiteral("UPDATE audit_head SET last_seq = 0"),
                               QStringLiteral("INSERT INTO audit(action, actor) VALUES ('note', 'x')")}) {
        QVERIFY(
            m_pg.psql(QStringLiteral("SET SESSION AUTHORIZATION sealworker; ") + sql, db, &error).isNull());
        QVERIFY2(error.contains(QLatin1String("permission denied")),
                 qPrintable(sql + QLatin1String(": ") + error));
    }
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT string_agg(concat_ws(':', id, seq, detail, prev_hash, row_hash), "
                                  "',' ORDER BY id) FROM audit")),
        before);
    error.clear();
    QCOMPARE(
        m_pg.psql(QStringLiteral("SET SESSION AUTHORIZATION sealworker; SELECT filingdesk_seal_audit(10, "
                                 "false)"),
                  db, &error),
        QStringLiteral("1"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT seq || ' ' || login FROM audit WHERE detail = 'unsealed'")),
             QStringLiteral("4 fd"));
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerSealer::tamperedSealedRowIsFound() {
    const QString db = freshDatabase("tamper");
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QString error;
    QStringList already;
    QVERIFY2(a->admitTasks(ledgerTasks(QStringLiteral("TMP"), 6), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    QCOMPARE(a->sealAudit(&error), 6);
    QString out;
    QCOMPARE(verify(db, &out), 0);
    // A superuser changes a sealed row behind the trigger's back: its hash no longer matches.
    m_pg.psql(
        QStringLiteral("ALTER TABLE audit DISABLE TRIGGER audit_no_update; UPDATE audit SET detail = "
                       "'charged 1 cent' WHERE seq = 4; ALTER TABLE audit ENABLE TRIGGER audit_no_update"),
        db, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(verify(db, &out), 1);
    QVERIFY2(out.contains(QLatin1String("ledger seq 4: row changed (hash mismatch)")), qPrintable(out));
    QVERIFY(chainProblem(db).contains(QLatin1String("seq 4: row changed")));
    // Unsealing a row to have it sealed again elsewhere leaves a gap where it was.
    const QString db2 = freshDatabase("unseal");
    auto b = member(db2, QStringLiteral("b"));
    QVERIFY2(b->admitTasks(ledgerTasks(QStringLiteral("UNS"), 4), QStringLiteral("alice"), &already, &error),
             qPrintable(error));
    QCOMPARE(b->sealAudit(&error), 4);
    m_pg.psql(
        QStringLiteral("ALTER TABLE audit DISABLE TRIGGER audit_no_update; UPDATE audit SET seq = NULL, "
                       "prev_hash = NULL, row_hash = NULL WHERE seq = 2; ALTER TABLE audit ENABLE TRIGGER "
                       "audit_no_update"),
        db2, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(b->sealAudit(&error), 1);
    QCOMPARE(verify(db2, &out), 1);
    QVERIFY2(out.contains(QLatin1String("ledger seq 2: missing")), qPrintable(out));
}

void TestLedgerSealer::schemaFiveIsMigratedKeepingItsChain() {
    const QString db = freshDatabase("five");
    {
        PgConnection owner(m_pg, db);
        QSqlDatabase handle = owner.db();
        QString error;
        QVERIFY2(fd::LedgerSchema::migrate(handle, &error, 5), qPrintable(error));
        // Rows written by schema-5 members: sealed at insert, under the head's lock.
        for (int i = 0; i < 4; ++i)
            QVERIFY2(owner.exec(appendSql(QStringLiteral("five-%1").arg(i)), &error), qPrintable(error));
    }
    QCOMPARE(scalar(db, QStringLiteral("SELECT version FROM ledger_schema")), QStringLiteral("5"));
    const QString headBefore =
        scalar(db, QStringLiteral("SELECT last_seq || ' ' || last_hash FROM audit_head"));
    QCOMPARE(headBefore.section(QLatin1Char(' '), 0, 0), QStringLiteral("4"));
    const QString rowsBefore = scalar(db, QStringLiteral("SELECT string_agg(concat_ws(':', seq, prev_hash, "
                                                         "row_hash), ',' ORDER BY seq) FROM audit"));
    auto a = member(db, QStringLiteral("a"));
    QVERIFY(a);
    QCOMPARE(scalar(db, QStringLiteral("SELECT version FROM ledger_schema")),
             QString::number(fd::LedgerSchema::kVersion));
    QCOMPARE(scalar(db, QStringLiteral("SELECT last_seq || ' ' || last_hash FROM audit_head")), headBefore);
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT string_agg(concat_ws(':', seq, prev_hash, row_hash), ',' ORDER "
                                  "BY seq) FROM audit")),
        rowsBefore);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE id = seq")), QStringLiteral("4"));
    QCOMPARE(chainProblem(db), QString());
    // New rows take ids after the old ones and continue the same chain.
    AuditEntry note;
    note.action = QStringLiteral("note");
    note.actor = QStringLiteral("alice");
    QString error;
    QVERIFY2(a->appendAction(note, &error), qPrintable(error));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT id || ' ' || (seq IS NULL) FROM audit WHERE action = 'note' AND "
                                  "actor = 'alice'")),
        QStringLiteral("5 true"));
    QCOMPARE(a->sealAudit(&error), 1);
    qint64 rows = 0;
    QCOMPARE(chainProblem(db, &rows), QString());
    QCOMPARE(rows, qint64(5));
    QString out;
    QCOMPARE(verify(db, &out), 0);
}

std::unique_ptr<LedgerStore> TestLedgerSealer::worker(const QString &database, const QString &name,
                                                      QString *error) {
    auto store = std::make_unique<LedgerStore>(fd::test::ledgerEndpoint(m_pg, database), name,
                                               QStringLiteral("worker"), 60000);
    QString ledgerError;
    if (!store->openTeam(m_dir.filePath(QStringLiteral("%1-%2.sqlite").arg(database, name)), error,
                         &ledgerError) ||
        !ledgerError.isEmpty()) {
        if (error->isEmpty())
            *error = ledgerError;
        return nullptr;
    }
    return store;
}

void TestLedgerSealer::workerMirrorsItsOwnRows() {
    const QString db = freshDatabase("workers");
    auto desk = member(db, QStringLiteral("desk"));
    QString error;
    auto w1 = worker(db, QStringLiteral("w1"), &error);
    QVERIFY2(w1, qPrintable(error));
    auto w2 = worker(db, QStringLiteral("w2"), &error);
    QVERIFY2(w2, qPrintable(error));
    QVERIFY(desk);
    QStringList already;
    QVERIFY2(
        desk->admitTasks(ledgerTasks(QStringLiteral("WRK"), 4), QStringLiteral("alice"), &already, &error),
        qPrintable(error));
    int launched = 0;
    QVERIFY(
        !desk->launchBatch({}, QStringLiteral("alice"), QStringLiteral("run"), &launched, &error).isEmpty());
    for (LedgerStore *w : {w1.get(), w2.get()}) {
        QList<fd::FilingTask> mine = w->claim(2, {}, &error);
        QCOMPARE(mine.size(), qsizetype(2));
        for (fd::FilingTask &t : mine)
            for (fd::ExecutionState s : {fd::ExecutionState::Validating, fd::ExecutionState::Dispatching,
                                         fd::ExecutionState::Completed})
                QVERIFY2(fd::test::moveTask(*w, t, s, &error), qPrintable(error));
    }
    QVERIFY(desk->sealAudit(&error) > 0);
    AuditEntry note;
    note.action = QStringLiteral("note");
    note.actor = QStringLiteral("alice");
    QVERIFY(desk->appendAction(note, &error));
    QVERIFY(desk->sealAudit(&error) > 0);
    const qint64 head = scalar(db, QStringLiteral("SELECT last_seq FROM audit_head")).toLongLong();

    // A worker mirrors its own rows, the batch's launch and the chain head's row: not the other worker's, not
    // the admissions.
    const QList<AuditEntry> kept = w1->sync(1000, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(w1->mirror().mirrorBinding().ownRowsOnly());
    QCOMPARE(kept.size(), qsizetype(2 + 2 * 3 + 1 + 1)); // claims, transitions, launch, head
    int own = 0;
    for (const AuditEntry &row : kept) {
        if (row.desk == QLatin1String("w1"))
            ++own;
        else
            QVERIFY2(row.action == QLatin1String("batch_launch") || row.ledgerSeq == head,
                     qPrintable(row.action + QLatin1Char(' ') + row.desk));
    }
    QCOMPARE(own, 8);
    QCOMPARE(kept.last().ledgerSeq, head);
    QCOMPARE(w1->mirror().lastMirroredSeq(), head);
    QVERIFY(w1->sync(1000, &error).isEmpty());
    // A desk mirrors every row.
    QCOMPARE(desk->sync(100000, &error).size(), qsizetype(head));
    // The worker's mirror checks: every row its own hash, the ledger's row at each seq the same.
    const QString w1Mirror = w1->mirror().path();
    w1.reset();
    QString out;
    QCOMPARE(verify(db, &out, {QStringLiteral("--db"), w1Mirror}), 0);
    QVERIFY2(out.contains(QLatin1String("is a worker's")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("is a prefix of the ledger: %1 rows compared").arg(kept.size())),
             qPrintable(out));
    // A desk does not take a worker's mirror for its own: it would show a trail with holes.
    LedgerStore wrongDesk(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("desk-2"),
                          QStringLiteral("desk"), 60000);
    QString ledgerError;
    QVERIFY(!wrongDesk.openTeam(w1Mirror, &error, &ledgerError));
    QVERIFY2(error.contains(QLatin1String("worker's mirror")), qPrintable(error));
    // A row of the worker's mirror changed is found.
    {
        const QString name = QStringLiteral("tamper-worker");
        {
            QSqlDatabase sqlite = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            sqlite.setDatabaseName(w1Mirror);
            QVERIFY(sqlite.open());
            QSqlQuery q(sqlite);
            QVERIFY(q.exec(QStringLiteral("DROP TRIGGER audit_no_update")));
            QVERIFY(q.exec(QStringLiteral("UPDATE audit SET detail = 'charged 1 cent' WHERE ledger_seq = %1")
                               .arg(kept.at(3).ledgerSeq)));
            sqlite.close();
        }
        QSqlDatabase::removeDatabase(name);
    }
    QCOMPARE(verify(db, &out, {QStringLiteral("--db"), w1Mirror}), 1);
    QVERIFY2(out.contains(QStringLiteral("mirror seq %1: row changed").arg(kept.at(3).ledgerSeq)),
             qPrintable(out));
}

QTEST_GUILESS_MAIN(TestLedgerSealer)
#include "tst_ledger_sealer.moc"
