// Integration tests of `filingdesk audit verify` (the real CLI as an auditor runs it) against a real
// PostgreSQL 15 ledger (support/postgres_server.h) and the SQLite mirror a member synced from it: intact
// stores exit 0 however they are paged; a row changed or deleted behind the append-only triggers' back, in
// the ledger or in the mirror, exits 1 naming the first broken seq; a mirror that is not a prefix of the
// ledger exits 1; usage and connection errors exit 2.
#include "cli_process.h"
#include "engine/audit/audit_store.h"
#include "engine/ledger/audit_chain.h"
#include "ledger_fixture.h"
#include "support/redis_server.h"

#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonObject>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUuid>
#include <QtNetwork/QTcpServer>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <functional>

using fd::AuditEntry;
using fd::ExecutionState;
using fd::FilingTask;
using fd::LedgerStore;
using fd::test::ChildProcess;
using fd::test::PostgresServer;

namespace {

/// Runs a statement on an SQLite file through a connection of its own; the error text, empty on success.
QString sqlite(const QString &path, const QString &sql) {
    const QString name = QStringLiteral("tamper-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            for (const QString &statement : sql.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
                if (!q.exec(statement)) {
                    error = q.lastError().text();
                    break;
                }
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return error;
}

/// Text with `{N}`, `{N-1}` and `{N+1}` replaced (the row tampered with and its neighbours), `{LAST}` by the
/// ledger's last seq.
QString expand(QString text, qint64 n, qint64 last) {
    text.replace(QLatin1String("{N-1}"), QString::number(n - 1));
    text.replace(QLatin1String("{N+1}"), QString::number(n + 1));
    text.replace(QLatin1String("{N}"), QString::number(n));
    text.replace(QLatin1String("{LAST-1}"), QString::number(last - 1));
    text.replace(QLatin1String("{LAST}"), QString::number(last));
    return text;
}

} // namespace

class TestAuditVerify : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void intactStoresPass_data();
    void intactStoresPass();
    void mirrorBehindLedgerPasses();
    void rowsNameTheDatabaseLogin();
    void ledgerTampering_data();
    void ledgerTampering();
    void mirrorTampering_data();
    void mirrorTampering();
    void mirrorDiffersFromLedger();
    void mirrorAheadOfRestoredLedger();
    void memberSendsNothingOnTamperedLedger();
    void usageErrors_data();
    void usageErrors();
    void helpExitsZero();

private:
    struct Ledger {
        QString database;
        QString url;
        QString mirror;
        qint64 rows = 0;
    };
    /// A ledger with `tasks` admitted tasks, one batch, two of them completed, fully mirrored by member
    /// "desk" (the member is gone afterwards).
    Ledger makeLedger(const char *name, int tasks, const QString &prefix = QStringLiteral("VRF"));
    bool work(const Ledger &ledger, const std::function<bool(LedgerStore &, QString *)> &steps, bool sync,
              QString *error);
    int verify(const QStringList &args, ChildProcess &process);

    PostgresServer m_pg;
    QTemporaryDir m_dir;
    int m_databases = 0;
    Ledger m_intact;
};

void TestAuditVerify::initTestCase() {
    QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
    m_intact = makeLedger("intact", 6);
    QVERIFY(m_intact.rows > 0);
}

bool TestAuditVerify::work(const Ledger &ledger, const std::function<bool(LedgerStore &, QString *)> &steps,
                           bool sync, QString *error) {
    auto store =
        fd::test::openMember(m_pg, ledger.database, QStringLiteral("desk"), QDir(m_dir.path()), 60000, error);
    if (!store || !steps(*store, error))
        return false;
    if (sync) {
        store->sync(1000000, error);
        if (!error->isEmpty())
            return false;
    }
    return true;
}

TestAuditVerify::Ledger TestAuditVerify::makeLedger(const char *name, int tasks, const QString &prefix) {
    Ledger l;
    l.database = QStringLiteral("verify_%1_%2").arg(QString::fromLatin1(name)).arg(++m_databases);
    if (!m_pg.createDatabase(l.database)) {
        qWarning("%s", qPrintable(m_pg.errorString()));
        return l;
    }
    l.url = m_pg.url(l.database);
    l.mirror = m_dir.filePath(QStringLiteral("%1-desk.sqlite").arg(l.database));
    QString error;
    const bool ok = work(
        l,
        [&](LedgerStore &store, QString *e) {
            QStringList already;
            if (!store.admitTasks(fd::test::ledgerTasks(prefix, tasks), QStringLiteral("alice"), &already, e))
                return false;
            int count = 0;
            if (store.launchBatch({}, QStringLiteral("alice"), QStringLiteral("annual run"), &count, e)
                    .isEmpty())
                return false;
            QList<FilingTask> claimed = store.claim(2, {}, e);
            for (FilingTask &t : claimed) {
                for (ExecutionState s :
                     {ExecutionState::Validating, ExecutionState::Dispatching, ExecutionState::Completed}) {
                    if (!fd::test::moveTask(store, t, s, e))
                        return false;
                }
            }
            return true;
        },
        true, &error);
    if (!ok) {
        qWarning("ledger %s: %s", qPrintable(l.database), qPrintable(error));
        return l;
    }
    l.rows = m_pg.psql(QStringLiteral("SELECT last_seq FROM audit_head"), l.database).toLongLong();
    return l;
}

int TestAuditVerify::verify(const QStringList &args, ChildProcess &process) {
    process.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), QString());
    if (!process.start(fd::test::cliPath(),
                       QStringList{QStringLiteral("audit"), QStringLiteral("verify")} + args))
        return -1;
    if (!process.waitFinished(60000)) {
        process.kill();
        return -1;
    }
    return process.exitCode();
}

void TestAuditVerify::intactStoresPass_data() {
    QTest::addColumn<bool>("ledger");
    QTest::addColumn<bool>("mirror");
    QTest::addColumn<int>("pageSize");
    QTest::newRow("ledger and mirror") << true << true << 0;
    QTest::newRow("ledger and mirror, pages of 4") << true << true << 4;
    QTest::newRow("ledger and mirror, pages of 1") << true << true << 1;
    QTest::newRow("ledger only") << true << false << 0;
    QTest::newRow("mirror only") << false << true << 0;
    QTest::newRow("mirror only, pages of 3") << false << true << 3;
}

void TestAuditVerify::intactStoresPass() {
    QFETCH(bool, ledger);
    QFETCH(bool, mirror);
    QFETCH(int, pageSize);
    QStringList args;
    if (ledger)
        args << QStringLiteral("--ledger") << m_intact.url;
    if (mirror)
        args << QStringLiteral("--db") << m_intact.mirror;
    if (pageSize > 0)
        args << QStringLiteral("--page-size") << QString::number(pageSize);

    ChildProcess text;
    QCOMPARE(verify(args, text), 0);
    const QString out = QString::fromUtf8(text.standardOutput());
    const QString summary = QStringLiteral("%1 rows, last seq %1, head ").arg(m_intact.rows);
    if (ledger)
        QVERIFY2(out.contains(QStringLiteral("ledger %1: %2").arg(m_intact.url, summary)), qPrintable(out));
    if (mirror)
        QVERIFY2(out.contains(QStringLiteral("mirror %1: %2").arg(m_intact.mirror, summary)),
                 qPrintable(out));
    if (ledger && mirror)
        QVERIFY2(
            out.contains(QStringLiteral("is a prefix of the ledger: %1 rows compared").arg(m_intact.rows)),
            qPrintable(out));
    QVERIFY2(!out.contains(QLatin1String("BROKEN")), qPrintable(out));
    const QString head = m_pg.psql(QStringLiteral("SELECT last_hash FROM audit_head"), m_intact.database);
    QVERIFY2(out.contains(head.left(12)), qPrintable(out));

    ChildProcess json;
    QCOMPARE(verify(args + QStringList{QStringLiteral("--json")}, json), 0);
    const QJsonObject o = json.json();
    QVERIFY2(o.value(QLatin1String("intact")).toBool(), json.standardOutput().constData());
    if (ledger) {
        const QJsonObject l = o.value(QLatin1String("ledger")).toObject();
        QCOMPARE(l.value(QLatin1String("rows")).toInteger(), m_intact.rows);
        QCOMPARE(l.value(QLatin1String("last_seq")).toInteger(), m_intact.rows);
        QCOMPARE(l.value(QLatin1String("head")).toString(), head);
        QCOMPARE(l.value(QLatin1String("url")).toString(), m_intact.url);
    } else {
        QVERIFY(!o.contains(QLatin1String("ledger")));
    }
    if (mirror) {
        const QJsonObject m = o.value(QLatin1String("mirror")).toObject();
        QCOMPARE(m.value(QLatin1String("rows")).toInteger(), m_intact.rows);
        QCOMPARE(m.value(QLatin1String("head")).toString(), head);
    }
    if (ledger && mirror)
        QCOMPARE(o.value(QLatin1String("mirror_in_ledger"))
                     .toObject()
                     .value(QLatin1String("compared"))
                     .toInteger(),
                 m_intact.rows);
}

void TestAuditVerify::mirrorBehindLedgerPasses() {
    Ledger l = makeLedger("behind", 3);
    QVERIFY(l.rows > 0);
    // The ledger moves on while the mirror's desk is away: the mirror is a shorter prefix, which is fine.
    QString error;
    const bool ok = work(
        l,
        [&](LedgerStore &store, QString *e) {
            AuditEntry note;
            note.action = QStringLiteral("note");
            note.actor = QStringLiteral("bob");
            note.detail = QStringLiteral("written while the desk was away");
            return store.appendAction(note, e).ok();
        },
        false, &error);
    QVERIFY2(ok, qPrintable(error));
    ChildProcess p;
    QCOMPARE(verify({QStringLiteral("--ledger"), l.url, QStringLiteral("--db"), l.mirror}, p), 0);
    const QString out = QString::fromUtf8(p.standardOutput());
    QVERIFY2(out.contains(QStringLiteral("last seq %1,").arg(l.rows + 1)), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("is a prefix of the ledger: %1 rows compared").arg(l.rows)),
             qPrintable(out));
}

void TestAuditVerify::rowsNameTheDatabaseLogin() {
    // The ledger names the database login that wrote each row (session_user), whatever the member says its
    // actor is, and whatever a client puts in the column; the login is part of the row's hash.
    Ledger l = makeLedger("login", 2, QStringLiteral("LOGIN"));
    QVERIFY(!l.url.isEmpty());
    QCOMPARE(m_pg.psql(QStringLiteral("SELECT count(*) FROM audit WHERE login <> 'fd'"), l.database),
             QStringLiteral("0"));
    QVERIFY(
        m_pg.psql(QStringLiteral("SELECT count(*) FROM audit WHERE actor = 'alice'"), l.database).toInt() >
        0);
    QString error;
    // A member writes only through the ledger's functions, which take no login (docs/roles.md): the actor
    // it claims is kept as said, the login is its own.
    m_pg.psql(
        QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'clerk') THEN "
                       "CREATE ROLE clerk LOGIN; END IF; END $$; GRANT filingdesk_operator TO clerk; "
                       "SET SESSION AUTHORIZATION clerk; "
                       "SELECT filingdesk_append_audit('', '', '', 'note', '', '', '', '', '', 'fd', 'h', "
                       "'d', '', '', 'a note', ''); SELECT filingdesk_seal_audit(100, false)"),
        l.database, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(m_pg.psql(QStringLiteral("SELECT actor || ' as ' || login FROM audit ORDER BY seq DESC LIMIT 1"),
                       l.database),
             QStringLiteral("fd as clerk"));
    // Even the owner's direct insert cannot choose the login: the insert trigger sets it.
    m_pg.psql(
        QStringLiteral("INSERT INTO audit(action, actor, login) VALUES ('note', 'fd', 'general-counsel'); "
                       "SELECT filingdesk_seal_audit(100, false)"),
        l.database, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(m_pg.psql(QStringLiteral("SELECT login FROM audit ORDER BY seq DESC LIMIT 1"), l.database),
             QStringLiteral("fd"));
    ChildProcess text;
    QCOMPARE(verify({QStringLiteral("--ledger"), l.url}, text), 0);
    QVERIFY2(!QString::fromUtf8(text.standardOutput()).contains(QLatin1String("BROKEN")),
             text.standardOutput().constData());
}

void TestAuditVerify::ledgerTampering_data() {
    QTest::addColumn<QString>("sql");      // {N}: the seq tampered with
    QTest::addColumn<int>("seq");          // 0: the last row
    QTest::addColumn<QString>("expected"); // the first problem named
    QTest::addColumn<int>("pageSize");
    const QString update = QStringLiteral("ALTER TABLE audit DISABLE TRIGGER audit_no_update; %1; ALTER "
                                          "TABLE audit ENABLE TRIGGER audit_no_update");
    QTest::newRow("detail changed") << update.arg(QStringLiteral(
                                           "UPDATE audit SET detail = 'charged 1 cent' WHERE seq = {N}"))
                                    << 5 << QStringLiteral("ledger seq {N}: row changed (hash mismatch)")
                                    << 0;
    QTest::newRow("actor changed, last row of a page")
        << update.arg(QStringLiteral("UPDATE audit SET actor = 'mallory' WHERE seq = {N}")) << 4
        << QStringLiteral("ledger seq {N}: row changed (hash mismatch)") << 4;
    QTest::newRow("database login changed")
        << update.arg(QStringLiteral("UPDATE audit SET login = 'mallory' WHERE seq = {N}")) << 3
        << QStringLiteral("ledger seq {N}: row changed (hash mismatch)") << 0;
    QTest::newRow("database login removed")
        << update.arg(QStringLiteral("UPDATE audit SET login = '' WHERE seq = {N}")) << 4
        << QStringLiteral("ledger seq {N}: row changed (hash mismatch)") << 0;
    QTest::newRow("timestamp changed")
        << update.arg(QStringLiteral("UPDATE audit SET at_utc = '2020-01-01T00:00:00.000Z' WHERE seq = {N}"))
        << 2 << QStringLiteral("ledger seq {N}: row changed (hash mismatch)") << 0;
    QTest::newRow("row deleted") << update.arg(QStringLiteral("DELETE FROM audit WHERE seq = {N}")) << 5
                                 << QStringLiteral(
                                        "ledger seq {N}: missing (chain jumps from {N-1} to {N+1})")
                                 << 0;
    QTest::newRow("row deleted, first of a page")
        << update.arg(QStringLiteral("DELETE FROM audit WHERE seq = {N}")) << 5
        << QStringLiteral("ledger seq {N}: missing (chain jumps from {N-1} to {N+1})") << 4;
    QTest::newRow("first row deleted") << update.arg(QStringLiteral("DELETE FROM audit WHERE seq = {N}")) << 1
                                       << QStringLiteral("ledger seq 1: missing (chain starts at 2)") << 0;
    QTest::newRow("last row deleted")
        << update.arg(QStringLiteral("DELETE FROM audit WHERE seq = {N}")) << 0
        << QStringLiteral(
               "ledger seq {LAST}: missing (the chain head records seq {LAST}, the rows end at {LAST-1})")
        << 0;
    QTest::newRow("row rewritten and re-hashed")
        << update.arg(QStringLiteral(
               "UPDATE audit SET detail = 'rewritten' WHERE seq = {N}; UPDATE audit a SET row_hash = "
               "encode(sha256(convert_to(filingdesk_audit_canonical(a), 'UTF8')), 'hex') WHERE seq = {N}"))
        << 3 << QStringLiteral("ledger seq {N+1}: prev_hash is not the row_hash of seq {N}") << 0;
    QTest::newRow("chain head set back")
        << QStringLiteral("UPDATE audit_head SET last_seq = last_seq - 1") << 0
        << QStringLiteral("ledger seq {LAST}: not in the chain head") << 0;
}

void TestAuditVerify::ledgerTampering() {
    QFETCH(QString, sql);
    QFETCH(int, seq);
    QFETCH(QString, expected);
    QFETCH(int, pageSize);
    const Ledger l = makeLedger("tamper", 4);
    QVERIFY(l.rows >= 8);
    const qint64 n = seq > 0 ? seq : l.rows;
    QString error;
    QVERIFY2(!m_pg.psql(expand(sql, n, l.rows), l.database, &error).isNull(), qPrintable(error));
    const QString problem = expand(expected, n, l.rows);

    QStringList args{QStringLiteral("--ledger"), l.url};
    if (pageSize > 0)
        args << QStringLiteral("--page-size") << QString::number(pageSize);
    ChildProcess text;
    QCOMPARE(verify(args, text), 1);
    const QString out = QString::fromUtf8(text.standardOutput());
    QVERIFY2(out.contains(QStringLiteral("ledger %1: BROKEN: %2").arg(l.url, problem)), qPrintable(out));

    ChildProcess json;
    QCOMPARE(verify(args + QStringList{QStringLiteral("--json")}, json), 1);
    const QJsonObject o = json.json();
    QVERIFY(!o.value(QLatin1String("intact")).toBool(true));
    const QJsonObject ledger = o.value(QLatin1String("ledger")).toObject();
    QVERIFY2(ledger.value(QLatin1String("problem")).toString().startsWith(problem),
             json.standardOutput().constData());
    QCOMPARE(ledger.value(QLatin1String("problem_seq")).toInteger(),
             problem.section(QLatin1Char(' '), 2, 2).chopped(1).toLongLong());

    // With the mirror beside it, the ledger's break is still reported and the exit is still 1.
    ChildProcess both;
    QCOMPARE(verify(args + QStringList{QStringLiteral("--db"), l.mirror}, both), 1);
    QVERIFY2(QString::fromUtf8(both.standardOutput()).contains(problem), both.standardOutput().constData());
}

void TestAuditVerify::mirrorTampering_data() {
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("seq");
    QTest::addColumn<QString>("expected");
    QTest::newRow("detail changed")
        << QStringLiteral(
               "DROP TRIGGER audit_no_update; UPDATE audit SET detail = 'nothing to see' WHERE ledger_seq = "
               "{N}")
        << 6 << QStringLiteral("mirror seq {N}: row changed (hash mismatch)");
    QTest::newRow("shown time changed")
        << QStringLiteral(
               "DROP TRIGGER audit_no_update; UPDATE audit SET at_utc = '2020-01-01T00:00:00.000Z' "
               "WHERE ledger_seq = {N}")
        << 4 << QStringLiteral("mirror seq {N}: at_utc is not the time the row's hash covers");
    QTest::newRow("timestamp text changed")
        << QStringLiteral(
               "DROP TRIGGER audit_no_update; UPDATE audit SET at_utc_text = '2020-01-01T00:00:00.000Z' "
               "WHERE ledger_seq = {N}")
        << 3 << QStringLiteral("mirror seq {N}: row changed (hash mismatch)");
    QTest::newRow("row deleted")
        << QStringLiteral("DROP TRIGGER audit_no_delete; DELETE FROM audit WHERE ledger_seq = {N}") << 5
        << QStringLiteral("mirror seq {N}: missing (chain jumps from {N-1} to {N+1})");
    QTest::newRow("first row deleted")
        << QStringLiteral("DROP TRIGGER audit_no_delete; DELETE FROM audit WHERE ledger_seq = {N}") << 1
        << QStringLiteral("mirror seq 1: missing (chain starts at 2)");
}

void TestAuditVerify::mirrorTampering() {
    QFETCH(QString, sql);
    QFETCH(int, seq);
    QFETCH(QString, expected);
    const Ledger l = makeLedger("mirror", 4);
    QVERIFY(l.rows >= 8);
    const QString tamperError = sqlite(l.mirror, expand(sql, seq, l.rows));
    QVERIFY2(tamperError.isEmpty(), qPrintable(tamperError));
    const QString problem = expand(expected, seq, l.rows);

    ChildProcess alone;
    QCOMPARE(verify({QStringLiteral("--db"), l.mirror}, alone), 1);
    QString out = QString::fromUtf8(alone.standardOutput());
    QVERIFY2(out.contains(QStringLiteral("mirror %1: BROKEN: %2").arg(l.mirror, problem)), qPrintable(out));

    ChildProcess both;
    QCOMPARE(verify({QStringLiteral("--db"), l.mirror, QStringLiteral("--ledger"), l.url,
                     QStringLiteral("--json")},
                    both),
             1);
    const QJsonObject o = both.json();
    QVERIFY(o.value(QLatin1String("ledger")).toObject().value(QLatin1String("intact")).toBool());
    const QJsonObject mirror = o.value(QLatin1String("mirror")).toObject();
    QVERIFY2(mirror.value(QLatin1String("problem")).toString().startsWith(problem),
             both.standardOutput().constData());
    QCOMPARE(mirror.value(QLatin1String("problem_seq")).toInteger(), qint64(seq));

    // The text says the same: a mirror whose own chain breaks is never called a prefix of the ledger.
    ChildProcess text;
    QCOMPARE(verify({QStringLiteral("--db"), l.mirror, QStringLiteral("--ledger"), l.url}, text), 1);
    out = QString::fromUtf8(text.standardOutput());
    QVERIFY2(out.contains(QStringLiteral("mirror %1: BROKEN: %2").arg(l.mirror, problem)), qPrintable(out));
    QVERIFY2(!out.contains(QLatin1String("is a prefix of the ledger")), qPrintable(out));
}

void TestAuditVerify::mirrorDiffersFromLedger() {
    // Two ledgers of the same length: each chain is intact, but one's mirror is not the other's prefix. The
    // mirror knows which ledger it copies: it is named as another ledger's, not as a broken copy of this one.
    const Ledger a = makeLedger("first", 4, QStringLiteral("AAA"));
    const Ledger b = makeLedger("second", 4, QStringLiteral("BBB"));
    QVERIFY(a.rows > 0);
    QCOMPARE(b.rows, a.rows);
    ChildProcess p;
    QCOMPARE(verify({QStringLiteral("--ledger"), b.url, QStringLiteral("--db"), a.mirror}, p), 1);
    const QString out = QString::fromUtf8(p.standardOutput());
    QVERIFY2(out.contains(QStringLiteral("ledger %1: %2 rows").arg(b.url).arg(b.rows)), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("mirror %1: %2 rows").arg(a.mirror).arg(a.rows)), qPrintable(out));
    const QString idA = m_pg.psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"), a.database);
    const QString idB = m_pg.psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"), b.database);
    QVERIFY2(out.contains(QStringLiteral("ledger %1: identity %2").arg(b.url, idB)), qPrintable(out));
    QVERIFY2(
        out.contains(QStringLiteral("mirror %1 is the mirror of ledger %2, not of ledger %3: not compared")
                         .arg(a.mirror, idA, idB)),
        qPrintable(out));
    QVERIFY2(!out.contains(QLatin1String("is a prefix of the ledger")), qPrintable(out));

    // One row apart: a mirror row rewritten with a hash chain of its own making.
    const Ledger c = makeLedger("rechained", 4, QStringLiteral("CCC"));
    QVERIFY(c.rows >= 8);
    // Rewrite the mirror's last row and re-hash it so that the mirror's own chain is intact.
    {
        const QString name = QStringLiteral("rehash");
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(c.mirror);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("DROP TRIGGER audit_no_update")));
        fd::AuditStore reader;
        QString error;
        QVERIFY2(reader.open(c.mirror, &error, fd::AuditStore::OpenMode::Shared), qPrintable(error));
        fd::AuditEntry last = reader.mirroredLedgerAudit(c.rows).first();
        reader.close();
        last.detail = QStringLiteral("confirmation FORGED-1, charged 0 cents");
        const QString forged = fd::AuditChain::rowHash(last);
        q.prepare(QStringLiteral("UPDATE audit SET detail = ?, row_hash = ? WHERE ledger_seq = ?"));
        q.addBindValue(last.detail);
        q.addBindValue(forged);
        q.addBindValue(c.rows);
        QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("rehash"));
    ChildProcess mirrorAlone;
    QCOMPARE(verify({QStringLiteral("--db"), c.mirror}, mirrorAlone), 0); // a consistent forgery on its own
    ChildProcess against;
    QCOMPARE(verify({QStringLiteral("--db"), c.mirror, QStringLiteral("--ledger"), c.url,
                     QStringLiteral("--json")},
                    against),
             1);
    const QJsonObject prefix = against.json().value(QLatin1String("mirror_in_ledger")).toObject();
    QCOMPARE(prefix.value(QLatin1String("problem")).toString(),
             QStringLiteral("mirror seq %1 differs from the ledger").arg(c.rows));
    QCOMPARE(prefix.value(QLatin1String("problem_seq")).toInteger(), c.rows);
    QCOMPARE(prefix.value(QLatin1String("compared")).toInteger(), c.rows - 1);
}

void TestAuditVerify::mirrorAheadOfRestoredLedger() {
    // A ledger restored from an older backup: the mirror holds rows the ledger no longer has.
    Ledger l = makeLedger("restored", 3);
    QVERIFY(l.rows > 0);
    const QString backup = QStringLiteral("verify_backup_%1").arg(++m_databases);
    QString error;
    QVERIFY2(!m_pg.psql(QStringLiteral("CREATE DATABASE %1 TEMPLATE %2").arg(backup, l.database),
                        QStringLiteral("postgres"), &error)
                  .isNull(),
             qPrintable(error));
    const bool ok = work(
        l,
        [&](LedgerStore &store, QString *e) {
            AuditEntry note;
            note.action = QStringLiteral("note");
            note.actor = QStringLiteral("bob");
            note.detail = QStringLiteral("after the backup");
            return store.appendAction(note, e) && store.appendAction(note, e);
        },
        true, &error);
    QVERIFY2(ok, qPrintable(error));
    ChildProcess p;
    QCOMPARE(verify({QStringLiteral("--ledger"), m_pg.url(backup), QStringLiteral("--db"), l.mirror}, p), 1);
    const QString out = QString::fromUtf8(p.standardOutput());
    QVERIFY2(out.contains(QStringLiteral("mirror seq %1 is not in the ledger (the ledger ends at seq %2)")
                              .arg(l.rows + 1)
                              .arg(l.rows)),
             qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("ledger %1: %2 rows").arg(m_pg.url(backup)).arg(l.rows)),
             qPrintable(out));
}

// A member whose mirror finds the ledger's chain broken trusts nothing in it: it says so (an alert a person
// sees, not only a log line), sends nothing, and a headless run ends with exit 1.
void TestAuditVerify::memberSendsNothingOnTamperedLedger() {
    const Ledger l = makeLedger("member", 4);
    QVERIFY(l.rows >= 8);
    QString error;
    QVERIFY2(!m_pg.psql(QStringLiteral("ALTER TABLE audit DISABLE TRIGGER audit_no_update; UPDATE audit SET "
                                       "detail = 'charged 1 cent' WHERE seq = 3; ALTER TABLE audit ENABLE "
                                       "TRIGGER audit_no_update"),
                        l.database, &error)
                  .isNull(),
             qPrintable(error));
    fd::test::RedisServer redis; // a member of a team shares the registry's cap through the fleet gate
    QVERIFY2(redis.start(), qPrintable(redis.errorString()));
    ChildProcess run;
    run.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), QString());
    QVERIFY(run.startRun(
        {QStringLiteral("--ledger"), l.url, QStringLiteral("--redis"), redis.url(),
         QStringLiteral("--sandbox"), QStringLiteral("--portfolio"),
         fd::test::sourcePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv")),
         QStringLiteral("--as-of"), QStringLiteral("2027-02-15"), QStringLiteral("--db"),
         QDir(m_dir.path()).filePath(QStringLiteral("member-on-tampered.sqlite")), QStringLiteral("--json"),
         QStringLiteral("--quiet"), QStringLiteral("--deadline"), QStringLiteral("60")}));
    QVERIFY2(run.waitFinished(90000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() == 1, qPrintable(run.describe()));
    const QJsonObject out = run.json();
    QStringList kinds;
    QString message;
    for (const QJsonValue &a : out.value(QLatin1String("alerts")).toArray()) {
        kinds << a.toObject().value(QLatin1String("kind")).toString();
        if (kinds.last() == QLatin1String("ledger_chain_broken"))
            message = a.toObject().value(QLatin1String("message")).toString();
    }
    QVERIFY2(kinds.contains(QStringLiteral("ledger_chain_broken")), qPrintable(run.describe()));
    QVERIFY2(message.contains(QStringLiteral("seq 3")), qPrintable(message));
    const qint64 requests = fd::test::sandboxCounter(out.value(QLatin1String("registry_stats")).toObject(),
                                                     QString(), QStringLiteral("requests"));
    QVERIFY2(requests == 0, qPrintable(QStringLiteral("%1 request(s) reached the registry").arg(requests)));
}

void TestAuditVerify::usageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected"); // on stderr
    const QString missing = m_dir.filePath(QStringLiteral("no-such.sqlite"));
    const QString notSqlite = m_dir.filePath(QStringLiteral("notes.txt"));
    {
        QFile f(notSqlite);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
    }
    const QString otherSqlite = m_dir.filePath(QStringLiteral("other.sqlite"));
    QCOMPARE(sqlite(otherSqlite, QStringLiteral("CREATE TABLE t(x)")), QString());
    quint16 closedPort = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        closedPort = probe.serverPort();
    }
    QVERIFY(m_pg.createDatabase(QStringLiteral("verify_empty")));
    // A single desk's database: audit rows of its own, append-only, with no hash chain to check.
    const QString deskDb = m_dir.filePath(QStringLiteral("desk.sqlite"));
    {
        fd::AuditStore desk;
        QString error;
        QVERIFY2(desk.open(deskDb, &error), qPrintable(error));
        fd::AuditEntry row;
        row.action = QStringLiteral("note");
        row.actor = QStringLiteral("paralegal");
        row.detail = QStringLiteral("annual report checked");
        row.atUtc = QDateTime::currentDateTimeUtc();
        QVERIFY2(desk.appendAction(row, &error), qPrintable(error));
        desk.close();
    }

    const QString verifyArg = QStringLiteral("verify");
    QTest::newRow("no sub-command") << QStringList{} << QStringLiteral("expected a sub-command");
    QTest::newRow("unknown sub-command")
        << QStringList{QStringLiteral("repair")} << QStringLiteral("unknown sub-command \"repair\"");
    QTest::newRow("no store") << QStringList{verifyArg}
                              << QStringLiteral("give --db FILE, --ledger URL or both");
    QTest::newRow("unknown option") << QStringList{verifyArg, QStringLiteral("--fix")}
                                    << QStringLiteral("Unknown option 'fix'");
    QTest::newRow("option without value")
        << QStringList{verifyArg, QStringLiteral("--db")} << QStringLiteral("Missing value after '--db'");
    QTest::newRow("extra argument") << QStringList{verifyArg, QStringLiteral("--db"), m_intact.mirror,
                                                   QStringLiteral("extra")}
                                    << QStringLiteral("unexpected argument \"extra\"");
    QTest::newRow("page size zero") << QStringList{verifyArg, QStringLiteral("--db"), m_intact.mirror,
                                                   QStringLiteral("--page-size"), QStringLiteral("0")}
                                    << QStringLiteral("--page-size must be a number");
    QTest::newRow("missing database") << QStringList{verifyArg, QStringLiteral("--db"), missing}
                                      << QStringLiteral("%1: no such audit database").arg(missing);
    QTest::newRow("not a database") << QStringList{verifyArg, QStringLiteral("--db"), notSqlite}
                                    << QStringLiteral("not a FilingDesk audit database");
    QTest::newRow("no audit table") << QStringList{verifyArg, QStringLiteral("--db"), otherSqlite}
                                    << QStringLiteral("not a FilingDesk audit database (no audit table)");
    QTest::newRow("a single desk's database")
        << QStringList{verifyArg, QStringLiteral("--db"), deskDb}
        << QStringLiteral("is a single desk's audit database, not a team ledger's mirror");
    QTest::newRow("not a postgresql url")
        << QStringList{verifyArg, QStringLiteral("--ledger"), QStringLiteral("mysql://fd@127.0.0.1/x")}
        << QStringLiteral("is not postgresql://USER@HOST:PORT/DATABASE");
    QTest::newRow("password in url") << QStringList{verifyArg, QStringLiteral("--ledger"),
                                                    QStringLiteral("postgresql://fd:secret@127.0.0.1/x")}
                                     << QStringLiteral("FILINGDESK_LEDGER_PASSWORD");
    QTest::newRow("nothing listening")
        << QStringList{verifyArg, QStringLiteral("--ledger"),
                       QStringLiteral("postgresql://fd@127.0.0.1:%1/x?sslmode=disable").arg(closedPort)}
        << QStringLiteral("postgresql://fd@127.0.0.1:%1/x").arg(closedPort);
    QTest::newRow("no such ledger database")
        << QStringList{verifyArg, QStringLiteral("--ledger"), m_pg.url(QStringLiteral("verify_nowhere"))}
        << QStringLiteral("does not exist");
    QTest::newRow("database without a ledger")
        << QStringList{verifyArg, QStringLiteral("--ledger"), m_pg.url(QStringLiteral("verify_empty"))}
        << QStringLiteral("holds no FilingDesk ledger");
    QTest::newRow("good ledger, missing mirror")
        << QStringList{verifyArg, QStringLiteral("--ledger"), m_intact.url, QStringLiteral("--db"), missing}
        << QStringLiteral("no such audit database");
}

void TestAuditVerify::usageErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    ChildProcess p;
    p.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), QString());
    QVERIFY(p.start(fd::test::cliPath(), QStringList{QStringLiteral("audit")} + args));
    QVERIFY2(p.waitFinished(30000), qPrintable(p.describe()));
    QVERIFY2(p.exitCode() == 2, qPrintable(p.describe()));
    QVERIFY2(p.standardError().contains(expected), qPrintable(p.describe()));
    QVERIFY2(p.standardError().startsWith(QLatin1String("filingdesk audit")), qPrintable(p.describe()));
    QVERIFY2(p.standardOutput().isEmpty(), p.standardOutput().constData());
}

void TestAuditVerify::helpExitsZero() {
    ChildProcess p;
    QVERIFY(p.start(fd::test::cliPath(),
                    {QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--help")}));
    QVERIFY2(p.waitFinished(30000), qPrintable(p.describe()));
    QCOMPARE(p.exitCode(), 0);
    const QString out = QString::fromUtf8(p.standardOutput());
    QVERIFY2(out.startsWith(QLatin1String("Usage: filingdesk audit verify [options]")), qPrintable(out));
    QVERIFY(out.contains(QLatin1String("--ledger <URL>")));
    QVERIFY(out.contains(QLatin1String("FILINGDESK_LEDGER_PASSWORD")));
}

QTEST_GUILESS_MAIN(TestAuditVerify)
#include "tst_audit_verify.moc"
