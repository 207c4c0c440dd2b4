#include "ui/widgets/main_window.h"
#include "engine/core/host_identity.h"

#include "engine/import/iso_codes.h"
#include "engine/register/entity_fields.h"
#include "engine/rules/rejection_codes.h"
#include "ui/models/item_roles.h"
#include "ui/widgets/entity_page.h"
#include "ui/widgets/task_detail_text.h"

#include "ui/widgets/calendar_export.h"

#include "engine/audit/audit_store.h"
#include "engine/client/engine_client.h"
#include "engine/core/engine.h"
#include "engine/ledger/ledger_endpoint.h"
#include "ui/models/audit_model.h"
#include "ui/models/breaker_board.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/display_format.h"
#include "ui/models/exception_model.h"
#include "ui/models/member_model.h"
#include "ui/models/obligation_model.h"
#include "ui/models/permit_model.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/session/deadline_reminders.h"
#include "ui/session/registry_probe.h"
#include "ui/settings/console_settings.h"
#include "ui/settings/secret_store.h"
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
#include "ui/widgets/settings_dialog.h"
#include "ui/widgets/status_indicators.h"
#include "ui/widgets/task_filter_bar.h"

#include <QAction>
#include <QApplication>
#include <QAtomicInt>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateEdit>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLoggingCategory>
#include <QMap>
#include <QMenuBar>
#include <QMessageBox>
#include <QShowEvent>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

Q_LOGGING_CATEGORY(lcConsole, "filingdesk.console")

namespace fd::ui {

namespace {

enum Tab { ObligationsTab, PermitsTab, DeadLettersTab, ExceptionsTab, AuditTab, FleetTab, CalendarTab };

} // namespace

MainWindow::MainWindow(const ConsoleOptions &options, QWidget *parent)
    : QMainWindow(parent)
    , m_options(options)
    , m_settings(std::make_unique<ConsoleSettings>(options.settingsPath))
    , m_secrets(new SecretStore(this))
    , m_link(new EngineClient(this))
    , m_actions(new OperatorActions(m_link, this, this))
    , m_probe(new RegistryProbe(this))
    , m_notifier(new AlertNotifier(this))
    , m_breakers(new BreakerBoard(this))
    , m_obligations(new ObligationModel(this))
    , m_deadLetters(new DeadLetterModel(this))
    , m_exceptions(new ExceptionModel(this))
    , m_permits(new PermitModel(this))
    , m_audit(new AuditModel(this))
    , m_members(new MemberModel(this))
    , m_memberId(host::nextConsoleMemberId()) {
    setObjectName(QStringLiteral("mainWindow"));
    setAccessibleName(tr("FilingDesk operator console"));
    setWindowIcon(style()->standardIcon(QStyle::SP_FileDialogDetailedView));
    buildActions();
    buildPages();
    buildMenus();
    connectEngine();
    restoreLayout();
    updateTitle();

    m_tray = new QSystemTrayIcon(windowIcon(), this);
    m_tray->setToolTip(tr("FilingDesk"));
    m_notifier->useTrayIfAvailable(m_tray);
    connect(m_notifier, &AlertNotifier::noticeRaised, this, &MainWindow::showAlertNotice);
    connect(m_breakers, &BreakerBoard::changed, this, &MainWindow::showFailingRegistries);
    connect(m_breakers, &BreakerBoard::changed, this, &MainWindow::refreshNotice);

    m_reminders = new DeadlineReminders(m_obligations, m_settings.get(), this);
    connect(m_reminders, &DeadlineReminders::remind, this,
            [this](const QString &title, const QString &text, const QList<DueReminder> &reminders) {
                showReminder(title, text, reminders);
            });
    connect(m_reminders, &DeadlineReminders::countsChanged, this, &MainWindow::setDueSoonCounts);
    connect(m_reminders, &DeadlineReminders::recounted, this, &MainWindow::refreshNotice);
    connect(m_reminders, &DeadlineReminders::countsChanged, this, &MainWindow::updatePlanSummary);

    m_usageTimer.setInterval(1000);
    connect(&m_usageTimer, &QTimer::timeout, m_link, &EngineClient::refreshUsage);
    // Operator actions and finished batches show up in the audit view without a manual refresh, a moment
    // later.
    m_auditRefresh.setSingleShot(true);
    m_auditRefresh.setInterval(400);
    connect(&m_auditRefresh, &QTimer::timeout, this, &MainWindow::refreshAudit);
    connect(m_actions, &OperatorActions::actionSent, this, [this] { m_auditRefresh.start(); });
    connect(m_actions, &OperatorActions::refused, this,
            [this](const QString &message) { statusBar()->showMessage(message, 8000); });

    QTimer::singleShot(0, this, &MainWindow::startEngine);
}

MainWindow::~MainWindow() {
    // Stop the engine first: nothing may arrive for models that are being destroyed.
    m_usageTimer.stop();
    delete m_link;
    m_link = nullptr;
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
    m_cancelAction = make(tr("&Cancel batch…"), QStringLiteral("cancelAction"),
                          QKeySequence(QStringLiteral("Ctrl+Shift+X")), QStyle::SP_MediaStop);
    m_settingsAction = make(tr("S&ettings…"), QStringLiteral("settingsAction"),
                            QKeySequence(QStringLiteral("Ctrl+,")), QStyle::SP_FileDialogInfoView);
    m_findAction = make(tr("&Find"), QStringLiteral("findAction"), QKeySequence::Find,
                        QStyle::SP_FileDialogContentsView);
    m_exportCalendarAction = make(tr("Export &calendar…"), QStringLiteral("exportCalendarAction"),
                                  QKeySequence(QStringLiteral("Ctrl+Shift+E")), QStyle::SP_DialogSaveButton);
    m_calendarExport = new CalendarExport(m_link, this, m_settings.get());
    m_reportExport = new ReportExport(
        [this] {
            // The team's reports come from the ledger (its chain head is the one to verify); a desk's from
            // its own database, read beside the engine.
            report::ReportSource source;
            if (m_teamMode) {
                source.ledger = m_sessionConfig.ledger;
                source.ledger->password = m_ledgerPassword;
            } else {
                source.dbPath = m_sessionConfig.dbPath;
            }
            return source;
        },
        this);
    m_reportExport->setChoices([this] { return reportChoicesOf(*m_obligations); });
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
        const QString path = QFileDialog::getOpenFileName(this, tr("Open portfolio"), QString(),
                                                          tr("Portfolio CSV (*.csv);;All files (*)"));
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
    m_obligationsPage = new ObligationsPage(m_obligations, this);
    m_permitsPage = new PermitsPage(m_permits, this);
    m_deadLettersPage = new DeadLettersPage(m_deadLetters, this);
    m_exceptionsPage = new ExceptionsPage(m_exceptions, this);
    m_auditPage = new AuditPage(m_audit, this);
    m_membersPage = new MembersPage(m_members, this);
    m_calendarPage = new CalendarPage(m_obligations, this);
    m_members->setOwnMemberId(m_memberId);
    // The audit rows with the names and dollars people know them by (view, copy and export).
    m_audit->setContextLookup([this](const AuditEntry &entry) {
        AuditContext context;
        const int row = entry.idempotencyKey.isEmpty() ? -1 : m_obligations->rowOfKey(entry.idempotencyKey);
        if (row >= 0) {
            const FilingTask &task = m_obligations->rowAt(row).task;
            const Obligation &o = task.obligation;
            context.entityName = o.entity->name;
            context.jurisdiction = o.jurisdiction;
            context.filing = QStringLiteral("%1 %2")
                                 .arg(o.filingName.isEmpty() ? o.filingType : o.filingName)
                                 .arg(o.filingYear);
            context.feeCents = o.feeCents;
            context.feeChargedCents = task.feeChargedCents;
            context.confirmationNumber = task.confirmationNumber;
        }
        if (context.entityName.isEmpty() && !entry.entityId.isEmpty())
            context.entityName = m_register.value(entry.entityId).name;
        return context;
    });

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
            m_link->queryNotes(); // what other desks wrote meanwhile
    });

    m_blindBanner = new BannerWidget(BannerWidget::Kind::Alarm, this);
    m_blindBanner->setObjectName(QStringLiteral("gateBlindBanner"));
    m_ledgerBanner = new BannerWidget(BannerWidget::Kind::Alarm, this);
    m_ledgerBanner->setObjectName(QStringLiteral("ledgerBanner"));
    m_pausedBanner = new BannerWidget(BannerWidget::Kind::Warning, this);
    m_pausedBanner->setObjectName(QStringLiteral("pausedBanner"));
    m_pausedBannerResume = m_pausedBanner->addButton(tr("Resume"), QStringLiteral("pausedBannerResume"));
    connect(m_pausedBannerResume, &QToolButton::clicked, m_resumeAction, &QAction::trigger);
    m_noticeBanner = new BannerWidget(BannerWidget::Kind::Notice, this);
    m_noticeBanner->setObjectName(QStringLiteral("noticeBanner"));
    connect(m_noticeBanner->addButton(tr("Show"), QStringLiteral("noticeShow")), &QToolButton::clicked, this,
            [this] {
                const bool permits = m_noticeAlert == AlertKind::BreakerOpen ||
                                     m_noticeAlert == AlertKind::BreakerClosed ||
                                     m_noticeAlert == AlertKind::PermitLost;
                if (m_noticeSubject == NoticeSubject::Reminder)
                    m_tabs->setCurrentIndex(CalendarTab);
                else if (m_noticeSubject == NoticeSubject::Alert && permits)
                    m_tabs->setCurrentIndex(PermitsTab);
                else
                    m_tabs->setCurrentIndex(m_exceptions->rowCount() > 0 ? ExceptionsTab : DeadLettersTab);
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
    m_noticeBanner->setParent(m_bannerOverlay);
    overlay->addWidget(m_pausedBanner);
    overlay->addWidget(m_noticeBanner);
    m_bannerOverlay->hide();
    for (BannerWidget *banner : {m_pausedBanner, m_noticeBanner})
        connect(banner, &BannerWidget::messageChanged, this, &MainWindow::placeBannerOverlay);
    m_tabs->installEventFilter(this);

    m_batchPanel = new BatchPanel(
        {m_launchDueAction, m_launchSelectionAction, m_pauseAction, m_resumeAction, m_cancelAction},
        m_options.dueWithinDays, this);
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
    m_asOf = new QDateEdit(m_options.asOf.isValid() ? m_options.asOf : QDate::currentDate(), toolbar);
    m_asOf->setObjectName(QStringLiteral("asOfEdit"));
    m_asOf->setAccessibleName(tr("As-of date for due dates"));
    m_asOf->setDisplayFormat(datePattern());
    m_asOf->setCalendarPopup(true);
    asOfLabel->setBuddy(m_asOf);
    toolbar->addWidget(asOfLabel);
    toolbar->addWidget(m_asOf);
    toolbar->addSeparator();
    toolbar->addAction(m_launchSelectionAction);
    toolbar->addAction(m_launchDueAction);
    toolbar->addAction(m_pauseAction);
    toolbar->addAction(m_resumeAction);
    toolbar->addAction(m_cancelAction);
    toolbar->addSeparator();
    toolbar->addAction(m_settingsAction);

    // Changing the as-of date plans everything again at once (due dates, windows, penalties, status).
    m_asOfChange.setSingleShot(true);
    m_asOfChange.setInterval(400);
    connect(m_asOf, &QDateEdit::dateChanged, this, [this] { m_asOfChange.start(); });
    connect(&m_asOfChange, &QTimer::timeout, this, [this] {
        if (m_obligations->rowCount() == 0)
            return; // nothing planned yet: the next portfolio is planned at the date shown
        // A reminder on show was about the old date: "in 14 days" would now be wrong.
        if (m_noticeSubject == NoticeSubject::Reminder)
            showNotice(QString());
        m_link->setAsOf(m_asOf->date());
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
    connect(m_deadLettersPage, &DeadLettersPage::replayRequested, m_actions, &OperatorActions::replay);
    connect(m_exceptionsPage, &ExceptionsPage::resolveRequested, this, &MainWindow::resolveHalts);
    connect(m_exceptionsPage, &ExceptionsPage::withdrawRequested, m_actions, &OperatorActions::withdraw);
    connect(m_exceptionsPage, &ExceptionsPage::noteRequested, m_actions, &OperatorActions::addNote);
    const auto filedOutside = [this](const QString &key) {
        const int row = m_obligations->rowOfKey(key);
        if (row < 0)
            return;
        const FilingTask task = m_obligations->rowAt(row).task;
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
    // Double-click or Enter on a row of any view opens its entity (an editable cell edits instead).
    for (QAbstractItemView *view : m_tabs->findChildren<QAbstractItemView *>()) {
        connect(view, &QAbstractItemView::activated, this, [this, view](const QModelIndex &index) {
            if (!index.isValid() || (index.flags() & Qt::ItemIsEditable &&
                                     view->editTriggers() & QAbstractItemView::DoubleClicked))
                return;
            const QString entityId = index.data(EntityIdRole).toString();
            if (!entityId.isEmpty())
                openEntity(entityId);
        });
    }
    connect(m_obligations, &ObligationModel::entityEditRequested, m_actions,
            [this](const QString &entityId, const QDate &formationDate, const QString &entityType) {
                QString name = m_register.value(entityId).name;
                for (int r = 0; name.isEmpty() && r < m_obligations->rowCount(); ++r) {
                    if (m_obligations->rowAt(r).task.obligation.entity->entityId == entityId)
                        name = m_obligations->rowAt(r).task.obligation.entity->name;
                }
                m_actions->editEntity(entityId, formationDate, entityType, name);
            });
    connect(m_auditPage, &AuditPage::queryRequested, m_link, &EngineClient::queryAudit);
    connect(m_deadLettersPage, &DeadLettersPage::reviewOpenRequested, m_actions,
            &OperatorActions::openReview);
    connect(m_deadLettersPage, &DeadLettersPage::reviewCloseRequested, m_actions,
            &OperatorActions::closeReview);
    connect(m_exceptionsPage, &ExceptionsPage::reviewOpenRequested, m_actions, &OperatorActions::openReview);
    connect(m_exceptionsPage, &ExceptionsPage::reviewCloseRequested, m_actions,
            &OperatorActions::closeReview);
    connect(m_membersPage, &MembersPage::refreshRequested, m_link, &EngineClient::refreshMembers);
    connect(m_calendarPage, &CalendarPage::entityRequested, this, [this](const QString &entityId) {
        if (!entityId.isEmpty())
            openEntity(entityId);
    });
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_deadLetters),
                                      static_cast<QAbstractItemModel *>(m_exceptions)}) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateTabCounts);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateTabCounts);
        connect(model, &QAbstractItemModel::modelReset, this, &MainWindow::updateTabCounts);
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
    QAction *filingReport = reports->addAction(tr("&Filing report…"), this,
                                               [this] { m_reportExport->runFilings(m_asOf->date()); });
    filingReport->setObjectName(QStringLiteral("filingReportAction"));
    filingReport->setToolTip(
        tr("Every filing: entity, jurisdiction, due date, status, confirmation number, fees "
           "in dollars, who launched and resolved it (PDF for people, CSV for "
           "spreadsheets)"));
    QAction *statusReport = reports->addAction(tr("&Compliance status report…"), this,
                                               [this] { m_reportExport->runStatus(m_asOf->date()); });
    statusReport->setObjectName(QStringLiteral("statusReportAction"));
    statusReport->setToolTip(tr("The portfolio's position as of the as-of date: filed, due in 30/60/90 days, "
                                "overdue, needs data, halted, penalty exposure"));
    reports->addSeparator();
    reports->addAction(m_exportCalendarAction);
    QMenu *batch = menuBar()->addMenu(tr("&Batch"));
    for (QAction *a :
         {m_launchSelectionAction, m_launchDueAction, m_pauseAction, m_resumeAction, m_cancelAction})
        batch->addAction(a);
    QMenu *view = menuBar()->addMenu(tr("&View"));
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
               "Ctrl+Shift+R try the selected filings that could not be filed again\nCtrl+F search the "
               "current view\n"
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

QList<ObligationRow> MainWindow::rowsOfEntity(const QString &entityId) const {
    QList<ObligationRow> rows;
    for (int r = 0; r < m_obligations->rowCount(); ++r) {
        if (m_obligations->rowAt(r).task.obligation.entity->entityId == entityId)
            rows.append(m_obligations->rowAt(r));
    }
    return rows;
}

void MainWindow::refreshEntityPages() {
    for (EntityPage *page : std::as_const(m_entityPages)) {
        if (page)
            page->setFilings(rowsOfEntity(page->entityId()), m_obligations->asOf());
    }
}

EntityPage *MainWindow::openEntity(const QString &entityId) {
    if (EntityPage *open = m_entityPages.value(entityId)) {
        open->show();
        open->raise();
        open->activateWindow();
        return open;
    }
    Entity entity = m_register.value(entityId);
    const QList<ObligationRow> rows = rowsOfEntity(entityId);
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
    page->setEntity(entity, m_registerConflicts);
    page->setFilings(rows, m_obligations->asOf());
    m_link->queryEntityHistory(entityId);
    page->show();
    return page;
}

void MainWindow::resolveHalts(const QStringList &keys, bool requeue) {
    if (m_actions->refuseWithout(requeue ? TeamAction::ResolveHalt : TeamAction::AcceptException,
                                 requeue ? tr("Resolve and requeue") : tr("Accept as filed")))
        return; // before the entity page is opened for a cure the login could not save
    // A halt for a data defect is cured in the entity's data: the first requeue of one whose data is as it
    // was when the registry refused it opens the fields that cure it, with what the rejection means.
    if (requeue && keys.size() == 1) {
        const int row = m_exceptions->rowOfKey(keys.first());
        if (row >= 0) {
            const FilingTask task = m_exceptions->taskAt(row);
            const std::optional<RejectionCode> rejection =
                RejectionCatalogue::builtIn().find(task.lastErrorCode);
            const QString entityId = task.obligation.entity->entityId;
            if (rejection && rejection->dataDefect && m_register.contains(entityId)) {
                const Entity current = m_register.value(entityId);
                bool cured = false;
                for (const QString &column : rejection->fields) {
                    const EntityField *f = EntityFields::find(column);
                    cured = cured || (f && f->text(current) != f->text(task.obligation.entity));
                }
                if (!cured) {
                    const Obligation &o = task.obligation;
                    const QString filing = tr("%1 %2")
                                               .arg(o.filingName.isEmpty() ? o.filingType : o.filingName)
                                               .arg(o.filingYear);
                    if (EntityPage *page = openEntity(entityId))
                        page->setCure(
                            rejection->fields,
                            tr("%1\nCorrect the marked fields, then press \u201cSave and "
                               "requeue\u201d: the changes are saved and %2 is sent again with the "
                               "corrected data, as the same filing (the registry will not file it "
                               "twice).")
                                .arg(rejectionExplanation(task.lastErrorCode, task.obligation), filing),
                            keys.first(), filing);
                    return;
                }
            }
        }
    }
    m_actions->resolve(keys, requeue);
}

void MainWindow::connectEngine() {
    Engine *engine = m_link->engine();
    connect(engine, &Engine::started, this, &MainWindow::onEngineStarted);
    connect(engine, &Engine::portfolioLoaded, this,
            [this](const PortfolioSummary &summary, const QList<RowPlan> &rows) {
                if (!summary.fileError.isEmpty()) {
                    QMessageBox::warning(this, tr("Portfolio not loaded"), summary.fileError);
                    return;
                }
                if (!summary.file.isEmpty())
                    m_portfolioName = QFileInfo(summary.file).fileName();
                m_obligations->setPlan(rows, summary.asOf);
                updateOwnerFilters();
                if (!summary.conflicts.isEmpty())
                    showNotice(
                        tr("%n value(s) in %1 differ from the entity register; FilingDesk plans with the "
                           "register's values until someone decides (open the entity to decide).",
                           nullptr, int(summary.conflicts.size()))
                            .arg(m_portfolioName.isEmpty() ? QFileInfo(summary.file).fileName()
                                                           : m_portfolioName));
                refreshEntityPages();
                m_exceptions->setAsOf(summary.asOf);
                const PlanCounts &c = summary.counts;
                m_planSummary =
                    tr("%1 as of %2 (rules %3): %4 rows = %5 with obligations + %6 need data + %7 out of "
                       "scope + %8 row errors; %9 obligations")
                        .arg(m_portfolioName, formatDate(summary.asOf), summary.rulesVersion)
                        .arg(c.rows)
                        .arg(c.rowsWithObligations)
                        .arg(c.needsData)
                        .arg(c.outOfScope)
                        .arg(c.rowErrors)
                        .arg(c.obligations);
                m_reminders->recount(); // the needs-data count of the summary is the status bar's
                updatePlanSummary();
                updateTitle();
                // Admission stores the tasks (PENDING); nothing is sent before an operator launches.
                m_link->admit(-1);
            });
    connect(engine, &Engine::admitted, this, [this](int admitted, int known, int notYetOpen, int later) {
        statusBar()->showMessage(tr("%n filing(s) ready to launch", nullptr, admitted) +
                                     tr(", %1 already known, %2 not yet open for filing, %3 due later")
                                         .arg(known)
                                         .arg(notYetOpen)
                                         .arg(later),
                                 10000);
        m_obligationsPage->refreshJurisdictions();
    });
    connect(engine, &Engine::tasksChanged, this, [this](const QList<FilingTask> &tasks) {
        // One coalesced batch from the engine -> one update per model.
        m_obligations->applyTasks(tasks);
        m_deadLetters->applyTasks(tasks);
        m_exceptions->applyTasks(tasks);
        refreshEntityPages();
    });
    connect(engine, &Engine::registerChanged, this,
            [this](const QList<Entity> &entities, const QList<RegisterConflict> &conflicts) {
                m_register.clear();
                for (const Entity &e : entities)
                    m_register.insert(e.entityId, e);
                m_registerConflicts = conflicts;
                updateOwnerFilters();
                for (EntityPage *page : std::as_const(m_entityPages)) {
                    if (page && m_register.contains(page->entityId())) {
                        page->setEntity(m_register.value(page->entityId()), m_registerConflicts);
                        m_link->queryEntityHistory(page->entityId());
                    }
                }
            });
    connect(engine, &Engine::notesFound, this, [this](const QList<AuditEntry> &notes) {
        QHash<QString, QList<AuditEntry>> byKey;
        for (const AuditEntry &note : notes) {
            if (!note.idempotencyKey.isEmpty())
                byKey[note.idempotencyKey].append(note);
        }
        m_deadLetters->setNotes(byKey);
        m_exceptions->setNotes(byKey);
    });
    connect(engine, &Engine::entityHistory, this,
            [this](const QString &entityId, const QList<AuditEntry> &entries) {
                if (EntityPage *page = m_entityPages.value(entityId))
                    page->setHistory(entries);
            });
    connect(engine, &Engine::unchangedPayloadHeld, this,
            [this](const QStringList &keys, const QString &message) {
                m_actions->confirmSendUnchanged(keys, message);
            });
    connect(engine, &Engine::batchStatusChanged, this, &MainWindow::applyBatchStatus);
    connect(engine, &Engine::batchIdle, this, [this](const BatchStatus &status) {
        Q_UNUSED(status)
        statusBar()->showMessage(tr("The batch has nothing left to send."), 15000);
        m_auditRefresh.start();
    });
    connect(engine, &Engine::gateBlindChanged, this, &MainWindow::setGateBlind);
    connect(engine, &Engine::ledgerStateChanged, this, &MainWindow::setLedgerState);
    connect(engine, &Engine::ledgerLinkChanged, this, &MainWindow::setLedgerLink);
    connect(engine, &Engine::reviewsChanged, this, [this](const QHash<QString, QString> &reviews) {
        m_deadLetters->setReviews(reviews);
        m_exceptions->setReviews(reviews);
        m_deadLettersPage->fitReviewColumn();
        m_exceptionsPage->fitReviewColumn();
    });
    connect(engine, &Engine::membersUpdated, m_membersPage, &MembersPage::setMembers);
    connect(engine, &Engine::usageUpdated, m_permitsPage, &PermitsPage::addUsage);
    connect(engine, &Engine::auditResults, this, [this](const QList<AuditEntry> &entries) {
        m_audit->setEntries(entries);
        m_auditPage->setResultCount(int(entries.size()));
    });
    connect(engine, &Engine::alertRaised, this, [this](const EngineAlert &alert) {
        if (alert.kind == AlertKind::PermitLost)
            m_permits->recordLostLease(alert.jurisdiction, alert.idempotencyKey, alert.entityName);
        if (alert.kind == AlertKind::LedgerChainBroken) {
            // Not an outage: the ledger answers, but its audit trail cannot be trusted, and reaching it again
            // does not change that. The banner and the title say so rather than "unreachable".
            m_ledgerUntrusted = true;
            m_ledgerUntrustedReason = alert.message;
            setLedgerState(false, alert.message);
        }
        m_breakers->apply(alert);    // breaker_open / breaker_closed: per jurisdiction, until it closes
        m_notifier->addAlert(alert); // every kind, known or not, is announced
    });
    connect(engine, &Engine::errorOccurred, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Not done: %1").arg(message), 15000);
        showNotice(tr("Not done: %1").arg(message));
    });
    connect(m_link, &EngineClient::heartbeat, this,
            [this](bool alive) { m_indicators->setEngineAlive(alive); });
    connect(m_probe, &RegistryProbe::reachabilityChanged, m_indicators, &StatusIndicators::setRegistry);
}

void MainWindow::onEngineStarted(bool ok, const QString &error, const QString &gate, bool fleet) {
    m_engineStarted = ok;
    m_fleetMode = fleet;
    m_gateDescription = gate;
    m_indicators->setGateMode(fleet, ok);
    m_breakers->clear(); // a new engine starts with every circuit breaker closed
    if (!ok) {
        m_blindBanner->showMessage(
            tr("The engine did not start: %1. Nothing is being sent. Check Settings (Ctrl+,).").arg(error));
        if (m_teamMode)
            m_indicators->setLedger(StatusIndicators::Ledger::Unreachable, error);
        return;
    }
    // Team mode: an unreachable ledger was announced before started(); otherwise it answers.
    if (m_teamMode && !m_ledgerKnown)
        setLedgerState(true, QString());
    m_permitsPage->setGateDescription(gate, fleet);
    m_indicators->setRedis(fleet ? tr("connecting…") : QString(), true);
    m_usageTimer.start();
    m_link->queryNotes();
    if (!m_options.portfolio.isEmpty())
        loadPortfolio(m_options.portfolio);
}

EngineConfig MainWindow::sessionConfig(QString *unreadable) const {
    QHash<QString, QString> unreadableSettings;
    EngineConfig config = m_settings->engineConfig(&unreadableSettings);
    // A saved URL that does not parse matters unless an option takes its place this session.
    if (m_options.redisGiven)
        unreadableSettings.remove(QStringLiteral("redis"));
    if (m_options.ledgerGiven)
        unreadableSettings.remove(QStringLiteral("ledger"));
    for (auto it = unreadableSettings.cbegin(); it != unreadableSettings.cend() && unreadable->isEmpty();
         ++it)
        *unreadable = QStringLiteral("%1: %2").arg(it.key(), it.value());
    if (m_options.registryUrl.isValid())
        config.registries.defaultUrl = m_options.registryUrl;
    if (m_options.redisGiven)
        config.redis = m_options.redis;
    for (const QString &spec : m_options.limits) {
        QString ignored; // validated when the options were parsed
        config.addLimit(spec, &ignored);
    }
    if (m_options.ledgerGiven)
        config.ledger = m_options.ledger;
    if (!m_options.dbPath.isEmpty())
        config.dbPath = m_options.dbPath;
    if (config.dbPath.isEmpty() && !config.ledger)
        config.dbPath = host::defaultDeskDatabasePath(); // team mode: a mirror of its own per ledger and desk
    config.consoleId = m_memberId;
    config.memberKind = MemberKind::Desk;
    return config;
}

void MainWindow::startEngine() {
    QString unreadable;
    const EngineConfig config = sessionConfig(&unreadable);
    if (!unreadable.isEmpty()) {
        // Refused as the engine refuses a configuration it cannot use: nothing starts, nothing is sent.
        startEngineWith(config, {}, unreadable);
        return;
    }
    // Secrets are kept per URL they unlock: the password of the Redis this session uses, the token of its
    // registry (a --redis or --registry override reads that server's own entry, never another's).
    const QString redisSecret = config.redis ? SecretStore::nameFor(*config.redis) : QString();
    const QString tokenSecret =
        SecretStore::nameFor(SecretStore::registryToken, config.registries.defaultUrl);
    const QString ledgerSecret = config.ledger ? SecretStore::nameFor(*config.ledger) : QString();
    const bool wantRedis = m_options.useKeychain && m_settings->hasSecret(redisSecret);
    const bool wantToken = m_options.useKeychain && m_settings->hasSecret(tokenSecret);
    const bool wantLedger = m_options.useKeychain && config.ledger && m_settings->hasSecret(ledgerSecret);
    if (!wantRedis && !wantToken && !wantLedger) {
        startEngineWith(config);
        return;
    }
    // Secrets come from the keychain, asynchronously; the engine starts once every answer is in.
    auto pending = std::make_shared<int>(int(wantRedis) + int(wantToken) + int(wantLedger));
    auto collected = std::make_shared<EngineConfig>(config);
    auto problems = std::make_shared<QStringList>();
    auto finishOne = [this, pending, collected, problems](const QString &name, const SecretStore::Result &r,
                                                          const std::function<void(EngineConfig &)> &apply) {
        if (r.ok) {
            apply(*collected);
        } else {
            // Said out loud (notice bar, status bar, log): the engine then runs without it and the server
            // refuses (fail closed), never a silent "no password".
            const QString problem = tr("Could not read %1 from the keychain: %2").arg(name, r.error);
            qCWarning(lcConsole).noquote() << problem;
            problems->append(problem);
        }
        if (--*pending == 0)
            startEngineWith(*collected, *problems);
    };
    if (wantRedis)
        readSecret(redisSecret, kSecretReadAttempts, [finishOne, redisSecret](const SecretStore::Result &r) {
            // Over a password given in the URL (--redis), as FILINGDESK_REDIS_PASSWORD is in a headless run.
            finishOne(redisSecret, r, [value = r.value](EngineConfig &c) {
                if (!value.isEmpty())
                    c.redis->password = value;
            });
        });
    if (wantToken)
        readSecret(tokenSecret, kSecretReadAttempts, [finishOne, tokenSecret](const SecretStore::Result &r) {
            finishOne(tokenSecret, r, [value = r.value](EngineConfig &c) { c.registryToken = value; });
        });
    if (wantLedger)
        readSecret(ledgerSecret, kSecretReadAttempts,
                   [finishOne, ledgerSecret](const SecretStore::Result &r) {
                       finishOne(ledgerSecret, r,
                                 [value = r.value](EngineConfig &c) { c.ledger->password = value; });
                   });
}

void MainWindow::readSecret(const QString &name, int attemptsLeft,
                            std::function<void(const SecretStore::Result &)> done) {
    m_secrets->read(name, [this, name, attemptsLeft, done](const SecretStore::Result &r) {
        // A keychain that is still unlocking at login, or busy, answers with an error: ask again, 1 s then 2
        // s later. A missing entry or no keychain at all will not change by waiting.
        if (r.ok || r.notFound || r.noBackend || attemptsLeft <= 1) {
            done(r);
            return;
        }
        const int delayMs = 1000 * (1 << (kSecretReadAttempts - attemptsLeft));
        QTimer::singleShot(delayMs, this,
                           [this, name, attemptsLeft, done] { readSecret(name, attemptsLeft - 1, done); });
    });
}

void MainWindow::startEngineWith(const EngineConfig &config, QStringList problems, const QString &refusal) {
    if (config.registries.isEmpty())
        problems.append(tr(
            "No registry is configured: filings would be quarantined. Set one in Settings (Ctrl+,) or start "
            "with --sandbox."));
    if (!problems.isEmpty()) {
        // One notice for all of them: a later one must not hide an earlier one.
        showNotice(problems.join(QLatin1Char(' ')));
        statusBar()->showMessage(problems.first(), 30000);
    }
    m_sessionConfig = config;
    if (m_sessionConfig.redis)
        m_sessionConfig.redis->password.clear();
    m_sessionConfig.registryToken.clear();
    if (config.ledger) {
        m_ledgerPassword = config.ledger->password; // for the reports' own connection to the ledger
        m_sessionConfig.ledger->password.clear();
    }
    applyRegistryMode(config);
    m_probe->setUrl(config.registries.anyUrl());
    if (!config.redis)
        m_indicators->setRedis(QString(), true); // no team limiter: nothing to show
    m_teamMode = config.ledger.has_value();
    m_ledgerDisplay = m_teamMode ? config.ledger->display() : QString();
    m_indicators->setLedger(m_teamMode ? StatusIndicators::Ledger::Connecting : StatusIndicators::Ledger::Off,
                            m_ledgerDisplay);
    m_deadLettersPage->setTeamMode(m_teamMode);
    m_exceptionsPage->setTeamMode(m_teamMode);
    m_membersPage->setTeamMode(m_teamMode, m_ledgerDisplay);
    if (m_teamMode)
        qCInfo(lcConsole).noquote() << "team mode: ledger" << m_ledgerDisplay << "as member"
                                    << config.consoleId;
    if (!refusal.isEmpty())
        onEngineStarted(false, refusal, QString(), false);
    else
        m_link->start(config);
}

void MainWindow::openPortfolioWhenReady(const QString &path) {
    if (m_engineStarted)
        loadPortfolio(path);
    else
        m_options.portfolio = path; // loaded by the engine's started handler
}

void MainWindow::loadPortfolio(const QString &path) {
    // Loading imports the entities into the team's register and admits their filings: an operator's work.
    if (m_actions->refuseWithout(TeamAction::EditEntity, tr("Open portfolio")))
        return;
    m_link->loadPortfolio(path, m_asOf->date());
}

QStringList MainWindow::pendingKeysDueWithin(int days) const {
    QStringList keys;
    const QDate asOf = m_obligations->asOf().isValid() ? m_obligations->asOf() : m_asOf->date();
    for (int row = 0; row < m_obligations->rowCount(); ++row) {
        const ObligationRow &r = m_obligations->rowAt(row);
        if (r.kind == ObligationRow::Kind::Task && r.task.state == ExecutionState::Pending &&
            r.task.batchId.isEmpty() && asOf.daysTo(r.task.obligation.dueDate) <= days)
            keys.append(r.key);
    }
    return keys;
}

void MainWindow::launchSelection() {
    QStringList keys;
    for (const QString &key : m_obligationsPage->selectedTaskKeys()) {
        const int row = m_obligations->rowOfKey(key);
        if (row >= 0 && m_obligations->rowAt(row).task.state == ExecutionState::Pending)
            keys.append(key);
    }
    const Spend spend = spendOf(keys);
    m_actions->launch(keys, tr("the selection"), spend.lines, spend.total);
}

MainWindow::Spend MainWindow::spendOf(const QStringList &keys) const {
    // What a launch will send, as people check it before they sign off: filings and fees per jurisdiction.
    QMap<QString, std::pair<int, qint64>> byPlace;
    qint64 total = 0;
    int counted = 0;
    for (const QString &key : keys) {
        const int row = m_obligations->rowOfKey(key);
        if (row < 0)
            continue;
        const Obligation &o = m_obligations->rowAt(row).task.obligation;
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

void MainWindow::launchDueWithin() {
    const int days = m_batchPanel->dueWithinDays();
    const QStringList keys = pendingKeysDueWithin(days);
    const Spend spend = spendOf(keys);
    m_actions->launch(keys, tr("everything due within %n day(s)", nullptr, days), spend.lines, spend.total);
}

void MainWindow::refreshAudit() {
    m_auditPage->search();
    m_link->queryNotes(); // notes from this desk, and in a team those other desks wrote
}

void MainWindow::showSettings() {
    auto *dialog = new SettingsDialog(m_settings.get(), m_secrets, this);
    dialog->setAccess(m_actions->access());
    QStringList overrides;
    if (m_options.redisGiven)
        overrides
            << tr("Redis %1").arg(m_options.redis ? m_options.redis->url : tr("(none: in-process gate)"));
    if (m_options.registryUrl.isValid())
        overrides << tr("registry %1").arg(m_options.registryUrl.toString());
    if (!m_options.limits.isEmpty())
        overrides << tr("ceilings %1").arg(m_options.limits.join(QStringLiteral(", ")));
    if (!m_options.dbPath.isEmpty())
        overrides << tr("audit database %1").arg(m_options.dbPath);
    if (m_options.ledgerGiven)
        overrides << tr("team ledger %1")
                         .arg(m_options.ledger ? m_options.ledger->url : tr("(none: this desk alone)"));
    if (!overrides.isEmpty())
        dialog->setSessionNote(
            tr("This session runs with command-line options that override the saved settings (not "
               "saved): %1. Below are the saved settings.")
                .arg(overrides.join(QStringLiteral("; "))));
    connect(dialog, &SettingsDialog::settingsChanged, m_link, &EngineClient::recordSettingsChange);
    connect(dialog, &SettingsDialog::saveFinished, this, [this](bool saved) {
        if (!saved)
            return;
        // Practice marks, the owner name and the reminder days apply at once; the rest at the next start.
        applyRegistryMode(m_sessionConfig);
        updateOwnerFilters();
        m_reminders->check();
    });
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::applyBatchStatus(const BatchStatus &status) {
    m_status = status;
    if (!AccessGate::same(status.access, m_actions->access()))
        applyAccess(status.access);
    m_batchPanel->setStatus(status);
    m_paused = status.paused;
    if (status.teamMode && !status.ledgerTrusted && !m_ledgerUntrusted) {
        m_ledgerUntrusted = true; // the alert that says why may have been missed; the status never is
        setLedgerState(false, QString());
    }
    if (status.teamMode && status.ledgerReachable != m_ledgerReachable)
        setLedgerState(status.ledgerReachable, QString());
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
    if (status.gateBlind != m_gateBlind)
        setGateBlind(status.gateBlind, QString());
    updateTitle();
}

const TeamAccess &MainWindow::access() const {
    return m_actions->access();
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
    m_obligations->setEditRefusal(access.refusal(TeamAction::EditEntity));
    updateBatchActions();
    if (access.team)
        qCInfo(lcConsole).noquote() << "team ledger login" << access.login << "with roles"
                                    << (access.roles.isEmpty() ? QStringLiteral("(none)")
                                                               : access.roles.join(QStringLiteral(", ")));
}

void MainWindow::updateBatchActions() {
    // While the team ledger is unreachable nothing can be launched, paused, resumed or cancelled: the
    // console shows this desk's mirror, read-only. In a team each also needs its role (AccessGate).
    const bool writable = m_engineStarted && m_ledgerReachable;
    const TeamAccess &access = m_actions->access();
    // Admission writes to the ledger, and loading a portfolio imports its entities into the register.
    AccessGate::apply(m_openAction, !m_teamMode || m_ledgerReachable, access, TeamAction::EditEntity);
    AccessGate::apply(m_launchSelectionAction, !m_teamMode || writable, access, TeamAction::Launch);
    AccessGate::apply(m_launchDueAction, !m_teamMode || writable, access, TeamAction::Launch);
    AccessGate::apply(m_pauseAction, writable && m_status.active && !m_status.paused, access,
                      TeamAction::PauseResume);
    AccessGate::apply(m_resumeAction, writable && m_status.paused, access, TeamAction::PauseResume);
    AccessGate::apply(m_pausedBannerResume, true, access, TeamAction::PauseResume);
    AccessGate::apply(m_cancelAction, writable && m_status.active, access, TeamAction::Cancel);
}

void MainWindow::setLedgerLink(LedgerLink link, const QString &detail) {
    // The connection in detail: a standby and a lock wait are named as such, never as "unreachable".
    m_ledgerLink = link;
    if (!m_teamMode || m_ledgerUntrusted)
        return;
    if (link == LedgerLink::WaitingOnLock) {
        m_indicators->setLedger(StatusIndicators::Ledger::WaitingOnLock,
                                tr("%1: %2").arg(m_ledgerDisplay, detail));
        return;
    }
    setLedgerState(link == LedgerLink::Connected, detail);
}

void MainWindow::setLedgerState(bool reachable, const QString &reason) {
    if (!m_teamMode)
        return;
    reachable = reachable && !m_ledgerUntrusted; // answering again does not make its audit true again
    const bool changed = !m_ledgerKnown || reachable != m_ledgerReachable;
    m_ledgerKnown = true;
    m_ledgerReachable = reachable;
    // The reason stays in the tooltip until the ledger answers again.
    const QString detail = reason.isEmpty() ? m_ledgerDisplay : tr("%1: %2").arg(m_ledgerDisplay, reason);
    if (reachable || changed || !reason.isEmpty())
        m_indicators->setLedger(reachable           ? StatusIndicators::Ledger::Connected
                                : m_ledgerUntrusted ? StatusIndicators::Ledger::Untrusted
                                : m_ledgerLink == LedgerLink::ReadOnlyStandby
                                    ? StatusIndicators::Ledger::ReadOnlyStandby
                                    : StatusIndicators::Ledger::Unreachable,
                                detail);
    const QString because = reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(reason);
    if (reachable)
        m_ledgerBanner->showMessage(QString());
    else if (m_ledgerUntrusted)
        m_ledgerBanner->showMessage(tr("TEAM LEDGER NOT TRUSTED, showing this desk's mirror (read-only): %1")
                                        .arg(m_ledgerUntrustedReason.isEmpty()
                                                 ? tr("its audit trail does not verify")
                                                 : m_ledgerUntrustedReason));
    else if (m_ledgerLink == LedgerLink::ReadOnlyStandby)
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
        m_ledgerUntrusted
            ? tr("The team ledger's audit trail does not verify: this desk shows its mirror, "
                 "read-only, until the ledger is restored and the console restarted.")
            : tr("The team ledger is unreachable: this desk shows its mirror, read-only. Try again "
                 "when the ledger answers."));
    m_obligationsPage->setLedgerReachable(reachable);
    m_deadLettersPage->setLedgerReachable(reachable);
    m_exceptionsPage->setLedgerReachable(reachable);
    m_membersPage->setLedgerReachable(reachable, reason);
    updateBatchActions();
    if (changed)
        qCInfo(lcConsole).noquote() << (reachable ? "team ledger reachable" : "team ledger unreachable:")
                                    << reason;
    updateTitle();
}

void MainWindow::setGateBlind(bool blind, const QString &reason) {
    m_gateBlind = blind;
    const QString text =
        blind ? tr("NOTHING IS BEING SENT: the team's filing limiter cannot be reached.%1 Sending resumes by "
                   "itself when it answers again.")
                    .arg(reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(reason))
              : QString();
    m_blindBanner->showMessage(text);
    m_blindBanner->setToolTip(blind ? tr("Gate blind: Redis unreachable (engine terms, for support)")
                                    : QString());
    m_permitsPage->setGateBlind(blind, reason);
    if (m_fleetMode)
        m_indicators->setRedis(blind ? tr("CANNOT BE REACHED") : tr("connected"), !blind);
    updateTitle();
}

void MainWindow::updateTitle() {
    QString title = m_portfolioName.isEmpty() ? tr("FilingDesk") : tr("FilingDesk — %1").arg(m_portfolioName);
    // The mode next to the name; what needs a person now (paused, blind, ledger) goes in front of it.
    if (m_registryMode.isLive())
        title.prepend(tr("[LIVE] "));
    else if (m_registryMode.isPractice())
        title.prepend(tr("[PRACTICE] "));
    if (m_gateBlind)
        title.prepend(tr("[NOT SENDING] "));
    if (m_teamMode && m_ledgerUntrusted)
        title.prepend(tr("[LEDGER AUDIT BROKEN] "));
    else if (m_teamMode && !m_ledgerReachable)
        title.prepend(tr("[LEDGER UNREACHABLE] "));
    if (m_paused)
        title.prepend(tr("[PAUSED] "));
    setWindowTitle(title);
    if (m_tray)
        m_tray->setToolTip(title);
}

void MainWindow::applyRegistryMode(const EngineConfig &config) {
    m_registryMode = registryModeOf(config, m_options.sandbox ? m_options.registryUrl : QUrl(),
                                    m_settings->practiceRegistries());
    m_actions->setLiveRegistries(m_registryMode.live);
    QString text;
    QString style;
    QString tip;
    switch (m_registryMode.kind) {
    case RegistryMode::Kind::Live:
        text = tr("LIVE");
        style = QStringLiteral("background:#b71c1c;color:white;font-weight:bold;padding:1px 8px;");
        tip = tr("Filing with a LIVE registry: filings are real and fees are charged (%1)")
                  .arg(m_registryMode.live.join(QStringLiteral(", ")));
        break;
    case RegistryMode::Kind::Practice:
        text = tr("PRACTICE");
        style = QStringLiteral("background:#1565c0;color:white;font-weight:bold;padding:1px 8px;");
        tip = tr("Filing with a practice registry: nothing is filed for real (%1)")
                  .arg(m_registryMode.practice.join(QStringLiteral(", ")));
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
    QStringList owners;
    for (const Entity &e : std::as_const(m_register)) {
        if (!e.owner.trimmed().isEmpty())
            owners << e.owner.trimmed();
    }
    for (int r = 0; r < m_obligations->rowCount(); ++r) {
        const QString owner = m_obligations->rowAt(r).task.obligation.entity->owner.trimmed();
        if (!owner.isEmpty())
            owners << owner;
    }
    const QString me = m_settings->ownerName();
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
    m_obligationsPage->setSummary(m_planSummary +
                                  tr(", %n filing(s) need data", nullptr, m_reminders->counts().needsData));
}

void MainWindow::updateTabCounts() {
    refreshNotice(); // "Waiting for a person" follows the review queues
    m_tabs->setTabText(DeadLettersTab, m_deadLetters->rowCount() > 0
                                           ? tr("Could not be filed (%1)").arg(m_deadLetters->rowCount())
                                           : tr("Could not be filed"));
    m_tabs->setTabText(ExceptionsTab, m_exceptions->rowCount() > 0
                                          ? tr("Halts && exceptions (%1)").arg(m_exceptions->rowCount())
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
    m_noticeBanner->showMessage(text);
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
        const QList<DueReminder> open = m_reminders->stillOpen(m_noticeReminders);
        if (open.isEmpty()) {
            showNotice(QString());
            return;
        }
        m_noticeReminders = open;
        m_noticeBanner->showMessage(
            tr("%1: %2 (%3)")
                .arg(DeadlineReminders::title(open),
                     DeadlineReminders::describe(open).replace(QLatin1Char('\n'), QStringLiteral("; ")),
                     DeadlineReminders::describeCounts(m_reminders->counts())));
        return;
    }
    if (!m_noticeFollowsAlerts)
        return;
    // The news stands while every filing it announced still waits; once one is dealt with it is old news.
    // (A filing counts as dealt with once it was seen waiting and left the queues: an alert may come before
    // the task update that puts it there.)
    bool newsStands = true;
    for (const QString &key : std::as_const(m_noticeKeys)) {
        if (m_exceptions->rowOfKey(key) >= 0 || m_deadLetters->rowOfKey(key) >= 0)
            m_noticeSeenWaiting.insert(key);
        else if (m_noticeSeenWaiting.contains(key))
            newsStands = false;
    }
    QStringList waiting;
    if (m_exceptions->rowCount() > 0)
        waiting << tr("%n halt(s) or exception(s)", nullptr, m_exceptions->rowCount());
    if (m_deadLetters->rowCount() > 0)
        waiting << tr("%n filing(s) that could not be filed", nullptr, m_deadLetters->rowCount());
    QStringList parts;
    if (newsStands)
        parts << m_noticeNews;
    if (!waiting.isEmpty())
        parts << tr("Waiting for a person: %1").arg(waiting.join(QStringLiteral(", ")));
    // Registries still failing, unless the news itself is about the only one.
    if (!m_breakers->isEmpty() &&
        (!newsStands || m_noticeAlert != AlertKind::BreakerOpen || m_breakers->openBreakers().size() > 1))
        parts << tr("Registry failing: %1").arg(m_breakers->summaries().join(QStringLiteral(", ")));
    if (!newsStands && waiting.isEmpty()) {
        showNotice(QString()); // what it announced is dealt with, and nothing else waits
        return;
    }
    m_noticeBanner->showMessage(parts.join(QStringLiteral(". ")) + QLatin1Char('.'));
}

void MainWindow::placeBannerOverlay() {
    const bool any = !m_pausedBanner->isHidden() || !m_noticeBanner->isHidden();
    if (!any) {
        m_bannerOverlay->hide();
        return;
    }
    const QRect views = m_tabs->geometry();
    const int width = views.width();
    QLayout *stack = m_bannerOverlay->layout();
    stack->activate();
    const int height =
        stack->hasHeightForWidth() ? stack->totalHeightForWidth(width) : stack->totalSizeHint().height();
    m_bannerOverlay->setGeometry(views.left(), views.bottom() + 1 - height, width, height);
    m_bannerOverlay->show();
    m_bannerOverlay->raise();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_tabs && (event->type() == QEvent::Resize || event->type() == QEvent::Move))
        placeBannerOverlay();
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showFailingRegistries() {
    QStringList details;
    QStringList lines;
    for (const BreakerBoard::Entry &entry : m_breakers->openBreakers()) {
        details.append(entry.message);
        const QString lastError = BreakerBoard::lastErrorIn(entry.message);
        lines.append(tr("%1 (failing since %2) — %3")
                         .arg(BreakerBoard::summary(entry),
                              entry.openedAt.toString(QStringLiteral("HH:mm:ss")),
                              lastError.isEmpty() ? entry.message : tr("last error: %1").arg(lastError)));
    }
    m_indicators->setFailingRegistries(m_breakers->summaries(), details.join(QLatin1Char('\n')));
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
    const QByteArray geometry = m_settings->windowGeometry();
    if (geometry.isEmpty() || !restoreGeometry(geometry))
        resize(1500, 900);
    restoreState(m_settings->windowState());
    const struct {
        const char *name;
        QTableView *view;
    } tables[] = {{"obligations-v3", m_obligationsPage->table()},
                  {"deadLetters-v2", m_deadLettersPage->table()},
                  {"exceptions-v2", m_exceptionsPage->table()},
                  {"audit", m_auditPage->table()},
                  {"fleet", m_membersPage->table()}};
    for (const auto &t : tables) {
        const QByteArray state = m_settings->headerState(QString::fromLatin1(t.name));
        if (!state.isEmpty())
            t.view->horizontalHeader()->restoreState(state);
    }
}

void MainWindow::saveLayout() {
    m_settings->setWindowLayout(saveGeometry(), saveState());
    // "-v3": the Status and Owner columns were added; a layout saved before them would put the columns in the
    // wrong places. "-v2" of the review queues: their Notes column.
    m_settings->setHeaderState(QStringLiteral("obligations-v3"),
                               m_obligationsPage->table()->horizontalHeader()->saveState());
    m_settings->setHeaderState(QStringLiteral("deadLetters-v2"),
                               m_deadLettersPage->table()->horizontalHeader()->saveState());
    m_settings->setHeaderState(QStringLiteral("exceptions-v2"),
                               m_exceptionsPage->table()->horizontalHeader()->saveState());
    m_settings->setHeaderState(QStringLiteral("audit"),
                               m_auditPage->table()->horizontalHeader()->saveState());
    m_settings->setHeaderState(QStringLiteral("fleet"),
                               m_membersPage->table()->horizontalHeader()->saveState());
    m_settings->sync();
}

void MainWindow::closeEvent(QCloseEvent *event) {
    saveLayout();
    event->accept();
}

} // namespace fd::ui
