// Jurisdiction strings as they appear in Exhibit 21 filings, normalised to ISO 3166-2 / 3166-1 codes.
#include "engine/import/jurisdiction_normaliser.h"

#include <QtTest>

using fd::JurisdictionMatch;

class TestJurisdictionNormaliser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void normalises_data() {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("code");
        const int us = int(JurisdictionMatch::Kind::UsState);
        const int country = int(JurisdictionMatch::Kind::Country);
        const int none = int(JurisdictionMatch::Kind::Unrecognised);
        QTest::newRow("state name") << "Delaware" << us << "US-DE";
        QTest::newRow("state code") << "DE" << us << "US-DE";
        QTest::newRow("iso subdivision") << "US-ny" << us << "US-NY";
        QTest::newRow("lower-case name") << "california" << us << "US-CA";
        QTest::newRow("padded with footnote") << "  Texas (1) " << us << "US-TX";
        QTest::newRow("abbreviated name") << "So. Carolina" << us << "US-SC";
        QTest::newRow("city, state, country") << "Minneapolis, MN USA" << us << "US-MN";
        QTest::newRow("west virginia is not virginia") << "West Virginia" << us << "US-WV";
        QTest::newRow("district of columbia") << "District of Columbia" << us << "US-DC";
        QTest::newRow("CA is California, not Canada") << "CA" << us << "US-CA";
        QTest::newRow("country name") << "Germany" << country << "DE";
        QTest::newRow("UK") << "UK" << country << "GB";
        QTest::newRow("England") << "England and Wales" << country << "GB";
        QTest::newRow("Grand Cayman") << "Grand Cayman" << country << "KY";
        QTest::newRow("ISO country code not a state") << "AU" << country << "AU";
        QTest::newRow("Netherlands") << "The Netherlands" << country << "NL";
        QTest::newRow("United States alone") << "United States" << none << "";
        QTest::newRow("empty") << "   " << none << "";
        QTest::newRow("misspelt country") << "Columbia" << none << "";
        QTest::newRow("two states") << "Delaware and Nevada" << none << "";
        QTest::newRow("nonsense") << "Atlantis" << none << "";
    }

    void normalises() {
        QFETCH(QString, raw);
        QFETCH(int, kind);
        QFETCH(QString, code);
        const JurisdictionMatch match = fd::normaliseJurisdiction(raw);
        QCOMPARE(int(match.kind), kind);
        QCOMPARE(match.code, code);
        if (match.kind == JurisdictionMatch::Kind::Unrecognised)
            QVERIFY2(!match.reason.isEmpty(), "an unrecognised jurisdiction must say why");
    }

    void listsAllFiftyOneUsJurisdictions() {
        const QStringList codes = fd::usJurisdictionCodes();
        QCOMPARE(codes.size(), 51);
        QVERIFY(codes.contains(QStringLiteral("US-DC")));
        QCOMPARE(fd::usJurisdictionName(QStringLiteral("US-DE")), QStringLiteral("Delaware"));
        QVERIFY(fd::usJurisdictionName(QStringLiteral("GB")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestJurisdictionNormaliser)
#include "tst_jurisdiction_normaliser.moc"
