// Who the reports name for a filing (AuditAttribution), read from audit trails written as a desk and a team
// ledger write them.
#include "engine/report/audit_attribution.h"
#include "engine/report/report_types.h"

#include <QtTest>

using fd::AuditEntry;
using fd::report::AuditAttribution;

namespace {

const QString kKey = QStringLiteral("5f1c0a9e2b7d4c31");
const QString kBatch = QStringLiteral("b17e42aa");

/// One row per step, "action actor to_state [login]"; "-" for an empty field. A batch_launch row names
/// kBatch in its detail, as the engine writes it; every other row is about kKey.
QList<AuditEntry> trail(const QStringList &steps) {
    QList<AuditEntry> rows;
    qint64 id = 0;
    for (const QString &step : steps) {
        const QStringList f = step.split(QLatin1Char(' '));
        AuditEntry row;
        row.id = ++id;
        row.atUtc = QDateTime(QDate(2027, 2, 1), QTime(9, 0), Qt::UTC).addSecs(60 * id);
        row.action = f.value(0);
        row.actor = f.value(1) == QLatin1String("-") ? QString() : f.value(1);
        row.toState = f.value(2) == QLatin1String("-") ? QString() : f.value(2);
        row.login = f.value(3) == QLatin1String("-") ? QString() : f.value(3);
        if (row.action == QLatin1String("batch_launch"))
            row.detail = QStringLiteral("batch %1: 12 task(s)").arg(kBatch);
        else
            row.idempotencyKey = kKey;
        rows.append(row);
    }
    return rows;
}

} // namespace

class TestAuditAttribution : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resolvedByNamesWhoDecidedTheHaltItIsIn_data() {
        QTest::addColumn<QStringList>("steps");
        QTest::addColumn<QString>("resolvedBy");
        QTest::newRow("never halted")
            << QStringList{"admit engine PENDING", "transition engine COMPLETED"} << QString();
        QTest::newRow("requeued, then filed")
            << QStringList{"transition engine FAILED_STATUTORY", "resolve_requeue alice PENDING",
                           "transition engine COMPLETED"}
            << QStringLiteral("alice");
        QTest::newRow("requeued, then refused again")
            << QStringList{"transition engine FAILED_STATUTORY", "resolve_requeue alice PENDING",
                           "transition engine DISPATCHING", "transition engine FAILED_STATUTORY"}
            << QString();
        QTest::newRow("requeued, then dead-lettered")
            << QStringList{"transition engine FAILED_STATUTORY", "resolve_requeue alice PENDING",
                           "transition engine DEAD_LETTER"}
            << QString();
        QTest::newRow("refused again, then accepted by another")
            << QStringList{"transition engine FAILED_STATUTORY", "resolve_requeue alice PENDING",
                           "transition engine FAILED_STATUTORY", "resolve_accept bob COMPLETED"}
            << QStringLiteral("bob");
        QTest::newRow("withdrawn") << QStringList{"transition engine DEAD_LETTER",
                                                  "withdraw carol VALIDATING", "withdraw carol DEAD_LETTER"}
                                   << QStringLiteral("carol");
        QTest::newRow("filed outside after a dead letter")
            << QStringList{"transition engine DEAD_LETTER", "filed_outside dave COMPLETED"}
            << QStringLiteral("dave");
        QTest::newRow("team ledger: the process's row names its login")
            << QStringList{"transition engine FAILED_STATUTORY", "resolve_requeue engine PENDING fd_erin"}
            << QStringLiteral("fd_erin");
    }
    void resolvedByNamesWhoDecidedTheHaltItIsIn() {
        QFETCH(QStringList, steps);
        QFETCH(QString, resolvedBy);
        const AuditAttribution attribution(trail(steps), {kBatch});
        QCOMPARE(attribution.resolvedBy(kKey), resolvedBy);
    }

    void launchedByIsAPersonNeverFilingDesk_data() {
        QTest::addColumn<QStringList>("steps");
        QTest::addColumn<QString>("launchedBy");
        QTest::newRow("launched by a person")
            << QStringList{"admit engine PENDING", "batch_launch alice -"} << QStringLiteral("alice");
        // FilingDesk launched it on its own (the look-ups it owes when it starts again): no person launched
        // it; the trail's next person is named.
        QTest::newRow("launched by FilingDesk, requeued by a person")
            << QStringList{"admit engine PENDING", "resolve_requeue bob PENDING", "batch_launch engine -"}
            << QStringLiteral("bob");
        QTest::newRow("launched by FilingDesk, nobody named")
            << QStringList{"admit engine PENDING", "batch_launch engine -"}
            << QString::fromLatin1(fd::report::kUnknownPerson);
        QTest::newRow("team ledger: launched by a member's process")
            << QStringList{"admit engine PENDING fd_carol", "batch_launch engine - fd_dave"}
            << QStringLiteral("fd_dave");
    }
    void launchedByIsAPersonNeverFilingDesk() {
        QFETCH(QStringList, steps);
        QFETCH(QString, launchedBy);
        const AuditAttribution attribution(trail(steps), {kBatch});
        QCOMPARE(attribution.launchedBy(kKey, kBatch), launchedBy);
        QCOMPARE(attribution.launchedBy(kKey, QString()), QString()); // never launched: nobody
    }
};

QTEST_GUILESS_MAIN(TestAuditAttribution)
#include "tst_audit_attribution.moc"
