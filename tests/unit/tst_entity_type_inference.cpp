// Entity type read off the legal-name suffix; no suffix means Unknown, never a guess.
#include "engine/import/entity_type_inference.h"

#include <QtTest>

using fd::EntityType;

class TestEntityTypeInference : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void infers_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("type");
        QTest::newRow("Inc.") << "Comex North America, Inc." << int(EntityType::Corporation);
        QTest::newRow("Corporation") << "CTS National Corporation" << int(EntityType::Corporation);
        QTest::newRow("Co.") << "Contract Transportation Systems Co." << int(EntityType::Corporation);
        QTest::newRow("Company") << "The Sherwin-Williams Headquarters Company"
                                 << int(EntityType::Corporation);
        QTest::newRow("LLC with comma") << "Acquire Sourcing, LLC" << int(EntityType::Llc);
        QTest::newRow("L.L.C.") << "Omega Holdings L.L.C." << int(EntityType::Llc);
        QTest::newRow("Limited Liability Company")
            << "Paints Limited Liability Company" << int(EntityType::Llc);
        QTest::newRow("L.P.") << "Harbor Partners, L.P." << int(EntityType::Lp);
        QTest::newRow("Limited Partnership") << "Harbor Limited Partnership" << int(EntityType::Lp);
        QTest::newRow("footnote marker") << "Valspar Sourcing, Inc. (2)" << int(EntityType::Corporation);
        QTest::newRow("no suffix") << "Sherwin-Williams Protective & Marine Coatings"
                                   << int(EntityType::Unknown);
        QTest::newRow("empty") << "" << int(EntityType::Unknown);
        // A designator followed by a place: still a real designator word, right before "of".
        QTest::newRow("Corporation of America")
            << "Directories Corporation of America" << int(EntityType::Corporation);
        QTest::newRow("Company of New York")
            << "The Trust Company of New York" << int(EntityType::Corporation);
        QTest::newRow("Company of the State of X")
            << "Insurance Company of the State of Pennsylvania" << int(EntityType::Corporation);
        QTest::newRow("upper case") << "DIRECTORIES CORPORATION OF AMERICA" << int(EntityType::Corporation);
        QTest::newRow("Corp. of Delaware") << "Acme Corp. of Delaware" << int(EntityType::Corporation);
        QTest::newRow("LLC of Texas") << "Acme Holdings LLC of Texas" << int(EntityType::Llc);
        QTest::newRow("of place, footnote")
            << "Directories Corporation of America (1)" << int(EntityType::Corporation);
        // ... and never a guess: no designator before "of", or nothing but the designator, or no place after
        // it.
        QTest::newRow("Bank of America") << "Bank of America" << int(EntityType::Unknown);
        QTest::newRow("Company of Heroes") << "Company of Heroes" << int(EntityType::Unknown);
        QTest::newRow("designator mid-name") << "Acme Company Holdings" << int(EntityType::Unknown);
        QTest::newRow("of a number") << "Acme Corporation of 1999" << int(EntityType::Unknown);
        QTest::newRow("non-US form of a place") << "Acme AG of Switzerland" << int(EntityType::Unknown);
    }

    void infers() {
        QFETCH(QString, name);
        QFETCH(int, type);
        const fd::EntityTypeGuess guess = fd::inferEntityType(name);
        QCOMPARE(int(guess.type), type);
        if (guess.type == EntityType::Unknown)
            QVERIFY2(!guess.reason.isEmpty(), "Unknown must say why");
        else
            QVERIFY(!guess.suffix.isEmpty());
    }

    void designatorBeforePlaceIsTheSuffix() {
        const fd::EntityTypeGuess guess =
            fd::inferEntityType(QStringLiteral("Directories Corporation of America"));
        QCOMPARE(guess.suffix, QStringLiteral("Corporation of America"));
        QVERIFY(guess.reason.isEmpty());
        const fd::EntityTypeGuess foreign = fd::inferEntityType(QStringLiteral("Acme AG of Switzerland"));
        QVERIFY2(foreign.reason.contains(QStringLiteral("non-US")), qPrintable(foreign.reason));
    }

    void stripsFootnoteMarkers() {
        QCOMPARE(fd::stripFootnoteMarkers(QStringLiteral("Valspar Sourcing, Inc. (2)")),
                 QStringLiteral("Valspar Sourcing, Inc."));
        QCOMPARE(fd::stripFootnoteMarkers(QStringLiteral("Acme LLC*")), QStringLiteral("Acme LLC"));
    }
};

QTEST_GUILESS_MAIN(TestEntityTypeInference)
#include "tst_entity_type_inference.moc"
