// The console's safeguards against sending by accident, driven through the real window against the sandbox:
// a change of the as-of date plans again but admits nothing and asks the person when it changes what is due;
// quitting while filings are being sent asks first; and the next start looks up what was on the wire but
// sends nothing new before a person resumes.
#include "engine/core/engine_types.h"
#include "engine/core/host_identity.h"
#include "support/sandbox_process.h"
#include "ui/models/obligation_model.h"
#include "ui/session/console_session.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/batch_panel.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/reason_provider.h"

#include <QAction>
#include <QApplication>
#include <QDateEdit>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <memory>
#include <optional>

using namespace fd;
using namespace fd::ui;

namespace {

const QDate kAsOf(2027, 2, 15);
constexpr int kLong = 60000;
constexpr int kDueTasks = 46; // the Delaware filings of the test portfolio

class ScriptedReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        asked.append(request);
        return QStringLiteral("test reason");
    }
    QList<ReasonRequest> asked;
};

QString portfolioPath() {
    return QDir(qEnvironmentVariable("FILINGDESK_SOURCE_DIR"))
        .filePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv"));
}

/// `pattern` with %1 the number of due filings and %2 the plural ending, as the English catalogue gives it
/// ("s") or as the source has it ("(s)") when no catalogue is loaded.
QRegularExpression plural(const QString &pattern) {
    return QRegularExpression(pattern.arg(kDueTasks).arg(QStringLiteral("(s|\\(s\\))")));
}

int taskCount(const ObligationModel *model) {
    int tasks = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        tasks += model->rowAt(r).kind == ObligationRow::Kind::Task ? 1 : 0;
    return tasks;
}

int countInState(const ObligationModel *model, ExecutionState state) {
    int n = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        n += model->rowAt(r).kind == ObligationRow::Kind::Task && model->rowAt(r).task.state == state ? 1 : 0;
    return n;
}

int terminalCount(const ObligationModel *model) {
    int n = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        n += model->rowAt(r).kind == ObligationRow::Kind::Task && isTerminal(model->rowAt(r).task.state) ? 1
                                                                                                         : 0;
    return n;
}

} // namespace

class TestConsoleSafeguards : public QObject {
    Q_OBJECT
    std::unique_ptr<test::SandboxProcess> m_sandbox;
    std::unique_ptr<QTemporaryDir> m_dir;
    ScriptedReasons *m_reasons = nullptr;

    /// A window whose batch is sending: the portfolio opened, the due filings launched, three filed.
    void startMidBatch(std::unique_ptr<MainWindow> *window) {
        *window = openWindow();
        QVERIFY(*window);
        QTRY_VERIFY_WITH_TIMEOUT((*window)->engineStarted(), 20000);
        loadAndWait(window->get());
        launchDue(window->get());
        QTRY_VERIFY_WITH_TIMEOUT(countInState((*window)->obligationModel(), ExecutionState::Completed) >= 3,
                                 kLong);
    }

    std::unique_ptr<MainWindow> openWindow() {
        ConsoleOptions options;
        options.registryUrl = m_sandbox->baseUrl();
        options.sandbox = true;
        options.dbPath = m_dir->filePath(QStringLiteral("audit.sqlite"));
        options.settingsPath = m_dir->filePath(QStringLiteral("settings.ini"));
        options.useKeychain = false;
        options.asOf = kAsOf;
        options.limits = {QStringLiteral("US-DE=2")};
        auto window = std::make_unique<MainWindow>(options);
        auto reasons = std::make_unique<ScriptedReasons>();
        m_reasons = reasons.get();
        window->setReasonProvider(std::move(reasons));
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return nullptr;
        return window;
    }
    qint64 sandboxRequests() const {
        return m_sandbox->stats()
            .value(QStringLiteral("totals"))
            .toObject()
            .value(QStringLiteral("requests"))
            .toInteger(-1);
    }
    static void loadAndWait(MainWindow *window) {
        window->loadPortfolio(portfolioPath());
        QTRY_COMPARE_WITH_TIMEOUT(window->pendingKeysDueWithin(3660).size(), kDueTasks, kLong);
    }
    static void launchDue(MainWindow *window) {
        window->findChild<QSpinBox *>(QStringLiteral("dueWithinSpin"))->setValue(3660);
        QTest::mouseClick(window->findChild<QToolButton *>(QStringLiteral("launchDueButton")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(window->batchPanel()->status().total, kDueTasks, kLong);
    }
    template <typename T> static T *waitFor(QWidget *parent, const QString &name) {
        T *found = nullptr;
        if (!QTest::qWaitFor([&] { return (found = parent->findChild<T *>(name)) != nullptr; }, kLong))
            return nullptr;
        return found;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY2(QFileInfo::exists(portfolioPath()), qPrintable(portfolioPath()));
        // Slow enough that a batch of 46 at two at a time is caught half-way.
        m_sandbox = std::make_unique<test::SandboxProcess>(
            QStringList{QStringLiteral("--latency-ms"), QStringLiteral("250:400")});
        QVERIFY2(m_sandbox->start(), qPrintable(m_sandbox->errorString()));
    }
    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        QVERIFY(m_sandbox->reset());
    }
    void cleanup() { m_dir.reset(); }

    void asOfChangeAdmitsNothingAndAsks() {
        auto window = openWindow();
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), 20000);
        loadAndWait(window.get());
        ObligationModel *model = window->obligationModel();
        const int tasks = taskCount(model);
        QCOMPARE(tasks, kDueTasks);
        QSignalSpy admitted(window->session(), &ConsoleSession::admitted);
        auto *asOf = window->findChild<QDateEdit *>(QStringLiteral("asOfEdit"));
        QVERIFY(asOf);

        // A slip of the date editor, a year back: planned again (the year before's reports, their windows
        // open then), admitted never; the person is asked whether to keep the date, with the counts.
        asOf->setDate(kAsOf.addYears(-1));
        QTRY_COMPARE_WITH_TIMEOUT(model->asOf(), kAsOf.addYears(-1), kLong);
        auto *question = waitFor<QMessageBox>(window.get(), QStringLiteral("asOfQuestion"));
        QVERIFY(question);
        // The year before's reports become due (Delaware's, by March 1 of that year).
        QVERIFY2(question->text().contains(QLatin1String("become due within")), qPrintable(question->text()));
        QVERIFY2(question->text().contains(QLatin1String("overdue")), qPrintable(question->text()));
        QVERIFY2(question->informativeText().contains(QLatin1String("nothing was admitted or sent")),
                 qPrintable(question->informativeText()));
        QTest::qWait(1000); // an admission would have answered by now
        QCOMPARE(admitted.size(), 0);
        QCOMPARE(taskCount(model), tasks);
        QCOMPARE(window->pendingKeysDueWithin(3660).size(), kDueTasks);

        // "Go back": the date editor and the plan return to the date the portfolio was opened with.
        QTest::mouseClick(question->findChild<QPushButton *>(QStringLiteral("asOfRevertButton")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(model->asOf(), kAsOf, kLong);
        QCOMPARE(asOf->date(), kAsOf);
        QCOMPARE(window->session()->asOf(), kAsOf);
        QTest::qWait(500);
        QVERIFY(!window->findChild<QMessageBox *>(QStringLiteral("asOfQuestion"))); // no second question
        QCOMPARE(admitted.size(), 0);
        QCOMPARE(taskCount(model), tasks);

        // Past March 1: every report overdue. Kept: still nothing admitted; the explicit action admits.
        asOf->setDate(QDate(2027, 3, 3));
        question = waitFor<QMessageBox>(window.get(), QStringLiteral("asOfQuestion"));
        QVERIFY(question);
        QVERIFY2(
            question->text().contains(QRegularExpression(QStringLiteral(R"(\d+ filings? become overdue)"))) ||
                question->text().contains(
                    QRegularExpression(QStringLiteral(R"(\d+ filing\(s\) become overdue)"))),
            qPrintable(question->text()));
        QTest::mouseClick(question->findChild<QPushButton *>(QStringLiteral("asOfKeepButton")),
                          Qt::LeftButton);
        QCOMPARE(asOf->date(), QDate(2027, 3, 3));
        QCOMPARE(model->asOf(), QDate(2027, 3, 3));
        QCOMPARE(admitted.size(), 0);
        QCOMPARE(taskCount(model), tasks);
        window->findChild<QAction *>(QStringLiteral("admitAction"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(admitted.size(), 1, kLong);
        QCOMPARE(sandboxRequests(), 0); // and nothing was sent at any point
    }

    void launchDueFromToolbarOffersItsChoice() {
        auto window = openWindow();
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), 20000);
        loadAndWait(window.get());
        // Nothing due within the window: said in the notice bar, with what waits later, not only for 8 s in
        // the status bar.
        window->batchPanel()->setDueWithinDays(0);
        window->findChild<QAction *>(QStringLiteral("launchDueAction"))->trigger();
        auto *notice = window->findChild<BannerWidget *>(QStringLiteral("noticeBanner"));
        QVERIFY(notice->isVisible());
        QVERIFY2(notice->message().contains(QLatin1String("Nothing to launch")),
                 qPrintable(notice->message()));
        QVERIFY2(notice->message().contains(plural(QStringLiteral("%1 filing%2 wait"))),
                 qPrintable(notice->message()));
        QCOMPARE(m_reasons->asked.size(), 0);

        // The toolbar's button offers the windows with their counts; one of them launches as the panel does.
        auto *button = window->findChild<QToolButton *>(QStringLiteral("launchDueToolButton"));
        QVERIFY(button);
        QCOMPARE(button->defaultAction(), window->findChild<QAction *>(QStringLiteral("launchDueAction")));
        QVERIFY(button->menu());
        Q_EMIT button->menu()->aboutToShow();
        auto *thirty = button->menu()->findChild<QAction *>(QStringLiteral("launchDueWithin30Action"));
        QVERIFY(thirty);
        const int dueIn30 = int(window->pendingKeysDueWithin(30).size());
        QVERIFY(dueIn30 > 0);
        QVERIFY2(thirty->text().contains(
                     QRegularExpression(QStringLiteral("%1 filing(s|\\(s\\)) waiting").arg(dueIn30))),
                 qPrintable(thirty->text()));
        thirty->trigger();
        QCOMPARE(window->batchPanel()->dueWithinDays(), 30);
        QCOMPARE(m_reasons->asked.size(), 1);
        QCOMPARE(m_reasons->asked.last().action, QStringLiteral("batch_launch"));
        QCOMPARE(m_reasons->asked.last().affected, dueIn30);
    }

    void notDoneNoticeGoesWhenThePersonMovesOn() {
        auto window = openWindow();
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), 20000);
        auto *notice = window->findChild<BannerWidget *>(QStringLiteral("noticeBanner"));
        // The engine refuses something: said in the notice bar.
        Q_EMIT window->session()->errorOccurred(QStringLiteral("no batch is running or paused"));
        QVERIFY(notice->isVisible());
        QVERIFY2(notice->message().startsWith(QLatin1String("Not done: no batch")),
                 qPrintable(notice->message()));
        // A second refusal is added, not put in the first one's place; the same one again is counted.
        Q_EMIT window->session()->errorOccurred(QStringLiteral("the ledger was busy: do it again"));
        Q_EMIT window->session()->errorOccurred(QStringLiteral("no batch is running or paused"));
        QCOMPARE(notice->message(), QStringLiteral("Not done (2 times): no batch is running or paused\n"
                                                   "Not done: the ledger was busy: do it again"));
        for (int i = 1; i <= 3; ++i)
            Q_EMIT window->session()->errorOccurred(QStringLiteral("refusal %1").arg(i));
        QVERIFY2(notice->message().startsWith(QLatin1String("2 earlier refusal")),
                 qPrintable(notice->message()));
        QVERIFY2(notice->message().endsWith(QLatin1String("Not done: refusal 3")),
                 qPrintable(notice->message()));
        // The person opens a portfolio: the refusals are old news.
        loadAndWait(window.get());
        QTRY_VERIFY_WITH_TIMEOUT(!notice->message().startsWith(QLatin1String("Not done")), kLong);
        // Again, then the person launches: gone as well.
        Q_EMIT window->session()->errorOccurred(QStringLiteral("no batch is running or paused"));
        QVERIFY(notice->message().startsWith(QLatin1String("Not done")));
        window->batchPanel()->setDueWithinDays(3660);
        window->findChild<QAction *>(QStringLiteral("launchDueAction"))->trigger();
        QCOMPARE(m_reasons->asked.size(), 1);
        QVERIFY2(!notice->message().startsWith(QLatin1String("Not done")), qPrintable(notice->message()));
        QTRY_COMPARE_WITH_TIMEOUT(window->pendingKeysDueWithin(3660).size(), 0, kLong);
        // Nothing left to launch: said in the notice bar (no alert is on show).
        window->findChild<QAction *>(QStringLiteral("launchDueAction"))->trigger(); // nothing left: a notice
        QTRY_VERIFY(notice->message().startsWith(QLatin1String("Nothing to launch")));
    }

    void noticeLeavesTheReviewButtonsFree_data() {
        QTest::addColumn<int>("tab");
        QTest::addColumn<QString>("button");
        QTest::newRow("could not be filed: try again") << 2 << QStringLiteral("replayOneButton");
        QTest::newRow("could not be filed: filed outside")
            << 2 << QStringLiteral("deadLetterFiledOutsideButton");
        QTest::newRow("halts: requeue") << 3 << QStringLiteral("resolveRequeueButton");
        QTest::newRow("halts: filed outside") << 3 << QStringLiteral("filedOutsideButton");
    }
    void noticeLeavesTheReviewButtonsFree() {
        QFETCH(int, tab);
        QFETCH(QString, button);
        auto window = openWindow();
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), 20000);
        window->findChild<QTabWidget *>(QStringLiteral("mainTabs"))->setCurrentIndex(tab);
        window->findChild<QAction *>(QStringLiteral("launchDueAction"))->trigger(); // nothing waits: a notice
        auto *notice = window->findChild<BannerWidget *>(QStringLiteral("noticeBanner"));
        QTRY_VERIFY(notice->isVisible());
        auto *target = window->findChild<QWidget *>(button);
        QVERIFY(target);
        QTRY_VERIFY(target->isVisible());
        const QRect noticeArea(notice->mapToGlobal(QPoint(0, 0)), notice->size());
        QTRY_VERIFY2(!QRect(target->mapToGlobal(QPoint(0, 0)), target->size()).intersects(noticeArea),
                     qPrintable(button));
    }

    void aSignalClosesMidBatchWithoutAsking() {
        // SIGINT or SIGTERM (a logout, systemd) means "stop now": the console closes without the question a
        // person at the window gets, and stops sending.
        std::unique_ptr<MainWindow> window;
        startMidBatch(&window);
        if (QTest::currentTestFailed())
            return;
        ObligationModel *model = window->obligationModel();
        QVERIFY(terminalCount(model) < kDueTasks - 4);
        window->closeWithoutAsking();
        QTRY_VERIFY_WITH_TIMEOUT(!window->isVisible(), 10000);
        QVERIFY(!window->findChild<QMessageBox *>(QStringLiteral("quitQuestion")));
        QTest::qWait(1000); // what was on the wire reaches the registry
        const qint64 atClose = sandboxRequests();
        window.reset(); // the engine stops with its window
        QTest::qWait(1500);
        QCOMPARE(sandboxRequests(), atClose);
    }

    void quitWhileSendingAsksAndRestartWaitsForAPerson() {
        qint64 requestsAtQuit = 0;
        int lookedUp = 0;
        {
            std::unique_ptr<MainWindow> window;
            startMidBatch(&window);
            if (QTest::currentTestFailed())
                return;
            ObligationModel *model = window->obligationModel();

            // Quit mid-batch: the person is asked, with how many are still to be sent; "Keep working" goes
            // on.
            QVERIFY(!window->close());
            auto *question = waitFor<QMessageBox>(window.get(), QStringLiteral("quitQuestion"));
            QVERIFY(question);
            QVERIFY2(question->text().contains(QLatin1String("still to be sent")),
                     qPrintable(question->text()));
            QVERIFY(window->isVisible());
            const int completed = countInState(model, ExecutionState::Completed);
            QTest::mouseClick(question->findChild<QPushButton *>(QStringLiteral("quitKeepWorkingButton")),
                              Qt::LeftButton);
            QVERIFY(window->isVisible());
            QTRY_VERIFY_WITH_TIMEOUT(countInState(model, ExecutionState::Completed) > completed + 2, kLong);
            QVERIFY(terminalCount(model) < kDueTasks - 4);

            // Asked again; "Quit" closes the window.
            QVERIFY(!window->close());
            question = waitFor<QMessageBox>(window.get(), QStringLiteral("quitQuestion"));
            QVERIFY(question);
            QTest::mouseClick(question->findChild<QPushButton *>(QStringLiteral("quitConfirmButton")),
                              Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!window->isVisible(), 10000);
        }
        // Whatever was on the wire has reached the registry by now.
        QTest::qWait(1000);
        requestsAtQuit = sandboxRequests();
        QVERIFY(requestsAtQuit > 0);
        QVERIFY(requestsAtQuit < kDueTasks);

        // The next start: what was on the wire is looked up; nothing new is sent until the person resumes.
        auto window = openWindow();
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->engineStarted(), 20000);
        ObligationModel *model = window->obligationModel();
        auto *banner = window->findChild<BannerWidget *>(QStringLiteral("waitingBanner"));
        QVERIFY(banner);
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), kLong);
        QVERIFY2(banner->message().contains(QLatin1String("wait for you to resume sending")),
                 qPrintable(banner->message()));
        const QStringList waiting = window->session()->waitingKeys();
        QVERIFY(!waiting.isEmpty());
        lookedUp = window->session()->lookedUpAtStart();
        QTest::qWait(3000);
        // Look-ups finish (none stays in doubt); a look-up that finds nothing may send that one filing again.
        QTRY_COMPARE_WITH_TIMEOUT(countInState(model, ExecutionState::Dispatching), 0, kLong);
        QVERIFY2(sandboxRequests() <= requestsAtQuit + lookedUp,
                 qPrintable(QStringLiteral("%1 requests after the start, %2 at quit, %3 looked up")
                                .arg(sandboxRequests())
                                .arg(requestsAtQuit)
                                .arg(lookedUp)));
        QCOMPARE(window->session()->waitingKeys(), waiting);

        // "Resume sending…" launches them (with a reason, as any launch) and the banner goes.
        const qsizetype asked = m_reasons->asked.size();
        QTest::mouseClick(window->findChild<QToolButton *>(QStringLiteral("resumeSendingButton")),
                          Qt::LeftButton);
        QCOMPARE(m_reasons->asked.size(), asked + 1);
        QCOMPARE(m_reasons->asked.last().action, QStringLiteral("batch_launch"));
        QCOMPARE(m_reasons->asked.last().affected, int(waiting.size()));
        QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisible(), kLong);
        QVERIFY(!window->session()->hasWaiting()); // the banner cannot come back and launch them again
        QTRY_COMPARE_WITH_TIMEOUT(terminalCount(model), kDueTasks, kLong);
        QVERIFY(!banner->isVisible());
        QVERIFY(sandboxRequests() >= requestsAtQuit + waiting.size());
        window.reset();

        // The trail names who decided each step: FilingDesk ended the unfinished batch when it started
        // again (and put its filings back to PENDING); the person resumed sending.
        const QString connection = QStringLiteral("safeguards-trail");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
            db.setDatabaseName(m_dir->filePath(QStringLiteral("audit.sqlite")));
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
            QVERIFY(db.open());
            QSqlQuery rows(db);
            QVERIFY(
                rows.exec(QStringLiteral("SELECT action, actor, reason, detail, idempotency_key FROM audit "
                                         "WHERE action IN ('batch_cancel', 'batch_launch') ORDER BY id")));
            int restartSteps = 0;
            int personLaunches = 0;
            QString firstBatch; // "batch 1a2b3c4d" of "batch 1a2b3c4d: 46 task(s)"
            while (rows.next()) {
                const QString action = rows.value(0).toString();
                const QString actor = rows.value(1).toString();
                const QString reason = rows.value(2).toString();
                const QString detail = rows.value(3).toString();
                if (action == QLatin1String("batch_launch") && firstBatch.isEmpty())
                    firstBatch = detail.section(QLatin1Char(':'), 0, 0);
                if (reason.contains(QLatin1String("started again"))) {
                    QVERIFY2(actor == QLatin1String("engine"),
                             qPrintable(QStringLiteral("%1 by %2: %3").arg(action, actor, reason)));
                    // The batch it ends is the one the person launched, named by its id.
                    if (action == QLatin1String("batch_cancel") && rows.value(4).toString().isEmpty())
                        QVERIFY2(detail.startsWith(firstBatch + QLatin1Char(' ')),
                                 qPrintable(QStringLiteral("%1 / launched: %2").arg(detail, firstBatch)));
                    ++restartSteps;
                } else if (action == QLatin1String("batch_launch")) {
                    QCOMPARE(reason, QStringLiteral("test reason"));
                    QCOMPARE(actor, fd::host::osUser());
                    ++personLaunches;
                }
            }
            QVERIFY(restartSteps >= 1);  // the cancel, and the filings it put back to PENDING
            QCOMPARE(personLaunches, 2); // the first launch, and "Resume sending…"
        }
        QSqlDatabase::removeDatabase(connection);
    }
};

QTEST_MAIN(TestConsoleSafeguards)
#include "tst_console_safeguards.moc"
