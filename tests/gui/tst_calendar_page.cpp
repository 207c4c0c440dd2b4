// The Calendar view over the console's ObligationModel: the month grid's counts and colours by the worst
// filing of each day, the agenda sorted by due date with risk colours and symbols, the day filter and its way
// back, the filter bar, the filings whose date is unknown listed apart, opening an entity, and following the
// model's batches and as-of date. Its models run under QAbstractItemModelTester; the page is rendered to a
// PNG (FILINGDESK_BINARY_DIR/calendar_page.png) for a person to look at.
#include "engine/model/compliance.h"
#include "engine/rules/obligation_planner.h"
#include "ui/models/calendar_filing.h"
#include "ui/models/month_grid_model.h"
#include "ui/models/obligation_model.h"
#include "ui/proxies/calendar_list_proxy.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/widgets/calendar_export.h"
#include "ui/widgets/calendar_page.h"
#include "ui/widgets/task_filter_bar.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

#include <memory>
#include <optional>

using namespace fd;
using namespace fd::ui;

namespace {

const QDate kAsOf(2027, 2, 15);

Entity entity(const QString &id, const QString &name, const QString &jurisdiction, const QString &owner) {
    Entity e;
    e.entityId = id;
    e.name = name;
    e.type = EntityType::Corporation;
    e.jurisdiction = jurisdiction;
    e.owner = owner;
    e.riskTier = 3;
    return e;
}

RowPlan obligationRow(int line, const Entity &e, const QString &filingName, const QDate &due,
                      qint64 feeCents) {
    Obligation o;
    o.entity = e;
    o.jurisdiction = e.jurisdiction;
    o.ruleId = e.jurisdiction + QStringLiteral(".TEST.ANNUAL.2000");
    o.filingType = QStringLiteral("ANNUAL_REPORT");
    o.filingName = filingName;
    o.filingYear = due.year();
    o.dueDate = due;
    o.feeCents = feeCents;
    RowPlan row;
    row.file = QStringLiteral("calendar.csv");
    row.line = line;
    row.outcome = RowOutcome::Obligations;
    row.entity = e;
    row.obligations.append(o);
    return row;
}

FilingTask filed(const RowPlan &row) {
    FilingTask t;
    t.obligation = row.obligations.first();
    t.key = t.obligation.idempotencyKey();
    t.state = ExecutionState::Completed;
    t.confirmationNumber = QStringLiteral("CONF-") + row.entity->entityId;
    return t;
}

/// Overdue, due soon (two on one day, one of them filed), on track beside a filing filed early, a day with
/// only filed filings, a filing that needs a formation date beside its entity's dated one, a row whose
/// entity type is unknown, and a foreign row that owes nothing.
struct Portfolio {
    QList<RowPlan> plan;
    QList<FilingTask> filedTasks;
};

Portfolio portfolio() {
    Portfolio p;
    const RowPlan acme =
        obligationRow(2,
                      entity(QStringLiteral("E1"), QStringLiteral("Acme, Inc."), QStringLiteral("US-DE"),
                             QStringLiteral("alice")),
                      QStringLiteral("Annual Franchise Tax Report"), QDate(2027, 2, 10), 125000);
    const RowPlan beta = obligationRow(3,
                                       entity(QStringLiteral("E2"), QStringLiteral("Beta LLC"),
                                              QStringLiteral("US-DE"), QStringLiteral("bob")),
                                       QStringLiteral("Annual Report"), QDate(2027, 2, 20), 30000);
    const RowPlan zeta = obligationRow(4,
                                       entity(QStringLiteral("E3"), QStringLiteral("Zeta Corp"),
                                              QStringLiteral("US-DE"), QStringLiteral("bob")),
                                       QStringLiteral("Annual Report"), QDate(2027, 2, 20), 30000);
    RowPlan gamma = obligationRow(5,
                                  entity(QStringLiteral("E4"), QStringLiteral("Gamma Widgets Inc."),
                                         QStringLiteral("US-CA"), QStringLiteral("alice")),
                                  QStringLiteral("Corporation Franchise Tax"), QDate(2027, 3, 5), 80000);
    gamma.needs.append({QStringLiteral("US-CA.CORP.STATEMENT_OF_INFORMATION.2000"),
                        QStringLiteral("STATEMENT_OF_INFORMATION"),
                        QStringLiteral("Statement of Information"), QStringLiteral("formation_date"),
                        QStringLiteral("due relative to the formation date")});
    gamma.missing = {QStringLiteral("formation_date")};
    const RowPlan early = obligationRow(6,
                                        entity(QStringLiteral("E5"), QStringLiteral("Early Bird LLC"),
                                               QStringLiteral("US-CA"), QStringLiteral("carol")),
                                        QStringLiteral("Statement of Information"), QDate(2027, 3, 5), 2500);
    const RowPlan done = obligationRow(7,
                                       entity(QStringLiteral("E6"), QStringLiteral("Done Deal Corp"),
                                              QStringLiteral("US-NY"), QStringLiteral("carol")),
                                       QStringLiteral("Biennial Statement"), QDate(2027, 3, 12), 900);
    RowPlan unknownType;
    unknownType.file = QStringLiteral("calendar.csv");
    unknownType.line = 8;
    unknownType.outcome = RowOutcome::NeedsData;
    unknownType.entity = entity(QStringLiteral("E7"), QStringLiteral("Delta Holdings"),
                                QStringLiteral("US-NY"), QStringLiteral("bob"));
    unknownType.entity.edit().type = EntityType::Unknown;
    unknownType.missing = {QStringLiteral("entity_type")};
    unknownType.reason = QStringLiteral("entity type unknown");
    RowPlan foreign;
    foreign.file = QStringLiteral("calendar.csv");
    foreign.line = 9;
    foreign.outcome = RowOutcome::OutOfScope;
    foreign.entity =
        entity(QStringLiteral("F1"), QStringLiteral("Overseas GmbH"), QStringLiteral("DE"), QString());
    foreign.reason = QStringLiteral("foreign entity");
    p.plan = {acme, beta, zeta, gamma, early, done, unknownType, foreign};
    p.filedTasks = {filed(zeta), filed(early), filed(done)};
    return p;
}

QStringList column(const QAbstractItemModel *model, int column) {
    QStringList values;
    for (int row = 0; row < model->rowCount(); ++row)
        values << model->index(row, column).data().toString();
    return values;
}

QPoint centreOf(QTableView *view, const QModelIndex &index) {
    return view->visualRect(index).center();
}

} // namespace

class TestCalendarPage : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<ObligationModel> m_model;
    std::unique_ptr<CalendarPage> m_page;
    std::optional<QAbstractItemModelTester> m_gridTester;
    std::optional<QAbstractItemModelTester> m_agendaTester;
    std::optional<QAbstractItemModelTester> m_undatedTester;

    CalendarDay day(const QDate &date) const { return m_page->monthModel()->day(date); }

private Q_SLOTS:
    void initTestCase() {
        // US English: Sunday starts the week, "$1,250.00", "2/10/2027".
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void init() {
        m_model = std::make_unique<ObligationModel>();
        m_page = std::make_unique<CalendarPage>(m_model.get());
        m_gridTester.emplace(m_page->monthModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_agendaTester.emplace(m_page->agendaProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_undatedTester.emplace(m_page->undatedProxy(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Portfolio p = portfolio();
        m_model->setPlan(p.plan, kAsOf);
        m_model->applyTasks(p.filedTasks);
        m_page->resize(1400, 820);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
        m_page->refresh();
    }

    void cleanup() {
        m_gridTester.reset();
        m_agendaTester.reset();
        m_undatedTester.reset();
        m_page.reset();
        m_model.reset();
    }

    void widgetsAreNamed() {
        for (const char *name :
             {"calendarMonthGrid", "calendarAgenda", "calendarUndated", "calendarShowAll",
              "calendarPreviousMonth", "calendarNextMonth", "calendarTodayButton", "calendarMonthLabel",
              "calendarAgendaTitle", "calendarUndatedTitle", "calendarLegend", "calendarJurisdictionFilter",
              "calendarOwnerFilter", "calendarComplianceFilter", "calendarSearch"})
            QVERIFY2(m_page->findChild<QWidget *>(QString::fromLatin1(name)), name);
    }

    // The as-of month, today marked; each day counted and coloured by its most pressing filing.
    void gridCountsAndColoursDays() {
        MonthGridModel *grid = m_page->monthModel();
        QCOMPARE(m_page->shownMonth(), QDate(2027, 2, 1));
        QCOMPARE(m_page->findChild<QLabel *>(QStringLiteral("calendarMonthLabel"))->text(),
                 QStringLiteral("February 2027"));
        QCOMPARE(grid->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Sun"));
        QCOMPARE(grid->dateAt(grid->index(0, 0)), QDate(2027, 1, 31));
        QVERIFY(grid->indexOf(kAsOf).data(MonthGridModel::TodayRole).toBool());
        QVERIFY(!grid->indexOf(kAsOf.addDays(1)).data(MonthGridModel::TodayRole).toBool());

        struct Expected {
            QDate date;
            int count;
            CalendarTone worst;
        };
        const Expected expected[] = {
            {QDate(2027, 2, 10), 1, CalendarTone::Overdue}, // Acme, five days late
            {QDate(2027, 2, 20), 2, CalendarTone::DueSoon}, // Beta due in 5 days beside Zeta, filed
            {QDate(2027, 3, 5), 2, CalendarTone::Neutral},  // Gamma on track beside Early Bird, filed
            {QDate(2027, 3, 12), 1, CalendarTone::Filed},   // everything of the day filed
        };
        for (const Expected &e : expected) {
            const QModelIndex cell = grid->indexOf(e.date);
            QVERIFY2(cell.isValid(), qPrintable(e.date.toString(Qt::ISODate)));
            QCOMPARE(cell.data(MonthGridModel::CountRole).toInt(), e.count);
            QCOMPARE(static_cast<CalendarTone>(cell.data(MonthGridModel::ToneRole).toInt()), e.worst);
            const QColor colour = toneColour(e.worst);
            QCOMPARE(cell.data(Qt::BackgroundRole).value<QColor>(), colour);
            // The tooltip names the date and each filing, most pressing first.
            const QString tip = cell.data(Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(QLocale().toString(e.date, QLocale::LongFormat)), qPrintable(tip));
            QVERIFY2(tip.contains(QStringLiteral("%1 filing(s) due").arg(e.count)), qPrintable(tip));
        }
        QCOMPARE(toneColour(CalendarTone::Overdue), QColor(0xff, 0xcd, 0xd2));
        QCOMPARE(toneColour(CalendarTone::DueSoon), QColor(0xff, 0xe0, 0xb2));
        QCOMPARE(toneColour(CalendarTone::Filed), QColor(0xc8, 0xe6, 0xc9));
        QVERIFY(!toneColour(CalendarTone::Neutral).isValid());
        const QString tip = grid->indexOf(QDate(2027, 2, 20)).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.indexOf(QStringLiteral("Beta LLC")) < tip.indexOf(QStringLiteral("Zeta Corp")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("! Beta LLC — Annual Report, Delaware (US-DE): Due")),
                 qPrintable(tip));
        // A day without filings has no colour, no count and no tooltip.
        const QModelIndex empty = grid->indexOf(QDate(2027, 2, 11));
        QCOMPARE(empty.data(MonthGridModel::CountRole).toInt(), 0);
        QVERIFY(!empty.data(Qt::BackgroundRole).isValid());
        QVERIFY(!empty.data(Qt::ToolTipRole).isValid());
        // Undated filings are on no day.
        int counted = 0;
        for (int r = 0; r < grid->rowCount(); ++r)
            for (int c = 0; c < grid->columnCount(); ++c)
                counted += grid->index(r, c).data(MonthGridModel::CountRole).toInt();
        QCOMPARE(counted, 6);
    }

    // Every dated filing by due date (then entity), the risk in colour and in words, amounts in dollars.
    void agendaListsFilingsByDueDate() {
        const CalendarListProxy *agenda = m_page->agendaProxy();
        QCOMPARE(column(agenda, ObligationModel::EntityColumn),
                 (QStringList{QStringLiteral("Acme, Inc."), QStringLiteral("Beta LLC"),
                              QStringLiteral("Zeta Corp"), QStringLiteral("Early Bird LLC"),
                              QStringLiteral("Gamma Widgets Inc."), QStringLiteral("Done Deal Corp")}));
        QCOMPARE(agenda->index(0, ObligationModel::JurisdictionColumn).data().toString(),
                 QStringLiteral("Delaware (US-DE)"));
        QCOMPARE(agenda->index(0, ObligationModel::DueDateColumn).data().toString(),
                 QStringLiteral("2/10/2027"));
        QCOMPARE(agenda->index(0, ObligationModel::FeeColumn).data().toString(), QStringLiteral("$1,250.00"));
        QCOMPARE(agenda->index(0, ObligationModel::ComplianceColumn).data().toString(),
                 QStringLiteral("!! Overdue by 5 day(s)"));
        QCOMPARE(agenda->index(1, ObligationModel::ComplianceColumn).data().toString(),
                 QStringLiteral("! Due in 5 day(s)"));
        QCOMPARE(agenda->index(2, ObligationModel::ComplianceColumn).data().toString(),
                 QStringLiteral("\u2713 Filed"));
        QCOMPARE(agenda->index(4, ObligationModel::ComplianceColumn).data().toString(),
                 QStringLiteral("\u00b7 Due"));
        // The whole row carries the colour.
        for (int c : {int(ObligationModel::EntityColumn), int(ObligationModel::FeeColumn)}) {
            QCOMPARE(agenda->index(0, c).data(Qt::BackgroundRole).value<QColor>(),
                     toneColour(CalendarTone::Overdue));
            QCOMPARE(agenda->index(1, c).data(Qt::BackgroundRole).value<QColor>(),
                     toneColour(CalendarTone::DueSoon));
        }
        QVERIFY(!agenda->index(4, 0).data(Qt::BackgroundRole).isValid());
        // Only the agenda's columns are shown.
        QTableView *view = m_page->agenda();
        QVERIFY(!view->isColumnHidden(ObligationModel::FeeColumn));
        QVERIFY(view->isColumnHidden(ObligationModel::UrgencyColumn));
        QVERIFY(view->isColumnHidden(ObligationModel::KeyColumn));
        QVERIFY(m_page->findChild<QLabel *>(QStringLiteral("calendarAgendaTitle"))
                    ->text()
                    .contains(QStringLiteral("6")));
    }

    // Choosing a day lists its filings; "Show all days" goes back.
    void selectingADayFiltersTheAgenda() {
        QSignalSpy dayChanged(m_page.get(), &CalendarPage::dayChanged);
        QTableView *grid = m_page->monthGrid();
        const QModelIndex cell = m_page->monthModel()->indexOf(QDate(2027, 2, 20));
        QTest::mouseClick(grid->viewport(), Qt::LeftButton, {}, centreOf(grid, cell));
        QCOMPARE(m_page->selectedDay(), QDate(2027, 2, 20));
        QCOMPARE(dayChanged.count(), 1);
        QCOMPARE(column(m_page->agendaProxy(), ObligationModel::EntityColumn),
                 (QStringList{QStringLiteral("Beta LLC"), QStringLiteral("Zeta Corp")}));
        auto *title = m_page->findChild<QLabel *>(QStringLiteral("calendarAgendaTitle"));
        QVERIFY2(title->text().contains(QStringLiteral("Saturday, February 20, 2027")),
                 qPrintable(title->text()));
        auto *showAll = m_page->findChild<QPushButton *>(QStringLiteral("calendarShowAll"));
        QVERIFY(showAll->isEnabled());

        // Keyboard: the day before (nothing due) lists nothing.
        QTest::keyClick(grid, Qt::Key_Left);
        QCOMPARE(m_page->selectedDay(), QDate(2027, 2, 19));
        QCOMPARE(m_page->agendaProxy()->rowCount(), 0);

        QTest::mouseClick(showAll, Qt::LeftButton);
        QVERIFY(!m_page->selectedDay().isValid());
        QCOMPARE(m_page->agendaProxy()->rowCount(), 6);
        QVERIFY(!showAll->isEnabled());
        QVERIFY(grid->selectionModel()->selectedIndexes().isEmpty());

        // A day of the next month shown in the grid: its month comes up, the day selected.
        m_page->showDay(QDate(2027, 3, 12));
        QCOMPARE(m_page->shownMonth(), QDate(2027, 3, 1));
        QCOMPARE(grid->selectionModel()->selectedIndexes().value(0),
                 m_page->monthModel()->indexOf(QDate(2027, 3, 12)));
        QCOMPARE(column(m_page->agendaProxy(), ObligationModel::EntityColumn),
                 QStringList{QStringLiteral("Done Deal Corp")});
    }

    void monthNavigation() {
        auto *next = m_page->findChild<QToolButton *>(QStringLiteral("calendarNextMonth"));
        auto *previous = m_page->findChild<QToolButton *>(QStringLiteral("calendarPreviousMonth"));
        auto *today = m_page->findChild<QPushButton *>(QStringLiteral("calendarTodayButton"));
        m_page->showDay(QDate(2027, 2, 10));
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(m_page->shownMonth(), QDate(2027, 3, 1));
        QVERIFY(!m_page->selectedDay().isValid()); // another month: every day listed again
        QCOMPARE(m_page->findChild<QLabel *>(QStringLiteral("calendarMonthLabel"))->text(),
                 QStringLiteral("March 2027"));
        QCOMPARE(m_page->monthModel()->indexOf(QDate(2027, 3, 12)).data(MonthGridModel::CountRole).toInt(),
                 1);
        QTest::mouseClick(previous, Qt::LeftButton);
        QTest::mouseClick(previous, Qt::LeftButton);
        QCOMPARE(m_page->shownMonth(), QDate(2027, 1, 1));
        QTest::mouseClick(today, Qt::LeftButton);
        QCOMPARE(m_page->shownMonth(), QDate(2027, 2, 1));
    }

    // The filter bar applies to the grid and both lists.
    void filtersApplyEverywhere() {
        TaskFilterBar *bar = m_page->filterBar();
        QComboBox *jurisdiction = bar->jurisdictionCombo();
        QVERIFY(jurisdiction->findData(QStringLiteral("US-CA")) > 0);
        jurisdiction->setCurrentIndex(jurisdiction->findData(QStringLiteral("US-CA")));
        m_page->refresh();
        QCOMPARE(column(m_page->agendaProxy(), ObligationModel::EntityColumn),
                 (QStringList{QStringLiteral("Early Bird LLC"), QStringLiteral("Gamma Widgets Inc.")}));
        QCOMPARE(column(m_page->undatedProxy(), ObligationModel::EntityColumn),
                 QStringList{QStringLiteral("Gamma Widgets Inc.")});
        QCOMPARE(day(QDate(2027, 2, 10)).count, 0);
        QCOMPARE(day(QDate(2027, 3, 5)).count, 2);
        QCOMPARE(m_page->findChild<QLabel *>(QStringLiteral("calendarUndatedTitle"))->text(),
                 QStringLiteral("Date unknown (1)"));
        jurisdiction->setCurrentIndex(0);

        QComboBox *owner = bar->ownerCombo();
        QVERIFY(owner->findData(QStringLiteral("alice")) > 0);
        owner->setCurrentIndex(owner->findData(QStringLiteral("alice")));
        QCOMPARE(column(m_page->agendaProxy(), ObligationModel::EntityColumn),
                 (QStringList{QStringLiteral("Acme, Inc."), QStringLiteral("Gamma Widgets Inc.")}));
        owner->setCurrentIndex(0);

        QComboBox *status = bar->complianceCombo();
        status->setCurrentIndex(status->findText(complianceLabel(Compliance::Overdue)));
        m_page->refresh();
        QCOMPARE(column(m_page->agendaProxy(), ObligationModel::EntityColumn),
                 QStringList{QStringLiteral("Acme, Inc.")});
        QCOMPARE(m_page->undatedProxy()->rowCount(), 0);
        QCOMPARE(day(QDate(2027, 2, 20)).count, 0);
        status->setCurrentIndex(0);

        bar->searchEdit()->setText(QStringLiteral("zeta"));
        m_page->refresh();
        QCOMPARE(column(m_page->agendaProxy(), ObligationModel::EntityColumn),
                 QStringList{QStringLiteral("Zeta Corp")});
        // Beta is filtered out: the day is now all filed.
        QCOMPARE(day(QDate(2027, 2, 20)).count, 1);
        QCOMPARE(day(QDate(2027, 2, 20)).worst, CalendarTone::Filed);
        bar->searchEdit()->clear();
    }

    // Filings whose due date is unknown are listed apart and counted, never dropped.
    void undatedFilingsAreListedApart() {
        const CalendarListProxy *undated = m_page->undatedProxy();
        QCOMPARE(column(undated, ObligationModel::EntityColumn),
                 (QStringList{QStringLiteral("Delta Holdings"), QStringLiteral("Gamma Widgets Inc.")}));
        QCOMPARE(m_page->findChild<QLabel *>(QStringLiteral("calendarUndatedTitle"))->text(),
                 QStringLiteral("Date unknown (2)"));
        QCOMPARE(undated->index(1, ObligationModel::FilingTypeColumn).data().toString(),
                 QStringLiteral("Statement of Information"));
        QVERIFY(undated->index(1, ObligationModel::ComplianceColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("? Needs data")));
        QCOMPARE(undated->index(0, 0).data(Qt::BackgroundRole).value<QColor>(),
                 toneColour(CalendarTone::NeedsData));
        // Every filing is in exactly one list; the foreign row owes nothing and is in neither.
        QCOMPARE(m_page->agendaProxy()->rowCount() + undated->rowCount(), m_model->rowCount() - 1);
    }

    void openingAFilingRequestsItsEntity() {
        QSignalSpy requested(m_page.get(), &CalendarPage::entityRequested);
        QTableView *agenda = m_page->agenda();
        const QModelIndex first = m_page->agendaProxy()->index(0, ObligationModel::EntityColumn);
        // QTest's double click needs the press of a first click on the item view, as a person's has.
        QTest::mouseClick(agenda->viewport(), Qt::LeftButton, {}, centreOf(agenda, first));
        QCOMPARE(requested.count(), 0); // a single click only selects
        QTest::mouseDClick(agenda->viewport(), Qt::LeftButton, {}, centreOf(agenda, first));
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.first().at(0).toString(), QStringLiteral("E1"));

        QTableView *undated = m_page->undatedList();
        undated->setFocus();
        undated->setCurrentIndex(m_page->undatedProxy()->index(0, ObligationModel::EntityColumn));
        QTest::keyClick(undated, Qt::Key_Return);
        QCOMPARE(requested.count(), 2);
        QCOMPARE(requested.at(1).at(0).toString(), QStringLiteral("E7"));
    }

    // The engine's batches and a new as-of date reach the grid.
    void followsModelChangesAndAsOf() {
        FilingTask beta;
        beta.obligation = portfolio().plan.at(1).obligations.first();
        beta.key = beta.obligation.idempotencyKey();
        beta.state = ExecutionState::Completed;
        beta.confirmationNumber = QStringLiteral("DE-1");
        m_model->applyTasks({beta});
        QTRY_COMPARE(day(QDate(2027, 2, 20)).worst, CalendarTone::Filed);

        m_model->setPlan(portfolio().plan, QDate(2027, 3, 10));
        QTRY_COMPARE(m_page->shownMonth(), QDate(2027, 3, 1));
        QCOMPARE(m_page->monthModel()->today(), QDate(2027, 3, 10));
        QVERIFY(m_page->monthModel()->indexOf(QDate(2027, 3, 10)).data(MonthGridModel::TodayRole).toBool());
        // Gamma's March 5 franchise tax is now overdue; what the engine reported filed stays filed.
        QTRY_COMPARE(day(QDate(2027, 3, 5)).worst, CalendarTone::Overdue);
        QCOMPARE(day(QDate(2027, 3, 12)).worst, CalendarTone::Filed);
    }

    // File > Export calendar's message: what was written, and the filings not in the file for want of a date.
    void exportMessageCountsUndatedFilings() {
        CalendarExportResult result;
        result.path = QStringLiteral("/tmp/deadlines.ics");
        result.events = 412;
        result.filings = 412;
        result.undatedFilings = 7;
        QString text = calendarExportMessage(result);
        QVERIFY2(text.startsWith(QStringLiteral("412 event(s) written to ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(
                     "7 filing(s) have no due date yet and are not in the calendar (they need data).")),
                 qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("one event per day")));
        result.events = 120;
        result.undatedFilings = 0;
        text = calendarExportMessage(result);
        QVERIFY2(
            text.contains(QStringLiteral("They list 412 filing(s): one event per day and jurisdiction.")),
            qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("no due date")));
    }

    // For a person: the page as the console shows it.
    void rendersToPng() {
        m_page->showDay(QDate(2027, 2, 20));
        m_page->showAll();
        m_page->refresh();
        QCoreApplication::processEvents();
        const QImage image = m_page->grab().toImage();
        QVERIFY(!image.isNull());
        const QString dir = qEnvironmentVariable("FILINGDESK_BINARY_DIR", QDir::tempPath());
        const QString path = QDir(dir).filePath(QStringLiteral("calendar_page.png"));
        QVERIFY(image.save(path));
        qInfo("rendered to %s", qPrintable(path));
        // The overdue day's cell is painted red.
        QTableView *grid = m_page->monthGrid();
        const QRect cell = grid->visualRect(m_page->monthModel()->indexOf(QDate(2027, 2, 10)));
        const QPoint inCell = grid->viewport()->mapTo(
            m_page.get(), cell.topLeft() + QPoint(cell.width() / 2, cell.height() / 2));
        QCOMPARE(QColor(image.pixel(inCell)), toneColour(CalendarTone::Overdue));
    }
};

QTEST_MAIN(TestCalendarPage)
#include "tst_calendar_page.moc"
