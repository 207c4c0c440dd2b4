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
        QTest::newRow("nonsense") << "Narnia" << none << "";
        // A foreign place that contains a state name is foreign: the country wins.
        QTest::newRow("Georgia, CIS") << "Georgia, CIS" << country << "GE";
        QTest::newRow("Tbilisi, Georgia") << "Tbilisi, Georgia" << country << "GE";
        QTest::newRow("Florida, Uruguay") << "Florida, Uruguay" << country << "UY";
        QTest::newRow("Maine-et-Loire, France") << "Maine-et-Loire, France" << country << "FR";
        QTest::newRow("Virginia, Ireland") << "Virginia, Ireland" << country << "IE";
        QTest::newRow("Barbados, W.I. is not Wisconsin") << "Barbados, W.I." << country << "BB";
        QTest::newRow("town named after a country") << "Mexico, Missouri" << us << "US-MO";
        QTest::newRow("Georgia alone is the state") << "Georgia" << us << "US-GA";
        QTest::newRow("Atlanta, Georgia") << "Atlanta, Georgia" << us << "US-GA";
        // City, Country; City, Region, Country; official names.
        QTest::newRow("Paris, France") << "Paris, France" << country << "FR";
        QTest::newRow("Seoul, South Korea") << "Seoul, South Korea" << country << "KR";
        QTest::newRow("Taiwan, Province of China") << "Taiwan, Province of China" << country << "TW";
        QTest::newRow("Hong Kong, S.A.R., China") << "Hong Kong, S.A.R., China" << country << "HK";
        QTest::newRow("Dubai (UAE)") << "Dubai (UAE)" << country << "AE";
        QTest::newRow("Bogota, Columbia") << "Bogotá, Columbia" << country << "CO";
        QTest::newRow("Isle of Man, UK") << "Isle of Man, UK" << country << "IM";
        QTest::newRow("subdivision alone") << "Ontario" << country << "CA";
        // US spellings: postal, AP and GPO styles.
        QTest::newRow("New York State") << "New York State" << us << "US-NY";
        QTest::newRow("State of Delaware") << "State of Delaware" << us << "US-DE";
        QTest::newRow("N.C.") << "N.C." << us << "US-NC";
        QTest::newRow("S.C.") << "S.C." << us << "US-SC";
        QTest::newRow("D.C.") << "D.C." << us << "US-DC";
        QTest::newRow("Mo.") << "Mo." << us << "US-MO";
        QTest::newRow("Ky.") << "Ky." << us << "US-KY";
        QTest::newRow("Vt.") << "Vt." << us << "US-VT";
        QTest::newRow("W. Va.") << "W. Va." << us << "US-WV";
        QTest::newRow("N. Mex. (GPO)") << "N. Mex." << us << "US-NM";
        QTest::newRow("Kansas City, MO") << "Kansas City, MO" << us << "US-MO";
        QTest::newRow("misspelt state") << "Deleware" << us << "US-DE";
        QTest::newRow("misspelt state, swapped letters") << "Pennsylvnaia" << us << "US-PA";
        QTest::newRow("misspelt Georgia is not guessed") << "Gerogia" << none << "";
        QTest::newRow("near a state, in a country") << "Floridia, Italy" << country << "IT";
        QTest::newRow("islands abbreviated") << "British Virgin Is." << country << "VG";
        QTest::newRow("Commonwealth of Pennsylvania") << "Commonwealth of Pennsylvania" << us << "US-PA";
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

    // Ambiguous strings need data and name every reading, so a person can pick one.
    void ambiguousNamesTheCandidates_data() {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QStringList>("candidates");
        QTest::newRow("Columbia") << "Columbia" << QStringList{"CO", "US-DC"};
        QTest::newRow("unknown city, Georgia") << "Zestafoni, Georgia" << QStringList{"US-GA", "GE"};
        QTest::newRow("country then state code") << "Mexico, MO" << QStringList{"MX", "US-MO"};
        QTest::newRow("region and code") << "Ontario, CA" << QStringList{"US-CA", "CA"};
        QTest::newRow("two states") << "Delaware/Texas" << QStringList{"US-DE", "US-TX"};
        QTest::newRow("state and US and country")
            << "Delaware, United Kingdom, USA" << QStringList{"US-DE", "GB"};
    }
    void ambiguousNamesTheCandidates() {
        QFETCH(QString, raw);
        QFETCH(QStringList, candidates);
        const JurisdictionMatch match = fd::normaliseJurisdiction(raw);
        QCOMPARE(int(match.kind), int(JurisdictionMatch::Kind::Unrecognised));
        QCOMPARE(match.candidates, candidates);
        for (const QString &c : candidates)
            QVERIFY2(match.reason.contains(c), qPrintable(match.reason));
    }

    // Read from something other than a name (a city, a misspelling, brackets after an address, a federal
    // charter): the outcome says which word decided it, or why nothing did.
    void saysHowItRead_data() {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("candidates");
        QTest::addColumn<QString>("because");
        const int country = int(JurisdictionMatch::Kind::Country);
        const int federal = int(JurisdictionMatch::Kind::Federal);
        const int none = int(JurisdictionMatch::Kind::Unrecognised);
        QTest::newRow("city alone") << "Düsseldorf" << country << "DE" << QStringList{}
                                    << "read from the city Düsseldorf (North Rhine-Westphalia, Germany)";
        QTest::newRow("city by another language's name")
            << "München" << country << "DE" << QStringList{} << "read from the city Munich";
        QTest::newRow("city far larger than its namesakes")
            << "Vienna" << country << "AT" << QStringList{} << "read from the city Vienna (Austria)";
        QTest::newRow("city in several countries")
            << "Córdoba" << none << "" << QStringList{"AR", "CO", "ES", "MX"}
            << "a region and a city of that name are in different countries";
        QTest::newRow("city in several countries, no region")
            << "San José" << none << "" << QStringList{"CR", "UY", "PH", "US-CA"}
            << "a region and a city of that name are in different countries";
        QTest::newRow("city in several countries, no region")
            << "Vancouver" << none << "" << QStringList{"CA", "US-WA"}
            << "cities of that name are in more than one country";
        QTest::newRow("US city: its state only a candidate")
            << "Houston" << none << "" << QStringList{"US-TX"}
            << "names a city in the United States (Houston, Texas): where a company is located is not where "
               "it "
               "is incorporated";
        QTest::newRow("US city beside a state")
            << "Paris, TX" << int(JurisdictionMatch::Kind::UsState) << "US-TX" << QStringList{} << "";
        QTest::newRow("national bank") << "national bank located in Ohio" << federal << "US" << QStringList{}
                                       << "chartered by the United States";
        QTest::newRow("brackets after an address")
            << "c/o Conyers, One Exchange Square, Central, Hong Kong (Bermuda)" << country << "BM"
            << QStringList{} << "read from the brackets, which name the place of incorporation (Bermuda)";
        QTest::newRow("misspelt country")
            << "Luxemborg" << country << "LU" << QStringList{} << "a misspelling";
        QTest::newRow("withdrawn country") << "Netherlands Antilles" << none << ""
                                           << QStringList{"CW", "SX", "BQ"} << "withdrawn from ISO 3166";
        QTest::newRow("two countries") << "Cayman Islands & Hong Kong" << none << ""
                                       << QStringList{"KY", "HK"} << "more than one country";
        QTest::newRow("adjective") << "Swiss domiciled" << country << "CH" << QStringList{} << "";
        QTest::newRow("country in German") << "Österreich" << country << "AT" << QStringList{} << "";
        QTest::newRow("province beside its own code")
            << "Milano (MI)" << country << "IT" << QStringList{} << "MI is IT (Italy)'s code for Milano";
        QTest::newRow("city beside its region's code")
            << "Perth, WA" << country << "AU" << QStringList{} << "WA is the code of its region";
        QTest::newRow("city abroad beside a state code")
            << "Milan, TN" << none << "" << QStringList{"IT", "US-TN"} << "a city abroad";
        QTest::newRow("where it is, not where incorporated")
            << "Headquartered in Texas" << none << "" << QStringList{"US-TX"}
            << "not where it is incorporated";
        QTest::newRow("incorporated named beside the location")
            << "Incorporated in Delaware, headquartered in California"
            << int(JurisdictionMatch::Kind::UsState) << "US-DE" << QStringList{}
            << "read from \"Incorporated in Delaware\"";
        QTest::newRow("N.A. beside a state")
            << "Ohio, N.A." << federal << "US" << QStringList{} << "chartered by the United States";
        QTest::newRow("company form alone") << "N.V." << none << "" << QStringList{} << "a company form";
        QTest::newRow("name inverted at a comma") << "Korea, North" << country << "KP" << QStringList{} << "";
        QTest::newRow("long name inverted at a comma")
            << "Congo, Democratic Republic of the" << country << "CD" << QStringList{} << "";
        QTest::newRow("a state and a country joined")
            << "Cayman Islands/Delaware" << none << "" << QStringList{"US-DE", "KY"}
            << "a state and a country";
        QTest::newRow("country in German, also a town in India")
            << "Singapur" << country << "SG" << QStringList{} << "";
        QTest::newRow("country in Portuguese") << "Suíça" << country << "CH" << QStringList{} << "";
        QTest::newRow("Iceland in German is an English word")
            << "Island" << none << "" << QStringList{} << "";
        QTest::newRow("state-chartered bank")
            << "a Texas state-chartered bank" << int(JurisdictionMatch::Kind::UsState) << "US-TX"
            << QStringList{} << "";
    }
    void saysHowItRead() {
        QFETCH(QString, raw);
        QFETCH(int, kind);
        QFETCH(QString, code);
        QFETCH(QStringList, candidates);
        QFETCH(QString, because);
        const JurisdictionMatch match = fd::normaliseJurisdiction(raw);
        QVERIFY2(int(match.kind) == kind, qPrintable(match.reason));
        QCOMPARE(match.code, code);
        QCOMPARE(match.candidates, candidates);
        QVERIFY2(match.reason.contains(because), qPrintable(match.reason));
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
