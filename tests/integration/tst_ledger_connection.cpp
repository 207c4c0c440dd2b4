// What a member may believe about its team ledger, against real servers: a private PostgreSQL 15 on a free
// loopback port, a hot standby of it (pg_basebackup -R, then pg_ctl promote), a TCP proxy in this test that
// goes silent without closing anything, Debian's pgbouncer in transaction and in session mode, and a psql
// session that holds a lock. Also the ledger's identity and the mirror bound to it, the ledger's clock for
// every time it stores, and an audit row for every change of who holds a filing.
#include "engine/core/clock.h"
#include "engine/core/engine.h"
#include "engine/core/host_identity.h"
#include "engine/ledger/ledger_schema.h"
#include "ledger_fixture.h"
#include "support/pgbouncer_server.h"
#include "support/tcp_proxy.h"

#include <QtCore/QDeadlineTimer>
#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QStandardPaths>
#include <QtCore/QTemporaryDir>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlDriver>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>
#include <optional>

using fd::AuditEntry;
using fd::ExecutionState;
using fd::FilingTask;
using fd::LedgerLink;
using fd::LedgerStore;
using fd::test::PostgresServer;

namespace {

/// Collects the warnings Qt prints while it lives (the driver's "Unable to free statement", the event
/// dispatcher's "QSocketNotifier: Invalid socket").
class WarningLog {
public:
    WarningLog() {
        s_lines.clear();
        s_previous = qInstallMessageHandler(&handler);
    }
    ~WarningLog() { qInstallMessageHandler(s_previous); }
    QStringList lines() const { return s_lines; }

private:
    static void handler(QtMsgType type, const QMessageLogContext &context, const QString &message) {
        if (type == QtWarningMsg)
            s_lines.append(message);
        if (s_previous)
            s_previous(type, context, message);
    }
    static inline QtMessageHandler s_previous = nullptr;
    static inline QStringList s_lines;
};

fd::LedgerEndpoint endpointAt(quint16 port, const QString &database) {
    fd::LedgerEndpoint e;
    e.user = QStringLiteral("fd");
    e.host = QStringLiteral("127.0.0.1");
    e.port = port;
    e.database = database;
    e.sslMode = QStringLiteral("disable");
    return e;
}

} // namespace

class TestLedgerConnection : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    // 1. Identity
    void ledgerHasAnIdentityAndMirrorsAreBound();
    void mirrorOfAnotherLedgerIsRefusedAndLeftAlone();
    void defaultMirrorsArePerLedgerAndMember();
    void ledgerRestoredFromAnOlderCopyIsNotTrusted();
    void singleDeskDatabaseIsNotTakenAsAMirror();
    void mirrorIsNotTakenAsASingleDesksDatabase();
    void defaultMirrorOfAnotherLedgerIsSwappedForThisOnes();
    // 3. Who holds a filing
    void claimsTakeoversAndLostClaimsAreAudited();
    // 4. The connection's state is the truth
    void standbyIsNotAPrimaryUntilPromoted();
    void silentLinkIsFoundDeadWithinTheDeadline();
    void lockWaitIsNotUnreachable();
    void failedPrepareReportsTheServersReason();
    void reconnectPrintsNoDriverWarnings();
    // 5. Connection poolers
    void transactionPoolerIsRefusedSessionPoolerWorks();
    // 6. The ledger's clock
    void timesAreTheLedgersNotTheMembers();

private:
    QString freshDatabase(const char *name) {
        const QString db = QStringLiteral("conn_%1_%2").arg(QString::fromLatin1(name)).arg(++m_databases);
        return m_pg.createDatabase(db) ? db : QString();
    }
    std::unique_ptr<LedgerStore> member(const QString &database, const QString &name,
                                        qint64 leaseMs = 60000) {
        QString error;
        auto store = fd::test::openMember(m_pg, database, name, QDir(m_dir.path()), leaseMs, &error);
        if (!store)
            qWarning("member %s of %s: %s", qPrintable(name), qPrintable(database), qPrintable(error));
        return store;
    }
    qint64 count(const QString &database, const QString &sql) {
        bool ok = false;
        const qint64 n = m_pg.psql(sql, database).trimmed().toLongLong(&ok);
        return ok ? n : -1;
    }

    PostgresServer m_pg;
    QTemporaryDir m_dir;
    int m_databases = 0;
};

void TestLedgerConnection::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")),
             "Qt's PostgreSQL driver is missing (Debian: libqt6sql6-psql)");
    QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
}

void TestLedgerConnection::ledgerHasAnIdentityAndMirrorsAreBound() {
    const QString db = freshDatabase("identity");
    auto store = member(db, QStringLiteral("m1"));
    QVERIFY(store);
    const QString id = m_pg.psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"), db);
    QCOMPARE(store->ledgerId(), id);
    QVERIFY(!QUuid::fromString(id).isNull());
    QCOMPARE(store->mirror().mirrorBinding().ledgerId, id);
    QCOMPARE(store->mirror().mirrorBinding().ledgerUrl, fd::test::ledgerEndpoint(m_pg, db).display());
    QCOMPARE(m_pg.psql(QStringLiteral("SELECT version FROM ledger_schema"), db),
             QString::number(fd::LedgerSchema::kVersion));
}

void TestLedgerConnection::mirrorOfAnotherLedgerIsRefusedAndLeftAlone() {
    // Ledger A, fully mirrored; then a fresh ledger B whose trail is longer than A's.
    const QString a = freshDatabase("ledger_a");
    const QString b = freshDatabase("ledger_b");
    const QString mirror = m_dir.filePath(QStringLiteral("a-mirror.sqlite"));
    QString error;
    {
        LedgerStore store(fd::test::ledgerEndpoint(m_pg, a), QStringLiteral("desk"), QStringLiteral("desk"),
                          60000);
        QString ledgerError;
        QVERIFY2(store.openTeam(mirror, &error, &ledgerError), qPrintable(error));
        QStringList already;
        QVERIFY2(store.admitTasks(fd::test::ledgerTasks(QStringLiteral("A"), 3), QStringLiteral("alice"),
                                  &already, &error),
                 qPrintable(error));
        store.sync(1000, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    {
        auto other = member(b, QStringLiteral("other"));
        QVERIFY(other);
        QStringList already;
        QVERIFY2(other->admitTasks(fd::test::ledgerTasks(QStringLiteral("B"), 8), QStringLiteral("bob"),
                                   &already, &error),
                 qPrintable(error));
    }
    QFile before(mirror);
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray bytesBefore = before.readAll();
    before.close();

    LedgerStore wrong(fd::test::ledgerEndpoint(m_pg, b), QStringLiteral("desk"), QStringLiteral("desk"),
                      60000);
    QString ledgerError;
    QVERIFY(!wrong.openTeam(mirror, &error, &ledgerError));
    // One line naming both ledgers.
    QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    const QString idA = m_pg.psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"), a);
    const QString idB = m_pg.psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"), b);
    QVERIFY2(error.contains(idA) && error.contains(idB), qPrintable(error));
    QVERIFY2(error.contains(mirror), qPrintable(error));
    QFile after(mirror);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), bytesBefore); // untouched
}

void TestLedgerConnection::defaultMirrorsArePerLedgerAndMember() {
    // No mirror path: each member takes a mirror of its own for this ledger; a second ledger gets other
    // files.
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data-home"))));
    const QString db1 = freshDatabase("default_one");
    const QString db2 = freshDatabase("default_two");
    QString error;
    QString ledgerError;
    std::vector<std::unique_ptr<LedgerStore>> members;
    QStringList paths;
    for (int i = 0; i < 3; ++i) {
        auto store =
            std::make_unique<LedgerStore>(fd::test::ledgerEndpoint(m_pg, db1), QStringLiteral("w%1").arg(i),
                                          QStringLiteral("worker"), 60000);
        QVERIFY2(store->openTeam(QString(), &error, &ledgerError), qPrintable(error));
        paths.append(store->mirror().path());
        members.push_back(std::move(store));
    }
    paths.removeDuplicates();
    QCOMPARE(paths.size(), qsizetype(3));
    const QString id1 = members.front()->ledgerId();
    for (const QString &p : std::as_const(paths))
        QVERIFY2(p.contains(id1) && p.startsWith(fd::host::mirrorRoot()), qPrintable(p));
    LedgerStore second(fd::test::ledgerEndpoint(m_pg, db2), QStringLiteral("w9"), QStringLiteral("worker"),
                       60000);
    QVERIFY2(second.openTeam(QString(), &error, &ledgerError), qPrintable(error));
    QVERIFY(!paths.contains(second.mirror().path()));
    QVERIFY2(second.mirror().path().contains(second.ledgerId()), qPrintable(second.mirror().path()));
    // A member that comes back takes the slot that is free again, with what it mirrored.
    const QString freed = members.back()->mirror().path();
    members.pop_back();
    LedgerStore back(fd::test::ledgerEndpoint(m_pg, db1), QStringLiteral("w5"), QStringLiteral("worker"),
                     60000);
    QVERIFY2(back.openTeam(QString(), &error, &ledgerError), qPrintable(error));
    QCOMPARE(back.mirror().path(), freed);
    qunsetenv("XDG_DATA_HOME");
}

void TestLedgerConnection::ledgerRestoredFromAnOlderCopyIsNotTrusted() {
    // A member mirrors the ledger; the ledger is then restored from a copy taken before the member's last
    // rows. Whatever it says from there on does not continue what the member copied (the filings recorded in
    // the lost rows would be sent again): refused at start, with the reason.
    const QString db = freshDatabase("restored");
    const QString backup = db + QStringLiteral("_backup");
    const QString mirror = m_dir.filePath(QStringLiteral("restored-mirror.sqlite"));
    QString error, ledgerError;
    {
        LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("w"), QStringLiteral("worker"),
                          60000);
        QVERIFY2(store.openTeam(mirror, &error, &ledgerError), qPrintable(error));
        QStringList already;
        QVERIFY(store.admitTasks(fd::test::ledgerTasks(QStringLiteral("R"), 2), QStringLiteral("a"), &already,
                                 &error));
        store.sync(1000, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    QVERIFY(!m_pg.psql(QStringLiteral("CREATE DATABASE %1 TEMPLATE %2").arg(backup, db),
                       QStringLiteral("postgres"))
                 .isNull());
    {
        LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("w"), QStringLiteral("worker"),
                          60000);
        QVERIFY2(store.openTeam(mirror, &error, &ledgerError), qPrintable(error));
        QStringList already;
        QVERIFY(store.admitTasks(fd::test::ledgerTasks(QStringLiteral("S"), 3), QStringLiteral("a"), &already,
                                 &error));
        store.sync(1000, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    QVERIFY(!m_pg.psql(QStringLiteral("DROP DATABASE %1").arg(db), QStringLiteral("postgres")).isNull());
    QVERIFY(!m_pg.psql(QStringLiteral("CREATE DATABASE %1 TEMPLATE %2").arg(db, backup),
                       QStringLiteral("postgres"))
                 .isNull());
    {
        LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("w"), QStringLiteral("worker"),
                          60000);
        QVERIFY(!store.openTeam(mirror, &error, &ledgerError));
        QVERIFY2(error.contains(QLatin1String("lost rows")), qPrintable(error));
        QVERIFY(store.chainBroken());
    }
    // The restored ledger goes on and grows past the mirror's end: its rows are not the ones copied.
    {
        auto other = member(db, QStringLiteral("other"));
        QVERIFY(other);
        QStringList already;
        QVERIFY(other->admitTasks(fd::test::ledgerTasks(QStringLiteral("T"), 6), QStringLiteral("b"),
                                  &already, &error));
    }
    {
        LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("w"), QStringLiteral("worker"),
                          60000);
        QVERIFY(!store.openTeam(mirror, &error, &ledgerError));
        QVERIFY2(error.contains(QLatin1String("rewritten or replaced")), qPrintable(error));
    }
}

void TestLedgerConnection::singleDeskDatabaseIsNotTakenAsAMirror() {
    const QString path = m_dir.filePath(QStringLiteral("single-desk.sqlite"));
    QString error;
    {
        fd::AuditStore single;
        QVERIFY2(single.open(path, &error), qPrintable(error));
        QVERIFY(
            single.admitTask(fd::test::ledgerTask(QStringLiteral("SD"), 0), QStringLiteral("alice"), &error));
    }
    QFile before(path);
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray bytes = before.readAll();
    before.close();
    const QString db = freshDatabase("adopt");
    LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("w"), QStringLiteral("worker"),
                      60000);
    QString ledgerError;
    QVERIFY(!store.openTeam(path, &error, &ledgerError));
    QVERIFY2(error.contains(QLatin1String("single desk's database")), qPrintable(error));
    QFile after(path);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), bytes);
}

// The other way round: a desk (`filingdesk run --db`, the console) given a team member's mirror would resume
// its copies of the team's filings, stale since the member last read them, and send again what the team
// filed.
void TestLedgerConnection::mirrorIsNotTakenAsASingleDesksDatabase() {
    const QString db = freshDatabase("mirror_as_desk");
    const QString mirror = m_dir.filePath(QStringLiteral("member-mirror.sqlite"));
    QString error;
    QString ledgerError;
    {
        LedgerStore member(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("d"), QStringLiteral("desk"),
                           60000);
        QVERIFY2(member.openTeam(mirror, &error, &ledgerError), qPrintable(error + ledgerError));
        QStringList already;
        QVERIFY2(member.admitTasks(fd::test::ledgerTasks(QStringLiteral("M"), 3), QStringLiteral("alice"),
                                   &already, &error),
                 qPrintable(error));
        QVERIFY(member.loadTasks(false).size() == 3); // copied into the mirror
        member.close();
    }
    QFile before(mirror);
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray bytes = before.readAll();
    before.close();

    fd::Engine desk;
    fd::EngineConfig config;
    config.dbPath = mirror;
    config.registries.defaultUrl = QUrl(QStringLiteral("http://127.0.0.1:9/"));
    QSignalSpy started(&desk, &fd::Engine::started);
    desk.start(config);
    QTRY_COMPARE(started.count(), 1);
    QVERIFY(!started.at(0).at(0).toBool());
    const QString refusal = started.at(0).at(1).toString();
    QVERIFY2(refusal.contains(QLatin1String("team member's copy of the team ledger")), qPrintable(refusal));
    QVERIFY2(refusal.contains(QLatin1String("--ledger")), qPrintable(refusal));
    desk.shutdown();
    QFile after(mirror);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), bytes); // nothing resumed, nothing written
}

void TestLedgerConnection::defaultMirrorOfAnotherLedgerIsSwappedForThisOnes() {
    // A member that could not reach the ledger at start took a default mirror in the folder of the ledger
    // last seen at that address; the ledger there now is another one (dropped and created again). That mirror
    // is the member's own choice: it takes this ledger's own instead of calling the ledger untrusted.
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("swap-home"))));
    const QString db = freshDatabase("swap");
    fd::test::TcpProxy proxy;
    QVERIFY(proxy.start(m_pg.port()));
    QString error, ledgerError;
    QString firstId;
    {
        LedgerStore store(endpointAt(proxy.port(), db), QStringLiteral("d"), QStringLiteral("desk"), 60000);
        QVERIFY2(store.openTeam(QString(), &error, &ledgerError), qPrintable(error));
        firstId = store.ledgerId();
        QStringList already;
        QVERIFY(store.admitTasks(fd::test::ledgerTasks(QStringLiteral("SW"), 2), QStringLiteral("a"),
                                 &already, &error));
        store.sync(1000, &error);
    }
    QVERIFY(!m_pg.psql(QStringLiteral("DROP DATABASE %1").arg(db), QStringLiteral("postgres")).isNull());
    QVERIFY(m_pg.createDatabase(db));
    {
        auto seed = member(db, QStringLiteral("seed")); // the new ledger gets its schema and identity
        QVERIFY(seed);
    }
    proxy.blackhole();
    LedgerStore store(endpointAt(proxy.port(), db), QStringLiteral("d"), QStringLiteral("desk"), 60000);
    QVERIFY2(store.openTeam(QString(), &error, &ledgerError), qPrintable(error));
    QVERIFY(!store.isReachable());
    QVERIFY2(store.mirror().path().contains(firstId),
             qPrintable(store.mirror().path())); // the folder of the ledger seen last
    proxy.restore();
    QVERIFY2(store.reconnect(&error), qPrintable(error));
    QVERIFY(!store.chainBroken());
    QVERIFY(store.ledgerId() != firstId);
    QVERIFY2(store.mirror().path().contains(store.ledgerId()), qPrintable(store.mirror().path()));
    QCOMPARE(store.mirror().mirrorBinding().ledgerId, store.ledgerId());
    qunsetenv("XDG_DATA_HOME");
}

void TestLedgerConnection::claimsTakeoversAndLostClaimsAreAudited() {
    const QString db = freshDatabase("claims");
    auto first = member(db, QStringLiteral("first"), 1000);
    auto second = member(db, QStringLiteral("second"), 60000);
    QVERIFY(first && second);
    QString error;
    QStringList already;
    QVERIFY2(first->admitTasks(fd::test::ledgerTasks(QStringLiteral("C"), 4), QStringLiteral("alice"),
                               &already, &error),
             qPrintable(error));
    int launched = 0;
    QVERIFY(
        !first->launchBatch({}, QStringLiteral("alice"), QStringLiteral("run"), &launched, &error).isEmpty());
    QList<FilingTask> mine = first->claim(4, {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(mine.size(), qsizetype(4));
    // One row per claim, written by the claim's own statement: one transaction for the claims and their rows
    // (no commit of its own per filing).
    QCOMPARE(
        count(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'claim' AND desk = 'first'")), 4);
    QCOMPARE(count(db, QStringLiteral(
                           "SELECT count(DISTINCT x) FROM (SELECT xmin::text AS x FROM audit WHERE action = "
                           "'claim' UNION SELECT xmin::text FROM tasks) s")),
             1);
    // Two go DISPATCHING, then the lease runs out: the second member takes them over, from whom is audited.
    for (int i = 0; i < 2; ++i) {
        QVERIFY2(fd::test::moveTask(*first, mine[i], ExecutionState::Validating, &error), qPrintable(error));
        QVERIFY2(fd::test::moveTask(*first, mine[i], ExecutionState::Dispatching, &error), qPrintable(error));
    }
    QTest::qWait(1300);
    const QList<FilingTask> taken = second->claim(10, {}, &error);
    QCOMPARE(taken.size(), qsizetype(4));
    QCOMPARE(count(db, QStringLiteral(
                           "SELECT count(*) FROM audit WHERE action = 'claim_takeover' AND desk = 'second' "
                           "AND detail LIKE '%from first%'")),
             4);
    QCOMPARE(
        count(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'claim_takeover' AND detail LIKE "
                                 "'%looked up before anything is sent again%'")),
        2);

    // The first member tries to renew: refused, and the loss is a row naming who holds the filing now.
    const QStringList lost = first->renewClaims(fd::test::keysOf(mine), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(lost.size(), qsizetype(4));
    QCOMPARE(count(db, QStringLiteral(
                           "SELECT count(*) FROM audit WHERE action = 'claim_lost' AND desk = 'first' AND "
                           "detail LIKE '%second holds the filing now%'")),
             4);
    // A write refused for a conflict is recorded as a lost claim too.
    QVERIFY(first->recordClaimsLost({mine[0].key}, QStringLiteral("its write was refused"), &error));
    QCOMPARE(
        count(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'claim_lost' AND detail LIKE "
                                 "'%its write was refused; second holds the filing now%'")),
        1);
    QVERIFY2(m_pg.psql(QStringLiteral("SELECT 1"), db) == QLatin1String("1"), "server gone");
}

void TestLedgerConnection::standbyIsNotAPrimaryUntilPromoted() {
    // A primary with a ledger; a hot standby of it. A member pointed at the standby must not call it
    // reachable (nothing can be written there, and LISTEN is refused); after promotion it connects and its
    // subscription is real: a NOTIFY arrives.
    PostgresServer primary(QStringLiteral("ha_ledger"));
    QVERIFY2(primary.start(), qPrintable(primary.errorString()));
    {
        LedgerStore seed(endpointAt(primary.port(), QStringLiteral("ha_ledger")), QStringLiteral("seed"),
                         QStringLiteral("desk"), 60000);
        QString error, ledgerError;
        QVERIFY2(seed.openTeam(m_dir.filePath(QStringLiteral("seed.sqlite")), &error, &ledgerError),
                 qPrintable(error));
    }
    PostgresServer standby;
    QVERIFY2(standby.startAsStandbyOf(primary), qPrintable(standby.errorString()));
    QCOMPARE(standby.psql(QStringLiteral("SELECT pg_is_in_recovery()"), QStringLiteral("ha_ledger")),
             QStringLiteral("t"));

    LedgerStore store(endpointAt(standby.port(), QStringLiteral("ha_ledger")), QStringLiteral("desk"),
                      QStringLiteral("desk"), 60000);
    QString error, ledgerError;
    QVERIFY2(store.openTeam(m_dir.filePath(QStringLiteral("standby-desk.sqlite")), &error, &ledgerError),
             qPrintable(error));
    QVERIFY(!store.isReachable());
    QCOMPARE(store.link(), LedgerLink::ReadOnlyStandby);
    QVERIFY2(ledgerError.contains(QLatin1String("standby")), qPrintable(ledgerError));
    QVERIFY(!store.reconnect(&error));
    QCOMPARE(store.link(), LedgerLink::ReadOnlyStandby);

    primary.stop();
    QVERIFY2(standby.promote(), qPrintable(standby.errorString()));
    QDeadlineTimer deadline(30000);
    while (!store.reconnect(&error) && !deadline.hasExpired())
        QTest::qWait(200);
    QVERIFY2(store.isReachable(), qPrintable(error));
    QCOMPARE(store.link(), LedgerLink::Connected);
    QVERIFY(store.isListening());
    int notified = 0;
    store.setNotificationHandler([&notified] { ++notified; });
    QVERIFY(
        !standby.psql(QStringLiteral("NOTIFY filingdesk_ledger, '1'"), QStringLiteral("ha_ledger")).isNull());
    QTRY_VERIFY_WITH_TIMEOUT(notified >= 1, 5000);
    standby.stop();
}

void TestLedgerConnection::silentLinkIsFoundDeadWithinTheDeadline() {
    const QString db = freshDatabase("silent");
    fd::test::TcpProxy proxy;
    QVERIFY(proxy.start(m_pg.port()));
    LedgerStore store(endpointAt(proxy.port(), db), QStringLiteral("desk"), QStringLiteral("desk"), 60000);
    QString error, ledgerError;
    QVERIFY2(store.openTeam(m_dir.filePath(QStringLiteral("silent.sqlite")), &error, &ledgerError),
             qPrintable(error));
    QVERIFY2(ledgerError.isEmpty(), qPrintable(ledgerError));
    fd::LedgerMember self;
    QVERIFY2(store.beat(self, &error), qPrintable(error));

    proxy.blackhole(); // no RST, no FIN: the proxy's kernel even acknowledges what is sent
    QElapsedTimer took;
    took.start();
    QVERIFY(!store.beat(self, &error));
    const qint64 ms = took.elapsed();
    QVERIFY2(ms <= LedgerStore::kCallDeadlineMs + 5000, qPrintable(QString::number(ms)));
    QVERIFY(!store.isReachable());
    QCOMPARE(store.link(), LedgerLink::Unreachable);
    // The link comes back: the member reconnects by itself.
    proxy.restore();
    QVERIFY2(store.reconnect(&error), qPrintable(error));
    QVERIFY2(store.beat(self, &error), qPrintable(error));

    // The engine's heartbeat goes on the writer's connection (beatThen) and the engine thread does not wait
    // for it: a link gone silent is found by the writer's deadline all the same.
    QObject context;
    std::optional<QString> answer;
    const auto beatOnTheWriter = [&] {
        answer.reset();
        store.beatThen(self, &context, [&](const QString &beatError) { answer = beatError; });
        QVERIFY(!answer.has_value()); // answered later, on this thread
    };
    beatOnTheWriter();
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->isEmpty(), qPrintable(*answer));
    proxy.blackhole();
    beatOnTheWriter();
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), LedgerStore::kCallDeadlineMs + 5000);
    QVERIFY2(answer->startsWith(QLatin1String("heartbeat: ")), qPrintable(*answer));
    QVERIFY(!store.isReachable());
    QCOMPARE(store.link(), LedgerLink::Unreachable);
    proxy.restore();
    QVERIFY2(store.reconnect(&error), qPrintable(error));
    beatOnTheWriter();
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 20000);
    QVERIFY2(answer->isEmpty(), qPrintable(*answer));
    QVERIFY(store.isListening()); // the engine's own connection listens, untouched by the writer's heartbeats
}

void TestLedgerConnection::lockWaitIsNotUnreachable() {
    const QString db = freshDatabase("lockwait");
    auto store = member(db, QStringLiteral("desk"));
    QVERIFY(store);
    QString error;
    QStringList already;
    QVERIFY(store->admitTasks(fd::test::ledgerTasks(QStringLiteral("L"), 2), QStringLiteral("alice"),
                              &already, &error));
    int launched = 0;
    QVERIFY(
        !store->launchBatch({}, QStringLiteral("alice"), QStringLiteral("run"), &launched, &error).isEmpty());
    // Another session holds the tasks table for 6 s.
    QProcess holder;
    holder.start(
        QStandardPaths::findExecutable(QStringLiteral("psql")),
        {QStringLiteral("-X"), QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
         QString::number(m_pg.port()), QStringLiteral("-U"), QStringLiteral("fd"), QStringLiteral("-d"), db,
         QStringLiteral("-c"),
         QStringLiteral("BEGIN; LOCK TABLE tasks IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(6); COMMIT;")});
    QVERIFY(holder.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(
        count(db, QStringLiteral("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = "
                                 "l.relation WHERE c.relname = 'tasks' AND l.mode = "
                                 "'AccessExclusiveLock' AND l.granted")) == 1,
        5000);
    QElapsedTimer took;
    took.start();
    fd::WriteResult claimResult;
    const QList<FilingTask> claimed = store->claim(2, {}, &error, 0, {}, &claimResult);
    QVERIFY(claimed.isEmpty());
    QVERIFY(!error.isEmpty());
    QVERIFY2(took.elapsed() < 4000,
             qPrintable(QString::number(took.elapsed()))); // lock_timeout, not the lock
    QVERIFY(store->isReachable());
    QCOMPARE(store->link(), LedgerLink::WaitingOnLock);
    QCOMPARE(claimResult.failure, fd::WriteResult::Failure::Busy);
    QVERIFY(holder.waitForFinished(15000));
    const QList<FilingTask> later = store->claim(2, {}, &error);
    QCOMPARE(later.size(), qsizetype(2));
    QCOMPARE(store->link(), LedgerLink::Connected);
}

void TestLedgerConnection::failedPrepareReportsTheServersReason() {
    const QString db = freshDatabase("prepare");
    auto store = member(db, QStringLiteral("desk"));
    QVERIFY(store);
    QVERIFY(
        !m_pg.psql(QStringLiteral("ALTER TABLE audit RENAME COLUMN detail TO detail_renamed"), db).isNull());
    AuditEntry e;
    e.action = QStringLiteral("note");
    e.actor = QStringLiteral("alice");
    e.detail = QStringLiteral("x");
    QString error;
    QVERIFY(!store->appendAction(e, &error));
    QVERIFY2(error.contains(QLatin1String("detail")) && error.contains(QLatin1String("does not exist")),
             qPrintable(error));
    QVERIFY2(!error.contains(QLatin1String("syntax error")), qPrintable(error));
}

void TestLedgerConnection::reconnectPrintsNoDriverWarnings() {
    const QString db = freshDatabase("warnings");
    auto store = member(db, QStringLiteral("desk"));
    QVERIFY(store);
    QString error;
    QStringList already;
    QVERIFY(store->admitTasks(fd::test::ledgerTasks(QStringLiteral("W"), 2), QStringLiteral("alice"),
                              &already, &error));
    int launched = 0;
    QVERIFY(
        !store->launchBatch({}, QStringLiteral("alice"), QStringLiteral("run"), &launched, &error).isEmpty());
    QCOMPARE(store->claim(2, {}, &error).size(), qsizetype(2)); // prepared statements on this connection
    store->sync(100, &error);
    WarningLog log;
    // The server ends this member's session (a restart, a failover, an administrator).
    QVERIFY(!m_pg.psql(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                                      "application_name = 'filingdesk' AND datname = current_database()"),
                       db)
                 .isNull());
    fd::LedgerMember self;
    QVERIFY(!store->beat(self, &error));
    QVERIFY(!store->isReachable());
    QTest::qWait(300); // the event loop runs: a notifier on a closed socket would complain now
    QVERIFY2(store->reconnect(&error), qPrintable(error));
    QVERIFY2(store->beat(self, &error), qPrintable(error));
    // Again, while the member only waits in its event loop (a desk between two timers): the end of the
    // connection is noticed by its listener, at once, and nothing watches the closed socket.
    QVERIFY(!m_pg.psql(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                                      "application_name = 'filingdesk' AND datname = current_database()"),
                       db)
                 .isNull());
    QTRY_VERIFY_WITH_TIMEOUT(!store->isReachable(), 5000);
    QTest::qWait(300);
    QVERIFY2(store->reconnect(&error), qPrintable(error));
    QVERIFY(store->isListening());
    for (const QString &line : log.lines())
        QVERIFY2(!line.contains(QLatin1String("Unable to free statement")) &&
                     !line.contains(QLatin1String("Invalid socket")),
                 qPrintable(line));
}

void TestLedgerConnection::transactionPoolerIsRefusedSessionPoolerWorks() {
    const QString db = freshDatabase("pooled");
    {
        fd::test::PgBouncer bouncer;
        QVERIFY2(bouncer.start(m_pg, db, QStringLiteral("transaction")), qPrintable(bouncer.errorString()));
        LedgerStore store(endpointAt(bouncer.port(), db), QStringLiteral("desk"), QStringLiteral("desk"),
                          60000);
        QString error, ledgerError;
        QVERIFY(!store.openTeam(m_dir.filePath(QStringLiteral("pooled-t.sqlite")), &error, &ledgerError));
        QVERIFY2(error.contains(QLatin1String("pool_mode=session")), qPrintable(error));
        QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    }
    // No lock of ours outlives its transaction on a pooled server connection.
    QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")), 0);
    {
        fd::test::PgBouncer bouncer;
        QVERIFY2(bouncer.start(m_pg, db, QStringLiteral("session")), qPrintable(bouncer.errorString()));
        LedgerStore store(endpointAt(bouncer.port(), db), QStringLiteral("desk"), QStringLiteral("desk"),
                          60000);
        QString error, ledgerError;
        QVERIFY2(store.openTeam(m_dir.filePath(QStringLiteral("pooled-s.sqlite")), &error, &ledgerError),
                 qPrintable(error));
        QVERIFY2(store.isReachable(), qPrintable(ledgerError));
        QStringList already;
        QVERIFY2(store.admitTasks(fd::test::ledgerTasks(QStringLiteral("P"), 3), QStringLiteral("alice"),
                                  &already, &error),
                 qPrintable(error));
        int notified = 0;
        store.setNotificationHandler([&notified] { ++notified; });
        QVERIFY(!m_pg.psql(QStringLiteral("NOTIFY filingdesk_ledger, '1'"), db).isNull());
        QTRY_VERIFY_WITH_TIMEOUT(notified >= 1, 5000);
    }
}

void TestLedgerConnection::timesAreTheLedgersNotTheMembers() {
    // A member whose clock is 120 s fast: what the ledger stores is the ledger's clock, and a retry delay of
    // 2 s is 2 s from the ledger's now, not 122 s.
    const QString db = freshDatabase("clock");
    fd::ManualClock fast(QDateTime::currentDateTimeUtc().addSecs(120));
    LedgerStore store(fd::test::ledgerEndpoint(m_pg, db), QStringLiteral("fast"), QStringLiteral("worker"),
                      60000);
    store.setClock(&fast);
    QString error, ledgerError;
    QVERIFY2(store.openTeam(m_dir.filePath(QStringLiteral("clock.sqlite")), &error, &ledgerError),
             qPrintable(error));
    QStringList already;
    QList<FilingTask> tasks = fd::test::ledgerTasks(QStringLiteral("K"), 1);
    tasks[0].updatedUtc = fast.nowUtc();
    QVERIFY(store.admitTasks(tasks, QStringLiteral("engine"), &already, &error));
    int launched = 0;
    QVERIFY(
        !store.launchBatch({}, QStringLiteral("alice"), QStringLiteral("run"), &launched, &error).isEmpty());
    QList<FilingTask> claimed = store.claim(1, {}, &error);
    QCOMPARE(claimed.size(), qsizetype(1));
    FilingTask t = claimed.first();
    QVERIFY(fd::test::moveTask(store, t, ExecutionState::Validating, &error));
    QVERIFY(fd::test::moveTask(store, t, ExecutionState::Dispatching, &error));
    FilingTask retry = t;
    retry.state = ExecutionState::FailedTransient;
    retry.nextAttemptUtc = fast.nowUtc().addSecs(2); // the member means "in 2 s"
    retry.updatedUtc = fast.nowUtc();
    QVERIFY2(store.recordTransition(retry, ExecutionState::Dispatching, QStringLiteral("engine"),
                                    QStringLiteral("transition"), QString(), &error),
             qPrintable(error));
    const qint64 retryIn = count(
        db, QStringLiteral(
                "SELECT round(extract(epoch FROM next_attempt_at - clock_timestamp()) * 1000) FROM tasks"));
    QVERIFY2(retryIn > 0 && retryIn <= 2500, qPrintable(QString::number(retryIn)));
    // Every audit row's time is the ledger's, and rises with seq.
    const qint64 skewed = count(db, QStringLiteral("SELECT count(*) FROM audit WHERE abs(extract(epoch FROM "
                                                   "at_utc::timestamptz - clock_timestamp())) > 60"));
    QCOMPARE(skewed, 0);
    QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM audit a JOIN audit b ON b.seq = a.seq + 1 WHERE "
                                      "b.at_utc::timestamptz < a.at_utc::timestamptz")),
             0);
    // Read back, the retry time is the member's clock again: 2 s from its now.
    const QList<FilingTask> back = store.loadTasks(QStringList{t.key}, &error);
    QCOMPARE(back.size(), qsizetype(1));
    const qint64 localIn = fast.nowUtc().msecsTo(back.first().nextAttemptUtc);
    QVERIFY2(localIn > 0 && localIn <= 2500, qPrintable(QString::number(localIn)));
    QVERIFY(back.first().sentUtc.isValid());
    QVERIFY2(qAbs(back.first().sentUtc.secsTo(fast.nowUtc())) < 30,
             qPrintable(back.first().sentUtc.toString()));
    // The heartbeat's start time is the ledger's too.
    fd::LedgerMember self;
    QVERIFY(store.beat(self, &error));
    QCOMPARE(
        count(db, QStringLiteral("SELECT count(*) FROM members WHERE abs(extract(epoch FROM started_at - "
                                 "clock_timestamp())) > 60")),
        0);
}

QTEST_GUILESS_MAIN(TestLedgerConnection)
#include "tst_ledger_connection.moc"
