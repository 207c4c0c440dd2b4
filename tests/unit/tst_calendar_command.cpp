// `filingdesk calendar` end to end: the real executable (FILINGDESK_CLI) on each portfolio of
// tests/data/portfolios as of 2026-11-29, the .ics parsed by Debian's python3-icalendar, and the --report
// account checked so that every US row has an obligation with a cited rule or an explicit reason (needs data,
// or a cited "no periodic filing" rule).
#include "ics_python_check.h"

#include "engine/audit/audit_store.h"
#include "engine/rules/obligation_planner.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run {
    int exitCode = -1;
    QString stderrText;
    QJsonObject report;
    QJsonObject ics;
    QString error;
};

Run runCalendar(const QString &portfolio, const QString &outDir, const QString &stem,
                const QStringList &extra = {}, const QString &asOf = QStringLiteral("2026-11-29")) {
    Run run;
    const QString ics = outDir + QLatin1Char('/') + stem + QStringLiteral(".ics");
    const QString report = outDir + QLatin1Char('/') + stem + QStringLiteral(".json");
    QProcess p;
    p.start(qEnvironmentVariable("FILINGDESK_CLI"),
            QStringList{QStringLiteral("calendar"), QStringLiteral("--portfolio"), portfolio,
                        QStringLiteral("--out"), ics, QStringLiteral("--as-of"), asOf,
                        QStringLiteral("--report"), report} +
                extra);
    if (!p.waitForFinished(120000)) {
        run.error = QStringLiteral("filingdesk calendar did not finish: ") + p.errorString();
        return run;
    }
    run.exitCode = p.exitCode();
    run.stderrText = QString::fromUtf8(p.readAllStandardError());
    if (run.exitCode != 0) {
        run.error = run.stderrText;
        return run;
    }
    QFile r(report);
    if (!r.open(QIODevice::ReadOnly)) {
        run.error = report + QStringLiteral(": not written");
        return run;
    }
    run.report = QJsonDocument::fromJson(r.readAll()).object();
    run.ics = fd::test::parseIcsWithPython(ics, &run.error);
    return run;
}

QSet<QString> uids(const QJsonObject &ics) {
    QSet<QString> out;
    for (const QJsonValue &ev : ics.value(QStringLiteral("events")).toArray())
        out.insert(ev.toObject().value(QStringLiteral("uid")).toString());
    return out;
}

} // namespace

class TestCalendarCommand : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY2(!qEnvironmentVariableIsEmpty("FILINGDESK_CLI"), "run through ctest (FILINGDESK_CLI)");
        QVERIFY2(QFile::exists(qEnvironmentVariable("FILINGDESK_CLI")),
                 "the filingdesk executable is not built");
        QVERIFY(m_dir.isValid());
    }

    void portfolios_data() {
        QTest::addColumn<QString>("portfolio");
        const QDir dir(qEnvironmentVariable("FILINGDESK_SOURCE_DIR") +
                       QStringLiteral("/tests/data/portfolios"));
        const QStringList files = dir.entryList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 5,
                 qPrintable(dir.path() + QStringLiteral(": the five portfolios are missing")));
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }

    void portfolios() {
        QFETCH(QString, portfolio);
        const QString stem = QFileInfo(portfolio).completeBaseName();
        const Run run = runCalendar(portfolio, m_dir.path(), stem);
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QCOMPARE(run.exitCode, 0);

        // The calendar opens in an independent implementation, with one VEVENT per obligation in the horizon.
        QCOMPARE(run.ics.value(QStringLiteral("errors")).toArray().size(), 0);
        const QJsonArray events = run.ics.value(QStringLiteral("events")).toArray();
        QCOMPARE(events.size(), run.report.value(QStringLiteral("events")).toInt());
        const QString rulesVersion = run.report.value(QStringLiteral("rules_version")).toString();
        QVERIFY(!rulesVersion.isEmpty());

        QSet<QString> calendarUids;
        QHash<QString, QString>
            uidOwner; // UID -> entity id: the same entity listed twice shares its obligations
        int usRows = 0;
        for (const QJsonValue &v : run.report.value(QStringLiteral("rows")).toArray()) {
            const QJsonObject row = v.toObject();
            const QString where = QStringLiteral("line %1 %2 (%3)")
                                      .arg(row.value(QStringLiteral("line")).toInt())
                                      .arg(row.value(QStringLiteral("name")).toString(),
                                           row.value(QStringLiteral("jurisdiction")).toString());
            const QString outcome = row.value(QStringLiteral("outcome")).toString();
            const QString reason = row.value(QStringLiteral("reason")).toString();
            QVERIFY2(outcome != QLatin1String("row_error"),
                     qPrintable(where + QStringLiteral(": ") + reason));
            for (const QJsonValue &ov : row.value(QStringLiteral("obligations")).toArray()) {
                const QJsonObject o = ov.toObject();
                QVERIFY2(!o.value(QStringLiteral("rule_id")).toString().isEmpty(), qPrintable(where));
                QVERIFY2(!o.value(QStringLiteral("citation")).toString().isEmpty(),
                         qPrintable(where + QStringLiteral(": uncited obligation")));
                QCOMPARE(o.value(QStringLiteral("rules_version")).toString(), rulesVersion);
                if (o.value(QStringLiteral("in_calendar")).toBool()) {
                    const QString uid = o.value(QStringLiteral("uid")).toString();
                    const QString entityId = row.value(QStringLiteral("entity_id")).toString();
                    QVERIFY2(uidOwner.value(uid, entityId) == entityId,
                             qPrintable(where + QStringLiteral(": UID shared by two entities: ") + uid));
                    uidOwner.insert(uid, entityId);
                    calendarUids.insert(uid);
                }
            }
            // A needs-data row says why, whatever its jurisdiction, and is listed on stderr.
            if (outcome == QLatin1String("needs_data")) {
                QVERIFY2(!reason.isEmpty(), qPrintable(where));
                QVERIFY2(!row.value(QStringLiteral("missing")).toArray().isEmpty(), qPrintable(where));
            }
            if (!row.value(QStringLiteral("jurisdiction")).toString().startsWith(QLatin1String("US-")))
                continue;
            ++usRows;
            if (outcome == QLatin1String("obligations")) {
                QVERIFY2(!row.value(QStringLiteral("obligations")).toArray().isEmpty(), qPrintable(where));
            } else if (outcome == QLatin1String("needs_data")) {
                QVERIFY2(run.stderrText.contains(QStringLiteral("needs data: line %1 ")
                                                     .arg(row.value(QStringLiteral("line")).toInt())),
                         qPrintable(where + QStringLiteral(": not reported on stderr")));
            } else {
                // No obligation and no missing data: only when the state's rules say there is no periodic
                // filing for this entity type, with a citation, or the entity is not active.
                QCOMPARE(outcome, QStringLiteral("out_of_scope"));
                const QJsonArray noFiling = row.value(QStringLiteral("no_filing_rules")).toArray();
                QVERIFY2(
                    !noFiling.isEmpty() || reason.contains(QStringLiteral("status")),
                    qPrintable(where + QStringLiteral(": no obligation and no cited reason: ") + reason));
                for (const QJsonValue &nf : noFiling)
                    QVERIFY2(!nf.toObject().value(QStringLiteral("citation")).toString().isEmpty(),
                             qPrintable(where));
            }
        }
        QVERIFY2(usRows > 0, "the portfolio has US rows");

        // Every VEVENT is one of the report's obligations, once (unique UIDs), all-day, cited by rule and
        // version, with alarms.
        QCOMPARE(uids(run.ics), calendarUids);
        QCOMPARE(int(uids(run.ics).size()), int(events.size()));
        for (const QJsonValue &v : events) {
            const QJsonObject ev = v.toObject();
            QVERIFY(ev.value(QStringLiteral("dtstart_is_date")).toBool());
            QCOMPARE(ev.value(QStringLiteral("dtstart_value")).toString(), QStringLiteral("DATE"));
            QVERIFY(ev.value(QStringLiteral("dtstart")).toString() >= QStringLiteral("2026-11-29"));
            QVERIFY(ev.value(QStringLiteral("dtstart")).toString() <= QStringLiteral("2027-11-29"));
            QVERIFY(!ev.value(QStringLiteral("rule")).toString().isEmpty());
            QCOMPARE(ev.value(QStringLiteral("rules_version")).toString(), rulesVersion);
            QVERIFY(!ev.value(QStringLiteral("alarms")).toArray().isEmpty());
            QVERIFY(ev.value(QStringLiteral("description")).toString().contains(QStringLiteral("Source: ")));
        }

        // A second export gives the same UIDs, so calendars update instead of duplicating.
        const Run again = runCalendar(portfolio, m_dir.path(), stem + QStringLiteral("-again"));
        QVERIFY2(again.error.isEmpty(), qPrintable(again.error));
        QCOMPARE(uids(again.ics), uids(run.ics));
    }

    // Needs data is per obligation: a California corporation without a formation date owes its franchise tax,
    // and its Statement of Information (due in the anniversary month) is listed as needing the formation
    // date, in the report's rows, its totals and on stderr.
    void needsDataPerObligation() {
        const QString path = m_dir.filePath(QStringLiteral("ca.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date\n"
                "C1,Golden Gate Widgets Inc.,corporation,CA,\n"
                "C2,Sacramento Widgets Inc.,corporation,CA,2015-03-01\n"
                "N1,Rio Grande Holdings Inc.,corporation,NM,2012-04-04\n");
        f.close();
        const Run run = runCalendar(path, m_dir.path(), QStringLiteral("ca"));
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QCOMPARE(run.report.value(QStringLiteral("obligations_needing_data")).toInt(), 2);
        const QJsonArray all = run.report.value(QStringLiteral("needs_data_obligations")).toArray();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.at(0).toObject().value(QStringLiteral("rule_id")).toString(),
                 QStringLiteral("US-CA.CORP.STATEMENT_OF_INFORMATION.2000"));
        QCOMPARE(all.at(0).toObject().value(QStringLiteral("missing")).toString(),
                 QStringLiteral("formation_date"));
        QCOMPARE(all.at(0).toObject().value(QStringLiteral("line")).toInt(), 2);
        QCOMPARE(all.at(1).toObject().value(QStringLiteral("rule_id")).toString(),
                 QStringLiteral("US-NM.CORP.BIENNIAL_REPORT.2000"));
        QCOMPARE(all.at(1).toObject().value(QStringLiteral("missing")).toString(),
                 QStringLiteral("registry_id"));

        const QJsonArray rows = run.report.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 3);
        const QJsonObject c1 = rows.at(0).toObject();
        QCOMPARE(c1.value(QStringLiteral("outcome")).toString(), QStringLiteral("obligations"));
        QCOMPARE(c1.value(QStringLiteral("obligations")).toArray().size(), 1); // the franchise tax
        QCOMPARE(c1.value(QStringLiteral("needs_data_obligations")).toArray().size(), 1);
        QCOMPARE(rows.at(1).toObject().value(QStringLiteral("needs_data_obligations")).toArray().size(), 0);
        QCOMPARE(rows.at(2).toObject().value(QStringLiteral("outcome")).toString(),
                 QStringLiteral("needs_data"));
        QVERIFY2(
            run.stderrText.contains(QStringLiteral("needs data: line 2 Golden Gate Widgets Inc. (US-CA): "
                                                   "Statement of Information")),
            qPrintable(run.stderrText));
        QVERIFY2(run.stderrText.contains(QStringLiteral("2 filings have no due date yet and are not in the "
                                                        "calendar (they need data)")),
                 qPrintable(run.stderrText));
        QCOMPARE(run.report.value(QStringLiteral("undated_filings")).toInt(), 2);
    }

    // A FilingDesk-format portfolio: formation dates, authorized shares, rows that need data, a state with no
    // periodic filing, several cycles and a longer horizon.
    void filingDeskPortfolio() {
        const QString path = m_dir.filePath(QStringLiteral("fd.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,risk_"
                "tier,ein,"
                "fiscal_year_end,authorized_shares\n"
                "E1,\"Acme, Inc.\",corporation,DE,2010-05-04,CSC,active,3,,,10000000\n"
                "E2,Société Générale Holdings LLC,llc,NY,,CSC,active,2,,,\n"
                "E3,Capitol; Holdings LLC,llc,DC,2023-05-10,CSC,active,2,,,\n"
                "E4,Buckeye Corp,corporation,OH,2001-01-01,CSC,active,1,,,\n"
                "E5,Dormant Corp,corporation,TX,2001-01-01,CSC,dissolved,1,,,\n");
        f.close();

        const Run run = runCalendar(path, m_dir.path(), QStringLiteral("fd"),
                                    {QStringLiteral("--cycles"), QStringLiteral("3"),
                                     QStringLiteral("--days"), QStringLiteral("1200")});
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QCOMPARE(run.ics.value(QStringLiteral("errors")).toArray().size(), 0);
        const QJsonArray rows = run.report.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 5);
        auto row = [&](int i) { return rows.at(i).toObject(); };
        QCOMPARE(row(0).value(QStringLiteral("outcome")).toString(), QStringLiteral("obligations"));
        QCOMPARE(row(0)
                     .value(QStringLiteral("obligations"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("fee_cents"))
                     .toInteger(),
                 qint64(8516500 + 5000)); // $85,165 authorized-shares tax + $50 report fee
        QCOMPARE(row(1).value(QStringLiteral("outcome")).toString(), QStringLiteral("needs_data"));
        QCOMPARE(row(1).value(QStringLiteral("missing")).toArray(),
                 (QJsonArray{QStringLiteral("formation_date")}));
        QVERIFY(run.stderrText.contains(
            QStringLiteral("needs data: line 3 Société Générale Holdings LLC (US-NY)")));
        QCOMPARE(row(2).value(QStringLiteral("outcome")).toString(), QStringLiteral("obligations"));
        QCOMPARE(row(2)
                     .value(QStringLiteral("obligations"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("due"))
                     .toString(),
                 QStringLiteral("2028-04-01")); // D.C.: formed 2023 -> 2024, 2026, 2028
        QCOMPARE(row(3).value(QStringLiteral("outcome")).toString(), QStringLiteral("out_of_scope"));
        QCOMPARE(row(3).value(QStringLiteral("no_filing_rules")).toArray().size(), 1);
        QCOMPARE(row(4).value(QStringLiteral("outcome")).toString(), QStringLiteral("out_of_scope"));

        // Three cycles each within 1,200 days: Delaware 2027, 2028, 2029 (March 1) and D.C. 2028 and 2030
        // (only 2028 is within the horizon). Each cycle is its own event with its own UID.
        QStringList starts;
        for (const QJsonValue &v : run.ics.value(QStringLiteral("events")).toArray())
            starts.append(v.toObject().value(QStringLiteral("dtstart")).toString());
        starts.sort();
        QCOMPARE(starts, (QStringList{QStringLiteral("2027-03-01"), QStringLiteral("2028-03-01"),
                                      QStringLiteral("2028-04-01"), QStringLiteral("2029-03-01")}));
        QCOMPARE(uids(run.ics).size(), 4);
    }

    // With --db, the audit database's outcome shows on each event: a completed filing carries its
    // confirmation number; a filing halted for legal-ops or dead-lettered is marked as not filed, with the
    // reason, and keeps its alarms (the deadline still stands).
    void auditOutcomesShowOnEvents() {
        const QString portfolio = m_dir.filePath(QStringLiteral("states.csv"));
        QFile f(portfolio);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,risk_"
                "tier,ein\n"
                "S1,Filed Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "S2,Halted Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "S3,Dead Letter Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "S4,Untouched Inc.,corporation,DE,2010-05-04,CSC,active,3,\n");
        f.close();

        const QList<fd::RowPlan> plan =
            fd::planObligations(fd::importPortfolio(portfolio), fd::RuleSet::builtIn(), QDate(2026, 11, 29));
        QCOMPARE(plan.size(), 4);
        const QString dbPath = m_dir.filePath(QStringLiteral("states.sqlite"));
        QHash<QString, QString> keyOf; // entity id -> idempotency key of its first obligation
        {
            fd::AuditStore store;
            QString error;
            QVERIFY2(store.open(dbPath, &error), qPrintable(error));
            auto file = [&](const fd::RowPlan &row, const QList<fd::ExecutionState> &path, auto &&finish) {
                QVERIFY(!row.obligations.isEmpty());
                fd::FilingTask task;
                task.obligation = row.obligations.first();
                task.key = task.obligation.idempotencyKey();
                keyOf.insert(row.entity->entityId, task.key);
                QVERIFY2(store.admitTask(task, QStringLiteral("test"), &error), qPrintable(error));
                for (const fd::ExecutionState next : path) {
                    const fd::ExecutionState from = task.state;
                    task.state = next;
                    if (next == path.last())
                        finish(task);
                    QVERIFY2(store.recordTransition(task, from, QStringLiteral("test"),
                                                    QStringLiteral("transition"), QString(), &error),
                             qPrintable(error));
                }
            };
            using S = fd::ExecutionState;
            file(plan.at(0), {S::Validating, S::Dispatching, S::Completed}, [](fd::FilingTask &t) {
                t.confirmationNumber = QStringLiteral("DE-2027-000777");
                t.feeChargedCents = t.obligation.feeCents;
            });
            file(plan.at(1), {S::Validating, S::Dispatching, S::FailedStatutory}, [](fd::FilingTask &t) {
                t.lastCategory = fd::ErrorCategory::Statutory;
                t.lastErrorCode = QStringLiteral("REGISTERED_AGENT_INVALID");
                t.lastErrorMessage = QStringLiteral("the registered agent has resigned");
            });
            file(plan.at(2), {S::Validating, S::Dispatching, S::FailedTransient, S::DeadLetter},
                 [](fd::FilingTask &t) {
                     t.attempts = 5;
                     t.lastCategory = fd::ErrorCategory::Transient;
                     t.lastErrorCode = QStringLiteral("HTTP_503");
                     t.lastErrorMessage = QStringLiteral("service unavailable");
                 });
        }
        if (QTest::currentTestFailed())
            return;

        const Run run =
            runCalendar(portfolio, m_dir.path(), QStringLiteral("states"), {QStringLiteral("--db"), dbPath});
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QHash<QString, QJsonObject> byUid;
        for (const QJsonValue &v : run.ics.value(QStringLiteral("events")).toArray())
            byUid.insert(v.toObject().value(QStringLiteral("uid")).toString(), v.toObject());
        QCOMPARE(byUid.size(), 4);
        auto event = [&](const char *entityId) {
            return byUid.value(keyOf.value(QLatin1String(entityId)) + QStringLiteral("@filingdesk"));
        };

        const QJsonObject filed = event("S1");
        QCOMPARE(filed.value(QStringLiteral("confirmation")).toString(), QStringLiteral("DE-2027-000777"));
        QVERIFY2(
            filed.value(QStringLiteral("summary")).toString().endsWith(QStringLiteral("Filed Inc. (filed)")),
            qPrintable(filed.value(QStringLiteral("summary")).toString()));
        QVERIFY(filed.value(QStringLiteral("description"))
                    .toString()
                    .contains(QStringLiteral("Filed: confirmation DE-2027-000777")));
        QVERIFY(filed.value(QStringLiteral("alarms")).toArray().isEmpty());

        const QJsonObject halted = event("S2");
        const QString haltedSummary = halted.value(QStringLiteral("summary")).toString();
        QVERIFY2(haltedSummary.startsWith(QStringLiteral("[HALTED] US-DE ")), qPrintable(haltedSummary));
        const QString haltedDescription = halted.value(QStringLiteral("description")).toString();
        QVERIFY2(haltedDescription.startsWith(
                     QStringLiteral("NOT FILED (FAILED_STATUTORY): the registry rejected it")),
                 qPrintable(haltedDescription));
        QVERIFY2(haltedDescription.contains(QStringLiteral("REGISTERED_AGENT_INVALID")) &&
                     haltedDescription.contains(QStringLiteral("the registered agent has resigned")),
                 qPrintable(haltedDescription));
        QVERIFY(halted.value(QStringLiteral("categories")).toArray().contains(QStringLiteral("HALTED")));
        QVERIFY(halted.value(QStringLiteral("confirmation")).isNull());
        QVERIFY(!halted.value(QStringLiteral("alarms")).toArray().isEmpty());

        const QJsonObject dead = event("S3");
        QVERIFY2(
            dead.value(QStringLiteral("summary")).toString().startsWith(QStringLiteral("[DEAD LETTER] ")),
            qPrintable(dead.value(QStringLiteral("summary")).toString()));
        const QString deadDescription = dead.value(QStringLiteral("description")).toString();
        QVERIFY2(deadDescription.startsWith(
                     QStringLiteral("NOT FILED (DEAD_LETTER): retries ran out after 5 attempts (HTTP_503)")),
                 qPrintable(deadDescription));
        QVERIFY(dead.value(QStringLiteral("categories")).toArray().contains(QStringLiteral("DEAD LETTER")));
        QVERIFY(!dead.value(QStringLiteral("alarms")).toArray().isEmpty());

        QJsonObject untouched;
        for (const QJsonObject &ev : std::as_const(byUid)) {
            if (ev.value(QStringLiteral("summary")).toString().contains(QStringLiteral("Untouched Inc.")))
                untouched = ev;
        }
        QVERIFY(!untouched.isEmpty());
        QVERIFY(!untouched.value(QStringLiteral("summary")).toString().startsWith(QLatin1Char('[')));
        QVERIFY(untouched.value(QStringLiteral("confirmation")).isNull());
        QVERIFY(!untouched.value(QStringLiteral("alarms")).toArray().isEmpty());
    }

    // An overdue filing that is not filed is exactly what a deadline calendar must show: as of the day after
    // Delaware's March 1, the database's open, halted and dead-lettered 2027 filings are in the calendar on
    // March 1, marked overdue, with the days late, the penalty and an alarm that fires at once; the filed and
    // the withdrawn ones, and a filing of an entity outside the portfolio, are left out and counted by
    // reason.
    void overdueFilingsStayOnTheirDueDate() {
        const QString portfolio = m_dir.filePath(QStringLiteral("overdue.csv"));
        QFile f(portfolio);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,risk_"
                "tier,ein\n"
                "V1,Open Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "V2,Halted Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "V3,Dead Letter Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "V4,Filed Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "V5,Withdrawn Inc.,corporation,DE,2010-05-04,CSC,active,3,\n");
        f.close();
        const QList<fd::RowPlan> plan =
            fd::planObligations(fd::importPortfolio(portfolio), fd::RuleSet::builtIn(), QDate(2027, 2, 15));
        QCOMPARE(plan.size(), 5);
        for (const fd::RowPlan &row : plan) {
            QVERIFY(!row.obligations.isEmpty());
            QCOMPARE(row.obligations.first().dueDate, QDate(2027, 3, 1));
        }
        const QString dbPath = m_dir.filePath(QStringLiteral("overdue.sqlite"));
        QHash<QString, QString> keyOf;
        {
            fd::AuditStore store;
            QString error;
            QVERIFY2(store.open(dbPath, &error), qPrintable(error));
            auto file = [&](const fd::Obligation &o, const QList<fd::ExecutionState> &path, auto &&finish) {
                fd::FilingTask task;
                task.obligation = o;
                task.key = o.idempotencyKey();
                keyOf.insert(o.entity->entityId, task.key);
                QVERIFY2(store.admitTask(task, QStringLiteral("test"), &error), qPrintable(error));
                for (const fd::ExecutionState next : path) {
                    const fd::ExecutionState from = task.state;
                    task.state = next;
                    if (next == path.last())
                        finish(task);
                    QVERIFY2(store.recordTransition(task, from, QStringLiteral("test"),
                                                    QStringLiteral("transition"), QString(), &error),
                             qPrintable(error));
                }
            };
            using S = fd::ExecutionState;
            auto nothing = [](fd::FilingTask &) {};
            file(plan.at(0).obligations.first(), {}, nothing); // admitted, never sent: PENDING
            file(plan.at(1).obligations.first(), {S::Validating, S::Dispatching, S::FailedStatutory},
                 [](fd::FilingTask &t) {
                     t.lastCategory = fd::ErrorCategory::Statutory;
                     t.lastErrorCode = QStringLiteral("REGISTERED_AGENT_INVALID");
                     t.lastErrorMessage = QStringLiteral("the registered agent has resigned");
                 });
            file(plan.at(2).obligations.first(),
                 {S::Validating, S::Dispatching, S::FailedTransient, S::DeadLetter}, [](fd::FilingTask &t) {
                     t.attempts = 1;
                     t.lastCategory = fd::ErrorCategory::Transient;
                     t.lastErrorCode = QStringLiteral("HTTP_503");
                 });
            file(plan.at(3).obligations.first(), {S::Validating, S::Dispatching, S::Completed},
                 [](fd::FilingTask &t) {
                     t.confirmationNumber = QStringLiteral("DE-2027-000001");
                     t.feeChargedCents = t.obligation.feeCents;
                 });
            file(plan.at(4).obligations.first(), {S::Validating, S::DeadLetter}, [](fd::FilingTask &t) {
                t.lastErrorCode = QStringLiteral("WITHDRAWN");
                t.lastErrorMessage = QStringLiteral("withdrawn by test: will not file");
            });
            // A filing of an entity this portfolio does not list.
            fd::Obligation stranger = plan.at(0).obligations.first();
            stranger.entity.edit().entityId = QStringLiteral("X9");
            stranger.entity.edit().name = QStringLiteral("Stranger Inc.");
            file(stranger, {}, nothing);
        }
        if (QTest::currentTestFailed())
            return;

        const Run run = runCalendar(portfolio, m_dir.path(), QStringLiteral("overdue"),
                                    {QStringLiteral("--db"), dbPath, QStringLiteral("--json")},
                                    QStringLiteral("2027-03-02"));
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QCOMPARE(run.ics.value(QStringLiteral("errors")).toArray().size(), 0);
        QHash<QString, QJsonObject> byUid;
        int march1 = 0;
        for (const QJsonValue &v : run.ics.value(QStringLiteral("events")).toArray()) {
            byUid.insert(v.toObject().value(QStringLiteral("uid")).toString(), v.toObject());
            if (v.toObject().value(QStringLiteral("dtstart")).toString() == QLatin1String("2027-03-01"))
                ++march1;
        }
        // The three 2027 filings not filed, and the five 2028 filings the plan holds as of 2027-03-02.
        QCOMPARE(march1, 3);
        QCOMPARE(byUid.size(), 8);
        auto event = [&](const char *entityId) {
            return byUid.value(keyOf.value(QLatin1String(entityId)) + QStringLiteral("@filingdesk"));
        };
        const QStringList prefixes{QStringLiteral("[OVERDUE] US-DE "),
                                   QStringLiteral("[OVERDUE] [HALTED] US-DE "),
                                   QStringLiteral("[OVERDUE] [DEAD LETTER] US-DE ")};
        const char *ids[] = {"V1", "V2", "V3"};
        for (int i = 0; i < 3; ++i) {
            const QJsonObject ev = event(ids[i]);
            QVERIFY2(!ev.isEmpty(), ids[i]);
            QCOMPARE(ev.value(QStringLiteral("dtstart")).toString(), QStringLiteral("2027-03-01"));
            const QString summary = ev.value(QStringLiteral("summary")).toString();
            QVERIFY2(summary.startsWith(prefixes.at(i)), qPrintable(summary));
            const QString description = ev.value(QStringLiteral("description")).toString();
            QVERIFY2(
                description.startsWith(QStringLiteral(
                    "OVERDUE: not filed, 1 day late (due 2027-03-01, as of 2027-03-02). Penalty if filed "
                    "now: $")),
                qPrintable(description));
            QVERIFY(ev.value(QStringLiteral("categories")).toArray().contains(QStringLiteral("OVERDUE")));
            QCOMPARE(ev.value(QStringLiteral("days_late")).toString(), QStringLiteral("1"));
            // One alarm at the export time (absolute), not reminders before a date that has passed.
            const QJsonArray alarms = ev.value(QStringLiteral("alarms")).toArray();
            QCOMPARE(alarms.size(), 1);
            QVERIFY2(alarms.at(0).isString(), "an absolute trigger");
            QVERIFY2(ev.value(QStringLiteral("alarm_descriptions"))
                         .toArray()
                         .at(0)
                         .toString()
                         .endsWith(QStringLiteral(": overdue by 1 day")),
                     qPrintable(ev.value(QStringLiteral("alarm_descriptions")).toArray().at(0).toString()));
        }
        QVERIFY2(event("V2")
                     .value(QStringLiteral("description"))
                     .toString()
                     .contains(QStringLiteral(
                         "NOT FILED (FAILED_STATUTORY): the registry rejected it as a legal defect")),
                 qPrintable(event("V2").value(QStringLiteral("description")).toString()));
        QVERIFY(event("V3")
                    .value(QStringLiteral("description"))
                    .toString()
                    .contains(QStringLiteral("retries ran out after 1 attempt (HTTP_503)")));
        QVERIFY(event("V4").isEmpty());
        QVERIFY(event("V5").isEmpty());
        QVERIFY(event("X9").isEmpty());

        // What was left out, and why, in the report and on stderr.
        QCOMPARE(run.report.value(QStringLiteral("overdue_filings")).toInt(), 3);
        const QJsonObject leftOut = run.report.value(QStringLiteral("left_out")).toObject();
        QCOMPARE(leftOut.value(QStringLiteral("filed_earlier")).toInt(), 1);
        QCOMPARE(leftOut.value(QStringLiteral("withdrawn_earlier")).toInt(), 1);
        QCOMPARE(leftOut.value(QStringLiteral("other_entities")).toInt(), 1);
        QCOMPARE(leftOut.value(QStringLiteral("undated")).toInt(), 0);
        QCOMPARE(leftOut.value(QStringLiteral("total")).toInt(), 3);
        for (const QString &said :
             {QStringLiteral(": 8 events from 5 rows (5 with obligations, 0 need data, 0 out of scope, 0 row "
                             "errors)"),
              QStringLiteral("3 filings not filed and overdue as of 2027-03-02 are in the calendar on their "
                             "due dates, marked [OVERDUE]"),
              QStringLiteral("1 filing was filed, due before 2027-03-02, and not in the calendar"),
              QStringLiteral("1 filing was withdrawn (will not be filed), due before 2027-03-02, and not in "
                             "the calendar"),
              QStringLiteral("1 filing is not filed for entities outside this portfolio and not in the "
                             "calendar")})
            QVERIFY2(run.stderrText.contains(said), qPrintable(run.stderrText));
        QVERIFY2(!run.stderrText.contains(QStringLiteral("(s)")), qPrintable(run.stderrText));

        // Grouped by day: March 1 names the mix of what waits for a person instead of one halt's marker.
        const QString grouped = m_dir.filePath(QStringLiteral("overdue-grouped.ics"));
        QProcess p;
        p.start(qEnvironmentVariable("FILINGDESK_CLI"),
                {QStringLiteral("calendar"), QStringLiteral("--portfolio"), portfolio,
                 QStringLiteral("--out"), grouped, QStringLiteral("--as-of"), QStringLiteral("2027-03-02"),
                 QStringLiteral("--db"), dbPath, QStringLiteral("--group-by-day"), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject json = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(json.value(QStringLiteral("overdue_filings")).toInt(), 3);
        QCOMPARE(json.value(QStringLiteral("filings")).toInt(), 8);
        QCOMPARE(json.value(QStringLiteral("events")).toInt(), 2);
        QCOMPARE(json.value(QStringLiteral("left_out")).toObject().value(QStringLiteral("total")).toInt(), 3);
        QString error;
        const QJsonObject parsed = fd::test::parseIcsWithPython(grouped, &error);
        QVERIFY2(!parsed.isEmpty(), qPrintable(error));
        QCOMPARE(parsed.value(QStringLiteral("errors")).toArray().size(), 0);
        QJsonObject day;
        for (const QJsonValue &v : parsed.value(QStringLiteral("events")).toArray()) {
            if (v.toObject().value(QStringLiteral("uid")).toString() ==
                QLatin1String("day-20270301-US-DE@filingdesk"))
                day = v.toObject();
        }
        QVERIFY(!day.isEmpty());
        QCOMPARE(
            day.value(QStringLiteral("summary")).toString(),
            QStringLiteral("[OVERDUE] [NEEDS A PERSON] 3 filings due — Delaware (US-DE): 1 halted, 1 dead "
                           "letter, 1 not filed"));
        QVERIFY2(
            day.value(QStringLiteral("description"))
                .toString()
                .startsWith(QStringLiteral("OVERDUE: 3 filings not filed, 1 day late (as of 2027-03-02).")),
            qPrintable(day.value(QStringLiteral("description")).toString()));
        QCOMPARE(day.value(QStringLiteral("alarms")).toArray().size(), 1);
        QVERIFY(day.value(QStringLiteral("categories")).toArray().contains(QStringLiteral("OVERDUE")));
    }

    // --remind sets the alarms, --group-by-day makes one event per due date and jurisdiction, and --json
    // says what was written and how many filings were left out for want of a due date.
    void remindersGroupingAndJson() {
        const QString path = m_dir.filePath(QStringLiteral("group.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date\n"
                "D1,\"Acme, Inc.\",corporation,DE,2010-05-04\n"
                "D2,Beta Holdings Inc.,corporation,DE,2012-01-01\n"
                "D3,Gamma Widgets Inc.,corporation,DE,2014-07-07\n"
                "C1,Golden Gate Widgets Inc.,corporation,CA,\n");
        f.close();

        const Run ungrouped = runCalendar(path, m_dir.path(), QStringLiteral("ungrouped"));
        QVERIFY2(ungrouped.error.isEmpty(), qPrintable(ungrouped.error));
        for (const QJsonValue &v : ungrouped.ics.value(QStringLiteral("events")).toArray()) {
            const QJsonObject ev = v.toObject();
            if (ev.value(QStringLiteral("confirmation")).isNull())
                QCOMPARE(ev.value(QStringLiteral("alarms")).toArray(), (QJsonArray{-30, -14, -7, -1}));
        }
        int delawareMarch1 = 0;
        for (const QJsonValue &v : ungrouped.ics.value(QStringLiteral("events")).toArray()) {
            const QJsonObject ev = v.toObject();
            if (ev.value(QStringLiteral("dtstart")).toString() == QLatin1String("2027-03-01") &&
                ev.value(QStringLiteral("categories")).toArray().first().toString() == QLatin1String("US-DE"))
                ++delawareMarch1;
        }
        QCOMPARE(delawareMarch1, 3);

        const QString ics = m_dir.filePath(QStringLiteral("grouped.ics"));
        QProcess p;
        p.start(qEnvironmentVariable("FILINGDESK_CLI"),
                {QStringLiteral("calendar"), QStringLiteral("--portfolio"), path, QStringLiteral("--out"),
                 ics, QStringLiteral("--as-of"), QStringLiteral("2026-11-29"),
                 QStringLiteral("--group-by-day"), QStringLiteral("--remind"), QStringLiteral("1,14,7"),
                 QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject json = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const int filings = int(ungrouped.ics.value(QStringLiteral("events")).toArray().size());
        QCOMPARE(json.value(QStringLiteral("filings")).toInt(), filings);
        QCOMPARE(json.value(QStringLiteral("events")).toInt(),
                 filings - 2); // Delaware's three March 1 filings in one
        QCOMPARE(json.value(QStringLiteral("undated_filings")).toInt(),
                 1); // California's Statement of Information
        QCOMPARE(json.value(QStringLiteral("grouped_by_day")).toBool(), true);
        QCOMPARE(json.value(QStringLiteral("reminder_days")).toArray(), (QJsonArray{14, 7, 1}));
        QCOMPARE(json.value(QStringLiteral("rows")).toInt(), 4);
        QVERIFY2(err.contains(
                     QStringLiteral(": %1 events for %2 filings, one per day and jurisdiction, from 4 rows")
                         .arg(filings - 2)
                         .arg(filings)),
                 qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral(
                     "1 filing has no due date yet and is not in the calendar (it needs data)")),
                 qPrintable(err));

        QString error;
        const QJsonObject parsed = fd::test::parseIcsWithPython(ics, &error);
        QVERIFY2(!parsed.isEmpty(), qPrintable(error));
        QCOMPARE(parsed.value(QStringLiteral("errors")).toArray().size(), 0);
        QJsonObject day;
        for (const QJsonValue &v : parsed.value(QStringLiteral("events")).toArray()) {
            if (v.toObject().value(QStringLiteral("uid")).toString() ==
                QLatin1String("day-20270301-US-DE@filingdesk"))
                day = v.toObject();
        }
        QVERIFY(!day.isEmpty());
        QCOMPARE(day.value(QStringLiteral("summary")).toString(),
                 QStringLiteral("3 filings due — Delaware (US-DE)"));
        QCOMPARE(day.value(QStringLiteral("filings")).toString(), QStringLiteral("3"));
        QCOMPARE(day.value(QStringLiteral("alarms")).toArray(), (QJsonArray{-14, -7, -1}));
        for (const QString &name :
             {QStringLiteral("Acme, Inc. (D1)"), QStringLiteral("Beta Holdings Inc. (D2)"),
              QStringLiteral("Gamma Widgets Inc. (D3)")})
            QVERIFY2(day.value(QStringLiteral("description")).toString().contains(name),
                     qPrintable(day.value(QStringLiteral("description")).toString()));

        // --remind with no days: no alarms; a bad day is refused.
        QProcess quiet;
        quiet.start(qEnvironmentVariable("FILINGDESK_CLI"),
                    {QStringLiteral("calendar"), QStringLiteral("--portfolio"), path, QStringLiteral("--out"),
                     m_dir.filePath(QStringLiteral("quiet.ics")), QStringLiteral("--remind"), QString()});
        QVERIFY(quiet.waitForFinished(120000));
        QCOMPARE(quiet.exitCode(), 0);
        QFile quietIcs(m_dir.filePath(QStringLiteral("quiet.ics")));
        QVERIFY(quietIcs.open(QIODevice::ReadOnly));
        QVERIFY(!quietIcs.readAll().contains("BEGIN:VALARM"));
        QProcess bad;
        bad.start(qEnvironmentVariable("FILINGDESK_CLI"),
                  {QStringLiteral("calendar"), QStringLiteral("--portfolio"), path, QStringLiteral("--out"),
                   m_dir.filePath(QStringLiteral("bad.ics")), QStringLiteral("--remind"),
                   QStringLiteral("30,soon")});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 2);
        QVERIFY(
            QString::fromUtf8(bad.readAllStandardError()).contains(QStringLiteral("--remind \"30,soon\"")));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("bad.ics"))));
    }

    // The calendar only reads: a --db that does not exist is refused, not created empty.
    void missingDatabaseIsRefused() {
        const QString dbPath = m_dir.filePath(QStringLiteral("no-such.sqlite"));
        QProcess p;
        p.start(qEnvironmentVariable("FILINGDESK_CLI"),
                {QStringLiteral("calendar"), QStringLiteral("--portfolio"), QStringLiteral("x.csv"),
                 QStringLiteral("--out"), m_dir.filePath(QStringLiteral("none.ics")), QStringLiteral("--db"),
                 dbPath});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(dbPath + QStringLiteral(": no such audit database")), qPrintable(err));
        QVERIFY(!QFile::exists(dbPath));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.ics"))));
    }

    void extraArgumentIsRefused() {
        QProcess p;
        p.start(qEnvironmentVariable("FILINGDESK_CLI"),
                {QStringLiteral("calendar"), QStringLiteral("--portfolio"), QStringLiteral("x.csv"),
                 QStringLiteral("--out"), m_dir.filePath(QStringLiteral("extra.ics")),
                 QStringLiteral("stray")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("unexpected argument \"stray\"")), qPrintable(err));
    }

    void helpNamesTheSubcommand() {
        QProcess p;
        p.start(qEnvironmentVariable("FILINGDESK_CLI"),
                {QStringLiteral("calendar"), QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(out.startsWith(QStringLiteral("Usage: filingdesk calendar [options]\n")), qPrintable(out));
        QVERIFY(out.contains(QStringLiteral("--portfolio")));
    }

    void badArguments() {
        QProcess p;
        p.start(qEnvironmentVariable("FILINGDESK_CLI"),
                {QStringLiteral("calendar"), QStringLiteral("--portfolio"), QStringLiteral("x.csv")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("--out")));
    }
};

QTEST_GUILESS_MAIN(TestCalendarCommand)
#include "tst_calendar_command.moc"
