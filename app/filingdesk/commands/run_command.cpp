#include "app/filingdesk/commands/run_command.h"

#include "app/filingdesk/commands/command_line.h"
#include "app/filingdesk/commands/needs_data_json.h"
#include "engine/client/engine_client.h"
#include "engine/core/engine.h"
#include "engine/core/host_identity.h"
#include "engine/import/portfolio_importer.h"
#include "engine/model/compliance.h"
#include "engine/process/interrupt_watcher.h"
#include "engine/process/sandbox_launcher.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>

namespace fd {

namespace {

using cli::printErr;

int refuseInput(const QString &reason) {
    return cli::badInput(QStringLiteral("filingdesk run"), reason);
}

QJsonObject fetchSandboxStats(const QUrl &base) {
    QNetworkAccessManager nam;
    QUrl url = base;
    url.setPath(QStringLiteral("/sandbox/stats"));
    QNetworkRequest request(url);
    request.setTransferTimeout(5000);
    QNetworkReply *reply = nam.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QJsonObject stats = QJsonDocument::fromJson(reply->readAll()).object();
    reply->deleteLater();
    return stats;
}

} // namespace

int cli::RunCommand::run(const QStringList &arguments) const {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Runs a filing batch headless."));
    const QCommandLineOption portfolioOpt = cli::portfolioOption();
    const QCommandLineOption asOfOpt = cli::asOfOption();
    const QCommandLineOption dueWithinOpt = cli::dueWithinOption();
    const QCommandLineOption registryOpt = cli::registryOption();
    const QCommandLineOption sandboxOpt = cli::sandboxOption();
    const QCommandLineOption sandboxArgOpt(
        QStringLiteral("sandbox-arg"),
        QStringLiteral(
            "Extra argument for the sandbox (repeatable), e.g. --sandbox-arg=--fail=transient=0.1."),
        QStringLiteral("ARG"));
    const QCommandLineOption redisOpt(QStringLiteral("redis"),
                                      QStringLiteral("Fleet gate Redis URL (default: in-process gate)."),
                                      QStringLiteral("URL"));
    const QCommandLineOption limitOpt = cli::limitOption();
    const QCommandLineOption configOpt = cli::configOption();
    const QCommandLineOption dbOpt(QStringLiteral("db"),
                                   QStringLiteral("Audit database (default in the user's data folder)."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption jsonOpt = cli::jsonOption();
    const QCommandLineOption deadlineOpt(
        QStringLiteral("deadline"),
        QStringLiteral("Give up waiting after SECONDS (default: wait; fail closed)."),
        QStringLiteral("SECONDS"));
    const QCommandLineOption quietOpt(QStringLiteral("quiet"),
                                      QStringLiteral("No progress lines on stderr."));
    const QCommandLineOption ledgerOpt = cli::ledgerOption(
        QStringLiteral("Team mode: the portfolio is imported into the shared ledger and worked on alongside "
                       "every other member; --db is then this member's mirror."));
    parser.addOptions({portfolioOpt, asOfOpt, dueWithinOpt, registryOpt, sandboxOpt, sandboxArgOpt, redisOpt,
                       limitOpt, configOpt, dbOpt, jsonOpt, deadlineOpt, quietOpt, ledgerOpt});
    if (const auto exit = cli::parseOrExit(
            parser, QStringLiteral("filingdesk run"), arguments,
            QStringLiteral("Exit status: 0 every admitted task reached a terminal state; 1 some did not "
                           "(deadline, interrupted); 2 bad input; 3 the engine could not start.")))
        return *exit;

    EngineConfig config;
    QString error;
    if (parser.isSet(configOpt) && !config.loadFile(parser.value(configOpt), &error))
        return refuseInput(error);
    if (!parser.isSet(portfolioOpt))
        return refuseInput(QStringLiteral("--portfolio FILE is required"));
    const QString portfolio = parser.value(portfolioOpt);
    if (const QFileInfo info(portfolio); !info.exists())
        return refuseInput(QStringLiteral("%1: no such file").arg(portfolio));
    else if (!info.isFile())
        return refuseInput(QStringLiteral("%1: not a file (a directory?)").arg(portfolio));
    // A file that cannot be read at all is bad input: refuse it before the audit database is opened or Redis
    // is contacted, so that a typo never resumes unfinished work of an earlier run.
    if (const ImportResult precheck = importPortfolio(portfolio); !precheck.ok())
        return refuseInput(precheck.fileError);
    QDate asOf;
    int dueWithin = -1;
    int deadlineS = 0;
    if (!cli::readAsOf(parser, asOfOpt, &asOf, &error) ||
        !cli::readInt(parser, dueWithinOpt, 0, std::numeric_limits<int>::max(), -1,
                      QStringLiteral("a number of days"), &dueWithin, &error) ||
        !cli::readInt(parser, deadlineOpt, 1, std::numeric_limits<int>::max(), 0,
                      QStringLiteral("a positive number of seconds"), &deadlineS, &error))
        return refuseInput(error);
    for (const QString &spec : parser.values(limitOpt)) {
        if (!config.addLimit(spec, &error))
            return refuseInput(error);
    }
    if (!cli::readRedis(parser, redisOpt, &config.redis, &error) ||
        !cli::readLedger(parser, ledgerOpt, &config.ledger, &error))
        return refuseInput(error);
    cli::readSecretsFromEnvironment(&config);
    config.memberKind = MemberKind::Run;
    if (parser.isSet(dbOpt))
        config.dbPath = parser.value(dbOpt);
    if (config.dbPath.isEmpty() && !config.ledger)
        config.dbPath =
            host::defaultDeskDatabasePath(); // team mode: a mirror of its own per ledger and member
    if (config.ledger && !config.redis)
        return refuseInput(QStringLiteral(
            "--ledger needs --redis URL: members of a team share each registry's cap through the fleet gate, "
            "and an in-process gate would let this run use the whole cap beside the others"));
    if (!cli::readRegistry(parser, registryOpt, sandboxOpt, &config.registries.defaultUrl, &error))
        return refuseInput(error);
    if (!config.validate(&error))
        return refuseInput(error);
    const bool quiet = parser.isSet(quietOpt);

    SandboxLauncher sandbox;
    if (parser.isSet(sandboxOpt)) {
        QStringList args = SandboxLauncher::capArguments(config);
        args += parser.values(sandboxArgOpt);
        if (!sandbox.start(args, &error)) {
            printErr(QStringLiteral("filingdesk run: %1").arg(error));
            return 3;
        }
        config.registries.defaultUrl = sandbox.baseUrl();
        // --sandbox means nothing reaches a real registry, whatever the settings file names per jurisdiction.
        if (!config.registries.byJurisdiction.isEmpty() && !quiet)
            printErr(
                QStringLiteral("--sandbox: ignoring the per-jurisdiction registries of the settings file"));
        config.registries.byJurisdiction.clear();
        if (!quiet)
            printErr(QStringLiteral("sandbox registry on %1").arg(sandbox.baseUrl().toString()));
    }
    if (config.registries.isEmpty())
        return refuseInput(
            QStringLiteral("no registry: pass --registry URL, --sandbox, or set \"registry\" in --config"));

    EngineClient client;
    Engine *engine = client.engine(); // for its signals only
    QEventLoop loop;
    int exitCode = 0;
    PortfolioSummary summary;
    QList<RowPlan> plan;
    int admittedCount = 0, duplicates = 0, notYetOpen = 0, outsideWindow = 0;
    // In a team, the fleet may fall idle (another member finished its batch) before this run's portfolio is
    // loaded, admitted and launched, or while one of those waits on another member's lock: that idle is not
    // this run's end. Its own launch (or its failure) is.
    bool ownLaunchPending = config.ledger.has_value();
    BatchStatus finalStatus;
    QList<EngineAlert> alerts;
    QString gateDescription;
    QElapsedTimer clock;
    clock.start();
    qint64 lastProgress = -10000;
    bool finished = false;
    // The first "blind" is the gate connecting at start; it is worth a line only if it lasts or fails.
    bool gateConnectedOnce = false;
    bool gateBlindReported = false;
    bool gateBlindNow = false;
    QString gateBlindReason;

    QObject::connect(engine, &Engine::started, &loop,
                     [&](bool ok, const QString &err, const QString &gate, bool) {
                         if (!ok) {
                             printErr(QStringLiteral("filingdesk run: %1").arg(err));
                             exitCode = 3;
                             loop.quit();
                             return;
                         }
                         gateDescription = gate;
                         if (!quiet)
                             printErr(QStringLiteral("gate: %1").arg(gate));
                         client.loadPortfolio(portfolio, asOf);
                     });
    QObject::connect(
        engine, &Engine::portfolioLoaded, &loop, [&](const PortfolioSummary &s, const QList<RowPlan> &rows) {
            summary = s;
            plan = rows;
            if (!s.fileError.isEmpty()) {
                printErr(QStringLiteral("filingdesk run: %1").arg(s.fileError));
                exitCode = 2;
                loop.quit();
                return;
            }
            if (!quiet)
                printErr(QStringLiteral(
                             "%1: %2 rows: %3 with obligations, %4 need data, %5 out of scope, %6 row errors")
                             .arg(QFileInfo(portfolio).fileName())
                             .arg(s.counts.rows)
                             .arg(s.counts.rowsWithObligations)
                             .arg(s.counts.needsData)
                             .arg(s.counts.outOfScope)
                             .arg(s.counts.rowErrors));
            if (!quiet)
                printErr(
                    QStringLiteral("entity register: %1 added, %2 completed from the file, %3 in conflict "
                                   "(the register's value is used), %4 unchanged")
                        .arg(s.registerCounts.added)
                        .arg(s.registerCounts.changed)
                        .arg(s.registerCounts.conflicting)
                        .arg(s.registerCounts.unchanged) +
                    (s.registerCounts.decidedBefore > 0
                         ? QStringLiteral("; %1 with a value in the file decided against before (the "
                                          "register's kept)")
                               .arg(s.registerCounts.decidedBefore)
                         : QString()));
            for (const RegisterConflict &c : s.conflicts) {
                if (!quiet)
                    printErr(
                        QStringLiteral("  conflict: %1 (%2) %3: the register has \"%4\", %5 has \"%6\"")
                            .arg(c.entityName, c.entityId, c.field, c.registerValue, c.source, c.fileValue));
            }
            client.holdSending(false); // the register is merged (and what it changed rebuilt): send
            client.admit(dueWithin);
        });
    QObject::connect(engine, &Engine::admitted, &loop, [&](int a, int d, int n, int o) {
        admittedCount = a;
        duplicates = d;
        notYetOpen = n;
        outsideWindow = o;
        if (!quiet)
            printErr(
                QStringLiteral(
                    "admitted %1 task(s); %2 already in the database or repeated in the file, %3 not yet "
                    "open for filing, %4 due later")
                    .arg(a)
                    .arg(d)
                    .arg(n)
                    .arg(o));
        ownLaunchPending =
            config.ledger.has_value(); // an error before this (a refused admission) answered it
        client.launchBatch({}, QStringLiteral("headless run"));
    });
    QObject::connect(engine, &Engine::batchLaunched, &loop, [&] { ownLaunchPending = false; });
    QObject::connect(engine, &Engine::batchStatusChanged, &loop, [&](const BatchStatus &s) {
        finalStatus = s;
        if (quiet || clock.elapsed() - lastProgress < 1000)
            return;
        lastProgress = clock.elapsed();
        QStringList parts;
        for (ExecutionState state : allStates()) {
            const int n = s.byState.value(stateName(state));
            if (n > 0)
                parts << QStringLiteral("%1 %2").arg(stateName(state)).arg(n);
        }
        printErr(QStringLiteral("[%1s] %2 task(s): %3; in flight %4, awaiting permit %5%6%7")
                     .arg(clock.elapsed() / 1000)
                     .arg(s.total)
                     .arg(parts.isEmpty() ? QStringLiteral("none yet") : parts.join(QStringLiteral(", ")))
                     .arg(s.inFlight)
                     .arg(s.awaitingPermit)
                     .arg(s.paused ? QStringLiteral(" (PAUSED)") : QString())
                     .arg(!s.gateBlind ? QString()
                          : gateConnectedOnce || gateBlindReported
                              ? QStringLiteral(" — GATE BLIND: Redis unreachable, nothing is being sent")
                              : QStringLiteral(" — connecting to the fleet gate")));
    });
    QObject::connect(engine, &Engine::gateBlindChanged, &loop, [&](bool blind, const QString &reason) {
        const bool initialConnect = blind && !gateConnectedOnce && !gateBlindNow;
        gateBlindNow = blind;
        if (blind)
            gateBlindReason = reason;
        else
            gateConnectedOnce = true;
        if (quiet || initialConnect)
            return;
        if (blind) {
            printErr(QStringLiteral(
                         "gate blind: Redis unreachable, nothing is being sent (%1); dispatch resumes by "
                         "itself when Redis is back")
                         .arg(reason));
            gateBlindReported = true;
        } else if (gateBlindReported) {
            printErr(QStringLiteral("gate connected: dispatch resumes"));
            gateBlindReported = false;
        }
    });
    QObject::connect(engine, &Engine::alertRaised, &loop, [&](const EngineAlert &a) {
        alerts.append(a);
        if (quiet)
            return;
        if (a.entityName.isEmpty())
            printErr(QStringLiteral("%1: %2").arg(a.kindName(), a.message));
        else
            printErr(
                QStringLiteral("%1: %2 (%3): %4").arg(a.kindName(), a.entityName, a.jurisdiction, a.message));
    });
    bool ledgerDown = false;
    QObject::connect(engine, &Engine::ledgerStateChanged, &loop,
                     [&](bool reachable, const QString &) { ledgerDown = !reachable; });
    QObject::connect(engine, &Engine::ledgerLinkChanged, &loop, [&](LedgerLink link, const QString &detail) {
        if (!quiet)
            printErr(cli::describeLedgerLink(int(link), detail));
    });
    QObject::connect(engine, &Engine::errorOccurred, &loop, [&](const QString &m) {
        printErr(QStringLiteral("error: %1").arg(m));
        ownLaunchPending = false; // a launch that failed is answered too
    });
    QObject::connect(engine, &Engine::batchIdle, &loop, [&](const BatchStatus &s) {
        finalStatus = s;
        if (ownLaunchPending)
            return; // the engine says idle again once this run's batch is done
        finished = true;
        loop.quit();
    });
    // Ctrl-C, a service stop or the deadline: send nothing new, let requests on the wire finish (bounded by
    // the request timeout) so they are recorded rather than left uncertain, then stop; the engine hands its
    // permits back on shutdown.
    int interruptedBy = 0;
    bool drainingForStop = false;
    QTimer drainLimit;
    drainLimit.setSingleShot(true);
    QObject::connect(&drainLimit, &QTimer::timeout, &loop, &QEventLoop::quit);
    auto stopSending = [&](const QString &reason) {
        if (drainingForStop)
            return;
        drainingForStop = true;
        client.drain(reason);
        // The status at hand may be up to one status interval old: a request sent since is still on the wire.
        // Only the engine's answer after the drain (paused, nothing in flight) ends the wait.
        drainLimit.start(config.requestTimeoutMs + 2000);
    };
    InterruptWatcher interrupts;
    QObject::connect(&interrupts, &InterruptWatcher::interrupted, &loop, [&](const QString &signalName) {
        interruptedBy = signalName == QLatin1String("SIGTERM") ? 15 : 2;
        printErr(QStringLiteral(
                     "filingdesk run: %1: nothing new is sent; waiting for %2 request(s) on the wire, then "
                     "stopping (again to stop at once)")
                     .arg(signalName)
                     .arg(finalStatus.inFlight));
        stopSending(QStringLiteral("headless run interrupted by %1").arg(signalName));
    });
    QObject::connect(engine, &Engine::batchStatusChanged, &loop, [&](const BatchStatus &s) {
        if (drainingForStop && s.paused && s.inFlight == 0)
            loop.quit();
    });
    // The audit database refused a write: the engine paused itself; a headless run stops there.
    QObject::connect(engine, &Engine::alertRaised, &loop, [&](const EngineAlert &a) {
        if (a.kind == AlertKind::AuditUnavailable)
            stopSending(QStringLiteral("headless run: the audit database is unavailable"));
        if (a.kind == AlertKind::LedgerChainBroken)
            stopSending(QStringLiteral("headless run: the team ledger's audit trail does not verify"));
    });
    QTimer deadline;
    if (deadlineS > 0) {
        deadline.setSingleShot(true);
        QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
            printErr(
                QStringLiteral(
                    "filingdesk run: deadline of %1 s reached%2; nothing new is sent, unfinished tasks stay "
                    "in the database and resume on the next run")
                    .arg(deadlineS)
                    .arg(gateBlindNow
                             ? QStringLiteral(" while the gate was blind (%1): nothing could be sent")
                                   .arg(gateBlindReason)
                             : QString()));
            stopSending(QStringLiteral("headless run: deadline of %1 s reached").arg(deadlineS));
        });
        deadline.start(deadlineS * 1000);
    }

    // Filings resumed from an earlier run wait until this run's portfolio is in the register: a blank the
    // file fills reaches them before they leave (Engine::rebuildUnsentFilings()).
    client.holdSending(true);
    client.start(config);
    loop.exec();
    if (exitCode != 0)
        return exitCode;
    // Stop the engine before any figure is taken: nothing is sent from here on, and no queued update can
    // change what the summary reports. shutdown() sends its final status, then stopped().
    client.shutdownAndWait(config.requestTimeoutMs + 5000);

    int terminal = 0;
    int exceptions = 0;
    QJsonObject states;
    for (auto it = finalStatus.byState.cbegin(); it != finalStatus.byState.cend(); ++it) {
        states.insert(it.key(), it.value());
        if (const auto s = stateFromName(it.key()); s && isTerminal(*s))
            terminal += it.value();
    }
    exceptions = finalStatus.byState.value(stateName(ExecutionState::FailedStatutory));
    if (!finished || terminal != finalStatus.total || interruptedBy != 0)
        exitCode = 1;

    QJsonObject registryStats;
    if (parser.isSet(sandboxOpt))
        registryStats = fetchSandboxStats(sandbox.baseUrl());

    if (parser.isSet(jsonOpt)) {
        QJsonArray rowDetails;
        for (const RowPlan &row : std::as_const(plan)) {
            if (row.outcome == RowOutcome::Obligations)
                continue;
            rowDetails.append(QJsonObject{{QStringLiteral("line"), row.line},
                                          {QStringLiteral("outcome"), rowOutcomeName(row.outcome)},
                                          {QStringLiteral("entity"), row.entity->name},
                                          {QStringLiteral("reason"), row.reason}});
        }
        QJsonArray alertList;
        for (const EngineAlert &a : std::as_const(alerts))
            alertList.append(QJsonObject{{QStringLiteral("kind"), a.kindName()},
                                         {QStringLiteral("idempotency_key"), a.idempotencyKey},
                                         {QStringLiteral("entity"), a.entityName},
                                         {QStringLiteral("jurisdiction"), a.jurisdiction},
                                         {QStringLiteral("message"), a.message}});
        QJsonObject out{
            {QStringLiteral("file"), QFileInfo(portfolio).fileName()},
            {QStringLiteral("format"), summary.format},
            {QStringLiteral("as_of"), summary.asOf.toString(Qt::ISODate)},
            {QStringLiteral("rules_version"), summary.rulesVersion},
            {QStringLiteral("gate"), gateDescription},
            {QStringLiteral("rows"), summary.counts.rows},
            {QStringLiteral("rows_with_obligations"), summary.counts.rowsWithObligations},
            {QStringLiteral("needs_data"), summary.counts.needsData},
            {QStringLiteral("out_of_scope"), summary.counts.outOfScope},
            {QStringLiteral("row_errors"), summary.counts.rowErrors},
            {QStringLiteral("obligations"), summary.counts.obligations},
            {QStringLiteral("admitted"), admittedCount},
            {QStringLiteral("already_known"), duplicates},
            {QStringLiteral("not_yet_open"), notYetOpen},
            {QStringLiteral("due_later"), outsideWindow},
            {QStringLiteral("tasks"), finalStatus.total},
            {QStringLiteral("states"), states},
            {QStringLiteral("exceptions"), exceptions},
            {QStringLiteral("alerts"), alertList},
            {QStringLiteral("rows_without_obligations"), rowDetails},
            {QStringLiteral("obligations_needing_data"), summary.counts.obligationsNeedingData},
            {QStringLiteral("needs_data_obligations"), obligationsNeedingDataJson(plan)},
            {QStringLiteral("finished"), finished},
            {QStringLiteral("interrupted"), interruptedBy != 0},
            {QStringLiteral("gate_blind"), gateBlindNow},
            {QStringLiteral("elapsed_ms"), clock.elapsed()},
        };
        if (!registryStats.isEmpty())
            out.insert(QStringLiteral("registry_stats"), registryStats);
        // The compliance status of every filing (README, "Compliance status"): the batch's tasks, and the
        // filings that cannot be planned until someone supplies data (an entity whose place or type is
        // unknown counts once: no rule can be chosen for it).
        QJsonObject compliance;
        for (Compliance c : allCompliance())
            compliance.insert(complianceName(c), finalStatus.byCompliance.value(complianceName(c)));
        int needsData = summary.counts.obligationsNeedingData;
        for (const RowPlan &row : std::as_const(plan))
            needsData += row.outcome == RowOutcome::NeedsData && row.needs.isEmpty() ? 1 : 0;
        compliance.insert(complianceName(Compliance::NeedsData), needsData);
        out.insert(QStringLiteral("compliance"), compliance);
        QJsonArray conflictList;
        for (const RegisterConflict &c : std::as_const(summary.conflicts))
            conflictList.append(QJsonObject{{QStringLiteral("entity_id"), c.entityId},
                                            {QStringLiteral("entity"), c.entityName},
                                            {QStringLiteral("field"), c.field},
                                            {QStringLiteral("register_value"), c.registerValue},
                                            {QStringLiteral("file_value"), c.fileValue},
                                            {QStringLiteral("source"), c.source}});
        out.insert(QStringLiteral("register"),
                   QJsonObject{{QStringLiteral("added"), summary.registerCounts.added},
                               {QStringLiteral("changed"), summary.registerCounts.changed},
                               {QStringLiteral("conflicting"), summary.registerCounts.conflicting},
                               {QStringLiteral("unchanged"), summary.registerCounts.unchanged},
                               {QStringLiteral("decided_before"), summary.registerCounts.decidedBefore},
                               {QStringLiteral("conflicts"), conflictList}});
        if (finalStatus.teamMode) {
            // The states above are the whole team's work (every running batch, from the ledger); this
            // member's own share follows.
            out.insert(QStringLiteral("team"),
                       QJsonObject{{QStringLiteral("ledger"), config.ledger ? config.ledger->url : QString()},
                                   {QStringLiteral("filed_here"), finalStatus.filedHere},
                                   {QStringLiteral("ledger_link"), ledgerLinkName(finalStatus.ledgerLink)},
                                   {QStringLiteral("review_only"), finalStatus.reviewOnlyReason},
                                   {QStringLiteral("ledger_reachable"), !ledgerDown}});
        }
        std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    } else {
        QStringList parts;
        for (auto it = states.begin(); it != states.end(); ++it)
            parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value().toInt());
        std::printf(
            "%s\n",
            qUtf8Printable(
                QStringLiteral(
                    "%1: %2 rows = %3 with obligations + %4 need data + %5 out of scope + %6 row errors\n"
                    "%7 task(s): %8\n%9 exception(s) for a person; %10 alert(s); %11 filing(s) need data")
                    .arg(QFileInfo(portfolio).fileName())
                    .arg(summary.counts.rows)
                    .arg(summary.counts.rowsWithObligations)
                    .arg(summary.counts.needsData)
                    .arg(summary.counts.outOfScope)
                    .arg(summary.counts.rowErrors)
                    .arg(finalStatus.total)
                    .arg(parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", ")))
                    .arg(exceptions)
                    .arg(alerts.size())
                    .arg(summary.counts.obligationsNeedingData)));
    }
    std::fflush(stdout);
    return exitCode;
}

} // namespace fd
