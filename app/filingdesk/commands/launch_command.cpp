#include "app/filingdesk/commands/launch_command.h"

#include "app/filingdesk/commands/command_line.h"
#include "engine/client/engine_client.h"
#include "engine/core/engine.h"
#include "engine/import/portfolio_importer.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

namespace fd {

namespace {

using cli::printErr;

int refuseInput(const QString &reason) {
    return cli::badInput(QStringLiteral("filingdesk launch"), reason);
}

} // namespace

int cli::LaunchCommand::run(const QStringList &arguments) const {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Imports a portfolio into the team ledger and launches a batch over it for the fleet to file."));
    const QCommandLineOption ledgerOpt = cli::ledgerOption();
    const QCommandLineOption portfolioOpt = cli::portfolioOption();
    const QCommandLineOption asOfOpt = cli::asOfOption();
    const QCommandLineOption dueWithinOpt = cli::dueWithinOption();
    const QCommandLineOption configOpt = cli::configOption();
    const QCommandLineOption dbOpt(QStringLiteral("db"),
                                   QStringLiteral("A local mirror to keep (default: none kept)."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption jsonOpt = cli::jsonOption();
    parser.addOptions({ledgerOpt, portfolioOpt, asOfOpt, dueWithinOpt, configOpt, dbOpt, jsonOpt});
    if (const auto exit = cli::parseOrExit(
            parser, QStringLiteral("filingdesk launch"), arguments,
            QStringLiteral("Exit status: 0 launched; 2 bad input, or this login may not launch "
                           "(the operator role is needed, docs/roles.md); 3 the ledger "
                           "could not be reached or refused.")))
        return *exit;
    EngineConfig config;
    QString error;
    if (parser.isSet(configOpt) && !config.loadFile(parser.value(configOpt), &error))
        return refuseInput(error);
    if (!cli::readLedger(parser, ledgerOpt, &config.ledger, &error))
        return refuseInput(error);
    if (!config.ledger)
        return refuseInput(QStringLiteral("--ledger URL is required"));
    config.redis.reset(); // sends nothing: no permits needed
    cli::readSecretsFromEnvironment(&config);
    config.memberKind = MemberKind::Launch;
    config.claimsWork = false; // launches, never files
    if (!parser.isSet(portfolioOpt))
        return refuseInput(QStringLiteral("--portfolio FILE is required"));
    const QString portfolio = parser.value(portfolioOpt);
    if (const ImportResult precheck = importPortfolio(portfolio); !precheck.ok())
        return refuseInput(precheck.fileError);
    QDate asOf;
    int dueWithin = -1;
    if (!cli::readAsOf(parser, asOfOpt, &asOf, &error) ||
        !cli::readInt(parser, dueWithinOpt, 0, std::numeric_limits<int>::max(), -1,
                      QStringLiteral("a number of days"), &dueWithin, &error))
        return refuseInput(error);
    QTemporaryDir scratch;
    config.dbPath =
        parser.isSet(dbOpt) ? parser.value(dbOpt) : scratch.filePath(QStringLiteral("mirror.sqlite"));
    if (!config.validate(&error))
        return refuseInput(error);

    EngineClient client;
    Engine *engine = client.engine(); // for its signals only
    QEventLoop loop;
    int exitCode = 0;
    PortfolioSummary summary;
    int admittedCount = 0, known = 0, notYetOpen = 0, later = 0;
    QString batchId;
    int batchTasks = 0;
    bool ledgerDown = false;
    QObject::connect(engine, &Engine::started, &loop,
                     [&](bool ok, const QString &err, const QString &, bool) {
                         if (!ok || ledgerDown) {
                             printErr(QStringLiteral("filingdesk launch: %1")
                                          .arg(ok ? QStringLiteral("the ledger cannot be reached") : err));
                             exitCode = 3;
                             loop.quit();
                             return;
                         }
                         client.loadPortfolio(portfolio, asOf);
                     });
    QObject::connect(engine, &Engine::ledgerStateChanged, &loop, [&](bool reachable, const QString &reason) {
        if (reachable)
            return;
        ledgerDown = true;
        printErr(QStringLiteral("filingdesk launch: the ledger cannot be reached: %1").arg(reason));
        exitCode = 3;
        loop.quit();
    });
    QObject::connect(engine, &Engine::portfolioLoaded, &loop,
                     [&](const PortfolioSummary &s, const QList<RowPlan> &) {
                         summary = s;
                         if (!s.fileError.isEmpty()) {
                             printErr(QStringLiteral("filingdesk launch: %1").arg(s.fileError));
                             exitCode = 2;
                             loop.quit();
                             return;
                         }
                         client.admit(dueWithin);
                     });
    QObject::connect(engine, &Engine::admitted, &loop, [&](int a, int d, int n, int o) {
        admittedCount = a;
        known = d;
        notYetOpen = n;
        later = o;
        client.launchBatch({}, QStringLiteral("filingdesk launch %1").arg(QFileInfo(portfolio).fileName()));
    });
    QObject::connect(engine, &Engine::batchLaunched, &loop, [&](const QString &id, int count) {
        batchId = id;
        batchTasks = count;
        loop.quit();
    });
    bool refused = false;
    QObject::connect(engine, &Engine::actionRefused, &loop, [&](const QString &reason) {
        // The ledger refused this login (docs/roles.md): bad input for this login, not an outage.
        refused = true;
        printErr(QStringLiteral("filingdesk launch: refused by the ledger: %1").arg(reason));
        exitCode = 2;
        loop.quit();
    });
    QObject::connect(engine, &Engine::errorOccurred, &loop, [&](const QString &m) {
        if (refused)
            return;
        printErr(QStringLiteral("filingdesk launch: %1").arg(m));
        exitCode = 3;
        loop.quit();
    });
    QTimer bound;
    bound.setSingleShot(true);
    QObject::connect(&bound, &QTimer::timeout, &loop, [&] {
        printErr(QStringLiteral("filingdesk launch: no answer from the ledger within 60 s"));
        exitCode = 3;
        loop.quit();
    });
    bound.start(60000);
    client.start(config);
    loop.exec();
    client.shutdownAndWait(10000);
    if (exitCode != 0)
        return exitCode;
    if (parser.isSet(jsonOpt)) {
        const QJsonObject out{{QStringLiteral("batch_id"), batchId},
                              {QStringLiteral("tasks"), batchTasks},
                              {QStringLiteral("file"), QFileInfo(portfolio).fileName()},
                              {QStringLiteral("as_of"), summary.asOf.toString(Qt::ISODate)},
                              {QStringLiteral("rows"), summary.counts.rows},
                              {QStringLiteral("obligations"), summary.counts.obligations},
                              {QStringLiteral("admitted"), admittedCount},
                              {QStringLiteral("already_known"), known},
                              {QStringLiteral("not_yet_open"), notYetOpen},
                              {QStringLiteral("due_later"), later}};
        std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    } else {
        std::printf("%s\n", qUtf8Printable(batchId));
        printErr(
            QStringLiteral("batch %1 launched with %2 task(s); %3 admitted now, %4 already in the ledger")
                .arg(batchId)
                .arg(batchTasks)
                .arg(admittedCount)
                .arg(known));
    }
    std::fflush(stdout);
    return 0;
}

} // namespace fd
