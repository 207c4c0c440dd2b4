// Who may do what in a team (docs/roles.md), offscreen and without a ledger: the console is told through its
// engine connection, as the engine tells it after connecting to a team ledger, that "vera" is logged in with
// one FilingDesk role (viewer, operator, approver or admin). Then, found by objectName like a person would
// find them:
// - the status bar says "vera · ROLE" (accessLabel) with the roles held in its tooltip; a single desk shows
//   nothing there;
// - every action and button is enabled when the role allows it, and otherwise disabled with the role it
//   needs named in its tooltip and status tip ("needs the approver role (vera has: viewer)");
// - a role never enables what is disabled for another reason (no batch running, nothing selected);
// - an action that arrives anyway (a stray call, a stale page) is refused with the role named, nothing asked
//   and nothing sent;
// - the entity page is read-only without the operator role, the audited settings without the admin role,
//   the review buttons need the operator role, and missing entity data is not editable by a viewer.
#include "engine/client/engine_client.h"
#include "engine/core/engine.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/exception_model.h"
#include "ui/models/obligation_model.h"
#include "ui/session/console_options.h"
#include "ui/widgets/dead_letters_page.h"
#include "ui/widgets/entity_page.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/reason_provider.h"
#include "ui/widgets/settings_dialog.h"

#include <QAbstractButton>
#include <QAction>
#include <QGroupBox>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <optional>

using namespace fd;
using namespace fd::ui;

namespace {

const QDate kAsOf(2027, 2, 15);
const QStringList kLadder{QStringLiteral("viewer"), QStringLiteral("operator"), QStringLiteral("approver"),
                          QStringLiteral("admin")};

class CountingReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        asked.append(request.action);
        return std::nullopt; // nothing is ever sent from this test
    }
    QStringList asked;
};

TeamAccess vera(const QStringList &roles) {
    TeamAccess access;
    access.team = true;
    access.login = QStringLiteral("vera");
    access.roles = roles;
    return access;
}

TeamAccess vera(const QString &role) {
    return vera(QStringList{role});
}

/// True when `role` includes `needed` (roles nest: admin > approver > operator > viewer).
bool holds(const QString &role, const QString &needed) {
    return kLadder.indexOf(role) >= kLadder.indexOf(needed);
}

QString refusalText(const QString &needed, const QString &role) {
    return QStringLiteral("needs the %1 role (vera has: %2)").arg(needed, role);
}

FilingTask task(int i, ExecutionState state, ErrorCategory category) {
    FilingTask t;
    t.key = QStringLiteral("key-%1").arg(i, 4, 10, QLatin1Char('0'));
    t.obligation.entity.edit().name = QStringLiteral("Entity %1 LLC").arg(i);
    t.obligation.entity.edit().entityId = QStringLiteral("E%1").arg(i);
    t.obligation.jurisdiction = QStringLiteral("US-DE");
    t.obligation.filingType = QStringLiteral("ANNUAL_REPORT");
    t.obligation.filingYear = 2027;
    t.obligation.dueDate = kAsOf.addDays(10 + i);
    t.obligation.feeCents = 30000;
    t.state = state;
    if (state != ExecutionState::Pending) {
        t.lastCategory = category;
        t.lastErrorCode = QStringLiteral("CODE_%1").arg(i);
        t.lastErrorMessage = QStringLiteral("reason %1").arg(i);
        t.attempts = 1;
    }
    if (category == ErrorCategory::Reconciliation)
        t.confirmationNumber = QStringLiteral("CONF-%1").arg(i);
    return t;
}

} // namespace

class TestConsoleRoles : public QObject {
    Q_OBJECT
public:
    static void initMain() {
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void statusBarSaysWhoIsLoggedIn_data();
    void statusBarSaysWhoIsLoggedIn();
    void eachControlNeedsItsRole_data();
    void eachControlNeedsItsRole();
    void aRoleNeverEnablesWhatIsOtherwiseDisabled();
    void anActionArrivingAnywayIsRefusedWithTheRole();
    void entityPageIsReadOnlyWithoutTheOperatorRole_data();
    void entityPageIsReadOnlyWithoutTheOperatorRole();
    void saveAndRequeueNeedsBothRoles_data();
    void saveAndRequeueNeedsBothRoles();
    void auditedSettingsNeedTheAdminRole_data();
    void auditedSettingsNeedTheAdminRole();
    void reviewsNeedTheOperatorRole_data();
    void reviewsNeedTheOperatorRole();
    void missingDataIsEditableOnlyWithTheOperatorRole();
    void aSingleDeskMayDoEverything();

private:
    Engine *engine() const { return m_window->findChild<EngineClient *>()->engine(); }
    /// What the engine says after connecting: a batch (running or paused) and this login's roles.
    void tell(const TeamAccess &access, bool active = true, bool paused = false);
    template <typename T> T *child(const QString &name) const {
        T *found = m_window->findChild<T *>(name);
        if (!found)
            qWarning("no child %s", qPrintable(name));
        return found;
    }
    void selectReviewQueues();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    CountingReasons *m_reasons = nullptr;
};

void TestConsoleRoles::initTestCase() {
    QVERIFY(m_dir.isValid());
    ConsoleOptions options;
    options.dbPath = m_dir.filePath(QStringLiteral("desk.sqlite"));
    options.settingsPath = m_dir.filePath(QStringLiteral("desk.ini"));
    options.useKeychain = false;
    options.asOf = kAsOf;
    m_window = std::make_unique<MainWindow>(options);
    auto reasons = std::make_unique<CountingReasons>();
    m_reasons = reasons.get();
    m_window->setReasonProvider(std::move(reasons));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engineStarted(), 20000);
    // One of each: a filing to launch, a dead letter, a statutory halt and a reconciliation exception.
    Q_EMIT engine()->tasksChanged({task(1, ExecutionState::Pending, ErrorCategory::Validation),
                                   task(2, ExecutionState::DeadLetter, ErrorCategory::Validation),
                                   task(3, ExecutionState::FailedStatutory, ErrorCategory::Statutory),
                                   task(4, ExecutionState::FailedStatutory, ErrorCategory::Reconciliation)});
    QCOMPARE(m_window->deadLetterModel()->rowCount(), 1);
    QCOMPARE(m_window->exceptionModel()->rowCount(), 2);
    Entity entity = task(3, ExecutionState::Pending, ErrorCategory::Validation).obligation.entity;
    entity.owner = QStringLiteral("Priya Shah");
    RegisterConflict conflict{entity.entityId,
                              entity.name,
                              QStringLiteral("owner"),
                              entity.owner,
                              QStringLiteral("Dana"),
                              QStringLiteral("portfolio.csv:3"),
                              QDateTime::currentDateTimeUtc(),
                              QDateTime()};
    Q_EMIT engine()->registerChanged({entity}, {conflict});
    selectReviewQueues();
}

void TestConsoleRoles::cleanupTestCase() {
    m_window.reset();
}

void TestConsoleRoles::selectReviewQueues() {
    // The buttons that act on a selection are otherwise enabled: a dead letter shown, both exceptions
    // selected.
    auto *dead = child<QTableView>(QStringLiteral("deadLettersTable"));
    dead->setCurrentIndex(dead->model()->index(0, 0));
    dead->selectRow(0);
    auto *exceptions = child<QTableView>(QStringLiteral("exceptionsTable"));
    exceptions->setCurrentIndex(exceptions->model()->index(0, 0));
    exceptions->selectAll();
}

void TestConsoleRoles::tell(const TeamAccess &access, bool active, bool paused) {
    BatchStatus status;
    status.batchId = QStringLiteral("B-1");
    status.active = active;
    status.paused = paused;
    status.total = 4;
    status.access = access;
    // Emitted on the GUI thread: applied at once, as the queued status from the engine thread would be.
    Q_EMIT engine()->batchStatusChanged(status);
}

void TestConsoleRoles::statusBarSaysWhoIsLoggedIn_data() {
    QTest::addColumn<QStringList>("roles");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("listed");
    for (const QString &role : kLadder)
        QTest::newRow(qPrintable(role)) << QStringList{role} << QStringLiteral("vera · ") + role << role;
    // The highest role is named; the tooltip lists every one held.
    QTest::newRow("operator+approver")
        << QStringList{QStringLiteral("operator"), QStringLiteral("approver")}
        << QStringLiteral("vera · approver") << QStringLiteral("operator, approver");
    QTest::newRow("none") << QStringList() << QStringLiteral("vera · no FilingDesk role")
                          << QStringLiteral("no FilingDesk role");
}

void TestConsoleRoles::statusBarSaysWhoIsLoggedIn() {
    QFETCH(QStringList, roles);
    QFETCH(QString, label);
    QFETCH(QString, listed);
    tell(vera(roles));
    auto *access = child<QLabel>(QStringLiteral("accessLabel"));
    QVERIFY(access);
    QVERIFY(access->isVisible());
    QCOMPARE(access->text(), label);
    QVERIFY2(access->toolTip().contains(QLatin1String("vera")), qPrintable(access->toolTip()));
    QVERIFY2(access->toolTip().contains(QStringLiteral("FilingDesk roles: ") + listed),
             qPrintable(access->toolTip()));
    QCOMPARE(m_window->access().login, QStringLiteral("vera"));
}

void TestConsoleRoles::eachControlNeedsItsRole_data() {
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("control");
    QTest::addColumn<QString>("needed");
    QTest::addColumn<bool>("paused"); ///< the batch is paused (what Resume needs)
    struct Control {
        const char *name;
        const char *needed;
        bool paused;
    };
    const Control controls[] = {
        // Menu and toolbar actions, and the Batch panel's buttons (the same actions).
        {"openPortfolioAction", "operator", false},
        {"launchSelectionAction", "operator", false},
        {"launchDueAction", "operator", false},
        {"pauseAction", "operator", false},
        {"resumeAction", "operator", true},
        {"cancelAction", "operator", false},
        {"launchDueButton", "operator", false},
        {"launchSelectionToolButton", "operator", false},
        {"pauseButton", "operator", false},
        {"resumeButton", "operator", true},
        {"cancelButton", "operator", false},
        {"pausedBannerResume", "operator", true},
        // What a viewer does: read, report, export, set up their own console.
        {"settingsAction", "viewer", false},
        {"exportCalendarAction", "viewer", false},
        {"filingReportAction", "viewer", false},
        {"statusReportAction", "viewer", false},
        {"refreshAuditAction", "viewer", false},
        {"findAction", "viewer", false},
        // Obligations.
        {"launchSelectionButton", "operator", false},
        {"withdrawSelectionButton", "approver", false},
        // Dead letters.
        {"replayOneButton", "operator", false},
        {"replaySelectionButton", "operator", false},
        {"replayAllMatchingButton", "operator", false},
        {"deadLetterFiledOutsideButton", "approver", false},
        {"deadLetterNoteButton", "operator", false},
        // Halts and exceptions.
        {"addNoteButton", "operator", false},
        {"resolveRequeueButton", "approver", false},
        {"acceptAsFiledButton", "approver", false},
        {"withdrawButton", "approver", false},
        {"filedOutsideButton", "approver", false},
    };
    for (const QString &role : kLadder) {
        for (const Control &c : controls)
            QTest::addRow("%s %s", qPrintable(role), c.name)
                << role << QString::fromLatin1(c.name) << QString::fromLatin1(c.needed) << c.paused;
    }
}

void TestConsoleRoles::eachControlNeedsItsRole() {
    QFETCH(QString, role);
    QFETCH(QString, control);
    QFETCH(QString, needed);
    QFETCH(bool, paused);
    tell(vera(role), true, paused);
    bool enabled = false;
    QString toolTip;
    QString statusTip;
    if (auto *action = m_window->findChild<QAction *>(control)) {
        enabled = action->isEnabled();
        toolTip = action->toolTip();
        statusTip = action->statusTip();
    } else if (auto *button = m_window->findChild<QAbstractButton *>(control)) {
        enabled = button->isEnabled();
        toolTip = button->toolTip();
        statusTip = button->statusTip();
    } else {
        QFAIL(qPrintable(QStringLiteral("no action or button %1").arg(control)));
    }
    const QString refusal = refusalText(needed, role);
    if (holds(role, needed)) {
        QVERIFY2(enabled, qPrintable(toolTip));
        QVERIFY2(!toolTip.contains(QLatin1String("needs the")), qPrintable(toolTip));
        QVERIFY2(!statusTip.contains(QLatin1String("needs the")), qPrintable(statusTip));
    } else {
        QVERIFY(!enabled);
        QVERIFY2(toolTip.contains(refusal), qPrintable(toolTip));
        QVERIFY2(statusTip.contains(refusal), qPrintable(statusTip));
    }
}

void TestConsoleRoles::aRoleNeverEnablesWhatIsOtherwiseDisabled() {
    // No batch running: pause, resume and cancel stay disabled for an admin, without a word about roles.
    tell(vera(QStringLiteral("admin")), false, false);
    for (const char *name : {"pauseAction", "resumeAction", "cancelAction"}) {
        auto *action = m_window->findChild<QAction *>(QString::fromLatin1(name));
        QVERIFY2(!action->isEnabled(), name);
        QVERIFY2(!action->toolTip().contains(QLatin1String("needs the")), qPrintable(action->toolTip()));
    }
    // Nothing selected: nothing to replay, resolve or accept.
    auto *dead = child<QTableView>(QStringLiteral("deadLettersTable"));
    auto *exceptions = child<QTableView>(QStringLiteral("exceptionsTable"));
    dead->selectionModel()->clear();
    exceptions->selectionModel()->clear();
    for (const char *name : {"replayOneButton", "replaySelectionButton", "deadLetterFiledOutsideButton",
                             "deadLetterNoteButton", "resolveRequeueButton", "acceptAsFiledButton",
                             "withdrawButton", "addNoteButton", "filedOutsideButton"})
        QVERIFY2(!child<QPushButton>(QString::fromLatin1(name))->isEnabled(), name);
    // A viewer: the same buttons name the role, still disabled; back to an admin, still nothing selected.
    tell(vera(QStringLiteral("viewer")), false, false);
    QVERIFY(child<QPushButton>(QStringLiteral("replayOneButton"))
                ->toolTip()
                .contains(refusalText(QStringLiteral("operator"), QStringLiteral("viewer"))));
    tell(vera(QStringLiteral("admin")), false, false);
    QVERIFY(!child<QPushButton>(QStringLiteral("replayOneButton"))->isEnabled());
    QVERIFY(!child<QPushButton>(QStringLiteral("resolveRequeueButton"))->isEnabled());
    QVERIFY(
        !child<QPushButton>(QStringLiteral("replayOneButton"))->toolTip().contains(QLatin1String("needs")));
    selectReviewQueues();
    QVERIFY(child<QPushButton>(QStringLiteral("replayOneButton"))->isEnabled());
    QVERIFY(child<QPushButton>(QStringLiteral("resolveRequeueButton"))->isEnabled());
}

void TestConsoleRoles::anActionArrivingAnywayIsRefusedWithTheRole() {
    tell(vera(QStringLiteral("viewer")));
    OperatorActions *actions = m_window->operatorActions();
    QSignalSpy refused(actions, &OperatorActions::refused);
    const QString dead = task(2, ExecutionState::DeadLetter, ErrorCategory::Validation).key;
    const QString halt = task(3, ExecutionState::FailedStatutory, ErrorCategory::Statutory).key;
    const int askedBefore = int(m_reasons->asked.size());
    QVERIFY(!actions->replay({dead}, QStringLiteral("1 dead letter")));
    QVERIFY(!actions->launch({task(1, ExecutionState::Pending, ErrorCategory::Validation).key},
                             QStringLiteral("the selection")));
    QVERIFY(!actions->pause());
    QVERIFY(!actions->addNote({halt}));
    QVERIFY(!actions->openReview(halt));
    QVERIFY(!actions->editEntity(QStringLiteral("E3"), QDate(2010, 1, 1), QString()));
    QCOMPARE(refused.size(), 6);
    for (const QList<QVariant> &message : std::as_const(refused))
        QVERIFY2(message.first().toString().contains(
                     refusalText(QStringLiteral("operator"), QStringLiteral("viewer"))),
                 qPrintable(message.first().toString()));
    QVERIFY2(refused.first().first().toString().startsWith(QLatin1String("Try filings again: needs")),
             qPrintable(refused.first().first().toString()));
    // The approver's actions name the approver role, to an operator too.
    tell(vera(QStringLiteral("operator")));
    QVERIFY(!actions->resolve({halt}, true));
    QVERIFY(!actions->withdraw({halt}));
    QVERIFY(!actions->recordFiledOutside(halt, QStringLiteral("Annual report 2027"), 30000));
    QCOMPARE(refused.size(), 9);
    for (int i = 6; i < 9; ++i)
        QVERIFY2(refused.at(i).first().toString().contains(
                     refusalText(QStringLiteral("approver"), QStringLiteral("operator"))),
                 qPrintable(refused.at(i).first().toString()));
    QCOMPARE(int(m_reasons->asked.size()), askedBefore); // nobody was asked for a reason: nothing went out
    // Shown where the person looks: the status bar.
    QVERIFY2(m_window->statusBar()->currentMessage().contains(QLatin1String("needs the approver role")),
             qPrintable(m_window->statusBar()->currentMessage()));
    // Longer than the room the indicators leave it in a narrower window: those that only say all is well step
    // aside while it shows (and come back when the window is wide again), and the whole refusal is the
    // status bar's tooltip.
    QCOMPARE(m_window->statusBar()->toolTip(), m_window->statusBar()->currentMessage());
    auto *registry = m_window->findChild<QLabel *>(QStringLiteral("statusRegistry"));
    QVERIFY(registry);
    QVERIFY(registry->isVisible()); // 1,500 pixels: it fits beside them
    const QSize wide = m_window->size();
    m_window->resize(1000, wide.height());
    QTRY_VERIFY(registry->isHidden());
    m_window->resize(wide);
    QTRY_VERIFY(registry->isVisible());
    m_window->resize(1000, wide.height());
    QTRY_VERIFY(registry->isHidden());
    m_window->statusBar()->clearMessage();
    QVERIFY(registry->isVisible());
    QCOMPARE(m_window->statusBar()->toolTip(), QString());
    // A short message leaves them where they are.
    m_window->statusBar()->showMessage(QStringLiteral("Saved."));
    QVERIFY(registry->isVisible());
    m_window->statusBar()->clearMessage();
    m_window->resize(wide);
    // Loading a portfolio (it imports entities and admits filings) is an operator's, too.
    tell(vera(QStringLiteral("viewer")));
    m_window->loadPortfolio(m_dir.filePath(QStringLiteral("none.csv")));
    QVERIFY2(m_window->statusBar()->currentMessage().startsWith(
                 QStringLiteral("Open portfolio: ") +
                 refusalText(QStringLiteral("operator"), QStringLiteral("viewer"))),
             qPrintable(m_window->statusBar()->currentMessage()));
    // A keyboard shortcut of a disabled action does nothing.
    QTest::keyClick(m_window.get(), Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(int(m_reasons->asked.size()), askedBefore);
}

void TestConsoleRoles::entityPageIsReadOnlyWithoutTheOperatorRole_data() {
    QTest::addColumn<QString>("role");
    for (const QString &role : kLadder)
        QTest::newRow(qPrintable(role)) << role;
}

void TestConsoleRoles::entityPageIsReadOnlyWithoutTheOperatorRole() {
    QFETCH(QString, role);
    tell(vera(QStringLiteral("admin")));
    EntityPage *page = m_window->openEntity(QStringLiteral("E3"));
    QVERIFY(page);
    tell(vera(role)); // the open page follows a change of roles
    const bool may = holds(role, QStringLiteral("operator"));
    auto *name = page->findChild<QLineEdit *>(QStringLiteral("entityField_entity_name"));
    auto *save = page->findChild<QPushButton *>(QStringLiteral("entitySave"));
    auto *keep = page->findChild<QPushButton *>(QStringLiteral("keepRegister_owner"));
    auto *take = page->findChild<QPushButton *>(QStringLiteral("takeFile_owner"));
    QVERIFY(name && save && keep && take);
    QCOMPARE(name->isReadOnly(), !may);
    QCOMPARE(keep->isEnabled(), may);
    QCOMPARE(take->isEnabled(), may);
    if (may) {
        QVERIFY(!save->isEnabled()); // nothing changed yet
        QTest::keyClicks(name, QStringLiteral(" Inc"));
        QVERIFY(save->isEnabled());
        QVERIFY(!save->toolTip().contains(QLatin1String("needs the")));
        // Turned viewer with an edit pending: not saved, and the button says why.
        tell(vera(QStringLiteral("viewer")));
        QVERIFY(!save->isEnabled());
        QVERIFY(name->isReadOnly());
        QVERIFY(save->toolTip().contains(refusalText(QStringLiteral("operator"), QStringLiteral("viewer"))));
    } else {
        QTest::keyClicks(name, QStringLiteral(" Inc"));
        QVERIFY(page->pendingChanges().isEmpty());
        QVERIFY(!save->isEnabled());
        for (QPushButton *b : {save, keep, take})
            QVERIFY2(b->toolTip().contains(refusalText(QStringLiteral("operator"), role)),
                     qPrintable(b->toolTip()));
    }
    delete page;
}

void TestConsoleRoles::saveAndRequeueNeedsBothRoles_data() {
    QTest::addColumn<QString>("role");
    for (const QString &role : kLadder)
        QTest::newRow(qPrintable(role)) << role;
}

void TestConsoleRoles::saveAndRequeueNeedsBothRoles() {
    // Opened to cure a halt: saving the correction is an operator's, sending the filing again an approver's.
    QFETCH(QString, role);
    tell(vera(QStringLiteral("admin")));
    EntityPage *page = m_window->openEntity(QStringLiteral("E3"));
    QVERIFY(page);
    page->setCure({QStringLiteral("entity_name")}, QStringLiteral("The registry refused the name."),
                  QStringLiteral("halted-key"), QStringLiteral("Annual Report 2027"));
    auto *name = page->findChild<QLineEdit *>(QStringLiteral("entityField_entity_name"));
    auto *both = page->findChild<QPushButton *>(QStringLiteral("entitySaveRequeue"));
    QVERIFY(name && both);
    QVERIFY(both->isVisible());
    QTest::keyClicks(name, QStringLiteral(" Inc"));
    QVERIFY(both->isEnabled());
    tell(vera(role));
    const bool edit = holds(role, QStringLiteral("operator"));
    const bool requeue = holds(role, QStringLiteral("approver"));
    QCOMPARE(both->isEnabled(), edit && requeue);
    if (!edit)
        QVERIFY2(both->toolTip().contains(refusalText(QStringLiteral("operator"), role)),
                 qPrintable(both->toolTip()));
    else if (!requeue)
        QVERIFY2(both->toolTip().contains(refusalText(QStringLiteral("approver"), role)),
                 qPrintable(both->toolTip()));
    delete page;
}

void TestConsoleRoles::auditedSettingsNeedTheAdminRole_data() {
    QTest::addColumn<QString>("role");
    for (const QString &role : kLadder)
        QTest::newRow(qPrintable(role)) << role;
}

void TestConsoleRoles::auditedSettingsNeedTheAdminRole() {
    QFETCH(QString, role);
    tell(vera(role));
    m_window->showSettings();
    auto *dialog = m_window->findChild<SettingsDialog *>(QStringLiteral("settingsDialog"));
    QVERIFY(dialog);
    const bool admin = role == QLatin1String("admin");
    const QString refusal = refusalText(QStringLiteral("admin"), role);
    for (const char *name :
         {"settingsGateGroup", "settingsTeamGroup", "settingsRegistryGroup", "settingsTimingGroup"}) {
        auto *group = dialog->findChild<QGroupBox *>(QString::fromLatin1(name));
        QVERIFY2(group, name);
        QCOMPARE(group->isEnabled(), admin);
        QCOMPARE(group->toolTip().contains(refusal), !admin);
    }
    // The ceilings (the team's caps) in particular, and the reason for an audited change.
    for (const char *name : {"settingsDefaultLimit", "settingsGlobalLimit"})
        QCOMPARE(dialog->findChild<QSpinBox *>(QString::fromLatin1(name))->isEnabled(), admin);
    QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("settingsReason"))->isEnabled(), admin);
    auto *note = dialog->findChild<QLabel *>(QStringLiteral("settingsAccessNote"));
    QCOMPARE(note->isVisibleTo(dialog), !admin);
    if (!admin)
        QVERIFY2(note->text().contains(refusal), qPrintable(note->text()));
    // One's own settings stay one's own: saved, and nothing audited.
    auto *owner = dialog->findChild<QLineEdit *>(QStringLiteral("settingsOwnerName"));
    QVERIFY(owner->isEnabled());
    QVERIFY(dialog->findChild<QWidget *>(QStringLiteral("settingsLanguage"))->isEnabled());
    owner->setText(QStringLiteral("Vera ") + role);
    QSignalSpy saved(dialog, &SettingsDialog::saveFinished);
    QSignalSpy changed(dialog, &SettingsDialog::settingsChanged);
    dialog->save();
    QCOMPARE(saved.size(), 1);
    QVERIFY(saved.first().first().toBool());
    QCOMPARE(changed.size(), 0);
    delete dialog;
}

void TestConsoleRoles::reviewsNeedTheOperatorRole_data() {
    QTest::addColumn<QString>("role");
    for (const QString &role : kLadder)
        QTest::newRow(qPrintable(role)) << role;
}

void TestConsoleRoles::reviewsNeedTheOperatorRole() {
    // The review buttons exist in team mode only: a Dead letters page of its own.
    QFETCH(QString, role);
    DeadLetterModel model;
    model.applyTasks({task(7, ExecutionState::DeadLetter, ErrorCategory::Validation)});
    DeadLettersPage page(&model);
    page.setTeamMode(true);
    page.setAccess(vera(role));
    page.table()->setCurrentIndex(page.table()->model()->index(0, 0));
    page.table()->selectRow(0);
    auto *open = page.findChild<QPushButton *>(QStringLiteral("reviewOpenButton"));
    QVERIFY(open);
    const bool may = holds(role, QStringLiteral("operator"));
    QCOMPARE(open->isEnabled(), may);
    QCOMPARE(open->toolTip().contains(refusalText(QStringLiteral("operator"), role)), !may);
    // Its own tooltip stays in front of the refusal.
    QVERIFY2(open->toolTip().startsWith(QLatin1String("Tell the other desks")), qPrintable(open->toolTip()));
    page.setAccess(TeamAccess::singleDesk());
    QVERIFY(open->isEnabled());
    QCOMPARE(open->toolTip(), QStringLiteral("Tell the other desks that you are looking into this item"));
}

void TestConsoleRoles::missingDataIsEditableOnlyWithTheOperatorRole() {
    ObligationModel model;
    RowPlan needs;
    needs.line = 2;
    needs.file = QStringLiteral("portfolio.csv");
    needs.outcome = RowOutcome::NeedsData;
    needs.entity.edit().entityId = QStringLiteral("E9");
    needs.entity.edit().name = QStringLiteral("Unknown Form LLC");
    needs.entity.edit().jurisdiction = QStringLiteral("US-DE");
    needs.missing = {QStringLiteral("entity_type")};
    needs.reason = QStringLiteral("entity type unknown");
    model.setPlan({needs}, kAsOf);
    QCOMPARE(model.rowCount(), 1);
    const QModelIndex type = model.index(0, ObligationModel::EntityTypeColumn);
    QVERIFY(type.flags() & Qt::ItemIsEditable);
    QSignalSpy edits(&model, &ObligationModel::entityEditRequested);
    const QString refusal = vera(QStringLiteral("viewer")).refusal(TeamAction::EditEntity);
    QCOMPARE(refusal, refusalText(QStringLiteral("operator"), QStringLiteral("viewer")));
    model.setEditRefusal(refusal);
    QVERIFY(!(type.flags() & Qt::ItemIsEditable));
    QCOMPARE(type.data(Qt::ToolTipRole).toString(), refusal);
    QCOMPARE(type.data().toString(), QStringLiteral("(missing)"));
    QVERIFY(!model.setData(type, QStringLiteral("llc")));
    QCOMPARE(edits.size(), 0);
    model.setEditRefusal(QString());
    QVERIFY(type.flags() & Qt::ItemIsEditable);
    QCOMPARE(type.data().toString(), QStringLiteral("(missing: double-click to set)"));
}

void TestConsoleRoles::aSingleDeskMayDoEverything() {
    tell(vera(QStringLiteral("viewer")));
    QVERIFY(!m_window->findChild<QAction *>(QStringLiteral("launchDueAction"))->isEnabled());
    tell(TeamAccess::singleDesk());
    QVERIFY(child<QLabel>(QStringLiteral("accessLabel"))->isHidden());
    for (const char *name :
         {"openPortfolioAction", "launchDueAction", "launchSelectionAction", "pauseAction", "cancelAction"}) {
        auto *action = m_window->findChild<QAction *>(QString::fromLatin1(name));
        QVERIFY2(action->isEnabled(), name);
        QVERIFY2(!action->toolTip().contains(QLatin1String("needs the")), qPrintable(action->toolTip()));
        QVERIFY2(action->statusTip().isEmpty(), qPrintable(action->statusTip()));
    }
    // The original tooltip with its shortcut, unchanged.
    QCOMPARE(m_window->findChild<QAction *>(QStringLiteral("launchSelectionAction"))->toolTip(),
             QStringLiteral("Launch selection (Ctrl+L)"));
    for (const char *name :
         {"replayOneButton", "resolveRequeueButton", "acceptAsFiledButton", "withdrawButton", "addNoteButton",
          "filedOutsideButton", "withdrawSelectionButton"})
        QVERIFY2(child<QPushButton>(QString::fromLatin1(name))->isEnabled(), name);
}

QTEST_MAIN(TestConsoleRoles)
#include "tst_console_roles.moc"
