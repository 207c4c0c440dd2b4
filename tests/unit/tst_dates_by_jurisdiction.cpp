// Deadlines move by each state's own law: the business calendars of the rules file (year-end, Saturday- and
// Sunday-holiday cases for every jurisdiction whose rules roll), rolled due dates through the rules, New
// Mexico's biennial report (never in two consecutive years; needs the business ID), Wyoming's first day of
// the anniversary month and Colorado's second month after it, and calendar errors in the rules file.
#include "engine/rules/due_date_calculator.h"
#include "engine/rules/obligation_planner.h"
#include "engine/rules/rule_set.h"

#include <QFile>
#include <QSet>
#include <QtTest>

using namespace fd;

namespace {

QDate d(const char *iso) {
    return QDate::fromString(QString::fromLatin1(iso), Qt::ISODate);
}

Entity entity(EntityType type, const QString &jurisdiction, const QDate &formed = QDate(),
              const QString &registryId = QString(), int fyeMonth = 12, int fyeDay = 31) {
    Entity e;
    e.entityId = QStringLiteral("dates-test");
    e.name = QStringLiteral("Dates Test");
    e.type = type;
    e.jurisdiction = jurisdiction;
    e.formationDate = formed;
    e.status = QStringLiteral("active");
    e.registryId = registryId;
    e.fiscalYearEndMonth = fyeMonth;
    e.fiscalYearEndDay = fyeDay;
    e.fiscalYearEndGiven = fyeMonth != 12 || fyeDay != 31;
    return e;
}

QByteArray shippedBytes() {
    QFile f(qEnvironmentVariable("FILINGDESK_SOURCE_DIR") + QStringLiteral("/resources/rules/us-rules.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestDatesByJurisdiction : public QObject {
    Q_OBJECT

private:
    RuleSet m_rules;

    const Rule &rule(const char *id) {
        const Rule *r = m_rules.ruleById(QString::fromLatin1(id));
        if (!r)
            qFatal("rule %s missing", id);
        return *r;
    }

private Q_SLOTS:
    void initTestCase() {
        m_rules = RuleSet::builtIn();
        QVERIFY(!m_rules.isEmpty());
    }

    // Every rule that moves its due date names a calendar the file defines, with its citation; every
    // calendar is used; and the table below has a row for each of them.
    void everyRollingRuleHasACitedCalendar() {
        QSet<QString> used;
        for (const Rule &r : m_rules.rules()) {
            if (!r.nextBusinessDay) {
                QVERIFY2(!r.calendar.isValid(), qPrintable(r.id));
                continue;
            }
            QVERIFY2(r.calendar.isValid(), qPrintable(r.id + QStringLiteral(": no calendar")));
            QVERIFY2(!r.calendar.statute.isEmpty(), qPrintable(r.calendar.id));
            QVERIFY2(r.weekendHolidayNote.contains(r.calendar.id),
                     qPrintable(r.id + QStringLiteral(": note")));
            used.insert(r.calendar.id);
        }
        QSet<QString> defined;
        for (const BusinessCalendar &c : m_rules.calendars())
            defined.insert(c.id);
        QCOMPARE(used, defined);
        QCOMPARE(defined,
                 (QSet<QString>{QStringLiteral("US-NY"), QStringLiteral("US-CA"), QStringLiteral("US-TX"),
                                QStringLiteral("US-TN"), QStringLiteral("US-FED-TAX")}));
    }

    // Business day or not, per calendar, on the days where state laws differ from the federal calendar.
    void calendarDays_data() {
        QTest::addColumn<QString>("calendar");
        QTest::addColumn<QDate>("date");
        QTest::addColumn<bool>("businessDay");
        // Friday 31 December 2027: New Year's Day 2028 is a Saturday (the year-end case).
        // Friday 3 July 2026: Independence Day is a Saturday (the Saturday-holiday case).
        // Monday 2 January 2023: New Year's Day was a Sunday.
        // Friday 15 April 2022: Good Friday; D.C. Emancipation Day (Saturday 16 April) observed.
        // Friday 10 November 2023: Veterans Day was a Saturday.
        // Friday 31 March 2028: Cesar Chavez Day. Tuesday 2 November 2027: New York's General Election Day.
        const QList<std::tuple<const char *, const char *, bool>> table{
            {"US-NY", "2027-12-31", true},       {"US-NY", "2026-07-03", true},
            {"US-NY", "2023-01-02", false},      {"US-NY", "2022-04-15", true},
            {"US-NY", "2023-11-10", true},       {"US-NY", "2027-11-02", false},
            {"US-CA", "2027-12-31", true},       {"US-CA", "2026-07-03", true},
            {"US-CA", "2023-01-02", false},      {"US-CA", "2022-04-15", true},
            {"US-CA", "2023-11-10", false},      {"US-CA", "2028-03-31", false},
            {"US-TX", "2027-12-31", true},       {"US-TX", "2026-07-03", true},
            {"US-TX", "2023-01-02", true},       {"US-TX", "2022-04-15", true},
            {"US-TX", "2023-11-10", true},       {"US-TX", "2027-04-21", false},
            {"US-TN", "2027-12-31", true},       {"US-TN", "2026-07-03", true},
            {"US-TN", "2023-01-02", true},       {"US-TN", "2022-04-15", false},
            {"US-TN", "2023-11-10", true},       {"US-TN", "2028-04-14", false},
            {"US-FED-TAX", "2027-12-31", false}, {"US-FED-TAX", "2026-07-03", false},
            {"US-FED-TAX", "2023-01-02", false}, {"US-FED-TAX", "2022-04-15", false},
            {"US-FED-TAX", "2023-11-10", false}, {"US-FED-TAX", "2027-11-02", true},
        };
        for (const auto &[calendar, date, business] : table)
            QTest::addRow("%s %s", calendar, date) << QString::fromLatin1(calendar) << d(date) << business;
    }

    void calendarDays() {
        QFETCH(QString, calendar);
        QFETCH(QDate, date);
        QFETCH(bool, businessDay);
        const BusinessCalendar *c = m_rules.calendarById(calendar);
        QVERIFY2(c, qPrintable(calendar));
        QCOMPARE(c->isBusinessDay(date), businessDay);
    }

    // Due dates through the rules: the nominal date, and where it moves to.
    void rolledDueDates_data() {
        QTest::addColumn<QString>("ruleId");
        QTest::addColumn<int>("type");
        QTest::addColumn<QDate>("formed");
        QTest::addColumn<int>("fyeMonth");
        QTest::addColumn<int>("fyeDay");
        QTest::addColumn<QDate>("asOf");
        QTest::addColumn<QDate>("nominal");
        QTest::addColumn<QDate>("due");
        const int corp = int(EntityType::Corporation);
        const int llc = int(EntityType::Llc);
        // N.Y. Gen. Constr. Law §§ 24, 25-a: New Year's Day 2028 (a Saturday) is not kept on Friday 31
        // December.
        QTest::newRow("NY Friday 2027-12-31 stands")
            << "US-NY.CORP.BIENNIAL_STATEMENT.2000" << corp << d("2025-12-05") << 12 << 31 << d("2027-06-01")
            << d("2027-12-31") << d("2027-12-31");
        // 31 December 2022 a Saturday, 1 January a Sunday kept on Monday 2 January: Tuesday 3 January 2023.
        QTest::newRow("NY Saturday year end")
            << "US-NY.LLC.BIENNIAL_STATEMENT.2000" << llc << d("2020-12-07") << 12 << 31 << d("2022-06-01")
            << d("2022-12-31") << d("2023-01-03");
        // Tex. Gov't Code § 311.014: Saturday 15 May 2027 -> Monday 17 May.
        QTest::newRow("TX Saturday") << "US-TX.ALL.FRANCHISE_TAX_REPORT.2008" << corp << QDate() << 12 << 31
                                     << d("2026-11-29") << d("2027-05-15") << d("2027-05-17");
        // Tenn. Code Ann. § 15-1-101: Good Friday 15 April 2022 -> Monday 18 April.
        QTest::newRow("TN Good Friday") << "US-TN.ALL.FRANCHISE_EXCISE_TAX.2000" << llc << d("2010-01-01")
                                        << 12 << 31 << d("2022-01-01") << d("2022-04-15") << d("2022-04-18");
        // Cal. Gov. Code §§ 6700, 6707: a 30 September year end is due Saturday 15 January 2028; Monday 17
        // January is Dr. Martin Luther King, Jr. Day: Tuesday 18 January.
        QTest::newRow("CA Saturday then holiday")
            << "US-CA.CORP.FRANCHISE_TAX_MINIMUM.2016" << corp << d("2015-03-01") << 9 << 30
            << d("2027-11-01") << d("2028-01-15") << d("2028-01-18");
        // A 30 November year end is due Saturday 15 March 2025: Monday 17 March.
        QTest::newRow("CA Saturday") << "US-CA.CORP.FRANCHISE_TAX_MINIMUM.2016" << corp << d("2015-03-01")
                                     << 11 << 30 << d("2025-01-01") << d("2025-03-15") << d("2025-03-17");
        // IRC § 7503 (Alabama follows the federal date): Saturday 15 April 2028, Sunday 16 April Emancipation
        // Day kept on Monday 17 April: Tuesday 18 April.
        QTest::newRow("AL federal date") << "US-AL.CORP.BUSINESS_PRIVILEGE_TAX.2000" << corp << QDate() << 12
                                         << 31 << d("2027-05-01") << d("2028-04-15") << d("2028-04-18");
        // The same rule on Friday 15 April 2022 (Emancipation Day kept that day): Monday 18 April.
        QTest::newRow("AL Emancipation Day")
            << "US-AL.CORP.BUSINESS_PRIVILEGE_TAX.2000" << corp << QDate() << 12 << 31 << d("2022-01-01")
            << d("2022-04-15") << d("2022-04-18");
        QTest::newRow("SC federal date")
            << "US-SC.CORP.ANNUAL_REPORT_LICENSE_FEE.2000" << corp << d("2010-01-01") << 12 << 31
            << d("2021-05-01") << d("2022-04-15") << d("2022-04-18");
    }

    void rolledDueDates() {
        QFETCH(QString, ruleId);
        QFETCH(int, type);
        QFETCH(QDate, formed);
        QFETCH(int, fyeMonth);
        QFETCH(int, fyeDay);
        QFETCH(QDate, asOf);
        QFETCH(QDate, nominal);
        QFETCH(QDate, due);
        const Rule &r = rule(qPrintable(ruleId));
        const Entity e = entity(EntityType(type), r.jurisdiction, formed, QString(), fyeMonth, fyeDay);
        DueProblem problem;
        const QList<DueOccurrence> occ = dueOccurrences(r, e, asOf, 1, &problem);
        QVERIFY2(!occ.isEmpty(), qPrintable(problem.reason));
        QCOMPARE(occ.first().nominalDue, nominal);
        QCOMPARE(occ.first().due, due);
        const RowPlan plan = planEntity(e, m_rules, asOf);
        bool found = false;
        for (const Obligation &o : plan.obligations)
            found = found || (o.ruleId == ruleId && o.dueDate == due);
        QVERIFY2(found, qPrintable(plan.reason));
    }

    // New Mexico (N.M. Stat. Ann. § 53-5-2(A)): biennial, in the years of the business ID's last digit.
    void newMexicoIsBiennial_data() {
        QTest::addColumn<QString>("registryId");
        QTest::addColumn<QList<QDate>>("dues");
        QTest::newRow("odd ID") << "0971235"
                                << QList<QDate>{d("2027-04-15"), d("2029-04-15"), d("2031-04-15")};
        QTest::newRow("even ID") << "0971236"
                                 << QList<QDate>{d("2028-04-15"), d("2030-04-15"), d("2032-04-15")};
    }

    void newMexicoIsBiennial() {
        QFETCH(QString, registryId);
        QFETCH(QList<QDate>, dues);
        const Rule &r = rule("US-NM.CORP.BIENNIAL_REPORT.2000");
        QCOMPARE(r.frequency, QStringLiteral("biennial"));
        const Entity e =
            entity(EntityType::Corporation, QStringLiteral("US-NM"), d("2012-04-04"), registryId);
        DueProblem problem;
        const QList<DueOccurrence> occ = dueOccurrences(r, e, d("2026-11-29"), 3, &problem);
        QList<QDate> got;
        for (const DueOccurrence &o : occ)
            got.append(o.due);
        QCOMPARE(got, dues);
        // `filingdesk run` in two consecutive years files at most once.
        const RowPlan first = planEntity(e, m_rules, d("2026-11-29"));
        QCOMPARE(first.obligations.size(), 1);
        const RowPlan next = planEntity(e, m_rules, first.obligations.first().dueDate.addDays(1));
        QCOMPARE(next.obligations.size(), 1);
        QCOMPARE(next.obligations.first().dueDate.year() - first.obligations.first().dueDate.year(), 2);
    }

    void newMexicoWithoutBusinessIdNeedsData() {
        const Entity e = entity(EntityType::Corporation, QStringLiteral("US-NM"), d("2012-04-04"));
        const RowPlan plan = planEntity(e, m_rules, d("2026-11-29"));
        QCOMPARE(plan.outcome, RowOutcome::NeedsData);
        QCOMPARE(plan.missing, QStringList{QStringLiteral("registry_id")});
        QVERIFY(plan.obligations.isEmpty());
    }

    // W.S. § 17-29-209: "on or before the first day of the anniversary month".
    void wyomingFirstDayOfAnniversaryMonth() {
        const Rule &r = rule("US-WY.ALL.ANNUAL_REPORT_LICENSE_TAX.2000");
        const QList<DueOccurrence> occ =
            dueOccurrences(r, entity(EntityType::Llc, QStringLiteral("US-WY"), d("2015-06-15")),
                           d("2026-11-29"), 2, nullptr);
        QCOMPARE(occ.size(), 2);
        QCOMPARE(occ.at(0).due, d("2027-06-01"));
        QCOMPARE(occ.at(1).due, d("2028-06-01"));
    }

    // C.R.S. § 7-90-501(4)(c): by the last day of the second month after the anniversary month, not before
    // its first day.
    void coloradoSecondMonthAfterAnniversary() {
        const Rule &r = rule("US-CO.ALL.PERIODIC_REPORT.2024");
        const QList<DueOccurrence> occ = dueOccurrences(
            r, entity(EntityType::Lp, QStringLiteral("US-CO"), d("2019-11-05")), d("2026-11-29"), 2, nullptr);
        QCOMPARE(occ.size(), 2);
        QCOMPARE(occ.at(0).due, d("2027-01-31"));
        QCOMPARE(occ.at(0).windowOpens, d("2026-11-01"));
        QCOMPARE(occ.at(0).filingYear, 2026);
        QCOMPARE(occ.at(1).due, d("2028-01-31"));
        QCOMPARE(occ.at(1).filingYear, 2027);
    }

    // The rules file refuses a rolling rule without a calendar and a malformed calendar, naming line and
    // field.
    void calendarErrors_data() {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown calendar")
            << QByteArray("\"weekend_holiday\": \"next_business_day\",")
            << QByteArray(
                   "\"weekend_holiday\": \"next_business_day\", \"weekend_holiday_calendar\": \"US-XX\",")
            << QStringLiteral("needs the calendar \"US-XX\"");
        QTest::newRow("bad weekday") << QByteArray("\"weekday\": \"monday\"")
                                     << QByteArray("\"weekday\": \"moonday\"")
                                     << QStringLiteral("holidays.2.weekday");
        QTest::newRow("bad observance") << QByteArray("\"weekend_observance\": \"monday_after\"")
                                        << QByteArray("\"weekend_observance\": \"tuesday\"")
                                        << QStringLiteral("calendar 1 (US-NY): weekend_observance");
    }

    void calendarErrors() {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, expected);
        QByteArray json = shippedBytes();
        const qsizetype at = json.indexOf(from);
        QVERIFY2(at >= 0, from.constData());
        json.replace(at, from.size(), to);
        RuleSet set;
        QString error;
        QVERIFY(!set.loadFromBytes(json, QStringLiteral("bad.json"), &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        const int line = 1 + int(json.left(at).count('\n'));
        QVERIFY2(error.startsWith(QStringLiteral("bad.json:%1:").arg(line)) ||
                     expected.contains(QLatin1String("US-XX")),
                 qPrintable(QStringLiteral("expected line %1: %2").arg(line).arg(error)));
        QVERIFY(set.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestDatesByJurisdiction)
#include "tst_dates_by_jurisdiction.moc"
