// Two operator consoles (two MainWindows, two engines, each with its own --db as its mirror) on one team
// ledger: a private PostgreSQL (tests/support/postgres_server.h) and the sandbox registry, which rejects
// every filing's data (--fail validation=1), so that every filing ends as a dead letter, slowly enough
// (600-800 ms an answer) that a batch can be caught mid-way. Driven like a person would, through the
// windows' own buttons and views, found by objectName:
// - both desks show "Team ledger: connected", and the Fleet view lists both members;
// - a pause on desk A pauses desk B (its batch status), and B sends nothing more (the registry's own count);
// - a dead letter replayed on A leaves B's dead letters (and its obligations show it) within 2 s;
// - a review opened on A shows "in review by NAME on HOST since TIME" on B, and closing it clears it;
// - the ledger stopped: both desks say so, turn read-only (every action disabled), and recover when it is
//   back.
// - vera, a PostgreSQL login granted filingdesk_viewer, sees the team's work, reads "vera · viewer" in her
//   status bar, and finds every action disabled with the role it needs named; nothing she tries is sent.
// The test functions build on each other in the order declared (one team, one batch).
#include "engine/audit/audit_store.h"
#include "engine/core/host_identity.h"
#include "support/endpoints.h"
#include "support/postgres_server.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/item_roles.h"
#include "ui/models/member_model.h"
#include "ui/models/obligation_model.h"
#include "ui/session/console_options.h"
#include "ui/settings/console_settings.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/batch_panel.h"
#include "ui/widgets/dead_letters_page.h"
#include "ui/widgets/entity_page.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/members_page.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/reason_provider.h"
#include "ui/widgets/settings_dialog.h"
#include "ui/widgets/status_indicators.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
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
/// Tasks of the test portfolio due within 3660 days of kAsOf.
constexpr int kDueTasks = 46;
/// How soon one desk sees what another did (the brief of team mode: within about a second, by NOTIFY).
constexpr int kPropagationMs = 2000;

class ScriptedReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        asked.append(request);
        return next;
    }
    QString next = QStringLiteral("team test");
    QList<ReasonRequest> asked;
};

QString portfolioPath() {
    return QDir(qEnvironmentVariable("FILINGDESK_SOURCE_DIR"))
        .filePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv"));
}

qint64 sandboxTotal(const test::SandboxProcess &sandbox, const QString &counter) {
    return sandbox.stats().value(QStringLiteral("totals")).toObject().value(counter).toInteger(-1);
}

template <typename T> T *childOf(QWidget *parent, const QString &name) {
    T *found = parent->findChild<T *>(name);
    if (!found)
        qWarning("no child %s", qPrintable(name));
    return found;
}

} // namespace

class TestConsoleTeam : public QObject {
    Q_OBJECT
public:
    static void initMain();

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void ledgerOptionAndSetting();
    void bothDesksAreOnTheLedger();
    void pauseOnOneDeskPausesTheOther();
    void replayOnOneDeskShowsOnTheOther();
    void reviewOpenedOnOneDeskShowsOnTheOther();
    void unreachableLedgerMakesBothDesksReadOnly();
    void viewerSeesEverythingAndMayDoNothing();
    void deskThatCannotSendIsAReviewDesk();
    void tamperedLedgerIsShownAsSuchNotAsUnreachable();

private:
    /// A console on the team's ledger, logged in as `login` (default: the ledger's owner, fd).
    std::unique_ptr<MainWindow> openDesk(const QString &name, ScriptedReasons **reasons, bool canSend = true,
                                         const QString &login = QString());
    int deadLetters(MainWindow *w) const { return w->deadLetterModel()->rowCount(); }

    QTemporaryDir m_dir;
    test::PostgresServer m_postgres;
    test::RedisServer m_redis; // the fleet gate: a desk without one claims nothing
    std::unique_ptr<test::SandboxProcess> m_sandbox;
    std::unique_ptr<MainWindow> m_a;
    std::unique_ptr<MainWindow> m_b;
    ScriptedReasons *m_reasonsA = nullptr;
    ScriptedReasons *m_reasonsB = nullptr;
};

void TestConsoleTeam::initMain() {
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (!qEnvironmentVariableIsSet("FILINGDESK_SOURCE_DIR"))
        qputenv("FILINGDESK_SOURCE_DIR", FILINGDESK_TEST_SOURCE_DIR);
    if (!qEnvironmentVariableIsSet("FILINGDESK_SANDBOX"))
        qputenv("FILINGDESK_SANDBOX", FILINGDESK_TEST_SANDBOX);
}

void TestConsoleTeam::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(portfolioPath()), qPrintable(portfolioPath()));
    QVERIFY2(m_postgres.start(), qPrintable(m_postgres.errorString()));
    QVERIFY2(m_redis.start(), qPrintable(m_redis.errorString()));
    m_sandbox = std::make_unique<test::SandboxProcess>(
        QStringList{QStringLiteral("--latency-ms"), QStringLiteral("600:800"), QStringLiteral("--fail"),
                    QStringLiteral("validation=1"), QStringLiteral("--default-cap"), QStringLiteral("16")});
    QVERIFY2(m_sandbox->start(), qPrintable(m_sandbox->errorString()));
}

void TestConsoleTeam::cleanupTestCase() {
    // The windows stop their engines (claims handed back, mirrors closed) while the ledger still runs.
    m_a.reset();
    m_b.reset();
    m_sandbox.reset();
    m_postgres.stop();
}

std::unique_ptr<MainWindow> TestConsoleTeam::openDesk(const QString &name, ScriptedReasons **reasons,
                                                      bool canSend, const QString &login) {
    ConsoleOptions options;
    if (canSend) {
        options.registryUrl = m_sandbox->baseUrl();
        options.sandbox = true; // the sandbox registry: practice, no live confirmation
        options.redis = fd::test::parsedRedis(m_redis.url());
        options.redisGiven = true;
    }
    options.dbPath = m_dir.filePath(name + QStringLiteral(".sqlite"));
    options.settingsPath = m_dir.filePath(name + QStringLiteral(".ini"));
    options.useKeychain = false;
    options.asOf = kAsOf;
    QUrl ledger(m_postgres.url());
    if (!login.isEmpty())
        ledger.setUserName(login);
    options.ledger = fd::test::parsedLedger(ledger.toString());
    options.ledgerGiven = true;
    auto window = std::make_unique<MainWindow>(options);
    auto scripted = std::make_unique<ScriptedReasons>();
    *reasons = scripted.get();
    window->setReasonProvider(std::move(scripted));
    window->setWindowTitle(name);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    if (!QTest::qWaitFor([&] { return window->engineStarted(); }, 30000))
        return nullptr;
    return window;
}

void TestConsoleTeam::ledgerOptionAndSetting() {
    // --ledger: a URL for this session (no password in it), or empty for a single desk.
    ConsoleOptions options;
    QString error;
    bool help = false;
    QVERIFY(ConsoleOptions::parse({QStringLiteral("--ledger"), m_postgres.url()}, &options, &error, &help));
    QVERIFY(options.ledgerGiven);
    QVERIFY(options.ledger);
    QCOMPARE(options.ledger->url, m_postgres.url());
    QVERIFY(ConsoleOptions::parse({QStringLiteral("--ledger="), QStringLiteral("--sandbox")}, &options,
                                  &error, &help));
    QVERIFY(options.ledgerGiven);
    QVERIFY(!options.ledger);
    QVERIFY(
        !ConsoleOptions::parse({QStringLiteral("--ledger"), QStringLiteral("postgresql://fd:secret@db/x")},
                               &options, &error, &help));
    QVERIFY2(error.contains(QLatin1String("plain text")), qPrintable(error));
    QVERIFY(!ConsoleOptions::parse({QStringLiteral("--ledger"), QStringLiteral("redis://db/0")}, &options,
                                   &error, &help));

    // The setting: saved with the others (empty: a single desk, the default), audited like them.
    const QString ini = m_dir.filePath(QStringLiteral("setting.ini"));
    ConsoleSettings settings(ini);
    QVERIFY(!settings.engineConfig().ledger);
    SecretStore secrets;
    SettingsDialog dialog(&settings, &secrets);
    auto *url = dialog.findChild<QLineEdit *>(QStringLiteral("settingsLedgerUrl"));
    QVERIFY(url);
    QVERIFY(url->text().isEmpty());
    QVERIFY(dialog.findChild<QLineEdit *>(QStringLiteral("settingsLedgerPassword")));
    url->setText(QStringLiteral("postgresql://fd@127.0.0.1/team?sslmode=nonsense"));
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsReason"))->setText(QStringLiteral("team mode"));
    QSignalSpy saved(&dialog, &SettingsDialog::saveFinished);
    QSignalSpy changed(&dialog, &SettingsDialog::settingsChanged);
    dialog.save();
    QCOMPARE(saved.size(), 1);
    QCOMPARE(saved.first().first().toBool(), false); // a wrong URL is refused, in words
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("settingsError"))
                ->text()
                .contains(QLatin1String("sslmode")));
    url->setText(m_postgres.url());
    dialog.save();
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 2, 10000);
    QCOMPARE(saved.last().first().toBool(), true);
    QCOMPARE(changed.size(), 1);
    const QStringList lines = changed.first().first().toStringList();
    QVERIFY2(lines.contains(QStringLiteral("ledger: (none) -> ") + m_postgres.url()),
             qPrintable(lines.join(QLatin1Char('\n'))));
    const std::optional<fd::LedgerEndpoint> savedLedger = ConsoleSettings(ini).engineConfig().ledger;
    QVERIFY(savedLedger);
    QCOMPARE(savedLedger->url, m_postgres.url());
}

void TestConsoleTeam::bothDesksAreOnTheLedger() {
    m_a = openDesk(QStringLiteral("desk-a"), &m_reasonsA);
    QVERIFY(m_a);
    m_b = openDesk(QStringLiteral("desk-b"), &m_reasonsB);
    QVERIFY(m_b);
    QVERIFY(m_a->memberId() != m_b->memberId());
    for (MainWindow *w : {m_a.get(), m_b.get()}) {
        QVERIFY(w->isTeamMode());
        QTRY_COMPARE_WITH_TIMEOUT(w->indicators()->ledgerText(), QStringLiteral("Team ledger: connected"),
                                  10000);
        QVERIFY(w->isLedgerReachable());
    }
    // The Fleet view of A: both desks, this one named, refreshed while it is shown.
    auto *tabs = childOf<QTabWidget>(m_a.get(), QStringLiteral("mainTabs"));
    auto *fleet = childOf<MembersPage>(m_a.get(), QStringLiteral("membersPage"));
    QVERIFY(tabs && fleet);
    tabs->setCurrentWidget(fleet);
    MemberModel *members = m_a->memberModel();
    QTRY_VERIFY_WITH_TIMEOUT(
        members->rowOfMember(m_a->memberId()) >= 0 && members->rowOfMember(m_b->memberId()) >= 0, 15000);
    const int own = members->rowOfMember(m_a->memberId());
    QVERIFY(members->index(own, MemberModel::MemberColumn)
                .data()
                .toString()
                .endsWith(QLatin1String("(this console)")));
    QCOMPARE(fd::toString(members->memberAt(own).kind), QStringLiteral("desk"));
    QCOMPARE(members->memberAt(own).processId, QCoreApplication::applicationPid());
    QVERIFY(!members->memberAt(own).lost);
    const QString summary = childOf<QLabel>(m_a.get(), QStringLiteral("fleetSummary"))->text();
    QVERIFY2(summary.contains(QLatin1String(": 2 member")) && summary.contains(QLatin1String(", 0 lost")),
             qPrintable(summary));
    // The ledger's identity beside its address.
    const QString ledgerId = m_postgres.psql(QStringLiteral("SELECT ledger_id FROM ledger_identity"));
    QVERIFY2(summary.contains(ledgerId), qPrintable(summary));
    // Both can send: neither is a review desk.
    QVERIFY(m_a->indicators()->reviewDeskText().isEmpty());
    auto *table = childOf<QTableView>(m_a.get(), QStringLiteral("fleetTable"));
    QVERIFY(table->model()->rowCount() >= 2);
    tabs->setCurrentIndex(0);
}

void TestConsoleTeam::pauseOnOneDeskPausesTheOther() {
    QVERIFY(m_a && m_b);
    // A loads the portfolio: its obligations are admitted into the ledger, and B sees them too.
    m_a->loadPortfolio(portfolioPath());
    QTRY_COMPARE_WITH_TIMEOUT(m_a->pendingKeysDueWithin(3660).size(), kDueTasks, kLong);
    QTRY_COMPARE_WITH_TIMEOUT(m_b->pendingKeysDueWithin(3660).size(), kDueTasks, kLong);
    // B opened no portfolio: its summary says what it shows (the team's obligations), not "no portfolio".
    const QString bSummary = childOf<QLabel>(m_b.get(), QStringLiteral("portfolioSummary"))->text();
    QVERIFY2(bSummary.startsWith(QString::number(kDueTasks)) &&
                 bSummary.contains(QLatin1String(" on record; no portfolio opened in this session")),
             qPrintable(bSummary));

    childOf<QSpinBox>(m_a.get(), QStringLiteral("dueWithinSpin"))->setValue(3660);
    m_reasonsA->next = QStringLiteral("February run, both desks");
    QTest::mouseClick(childOf<QToolButton>(m_a.get(), QStringLiteral("launchDueButton")), Qt::LeftButton);
    QCOMPARE(m_reasonsA->asked.last().action, QStringLiteral("batch_launch"));
    // Both desks work on it: B claims and sends some of A's launch (the ledger names who recorded what).
    QTRY_VERIFY_WITH_TIMEOUT(m_b->batchPanel()->status().active, kPropagationMs * 2);
    const QString sentBy =
        QStringLiteral("SELECT count(*) FROM audit WHERE to_state = 'DISPATCHING' AND desk = '%1'");
    QTRY_VERIFY_WITH_TIMEOUT(m_postgres.psql(sentBy.arg(m_b->memberId())).toInt() > 0, kLong);
    QTRY_VERIFY_WITH_TIMEOUT(deadLetters(m_b.get()) >= 3, kLong);
    QVERIFY2(deadLetters(m_b.get()) < kDueTasks - 10, "the batch went by before it could be paused");

    // Pause on A: B shows its batch paused, soon.
    m_reasonsA->next = QStringLiteral("registry notice: hold everything");
    QElapsedTimer seen;
    seen.start();
    QTest::mouseClick(childOf<QToolButton>(m_a.get(), QStringLiteral("pauseButton")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_b->isPaused(), kPropagationMs);
    qInfo("desk B showed the pause %lld ms after desk A's click", seen.elapsed());
    QVERIFY(m_b->batchPanel()->status().paused);
    QVERIFY(m_b->windowTitle().startsWith(QLatin1String("[PAUSED]")));
    QVERIFY(childOf<BannerWidget>(m_b.get(), QStringLiteral("pausedBanner"))
                ->message()
                .contains(QLatin1String("PAUSED")));
    QTRY_VERIFY_WITH_TIMEOUT(m_a->isPaused(), kPropagationMs);

    // What was on the wire finishes; then neither desk sends anything: the registry counts nothing new.
    QTRY_COMPARE_WITH_TIMEOUT(m_b->batchPanel()->status().inFlight, 0, 10000);
    // The claims on what B had not sent go back to the ledger with the pause. Said, not asserted: a claim on
    // a request granted a permit in the very turn the pause arrived has been seen to stay (renewed) while
    // paused; it sends nothing, which is what the registry's count below proves.
    if (!QTest::qWaitFor([&] { return m_b->batchPanel()->status().claimsHeld == 0; }, 5000))
        qWarning("desk B still holds %d claim(s) while paused; the ledger's claims: %s",
                 m_b->batchPanel()->status().claimsHeld,
                 qPrintable(m_postgres.psql(QStringLiteral(
                     "SELECT idempotency_key, state, claimed_by FROM tasks WHERE claimed_by IS NOT NULL"))));
    QTRY_COMPARE_WITH_TIMEOUT(m_a->batchPanel()->status().inFlight, 0, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(sandboxTotal(*m_sandbox, QStringLiteral("in_flight")), 0, 10000);
    const qint64 before = sandboxTotal(*m_sandbox, QStringLiteral("requests"));
    QVERIFY(before > 0);
    // A fixed window on purpose: unpaused, the registry would have seen several requests in it. The last
    // answers' dead letters reach B's view in its first second.
    QTest::qWait(1000);
    const int deadBefore = deadLetters(m_b.get());
    QCOMPARE(deadLetters(m_a.get()), deadBefore);
    QTest::qWait(2000);
    QCOMPARE(sandboxTotal(*m_sandbox, QStringLiteral("requests")), before);
    QCOMPARE(deadLetters(m_b.get()), deadBefore);
    QVERIFY(deadBefore < kDueTasks);

    // Resumed from B this time: both go on, and the batch ends with every filing a dead letter on both.
    m_reasonsB->next = QStringLiteral("notice read");
    QTest::mouseClick(childOf<QToolButton>(m_b.get(), QStringLiteral("resumeButton")), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_a->isPaused(), kPropagationMs);
    QTRY_VERIFY_WITH_TIMEOUT(sandboxTotal(*m_sandbox, QStringLiteral("requests")) > before, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(deadLetters(m_a.get()), kDueTasks, kLong);
    QTRY_COMPARE_WITH_TIMEOUT(deadLetters(m_b.get()), kDueTasks, kLong);
    QTRY_VERIFY_WITH_TIMEOUT(!m_a->batchPanel()->status().active && !m_b->batchPanel()->status().active,
                             kLong);
    QVERIFY(m_postgres.psql(sentBy.arg(m_a->memberId())).toInt() > 0);
    // The batch over, both panels still count its filings: they say no batch is running, not "no batch yet".
    for (MainWindow *w : {m_a.get(), m_b.get()}) {
        QVERIFY(w->batchPanel()->status().total > 0);
        QTRY_COMPARE_WITH_TIMEOUT(childOf<QLabel>(w, QStringLiteral("batchTitle"))->text(),
                                  QStringLiteral("No batch running"), kPropagationMs);
    }
}

void TestConsoleTeam::replayOnOneDeskShowsOnTheOther() {
    QVERIFY(m_a && m_b);
    QCOMPARE(deadLetters(m_b.get()), kDueTasks);
    auto *tabs = childOf<QTabWidget>(m_a.get(), QStringLiteral("mainTabs"));
    auto *page = childOf<DeadLettersPage>(m_a.get(), QStringLiteral("deadLettersPage"));
    tabs->setCurrentWidget(page);
    QTableView *table = page->table();
    table->selectRow(0);
    const QString key = table->model()->index(0, 0).data(KeyRole).toString();
    QVERIFY(!key.isEmpty());
    QVERIFY(m_b->deadLetterModel()->rowOfKey(key) >= 0);

    ObligationModel *obligations = m_b->obligationModel();
    const auto taskOnB = [obligations, &key] {
        const int row = obligations->rowOfKey(key);
        return row >= 0 ? obligations->rowAt(row).task : FilingTask();
    };
    const QDateTime changedBefore = taskOnB().updatedUtc;
    QVERIFY(changedBefore.isValid());
    m_reasonsA->next = QStringLiteral("officer list corrected");
    // Refused for its data, the register unchanged: the first "Try again…" opens the entity to cure it; the
    // second, once that was shown, sends the filing as it is.
    const int asked = int(m_reasonsA->asked.size());
    QTest::mouseClick(page->findChild<QPushButton *>(QStringLiteral("replayOneButton")), Qt::LeftButton);
    EntityPage *cure = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((cure = m_a->findChild<EntityPage *>(QStringLiteral("entityPage"))) != nullptr,
                             5000);
    QCOMPARE(int(m_reasonsA->asked.size()), asked);
    cure->close();
    QElapsedTimer seen;
    seen.start();
    QTest::mouseClick(page->findChild<QPushButton *>(QStringLiteral("replayOneButton")), Qt::LeftButton);
    QCOMPARE(m_reasonsA->asked.last().action, QStringLiteral("replay"));
    // B shows the task tried again within 2 s. The registry refused its data (not filed), so it is sent
    // at once, with no look-up: B may see it back at work or already refused again.
    QTRY_VERIFY_WITH_TIMEOUT(taskOnB().updatedUtc > changedBefore, kPropagationMs);
    qInfo("desk B saw the replay %lld ms after desk A's click", seen.elapsed());
    // The registry rejects the same data again: back among the dead letters on both desks, after one send
    // (the replay counts the attempts afresh).
    QTRY_VERIFY_WITH_TIMEOUT(m_b->deadLetterModel()->rowOfKey(key) >= 0 && taskOnB().attempts == 1, kLong);
    QTRY_VERIFY_WITH_TIMEOUT(m_a->deadLetterModel()->rowOfKey(key) >= 0, kLong);
    QTRY_VERIFY_WITH_TIMEOUT(!m_a->batchPanel()->status().active && !m_b->batchPanel()->status().active,
                             kLong);
}

void TestConsoleTeam::reviewOpenedOnOneDeskShowsOnTheOther() {
    QVERIFY(m_a && m_b);
    auto *pageA = childOf<DeadLettersPage>(m_a.get(), QStringLiteral("deadLettersPage"));
    auto *pageB = childOf<DeadLettersPage>(m_b.get(), QStringLiteral("deadLettersPage"));
    childOf<QTabWidget>(m_a.get(), QStringLiteral("mainTabs"))->setCurrentWidget(pageA);
    childOf<QTabWidget>(m_b.get(), QStringLiteral("mainTabs"))->setCurrentWidget(pageB);
    // The Review column is there in team mode.
    QVERIFY(!pageA->table()->isColumnHidden(DeadLetterModel::ReviewColumn));
    pageA->table()->clearSelection();
    pageA->table()->selectRow(1);
    const QString key = pageA->currentKey();
    QVERIFY(!key.isEmpty());
    auto *open = pageA->findChild<QPushButton *>(QStringLiteral("reviewOpenButton"));
    auto *close = pageA->findChild<QPushButton *>(QStringLiteral("reviewCloseButton"));
    QVERIFY(open && close);
    QVERIFY(open->isVisible());
    QVERIFY(open->isEnabled());
    QVERIFY(!close->isEnabled());

    QElapsedTimer seen;
    seen.start();
    QTest::mouseClick(open, Qt::LeftButton);
    DeadLetterModel *deadB = m_b->deadLetterModel();
    QTRY_VERIFY_WITH_TIMEOUT(deadB->reviewOf(key).startsWith(QLatin1String("in review by ")), kPropagationMs);
    qInfo("desk B showed the review %lld ms after desk A's click: %s", seen.elapsed(),
          qPrintable(deadB->reviewOf(key)));
    const QString review = deadB->reviewOf(key);
    QVERIFY2(review.contains(QStringLiteral(" on %1 since ").arg(fd::host::hostName())), qPrintable(review));
    QVERIFY(review.endsWith(QLatin1String(" UTC")));
    // In B's view: the Review column and the detail pane.
    const int rowB = deadB->rowOfKey(key);
    QCOMPARE(deadB->index(rowB, DeadLetterModel::ReviewColumn).data().toString(), review);
    pageB->table()->clearSelection();
    for (int r = 0; r < pageB->table()->model()->rowCount(); ++r) {
        if (pageB->table()->model()->index(r, 0).data(KeyRole).toString() == key)
            pageB->table()->selectRow(r);
    }
    QCOMPARE(pageB->currentKey(), key);
    QVERIFY(childOf<QPlainTextEdit>(pageB, QStringLiteral("deadLetterDetail"))
                ->toPlainText()
                .startsWith(QStringLiteral("Review: ") + review));
    // A opened it: open is no longer offered there; A (this OS user on this host) may close it.
    QTRY_VERIFY_WITH_TIMEOUT(!open->isEnabled() && close->isEnabled(), kPropagationMs);

    QTest::mouseClick(close, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(deadB->reviewOf(key).isEmpty(), kPropagationMs);
    QVERIFY(!childOf<QPlainTextEdit>(pageB, QStringLiteral("deadLetterDetail"))
                 ->toPlainText()
                 .startsWith(QLatin1String("Review: ")));
    QTRY_VERIFY_WITH_TIMEOUT(open->isEnabled() && !close->isEnabled(), kPropagationMs);
}

void TestConsoleTeam::unreachableLedgerMakesBothDesksReadOnly() {
    QVERIFY(m_a && m_b);
    auto *pageA = childOf<DeadLettersPage>(m_a.get(), QStringLiteral("deadLettersPage"));
    pageA->table()->selectRow(0);
    auto *replay = pageA->findChild<QPushButton *>(QStringLiteral("replayOneButton"));
    QVERIFY(replay->isEnabled());
    m_postgres.stop();
    const QString unreachable =
        QStringLiteral("Team ledger unreachable: nothing is sent; showing this desk's mirror (read-only)");
    for (MainWindow *w : {m_a.get(), m_b.get()}) {
        // Noticed at the next ledger call (sync every second, heartbeat every 5 s).
        QTRY_COMPARE_WITH_TIMEOUT(w->indicators()->ledgerText(), unreachable, 15000);
        QVERIFY(!w->isLedgerReachable());
        QVERIFY(w->windowTitle().contains(QLatin1String("[LEDGER UNREACHABLE]")));
        QVERIFY(childOf<BannerWidget>(w, QStringLiteral("ledgerBanner"))
                    ->message()
                    .contains(QLatin1String("read-only")));
        for (const char *name : {"openPortfolioAction", "launchDueAction", "launchSelectionAction",
                                 "pauseAction", "resumeAction", "cancelAction"})
            QVERIFY2(!w->findChild<QAction *>(QString::fromLatin1(name))->isEnabled(), name);
    }
    QVERIFY(!replay->isEnabled());
    QVERIFY(!pageA->findChild<QPushButton *>(QStringLiteral("reviewOpenButton"))->isEnabled());
    QVERIFY(!childOf<QPushButton>(m_a.get(), QStringLiteral("launchSelectionButton"))->isEnabled());
    // A shortcut or a stray call is refused too, and says why.
    QVERIFY(!m_a->operatorActions()->replay({pageA->currentKey()}, QStringLiteral("1 dead letter")));

    QVERIFY2(m_postgres.start(), qPrintable(m_postgres.errorString()));
    for (MainWindow *w : {m_a.get(), m_b.get()}) {
        QTRY_COMPARE_WITH_TIMEOUT(w->indicators()->ledgerText(), QStringLiteral("Team ledger: connected"),
                                  20000);
        QVERIFY(!w->windowTitle().contains(QLatin1String("LEDGER")));
        QVERIFY(childOf<BannerWidget>(w, QStringLiteral("ledgerBanner"))->isHidden());
        QVERIFY(w->findChild<QAction *>(QStringLiteral("launchDueAction"))->isEnabled());
        QVERIFY(w->findChild<QAction *>(QStringLiteral("openPortfolioAction"))->isEnabled());
    }
    QTRY_VERIFY_WITH_TIMEOUT(replay->isEnabled(), 5000);
}

// vera logs in with her own PostgreSQL login, granted filingdesk_viewer as IT would (docs/roles.md): her
// console shows the team's work and says who she is; every action is disabled, its tooltip naming the role it
// needs; and what she tries anyway is not sent (the ledger records nothing of hers).
void TestConsoleTeam::viewerSeesEverythingAndMayDoNothing() {
    QVERIFY(m_a);
    QString error;
    QVERIFY2(
        !m_postgres
             .psql(QStringLiteral("CREATE ROLE vera LOGIN PASSWORD 'pw'; GRANT filingdesk_viewer TO vera"),
                   QString(), &error)
             .isNull(),
        qPrintable(error));
    ScriptedReasons *reasons = nullptr;
    std::unique_ptr<MainWindow> v =
        openDesk(QStringLiteral("desk-vera"), &reasons, true, QStringLiteral("vera"));
    QVERIFY(v);
    QTRY_COMPARE_WITH_TIMEOUT(v->indicators()->ledgerText(), QStringLiteral("Team ledger: connected"), 10000);
    auto *label = childOf<QLabel>(v.get(), QStringLiteral("accessLabel"));
    QVERIFY(label);
    QTRY_COMPARE_WITH_TIMEOUT(label->text(), QStringLiteral("vera · viewer"), 10000);
    QVERIFY(label->isVisible());
    QVERIFY2(label->toolTip().contains(QLatin1String("FilingDesk roles: viewer")),
             qPrintable(label->toolTip()));
    QCOMPARE(v->access().login, QStringLiteral("vera"));
    // The owner's desk reads its own login and role.
    auto *ownerLabel = childOf<QLabel>(m_a.get(), QStringLiteral("accessLabel"));
    QTRY_VERIFY2_WITH_TIMEOUT(ownerLabel->text().startsWith(QStringLiteral("fd · ")),
                              qPrintable(ownerLabel->text() + QLatin1Char('|') + m_a->access().login +
                                         QLatin1Char('|') + m_a->access().roles.join(QLatin1Char(','))),
                              10000);
    // She sees the team's work: every dead letter of the batch.
    QTRY_COMPARE_WITH_TIMEOUT(deadLetters(v.get()), kDueTasks, kLong);
    auto *tabs = childOf<QTabWidget>(v.get(), QStringLiteral("mainTabs"));
    auto *page = childOf<DeadLettersPage>(v.get(), QStringLiteral("deadLettersPage"));
    tabs->setCurrentWidget(page);
    page->table()->selectRow(0);
    QVERIFY(!page->currentKey().isEmpty());

    const QString operatorNeeded = QStringLiteral("needs the operator role (vera has: viewer)");
    const QString approverNeeded = QStringLiteral("needs the approver role (vera has: viewer)");
    for (const char *name : {"openPortfolioAction", "launchSelectionAction", "launchDueAction", "pauseAction",
                             "resumeAction", "cancelAction"}) {
        auto *action = v->findChild<QAction *>(QString::fromLatin1(name));
        QVERIFY2(action && !action->isEnabled(), name);
        QVERIFY2(action->toolTip().contains(operatorNeeded), qPrintable(action->toolTip()));
        QVERIFY2(action->statusTip().contains(operatorNeeded), qPrintable(action->statusTip()));
    }
    const struct {
        const char *name;
        const QString &needed;
    } buttons[] = {{"launchDueButton", operatorNeeded},
                   {"launchSelectionButton", operatorNeeded},
                   {"withdrawSelectionButton", approverNeeded},
                   {"replayOneButton", operatorNeeded},
                   {"replaySelectionButton", operatorNeeded},
                   {"replayAllMatchingButton", operatorNeeded},
                   {"deadLetterFiledOutsideButton", approverNeeded},
                   {"deadLetterWithdrawButton", approverNeeded},
                   {"resolveRequeueButton", approverNeeded},
                   {"acceptAsFiledButton", approverNeeded},
                   {"withdrawButton", approverNeeded},
                   {"addNoteButton", operatorNeeded},
                   {"filedOutsideButton", approverNeeded}};
    for (const auto &b : buttons) {
        auto *button = v->findChild<QAbstractButton *>(QString::fromLatin1(b.name));
        QVERIFY2(button && !button->isEnabled(), b.name);
        QVERIFY2(button->toolTip().contains(b.needed), qPrintable(button->toolTip()));
    }
    auto *review = page->findChild<QPushButton *>(QStringLiteral("reviewOpenButton"));
    QVERIFY(review->isVisible() && !review->isEnabled());
    QVERIFY2(review->toolTip().contains(operatorNeeded), qPrintable(review->toolTip()));
    // What a viewer may do stays enabled: reports, the calendar, Settings (her own language and name).
    for (const char *name :
         {"filingReportAction", "statusReportAction", "exportCalendarAction", "settingsAction"})
        QVERIFY2(v->findChild<QAction *>(QString::fromLatin1(name))->isEnabled(), name);
    // She files nothing: her desk is a review desk, and says why.
    QTRY_VERIFY_WITH_TIMEOUT(v->indicators()->reviewDeskText().contains(QLatin1String("may not file")),
                             10000);

    // Tried anyway (a stray call): refused with the role named, nothing asked, nothing sent.
    QVERIFY(!v->operatorActions()->replay({page->currentKey()}, QStringLiteral("1 dead letter")));
    QVERIFY(!v->operatorActions()->openReview(page->currentKey()));
    QVERIFY(reasons->asked.isEmpty());
    QTest::qWait(500);
    // The only row under her login is her desk's start (any member's); nothing she did.
    QCOMPARE(m_postgres.psql(QStringLiteral("SELECT count(*) FROM audit WHERE login = 'vera' AND action <> "
                                            "'engine_start'")),
             QStringLiteral("0"));
    QCOMPARE(m_postgres.psql(QStringLiteral("SELECT count(*) FROM audit WHERE login = 'vera' AND action = "
                                            "'engine_start'")),
             QStringLiteral("1"));
    QCOMPARE(m_postgres.psql(QStringLiteral("SELECT count(*) FROM review_claims")), QStringLiteral("0"));
}

// A desk whose mirror finds the ledger's audit chain broken is read-only for good, and says why: the ledger
// answers, so "unreachable" (and "until the ledger answers again") would send the operator the wrong way.
void TestConsoleTeam::tamperedLedgerIsShownAsSuchNotAsUnreachable() {
    QString error;
    QVERIFY2(!m_postgres
                  .psql(QStringLiteral("ALTER TABLE audit DISABLE TRIGGER audit_no_update; UPDATE audit SET "
                                       "detail = 'charged 1 cent' WHERE seq = 3; ALTER TABLE audit ENABLE "
                                       "TRIGGER audit_no_update"),
                        QString(), &error)
                  .isNull(),
             qPrintable(error));
    ScriptedReasons *reasons = nullptr;
    std::unique_ptr<MainWindow> c =
        openDesk(QStringLiteral("desk-c"), &reasons); // a fresh mirror reads it all
    QVERIFY(c);
    auto *banner = childOf<BannerWidget>(c.get(), QStringLiteral("ledgerBanner"));
    QTRY_VERIFY_WITH_TIMEOUT(banner->message().contains(QLatin1String("TEAM LEDGER NOT TRUSTED")), 15000);
    QVERIFY2(banner->message().contains(QLatin1String("audit trail does not verify")),
             qPrintable(banner->message()));
    QTRY_COMPARE_WITH_TIMEOUT(c->indicators()->ledgerText(),
                              QStringLiteral("Team ledger's audit trail does not verify: nothing is sent; "
                                             "showing this desk's mirror (read-only)"),
                              5000);
    QVERIFY2(banner->message().contains(QLatin1String("seq 3")), qPrintable(banner->message()));
    QVERIFY2(!banner->message().contains(QLatin1String("UNREACHABLE")), qPrintable(banner->message()));
    QVERIFY2(c->windowTitle().contains(QLatin1String("[LEDGER AUDIT BROKEN]")), qPrintable(c->windowTitle()));
    QVERIFY(!c->windowTitle().contains(QLatin1String("UNREACHABLE")));
    QVERIFY(!c->isLedgerReachable());
    for (const char *name : {"openPortfolioAction", "launchDueAction", "launchSelectionAction", "pauseAction",
                             "resumeAction", "cancelAction"})
        QVERIFY2(!c->findChild<QAction *>(QString::fromLatin1(name))->isEnabled(), name);
    // The ledger keeps answering: the desk stays read-only through the next syncs and heartbeats.
    QTest::qWait(2500);
    QVERIFY(!c->isLedgerReachable());
    QVERIFY(banner->message().contains(QLatin1String("TEAM LEDGER NOT TRUSTED")));
    QVERIFY(!c->indicators()->ledgerText().contains(QLatin1String("unreachable")));
    QVERIFY(!c->findChild<QAction *>(QStringLiteral("launchDueAction"))->isEnabled());
}

// A desk on the team's ledger with no registry and no Redis claims none of the team's work (it used to claim
// and dead-letter it for want of a registry URL) and says so in its status bar.
void TestConsoleTeam::deskThatCannotSendIsAReviewDesk() {
    QVERIFY2(m_postgres.psql(QStringLiteral("SELECT 1")) == QLatin1String("1"), "the ledger is down");
    ScriptedReasons *reasons = nullptr;
    std::unique_ptr<MainWindow> r = openDesk(QStringLiteral("desk-review"), &reasons, false);
    QVERIFY(r);
    QTRY_VERIFY_WITH_TIMEOUT(r->indicators()->reviewDeskText().startsWith(QLatin1String("Review desk:")),
                             10000);
    QVERIFY2(r->indicators()->reviewDeskText().contains(QLatin1String("no fleet gate (Redis) configured")),
             qPrintable(r->indicators()->reviewDeskText()));
    auto *label = r->findChild<QLabel *>(QStringLiteral("statusReviewDesk"));
    QVERIFY(label && label->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(r->batchPanel()->status().reviewOnlyReason.size() > 0, 5000);
    QCOMPARE(r->batchPanel()->status().claimsHeld, 0);
    QCOMPARE(m_postgres.psql(
                 QStringLiteral("SELECT count(*) FROM tasks WHERE claimed_by = '%1'").arg(r->memberId())),
             QStringLiteral("0"));
}

QTEST_MAIN(TestConsoleTeam)
#include "tst_console_team.moc"
