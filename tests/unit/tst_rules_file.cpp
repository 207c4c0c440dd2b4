// The shipped rules file (resources/rules/us-rules.json): it loads, every rule is cited, every jurisdiction
// is covered for each entity type a corporate portfolio holds, and malformed files are refused with FILE:LINE
// and the field at fault (docs/rules-format.md).
#include "engine/import/jurisdiction_normaliser.h"
#include "engine/rules/rule_set.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace fd;

namespace {

QString shippedPath() {
    return qEnvironmentVariable("FILINGDESK_SOURCE_DIR") + QStringLiteral("/resources/rules/us-rules.json");
}

QByteArray shippedBytes() {
    QFile f(shippedPath());
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestRulesFile : public QObject {
    Q_OBJECT

private:
    RuleSet m_rules;

private slots:
    void initTestCase() {
        QVERIFY2(!qEnvironmentVariableIsEmpty("FILINGDESK_SOURCE_DIR"),
                 "run through ctest (FILINGDESK_SOURCE_DIR)");
        QString error;
        QVERIFY2(m_rules.loadFromFile(shippedPath(), &error), qPrintable(error));
    }

    void shippedFileLoads() {
        QVERIFY(!m_rules.version().isEmpty());
        QVERIFY(m_rules.rules().size() > 100);
        // The copy compiled into the application is the same file.
        const RuleSet builtIn = RuleSet::builtIn();
        QCOMPARE(builtIn.version(), m_rules.version());
        QCOMPARE(builtIn.rules().size(), m_rules.rules().size());
    }

    void everyRuleIsCitedAndDated() {
        for (const Rule &r : m_rules.rules()) {
            QVERIFY2(!r.statute.isEmpty() || !r.url.isEmpty(),
                     qPrintable(r.id + QStringLiteral(": no citation")));
            QVERIFY2(r.lastChecked.isValid(), qPrintable(r.id + QStringLiteral(": no last_checked")));
            QVERIFY2(r.effectiveFrom.isValid(), qPrintable(r.id));
            QVERIFY2(r.id.startsWith(r.jurisdiction + QLatin1Char('.')),
                     qPrintable(r.id + QStringLiteral(": id does not start with its jurisdiction")));
            if (!r.url.isEmpty())
                QVERIFY2(r.url.startsWith(QLatin1String("http")),
                         qPrintable(r.id + QStringLiteral(": url ") + r.url));
            if (r.frequency != QLatin1String("none")) {
                QVERIFY2(!r.weekendHolidayNote.isEmpty(),
                         qPrintable(r.id + QStringLiteral(": weekend handling not sourced")));
                QVERIFY2(!r.due.kind.isEmpty(), qPrintable(r.id));
            }
        }
    }

    void everyJurisdictionListed() {
        QStringList listed;
        for (const JurisdictionInfo &j : m_rules.jurisdictions()) {
            listed.append(j.code);
            QVERIFY2(j.lastChecked.isValid(), qPrintable(j.code));
            QVERIFY2(!j.name.isEmpty(), qPrintable(j.code));
        }
        listed.sort();
        QCOMPARE(listed, usJurisdictionCodes());
        QCOMPARE(listed.size(), 51);
    }

    // Each of the 50 states and DC, for each entity type a corporate portfolio holds, has a rule: a periodic
    // obligation or an explicit "no periodic filing" rule, never a silent gap.
    void coverage_data() {
        QTest::addColumn<QString>("jurisdiction");
        QTest::addColumn<int>("type");
        QTest::addColumn<bool>("domestic");
        for (const QString &code : usJurisdictionCodes()) {
            QTest::newRow(qPrintable(code + QStringLiteral(" domestic corporation")))
                << code << int(EntityType::Corporation) << true;
            QTest::newRow(qPrintable(code + QStringLiteral(" foreign corporation")))
                << code << int(EntityType::Corporation) << false;
            QTest::newRow(qPrintable(code + QStringLiteral(" LLC"))) << code << int(EntityType::Llc) << true;
            QTest::newRow(qPrintable(code + QStringLiteral(" LP"))) << code << int(EntityType::Lp) << true;
        }
    }

    void coverage() {
        QFETCH(QString, jurisdiction);
        QFETCH(int, type);
        QFETCH(bool, domestic);
        QStringList ids;
        for (const Rule &r : m_rules.rulesFor(jurisdiction)) {
            if (r.appliesTo(EntityType(type), domestic))
                ids.append(r.id);
        }
        QVERIFY2(!ids.isEmpty(), "no rule and no explicit \"no periodic filing\" rule");
    }

    // Versions of one filing type must not overlap in time: the answer for a date must be one rule.
    void versionsDoNotOverlap() {
        const QList<Rule> &rules = m_rules.rules();
        for (qsizetype i = 0; i < rules.size(); ++i) {
            for (qsizetype j = i + 1; j < rules.size(); ++j) {
                const Rule &a = rules.at(i);
                const Rule &b = rules.at(j);
                if (a.jurisdiction != b.jurisdiction || a.filingType != b.filingType ||
                    a.domicile != b.domicile)
                    continue;
                bool sharedType = false;
                for (EntityType t : a.entityTypes)
                    sharedType = sharedType || b.entityTypes.contains(t);
                if (!sharedType)
                    continue;
                const QDate aTo = a.effectiveTo.isValid() ? a.effectiveTo : QDate(9999, 12, 31);
                const QDate bTo = b.effectiveTo.isValid() ? b.effectiveTo : QDate(9999, 12, 31);
                QVERIFY2(aTo < b.effectiveFrom || bTo < a.effectiveFrom,
                         qPrintable(QStringLiteral("%1 and %2 are both in force at once").arg(a.id, b.id)));
            }
        }
    }

    // ---- malformed files: FILE:LINE: ... field: reason --------------------------------------------------

    void malformed_data() {
        QTest::addColumn<QString>("ruleId");  // rule to damage ("" = file level)
        QTest::addColumn<QByteArray>("from"); // text within the rule to replace
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("field");         // field the error must name
        QTest::addColumn<QByteArray>("lineNeedle"); // text whose line the error must name (within the rule)

        const QString de = QStringLiteral("US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014");
        const QString fl = QStringLiteral("US-FL.CORP.ANNUAL_REPORT.2000");
        const QString ks = QStringLiteral("US-KS.ALL.BUSINESS_ENTITY_INFORMATION_REPORT.2024");
        const QString pa = QStringLiteral("US-PA.ALL.DECENNIAL_REPORT.2001");
        QTest::newRow("unknown due kind")
            << fl << QByteArray("\"kind\": \"fixed_date\"") << QByteArray("\"kind\": \"first_monday\"")
            << QStringLiteral("due.kind") << QByteArray("\"kind\": \"first_monday\"");
        QTest::newRow("impossible date") << fl << QByteArray("\"month\": 5,") << QByteArray("\"month\": 13,")
                                         << QStringLiteral("due.month") << QByteArray("\"month\": 13,");
        QTest::newRow("no citation") << fl << QByteArray("\"citation\": {")
                                     << QByteArray("\"citation_removed\": {") << QStringLiteral("citation")
                                     << QByteArray("\"id\": \"US-FL.CORP.ANNUAL_REPORT.2000\"");
        QTest::newRow("bad entity type") << fl << QByteArray("\"corporation\"") << QByteArray("\"trust\"")
                                         << QStringLiteral("entity_types") << QByteArray("\"entity_types\"");
        QTest::newRow("bad jurisdiction")
            << fl << QByteArray("\"jurisdiction\": \"US-FL\"") << QByteArray("\"jurisdiction\": \"US-XX\"")
            << QStringLiteral("jurisdiction") << QByteArray("\"jurisdiction\": \"US-XX\"");
        QTest::newRow("bad parity") << ks << QByteArray("\"parity\": \"formation_year\"")
                                    << QByteArray("\"parity\": \"leap\"") << QStringLiteral("biennial.parity")
                                    << QByteArray("\"parity\": \"leap\"");
        QTest::newRow("bad decennial digit")
            << pa << QByteArray("\"year_digit\": 1") << QByteArray("\"year_digit\": 12")
            << QStringLiteral("decennial.year_digit") << QByteArray("\"year_digit\": 12");
        QTest::newRow("end before start")
            << fl << QByteArray("\"effective_to\": null") << QByteArray("\"effective_to\": \"1999-01-01\"")
            << QStringLiteral("effective_to") << QByteArray("\"effective_to\": \"1999-01-01\"");
        QTest::newRow("bad effective date")
            << fl << QByteArray("\"effective_from\": \"2000-01-01\"")
            << QByteArray("\"effective_from\": \"2000-02-30\"") << QStringLiteral("effective_from")
            << QByteArray("\"effective_from\": \"2000-02-30\"");
        QTest::newRow("negative fee") << fl << QByteArray("\"cents\": 15000") << QByteArray("\"cents\": -5")
                                      << QStringLiteral("fee.cents") << QByteArray("\"cents\": -5");
        QTest::newRow("fractional cents")
            << fl << QByteArray("\"cents\": 15000") << QByteArray("\"cents\": 150.5")
            << QStringLiteral("fee.cents") << QByteArray("\"cents\": 150.5");
        QTest::newRow("Delaware tax without a tier")
            << de << QByteArray("\"per_10000_shares_cents\": 8500")
            << QByteArray("\"per_10000_shares_cents\": 0") << QStringLiteral("fee.per_10000_shares_cents")
            << QByteArray("\"per_10000_shares_cents\": 0");
        QTest::newRow("bad weekend rule")
            << fl << QByteArray("\"weekend_holiday\": \"none\"")
            << QByteArray("\"weekend_holiday\": \"previous_day\"") << QStringLiteral("weekend_holiday")
            << QByteArray("\"weekend_holiday\": \"previous_day\"");
        QTest::newRow("no last_checked")
            << fl << QByteArray("\"last_checked\": \"2026-11-29\"")
            << QByteArray("\"last_checked\": \"soon\"") << QStringLiteral("last_checked")
            << QByteArray("\"last_checked\": \"soon\"");
        QTest::newRow("duplicate id")
            << fl << QByteArray("\"id\": \"US-FL.CORP.ANNUAL_REPORT.2000\"")
            << QByteArray("\"id\": \"US-FL.LLC.ANNUAL_REPORT.2014\"") << QStringLiteral("id")
            << QByteArray("\"id\": \"US-FL.LLC.ANNUAL_REPORT.2014\"");
    }

    void malformed() {
        QFETCH(QString, ruleId);
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, field);
        QFETCH(QByteArray, lineNeedle);

        QByteArray text = shippedBytes();
        QVERIFY(!text.isEmpty());
        const QByteArray anchor = "\"id\": \"" + ruleId.toUtf8() + "\"";
        const qsizetype ruleAt = text.indexOf(anchor);
        QVERIFY2(ruleAt >= 0, qPrintable(ruleId));
        const qsizetype at = text.indexOf(from, ruleAt);
        QVERIFY2(at >= 0, from.constData());
        text.replace(at, from.size(), to);
        // The line the error must name: where lineNeedle is, searched from the damaged rule's id line; for a
        // duplicate id the error names the second rule using it, which follows the damaged one.
        const qsizetype searchFrom = field == QLatin1String("id") ? at + to.size() : ruleAt;
        const qsizetype needleAt = text.indexOf(lineNeedle, searchFrom);
        QVERIFY2(needleAt >= 0, lineNeedle.constData());
        const int expectedLine = 1 + int(text.left(needleAt).count('\n'));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("bad-rules.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();

        RuleSet set;
        QString error;
        QVERIFY(!set.loadFromFile(path, &error));
        QVERIFY2(set.isEmpty(), "nothing is half-loaded");
        const QString prefix = QStringLiteral("%1:%2:").arg(path).arg(expectedLine);
        QVERIFY2(error.startsWith(prefix),
                 qPrintable(QStringLiteral("expected %1 in: %2").arg(prefix, error)));
        QVERIFY2(error.contains(QStringLiteral(": %1: ").arg(field)),
                 qPrintable(QStringLiteral("field %1 not named in: %2").arg(field, error)));
    }

    void malformedFileLevel_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("field");
        QTest::newRow("not JSON") << QByteArray(
                                         "{\n  \"schema\": 1,\n  \"version\": \"x\"\n  \"rules\": []\n}")
                                  << 4 << QStringLiteral("not valid JSON");
        QTest::newRow("schema") << QByteArray("{\"schema\": 2, \"version\": \"x\", \"rules\": []}") << 1
                                << QStringLiteral("schema");
        QTest::newRow("version") << QByteArray("{\"schema\": 1, \"rules\": []}") << 1
                                 << QStringLiteral("version");
        QTest::newRow("no rules") << QByteArray("{\"schema\": 1, \"version\": \"x\", \"rules\": []}") << 1
                                  << QStringLiteral("rules");
        QTest::newRow("jurisdiction code")
            << QByteArray("{\n \"schema\": 1,\n \"version\": \"x\",\n \"jurisdictions\": [\n  {\"code\": "
                          "\"US-DE\", \"name\": \"Delaware\", \"last_checked\": \"2026-11-29\"},\n  {\n   "
                          "\"code\": \"DE\",\n   \"name\": \"Delaware\"\n  }\n ],\n \"rules\": []\n}")
            << 7 << QStringLiteral("code");
    }

    void malformedFileLevel() {
        QFETCH(QByteArray, json);
        QFETCH(int, line);
        QFETCH(QString, field);
        RuleSet set;
        QString error;
        QVERIFY(!set.loadFromBytes(json, QStringLiteral("bad.json"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("bad.json:%1:").arg(line)), qPrintable(error));
        QVERIFY2(error.contains(field), qPrintable(error));
    }

    void missingFile() {
        RuleSet set;
        QString error;
        QVERIFY(!set.loadFromFile(QStringLiteral("/nonexistent/rules.json"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("/nonexistent/rules.json:")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRulesFile)
#include "tst_rules_file.moc"
