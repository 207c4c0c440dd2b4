// The console's alert and permit widgets on their own (offscreen, no engine): every alert kind is announced,
// known or not; an open circuit breaker is shown per jurisdiction with its next trial request; the Permits
// view's in-use column fits while the gate is blind; detail pane and action buttons agree on the rows they
// mean.
#include "engine/client/engine_client.h"
#include "ui/models/audit_model.h"
#include "ui/models/breaker_board.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/display_format.h"
#include "ui/models/exception_model.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"
#include "ui/models/permit_model.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/widgets/alert_notifier.h"
#include "ui/widgets/audit_page.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/batch_panel.h"
#include "ui/widgets/dead_letters_page.h"
#include "ui/widgets/entity_edit_delegate.h"
#include "ui/widgets/exceptions_page.h"
#include "ui/widgets/obligations_page.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/permits_page.h"
#include "ui/widgets/reason_dialog.h"
#include "ui/widgets/reason_provider.h"
#include "ui/widgets/reason_request.h"
#include "ui/widgets/status_indicators.h"
#include "ui/widgets/table_setup.h"
#include "ui/widgets/task_detail_text.h"
#include "ui/widgets/task_filter_bar.h"

#include <QComboBox>
#include <QDateEdit>
#include <QEnterEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

using namespace fd;
using namespace fd::ui;

namespace {

EngineAlert alert(const QString &kind, const QString &jurisdiction, const QString &message,
                  const QString &entity = QString(), const QString &key = QString()) {
    EngineAlert a{alertKindFromString(kind), key, entity, jurisdiction, message};
    if (a.kind == AlertKind::Unknown)
        a.unknownKindName = kind; // a kind this build does not know keeps its name
    return a;
}

/// The engine's breaker_open wording (engine/core/engine.cpp handleTransient()).
QString breakerMessage(const QString &jurisdiction, const QDateTime &untilUtc) {
    return QStringLiteral(
               "the %1 registry keeps failing (last: HTTP_503 service unavailable); nothing more is sent "
               "there until a trial request at %2 UTC")
        .arg(jurisdiction, untilUtc.toString(QStringLiteral("HH:mm:ss")));
}

FilingTask haltTask(int i, const QString &category) {
    FilingTask t;
    t.key = QStringLiteral("key-%1").arg(i, 4, 10, QLatin1Char('0'));
    t.obligation.entity.edit().name = QStringLiteral("Entity %1 LLC").arg(i);
    t.obligation.entity.edit().entityId = QStringLiteral("E%1").arg(i);
    t.obligation.jurisdiction = QStringLiteral("US-DE");
    t.obligation.dueDate = QDate(2027, 3, 1).addDays(i);
    t.state =
        category == QLatin1String("dead") ? ExecutionState::DeadLetter : ExecutionState::FailedStatutory;
    t.lastCategory = category == QLatin1String("reconciliation") ? ErrorCategory::Reconciliation
                     : category == QLatin1String("dead")         ? ErrorCategory::Validation
                                                                 : ErrorCategory::Statutory;
    t.lastErrorCode = QStringLiteral("CODE_%1").arg(i);
    t.lastErrorMessage = QStringLiteral("reason %1").arg(i);
    if (t.lastCategory == ErrorCategory::Reconciliation)
        t.confirmationNumber = QStringLiteral("CONF-%1").arg(i);
    return t;
}

} // namespace

class TestConsoleWidgets : public QObject {
    Q_OBJECT
public:
    /// Before the QApplication exists: offscreen when run by hand as under ctest, unless the environment says
    /// otherwise.
    static void initMain() {
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }

private Q_SLOTS:
    void filterCountFollowsRowsItHides();
    void missingValueEditorsSuggestNothing();
    void notifierAnnouncesEveryKind();
    void notifierGathersAndOrders();
    void breakerBoardTracksJurisdictions();
    void breakerShownInStatusBarAndPermits();
    void routineIndicatorsStepAsideForALongMessage();
    void blindInUseFitsItsColumn();
    void exceptionsDetailAndButtonsAgree();
    void deadLettersDetailAndButtonsAgree();
    void aBulkRetryLeavesWithdrawnFilingsOut();
    void deadLettersCanBeWithdrawn();
    void aWithdrawnFilingReadsAsAPersonsDecision();
    void acceptAsFiledIsOfferedOnlyWithAConfirmationNumber();
    void withdrawCountsOnlyWhatCanBeWithdrawn();
    void rowsHoldStillUnderThePointer();
    void aLaunchPromptSaysWhoFiles_data();
    void aLaunchPromptSaysWhoFiles();
    void promptsNameTheFilingsTheyActOn_data();
    void promptsNameTheFilingsTheyActOn();
    void auditActorSearchFindsFilingDeskByItsName_data();
    void auditActorSearchFindsFilingDeskByItsName();
    void aWithdrawalReadsAsSuchInTheAuditTrail_data();
    void aWithdrawalReadsAsSuchInTheAuditTrail();
    void haltDetailCitesTheFilingsOwnState_data();
    void haltDetailCitesTheFilingsOwnState();
    void reasonDialogTakesWhatIsTyped();
    void reasonDialogShowsTheQuestionAsWritten();
    void noteDialogStartsInTheNote();
};

namespace {

/// Types `text` into whichever widget of `window` has the keyboard, as a person at the keyboard would:
/// through the window system, not into a chosen widget.
void typeInto(QWidget *window, const QString &text) {
    for (const QChar c : text)
        QTest::keyClick(window->windowHandle(), c.toLatin1());
}

} // namespace

void TestConsoleWidgets::reasonDialogTakesWhatIsTyped() {
    QWidget parent;
    parent.resize(400, 300);
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    ReasonDialog dialog({QStringLiteral("entity_edit"), QStringLiteral("Edit entity"),
                         QStringLiteral("Change Registered agent status of Acme Corp."), QString(), 1},
                        &parent);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    auto *edit = dialog.findChild<QLineEdit *>(QStringLiteral("reasonEdit"));
    auto *ok = dialog.findChild<QPushButton *>(QStringLiteral("reasonOkButton"));
    auto *cancel = dialog.findChild<QPushButton *>(QStringLiteral("reasonCancelButton"));
    QVERIFY(edit && ok && cancel);
    // The keyboard is in the reason field, not on Cancel; OK is the default button, disabled until a reason.
    QTRY_COMPARE(QApplication::focusWidget(), edit);
    QVERIFY(ok->isDefault());
    QVERIFY(!cancel->isDefault());
    QVERIFY(!ok->isEnabled());
    // Enter with nothing typed neither cancels nor accepts.
    QTest::keyClick(dialog.windowHandle(), Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Rejected)); // not decided yet
    typeInto(&dialog, QStringLiteral("agent renewed"));
    QCOMPARE(edit->text(), QStringLiteral("agent renewed"));
    QVERIFY(ok->isEnabled());
    QTest::keyClick(dialog.windowHandle(), Qt::Key_Return);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.reason(), QStringLiteral("agent renewed"));
}

void TestConsoleWidgets::reasonDialogShowsTheQuestionAsWritten() {
    const QString question =
        QStringLiteral("Change State file number of Cheniere LNG O&M Services, LLC <Delaware>");
    ReasonDialog dialog(
        {QStringLiteral("entity_edit"), QStringLiteral("Edit entity"), question, QString(), 1});
    auto *label = dialog.findChild<QLabel *>(QStringLiteral("reasonQuestion"));
    QVERIFY(label);
    // The ampersand is shown, not taken for a keyboard shortcut (which a label with a buddy does), and the
    // angle brackets are not read as markup.
    QCOMPARE(label->text(), question);
    QVERIFY(!label->buddy());
    QCOMPARE(label->textFormat(), Qt::PlainText);
    QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("reasonEdit"))->accessibleDescription(), question);
}

void TestConsoleWidgets::noteDialogStartsInTheNote() {
    ReasonDialog dialog({QStringLiteral("note"), QStringLiteral("Add a note"),
                         QStringLiteral("Note for 1 item"), QString(), 1});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    auto *note = dialog.findChild<QPlainTextEdit *>(QStringLiteral("noteEdit"));
    QVERIFY(note);
    QTRY_COMPARE(QApplication::focusWidget(), note);
    typeInto(&dialog, QStringLiteral("Called the agent"));
    // Enter in a note is a line break, not OK.
    QTest::keyClick(dialog.windowHandle(), Qt::Key_Return);
    typeInto(&dialog, QStringLiteral("Renewal by Friday"));
    QVERIFY(dialog.isVisible());
    QCOMPARE(dialog.reason(), QStringLiteral("Called the agent\nRenewal by Friday"));
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("reasonOkButton")), Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
}

void TestConsoleWidgets::notifierAnnouncesEveryKind() {
    AlertNotifier notifier;
    QSignalSpy notices(&notifier, &AlertNotifier::noticeRaised);
    // A kind this console has never heard of is shown under its own name, with its message: not dropped.
    notifier.addAlert(alert(QStringLiteral("registry_maintenance"), QStringLiteral("US-NV"),
                            QStringLiteral("planned downtime until 18:00")));
    notifier.flushNow();
    QCOMPARE(notices.size(), 1);
    QString text = notices.at(0).at(0).toString();
    QVERIFY2(text.contains(QLatin1String("registry_maintenance")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("US-NV: planned downtime until 18:00")), qPrintable(text));
    QCOMPARE(notices.at(0).at(1).toString(), QStringLiteral("registry_maintenance"));

    // breaker_open: the jurisdiction and the engine's message (last error, next trial request).
    const QString message =
        breakerMessage(QStringLiteral("US-DE"), QDateTime::currentDateTimeUtc().addSecs(30));
    notifier.addAlert(alert(QStringLiteral("breaker_open"), QStringLiteral("US-DE"), message));
    notifier.flushNow();
    QCOMPARE(notices.size(), 2);
    text = notices.at(1).at(0).toString();
    QVERIFY2(text.startsWith(QStringLiteral("Registry failing — US-DE: ")), qPrintable(text));
    QVERIFY2(text.contains(message), qPrintable(text));
    QCOMPARE(notices.at(1).at(1).toString(), QStringLiteral("breaker_open"));
    // No " (US-DE)" with an empty entity in front.
    QVERIFY(!text.contains(QLatin1String(" (US-DE)")));

    notifier.addAlert(alert(QStringLiteral("breaker_closed"), QStringLiteral("US-DE"),
                            QStringLiteral("the US-DE registry answers again; dispatch there resumes")));
    notifier.flushNow();
    QCOMPARE(notices.size(), 3);
    QVERIFY(notices.at(2).at(0).toString().contains(QLatin1String("answers again")));
    QVERIFY(AlertNotifier::isInformational(alertKindFromString(notices.at(2).at(1).toString())));

    // An alert without a kind is still shown.
    notifier.addAlert(alert(QString(), QString(), QStringLiteral("something odd")));
    notifier.flushNow();
    QCOMPARE(notices.size(), 4);
    QVERIFY(notices.at(3).at(0).toString().contains(QLatin1String("something odd")));
}

void TestConsoleWidgets::notifierGathersAndOrders() {
    AlertNotifier notifier;
    QSignalSpy notices(&notifier, &AlertNotifier::noticeRaised);
    for (int i = 0; i < 5; ++i)
        notifier.addAlert(alert(QStringLiteral("dead_letter"), QStringLiteral("US-DE"),
                                QStringLiteral("E_%1").arg(i), QStringLiteral("Entity %1").arg(i),
                                QStringLiteral("k%1").arg(i)));
    notifier.addAlert(
        alert(QStringLiteral("future_kind"), QStringLiteral("US-CA"), QStringLiteral("new news")));
    notifier.addAlert(
        alert(QStringLiteral("breaker_closed"), QStringLiteral("US-FL"), QStringLiteral("answers again")));
    notifier.addAlert(alert(QStringLiteral("statutory_halt"), QStringLiteral("US-DE"),
                            QStringLiteral("franchise tax"), QStringLiteral("Acme LLC"),
                            QStringLiteral("k9")));
    // Gathered for a second, then one notice.
    QVERIFY(notices.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(notices.size(), 1, 3000);
    const QString text = notices.at(0).at(0).toString();
    QCOMPARE(notices.at(0).at(1).toString(), QStringLiteral("statutory_halt"));
    const qsizetype halt = text.indexOf(QLatin1String("1 new statutory halt"));
    const qsizetype dead = text.indexOf(QLatin1String("5 new filing(s) that could not be filed"));
    const qsizetype future = text.indexOf(QLatin1String("future_kind"));
    const qsizetype closed = text.indexOf(QLatin1String("answering again"));
    QVERIFY2(halt >= 0 && dead > halt && future > dead && closed > future, qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("US-CA: new news")), qPrintable(text));
}

void TestConsoleWidgets::breakerBoardTracksJurisdictions() {
    BreakerBoard board;
    QSignalSpy changed(&board, &BreakerBoard::changed);
    QVERIFY(!board.apply(alert(QStringLiteral("dead_letter"), QStringLiteral("US-DE"), QStringLiteral("x"))));
    QCOMPARE(changed.size(), 0);

    const QDateTime untilUtc = QDateTime::currentDateTimeUtc().addSecs(45);
    QVERIFY(board.apply(alert(QStringLiteral("breaker_open"), QStringLiteral("US-DE"),
                              breakerMessage(QStringLiteral("US-DE"), untilUtc))));
    QCOMPARE(changed.size(), 1);
    const QString localTime = untilUtc.toLocalTime().toString(QStringLiteral("HH:mm:ss"));
    QCOMPARE(board.summaries(),
             QStringList{QStringLiteral("US-DE: registry failing, retry at %1").arg(localTime)});

    QCOMPARE(BreakerBoard::lastErrorIn(breakerMessage(QStringLiteral("US-DE"), untilUtc)),
             QStringLiteral("HTTP_503 service unavailable"));
    QCOMPARE(BreakerBoard::lastErrorIn(QStringLiteral("no detail")), QString());

    // A message without a time still names the jurisdiction.
    QVERIFY(board.apply(
        alert(QStringLiteral("breaker_open"), QStringLiteral("US-CA"), QStringLiteral("keeps failing"))));
    QCOMPARE(board.summaries().size(), 2);
    QCOMPARE(board.summaries().at(0), QStringLiteral("US-CA: registry failing"));

    QVERIFY(board.apply(
        alert(QStringLiteral("breaker_closed"), QStringLiteral("US-DE"), QStringLiteral("answers again"))));
    QCOMPARE(board.summaries(), QStringList{QStringLiteral("US-CA: registry failing")});
    // Closing a breaker that was never open changes nothing.
    const qsizetype before = changed.size();
    QVERIFY(board.apply(alert(QStringLiteral("breaker_closed"), QStringLiteral("US-TX"), QString())));
    QCOMPARE(changed.size(), before);

    // Around midnight UTC: a trial request at 00:00:10 seen at 23:59:50 is ten seconds away, not a day ago.
    const QDateTime lateUtc(QDate(2027, 2, 15), QTime(23, 59, 50), Qt::UTC);
    const QDateTime retry =
        BreakerBoard::retryTimeIn(QStringLiteral("… a trial request at 00:00:10 UTC"), lateUtc);
    QCOMPARE(retry.toUTC(), QDateTime(QDate(2027, 2, 16), QTime(0, 0, 10), Qt::UTC));
}

void TestConsoleWidgets::breakerShownInStatusBarAndPermits() {
    StatusIndicators indicators;
    indicators.show();
    QCOMPARE(indicators.failingRegistriesText(), QString());
    indicators.setFailingRegistries({QStringLiteral("US-DE: registry failing, retry at 14:03:27")},
                                    QStringLiteral("detail"));
    QCOMPARE(indicators.failingRegistriesText(),
             QStringLiteral("US-DE: registry failing, retry at 14:03:27"));
    auto *label = indicators.findChild<QLabel *>(QStringLiteral("statusFailingRegistries"));
    QVERIFY(label && label->isVisible());
    QCOMPARE(label->toolTip(), QStringLiteral("detail"));
    QCOMPARE(label->accessibleName(), label->text());
    indicators.setFailingRegistries({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")},
                                    QString());
    QVERIFY(indicators.failingRegistriesText().startsWith(QLatin1String("3 registries failing")));
    indicators.setFailingRegistries({}, QString());
    QVERIFY(label->isHidden());

    PermitModel model;
    PermitsPage page(&model);
    page.show();
    auto *banner = page.findChild<BannerWidget *>(QStringLiteral("permitsFailingRegistriesBanner"));
    QVERIFY(banner);
    QVERIFY(banner->isHidden());
    page.setFailingRegistries(
        {QStringLiteral("US-DE: registry failing, retry at 14:03:27 — the US-DE registry keeps failing")});
    QVERIFY(banner->isVisible());
    QVERIFY(banner->message().startsWith(QStringLiteral("US-DE: registry failing, retry at 14:03:27")));
    page.setFailingRegistries({});
    QVERIFY(banner->isHidden());
}

void TestConsoleWidgets::routineIndicatorsStepAsideForALongMessage() {
    // Indicators that only say all is well make room for a status message; what needs a person stays.
    StatusIndicators indicators;
    indicators.show();
    indicators.setGateMode(false, true);
    indicators.setRegistry(true, QString());
    indicators.setEngineAlive(true);
    indicators.setLedger(StatusIndicators::Ledger::Connected);
    indicators.setRedis(QStringLiteral("connected"), true);
    indicators.setPaused(true);
    indicators.setReviewDesk(QStringLiteral("no registry configured"));
    const auto label = [&](const char *name) { return indicators.findChild<QLabel *>(QLatin1String(name)); };
    const QStringList routine{QStringLiteral("statusGateMode"), QStringLiteral("statusRegistry"),
                              QStringLiteral("statusEngine"), QStringLiteral("statusLedger"),
                              QStringLiteral("statusRedis")};
    for (const QString &name : routine)
        QVERIFY2(label(qPrintable(name))->isVisible(), qPrintable(name));
    const int wide = indicators.sizeHint().width();

    indicators.setMakingRoom(true);
    for (const QString &name : routine)
        QVERIFY2(label(qPrintable(name))->isHidden(), qPrintable(name));
    QVERIFY(label("statusPaused")->isVisible());
    QVERIFY(label("statusReviewDesk")->isVisible()); // this desk sends nothing: never routine
    QVERIFY(indicators.sizeHint().width() < wide);
    // Their texts are still what they say (for the tooltip of a person who hovers, and for screen readers).
    QCOMPARE(indicators.registryText(), QStringLiteral("Registry: reachable"));
    QCOMPARE(indicators.ledgerText(), QStringLiteral("Team ledger: connected"));
    // Trouble while the room is made is shown at once, in red; so is a registry that starts failing.
    indicators.setRegistry(false, QStringLiteral("connection refused"));
    QVERIFY(label("statusRegistry")->isVisible());
    indicators.setFailingRegistries({QStringLiteral("US-DE: registry failing")}, QString());
    QVERIFY(label("statusFailingRegistries")->isVisible());
    // An indicator that went away meanwhile does not come back with the others.
    indicators.setRedis(QString(), true);

    indicators.setMakingRoom(false);
    for (const QString &name : routine) {
        if (name == QLatin1String("statusRedis"))
            QVERIFY(label("statusRedis")->isHidden());
        else
            QVERIFY2(label(qPrintable(name))->isVisible(), qPrintable(name));
    }
    QVERIFY(label("statusPaused")->isVisible());
    indicators.setPaused(false);
    QVERIFY(label("statusPaused")->isHidden());
}

void TestConsoleWidgets::blindInUseFitsItsColumn() {
    PermitModel model;
    PermitsPage page(&model);
    page.resize(1400, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    JurisdictionUsage blind;
    blind.jurisdiction = QStringLiteral("US-DE");
    blind.inUse = -1;
    blind.cap = 4;
    blind.leaseMs = 30000;
    page.addUsage({blind});
    const QModelIndex cell = model.index(0, PermitModel::InUseColumn);
    QCOMPARE(cell.data().toString(), QStringLiteral("? / 4"));
    QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QLatin1String("unknown")));
    QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QLatin1String("gate is blind")));
    QVERIFY(cell.data(Qt::AccessibleTextRole).toString().contains(QLatin1String("unknown")));
    QVERIFY(cell.data(Qt::ForegroundRole).isValid());
    // The whole text is in view: the column is wider than the text and the header.
    QTreeView *tree = page.tree();
    const int width = tree->columnWidth(PermitModel::InUseColumn);
    QVERIFY(width > tree->fontMetrics().horizontalAdvance(cell.data().toString()) + 12);
    QVERIFY(width >= tree->header()->sectionSizeHint(PermitModel::InUseColumn));

    JurisdictionUsage seen = blind;
    seen.inUse = 3;
    page.addUsage({seen});
    QCOMPARE(model.index(0, PermitModel::InUseColumn).data().toString(), QStringLiteral("3 / 4"));
}

void TestConsoleWidgets::exceptionsDetailAndButtonsAgree() {
    ExceptionModel model;
    QList<FilingTask> tasks;
    for (int i = 0; i < 4; ++i)
        tasks.append(haltTask(i, i == 2 ? QStringLiteral("reconciliation") : QStringLiteral("statutory")));
    model.applyTasks(tasks);
    ExceptionsPage page(&model);
    page.resize(1200, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTableView *table = page.table();
    auto *detail = page.findChild<QPlainTextEdit *>(QStringLiteral("exceptionDetail"));
    auto *requeue = page.findChild<QPushButton *>(QStringLiteral("resolveRequeueButton"));
    auto *withdraw = page.findChild<QPushButton *>(QStringLiteral("withdrawButton"));
    auto *note = page.findChild<QPushButton *>(QStringLiteral("addNoteButton"));
    QVERIFY(detail && requeue && withdraw && note);
    QCOMPARE(table->model()->rowCount(), 4);
    QVERIFY(detail->toPlainText().isEmpty());
    QVERIFY(!requeue->isEnabled());

    // What keyboard focus does to a table without a current row: a current index, nothing selected. The row
    // whose details appear is selected, and the buttons act on it.
    table->selectionModel()->setCurrentIndex(table->model()->index(0, 0), QItemSelectionModel::NoUpdate);
    QTRY_VERIFY(table->selectionModel()->isRowSelected(0, QModelIndex()));
    const QString firstKey = table->model()->index(0, 0).data(KeyRole).toString();
    QCOMPARE(page.selectedKeys(), QStringList{firstKey});
    QVERIFY(!detail->toPlainText().isEmpty());
    QVERIFY(requeue->isEnabled() && withdraw->isEnabled() && note->isEnabled());

    // Ctrl+click on the selected row deselects it: no details, no actions (and it stays deselected).
    const QRect rect = table->visualRect(table->model()->index(0, 1));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, rect.center());
    QTRY_VERIFY(!table->selectionModel()->hasSelection());
    // A fixed window on purpose: the row must not come back selected (the page re-selects the current row
    // through a queued connection when nothing is selected).
    QTest::qWait(50);
    QVERIFY(!table->selectionModel()->hasSelection());
    QVERIFY(detail->toPlainText().isEmpty());
    QVERIFY(!requeue->isEnabled() && !withdraw->isEnabled() && !note->isEnabled());

    // Ctrl+click on another row with nothing selected selects exactly that row.
    const QRect second = table->visualRect(table->model()->index(1, 1));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, second.center());
    QCoreApplication::processEvents(); // the queued re-selection of the current row, if any, runs first
    QTRY_COMPARE(page.selectedKeys(), QStringList{table->model()->index(1, 0).data(KeyRole).toString()});
    QVERIFY(requeue->isEnabled());

    // The selected row leaves the queue (resolved): its neighbour becomes current, and is selected with it.
    const QString secondKey = page.selectedKeys().value(0);
    FilingTask done = tasks.at(secondKey.right(1).toInt());
    done.state = ExecutionState::Completed;
    model.applyTasks({done});
    QCOMPARE(table->model()->rowCount(), 3);
    QTRY_COMPARE(page.selectedKeys().size(), 1);
    const QModelIndex current = table->selectionModel()->currentIndex();
    QCOMPARE(page.selectedKeys(), QStringList{current.data(KeyRole).toString()});
    QVERIFY(detail->toPlainText().contains(current.data(KeyRole).toString().left(8)));
    QVERIFY(requeue->isEnabled());
}

void TestConsoleWidgets::deadLettersDetailAndButtonsAgree() {
    DeadLetterModel model;
    QList<FilingTask> tasks;
    for (int i = 0; i < 3; ++i)
        tasks.append(haltTask(i, QStringLiteral("dead")));
    model.applyTasks(tasks);
    DeadLettersPage page(&model);
    page.resize(1200, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTableView *table = page.table();
    auto *detail = page.findChild<QPlainTextEdit *>(QStringLiteral("deadLetterDetail"));
    auto *replayOne = page.findChild<QPushButton *>(QStringLiteral("replayOneButton"));
    auto *replaySelection = page.findChild<QPushButton *>(QStringLiteral("replaySelectionButton"));
    QVERIFY(detail && replayOne && replaySelection);
    QVERIFY(!replayOne->isEnabled());

    table->selectionModel()->setCurrentIndex(table->model()->index(0, 0), QItemSelectionModel::NoUpdate);
    QTRY_VERIFY(table->selectionModel()->isRowSelected(0, QModelIndex()));
    const QString key = table->model()->index(0, 0).data(KeyRole).toString();
    QCOMPARE(page.currentKey(), key);
    QCOMPARE(page.selectedKeys(), QStringList{key});
    QVERIFY(!detail->toPlainText().isEmpty());
    QVERIFY(replayOne->isEnabled() && replaySelection->isEnabled());
    // The prompt names the filing it means, by entity and place.
    QSignalSpy asked(&page, &DeadLettersPage::replayRequested);
    replayOne->click();
    replaySelection->click();
    QCOMPARE(asked.count(), 2);
    const QString entity = table->model()->index(0, 0).data().toString();
    for (const QList<QVariant> &request : std::as_const(asked)) {
        QCOMPARE(request.at(0).toStringList(), QStringList{key});
        const QString scope = request.at(1).toString();
        QVERIFY2(scope.contains(entity) && scope.contains(QLatin1String("Delaware (US-DE)")),
                 qPrintable(scope));
    }

    // "Replay…" means the row whose details are shown, never a row the operator deselected.
    table->clearSelection();
    QVERIFY(page.currentKey().isEmpty());
    QVERIFY(detail->toPlainText().isEmpty());
    QVERIFY(!replayOne->isEnabled() && !replaySelection->isEnabled());
}

void TestConsoleWidgets::aBulkRetryLeavesWithdrawnFilingsOut() {
    // "Try all matching the filter again" tries the dead letters that could not be filed, never the ones a
    // person withdrew (will not file): those are tried again only one at a time, on purpose.
    DeadLetterModel model;
    QList<FilingTask> tasks;
    for (int i = 0; i < 4; ++i)
        tasks.append(haltTask(i, QStringLiteral("dead")));
    tasks[1].lastErrorCode = QStringLiteral("WITHDRAWN");
    tasks[3].lastErrorCode = QStringLiteral("WITHDRAWN");
    model.applyTasks(tasks);
    DeadLettersPage page(&model);
    page.resize(1200, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *all = page.findChild<QPushButton *>(QStringLiteral("replayAllMatchingButton"));
    QVERIFY(all);
    QTRY_VERIFY2(all->text().contains(QLatin1String(" 2 ")), qPrintable(all->text()));
    QSignalSpy asked(&page, &DeadLettersPage::replayRequested);
    all->click();
    QCOMPARE(asked.count(), 1);
    QStringList keys = asked.first().at(0).toStringList();
    keys.sort();
    QStringList expected{tasks.at(0).key, tasks.at(2).key};
    expected.sort();
    QCOMPARE(keys, expected);
    const QString aside = asked.first().at(2).toString();
    QVERIFY2(aside.contains(QLatin1String("withdrawn")) && aside.contains(QLatin1String("left out")),
             qPrintable(aside));
}

void TestConsoleWidgets::deadLettersCanBeWithdrawn() {
    // A filing that could not be filed can be marked "will not file" from its own tab: the selection's dead
    // letters go to the withdrawal, and those withdrawn already are named as left alone.
    DeadLetterModel model;
    QList<FilingTask> tasks;
    for (int i = 0; i < 4; ++i)
        tasks.append(haltTask(i, QStringLiteral("dead")));
    tasks[1].lastErrorCode = QStringLiteral("WITHDRAWN");
    model.applyTasks(tasks);
    DeadLettersPage page(&model);
    page.resize(1200, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *withdraw = page.findChild<QPushButton *>(QStringLiteral("deadLetterWithdrawButton"));
    QVERIFY(withdraw);
    QVERIFY(!withdraw->isEnabled()); // nothing selected
    page.table()->selectAll();
    QTRY_VERIFY(withdraw->isEnabled());
    QSignalSpy asked(&page, &DeadLettersPage::withdrawRequested);
    withdraw->click();
    QCOMPARE(asked.count(), 1);
    QStringList keys = asked.first().at(0).toStringList();
    keys.sort();
    QStringList expected{tasks.at(0).key, tasks.at(2).key, tasks.at(3).key};
    expected.sort();
    QCOMPARE(keys, expected);
    QCOMPARE(asked.first().at(1).toStringList(), QStringList{tasks.at(1).key});
}

void TestConsoleWidgets::aWithdrawnFilingReadsAsAPersonsDecision() {
    // A filing a person withdrew is a dead letter to the engine, but nobody needs to act on it: its detail
    // and the batch's counts say "withdrawn", never "needs a person" or an error.
    FilingTask withdrawn = haltTask(1, QStringLiteral("dead"));
    withdrawn.lastCategory = ErrorCategory::None;
    withdrawn.lastErrorCode = QStringLiteral("WITHDRAWN");
    withdrawn.lastErrorMessage = QStringLiteral("withdrawn by alice: will not file");
    const QString detail = taskDetailText(withdrawn);
    QVERIFY2(
        detail.contains(QStringLiteral("Progress: Withdrawn — will not be filed (engine state DEAD_LETTER)")),
        qPrintable(detail));
    QVERIFY2(detail.contains(QLatin1String("Withdrawn: withdrawn by alice: will not file")),
             qPrintable(detail));
    QVERIFY2(!detail.contains(QLatin1String("needs a person")), qPrintable(detail));
    QVERIFY2(!detail.contains(QLatin1String("Last error")), qPrintable(detail));
    // A real dead letter still names its error; a filing without one says so.
    const QString dead = taskDetailText(haltTask(2, QStringLiteral("dead")));
    QVERIFY2(dead.contains(QStringLiteral("Could not be filed — needs a person")), qPrintable(dead));
    QVERIFY2(dead.contains(QLatin1String("Last error: [validation] CODE_2: reason 2")), qPrintable(dead));
    FilingTask waiting = haltTask(3, QStringLiteral("dead"));
    waiting.state = ExecutionState::Pending;
    waiting.lastCategory = ErrorCategory::None;
    waiting.lastErrorCode.clear();
    waiting.lastErrorMessage.clear();
    QVERIFY2(taskDetailText(waiting).contains(QLatin1String("Last error: none")),
             qPrintable(taskDetailText(waiting)));

    // The batch panel counts the two apart.
    QAction launchDue, launchSelection, pause, resume, cancel;
    BatchPanel panel({&launchDue, &launchSelection, &pause, &resume, &cancel}, 30);
    BatchStatus status;
    status.batchId = QStringLiteral("b1");
    status.total = 10;
    status.byState.insert(QStringLiteral("COMPLETED"), 7);
    status.byState.insert(QStringLiteral("DEAD_LETTER"), 3);
    status.byCompliance.insert(complianceName(Compliance::Filed), 7);
    status.byCompliance.insert(complianceName(Compliance::Halted), 1);
    status.byCompliance.insert(complianceName(Compliance::WillNotFile), 2);
    panel.setStatus(status);
    const QString counts = panel.findChild<QLabel *>(QStringLiteral("batchCounts"))->text();
    QVERIFY2(counts.contains(QStringLiteral("Could not be filed — needs a person: 1")), qPrintable(counts));
    QVERIFY2(counts.contains(QStringLiteral("Withdrawn — will not be filed: 2")), qPrintable(counts));
    const QString engineTerms = panel.findChild<QLabel *>(QStringLiteral("batchCounts"))->toolTip();
    QVERIFY2(engineTerms.contains(QLatin1String("DEAD_LETTER 3")), qPrintable(engineTerms));

    // The progress filter tells them apart as well: "could not be filed" leaves the withdrawn one out, and
    // it has a filter of its own.
    ObligationModel model;
    const FilingTask deadLetter = haltTask(2, QStringLiteral("dead"));
    model.applyTasks({withdrawn, deadLetter});
    TaskFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.setStates({QStringLiteral("DEAD_LETTER")});
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(KeyRole).toString(), deadLetter.key);
    proxy.setStates({QString::fromLatin1(TaskFilterProxy::kWithdrawnState)});
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(KeyRole).toString(), withdrawn.key);
}

void TestConsoleWidgets::acceptAsFiledIsOfferedOnlyWithAConfirmationNumber() {
    // "Accept as filed" takes a reconciliation exception the registry gave a confirmation number for; one
    // without (RECON_NO_CONFIRMATION) is not offered it, rather than refused after the reason is typed.
    ExceptionModel model;
    QList<FilingTask> tasks;
    for (int i = 0; i < 3; ++i)
        tasks.append(haltTask(i, QStringLiteral("reconciliation")));
    tasks[1].confirmationNumber.clear();
    tasks[1].lastErrorCode = QStringLiteral("RECON_NO_CONFIRMATION");
    model.applyTasks(tasks);
    ExceptionsPage page(&model);
    page.resize(1200, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTableView *table = page.table();
    auto *accept = page.findChild<QPushButton *>(QStringLiteral("acceptAsFiledButton"));
    auto *requeue = page.findChild<QPushButton *>(QStringLiteral("resolveRequeueButton"));
    QVERIFY(accept && requeue);
    const auto rowOf = [table](const QString &key) {
        for (int r = 0; r < table->model()->rowCount(); ++r)
            if (table->model()->index(r, 0).data(KeyRole).toString() == key)
                return r;
        return -1;
    };
    const auto select = [table, &rowOf](const QList<QString> &keys) {
        table->clearSelection();
        for (const QString &key : keys)
            table->selectionModel()->select(table->model()->index(rowOf(key), 0),
                                            QItemSelectionModel::Select | QItemSelectionModel::Rows);
    };
    select({tasks.at(1).key});
    QTRY_VERIFY(requeue->isEnabled());
    QVERIFY(!accept->isEnabled());
    QVERIFY2(accept->toolTip().contains(QLatin1String("confirmation number")), qPrintable(accept->toolTip()));
    select({tasks.at(0).key});
    QTRY_VERIFY(accept->isEnabled());
    // A mixed selection: only those with a confirmation number are accepted.
    select({tasks.at(0).key, tasks.at(1).key, tasks.at(2).key});
    QTRY_VERIFY(accept->isEnabled());
    QSignalSpy asked(&page, &ExceptionsPage::resolveRequested);
    accept->click();
    QCOMPARE(asked.count(), 1);
    QStringList keys = asked.first().at(0).toStringList();
    keys.sort();
    QStringList expected{tasks.at(0).key, tasks.at(2).key};
    expected.sort();
    QCOMPARE(keys, expected);
    QCOMPARE(asked.first().at(1).toBool(), false);
}

void TestConsoleWidgets::withdrawCountsOnlyWhatCanBeWithdrawn() {
    // Withdrawing a selection counts the filings it can withdraw (waiting, halted, could not be filed) and
    // how many others it leaves as they are: a filed filing is never counted as withdrawn, nor one withdrawn
    // already.
    ObligationModel model;
    QList<FilingTask> tasks;
    for (int i = 0; i < 7; ++i) {
        FilingTask t = haltTask(i, QStringLiteral("statutory"));
        t.state = i < 2    ? ExecutionState::Completed
                  : i == 2 ? ExecutionState::Pending
                  : i < 5  ? ExecutionState::FailedStatutory
                           : ExecutionState::DeadLetter;
        if (i == 6)
            t.lastErrorCode = QStringLiteral("WITHDRAWN");
        tasks.append(t);
    }
    // A row that needs data before any filing exists: counted apart, as no filing yet.
    RowPlan needsData;
    needsData.line = 9;
    needsData.file = QStringLiteral("portfolio.csv");
    needsData.outcome = RowOutcome::NeedsData;
    needsData.entity.edit().name = QStringLiteral("Dateless Corp.");
    needsData.missing = QStringList{QStringLiteral("formation_date")};
    needsData.reason = QStringLiteral("formation date missing");
    model.setPlan({needsData}, QDate(2027, 2, 15));
    model.applyTasks(tasks);
    ObligationsPage page(&model);
    page.resize(1200, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTableView *table = page.table();
    QTRY_COMPARE(table->model()->rowCount(), 8);
    table->selectAll();
    auto *withdraw = page.findChild<QPushButton *>(QStringLiteral("withdrawSelectionButton"));
    QVERIFY(withdraw);
    QTRY_VERIFY(withdraw->isEnabled());
    QSignalSpy asked(&page, &ObligationsPage::withdrawRequested);
    withdraw->click();
    QCOMPARE(asked.count(), 1);
    QStringList keys = asked.first().at(0).toStringList();
    keys.sort();
    QStringList expected{tasks.at(2).key, tasks.at(3).key, tasks.at(4).key, tasks.at(5).key};
    expected.sort();
    QCOMPARE(keys, expected);
    QStringList leftOut = asked.first().at(1).toStringList();
    leftOut.sort();
    QStringList expectedLeftOut{tasks.at(0).key, tasks.at(1).key, tasks.at(6).key};
    expectedLeftOut.sort();
    QCOMPARE(leftOut, expectedLeftOut);
    QCOMPARE(asked.first().at(2).toInt(), 1);
}

void TestConsoleWidgets::auditActorSearchFindsFilingDeskByItsName_data() {
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("searched");
    QTest::newRow("as the table shows it")
        << QStringLiteral("FilingDesk (automatic)") << QStringLiteral("engine");
    QTest::newRow("the name alone") << QStringLiteral("filingdesk") << QStringLiteral("engine");
    QTest::newRow("the stored actor") << QStringLiteral("engine") << QStringLiteral("engine");
    QTest::newRow("a person") << QStringLiteral("alice") << QStringLiteral("alice");
}

void TestConsoleWidgets::aWithdrawalReadsAsSuchInTheAuditTrail_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("shown");
    QTest::newRow("a waiting filing taken out of the queue")
        << QStringLiteral("PENDING") << QStringLiteral("VALIDATING")
        << QStringLiteral("Waiting → Taken out of the queue");
    QTest::newRow("then withdrawn") << QStringLiteral("VALIDATING") << QStringLiteral("DEAD_LETTER")
                                    << QStringLiteral(
                                           "Taken out of the queue → Withdrawn — will not be filed");
    QTest::newRow("a filing that could not be filed, withdrawn")
        << QStringLiteral("DEAD_LETTER") << QStringLiteral("DEAD_LETTER")
        << QStringLiteral("Could not be filed — needs a person → Withdrawn — will not be filed");
    QTest::newRow("a halt withdrawn")
        << QStringLiteral("FAILED_STATUTORY") << QStringLiteral("DEAD_LETTER")
        << QStringLiteral("Halted — needs a person → Withdrawn — will not be filed");
}

void TestConsoleWidgets::aWithdrawalReadsAsSuchInTheAuditTrail() {
    // The Audit view says a withdrawal ended in "will not be filed", not in the engine's dead letter that
    // needs a person; the engine's state names stay in the tooltip.
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, shown);
    AuditEntry e;
    e.action = QStringLiteral("withdraw");
    e.fromState = from;
    e.toState = to;
    e.idempotencyKey = QStringLiteral("k1");
    AuditModel model;
    model.setEntries({e});
    const QModelIndex cell = model.index(0, AuditModel::TransitionColumn);
    QCOMPARE(cell.data().toString(), shown);
    QCOMPARE(cell.data(Qt::ToolTipRole).toString(), QStringLiteral("%1\n(%2 → %3)").arg(shown, from, to));
}

void TestConsoleWidgets::auditActorSearchFindsFilingDeskByItsName() {
    // The Audit view shows the engine's own rows as "FilingDesk (automatic)": searching for that finds them.
    QFETCH(QString, typed);
    QFETCH(QString, searched);
    AuditModel model;
    AuditPage page(&model);
    auto *actor = page.findChild<QLineEdit *>(QStringLiteral("auditActor"));
    QVERIFY(actor);
    actor->setText(typed);
    QCOMPARE(page.query().actor, searched);
}

void TestConsoleWidgets::aLaunchPromptSaysWhoFiles_data() {
    QTest::addColumn<bool>("live");
    QTest::addColumn<bool>("noRegistry");
    QTest::addColumn<bool>("team");
    QTest::addColumn<QString>("said");
    QTest::newRow("practice") << false << false << false << QStringLiteral("Practice registry");
    QTest::newRow("live") << true << false << false << QStringLiteral("LIVE registry");
    // A team's review desk files nothing itself: its launch goes to workers whose registries may be live.
    QTest::newRow("review desk") << false << true << true << QStringLiteral("may be LIVE");
    QTest::newRow("desk without a registry")
        << false << true << false << QStringLiteral("No registry is configured");
}

void TestConsoleWidgets::aLaunchPromptSaysWhoFiles() {
    QFETCH(bool, live);
    QFETCH(bool, noRegistry);
    QFETCH(bool, team);
    QFETCH(QString, said);
    struct Recording : ReasonProvider {
        std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
            asked.append(request);
            return std::nullopt; // the person cancels: nothing is sent
        }
        QList<ReasonRequest> asked;
    };
    EngineClient link;
    OperatorActions actions(&link, nullptr);
    auto reasons = std::make_unique<Recording>();
    Recording *recorded = reasons.get();
    actions.setReasonProvider(std::move(reasons));
    actions.setLiveRegistries(live ? QStringList{QStringLiteral("https://registry.example.gov/")}
                                   : QStringList());
    actions.setNoRegistryHere(noRegistry, team);
    QVERIFY(!actions.launch({QStringLiteral("k1")}, QStringLiteral("1 filing")));
    QCOMPARE(recorded->asked.size(), 1);
    QVERIFY2(recorded->asked.first().question.contains(said), qPrintable(recorded->asked.first().question));
    QVERIFY2(!(team && recorded->asked.first().question.contains(QLatin1String("Practice"))),
             qPrintable(recorded->asked.first().question));
}

void TestConsoleWidgets::promptsNameTheFilingsTheyActOn_data() {
    QTest::addColumn<QString>("action");
    QTest::addColumn<int>("selected");
    QTest::addColumn<int>("leftOut");
    QTest::addColumn<QStringList>("said");
    QTest::addColumn<QStringList>("notSaid");
    const auto filing = [](int i) {
        return QStringLiteral("Entity %1 (Delaware): Annual Report 2027").arg(i);
    };
    QTest::newRow("withdraw, naming what it leaves alone")
        << QStringLiteral("withdraw") << 2 << 1 << QStringList{filing(0), filing(1), filing(2)}
        << QStringList{};
    // Rows selected beside them that are no filing yet (needs data, planned) are counted, not skipped in
    // silence; a selection of only such rows is refused with that reason.
    QTest::newRow("withdraw, counting rows that are no filing yet")
        << QStringLiteral("withdraw, 2 rows no filing yet") << 1 << 0
        << QStringList{filing(0), QStringLiteral("2 selected row(s) are no filing yet")} << QStringList{};
    QTest::newRow("withdraw of rows that are no filing yet only")
        << QStringLiteral("withdraw, 1 row no filing yet") << 0 << 0
        << QStringList{QStringLiteral("1 selected row(s) are no filing yet")}
        << QStringList{QStringLiteral("Nothing selected")};
    QTest::newRow("requeue of one halt")
        << QStringLiteral("requeue") << 1 << 0 << QStringList{filing(0), QStringLiteral("$300.00")}
        << QStringList{};
    QTest::newRow("a retry of many names five and counts the rest")
        << QStringLiteral("replay") << 8 << 0
        << QStringList{filing(0), filing(4), QStringLiteral("and 3 more"), QStringLiteral("$2,400.00"),
                       QStringLiteral("1 of these filings were withdrawn by a person")}
        << QStringList{filing(5)};
    QTest::newRow("a retry of one names it in the sentence")
        << QStringLiteral("replay") << 1 << 0
        << QStringList{QStringLiteral("Try ") + filing(0) + QStringLiteral(" again"),
                       QStringLiteral("$300.00")}
        << QStringList{QStringLiteral("the selected filings"), QStringLiteral("withdrawn")};
}

void TestConsoleWidgets::promptsNameTheFilingsTheyActOn() {
    // A person decides on filings, not on counts: the prompts name them (five at most), those an action
    // leaves alone as well, and a live registry's second confirmation gives what sending them again may
    // charge.
    QFETCH(QString, action);
    QFETCH(int, selected);
    QFETCH(int, leftOut);
    QFETCH(QStringList, said);
    QFETCH(QStringList, notSaid);
    struct Recording : ReasonProvider {
        std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
            texts.append(request.question);
            return QStringLiteral("reason");
        }
        bool confirm(QWidget *, const QString &, const QString &question) override {
            texts.append(question);
            return false; // nothing is sent
        }
        QStringList texts;
    };
    EngineClient link;
    OperatorActions actions(&link, nullptr);
    auto reasons = std::make_unique<Recording>();
    Recording *recorded = reasons.get();
    actions.setReasonProvider(std::move(reasons));
    connect(&actions, &OperatorActions::refused, this,
            [recorded](const QString &message) { recorded->texts.append(message); });
    actions.setLiveRegistries({QStringLiteral("https://registry.example.gov/")});
    actions.setFilingLookup([](const QString &key) -> std::optional<OperatorActions::FilingForPeople> {
        // k3 was withdrawn by a person: a retry of it says so.
        return OperatorActions::FilingForPeople{
            QStringLiteral("Entity %1 (Delaware): Annual Report 2027").arg(key.mid(1)), 30000,
            key == QLatin1String("k3")};
    });
    QStringList keys;
    for (int i = 0; i < selected; ++i)
        keys << QStringLiteral("k%1").arg(i);
    QStringList others;
    for (int i = selected; i < selected + leftOut; ++i)
        others << QStringLiteral("k%1").arg(i);
    if (action == QLatin1String("withdraw"))
        actions.withdraw(keys, others);
    else if (action.startsWith(QLatin1String("withdraw, ")))
        actions.withdraw(keys, others, action.section(QLatin1Char(' '), 1, 1).toInt());
    else if (action == QLatin1String("requeue"))
        actions.resolve(keys, true);
    else
        actions.replay(keys, QStringLiteral("the selected filings"));
    const QString text = recorded->texts.join(QStringLiteral("\n---\n"));
    for (const QString &part : said)
        QVERIFY2(text.contains(part), qPrintable(part + QStringLiteral(" not in:\n") + text));
    for (const QString &part : notSaid)
        QVERIFY2(!text.contains(part), qPrintable(part + QStringLiteral(" in:\n") + text));
}

void TestConsoleWidgets::rowsHoldStillUnderThePointer() {
    // While the pointer is over a table, rows that change keep their place (a click lands on the row aimed
    // at); when it leaves they are sorted and filtered again.
    QStandardItemModel source;
    for (const char *name : {"Alpha", "Bravo", "Charlie"})
        source.appendRow(new QStandardItem(QString::fromLatin1(name)));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&source);
    proxy.setDynamicSortFilter(true);
    proxy.setFilterRegularExpression(QStringLiteral("^[A-Z]")); // a row renamed in lower case leaves
    QTableView table;
    setUpTable(&table, &proxy, {QStringLiteral("holdTable"), QStringLiteral("rows"), 0, Qt::AscendingOrder});
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    const auto order = [&proxy] {
        QStringList names;
        for (int row = 0; row < proxy.rowCount(); ++row)
            names << proxy.index(row, 0).data().toString();
        return names;
    };
    QCOMPARE(order(), (QStringList{"Alpha", "Bravo", "Charlie"}));

    QEnterEvent enter(QPointF(5, 5), QPointF(5, 5), QPointF(5, 5));
    QCoreApplication::sendEvent(table.viewport(), &enter);
    source.item(0)->setText(QStringLiteral("Zulu"));  // would sort last
    source.item(1)->setText(QStringLiteral("bravo")); // would be filtered out
    QCOMPARE(order(), (QStringList{"Zulu", "bravo", "Charlie"}));

    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(table.viewport(), &leave);
    QCOMPARE(order(), (QStringList{"Charlie", "Zulu"}));
    // Away from the table, rows move as they change.
    source.item(2)->setText(QStringLiteral("Alpha"));
    QCOMPARE(order(), (QStringList{"Alpha", "Zulu"}));
}

void TestConsoleWidgets::filterCountFollowsRowsItHides() {
    // A row hidden by the filter and then dealt with (it leaves the queue): "N of M" counts M again, as the
    // tab does, and never keeps a row that is gone.
    QStandardItemModel source(3, 1);
    for (int row = 0; row < 3; ++row)
        source.setData(source.index(row, 0), QStringList{QStringLiteral("filing-%1").arg(row)},
                       fd::ui::SearchFieldsRole);
    fd::ui::TaskFilterProxy proxy;
    proxy.setSourceModel(&source);
    fd::ui::TaskFilterBar bar(&proxy, {QStringList(), false, false, false, false}, QStringLiteral("test"));
    auto *count = bar.findChild<QLabel *>(QStringLiteral("testCount"));
    QVERIFY(count);
    QCOMPARE(count->text(), QStringLiteral("3 of 3 shown"));
    auto *search = bar.findChild<QLineEdit *>();
    QVERIFY(search);
    search->setText(QStringLiteral("filing-2"));
    QCOMPARE(count->text(), QStringLiteral("1 of 3 shown"));
    source.removeRow(0); // hidden by the filter: the proxy shows no change
    QCOMPARE(count->text(), QStringLiteral("1 of 2 shown"));
}

void TestConsoleWidgets::missingValueEditorsSuggestNothing() {
    // A needs-data row without a formation date or entity type: opening the editor and leaving it changes
    // nothing (no invented 2000-01-01, no "Corporation" picked for the person); a value chosen is saved.
    QStandardItemModel model(1, 2);
    model.setData(model.index(0, 0), QDate(), Qt::EditRole);
    model.setData(model.index(0, 1), QString(), Qt::EditRole);
    fd::ui::EntityEditDelegate delegate(0, 1);
    QWidget parent;
    QStyleOptionViewItem option;
    std::unique_ptr<QWidget> dateEditor(delegate.createEditor(&parent, option, model.index(0, 0)));
    std::unique_ptr<QWidget> typeEditor(delegate.createEditor(&parent, option, model.index(0, 1)));
    auto *date = qobject_cast<QLineEdit *>(dateEditor.get());
    auto *type = qobject_cast<QComboBox *>(typeEditor.get());
    QVERIFY(date && type);
    delegate.setEditorData(date, model.index(0, 0));
    delegate.setEditorData(type, model.index(0, 1));
    QVERIFY(date->text().isEmpty()); // "not set": no date shown that nobody entered
    QCOMPARE(type->currentIndex(), -1);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    delegate.setModelData(date, &model, model.index(0, 0));
    delegate.setModelData(type, &model, model.index(0, 1));
    QCOMPARE(changed.count(), 0);
    QVERIFY(!model.data(model.index(0, 0), Qt::EditRole).toDate().isValid());

    // A date is typed as the grid shows it; half a date is not acceptable input (Enter does not commit it).
    date->setText(QStringLiteral("2015-04"));
    QVERIFY(!date->hasAcceptableInput());
    date->setText(fd::ui::formatDate(QDate(2015, 4, 1)));
    QVERIFY(date->hasAcceptableInput());
    type->setCurrentIndex(type->findData(QStringLiteral("llc")));
    delegate.setModelData(date, &model, model.index(0, 0));
    delegate.setModelData(type, &model, model.index(0, 1));
    QCOMPARE(model.data(model.index(0, 0), Qt::EditRole).toDate(), QDate(2015, 4, 1));
    QCOMPARE(model.data(model.index(0, 1), Qt::EditRole).toString(), QStringLiteral("llc"));
}

QTEST_MAIN(TestConsoleWidgets)
void TestConsoleWidgets::haltDetailCitesTheFilingsOwnState_data() {
    QTest::addColumn<QString>("jurisdiction");
    QTest::addColumn<QString>("cited");
    QTest::addColumn<QString>("notCited");
    QTest::newRow("Delaware") << QStringLiteral("US-DE")
                              << QStringLiteral("Source (Delaware (US-DE)): 8 Del. C. § 132")
                              << QStringLiteral("Every US state");
    QTest::newRow("Utah") << QStringLiteral("US-UT") << QStringLiteral("Source: Every US state")
                          << QStringLiteral("Del. C.");
    QTest::newRow("Florida") << QStringLiteral("US-FL") << QStringLiteral("Fla. Stat. § 607.0501")
                             << QStringLiteral("Del. C.");
}

void TestConsoleWidgets::haltDetailCitesTheFilingsOwnState() {
    // A Utah entity's expired agent was explained with Delaware's statute: the detail pane cites the law of
    // the filing's own state, or says the requirement is general, never another state's.
    QFETCH(QString, jurisdiction);
    QFETCH(QString, cited);
    QFETCH(QString, notCited);
    FilingTask t = haltTask(0, QStringLiteral("statutory"));
    t.obligation.jurisdiction = jurisdiction;
    t.obligation.citation = QStringLiteral("the state's annual report statute");
    t.lastErrorCode = QStringLiteral("STAT_AGENT_EXPIRED");
    const QString text = taskDetailText(t);
    QVERIFY2(text.contains(cited), qPrintable(text));
    QVERIFY2(!text.contains(notCited), qPrintable(text));
}

#include "tst_console_widgets.moc"
