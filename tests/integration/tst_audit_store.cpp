// Integration tests of the SQLite audit store as the engine leaves it on disk: a real database file written
// by the real `filingdesk run` CLI, inspected through a separate QSqlDatabase connection (as an auditor or a
// careless script would open it), and an engine restarted on the same file.
#include "cli_process.h"
#include "engine/audit/audit_store.h"
#include "support/sandbox_process.h"

#include <QtCore/QSet>
#include <QtCore/QTemporaryDir>
#include <QtCore/QUuid>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QTest>

#include <optional>

using fd::test::ChildProcess;
using fd::test::sandboxCounter;
using fd::test::SandboxProcess;

namespace {

/// A second, independent connection to the database file (not the engine's AuditStore connection).
class SideConnection {
public:
    explicit SideConnection(const QString &path)
        : m_name(QStringLiteral("side-") + QUuid::createUuid().toString(QUuid::WithoutBraces)) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        db.open();
    }
    ~SideConnection() {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    SideConnection(const SideConnection &) = delete;
    SideConnection &operator=(const SideConnection &) = delete;

    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }
    bool isOpen() const { return db().isOpen(); }

    /// The first column of the first row, or an invalid QVariant on error.
    QVariant scalar(const QString &sql) const {
        QSqlQuery q(db());
        if (!q.exec(sql) || !q.next())
            return QVariant();
        return q.value(0);
    }
    /// Executes a statement; the error text, or std::nullopt if it succeeded.
    std::optional<QString> refused(const QString &sql) const {
        QSqlQuery q(db());
        if (q.exec(sql))
            return std::nullopt;
        return q.lastError().text();
    }
    QSet<QString> keys(const QString &where) const {
        QSet<QString> out;
        QSqlQuery q(db());
        if (q.exec(QStringLiteral("SELECT idempotency_key FROM tasks WHERE ") + where)) {
            while (q.next())
                out.insert(q.value(0).toString());
        }
        return out;
    }

private:
    QString m_name;
};

} // namespace

class TestAuditStore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void auditAndDeadLettersAreAppendOnly();
    void restartResumesOnlyNonTerminalTasks();

private:
    QStringList runArgs(const SandboxProcess &sandbox, const QString &db) const;
    QTemporaryDir m_dir;
};

void TestAuditStore::initTestCase() {
    QVERIFY2(!fd::test::cliPath().isEmpty(), "FILINGDESK_CLI is not set (run through ctest)");
    QVERIFY(m_dir.isValid());
}

QStringList TestAuditStore::runArgs(const SandboxProcess &sandbox, const QString &db) const {
    return {
        QStringLiteral("--portfolio"), fd::test::sourcePath(QStringLiteral("tests/data/fleet/fleet_a.csv")),
        QStringLiteral("--as-of"),     QStringLiteral("2027-02-15"),
        QStringLiteral("--registry"),  sandbox.baseUrl().toString(),
        QStringLiteral("--limit"),     QStringLiteral("US-DE=2"),
        QStringLiteral("--db"),        db,
        QStringLiteral("--json"),      QStringLiteral("--quiet")};
}

void TestAuditStore::auditAndDeadLettersAreAppendOnly() {
    // Validation rejections quarantine some tasks, so the run leaves dead letters as well as audit rows.
    SandboxProcess sandbox({QStringLiteral("--latency-ms"), QStringLiteral("1:5"), QStringLiteral("--fail"),
                            QStringLiteral("validation=0.25"), QStringLiteral("--seed"),
                            QStringLiteral("5")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    const QString path = m_dir.filePath(QStringLiteral("append-only.sqlite"));
    ChildProcess run;
    QVERIFY(run.startRun(runArgs(sandbox, path)));
    QVERIFY2(run.waitFinished(120000), qPrintable(run.describe()));
    QVERIFY2(run.exitCode() == 0, qPrintable(run.describe()));
    const int deadLettered =
        run.json().value(QLatin1String("states")).toObject().value(QLatin1String("DEAD_LETTER")).toInt();
    QVERIFY2(deadLettered > 0, run.standardOutput().constData());

    SideConnection side(path);
    QVERIFY(side.isOpen());
    QCOMPARE(side.scalar(QStringLiteral("PRAGMA journal_mode")).toString().toLower(), QStringLiteral("wal"));
    QCOMPARE(side.scalar(QStringLiteral("SELECT version FROM schema_version")).toInt(),
             fd::AuditStore::kSchemaVersion);
    QCOMPARE(side.scalar(QStringLiteral("SELECT COUNT(*) FROM schema_version")).toInt(), 1);

    const qint64 auditRows = side.scalar(QStringLiteral("SELECT COUNT(*) FROM audit")).toLongLong();
    const qint64 deadRows = side.scalar(QStringLiteral("SELECT COUNT(*) FROM dead_letters")).toLongLong();
    QVERIFY(auditRows > 0);
    QCOMPARE(deadRows, qint64(deadLettered));
    // Every task's history is in the audit table: at least admit, VALIDATING, DISPATCHING and its final
    // state.
    QCOMPARE(
        side.scalar(QStringLiteral("SELECT COUNT(*) FROM tasks t WHERE (SELECT COUNT(*) FROM audit a WHERE "
                                   "a.idempotency_key = t.idempotency_key) < 4"))
            .toInt(),
        0);
    const QString lastAuditSql = QStringLiteral(
        "SELECT to_state || '|' || actor || '|' || detail FROM audit ORDER BY id DESC LIMIT 1");
    const QString lastAudit = side.scalar(lastAuditSql).toString();

    const struct {
        const char *table;
        const char *sql;
    } attempts[] = {
        {"audit", "UPDATE audit SET actor = 'mallory', detail = 'rewritten'"},
        {"audit", "UPDATE audit SET to_state = 'COMPLETED' WHERE id = (SELECT MAX(id) FROM audit)"},
        {"audit", "DELETE FROM audit"},
        {"audit", "DELETE FROM audit WHERE id = (SELECT MIN(id) FROM audit)"},
        {"dead_letters", "UPDATE dead_letters SET error_code = 'NONE'"},
        {"dead_letters", "DELETE FROM dead_letters"},
        {"dead_letters", "DELETE FROM dead_letters WHERE id = (SELECT MAX(id) FROM dead_letters)"},
    };
    for (const auto &attempt : attempts) {
        const std::optional<QString> error = side.refused(QString::fromLatin1(attempt.sql));
        QVERIFY2(error.has_value(), attempt.sql);
        QVERIFY2(error->contains(QLatin1String("append-only")),
                 qPrintable(QString::fromLatin1(attempt.sql) + QStringLiteral(": ") + *error));
    }
    // ... also inside an explicit transaction, which must not be able to commit a change either.
    QVERIFY(side.db().transaction());
    QVERIFY(side.refused(QStringLiteral("DELETE FROM audit")).has_value());
    QVERIFY(side.db().commit());

    QCOMPARE(side.scalar(QStringLiteral("SELECT COUNT(*) FROM audit")).toLongLong(), auditRows);
    QCOMPARE(side.scalar(QStringLiteral("SELECT COUNT(*) FROM dead_letters")).toLongLong(), deadRows);
    QCOMPARE(side.scalar(lastAuditSql).toString(), lastAudit);
    // Appending stays possible: the table is append-only, not read-only.
    QVERIFY(!side.refused(QStringLiteral(
                              "INSERT INTO audit(at_utc, action, actor) VALUES ('2027-02-15T00:00:00.000Z', "
                              "'note', 'auditor')"))
                 .has_value());
    QCOMPARE(side.scalar(QStringLiteral("SELECT COUNT(*) FROM audit")).toLongLong(), auditRows + 1);
}

void TestAuditStore::restartResumesOnlyNonTerminalTasks() {
    // Slow Delaware answers behind a cap of 2 (about 7 s of work): a 3 s deadline leaves much of the batch
    // unfinished.
    SandboxProcess sandbox({QStringLiteral("--cap"), QStringLiteral("US-DE=2"),
                            QStringLiteral("--latency-ms"), QStringLiteral("250:350")});
    QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));
    const QString path = m_dir.filePath(QStringLiteral("resume.sqlite"));

    ChildProcess first;
    QVERIFY(first.startRun(runArgs(sandbox, path) +
                           QStringList{QStringLiteral("--deadline"), QStringLiteral("3")}));
    QVERIFY2(first.waitFinished(60000), qPrintable(first.describe()));
    QVERIFY2(first.exitCode() == 1, qPrintable(first.describe()));
    QVERIFY2(first.standardError().contains(QLatin1String("deadline of 3 s reached")),
             qPrintable(first.describe()));
    const QJsonObject firstJson = first.json();
    QCOMPARE(firstJson.value(QLatin1String("finished")).toBool(true), false);
    const int total = firstJson.value(QLatin1String("admitted")).toInt();
    QCOMPARE(total, 53); // 52 rows; one California LLC owes two filings

    QSet<QString> completed;
    QSet<QString> unfinished;
    QSet<QString> dispatching;
    qint64 lastAuditId = 0;
    {
        SideConnection side(path);
        QVERIFY(side.isOpen());
        completed = side.keys(QStringLiteral("state = 'COMPLETED'"));
        unfinished =
            side.keys(QStringLiteral("state NOT IN ('COMPLETED', 'FAILED_STATUTORY', 'DEAD_LETTER')"));
        dispatching = side.keys(QStringLiteral("state = 'DISPATCHING'"));
        lastAuditId = side.scalar(QStringLiteral("SELECT MAX(id) FROM audit")).toLongLong();
        // A task the engine stopped waiting for is DISPATCHING (uncertain: looked up on restart), never a
        // made-up failure of the registry.
        QCOMPARE(side.scalar(QStringLiteral("SELECT COUNT(*) FROM tasks WHERE state = 'FAILED_TRANSIENT'"))
                     .toInt(),
                 0);
    }
    QVERIFY2(!completed.isEmpty(), "nothing finished before the deadline: nothing is tested");
    QVERIFY2(!unfinished.isEmpty(), "everything finished before the deadline: nothing is tested");
    QCOMPARE(completed.size() + unfinished.size(), total);
    const qint64 acceptedAfterFirst = sandboxCounter(sandbox.stats(), QString(), QStringLiteral("accepted"));

    ChildProcess second;
    QVERIFY(second.startRun(runArgs(sandbox, path)));
    QVERIFY2(second.waitFinished(120000), qPrintable(second.describe()));
    QVERIFY2(second.exitCode() == 0, qPrintable(second.describe()));
    const QJsonObject secondJson = second.json();
    // Nothing new was admitted: every obligation is already stored, and only the unfinished ones were
    // resumed.
    QCOMPARE(secondJson.value(QLatin1String("admitted")).toInt(), 0);
    QCOMPARE(secondJson.value(QLatin1String("already_known")).toInt(), total);
    QCOMPARE(secondJson.value(QLatin1String("tasks")).toInt(), int(unfinished.size()));
    QCOMPARE(secondJson.value(QLatin1String("states")).toObject(),
             QJsonObject({{QStringLiteral("COMPLETED"), int(unfinished.size())}}));

    const QJsonObject stats = sandbox.stats();
    qInfo() << "after the deadline:" << completed.size() << "completed," << unfinished.size()
            << "unfinished, of which" << dispatching.size() << "DISPATCHING; registry look-ups:"
            << sandboxCounter(stats, QString(), QStringLiteral("lookups"));
    QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
    // Each obligation was filed exactly once across both runs; nothing completed was sent again, and the
    // uncertain ones were looked up instead of re-sent.
    QCOMPARE(sandboxCounter(stats, QString(), QStringLiteral("accepted")), total);
    QCOMPARE(sandboxCounter(stats, QString(), QStringLiteral("replays")), 0);
    QVERIFY(sandboxCounter(stats, QString(), QStringLiteral("lookups")) >= dispatching.size());
    QVERIFY(acceptedAfterFirst >= completed.size());

    SideConnection side(path);
    QVERIFY(side.isOpen());
    QCOMPARE(side.keys(QStringLiteral("state = 'COMPLETED'")).size(), total);
    // The second run wrote no transition for a task the first run had completed.
    QSqlQuery q(side.db());
    QVERIFY(
        q.exec(QStringLiteral(
                   "SELECT DISTINCT idempotency_key FROM audit WHERE id > %1 AND idempotency_key IS NOT NULL "
                   "AND idempotency_key <> ''")
                   .arg(lastAuditId)));
    QSet<QString> touched;
    while (q.next())
        touched.insert(q.value(0).toString());
    QVERIFY2(!touched.intersects(completed), "the second run touched tasks the first run had completed");
    QCOMPARE(touched, unfinished);
    // The restart is on the record.
    QCOMPARE(side.scalar(QStringLiteral("SELECT COUNT(*) FROM audit WHERE action = 'engine_start'")).toInt(),
             2);
}

QTEST_GUILESS_MAIN(TestAuditStore)
#include "tst_audit_store.moc"
