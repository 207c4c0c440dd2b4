// Takes the console's screenshots for docs/screenshots/ under a real X server (Xvfb), the way an operator
// would see it: a real portfolio, a private redis-server (fleet gate, US-DE capped at 4), the sandbox
// registry with latency and seeded failures. Not a test; run by hand:
//   Xvfb :99 -screen 0 1600x1000x24 &  DISPLAY=:99 FILINGDESK_SANDBOX=... console_screenshots OUTDIR
//   PORTFOLIO [LANGUAGE]
// Each view is captured with `import -window root OUTDIR/<view>.png`. With LANGUAGE ("de"), the console runs
// in that language and only console-<LANGUAGE>.png (obligations mid-batch), about-<LANGUAGE>.png and
// settings-<LANGUAGE>.png are taken.
//
// Team mode: `console_screenshots --team OUTDIR PORTFOLIO` (FILINGDESK_CLI names the filingdesk executable):
// a private PostgreSQL as the team ledger, this console and a second desk (not shown), and two headless
// `filingdesk run --ledger` members on the same portfolio; one of the runs is killed (kill -9) so that the
// Fleet view shows it lost. Takes fleet.png (the Fleet view and the status bar) and
// ledger-unreachable.png (PostgreSQL stopped), then ledger-audit-broken.png (a third desk on a ledger whose
// audit row was changed by a superuser), then review-desk.png (a desk with the ledger but no registry and no
// fleet gate: it claims nothing and says so). Every member that sends shares a private redis-server as its
// fleet gate.
//
// A viewer: `console_screenshots --viewer OUTDIR PORTFOLIO`: a private PostgreSQL as the team ledger; the
// ledger owner's desk (not shown) admits the portfolio and launches what is due; then vera, a login granted
// filingdesk_viewer, opens her console on the Halts & exceptions view. Takes viewer.png: "vera · viewer" in
// the status bar, every action disabled, and the tooltip of one naming the role it needs.
#include "support/endpoints.h"
#include "support/postgres_server.h"
#include "support/redis_server.h"
#include "support/sandbox_process.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/exception_model.h"
#include "ui/models/item_roles.h"
#include "ui/models/member_model.h"
#include "ui/models/obligation_model.h"
#include "ui/settings/console_settings.h"
#include "ui/settings/languages.h"
#include "ui/widgets/about_dialog.h"
#include "ui/widgets/batch_panel.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/reason_provider.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLoggingCategory>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
#include <QTreeView>
#include <QUrl>

#include <csignal>
#include <cstdio>

using namespace fd;
using namespace fd::ui;

namespace {

class FixedReasons : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *, const ReasonRequest &request) override {
        if (request.action == QLatin1String("batch_launch"))
            return QStringLiteral("February franchise tax run");
        if (request.action == QLatin1String("batch_pause"))
            return QStringLiteral("Registry maintenance notice: holding new submissions");
        if (request.action == QLatin1String("replay"))
            return QStringLiteral("Officer list corrected with the client");
        if (request.action == QLatin1String("resolve_requeue"))
            return QStringLiteral("Registered agent renewed, confirmed by phone");
        if (request.action == QLatin1String("note"))
            return QStringLiteral("Called Registered Agent Solutions: renewal invoice paid 2/18.\n"
                                  "They confirm the agent is active again by 2/24; requeue then.");
        return QStringLiteral("Operator decision");
    }
};

void say(const QString &text) {
    std::fprintf(stderr, "screenshots: %s\n", qPrintable(text));
}

bool waitFor(const std::function<bool()> &condition, int timeoutMs) {
    return QTest::qWaitFor(condition, timeoutMs);
}

void capture(const QString &dir, const QString &name) {
    QTest::qWait(700); // let the window repaint
    const QString path = QDir(dir).filePath(name + QStringLiteral(".png"));
    const int rc = QProcess::execute(QStringLiteral("import"),
                                     {QStringLiteral("-window"), QStringLiteral("root"), path});
    say(QStringLiteral("%1 -> %2 (import rc %3)").arg(name, path).arg(rc));
}

/// The Fleet view and the status bar of a console in team mode (see the top of this file).
int teamShots(const QString &out, const QString &portfolio) {
    const QString cli = qEnvironmentVariable("FILINGDESK_CLI");
    if (cli.isEmpty()) {
        say(QStringLiteral("FILINGDESK_CLI must name the filingdesk executable"));
        return 2;
    }
    QTemporaryDir work;
    test::PostgresServer ledger(QStringLiteral("filingdesk"));
    if (!ledger.start()) {
        say(ledger.errorString());
        return 1;
    }
    test::RedisServer gate;
    if (!gate.start()) {
        say(gate.errorString());
        return 1;
    }
    test::SandboxProcess sandbox({QStringLiteral("--latency-ms"), QStringLiteral("1500:3000"),
                                  QStringLiteral("--seed"), QStringLiteral("3"), QStringLiteral("--fail"),
                                  QStringLiteral("validation=0.08"), QStringLiteral("--fail"),
                                  QStringLiteral("statutory=0.05"), QStringLiteral("--default-cap"),
                                  QStringLiteral("16")});
    if (!sandbox.start()) {
        say(sandbox.errorString());
        return 1;
    }
    auto desk = [&](const QString &name, bool sends = true) {
        ConsoleSettings saved(QDir(work.path()).filePath(name + QStringLiteral(".ini")));
        EngineConfig config;
        if (sends) {
            config.registries.defaultUrl = sandbox.baseUrl();
            config.redis = fd::test::parsedRedis(gate.url());
        }
        config.ledger = fd::test::parsedLedger(ledger.url());
        config.defaultLimit = 3;
        saved.setEngineConfig(config);
        saved.setPracticeRegistries({sandbox.baseUrl().toString()});
        saved.sync();
        ConsoleOptions options;
        options.asOf = QDate(2027, 2, 15);
        options.dbPath = QDir(work.path()).filePath(name + QStringLiteral(".sqlite"));
        options.settingsPath = saved.fileName();
        options.useKeychain = false;
        options.dueWithinDays = 400;
        return std::make_unique<MainWindow>(options);
    };
    std::unique_ptr<MainWindow> window = desk(QStringLiteral("desk-a"));
    std::unique_ptr<MainWindow> other = desk(QStringLiteral("desk-b")); // a second desk, not on this screen
    window->setReasonProvider(std::make_unique<FixedReasons>());
    window->setGeometry(0, 0, 1600, 1000);
    window->show();
    if (!waitFor([&] { return window->engineStarted() && other->engineStarted(); }, 30000)) {
        say(QStringLiteral("the desks did not start"));
        return 1;
    }
    // Two headless members join with the same portfolio (they admit nothing new and launch what is due).
    QList<QProcess *> runs;
    for (int i = 0; i < 2; ++i) {
        auto *run = new QProcess(window.get());
        run->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        run->start(cli, {QStringLiteral("run"), QStringLiteral("--ledger"), ledger.url(),
                         QStringLiteral("--redis"), gate.url(), QStringLiteral("--registry"),
                         sandbox.baseUrl().toString(), QStringLiteral("--portfolio"), portfolio,
                         QStringLiteral("--as-of"), QStringLiteral("2027-02-15"),
                         QStringLiteral("--due-within"), QStringLiteral("400"), QStringLiteral("--db"),
                         QDir(work.path()).filePath(QStringLiteral("run-%1.sqlite").arg(i + 1)),
                         QStringLiteral("--quiet")});
        runs.append(run);
    }
    window->loadPortfolio(portfolio);
    if (!waitFor([&] { return window->obligationModel()->rowCount() > 0; }, 60000)) {
        say(QStringLiteral("portfolio did not load"));
        return 1;
    }
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("mainTabs"));
    tabs->setCurrentIndex(5);
    waitFor([&] { return window->memberModel()->rowCount() >= 4; }, 60000);
    waitFor([&] { return false; }, 8000); // claims and filings build up
    // One run dies without a word: after three missed heartbeats the Fleet view shows it lost.
    ::kill(pid_t(runs.first()->processId()), SIGKILL);
    say(QStringLiteral("killed run %1").arg(runs.first()->processId()));
    waitFor([&] { return window->memberModel()->lostCount() >= 1; }, 60000);
    waitFor([&] { return false; }, 2500);
    capture(out, QStringLiteral("fleet"));

    // The other desk opens a dead letter for review: this one shows who has it.
    other->findChild<QTabWidget *>(QStringLiteral("mainTabs"))->setCurrentIndex(2);
    auto *otherDead = other->findChild<QTableView *>(QStringLiteral("deadLettersTable"));
    otherDead->selectRow(0);
    const QString reviewed = otherDead->model()->index(0, 0).data(KeyRole).toString();
    QMetaObject::invokeMethod(other->findChild<QWidget *>(QStringLiteral("deadLettersPage"))
                                  ->findChild<QPushButton *>(QStringLiteral("reviewOpenButton")),
                              "click");
    waitFor([&] { return !window->deadLetterModel()->reviewOf(reviewed).isEmpty(); }, 10000);
    tabs->setCurrentIndex(2);
    waitFor([&] { return false; }, 1000);

    ledger.stop();
    waitFor([&] { return !window->isLedgerReachable(); }, 20000);
    capture(out, QStringLiteral("ledger-unreachable"));
    for (QProcess *run : std::as_const(runs))
        run->kill();
    other.reset();
    window.reset();

    // The ledger is back, but a superuser has changed an audit row: a desk whose fresh mirror reads the whole
    // chain refuses to trust it.
    if (!ledger.start()) {
        say(ledger.errorString());
        return 1;
    }
    QString error;
    if (ledger
            .psql(
                QStringLiteral("ALTER TABLE audit DISABLE TRIGGER audit_no_update; UPDATE audit SET detail = "
                               "'charged 1 cent' WHERE seq = 3; ALTER TABLE audit ENABLE TRIGGER "
                               "audit_no_update"),
                QString(), &error)
            .isNull()) {
        say(error);
        return 1;
    }
    std::unique_ptr<MainWindow> untrusting = desk(QStringLiteral("desk-c"));
    untrusting->setGeometry(0, 0, 1600, 1000);
    untrusting->show();
    if (!waitFor([&] { return untrusting->windowTitle().contains(QLatin1String("AUDIT BROKEN")); }, 30000)) {
        say(QStringLiteral("the third desk did not find the ledger's chain broken"));
        return 1;
    }
    waitFor([&] { return false; }, 1500);
    capture(out, QStringLiteral("ledger-audit-broken"));
    untrusting.reset();

    // A desk on a sound ledger with neither a registry nor a fleet gate: a review desk.
    test::PostgresServer fresh(QStringLiteral("filingdesk"));
    if (!fresh.start()) {
        say(fresh.errorString());
        return 1;
    }
    ledger.stop();
    const QString freshUrl = fresh.url();
    {
        ConsoleSettings saved(QDir(work.path()).filePath(QStringLiteral("desk-r.ini")));
        EngineConfig config;
        config.ledger = fd::test::parsedLedger(freshUrl);
        saved.setEngineConfig(config);
        saved.sync();
    }
    ConsoleOptions options;
    options.asOf = QDate(2027, 2, 15);
    options.settingsPath = QDir(work.path()).filePath(QStringLiteral("desk-r.ini"));
    options.useKeychain = false;
    options.dueWithinDays = 400;
    auto reviewer = std::make_unique<MainWindow>(options);
    reviewer->setReasonProvider(std::make_unique<FixedReasons>());
    reviewer->setGeometry(0, 0, 1600, 1000);
    reviewer->show();
    if (!waitFor([&] { return reviewer->engineStarted(); }, 30000)) {
        say(QStringLiteral("the review desk did not start"));
        return 1;
    }
    reviewer->loadPortfolio(portfolio);
    waitFor([&] { return reviewer->obligationModel()->rowCount() > 0; }, 60000);
    waitFor([&] { return false; }, 2500);
    capture(out, QStringLiteral("review-desk"));
    reviewer.reset();
    return 0;
}

/// The console of a team member who may only look (see the top of this file).
int viewerShots(const QString &out, const QString &portfolio) {
    QTemporaryDir work;
    test::PostgresServer ledger(QStringLiteral("filingdesk"));
    if (!ledger.start()) {
        say(ledger.errorString());
        return 1;
    }
    test::RedisServer gate;
    if (!gate.start()) {
        say(gate.errorString());
        return 1;
    }
    test::SandboxProcess sandbox(
        {QStringLiteral("--latency-ms"), QStringLiteral("400:1200"), QStringLiteral("--seed"),
         QStringLiteral("3"), QStringLiteral("--fail"), QStringLiteral("validation=0.08"),
         QStringLiteral("--fail"), QStringLiteral("statutory=0.08"), QStringLiteral("--fail"),
         QStringLiteral("wrong_fee=0.05"), QStringLiteral("--default-cap"), QStringLiteral("16")});
    if (!sandbox.start()) {
        say(sandbox.errorString());
        return 1;
    }
    auto desk = [&](const QString &name, const QString &login) {
        ConsoleSettings saved(QDir(work.path()).filePath(name + QStringLiteral(".ini")));
        EngineConfig config;
        config.registries.defaultUrl = sandbox.baseUrl();
        config.redis = fd::test::parsedRedis(gate.url());
        QUrl url(ledger.url());
        url.setUserName(login);
        config.ledger = fd::test::parsedLedger(url.toString());
        config.defaultLimit = 4;
        saved.setEngineConfig(config);
        saved.setPracticeRegistries({sandbox.baseUrl().toString()});
        saved.sync();
        ConsoleOptions options;
        options.asOf = QDate(2027, 2, 15);
        options.dbPath = QDir(work.path()).filePath(name + QStringLiteral(".sqlite"));
        options.settingsPath = saved.fileName();
        options.useKeychain = false;
        options.dueWithinDays = 400;
        return std::make_unique<MainWindow>(options);
    };
    // The ledger's owner (an admin) admits the portfolio and launches what is due; not on this screen.
    std::unique_ptr<MainWindow> owner = desk(QStringLiteral("desk-owner"), ledger.user());
    owner->setReasonProvider(std::make_unique<FixedReasons>());
    if (!waitFor([&] { return owner->engineStarted(); }, 30000)) {
        say(QStringLiteral("the owner's desk did not start"));
        return 1;
    }
    owner->loadPortfolio(portfolio);
    if (!waitFor([&] { return owner->pendingKeysDueWithin(400).size() > 0; }, 60000)) {
        say(QStringLiteral("portfolio did not load"));
        return 1;
    }
    waitFor([] { return false; }, 1500);
    owner->launchDueWithin();
    waitFor(
        [&] { return owner->exceptionModel()->rowCount() >= 3 && owner->deadLetterModel()->rowCount() >= 3; },
        180000);

    // vera: her own login, granted the viewer role by IT (docs/roles.md).
    QString error;
    if (ledger
            .psql(QStringLiteral("CREATE ROLE vera LOGIN PASSWORD 'pw'; GRANT filingdesk_viewer TO vera"),
                  QString(), &error)
            .isNull()) {
        say(error);
        return 1;
    }
    std::unique_ptr<MainWindow> window = desk(QStringLiteral("desk-vera"), QStringLiteral("vera"));
    window->setReasonProvider(std::make_unique<FixedReasons>());
    window->setGeometry(0, 0, 1600, 1000);
    window->show();
    if (!waitFor([&] { return window->engineStarted() && window->access().login == QLatin1String("vera"); },
                 30000)) {
        say(QStringLiteral("vera's console did not connect"));
        return 1;
    }
    waitFor([&] { return window->exceptionModel()->rowCount() >= 3; }, 30000);
    auto *tabs = window->findChild<QTabWidget *>(QStringLiteral("mainTabs"));
    tabs->setCurrentIndex(3);
    auto *halts = window->findChild<QTableView *>(QStringLiteral("exceptionsTable"));
    halts->selectRow(0);
    waitFor([] { return false; }, 2000);
    // The tooltip of a disabled action, as hovering shows it.
    if (auto *button = window->findChild<QToolButton *>(QStringLiteral("launchDueButton"))) {
        const QPoint at = button->mapToGlobal(QPoint(button->width() / 2, button->height()));
        QToolTip::showText(at, button->toolTip(), button, QRect(), 60000);
    }
    capture(out, QStringLiteral("viewer"));
    window.reset();
    owner.reset();
    return 0;
}

} // namespace

/// The entity register's views (see docs/console.md, "Entity page"): obligations-status.png (the Status
/// column with risk colours after a batch), halt-explanation.png (a statutory halt with what it means) and
/// entity-page.png (the entity page opened by "Resolve and requeue" on that halt, its cure fields marked).
int entityShots(const QString &out) {
    QTemporaryDir work;
    test::SandboxProcess sandbox({QStringLiteral("--latency-ms"), QStringLiteral("20:80"),
                                  QStringLiteral("--seed"), QStringLiteral("4"), QStringLiteral("--fail"),
                                  QStringLiteral("wrong_fee=0.12")});
    if (!sandbox.start()) {
        say(sandbox.errorString());
        return 1;
    }
    const QString csv = QDir(work.path()).filePath(QStringLiteral("subsidiaries.csv"));
    QFile file(csv);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(
        "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,registered_agent_"
        "status,"
        "principal_office,officers,ein,owner,status,risk_tier\n"
        "NW-001,Northwind Holdings Inc.,corporation,Delaware,2009-03-12,The Corporation Trust Company,active,"
        "\"400 Pine St, Seattle WA 98101\",Maria Alvarez (President); Tom Okafor (Secretary),91-1234567,Dana "
        "Whitfield,active,3\n"
        "NW-002,Northwind Capital LLC,llc,Delaware,2012-06-01,The Corporation Trust Company,active,"
        "\"400 Pine St, Seattle WA 98101\",Maria Alvarez (Managing Member),,Dana Whitfield,active,2\n"
        "NW-003,Northwind Logistics Inc.,corporation,Delaware,2014-09-30,Registered Agent Solutions "
        "Inc.,expired,"
        "\"12 Harbor Way, Tacoma WA 98402\",Luis Romero (President),,Priya Shah,active,4\n"
        "NW-004,Northwind Retail Corp.,corporation,California,2016-03-04,CSC - Lawyers Incorporating "
        "Service,active,"
        "\"1 Market St, San Francisco CA 94105\",Ellen Park (CEO); Sam Lee (CFO),,Priya Shah,active,3\n"
        "NW-005,Northwind Pacific LLC,llc,California,2018-02-21,CSC - Lawyers Incorporating Service,active,"
        "\"1 Market St, San Francisco CA 94105\",Ellen Park (Manager),,Priya Shah,active,2\n"
        "NW-006,Northwind Texas Inc.,corporation,Texas,2011-11-15,CT Corporation System,active,"
        "\"500 Main St, Houston TX 77002\",Ravi Menon (President),,Dana Whitfield,active,3\n"
        "NW-007,Northwind Florida LLC,llc,Florida,2015-01-20,Corporation Service Company,active,"
        "\"200 Biscayne Blvd, Miami FL 33131\",Ana Ruiz (Manager),,Dana Whitfield,active,2\n"
        "NW-008,Northwind New York Inc.,corporation,New York,2013-05-05,C T Corporation System,active,"
        "\"28 Liberty St, New York NY 10005\",Grace Kim (President),,Priya Shah,active,3\n"
        "NW-009,Northwind Nevada Inc.,corporation,Nevada,2017-02-28,Registered Agent Solutions Inc.,resigned,"
        "\"3960 Howard Hughes Pkwy, Las Vegas NV 89169\",Omar Haddad (President),,Dana Whitfield,active,4\n"
        "NW-010,Northwind Labs Inc.,corporation,Delaware,2020-08-17,The Corporation Trust Company,active,"
        "\"400 Pine St, Seattle WA 98101\",Maria Alvarez (President),,Priya Shah,active,3\n"
        "NW-011,Northwind Ventures Inc.,corporation,California,,CSC - Lawyers Incorporating "
        "Service,active,,,,"
        "Priya Shah,active,3\n"
        "NW-012,Northwind GmbH,,Germany,2019-04-01,,,,,,Dana Whitfield,active,2\n");
    file.close();
    ConsoleOptions options;
    options.registryUrl = sandbox.baseUrl();
    options.sandbox = true; // the sandbox registry: practice
    options.asOf = QDate(2027, 2, 20);
    options.dbPath = QDir(work.path()).filePath(QStringLiteral("audit.sqlite"));
    options.settingsPath = QDir(work.path()).filePath(QStringLiteral("settings.ini"));
    options.useKeychain = false;
    {
        ConsoleSettings saved(options.settingsPath);
        saved.setOwnerName(QStringLiteral("Priya Shah")); // "My filings"
        saved.sync();
    }
    MainWindow window(options);
    window.setReasonProvider(std::make_unique<FixedReasons>());
    window.setGeometry(0, 0, 1600, 1000);
    window.show();
    if (!waitFor([&] { return window.engineStarted(); }, 30000))
        return 1;
    window.loadPortfolio(csv);
    if (!waitFor([&] { return window.pendingKeysDueWithin(60).size() >= 5; }, 30000)) {
        say(QStringLiteral("portfolio did not load"));
        return 1;
    }
    window.operatorActions()->launch(window.pendingKeysDueWithin(60), QStringLiteral("due within 60 days"));
    BatchPanel *panel = window.batchPanel();
    waitFor([&] { return !panel->status().batchId.isEmpty() && !panel->status().active; }, 60000);
    auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("mainTabs"));
    tabs->setCurrentIndex(0);
    capture(out, QStringLiteral("obligations-status"));

    // The deadline calendar (Ctrl+7): February 2027 with the as-of date, each day's worst risk.
    tabs->setCurrentIndex(6);
    capture(out, QStringLiteral("calendar"));
    // "My filings" (Ctrl+Shift+M) on the Obligations view.
    if (QAction *mine = window.findChild<QAction *>(QStringLiteral("myFilingsAction"))) {
        tabs->setCurrentIndex(0);
        mine->trigger();
        capture(out, QStringLiteral("my-filings"));
        mine->trigger();
    }

    tabs->setCurrentIndex(3);
    auto *table = window.findChild<QTableView *>(QStringLiteral("exceptionsTable"));
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        if (table->model()->index(r, 0).data(EntityIdRole).toString() == QLatin1String("NW-003")) {
            table->selectRow(r);
            table->setCurrentIndex(table->model()->index(r, 0));
        }
    }
    // A note on the halt, kept on the item with its author and time.
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        if (table->model()->index(r, 0).data(EntityIdRole).toString() == QLatin1String("NW-003"))
            window.operatorActions()->addNote({table->model()->index(r, 0).data(KeyRole).toString()});
    }
    waitFor(
        [&] {
            for (int r = 0; r < window.exceptionModel()->rowCount(); ++r) {
                if (!window.exceptionModel()->notesOf(window.exceptionModel()->taskAt(r).key).isEmpty())
                    return true;
            }
            return false;
        },
        10000);
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        if (table->model()->index(r, 0).data(EntityIdRole).toString() == QLatin1String("NW-003")) {
            table->clearSelection();
            table->selectRow(r);
            table->setCurrentIndex(table->model()->index(r, 0));
        }
    }
    capture(out, QStringLiteral("halt-explanation"));
    QTest::mouseClick(window.findChild<QPushButton *>(QStringLiteral("resolveRequeueButton")),
                      Qt::LeftButton);
    QWidget *page = nullptr;
    waitFor([&] { return (page = window.findChild<QWidget *>(QStringLiteral("entityPage"))) != nullptr; },
            10000);
    if (page) {
        page->setGeometry(240, 60, 1100, 880);
        page->raise();
        page->activateWindow();
        // The person corrects the agent's status: "Save and requeue" is offered, with the reason asked once.
        if (auto *status =
                page->findChild<QComboBox *>(QStringLiteral("entityField_registered_agent_status"))) {
            status->setCurrentIndex(status->findData(QStringLiteral("active")));
            Q_EMIT status->activated(status->currentIndex());
        }
    }
    capture(out, QStringLiteral("entity-page"));
    return 0;
}

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("filingdesk.*.debug=false"));
    QCoreApplication::setOrganizationName(QStringLiteral("FilingDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("FilingDesk"));
    if (app.arguments().value(1) == QLatin1String("--entity")) {
        if (app.arguments().size() < 3) {
            say(QStringLiteral("usage: console_screenshots --entity OUTDIR"));
            return 2;
        }
        QDir().mkpath(app.arguments().at(2));
        applyLanguage(app, QStringLiteral("en"));
        return entityShots(app.arguments().at(2));
    }
    if (app.arguments().value(1) == QLatin1String("--viewer")) {
        if (app.arguments().size() < 4) {
            say(QStringLiteral("usage: console_screenshots --viewer OUTDIR PORTFOLIO"));
            return 2;
        }
        QDir().mkpath(app.arguments().at(2));
        applyLanguage(app, QStringLiteral("en"));
        return viewerShots(app.arguments().at(2), app.arguments().at(3));
    }
    if (app.arguments().value(1) == QLatin1String("--team")) {
        if (app.arguments().size() < 4) {
            say(QStringLiteral("usage: console_screenshots --team OUTDIR PORTFOLIO"));
            return 2;
        }
        QDir().mkpath(app.arguments().at(2));
        applyLanguage(app, QStringLiteral("en")); // as the console does: plural forms from the catalogue
        return teamShots(app.arguments().at(2), app.arguments().at(3));
    }
    if (app.arguments().size() < 3) {
        say(QStringLiteral("usage: console_screenshots OUTDIR PORTFOLIO [LANGUAGE] | --team OUTDIR PORTFOLIO "
                           "| --viewer OUTDIR "
                           "PORTFOLIO | --entity OUTDIR"));
        return 2;
    }
    const QString language = app.arguments().value(3);
    // English unless a language is given, as the console installs it: plural forms come from the catalogue.
    const QString catalogue = language.isEmpty() ? QStringLiteral("en") : language;
    if (applyLanguage(app, catalogue) != catalogue) {
        say(QStringLiteral("no catalogue for %1").arg(language));
        return 2;
    }
    const QString out = app.arguments().at(1);
    QDir().mkpath(out);
    QTemporaryDir work;

    test::RedisServer redis;
    if (!redis.start()) {
        say(redis.errorString());
        return 1;
    }
    test::SandboxProcess sandbox(
        {QStringLiteral("--latency-ms"), QStringLiteral("1200:2600"), QStringLiteral("--seed"),
         QStringLiteral("3"), QStringLiteral("--fail"), QStringLiteral("validation=0.08"),
         QStringLiteral("--fail"), QStringLiteral("statutory=0.05"), QStringLiteral("--fail"),
         QStringLiteral("wrong_fee=0.03"), QStringLiteral("--cap"), QStringLiteral("US-DE=4"),
         QStringLiteral("--default-cap"), QStringLiteral("4")});
    if (!sandbox.start()) {
        say(sandbox.errorString());
        return 1;
    }

    // Saved settings as an operator would have them; the session adds nothing but the portfolio and the
    // database.
    {
        ConsoleSettings saved(QDir(work.path()).filePath(QStringLiteral("settings.ini")));
        EngineConfig config;
        config.redis = fd::test::parsedRedis(redis.url());
        config.registries.defaultUrl = sandbox.baseUrl();
        config.registries.byJurisdiction.insert(QStringLiteral("US-DE"), sandbox.baseUrl());
        config.limits = {
            {QStringLiteral("US-DE"), 4}, {QStringLiteral("US-FL"), 4}, {QStringLiteral("US-CA"), 2}};
        saved.setEngineConfig(config);
        saved.setPracticeRegistries({sandbox.baseUrl().toString()}); // marked practice in Settings
        saved.sync();
    }
    ConsoleOptions options;
    options.portfolio = app.arguments().at(2);
    options.asOf = QDate(2027, 2, 15);
    options.dbPath = QDir(work.path()).filePath(QStringLiteral("audit.sqlite"));
    options.settingsPath = QDir(work.path()).filePath(QStringLiteral("settings.ini"));
    options.useKeychain = false;
    options.dueWithinDays = 400;
    MainWindow window(options);
    window.setReasonProvider(std::make_unique<FixedReasons>());
    window.setGeometry(0, 0, 1600, 1000);
    window.show();
    auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("mainTabs"));

    if (!waitFor([&] { return window.pendingKeysDueWithin(400).size() > 0; }, 30000)) {
        say(QStringLiteral("portfolio did not load"));
        return 1;
    }
    QTest::qWait(1500);
    QTest::mouseClick(window.findChild<QToolButton *>(QStringLiteral("launchDueButton")), Qt::LeftButton);
    BatchPanel *panel = window.batchPanel();
    waitFor([&] { return panel->status().byState.value(QStringLiteral("COMPLETED")) >= 12; }, 120000);
    tabs->setCurrentIndex(0);
    if (!language.isEmpty()) {
        capture(out, QStringLiteral("console-") + language);
        AboutDialog about(&window);
        about.show();
        capture(out, QStringLiteral("about-") + language);
        about.close();
        window.showSettings();
        capture(out, QStringLiteral("settings-") + language);
        return 0;
    }
    capture(out, QStringLiteral("obligations"));

    tabs->setCurrentIndex(1);
    waitFor([&] { return false; }, 20000); // the chart gathers some history while permits fill to the cap
    capture(out, QStringLiteral("permits"));

    QTest::mouseClick(window.findChild<QToolButton *>(QStringLiteral("pauseButton")), Qt::LeftButton);
    waitFor(
        [&] {
            return panel->status().paused && panel->status().inFlight + panel->status().awaitingPermit == 0;
        },
        30000);
    tabs->setCurrentIndex(0);
    capture(out, QStringLiteral("batch-paused"));

    QTest::mouseClick(window.findChild<QToolButton *>(QStringLiteral("resumeButton")), Qt::LeftButton);
    waitFor([&] { return !panel->status().active; }, 600000);
    say(QStringLiteral("batch finished"));

    tabs->setCurrentIndex(2);
    auto *dead = window.findChild<QTableView *>(QStringLiteral("deadLettersTable"));
    dead->selectRow(0);
    capture(out, QStringLiteral("dead-letters"));
    QTest::mouseClick(window.findChild<QPushButton *>(QStringLiteral("replayOneButton")), Qt::LeftButton);

    tabs->setCurrentIndex(3);
    auto *halts = window.findChild<QTableView *>(QStringLiteral("exceptionsTable"));
    for (int r = 0; r < halts->model()->rowCount(); ++r) {
        if (halts->model()->index(r, 0).data(CategoryRole).toString() == QLatin1String("statutory")) {
            halts->selectRow(r);
            break;
        }
    }
    capture(out, QStringLiteral("halts"));
    QTest::mouseClick(window.findChild<QPushButton *>(QStringLiteral("resolveRequeueButton")),
                      Qt::LeftButton);
    waitFor([&] { return !panel->status().active; }, 120000);
    // A halt for a data defect opened its entity page to cure it: not part of the next pictures.
    for (QWidget *page : window.findChildren<QWidget *>(QStringLiteral("entityPage")))
        page->close();

    tabs->setCurrentIndex(4);
    QTest::qWait(1500);
    window.refreshAudit();
    capture(out, QStringLiteral("audit"));

    // Redis goes away: the gate fails closed and says so where nobody can miss it.
    redis.stop();
    waitFor([&] { return false; }, 6000);
    tabs->setCurrentIndex(1);
    capture(out, QStringLiteral("gate-blind"));

    window.showSettings();
    capture(out, QStringLiteral("settings"));
    return 0;
}
