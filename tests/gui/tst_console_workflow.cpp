// Drives the real console window (offscreen) against the real sandbox registry: load a portfolio, launch,
// pause (nothing new is dispatched while paused, by the sandbox's own count), resume, replay a dead letter
// with a reason (the audit row names the OS user and the reason), resolve a halt, and a filter-wide bulk
// replay that touches exactly the filtered rows; keyboard shortcuts work without a click into the window; a
// batch started by a replay or a resolve counts only what it launched; a failing registry (circuit breaker)
// is shown; a change of settings needs a reason and is audited with old and new values.
//
// Every test function gets its own window, audit database and settings file (init()/cleanup()), and a
// sandbox registry reset to a state that has seen nothing, so each passes alone and in any order. Tests that
// need a batch behind them build it with runBatchToIdle().
#include "engine/audit/audit_store.h"
#include "engine/client/engine_client.h"
#include "engine/core/engine.h"
#include "engine/core/host_identity.h"
#include "engine/rules/rejection_codes.h"
#include "support/sandbox_process.h"
#include "ui/models/audit_model.h"
#include "ui/models/breaker_board.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/exception_model.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/settings/console_settings.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/batch_panel.h"
#include "ui/widgets/entity_page.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/reason_provider.h"
#include "ui/widgets/settings_dialog.h"
#include "ui/widgets/status_indicators.h"

#include <QApplication>
#include <QComboBox>
#include <QDateEdit>
#include <QDeadlineTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <functional>
#include <memory>
#include <optional>

using namespace fd;
using namespace fd::ui;

namespace {

const QDate kAsOf(2027, 2, 15);
constexpr int kLong = 60000;
/// Tasks of the test portfolio due within 3660 days of kAsOf: Delaware entities with obligations.
constexpr int kDueTasks = 46;

/// Answers every reason prompt with `next` and remembers what was asked.
class ScriptedReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        asked.append(request);
        return next;
    }
    QString next = QStringLiteral("test reason");
    QList<ReasonRequest> asked;
};

/// Answers every reason prompt with a reason after running `whileOpen`: what happens while the person is
/// still thinking.
class ObservingReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        asked.append(request);
        if (whileOpen)
            whileOpen();
        return QStringLiteral("stop: a registry notice");
    }
    std::function<void()> whileOpen;
    QList<ReasonRequest> asked;
};

QString portfolioPath() {
    return QDir(qEnvironmentVariable("FILINGDESK_SOURCE_DIR"))
        .filePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv"));
}

qint64 sandboxTotal(const test::SandboxProcess &sandbox, const QString &counter) {
    return sandbox.stats().value(QStringLiteral("totals")).toObject().value(counter).toInteger(-1);
}

qint64 totalRequests(const test::SandboxProcess &sandbox) {
    return sandboxTotal(sandbox, QStringLiteral("requests"));
}

/// How fast the sandbox answers. Slow where a test must catch a batch mid-way (a pause), fast everywhere
/// else.
enum class Latency { Fast, Slow };

/// The test functions that observe a batch mid-way and so need the slow registry.
bool needsSlowRegistry(const char *testFunction) {
    return qstrcmp(testFunction, "launchPauseResume") == 0 ||
           qstrcmp(testFunction, "cancelHoldsSendingWhileItsReasonIsAsked") == 0;
}

} // namespace

class TestConsoleWorkflow : public QObject {
    Q_OBJECT
public:
    /// Before the QApplication exists: lets `./tst_console_workflow <testFunction>` run from a shell as it
    /// runs under ctest (offscreen, sandbox and source tree found), without overriding what the environment
    /// sets.
    static void initMain();

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void statusBarShowsGateEngineAndRegistry();
    void shortcutsWorkWithoutClicking();
    void loadsPortfolio();
    void launchPauseResume();
    void cancelHoldsSendingWhileItsReasonIsAsked();
    void deadLetterReplayedWithReason();
    void deadLetterWithdrawnIsCountedApart();
    void haltResolved();
    void bulkReplayTouchesExactlyTheFilteredRows();
    void failingRegistryIsShown();
    void paneStateIsSaved();
    void settingsChangeNeedsReasonAndIsAudited();

private:
    template <typename T> T *child(const QString &name) const {
        T *found = m_window->findChild<T *>(name);
        if (!found)
            qWarning("no child %s", qPrintable(name));
        return found;
    }
    /// The shared sandbox registry with the given latency, started on first use.
    test::SandboxProcess *sandbox(Latency latency);
    QString settingsPath() const { return m_dir->filePath(QStringLiteral("settings.ini")); }
    /// Loads the test portfolio and waits until its obligations are admitted.
    void loadPortfolioAndWait();
    /// Launches everything due (the "launch due within" button) with `reason`; waits until the engine reports
    /// the batch of kDueTasks.
    void launchDue(const QString &reason);
    /// Portfolio loaded, everything due launched and the batch finished: every task terminal.
    void runBatchToIdle();
    int terminalCount() const;
    /// Runs an audit search for `action` (and optionally `key`, `text`) through the Audit view's own fields.
    void searchAudit(const QString &action, const QString &key = QString(), const QString &text = QString());
    /// Opens the portfolio, launches its due filings ("quarterly run") and waits until three are filed: a
    /// batch caught mid-way (with the slow registry).
    void launchDueMidBatch();
    /// Re-runs the last search; true when the Audit view shows its answer: every row found matches it.
    /// (Showing the Audit view refreshes it with the fields as they are, so a wider answer can arrive first.)
    bool auditAnswered() const;
    /// Re-runs the search; once answered, the row found for `action`, `key` (if given) and `reason` by the OS
    /// user.
    std::optional<AuditEntry> auditEntry(const QString &action, const QString &key,
                                         const QString &reason) const;
    bool auditHas(const QString &action, const QString &key, const QString &reason) const {
        return auditEntry(action, key, reason).has_value();
    }
    void waitBatchIdle();
    /// After a replay or resolve of `launched` task(s) while no batch ran: the new batch is those alone.
    void checkNewBatchCounts(const QString &previousBatchId, int launched);

    std::unique_ptr<test::SandboxProcess> m_fastSandbox;
    std::unique_ptr<test::SandboxProcess> m_slowSandbox;
    test::SandboxProcess *m_sandbox = nullptr; ///< the one this test function's window files with
    std::unique_ptr<QTemporaryDir> m_dir;      ///< this test function's audit database and settings file
    std::unique_ptr<MainWindow> m_window;
    ScriptedReasons *m_reasons = nullptr;
    AuditQuery m_auditSearch; ///< what searchAudit() last asked for
};

void TestConsoleWorkflow::initMain() {
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!qEnvironmentVariableIsSet("FILINGDESK_SOURCE_DIR"))
        qputenv("FILINGDESK_SOURCE_DIR", FILINGDESK_TEST_SOURCE_DIR);
    if (!qEnvironmentVariableIsSet("FILINGDESK_SANDBOX"))
        qputenv("FILINGDESK_SANDBOX", FILINGDESK_TEST_SANDBOX);
}

void TestConsoleWorkflow::initTestCase() {
    QVERIFY2(QFileInfo::exists(portfolioPath()), qPrintable(portfolioPath()));
}

void TestConsoleWorkflow::cleanupTestCase() {
    m_window.reset();
    m_fastSandbox.reset();
    m_slowSandbox.reset();
}

test::SandboxProcess *TestConsoleWorkflow::sandbox(Latency latency) {
    std::unique_ptr<test::SandboxProcess> &slot = latency == Latency::Slow ? m_slowSandbox : m_fastSandbox;
    if (!slot) {
        // Seeded failures so that there are dead letters (validation), statutory halts and a reconciliation
        // exception (wrong fee) for a person; the seed decides them per key and attempt, whatever the order
        // and the timing. The slow registry lets a pause be observed mid-batch.
        slot = std::make_unique<test::SandboxProcess>(QStringList{
            QStringLiteral("--latency-ms"),
            latency == Latency::Slow ? QStringLiteral("300:500") : QStringLiteral("0:5"),
            QStringLiteral("--seed"), QStringLiteral("1"), QStringLiteral("--fail"),
            QStringLiteral("validation=0.15"), QStringLiteral("--fail"), QStringLiteral("statutory=0.1"),
            QStringLiteral("--fail"), QStringLiteral("wrong_fee=0.06"), QStringLiteral("--default-cap"),
            QStringLiteral("4")});
        if (!slot->start()) {
            qWarning("sandbox did not start: %s", qPrintable(slot->errorString()));
            slot.reset();
            return nullptr;
        }
    }
    return slot.get();
}

void TestConsoleWorkflow::init() {
    m_window.reset(); // left over if the previous init() failed half-way
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_sandbox = sandbox(needsSlowRegistry(QTest::currentTestFunction()) ? Latency::Slow : Latency::Fast);
    QVERIFY(m_sandbox);
    // A registry that has seen nothing: no filings, no attempts, no counts from an earlier test.
    QVERIFY(m_sandbox->reset());
    QCOMPARE(totalRequests(*m_sandbox), 0);

    ConsoleOptions options;
    options.registryUrl = m_sandbox->baseUrl();
    options.sandbox = true; // the sandbox registry: practice, no live confirmation
    options.dbPath = m_dir->filePath(QStringLiteral("audit.sqlite"));
    options.settingsPath = settingsPath();
    options.useKeychain = false;
    options.asOf = kAsOf;
    options.limits = {QStringLiteral("US-DE=3")};
    m_window = std::make_unique<MainWindow>(options);
    auto reasons = std::make_unique<ScriptedReasons>();
    m_reasons = reasons.get();
    m_window->setReasonProvider(std::move(reasons));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engineStarted(), 20000);
}

void TestConsoleWorkflow::cleanup() {
    // The window stops its engine (and closes the audit database) before the directory goes.
    m_reasons = nullptr;
    m_window.reset();
    m_dir.reset();
    m_sandbox = nullptr;
}

void TestConsoleWorkflow::statusBarShowsGateEngineAndRegistry() {
    QCOMPARE(m_window->objectName(), QStringLiteral("mainWindow"));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->indicators()->gateModeText(),
                              QStringLiteral("Filing limiter: this computer only"), 5000);
    // The first heartbeat answer comes a second after the start.
    QTRY_COMPARE_WITH_TIMEOUT(m_window->indicators()->engineText(), QStringLiteral("Filing service: running"),
                              5000);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->indicators()->registryText(), QStringLiteral("Registry: reachable"),
                              10000);
}

void TestConsoleWorkflow::shortcutsWorkWithoutClicking() {
    // The window takes the keyboard when shown (no click, no activateWindow() from here): Ctrl+2 and Ctrl+1
    // switch views at once.
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::activeWindow(), m_window.get(), 5000);
    auto *tabs = child<QTabWidget>(QStringLiteral("mainTabs"));
    QCOMPARE(tabs->currentIndex(), 0);
    QTest::keySequence(m_window.get(), QKeySequence(QStringLiteral("Ctrl+2")));
    QCOMPARE(tabs->currentIndex(), 1);
    QTest::keySequence(m_window.get(), QKeySequence(QStringLiteral("Ctrl+1")));
    QCOMPARE(tabs->currentIndex(), 0);
    for (const char *name :
         {"pauseAction", "resumeAction", "cancelAction", "launchDueAction", "showTab1Action"}) {
        auto *action = m_window->findChild<QAction *>(QString::fromLatin1(name));
        QVERIFY2(action, name);
        QCOMPARE(action->shortcutContext(), Qt::WindowShortcut);
    }
}

void TestConsoleWorkflow::loadsPortfolio() {
    auto *asOf = child<QDateEdit>(QStringLiteral("asOfEdit"));
    QVERIFY(asOf);
    QCOMPARE(asOf->date(), kAsOf);
    m_window->loadPortfolio(portfolioPath());
    ObligationModel *model = m_window->obligationModel();
    // 56 rows: 46 Delaware entities with obligations (admitted as PENDING tasks), 10 foreign (out of scope).
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 56, kLong);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->pendingKeysDueWithin(3660).size(), 46, kLong);
    int outOfScope = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        outOfScope += model->rowAt(row).kind == ObligationRow::Kind::OutOfScope ? 1 : 0;
    QCOMPARE(outOfScope, 10);
    QVERIFY(child<QLabel>(QStringLiteral("portfolioSummary"))->text().contains(QLatin1String("56 rows")));
    QVERIFY(m_window->windowTitle().contains(QLatin1String("ex21_3570")));

    // The default order is by urgency, and the filters work on the real view.
    auto *table = child<QTableView>(QStringLiteral("obligationsTable"));
    QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), int(ObligationModel::UrgencyColumn));
    auto *states = child<QComboBox>(QStringLiteral("obligationsStateFilter"));
    states->setCurrentIndex(states->findData(QStringList{QStringLiteral("OUT_OF_SCOPE")}));
    QCOMPARE(states->currentText(), QStringLiteral("Nothing to file")); // people's words, not the engine's
    QCOMPARE(table->model()->rowCount(), 10);
    states->setCurrentIndex(0);
    QCOMPARE(table->model()->rowCount(), 56);
}

void TestConsoleWorkflow::launchDueMidBatch() {
    loadPortfolioAndWait();
    if (QTest::currentTestFailed())
        return;
    launchDue(QStringLiteral("quarterly run"));
    if (QTest::currentTestFailed())
        return;
    QTRY_VERIFY_WITH_TIMEOUT(m_window->batchPanel()->status().byState.value(QStringLiteral("COMPLETED")) >= 3,
                             kLong);
}

void TestConsoleWorkflow::launchPauseResume() {
    // Let a few filings complete, then pause while most of the batch is still waiting.
    launchDueMidBatch();
    if (QTest::currentTestFailed())
        return;
    BatchPanel *panel = m_window->batchPanel();
    QVERIFY(panel->status().active);

    // Pause through the real reason dialog, driven like a person would: type a reason, press OK.
    m_window->setReasonProvider(std::make_unique<DialogReasonProvider>());
    QTimer::singleShot(0, this, [] {
        QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
        QWidget *dialog = QApplication::activeModalWidget();
        QCOMPARE(dialog->objectName(), QStringLiteral("reasonDialog"));
        auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("reasonEdit"));
        edit->clear();
        QTest::keyClicks(edit, QStringLiteral("checking a registry notice"));
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("reasonOkButton")), Qt::LeftButton);
    });
    QTest::mouseClick(child<QToolButton>(QStringLiteral("pauseButton")), Qt::LeftButton);
    auto reasons = std::make_unique<ScriptedReasons>();
    m_reasons = reasons.get();
    m_window->setReasonProvider(std::move(reasons));

    // Paused is unmistakable: banner, window title, status bar, progress bar.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->isPaused(), 10000);
    QVERIFY(m_window->windowTitle().startsWith(QLatin1String("[PAUSED]")));
    QVERIFY(child<BannerWidget>(QStringLiteral("pausedBanner"))->message().contains(QLatin1String("PAUSED")));
    QVERIFY(!child<QLabel>(QStringLiteral("statusPaused"))->isHidden());
    QVERIFY(child<QProgressBar>(QStringLiteral("batchProgress"))->format().contains(QLatin1String("PAUSED")));

    // Requests already on the wire finish (the engine has their answers, the registry has nothing open);
    // after that the registry sees nothing new.
    QTRY_COMPARE_WITH_TIMEOUT(panel->status().inFlight + panel->status().awaitingPermit, 0, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(sandboxTotal(*m_sandbox, QStringLiteral("in_flight")), 0, 10000);
    const qint64 before = totalRequests(*m_sandbox);
    QVERIFY(before > 0);
    // A fixed window on purpose: this proves that nothing is sent while paused. Unpaused, the slow registry
    // (300-500 ms a request) would have seen several new requests by then.
    QTest::qWait(3000);
    QCOMPARE(totalRequests(*m_sandbox), before);
    QVERIFY2(panel->status().byState.value(QStringLiteral("PENDING")) > 0,
             "paused too late to observe anything");
    QCOMPARE(panel->status().byState.value(QStringLiteral("DISPATCHING")), 0);
    searchAudit(QStringLiteral("batch_pause"));
    QTRY_VERIFY_WITH_TIMEOUT(
        auditHas(QStringLiteral("batch_pause"), QString(), QStringLiteral("checking a registry notice")),
        10000);

    m_reasons->next = QStringLiteral("notice checked");
    QTest::mouseClick(child<QToolButton>(QStringLiteral("resumeButton")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->isPaused(), 10000);
    QVERIFY(!m_window->windowTitle().contains(QLatin1String("PAUSED")));
    QVERIFY(child<BannerWidget>(QStringLiteral("pausedBanner"))->isHidden());
    QTRY_VERIFY_WITH_TIMEOUT(totalRequests(*m_sandbox) > before, 10000);
    waitBatchIdle();
    QCOMPARE(terminalCount(), kDueTasks);
}

void TestConsoleWorkflow::cancelHoldsSendingWhileItsReasonIsAsked() {
    // A person who presses Cancel means "stop now": nothing new leaves while the reason is asked, and what
    // the cancel ended stays ended.
    launchDueMidBatch();
    if (QTest::currentTestFailed())
        return;
    BatchPanel *panel = m_window->batchPanel();

    qint64 settled = -1;
    qint64 afterWaiting = -1;
    int waitingWhileAsked = 0;
    auto reasons = std::make_unique<ObservingReasons>();
    ObservingReasons *observing = reasons.get();
    observing->whileOpen = [&] {
        // What was on the wire when the button was pressed finishes; after that the registry sees nothing
        // new for as long as the question is open.
        QDeadlineTimer patience(10000);
        while (sandboxTotal(*m_sandbox, QStringLiteral("in_flight")) > 0 && !patience.hasExpired())
            QTest::qWait(50);
        QTest::qWait(500); // a request whose DISPATCHING was being committed when the hold came still leaves
        settled = totalRequests(*m_sandbox);
        // A fixed window on purpose, as for the pause: sending on, the slow registry (300-500 ms a request,
        // eight at a time) would have seen a dozen new requests by then.
        QTest::qWait(3000);
        afterWaiting = totalRequests(*m_sandbox);
        waitingWhileAsked = panel->status().byState.value(QStringLiteral("PENDING"));
    };
    m_window->setReasonProvider(std::move(reasons));
    QTest::mouseClick(child<QToolButton>(QStringLiteral("cancelButton")), Qt::LeftButton);
    QCOMPARE(int(observing->asked.size()), 1);
    QCOMPARE(observing->asked.first().action, QStringLiteral("batch_cancel"));
    QVERIFY(settled > 0);
    QCOMPARE(afterWaiting, settled);
    QVERIFY2(waitingWhileAsked > 0, "cancelled too late to observe anything");

    // Cancelled: what was waiting stays waiting (PENDING, in no batch), and nothing more is sent.
    searchAudit(QStringLiteral("batch_cancel"));
    QTRY_VERIFY_WITH_TIMEOUT(
        auditHas(QStringLiteral("batch_cancel"), QString(), QStringLiteral("stop: a registry notice")),
        10000);
    QTRY_COMPARE_WITH_TIMEOUT(sandboxTotal(*m_sandbox, QStringLiteral("in_flight")), 0, 10000);
    const qint64 afterCancel = totalRequests(*m_sandbox);
    QTest::qWait(1500);
    QCOMPARE(totalRequests(*m_sandbox), afterCancel);
    auto reasonsAfter = std::make_unique<ScriptedReasons>();
    m_reasons = reasonsAfter.get();
    m_window->setReasonProvider(std::move(reasonsAfter));
}

void TestConsoleWorkflow::deadLetterReplayedWithReason() {
    runBatchToIdle();
    if (QTest::currentTestFailed())
        return;
    DeadLetterModel *dead = m_window->deadLetterModel();
    QTRY_VERIFY_WITH_TIMEOUT(dead->rowCount() >= 3, kLong);
    // The notification reached the window (no system tray offscreen).
    QTRY_VERIFY_WITH_TIMEOUT(child<BannerWidget>(QStringLiteral("noticeBanner"))
                                 ->message()
                                 .contains(QLatin1String("could not be filed")),
                             5000);
    child<QTabWidget>(QStringLiteral("mainTabs"))->setCurrentIndex(2);
    auto *table = child<QTableView>(QStringLiteral("deadLettersTable"));
    table->selectRow(0);
    const QString key = table->model()->index(0, 0).data(KeyRole).toString();
    QVERIFY(!key.isEmpty());
    const int row = dead->rowOfKey(key);
    QVERIFY(!dead->taskAt(row).traceId.isEmpty());
    QVERIFY(!dead->taskAt(row).lastResponseBody.isEmpty());
    QVERIFY(child<QPlainTextEdit>(QStringLiteral("deadLetterDetail"))
                ->toPlainText()
                .contains(QLatin1String("Raw response body")));

    m_reasons->next = QStringLiteral("officer list corrected with the registry");
    const QString previousBatch = m_window->batchPanel()->status().batchId;
    // Refused for its data (the practice registry's injected codes all are), the register unchanged: the
    // first "Try again…" opens the entity with the fields that cure it; pressed again once that was shown,
    // it sends the filing as it is (here the person corrected it with the registry).
    const int asked = int(m_reasons->asked.size());
    QTest::mouseClick(child<QPushButton>(QStringLiteral("replayOneButton")), Qt::LeftButton);
    EntityPage *cure = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (cure = m_window->findChild<EntityPage *>(QStringLiteral("entityPage"))) != nullptr, 5000);
    QVERIFY(cure->findChild<QLabel *>(QStringLiteral("entityCureHint"))->isVisible());
    QCOMPARE(int(m_reasons->asked.size()), asked);
    cure->close();
    QTest::mouseClick(child<QPushButton>(QStringLiteral("replayOneButton")), Qt::LeftButton);
    QCOMPARE(m_reasons->asked.last().action, QStringLiteral("replay"));
    checkNewBatchCounts(previousBatch, 1);
    if (QTest::currentTestFailed())
        return;
    searchAudit(QStringLiteral("replay"), key);
    QTRY_VERIFY_WITH_TIMEOUT(
        auditHas(QStringLiteral("replay"), key, QStringLiteral("officer list corrected with the registry")),
        10000);
    const AuditEntry &entry = m_window->auditModel()->entries().first();
    QCOMPARE(entry.actor, fd::host::osUser());
    QCOMPARE(entry.fromState, QStringLiteral("DEAD_LETTER"));
    QCOMPARE(entry.toState, QStringLiteral("PENDING"));
    // The sandbox rejects this key's data every time: the replay ends as a dead letter again, looked up
    // first.
    waitBatchIdle();
    QTRY_VERIFY_WITH_TIMEOUT(dead->rowOfKey(key) >= 0, kLong);
}

void TestConsoleWorkflow::deadLetterWithdrawnIsCountedApart() {
    // A filing that could not be filed, marked "will not file" from its own tab: it stays listed there as
    // withdrawn, the tab's count of filings needing a person drops by one, and the audit row says who and
    // why.
    runBatchToIdle();
    if (QTest::currentTestFailed())
        return;
    DeadLetterModel *dead = m_window->deadLetterModel();
    QTRY_VERIFY_WITH_TIMEOUT(dead->rowCount() >= 3, kLong);
    auto *tabs = child<QTabWidget>(QStringLiteral("mainTabs"));
    tabs->setCurrentIndex(2);
    const int before = dead->rowCount();
    QTRY_COMPARE(tabs->tabText(2), QStringLiteral("Could not be filed (%1)").arg(before));
    auto *table = child<QTableView>(QStringLiteral("deadLettersTable"));
    table->selectRow(0);
    const QString key = table->model()->index(0, 0).data(KeyRole).toString();
    QVERIFY(!key.isEmpty());
    m_reasons->next = QStringLiteral("the subsidiary is being dissolved");
    QTest::mouseClick(child<QPushButton>(QStringLiteral("deadLetterWithdrawButton")), Qt::LeftButton);
    QCOMPARE(m_reasons->asked.last().action, QStringLiteral("withdraw"));
    QTRY_COMPARE_WITH_TIMEOUT(dead->taskAt(dead->rowOfKey(key)).lastErrorCode, QStringLiteral("WITHDRAWN"),
                              10000);
    QCOMPARE(dead->rowCount(), before);
    QTRY_COMPARE(tabs->tabText(2), QStringLiteral("Could not be filed (%1)").arg(before - 1));
    searchAudit(QStringLiteral("withdraw"), key);
    QTRY_VERIFY_WITH_TIMEOUT(
        auditHas(QStringLiteral("withdraw"), key, QStringLiteral("the subsidiary is being dissolved")),
        10000);
    const AuditEntry &entry = m_window->auditModel()->entries().first();
    QCOMPARE(entry.actor, fd::host::osUser());
    QCOMPARE(entry.fromState, QStringLiteral("DEAD_LETTER"));
    QCOMPARE(entry.toState, QStringLiteral("DEAD_LETTER"));
}

void TestConsoleWorkflow::haltResolved() {
    runBatchToIdle();
    if (QTest::currentTestFailed())
        return;
    ExceptionModel *halts = m_window->exceptionModel();
    QTRY_VERIFY_WITH_TIMEOUT(halts->rowCount() >= 1, kLong);
    child<QTabWidget>(QStringLiteral("mainTabs"))->setCurrentIndex(3);
    auto *table = child<QTableView>(QStringLiteral("exceptionsTable"));
    int statutoryRow = -1;
    for (int r = 0; r < table->model()->rowCount() && statutoryRow < 0; ++r) {
        if (table->model()->index(r, 0).data(CategoryRole).toString() == QLatin1String("statutory"))
            statutoryRow = r;
    }
    QVERIFY(statutoryRow >= 0);
    const QString haltKey = table->model()->index(statutoryRow, 0).data(KeyRole).toString();
    // Rule and citation are in view for legal-ops.
    QVERIFY(!table->model()->index(statutoryRow, ExceptionModel::CitationColumn).data().toString().isEmpty());

    // A data defect is cured in the entity's data first: the requeue opens the fields that cure it.
    const FilingTask halted = halts->taskAt(halts->rowOfKey(haltKey));
    const std::optional<RejectionCode> rejection = RejectionCatalogue::builtIn().find(halted.lastErrorCode);
    QVERIFY2(rejection, qPrintable(halted.lastErrorCode));
    table->clearSelection();
    table->selectRow(statutoryRow);
    m_reasons->next = QStringLiteral("registered agent renewed");
    waitBatchIdle();
    const QString previousBatch = m_window->batchPanel()->status().batchId;
    if (rejection->dataDefect) {
        QTest::mouseClick(child<QPushButton>(QStringLiteral("resolveRequeueButton")), Qt::LeftButton);
        EntityPage *page = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((page = m_window->findChild<EntityPage *>(QStringLiteral("entityPage"))),
                                 5000);
        QVERIFY(page->findChild<QLabel *>(QStringLiteral("entityCureHint"))->isVisible());
        // A value for one of the fields that cure it.
        const QHash<QString, QString> cures{
            {QStringLiteral("registered_agent_status"), QStringLiteral("active")},
            {QStringLiteral("registry_id"), QStringLiteral("7654321")},
            {QStringLiteral("officers"), QStringLiteral("Jane Roe (President)")},
            {QStringLiteral("principal_office"), QStringLiteral("1 Main St, Dover DE")},
            {QStringLiteral("registered_agent_address"),
             QStringLiteral("1209 Orange St, Wilmington DE 19801")},
            {QStringLiteral("authorized_shares"), QStringLiteral("1500")}};
        QString field;
        for (const QString &f : rejection->fields) {
            if (field.isEmpty() && cures.contains(f))
                field = f;
        }
        QVERIFY2(!field.isEmpty(), qPrintable(rejection->fields.join(QLatin1Char(','))));
        // A field with a short list of values is a choice; the others are typed.
        if (auto *choice = page->findChild<QComboBox *>(QStringLiteral("entityField_") + field)) {
            choice->setCurrentIndex(choice->findData(cures.value(field)));
            QVERIFY(choice->currentIndex() >= 0);
            Q_EMIT choice->activated(choice->currentIndex());
        } else {
            auto *edit = page->findChild<QLineEdit *>(QStringLiteral("entityField_") + field);
            QVERIFY(edit);
            edit->setText(cures.value(field));
        }
        QTest::mouseClick(page->findChild<QPushButton *>(QStringLiteral("entitySave")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(page->pendingChanges().isEmpty(), 10000); // the register answered
        page->close();
        table->clearSelection();
        table->selectRow(statutoryRow);
    }
    QTest::mouseClick(child<QPushButton>(QStringLiteral("resolveRequeueButton")), Qt::LeftButton);
    checkNewBatchCounts(previousBatch, 1);
    if (QTest::currentTestFailed())
        return;
    searchAudit(QStringLiteral("resolve_requeue"), haltKey);
    QTRY_VERIFY_WITH_TIMEOUT(
        auditHas(QStringLiteral("resolve_requeue"), haltKey, QStringLiteral("registered agent renewed")),
        10000);
    QCOMPARE(m_window->auditModel()->entries().first().actor, fd::host::osUser());

    // An accepted, paid filing whose fee differs from the rule's is filed (a review item), not a halt.
    waitBatchIdle();
    ObligationModel *obligations = m_window->obligationModel();
    int feeDiffers = 0;
    for (int r = 0; r < obligations->rowCount(); ++r) {
        const ObligationRow &row = obligations->rowAt(r);
        if (row.task.lastErrorCode != QLatin1String("RECON_FEE_MISMATCH"))
            continue;
        ++feeDiffers;
        QCOMPARE(row.task.state, ExecutionState::Completed);
        QVERIFY(halts->rowOfKey(row.key) < 0);
        QCOMPARE(obligations->index(r, ObligationModel::ComplianceColumn).data().toString(),
                 QStringLiteral("Filed — fee differs"));
        QVERIFY2(row.task.lastErrorMessage.contains(QLatin1Char('$')), qPrintable(row.task.lastErrorMessage));
    }
    QVERIFY(feeDiffers >= 1);
}

void TestConsoleWorkflow::bulkReplayTouchesExactlyTheFilteredRows() {
    runBatchToIdle();
    if (QTest::currentTestFailed())
        return;
    DeadLetterModel *dead = m_window->deadLetterModel();
    QTRY_VERIFY_WITH_TIMEOUT(dead->rowCount() >= 3, kLong);
    child<QTabWidget>(QStringLiteral("mainTabs"))->setCurrentIndex(2);
    // Pick an error code that only some dead letters have: the filter must make a strict subset.
    QHash<QString, int> byCode;
    for (int r = 0; r < dead->rowCount(); ++r)
        byCode[dead->taskAt(r).lastErrorCode] += 1;
    QString code;
    for (auto it = byCode.cbegin(); it != byCode.cend(); ++it) {
        if (it.value() >= 2 && it.value() < dead->rowCount())
            code = it.key();
    }
    QVERIFY2(!code.isEmpty(), "the seeded sandbox should give two codes with at least two dead letters each");
    child<QLineEdit>(QStringLiteral("deadLettersSearch"))->setText(code);
    auto *proxy = m_window->findChild<TaskFilterProxy *>(QStringLiteral("deadLettersProxy"));
    QVERIFY(proxy);
    QTRY_COMPARE(proxy->rowCount(), byCode.value(code));
    const QStringList filtered = proxy->matchingKeys();
    QStringList others;
    for (int r = 0; r < dead->rowCount(); ++r) {
        if (!filtered.contains(dead->taskAt(r).key))
            others.append(dead->taskAt(r).key);
    }
    QVERIFY(!others.isEmpty());

    const QString reason = QStringLiteral("bulk replay %1").arg(QDateTime::currentMSecsSinceEpoch());
    m_reasons->next = reason;
    auto *button = child<QPushButton>(QStringLiteral("replayAllMatchingButton"));
    QVERIFY(button->text().contains(QString::number(filtered.size())));
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(m_reasons->asked.last().affected, int(filtered.size()));

    searchAudit(QStringLiteral("replay"), QString(), reason);
    QTRY_VERIFY_WITH_TIMEOUT(auditAnswered() && m_window->auditModel()->entries().size() == filtered.size(),
                             10000);
    QSet<QString> replayed;
    for (const AuditEntry &e : m_window->auditModel()->entries()) {
        QCOMPARE(e.reason, reason);
        QCOMPARE(e.actor, fd::host::osUser());
        replayed.insert(e.idempotencyKey);
    }
    QCOMPARE(replayed, QSet<QString>(filtered.cbegin(), filtered.cend()));
    for (const QString &key : std::as_const(others))
        QVERIFY(!replayed.contains(key));
    child<QLineEdit>(QStringLiteral("deadLettersSearch"))->clear();
    waitBatchIdle();
}

void TestConsoleWorkflow::failingRegistryIsShown() {
    // The engine raises breaker_open when a jurisdiction's registry keeps failing; here the alert is raised
    // on the window's own engine connection, as the engine would.
    auto *link = m_window->findChild<EngineClient *>();
    QVERIFY(link && link->engine());
    Engine *engine = link->engine();
    const QDateTime trialUtc = QDateTime::currentDateTimeUtc().addSecs(40);
    const QString message =
        QStringLiteral("the US-DE registry keeps failing (last: HTTP_503 service unavailable); nothing "
                       "more is sent there until a trial request at %1 UTC")
            .arg(trialUtc.toString(QStringLiteral("HH:mm:ss")));
    Q_EMIT engine->alertRaised(
        EngineAlert{AlertKind::BreakerOpen, QString(), QString(), QStringLiteral("US-DE"), message});

    // Status bar, next to "Registry: reachable" (the TCP probe still succeeds): which registry, and when.
    const QString expected = QStringLiteral("US-DE: registry failing, retry at %1")
                                 .arg(trialUtc.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
    QCOMPARE(m_window->indicators()->failingRegistriesText(), expected);
    QVERIFY(child<QLabel>(QStringLiteral("statusFailingRegistries"))->isVisible());
    // The Permits view names it with the engine's words.
    auto *banner = child<BannerWidget>(QStringLiteral("permitsFailingRegistriesBanner"));
    QVERIFY(banner->message().startsWith(expected));
    QVERIFY(banner->message().contains(QLatin1String("HTTP_503")));
    // And a notice: the in-window banner here (no system tray offscreen).
    auto *notice = child<BannerWidget>(QStringLiteral("noticeBanner"));
    QTRY_VERIFY_WITH_TIMEOUT(notice->message().contains(message), 5000);
    QVERIFY(notice->message().startsWith(QStringLiteral("Registry failing — US-DE")));
    // "Show" leads to the Permits view.
    QTest::mouseClick(child<QToolButton>(QStringLiteral("noticeShow")), Qt::LeftButton);
    QCOMPARE(child<QTabWidget>(QStringLiteral("mainTabs"))->currentIndex(), 1);
    QVERIFY(notice->isHidden());

    // A kind this console does not know is still announced.
    Q_EMIT engine->alertRaised(EngineAlert{AlertKind::Unknown, QString(), QString(), QStringLiteral("US-FL"),
                                           QStringLiteral("fees change on 2027-03-01"),
                                           QStringLiteral("registry_notice")});
    QTRY_VERIFY_WITH_TIMEOUT(notice->message().contains(QLatin1String("US-FL: fees change on 2027-03-01")),
                             5000);
    QVERIFY(notice->message().contains(QLatin1String("registry_notice")));
    // The failing registry is still listed with what waits for a person.
    QVERIFY(notice->message().contains(expected));

    Q_EMIT engine->alertRaised(
        EngineAlert{AlertKind::BreakerClosed, QString(), QString(), QStringLiteral("US-DE"),
                    QStringLiteral("the US-DE registry answers again; dispatch there resumes")});
    QCOMPARE(m_window->indicators()->failingRegistriesText(), QString());
    QVERIFY(child<QLabel>(QStringLiteral("statusFailingRegistries"))->isHidden());
    QVERIFY(banner->isHidden());
    QVERIFY(m_window->failingRegistries()->isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(notice->message().contains(QLatin1String("answers again")), 5000);
}

void TestConsoleWorkflow::paneStateIsSaved() {
    // Nothing is saved before the window closes: what is found below was written by the close.
    QVERIFY(!QFileInfo::exists(settingsPath()) ||
            QSettings(settingsPath(), QSettings::IniFormat).value(QStringLiteral("window/state")).isNull());
    m_window->close();
    QSettings settings(settingsPath(), QSettings::IniFormat);
    QVERIFY(!settings.value(QStringLiteral("window/state")).toByteArray().isEmpty());
    QVERIFY(!settings.value(QStringLiteral("window/geometry")).toByteArray().isEmpty());
    QVERIFY(!settings.value(QStringLiteral("headers/obligations-v4")).toByteArray().isEmpty());
}

void TestConsoleWorkflow::settingsChangeNeedsReasonAndIsAudited() {
    QCOMPARE(ConsoleSettings(settingsPath()).engineConfig().defaultLimit, 4);
    // Ctrl+, opens Settings, like the menu does.
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::activeWindow(), m_window.get(), 5000);
    QTest::keySequence(m_window.get(), QKeySequence(QStringLiteral("Ctrl+,")));
    QPointer<SettingsDialog> dialog;
    QTRY_VERIFY_WITH_TIMEOUT(
        (dialog = m_window->findChild<SettingsDialog *>(QStringLiteral("settingsDialog"))) &&
            dialog->isVisible(),
        5000);
    auto *ceiling = dialog->findChild<QSpinBox *>(QStringLiteral("settingsDefaultLimit"));
    auto *reason = dialog->findChild<QLineEdit *>(QStringLiteral("settingsReason"));
    auto *error = dialog->findChild<QLabel *>(QStringLiteral("settingsError"));
    auto *save = dialog->findChild<QPushButton *>(QStringLiteral("settingsSaveButton"));
    QVERIFY(ceiling && reason && error && save);
    QCOMPARE(ceiling->value(), 4);
    QVERIFY(reason->text().isEmpty());
    QVERIFY(!error->isVisible());

    // Change the default ceiling, as typed by a person.
    ceiling->setFocus();
    ceiling->selectAll();
    QTest::keyClicks(ceiling, QStringLiteral("6"));
    QCOMPARE(ceiling->value(), 6);

    // Save without a reason: refused, said so in the dialog, nothing saved.
    QTest::mouseClick(save, Qt::LeftButton);
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().contains(QLatin1String("audit trail")), qPrintable(error->text()));
    QCOMPARE(ConsoleSettings(settingsPath()).engineConfig().defaultLimit, 4);

    // With a reason: saved, the dialog closes, and the change is in the audit trail with old and new value,
    // the reason and the real OS user.
    const QString why = QStringLiteral("registry raised its connection limit");
    QTest::keyClicks(reason, why);
    QTest::mouseClick(save, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog || !dialog->isVisible(), 5000);
    QCOMPARE(ConsoleSettings(settingsPath()).engineConfig().defaultLimit, 6);

    searchAudit(QStringLiteral("settings_change"));
    std::optional<AuditEntry> entry;
    QTRY_VERIFY_WITH_TIMEOUT(
        (entry = auditEntry(QStringLiteral("settings_change"), QString(), why)).has_value(), 10000);
    QVERIFY2(entry->detail.contains(QLatin1String("default ceiling: 4 -> 6")), qPrintable(entry->detail));
    QCOMPARE(entry->reason, why);
    QCOMPARE(entry->actor, fd::host::osUser());
    QVERIFY(entry->idempotencyKey.isEmpty());
    // One row: the refused save recorded nothing.
    QCOMPARE(m_window->auditModel()->entries().size(), 1);
}

void TestConsoleWorkflow::loadPortfolioAndWait() {
    m_window->loadPortfolio(portfolioPath());
    // 56 rows: 46 Delaware entities with obligations (admitted as PENDING tasks), 10 foreign (out of scope).
    QTRY_COMPARE_WITH_TIMEOUT(m_window->obligationModel()->rowCount(), 56, kLong);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->pendingKeysDueWithin(3660).size(), kDueTasks, kLong);
}

void TestConsoleWorkflow::launchDue(const QString &reason) {
    child<QSpinBox>(QStringLiteral("dueWithinSpin"))->setValue(3660);
    m_reasons->next = reason;
    QTest::mouseClick(child<QToolButton>(QStringLiteral("launchDueButton")), Qt::LeftButton);
    QVERIFY(!m_reasons->asked.isEmpty());
    QCOMPARE(m_reasons->asked.last().action, QStringLiteral("batch_launch"));
    QCOMPARE(m_reasons->asked.last().affected, kDueTasks);
    // The confirmation says what will be sent: filings and fees per jurisdiction, in dollars, and the total.
    const QString question = m_reasons->asked.last().question;
    QVERIFY2(question.contains(QLatin1Char('$')), qPrintable(question));
    QVERIFY2(question.contains(QLatin1String("to Delaware (US-DE)")), qPrintable(question));
    // The engine reports the batch (it may already have finished against the fast registry).
    BatchPanel *panel = m_window->batchPanel();
    QTRY_VERIFY_WITH_TIMEOUT(!panel->status().batchId.isEmpty() && panel->status().total == kDueTasks, kLong);
}

void TestConsoleWorkflow::runBatchToIdle() {
    loadPortfolioAndWait();
    if (QTest::currentTestFailed())
        return;
    launchDue(QStringLiteral("quarterly run"));
    if (QTest::currentTestFailed())
        return;
    waitBatchIdle();
    QTRY_COMPARE_WITH_TIMEOUT(terminalCount(), kDueTasks, kLong);
}

int TestConsoleWorkflow::terminalCount() const {
    int terminal = 0;
    for (const QString &state :
         {QStringLiteral("COMPLETED"), QStringLiteral("DEAD_LETTER"), QStringLiteral("FAILED_STATUTORY")})
        terminal += m_window->batchPanel()->status().byState.value(state);
    return terminal;
}

void TestConsoleWorkflow::searchAudit(const QString &action, const QString &key, const QString &text) {
    m_auditSearch = AuditQuery();
    m_auditSearch.action = action;
    m_auditSearch.idempotencyKey = key;
    m_auditSearch.text = text;
    child<QLineEdit>(QStringLiteral("auditKey"))->setText(key);
    child<QLineEdit>(QStringLiteral("auditText"))->setText(text);
    child<QComboBox>(QStringLiteral("auditAction"))->setCurrentText(action);
    child<QTabWidget>(QStringLiteral("mainTabs"))->setCurrentIndex(4);
    QTest::mouseClick(child<QPushButton>(QStringLiteral("auditSearchButton")), Qt::LeftButton);
}

bool TestConsoleWorkflow::auditAnswered() const {
    QMetaObject::invokeMethod(m_window->findChild<QPushButton *>(QStringLiteral("auditSearchButton")),
                              "click");
    const AuditQuery &q = m_auditSearch;
    for (const AuditEntry &e : m_window->auditModel()->entries()) {
        if (e.action != q.action || !e.idempotencyKey.startsWith(q.idempotencyKey))
            return false;
        bool textFound = q.text.isEmpty();
        for (const QString &field : {e.idempotencyKey, e.entityId, e.actor, e.action, e.detail, e.reason})
            textFound = textFound || field.contains(q.text);
        if (!textFound)
            return false;
    }
    return true;
}

std::optional<AuditEntry> TestConsoleWorkflow::auditEntry(const QString &action, const QString &key,
                                                          const QString &reason) const {
    // Re-query until the row is there: the engine writes it after the queued call arrives.
    if (!auditAnswered())
        return std::nullopt;
    for (const AuditEntry &e : m_window->auditModel()->entries()) {
        if (e.action == action && (key.isEmpty() || e.idempotencyKey == key) && e.reason == reason &&
            e.actor == fd::host::osUser())
            return e;
    }
    return std::nullopt;
}

void TestConsoleWorkflow::checkNewBatchCounts(const QString &previousBatchId, int launched) {
    BatchPanel *panel = m_window->batchPanel();
    QTRY_VERIFY_WITH_TIMEOUT(!panel->status().batchId.isEmpty() && panel->status().batchId != previousBatchId,
                             10000);
    // The panel shows what the engine reports, whatever it is ...
    auto *bar = child<QProgressBar>(QStringLiteral("batchProgress"));
    QCOMPARE(bar->maximum(), qMax(1, panel->status().total));
    // ... and the engine reports the batch it launched, not the finished batch before it as well ("37 of 37
    // filed" after requeueing one halt).
    QCOMPARE(panel->status().total, launched);
    QCOMPARE(bar->maximum(), launched);
    QVERIFY2(bar->text().contains(QStringLiteral(" of %1 filed").arg(launched)), qPrintable(bar->text()));
}

void TestConsoleWorkflow::waitBatchIdle() {
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->batchPanel()->status().active, kLong);
}

QTEST_MAIN(TestConsoleWorkflow)
#include "tst_console_workflow.moc"
