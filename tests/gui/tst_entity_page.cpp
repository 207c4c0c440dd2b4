// The entity page as a legal-ops person uses it, by objectName: opened from a row with Enter, the entity's
// data, filings and timeline; a statutory halt (an expired registered agent, refused by the real sandbox
// registry) cured from the page and filed; a second halt recorded as filed outside FilingDesk.
#include "engine/core/engine.h"
#include "engine/core/host_identity.h"
#include "support/sandbox_process.h"
#include "ui/models/audit_model.h"
#include "ui/models/exception_model.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"
#include "ui/session/console_options.h"
#include "ui/widgets/audit_page.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/batch_panel.h"
#include "ui/widgets/entity_page.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/reason_provider.h"

#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtGui/QClipboard>
#include <QtSql/QSqlDatabase>
#include <QtSql/QSqlError>
#include <QtSql/QSqlQuery>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>
#include <QtWidgets/QAbstractButton>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMenu>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QStatusBar>
#include <QtWidgets/QTabBar>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QTableView>
#include <QtWidgets/QTableWidget>
#include <QtWidgets/QToolButton>

using namespace fd;
using namespace fd::ui;

namespace {

constexpr int kLong = 30000;
const QDate kAsOf(2027, 2, 15);

class ScriptedReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        asked.append(request.action);
        questions.append(request.question);
        if (cancelNext) {
            cancelNext = false;
            return std::nullopt; // the person pressed Cancel
        }
        if (request.action == QLatin1String("note"))
            return QStringLiteral("Called the agent.\nRenewal promised by Friday.");
        return QStringLiteral("test reason");
    }
    bool confirm(QWidget *, const QString &, const QString &question) override {
        confirmations.append(question);
        return false;
    }
    std::optional<FiledOutside> askFiledOutside(QWidget *, const QString &, qint64) override {
        return FiledOutside{QStringLiteral("DE-PAPER-0001"), 22500, QDate(2027, 2, 20)};
    }
    QStringList asked;
    QStringList questions;
    QStringList confirmations;
    bool cancelNext = false;
};

} // namespace

/// Another program holding the desk database's write lock (a backup, a virus scanner) until release().
class WriteLockHolder {
public:
    WriteLockHolder(const QString &dbPath, const QString &connectionName)
        : m_name(connectionName) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(dbPath);
        m_held = db.open() && QSqlQuery(db).exec(QStringLiteral("BEGIN IMMEDIATE"));
    }
    ~WriteLockHolder() {
        release();
        QSqlDatabase::removeDatabase(m_name);
    }
    bool held() const { return m_held; }
    bool release() {
        if (m_held)
            m_held = !QSqlQuery(QSqlDatabase::database(m_name)).exec(QStringLiteral("ROLLBACK"));
        return !m_held;
    }

private:
    QString m_name;
    bool m_held = false;
};

class TestEntityPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<test::SandboxProcess> m_sandbox;
    std::unique_ptr<MainWindow> m_window;
    ScriptedReasons *m_reasons = nullptr;
    QPoint m_tabsAt; ///< where the tabs were while the halts' notice was on show

    /// Replaces what `field` holds with `text`, typed as a person does (focus, select all, keys).
    static void retype(QLineEdit *field, const QString &text) {
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, text);
    }
    template <typename T> T *child(QObject *parent, const QString &name) const {
        T *found = parent->findChild<T *>(name);
        if (!found)
            qWarning("no %s", qPrintable(name));
        return found;
    }
    QString keyOf(const QString &entityId) const {
        ObligationModel *m = m_window->obligationModel();
        for (int r = 0; r < m->rowCount(); ++r) {
            if (m->rowAt(r).task.obligation.entity->entityId == entityId &&
                m->rowAt(r).kind == ObligationRow::Kind::Task)
                return m->rowAt(r).key;
        }
        return QString();
    }
    ExecutionState stateOf(const QString &key) const {
        const int row = m_window->obligationModel()->rowOfKey(key);
        return row < 0 ? ExecutionState::Pending : m_window->obligationModel()->rowAt(row).task.state;
    }
    /// Selects `key` in the Halts & exceptions view.
    bool selectException(const QString &key) {
        auto *table = child<QTableView>(m_window.get(), QStringLiteral("exceptionsTable"));
        QAbstractItemModel *model = table->model();
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->index(r, 0).data(KeyRole).toString() == key) {
                table->selectRow(r);
                table->setCurrentIndex(model->index(r, 0));
                return true;
            }
        }
        return false;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_sandbox = std::make_unique<test::SandboxProcess>(
            QStringList{QStringLiteral("--latency-ms"), QStringLiteral("0:5")});
        QVERIFY2(m_sandbox->start(), qPrintable(m_sandbox->errorString()));
        const QString csv = m_dir.filePath(QStringLiteral("portfolio.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
            "registered_agent_status,officers,owner,status,risk_tier\n"
            "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,CSC,expired,"
            "Jane Roe (President),Ana Diaz,active,2\n"
            "DE2,Delaware Paper & Pulp Inc.,corporation,Delaware,2011-06-01,CSC,resigned,,Ana Diaz,active,2\n"
            "DE3,Delaware Fine Inc.,corporation,Delaware,2012-07-01,CSC,active,,Bo Lee,active,2\n"
            // No entity type, and none to be read from the name: its filings need data.
            "DE4,Delaware Blue Holdings,,Delaware,2013-08-01,CSC,active,,Bo Lee,active,2\n");
        f.close();

        ConsoleOptions options;
        options.registryUrl = m_sandbox->baseUrl();
        options.sandbox = true; // the sandbox registry: practice, no live confirmation
        options.dbPath = m_dir.filePath(QStringLiteral("audit.sqlite"));
        options.settingsPath = m_dir.filePath(QStringLiteral("settings.ini"));
        options.useKeychain = false;
        options.asOf = kAsOf;
        m_window = std::make_unique<MainWindow>(options);
        auto reasons = std::make_unique<ScriptedReasons>();
        m_reasons = reasons.get();
        m_window->setReasonProvider(std::move(reasons));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->engineStarted(), kLong);
        m_window->loadPortfolio(csv);
        QTRY_VERIFY_WITH_TIMEOUT(!keyOf(QStringLiteral("DE1")).isEmpty(), kLong);
        QTRY_VERIFY_WITH_TIMEOUT(!keyOf(QStringLiteral("DE3")).isEmpty(), kLong);
        QVERIFY(m_window->operatorActions()->launch(
            {keyOf(QStringLiteral("DE1")), keyOf(QStringLiteral("DE2")), keyOf(QStringLiteral("DE3"))},
            QStringLiteral("3 filings")));
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(keyOf(QStringLiteral("DE1"))), ExecutionState::FailedStatutory,
                                  kLong);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(keyOf(QStringLiteral("DE2"))), ExecutionState::FailedStatutory,
                                  kLong);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(keyOf(QStringLiteral("DE3"))), ExecutionState::Completed, kLong);
    }
    void cleanupTestCase() {
        m_reasons = nullptr;
        m_window.reset();
        m_sandbox.reset();
    }

    QPoint tabsAt() const {
        return m_window->findChild<QTabWidget *>(QStringLiteral("mainTabs"))
            ->tabBar()
            ->mapTo(m_window.get(), QPoint(0, 0));
    }
    BannerWidget *notice() const {
        return m_window->findChild<BannerWidget *>(QStringLiteral("noticeBanner"));
    }

    void haltNoticeSaysWhatWaits() {
        QTRY_VERIFY_WITH_TIMEOUT(notice()->message().contains(QLatin1String("statutory halt")), kLong);
        QVERIFY2(notice()->message().contains(QLatin1String("Waiting for a person: 2 halt")),
                 qPrintable(notice()->message()));
        m_tabsAt = tabsAt();
    }

    void launchShortcutsWorkFromATable_data() {
        QTest::addColumn<QString>("table");
        for (const char *name : {"obligationsTable", "exceptionsTable", "deadLettersTable", "auditTable",
                                 "fleetTable", "calendarMonthGrid", "calendarAgenda", "calendarUndated"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void launchShortcutsWorkFromATable() {
        // Ctrl+Shift+L (launch everything due within N days) and Ctrl+L while the keyboard is in a view's
        // table, pressed as a person does: through the window system to whatever has the focus.
        QFETCH(QString, table);
        auto *view = child<QAbstractItemView>(m_window.get(), table);
        QVERIFY(view);
        auto *tabs = m_window->findChild<QTabWidget *>(QStringLiteral("mainTabs"));
        for (int i = 0; i < tabs->count(); ++i) {
            if (tabs->widget(i)->isAncestorOf(view))
                tabs->setCurrentIndex(i);
        }
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        view->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), view);
        auto *launchDue = child<QAction>(m_window.get(), QStringLiteral("launchDueAction"));
        auto *launchSelection = child<QAction>(m_window.get(), QStringLiteral("launchSelectionAction"));
        QVERIFY(launchDue->isEnabled() && launchSelection->isEnabled());
        QSignalSpy due(launchDue, &QAction::triggered);
        QSignalSpy selection(launchSelection, &QAction::triggered);
        QTest::keyClick(m_window->windowHandle(), Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(due.size(), 1);
        QTest::keyClick(m_window->windowHandle(), Qt::Key_L, Qt::ControlModifier);
        QCOMPARE(selection.size(), 1);
    }

    void launchShortcutsWorkFromOtherWindowsOfTheConsole_data() {
        QTest::addColumn<QString>("where");
        QTest::newRow("entity page's filings") << QStringLiteral("entityFilings");
        QTest::newRow("entity page's timeline") << QStringLiteral("entityTimeline");
        QTest::newRow("floating batch panel") << QStringLiteral("dueWithinSpin");
    }
    void launchShortcutsWorkFromOtherWindowsOfTheConsole() {
        QFETCH(QString, where);
        auto *dock = child<QDockWidget>(m_window.get(), QStringLiteral("batchDock"));
        QWidget *target = nullptr;
        EntityPage *page = nullptr;
        if (where.startsWith(QLatin1String("entity"))) {
            page = m_window->openEntity(QStringLiteral("DE3"));
            QVERIFY(page);
            page->findChild<QTabWidget *>(QStringLiteral("entityTabs"))
                ->setCurrentIndex(where == QLatin1String("entityFilings") ? 1 : 2);
            target = child<QWidget>(page, where);
        } else {
            dock->setFloating(true);
            target = child<QWidget>(dock, where);
        }
        QVERIFY(target);
        target->window()->show();
        target->window()->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(target->window()));
        target->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), target);
        auto *launchDue = child<QAction>(m_window.get(), QStringLiteral("launchDueAction"));
        QSignalSpy due(launchDue, &QAction::triggered);
        QTest::keyClick(target->window()->windowHandle(), Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        const int fired = int(due.size());
        if (page)
            page->close();
        dock->setFloating(false);
        QCOMPARE(fired, 1);
    }

    void viewMenuTogglesTheBatchPanel() {
        auto *dock = child<QDockWidget>(m_window.get(), QStringLiteral("batchDock"));
        auto *toggle = child<QAction>(m_window.get(), QStringLiteral("showBatchPanelAction"));
        QVERIFY(dock && toggle);
        QVERIFY(toggle->isCheckable());
        QVERIFY(toggle->isEnabled());
        QVERIFY(dock->isVisible() && toggle->isChecked());
        toggle->trigger();
        QVERIFY(!dock->isVisible());
        QVERIFY(!toggle->isChecked());
        toggle->trigger();
        QVERIFY(dock->isVisible());
        QVERIFY(toggle->isChecked());
    }

    void viewsSpeakPeoplesWords() {
        // What a person reads in the window (labels, buttons, tabs, column titles, cells, the batch panel,
        // the status bar, banners) has none of the engine's words; those stay in tooltips and detail panes.
        const QRegularExpression engine(QStringLiteral(
            R"(\b(PENDING|VALIDATING|DISPATCHING|COMPLETED|FAILED_TRANSIENT|FAILED_STATUTORY|DEAD_LETTER|)"
            R"(NEEDS_DATA|OUT_OF_SCOPE|ROW_ERROR|PLANNED|GATE BLIND)\b|[Ii]dempotency|[Tt]race id|Gate:|Engine:|)"
            R"(admitted|in-process|[Dd]ead letter|same key|payload)"));
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->batchPanel()->status().batchId.isEmpty(), kLong);
        const QString batchId = m_window->batchPanel()->status().batchId;
        QStringList found;
        const auto check = [&](const QString &where, const QString &text) {
            if (text.contains(engine) || text.contains(batchId))
                found << QStringLiteral("%1: %2").arg(where, text);
        };
        auto *tabs = m_window->findChild<QTabWidget *>(QStringLiteral("mainTabs"));
        for (int t = 0; t < tabs->count(); ++t) {
            tabs->setCurrentIndex(t);
            check(QStringLiteral("tab"), tabs->tabText(t));
            QCoreApplication::processEvents();
            for (QWidget *w : m_window->findChildren<QWidget *>()) {
                if (!w->isVisible() || w->objectName() == QLatin1String("auditAction"))
                    continue; // the audit search offers each action with the code the trail stores
                if (auto *label = qobject_cast<QLabel *>(w))
                    check(w->objectName(), label->text());
                else if (auto *button = qobject_cast<QAbstractButton *>(w))
                    check(w->objectName(), button->text());
                else if (auto *edit = qobject_cast<QLineEdit *>(w))
                    check(w->objectName(), edit->placeholderText());
                else if (auto *combo = qobject_cast<QComboBox *>(w)) {
                    for (int i = 0; i < combo->count(); ++i)
                        check(w->objectName(), combo->itemText(i));
                } else if (auto *view = qobject_cast<QTableView *>(w)) {
                    QAbstractItemModel *m = view->model();
                    for (int c = 0; c < m->columnCount(); ++c) {
                        // The audit trail's details are the engine's record, kept verbatim for auditors.
                        if (view->isColumnHidden(c) || (view->objectName() == QLatin1String("auditTable") &&
                                                        c == AuditModel::DetailColumn))
                            continue;
                        check(w->objectName(), m->headerData(c, Qt::Horizontal).toString());
                        for (int r = 0; r < qMin(m->rowCount(), 100); ++r)
                            check(w->objectName(), m->index(r, c).data().toString());
                    }
                }
            }
        }
        check(QStringLiteral("status bar"), m_window->statusBar()->currentMessage());
        check(QStringLiteral("title"), m_window->windowTitle());
        found.removeDuplicates();
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    void enterOnARowOpensTheEntity() {
        auto *table = child<QTableView>(m_window.get(), QStringLiteral("obligationsTable"));
        QVERIFY(table);
        QAbstractItemModel *model = table->model();
        int row = -1;
        for (int r = 0; r < model->rowCount() && row < 0; ++r) {
            if (model->index(r, 0).data(EntityIdRole).toString() == QLatin1String("DE1"))
                row = r;
        }
        QVERIFY(row >= 0);
        table->setFocus();
        table->setCurrentIndex(model->index(row, ObligationModel::EntityColumn));
        QTest::keyClick(table, Qt::Key_Return);
        EntityPage *page = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (page = m_window->findChild<EntityPage *>(QStringLiteral("entityPage"))) != nullptr, 5000);
        QCOMPARE(page->entityId(), QStringLiteral("DE1"));
        QVERIFY2(child<QLabel>(page, QStringLiteral("entityTitle"))
                     ->text()
                     .contains(QLatin1String("Delaware (US-DE)")),
                 qPrintable(child<QLabel>(page, QStringLiteral("entityTitle"))->text()));
        QCOMPARE(page->fieldText(QStringLiteral("registered_agent_status")), QStringLiteral("expired"));
        auto *agentStatus = child<QComboBox>(page, QStringLiteral("entityField_registered_agent_status"));
        QCOMPARE(agentStatus->currentText(), QStringLiteral("Expired"));
        // Scrolling the form over a field the user did not click changes nothing; once clicked, it does.
        const auto wheelDown = [agentStatus] {
            const QPointF at(agentStatus->width() / 2.0, agentStatus->height() / 2.0);
            QWheelEvent wheel(at, agentStatus->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(agentStatus, &wheel);
        };
        wheelDown();
        QCOMPARE(agentStatus->currentText(), QStringLiteral("Expired"));
        QCOMPARE(page->fieldText(QStringLiteral("registered_agent_status")), QStringLiteral("expired"));
        QVERIFY(!child<QPushButton>(page, QStringLiteral("entitySave"))->isEnabled()); // nothing to save
        agentStatus->setFocus(Qt::MouseFocusReason);
        if (agentStatus->hasFocus()) { // focus needs the window active, which an offscreen test may not have
            wheelDown();
            QVERIFY(agentStatus->currentText() != QStringLiteral("Expired"));
            agentStatus->setCurrentIndex(agentStatus->findData(QStringLiteral("expired")));
        }
        QCOMPARE(child<QLineEdit>(page, QStringLiteral("entityField_owner"))->text(),
                 QStringLiteral("Ana Diaz"));
        QCOMPARE(child<QLineEdit>(page, QStringLiteral("entityField_officers"))->text(),
                 QStringLiteral("Jane Roe (President)"));
        auto *filings = child<QTableWidget>(page, QStringLiteral("entityFilings"));
        QVERIFY(filings->rowCount() >= 1);
        bool halted = false;
        for (int r = 0; r < filings->rowCount(); ++r)
            halted = halted || filings->item(r, 3)->text() == QStringLiteral("Needs a person");
        QVERIFY(halted);
        auto *timeline = child<QTableWidget>(page, QStringLiteral("entityTimeline"));
        QTRY_VERIFY_WITH_TIMEOUT(timeline->rowCount() >= 3, 5000); // entity_add, admit, the transitions
        page->close();
    }

    void openEntityActionAndRowMenuOpenTheSelectedEntity() {
        auto *table = child<QTableView>(m_window.get(), QStringLiteral("obligationsTable"));
        QVERIFY(table);
        auto *openEntity = m_window->findChild<QAction *>(QStringLiteral("openEntityAction"));
        QVERIFY(openEntity);
        QCOMPARE(openEntity->shortcut(), QKeySequence(QStringLiteral("Ctrl+E")));
        QAbstractItemModel *model = table->model();
        const auto rowOf = [model](const QString &entityId) {
            for (int r = 0; r < model->rowCount(); ++r) {
                if (model->index(r, 0).data(EntityIdRole).toString() == entityId)
                    return r;
            }
            return -1;
        };
        const auto openPage = [this](const QString &entityId) -> EntityPage * {
            for (EntityPage *page : m_window->findChildren<EntityPage *>(QStringLiteral("entityPage"))) {
                if (page->entityId() == entityId && page->isVisible())
                    return page;
            }
            return nullptr;
        };
        auto *tabs = m_window->findChild<QTabWidget *>();
        for (int i = 0; i < tabs->count(); ++i) {
            if (tabs->widget(i)->isAncestorOf(table))
                tabs->setCurrentIndex(i);
        }
        QVERIFY(table->isVisible());
        // View > Open entity (Ctrl+E) opens the entity of the selected row.
        const int de3 = rowOf(QStringLiteral("DE3"));
        QVERIFY(de3 >= 0);
        table->setCurrentIndex(model->index(de3, ObligationModel::EntityColumn));
        openEntity->trigger();
        EntityPage *page = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((page = openPage(QStringLiteral("DE3"))) != nullptr, 5000);
        page->close();
        // The row's context menu names the entity ("Delaware Paper & Pulp Inc.") and opens it.
        const int de2 = rowOf(QStringLiteral("DE2"));
        QVERIFY(de2 >= 0);
        table->scrollTo(model->index(de2, ObligationModel::EntityColumn));
        const QRect cell = table->visualRect(model->index(de2, ObligationModel::EntityColumn));
        QVERIFY(cell.isValid());
        Q_EMIT table->customContextMenuRequested(cell.center());
        QMenu *menu = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((menu = table->findChild<QMenu *>(QStringLiteral("rowMenu"))) != nullptr,
                                 5000);
        auto *open = menu->findChild<QAction *>(QStringLiteral("rowMenuOpenEntity"));
        QVERIFY(open);
        const QString name = model->index(de2, ObligationModel::EntityColumn).data().toString();
        // An ampersand in a name ("Supply & Marketing") is shown as written, not taken as a mnemonic.
        QVERIFY2(open->text().contains(QString(name).replace(QLatin1Char('&'), QLatin1String("&&"))),
                 qPrintable(open->text() + QStringLiteral(" / ") + name));
        bool copyRows = false; // the table's own menu stays, after "Open entity"
        for (const QAction *a : menu->actions())
            copyRows = copyRows || a->objectName().endsWith(QLatin1String("CopyRows"));
        QVERIFY(copyRows);
        open->trigger();
        menu->close();
        QTRY_VERIFY_WITH_TIMEOUT((page = openPage(QStringLiteral("DE2"))) != nullptr, 5000);
        page->close();
        // Nothing selected in the view: a status line says what to do, nothing opens.
        table->setCurrentIndex(QModelIndex());
        const int pages = int(m_window->findChildren<EntityPage *>().size());
        openEntity->trigger();
        QCOMPARE(int(m_window->findChildren<EntityPage *>().size()), pages);
        QVERIFY2(m_window->statusBar()->currentMessage().contains(QLatin1String("Select a row")),
                 qPrintable(m_window->statusBar()->currentMessage()));
    }

    void notesCopiesAndExportsReadAsPeopleWriteThem() {
        const QString key = keyOf(QStringLiteral("DE1"));
        QVERIFY(selectException(key));
        // A note on several lines, kept on the item with its author and time.
        QVERIFY(m_window->operatorActions()->addNote({key}));
        ExceptionModel *exceptions = m_window->exceptionModel();
        const int row = exceptions->rowOfKey(key);
        QVERIFY(row >= 0);
        QTRY_VERIFY_WITH_TIMEOUT(exceptions->index(row, ExceptionModel::NotesColumn)
                                     .data()
                                     .toString()
                                     .contains(QLatin1String("Called the agent.")),
                                 kLong);
        const QString tooltip =
            exceptions->index(row, ExceptionModel::NotesColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tooltip.contains(QLatin1String("    Renewal promised by Friday.")), qPrintable(tooltip));
        QVERIFY2(tooltip.contains(fd::host::osUser()), qPrintable(tooltip));

        // Copy copies the selected rows with their header, not one cell.
        auto *table = child<QTableView>(m_window.get(), QStringLiteral("exceptionsTable"));
        QVERIFY(selectException(key));
        auto *copy = child<QAction>(table, QStringLiteral("exceptionsTableCopyRows"));
        QVERIFY(copy);
        QApplication::clipboard()->clear();
        copy->trigger();
        const QStringList lines =
            QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines.first().contains(QLatin1String("Entity\t")), qPrintable(lines.first()));
        QVERIFY2(lines.last().contains(QLatin1String("Delaware Holdings Inc.\t")), qPrintable(lines.last()));

        // The audit export names entities and filings and gives fees in dollars.
        auto *audit = m_window->findChild<AuditPage *>();
        QVERIFY(audit);
        m_window->refreshAudit();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->auditModel()->rowCount() > 5, kLong);
        const QString path = m_dir.filePath(QStringLiteral("audit-export.csv"));
        QString error;
        QVERIFY2(audit->exportCsv(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString csv = QString::fromUtf8(file.readAll());
        QVERIFY(
            csv.section(QStringLiteral("\r\n"), 0, 0)
                .endsWith(QLatin1String(
                    "entity_name,jurisdiction,filing,fee_expected,fee_charged,confirmation_number,login")));
        bool noteRow = false;
        bool filedRow = false;
        for (const QString &line : csv.split(QStringLiteral("\r\n"))) {
            noteRow = noteRow ||
                      (line.contains(QLatin1String(",note,")) &&
                       line.contains(QLatin1String("\"Called the agent.\nRenewal promised by Friday.\"")) &&
                       line.contains(QLatin1String("Delaware Holdings Inc.,Delaware (US-DE),")));
            filedRow =
                filedRow ||
                (line.contains(QLatin1String("Delaware Fine Inc.")) &&
                 line.contains(QRegularExpression(QStringLiteral(",[0-9]+\\.[0-9]{2},[0-9]+\\.[0-9]{2},"))));
        }
        QVERIFY(noteRow);
        QVERIFY2(filedRow, qPrintable(csv.left(3000)));
        QVERIFY(!csv.contains(QRegularExpression(QStringLiteral("[0-9]+ cents"))));
        QCOMPARE(readableAuditDetail(QStringLiteral("confirmation DE-1, charged 14875 cents")),
                 QStringLiteral("confirmation DE-1, charged $148.75"));
    }

    void cancelledReasonKeepsTheEdits() {
        EntityPage *page = m_window->openEntity(QStringLiteral("DE3"));
        QVERIFY(page);
        auto *office = child<QLineEdit>(page, QStringLiteral("entityField_principal_office"));
        auto *save = child<QPushButton>(page, QStringLiteral("entitySave"));
        auto *status = child<QLabel>(page, QStringLiteral("entitySaveStatus"));
        QVERIFY(office && save && status);
        retype(office, QStringLiteral("1 Main St, Dover DE"));
        QVERIFY(save->isEnabled());
        // The person cancels the reason prompt: nothing is saved, the page says so, the edit stays.
        m_reasons->cancelNext = true;
        QTest::mouseClick(save, Qt::LeftButton);
        QCOMPARE(m_reasons->asked.last(), QStringLiteral("entity_edit"));
        // The prompt names the field as the page does, not by its column key.
        QVERIFY2(m_reasons->questions.last().contains(QLatin1String("Principal office")),
                 qPrintable(m_reasons->questions.last()));
        QVERIFY2(!m_reasons->questions.last().contains(QLatin1String("principal_office")),
                 qPrintable(m_reasons->questions.last()));
        QVERIFY(status->isVisible());
        QVERIFY2(status->text().contains(QLatin1String("Nothing was saved")), qPrintable(status->text()));
        QCOMPARE(office->text(), QStringLiteral("1 Main St, Dover DE"));
        QVERIFY(save->isEnabled());
        QCOMPARE(page->pendingChanges().value(QStringLiteral("principal_office")),
                 QStringLiteral("1 Main St, Dover DE"));
        // Closing the page with the edits pending asks first; No keeps the page and the edits.
        const int confirmations = int(m_reasons->confirmations.size());
        page->close();
        QCOMPARE(int(m_reasons->confirmations.size()), confirmations + 1);
        QVERIFY2(m_reasons->confirmations.last().contains(QLatin1String("not saved")),
                 qPrintable(m_reasons->confirmations.last()));
        QVERIFY(page->isVisible());
        QCOMPARE(office->text(), QStringLiteral("1 Main St, Dover DE"));
        // Saved with a reason: the page says it was saved.
        QTest::mouseClick(save, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QLatin1String("Saved")), kLong);
        QVERIFY(page->pendingChanges().isEmpty());
        QCOMPARE(office->text(), QStringLiteral("1 Main St, Dover DE"));
        page->close();
    }

    void invalidValueIsRefusedBeforeTheReason() {
        EntityPage *page = m_window->openEntity(QStringLiteral("DE3"));
        QVERIFY(page);
        auto *formed = child<QLineEdit>(page, QStringLiteral("entityField_formation_date"));
        auto *save = child<QPushButton>(page, QStringLiteral("entitySave"));
        auto *status = child<QLabel>(page, QStringLiteral("entitySaveStatus"));
        QVERIFY(formed && save && status);
        const QString before = formed->text();
        retype(formed, QStringLiteral("2019-13-01"));
        QVERIFY(save->isEnabled());
        // The register would refuse the date: the page says so at once, in the field's words, and asks no
        // reason; it never claims to be saving.
        const int asked = int(m_reasons->asked.size());
        QTest::mouseClick(save, Qt::LeftButton);
        QCOMPARE(int(m_reasons->asked.size()), asked);
        QVERIFY2(status->text().startsWith(QLatin1String("Nothing was saved: Formation date: ")),
                 qPrintable(status->text()));
        QVERIFY2(status->text().contains(QLatin1String("YYYY-MM-DD")), qPrintable(status->text()));
        QVERIFY(save->isEnabled());
        QCOMPARE(formed->text(), QStringLiteral("2019-13-01"));
        // Put back as it was: nothing left to save, and closing asks nothing.
        formed->setText(before);
        QVERIFY(page->pendingChanges().isEmpty());
        page->close();
    }

    void needsDataIsExplainedWhereItIsCompleted() {
        auto *summary = child<QLabel>(m_window.get(), QStringLiteral("portfolioSummary"));
        auto *counts = child<QToolButton>(m_window.get(), QStringLiteral("dueSoonButton"));
        QTRY_VERIFY_WITH_TIMEOUT(counts->text().contains(QLatin1String("Needs data: ")), kLong);
        const QRegularExpression needing(QStringLiteral("Needs data: ([0-9]+)"));
        const int before = needing.match(counts->text()).captured(1).toInt();
        QVERIFY(before > 0);
        QVERIFY2(summary->text().contains(QStringLiteral(", %1 filing").arg(before)),
                 qPrintable(summary->text()));

        EntityPage *page = m_window->openEntity(QStringLiteral("DE4"));
        QVERIFY(page);
        // On the Data tab, at the top: why, and the field to complete, marked.
        auto *hint = child<QLabel>(page, QStringLiteral("entityNeedsDataHint"));
        QVERIFY(hint->isVisible());
        QVERIFY2(hint->text().contains(QLatin1String("Entity type")), qPrintable(hint->text()));
        auto *type = child<QComboBox>(page, QStringLiteral("entityField_entity_type"));
        QVERIFY(!type->styleSheet().isEmpty());
        QCOMPARE(type->currentText(), QStringLiteral("Not known"));
        // The values the register accepts, in words; stored as the register spells them.
        QVERIFY(type->findText(QStringLiteral("Limited liability company (LLC)")) >= 0);
        type->setCurrentIndex(type->findData(QStringLiteral("llc")));
        Q_EMIT type->activated(type->currentIndex());
        QCOMPARE(page->pendingChanges().value(QStringLiteral("entity_type")), QStringLiteral("llc"));
        QTest::mouseClick(child<QPushButton>(page, QStringLiteral("entitySave")), Qt::LeftButton);
        // Planned again: the reason is gone, and every count of filings needing data moved with it.
        QTRY_VERIFY_WITH_TIMEOUT(!hint->isVisible(), kLong);
        QCOMPARE(type->currentText(), QStringLiteral("Limited liability company (LLC)"));
        QTRY_VERIFY_WITH_TIMEOUT(!counts->text().contains(QLatin1String("Needs data: ")) ||
                                     needing.match(counts->text()).captured(1).toInt() < before,
                                 kLong);
        const int after = counts->text().contains(QLatin1String("Needs data: "))
                              ? needing.match(counts->text()).captured(1).toInt()
                              : 0;
        QVERIFY2(summary->text().contains(QStringLiteral(", %1 filing").arg(after)),
                 qPrintable(summary->text()));
        page->close();
    }

    void haltIsCuredFromTheEntityPage() {
        const QString key = keyOf(QStringLiteral("DE1"));
        QVERIFY(selectException(key));
        // The first requeue of a data defect opens the fields that cure it, with what the rejection means.
        QTest::mouseClick(child<QPushButton>(m_window.get(), QStringLiteral("resolveRequeueButton")),
                          Qt::LeftButton);
        EntityPage *page = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (page = m_window->findChild<EntityPage *>(QStringLiteral("entityPage"))) != nullptr, 5000);
        QCOMPARE(stateOf(key), ExecutionState::FailedStatutory);
        auto *hint = child<QLabel>(page, QStringLiteral("entityCureHint"));
        QVERIFY(hint->isVisible());
        QVERIFY2(hint->text().contains(QLatin1String("STAT_AGENT_EXPIRED")), qPrintable(hint->text()));
        QVERIFY2(hint->text().contains(QStringLiteral("§")), qPrintable(hint->text())); // where it is stated
        auto *status = child<QComboBox>(page, QStringLiteral("entityField_registered_agent_status"));
        QVERIFY(!status->styleSheet().isEmpty()); // marked as a field that cures it
        // A choice in words; the register's value behind it.
        QCOMPARE(status->currentText(), QStringLiteral("Expired"));
        QCOMPARE(page->fieldText(QStringLiteral("registered_agent_status")), QStringLiteral("expired"));

        // Opened to cure the halt: "Save and requeue" does both, with one reason.
        const int confirmations = int(m_reasons->confirmations.size());
        auto *saveRequeue = child<QPushButton>(page, QStringLiteral("entitySaveRequeue"));
        QVERIFY(saveRequeue->isVisible());
        QVERIFY(saveRequeue->isDefault()); // Enter cures; saving alone would leave the filing halted
        QVERIFY(!child<QPushButton>(page, QStringLiteral("entitySave"))->isDefault());
        QVERIFY(!saveRequeue->isEnabled()); // nothing corrected yet
        status->setCurrentIndex(status->findData(QStringLiteral("active")));
        Q_EMIT status->activated(status->currentIndex());
        QVERIFY(saveRequeue->isEnabled());
        const int asked = int(m_reasons->asked.size());
        QTest::mouseClick(saveRequeue, Qt::LeftButton);
        QCOMPARE(int(m_reasons->asked.size()), asked + 1); // one reason for the edit and the requeue
        QCOMPARE(m_reasons->asked.last(), QStringLiteral("entity_edit_requeue"));
        QVERIFY2(m_reasons->questions.last().contains(QLatin1String("Registered agent's status")),
                 qPrintable(m_reasons->questions.last()));
        // The payload is rebuilt from the register as corrected, and the registry accepts it.
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(key), ExecutionState::Completed, kLong);
        auto *timeline = child<QTableWidget>(page, QStringLiteral("entityTimeline"));
        QTRY_VERIFY_WITH_TIMEOUT(
            !timeline->findItems(QStringLiteral("entity edited"), Qt::MatchStartsWith).isEmpty(), 5000);
        // What the engine did by itself reads as FilingDesk's doing, as on the Audit view.
        QVERIFY(
            !timeline->findItems(QStringLiteral("FilingDesk (automatic)"), Qt::MatchStartsWith).isEmpty());
        QVERIFY(timeline->findItems(QStringLiteral("engine"), Qt::MatchStartsWith).isEmpty());
        QCOMPARE(page->fieldText(QStringLiteral("registered_agent_status")), QStringLiteral("active"));
        QVERIFY(!saveRequeue->isVisible()); // dealt with: no second requeue from here
        QTRY_VERIFY_WITH_TIMEOUT(child<QLabel>(page, QStringLiteral("entitySaveStatus"))
                                     ->text()
                                     .startsWith(QLatin1String("Saved")),
                                 kLong);
        // The cure's instructions and marks are gone with the cure: they would ask for what was just done.
        QVERIFY(!hint->isVisible());
        QVERIFY(status->styleSheet().isEmpty());
        const int row = m_window->obligationModel()->rowOfKey(key);
        QCOMPARE(m_window->obligationModel()->index(row, ObligationModel::ComplianceColumn).data().toString(),
                 QStringLiteral("Filed"));
        QCOMPARE(int(m_reasons->confirmations.size()), confirmations); // nothing held back or unsaved
        page->close();
        // The notice of the two new halts is old news now: it says what still waits.
        QTRY_VERIFY_WITH_TIMEOUT(!notice()->message().contains(QLatin1String("statutory halt")), kLong);
        QVERIFY2(notice()->message().contains(QLatin1String("Waiting for a person: 1 halt")),
                 qPrintable(notice()->message()));
    }

    void haltRecordedAsFiledOutside() {
        const QString key = keyOf(QStringLiteral("DE2"));
        QVERIFY(selectException(key));
        auto *button = child<QPushButton>(m_window.get(), QStringLiteral("filedOutsideButton"));
        QVERIFY(button->isEnabled());
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(m_reasons->asked.last(), QStringLiteral("filed_outside"));
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(key), ExecutionState::Completed, kLong);
        const int row = m_window->obligationModel()->rowOfKey(key);
        QCOMPARE(m_window->obligationModel()->rowAt(row).task.confirmationNumber,
                 QStringLiteral("DE-PAPER-0001"));
        // Filed: no penalty exposure, no urgency.
        QVERIFY(m_window->obligationModel()
                    ->index(row, ObligationModel::PenaltyColumn)
                    .data()
                    .toString()
                    .isEmpty());
        QVERIFY(m_window->obligationModel()
                    ->index(row, ObligationModel::UrgencyColumn)
                    .data()
                    .toString()
                    .isEmpty());
        QVERIFY(m_window->obligationModel()
                    ->index(row, ObligationModel::JurisdictionColumn)
                    .data()
                    .toString()
                    .contains(QLatin1String("Delaware (US-DE)")));
        // Nothing waits for a person any more: the notice is gone, and the tabs did not move.
        QTRY_VERIFY_WITH_TIMEOUT(notice()->message().isEmpty(), kLong);
        QCOMPARE(tabsAt(), m_tabsAt);
    }

    // Last: while the lock is held every write of the console fails, and the engine pauses sending (fail
    // closed). The register's write fails after the page sent it (another program held the database's write
    // lock past SQLite's wait): the page says so where the edits are, keeps them and lets the person save
    // again. It used to stay on "Saving your changes…" with Save disabled.
    void aSaveTheDatabaseRefusesSaysSoAndCanBeSavedAgain() {
        EntityPage *page = m_window->openEntity(QStringLiteral("DE3"));
        QVERIFY(page);
        auto *office = child<QLineEdit>(page, QStringLiteral("entityField_principal_office"));
        auto *save = child<QPushButton>(page, QStringLiteral("entitySave"));
        auto *status = child<QLabel>(page, QStringLiteral("entitySaveStatus"));
        QVERIFY(office && save && status);
        WriteLockHolder lock(m_dir.filePath(QStringLiteral("audit.sqlite")),
                             QStringLiteral("entity-page-lock-holder"));
        QVERIFY(lock.held());
        retype(office, QStringLiteral("9 Locked Lane, Dover DE"));
        QTest::mouseClick(save, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QLatin1String("Not saved")), kLong);
        QVERIFY2(status->text().contains(QLatin1String("database is locked")), qPrintable(status->text()));
        QCOMPARE(office->text(), QStringLiteral("9 Locked Lane, Dover DE"));
        QCOMPARE(page->pendingChanges().value(QStringLiteral("principal_office")),
                 QStringLiteral("9 Locked Lane, Dover DE"));
        QVERIFY(save->isEnabled());
        QVERIFY(lock.release());
        QTest::mouseClick(save, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QLatin1String("Saved")), kLong);
        QVERIFY(page->pendingChanges().isEmpty());
        page->close();
    }

    // Closing the console asks about an entity page's unsaved edits first, and No keeps the console and the
    // edits; while a save is on its way the console stays open and the page says so, instead of asking to
    // lose what is being saved.
    void closingTheConsoleKeepsUnsavedAndSavingEdits() {
        EntityPage *page = m_window->openEntity(QStringLiteral("DE3"));
        QVERIFY(page);
        auto *office = child<QLineEdit>(page, QStringLiteral("entityField_principal_office"));
        auto *save = child<QPushButton>(page, QStringLiteral("entitySave"));
        auto *status = child<QLabel>(page, QStringLiteral("entitySaveStatus"));
        QVERIFY(office && save && status);
        retype(office, QStringLiteral("7 Closing Way, Dover DE"));
        const int confirmations = int(m_reasons->confirmations.size());
        QVERIFY(!m_window->close());
        QCOMPARE(int(m_reasons->confirmations.size()), confirmations + 1);
        QVERIFY2(m_reasons->confirmations.last().contains(QLatin1String("not saved")),
                 qPrintable(m_reasons->confirmations.last()));
        QVERIFY(m_window->isVisible());
        QVERIFY(page->isVisible());
        QCOMPARE(office->text(), QStringLiteral("7 Closing Way, Dover DE"));

        // A save waits for the database (another program holds its write lock): closing keeps everything
        // and asks nothing.
        WriteLockHolder lock(m_dir.filePath(QStringLiteral("audit.sqlite")),
                             QStringLiteral("closing-lock-holder"));
        QVERIFY(lock.held());
        QTest::mouseClick(save, Qt::LeftButton);
        QVERIFY(!m_window->close());
        QCOMPARE(int(m_reasons->confirmations.size()), confirmations + 1);
        QVERIFY(m_window->isVisible());
        QVERIFY(page->isVisible());
        QVERIFY2(status->text().contains(QLatin1String("being saved")), qPrintable(status->text()));
        QVERIFY(lock.release());
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QLatin1String("Saved")), kLong);
        QVERIFY(page->pendingChanges().isEmpty());
        page->close();
    }

    // A second portfolio: its value that differs from the register is announced, and Show opens that
    // entity's page to decide; a filing admitted and not yet sent is edited on its entity's page, the page
    // says the filing goes out with the change, and the filing carries it.
    void conflictShowOpensTheEntityAndAnEditReachesAnUnsentFiling() {
        const QString csv = m_dir.filePath(QStringLiteral("second.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                "registered_agent_status,owner,status,risk_tier\n"
                "DE3,Delaware Fine Inc.,corporation,Delaware,2012-07-01,CSC,active,Bo Li,active,2\n"
                "DE5,Delaware Kite Inc.,corporation,Delaware,2014-09-01,CSC,active,Bo Lee,active,2\n");
        f.close();
        m_window->loadPortfolio(csv);
        QTRY_VERIFY_WITH_TIMEOUT(!keyOf(QStringLiteral("DE5")).isEmpty(), kLong);
        const QString unsent = keyOf(QStringLiteral("DE5"));
        QCOMPARE(stateOf(unsent), ExecutionState::Pending);
        QTRY_VERIFY_WITH_TIMEOUT(notice()->isVisible(), kLong);
        QVERIFY2(notice()->message().contains(QLatin1String("Delaware Fine Inc.")),
                 qPrintable(notice()->message()));
        QTest::mouseClick(child<QToolButton>(notice(), QStringLiteral("noticeShow")), Qt::LeftButton);
        EntityPage *conflicted = nullptr;
        for (EntityPage *page : m_window->findChildren<EntityPage *>()) {
            if (page->entityId() == QLatin1String("DE3") && page->isVisible())
                conflicted = page;
        }
        QVERIFY2(conflicted, "Show did not open the entity whose value differs");
        QVERIFY(child<QWidget>(conflicted, QStringLiteral("entityConflict_owner")));
        QVERIFY(!notice()->isVisible());
        // Decided on the page: it says it was saved.
        QTest::mouseClick(child<QPushButton>(conflicted, QStringLiteral("takeFile_owner")), Qt::LeftButton);
        auto *decided = child<QLabel>(conflicted, QStringLiteral("entitySaveStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(decided->text().startsWith(QLatin1String("Saved.")), kLong);
        QCOMPARE(conflicted->fieldText(QStringLiteral("owner")), QStringLiteral("Bo Li"));
        conflicted->close();
        // Who answers for the entity's filings is the register's word, filed ones included ("My filings").
        ObligationModel *model = m_window->obligationModel();
        const int filed = model->rowOfKey(keyOf(QStringLiteral("DE3")));
        QVERIFY(filed >= 0);
        QTRY_COMPARE(model->index(filed, ObligationModel::OwnerColumn).data().toString(),
                     QStringLiteral("Bo Li"));
        QCOMPARE(model->index(filed, 0).data(OwnerRole).toString(), QStringLiteral("Bo Li"));

        EntityPage *page = m_window->openEntity(QStringLiteral("DE5"));
        QVERIFY(page);
        auto *office = child<QLineEdit>(page, QStringLiteral("entityField_principal_office"));
        auto *status = child<QLabel>(page, QStringLiteral("entitySaveStatus"));
        QVERIFY(office && status);
        retype(office, QStringLiteral("4 Kite Row, Dover DE"));
        QTest::mouseClick(child<QPushButton>(page, QStringLiteral("entitySave")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QLatin1String("Saved")), kLong);
        // No English catalogue is loaded in the tests: the source text's "filing(s)".
        QVERIFY2(
            status->text().contains(QLatin1String("1 filing(s) of this entity not yet sent will go out with "
                                                  "the change")),
            qPrintable(status->text()));
        const auto carried = [&] {
            const int row = m_window->obligationModel()->rowOfKey(unsent);
            return row >= 0 &&
                   m_window->obligationModel()->rowAt(row).task.obligation.entity->principalOffice ==
                       QLatin1String("4 Kite Row, Dover DE");
        };
        QTRY_VERIFY_WITH_TIMEOUT(carried(), kLong);
        QCOMPARE(stateOf(unsent), ExecutionState::Pending);
        page->close();
    }

    // The conflict notice names the file that raised it: opening another file without conflicts takes it
    // away (it said "1 entity in second.csv …" while another file was open).
    void aConflictNoticeGoesWhenAFileWithoutConflictsIsOpened() {
        const auto write = [this](const QString &name, const QByteArray &rows) {
            QFile f(m_dir.filePath(name));
            return f.open(QIODevice::WriteOnly) &&
                   f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                           "registered_agent_status,owner,status,risk_tier\n" +
                           rows) > 0;
        };
        QVERIFY(write(QStringLiteral("differs.csv"),
                      "DE3,Delaware Fine Inc.,corporation,Delaware,2012-07-01,CSC,active,Bo Lu,active,2\n"));
        QVERIFY(write(QStringLiteral("agrees.csv"),
                      "DE5,Delaware Kite Inc.,corporation,Delaware,2014-09-01,CSC,active,Bo Lee,active,2\n"));
        // Every message the notice shows (a deadline reminder may follow the conflict notice at once).
        QStringList shown;
        const QMetaObject::Connection watch =
            connect(notice(), &BannerWidget::messageChanged, this, [&] { shown << notice()->message(); });
        m_window->loadPortfolio(m_dir.filePath(QStringLiteral("differs.csv")));
        QTRY_VERIFY2_WITH_TIMEOUT(shown.filter(QStringLiteral("differs.csv")).size() > 0,
                                  qPrintable(shown.join(QLatin1Char('\n'))), kLong);
        disconnect(watch);
        m_window->loadPortfolio(m_dir.filePath(QStringLiteral("agrees.csv")));
        QTRY_VERIFY_WITH_TIMEOUT(!notice()->message().contains(QLatin1String("differs.csv")), kLong);
        QVERIFY2(!notice()->isVisible() || !notice()->message().contains(QLatin1String("differ")),
                 qPrintable(notice()->message()));
    }
};

QTEST_MAIN(TestEntityPage)
#include "tst_entity_page.moc"
