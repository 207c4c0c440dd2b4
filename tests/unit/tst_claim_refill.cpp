// When a team member refills its claims, and with how much (engine/work/claim_refill.h): it holds two
// filings per slot of each ceiling, and claims in batches, once a jurisdiction is down to its ceiling's
// worth or all together lack an eighth of what it may hold, not after every filing.
#include "engine/core/engine_config.h"
#include "engine/work/claim_refill.h"

#include <QtTest>

using Held = QHash<QString, int>;

namespace {

/// Delaware and California at 8 each, 4 elsewhere, 40 in all: a member holds at most 2 x 40 + 8 = 88.
fd::EngineConfig twoCeilings() {
    fd::EngineConfig config;
    config.limits = {{QStringLiteral("US-DE"), 8}, {QStringLiteral("US-CA"), 8}};
    config.defaultLimit = 4;
    config.globalLimit = 40;
    return config;
}

int heldInAll(const Held &held) {
    int n = 0;
    for (int v : held)
        n += v;
    return n;
}

} // namespace

class TestClaimRefill : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capacityIsTwiceTheGlobalCeilingAndOneJurisdiction();
    void lackingCountsTwoPerSlot();
    void refillsInBatches_data();
    void refillsInBatches();
    void withoutCeilingsTheRoomLeftDecides_data();
    void withoutCeilingsTheRoomLeftDecides();
};

void TestClaimRefill::capacityIsTwiceTheGlobalCeilingAndOneJurisdiction() {
    QCOMPARE(fd::ClaimRefill::capacity(twoCeilings()), 88);
    fd::EngineConfig plain;
    plain.defaultLimit = 4;
    plain.globalLimit = 40;
    QCOMPARE(fd::ClaimRefill::capacity(plain), 84);
}

void TestClaimRefill::lackingCountsTwoPerSlot() {
    const Held held{{QStringLiteral("US-DE"), 20}, {QStringLiteral("US-NY"), 3}};
    const Held needs = fd::ClaimRefill::lacking(twoCeilings(), held);
    QCOMPARE(needs.size(), qsizetype(3));
    QCOMPARE(needs.value(QStringLiteral("US-DE")), -4); // holds more than 2 x 8: negative
    QCOMPARE(needs.value(QStringLiteral("US-CA")), 16); // none held
    QCOMPARE(needs.value(QStringLiteral("US-NY")), 5);  // no ceiling of its own: 2 x the default 4, less 3
}

void TestClaimRefill::refillsInBatches_data() {
    QTest::addColumn<Held>("held");
    QTest::addColumn<bool>("claims");
    const QString de = QStringLiteral("US-DE");
    const QString ca = QStringLiteral("US-CA");
    const QString ny = QStringLiteral("US-NY");
    QTest::newRow("nothing held") << Held{} << true;
    QTest::newRow("full") << Held{{de, 16}, {ca, 16}} << false;
    QTest::newRow("one filing finished: no claim for it") << Held{{de, 15}, {ca, 16}} << false;
    QTest::newRow("Delaware down to its ceiling's worth") << Held{{de, 8}, {ca, 16}} << true;
    QTest::newRow("Delaware one above its ceiling's worth") << Held{{de, 9}, {ca, 16}} << false;
    QTest::newRow("together an eighth of 88 lacking") << Held{{de, 10}, {ca, 11}} << true;
    QTest::newRow("together one short of an eighth") << Held{{de, 10}, {ca, 12}} << false;
    QTest::newRow("more than enough of one makes up for none of the other")
        << Held{{de, 30}, {ca, 9}} << false;
    QTest::newRow("a jurisdiction without a ceiling, down to the default's worth")
        << Held{{de, 16}, {ca, 16}, {ny, 4}} << true;
    QTest::newRow("a jurisdiction without a ceiling, above the default's worth")
        << Held{{de, 16}, {ca, 16}, {ny, 5}} << false;
}

void TestClaimRefill::refillsInBatches() {
    QFETCH(Held, held);
    QFETCH(bool, claims);
    QCOMPARE(fd::ClaimRefill::worthClaiming(twoCeilings(), held, heldInAll(held)), claims);
}

void TestClaimRefill::withoutCeilingsTheRoomLeftDecides_data() {
    QTest::addColumn<int>("heldInAll");
    QTest::addColumn<bool>("claims");
    // 84 at most, an eighth of it (10) the least worth a claim.
    QTest::newRow("nothing held") << 0 << true;
    QTest::newRow("room for 10") << 74 << true;
    QTest::newRow("room for 9") << 75 << false;
    QTest::newRow("full") << 84 << false;
}

void TestClaimRefill::withoutCeilingsTheRoomLeftDecides() {
    QFETCH(int, heldInAll);
    QFETCH(bool, claims);
    fd::EngineConfig plain;
    plain.defaultLimit = 4;
    plain.globalLimit = 40;
    QCOMPARE(fd::ClaimRefill::worthClaiming(plain, Held{{QStringLiteral("US-DE"), heldInAll}}, heldInAll),
             claims);
}

QTEST_GUILESS_MAIN(TestClaimRefill)
#include "tst_claim_refill.moc"
