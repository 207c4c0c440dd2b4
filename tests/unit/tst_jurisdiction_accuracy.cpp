// The jurisdiction normaliser against the labelled set tests/data/jurisdictions/labelled.csv: over 1,000
// distinct jurisdiction strings as Exhibit 21 lists write them, each with the code it means (or "needs_data"
// where the string alone cannot say), built by tests/data/jurisdictions/build_labelled_set.py. The normaliser
// must get at least 99.5 % of them right, and must never put a string in a US state it does not name.
#include "engine/import/csv_reader.h"
#include "engine/import/gazetteer.h"
#include "engine/import/iso_codes.h"
#include "engine/import/jurisdiction_normaliser.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using fd::JurisdictionMatch;

namespace {

QString labelledSetPath() {
    return qEnvironmentVariable("FILINGDESK_SOURCE_DIR") +
           QStringLiteral("/tests/data/jurisdictions/labelled.csv");
}

// Rows written after a change and measured before any fix for them: their figure is the honest estimate.
struct SourceFigure {
    int right = 0;
    int total = 0;
};

QString outcome(const JurisdictionMatch &m) {
    return m.kind == JurisdictionMatch::Kind::Unrecognised ? QStringLiteral("needs_data") : m.code;
}

} // namespace

class TestJurisdictionAccuracy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void labelledSetAccuracy() {
        QFile file(labelledSetPath());
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(labelledSetPath()));
        const fd::CsvDocument doc = fd::readCsv(file.readAll());
        QVERIFY2(doc.ok(), qPrintable(doc.error));
        QCOMPARE(doc.records.first().fields,
                 (QStringList{QStringLiteral("jurisdiction_raw"), QStringLiteral("expected"),
                              QStringLiteral("source")}));
        QSet<QString> seen;
        int right = 0;
        int total = 0;
        QStringList misses;
        QStringList wrongState;
        QMap<QString, SourceFigure> bySource;
        for (qsizetype i = 1; i < doc.records.size(); ++i) {
            const fd::CsvRecord &r = doc.records.at(i);
            QCOMPARE(r.fields.size(), 3);
            const QString raw = r.fields.at(0);
            const QString expected = r.fields.at(1);
            QVERIFY2(!seen.contains(raw),
                     qPrintable(QStringLiteral("line %1 repeats \"%2\"").arg(r.line).arg(raw)));
            seen.insert(raw);
            const JurisdictionMatch m = fd::normaliseJurisdiction(raw);
            const QString got = outcome(m);
            ++total;
            SourceFigure &figure = bySource[r.fields.at(2).section(QLatin1Char(':'), 0, 0)];
            ++figure.total;
            if (got == expected) {
                ++right;
                ++figure.right;
                continue;
            }
            misses.append(QStringLiteral("line %1: \"%2\" (%3): expected %4, got %5 %6")
                              .arg(r.line)
                              .arg(raw, r.fields.at(2), expected, got, m.reason));
            if (m.kind == JurisdictionMatch::Kind::UsState)
                wrongState.append(misses.last());
        }
        const double accuracy = 100.0 * right / total;
        qInfo().noquote() << QStringLiteral(
                                 "jurisdiction accuracy: %1 of %2 strings right (%3 %), ISO data from %4")
                                 .arg(right)
                                 .arg(total)
                                 .arg(accuracy, 0, 'f', 2)
                                 .arg(fd::IsoCodes::instance().source());
        for (auto it = bySource.cbegin(); it != bySource.cend(); ++it)
            qInfo().noquote() << QStringLiteral("  %1: %2 of %3 (%4 %)")
                                     .arg(it.key())
                                     .arg(it->right)
                                     .arg(it->total)
                                     .arg(100.0 * it->right / it->total, 0, 'f', 1);
        for (const QString &miss : std::as_const(misses))
            qInfo().noquote() << miss;
        QVERIFY2(total >= 1000, "the labelled set must hold at least 1,000 distinct strings");
        QVERIFY2(wrongState.isEmpty(), qPrintable(QStringLiteral("resolved to a state it does not name:\n") +
                                                  wrongState.join(QLatin1Char('\n'))));
        QVERIFY2(accuracy >= 99.5, qPrintable(QStringLiteral("accuracy %1 % is below 99.5 %").arg(accuracy)));
    }

    // The built-in copy (Windows, macOS) gives the same answers as the system data.
    // The gazetteer's built-in copy (Windows, macOS) holds what the system's libgeonames does and reads the
    // same; a copy that does not parse says where.
    void builtInGazetteerCopyMatchesTheSystem() {
        fd::Gazetteer system;
        QString error;
        QVERIFY2(system.loadSystem(&error), qPrintable(error));
        fd::Gazetteer builtIn;
        QVERIFY2(builtIn.loadFile(fd::Gazetteer::builtInPath(), &error), qPrintable(error));
        QVERIFY(system.cityCount() >= 20000);
        QCOMPARE(builtIn.cityCount(), system.cityCount());
        QCOMPARE(builtIn.nameCount(), system.nameCount());
        for (const char *name : {"dusseldorf", "munchen", "valencia", "houston", "paris", "zurich"}) {
            const fd::CityReading a = system.read(QString::fromLatin1(name));
            const fd::CityReading b = builtIn.read(QString::fromLatin1(name));
            QCOMPARE(int(b.kind), int(a.kind));
            QCOMPARE(b.country, a.country);
            QCOMPARE(b.candidates, a.candidates);
        }
        QCOMPARE(system.read(QStringLiteral("munchen")).country, QStringLiteral("DE"));
        QCOMPARE(int(system.read(QStringLiteral("valencia")).kind), int(fd::CityReading::Kind::Ambiguous));
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("cities.tsv"));
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("# header\nParis\tFR\t11\tIle-de-France\t2138551\t\nBerlin\tDE\n");
        f.close();
        fd::Gazetteer bad;
        QVERIFY(!bad.loadFile(broken, &error));
        QVERIFY2(
            error.endsWith(QLatin1String("cities.tsv:3: not name, country, region code, region, population, "
                                         "other names")),
            qPrintable(error));
        QCOMPARE(bad.cityCount(), 0);
    }

    void builtInIsoCopyLoads() {
        fd::IsoCodes builtIn;
        QString error;
        QVERIFY2(builtIn.load(fd::IsoCodes::builtInDirectory(), &error), qPrintable(error));
        QVERIFY(builtIn.countries().size() >= 249);
        QVERIFY(builtIn.subdivisions().size() >= 5000);
        QCOMPARE(builtIn.countryName(QStringLiteral("GE")), QStringLiteral("Georgia"));
        // The country names in other languages come with it, as with the system's catalogues.
        QCOMPARE(builtIn.translatedCountryNames().size(),
                 fd::IsoCodes::instance().translatedCountryNames().size());
        QVERIFY(builtIn.translatedCountryNames().size() >= 7 * 249);
        QVERIFY(std::any_of(builtIn.translatedCountryNames().cbegin(),
                            builtIn.translatedCountryNames().cend(), [](const fd::IsoTranslatedName &t) {
                                return t.name == QLatin1String("Deutschland") &&
                                       t.alpha2 == QLatin1String("DE");
                            }));
        fd::IsoCodes missing;
        QVERIFY(!missing.load(QStringLiteral("/nonexistent"), &error));
        QVERIFY2(error.contains(QLatin1String("iso_3166-1.json")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestJurisdictionAccuracy)
#include "tst_jurisdiction_accuracy.moc"
