#pragma once

#include "engine/core/engine_types.h"
#include "ui/session/console_options.h"
#include "ui/session/console_session.h"
#include "ui/session/deadline_reminders.h"
#include "ui/session/registry_mode.h"
#include "ui/widgets/entity_page.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <functional>
#include <memory>
#include <utility>

class QAbstractItemView;
class QAction;
class QDateEdit;
class QDockWidget;
class QLabel;
class QMenu;
class QMessageBox;
class QToolButton;
class QSystemTrayIcon;
class QTabWidget;

namespace fd::ui {

class AlertNotifier;
class AuditModel;
class AuditPage;
class BannerWidget;
class BatchPanel;
class BreakerBoard;
class CalendarExport;
class CalendarPage;
class ReportExport;
class DeadlineReminders;
class DeadLetterModel;
class DeadLettersPage;
class ExceptionModel;
class ExceptionsPage;
class MemberModel;
class MembersPage;
class ObligationModel;
class ObligationsPage;
class OperatorActions;
class PermitModel;
class PermitsPage;
class ReasonProvider;
class StatusIndicators;

/// The operator console's main window (objectName "mainWindow"): tabs Obligations, Permits, Dead letters,
/// Halts & exceptions, Audit, Fleet, Calendar (Ctrl+1 … Ctrl+7); the Batch panel as a dock; banners for "gate
/// blind", "team ledger unreachable" and "batch paused"; status bar indicators. Layout is saved between runs.
///
/// Team mode (a ledger URL in the settings or --ledger): operator actions act fleet-wide through the ledger,
/// other desks' changes arrive with the engine's task updates, the review queues show who has an item open
/// for review, and the Fleet tab lists the members. While the ledger is unreachable the console shows this
/// desk's mirror read-only: every operator action is disabled. Each person logs in to the ledger as their own
/// PostgreSQL role and holds FilingDesk roles (viewer, operator, approver, admin; docs/roles.md): the status
/// bar says who they are ("alice · operator", objectName "accessLabel"), and every action the login may not
/// do is disabled with the role it needs named in its tooltip (AccessGate).
///
/// The window holds the widgets, the menus and their wiring; the session (ConsoleSession, its child) holds
/// the engine's client, the models and what is derived from the engine's reports.
///
/// Thread affinity: GUI thread. It never waits for the engine: requests go through EngineClient (queued),
/// answers arrive as the session's signals once the models have them.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const ConsoleOptions &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    ConsoleSession *session() const { return m_session; }
    OperatorActions *operatorActions() const { return m_actions; }
    /// Convenience for tests: replaces the reason prompt.
    void setReasonProvider(std::unique_ptr<ReasonProvider> provider);
    ObligationModel *obligationModel() const;
    DeadLetterModel *deadLetterModel() const;
    ExceptionModel *exceptionModel() const;
    AuditModel *auditModel() const;
    PermitModel *permitModel() const;
    MemberModel *memberModel() const;
    /// Team mode: a ledger is configured for this session.
    bool isTeamMode() const;
    /// False while the team ledger cannot be reached (always true on a single desk).
    bool isLedgerReachable() const;
    /// Team mode: this login and its FilingDesk roles, as the engine last reported them (a single desk:
    /// everything allowed).
    const fd::TeamAccess &access() const;
    /// The member id this console's engine uses in the ledger and at the gate.
    QString memberId() const;
    BatchPanel *batchPanel() const { return m_batchPanel; }
    StatusIndicators *indicators() const { return m_indicators; }
    AlertNotifier *alertNotifier() const { return m_notifier; }
    /// The jurisdictions whose registry keeps failing (engine alerts breaker_open / breaker_closed).
    BreakerBoard *failingRegistries() const;
    bool engineStarted() const;
    bool isPaused() const;
    /// Closes without the question asked while filings are being sent: a signal (SIGINT, SIGTERM: a logout,
    /// systemd, kill) means "stop now". The engine stops as on any close: what is on the wire is looked up on
    /// the next start, nothing is sent twice.
    void closeWithoutAsking();
    /// Practice or live: which registries this session files with (the badge in the title and status bar).
    const RegistryMode &registryMode() const;
    DeadlineReminders *reminders() const;
    ReportExport *reportExport() const { return m_reportExport; }
    /// PENDING tasks not in a batch due within `days` of the as-of date: what "launch due within" files.
    QStringList pendingKeysDueWithin(int days) const;

public Q_SLOTS:
    /// Loads a portfolio with the as-of date shown in the toolbar; then admits its obligations (nothing is
    /// sent before a launch).
    void loadPortfolio(const QString &path);
    /// Loads a portfolio handed over by the desktop (a file opened with FilingDesk): now when the engine
    /// runs, else as soon as it has started.
    void openPortfolioWhenReady(const QString &path);
    void launchSelection();
    void launchDueWithin();
    void refreshAudit();
    void showSettings();
    /// The entity of the current row of the view the user is in (else of the current tab's first view with a
    /// current row); empty when none.
    QString selectedEntityId() const;
    /// The row menu of a view: "Open entity “name”".
    void showRowMenu(QAbstractItemView *view, const QPoint &at);

protected:
    void closeEvent(QCloseEvent *event) override;
    /// Keeps the banner overlay over the bottom of the views when they are resized.
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// Raises and activates the window when it is shown, so that its keyboard shortcuts work at once, also
    /// where no window manager gives it the focus (Xvfb, kiosk sessions).
    void showEvent(QShowEvent *event) override;

private:
    void buildActions();
    void buildMenus();
    void buildPages();
    /// The session's signals to the widgets.
    void connectSession();
    void onEngineStarted(bool ok, const QString &error, const QString &gate, bool fleet);
    void onPortfolioLoaded(const fd::PortfolioSummary &summary);
    /// The session's configuration applied: the gate, team mode and ledger shown before the engine starts.
    void showSessionConfigured();
    void restoreLayout();
    void saveLayout();
    void applyBatchStatus(const fd::BatchStatus &status);
    /// Team mode: who is logged in and what their roles let them do, applied to every action and page.
    void applyAccess(const fd::TeamAccess &access);
    void showGateBlind(bool blind, const QString &reason);
    /// Team mode: the ledger answers again, or cannot be reached (the console turns read-only).
    void showLedgerState(bool reachable, const QString &reason, bool changed);
    /// Enables the batch actions for the last batch status and the ledger's state.
    void updateBatchActions();
    void updateTitle();
    void updateTabCounts();
    /// A notice that does not follow any count (empty `text`: clears the notice).
    void showNotice(const QString &text);
    /// Alerts of the engine (AlertNotifier): `keys` are the filings announced that wait for a person; the
    /// notice follows them and the review queues' counts (refreshNotice()).
    void showAlertNotice(const QString &news, const QString &kindName, const QStringList &keys);
    /// Deadline reminders in the window: follows the reminded filings and the due counts.
    void showReminderNotice(const QList<DueReminder> &reminders);
    /// Says again what the notice on show states, with today's counts; clears it when what it announced is
    /// dealt with (filed, resolved, replayed).
    void refreshNotice();
    /// Places the paused and notice banners over the bottom of the views: their coming and going never moves
    /// the tabs or the rows under the pointer.
    void placeBannerOverlay();
    /// A status bar message on show (`message`, empty when it went): the status indicators that only say all
    /// is well step aside while it would not fit beside them; the message is the status bar's tooltip.
    void fitStatusMessage(const QString &message);
    /// The Obligations view's summary line: the plan's counts as loaded, the filings needing data as now.
    void updatePlanSummary();
    void showFailingRegistries();
    void takeKeyboard();
    void refreshEntityPages();
    /// What a launch of `keys` sends: "46 filings, $10,350.00 to Delaware (US-DE)" per jurisdiction (lines)
    /// and the total ("134 filings, $30,125.00"), for the launch prompt and the live confirmation.
    struct Spend {
        QString lines;
        QString total;
    };
    Spend spendOf(const QStringList &keys) const;
    /// Shows the session's registry mode: the badge, the live confirmation, the title.
    void showRegistryMode();
    /// Owners named in the register, and this user's name, for every view's owner filter.
    void updateOwnerFilters();
    void showReminder(const QString &title, const QString &text, const QList<DueReminder> &reminders);
    void setDueSoonCounts(const DueCounts &counts);
    /// "Resolve and requeue" / "Accept as filed" from the review queue (see the .cpp for the cure path).
    void resolveHalts(const QStringList &keys, bool requeue);
    /// "Try again" from Could not be filed: one filing refused for its data whose data is unchanged opens its
    /// entity to cure it first (openCure()), once per filing (m_cureOffered); anything else, and the same
    /// filing tried again after that, goes to OperatorActions::replay().
    void tryAgain(const QStringList &keys, const QString &scope, const QString &aside);
    /// Opens the entity of the dead letter (TryAgain) or halt (Requeue) `key` with the fields that cure it
    /// marked and the one-step cure offered, when the registry refused it for a data defect that the register
    /// still holds. False (nothing opened) otherwise.
    bool openCure(const QString &key, EntityPage::CureStep step);
    /// Where an entity's filings are (key, state, last change), to tell when its open page's timeline is
    /// behind.
    static QString filingSteps(const QList<ObligationRow> &rows);

public:
    /// Opens (or raises) the entity page of `entityId`; null when the entity is unknown.
    EntityPage *openEntity(const QString &entityId);

private:
    ConsoleSession *m_session;
    QHash<QString, QPointer<EntityPage>> m_entityPages; ///< open entity pages by entity id
    QSet<QString> m_cureOffered; ///< dead letters whose entity page was opened to cure them (this session)
    QHash<QString, QString> m_entityPageSteps; ///< per open entity page: its filings' states when last shown
    OperatorActions *m_actions;
    AlertNotifier *m_notifier;
    QSystemTrayIcon *m_tray = nullptr;

    QTabWidget *m_tabs = nullptr;
    ObligationsPage *m_obligationsPage = nullptr;
    PermitsPage *m_permitsPage = nullptr;
    DeadLettersPage *m_deadLettersPage = nullptr;
    ExceptionsPage *m_exceptionsPage = nullptr;
    AuditPage *m_auditPage = nullptr;
    MembersPage *m_membersPage = nullptr;
    CalendarPage *m_calendarPage = nullptr;
    BatchPanel *m_batchPanel = nullptr;
    QDockWidget *m_batchDock = nullptr;
    BannerWidget *m_blindBanner = nullptr;
    BannerWidget *m_ledgerBanner = nullptr;
    BannerWidget *m_pausedBanner = nullptr;
    /// "N filings of an unfinished batch wait to be sent" after a start (objectName "waitingBanner").
    BannerWidget *m_waitingBanner = nullptr;
    void showWaiting();
    /// The launch windows of the toolbar's "Launch due within" arrow, with their counts.
    void fillLaunchDueMenu(QMenu *menu);
    /// Launches the filings that waited since the start (a launch like any other: reason, spend).
    void resumeWaiting();
    /// The person answered Quit to the question asked while filings were being sent.
    bool m_quitConfirmed = false;
    /// The open question "quit while filings are being sent?" (objectName "quitQuestion").
    QPointer<QMessageBox> m_quitQuestion;
    /// True when closing needs the person's answer first (filings being sent); asks it.
    bool askBeforeQuit();
    BannerWidget *m_noticeBanner = nullptr;
    QWidget *m_bannerOverlay = nullptr;   ///< "bannerOverlay": the paused and notice banners, over the views
    QString m_noticeNews;                 ///< an alert notice's news, as the notifier said it
    QStringList m_noticeKeys;             ///< the filings an alert notice announced as waiting for a person
    QSet<QString> m_noticeSeenWaiting;    ///< of m_noticeKeys, those seen in a review queue
    bool m_noticeFollowsAlerts = false;   ///< the notice on show is the engine's alerts (refreshNotice())
    QList<DueReminder> m_noticeReminders; ///< the notice on show is these reminders
    QString m_planSummary; ///< the Obligations summary as planned, before the live needs-data count
    StatusIndicators *m_indicators = nullptr;
    QDateEdit *m_asOf = nullptr;
    QTimer m_asOfChange; ///< re-plans a moment after the as-of date stops changing
    /// The as-of date a person chose or accepted (opening a portfolio, or "Keep" after a change).
    QDate m_confirmedAsOf;
    /// What was due as of m_confirmedAsOf, for the question after a change of date.
    ConsoleSession::DueCounts m_dueAtConfirmed;
    /// The open question "keep the new as-of date?" (objectName "asOfQuestion").
    QPointer<QMessageBox> m_asOfQuestion;
    /// A re-plan arrived as of another date: asks the person when it changes what is due.
    void confirmAsOf(const QDate &asOf);
    /// Back to m_confirmedAsOf: the date editor and the plan.
    void revertAsOf();
    QLabel *m_modeBadge = nullptr;
    QLabel *m_accessLabel = nullptr; ///< team mode: "alice · operator"
    QToolButton *m_pausedBannerResume = nullptr;
    QToolButton *m_dueSoonButton = nullptr;
    QAction *m_myFilingsAction = nullptr;

    QAction *m_openAction = nullptr;
    QAction *m_exportCalendarAction = nullptr;
    CalendarExport *m_calendarExport = nullptr;
    ReportExport *m_reportExport = nullptr;
    QAction *m_launchSelectionAction = nullptr;
    QAction *m_launchDueAction = nullptr;
    QAction *m_admitAction = nullptr; ///< admits the planned filings whose window is open
    QAction *m_pauseAction = nullptr;
    QAction *m_resumeAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_settingsAction = nullptr;
    QAction *m_findAction = nullptr;
    QAction *m_openEntityAction = nullptr; ///< the entity of the selected row

    QTimer m_auditRefresh;
    /// What the notice on show is about: deadline reminders, the engine's alerts (m_noticeAlert), values of a
    /// portfolio that differ from the register (m_noticeConflictEntities), or anything else (a message, or
    /// none).
    enum class NoticeSubject { Other, Reminder, Alert, NotDone, Conflicts };
    /// Conflicts: the entities whose values differ, in the file's order; Show opens the first and the notice
    /// goes on with the rest.
    QStringList m_noticeConflictEntities;
    void showConflictNotice(const QString &fileName);
    /// The dead letters a person needs to act on: those not withdrawn (a withdrawal is a decision made).
    int deadLettersNeedingAPerson() const;
    /// Hides a "Not done: ..." notice: the person acted again or the state it was about changed.
    void clearNotDone();
    /// A refusal for the notice: added to those on show (a second one never hides the first), the same
    /// message counted once.
    void showNotDone(const QString &message);
    /// NotDone: the refusals on show, oldest first, each with how many times it came.
    QList<std::pair<QString, int>> m_notDone;
    NoticeSubject m_noticeSubject = NoticeSubject::Other;
    fd::AlertKind m_noticeAlert = fd::AlertKind::Unknown; ///< Alert: the most pressing kind in the notice
};

} // namespace fd::ui
