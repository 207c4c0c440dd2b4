// The console's calendar export: the engine on its own thread files a portfolio against the real sandbox
// registry, then writes the calendar; Python's icalendar (an independent implementation) reads it back.
#include "engine/core/engine.h"
#include "engine/core/engine_host.h"
#include "support/sandbox_process.h"
#include "unit/ics_python_check.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// Asks the engine, on its own thread, for an export (typed: no method name as a string).
void requestExport(fd::Engine *engine, const QString &path, int days, const fd::IcsOptions &ics = {}) {
    fd::CalendarExportRequest request;
    request.path = path;
    request.days = days;
    request.ics = ics;
    QMetaObject::invokeMethod(
        engine, [engine, request] { engine->exportCalendar(request); }, Qt::QueuedConnection);
}

fd::CalendarExportResult resultAt(const QSignalSpy &spy, int i) {
    return spy.at(i).at(0).value<fd::CalendarExportResult>();
}

} // namespace

class TestEngineCalendarExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exportsFiledAndHaltedObligations() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // Every key accepted, but a statutory rejection for some: those events must say they were not filed.
        fd::test::SandboxProcess sandbox({QStringLiteral("--fail"), QStringLiteral("statutory=0.2"),
                                          QStringLiteral("--seed"), QStringLiteral("3")});
        QVERIFY2(sandbox.start(), qPrintable(sandbox.errorString()));

        fd::EngineHost host;
        fd::Engine *engine = host.engine();
        QSignalSpy started(engine, &fd::Engine::started);
        QSignalSpy loaded(engine, &fd::Engine::portfolioLoaded);
        QSignalSpy admitted(engine, &fd::Engine::admitted);
        QSignalSpy idle(engine, &fd::Engine::batchIdle);
        QSignalSpy exported(engine, &fd::Engine::calendarExported);

        fd::EngineConfig config;
        config.registries.defaultUrl = sandbox.baseUrl();
        config.dbPath = dir.filePath(QStringLiteral("audit.sqlite"));
        QMetaObject::invokeMethod(engine, "start", Qt::QueuedConnection, Q_ARG(fd::EngineConfig, config));
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, 10000);
        QVERIFY(started.first().at(0).toBool());

        const QString portfolio = qEnvironmentVariable("FILINGDESK_SOURCE_DIR") +
                                  QStringLiteral("/resources/portfolios/ex21_3570_0000003570-17-000052.csv");
        QMetaObject::invokeMethod(engine, "loadPortfolio", Qt::QueuedConnection, Q_ARG(QString, portfolio),
                                  Q_ARG(QDate, QDate(2027, 2, 15)));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);

        // Before anything is filed: every obligation due within a year, none with a confirmation.
        const QString before = dir.filePath(QStringLiteral("before.ics"));
        requestExport(engine, before, 365);
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, 10000);
        QCOMPARE(resultAt(exported, 0).error, QString());
        QCOMPARE(resultAt(exported, 0).path, before);
        const int events = resultAt(exported, 0).events;
        QVERIFY(events > 0);
        QCOMPARE(resultAt(exported, 0).filings, events); // one event per filing unless grouped
        // The filings that need data before they have a due date are counted, not silently left out.
        QCOMPARE(resultAt(exported, 0).undatedFilings,
                 fd::undatedFilingCount(loaded.first().at(1).value<QList<fd::RowPlan>>()));

        QMetaObject::invokeMethod(engine, "admit", Qt::QueuedConnection, Q_ARG(int, -1));
        QTRY_COMPARE_WITH_TIMEOUT(admitted.size(), 1, 10000);
        QMetaObject::invokeMethod(engine, "launchBatch", Qt::QueuedConnection, Q_ARG(QStringList, {}),
                                  Q_ARG(QString, QStringLiteral("calendar export test")));
        QTRY_COMPARE_WITH_TIMEOUT(idle.size(), 1, 60000);

        const QString after = dir.filePath(QStringLiteral("after.ics"));
        requestExport(engine, after, 365);
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 2, 10000);
        QCOMPARE(resultAt(exported, 1).error, QString());
        QCOMPARE(resultAt(exported, 1).events, events);

        QString error;
        const QJsonObject first = fd::test::parseIcsWithPython(before, &error);
        QVERIFY2(!first.isEmpty(), qPrintable(error));
        const QJsonObject second = fd::test::parseIcsWithPython(after, &error);
        QVERIFY2(!second.isEmpty(), qPrintable(error));
        QCOMPARE(second.value(QLatin1String("errors")).toArray().size(), 0);

        QSet<QString> uidsBefore, uidsAfter;
        for (const QJsonValue &e : first.value(QLatin1String("events")).toArray()) {
            uidsBefore.insert(e[QLatin1String("uid")].toString());
            QVERIFY(e[QLatin1String("confirmation")].isNull());
        }
        int confirmed = 0, halted = 0;
        for (const QJsonValue &e : second.value(QLatin1String("events")).toArray()) {
            uidsAfter.insert(e[QLatin1String("uid")].toString());
            QVERIFY(e[QLatin1String("dtstart_is_date")].toBool());
            if (!e[QLatin1String("confirmation")].isNull())
                ++confirmed;
            if (e[QLatin1String("summary")].toString().startsWith(QLatin1String("[HALTED]")))
                ++halted;
        }
        // Re-exporting updates the same events (same UIDs), it never adds new ones.
        QCOMPARE(uidsAfter, uidsBefore);
        QCOMPARE(int(uidsAfter.size()), events);
        QVERIFY2(confirmed > 0, "completed filings must carry their confirmation number");
        QVERIFY2(halted > 0, "statutory halts must be marked, not shown as ordinary deadlines");
        QCOMPARE(confirmed + halted, events);

        // Grouped by day, with the console's reminder days: one event per due date and jurisdiction listing
        // the same filings, alarms on the given days while something of the day is unfiled.
        QSet<QString> days;
        for (const QJsonValue &e : second.value(QLatin1String("events")).toArray())
            days.insert(e[QLatin1String("dtstart")].toString() + QLatin1Char('|') +
                        e[QLatin1String("categories")].toArray().first().toString());
        const QString grouped = dir.filePath(QStringLiteral("grouped.ics"));
        requestExport(engine, grouped, 365, fd::IcsOptions{{14, 1}, true});
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 3, 10000);
        QCOMPARE(resultAt(exported, 2).error, QString());
        QCOMPARE(resultAt(exported, 2).filings, events);
        QCOMPARE(resultAt(exported, 2).events, int(days.size()));
        const QJsonObject third = fd::test::parseIcsWithPython(grouped, &error);
        QVERIFY2(!third.isEmpty(), qPrintable(error));
        QCOMPARE(third.value(QLatin1String("errors")).toArray().size(), 0);
        int listed = 0;
        for (const QJsonValue &e : third.value(QLatin1String("events")).toArray()) {
            QVERIFY(e[QLatin1String("uid")].toString().startsWith(QLatin1String("day-")));
            QVERIFY(e[QLatin1String("summary")].toString().contains(QStringLiteral(" due — ")));
            listed += e[QLatin1String("filings")].toString().toInt();
            const QJsonArray alarms = e[QLatin1String("alarms")].toArray();
            QVERIFY(alarms.isEmpty() || alarms == (QJsonArray{-14, -1}));
        }
        QCOMPARE(listed, events);
    }

    // The console at an as-of date after a due date: the filings admitted but not filed are overdue in the
    // views, and the export has them on their due date, marked overdue; a withdrawn one is left out and
    // counted with its reason, as the filings without a due date are.
    void exportsOverdueFilingsOnTheirDueDate() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        fd::EngineHost host;
        fd::Engine *engine = host.engine();
        QSignalSpy started(engine, &fd::Engine::started);
        QSignalSpy loaded(engine, &fd::Engine::portfolioLoaded);
        QSignalSpy admitted(engine, &fd::Engine::admitted);
        QSignalSpy exported(engine, &fd::Engine::calendarExported);
        fd::EngineConfig config;
        config.registries.defaultUrl = QUrl(QStringLiteral("http://127.0.0.1:9")); // nothing is sent
        config.dbPath = dir.filePath(QStringLiteral("audit.sqlite"));
        QMetaObject::invokeMethod(engine, "start", Qt::QueuedConnection, Q_ARG(fd::EngineConfig, config));
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, 10000);
        QVERIFY(started.first().at(0).toBool());

        const QString portfolio = dir.filePath(QStringLiteral("de.csv"));
        QFile f(portfolio);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,risk_"
                "tier,ein\n"
                "D1,Alpha Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "D2,Beta Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "D3,Gamma Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "D4,Delta Inc.,corporation,DE,2010-05-04,CSC,active,3,\n"
                "D5,Withdrawn Inc.,corporation,DE,2010-05-04,CSC,active,3,\n");
        f.close();
        QMetaObject::invokeMethod(engine, "loadPortfolio", Qt::QueuedConnection, Q_ARG(QString, portfolio),
                                  Q_ARG(QDate, QDate(2027, 2, 15)));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
        const QList<fd::RowPlan> plan = loaded.first().at(1).value<QList<fd::RowPlan>>();
        QCOMPARE(plan.size(), 5);
        QCOMPARE(plan.at(4).obligations.first().dueDate, QDate(2027, 3, 1));
        const QString withdrawnKey = plan.at(4).obligations.first().idempotencyKey();
        QMetaObject::invokeMethod(engine, "admit", Qt::QueuedConnection, Q_ARG(int, -1));
        QTRY_COMPARE_WITH_TIMEOUT(admitted.size(), 1, 10000);
        QCOMPARE(admitted.first().at(0).toInt(), 5);
        QSignalSpy changed(engine, &fd::Engine::tasksChanged);
        QMetaObject::invokeMethod(
            engine,
            [engine, withdrawnKey] {
                engine->withdraw({withdrawnKey}, QStringLiteral("filed by outside counsel"));
                engine->setAsOf(QDate(2027, 3, 2));
            },
            Qt::QueuedConnection);
        // The withdrawal is the engine's once it is written.
        const auto withdrawn = [&] {
            for (const QList<QVariant> &c : std::as_const(changed))
                for (const fd::FilingTask &t : c.first().value<QList<fd::FilingTask>>())
                    if (t.key == withdrawnKey && t.state == fd::ExecutionState::DeadLetter)
                        return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(withdrawn(), 10000);

        const QString path = dir.filePath(QStringLiteral("overdue.ics"));
        requestExport(engine, path, 365);
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, 10000);
        const fd::CalendarExportResult result = resultAt(exported, 0);
        QCOMPARE(result.error, QString());
        QCOMPARE(result.overdueFilings, 4);
        QCOMPARE(result.leftOut.withdrawnEarlier, 1);
        QCOMPARE(result.leftOut.filedEarlier, 0);
        QCOMPARE(result.leftOut.total(), 1);
        QCOMPARE(result.asOf, QDate(2027, 3, 2));
        QCOMPARE(result.filings, 4 + 5); // the four overdue 2027 filings, and 2028's five
        QString error;
        const QJsonObject parsed = fd::test::parseIcsWithPython(path, &error);
        QVERIFY2(!parsed.isEmpty(), qPrintable(error));
        QCOMPARE(parsed.value(QLatin1String("errors")).toArray().size(), 0);
        int overdue = 0;
        for (const QJsonValue &e : parsed.value(QLatin1String("events")).toArray()) {
            if (e[QLatin1String("dtstart")].toString() != QLatin1String("2027-03-01"))
                continue;
            ++overdue;
            QVERIFY2(e[QLatin1String("summary")].toString().startsWith(QLatin1String("[OVERDUE] US-DE ")),
                     qPrintable(e[QLatin1String("summary")].toString()));
            QVERIFY(!e[QLatin1String("summary")].toString().contains(QLatin1String("Withdrawn Inc.")));
            QVERIFY(e[QLatin1String("description")].toString().startsWith(
                QLatin1String("OVERDUE: not filed, 1 day late (due 2027-03-01, as of 2027-03-02).")));
            QCOMPARE(e[QLatin1String("alarms")].toArray().size(), 1);
        }
        QCOMPARE(overdue, 4);

        // Grouped: one March 1 event for the four, marked overdue.
        const QString grouped = dir.filePath(QStringLiteral("overdue-grouped.ics"));
        requestExport(engine, grouped, 365, fd::IcsOptions{{30, 1}, true});
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 2, 10000);
        QCOMPARE(resultAt(exported, 1).events, 2);
        const QJsonObject days = fd::test::parseIcsWithPython(grouped, &error);
        QVERIFY2(!days.isEmpty(), qPrintable(error));
        QCOMPARE(days.value(QLatin1String("events")).toArray().at(0)[QLatin1String("summary")].toString(),
                 QStringLiteral("[OVERDUE] 4 filings due — Delaware (US-DE)"));
    }

    void refusesWithoutPortfolioOrWritablePath() {
        QTemporaryDir dir;
        fd::EngineHost host;
        fd::Engine *engine = host.engine();
        QSignalSpy started(engine, &fd::Engine::started);
        QSignalSpy exported(engine, &fd::Engine::calendarExported);
        fd::EngineConfig config;
        config.registries.defaultUrl = QUrl(QStringLiteral("http://127.0.0.1:9"));
        config.dbPath = dir.filePath(QStringLiteral("audit.sqlite"));
        QMetaObject::invokeMethod(engine, "start", Qt::QueuedConnection, Q_ARG(fd::EngineConfig, config));
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, 10000);
        requestExport(engine, dir.filePath(QStringLiteral("x.ics")), 30);
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, 10000);
        QVERIFY(!resultAt(exported, 0).error.isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.ics"))));
    }
};

QTEST_GUILESS_MAIN(TestEngineCalendarExport)
#include "tst_engine_calendar_export.moc"
