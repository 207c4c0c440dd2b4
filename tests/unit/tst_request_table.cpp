// The engine's one table of requests under way (engine/dispatch/request_table.h): whatever stage a request
// reached, retire() hands back what it held: its slot under the ceiling, its permit or permit request, its
// queue entry. Against the real in-process gate, which counts what it holds.
#include "engine/dispatch/request_table.h"
#include "engine/gate/local_permit_gate.h"

#include <QtTest>

using fd::RequestStage;
using fd::RequestTable;

Q_DECLARE_METATYPE(fd::RequestStage)

namespace {

/// The in-process gate, counting the permits it holds and the requests waiting for one.
class CountingGate : public fd::LocalPermitGate {
public:
    CountingGate()
        : fd::LocalPermitGate(15000) {
        connect(this, &fd::PermitGate::permitGranted, this, [this] {
            ++held;
            --waiting;
        });
    }
    void requestPermit(quint64 requestId, const QString &jurisdiction, int limit,
                       const fd::PermitHolder &holder) override {
        ++waiting;
        fd::LocalPermitGate::requestPermit(requestId, jurisdiction, limit, holder);
    }
    void cancelRequest(quint64 requestId) override {
        --waiting;
        fd::LocalPermitGate::cancelRequest(requestId);
    }
    void releasePermit(const QString &jurisdiction, const QString &token) override {
        --held;
        fd::LocalPermitGate::releasePermit(jurisdiction, token);
    }
    int held = 0;
    int waiting = 0;
};

const QDateTime kNow = QDateTime(QDate(2027, 2, 15), QTime(9, 0), Qt::UTC);

} // namespace

class TestRequestTable : public QObject {
    Q_OBJECT
private:
    /// Takes `key` (queued in US-DE) to `stage`, as the engine does.
    static void advance(RequestTable &table, CountingGate &gate, const QString &key, RequestStage stage) {
        if (stage == RequestStage::Delayed) {
            QVERIFY(
                table.queue(key, QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1), kNow.addSecs(60), kNow));
            return;
        }
        QVERIFY(table.queue(key, QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1)));
        if (stage == RequestStage::Queued)
            return;
        const auto pick = table.next(kNow);
        QVERIFY(pick);
        QCOMPARE(pick->key, key);
        if (stage == RequestStage::Picked)
            return;
        table.validating(key);
        if (stage == RequestStage::Validating)
            return;
        table.requestPermit(key, 8, fd::PermitHolder{});
        if (stage == RequestStage::AwaitingPermit)
            return;
        QObject::connect(&gate, &fd::PermitGate::permitGranted, &gate,
                         [&table](quint64 id, const QString &token) { table.granted(id, token); });
        QTRY_COMPARE(table.stageOf(key), std::optional(RequestStage::Granted));
        if (stage == RequestStage::Granted)
            return;
        QCOMPARE(table.takeGranted(), QStringList{key});
        if (stage == RequestStage::Recording)
            return;
        table.sent(key, kNow, false);
        if (stage == RequestStage::OnTheWire)
            return;
        table.answered(key);
    }

private Q_SLOTS:
    void retireHandsBackWhatTheStageHeld_data() {
        QTest::addColumn<RequestStage>("stage");
        QTest::addColumn<bool>("claimed");
        QTest::addColumn<int>("heldBefore");
        QTest::addColumn<int>("waitingBefore");
        using S = RequestStage;
        for (bool claimed : {false, true}) {
            const char *who = claimed ? " (claimed)" : "";
            QTest::addRow("queued%s", who) << S::Queued << claimed << 0 << 0;
            QTest::addRow("delayed%s", who) << S::Delayed << claimed << 0 << 0;
            QTest::addRow("picked%s", who) << S::Picked << claimed << 0 << 0;
            QTest::addRow("validating%s", who) << S::Validating << claimed << 0 << 0;
            QTest::addRow("awaiting permit%s", who) << S::AwaitingPermit << claimed << 0 << 1;
            QTest::addRow("granted%s", who) << S::Granted << claimed << 1 << 0;
            QTest::addRow("recording%s", who) << S::Recording << claimed << 1 << 0;
            QTest::addRow("on the wire%s", who) << S::OnTheWire << claimed << 1 << 0;
            QTest::addRow("answered%s", who) << S::Answered << claimed << 0 << 0;
        }
    }
    void retireHandsBackWhatTheStageHeld() {
        QFETCH(RequestStage, stage);
        QFETCH(bool, claimed);
        QFETCH(int, heldBefore);
        QFETCH(int, waitingBefore);
        CountingGate gate;
        RequestTable table;
        table.setGate(&gate);
        table.setCeilings({32, 1, {}}); // one slot per jurisdiction: a leaked slot blocks the next request
        const QString key = QStringLiteral("k1");
        if (claimed)
            table.claim(key, QStringLiteral("US-DE"));
        advance(table, gate, key, stage);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(table.stageOf(key), std::optional(stage));
        QCOMPARE(gate.held, heldBefore);
        QCOMPARE(gate.waiting, waitingBefore);

        QCOMPARE(table.retire(key), std::optional(stage));
        QCOMPARE(gate.held, 0);
        QCOMPARE(gate.waiting, 0);
        const RequestTable::Counts counts = table.counts();
        QVERIFY(!counts.busy());
        QCOMPARE(counts.held, claimed ? 1 : 0);
        QCOMPARE(table.contains(key), claimed); // the claim outlives the request
        QCOMPARE(table.claimCount(), claimed ? 1 : 0);
        QVERIFY(table.tokenOf(key).isEmpty());
        // The slot is free: another filing of the same jurisdiction goes at once.
        QVERIFY(table.queue(QStringLiteral("k2"), QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1)));
        const auto next = table.next(kNow);
        QVERIFY(next);
        QCOMPARE(next->key, QStringLiteral("k2"));
        // Retiring again changes nothing.
        table.retire(key);
        QCOMPARE(gate.held, 0);
    }

    void aRequestUnderWayIsNotQueuedTwice() {
        CountingGate gate;
        RequestTable table;
        table.setGate(&gate);
        advance(table, gate, QStringLiteral("k1"), RequestStage::AwaitingPermit);
        QVERIFY(!table.queue(QStringLiteral("k1"), QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1)));
        QCOMPARE(table.stageOf(QStringLiteral("k1")), std::optional(RequestStage::AwaitingPermit));
        QCOMPARE(gate.waiting, 1);
    }

    void theCeilingCountsEveryStageUntilRetired() {
        CountingGate gate;
        RequestTable table;
        table.setGate(&gate);
        table.setCeilings({32, 2, {}});
        for (const char *key : {"a", "b", "c"})
            QVERIFY(table.queue(QString::fromLatin1(key), QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1)));
        const auto first = table.next(kNow);
        const auto second = table.next(kNow);
        QVERIFY(first && second);
        QVERIFY(!table.next(kNow)); // two slots: the third waits
        table.requestPermit(first->key, 8, fd::PermitHolder{});
        QCOMPARE(table.counts().awaitingPermit, 1);
        QCOMPARE(table.counts().picked, 1);
        QCOMPARE(table.counts().queued, 1);
        table.retire(second->key);
        const auto third = table.next(kNow);
        QVERIFY(third);
        QCOMPARE(third->key, QStringLiteral("c"));
    }

    void unsentRequestsAreRetiredAndTheWireIsLeftAlone() {
        CountingGate gate;
        RequestTable table;
        table.setGate(&gate);
        QObject::connect(&gate, &fd::PermitGate::permitGranted, &gate,
                         [&table](quint64 id, const QString &token) { table.granted(id, token); });
        for (const char *key : {"sent", "granted", "waiting"}) {
            QVERIFY(table.queue(QString::fromLatin1(key), QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1)));
            table.requestPermit(table.next(kNow)->key, 2, fd::PermitHolder{});
        }
        QTRY_COMPARE(table.counts().granted, 2); // cap 2 at the gate: "waiting" waits
        QCOMPARE(table.counts().awaitingPermit, 1);
        const QStringList granted = table.takeGranted();
        QCOMPARE(granted, (QStringList{QStringLiteral("sent"), QStringLiteral("granted")})); // grant order
        table.sent(QStringLiteral("sent"), kNow, false);
        table.retire(QStringLiteral("granted"));
        QVERIFY(table.queue(QStringLiteral("granted"), QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1)));
        QTRY_COMPARE(table.stageOf(QStringLiteral("waiting")), std::optional(RequestStage::Granted));

        QCOMPARE(table.retireUnsent(), QStringList{QStringLiteral("waiting")});
        QCOMPARE(table.stageOf(QStringLiteral("sent")), std::optional(RequestStage::OnTheWire));
        QCOMPARE(table.stageOf(QStringLiteral("granted")), std::optional(RequestStage::Queued));
        QCOMPARE(gate.held, 1); // the request on the wire keeps its permit
        QCOMPARE(table.sentUtcOf(QStringLiteral("sent")), kNow);

        table.claim(QStringLiteral("sent"), QStringLiteral("US-DE"));
        table.retireAll();
        QCOMPARE(gate.held, 0);
        QCOMPARE(gate.waiting, 0);
        QCOMPARE(table.claimCount(), 0);
        QVERIFY(!table.contains(QStringLiteral("sent")));
        QVERIFY(!table.counts().busy());
    }

    void aForgottenClaimEndsWithItsRequest() {
        CountingGate gate;
        RequestTable table;
        table.setGate(&gate);
        table.claim(QStringLiteral("k"), QStringLiteral("US-DE"));
        advance(table, gate, QStringLiteral("k"), RequestStage::OnTheWire);
        table.forgetClaim(QStringLiteral("k"));
        QVERIFY(table.hasLeft(QStringLiteral("k"))); // the request on the wire finishes
        QCOMPARE(table.claimCount(), 0);
        table.retire(QStringLiteral("k"));
        QVERIFY(!table.contains(QStringLiteral("k")));
        QCOMPARE(gate.held, 0);
    }

    void anAnswerFreesPermitAndSlotWhileItsOutcomeIsRecorded() {
        CountingGate gate;
        RequestTable table;
        table.setGate(&gate);
        table.setCeilings({32, 1, {}}); // one slot per jurisdiction
        advance(table, gate, QStringLiteral("k"), RequestStage::OnTheWire);
        QCOMPARE(gate.held, 1);
        table.answered(QStringLiteral("k"));
        QCOMPARE(table.stageOf(QStringLiteral("k")), std::optional(RequestStage::Answered));
        QCOMPARE(gate.held, 0); // the registry is done with it: the permit is back
        QVERIFY(table.hasLeft(QStringLiteral("k")));
        QVERIFY(table.isDispatching(QStringLiteral("k"))); // operator actions wait for its outcome
        QVERIFY(table.counts().busy());                    // and the batch is not idle
        QCOMPARE(table.counts().answered, 1);
        QVERIFY(!table.queue(QStringLiteral("k"), QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1)));
        // The slot is free: the next filing of the jurisdiction goes while the outcome is recorded.
        QVERIFY(table.queue(QStringLiteral("k2"), QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1)));
        QVERIFY(table.next(kNow));
        QCOMPARE(table.retire(QStringLiteral("k")), std::optional(RequestStage::Answered));
        QVERIFY(!table.contains(QStringLiteral("k")));
        QCOMPARE(table.counts().answered, 0);
    }

    void aValidationBeingRecordedIsNotWithdrawn() {
        CountingGate gate;
        RequestTable table;
        table.setGate(&gate);
        advance(table, gate, QStringLiteral("v"), RequestStage::Validating);
        advance(table, gate, QStringLiteral("p"), RequestStage::Picked);
        // A pause withdraws what is picked; what is being validated is left to its commit's continuation.
        QCOMPARE(table.retireUnsent(), QStringList{QStringLiteral("p")});
        QCOMPARE(table.stageOf(QStringLiteral("v")), std::optional(RequestStage::Validating));
        QVERIFY(table.isDispatching(QStringLiteral("v")));
        QVERIFY(!table.hasLeft(QStringLiteral("v")));
        table.requestPermit(QStringLiteral("v"), 8, fd::PermitHolder{});
        QCOMPARE(table.stageOf(QStringLiteral("v")), std::optional(RequestStage::AwaitingPermit));
        QCOMPARE(gate.waiting, 1);
    }

    void delayedEntriesComeDueOnTime() {
        RequestTable table;
        QVERIFY(table.queue(QStringLiteral("k"), QStringLiteral("US-DE"), 1.0, QDate(2027, 3, 1),
                            kNow.addSecs(30), kNow));
        QVERIFY(table.isDelayed(QStringLiteral("k")));
        QVERIFY(!table.next(kNow));
        QCOMPARE(table.nextWakeUtc(kNow), kNow.addSecs(30));
        QVERIFY(table.promoteDue(kNow.addSecs(29)).isEmpty());
        QCOMPARE(table.promoteDue(kNow.addSecs(30)), QStringList{QStringLiteral("k")});
        QCOMPARE(table.stageOf(QStringLiteral("k")), std::optional(RequestStage::Queued));
        QVERIFY(table.next(kNow.addSecs(30)));
    }
};

QTEST_GUILESS_MAIN(TestRequestTable)
#include "tst_request_table.moc"
