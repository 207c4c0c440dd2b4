#include "ui/widgets/main_window.h"
#include "ui/widgets/file_dialogs.h"

#include "engine/calendar/calendar_selection.h"
#include "engine/import/iso_codes.h"
#include "engine/register/entity_fields.h"
#include "engine/rules/rejection_codes.h"
#include "ui/models/item_roles.h"
#include "ui/widgets/entity_page.h"
#include "ui/widgets/task_detail_text.h"

#include "ui/widgets/calendar_export.h"

#include "engine/audit/audit_store.h"
#include "engine/client/engine_client.h"
#include "ui/models/audit_model.h"
#include "ui/models/breaker_board.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/display_format.h"
#include "ui/models/exception_model.h"
#include "ui/models/member_model.h"
#include "ui/models/obligation_model.h"
#include "ui/models/permit_model.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/session/console_session.h"
#include "ui/session/deadline_reminders.h"
#include "ui/settings/console_settings.h"
#include "ui/widgets/about_dialog.h"
#include "ui/widgets/access_gate.h"
#include "ui/widgets/alert_notifier.h"
#include "ui/widgets/audit_page.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/batch_panel.h"
#include "ui/widgets/calendar_page.h"
#include "ui/widgets/dead_letters_page.h"
#include "ui/widgets/exceptions_page.h"
#include "ui/widgets/members_page.h"
#include "ui/widgets/obligations_page.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/permits_page.h"
#include "ui/widgets/reason_provider.h"
#include "ui/widgets/report_export.h"
#include "ui/widgets/sending_questions.h"
#include "ui/widgets/settings_dialog.h"
#include "ui/widgets/status_indicators.h"
#include "ui/widgets/task_filter_bar.h"

#include <QAction>
#include <QApplication>
#include <QAtomicInt>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateEdit>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLoggingCategory>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QShowEvent>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QToolTip>

#include <QVBoxLayout>
#include <algorithm>

Q_DECLARE_LOGGING_CATEGORY(lcConsole)

namespace fd::ui {

namespace {

enum Tab { ObligationsTab, PermitsTab, DeadLettersTab, ExceptionsTab, AuditTab, FleetTab, CalendarTab };

// Pixels on each side of a status bar message (QStatusBar's own margin and the size grip's room, rounded up).
constexpr int kStatusMessageMargin = 12;

/// A filing as prompts and the entity page name it: "Annual Franchise Tax Report 2027".
QString filingTitle(const Obligation &o) {
    return QCoreApplication::translate("fd::ui::MainWindow", "%1 %2")
        .arg(o.filingName.isEmpty() ? o.filingType : o.filingName)
        .arg(o.filingYear);
}

} // namespace

MainWindow::MainWindow(const ConsoleOptions &options, QWidget *parent)
    : QMainWindow(parent)
    , m_session(new ConsoleSession(options, this))
    , m_actions(new OperatorActions(m_session->client(), this, this))
    , m_notifier(new AlertNotifier(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setAccessibleName(tr("FilingDesk operator console"));
    setWindowIcon(style()->standardIcon(QStyle::SP_FileDialogDetailedView));
    buildActions();
    buildPages();
    buildMenus();
    connectSession();
    restoreLayout();
    updateTitle();

    m_tray = new QSystemTrayIcon(windowIcon(), this);
    m_tray->setToolTip(tr("FilingDesk"));
    m_notifier->useTrayIfAvailable(m_tray);
    connect(m_notifier, &AlertNotifier::noticeRaised, this, &MainWindow::showAlertNotice);
    connect(m_session->breakers(), &BreakerBoard::changed, this, &MainWindow::showFailingRegistries);
    connect(m_session->breakers(), &BreakerBoard::changed, this, &MainWindow::refreshNotice);

    DeadlineReminders *reminders = m_session->reminders();
    connect(reminders, &DeadlineReminders::remind, this,
            [this](const QString &title, const QString &text, const QList<DueReminder> &due) {
                showReminder(title, text, due);
            });
    connect(reminders, &DeadlineReminders::countsChanged, this, &MainWindow::setDueSoonCounts);
    connect(reminders, &DeadlineReminders::recounted, this, &MainWindow::refreshNotice);
    connect(reminders, &DeadlineReminders::countsChanged, this, &MainWindow::updatePlanSummary);

    // Operator actions and finished batches show up in the audit view without a manual refresh, a moment
    // later.
    m_auditRefresh.setSingleShot(true);
    m_auditRefresh.setInterval(400);
    connect(&m_auditRefresh, &QTimer::timeout, this, &MainWindow::refreshAudit);
    connect(m_actions, &OperatorActions::actionSent, this, [this] {
        m_auditRefresh.start();
        // The person acted again: what was not done before is no longer the news, here or in the status bar.
        clearNotDone();
        statusBar()->clearMessage();
    });
    connect(m_actions, &OperatorActions::refused, this,
            [this](const QString &message) { statusBar()->showMessage(message, 8000); });
    // A message longer than the room the indicators leave it: the indicators that only say all is well step
    // aside while it shows, and the whole of it is the status bar's tooltip (in a window narrower still).
    connect(statusBar(), &QStatusBar::messageChanged, this, &MainWindow::fitStatusMessage);
    statusBar()->installEventFilter(this);
    // Prompts name the filings they act on, as the Obligations view shows them.
    m_actions->setFilingLookup([this](const QString &key) -> std::optional<OperatorActions::FilingForPeople> {
        const ObligationModel *obligations = m_session->obligationModel();
        const int row = obligations->rowOfKey(key);
        if (row < 0)
            return std::nullopt;
        const FilingTask &task = obligations->rowAt(row).task;
        const Obligation &o = task.obligation;
        return OperatorActions::FilingForPeople{
            tr("%1, %2: %3").arg(o.entity->name, placeLabel(o.jurisdiction), filingTitle(o)), o.feeCents,
            isWithdrawn(task)};
    });

    QTimer::singleShot(0, m_session, &ConsoleSession::start);
}

MainWindow::~MainWindow() {
    // Stop the engine first: nothing may arrive for models that are being destroyed.
    m_session->shutdown();
}

void MainWindow::setReasonProvider(std::unique_ptr<ReasonProvider> provider) {
    m_actions->setReasonProvider(std::move(provider));
}

void MainWindow::buildActions() {
    auto make = [this](const QString &text, const QString &objectName, const QKeySequence &shortcut,
                       QStyle::StandardPixmap icon) {
        auto *action = new QAction(style()->standardIcon(icon), text, this);
        action->setObjectName(objectName);
        action->setShortcut(shortcut);
        action->setShortcutContext(Qt::WindowShortcut);
        action->setToolTip(shortcut.isEmpty()
                               ? QString(text).remove(QLatin1Char('&'))
                               : tr("%1 (%2)").arg(QString(text).remove(QLatin1Char('&')),
                                                   shortcut.toString(QKeySequence::NativeText)));
        return action;
    };
    m_openAction = make(tr("&Open portfolio…"), QStringLiteral("openPortfolioAction"), QKeySequence::Open,
                        QStyle::SP_DialogOpenButton);
    m_launchSelectionAction = make(tr("Launch &selection"), QStringLiteral("launchSelectionAction"),
                                   QKeySequence(QStringLiteral("Ctrl+L")), QStyle::SP_MediaPlay);
    m_launchDueAction = make(tr("Launch &due within…"), QStringLiteral("launchDueAction"),
                             QKeySequence(QStringLiteral("Ctrl+Shift+L")), QStyle::SP_MediaSeekForward);
    m_pauseAction = make(tr("&Pause"), QStringLiteral("pauseAction"), QKeySequence(QStringLiteral("Ctrl+P")),
                         QStyle::SP_MediaPause);
    m_resumeAction = make(tr("&Resume"), QStringLiteral("resumeAction"),
                          QKeySequence(QStringLiteral("Ctrl+R")), QStyle::SP_MediaPlay);
    m_admitAction = make(tr("&Admit filings open for filing"), QStringLiteral("admitAction"), QKeySequence(),
                         QStyle::SP_FileDialogNewFolder);
    m_admitAction->setToolTip(tr("Puts the planned filings whose filing window is open in line to be sent "
                                 "(as opening the portfolio does); nothing is sent before a launch"));
    connect(m_admitAction, &QAction::triggered, this, [this] {
        if (m_actions->refuseWithout(TeamAction::Launch, tr("Admit filings open for filing")))
            return;
        m_session->admitPlanned();
    });
    m_cancelAction = make(tr("&Cancel batch…"), QStringLiteral("cancelAction"),
                          QKeySequence(QStringLiteral("Ctrl+Shift+X")), QStyle::SP_MediaStop);
    m_settingsAction = make(tr("S&ettings…"), QStringLiteral("settingsAction"),
                            QKeySequence(QStringLiteral("Ctrl+,")), QStyle::SP_FileDialogInfoView);
    m_openEntityAction = make(tr("Open &entity"), QStringLiteral("openEntityAction"),
                              QKeySequence(QStringLiteral("Ctrl+E")), QStyle::SP_FileDialogDetailedView);
    m_openEntityAction->setToolTip(tr("Open the entity of the selected row: its data, its filings and what "
                                      "happened to them (also Enter, a double-click or the row's menu)"));
    connect(m_openEntityAction, &QAction::triggered, this, [this] {
        const QString entityId = selectedEntityId();
        if (entityId.isEmpty())
            statusBar()->showMessage(tr("Select a row first: its entity opens."), 5000);
        else
            openEntity(entityId);
    });
    m_findAction = make(tr("&Find"), QStringLiteral("findAction"), QKeySequence::Find,
                        QStyle::SP_FileDialogContentsView);
    m_exportCalendarAction = make(tr("Export &calendar…"), QStringLiteral("exportCalendarAction"),
                                  QKeySequence(QStringLiteral("Ctrl+Shift+E")), QStyle::SP_DialogSaveButton);
    m_calendarExport = new CalendarExport(m_session->client(), this, m_session->settings());
    m_reportExport = new ReportExport([this] { return m_session->reportSource(); }, this);
    m_reportExport->setChoices([this] { return reportChoicesOf(*m_session->obligationModel()); });
    connect(m_exportCalendarAction, &QAction::triggered, m_calendarExport, &CalendarExport::run);
    m_pauseAction->setEnabled(false);
    m_resumeAction->setEnabled(false);
    m_cancelAction->setEnabled(false);
    for (QAction *a :
         {m_openAction, m_launchSelectionAction, m_launchDueAction, m_pauseAction, m_resumeAction,
          m_cancelAction, m_settingsAction, m_findAction, m_exportCalendarAction})
        addAction(a);

    connect(m_openAction, &QAction::triggered, this, [this] {
        if (m_actions->refuseWithout(TeamAction::EditEntity, tr("Open portfolio")))
            return;
        const QString path =
            chooseFileToOpen(this, tr("Open portfolio"), tr("Portfolio CSV (*.csv);;All files (*)"));
        if (!path.isEmpty())
            loadPortfolio(path);
    });
    connect(m_launchSelectionAction, &QAction::triggered, this, &MainWindow::launchSelection);
    connect(m_launchDueAction, &QAction::triggered, this, &MainWindow::launchDueWithin);
    connect(m_pauseAction, &QAction::triggered, m_actions, &OperatorActions::pause);
    connect(m_resumeAction, &QAction::triggered, m_actions, &OperatorActions::resume);
    connect(m_cancelAction, &QAction::triggered, m_actions, &OperatorActions::cancel);
    connect(m_settingsAction, &QAction::triggered, this, &MainWindow::showSettings);
}

void MainWindow::buildPages() {
    m_obligationsPage = new ObligationsPage(m_session->obligationModel(), this);
    m_permitsPage = new PermitsPage(m_session->permitModel(), this);
    m_deadLettersPage = new DeadLettersPage(m_session->deadLetterModel(), this);
    m_exceptionsPage = new ExceptionsPage(m_session->exceptionModel(), this);
    m_auditPage = new AuditPage(m_session->auditModel(), this);
    m_membersPage = new MembersPage(m_session->memberModel(), this);
    m_calendarPage = new CalendarPage(m_session->obligationModel(), this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setAccessibleName(tr("Console views"));
    m_tabs->addTab(m_obligationsPage, tr("Obligations"));
    m_tabs->addTab(m_permitsPage, tr("Permits"));
    m_tabs->addTab(m_deadLettersPage, tr("Could not be filed"));
    m_tabs->setTabToolTip(DeadLettersTab,
                          tr("Filings the registry would not take after every attempt, or whose data it "
                             "could not read: each needs a person (dead letters)"));
    m_tabs->addTab(m_exceptionsPage, tr("Halts && exceptions"));
    m_tabs->addTab(m_auditPage, tr("Audit"));
    m_tabs->addTab(m_membersPage, tr("Fleet"));
    m_tabs->addTab(m_calendarPage, tr("Calendar"));
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto *jump = new QAction(this);
        jump->setObjectName(QStringLiteral("showTab%1Action").arg(i + 1));
        jump->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)));
        jump->setShortcutContext(Qt::WindowShortcut);
        connect(jump, &QAction::triggered, m_tabs, [this, i] { m_tabs->setCurrentIndex(i); });
        addAction(jump);
    }
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == AuditTab)
            refreshAudit();
        else if (index == DeadLettersTab || index == ExceptionsTab)
            m_session->client()->queryNotes(); // what other desks wrote meanwhile
    });

    m_blindBanner = new BannerWidget(BannerWidget::Kind::Alarm, this);
    m_blindBanner->setObjectName(QStringLiteral("gateBlindBanner"));
    m_ledgerBanner = new BannerWidget(BannerWidget::Kind::Alarm, this);
    m_ledgerBanner->setObjectName(QStringLiteral("ledgerBanner"));
    m_pausedBanner = new BannerWidget(BannerWidget::Kind::Warning, this);
    m_pausedBanner->setObjectName(QStringLiteral("pausedBanner"));
    m_pausedBannerResume = m_pausedBanner->addButton(tr("Resume"), QStringLiteral("pausedBannerResume"));
    connect(m_pausedBannerResume, &QToolButton::clicked, m_resumeAction, &QAction::trigger);
    m_waitingBanner = new BannerWidget(BannerWidget::Kind::Warning, this);
    m_waitingBanner->setObjectName(QStringLiteral("waitingBanner"));
    connect(m_waitingBanner->addButton(tr("Resume sending…"), QStringLiteral("resumeSendingButton")),
            &QToolButton::clicked, this, &MainWindow::resumeWaiting);
    m_noticeBanner = new BannerWidget(BannerWidget::Kind::Notice, this);
    m_noticeBanner->setObjectName(QStringLiteral("noticeBanner"));
    connect(m_noticeBanner->addButton(tr("Show"), QStringLiteral("noticeShow")), &QToolButton::clicked, this,
            [this] {
                const bool permits = m_noticeAlert == AlertKind::BreakerOpen ||
                                     m_noticeAlert == AlertKind::BreakerClosed ||
                                     m_noticeAlert == AlertKind::PermitLost;
                if (m_noticeSubject == NoticeSubject::Conflicts && !m_noticeConflictEntities.isEmpty()) {
                    // Decided on the entity's page; the notice stays for the others.
                    openEntity(m_noticeConflictEntities.takeFirst());
                    showConflictNotice(QString());
                    return;
                }
                if (m_noticeSubject == NoticeSubject::Reminder)
                    m_tabs->setCurrentIndex(CalendarTab);
                else if (m_noticeSubject == NoticeSubject::Alert && permits)
                    m_tabs->setCurrentIndex(PermitsTab);
                else
                    m_tabs->setCurrentIndex(m_session->exceptionModel()->rowCount() > 0 ? ExceptionsTab
                                                                                        : DeadLettersTab);
                showNotice(QString());
            });
    connect(m_noticeBanner->addButton(tr("Dismiss"), QStringLiteral("noticeDismiss")), &QToolButton::clicked,
            this, [this] { showNotice(QString()); });

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addWidget(m_blindBanner);
    layout->addWidget(m_ledgerBanner);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);
    // The paused banner and the notices come and go while people work (a notice clears itself when its
    // filings are dealt with): they lie over the bottom of the views instead of pushing the tabs and rows
    // down and pulling them up again under the pointer.
    m_bannerOverlay = new QWidget(central);
    m_bannerOverlay->setObjectName(QStringLiteral("bannerOverlay"));
    auto *overlay = new QVBoxLayout(m_bannerOverlay);
    overlay->setContentsMargins(0, 0, 0, 0);
    overlay->setSpacing(2);
    m_pausedBanner->setParent(m_bannerOverlay);
    m_waitingBanner->setParent(m_bannerOverlay);
    m_noticeBanner->setParent(m_bannerOverlay);
    overlay->addWidget(m_pausedBanner);
    overlay->addWidget(m_waitingBanner);
    overlay->addWidget(m_noticeBanner);
    m_bannerOverlay->hide();
    for (BannerWidget *banner : {m_pausedBanner, m_waitingBanner, m_noticeBanner})
        connect(banner, &BannerWidget::messageChanged, this, &MainWindow::placeBannerOverlay);
    m_tabs->installEventFilter(this);

    m_batchPanel = new BatchPanel(
        {m_launchDueAction, m_launchSelectionAction, m_pauseAction, m_resumeAction, m_cancelAction},
        m_session->options().dueWithinDays, this);
    m_batchDock = new QDockWidget(tr("Batch"), this);
    m_batchDock->setObjectName(QStringLiteral("batchDock"));
    m_batchDock->setWidget(m_batchPanel);
    // Closable: View > Batch shows and hides it (a dock that cannot be closed has its menu toggle disabled).
    m_batchDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                             QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, m_batchDock);

    auto *toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(m_openAction);
    auto *asOfLabel = new QLabel(tr(" As of: "), toolbar);
    m_asOf = new QDateEdit(m_session->asOf(), toolbar);
    m_asOf->setObjectName(QStringLiteral("asOfEdit"));
    m_asOf->setAccessibleName(tr("As-of date for due dates"));
    m_asOf->setDisplayFormat(datePattern());
    m_asOf->setCalendarPopup(true);
    asOfLabel->setBuddy(m_asOf);
    toolbar->addWidget(asOfLabel);
    toolbar->addWidget(m_asOf);
    toolbar->addSeparator();
    toolbar->addAction(m_launchSelectionAction);
    // "Launch due within…" offers its choice here too (the Batch panel, with its box of days, may be hidden):
    // the button launches the panel's window, its arrow lists the windows with how many filings each sends.
    auto *launchDue = new QToolButton(toolbar);
    launchDue->setObjectName(QStringLiteral("launchDueToolButton"));
    launchDue->setDefaultAction(m_launchDueAction);
    launchDue->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    launchDue->setPopupMode(QToolButton::MenuButtonPopup);
    auto *windows = new QMenu(launchDue);
    windows->setObjectName(QStringLiteral("launchDueMenu"));
    connect(windows, &QMenu::aboutToShow, this, [this, windows] { fillLaunchDueMenu(windows); });
    fillLaunchDueMenu(windows);
    launchDue->setMenu(windows);
    toolbar->addWidget(launchDue);
    toolbar->addAction(m_pauseAction);
    toolbar->addAction(m_resumeAction);
    toolbar->addAction(m_cancelAction);
    toolbar->addSeparator();
    toolbar->addAction(m_settingsAction);

    // Changing the as-of date plans everything again at once (due dates, windows, penalties, status).
    m_asOfChange.setSingleShot(true);
    m_asOfChange.setInterval(400);
    connect(m_asOf, &QDateEdit::dateChanged, this, [this](const QDate &date) {
        m_session->setAsOf(date);
        m_asOfChange.start();
    });
    connect(&m_asOfChange, &QTimer::timeout, this, [this] {
        if (m_session->obligationModel()->rowCount() == 0) {
            m_confirmedAsOf = m_asOf->date(); // nothing planned yet: the next portfolio is planned at it
            return;
        }
        if (m_asOf->date() == m_session->obligationModel()->asOf())
            return; // back where the plan is
        // What was due at the date the person chose, to say what the new date changes.
        if (m_session->obligationModel()->asOf() == m_confirmedAsOf)
            m_dueAtConfirmed = m_session->dueCounts(m_batchPanel->dueWithinDays());
        // A reminder on show was about the old date: "in 14 days" would now be wrong.
        if (m_noticeSubject == NoticeSubject::Reminder)
            showNotice(QString());
        // Planned again, never admitted: a new date alone puts nothing in line to be sent.
        m_session->replan();
        statusBar()->showMessage(tr("Planning again as of %1…").arg(formatDate(m_asOf->date())), 5000);
    });

    m_indicators = new StatusIndicators(this);
    m_indicators->setObjectName(QStringLiteral("statusIndicators"));
    statusBar()->setObjectName(QStringLiteral("statusBar"));
    m_modeBadge = new QLabel(this);
    m_modeBadge->setObjectName(QStringLiteral("modeBadge"));
    m_modeBadge->setAccessibleName(tr("Registry mode"));
    m_modeBadge->setMargin(2);
    m_dueSoonButton = new QToolButton(this);
    m_dueSoonButton->setObjectName(QStringLiteral("dueSoonButton"));
    m_dueSoonButton->setAutoRaise(true);
    m_dueSoonButton->setToolTip(
        tr("Filings not filed yet that are overdue or due within %n day(s)", nullptr, kDueSoonDays));
    m_dueSoonButton->hide();
    connect(m_dueSoonButton, &QToolButton::clicked, this, [this] {
        m_tabs->setCurrentIndex(ObligationsTab);
        if (auto *bar = m_obligationsPage->findChild<TaskFilterBar *>()) {
            if (bar->dueWindowSpin())
                bar->dueWindowSpin()->setValue(kDueSoonDays);
            if (bar->complianceCombo())
                bar->complianceCombo()->setCurrentIndex(bar->complianceCombo()->count() - 1); // not filed yet
        }
    });
    // Team mode: who is logged in to the ledger, and the highest FilingDesk role they hold.
    m_accessLabel = new QLabel(this);
    m_accessLabel->setObjectName(QStringLiteral("accessLabel"));
    m_accessLabel->setAccessibleName(tr("Logged in as"));
    m_accessLabel->setMargin(2);
    m_accessLabel->hide();
    statusBar()->addPermanentWidget(m_accessLabel);
    statusBar()->addPermanentWidget(m_dueSoonButton);
    statusBar()->addPermanentWidget(m_modeBadge);
    statusBar()->addPermanentWidget(m_indicators);

    connect(m_findAction, &QAction::triggered, this, [this] {
        QWidget *page = m_tabs->currentWidget();
        if (auto *bar = page->findChild<TaskFilterBar *>()) {
            bar->searchEdit()->setFocus();
            bar->searchEdit()->selectAll();
        } else if (auto *edit = page->findChild<QLineEdit *>()) {
            edit->setFocus();
        }
    });
    connect(m_obligationsPage, &ObligationsPage::launchSelectionRequested, this,
            &MainWindow::launchSelection);
    connect(m_obligationsPage, &ObligationsPage::withdrawRequested, m_actions, &OperatorActions::withdraw);
    connect(m_deadLettersPage, &DeadLettersPage::replayRequested, this, &MainWindow::tryAgain);
    connect(m_deadLettersPage, &DeadLettersPage::noteRequested, m_actions, &OperatorActions::addNote);
    connect(
        m_deadLettersPage, &DeadLettersPage::withdrawRequested, m_actions,
        [this](const QStringList &keys, const QStringList &leftOut) { m_actions->withdraw(keys, leftOut); });
    connect(m_exceptionsPage, &ExceptionsPage::resolveRequested, this, &MainWindow::resolveHalts);
    connect(m_exceptionsPage, &ExceptionsPage::withdrawRequested, m_actions,
            [this](const QStringList &keys) { m_actions->withdraw(keys); });
    connect(m_exceptionsPage, &ExceptionsPage::noteRequested, m_actions, &OperatorActions::addNote);
    const auto filedOutside = [this](const QString &key) {
        const ObligationModel *obligations = m_session->obligationModel();
        const int row = obligations->rowOfKey(key);
        if (row < 0)
            return;
        const FilingTask task = obligations->rowAt(row).task;
        const Obligation &o = task.obligation;
        m_actions->recordFiledOutside(key,
                                      tr("%1 %2 %3 of %4")
                                          .arg(o.filingName.isEmpty() ? o.filingType : o.filingName)
                                          .arg(o.filingYear)
                                          .arg(placeLabel(o.jurisdiction), o.entity->name),
                                      o.feeCents);
    };
    connect(m_exceptionsPage, &ExceptionsPage::filedOutsideRequested, this, filedOutside);
    connect(m_deadLettersPage, &DeadLettersPage::filedOutsideRequested, this, filedOutside);
    // Double-click or Enter on a row of any view opens its entity (an editable cell edits instead); so does
    // the row's context menu.
    for (QAbstractItemView *view : m_tabs->findChildren<QAbstractItemView *>()) {
        // The menu a table already has (its actions: "Copy rows") comes after "Open entity".
        if (view->contextMenuPolicy() == Qt::DefaultContextMenu ||
            view->contextMenuPolicy() == Qt::ActionsContextMenu) {
            view->setContextMenuPolicy(Qt::CustomContextMenu);
            connect(view, &QWidget::customContextMenuRequested, this,
                    [this, view](const QPoint &at) { showRowMenu(view, at); });
        }
        connect(view, &QAbstractItemView::activated, this, [this, view](const QModelIndex &index) {
            if (!index.isValid() || (index.flags() & Qt::ItemIsEditable &&
                                     view->editTriggers() & QAbstractItemView::DoubleClicked))
                return;
            const QString entityId = index.data(EntityIdRole).toString();
            if (entityId.isEmpty())
                return;
            // A filing refused or halted for its data opens its entity with the fields that cure it marked
            // and the one-step cure offered; any other row opens the entity as it is.
            const QString key = index.data(KeyRole).toString();
            if (view == m_deadLettersPage->table() && openCure(key, EntityPage::CureStep::TryAgain))
                return;
            if (view == m_exceptionsPage->table() && openCure(key, EntityPage::CureStep::Requeue))
                return;
            openEntity(entityId);
        });
    }
    connect(m_session->obligationModel(), &ObligationModel::entityEditRequested, m_actions,
            [this](const QString &entityId, const QDate &formationDate, const QString &entityType) {
                const ObligationModel *obligations = m_session->obligationModel();
                QString name = m_session->entity(entityId).name;
                for (int r = 0; name.isEmpty() && r < obligations->rowCount(); ++r) {
                    if (obligations->rowAt(r).task.obligation.entity->entityId == entityId)
                        name = obligations->rowAt(r).task.obligation.entity->name;
                }
                m_actions->editEntity(entityId, formationDate, entityType, name);
            });
    connect(m_auditPage, &AuditPage::queryRequested, m_session->client(), &EngineClient::queryAudit);
    connect(m_deadLettersPage, &DeadLettersPage::reviewOpenRequested, m_actions,
            &OperatorActions::openReview);
    connect(m_deadLettersPage, &DeadLettersPage::reviewCloseRequested, m_actions,
            &OperatorActions::closeReview);
    connect(m_exceptionsPage, &ExceptionsPage::reviewOpenRequested, m_actions, &OperatorActions::openReview);
    connect(m_exceptionsPage, &ExceptionsPage::reviewCloseRequested, m_actions,
            &OperatorActions::closeReview);
    connect(m_membersPage, &MembersPage::refreshRequested, m_session->client(),
            &EngineClient::refreshMembers);
    connect(m_calendarPage, &CalendarPage::entityRequested, this, [this](const QString &entityId) {
        if (!entityId.isEmpty())
            openEntity(entityId);
    });
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_session->deadLetterModel()),
                                      static_cast<QAbstractItemModel *>(m_session->exceptionModel())}) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateTabCounts);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateTabCounts);
        connect(model, &QAbstractItemModel::modelReset, this, &MainWindow::updateTabCounts);
        // A dead letter withdrawn stays in its row: the count of those needing a person changes all the same.
        connect(model, &QAbstractItemModel::dataChanged, this, &MainWindow::updateTabCounts);
    }
}

void MainWindow::buildMenus() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addAction(m_exportCalendarAction);
    file->addAction(m_settingsAction);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcutContext(Qt::WindowShortcut);
    QMenu *reports = menuBar()->addMenu(tr("&Reports"));
    QAction *filingReport = reports->addAction(tr("&Filings report…"), this,
                                               [this] { m_reportExport->runFilings(m_session->asOf()); });
    filingReport->setObjectName(QStringLiteral("filingReportAction"));
    filingReport->setToolTip(
        tr("Every filing: entity, jurisdiction, due date, status, confirmation number, fees "
           "in dollars, who launched and resolved it (PDF for people, CSV for "
           "spreadsheets)"));
    QAction *statusReport = reports->addAction(tr("&Compliance status report…"), this,
                                               [this] { m_reportExport->runStatus(m_session->asOf()); });
    statusReport->setObjectName(QStringLiteral("statusReportAction"));
    statusReport->setToolTip(tr("The portfolio's position as of the as-of date: filed, due in 30/60/90 days, "
                                "overdue, needs data, halted, penalty exposure"));
    reports->addSeparator();
    reports->addAction(m_exportCalendarAction);
    QMenu *batch = menuBar()->addMenu(tr("&Batch"));
    batch->addAction(m_admitAction);
    batch->addSeparator();
    for (QAction *a :
         {m_launchSelectionAction, m_launchDueAction, m_pauseAction, m_resumeAction, m_cancelAction})
        batch->addAction(a);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_openEntityAction);
    view->addAction(m_findAction);
    m_myFilingsAction = view->addAction(tr("&My filings only"));
    m_myFilingsAction->setObjectName(QStringLiteral("myFilingsAction"));
    m_myFilingsAction->setCheckable(true);
    m_myFilingsAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+M")));
    m_myFilingsAction->setShortcutContext(Qt::WindowShortcut);
    m_myFilingsAction->setToolTip(tr("Show only the filings of entities you own (Settings: your name as "
                                     "owner)"));
    addAction(m_myFilingsAction);
    connect(m_myFilingsAction, &QAction::toggled, this, [this](bool mine) {
        for (TaskFilterBar *bar : m_tabs->findChildren<TaskFilterBar *>())
            bar->showMine(mine);
    });
    QAction *batchPanel = m_batchDock->toggleViewAction();
    batchPanel->setObjectName(QStringLiteral("showBatchPanelAction"));
    batchPanel->setText(tr("&Batch panel"));
    batchPanel->setToolTip(tr("Show or hide the Batch panel (launch, pause, resume, progress)"));
    view->addAction(batchPanel);
    QAction *refresh = view->addAction(tr("Refresh &audit"), this, &MainWindow::refreshAudit);
    refresh->setObjectName(QStringLiteral("refreshAuditAction"));
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), this, [this] {
        QMessageBox::information(
            this, tr("Keyboard shortcuts"),
            tr("Ctrl+O open portfolio\nCtrl+L launch selection\nCtrl+Shift+L launch everything due "
               "within N days\nCtrl+P pause\nCtrl+R resume\nCtrl+Shift+X cancel batch\n"
               "Ctrl+Shift+R try the selected filings that could not be filed again\nCtrl+E open the entity "
               "of the selected row\nCtrl+F search the current view\n"
               "Ctrl+1 … Ctrl+7 switch views (Ctrl+7 calendar)\nCtrl+Shift+M my filings only\nF5 search the "
               "audit trail\nCtrl+, settings"));
    });
    help->addSeparator();
    QAction *about = help->addAction(tr("&About FilingDesk"), this, [this] {
        AboutDialog dialog(this);
        dialog.exec();
    });
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
}

QString MainWindow::filingSteps(const QList<ObligationRow> &rows) {
    QStringList steps;
    for (const ObligationRow &row : rows)
        steps.append(row.key + QLatin1Char(':') + stateName(row.task.state) + QLatin1Char(':') +
                     row.task.updatedUtc.toString(Qt::ISODateWithMs));
    return steps.join(QLatin1Char(','));
}

void MainWindow::refreshEntityPages() {
    for (EntityPage *page : std::as_const(m_entityPages)) {
        if (!page)
            continue;
        const QList<ObligationRow> rows = m_session->rowsOfEntity(page->entityId());
        page->setFilings(rows, m_session->obligationModel()->asOf());
        // A filing of the entity moved on (filed, refused, tried again): its timeline is read again, so that
        // it ends where the page's filings are, not at the step shown when it was opened.
        const QString seen = filingSteps(rows);
        QString &before = m_entityPageSteps[page->entityId()];
        if (before != seen) {
            before = seen;
            m_session->client()->queryEntityHistory(page->entityId());
        }
    }
}

QString MainWindow::selectedEntityId() const {
    QWidget *tab = m_tabs->currentWidget();
    if (!tab)
        return {};
    // The view the user is in; else the first of the tab's views with a current row.
    QList<QAbstractItemView *> views;
    if (auto *focused = qobject_cast<QAbstractItemView *>(QApplication::focusWidget());
        focused && tab->isAncestorOf(focused))
        views.append(focused);
    views += tab->findChildren<QAbstractItemView *>();
    for (const QAbstractItemView *view : std::as_const(views)) {
        const QString entityId = view->currentIndex().data(EntityIdRole).toString();
        if (view->isVisible() && !entityId.isEmpty())
            return entityId;
    }
    return {};
}

void MainWindow::showRowMenu(QAbstractItemView *view, const QPoint &at) {
    const QModelIndex index = view->indexAt(at);
    const QString entityId = index.data(EntityIdRole).toString();
    // popup(), not exec(): the console's event loop keeps running (and a test can find the menu).
    auto *menu = new QMenu(view);
    menu->setObjectName(QStringLiteral("rowMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (!entityId.isEmpty()) {
        QString name = m_session->entity(entityId).name;
        if (name.isEmpty()) {
            const QList<ObligationRow> rows = m_session->rowsOfEntity(entityId);
            name = rows.isEmpty() ? entityId : rows.first().task.obligation.entity->name;
        }
        // "Supply & Marketing": an ampersand in a menu text is a mnemonic unless doubled.
        name.replace(QLatin1Char('&'), QLatin1String("&&"));
        QAction *open = menu->addAction(tr("Open entity \u201c%1\u201d").arg(name), this,
                                        [this, entityId] { openEntity(entityId); });
        open->setObjectName(QStringLiteral("rowMenuOpenEntity"));
        open->setShortcut(m_openEntityAction->shortcut());
        if (!view->actions().isEmpty())
            menu->addSeparator();
    }
    menu->addActions(view->actions());
    if (menu->isEmpty()) {
        delete menu;
        return;
    }
    menu->popup(view->viewport()->mapToGlobal(at));
}

EntityPage *MainWindow::openEntity(const QString &entityId) {
    if (EntityPage *open = m_entityPages.value(entityId)) {
        open->show();
        open->raise();
        open->activateWindow();
        return open;
    }
    Entity entity = m_session->entity(entityId);
    const QList<ObligationRow> rows = m_session->rowsOfEntity(entityId);
    if (entity.entityId.isEmpty()) {
        if (rows.isEmpty()) {
            statusBar()->showMessage(tr("%1 is not in the entity register.").arg(entityId), 10000);
            return nullptr;
        }
        entity = rows.first().task.obligation.entity; // not in the register (a row the file could not read)
    }
    // Closed pages delete themselves; their QPointer turns null (no "destroyed" handler: when the window
    // itself goes, its pages go after its members).
    m_entityPages.removeIf([](const auto &entry) { return entry.value().isNull(); });
    auto *page = new EntityPage(m_actions, this);
    // The batch's shortcuts (Ctrl+Shift+L, Ctrl+P, Ctrl+R, Ctrl+Shift+X) work from the entity page's window
    // too: a window shortcut of an action counts in every window the action was added to. Not "launch
    // selection": the page has no selection of filings to launch.
    page->addActions({m_launchDueAction, m_pauseAction, m_resumeAction, m_cancelAction});
    m_entityPages.insert(entityId, page);
    m_entityPageSteps.insert(entityId, filingSteps(rows)); // the history read below shows these
    page->setEntity(entity, m_session->registerConflicts());
    page->setFilings(rows, m_session->obligationModel()->asOf());
    m_session->client()->queryEntityHistory(entityId);
    page->show();
    return page;
}

bool MainWindow::openCure(const QString &key, EntityPage::CureStep step) {
    const TaskSubsetModel *model = step == EntityPage::CureStep::TryAgain
                                       ? static_cast<const TaskSubsetModel *>(m_session->deadLetterModel())
                                       : static_cast<const TaskSubsetModel *>(m_session->exceptionModel());
    const int row = model->rowOfKey(key);
    if (row < 0)
        return false;
    const FilingTask task = model->taskAt(row);
    const std::optional<RejectionCode> rejection = RejectionCatalogue::builtIn().find(task.lastErrorCode);
    const QString entityId = task.obligation.entity->entityId;
    if (!rejection || !rejection->dataDefect || rejection->fields.isEmpty() ||
        !m_session->entityRegister().contains(entityId))
        return false;
    // Cured already: the register no longer holds what the registry refused (the retry carries the edit).
    const Entity current = m_session->entity(entityId);
    for (const QString &column : rejection->fields) {
        const EntityField *f = EntityFields::find(column);
        if (f && f->text(current) != f->text(task.obligation.entity))
            return false;
    }
    const QString filing = filingTitle(task.obligation);
    EntityPage *page = openEntity(entityId);
    if (!page)
        return false;
    if (step == EntityPage::CureStep::TryAgain)
        m_cureOffered.insert(key);
    const QString explanation = rejectionExplanation(task.lastErrorCode, task.obligation);
    page->setCure(
        rejection->fields,
        step == EntityPage::CureStep::TryAgain
            ? tr("%1\nCorrect the marked fields, then press \u201cSave and try again\u201d: the "
                 "changes are saved and %2 is tried again with the corrected data, as the same filing "
                 "(the registry will not file it twice). If the data is right as it is (corrected "
                 "with the registry, say), close this page and press \u201cTry again\u2026\u201d "
                 "once more: the filing is sent as it is.")
                  .arg(explanation, filing)
            : tr("%1\nCorrect the marked fields, then press \u201cSave and "
                 "requeue\u201d: the changes are saved and %2 is sent again with the "
                 "corrected data, as the same filing (the registry will not file it "
                 "twice).")
                  .arg(explanation, filing),
        key, filing, step);
    return true;
}

void MainWindow::tryAgain(const QStringList &keys, const QString &scope, const QString &aside) {
    // A filing the registry refused for its data is cured in the entity's data first: trying one whose data
    // is as it was when refused opens the fields that cure it (the same payload would be refused again),
    // unless the cure was offered already for it.
    // Offered once: a person who presses "Try again…" again after seeing it sends the filing as it is.
    if (keys.size() == 1 && !m_cureOffered.contains(keys.first()) &&
        m_actions->access().allows(TeamAction::Replay) &&
        openCure(keys.first(), EntityPage::CureStep::TryAgain))
        return;
    m_actions->replay(keys, scope, aside);
}

void MainWindow::resolveHalts(const QStringList &keys, bool requeue) {
    if (m_actions->refuseWithout(requeue ? TeamAction::ResolveHalt : TeamAction::AcceptException,
                                 requeue ? tr("Resolve and requeue") : tr("Accept as filed")))
        return; // before the entity page is opened for a cure the login could not save
    // A halt for a data defect is cured in the entity's data: the first requeue of one whose data is as it
    // was when the registry refused it opens the fields that cure it, with what the rejection means.
    if (requeue && keys.size() == 1 && openCure(keys.first(), EntityPage::CureStep::Requeue))
        return;
    m_actions->resolve(keys, requeue);
}

void MainWindow::connectSession() {
    ConsoleSession *session = m_session;
    connect(session, &ConsoleSession::startProblems, this, [this](const QStringList &problems) {
        // One notice for all of them: a later one must not hide an earlier one.
        showNotice(problems.join(QLatin1Char(' ')));
        statusBar()->showMessage(problems.first(), 30000);
    });
    connect(session, &ConsoleSession::registryModeChanged, this, &MainWindow::showRegistryMode);
    connect(session, &ConsoleSession::configured, this, &MainWindow::showSessionConfigured);
    connect(session, &ConsoleSession::started, this, &MainWindow::onEngineStarted);
    connect(session, &ConsoleSession::portfolioFailed, this,
            [this](const QString &error) { QMessageBox::warning(this, tr("Portfolio not loaded"), error); });
    connect(session, &ConsoleSession::portfolioLoaded, this, &MainWindow::onPortfolioLoaded);
    connect(session, &ConsoleSession::asOfReplanned, this, &MainWindow::confirmAsOf);
    connect(session, &ConsoleSession::sendingWaits, this, &MainWindow::showWaiting);
    connect(session, &ConsoleSession::tasksChanged, this, [this] {
        if (m_session->hasWaiting())
            showWaiting(); // launched, withdrawn or filed meanwhile: the count follows
    });
    connect(
        session, &ConsoleSession::admitted, this, [this](int admitted, int known, int notYetOpen, int later) {
            statusBar()->showMessage(tr("%n filing(s) ready to launch", nullptr, admitted) +
                                         tr(", %1 already known, %2 not yet open for filing, %3 due later")
                                             .arg(known)
                                             .arg(notYetOpen)
                                             .arg(later),
                                     10000);
            m_obligationsPage->refreshJurisdictions();
            clearNotDone();
        });
    connect(session, &ConsoleSession::tasksChanged, this, &MainWindow::refreshEntityPages);
    connect(session, &ConsoleSession::registerChanged, this, [this] {
        clearNotDone(); // an edit went through
        updateOwnerFilters();
        for (EntityPage *page : std::as_const(m_entityPages)) {
            if (page && m_session->entityRegister().contains(page->entityId())) {
                page->setEntity(m_session->entity(page->entityId()), m_session->registerConflicts());
                m_session->client()->queryEntityHistory(page->entityId());
            }
        }
    });
    connect(session, &ConsoleSession::entityEditApplied, this,
            [this](const QString &entityId, int rebuilt, int halted, int alreadyLeft) {
                if (EntityPage *page = m_entityPages.value(entityId))
                    page->editApplied(rebuilt, halted, alreadyLeft);
            });
    connect(session, &ConsoleSession::registerEditFailed, this,
            [this](const QString &entityId, const QString &why) {
                for (EntityPage *page : std::as_const(m_entityPages)) {
                    if (page && page->entityId() == entityId)
                        page->saveFailed(why);
                }
            });
    connect(session, &ConsoleSession::entityHistory, this,
            [this](const QString &entityId, const QList<AuditEntry> &entries) {
                if (EntityPage *page = m_entityPages.value(entityId))
                    page->setHistory(entries);
            });
    connect(session, &ConsoleSession::unchangedPayloadHeld, this,
            [this](const QStringList &keys, const QString &message) {
                m_actions->confirmSendUnchanged(keys, message);
            });
    connect(session, &ConsoleSession::accessChanged, this, &MainWindow::applyAccess);
    connect(session, &ConsoleSession::batchStatusChanged, this, &MainWindow::applyBatchStatus);
    connect(session, &ConsoleSession::batchIdle, this, [this] {
        statusBar()->showMessage(tr("The batch has nothing left to send."), 15000);
        m_auditRefresh.start();
    });
    connect(session, &ConsoleSession::gateBlindChanged, this, &MainWindow::showGateBlind);
    connect(session, &ConsoleSession::ledgerStateChanged, this, &MainWindow::showLedgerState);
    connect(session, &ConsoleSession::ledgerWaitingOnLock, this, [this](const QString &detail) {
        m_indicators->setLedger(StatusIndicators::Ledger::WaitingOnLock,
                                tr("%1: %2").arg(m_session->ledgerDisplay(), detail));
    });
    connect(session, &ConsoleSession::reviewsChanged, this, [this] {
        m_deadLettersPage->fitReviewColumn();
        m_exceptionsPage->fitReviewColumn();
    });
    connect(session, &ConsoleSession::membersUpdated, m_membersPage, &MembersPage::setMembers);
    connect(session, &ConsoleSession::usageUpdated, m_permitsPage, &PermitsPage::addUsage);
    connect(session, &ConsoleSession::auditResults, m_auditPage, &AuditPage::setResultCount);
    // Every kind, known or not, is announced.
    connect(session, &ConsoleSession::alertRaised, m_notifier, &AlertNotifier::addAlert);
    connect(session, &ConsoleSession::errorOccurred, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Not done: %1").arg(message), 15000);
        showNotDone(message);
    });
    connect(session, &ConsoleSession::heartbeat, m_indicators, &StatusIndicators::setEngineAlive);
    connect(session, &ConsoleSession::registryReachabilityChanged, m_indicators,
            &StatusIndicators::setRegistry);
}

void MainWindow::confirmAsOf(const QDate &asOf) {
    if (asOf == m_confirmedAsOf || !m_confirmedAsOf.isValid()) {
        m_confirmedAsOf = asOf;
        return;
    }
    const int days = m_batchPanel->dueWithinDays();
    const ConsoleSession::DueCounts now = m_session->dueCounts(days);
    // Filings the new date makes due or overdue that were not at the date the person chose (another period's
    // filings, or the same ones moved past their due date).
    const int becomeOverdue = int((now.overdue - m_dueAtConfirmed.overdue).size());
    const int becomeDue = int((now.dueWithin - m_dueAtConfirmed.dueWithin - m_dueAtConfirmed.overdue).size());
    if (becomeOverdue == 0 && becomeDue == 0) {
        m_confirmedAsOf = asOf; // nothing becomes due or overdue: nothing to ask
        return;
    }
    if (m_asOfQuestion)
        m_asOfQuestion->deleteLater();
    QPushButton *keep = nullptr;
    QMessageBox *box =
        SendingQuestions::asOf(this,
                               AsOfChange{asOf, m_confirmedAsOf, becomeOverdue, becomeDue, days,
                                          int(now.overdue.size()), int(now.dueWithin.size())},
                               &keep);
    connect(box, &QMessageBox::finished, this, [this, box, keep, asOf] {
        if (box->clickedButton() == keep) {
            m_confirmedAsOf = asOf;
            statusBar()->showMessage(tr("Due dates as of %1.").arg(formatDate(asOf)), 10000);
        } else {
            revertAsOf();
        }
    });
    m_asOfQuestion = box;
    box->open();
}

void MainWindow::revertAsOf() {
    if (!m_confirmedAsOf.isValid())
        return;
    {
        const QSignalBlocker quiet(m_asOf);
        m_asOf->setDate(m_confirmedAsOf);
    }
    m_asOfChange.stop();
    m_session->setAsOf(m_confirmedAsOf);
    m_session->replan();
    statusBar()->showMessage(tr("Back to the as-of date %1.").arg(formatDate(m_confirmedAsOf)), 10000);
}

void MainWindow::showNotDone(const QString &message) {
    QList<std::pair<QString, int>> shown =
        m_noticeSubject == NoticeSubject::NotDone && m_noticeBanner->isVisibleTo(this)
            ? m_notDone
            : QList<std::pair<QString, int>>();
    const auto same = std::find_if(shown.begin(), shown.end(), [&message](const std::pair<QString, int> &m) {
        return m.first == message;
    });
    if (same != shown.end())
        ++same->second;
    else
        shown.append({message, 1});
    // The latest three in full; the earlier ones counted.
    constexpr qsizetype kShownInFull = 3;
    QStringList lines;
    const qsizetype earlier = std::max<qsizetype>(0, shown.size() - kShownInFull);
    if (earlier > 0)
        lines << tr("%n earlier refusal(s) not shown", nullptr, int(earlier));
    for (qsizetype i = earlier; i < shown.size(); ++i)
        lines << (shown.at(i).second > 1
                      ? tr("Not done (%1 times): %2").arg(shown.at(i).second).arg(shown.at(i).first)
                      : tr("Not done: %1").arg(shown.at(i).first));
    showNotice(lines.join(QLatin1Char('\n')));
    m_noticeSubject = NoticeSubject::NotDone; // old news once the person has moved on (clearNotDone())
    m_notDone = shown;
}

void MainWindow::clearNotDone() {
    if (m_noticeSubject == NoticeSubject::NotDone)
        showNotice(QString());
}

void MainWindow::onPortfolioLoaded(const PortfolioSummary &summary) {
    if (!summary.file.isEmpty()) {
        m_confirmedAsOf = summary.asOf; // opened as of the date the person set
        clearNotDone();
    }
    const QString portfolioName = m_session->portfolioName();
    updateOwnerFilters();
    if (!summary.conflicts.isEmpty()) {
        QStringList entities;
        for (const RegisterConflict &c : summary.conflicts) {
            if (!entities.contains(c.entityId))
                entities.append(c.entityId);
        }
        showNotice(QString());
        m_noticeSubject = NoticeSubject::Conflicts;
        m_noticeConflictEntities = entities;
        showConflictNotice(portfolioName.isEmpty() ? QFileInfo(summary.file).fileName() : portfolioName);
    } else if (!summary.file.isEmpty() && m_noticeSubject == NoticeSubject::Conflicts) {
        // It named another file: its conflicts stay on their entities' pages, the notice goes.
        showNotice(QString());
    }
    refreshEntityPages();
    const PlanCounts &c = summary.counts;
    m_planSummary = tr("%1 as of %2 (rules %3): %4 rows = %5 with obligations + %6 need data + %7 out of "
                       "scope + %8 row errors; %9 obligations")
                        .arg(portfolioName, formatDate(summary.asOf), summary.rulesVersion)
                        .arg(c.rows)
                        .arg(c.rowsWithObligations)
                        .arg(c.needsData)
                        .arg(c.outOfScope)
                        .arg(c.rowErrors)
                        .arg(c.obligations);
    m_session->reminders()->recount(); // the needs-data count of the summary is the status bar's
    updatePlanSummary();
    updateTitle();
}

void MainWindow::onEngineStarted(bool ok, const QString &error, const QString &gate, bool fleet) {
    m_indicators->setGateMode(fleet, ok);
    if (!ok) {
        m_blindBanner->showMessage(
            tr("The engine did not start: %1. Nothing is being sent. Check Settings (Ctrl+,).").arg(error));
        if (m_session->isTeamMode())
            m_indicators->setLedger(StatusIndicators::Ledger::Unreachable, error);
        return;
    }
    m_permitsPage->setGateDescription(gate, fleet);
    m_indicators->setRedis(fleet ? tr("connecting…") : QString(), true);
    if (!m_session->pendingPortfolio().isEmpty())
        loadPortfolio(m_session->pendingPortfolio());
}

void MainWindow::showSessionConfigured() {
    const bool team = m_session->isTeamMode();
    if (!m_session->sessionConfig().redis)
        m_indicators->setRedis(QString(), true); // no team limiter: nothing to show
    m_indicators->setLedger(team ? StatusIndicators::Ledger::Connecting : StatusIndicators::Ledger::Off,
                            m_session->ledgerDisplay());
    m_deadLettersPage->setTeamMode(team);
    m_exceptionsPage->setTeamMode(team);
    m_membersPage->setTeamMode(team, m_session->ledgerDisplay());
}

ObligationModel *MainWindow::obligationModel() const {
    return m_session->obligationModel();
}

DeadLetterModel *MainWindow::deadLetterModel() const {
    return m_session->deadLetterModel();
}

ExceptionModel *MainWindow::exceptionModel() const {
    return m_session->exceptionModel();
}

AuditModel *MainWindow::auditModel() const {
    return m_session->auditModel();
}

PermitModel *MainWindow::permitModel() const {
    return m_session->permitModel();
}

MemberModel *MainWindow::memberModel() const {
    return m_session->memberModel();
}

bool MainWindow::isTeamMode() const {
    return m_session->isTeamMode();
}

bool MainWindow::isLedgerReachable() const {
    return m_session->isLedgerReachable();
}

QString MainWindow::memberId() const {
    return m_session->memberId();
}

BreakerBoard *MainWindow::failingRegistries() const {
    return m_session->breakers();
}

bool MainWindow::engineStarted() const {
    return m_session->engineStarted();
}

bool MainWindow::isPaused() const {
    return m_session->isPaused();
}

const RegistryMode &MainWindow::registryMode() const {
    return m_session->registryMode();
}

DeadlineReminders *MainWindow::reminders() const {
    return m_session->reminders();
}

void MainWindow::openPortfolioWhenReady(const QString &path) {
    if (m_session->engineStarted())
        loadPortfolio(path);
    else
        m_session->setPendingPortfolio(path); // loaded by the engine's started handler
}

void MainWindow::loadPortfolio(const QString &path) {
    // Loading imports the entities into the team's register and admits their filings: an operator's work.
    if (m_actions->refuseWithout(TeamAction::EditEntity, tr("Open portfolio")))
        return;
    m_session->loadPortfolio(path);
}

QStringList MainWindow::pendingKeysDueWithin(int days) const {
    return m_session->pendingKeysDueWithin(days);
}

void MainWindow::launchSelection() {
    const ObligationModel *obligations = m_session->obligationModel();
    QStringList keys;
    for (const QString &key : m_obligationsPage->selectedTaskKeys()) {
        const int row = obligations->rowOfKey(key);
        if (row >= 0 && obligations->rowAt(row).task.state == ExecutionState::Pending)
            keys.append(key);
    }
    const Spend spend = spendOf(keys);
    m_actions->launch(keys, tr("the selection"), spend.lines, spend.total);
}

MainWindow::Spend MainWindow::spendOf(const QStringList &keys) const {
    // What a launch will send, as people check it before they sign off: filings and fees per jurisdiction.
    const ObligationModel *obligations = m_session->obligationModel();
    QMap<QString, std::pair<int, qint64>> byPlace;
    qint64 total = 0;
    int counted = 0;
    for (const QString &key : keys) {
        const int row = obligations->rowOfKey(key);
        if (row < 0)
            continue;
        const Obligation &o = obligations->rowAt(row).task.obligation;
        auto &entry = byPlace[placeLabel(o.jurisdiction)];
        entry.first += 1;
        entry.second += o.feeCents;
        total += o.feeCents;
        ++counted;
    }
    QStringList lines;
    for (auto it = byPlace.cbegin(); it != byPlace.cend(); ++it)
        lines << tr("%n filing(s), %1 to %2", nullptr, it.value().first)
                     .arg(formatCents(it.value().second), it.key());
    if (byPlace.size() > 1)
        lines << tr("Total: %n filing(s), %1", nullptr, counted).arg(formatCents(total));
    return {lines.join(QLatin1Char('\n')),
            tr("%n filing(s), %1 in fees", nullptr, counted).arg(formatCents(total))};
}

void MainWindow::fillLaunchDueMenu(QMenu *menu) {
    menu->clear();
    for (const int days : {7, 14, 30, 60, 90, 365}) {
        const int count = int(pendingKeysDueWithin(days).size());
        QAction *choice = menu->addAction(tr("Due within %n day(s)", nullptr, days) + QStringLiteral(" — ") +
                                          tr("%n filing(s) waiting", nullptr, count));
        choice->setObjectName(QStringLiteral("launchDueWithin%1Action").arg(days));
        choice->setEnabled(m_launchDueAction->isEnabled());
        connect(choice, &QAction::triggered, this, [this, days] {
            m_batchPanel->setDueWithinDays(days);
            launchDueWithin();
        });
    }
}

void MainWindow::launchDueWithin() {
    const int days = m_batchPanel->dueWithinDays();
    const QStringList keys = pendingKeysDueWithin(days);
    if (keys.isEmpty()) {
        // Said where it is seen, with where to look instead: a launch that opens nothing looks broken.
        const int later = int(pendingKeysDueWithin(3660).size());
        const QString message =
            later > 0
                ? tr("Nothing to launch: no filing waiting to be sent is due within %n day(s).", nullptr,
                     days) +
                      QLatin1Char(' ') +
                      tr("%n filing(s) wait with later due dates: choose a longer window with the arrow "
                         "beside \u201cLaunch due within\u201d or in the Batch panel.",
                         nullptr, later)
                : tr("Nothing to launch: no filing is waiting to be sent. Open a portfolio, or admit the "
                     "filings open for filing (Batch menu).");
        statusBar()->showMessage(message, 15000);
        // An alert or a reminder on show says more than this: it stays, and this shows by the button.
        const bool noticeBusy = !m_noticeBanner->isHidden() && (m_noticeSubject == NoticeSubject::Alert ||
                                                                m_noticeSubject == NoticeSubject::Reminder);
        if (noticeBusy) {
            if (auto *button = findChild<QToolButton *>(QStringLiteral("launchDueToolButton")))
                QToolTip::showText(button->mapToGlobal(QPoint(0, button->height())), message, button);
            return;
        }
        showNotice(message);
        m_noticeSubject = NoticeSubject::NotDone; // goes with the next action, as a "Not done"
        return;
    }
    const Spend spend = spendOf(keys);
    m_actions->launch(keys, tr("everything due within %n day(s)", nullptr, days), spend.lines, spend.total);
}

void MainWindow::refreshAudit() {
    m_auditPage->search();
    m_session->client()->queryNotes(); // notes from this desk, and in a team those other desks wrote
}

void MainWindow::showSettings() {
    auto *dialog = new SettingsDialog(m_session->settings(), m_session->secrets(), this);
    dialog->setAccess(m_actions->access());
    const ConsoleOptions &options = m_session->options();
    QStringList overrides;
    if (options.redisGiven)
        overrides << tr("Redis %1").arg(options.redis ? options.redis->url : tr("(none: in-process gate)"));
    if (options.registryUrl.isValid())
        overrides << tr("registry %1").arg(options.registryUrl.toString());
    if (!options.limits.isEmpty())
        overrides << tr("ceilings %1").arg(options.limits.join(QStringLiteral(", ")));
    if (!options.dbPath.isEmpty())
        overrides << tr("audit database %1").arg(options.dbPath);
    if (options.ledgerGiven)
        overrides
            << tr("team ledger %1").arg(options.ledger ? options.ledger->url : tr("(none: this desk alone)"));
    if (!overrides.isEmpty())
        dialog->setSessionNote(
            tr("This session runs with command-line options that override the saved settings (not "
               "saved): %1. Below are the saved settings.")
                .arg(overrides.join(QStringLiteral("; "))));
    connect(dialog, &SettingsDialog::settingsChanged, m_session->client(),
            &EngineClient::recordSettingsChange);
    connect(dialog, &SettingsDialog::saveFinished, this, [this](bool saved) {
        if (!saved)
            return;
        // Practice marks, the owner name and the reminder days apply at once; the rest at the next start.
        m_session->refreshRegistryMode();
        updateOwnerFilters();
        m_session->reminders()->check();
    });
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::applyBatchStatus(const BatchStatus &status) {
    // The session applied the login's roles, the ledger's and the gate's state first (their own signals).
    m_batchPanel->setStatus(status);
    updateBatchActions();
    QString paused;
    if (status.paused && status.teamMode && status.batchId.isEmpty())
        // Team mode: every batch of the team is paused (by this desk or another).
        paused = tr("THE TEAM'S BATCHES ARE PAUSED — nothing new is being sent by any desk (%1 still being "
                    "sent here). Resume with Ctrl+R.")
                     .arg(status.inFlight);
    else if (status.paused)
        paused = tr("BATCH PAUSED — nothing new is being sent (%1 still being sent). Resume with Ctrl+R.")
                     .arg(status.inFlight);
    m_pausedBanner->showMessage(paused);
    m_indicators->setPaused(status.paused);
    m_indicators->setReviewDesk(status.teamMode ? status.reviewOnlyReason : QString());
    m_actions->setOpenBatches(status.openBatches);
    if (status.teamMode)
        m_membersPage->setLedgerIdentity(status.ledgerId);
    updateTitle();
}

const TeamAccess &MainWindow::access() const {
    return m_session->access();
}

void MainWindow::applyAccess(const TeamAccess &access) {
    m_actions->setAccess(access); // refuses what the login may not do; open entity pages follow it
    m_accessLabel->setVisible(access.team);
    m_accessLabel->setText(access.displayName());
    const QString tip =
        access.team ? tr("Logged in to the team ledger as %1\nFilingDesk roles: %2")
                          .arg(access.login, access.roles.isEmpty() ? access.displayRole()
                                                                    : access.roles.join(QStringLiteral(", ")))
                    : QString();
    m_accessLabel->setToolTip(tip);
    m_accessLabel->setAccessibleDescription(tip);
    m_obligationsPage->setAccess(access);
    m_deadLettersPage->setAccess(access);
    m_exceptionsPage->setAccess(access);
    m_session->obligationModel()->setEditRefusal(access.refusal(TeamAction::EditEntity));
    updateBatchActions();
    if (access.team)
        qCInfo(lcConsole).noquote() << "team ledger login" << access.login << "with roles"
                                    << (access.roles.isEmpty() ? QStringLiteral("(none)")
                                                               : access.roles.join(QStringLiteral(", ")));
}

void MainWindow::updateBatchActions() {
    // While the team ledger is unreachable nothing can be launched, paused, resumed or cancelled: the
    // console shows this desk's mirror, read-only. In a team each also needs its role (AccessGate).
    const bool team = m_session->isTeamMode();
    const bool reachable = m_session->isLedgerReachable();
    const bool writable = m_session->engineStarted() && reachable;
    const BatchStatus &status = m_session->status();
    const TeamAccess &access = m_actions->access();
    // Admission writes to the ledger, and loading a portfolio imports its entities into the register.
    AccessGate::apply(m_openAction, !team || reachable, access, TeamAction::EditEntity);
    AccessGate::apply(m_launchSelectionAction, !team || writable, access, TeamAction::Launch);
    AccessGate::apply(m_launchDueAction, !team || writable, access, TeamAction::Launch);
    AccessGate::apply(m_admitAction, !team || writable, access, TeamAction::Launch);
    AccessGate::apply(m_pauseAction, writable && status.active && !status.paused, access,
                      TeamAction::PauseResume);
    AccessGate::apply(m_resumeAction, writable && status.paused, access, TeamAction::PauseResume);
    AccessGate::apply(m_pausedBannerResume, true, access, TeamAction::PauseResume);
    AccessGate::apply(m_cancelAction, writable && status.active, access, TeamAction::Cancel);
}

void MainWindow::showLedgerState(bool reachable, const QString &reason, bool changed) {
    const bool untrusted = m_session->isLedgerUntrusted();
    const QString display = m_session->ledgerDisplay();
    // The reason stays in the tooltip until the ledger answers again.
    const QString detail = reason.isEmpty() ? display : tr("%1: %2").arg(display, reason);
    if (reachable || changed || !reason.isEmpty())
        m_indicators->setLedger(reachable   ? StatusIndicators::Ledger::Connected
                                : untrusted ? StatusIndicators::Ledger::Untrusted
                                : m_session->ledgerLink() == LedgerLink::ReadOnlyStandby
                                    ? StatusIndicators::Ledger::ReadOnlyStandby
                                    : StatusIndicators::Ledger::Unreachable,
                                detail);
    const QString because = reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(reason);
    if (reachable)
        m_ledgerBanner->showMessage(QString());
    else if (untrusted)
        m_ledgerBanner->showMessage(tr("TEAM LEDGER NOT TRUSTED, showing this desk's mirror (read-only): %1")
                                        .arg(m_session->ledgerUntrustedReason().isEmpty()
                                                 ? tr("its audit trail does not verify")
                                                 : m_session->ledgerUntrustedReason()));
    else if (m_session->ledgerLink() == LedgerLink::ReadOnlyStandby)
        m_ledgerBanner->showMessage(
            tr("TEAM LEDGER IS A READ-ONLY STANDBY: nothing can be recorded there, so nothing is sent from "
               "this "
               "desk; showing this desk's mirror (read-only) until the primary answers.%1")
                .arg(because));
    else
        m_ledgerBanner->showMessage(
            tr("TEAM LEDGER UNREACHABLE: nothing is sent from this desk; showing this desk's mirror "
               "(read-only) — operator actions are disabled until the ledger answers again.%1")
                .arg(because));
    m_actions->setReadOnly(
        !reachable,
        untrusted ? tr("The team ledger's audit trail does not verify: this desk shows its mirror, "
                       "read-only, until the ledger is restored and the console restarted.")
                  : tr("The team ledger is unreachable: this desk shows its mirror, read-only. Try again "
                       "when the ledger answers."));
    m_obligationsPage->setLedgerReachable(reachable);
    m_deadLettersPage->setLedgerReachable(reachable);
    m_exceptionsPage->setLedgerReachable(reachable);
    m_membersPage->setLedgerReachable(reachable, reason);
    updateBatchActions();
    updateTitle();
}

void MainWindow::showGateBlind(bool blind, const QString &reason) {
    const QString text =
        blind ? tr("NOTHING IS BEING SENT: the team's filing limiter cannot be reached.%1 Sending resumes by "
                   "itself when it answers again.")
                    .arg(reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(reason))
              : QString();
    m_blindBanner->showMessage(text);
    m_blindBanner->setToolTip(blind ? tr("Gate blind: Redis unreachable (engine terms, for support)")
                                    : QString());
    m_permitsPage->setGateBlind(blind, reason);
    if (m_session->isFleetMode())
        m_indicators->setRedis(blind ? tr("CANNOT BE REACHED") : tr("connected"), !blind);
    updateTitle();
}

void MainWindow::updateTitle() {
    const QString portfolioName = m_session->portfolioName();
    QString title = portfolioName.isEmpty() ? tr("FilingDesk") : tr("FilingDesk — %1").arg(portfolioName);
    // The mode next to the name; what needs a person now (paused, blind, ledger) goes in front of it.
    if (m_session->registryMode().isLive())
        title.prepend(tr("[LIVE] "));
    else if (m_session->registryMode().isPractice())
        title.prepend(tr("[PRACTICE] "));
    if (m_session->isGateBlind())
        title.prepend(tr("[NOT SENDING] "));
    if (m_session->isTeamMode() && m_session->isLedgerUntrusted())
        title.prepend(tr("[LEDGER AUDIT BROKEN] "));
    else if (m_session->isTeamMode() && !m_session->isLedgerReachable())
        title.prepend(tr("[LEDGER UNREACHABLE] "));
    if (m_session->isPaused())
        title.prepend(tr("[PAUSED] "));
    setWindowTitle(title);
    if (m_tray)
        m_tray->setToolTip(title);
}

void MainWindow::showRegistryMode() {
    const RegistryMode &mode = m_session->registryMode();
    m_actions->setLiveRegistries(mode.live);
    m_actions->setNoRegistryHere(mode.kind == RegistryMode::Kind::None, m_session->isTeamMode());
    QString text;
    QString style;
    QString tip;
    switch (mode.kind) {
    case RegistryMode::Kind::Live:
        text = tr("LIVE");
        style = QStringLiteral("background:#b71c1c;color:white;font-weight:bold;padding:1px 8px;");
        tip = tr("Filing with a LIVE registry: filings are real and fees are charged (%1)")
                  .arg(mode.live.join(QStringLiteral(", ")));
        break;
    case RegistryMode::Kind::Practice:
        text = tr("PRACTICE");
        style = QStringLiteral("background:#1565c0;color:white;font-weight:bold;padding:1px 8px;");
        tip = tr("Filing with a practice registry: nothing is filed for real (%1)")
                  .arg(mode.practice.join(QStringLiteral(", ")));
        break;
    case RegistryMode::Kind::None:
        text = tr("NO REGISTRY");
        style = QStringLiteral("background:#616161;color:white;font-weight:bold;padding:1px 8px;");
        tip = tr("No registry is configured: nothing can be filed");
        break;
    }
    m_modeBadge->setText(text);
    m_modeBadge->setStyleSheet(style);
    m_modeBadge->setToolTip(tip);
    m_modeBadge->setAccessibleDescription(tip);
    updateTitle();
}

void MainWindow::updateOwnerFilters() {
    const QStringList owners = m_session->owners();
    const QString me = m_session->settings()->ownerName();
    for (TaskFilterBar *bar : m_tabs->findChildren<TaskFilterBar *>()) {
        bar->setMyName(me);
        bar->setOwners(owners);
        if (m_myFilingsAction && m_myFilingsAction->isChecked())
            bar->showMine(true);
    }
}

void MainWindow::showReminder(const QString &title, const QString &text,
                              const QList<DueReminder> &reminders) {
    // A desktop notification where there is a tray, the in-window notice otherwise; always the status bar.
    if (m_notifier->usesTray() && m_tray)
        m_tray->showMessage(title, text, QSystemTrayIcon::Information, 15000);
    else
        showReminderNotice(reminders);
    statusBar()->showMessage(title, 15000);
}

void MainWindow::setDueSoonCounts(const DueCounts &counts) {
    const int any = counts.dueSoon + counts.overdue + counts.needsData;
    m_dueSoonButton->setVisible(any > 0);
    m_dueSoonButton->setText(DeadlineReminders::describeCounts(counts));
    m_dueSoonButton->setToolTip(
        tr("As of %1: filings not filed yet that are due within %n day(s) or overdue, and filings that need "
           "data before they can be filed. Click to list them.",
           nullptr, kDueSoonDays)
            .arg(formatDate(counts.asOf)));
    m_dueSoonButton->setStyleSheet(counts.overdue > 0 ? QStringLiteral("color:#b71c1c;font-weight:bold;")
                                   : any > 0          ? QStringLiteral("color:#8a5a00;font-weight:bold;")
                                                      : QString());
}

void MainWindow::updatePlanSummary() {
    if (m_planSummary.isEmpty())
        return;
    m_obligationsPage->setSummary(
        m_planSummary + tr(", %n filing(s) need data", nullptr, m_session->reminders()->counts().needsData));
}

int MainWindow::deadLettersNeedingAPerson() const {
    const QAbstractItemModel *model = m_session->deadLetterModel();
    int count = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        count += model->index(row, 0).data(WithdrawnRole).toBool() ? 0 : 1;
    return count;
}

void MainWindow::updateTabCounts() {
    refreshNotice(); // "Waiting for a person" follows the review queues
    // Withdrawn filings are listed there too, but nobody needs to act on them: the count leaves them out.
    const int needPerson = deadLettersNeedingAPerson();
    m_tabs->setTabText(DeadLettersTab, needPerson > 0 ? tr("Could not be filed (%1)").arg(needPerson)
                                                      : tr("Could not be filed"));
    m_tabs->setTabText(ExceptionsTab,
                       m_session->exceptionModel()->rowCount() > 0
                           ? tr("Halts && exceptions (%1)").arg(m_session->exceptionModel()->rowCount())
                           : tr("Halts && exceptions"));
}

void MainWindow::showNotice(const QString &text) {
    m_noticeSubject = NoticeSubject::Other;
    m_noticeAlert = AlertKind::Unknown;
    m_noticeFollowsAlerts = false;
    m_noticeNews.clear();
    m_noticeKeys.clear();
    m_noticeSeenWaiting.clear();
    m_noticeReminders.clear();
    m_noticeConflictEntities.clear();
    m_noticeBanner->showMessage(text);
}

void MainWindow::showConflictNotice(const QString &fileName) {
    // The first notice names the file; once Show has opened one entity, it counts the others.
    if (m_noticeConflictEntities.isEmpty()) {
        showNotice(QString());
        return;
    }
    QStringList names;
    for (const QString &id : std::as_const(m_noticeConflictEntities)) {
        const Entity e = m_session->entity(id);
        names.append(e.name.isEmpty() ? id : e.name);
    }
    const int n = int(m_noticeConflictEntities.size());
    const QString who =
        n > 3 ? tr("%1 and %n other(s)", nullptr, n - 3).arg(names.mid(0, 3).join(QStringLiteral(", ")))
              : names.join(QStringLiteral(", "));
    m_noticeBanner->showMessage(
        fileName.isEmpty()
            ? tr("%n more entity(ies) with values that differ from the register (%1): Show opens the next.",
                 nullptr, n)
                  .arg(who)
            : tr("%n entity(ies) in %1 have values that differ from the entity register (%2). FilingDesk "
                 "plans with the register's values until someone decides; Show opens the entity to decide.",
                 nullptr, n)
                  .arg(fileName, who));
}

void MainWindow::showAlertNotice(const QString &news, const QString &kindName, const QStringList &keys) {
    showNotice(QString());
    m_noticeSubject = NoticeSubject::Alert;
    m_noticeAlert = alertKindFromString(kindName);
    m_noticeFollowsAlerts = true;
    m_noticeNews = news;
    m_noticeKeys = keys;
    refreshNotice();
}

void MainWindow::showReminderNotice(const QList<DueReminder> &reminders) {
    showNotice(QString());
    m_noticeSubject = NoticeSubject::Reminder;
    m_noticeReminders = reminders;
    refreshNotice();
}

void MainWindow::refreshNotice() {
    if (m_noticeSubject == NoticeSubject::Reminder && !m_noticeReminders.isEmpty()) {
        // The reminded filings still not filed, and the counts as the status bar has them.
        const QList<DueReminder> open = m_session->reminders()->stillOpen(m_noticeReminders);
        if (open.isEmpty()) {
            showNotice(QString());
            return;
        }
        m_noticeReminders = open;
        m_noticeBanner->showMessage(
            tr("%1: %2 (%3)")
                .arg(DeadlineReminders::title(open),
                     DeadlineReminders::describe(open).replace(QLatin1Char('\n'), QStringLiteral("; ")),
                     DeadlineReminders::describeCounts(m_session->reminders()->counts())));
        return;
    }
    if (!m_noticeFollowsAlerts)
        return;
    // The news stands while every filing it announced still waits; once one is dealt with it is old news.
    // (A filing counts as dealt with once it was seen waiting and left the queues: an alert may come before
    // the task update that puts it there.)
    bool newsStands = true;
    for (const QString &key : std::as_const(m_noticeKeys)) {
        if (m_session->exceptionModel()->rowOfKey(key) >= 0 ||
            m_session->deadLetterModel()->rowOfKey(key) >= 0)
            m_noticeSeenWaiting.insert(key);
        else if (m_noticeSeenWaiting.contains(key))
            newsStands = false;
    }
    QStringList waiting;
    if (m_session->exceptionModel()->rowCount() > 0)
        waiting << tr("%n halt(s) or exception(s)", nullptr, m_session->exceptionModel()->rowCount());
    if (const int needPerson = deadLettersNeedingAPerson(); needPerson > 0)
        waiting << tr("%n filing(s) that could not be filed", nullptr, needPerson);
    QStringList parts;
    if (newsStands)
        parts << m_noticeNews;
    if (!waiting.isEmpty())
        parts << tr("Waiting for a person: %1").arg(waiting.join(QStringLiteral(", ")));
    // Registries still failing, unless the news itself is about the only one.
    if (!m_session->breakers()->isEmpty() && (!newsStands || m_noticeAlert != AlertKind::BreakerOpen ||
                                              m_session->breakers()->openBreakers().size() > 1))
        parts
            << tr("Registry failing: %1").arg(m_session->breakers()->summaries().join(QStringLiteral(", ")));
    if (!newsStands && waiting.isEmpty()) {
        showNotice(QString()); // what it announced is dealt with, and nothing else waits
        return;
    }
    m_noticeBanner->showMessage(parts.join(QStringLiteral(". ")) + QLatin1Char('.'));
}

void MainWindow::fitStatusMessage(const QString &message) {
    statusBar()->setToolTip(message);
    if (message.isEmpty()) {
        m_indicators->setMakingRoom(false);
        return;
    }
    // The message is drawn from the status bar's left edge to the first permanent widget shown; with the
    // indicators as they are, does it fit?
    m_indicators->setMakingRoom(false);
    int room = statusBar()->width();
    for (QWidget *permanent :
         std::initializer_list<QWidget *>{m_accessLabel, m_dueSoonButton, m_modeBadge, m_indicators}) {
        if (!permanent->isHidden())
            room -= permanent->sizeHint().width() + statusBar()->layout()->spacing();
    }
    const int needed = statusBar()->fontMetrics().horizontalAdvance(message) + 2 * kStatusMessageMargin;
    m_indicators->setMakingRoom(needed > room);
}

void MainWindow::placeBannerOverlay() {
    const bool any =
        !m_pausedBanner->isHidden() || !m_waitingBanner->isHidden() || !m_noticeBanner->isHidden();
    // The views keep their rows where they are, but end above the strip: the buttons at their bottom (Try
    // again, Filed outside FilingDesk, ...) stay visible and can be clicked while a notice shows.
    const auto reserve = [this](int height) {
        for (int i = 0; i < m_tabs->count(); ++i)
            m_tabs->widget(i)->setContentsMargins(0, 0, 0, height);
    };
    if (!any) {
        m_bannerOverlay->hide();
        reserve(0);
        return;
    }
    const QRect views = m_tabs->geometry();
    const int width = views.width();
    QLayout *stack = m_bannerOverlay->layout();
    stack->activate();
    const int height =
        stack->hasHeightForWidth() ? stack->totalHeightForWidth(width) : stack->totalSizeHint().height();
    m_bannerOverlay->setGeometry(views.left(), views.bottom() + 1 - height, width, height);
    reserve(height);
    m_bannerOverlay->show();
    m_bannerOverlay->raise();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_tabs && (event->type() == QEvent::Resize || event->type() == QEvent::Move))
        placeBannerOverlay();
    // The window's width changed under a message on show: does it fit beside the indicators now?
    if (watched == statusBar() && event->type() == QEvent::Resize && !statusBar()->currentMessage().isEmpty())
        fitStatusMessage(statusBar()->currentMessage());
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showFailingRegistries() {
    QStringList details;
    QStringList lines;
    for (const BreakerBoard::Entry &entry : m_session->breakers()->openBreakers()) {
        details.append(entry.message);
        const QString lastError = BreakerBoard::lastErrorIn(entry.message);
        lines.append(tr("%1 (failing since %2) — %3")
                         .arg(BreakerBoard::summary(entry),
                              entry.openedAt.toString(QStringLiteral("HH:mm:ss")),
                              lastError.isEmpty() ? entry.message : tr("last error: %1").arg(lastError)));
    }
    m_indicators->setFailingRegistries(m_session->breakers()->summaries(), details.join(QLatin1Char('\n')));
    m_permitsPage->setFailingRegistries(lines, details.join(QLatin1Char('\n')));
}

void MainWindow::showEvent(QShowEvent *event) {
    QMainWindow::showEvent(event);
    if (event->spontaneous())
        return;
    // Without a window manager (Xvfb) nobody gives a new window the keyboard: take it, or Ctrl+R and friends
    // would do nothing until the operator clicks into the window. Queued: the window is mapped by then.
    QTimer::singleShot(0, this, &MainWindow::takeKeyboard);
}

void MainWindow::takeKeyboard() {
    if (!isVisible() || isMinimized())
        return;
    raise();
    activateWindow();
}

void MainWindow::restoreLayout() {
    const QByteArray geometry = m_session->settings()->windowGeometry();
    if (geometry.isEmpty() || !restoreGeometry(geometry))
        resize(1500, 900);
    restoreState(m_session->settings()->windowState());
    const struct {
        const char *name;
        QTableView *view;
    } tables[] = {{"obligations-v4", m_obligationsPage->table()},
                  {"deadLetters-v2", m_deadLettersPage->table()},
                  {"exceptions-v2", m_exceptionsPage->table()},
                  {"audit", m_auditPage->table()},
                  {"fleet", m_membersPage->table()}};
    for (const auto &t : tables) {
        const QByteArray state = m_session->settings()->headerState(QString::fromLatin1(t.name));
        if (!state.isEmpty())
            t.view->horizontalHeader()->restoreState(state);
    }
}

void MainWindow::saveLayout() {
    m_session->settings()->setWindowLayout(saveGeometry(), saveState());
    // "-v4": the Urgency column reads in words and sorts most urgent first ascending (a layout saved before
    // would restore the old descending order); "-v3" added the Status and Owner columns, and a layout saved
    // before them would put the columns in the
    // wrong places. "-v2" of the review queues: their Notes column.
    m_session->settings()->setHeaderState(QStringLiteral("obligations-v4"),
                                          m_obligationsPage->table()->horizontalHeader()->saveState());
    m_session->settings()->setHeaderState(QStringLiteral("deadLetters-v2"),
                                          m_deadLettersPage->table()->horizontalHeader()->saveState());
    m_session->settings()->setHeaderState(QStringLiteral("exceptions-v2"),
                                          m_exceptionsPage->table()->horizontalHeader()->saveState());
    m_session->settings()->setHeaderState(QStringLiteral("audit"),
                                          m_auditPage->table()->horizontalHeader()->saveState());
    m_session->settings()->setHeaderState(QStringLiteral("fleet"),
                                          m_membersPage->table()->horizontalHeader()->saveState());
    m_session->settings()->sync();
}

void MainWindow::showWaiting() {
    const int waiting = int(m_session->waitingKeys().size());
    if (waiting == 0) {
        m_waitingBanner->showMessage(QString());
        return;
    }
    const int lookedUp = m_session->lookUpsOpen();
    QString text = tr("%n filing(s) of a batch that was running when FilingDesk closed have not been sent: "
                      "they wait for you to resume sending.",
                      nullptr, waiting);
    if (lookedUp > 0)
        text +=
            QLatin1Char(' ') +
            tr("%n filing(s) that were on the wire are being looked up at the registry.", nullptr, lookedUp);
    m_waitingBanner->showMessage(text);
}

void MainWindow::resumeWaiting() {
    const QStringList keys = m_session->waitingKeys();
    const Spend spend = spendOf(keys);
    if (m_actions->launch(keys, tr("the filings waiting since FilingDesk was closed"), spend.lines,
                          spend.total)) {
        m_session->forgetWaiting(); // launched: the banner does not come back, nor launch them twice
        m_waitingBanner->showMessage(QString());
    }
}

bool MainWindow::askBeforeQuit() {
    if (m_quitConfirmed || !m_session->engineStarted() || !m_session->client())
        return false;
    const BatchStatus &status = m_session->status();
    const auto count = [&status](const char *state) {
        return status.byState.value(QString::fromLatin1(state));
    };
    const int toSend = count("PENDING") + count("VALIDATING") + count("FAILED_TRANSIENT");
    const int onTheWire = std::max(status.inFlight, count("DISPATCHING"));
    if (!status.active || status.paused || (toSend == 0 && onTheWire == 0))
        return false;
    if (m_quitQuestion) {
        m_quitQuestion->raise();
        return true;
    }
    // Nothing new leaves while the person decides; what is on the wire finishes.
    m_session->client()->holdSending(true);
    QPushButton *quit = nullptr;
    QMessageBox *box = SendingQuestions::quit(this, toSend, onTheWire, m_session->isTeamMode(), &quit);
    connect(box, &QMessageBox::finished, this, [this, box, quit] {
        if (box->clickedButton() == quit) {
            m_quitConfirmed = true;
            QTimer::singleShot(0, this, &QWidget::close);
            return;
        }
        if (m_session->client())
            m_session->client()->holdSending(false);
    });
    m_quitQuestion = box;
    box->open();
    return true;
}

void MainWindow::closeWithoutAsking() {
    m_quitConfirmed = true;
    if (m_quitQuestion)
        m_quitQuestion->close();
    close();
}

void MainWindow::closeEvent(QCloseEvent *event) {
    // An entity's edits first: the console stays open while one is being saved or the person keeps them.
    for (const QPointer<EntityPage> &page : std::as_const(m_entityPages)) {
        if (page && !m_quitConfirmed && !page->closeForQuit()) {
            page->raise();
            page->activateWindow();
            event->ignore();
            return;
        }
    }
    if (askBeforeQuit()) {
        event->ignore();
        return;
    }
    saveLayout();
    event->accept();
}

} // namespace fd::ui
