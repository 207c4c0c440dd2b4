// The team's entity register in the ledger (LedgerStore::loadRegister/applyRegister, ledger schema 3) against
// a real PostgreSQL 15 started for the test (support/postgres_server.h): an update written by one member is
// what every other member reads; its audit rows are in the hash chain with the person and the reason;
// admission never changes a record of the register; a refused update (a statement the ledger rejects, a lock
// held elsewhere, the ledger stopped) leaves nothing behind, and a member reads its mirror's copy while the
// ledger is down; and `filingdesk entities import/export --ledger` through the real CLI. Every test works on
// its own database.
#include "cli_process.h"
#include "engine/core/host_identity.h"
#include "engine/ledger/chain_verifier.h"
#include "engine/ledger/ledger_register_write.h"
#include "engine/ledger/ledger_schema.h"
#include "engine/register/register_merge.h"
#include "ledger_fixture.h"

#include <QtCore/QDeadlineTimer>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <functional>
#include <latch>
#include <memory>

using fd::AuditEntry;
using fd::AuditStore;
using fd::Entity;
using fd::FilingTask;
using fd::LedgerStore;
using fd::RegisterChange;
using fd::RegisterConflict;
using fd::RegisterUpdate;
using fd::test::openMember;
using fd::test::PgConnection;
using fd::test::PostgresServer;

namespace {

Entity entityOf(const QString &prefix, int i) {
    Entity e = fd::test::ledgerTask(prefix, i).obligation.entity;
    e.registeredAgent = QStringLiteral("CT Corporation");
    e.owner = QStringLiteral("Ana Diaz");
    return e;
}

/// The update that adds `e` to the register, as an import of `source` writes it.
RegisterUpdate addition(const Entity &e, const QString &source = QStringLiteral("entities.csv")) {
    RegisterUpdate u;
    u.records = {e};
    u.added = {e.entityId};
    u.changes = {
        RegisterChange{e.entityId, QStringLiteral("registered_agent"), QString(), e.registeredAgent}};
    u.action = QStringLiteral("entity_import");
    u.source = source;
    return u;
}

RegisterConflict ownerConflict(const Entity &e) {
    return RegisterConflict{e.entityId,
                            e.name,
                            QStringLiteral("owner"),
                            e.owner,
                            QStringLiteral("Ann Diaz"),
                            QStringLiteral("portfolio.csv:2"),
                            QDateTime::currentDateTimeUtc(),
                            QDateTime()};
}

} // namespace

class TestLedgerRegister : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void updateIsSeenByEveryMember();
    void sameUpdateFromTwoMembersAtOnce();
    void admissionLeavesRegisterRecords();
    void refusedUpdateWritesNothing();
    void lockedRecordIsBusyAndWritesNothing();
    void aWriteOnTheWriterWaitsOutAnotherMembersWrite();
    void anEditKeepsWhatAnotherMemberChangedMeanwhile();
    void aFillOntoAFieldFilledMeanwhileIsAConflict();
    void cliImportExportThroughLedger();
    void stoppedLedgerWritesNothingAndMirrorIsRead(); // last: stops and restarts the server

private:
    QString freshDatabase(const char *name);
    std::unique_ptr<LedgerStore> member(const QString &database, const QString &name);
    QString scalar(const QString &database, const QString &sql);
    /// The ledger's whole chain checked as `audit verify` does; empty when intact, else the problem.
    QString chainProblem(const QString &database);
    QList<AuditEntry> ledgerRows(const QString &database, const QString &action);

    PostgresServer m_pg;
    QTemporaryDir m_dir;
    int m_databases = 0;
};

void TestLedgerRegister::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")),
             "Qt's PostgreSQL driver is missing (Debian: libqt6sql6-psql)");
    QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
}

QString TestLedgerRegister::freshDatabase(const char *name) {
    const QString db = QStringLiteral("register_%1_%2").arg(QString::fromLatin1(name)).arg(++m_databases);
    return m_pg.createDatabase(db) ? db : QString();
}

std::unique_ptr<LedgerStore> TestLedgerRegister::member(const QString &database, const QString &name) {
    QString error;
    auto store = openMember(m_pg, database, name, QDir(m_dir.path()), 60000, &error);
    if (!store)
        qWarning("member %s of %s: %s", qPrintable(name), qPrintable(database), qPrintable(error));
    return store;
}

QString TestLedgerRegister::scalar(const QString &database, const QString &sql) {
    QString error;
    const QString out = m_pg.psql(sql, database, &error);
    if (out.isNull())
        qWarning("psql %s: %s", qPrintable(sql), qPrintable(error));
    return out;
}

QString TestLedgerRegister::chainProblem(const QString &database) {
    auto reader = member(database, QStringLiteral("reader"));
    if (!reader)
        return QStringLiteral("cannot open the ledger");
    fd::ChainVerifier verifier(QStringLiteral("ledger"));
    QString error;
    reader->sealAudit(&error); // what the writers left unsealed, as any member's sealer would
    const QList<AuditEntry> rows = reader->ledgerAudit(1, 100000, &error);
    if (!error.isEmpty())
        return error;
    for (const AuditEntry &row : rows)
        verifier.add(row);
    qint64 headSeq = 0;
    QString headHash;
    if (!reader->chainHead(&headSeq, &headHash, &error))
        return error;
    verifier.checkHead(headSeq, headHash);
    return verifier.problem();
}

QList<AuditEntry> TestLedgerRegister::ledgerRows(const QString &database, const QString &action) {
    auto reader = member(database, QStringLiteral("reader"));
    if (!reader)
        return {};
    QString error;
    QList<AuditEntry> out;
    reader->sealAudit(&error);
    for (const AuditEntry &row : reader->ledgerAudit(1, 100000, &error)) {
        if (row.action == action)
            out.append(row);
    }
    return out;
}

void TestLedgerRegister::updateIsSeenByEveryMember() {
    const QString db = freshDatabase("shared");
    QVERIFY(!db.isEmpty());
    auto a = member(db, QStringLiteral("desk-a"));
    auto b = member(db, QStringLiteral("desk-b"));
    QVERIFY(a && b);
    QCOMPARE(scalar(db, QStringLiteral("SELECT version FROM ledger_schema")),
             QString::number(fd::LedgerSchema::kVersion));

    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    QString error;
    QVERIFY2(b->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QVERIFY(entities.isEmpty() && conflicts.isEmpty());

    // A adds two entities (an import) ...
    const Entity first = entityOf(QStringLiteral("REG"), 0);
    RegisterUpdate add = addition(first);
    add.records.append(entityOf(QStringLiteral("REG"), 1));
    add.added.append(add.records.last().entityId);
    const fd::WriteResult loaded =
        a->applyRegister(add, QStringLiteral("alice"), QStringLiteral("first load"), &error);
    QVERIFY2(loaded, qPrintable(error));
    QCOMPARE(loaded.failure, fd::WriteResult::Failure::None);
    // What the ledger already holds is neither written nor audited again.
    const QString seqAfterAdd = scalar(db, QStringLiteral("SELECT count(*) FROM audit"));
    QVERIFY2(b->applyRegister(add, QStringLiteral("alice"), QStringLiteral("first load"), &error),
             qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit")), seqAfterAdd);

    // ... then edits one and records a conflict a portfolio raised against it.
    Entity edited;
    QList<RegisterChange> changes;
    QVERIFY2(fd::EntityRegister::edit(
                 first, {{QStringLiteral("registered_agent"), QStringLiteral("Corporation Service Company")}},
                 &edited, &changes, &error),
             qPrintable(error));
    QCOMPARE(changes.size(), qsizetype(1));
    RegisterUpdate edit;
    edit.records = {edited};
    edit.changes = changes;
    edit.conflicts = {ownerConflict(edited)};
    edit.action = QStringLiteral("entity_edit");
    QVERIFY2(a->applyRegister(edit, QStringLiteral("bob"), QStringLiteral("agent changed"), &error),
             qPrintable(error));

    // B reads what A wrote.
    QVERIFY2(b->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(entities.size(), qsizetype(2));
    QCOMPARE(entities.at(0).entityId, first.entityId);
    QCOMPARE(entities.at(0).registeredAgent, QStringLiteral("Corporation Service Company"));
    QCOMPARE(entities.at(0).owner, QStringLiteral("Ana Diaz"));
    QCOMPARE(entities.at(0).name, first.name);
    QCOMPARE(entities.at(1).entityId, add.records.last().entityId);
    QCOMPARE(entities.at(1).registeredAgent, QStringLiteral("CT Corporation"));
    QCOMPARE(conflicts.size(), qsizetype(1));
    QCOMPARE(conflicts.first().entityId, first.entityId);
    QCOMPARE(conflicts.first().field, QStringLiteral("owner"));
    QCOMPARE(conflicts.first().registerValue, QStringLiteral("Ana Diaz"));
    QCOMPARE(conflicts.first().fileValue, QStringLiteral("Ann Diaz"));
    QCOMPARE(conflicts.first().source, QStringLiteral("portfolio.csv:2"));
    QVERIFY(conflicts.first().seenUtc.isValid());
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(updated_by || ':' || in_register, ',' ORDER BY "
                                       "entity_id) FROM entities")),
             QStringLiteral("bob:true,alice:true"));

    // The audit rows are in the ledger's chain, with person, reason and the member that wrote them.
    QCOMPARE(chainProblem(db), QString());
    const QList<AuditEntry> adds = ledgerRows(db, QStringLiteral("entity_add"));
    QCOMPARE(adds.size(), qsizetype(2));
    for (const AuditEntry &row : adds) {
        QCOMPARE(row.actor, QStringLiteral("alice"));
        QCOMPARE(row.reason, QStringLiteral("first load"));
        QCOMPARE(row.desk, QStringLiteral("desk-a"));
        QVERIFY2(row.detail.contains(QLatin1String("(from entities.csv)")), qPrintable(row.detail));
    }
    const QList<AuditEntry> edits = ledgerRows(db, QStringLiteral("entity_edit"));
    QCOMPARE(edits.size(), qsizetype(1));
    QCOMPARE(edits.first().entityId, first.entityId);
    QCOMPARE(edits.first().actor, QStringLiteral("bob"));
    QCOMPARE(edits.first().reason, QStringLiteral("agent changed"));
    QVERIFY2(edits.first().detail.contains(QLatin1String("CT Corporation")) &&
                 edits.first().detail.contains(QLatin1String("Corporation Service Company")),
             qPrintable(edits.first().detail));
    QCOMPARE(ledgerRows(db, QStringLiteral("entity_conflict")).size(), qsizetype(1));

    // B's mirror receives the rows as every other audit row, continuing its chain.
    const QList<AuditEntry> synced = b->sync(1000, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(synced.size(), qsizetype(4));

    // B keeps the register's value: A sees the conflict decided, no longer open, both values remembered.
    RegisterConflict kept = conflicts.first();
    kept.keptUtc = QDateTime::currentDateTimeUtc();
    RegisterUpdate keep;
    keep.kept = {kept};
    keep.action = QStringLiteral("entity_edit");
    QVERIFY2(b->applyRegister(keep, QStringLiteral("carol"), QStringLiteral("owner confirmed"), &error),
             qPrintable(error));
    QVERIFY2(a->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(entities.size(), qsizetype(2));
    QCOMPARE(conflicts.size(), qsizetype(1));
    QVERIFY(!conflicts.first().isOpen());
    QCOMPARE(conflicts.first().registerValue, QStringLiteral("Ana Diaz"));
    QCOMPARE(conflicts.first().fileValue, QStringLiteral("Ann Diaz"));
    QList<AuditEntry> settledRows = ledgerRows(db, QStringLiteral("entity_conflict_settled"));
    QCOMPARE(settledRows.size(), qsizetype(1));
    QCOMPARE(settledRows.first().actor, QStringLiteral("carol"));
    QCOMPARE(settledRows.first().desk, QStringLiteral("desk-b"));
    QVERIFY2(settledRows.first().detail.contains(
                 QLatin1String("\"Ann Diaz\" (portfolio.csv:2) is not offered again")),
             qPrintable(settledRows.first().detail));
    // Kept again by a desk that had not heard: nothing more is written.
    QVERIFY2(a->applyRegister(keep, QStringLiteral("bob"), QStringLiteral("owner confirmed"), &error),
             qPrintable(error));
    QCOMPARE(ledgerRows(db, QStringLiteral("entity_conflict_settled")).size(), qsizetype(1));

    // A file with another value raises it afresh: open again.
    RegisterConflict newer = ownerConflict(edited);
    newer.fileValue = QStringLiteral("Anne Diaz");
    RegisterUpdate raise;
    raise.conflicts = {newer};
    raise.action = QStringLiteral("entity_import");
    QVERIFY2(a->applyRegister(raise, QStringLiteral("bob"), QStringLiteral("opened portfolio.csv"), &error),
             qPrintable(error));
    QVERIFY2(b->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(conflicts.size(), qsizetype(1));
    QVERIFY(conflicts.first().isOpen());
    QCOMPARE(conflicts.first().fileValue, QStringLiteral("Anne Diaz"));

    // Settled (the register's value chosen on the entity page): A sees it gone.
    RegisterConflict chosen = conflicts.first();
    chosen.fileValue = chosen.registerValue;
    RegisterUpdate settle;
    settle.settled = {chosen};
    settle.action = QStringLiteral("entity_edit");
    QVERIFY2(b->applyRegister(settle, QStringLiteral("carol"), QStringLiteral("owner confirmed"), &error),
             qPrintable(error));
    QVERIFY2(a->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QVERIFY(conflicts.isEmpty());
    settledRows = ledgerRows(db, QStringLiteral("entity_conflict_settled"));
    QCOMPARE(settledRows.size(), qsizetype(2));
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerRegister::sameUpdateFromTwoMembersAtOnce() {
    // Members that open one portfolio together write the same records at the same moment (each on its own
    // thread, as each is its own process): both succeed, and the ledger records each entity added once.
    const QString db = freshDatabase("together");
    QVERIFY(!db.isEmpty());
    constexpr int kEntities = 400;
    RegisterUpdate add;
    add.action = QStringLiteral("entity_import");
    add.source = QStringLiteral("portfolio.csv");
    for (int i = 0; i < kEntities; ++i) {
        add.records.append(entityOf(QStringLiteral("TOG"), i));
        add.added.append(add.records.last().entityId);
        add.changes.append(RegisterChange{add.records.last().entityId, QStringLiteral("owner"), QString(),
                                          add.records.last().owner});
    }
    for (int round = 0; round < 3; ++round) {
        std::latch together(2);
        bool ok[2] = {false, false};
        QString errors[2];
        QList<QThread *> threads;
        for (int m = 0; m < 2; ++m) {
            threads.append(QThread::create([&, m] {
                QString error;
                auto store = openMember(m_pg, db, QStringLiteral("desk-%1-%2").arg(round).arg(m),
                                        QDir(m_dir.path()), 60000, &error);
                together.arrive_and_wait();
                if (!store) {
                    errors[m] = error;
                    return;
                }
                ok[m] = store
                            ->applyRegister(add, QStringLiteral("desk%1").arg(m), QStringLiteral("opened"),
                                            &errors[m])
                            .ok();
            }));
        }
        for (QThread *t : threads)
            t->start();
        const QDeadlineTimer deadline(60000);
        bool done = true;
        for (QThread *t : threads)
            done = t->wait(deadline) && done;
        QVERIFY(done);
        qDeleteAll(threads);
        QVERIFY2(ok[0], qPrintable(errors[0]));
        QVERIFY2(ok[1], qPrintable(errors[1]));
    }
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities WHERE in_register")),
             QString::number(kEntities));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'entity_add'")),
             QString::number(kEntities));
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerRegister::admissionLeavesRegisterRecords() {
    const QString db = freshDatabase("admission");
    QVERIFY(!db.isEmpty());
    auto a = member(db, QStringLiteral("desk-a"));
    QVERIFY(a);
    QString error;
    // ADM-E0 is in the register, with data the tasks do not carry; ADM-E1 is not.
    const Entity kept = entityOf(QStringLiteral("ADM"), 0);
    QVERIFY2(a->applyRegister(addition(kept), QStringLiteral("alice"), QStringLiteral("load"), &error),
             qPrintable(error));
    const QString jsonBefore =
        scalar(db, QStringLiteral("SELECT entity_json FROM entities WHERE entity_id = 'ADM-E0'"));
    QVERIFY(jsonBefore.contains(QLatin1String("CT Corporation")));

    QList<FilingTask> tasks = fd::test::ledgerTasks(QStringLiteral("ADM"), 2);
    for (FilingTask &t : tasks)
        t.obligation.entity.edit().name += QStringLiteral(" (as the task says)");
    QStringList already;
    QVERIFY2(a->admitTasks(tasks, QStringLiteral("engine"), &already, &error), qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT entity_json FROM entities WHERE entity_id = 'ADM-E0'")),
             jsonBefore);
    QCOMPARE(scalar(db, QStringLiteral("SELECT name || '|' || in_register || '|' || updated_by FROM entities "
                                       "WHERE entity_id = 'ADM-E0'")),
             kept.name + QStringLiteral("|true|alice"));
    // An entity outside the register is written by admission as before: inserted, then kept current.
    QCOMPARE(scalar(db, QStringLiteral("SELECT name || '|' || in_register FROM entities WHERE entity_id = "
                                       "'ADM-E1'")),
             tasks.at(1).obligation.entity->name + QStringLiteral("|false"));
    FilingTask renamed = fd::test::ledgerTask(QStringLiteral("ADM"), 1);
    renamed.obligation.filingYear = 2028;
    renamed.obligation.entity.edit().name = QStringLiteral("ADM Renamed LLC");
    renamed.key = renamed.obligation.idempotencyKey();
    FilingTask again = fd::test::ledgerTask(QStringLiteral("ADM"), 0);
    again.obligation.filingYear = 2028;
    again.obligation.entity.edit().name = QStringLiteral("ADM Renamed Too LLC");
    again.key = again.obligation.idempotencyKey();
    QVERIFY2(a->admitTasks({renamed, again}, QStringLiteral("engine"), &already, &error), qPrintable(error));
    QVERIFY(already.isEmpty());
    QCOMPARE(scalar(db, QStringLiteral("SELECT name FROM entities WHERE entity_id = 'ADM-E1'")),
             QStringLiteral("ADM Renamed LLC"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT entity_json FROM entities WHERE entity_id = 'ADM-E0'")),
             jsonBefore);

    // The register is only what register updates wrote.
    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    QVERIFY2(a->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(entities.size(), qsizetype(1));
    QCOMPARE(entities.first().entityId, QStringLiteral("ADM-E0"));
    QCOMPARE(entities.first().registeredAgent, QStringLiteral("CT Corporation"));

    // A register update takes in an entity admission wrote first.
    Entity adopted = tasks.at(1).obligation.entity;
    adopted.name = QStringLiteral("ADM Holdings 1 LLC");
    adopted.owner = QStringLiteral("Ana Diaz");
    QVERIFY2(a->applyRegister(addition(adopted), QStringLiteral("alice"), QStringLiteral("load"), &error),
             qPrintable(error));
    QVERIFY2(a->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(entities.size(), qsizetype(2));
    QCOMPARE(entities.at(1).owner, QStringLiteral("Ana Diaz"));
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerRegister::refusedUpdateWritesNothing() {
    const QString db = freshDatabase("refused");
    QVERIFY(!db.isEmpty());
    auto a = member(db, QStringLiteral("desk-a"));
    QVERIFY(a);
    QString error;
    const Entity e = entityOf(QStringLiteral("REF"), 0);
    QVERIFY2(a->applyRegister(addition(e), QStringLiteral("alice"), QStringLiteral("load"), &error),
             qPrintable(error));
    const QString seqBefore = scalar(db, QStringLiteral("SELECT count(*) FROM audit"));
    const QString jsonBefore = scalar(db, QStringLiteral("SELECT entity_json FROM entities"));

    // The ledger refuses the conflict, which comes after the records and before the audit rows.
    QVERIFY(!scalar(db, QStringLiteral(
                            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                            "RAISE EXCEPTION 'refused by the test'; END $$; CREATE TRIGGER refuse "
                            "BEFORE INSERT ON entity_conflicts FOR EACH ROW EXECUTE FUNCTION refuse()"))
                 .isNull());
    Entity edited = e;
    edited.registeredAgent = QStringLiteral("Registered Agents Inc.");
    RegisterUpdate update = addition(entityOf(QStringLiteral("REF"), 1));
    update.records.prepend(edited);
    update.changes.append(RegisterChange{e.entityId, QStringLiteral("registered_agent"), e.registeredAgent,
                                         edited.registeredAgent});
    update.conflicts = {ownerConflict(e)};
    const fd::WriteResult refused =
        a->applyRegister(update, QStringLiteral("alice"), QStringLiteral("refused"), &error);
    QVERIFY(!refused);
    QVERIFY2(error.contains(QLatin1String("refused by the test")), qPrintable(error));
    QCOMPARE(refused.failure, fd::WriteResult::Failure::Unavailable);
    QVERIFY(a->isReachable());
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit")), seqBefore);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities")), QStringLiteral("1"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT entity_json FROM entities")), jsonBefore);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entity_conflicts")), QStringLiteral("0"));
    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    QVERIFY2(a->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(entities.size(), qsizetype(1));
    QCOMPARE(entities.first().registeredAgent, e.registeredAgent);

    // Once the ledger takes it, the same update goes through whole.
    QVERIFY(!scalar(db, QStringLiteral("DROP TRIGGER refuse ON entity_conflicts")).isNull());
    QVERIFY2(a->applyRegister(update, QStringLiteral("alice"), QStringLiteral("again"), &error),
             qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities WHERE in_register")),
             QStringLiteral("2"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entity_conflicts")), QStringLiteral("1"));
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerRegister::lockedRecordIsBusyAndWritesNothing() {
    const QString db = freshDatabase("busy");
    QVERIFY(!db.isEmpty());
    auto a = member(db, QStringLiteral("desk-a"));
    QVERIFY(a);
    QString error;
    const Entity e = entityOf(QStringLiteral("BSY"), 0);
    QVERIFY2(a->applyRegister(addition(e), QStringLiteral("alice"), QStringLiteral("load"), &error),
             qPrintable(error));
    const QString seqBefore = scalar(db, QStringLiteral("SELECT count(*) FROM audit"));

    // Another session holds the record's row.
    PgConnection holder(m_pg, db);
    QSqlDatabase h = holder.db();
    QVERIFY2(h.isOpen(), qPrintable(h.lastError().text()));
    QVERIFY(h.transaction());
    QSqlQuery lock(h);
    QVERIFY2(lock.exec(QStringLiteral("SELECT * FROM entities WHERE entity_id = 'BSY-E0' FOR UPDATE")),
             qPrintable(lock.lastError().text()));

    Entity edited = e;
    edited.owner = QStringLiteral("John Doe");
    RegisterUpdate update = addition(entityOf(QStringLiteral("BSY"), 1)); // not locked: written first
    update.records.append(edited);
    update.changes.append(RegisterChange{e.entityId, QStringLiteral("owner"), e.owner, edited.owner});
    update.action = QStringLiteral("entity_edit");
    const fd::WriteResult waited =
        a->applyRegister(update, QStringLiteral("alice"), QStringLiteral("owner changed"), &error);
    QVERIFY(!waited);
    QCOMPARE(waited.failure, fd::WriteResult::Failure::Busy);
    QVERIFY(a->isReachable());
    QVERIFY(h.rollback());
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit")), seqBefore);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities")), QStringLiteral("1"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT updated_by FROM entities")), QStringLiteral("alice"));

    const fd::WriteResult later =
        a->applyRegister(update, QStringLiteral("dave"), QStringLiteral("owner changed"), &error);
    QVERIFY2(later, qPrintable(error));
    QCOMPARE(later.failure, fd::WriteResult::Failure::None);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities WHERE updated_by = 'dave'")),
             QStringLiteral("2"));
}

void TestLedgerRegister::aWriteOnTheWriterWaitsOutAnotherMembersWrite() {
    // A console's register write (a portfolio's entities, an edit) goes to the ledger on the writer's
    // connection, a few statements per 500 records: the engine thread does not wait for it, and the answer
    // carries the register as the ledger holds it afterwards, in the mirror too. While another member holds
    // the fleet's register lock the write is tried again after a pause, and the writer goes on with other
    // work in between.
    const QString db = freshDatabase("writer");
    QVERIFY(!db.isEmpty());
    auto a = member(db, QStringLiteral("desk-a"));
    QVERIFY(a);
    RegisterUpdate load;
    load.action = QStringLiteral("entity_import");
    load.source = QStringLiteral("entities.csv");
    for (int i = 0; i < 601; ++i) {
        const RegisterUpdate one = addition(entityOf(QStringLiteral("WRT"), i));
        load.records += one.records;
        load.added += one.added;
        load.changes += one.changes;
    }
    QObject context;
    std::optional<LedgerStore::RegisterWrite> answer;
    a->applyRegisterThen(load, QStringLiteral("alice"), QStringLiteral("first load"), &context,
                         [&](const LedgerStore::RegisterWrite &w) { answer = w; });
    QVERIFY(!answer.has_value()); // answered later, on this thread
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 30000);
    QVERIFY2(answer->written, qPrintable(answer->written.error));
    QVERIFY2(answer->reread, qPrintable(answer->rereadError));
    QCOMPARE(answer->entities.size(), qsizetype(601));
    QCOMPARE(scalar(db, QStringLiteral(
                            "SELECT count(*) FROM entities WHERE in_register AND updated_by = 'alice'")),
             QStringLiteral("601"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'entity_add' AND "
                                       "reason = 'first load' AND desk = 'desk-a'")),
             QStringLiteral("601"));
    QList<Entity> mirrored;
    QList<RegisterConflict> open;
    QString error;
    QVERIFY2(a->mirror().loadRegister(&mirrored, &open, &error), qPrintable(error));
    QCOMPARE(mirrored.size(), qsizetype(601));
    QVERIFY(answer->heldAlready.isEmpty());
    // The same file opened on a second desk a moment later: the ledger holds all of it, and says so (the
    // desk's import summary counts none as added).
    auto b = member(db, QStringLiteral("desk-b"));
    QVERIFY(b);
    answer.reset();
    b->applyRegisterThen(load, QStringLiteral("bob"), QStringLiteral("same file"), &context,
                         [&](const LedgerStore::RegisterWrite &w) { answer = w; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 30000);
    QVERIFY2(answer->written, qPrintable(answer->written.error));
    QCOMPARE(answer->heldAlready.size(), qsizetype(601));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE actor = 'bob'")),
             QStringLiteral("0"));

    // Another member's register write holds the fleet's register lock for a while.
    PgConnection holder(m_pg, db);
    QSqlDatabase h = holder.db();
    QVERIFY2(h.isOpen(), qPrintable(h.lastError().text()));
    QSqlQuery lock(h);
    QVERIFY2(lock.exec(QStringLiteral("SELECT pg_advisory_lock(%1)").arg(fd::LedgerRegisterWrite::kLockId)),
             qPrintable(lock.lastError().text()));
    Entity edited = load.records.first();
    edited.owner = QStringLiteral("John Doe");
    RegisterUpdate edit;
    edit.records = {edited};
    edit.changes = {
        RegisterChange{edited.entityId, QStringLiteral("owner"), QStringLiteral("Ana Diaz"), edited.owner}};
    edit.action = QStringLiteral("entity_edit");
    answer.reset();
    a->applyRegisterThen(edit, QStringLiteral("dave"), QStringLiteral("owner changed"), &context,
                         [&](const LedgerStore::RegisterWrite &w) { answer = w; });
    // Meanwhile an admission handed to the writer after the edit is written.
    std::optional<fd::WriteResult> admitted;
    a->admitThen(fd::test::ledgerTasks(QStringLiteral("WRA"), 3), QStringLiteral("dave"), &context,
                 [&](const fd::WriteResult &r, const QStringList &) { admitted = r; });
    QTRY_VERIFY_WITH_TIMEOUT(admitted.has_value(), 10000);
    QVERIFY2(admitted->ok(), qPrintable(admitted->error));
    QVERIFY(!answer.has_value());
    QTest::qWait(300);
    QVERIFY(!answer.has_value());
    QVERIFY2(lock.exec(QStringLiteral("SELECT pg_advisory_unlock(%1)").arg(fd::LedgerRegisterWrite::kLockId)),
             qPrintable(lock.lastError().text()));
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 10000);
    QVERIFY2(answer->written, qPrintable(answer->written.error));
    QCOMPARE(
        scalar(db,
               QStringLiteral("SELECT updated_by FROM entities WHERE entity_id = '%1'").arg(edited.entityId)),
        QStringLiteral("dave"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit WHERE action = 'entity_edit'")),
             QStringLiteral("1"));
    QVERIFY(a->isReachable());
    // The lock waits are counted, and the link no longer says it waits on one once the write went through.
    QVERIFY(a->lockWaits() > 0);
    QCOMPARE(a->link(), fd::LedgerLink::Connected);
    const QString problem = chainProblem(db);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestLedgerRegister::anEditKeepsWhatAnotherMemberChangedMeanwhile() {
    // Desk A edits the EIN of a record it read before desk B changed the registered agent: the ledger takes
    // A's changed field onto the record it holds, B's agent stays, and A's audit row names only the EIN.
    const QString db = freshDatabase("merge");
    QVERIFY(!db.isEmpty());
    auto a = member(db, QStringLiteral("desk-a"));
    auto b = member(db, QStringLiteral("desk-b"));
    QVERIFY(a && b);
    QString error;
    const Entity read = entityOf(QStringLiteral("MRG"), 0); // what both desks read
    QVERIFY2(a->applyRegister(addition(read), QStringLiteral("alice"), QStringLiteral("load"), &error),
             qPrintable(error));

    Entity agentChanged;
    QList<RegisterChange> changes;
    QVERIFY2(fd::EntityRegister::edit(read,
                                      {{QStringLiteral("registered_agent"), QStringLiteral("Agents Inc.")}},
                                      &agentChanged, &changes, &error),
             qPrintable(error));
    RegisterUpdate byB;
    byB.records = {agentChanged};
    byB.changes = changes;
    byB.action = QStringLiteral("entity_edit");
    QVERIFY2(
        b->applyRegister(byB, QStringLiteral("bob"), QStringLiteral("agent changed at the state"), &error),
        qPrintable(error));

    Entity einChanged;
    QVERIFY2(fd::EntityRegister::edit(read, {{QStringLiteral("ein"), QStringLiteral("12-3456789")}},
                                      &einChanged, &changes, &error),
             qPrintable(error));
    RegisterUpdate byA;
    byA.records = {einChanged}; // the agent as A read it: CT Corporation
    byA.changes = changes;
    byA.action = QStringLiteral("entity_edit");
    QVERIFY2(
        a->applyRegister(byA, QStringLiteral("alice"), QStringLiteral("EIN from the IRS letter"), &error),
        qPrintable(error));

    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    QVERIFY2(b->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(entities.size(), qsizetype(1));
    QCOMPARE(entities.first().registeredAgent, QStringLiteral("Agents Inc."));
    QCOMPARE(entities.first().ein, QStringLiteral("12-3456789"));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT string_agg(actor || ': ' || detail, ' / ' ORDER BY id) FROM audit "
                                  "WHERE action = 'entity_edit'")),
        QStringLiteral("bob: registered_agent: \"CT Corporation\" -> \"Agents Inc.\" / "
                       "alice: ein: \"\" -> \"12-3456789\""));

    // The same field changed by both: the later write wins, and its audit row gives the value it replaced.
    Entity agentAgain;
    QVERIFY2(fd::EntityRegister::edit(read, {{QStringLiteral("registered_agent"), QStringLiteral("CSC")}},
                                      &agentAgain, &changes, &error),
             qPrintable(error));
    RegisterUpdate again;
    again.records = {agentAgain};
    again.changes = changes;
    again.action = QStringLiteral("entity_edit");
    QVERIFY2(
        a->applyRegister(again, QStringLiteral("alice"), QStringLiteral("agent as on the letter"), &error),
        qPrintable(error));
    QCOMPARE(
        scalar(db, QStringLiteral("SELECT detail FROM audit WHERE action = 'entity_edit' ORDER BY id DESC "
                                  "LIMIT 1")),
        QStringLiteral("registered_agent: \"Agents Inc.\" -> \"CSC\""));
    QCOMPARE(scalar(db, QStringLiteral("SELECT (entity_json::jsonb->>'registered_agent') || '|' || "
                                       "(entity_json::jsonb->>'ein') FROM entities")),
             QStringLiteral("CSC|12-3456789"));
}

void TestLedgerRegister::aFillOntoAFieldFilledMeanwhileIsAConflict() {
    // Desk A opens a portfolio that fills two blanks of a record it read (EIN, principal office). Desk B
    // typed the EIN in between. A file never overwrites what a person entered: A's EIN becomes an open
    // conflict for someone to decide, B's stays and is planned with; the office, still blank, is filled.
    const QString db = freshDatabase("fill");
    QVERIFY(!db.isEmpty());
    auto a = member(db, QStringLiteral("desk-a"));
    auto b = member(db, QStringLiteral("desk-b"));
    QVERIFY(a && b);
    QString error;
    const Entity read = entityOf(QStringLiteral("FIL"), 0); // what both desks read: no EIN, no office
    QVERIFY(read.ein.isEmpty() && read.principalOffice.isEmpty());
    QVERIFY2(a->applyRegister(addition(read), QStringLiteral("alice"), QStringLiteral("load"), &error),
             qPrintable(error));

    Entity einTyped;
    QList<RegisterChange> changes;
    QVERIFY2(fd::EntityRegister::edit(read, {{QStringLiteral("ein"), QStringLiteral("12-3456789")}},
                                      &einTyped, &changes, &error),
             qPrintable(error));
    RegisterUpdate byB;
    byB.records = {einTyped};
    byB.changes = changes;
    byB.action = QStringLiteral("entity_edit");
    QVERIFY2(b->applyRegister(byB, QStringLiteral("bob"), QStringLiteral("EIN from the IRS letter"), &error),
             qPrintable(error));

    Entity filled = read; // as A's merge of the file fills the blanks it read
    filled.ein = QStringLiteral("98-7654321");
    filled.principalOffice = QStringLiteral("1 Main St, Dover, DE");
    RegisterUpdate byA;
    byA.records = {filled};
    byA.changes = {
        RegisterChange{read.entityId, QStringLiteral("ein"), QString(), filled.ein},
        RegisterChange{read.entityId, QStringLiteral("principal_office"), QString(), filled.principalOffice}};
    byA.action = QStringLiteral("entity_import");
    byA.source = QStringLiteral("portfolio.csv");
    QVERIFY2(a->applyRegister(byA, QStringLiteral("alice"), QStringLiteral("opened portfolio.csv"), &error),
             qPrintable(error));

    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    QVERIFY2(b->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(entities.size(), qsizetype(1));
    QCOMPARE(entities.first().ein, QStringLiteral("12-3456789"));
    QCOMPARE(entities.first().principalOffice, QStringLiteral("1 Main St, Dover, DE"));
    QCOMPARE(conflicts.size(), qsizetype(1));
    QCOMPARE(conflicts.first().field, QStringLiteral("ein"));
    QCOMPARE(conflicts.first().registerValue, QStringLiteral("12-3456789"));
    QCOMPARE(conflicts.first().fileValue, QStringLiteral("98-7654321"));
    QCOMPARE(conflicts.first().source, QStringLiteral("portfolio.csv"));
    // The trail: A's import names only the office it filled, and the conflict it raised.
    QCOMPARE(scalar(db, QStringLiteral(
                            "SELECT string_agg(action || ' ' || actor || ': ' || detail, ' / ' ORDER BY "
                            "id) FROM audit WHERE action IN ('entity_import', 'entity_conflict')")),
             QStringLiteral(
                 "entity_import alice: principal_office: \"\" -> \"1 Main St, Dover, DE\" (from "
                 "portfolio.csv) / entity_conflict alice: ein: the register has \"12-3456789\", "
                 "portfolio.csv has \"98-7654321\"; the register's value is used until someone decides"));
    QCOMPARE(chainProblem(db), QString());
}

void TestLedgerRegister::cliImportExportThroughLedger() {
    const QString db = freshDatabase("cli");
    QVERIFY(!db.isEmpty());
    const QString url = m_pg.url(db);
    const QString in = m_dir.filePath(QStringLiteral("entities.csv"));
    {
        QFile f(in);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,jurisdiction,registered_agent,owner\n"
                "c1,\"Acme, Inc.\",Delaware,CT Corporation,Ana Diaz\n"
                "c2,Beta LLC,California,,\n");
    }
    fd::test::ChildProcess import;
    import.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), QString());
    QVERIFY(import.start(fd::test::cliPath(), {QStringLiteral("entities"), QStringLiteral("import"), in,
                                               QStringLiteral("--ledger"), url, QStringLiteral("--reason"),
                                               QStringLiteral("team load"), QStringLiteral("--json")}));
    QVERIFY(import.waitFinished(60000));
    QVERIFY2(import.exitCode() == 0, qPrintable(import.describe()));
    QCOMPARE(import.json().value(QStringLiteral("added")).toInt(), 2);

    // A member of the ledger reads what the CLI wrote.
    auto a = member(db, QStringLiteral("desk-a"));
    QVERIFY(a);
    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    QString error;
    QVERIFY2(a->loadRegister(&entities, &conflicts, &error), qPrintable(error));
    QCOMPARE(entities.size(), qsizetype(2));
    QCOMPARE(entities.first().registeredAgent, QStringLiteral("CT Corporation"));
    const QList<AuditEntry> adds = ledgerRows(db, QStringLiteral("entity_add"));
    QCOMPARE(adds.size(), qsizetype(2));
    QCOMPARE(adds.first().actor, fd::host::osUser());
    QCOMPARE(adds.first().reason, QStringLiteral("team load"));
    QCOMPARE(chainProblem(db), QString());

    const QString out = m_dir.filePath(QStringLiteral("export.csv"));
    fd::test::ChildProcess exported;
    exported.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), QString());
    QVERIFY(
        exported.start(fd::test::cliPath(), {QStringLiteral("entities"), QStringLiteral("export"),
                                             QStringLiteral("--ledger"), url, QStringLiteral("--out"), out}));
    QVERIFY(exported.waitFinished(60000));
    QVERIFY2(exported.exitCode() == 0, qPrintable(exported.describe()));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray csv = f.readAll();
    QVERIFY2(csv.contains("c1,\"Acme, Inc.\",corporation,Delaware"), csv.constData());
    QVERIFY2(csv.contains("CT Corporation"), csv.constData());
    QVERIFY2(csv.contains("Ana Diaz"), csv.constData());
    QVERIFY2(csv.contains("c2,Beta LLC,llc,California"), csv.constData());

    // The export imported again changes nothing and writes no audit row.
    const QString seqBefore = scalar(db, QStringLiteral("SELECT count(*) FROM audit"));
    fd::test::ChildProcess again;
    again.setEnv(QStringLiteral("FILINGDESK_LEDGER_PASSWORD"), QString());
    QVERIFY(again.start(fd::test::cliPath(), {QStringLiteral("entities"), QStringLiteral("import"), out,
                                              QStringLiteral("--ledger"), url, QStringLiteral("--reason"),
                                              QStringLiteral("round trip"), QStringLiteral("--json")}));
    QVERIFY(again.waitFinished(60000));
    QVERIFY2(again.exitCode() == 0, qPrintable(again.describe()));
    QCOMPARE(again.json().value(QStringLiteral("unchanged")).toInt(), 2);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit")), seqBefore);
}

void TestLedgerRegister::stoppedLedgerWritesNothingAndMirrorIsRead() {
    const QString db = freshDatabase("stopped");
    QVERIFY(!db.isEmpty());
    auto a = member(db, QStringLiteral("desk-a"));
    auto b = member(db, QStringLiteral("desk-b"));
    QVERIFY(a && b);
    QString error;
    RegisterUpdate add = addition(entityOf(QStringLiteral("STP"), 0));
    add.conflicts = {ownerConflict(add.records.first())};
    QVERIFY2(a->applyRegister(add, QStringLiteral("alice"), QStringLiteral("load"), &error),
             qPrintable(error));
    QList<Entity> seen;
    QList<RegisterConflict> seenConflicts;
    QVERIFY2(b->loadRegister(&seen, &seenConflicts, &error), qPrintable(error)); // copied into b's mirror
    QCOMPARE(seen.size(), qsizetype(1));
    const QString seqBefore = scalar(db, QStringLiteral("SELECT count(*) FROM audit"));

    m_pg.stop();
    RegisterUpdate more = addition(entityOf(QStringLiteral("STP"), 1));
    const fd::WriteResult down =
        a->applyRegister(more, QStringLiteral("alice"), QStringLiteral("while down"), &error);
    QVERIFY(!down);
    QCOMPARE(down.failure, fd::WriteResult::Failure::Unavailable);
    QVERIFY(!a->isReachable());
    // Both members read their mirror meanwhile: A its own update, B the copy it read.
    for (LedgerStore *m : {a.get(), b.get()}) {
        QList<Entity> entities;
        QList<RegisterConflict> conflicts;
        QVERIFY2(m->loadRegister(&entities, &conflicts, &error), qPrintable(error));
        QCOMPARE(entities.size(), qsizetype(1));
        QCOMPARE(entities.first().entityId, QStringLiteral("STP-E0"));
        QCOMPARE(entities.first().registeredAgent, QStringLiteral("CT Corporation"));
        QCOMPARE(conflicts.size(), qsizetype(1));
        QCOMPARE(conflicts.first().fileValue, QStringLiteral("Ann Diaz"));
    }

    QVERIFY2(m_pg.start(), qPrintable(m_pg.errorString()));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM audit")), seqBefore);
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities")), QStringLiteral("1"));
    QVERIFY2(a->reconnect(&error), qPrintable(error));
    QVERIFY2(a->applyRegister(more, QStringLiteral("alice"), QStringLiteral("after restart"), &error),
             qPrintable(error));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM entities WHERE in_register")),
             QStringLiteral("2"));
    QCOMPARE(chainProblem(db), QString());
}

QTEST_GUILESS_MAIN(TestLedgerRegister)
#include "tst_ledger_register.moc"
