#include "app/filingdesk/commands/worker_command.h"

#include "app/filingdesk/commands/command_line.h"
#include "engine/client/engine_client.h"
#include "engine/core/engine.h"
#include "engine/import/iso_codes.h"
#include "engine/metrics/engine_metrics.h"
#include "engine/metrics/metrics_registry.h"
#include "engine/metrics/metrics_server.h"
#include "engine/process/interrupt_watcher.h"
#include "engine/process/sandbox_launcher.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QHostAddress>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace fd {

namespace {

using cli::printErr;

int refuseInput(const QString &reason) {
    return cli::badInput(QStringLiteral("filingdesk worker"), reason);
}

// A code ISO 3166-2 knows ("US-DE"): a worker restricted to a made-up one would wait forever for work.
bool isSubdivisionCode(const QString &code) {
    const QList<IsoSubdivision> &all = IsoCodes::instance().subdivisions();
    return std::any_of(all.cbegin(), all.cend(), [&](const IsoSubdivision &s) { return s.code == code; });
}

} // namespace

int cli::WorkerCommand::run(const QStringList &arguments) const {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A fleet worker: files the tasks of every launched batch in the team ledger."));
    const QCommandLineOption ledgerOpt = cli::ledgerOption();
    const QCommandLineOption redisOpt(QStringLiteral("redis"), QStringLiteral("Fleet gate Redis URL."),
                                      QStringLiteral("URL"));
    const QCommandLineOption registryOpt = cli::registryOption();
    const QCommandLineOption sandboxOpt = cli::sandboxOption();
    const QCommandLineOption limitOpt = cli::limitOption();
    const QCommandLineOption maxInFlightOpt(QStringLiteral("max-in-flight"),
                                            QStringLiteral("Requests this worker has on the wire at most."),
                                            QStringLiteral("N"));
    const QCommandLineOption jurisdictionsOpt(
        QStringLiteral("jurisdictions"),
        QStringLiteral("Work only on these jurisdictions, e.g. US-DE,US-CA (default: all)."),
        QStringLiteral("LIST"));
    const QCommandLineOption metricsPortOpt(QStringLiteral("metrics-port"),
                                            QStringLiteral("Serve Prometheus metrics on PORT (/metrics)."),
                                            QStringLiteral("PORT"));
    const QCommandLineOption metricsAddressOpt(
        QStringLiteral("metrics-address"),
        QStringLiteral("Address the metrics are served on (default 127.0.0.1)."), QStringLiteral("ADDR"));
    const QCommandLineOption exitWhenIdleOpt(
        QStringLiteral("exit-when-idle"),
        QStringLiteral("Exit 0 once no running batch has work this worker may take."));
    const QCommandLineOption configOpt = cli::configOption();
    const QCommandLineOption dbOpt(
        QStringLiteral("db"),
        QStringLiteral("This worker's mirror of the ledger (SQLite; default: one of its own per ledger "
                       "and worker in the user's data folder)."),
        QStringLiteral("FILE"));
    parser.addOptions({ledgerOpt, redisOpt, registryOpt, sandboxOpt, limitOpt, maxInFlightOpt,
                       jurisdictionsOpt, metricsPortOpt, metricsAddressOpt, exitWhenIdleOpt, configOpt,
                       dbOpt});
    if (const auto exit = cli::parseOrExit(parser, QStringLiteral("filingdesk worker"), arguments,
                                           QStringLiteral("Exit status: 0 stopped (SIGTERM, SIGINT) or idle "
                                                          "with --exit-when-idle; 1 the team ledger's audit "
                                                          "trail does not verify; 2 bad input, or this login "
                                                          "may not file (the worker role, docs/roles.md); 3 "
                                                          "could not start.")))
        return *exit;

    EngineConfig config;
    QString error;
    if (parser.isSet(configOpt) && !config.loadFile(parser.value(configOpt), &error))
        return refuseInput(error);
    if (!cli::readLedger(parser, ledgerOpt, &config.ledger, &error))
        return refuseInput(error);
    if (!config.ledger)
        return refuseInput(
            QStringLiteral("--ledger URL is required (a worker takes its work from the team ledger)"));
    if (!cli::readRedis(parser, redisOpt, &config.redis, &error))
        return refuseInput(error);
    if (!config.redis)
        return refuseInput(
            QStringLiteral("--redis URL is required: a worker shares each registry's cap with the rest of "
                           "the fleet through the gate, and an in-process gate would let every worker "
                           "use the whole cap"));
    cli::readSecretsFromEnvironment(&config);
    for (const QString &spec : parser.values(limitOpt)) {
        if (!config.addLimit(spec, &error))
            return refuseInput(error);
    }
    if (!cli::readInt(parser, maxInFlightOpt, 1, std::numeric_limits<int>::max(), config.globalLimit,
                      QStringLiteral("a positive number"), &config.globalLimit, &error))
        return refuseInput(error);
    if (parser.isSet(jurisdictionsOpt)) {
        for (const QString &j : parser.value(jurisdictionsOpt).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString code = j.trimmed().toUpper();
            if (!isSubdivisionCode(code))
                return refuseInput(
                    QStringLiteral("--jurisdictions: \"%1\" is not an ISO 3166-2 code such as US-DE").arg(j));
            config.onlyJurisdictions.append(code);
        }
    }
    quint16 metricsPort = 0;
    int port = 0;
    if (!cli::readInt(parser, metricsPortOpt, 1, 65535, 0, QStringLiteral("a port number"), &port, &error))
        return refuseInput(error);
    metricsPort = quint16(port);
    QHostAddress metricsAddress(QHostAddress::LocalHost);
    if (parser.isSet(metricsAddressOpt) && !metricsAddress.setAddress(parser.value(metricsAddressOpt)))
        return refuseInput(QStringLiteral("--metrics-address \"%1\" is not an IP address")
                               .arg(parser.value(metricsAddressOpt)));
    if (parser.isSet(dbOpt))
        config.dbPath = parser.value(dbOpt);
    // Without --db: this worker's own mirror of this ledger (LedgerStore::openTeam), one per worker running.
    config.memberKind = MemberKind::Worker;
    if (!cli::readRegistry(parser, registryOpt, sandboxOpt, &config.registries.defaultUrl, &error))
        return refuseInput(error);
    if (!config.validate(&error))
        return refuseInput(error);

    SandboxLauncher sandbox;
    if (parser.isSet(sandboxOpt)) {
        QStringList args = SandboxLauncher::capArguments(config);
        if (!sandbox.start(args, &error)) {
            printErr(QStringLiteral("filingdesk worker: %1").arg(error));
            return 3;
        }
        config.registries.defaultUrl = sandbox.baseUrl();
        config.registries.byJurisdiction.clear();
        printErr(QStringLiteral("sandbox registry on %1").arg(sandbox.baseUrl().toString()));
    }
    if (config.registries.isEmpty())
        return refuseInput(
            QStringLiteral("no registry: pass --registry URL, --sandbox, or set \"registry\" in --config"));

    // Metrics live on this (the main) thread; the engine updates them from its own (the registry locks).
    metrics::MetricsRegistry registry;
    metrics::EngineMetrics engineMetrics(registry);
    std::unique_ptr<metrics::MetricsServer> metricsServer;
    if (metricsPort != 0) {
        metricsServer = std::make_unique<metrics::MetricsServer>(registry);
        if (!metricsServer->listen(metricsPort, metricsAddress)) {
            printErr(QStringLiteral("filingdesk worker: metrics: %1").arg(metricsServer->errorString()));
            return 3;
        }
        printErr(QStringLiteral("metrics on http://%1:%2/metrics")
                     .arg(metricsAddress.toString())
                     .arg(metricsPort));
    }

    EngineClient client;
    Engine *engine = client.engine(); // for its signals only
    engine->setMetrics(&engineMetrics);
    QEventLoop loop;
    int exitCode = 0;
    BatchStatus status;
    bool stopping = false;
    QTimer drainLimit;
    drainLimit.setSingleShot(true);
    QObject::connect(&drainLimit, &QTimer::timeout, &loop, &QEventLoop::quit);
    auto stop = [&](const QString &reason) {
        if (stopping)
            return;
        stopping = true;
        printErr(QStringLiteral("stopping (%1): nothing new is claimed; %2 request(s) on the wire finish")
                     .arg(reason)
                     .arg(status.inFlight));
        client.drain(QStringLiteral("worker: %1").arg(reason));
        // The status at hand may be up to one status interval old: a request sent since is still on the wire.
        // Only the engine's answer after the drain (paused, nothing in flight) ends the wait.
        drainLimit.start(config.requestTimeoutMs + 2000);
    };

    QObject::connect(
        engine, &Engine::started, &loop, [&](bool ok, const QString &err, const QString &gate, bool) {
            if (!ok) {
                printErr(QStringLiteral("filingdesk worker: %1").arg(err));
                exitCode = 3;
                loop.quit();
                return;
            }
            printErr(QStringLiteral("worker started: %1; ledger %2; jurisdictions %3; at most %4 in flight")
                         .arg(gate, config.ledger->url,
                              config.onlyJurisdictions.isEmpty()
                                  ? QStringLiteral("all")
                                  : config.onlyJurisdictions.join(QLatin1Char(',')))
                         .arg(config.globalLimit));
        });
    bool refused = false;
    auto refuse = [&](const QString &reason) {
        // This login may not file (docs/roles.md): the ledger would refuse every claim. Bad input, exit 2.
        if (refused)
            return;
        refused = true;
        printErr(QStringLiteral("filingdesk worker: %1").arg(reason));
        exitCode = 2;
        stop(QStringLiteral("refused by the ledger"));
    };
    QObject::connect(engine, &Engine::batchStatusChanged, &loop, [&](const BatchStatus &s) {
        status = s;
        if (s.access.team && !s.access.allows(TeamAction::File))
            refuse(QStringLiteral("claiming and filing %1").arg(s.access.refusal(TeamAction::File)));
        if (stopping && s.paused && s.inFlight == 0)
            loop.quit();
    });
    QObject::connect(engine, &Engine::actionRefused, &loop, [&](const QString &reason) {
        refuse(QStringLiteral("refused by the ledger: %1").arg(reason));
    });
    QObject::connect(engine, &Engine::alertRaised, &loop, [&](const EngineAlert &a) {
        if (a.entityName.isEmpty())
            printErr(QStringLiteral("%1: %2").arg(a.kindName(), a.message));
        else
            printErr(
                QStringLiteral("%1: %2 (%3) %4: %5")
                    .arg(a.kindName(), a.entityName, a.jurisdiction, a.idempotencyKey.left(12), a.message));
        // A ledger whose trail does not verify is not worked for: the worker stops, and says so in its
        // status.
        if (a.kind == AlertKind::LedgerChainBroken) {
            exitCode = 1;
            stop(QStringLiteral("the team ledger's audit trail does not verify"));
        }
    });
    QObject::connect(engine, &Engine::errorOccurred, &loop,
                     [&](const QString &m) { printErr(QStringLiteral("error: %1").arg(m)); });
    QObject::connect(engine, &Engine::ledgerLinkChanged, &loop, [&](LedgerLink link, const QString &detail) {
        printErr(cli::describeLedgerLink(int(link), detail));
    });
    // The gate is "blind" while it first connects: worth a line only once it had been connected.
    bool gateConnectedOnce = false;
    QObject::connect(engine, &Engine::gateBlindChanged, &loop, [&](bool blind, const QString &reason) {
        if (blind && gateConnectedOnce)
            printErr(QStringLiteral("gate blind (%1): nothing is sent").arg(reason));
        else if (!blind && gateConnectedOnce)
            printErr(QStringLiteral("gate connected"));
        gateConnectedOnce = gateConnectedOnce || !blind;
    });
    QTimer summary;
    summary.setInterval(10000);
    QObject::connect(&summary, &QTimer::timeout, &loop, [&] {
        printErr(QStringLiteral("claims %1, in flight %2, awaiting permit %3, filed %4; ledger %5")
                     .arg(status.claimsHeld)
                     .arg(status.inFlight)
                     .arg(status.awaitingPermit)
                     .arg(status.filedHere)
                     .arg(ledgerLinkName(status.ledgerLink).replace(QLatin1Char('_'), QLatin1Char(' '))));
    });
    summary.start();
    int idleChecks = 0;
    QTimer idle;
    idle.setInterval(1000);
    if (parser.isSet(exitWhenIdleOpt)) {
        QObject::connect(&idle, &QTimer::timeout, &loop, [&] { client.queryTeamWork(); });
        QObject::connect(engine, &Engine::teamWorkCounted, &loop, [&](int open, int held) {
            idleChecks = (open == 0 && held == 0) ? idleChecks + 1 : 0;
            if (idleChecks >= 2) // twice in a row: not a launch caught between its admission and its batch
                stop(QStringLiteral("no work left"));
        });
        idle.start();
    }
    InterruptWatcher interrupts;
    QObject::connect(&interrupts, &InterruptWatcher::interrupted, &loop,
                     [&](const QString &signalName) { stop(signalName); });

    client.start(config);
    loop.exec();
    idle.stop();
    summary.stop();
    client.shutdownAndWait(config.requestTimeoutMs + 5000);
    if (exitCode == 0)
        printErr(QStringLiteral("worker stopped: filed %1; %2")
                     .arg(status.filedHere)
                     .arg(status.ledgerReachable
                              ? QStringLiteral("claims and permits handed back")
                              : QStringLiteral("permits handed back; the ledger could not be reached, so its "
                                               "claims end with their lease")));
    return exitCode;
}

} // namespace fd
