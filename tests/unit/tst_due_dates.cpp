// Due dates, filing years and fees of the shipped rules file against tests/data/known_due_dates.csv (one Qt
// Test row per CSV line, each checked against the source it cites), plus the edge cases of the statutory
// calendar: leap-day anniversaries, biennial and decennial cycles, rule versions on both sides of a change,
// weekend and holiday moves, the first cycle after formation, "needs data", penalty exposure, the next N
// cycles, and the Delaware franchise tax methods.
#include "engine/import/csv_reader.h"
#include "engine/rules/due_date_calculator.h"
#include "engine/rules/obligation_planner.h"
#include "engine/rules/rule_set.h"

#include <QFile>
#include <QtTest>

using namespace fd;

namespace {

// Set by ctest (cmake/FilingDeskTesting.cmake).
QString sourceDir() {
    return qEnvironmentVariable("FILINGDESK_SOURCE_DIR");
}

Entity makeEntity(EntityType type, const QString &jurisdiction, const QDate &formed = QDate(),
                  const QString &fiscalYearEnd = QString()) {
    Entity e;
    e.entityId = QStringLiteral("test-entity");
    e.name = QStringLiteral("Test Entity");
    e.type = type;
    e.jurisdiction = jurisdiction;
    e.formationDate = formed;
    e.status = QStringLiteral("active");
    if (!fiscalYearEnd.isEmpty()) {
        const QStringList md = fiscalYearEnd.split(QLatin1Char('-'));
        e.fiscalYearEndMonth = md.value(0).toInt();
        e.fiscalYearEndDay = md.value(1).toInt();
        e.fiscalYearEndGiven = true;
    }
    return e;
}

QDate d(const char *iso) {
    return QDate::fromString(QString::fromLatin1(iso), Qt::ISODate);
}

// A minimal valid rule as JSON; `extra` overrides or adds fields.
QJsonObject syntheticRule(const QString &id, const QJsonObject &extra) {
    QJsonObject o{
        {QStringLiteral("id"), id},
        {QStringLiteral("jurisdiction"), QStringLiteral("US-CO")},
        {QStringLiteral("entity_types"), QJsonArray{QStringLiteral("corporation")}},
        {QStringLiteral("domicile"), QStringLiteral("domestic")},
        {QStringLiteral("obligation_type"), QStringLiteral("annual_report")},
        {QStringLiteral("filing_type"), QStringLiteral("ANNUAL_REPORT")},
        {QStringLiteral("name"), QStringLiteral("Annual Report")},
        {QStringLiteral("frequency"), QStringLiteral("annual")},
        {QStringLiteral("due"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("fixed_date")},
                                            {QStringLiteral("month"), 7},
                                            {QStringLiteral("day"), 1}}},
        {QStringLiteral("fee"),
         QJsonObject{{QStringLiteral("method"), QStringLiteral("flat")}, {QStringLiteral("cents"), 1000}}},
        {QStringLiteral("effective_from"), QStringLiteral("2000-01-01")},
        {QStringLiteral("effective_to"), QJsonValue::Null},
        {QStringLiteral("citation"), QJsonObject{{QStringLiteral("statute"), QStringLiteral("Test § 1")}}},
        {QStringLiteral("last_checked"), QStringLiteral("2026-11-29")},
    };
    for (auto it = extra.begin(); it != extra.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

RuleSet syntheticRuleSet(const QJsonArray &rules) {
    const QJsonObject root{{QStringLiteral("schema"), 1},
                           {QStringLiteral("version"), QStringLiteral("test.1")},
                           {QStringLiteral("rules"), rules}};
    RuleSet set;
    QString error;
    if (!set.loadFromBytes(QJsonDocument(root).toJson(), QStringLiteral("synthetic.json"), &error))
        qWarning() << "synthetic rules do not load:" << error;
    return set;
}

} // namespace

class TestDueDates : public QObject {
    Q_OBJECT

private:
    RuleSet m_rules;

    const Rule &rule(const char *id) {
        const Rule *r = m_rules.ruleById(QString::fromLatin1(id));
        if (!r)
            qFatal("rule %s is not in the shipped rules file", id);
        return *r;
    }

    QList<DueOccurrence> occurrences(const char *id, const Entity &e, const QDate &from, int count = 1) {
        DueProblem problem;
        const QList<DueOccurrence> out = dueOccurrences(rule(id), e, from, count, &problem);
        if (!problem.missingField.isEmpty())
            qWarning() << "unexpected problem:" << problem.reason;
        return out;
    }

private slots:
    void initTestCase() {
        m_rules = RuleSet::builtIn();
        QVERIFY2(!m_rules.isEmpty(), "the built-in rules file does not load");
    }

    // ---- tests/data/known_due_dates.csv: one row per line -------------------------------------------------

    void knownDueDates_data() {
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<QString>("entityType");
        QTest::addColumn<QDate>("formed");
        QTest::addColumn<QString>("fiscalYearEnd");
        QTest::addColumn<QDate>("asOf");
        QTest::addColumn<QDate>("expectedDue");
        QTest::addColumn<int>("expectedFilingYear");
        QTest::addColumn<qint64>("expectedFeeCents");
        QTest::addColumn<QString>("source");

        const QString path = sourceDir() + QStringLiteral("/tests/data/known_due_dates.csv");
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly),
                 qPrintable(path + QStringLiteral(": ") + file.errorString()));
        const CsvDocument csv = readCsv(file.readAll());
        QVERIFY2(csv.ok(), qPrintable(csv.error));
        QVERIFY(csv.records.size() > 1);
        const QStringList header = csv.records.first().fields;
        QCOMPARE(header, (QStringList{QStringLiteral("rule_id"), QStringLiteral("entity_type"),
                                      QStringLiteral("formation_date"), QStringLiteral("fiscal_year_end"),
                                      QStringLiteral("as_of"), QStringLiteral("expected_due"),
                                      QStringLiteral("expected_filing_year"),
                                      QStringLiteral("expected_fee_cents"), QStringLiteral("source")}));
        for (qsizetype i = 1; i < csv.records.size(); ++i) {
            const CsvRecord &r = csv.records.at(i);
            QVERIFY2(r.fields.size() == 9,
                     qPrintable(QStringLiteral("line %1: %2 fields").arg(r.line).arg(r.fields.size())));
            const QString name = QStringLiteral("line %1 %2 %3 as of %4")
                                     .arg(r.line)
                                     .arg(r.fields[0], r.fields[1], r.fields[4]);
            QTest::newRow(qPrintable(name))
                << r.fields[0] << r.fields[1] << QDate::fromString(r.fields[2], Qt::ISODate) << r.fields[3]
                << QDate::fromString(r.fields[4], Qt::ISODate) << QDate::fromString(r.fields[5], Qt::ISODate)
                << (r.fields[6].isEmpty() ? 0 : r.fields[6].toInt()) << r.fields[7].toLongLong()
                << r.fields[8];
        }
    }

    void knownDueDates() {
        QFETCH(QString, ruleId);
        QFETCH(QString, entityType);
        QFETCH(QDate, formed);
        QFETCH(QString, fiscalYearEnd);
        QFETCH(QDate, asOf);
        QFETCH(QDate, expectedDue);
        QFETCH(int, expectedFilingYear);
        QFETCH(qint64, expectedFeeCents);
        QFETCH(QString, source);

        const Rule *r = m_rules.ruleById(ruleId);
        QVERIFY2(r, qPrintable(ruleId + QStringLiteral(" is not in the rules file")));
        QVERIFY2(asOf.isValid(), "as_of must be a date");
        const EntityType type = entityTypeFromName(entityType);
        QVERIFY2(r->entityTypes.contains(type),
                 qPrintable(QStringLiteral("%1 does not cover %2").arg(ruleId, entityType)));
        QVERIFY2(!r->citationText().isEmpty(), "every rule names its source");
        QVERIFY2(!source.isEmpty(), "every expectation names its source");
        const Entity e = makeEntity(type, r->jurisdiction, formed, fiscalYearEnd);

        DueProblem problem;
        const QList<DueOccurrence> occ = dueOccurrences(*r, e, asOf, 1, &problem);
        QVERIFY2(problem.missingField.isEmpty(), qPrintable(problem.reason));
        if (!expectedDue.isValid()) {
            // No due date: a "no periodic filing" rule, or a rule with no cycle on or after as_of.
            QVERIFY2(occ.isEmpty(), qPrintable(QStringLiteral("expected no due date, got %1")
                                                   .arg(occ.value(0).due.toString(Qt::ISODate))));
            return;
        }
        QVERIFY2(
            !occ.isEmpty(),
            qPrintable(QStringLiteral("no due date; expected %1").arg(expectedDue.toString(Qt::ISODate))));
        QCOMPARE(occ.first().due, expectedDue);
        QCOMPARE(occ.first().filingYear, expectedFilingYear);
        QString note;
        QCOMPARE(feeFor(*r, e, &note), expectedFeeCents);

        // The planner, which chooses among all versions of a filing type, must pick this rule on this date
        // (rules that bind domestic entities only: the planner plans the entity's own jurisdiction).
        if (r->appliesTo(type, true)) {
            const RowPlan plan = planEntity(e, m_rules, asOf);
            const auto it = std::find_if(plan.obligations.cbegin(), plan.obligations.cend(),
                                         [&](const Obligation &o) { return o.filingType == r->filingType; });
            QVERIFY2(it != plan.obligations.cend(),
                     qPrintable(QStringLiteral("planner has no %1: %2").arg(r->filingType, plan.reason)));
            QCOMPARE(it->ruleId, ruleId);
            QCOMPARE(it->dueDate, expectedDue);
            QCOMPARE(it->filingYear, expectedFilingYear);
            QCOMPARE(it->feeCents, expectedFeeCents);
            QCOMPARE(it->rulesVersion, m_rules.version());
        }
    }

    // ---- California's applicable filing period (Cal. Corp. Code § 1502(d))
    // ----------------------------------- The anniversary month and the five calendar months before it: a
    // March anniversary opens on October 1.
    void californiaFilingPeriod_data() {
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<QString>("entityType");
        QTest::addColumn<QDate>("formed");
        QTest::addColumn<QDate>("expectedOpens");
        QTest::addColumn<QDate>("expectedNominalDue");
        QTest::newRow("corporation, March")
            << "US-CA.CORP.STATEMENT_OF_INFORMATION.2000"
            << "corporation" << QDate(2016, 3, 4) << QDate(2026, 10, 1) << QDate(2027, 3, 31);
        QTest::newRow("corporation, August")
            << "US-CA.CORP.STATEMENT_OF_INFORMATION.2000"
            << "corporation" << QDate(2016, 8, 20) << QDate(2027, 3, 1) << QDate(2027, 8, 31);
        QTest::newRow("corporation, January")
            << "US-CA.CORP.STATEMENT_OF_INFORMATION.2000"
            << "corporation" << QDate(2015, 1, 12) << QDate(2026, 8, 1) << QDate(2027, 1, 31);
    }
    void californiaFilingPeriod() {
        QFETCH(QString, ruleId);
        QFETCH(QString, entityType);
        QFETCH(QDate, formed);
        QFETCH(QDate, expectedOpens);
        QFETCH(QDate, expectedNominalDue);
        const Rule *r = m_rules.ruleById(ruleId);
        QVERIFY(r);
        const Entity e = makeEntity(entityTypeFromName(entityType), r->jurisdiction, formed, QString());
        DueProblem problem;
        const QList<DueOccurrence> occ = dueOccurrences(*r, e, QDate(2026, 12, 1), 1, &problem);
        QCOMPARE(occ.size(), 1);
        QCOMPARE(occ.first().nominalDue, expectedNominalDue);
        QCOMPARE(occ.first().windowOpens, expectedOpens);
    }
    void everyCaliforniaStatementOpensFiveMonthsBefore() {
        int checked = 0;
        for (const Rule &r : m_rules.rules()) {
            if (r.jurisdiction != QLatin1String("US-CA") ||
                !r.filingType.contains(QLatin1String("STATEMENT_OF_INFORMATION")))
                continue;
            QCOMPARE(r.due.windowMonthsBefore, 5);
            ++checked;
        }
        QCOMPARE(checked, 4);
    }

    // ---- anniversary in February of a leap year -----------------------------------------------------------

    void leapDayFormation_data() {
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<QString>("jurisdiction");
        QTest::addColumn<int>("type");
        QTest::addColumn<QList<QDate>>("expected");
        // Last day of the anniversary month: 28 February in common years, 29 in leap years (NRS 86.263).
        QTest::newRow("NV LLC annual list, month end")
            << QStringLiteral("US-NV.LLC.ANNUAL_LIST.2000") << QStringLiteral("US-NV") << int(EntityType::Llc)
            << QList<QDate>{d("2025-02-28"), d("2026-02-28"), d("2027-02-28"), d("2028-02-29")};
        // Anniversary date (M.G.L. c. 156C § 12): 29 February becomes 28 February in common years.
        QTest::newRow("MA LLC annual report, anniversary date")
            << QStringLiteral("US-MA.LLC.ANNUAL_REPORT.2000") << QStringLiteral("US-MA")
            << int(EntityType::Llc)
            << QList<QDate>{d("2025-02-28"), d("2026-02-28"), d("2027-02-28"), d("2028-02-29")};
        // Before the first day of the anniversary month (805 ILCS 180/50-10): 31 January every year.
        QTest::newRow("IL LLC annual report, before anniversary month")
            << QStringLiteral("US-IL.LLC.ANNUAL_REPORT.2000") << QStringLiteral("US-IL")
            << int(EntityType::Llc)
            << QList<QDate>{d("2025-01-31"), d("2026-01-31"), d("2027-01-31"), d("2028-01-31")};
        // Calendar quarter of the anniversary (Wis. Stat. § 180.1622): 31 March.
        QTest::newRow("WI corporation, quarter end")
            << QStringLiteral("US-WI.CORP.ANNUAL_REPORT.2000") << QStringLiteral("US-WI")
            << int(EntityType::Corporation)
            << QList<QDate>{d("2025-03-31"), d("2026-03-31"), d("2027-03-31"), d("2028-03-31")};
    }

    void leapDayFormation() {
        QFETCH(QString, ruleId);
        QFETCH(QString, jurisdiction);
        QFETCH(int, type);
        QFETCH(QList<QDate>, expected);
        const Entity e = makeEntity(EntityType(type), jurisdiction, d("2024-02-29"));
        const QList<DueOccurrence> occ = occurrences(qPrintable(ruleId), e, d("2024-02-29"), 4);
        QList<QDate> got;
        for (const DueOccurrence &o : occ)
            got.append(o.due);
        QCOMPARE(got, expected);
        QCOMPARE(occ.first().filingYear, 2025);
    }

    // ---- biennial parity: both parities, for each kind of parity
    // -------------------------------------------

    void biennialParity_data() {
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<QString>("jurisdiction");
        QTest::addColumn<int>("type");
        QTest::addColumn<QDate>("formed");
        QTest::addColumn<QString>("fiscalYearEnd");
        QTest::addColumn<QDate>("from");
        QTest::addColumn<QList<QDate>>("expectedDue");
        QTest::addColumn<QList<int>>("expectedFilingYear");

        // Same parity as the formation year (Cal. Corp. Code § 17702.09(a)).
        QTest::newRow("CA LLC formed in an odd year")
            << QStringLiteral("US-CA.LLC.STATEMENT_OF_INFORMATION.2014") << QStringLiteral("US-CA")
            << int(EntityType::Llc) << d("2023-05-10") << QString() << d("2024-01-01")
            << QList<QDate>{d("2025-05-31"), d("2027-05-31")} << QList<int>{2025, 2027};
        QTest::newRow("CA LLC formed in an even year")
            << QStringLiteral("US-CA.LLC.STATEMENT_OF_INFORMATION.2014") << QStringLiteral("US-CA")
            << int(EntityType::Llc) << d("2024-05-10") << QString() << d("2024-06-01")
            << QList<QDate>{d("2026-05-31"), d("2028-05-31")} << QList<int>{2026, 2028};
        // Fixed parity: Iowa corporations even years (Iowa Code § 490.1621), LLCs odd years.
        QTest::newRow("IA corporation, even years")
            << QStringLiteral("US-IA.CORP.BIENNIAL_REPORT.2000") << QStringLiteral("US-IA")
            << int(EntityType::Corporation) << QDate() << QString() << d("2025-04-02")
            << QList<QDate>{d("2026-04-01"), d("2028-04-01")} << QList<int>{2026, 2028};
        QTest::newRow("IA LLC, odd years")
            << QStringLiteral("US-IA.LLC.BIENNIAL_REPORT.2000") << QStringLiteral("US-IA")
            << int(EntityType::Llc) << QDate() << QString() << d("2025-04-02")
            << QList<QDate>{d("2027-04-01"), d("2029-04-01")} << QList<int>{2027, 2029};
        // Opposite parity: D.C. Code § 29-102.11(c), first report the year after formation, then every 2nd
        // year.
        QTest::newRow("DC formed in an even year")
            << QStringLiteral("US-DC.ALL.BIENNIAL_REPORT.2013") << QStringLiteral("US-DC")
            << int(EntityType::Corporation) << d("2024-05-10") << QString() << d("2024-05-11")
            << QList<QDate>{d("2025-04-01"), d("2027-04-01")} << QList<int>{2025, 2027};
        QTest::newRow("DC formed in an odd year")
            << QStringLiteral("US-DC.ALL.BIENNIAL_REPORT.2013") << QStringLiteral("US-DC")
            << int(EntityType::Lp) << d("2021-09-09") << QString() << d("2026-11-29")
            << QList<QDate>{d("2028-04-01"), d("2030-04-01")} << QList<int>{2028, 2030};
        // Kansas (K.S.A. 17-7503(b)): parity of the year the report is filed, not of the tax year it covers.
        QTest::newRow("KS calendar year, formed even")
            << QStringLiteral("US-KS.ALL.BUSINESS_ENTITY_INFORMATION_REPORT.2024") << QStringLiteral("US-KS")
            << int(EntityType::Llc) << d("2020-03-01") << QString() << d("2025-06-01")
            << QList<QDate>{d("2026-04-15"), d("2028-04-15")} << QList<int>{2025, 2027};
        QTest::newRow("KS calendar year, formed odd")
            << QStringLiteral("US-KS.ALL.BUSINESS_ENTITY_INFORMATION_REPORT.2024") << QStringLiteral("US-KS")
            << int(EntityType::Corporation) << d("2021-03-01") << QString() << d("2025-06-01")
            << QList<QDate>{d("2027-04-15"), d("2029-04-15")} << QList<int>{2026, 2028};
        // September year end: the fiscal year ending 2025-09-30 is due 2026-01-15, an even year.
        QTest::newRow("KS September year end, formed even")
            << QStringLiteral("US-KS.ALL.BUSINESS_ENTITY_INFORMATION_REPORT.2024") << QStringLiteral("US-KS")
            << int(EntityType::Lp) << d("2020-03-01") << QStringLiteral("09-30") << d("2025-06-01")
            << QList<QDate>{d("2026-01-15"), d("2028-01-15")} << QList<int>{2025, 2027};
    }

    void biennialParity() {
        QFETCH(QString, ruleId);
        QFETCH(QString, jurisdiction);
        QFETCH(int, type);
        QFETCH(QDate, formed);
        QFETCH(QString, fiscalYearEnd);
        QFETCH(QDate, from);
        QFETCH(QList<QDate>, expectedDue);
        QFETCH(QList<int>, expectedFilingYear);
        const Entity e = makeEntity(EntityType(type), jurisdiction, formed, fiscalYearEnd);
        const QList<DueOccurrence> occ = occurrences(qPrintable(ruleId), e, from, int(expectedDue.size()));
        QList<QDate> due;
        QList<int> years;
        for (const DueOccurrence &o : occ) {
            due.append(o.due);
            years.append(o.filingYear);
        }
        QCOMPARE(due, expectedDue);
        QCOMPARE(years, expectedFilingYear);
    }

    // ---- decennial cycle (15 Pa.C.S. § 153) and its end date
    // -----------------------------------------------

    void decennialCycleEndsWithTheRule() {
        const Entity e = makeEntity(EntityType::Corporation, QStringLiteral("US-PA"), d("1990-01-01"));
        const QList<DueOccurrence> occ =
            occurrences("US-PA.ALL.DECENNIAL_REPORT.2001", e, d("2000-06-01"), 5);
        QList<QDate> due;
        for (const DueOccurrence &o : occ)
            due.append(o.due);
        // 2031 would be the next decennial year, after the rule's end (Act 122 of 2022).
        QCOMPARE(due, (QList<QDate>{d("2001-12-31"), d("2011-12-31"), d("2021-12-31")}));
        QVERIFY(occurrences("US-PA.ALL.DECENNIAL_REPORT.2001", e, d("2022-01-01")).isEmpty());
    }

    // ---- a change of the law: both sides of the change date -----------------------------------------------

    void pennsylvaniaAnnualReportFrom2025_data() {
        QTest::addColumn<QDate>("asOf");
        QTest::addColumn<QStringList>("expected"); // "filing type|rule id|due"
        QTest::newRow("2021: decennial year, annual report not yet in force")
            << d("2021-01-01")
            << QStringList{QStringLiteral("ANNUAL_REPORT|US-PA.CORP.ANNUAL_REPORT.2025|2025-06-30"),
                           QStringLiteral("DECENNIAL_REPORT|US-PA.ALL.DECENNIAL_REPORT.2001|2021-12-31")};
        QTest::newRow("2024-12-31: the day before the annual report rule takes effect")
            << d("2024-12-31")
            << QStringList{QStringLiteral("ANNUAL_REPORT|US-PA.CORP.ANNUAL_REPORT.2025|2025-06-30")};
        QTest::newRow("2025-01-01: the day it takes effect")
            << d("2025-01-01")
            << QStringList{QStringLiteral("ANNUAL_REPORT|US-PA.CORP.ANNUAL_REPORT.2025|2025-06-30")};
        QTest::newRow("2025-07-01: after the first due date")
            << d("2025-07-01")
            << QStringList{QStringLiteral("ANNUAL_REPORT|US-PA.CORP.ANNUAL_REPORT.2025|2026-06-30")};
    }

    void pennsylvaniaAnnualReportFrom2025() {
        QFETCH(QDate, asOf);
        QFETCH(QStringList, expected);
        const Entity e = makeEntity(EntityType::Corporation, QStringLiteral("US-PA"), d("1995-03-01"));
        const RowPlan plan = planEntity(e, m_rules, asOf);
        QStringList got;
        for (const Obligation &o : plan.obligations)
            got.append(
                QStringLiteral("%1|%2|%3").arg(o.filingType, o.ruleId, o.dueDate.toString(Qt::ISODate)));
        got.sort();
        QCOMPARE(got, expected);
    }

    void delawareLlcTaxChange2014_data() {
        QTest::addColumn<QDate>("asOf");
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<QDate>("due");
        QTest::addColumn<int>("filingYear");
        QTest::addColumn<qint64>("fee");
        // HB 265 (2014): $250 -> $300, from the tax due 1 June 2015 (tax year 2014).
        QTest::newRow("as of 2014-05-31") << d("2014-05-31") << QStringLiteral("US-DE.LLC_LP.ANNUAL_TAX.2010")
                                          << d("2014-06-01") << 2013 << qint64(25000);
        QTest::newRow("as of 2014-06-01") << d("2014-06-01") << QStringLiteral("US-DE.LLC_LP.ANNUAL_TAX.2010")
                                          << d("2014-06-01") << 2013 << qint64(25000);
        QTest::newRow("as of 2014-06-02") << d("2014-06-02") << QStringLiteral("US-DE.LLC_LP.ANNUAL_TAX.2015")
                                          << d("2015-06-01") << 2014 << qint64(30000);
    }

    void delawareLlcTaxChange2014() {
        QFETCH(QDate, asOf);
        QFETCH(QString, ruleId);
        QFETCH(QDate, due);
        QFETCH(int, filingYear);
        QFETCH(qint64, fee);
        const Entity e = makeEntity(EntityType::Llc, QStringLiteral("US-DE"), d("2005-01-01"));
        const RowPlan plan = planEntity(e, m_rules, asOf);
        QCOMPARE(plan.obligations.size(), 1);
        QCOMPARE(plan.obligations.first().ruleId, ruleId);
        QCOMPARE(plan.obligations.first().dueDate, due);
        QCOMPARE(plan.obligations.first().filingYear, filingYear);
        QCOMPARE(plan.obligations.first().feeCents, fee);
    }

    // A fee change whose effective date is the due date itself: the due date on the day before the change
    // takes the old fee, the due date on the day of the change the new one (effective dates govern nominal
    // due dates).
    void feeChangeOnItsEffectiveDate_data() {
        QTest::addColumn<int>("dueMonth");
        QTest::addColumn<int>("dueDay");
        QTest::addColumn<QString>("expectedRule");
        QTest::addColumn<qint64>("expectedFee");
        QTest::newRow("due the day before") << 6 << 30 << QStringLiteral("US-CO.TEST.OLD") << qint64(1000);
        QTest::newRow("due the day of") << 7 << 1 << QStringLiteral("US-CO.TEST.NEW") << qint64(2500);
    }

    void feeChangeOnItsEffectiveDate() {
        QFETCH(int, dueMonth);
        QFETCH(int, dueDay);
        QFETCH(QString, expectedRule);
        QFETCH(qint64, expectedFee);
        const QJsonObject due{{QStringLiteral("kind"), QStringLiteral("fixed_date")},
                              {QStringLiteral("month"), dueMonth},
                              {QStringLiteral("day"), dueDay}};
        const RuleSet set = syntheticRuleSet(QJsonArray{
            syntheticRule(
                QStringLiteral("US-CO.TEST.OLD"),
                {{QStringLiteral("due"), due},
                 {QStringLiteral("effective_to"), QStringLiteral("2024-06-30")},
                 {QStringLiteral("fee"), QJsonObject{{QStringLiteral("method"), QStringLiteral("flat")},
                                                     {QStringLiteral("cents"), 1000}}}}),
            syntheticRule(
                QStringLiteral("US-CO.TEST.NEW"),
                {{QStringLiteral("due"), due},
                 {QStringLiteral("effective_from"), QStringLiteral("2024-07-01")},
                 {QStringLiteral("fee"), QJsonObject{{QStringLiteral("method"), QStringLiteral("flat")},
                                                     {QStringLiteral("cents"), 2500}}}}),
        });
        QVERIFY(!set.isEmpty());
        const Entity e = makeEntity(EntityType::Corporation, QStringLiteral("US-CO"), d("2010-01-01"));
        const RowPlan plan = planEntity(e, set, d("2024-06-01"));
        QCOMPARE(plan.obligations.size(), 1);
        QCOMPARE(plan.obligations.first().dueDate, QDate(2024, dueMonth, dueDay));
        QCOMPARE(plan.obligations.first().ruleId, expectedRule);
        QCOMPARE(plan.obligations.first().feeCents, expectedFee);
        QCOMPARE(plan.obligations.first().rulesVersion, QStringLiteral("test.1"));
    }

    // The real Colorado change ($10 -> $25 from 2024-07-01): due dates on either side. The report is due the
    // last day of the second month after the anniversary month (C.R.S. § 7-90-501(4)(c)), so April and May
    // anniversaries fall due on 30 June and 31 July 2024.
    void coloradoFeeChange() {
        const Entity april = makeEntity(EntityType::Llc, QStringLiteral("US-CO"), d("2015-04-10"));
        const Entity may = makeEntity(EntityType::Llc, QStringLiteral("US-CO"), d("2015-05-10"));
        const RowPlan before = planEntity(april, m_rules, d("2024-06-01"));
        const RowPlan after = planEntity(may, m_rules, d("2024-06-01"));
        QCOMPARE(before.obligations.size(), 1);
        QCOMPARE(after.obligations.size(), 1);
        QCOMPARE(before.obligations.first().dueDate, d("2024-06-30"));
        QCOMPARE(before.obligations.first().windowOpens, d("2024-04-01"));
        QCOMPARE(before.obligations.first().ruleId, QStringLiteral("US-CO.ALL.PERIODIC_REPORT.2006"));
        QCOMPARE(before.obligations.first().feeCents, qint64(1000));
        QCOMPARE(after.obligations.first().dueDate, d("2024-07-31"));
        QCOMPARE(after.obligations.first().ruleId, QStringLiteral("US-CO.ALL.PERIODIC_REPORT.2024"));
        QCOMPARE(after.obligations.first().feeCents, qint64(2500));
    }

    // ---- a rule with an end date: Oklahoma franchise tax, repealed (HB 1039X)
    // ------------------------------

    void ruleWithEndDate_data() {
        QTest::addColumn<QDate>("asOf");
        QTest::addColumn<QDate>("expectedDue");
        QTest::newRow("the day of the last due date") << d("2024-07-01") << d("2024-07-01");
        QTest::newRow("the day after") << d("2024-07-02") << QDate();
    }

    void ruleWithEndDate() {
        QFETCH(QDate, asOf);
        QFETCH(QDate, expectedDue);
        const Entity e = makeEntity(EntityType::Corporation, QStringLiteral("US-OK"), d("2001-01-01"));
        const QList<DueOccurrence> occ = occurrences("US-OK.CORP.FRANCHISE_TAX.2000", e, asOf);
        const RowPlan plan = planEntity(e, m_rules, asOf);
        if (expectedDue.isValid()) {
            QCOMPARE(occ.size(), 1);
            QCOMPARE(occ.first().due, expectedDue);
            QCOMPARE(occ.first().filingYear, 2023);
            QCOMPARE(plan.outcome, RowOutcome::Obligations);
        } else {
            QVERIFY(occ.isEmpty());
            // Not a silent gap: the explicit "no annual report" rule explains the empty row, with its
            // citation.
            QCOMPARE(plan.outcome, RowOutcome::OutOfScope);
            QVERIFY2(plan.reason.contains(QStringLiteral("HB 1039X")), qPrintable(plan.reason));
        }
    }

    // ---- weekend and holiday handling --------------------------------------------------------------------

    void weekendAndHoliday_data() {
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<QString>("jurisdiction");
        QTest::addColumn<int>("type");
        QTest::addColumn<QDate>("formed");
        QTest::addColumn<QDate>("from");
        QTest::addColumn<QDate>("nominal");
        QTest::addColumn<QDate>("due");
        // Tex. Tax Code § 111.053: a due date on a weekend or holiday moves to the next business day.
        QTest::newRow("TX Saturday moves")
            << QStringLiteral("US-TX.ALL.FRANCHISE_TAX_REPORT.2008") << QStringLiteral("US-TX")
            << int(EntityType::Corporation) << QDate() << d("2026-11-29") << d("2027-05-15")
            << d("2027-05-17");
        // Florida: May 1 is not moved (Sunbiz: by 11:59 p.m. ET on May 1).
        QTest::newRow("FL Saturday stays")
            << QStringLiteral("US-FL.CORP.ANNUAL_REPORT.2000") << QStringLiteral("US-FL")
            << int(EntityType::Corporation) << QDate() << d("2026-11-29") << d("2027-05-01")
            << d("2027-05-01");
        // Delaware: 1 March 2026 is a Sunday and is not moved.
        QTest::newRow("DE Sunday stays") << QStringLiteral("US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014")
                                         << QStringLiteral("US-DE") << int(EntityType::Corporation) << QDate()
                                         << d("2025-03-02") << d("2026-03-01") << d("2026-03-01");
        // N.Y. Gen. Constr. Law § 25-a: 31 May 2027 is Memorial Day, a public holiday: Tuesday 1 June.
        QTest::newRow("NY holiday moves")
            << QStringLiteral("US-NY.CORP.BIENNIAL_STATEMENT.2000") << QStringLiteral("US-NY")
            << int(EntityType::Corporation) << d("2025-05-12") << d("2026-11-29") << d("2027-05-31")
            << d("2027-06-01");
        // Tennessee F&E tax moves (Saturday 15 April 2028 -> Monday 17 April); the annual report (1 April)
        // does not.
        QTest::newRow("TN tax moves") << QStringLiteral("US-TN.ALL.FRANCHISE_EXCISE_TAX.2000")
                                      << QStringLiteral("US-TN") << int(EntityType::Llc) << d("2010-01-01")
                                      << d("2027-04-16") << d("2028-04-15") << d("2028-04-17");
        // Saturday 1 April 2028.
        QTest::newRow("TN report stays")
            << QStringLiteral("US-TN.CORP.ANNUAL_REPORT.2000") << QStringLiteral("US-TN")
            << int(EntityType::Corporation) << d("2010-01-01") << d("2027-10-02") << d("2028-04-01")
            << d("2028-04-01");
    }

    void weekendAndHoliday() {
        QFETCH(QString, ruleId);
        QFETCH(QString, jurisdiction);
        QFETCH(int, type);
        QFETCH(QDate, formed);
        QFETCH(QDate, from);
        QFETCH(QDate, nominal);
        QFETCH(QDate, due);
        const Rule &r = rule(qPrintable(ruleId));
        QVERIFY2(!r.weekendHolidayNote.isEmpty(), "the rule says where its weekend handling comes from");
        QCOMPARE(r.nextBusinessDay, nominal != due);
        const QList<DueOccurrence> occ =
            occurrences(qPrintable(ruleId), makeEntity(EntityType(type), jurisdiction, formed), from);
        QCOMPARE(occ.size(), 1);
        QCOMPARE(occ.first().nominalDue, nominal);
        QCOMPARE(occ.first().due, due);
    }

    // A moved date still counts as on or after as_of when only the nominal date is before it.
    void movedDateAfterAsOf() {
        const Entity e = makeEntity(EntityType::Lp, QStringLiteral("US-TX"));
        const QList<DueOccurrence> occ =
            occurrences("US-TX.ALL.FRANCHISE_TAX_REPORT.2008", e, d("2027-05-16"));
        QCOMPARE(occ.size(), 1);
        QCOMPARE(occ.first().due, d("2027-05-17"));
    }

    // ---- the first cycle after formation ------------------------------------------------------------------

    void firstCycleAfterFormation_data() {
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<QString>("jurisdiction");
        QTest::addColumn<int>("type");
        QTest::addColumn<QDate>("formed");
        QTest::addColumn<QDate>("expectedDue");
        QTest::addColumn<int>("expectedFilingYear");
        // 8 Del. C. § 502: a corporation incorporated in January 2026 does not owe the report due 1 March
        // 2026 (it is for 2025); its first report is for 2026, due 1 March 2027.
        QTest::newRow("DE corporation formed in January")
            << QStringLiteral("US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014") << QStringLiteral("US-DE")
            << int(EntityType::Corporation) << d("2026-01-15") << d("2027-03-01") << 2026;
        QTest::newRow("DE LLC formed in March")
            << QStringLiteral("US-DE.LLC_LP.ANNUAL_TAX.2015") << QStringLiteral("US-DE")
            << int(EntityType::Llc) << d("2026-03-01") << d("2027-06-01") << 2026;
        // Fla. Stat. § 607.1622: first report the year following the calendar year of incorporation.
        QTest::newRow("FL corporation formed in January")
            << QStringLiteral("US-FL.CORP.ANNUAL_REPORT.2000") << QStringLiteral("US-FL")
            << int(EntityType::Corporation) << d("2026-01-15") << d("2027-05-01") << 2027;
        // Texas: first report on May 15 of the year after the entity becomes subject to the tax.
        QTest::newRow("TX LLC formed in February")
            << QStringLiteral("US-TX.ALL.FRANCHISE_TAX_REPORT.2008") << QStringLiteral("US-TX")
            << int(EntityType::Llc) << d("2026-02-02") << d("2027-05-17") << 2027;
        // Fiscal-year rule: the fiscal year that ended before formation is not the entity's.
        QTest::newRow("TN corporation formed in February, December year end")
            << QStringLiteral("US-TN.CORP.ANNUAL_REPORT.2000") << QStringLiteral("US-TN")
            << int(EntityType::Corporation) << d("2026-02-01") << d("2027-04-01") << 2026;
        // Biennial by formation parity (K.S.A. 17-7503(b)): formed 2026 -> first filing in 2028.
        QTest::newRow("KS LLC formed in 2026")
            << QStringLiteral("US-KS.ALL.BUSINESS_ENTITY_INFORMATION_REPORT.2024") << QStringLiteral("US-KS")
            << int(EntityType::Llc) << d("2026-01-10") << d("2028-04-15") << 2027;
        // D.C.: first report by April 1 of the year following formation.
        QTest::newRow("DC corporation formed in March")
            << QStringLiteral("US-DC.ALL.BIENNIAL_REPORT.2013") << QStringLiteral("US-DC")
            << int(EntityType::Corporation) << d("2026-03-01") << d("2027-04-01") << 2027;
        // Anniversary rule: first anniversary in the year after formation, even when the month end is later.
        QTest::newRow("NJ corporation formed on the 1st")
            << QStringLiteral("US-NJ.ALL.ANNUAL_REPORT.2013") << QStringLiteral("US-NJ")
            << int(EntityType::Corporation) << d("2026-01-01") << d("2027-01-31") << 2027;
    }

    void firstCycleAfterFormation() {
        QFETCH(QString, ruleId);
        QFETCH(QString, jurisdiction);
        QFETCH(int, type);
        QFETCH(QDate, formed);
        QFETCH(QDate, expectedDue);
        QFETCH(int, expectedFilingYear);
        const QList<DueOccurrence> occ = occurrences(
            qPrintable(ruleId), makeEntity(EntityType(type), jurisdiction, formed), formed.addDays(1));
        QCOMPARE(occ.size(), 1);
        QCOMPARE(occ.first().due, expectedDue);
        QCOMPARE(occ.first().filingYear, expectedFilingYear);
    }

    void firstDueAfterFormationOption() {
        // A rule may say the first date after formation counts even in the formation year.
        const RuleSet set = syntheticRuleSet(QJsonArray{
            syntheticRule(QStringLiteral("US-CO.TEST.SAME_YEAR"),
                          {{QStringLiteral("first_due"), QStringLiteral("after_formation")}}),
            syntheticRule(QStringLiteral("US-CO.TEST.NEXT_YEAR"),
                          {{QStringLiteral("filing_type"), QStringLiteral("OTHER")}}),
        });
        QVERIFY(!set.isEmpty());
        const Entity e = makeEntity(EntityType::Corporation, QStringLiteral("US-CO"), d("2026-03-01"));
        DueProblem problem;
        QCOMPARE(dueOccurrences(*set.ruleById(QStringLiteral("US-CO.TEST.SAME_YEAR")), e, d("2026-03-01"), 1,
                                &problem)
                     .value(0)
                     .due,
                 d("2026-07-01"));
        QCOMPARE(dueOccurrences(*set.ruleById(QStringLiteral("US-CO.TEST.NEXT_YEAR")), e, d("2026-03-01"), 1,
                                &problem)
                     .value(0)
                     .due,
                 d("2027-07-01"));
        // Never before the entity exists, whatever the option.
        const Entity july = makeEntity(EntityType::Corporation, QStringLiteral("US-CO"), d("2026-07-01"));
        QCOMPARE(dueOccurrences(*set.ruleById(QStringLiteral("US-CO.TEST.SAME_YEAR")), july, d("2026-01-01"),
                                1, &problem)
                     .value(0)
                     .due,
                 d("2027-07-01"));
    }

    // ---- needs data: an anniversary or parity rule without a formation date is never guessed
    // ----------------

    void needsDataWithoutFormationDate_data() {
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<QString>("jurisdiction");
        QTest::addColumn<int>("type");
        QTest::addColumn<QString>("plainName");
        QTest::newRow("anniversary date")
            << QStringLiteral("US-MA.LLC.ANNUAL_REPORT.2000") << QStringLiteral("US-MA")
            << int(EntityType::Llc) << QStringLiteral("Massachusetts Annual Report");
        QTest::newRow("anniversary month end")
            << QStringLiteral("US-NV.CORP.ANNUAL_LIST.2000") << QStringLiteral("US-NV")
            << int(EntityType::Corporation) << QStringLiteral("Nevada Annual List of Officers and Directors");
        QTest::newRow("quarter end") << QStringLiteral("US-WI.LLC.ANNUAL_REPORT.2000")
                                     << QStringLiteral("US-WI") << int(EntityType::Llc)
                                     << QStringLiteral("Wisconsin Annual Report");
        QTest::newRow("formation parity")
            << QStringLiteral("US-KS.ALL.BUSINESS_ENTITY_INFORMATION_REPORT.2024") << QStringLiteral("US-KS")
            << int(EntityType::Corporation) << QStringLiteral("Kansas Business Entity Information Report");
        QTest::newRow("opposite formation parity")
            << QStringLiteral("US-DC.ALL.BIENNIAL_REPORT.2013") << QStringLiteral("US-DC")
            << int(EntityType::Llc) << QStringLiteral("District of Columbia Biennial Report");
    }

    void needsDataWithoutFormationDate() {
        QFETCH(QString, ruleId);
        QFETCH(QString, jurisdiction);
        QFETCH(int, type);
        QFETCH(QString, plainName);
        const Entity e = makeEntity(EntityType(type), jurisdiction);
        DueProblem problem;
        QVERIFY(dueOccurrences(rule(qPrintable(ruleId)), e, d("2026-11-29"), 3, &problem).isEmpty());
        QCOMPARE(problem.missingField, QStringLiteral("formation_date"));
        // People read the filing's name with its state, never the rule's id.
        QVERIFY2(!problem.reason.contains(ruleId), qPrintable(problem.reason));
        QVERIFY2(problem.reason.contains(plainName), qPrintable(problem.reason));
        QCOMPARE(filingPlainName(rule(qPrintable(ruleId))), plainName);

        const RowPlan plan = planEntity(e, m_rules, d("2026-11-29"));
        QVERIFY(plan.missing.contains(QStringLiteral("formation_date")));
        for (const Obligation &o : plan.obligations)
            QVERIFY2(o.ruleId != ruleId, "an anniversary rule produced a date without a formation date");
        if (plan.obligations.isEmpty())
            QCOMPARE(plan.outcome, RowOutcome::NeedsData);
        QVERIFY2(!plan.reason.contains(ruleId), qPrintable(plan.reason));
        QVERIFY2(plan.reason.contains(plainName), qPrintable(plan.reason));
        // The rule's id stays with the filing that needs data (for the tooltip and support).
        const auto need = std::find_if(plan.needs.cbegin(), plan.needs.cend(),
                                       [&](const ObligationNeed &n) { return n.ruleId == ruleId; });
        QVERIFY(need != plan.needs.cend());
    }

    void fixedDateRuleNeedsNoFormationDate() {
        const Entity e = makeEntity(EntityType::Corporation, QStringLiteral("US-FL"));
        DueProblem problem;
        const QList<DueOccurrence> occ =
            dueOccurrences(rule("US-FL.CORP.ANNUAL_REPORT.2000"), e, d("2026-11-29"), 1, &problem);
        QVERIFY(problem.missingField.isEmpty());
        QCOMPARE(occ.value(0).due, d("2027-05-01"));
    }

    // ---- penalty exposure if filed late by D days --------------------------------------------------------

    void penaltyExposure_data() {
        QTest::addColumn<QString>("jurisdiction");
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("daysLate");
        QTest::addColumn<qint64>("expected");
        // Delaware corporation, fee $225 ($175 tax + $50 report): $200 penalty and 1.5% a month (or part) on
        // tax + penalty (8 Del. C. § 504) as the rule encodes it: (22500 + 20000) * 1.5% = 637.5 cents a
        // month, the total rounded to the nearest cent, half a cent up.
        QTest::newRow("DE on time") << QStringLiteral("US-DE") << int(EntityType::Corporation) << 0
                                    << qint64(0);
        QTest::newRow("DE 1 day") << QStringLiteral("US-DE") << int(EntityType::Corporation) << 1
                                  << qint64(20000 + 638);
        QTest::newRow("DE 30 days") << QStringLiteral("US-DE") << int(EntityType::Corporation) << 30
                                    << qint64(20000 + 638);
        QTest::newRow("DE 31 days") << QStringLiteral("US-DE") << int(EntityType::Corporation) << 31
                                    << qint64(20000 + 1275);
        QTest::newRow("DE 365 days") << QStringLiteral("US-DE") << int(EntityType::Corporation) << 365
                                     << qint64(20000 + 8288);
        // Florida: $400 late fee, flat (Fla. Stat. § 607.193).
        QTest::newRow("FL 1 day") << QStringLiteral("US-FL") << int(EntityType::Corporation) << 1
                                  << qint64(40000);
        QTest::newRow("FL 100 days") << QStringLiteral("US-FL") << int(EntityType::Corporation) << 100
                                     << qint64(40000);
        // New York: no dollar penalty (the entity is shown past due).
        QTest::newRow("NY 10 days") << QStringLiteral("US-NY") << int(EntityType::Llc) << 10 << qint64(0);
    }

    void penaltyExposure() {
        QFETCH(QString, jurisdiction);
        QFETCH(int, type);
        QFETCH(int, daysLate);
        QFETCH(qint64, expected);
        const Entity e = makeEntity(EntityType(type), jurisdiction, d("2010-06-15"));
        const RowPlan plan = planEntity(e, m_rules, d("2026-11-29"));
        QCOMPARE(plan.obligations.size(), 1);
        QCOMPARE(plan.obligations.first().penaltyExposureCents(daysLate), expected);
        QVERIFY(!plan.obligations.first().penaltyNote.isEmpty());
    }

    // ---- the next N cycles -------------------------------------------------------------------------------

    void nextCycles() {
        const Entity de = makeEntity(EntityType::Corporation, QStringLiteral("US-DE"));
        const QList<DueOccurrence> occ =
            occurrences("US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014", de, d("2026-11-29"), 3);
        QCOMPARE(occ.size(), 3);
        QCOMPARE(occ.at(0).due, d("2027-03-01"));
        QCOMPARE(occ.at(1).due, d("2028-03-01"));
        QCOMPARE(occ.at(2).due, d("2029-03-01"));
        QCOMPARE(occ.at(0).filingYear, 2026);
        QCOMPARE(occ.at(2).filingYear, 2028);
        QCOMPARE(occ.at(0).windowOpens, d("2027-01-01"));

        const Entity ny = makeEntity(EntityType::Llc, QStringLiteral("US-NY"), d("2020-06-15"));
        const QList<DueOccurrence> nyOcc =
            occurrences("US-NY.LLC.BIENNIAL_STATEMENT.2000", ny, d("2026-11-29"), 3);
        QCOMPARE(nyOcc.size(), 3);
        QCOMPARE(nyOcc.at(0).due, d("2028-06-30"));
        QCOMPARE(nyOcc.at(1).due, d("2030-07-01")); // 30 June 2030 is a Sunday: GCL § 25-a
        QCOMPARE(nyOcc.at(2).due, d("2032-06-30"));

        // Each occurrence strictly after the previous one, and zero cycles give none.
        for (qsizetype i = 1; i < occ.size(); ++i)
            QVERIFY(occ.at(i).due > occ.at(i - 1).due);
        QVERIFY(occurrences("US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014", de, d("2026-11-29"), 0).isEmpty());
    }

    // ---- Delaware franchise tax: both methods, minimum and maximum ----------------------------------------

    void delawareAuthorizedShares_data() {
        QTest::addColumn<qint64>("shares");
        QTest::addColumn<qint64>("expected");
        // https://corp.delaware.gov/frtaxcalc/: <=5,000 $175; 5,001-10,000 $250; +$85 per 10,000 or part; max
        // $200,000.
        QTest::newRow("1") << qint64(1) << qint64(17500);
        QTest::newRow("5,000") << qint64(5000) << qint64(17500);
        QTest::newRow("5,001") << qint64(5001) << qint64(25000);
        QTest::newRow("10,000") << qint64(10000) << qint64(25000);
        QTest::newRow("10,001") << qint64(10001) << qint64(33500);
        QTest::newRow("20,000") << qint64(20000) << qint64(33500);
        QTest::newRow("20,001") << qint64(20001) << qint64(42000);
        QTest::newRow("10,000,000") << qint64(10000000) << qint64(8516500); // $85,165
        QTest::newRow("cap") << qint64(1000000000) << qint64(20000000);
    }

    void delawareAuthorizedShares() {
        QFETCH(qint64, shares);
        QFETCH(qint64, expected);
        const Rule &r = rule("US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014");
        QCOMPARE(delawareAuthorizedSharesTaxCents(shares, r.fee), expected);
        Entity e = makeEntity(EntityType::Corporation, QStringLiteral("US-DE"));
        e.authorizedShares = shares;
        QString note;
        QCOMPARE(feeFor(r, e, &note), expected + 5000); // plus the $50 report fee
        QVERIFY(note.contains(QStringLiteral("authorized-shares")));
    }

    void delawareAssumedParValue_data() {
        QTest::addColumn<qint64>("grossAssetsCents");
        QTest::addColumn<qint64>("issued");
        QTest::addColumn<qint64>("authorized");
        QTest::addColumn<qint64>("parMicros");
        QTest::addColumn<qint64>("apv");
        QTest::addColumn<qint64>("owed");
        // $50,000 / 5,000,000 issued = $0.01 assumed par; par $0.0001 is lower, so 10,000,000 x $0.01 =
        // $100,000 capital: the $400 minimum; authorized shares would give $85,165, so $400 is owed.
        QTest::newRow("startup") << qint64(5000000) << qint64(5000000) << qint64(10000000) << qint64(100)
                                 << qint64(40000) << qint64(40000);
        // $10,000,000 / 1,000,000 = $10 assumed par; 2,000,000 x $10 = $20,000,000: 20 x $400 = $8,000.
        QTest::newRow("assumed par above par") << qint64(1000000000) << qint64(1000000) << qint64(2000000)
                                               << qint64(1000) << qint64(800000) << qint64(800000);
        // Par $20 above the $10 assumed par: 2,000,000 x $20 = $40,000,000: $16,000.
        QTest::newRow("par above assumed par") << qint64(1000000000) << qint64(1000000) << qint64(2000000)
                                               << qint64(20000000) << qint64(1600000) << qint64(1600000);
        // No-par stock counts at the assumed par.
        QTest::newRow("no par") << qint64(1000000000) << qint64(1000000) << qint64(2000000) << qint64(0)
                                << qint64(800000) << qint64(800000);
        // Exactly $1,000,000 of capital is one unit; one dollar more is two ("or part").
        QTest::newRow("exactly one million") << qint64(100000000) << qint64(1000000) << qint64(1000000)
                                             << qint64(0) << qint64(40000) << qint64(40000);
        QTest::newRow("just over one million") << qint64(100000100) << qint64(1000000) << qint64(1000000)
                                               << qint64(0) << qint64(80000) << qint64(80000);
        // Few authorized shares: the authorized-shares method ($175) is lower than the APV minimum ($400).
        QTest::newRow("small authorized") << qint64(10000000) << qint64(1000) << qint64(1000)
                                          << qint64(1000000) << qint64(40000) << qint64(17500);
        // Huge capital: capped at $200,000.
        QTest::newRow("cap") << qint64(900000000000000) << qint64(1000) << qint64(1000000000) << qint64(0)
                             << qint64(20000000) << qint64(20000000);
    }

    void delawareAssumedParValue() {
        QFETCH(qint64, grossAssetsCents);
        QFETCH(qint64, issued);
        QFETCH(qint64, authorized);
        QFETCH(qint64, parMicros);
        QFETCH(qint64, apv);
        QFETCH(qint64, owed);
        const Rule &r = rule("US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014");
        const QList<DelawareShareClass> classes{{authorized, parMicros}};
        QCOMPARE(delawareAssumedParValueTaxCents(grossAssetsCents, issued, classes, r.fee), apv);
        QCOMPARE(delawareFranchiseTaxCents(classes, grossAssetsCents, issued, r.fee), owed);
        // Without issued shares the method cannot be used and the authorized-shares method stands.
        QCOMPARE(delawareAssumedParValueTaxCents(grossAssetsCents, 0, classes, r.fee), qint64(-1));
        QCOMPARE(delawareFranchiseTaxCents(classes, grossAssetsCents, 0, r.fee),
                 delawareAuthorizedSharesTaxCents(authorized, r.fee));
    }

    void delawareFeeFromTheRulesFile() {
        const Rule &r = rule("US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014");
        QCOMPARE(r.fee.reportFeeCents, qint64(5000));
        QCOMPARE(r.fee.minimumTaxCents, qint64(17500));
        QCOMPARE(r.fee.secondTierTaxCents, qint64(25000));
        QCOMPARE(r.fee.perTenThousandSharesCents, qint64(8500));
        QCOMPARE(r.fee.apvMinimumTaxCents, qint64(40000));
        QCOMPARE(r.fee.apvCentsPerMillion, qint64(40000));
        QCOMPARE(r.fee.maximumTaxCents, qint64(20000000));
        QCOMPARE(r.fee.largeFilerMaximumCents, qint64(25000000));
        // Unknown authorized shares: the minimum, said to be an estimate.
        QString note;
        QCOMPARE(feeFor(r, makeEntity(EntityType::Corporation, QStringLiteral("US-DE")), &note),
                 qint64(22500));
        QVERIFY(note.contains(QStringLiteral("unknown")));
    }
};

QTEST_GUILESS_MAIN(TestDueDates)
#include "tst_due_dates.moc"
