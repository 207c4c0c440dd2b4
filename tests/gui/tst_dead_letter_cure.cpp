// A filing the registry refused for its data ("Could not be filed"), cured as a paralegal does it: the real
// sandbox registry refuses a corporation's annual report that names no officers (VAL_OFFICER_MISSING); the
// row and "Try again…" open the entity with the field that cures it marked, and "Save and try again" saves
// the correction and files the same filing, under one reason; once the cure was shown, "Try again…" sends the
// filing as it is.
#include "engine/core/engine.h"
#include "support/sandbox_process.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"
#include "ui/session/console_options.h"
#include "ui/widgets/entity_page.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/reason_provider.h"

#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QTest>
#include <QtWidgets/QApplication>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QTableView>
#include <QtWidgets/QTableWidget>

using namespace fd;
using namespace fd::ui;

namespace {

constexpr int kLong = 30000;

class ScriptedReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        asked.append(request.action);
        questions.append(request.question);
        return QStringLiteral("officers listed in the minute book");
    }
    bool confirm(QWidget *, const QString &, const QString &question) override {
        confirmations.append(question);
        return false;
    }
    std::optional<FiledOutside> askFiledOutside(QWidget *, const QString &, qint64) override {
        return std::nullopt;
    }
    QStringList asked;
    QStringList questions;
    QStringList confirmations;
};

} // namespace

class TestDeadLetterCure : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<test::SandboxProcess> m_sandbox;
    std::unique_ptr<MainWindow> m_window;
    ScriptedReasons *m_reasons = nullptr;
    ConsoleOptions m_options;

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
    const FilingTask *taskOf(const QString &key) const {
        const int row = m_window->obligationModel()->rowOfKey(key);
        return row < 0 ? nullptr : &m_window->obligationModel()->rowAt(row).task;
    }
    ExecutionState stateOf(const QString &key) const {
        const FilingTask *task = taskOf(key);
        return task ? task->state : ExecutionState::Pending;
    }
    QTableView *deadLetters() const {
        return child<QTableView>(m_window.get(), QStringLiteral("deadLettersTable"));
    }
    /// Makes `key` the current row of Could not be filed.
    bool selectDeadLetter(const QString &key) {
        QTableView *table = deadLetters();
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
    /// A console window on the desk's database, started.
    bool openConsole() {
        m_window = std::make_unique<MainWindow>(m_options);
        auto reasons = std::make_unique<ScriptedReasons>();
        m_reasons = reasons.get();
        m_window->setReasonProvider(std::move(reasons));
        m_window->show();
        return QTest::qWaitForWindowExposed(m_window.get()) &&
               QTest::qWaitFor([this] { return m_window->engineStarted(); }, kLong);
    }
    EntityPage *openPage() const { return m_window->findChild<EntityPage *>(QStringLiteral("entityPage")); }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // Checks on what a payload lacks are on, as on a real portal: a corporation must name its officers.
        // It answers in 300-400 ms, so that the page reads its timeline before the cured filing is filed.
        m_sandbox = std::make_unique<test::SandboxProcess>(
            QStringList{QStringLiteral("--latency-ms"), QStringLiteral("300:400"),
                        QStringLiteral("--require-complete-payload")});
        QVERIFY2(m_sandbox->start(), qPrintable(m_sandbox->errorString()));
        const QString csv = m_dir.filePath(QStringLiteral("portfolio.csv"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                "registered_agent_status,officers,owner,status,risk_tier\n"
                "DL1,Delaware Kestrel Inc.,corporation,Delaware,2010-05-04,CSC,active,,Ana Diaz,active,2\n"
                "DL2,Delaware Wren Inc.,corporation,Delaware,2011-06-01,CSC,active,Jane Roe (President),"
                "Ana Diaz,active,2\n"
                "DL3,Delaware Plover Inc.,corporation,Delaware,2012-07-01,CSC,active,,Bo Lee,active,2\n");
        f.close();

        m_options.registryUrl = m_sandbox->baseUrl();
        m_options.sandbox = true;
        m_options.dbPath = m_dir.filePath(QStringLiteral("audit.sqlite"));
        m_options.settingsPath = m_dir.filePath(QStringLiteral("settings.ini"));
        m_options.useKeychain = false;
        m_options.asOf = QDate(2027, 2, 15);
        QVERIFY(openConsole());
        m_window->loadPortfolio(csv);
        QTRY_VERIFY_WITH_TIMEOUT(!keyOf(QStringLiteral("DL1")).isEmpty(), kLong);
        QTRY_VERIFY_WITH_TIMEOUT(!keyOf(QStringLiteral("DL2")).isEmpty(), kLong);
        QTRY_VERIFY_WITH_TIMEOUT(!keyOf(QStringLiteral("DL3")).isEmpty(), kLong);
        QVERIFY(m_window->operatorActions()->launch(
            {keyOf(QStringLiteral("DL1")), keyOf(QStringLiteral("DL2")), keyOf(QStringLiteral("DL3"))},
            QStringLiteral("3 filings")));
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(keyOf(QStringLiteral("DL1"))), ExecutionState::DeadLetter, kLong);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(keyOf(QStringLiteral("DL3"))), ExecutionState::DeadLetter, kLong);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(keyOf(QStringLiteral("DL2"))), ExecutionState::Completed, kLong);
        QCOMPARE(taskOf(keyOf(QStringLiteral("DL1")))->lastErrorCode, QStringLiteral("VAL_OFFICER_MISSING"));
    }
    void cleanupTestCase() {
        m_reasons = nullptr;
        m_window.reset();
        m_sandbox.reset();
    }

    // "Try again…" on a filing refused for data the register still holds: the fields first, then one step.
    void tryAgainCuresTheDataAndFilesTheSameFiling() {
        const QString key = keyOf(QStringLiteral("DL1"));
        QVERIFY(selectDeadLetter(key));
        const int asked = int(m_reasons->asked.size());
        QTest::mouseClick(child<QPushButton>(m_window.get(), QStringLiteral("replayOneButton")),
                          Qt::LeftButton);
        EntityPage *page = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((page = openPage()) != nullptr, 5000);
        QCOMPARE(int(m_reasons->asked.size()),
                 asked); // no reason yet: the same payload would be refused again
        QCOMPARE(stateOf(key), ExecutionState::DeadLetter);
        auto *cure = child<QPushButton>(page, QStringLiteral("entitySaveRequeue"));
        auto *officers = child<QLineEdit>(page, QStringLiteral("entityField_officers"));
        officers->setFocus();
        QTest::keyClicks(officers, QStringLiteral("Lee Park (President)"));
        QVERIFY(cure->isEnabled());
        QTest::mouseClick(cure, Qt::LeftButton);
        QCOMPARE(int(m_reasons->asked.size()), asked + 1); // one reason for the edit and the new attempt
        QCOMPARE(m_reasons->asked.last(), QStringLiteral("entity_edit_replay"));
        QVERIFY2(m_reasons->questions.last().contains(QLatin1String("Delaware Kestrel Inc.")),
                 qPrintable(m_reasons->questions.last()));
        // The payload is rebuilt from the register as corrected, and the registry files it.
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(key), ExecutionState::Completed, kLong);
        QVERIFY(!taskOf(key)->confirmationNumber.isEmpty());
        QCOMPARE(taskOf(key)->obligation.entity->officers.size(), 1);
        QCOMPARE(taskOf(key)->obligation.entity->officers.first().name, QStringLiteral("Lee Park"));
        QVERIFY(!cure->isVisible()); // dealt with: no second attempt from here
        QTRY_VERIFY_WITH_TIMEOUT(
            child<QLabel>(page, QStringLiteral("entitySaveStatus"))
                ->text()
                .startsWith(QLatin1String("Saved, and the refused filing was tried again")),
            kLong);
        QVERIFY(!child<QLabel>(page, QStringLiteral("entityCureHint"))->isVisible());
        // The timeline ends where the filing is: filed, not the step it was at when the page was opened.
        auto *timeline = child<QTableWidget>(page, QStringLiteral("entityTimeline"));
        QTRY_VERIFY_WITH_TIMEOUT(!timeline->findItems(QStringLiteral("→ Filed"), Qt::MatchContains).isEmpty(),
                                 kLong);
        QVERIFY(officers->styleSheet().isEmpty());
        QCOMPARE(m_reasons->confirmations.size(), 0); // practice registry: nothing to confirm
        page->close();
    }
    // Enter on a refused filing's row: its entity, the field that cures it marked, the one-step cure offered;
    // once that was shown, "Try again…" sends the filing as it is.
    void theRowOpensTheCureAndThenTryAgainSendsAsItIs() {
        const QString key = keyOf(QStringLiteral("DL3"));
        QTRY_VERIFY_WITH_TIMEOUT(selectDeadLetter(key), kLong);
        const QDateTime sentBefore = taskOf(key)->updatedUtc;
        deadLetters()->setFocus();
        QTest::keyClick(deadLetters(), Qt::Key_Return);
        EntityPage *page = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((page = openPage()) != nullptr, 5000);
        QCOMPARE(page->entityId(), QStringLiteral("DL3"));
        auto *hint = child<QLabel>(page, QStringLiteral("entityCureHint"));
        QVERIFY(hint->isVisible());
        QVERIFY2(hint->text().contains(QLatin1String("Save and try again")), qPrintable(hint->text()));
        QVERIFY2(hint->text().contains(QLatin1String("once more")), qPrintable(hint->text()));
        auto *officers = child<QLineEdit>(page, QStringLiteral("entityField_officers"));
        QVERIFY(!officers->styleSheet().isEmpty()); // marked as the field that cures it
        QTRY_VERIFY_WITH_TIMEOUT(!officers->visibleRegion().isEmpty(), 5000); // scrolled into sight
        auto *cure = child<QPushButton>(page, QStringLiteral("entitySaveRequeue"));
        QVERIFY(cure->isVisible());
        QCOMPARE(cure->text(), QStringLiteral("Save and &try again…"));
        QVERIFY(cure->isDefault());
        QVERIFY(!cure->isEnabled()); // nothing corrected yet
        page->close();
        QTRY_VERIFY_WITH_TIMEOUT(openPage() == nullptr, 5000);
        QCOMPARE(stateOf(key), ExecutionState::DeadLetter); // opening sent nothing
        QCOMPARE(taskOf(key)->attempts, 1);

        // The cure was shown: "Try again…" now sends the filing as it is, with the person's reason (they may
        // know better, having corrected it with the registry). This registry refuses the same data again.
        QVERIFY(selectDeadLetter(key));
        const int asked = int(m_reasons->asked.size());
        QTest::mouseClick(child<QPushButton>(m_window.get(), QStringLiteral("replayOneButton")),
                          Qt::LeftButton);
        QCOMPARE(int(m_reasons->asked.size()), asked + 1);
        QCOMPARE(m_reasons->asked.last(), QStringLiteral("replay"));
        QVERIFY(openPage() == nullptr);
        QTRY_VERIFY_WITH_TIMEOUT(stateOf(key) == ExecutionState::DeadLetter && taskOf(key)->attempts == 1 &&
                                     taskOf(key)->updatedUtc > sentBefore,
                                 kLong);
        QCOMPARE(taskOf(key)->lastErrorCode, QStringLiteral("VAL_OFFICER_MISSING"));
    }

    // The console opened again on the same desk: the register it shows is the stored one, so a refused filing
    // is still cured from its entity page (the cure is offered again in the new session).
    void aConsoleOpenedAgainOffersTheCureFromTheStoredRegister() {
        const QString key = keyOf(QStringLiteral("DL3"));
        m_reasons = nullptr;
        m_window.reset();
        QVERIFY(openConsole());
        QTRY_VERIFY_WITH_TIMEOUT(selectDeadLetter(key), kLong);
        deadLetters()->setFocus();
        QTest::keyClick(deadLetters(), Qt::Key_Return);
        EntityPage *page = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((page = openPage()) != nullptr, 5000);
        QCOMPARE(page->entityId(), QStringLiteral("DL3"));
        QVERIFY(child<QLabel>(page, QStringLiteral("entityCureHint"))->isVisible());
        QVERIFY(child<QPushButton>(page, QStringLiteral("entitySaveRequeue"))->isVisible());
        // And DL1's page shows the officers the register holds since its cure.
        page->close();
        EntityPage *cured = m_window->openEntity(QStringLiteral("DL1"));
        QVERIFY(cured);
        QCOMPARE(cured->fieldText(QStringLiteral("officers")), QStringLiteral("Lee Park (President)"));
        cured->close();
    }
};

QTEST_MAIN(TestDeadLetterCure)
#include "tst_dead_letter_cure.moc"
