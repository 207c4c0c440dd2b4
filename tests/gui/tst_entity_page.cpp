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
#include "ui/widgets/entity_page.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/reason_provider.h"

#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtGui/QAction>
#include <QtGui/QClipboard>
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
const QDate kAsOf(2027, 2, 15);

class ScriptedReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        asked.append(request.action);
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
    QStringList confirmations;
};

} // namespace

class TestEntityPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<test::SandboxProcess> m_sandbox;
    std::unique_ptr<MainWindow> m_window;
    ScriptedReasons *m_reasons = nullptr;

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
        f.write("entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                "registered_agent_status,officers,owner,status,risk_tier\n"
                "DE1,Delaware Holdings Inc.,corporation,Delaware,2010-05-04,CSC,expired,"
                "Jane Roe (President),Ana Diaz,active,2\n"
                "DE2,Delaware Paper Inc.,corporation,Delaware,2011-06-01,CSC,resigned,,Ana Diaz,active,2\n"
                "DE3,Delaware Fine Inc.,corporation,Delaware,2012-07-01,CSC,active,,Bo Lee,active,2\n");
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
        QCOMPARE(child<QLineEdit>(page, QStringLiteral("entityField_registered_agent_status"))->text(),
                 QStringLiteral("expired"));
        QCOMPARE(child<QLineEdit>(page, QStringLiteral("entityField_owner"))->text(),
                 QStringLiteral("Ana Diaz"));
        QCOMPARE(child<QLineEdit>(page, QStringLiteral("entityField_officers"))->text(),
                 QStringLiteral("Jane Roe (President)"));
        auto *filings = child<QTableWidget>(page, QStringLiteral("entityFilings"));
        QVERIFY(filings->rowCount() >= 1);
        bool halted = false;
        for (int r = 0; r < filings->rowCount(); ++r)
            halted = halted || filings->item(r, 3)->text() == QStringLiteral("Halted — needs a person");
        QVERIFY(halted);
        auto *timeline = child<QTableWidget>(page, QStringLiteral("entityTimeline"));
        QTRY_VERIFY_WITH_TIMEOUT(timeline->rowCount() >= 3, 5000); // entity_add, admit, the transitions
        page->close();
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
        auto *status = child<QLineEdit>(page, QStringLiteral("entityField_registered_agent_status"));
        QVERIFY(!status->styleSheet().isEmpty()); // marked as a field that cures it

        status->clear();
        QTest::keyClicks(status, QStringLiteral("active"));
        auto *save = child<QPushButton>(page, QStringLiteral("entitySave"));
        QVERIFY(save->isEnabled());
        QTest::mouseClick(save, Qt::LeftButton);
        QCOMPARE(m_reasons->asked.last(), QStringLiteral("entity_edit"));
        auto *timeline = child<QTableWidget>(page, QStringLiteral("entityTimeline"));
        QTRY_VERIFY_WITH_TIMEOUT(
            !timeline->findItems(QStringLiteral("entity_edit"), Qt::MatchStartsWith).isEmpty(), 5000);
        QCOMPARE(status->text(), QStringLiteral("active"));

        // Requeued again: the payload is rebuilt from the register and the registry accepts it.
        QVERIFY(selectException(key));
        QTest::mouseClick(child<QPushButton>(m_window.get(), QStringLiteral("resolveRequeueButton")),
                          Qt::LeftButton);
        QCOMPARE(m_reasons->asked.last(), QStringLiteral("resolve_requeue"));
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(key), ExecutionState::Completed, kLong);
        const int row = m_window->obligationModel()->rowOfKey(key);
        QCOMPARE(m_window->obligationModel()->index(row, ObligationModel::ComplianceColumn).data().toString(),
                 QStringLiteral("Filed"));
        QVERIFY(m_reasons->confirmations.isEmpty());
        page->close();
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
    }
};

QTEST_MAIN(TestEntityPage)
#include "tst_entity_page.moc"
