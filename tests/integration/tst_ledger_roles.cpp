// Who may do what in a team ledger, enforced by PostgreSQL itself (docs/roles.md), against a private
// PostgreSQL 15 with one login per group role:
// - a viewer's launch is refused with the role it needs (LedgerStore and `filingdesk launch`, exit 2);
// - direct writes (UPDATE tasks, INSERT INTO audit, CREATE in the schema, ...) by any member are refused by
// the
//   server, whatever role it holds;
// - an operator cannot resolve a halt; an approver can; segregation of duties refuses the launcher's own
//   resolution, and only an admin may turn it on (`filingdesk ledger set`, audited);
// - a worker whose environment says it is someone else writes rows whose login is its own;
// - `audit verify` as a viewer verifies the chain including login; `filingdesk ledger roles` lists who has
// what;
// - a ledger of schema 4 is migrated keeping every row and a verifiable chain;
// - a worker reads its password from libpq's password file (PGPASSFILE);
// - a worker logs in with a TLS client certificate (the setup docs/roles.md describes) and its rows carry the
//   certificate's login.
#include "cli_process.h"
#include "ledger_fixture.h"

#include "engine/ledger/ledger_schema.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QJsonArray>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#if defined(Q_OS_UNIX)
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

using fd::AuditStore;
using fd::ExecutionState;
using fd::FilingTask;
using fd::LedgerStore;
using fd::test::ChildProcess;
using fd::test::PostgresServer;

namespace {

const QString kLedger = QStringLiteral("team");

/// A QPSQL session as `login` (the test cluster trusts loopback logins), removed with this object.
class Session {
public:
    Session(const PostgresServer &server, const QString &login, const QString &database)
        : m_name(QStringLiteral("roles-") + QUuid::createUuid().toString(QUuid::Id128)) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(server.port());
        db.setDatabaseName(database);
        db.setUserName(login);
        db.setConnectOptions(QStringLiteral("sslmode=disable"));
        m_open = db.open();
        if (!m_open)
            m_error = db.lastError().text();
    }
    ~Session() {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    bool isOpen() const { return m_open; }
    QString error() const { return m_error; }
    /// Runs `sql`; the server's error text, or an empty string when it ran.
    QString refusal(const QString &sql) const {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        return q.exec(sql) ? QString() : q.lastError().text();
    }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }

private:
    QString m_name;
    bool m_open = false;
    QString m_error;
};

} // namespace

class TestLedgerRoles : public QObject {
    Q_OBJECT

    PostgresServer m_pg;
    QTemporaryDir m_dir;
    int m_members = 0;

    /// A LedgerStore of `database` logged in as `login`; null with *error when it cannot open.
    std::unique_ptr<LedgerStore> member(const QString &login, QString *error,
                                        const QString &database = kLedger) {
        fd::LedgerEndpoint e = fd::test::ledgerEndpoint(m_pg, database);
        e.user = login;
        auto store = std::make_unique<LedgerStore>(e, QStringLiteral("%1-%2").arg(login).arg(++m_members),
                                                   QStringLiteral("run"), 30000);
        QString ledgerError;
        if (!store->openTeam(
                QDir(m_dir.path()).filePath(QStringLiteral("%1-%2.sqlite").arg(login).arg(m_members)), error,
                &ledgerError))
            return nullptr;
        if (!ledgerError.isEmpty()) {
            *error = ledgerError;
            return nullptr;
        }
        return store;
    }

    /// Puts `rules` ahead of the cluster's pg_hba.conf rules (which trust every loopback login) and reloads.
    bool authenticateFirst(const QByteArray &rules) {
        const QString hba = m_pg.psql(QStringLiteral("SHOW hba_file"), kLedger);
        QFile file(hba);
        if (!file.open(QIODevice::ReadOnly))
            return false;
        const QByteArray before = file.readAll();
        file.close();
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(rules + before) < 0)
            return false;
        file.close();
        return m_pg.psql(QStringLiteral("SELECT pg_reload_conf()"), kLedger) == QLatin1String("t");
    }

    QString urlAs(const QString &login, const QString &database = kLedger) const {
        QString url = m_pg.url(database);
        url.replace(QStringLiteral("fd@"), login + QLatin1Char('@'));
        return url + QStringLiteral("?sslmode=disable");
    }

    int cli(const QStringList &args, ChildProcess &process, const QMap<QString, QString> &env = {}) {
        process.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), QString());
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            process.setEnv(it.key(), it.value());
        if (!process.start(fd::test::cliPath(), args) || !process.waitFinished(90000)) {
            process.kill();
            return -1;
        }
        return process.exitCode();
    }

    static QString portfolio() {
        return fd::test::sourcePath(
            QStringLiteral("tests/data/portfolios/ex21_315858_0000315858-19-000023.csv"));
    }

    /// Admits and launches `count` tasks as `login`; returns them as the ledger holds them (in the batch).
    QList<FilingTask> launched(LedgerStore &store, const QString &prefix, int count, QString *batchId) {
        QList<FilingTask> tasks = fd::test::ledgerTasks(prefix, count);
        QStringList already;
        QString error;
        if (!store.admitTasks(tasks, QStringLiteral("someone"), &already, &error)) {
            qWarning() << error;
            return {};
        }
        int n = 0;
        *batchId = store.launchBatch(fd::test::keysOf(tasks), QStringLiteral("someone"),
                                     QStringLiteral("test"), &n, &error);
        if (batchId->isEmpty()) {
            qWarning() << error;
            return {};
        }
        return store.loadTasks(fd::test::keysOf(tasks), &error);
    }

    /// The halted task as an approver resolves it (requeue after a cure).
    static fd::WriteResult resolve(LedgerStore &store, FilingTask task, QString *error) {
        const ExecutionState from = task.state;
        task.state = ExecutionState::Pending;
        return store.recordTransition(task, from, QStringLiteral("someone"),
                                      QStringLiteral("resolve_requeue"), QStringLiteral("agent renewed"),
                                      error);
    }

    /// Moves `task` (claimed by `store`) to FAILED_STATUTORY as the engine records a statutory halt.
    static bool halt(LedgerStore &store, FilingTask &task, QString *error) {
        return fd::test::moveTask(store, task, ExecutionState::Validating, error) &&
               fd::test::moveTask(store, task, ExecutionState::FailedStatutory, error);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
        QVERIFY(m_dir.isValid());
        QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
        QVERIFY(m_pg.createDatabase(kLedger));
        QString error;
        // The owner (the cluster's superuser here) creates the ledger, the current schema.
        auto owner = member(QStringLiteral("fd"), &error);
        QVERIFY2(owner, qPrintable(error));
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT version FROM ledger_schema"), kLedger),
                 QString::number(fd::LedgerSchema::kVersion));
        // One login per role, granted with plain SQL as docs/roles.md tells IT.
        const QString grants = QStringLiteral("CREATE ROLE vera LOGIN; GRANT filingdesk_viewer TO vera;"
                                              "CREATE ROLE olga LOGIN; GRANT filingdesk_operator TO olga;"
                                              "CREATE ROLE abe LOGIN; GRANT filingdesk_approver TO abe;"
                                              "CREATE ROLE ada LOGIN; GRANT filingdesk_approver TO ada;"
                                              "CREATE ROLE adam LOGIN; GRANT filingdesk_admin TO adam;"
                                              "CREATE ROLE wendy LOGIN; GRANT filingdesk_worker TO wendy;"
                                              "CREATE ROLE nobody LOGIN;");
        QVERIFY2(!m_pg.psql(grants, kLedger, &error).isNull(), qPrintable(error));
    }

    void eachLoginKnowsItsRoles_data() {
        QTest::addColumn<QString>("login");
        QTest::addColumn<QStringList>("roles");
        QTest::addColumn<QString>("shown");
        QTest::newRow("viewer") << "vera" << QStringList{"viewer"} << "vera · viewer";
        QTest::newRow("operator") << "olga" << QStringList{"viewer", "operator"} << "olga · operator";
        QTest::newRow("approver") << "abe" << QStringList{"viewer", "operator", "approver"}
                                  << "abe · approver";
        QTest::newRow("admin") << "adam" << QStringList{"viewer", "operator", "approver", "admin"}
                               << "adam · admin";
        QTest::newRow("worker") << "wendy" << QStringList{"viewer", "worker"} << "wendy · worker";
    }
    void eachLoginKnowsItsRoles() {
        QFETCH(QString, login);
        QFETCH(QStringList, roles);
        QFETCH(QString, shown);
        QString error;
        auto store = member(login, &error);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(store->access().login, login);
        QCOMPARE(store->access().roles, roles);
        QCOMPARE(store->access().displayName(), shown);
    }

    void aLoginWithoutARoleIsToldWhatToAskFor() {
        QString error;
        auto store = member(QStringLiteral("nobody"), &error);
        QVERIFY(!store);
        QVERIFY2(error.contains(QLatin1String("no FilingDesk role")) &&
                     error.contains(QLatin1String("GRANT filingdesk_viewer TO nobody")),
                 qPrintable(error));
    }

    void viewerLaunchIsRefusedWithItsReason() {
        QString error;
        auto viewer = member(QStringLiteral("vera"), &error);
        QVERIFY2(viewer, qPrintable(error));
        QVERIFY(!viewer->access().allows(fd::TeamAction::Launch));
        QCOMPARE(viewer->access().refusal(fd::TeamAction::Launch),
                 QStringLiteral("needs the operator role (vera has: viewer)"));
        // The console would not offer it; the ledger refuses it anyway.
        QStringList already;
        const fd::WriteResult admitted = viewer->admitTasks(fd::test::ledgerTasks(QStringLiteral("V"), 2),
                                                            QStringLiteral("vera"), &already, &error);
        QVERIFY(!admitted);
        QCOMPARE(admitted.failure, fd::WriteResult::Failure::Refused);
        QVERIFY2(error.contains(QLatin1String("admit needs the filingdesk_operator role; vera has "
                                              "filingdesk_viewer")),
                 qPrintable(error));
        QVERIFY(viewer->isReachable()); // refused is not unreachable
        int count = 0;
        fd::WriteResult launched;
        QVERIFY(
            viewer->launchBatch({}, QStringLiteral("vera"), QString(), &count, &error, &launched).isEmpty());
        QCOMPARE(launched.failure, fd::WriteResult::Failure::Refused);
        QVERIFY2(error.contains(QLatin1String("batch_launch needs the filingdesk_operator role")),
                 qPrintable(error));

        // The command line says the same, exit 2, and nothing is in the ledger.
        const QString tasksBefore = m_pg.psql(QStringLiteral("SELECT count(*) FROM tasks"), kLedger);
        ChildProcess launch;
        QCOMPARE(cli({QStringLiteral("launch"), QStringLiteral("--ledger"), urlAs(QStringLiteral("vera")),
                      QStringLiteral("--portfolio"), portfolio(), QStringLiteral("--as-of"),
                      QStringLiteral("2027-02-15")},
                     launch),
                 2);
        QVERIFY2(launch.standardError().contains(QLatin1String("needs the filingdesk_operator role")),
                 qPrintable(launch.describe()));
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT count(*) FROM tasks"), kLedger), tasksBefore);

        // Importing into the team's entity register is an operator's too: exit 2, the register unchanged.
        const QString csv = QDir(m_dir.path()).filePath(QStringLiteral("register.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,jurisdiction,registered_agent\nr1,\"Acme, Inc.\",Delaware,CT "
                "Corporation\n");
        f.close();
        ChildProcess import;
        QCOMPARE(cli({QStringLiteral("entities"), QStringLiteral("import"), csv, QStringLiteral("--ledger"),
                      urlAs(QStringLiteral("vera")), QStringLiteral("--reason"), QStringLiteral("load")},
                     import),
                 2);
        QVERIFY2(import.standardError().contains(QLatin1String("needs the filingdesk_operator role")),
                 qPrintable(import.describe()));
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT count(*) FROM entities WHERE in_register"), kLedger),
                 QStringLiteral("0"));
        ChildProcess byOperator;
        QCOMPARE(cli({QStringLiteral("entities"), QStringLiteral("import"), csv, QStringLiteral("--ledger"),
                      urlAs(QStringLiteral("olga")), QStringLiteral("--reason"), QStringLiteral("load")},
                     byOperator),
                 0);
        QCOMPARE(m_pg.psql(QStringLiteral(
                               "SELECT updated_by || ' ' || (SELECT login FROM audit WHERE action = "
                               "'entity_add' ORDER BY seq DESC LIMIT 1) FROM entities WHERE in_register"),
                           kLedger)
                     .section(QLatin1Char(' '), 1),
                 QStringLiteral("olga"));
    }

    void directWritesAreRefusedByTheServer_data() {
        QTest::addColumn<QString>("login");
        QTest::addColumn<QString>("sql");
        const QStringList logins{QStringLiteral("vera"), QStringLiteral("olga"), QStringLiteral("abe"),
                                 QStringLiteral("adam"), QStringLiteral("wendy")};
        const QList<std::pair<const char *, const char *>> writes{
            {"update a task", "UPDATE tasks SET state = 'COMPLETED'"},
            {"insert an audit row",
             "INSERT INTO audit(at_utc, action, actor, prev_hash, row_hash) VALUES ('', 'x', 'x', '', '')"},
            {"move the chain head", "UPDATE audit_head SET last_seq = 0"},
            {"delete a review claim", "DELETE FROM review_claims"},
            {"change a setting", "UPDATE team_settings SET value = 'off'"},
            {"plant a table in the schema", "CREATE TABLE public.tasks_shadow (k text)"},
            {"plant a function in the schema",
             "CREATE FUNCTION public.now() RETURNS timestamptz LANGUAGE sql AS 'SELECT NULL::timestamptz'"},
            {"call a chain helper", "SELECT filingdesk_roles_of('vera')"},
        };
        for (const QString &login : logins)
            for (const auto &[what, sql] : writes)
                QTest::addRow("%s: %s", qPrintable(login), what) << login << QString::fromLatin1(sql);
    }
    void directWritesAreRefusedByTheServer() {
        QFETCH(QString, login);
        QFETCH(QString, sql);
        Session session(m_pg, login, kLedger);
        QVERIFY2(session.isOpen(), qPrintable(session.error()));
        const QString refusal = session.refusal(sql);
        QVERIFY2(refusal.contains(QLatin1String("permission denied")),
                 qPrintable(sql + QLatin1String(": ") + refusal));
    }

    void definerFunctionsAreClosed() {
        // Every definer function pins its search_path; no filingdesk_ function is executable by PUBLIC.
        const QString unpinned = m_pg.psql(
            QStringLiteral(
                "SELECT count(*) FROM pg_proc WHERE proname LIKE 'filingdesk\\_%' AND prosecdef AND NOT "
                "coalesce(proconfig::text LIKE '%search_path=pg_catalog, public, pg_temp%', false)"),
            kLedger);
        QCOMPARE(unpinned, QStringLiteral("0"));
        const QString publicExecute =
            m_pg.psql(QStringLiteral("SELECT count(*) FROM pg_proc WHERE proname LIKE 'filingdesk\\_%' AND "
                                     "has_function_privilege('public', oid, 'EXECUTE')"),
                      kLedger);
        QCOMPARE(publicExecute, QStringLiteral("0"));
        QCOMPARE(
            m_pg.psql(QStringLiteral("SELECT has_schema_privilege('public', 'public', 'CREATE')"), kLedger),
            QStringLiteral("f"));
        QVERIFY(
            m_pg.psql(QStringLiteral("SELECT count(*) FROM pg_proc WHERE proname LIKE 'filingdesk\\_%' AND "
                                     "prosecdef"),
                      kLedger)
                .toInt() >= 15);
    }

    void operatorCannotResolveAHaltAnApproverCan() {
        QString error, batch;
        auto op = member(QStringLiteral("olga"), &error);
        QVERIFY2(op, qPrintable(error));
        QList<FilingTask> tasks = launched(*op, QStringLiteral("OP"), 2, &batch);
        QCOMPARE(tasks.size(), 2);
        // An operator's desk files: it claims and records the halt.
        const QList<FilingTask> claimed = op->claim(2, {}, &error);
        QCOMPARE(claimed.size(), 2);
        FilingTask task = claimed.first();
        QVERIFY2(halt(*op, task, &error), qPrintable(error));
        const fd::WriteResult resolved = resolve(*op, task, &error);
        QVERIFY(!resolved);
        QCOMPARE(resolved.failure, fd::WriteResult::Failure::Refused);
        QVERIFY2(error.contains(QLatin1String("resolve_requeue needs the filingdesk_approver role; olga has "
                                              "filingdesk_operator")),
                 qPrintable(error));
        // Nor by SQL: the function refuses it for the login, whatever arguments it is given.
        Session sql(m_pg, QStringLiteral("olga"), kLedger);
        QVERIFY(
            sql.refusal(QStringLiteral("SELECT filingdesk_set_team_setting('segregation_of_duties', 'on', "
                                       "'x', 'h', 'd', 'r')"))
                .contains(QLatin1String("team_setting needs the filingdesk_admin role")));

        auto approver = member(QStringLiteral("abe"), &error);
        QVERIFY2(approver, qPrintable(error));
        const QList<FilingTask> fresh = approver->loadTasks({task.key}, &error);
        QCOMPARE(fresh.size(), 1);
        QVERIFY2(resolve(*approver, fresh.first(), &error), qPrintable(error));
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT login FROM audit WHERE action = 'resolve_requeue' AND "
                                          "idempotency_key = '%1'")
                               .arg(task.key),
                           kLedger),
                 QStringLiteral("abe"));
    }

    void segregationOfDutiesRefusesTheLaunchersOwnResolution() {
        // Only an admin turns it on; the change is audited with the value before.
        ChildProcess notAdmin;
        QCOMPARE(
            cli({QStringLiteral("ledger"), QStringLiteral("set"), QStringLiteral("segregation_of_duties"),
                 QStringLiteral("on"), QStringLiteral("--ledger"), urlAs(QStringLiteral("abe")),
                 QStringLiteral("--reason"), QStringLiteral("SOX 404")},
                notAdmin),
            2);
        QVERIFY2(notAdmin.standardError().contains(QLatin1String("needs the filingdesk_admin role")),
                 qPrintable(notAdmin.describe()));
        ChildProcess admin;
        QCOMPARE(
            cli({QStringLiteral("ledger"), QStringLiteral("set"), QStringLiteral("segregation_of_duties"),
                 QStringLiteral("on"), QStringLiteral("--ledger"), urlAs(QStringLiteral("adam")),
                 QStringLiteral("--reason"), QStringLiteral("SOX 404")},
                admin),
            0);
        QCOMPARE(
            m_pg.psql(QStringLiteral("SELECT login || ' ' || detail || ' ' || reason FROM audit WHERE action "
                                     "= 'team_setting' ORDER BY seq DESC LIMIT 1"),
                      kLedger),
            QStringLiteral("adam segregation_of_duties: off -> on SOX 404"));

        QString error, batch;
        auto launcher = member(QStringLiteral("abe"), &error);
        QVERIFY2(launcher, qPrintable(error));
        launched(*launcher, QStringLiteral("SOD"), 1, &batch);
        QVERIFY(!batch.isEmpty());
        QList<FilingTask> claimed = launcher->claim(5, {}, &error);
        FilingTask task;
        for (const FilingTask &t : claimed)
            if (t.key.startsWith(fd::test::ledgerTask(QStringLiteral("SOD"), 0).key.left(12)) ||
                t.obligation.entity->entityId.startsWith(QLatin1String("SOD")))
                task = t;
        QVERIFY(!task.key.isEmpty());
        QVERIFY2(halt(*launcher, task, &error), qPrintable(error));
        const fd::WriteResult resolved = resolve(*launcher, task, &error);
        QVERIFY(!resolved);
        QCOMPARE(resolved.failure, fd::WriteResult::Failure::Refused);
        QVERIFY2(error.contains(QLatin1String("segregation of duties: abe launched batch %1").arg(batch)),
                 qPrintable(error));
        // Another approver may.
        auto other = member(QStringLiteral("ada"), &error);
        QVERIFY2(other, qPrintable(error));
        const QList<FilingTask> fresh = other->loadTasks({task.key}, &error);
        QCOMPARE(fresh.size(), 1);
        QVERIFY2(resolve(*other, fresh.first(), &error), qPrintable(error));

        ChildProcess off;
        QCOMPARE(
            cli({QStringLiteral("ledger"), QStringLiteral("set"), QStringLiteral("segregation_of_duties"),
                 QStringLiteral("off"), QStringLiteral("--ledger"), urlAs(QStringLiteral("adam")),
                 QStringLiteral("--reason"), QStringLiteral("end of test")},
                off),
            0);
    }

    void workerRowsCarryItsOwnLogin() {
        // The worker's environment claims to be someone else: the actor field says so, the login does not.
        const QByteArray userBefore = qgetenv("USER");
        qputenv("USER", "mallory");
        QString error, batch;
        auto op = member(QStringLiteral("olga"), &error);
        QVERIFY2(op, qPrintable(error));
        launched(*op, QStringLiteral("WK"), 2, &batch);
        auto worker = member(QStringLiteral("wendy"), &error);
        QVERIFY2(worker, qPrintable(error));
        QVERIFY(worker->access().allows(fd::TeamAction::File));
        QVERIFY(!worker->access().allows(fd::TeamAction::Launch));
        QList<FilingTask> claimed = worker->claim(10, {}, &error);
        QVERIFY2(!claimed.isEmpty(), qPrintable(error));
        FilingTask task = claimed.first();
        QVERIFY2(fd::test::moveTask(*worker, task, ExecutionState::Validating, &error), qPrintable(error));
        // A worker does nothing an operator does.
        int n = 0;
        QVERIFY(worker->launchBatch({}, QStringLiteral("mallory"), QString(), &n, &error).isEmpty());
        QVERIFY2(error.contains(QLatin1String("batch_launch needs the filingdesk_operator role; wendy has "
                                              "filingdesk_viewer, filingdesk_worker")),
                 qPrintable(error));
        qputenv("USER", userBefore);
        const QString rows =
            m_pg.psql(QStringLiteral("SELECT string_agg(DISTINCT login, ',') FROM audit WHERE "
                                     "desk = '%1'")
                          .arg(worker->memberId()),
                      kLedger);
        QCOMPARE(rows, QStringLiteral("wendy"));
    }

    void auditVerifyAsAViewer() {
        ChildProcess verify;
        QCOMPARE(cli({QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--ledger"),
                      urlAs(QStringLiteral("vera")), QStringLiteral("--json")},
                     verify),
                 0);
        const QJsonObject json = verify.json();
        QVERIFY2(json.value(QLatin1String("ok")).toBool(true), qPrintable(verify.describe()));
        // Every login that wrote is in the trail, and covered by the hashes just verified.
        const QString logins = m_pg.psql(
            QStringLiteral("SELECT string_agg(DISTINCT login, ',' ORDER BY login) FROM audit"), kLedger);
        for (const char *login : {"abe", "ada", "adam", "olga", "wendy"})
            QVERIFY2(logins.split(QLatin1Char(',')).contains(QLatin1String(login)), qPrintable(logins));
    }

    void rolesCommandListsWhoHasWhat() {
        ChildProcess roles;
        QCOMPARE(cli({QStringLiteral("ledger"), QStringLiteral("roles"), QStringLiteral("--ledger"),
                      urlAs(QStringLiteral("vera")), QStringLiteral("--json")},
                     roles),
                 0);
        QHash<QString, QString> role;
        for (const QJsonValue &v : roles.json().value(QLatin1String("logins")).toArray())
            role.insert(v.toObject().value(QLatin1String("login")).toString(),
                        v.toObject().value(QLatin1String("role")).toString());
        QCOMPARE(role.value(QStringLiteral("vera")), QStringLiteral("viewer"));
        QCOMPARE(role.value(QStringLiteral("olga")), QStringLiteral("operator"));
        QCOMPARE(role.value(QStringLiteral("abe")), QStringLiteral("approver"));
        QCOMPARE(role.value(QStringLiteral("adam")), QStringLiteral("admin"));
        QCOMPARE(role.value(QStringLiteral("wendy")), QStringLiteral("worker"));
        QCOMPARE(role.value(QStringLiteral("fd")), QStringLiteral("superuser"));
        QVERIFY(!role.contains(QStringLiteral("nobody")));
        QCOMPARE(roles.json()
                     .value(QLatin1String("team_settings"))
                     .toObject()
                     .value(QLatin1String("segregation_of_duties"))
                     .toObject()
                     .value(QLatin1String("value"))
                     .toString(),
                 QStringLiteral("off"));
        ChildProcess text;
        QCOMPARE(cli({QStringLiteral("ledger"), QStringLiteral("roles"), QStringLiteral("--ledger"),
                      urlAs(QStringLiteral("olga"))},
                     text),
                 0);
        QVERIFY2(text.standardOutput().contains("olga") && text.standardOutput().contains("operator"),
                 text.standardOutput().constData());
    }

    void schemaFourIsMigratedKeepingItsChain() {
        const QString old = QStringLiteral("before_roles");
        QVERIFY(m_pg.createDatabase(old));
        {
            Session owner(m_pg, QStringLiteral("fd"), old);
            QVERIFY2(owner.isOpen(), qPrintable(owner.error()));
            QSqlDatabase db = owner.db();
            QString error;
            QVERIFY2(fd::LedgerSchema::migrate(db, &error, 4), qPrintable(error));
            // A ledger in use by schema-4 members: a batch, a task, audit rows written directly as they did.
            const QString seed = QStringLiteral(
                "INSERT INTO batches(batch_id, status, launched_by, launched_host, launched_desk) VALUES "
                "('b4', 'running', 'pat', 'h', 'd');"
                "INSERT INTO tasks(idempotency_key, entity_id, jurisdiction, state, batch_id, score, "
                "due_date, "
                "obligation_json) VALUES ('k4', 'E4', 'US-DE', 'PENDING', 'b4', 1, '2027-03-01', '{}');"
                "INSERT INTO audit(at_utc, idempotency_key, entity_id, action, actor) VALUES ('', 'k4', "
                "'E4', "
                "'admit', 'pat');"
                "INSERT INTO audit(at_utc, action, actor, detail) VALUES ('', 'batch_launch', 'pat', 'batch "
                "b4');");
            QVERIFY2(owner.refusal(seed).isEmpty(), qPrintable(owner.refusal(seed)));
        }
        const QString headBefore =
            m_pg.psql(QStringLiteral("SELECT last_seq || ' ' || last_hash FROM audit_head"), old);
        QString error;
        auto owner = member(QStringLiteral("fd"), &error, old);
        QVERIFY2(owner, qPrintable(error));
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT version FROM ledger_schema"), old),
                 QString::number(fd::LedgerSchema::kVersion));
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT last_seq || ' ' || last_hash FROM audit_head"), old),
                 headBefore);
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT count(*) FROM audit"), old), QStringLiteral("2"));
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT count(*) FROM tasks"), old), QStringLiteral("1"));
        // The roles hold on the migrated ledger too, and a viewer verifies its whole chain.
        Session viewer(m_pg, QStringLiteral("vera"), old);
        QVERIFY(viewer.refusal(QStringLiteral("UPDATE tasks SET state = 'COMPLETED'"))
                    .contains(QLatin1String("permission denied")));
        ChildProcess verify;
        QCOMPARE(cli({QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--ledger"),
                      urlAs(QStringLiteral("vera"), old)},
                     verify),
                 0);
    }

    void workerReadsItsPasswordFromAPasswordFile() {
        // A worker's password in libpq's password file (docs/roles.md), never in the URL or on the command
        // line.
        QString error;
        QVERIFY2(!m_pg.psql(QStringLiteral("CREATE ROLE pia LOGIN PASSWORD 'correct horse'; GRANT "
                                           "filingdesk_viewer TO pia"),
                            kLedger, &error)
                      .isNull(),
                 qPrintable(error));
        QVERIFY(authenticateFirst("host all pia 127.0.0.1/32 scram-sha-256\n"));
        const QString passFile = QDir(m_dir.path()).filePath(QStringLiteral("pgpass"));
        QFile pass(passFile);
        QVERIFY(pass.open(QIODevice::WriteOnly));
        pass.write(
            QStringLiteral("127.0.0.1:%1:%2:pia:correct horse\n").arg(m_pg.port()).arg(kLedger).toUtf8());
        pass.close();
        QVERIFY(pass.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        // Without the file the password is missing (once the server has reloaded its rules): exit 3.
        auto withoutPasswordFile = [&] {
            ChildProcess without;
            return cli({QStringLiteral("ledger"), QStringLiteral("roles"), QStringLiteral("--ledger"),
                        urlAs(QStringLiteral("pia"))},
                       without, {{QStringLiteral("PGPASSFILE"), QStringLiteral("/nonexistent")}});
        };
        QTRY_COMPARE_WITH_TIMEOUT(withoutPasswordFile(), 3, 10000);
        ChildProcess with;
        QCOMPARE(cli({QStringLiteral("ledger"), QStringLiteral("roles"), QStringLiteral("--ledger"),
                      urlAs(QStringLiteral("pia"))},
                     with, {{QStringLiteral("PGPASSFILE"), passFile}}),
                 0);
        QVERIFY2(with.standardOutput().contains("pia"), with.standardOutput().constData());
    }

    void workerLogsInWithATlsClientCertificate() {
        // docs/roles.md, "TLS client certificates": a CA, the server's certificate, and one for the login.
        QTemporaryDir tls;
        QVERIFY(tls.isValid());
        const QDir dir(tls.path());
        auto openssl = [&](const QStringList &args) {
            QProcess p;
            p.setWorkingDirectory(tls.path());
            p.start(QStringLiteral("openssl"), args);
            if (!p.waitForFinished(30000) || p.exitCode() != 0)
                return QString::fromUtf8(p.readAllStandardError()) + QStringLiteral(" (openssl ") +
                       args.join(QLatin1Char(' ')) + QLatin1Char(')');
            return QString();
        };
        for (const QStringList &args :
             QList<QStringList>{{"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out",
                                 "ca.crt", "-days", "2", "-subj", "/CN=FilingDesk test CA"},
                                {"req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key",
                                 "-out", "server.csr", "-subj", "/CN=127.0.0.1"},
                                {"x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                                 "-CAcreateserial", "-days", "2", "-out", "server.crt"},
                                {"req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", "certworker.key",
                                 "-out", "certworker.csr", "-subj", "/CN=certworker"},
                                {"x509", "-req", "-in", "certworker.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
                                 "-CAcreateserial", "-days", "2", "-out", "certworker.crt"}}) {
            const QString failed = openssl(args);
            QVERIFY2(failed.isEmpty(), qPrintable(failed));
        }
#if defined(Q_OS_UNIX)
        // The server reads its key as the postgres system user when the tests run as root: the key must be
        // owned by root and readable by that user's group only (0640), or owned by the server's user (0600).
        QVERIFY(::chmod(QFile::encodeName(tls.path()).constData(), 0755) == 0);
        for (const char *name : {"ca.crt", "server.crt", "certworker.crt"})
            QVERIFY(::chmod(QFile::encodeName(dir.filePath(QLatin1String(name))).constData(), 0644) == 0);
        const QByteArray serverKey = QFile::encodeName(dir.filePath(QStringLiteral("server.key")));
        if (::geteuid() == 0) {
            const passwd *pg = ::getpwnam("postgres");
            QVERIFY(pg);
            QVERIFY(::chown(serverKey.constData(), 0, pg->pw_gid) == 0);
            QVERIFY(::chmod(serverKey.constData(), 0640) == 0);
        } else {
            QVERIFY(::chmod(serverKey.constData(), 0600) == 0);
        }
        QVERIFY(::chmod(QFile::encodeName(dir.filePath(QStringLiteral("certworker.key"))).constData(),
                        0600) == 0);
#endif
        QString error;
        const QString setup =
            QStringLiteral("ALTER SYSTEM SET ssl = on; ALTER SYSTEM SET ssl_cert_file = '%1'; "
                           "ALTER SYSTEM SET ssl_key_file = '%2'; ALTER SYSTEM SET ssl_ca_file = '%3';")
                .arg(dir.filePath(QStringLiteral("server.crt")), dir.filePath(QStringLiteral("server.key")),
                     dir.filePath(QStringLiteral("ca.crt")));
        for (const QString &statement : setup.split(QLatin1Char(';'), Qt::SkipEmptyParts))
            QVERIFY2(!m_pg.psql(statement.trimmed(), kLedger, &error).isNull(), qPrintable(error));
        // Certificate logins only for this login: its certificate's CN is the login name.
        QVERIFY(authenticateFirst(
            "hostssl all certworker 127.0.0.1/32 cert\nhost all certworker 127.0.0.1/32 reject\n"));
        QVERIFY2(
            !m_pg.psql(QStringLiteral("CREATE ROLE certworker LOGIN; GRANT filingdesk_worker TO certworker"),
                       kLedger, &error)
                 .isNull(),
            qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(m_pg.psql(QStringLiteral("SHOW ssl"), kLedger), QStringLiteral("on"),
                                  10000);

        const QString base = m_pg.url(kLedger).replace(QStringLiteral("fd@"), QStringLiteral("certworker@"));
        const QString withCertificate =
            base + QStringLiteral("?sslmode=verify-ca&sslcert=%1&sslkey=%2&sslrootcert=%3")
                       .arg(dir.filePath(QStringLiteral("certworker.crt")),
                            dir.filePath(QStringLiteral("certworker.key")),
                            dir.filePath(QStringLiteral("ca.crt")));
        fd::LedgerEndpoint endpoint;
        QVERIFY2(fd::LedgerEndpoint::parse(withCertificate, &endpoint, &error), qPrintable(error));
        QString batch;
        auto op = member(QStringLiteral("olga"), &error);
        QVERIFY2(op, qPrintable(error));
        launched(*op, QStringLiteral("TLS"), 1, &batch);
        {
            LedgerStore worker(endpoint, QStringLiteral("certworker-1"), QStringLiteral("worker"), 30000);
            QString ledgerError;
            QVERIFY2(worker.openTeam(dir.filePath(QStringLiteral("certworker.sqlite")), &error, &ledgerError),
                     qPrintable(error));
            QVERIFY2(ledgerError.isEmpty(), qPrintable(ledgerError));
            QCOMPARE(worker.access().login, QStringLiteral("certworker"));
            QVERIFY(!worker.claim(10, {}, &error).isEmpty());
        }
        QCOMPARE(m_pg.psql(QStringLiteral("SELECT DISTINCT login FROM audit WHERE desk = 'certworker-1'"),
                           kLedger),
                 QStringLiteral("certworker"));
        // Without its certificate the same login is refused by the server.
        fd::LedgerEndpoint plain;
        QVERIFY(fd::LedgerEndpoint::parse(base + QStringLiteral("?sslmode=require"), &plain, &error));
        LedgerStore refused(plain, QStringLiteral("certworker-2"), QStringLiteral("worker"), 30000);
        QString ledgerError;
        const bool opened =
            refused.openTeam(dir.filePath(QStringLiteral("refused.sqlite")), &error, &ledgerError);
        QVERIFY2(!opened || !ledgerError.isEmpty(), "a certificate login without its certificate got in");
        // A certificate file that is not there is named when the URL is read.
        QVERIFY(!fd::LedgerEndpoint::parse(base + QStringLiteral("?sslcert=/nonexistent/worker.crt"), &plain,
                                           &error));
        QVERIFY2(error.contains(QLatin1String("sslcert \"/nonexistent/worker.crt\" is not a file")),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestLedgerRoles)
#include "tst_ledger_roles.moc"
