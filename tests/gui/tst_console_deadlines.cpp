// What a legal-ops person sees before and around a deadline, by objectName: the practice/live badge and the
// live confirmation that repeats the total; the as-of date re-planning at once; "My filings"; reminders at
// 30/14/7/1 days, at most once a day per filing, and the "Due soon" count in the status bar.
#include "engine/core/engine.h"
#include "support/sandbox_process.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"
#include "ui/session/console_options.h"
#include "ui/session/deadline_reminders.h"
#include "ui/session/registry_mode.h"
#include "ui/settings/console_settings.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/reason_provider.h"
#include "ui/widgets/report_export.h"
#include "ui/widgets/task_filter_bar.h"

#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDateEdit>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QListWidget>
#include <QtWidgets/QMenuBar>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTabBar>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QTableView>
#include <QtWidgets/QToolButton>

using namespace fd;
using namespace fd::ui;

namespace {

constexpr int kLong = 30000;
// Delaware's annual franchise tax report is due March 1 (8 Del. C. § 502): 7 days after this as-of date.
const QDate kAsOf(2027, 2, 22);

class ScriptedReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        prompts.append(request.question);
        return QStringLiteral("test reason");
    }
    bool confirm(QWidget *, const QString &title, const QString &question) override {
        confirmations.append(title + QLatin1Char('|') + question);
        return answer;
    }
    QStringList prompts;
    QStringList confirmations;
    bool answer = false;
};

// The rows of a CSV report without quoted cells (the tests' names and codes have no commas): header -> cell.
QList<QHash<QString, QString>> csvRows(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines =
        QString::fromUtf8(f.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QList<QHash<QString, QString>> rows;
    if (lines.isEmpty())
        return rows;
    const QStringList header = lines.first().split(QLatin1Char(','));
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines.at(i).split(QLatin1Char(','));
        QHash<QString, QString> row;
        for (qsizetype c = 0; c < header.size(); ++c)
            row.insert(header.at(c), cells.value(c));
        rows.append(row);
    }
    return rows;
}

// Ticks exactly the jurisdictions `codes` in the report dialog's list (its "all" box unticked).
void pickJurisdictions(QDialog *dialog, const QStringList &codes) {
    dialog->findChild<QCheckBox *>(QStringLiteral("reportAllJurisdictionsCheck"))->setChecked(false);
    auto *list = dialog->findChild<QListWidget *>(QStringLiteral("reportJurisdictionList"));
    for (int i = 0; i < list->count(); ++i)
        list->item(i)->setCheckState(
            codes.contains(list->item(i)->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
}

QPushButton *writeButton(QDialog *dialog) {
    return dialog->findChild<QDialogButtonBox *>(QStringLiteral("reportButtons"))
        ->button(QDialogButtonBox::Ok);
}

} // namespace

class TestConsoleDeadlines : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<test::SandboxProcess> m_sandbox;
    QString m_portfolio;

    std::unique_ptr<MainWindow> openWindow(const QString &name, bool markPractice,
                                           ScriptedReasons **reasons) {
        ConsoleOptions options;
        options.registryUrl = m_sandbox->baseUrl(); // not started by the console: live unless marked
        options.dbPath = m_dir.filePath(name + QStringLiteral(".sqlite"));
        options.settingsPath = m_dir.filePath(name + QStringLiteral(".ini"));
        options.useKeychain = false;
        options.asOf = kAsOf;
        {
            ConsoleSettings saved(options.settingsPath);
            saved.setOwnerName(QStringLiteral("Ana Diaz"));
            if (markPractice)
                saved.setPracticeRegistries({m_sandbox->baseUrl().toString() + QLatin1Char('/')});
            saved.sync();
        }
        auto window = std::make_unique<MainWindow>(options);
        auto provider = std::make_unique<ScriptedReasons>();
        *reasons = provider.get();
        window->setReasonProvider(std::move(provider));
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return nullptr;
        return window;
    }
    static QStringList pendingKeys(MainWindow *window) {
        QStringList keys;
        ObligationModel *m = window->obligationModel();
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->rowAt(r).kind == ObligationRow::Kind::Task &&
                m->rowAt(r).task.state == ExecutionState::Pending)
                keys << m->rowAt(r).key;
        }
        return keys;
    }
    /// The row of the entity's admitted task (its 2027 report), not of a later period planned beside it.
    static int rowOfEntity(MainWindow *window, const QString &entityId) {
        ObligationModel *m = window->obligationModel();
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->rowAt(r).task.obligation.entity->entityId == entityId &&
                m->rowAt(r).kind == ObligationRow::Kind::Task)
                return r;
        }
        return -1;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_sandbox = std::make_unique<test::SandboxProcess>(
            QStringList{QStringLiteral("--latency-ms"), QStringLiteral("0:5")});
        QVERIFY2(m_sandbox->start(), qPrintable(m_sandbox->errorString()));
        m_portfolio = m_dir.filePath(QStringLiteral("portfolio.csv"));
        QFile f(m_portfolio);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                "registered_agent_status,owner,status,risk_tier\n"
                "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,CSC,active,Ana Diaz,active,2\n"
                "DE2,Delaware Paper Inc.,corporation,Delaware,2011-06-01,CSC,active,Bo Lee,active,2\n"
                "DE3,Delaware Fine Inc.,corporation,Delaware,2012-07-01,CSC,active,ana diaz,active,2\n");
        f.close();
    }

    void registryMode_data() {
        QTest::addColumn<QString>("defaultUrl");
        QTest::addColumn<QString>("delawareUrl");
        QTest::addColumn<QString>("sandboxUrl");
        QTest::addColumn<QStringList>("practice");
        QTest::addColumn<int>("kind");
        const int none = int(RegistryMode::Kind::None);
        const int practice = int(RegistryMode::Kind::Practice);
        const int live = int(RegistryMode::Kind::Live);
        QTest::newRow("nothing configured") << QString() << QString() << QString() << QStringList() << none;
        QTest::newRow("the sandbox this console started")
            << "http://127.0.0.1:4100" << QString() << "http://127.0.0.1:4100" << QStringList() << practice;
        QTest::newRow("an unknown portal is live")
            << "https://portal.example.gov/api" << QString() << QString() << QStringList() << live;
        QTest::newRow("marked practice, written with a slash and the default port")
            << "https://test.example.gov/api" << QString() << QString()
            << QStringList{QStringLiteral("https://TEST.example.gov:443/api/")} << practice;
        QTest::newRow("one jurisdiction live makes the session live")
            << "http://127.0.0.1:4100"
            << "https://corp.delaware.example/api"
            << "http://127.0.0.1:4100" << QStringList() << live;
        QTest::newRow("another path of a practice host is live")
            << "https://test.example.gov/live" << QString() << QString()
            << QStringList{QStringLiteral("https://test.example.gov/api")} << live;
    }
    void registryMode() {
        QFETCH(QString, defaultUrl);
        QFETCH(QString, delawareUrl);
        QFETCH(QString, sandboxUrl);
        QFETCH(QStringList, practice);
        QFETCH(int, kind);
        EngineConfig config;
        config.registries.defaultUrl = QUrl(defaultUrl);
        if (!delawareUrl.isEmpty())
            config.registries.byJurisdiction.insert(QStringLiteral("US-DE"), QUrl(delawareUrl));
        const RegistryMode mode = registryModeOf(config, QUrl(sandboxUrl), practice);
        QCOMPARE(int(mode.kind), kind);
        QCOMPARE(mode.isLive(), !mode.live.isEmpty());
    }

    void liveRegistryAsksAgainWithTheTotal() {
        ScriptedReasons *reasons = nullptr;
        auto window = openWindow(QStringLiteral("live"), false, &reasons);
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), kLong);
        QVERIFY(window->registryMode().isLive());
        QVERIFY2(window->windowTitle().startsWith(QLatin1String("[LIVE] FilingDesk")),
                 qPrintable(window->windowTitle()));
        auto *badge = window->findChild<QLabel *>(QStringLiteral("modeBadge"));
        QVERIFY(badge);
        QCOMPARE(badge->text(), QStringLiteral("LIVE"));
        QVERIFY(badge->toolTip().contains(m_sandbox->baseUrl().toString()));

        window->loadPortfolio(m_portfolio);
        QTRY_COMPARE_WITH_TIMEOUT(pendingKeys(window.get()).size(), 3, kLong);
        // Declined: nothing is sent.
        reasons->answer = false;
        QVERIFY(!window->operatorActions()->launch(pendingKeys(window.get()), QStringLiteral("all three"),
                                                   QString(),
                                                   QStringLiteral("3 filings, $1,200.00 in fees")));
        QCOMPARE(reasons->confirmations.size(), 1);
        QVERIFY2(reasons->confirmations.first().contains(QLatin1String("LIVE")),
                 qPrintable(reasons->confirmations.first()));
        QVERIFY2(reasons->confirmations.first().contains(QLatin1String("3 filings, $1,200.00 in fees")),
                 qPrintable(reasons->confirmations.first()));
        QVERIFY(reasons->prompts.last().contains(QLatin1String("LIVE registry")));
        // Sending again is sending: Try again and Resolve and requeue are asked a second time too.
        QVERIFY(!window->operatorActions()->replay(pendingKeys(window.get()), QStringLiteral("all three")));
        QCOMPARE(reasons->confirmations.size(), 2);
        QVERIFY2(reasons->confirmations.last().contains(QLatin1String("LIVE registry")),
                 qPrintable(reasons->confirmations.last()));
        QVERIFY(!window->operatorActions()->resolve(pendingKeys(window.get()), true));
        QCOMPARE(reasons->confirmations.size(), 3);
        reasons->confirmations.remove(1, 2);
        QTest::qWait(500);
        QCOMPARE(pendingKeys(window.get()).size(), 3);
        // The console's own launch repeats the total it computed, in dollars.
        reasons->answer = true;
        window->findChild<QTableView *>(QStringLiteral("obligationsTable"))->selectAll();
        window->launchSelection();
        QCOMPARE(reasons->confirmations.size(), 2);
        QVERIFY2(reasons->confirmations.last().contains(
                     QRegularExpression(QStringLiteral(R"(3 filing(s|\(s\)), \$[0-9,]+\.[0-9]{2} in fees)"))),
                 qPrintable(reasons->confirmations.last()));
        QTRY_COMPARE_WITH_TIMEOUT(pendingKeys(window.get()).size(), 0, kLong);
        ObligationModel *m = window->obligationModel();
        QTRY_VERIFY_WITH_TIMEOUT(
            [m] {
                for (int r = 0; r < m->rowCount(); ++r) {
                    if (m->rowAt(r).kind == ObligationRow::Kind::Task &&
                        m->rowAt(r).task.confirmationNumber.isEmpty())
                        return false;
                }
                return true;
            }(),
            kLong);

        // Reports > Filings report, from the desk's database beside the running engine: PDF and CSV.
        QSignalSpy written(window->reportExport(), &ReportExport::finished);
        const QString pdf = m_dir.filePath(QStringLiteral("filings.pdf"));
        window->reportExport()->writeFilings(pdf, kAsOf);
        QTRY_COMPARE_WITH_TIMEOUT(written.size(), 1, kLong);
        QVERIFY2(written.first().at(1).toString().isEmpty(), qPrintable(written.first().at(1).toString()));
        QProcess pdftotext;
        pdftotext.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(pdftotext.waitForFinished(30000));
        const QString text = QString::fromUtf8(pdftotext.readAllStandardOutput());
        // A name may wrap in its column: its first words stay on one line.
        for (const char *name : {"Delaware Holdings", "Delaware Paper", "Delaware Fine"})
            QVERIFY2(text.contains(QLatin1String(name)), qPrintable(text));
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->rowAt(r).kind == ObligationRow::Kind::Task)
                QVERIFY2(text.contains(m->rowAt(r).task.confirmationNumber), qPrintable(text));
        }
        const QString csv = m_dir.filePath(QStringLiteral("status.csv"));
        window->reportExport()->writeStatus(csv, kAsOf);
        QTRY_COMPARE_WITH_TIMEOUT(written.size(), 2, kLong);
        QVERIFY2(written.last().at(1).toString().isEmpty(), qPrintable(written.last().at(1).toString()));
        QFile status(csv);
        QVERIFY(status.open(QIODevice::ReadOnly));
        QVERIFY(status.readAll().startsWith("section,jurisdiction,filed,"));
        window->close();
    }

    void reportsMenuAsksWhatToReport() {
        // Reports > Filings report asks, before saving, for what `filingdesk report filings` takes on its
        // command line: statuses as of, the due dates' period, jurisdictions, batch; the status report for
        // its date and jurisdictions.
        const QString portfolio = m_dir.filePath(QStringLiteral("three-states.csv"));
        {
            QFile f(portfolio);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                    "registered_agent_status,owner,status,risk_tier\n"
                    "RD1,Report Delaware Inc.,corporation,Delaware,2010-05-04,CSC,active,Ana Diaz,active,2\n"
                    "RF1,Report Florida Inc.,corporation,Florida,2012-02-01,CSC,active,Ana Diaz,active,2\n"
                    "RN1,Report Nevada LLC,llc,Nevada,,CSC,active,Ana Diaz,active,2\n");
        }
        ScriptedReasons *reasons = nullptr;
        auto window = openWindow(QStringLiteral("reports"), true, &reasons);
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), kLong);
        window->loadPortfolio(portfolio);
        QTRY_COMPARE_WITH_TIMEOUT(pendingKeys(window.get()).size(), 2, kLong);
        // Delaware's report is launched and filed; Florida's stays pending; Nevada's needs a formation date.
        ObligationModel *m = window->obligationModel();
        const QString delawareKey = m->rowAt(rowOfEntity(window.get(), QStringLiteral("RD1"))).key;
        reasons->answer = true;
        QVERIFY(window->operatorActions()->launch({delawareKey}, QStringLiteral("Delaware only")));
        QTRY_VERIFY_WITH_TIMEOUT(!m->rowAt(m->rowOfKey(delawareKey)).task.confirmationNumber.isEmpty(),
                                 kLong);
        const QString batch = m->rowAt(m->rowOfKey(delawareKey)).task.batchId;
        QVERIFY(!batch.isEmpty());

        QSignalSpy written(window->reportExport(), &ReportExport::finished);
        auto *filingAction = window->findChild<QAction *>(QStringLiteral("filingReportAction"));
        QVERIFY(filingAction);
        filingAction->trigger();
        QTRY_VERIFY(window->reportExport()->dialog());
        QDialog *dialog = window->reportExport()->dialog();
        QCOMPARE(dialog->objectName(), QStringLiteral("filingReportDialog"));
        QCOMPARE(dialog->findChild<QDateEdit *>(QStringLiteral("reportAsOfEdit"))->date(), kAsOf);
        // The session's jurisdictions and batches to pick from.
        auto *list = dialog->findChild<QListWidget *>(QStringLiteral("reportJurisdictionList"));
        QVERIFY(list);
        QStringList offered;
        for (int i = 0; i < list->count(); ++i)
            offered.append(list->item(i)->data(Qt::UserRole).toString());
        QCOMPARE(offered,
                 (QStringList{QStringLiteral("US-DE"), QStringLiteral("US-FL"), QStringLiteral("US-NV")}));
        auto *batches = dialog->findChild<QComboBox *>(QStringLiteral("reportBatchCombo"));
        QVERIFY(batches);
        QVERIFY(batches->findData(batch) > 0);
        QVERIFY(batches->itemData(0).toString().isEmpty()); // every batch
        // Delaware, that batch, as CSV.
        pickJurisdictions(dialog, {QStringLiteral("US-DE")});
        batches->setCurrentIndex(batches->findData(batch));
        const QString delawareCsv = m_dir.filePath(QStringLiteral("delaware-batch.csv"));
        dialog->findChild<QLineEdit *>(QStringLiteral("reportPathEdit"))->setText(delawareCsv);
        QVERIFY2(writeButton(dialog)->isEnabled(),
                 qPrintable(dialog->findChild<QLabel *>(QStringLiteral("reportProblemLabel"))->text()));
        writeButton(dialog)->click();
        QTRY_COMPARE_WITH_TIMEOUT(written.size(), 1, kLong);
        QVERIFY2(written.last().at(1).toString().isEmpty(), qPrintable(written.last().at(1).toString()));
        QCOMPARE(written.last().at(0).toString(), delawareCsv);
        auto rows = csvRows(delawareCsv);
        QCOMPARE(rows.size(), qsizetype(1));
        QCOMPARE(rows.first().value(QStringLiteral("entity_id")), QStringLiteral("RD1"));
        QCOMPARE(rows.first().value(QStringLiteral("batch")), batch);
        // The console says where it went, without holding the window.
        QTRY_VERIFY(window->findChild<QMessageBox *>(QStringLiteral("reportWrittenMessage")));
        window->findChild<QMessageBox *>(QStringLiteral("reportWrittenMessage"))->close();
        QTRY_VERIFY(!window->reportExport()->dialog());

        // Florida and Nevada, due by April 30, 2027, any batch: Florida's May 1 report is outside the period;
        // Nevada's filings have no due date until a person gives the formation date, and are listed as such.
        filingAction->trigger();
        QTRY_VERIFY(window->reportExport()->dialog());
        dialog = window->reportExport()->dialog();
        pickJurisdictions(dialog, {QStringLiteral("US-FL"), QStringLiteral("US-NV")});
        auto *fromCheck = dialog->findChild<QCheckBox *>(QStringLiteral("reportFromCheck"));
        auto *toCheck = dialog->findChild<QCheckBox *>(QStringLiteral("reportToCheck"));
        auto *from = dialog->findChild<QDateEdit *>(QStringLiteral("reportFromEdit"));
        auto *to = dialog->findChild<QDateEdit *>(QStringLiteral("reportToEdit"));
        QVERIFY(fromCheck && toCheck && from && to);
        QVERIFY(!from->isEnabled()); // open ends until ticked
        fromCheck->setChecked(true);
        toCheck->setChecked(true);
        from->setDate(QDate(2027, 5, 1));
        to->setDate(QDate(2027, 4, 30));
        // A period that ends before it starts cannot be written; the dialog says why.
        auto *problem = dialog->findChild<QLabel *>(QStringLiteral("reportProblemLabel"));
        QVERIFY(!writeButton(dialog)->isEnabled());
        QVERIFY2(problem->isVisible() && problem->text().contains(QStringLiteral("starts after it ends")),
                 qPrintable(problem->text()));
        from->setDate(QDate(2027, 1, 1));
        const QString periodCsv = m_dir.filePath(QStringLiteral("florida-nevada.csv"));
        dialog->findChild<QLineEdit *>(QStringLiteral("reportPathEdit"))->setText(periodCsv);
        QVERIFY2(writeButton(dialog)->isEnabled(), qPrintable(problem->text()));
        writeButton(dialog)->click();
        QTRY_COMPARE_WITH_TIMEOUT(written.size(), 2, kLong);
        QVERIFY2(written.last().at(1).toString().isEmpty(), qPrintable(written.last().at(1).toString()));
        rows = csvRows(periodCsv);
        QVERIFY(!rows.isEmpty());
        for (const auto &row : std::as_const(rows)) {
            QCOMPARE(row.value(QStringLiteral("entity_id")), QStringLiteral("RN1"));
            QCOMPARE(row.value(QStringLiteral("status")), QStringLiteral("needs_data"));
            QCOMPARE(row.value(QStringLiteral("missing_data")), QStringLiteral("formation_date"));
        }
        QTRY_VERIFY(window->findChild<QMessageBox *>(QStringLiteral("reportWrittenMessage")));
        window->findChild<QMessageBox *>(QStringLiteral("reportWrittenMessage"))->close();

        // Reports > Compliance status report: its date and Florida only.
        auto *statusAction = window->findChild<QAction *>(QStringLiteral("statusReportAction"));
        QVERIFY(statusAction);
        statusAction->trigger();
        QTRY_VERIFY(window->reportExport()->dialog());
        dialog = window->reportExport()->dialog();
        QCOMPARE(dialog->objectName(), QStringLiteral("statusReportDialog"));
        QVERIFY(!dialog->findChild<QComboBox *>(QStringLiteral("reportBatchCombo")));
        QVERIFY(!dialog->findChild<QCheckBox *>(QStringLiteral("reportFromCheck")));
        dialog->findChild<QDateEdit *>(QStringLiteral("reportAsOfEdit"))->setDate(QDate(2027, 4, 1));
        // The suggested file name follows the position's date.
        QVERIFY2(dialog->findChild<QLineEdit *>(QStringLiteral("reportPathEdit"))
                     ->text()
                     .endsWith(QStringLiteral("compliance-status-2027-04-01.pdf")),
                 qPrintable(dialog->findChild<QLineEdit *>(QStringLiteral("reportPathEdit"))->text()));
        pickJurisdictions(dialog, {QStringLiteral("US-FL")});
        const QString statusCsv = m_dir.filePath(QStringLiteral("florida-status.csv"));
        dialog->findChild<QLineEdit *>(QStringLiteral("reportPathEdit"))->setText(statusCsv);
        writeButton(dialog)->click();
        QTRY_COMPARE_WITH_TIMEOUT(written.size(), 3, kLong);
        QVERIFY2(written.last().at(1).toString().isEmpty(), qPrintable(written.last().at(1).toString()));
        rows = csvRows(statusCsv);
        bool florida = false;
        for (const auto &row : std::as_const(rows)) {
            if (row.value(QStringLiteral("section")) == QLatin1String("total"))
                continue;
            QCOMPARE(row.value(QStringLiteral("jurisdiction")), QStringLiteral("US-FL"));
            florida = true;
        }
        QVERIFY(florida);
        QTRY_VERIFY(window->findChild<QMessageBox *>(QStringLiteral("reportWrittenMessage")));
        window->findChild<QMessageBox *>(QStringLiteral("reportWrittenMessage"))->close();
        window->close();
    }

    void reminderAndStatusBarCountTheSameAndFollowTheFilings() {
        ScriptedReasons *reasons = nullptr;
        auto window = openWindow(QStringLiteral("counts"), true, &reasons);
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), kLong);
        window->loadPortfolio(m_portfolio);
        QTRY_COMPARE_WITH_TIMEOUT(pendingKeys(window.get()).size(), 3, kLong);
        auto *dueSoon = window->findChild<QToolButton *>(QStringLiteral("dueSoonButton"));
        auto *notice = window->findChild<BannerWidget *>(QStringLiteral("noticeBanner"));
        QVERIFY(dueSoon && notice);
        // One count, one window, named the same in the status bar and in the reminder.
        QTRY_COMPARE_WITH_TIMEOUT(dueSoon->text(), QStringLiteral("Due in 14 days: 3"), kLong);
        QTRY_VERIFY_WITH_TIMEOUT(!notice->message().isEmpty(), kLong);
        QVERIFY2(notice->message().contains(QLatin1String("(Due in 14 days: 3)")),
                 qPrintable(notice->message()));
        QVERIFY2(notice->message().contains(QRegularExpression(
                     QStringLiteral(R"(^Deadline reminder: 3 filing(s|\(s\)) due within 7 days:)"))),
                 qPrintable(notice->message()));
        auto *tabBar = window->findChild<QTabWidget *>(QStringLiteral("mainTabs"))->tabBar();
        const QPoint tabsAt = tabBar->mapTo(window.get(), QPoint(0, 0));

        // Filed: the status bar and the reminder follow; once all three are filed the reminder is gone, and
        // the tabs stayed where they were.
        window->findChild<QTableView *>(QStringLiteral("obligationsTable"))->selectAll();
        window->launchSelection();
        QTRY_COMPARE_WITH_TIMEOUT(pendingKeys(window.get()).size(), 0, kLong);
        QTRY_VERIFY_WITH_TIMEOUT(notice->message().isEmpty(), kLong);
        QVERIFY(!notice->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!dueSoon->isVisible(), kLong);
        QCOMPARE(tabBar->mapTo(window.get(), QPoint(0, 0)), tabsAt);
        window->close();
    }

    void practiceRegistryAsksOnce() {
        ScriptedReasons *reasons = nullptr;
        auto window = openWindow(QStringLiteral("practice"), true, &reasons);
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), kLong);
        QVERIFY(window->registryMode().isPractice());
        QVERIFY2(window->windowTitle().startsWith(QLatin1String("[PRACTICE] FilingDesk")),
                 qPrintable(window->windowTitle()));
        QCOMPARE(window->findChild<QLabel *>(QStringLiteral("modeBadge"))->text(),
                 QStringLiteral("PRACTICE"));
        window->loadPortfolio(m_portfolio);
        QTRY_COMPARE_WITH_TIMEOUT(pendingKeys(window.get()).size(), 3, kLong);

        // "My filings": the register's owner field, compared without case.
        auto *bar = window->findChild<QTableView *>(QStringLiteral("obligationsTable"))
                        ->parentWidget()
                        ->findChild<TaskFilterBar *>();
        QVERIFY(bar);
        QVERIFY(bar->ownerCombo());
        QVERIFY(bar->ownerCombo()->findText(QStringLiteral("Bo Lee")) > 0);
        auto *mine = window->findChild<QAction *>(QStringLiteral("myFilingsAction"));
        QVERIFY(mine);
        mine->trigger();
        auto *table = window->findChild<QTableView *>(QStringLiteral("obligationsTable"));
        QCOMPARE(table->model()->rowCount(), 2);
        for (int r = 0; r < table->model()->rowCount(); ++r)
            QCOMPARE(table->model()->index(r, 0).data(OwnerRole).toString().toLower(),
                     QStringLiteral("ana diaz"));
        mine->trigger();
        QCOMPARE(table->model()->rowCount(), 3);

        // Due in 7 days: a reminder, once; the status bar counts what is due soon.
        DeadlineReminders *reminders = window->reminders();
        QTRY_VERIFY_WITH_TIMEOUT(
            window->findChild<QToolButton *>(QStringLiteral("dueSoonButton"))->isVisible(), kLong);
        QCOMPARE(window->findChild<QToolButton *>(QStringLiteral("dueSoonButton"))->text(),
                 QStringLiteral("Due in 14 days: 3"));
        const QDate today = QDate::currentDate();
        // The window's own check ran after the plan arrived: the three were reminded of today.
        QTRY_COMPARE_WITH_TIMEOUT(reminders->pending(today).size(), 0, kLong);
        QVERIFY(window->findChild<QWidget *>(QStringLiteral("noticeBanner"))->isVisible());
        // Tomorrow at the same distance: nothing new.
        QCOMPARE(reminders->pending(today.addDays(1)).size(), 0);

        // The as-of date moves past March 1: re-planned at once, every one overdue, one more reminder each;
        // the next year's reports are planned beside them (their window is not open yet).
        auto *asOf = window->findChild<QDateEdit *>(QStringLiteral("asOfEdit"));
        asOf->setDate(QDate(2027, 3, 3));
        const int de1 = rowOfEntity(window.get(), QStringLiteral("DE1"));
        QVERIFY(de1 >= 0);
        QTRY_COMPARE_WITH_TIMEOUT(window->obligationModel()
                                      ->index(rowOfEntity(window.get(), QStringLiteral("DE1")), 0)
                                      .data(ComplianceRole)
                                      .toString(),
                                  QStringLiteral("overdue"), kLong);
        QCOMPARE(window->obligationModel()->asOf(), QDate(2027, 3, 3));
        QTRY_COMPARE_WITH_TIMEOUT(window->findChild<QToolButton *>(QStringLiteral("dueSoonButton"))->text(),
                                  QStringLiteral("Due in 14 days: 0 · Overdue: 3"), kLong);
        const QList<DueReminder> late = reminders->pending(today.addDays(1));
        QCOMPARE(late.size(), 3);
        QCOMPARE(late.first().threshold, -1);
        QCOMPARE(late.first().daysLeft, -2);
        QVERIFY2(DeadlineReminders::describe(late).contains(QRegularExpression(
                     QStringLiteral(R"(Delaware Holdings Inc\. — .* due .*, 2 day(s|\(s\)) overdue)"))),
                 qPrintable(DeadlineReminders::describe(late)));
        window->close();
    }

    /// The reminder's title names its window in words that fit it: never "within 1 days".
    void reminderTitleNamesItsWindow_data() {
        QTest::addColumn<QList<int>>("daysLeft");
        QTest::addColumn<QString>("title"); // a pattern: "filing(s)" when no English catalogue is loaded
        QTest::newRow("all due today")
            << QList<int>{0, 0} << R"(^Deadline reminder: 2 filing(s|\(s\)) due today$)";
        QTest::newRow("today and tomorrow")
            << QList<int>{0, 1} << R"(^Deadline reminder: 2 filing(s|\(s\)) due by tomorrow$)";
        QTest::newRow("one tomorrow")
            << QList<int>{1} << R"(^Deadline reminder: 1 filing(\(s\))? due by tomorrow$)";
        QTest::newRow("within a week")
            << QList<int>{1, 7} << R"(^Deadline reminder: 2 filing(s|\(s\)) due within 7 days$)";
        QTest::newRow("overdue and tomorrow")
            << QList<int>{-3, 1}
            << R"(^Deadline reminder: 1 filing(\(s\))? overdue, 1 filing(\(s\))? due by tomorrow$)";
        QTest::newRow("only overdue")
            << QList<int>{-1, -2} << R"(^Deadline reminder: 2 filing(s|\(s\)) overdue$)";
    }
    void reminderTitleNamesItsWindow() {
        QFETCH(QList<int>, daysLeft);
        QFETCH(QString, title);
        QList<DueReminder> reminders;
        for (const int days : std::as_const(daysLeft)) {
            DueReminder r;
            r.daysLeft = days;
            r.threshold = days < 0 ? -1 : days;
            reminders.append(r);
        }
        const QString said = DeadlineReminders::title(reminders);
        QVERIFY2(said.contains(QRegularExpression(title)), qPrintable(said));
    }
};

QTEST_MAIN(TestConsoleDeadlines)
#include "tst_console_deadlines.moc"
