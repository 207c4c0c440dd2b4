#include "engine/core/engine.h"

#include "engine/calendar/ics_writer.h"

#include "engine/dispatch/registry_client.h"
#include "engine/gate/local_permit_gate.h"
#include "engine/gate/redis_connection.h"
#include "engine/gate/redis_permit_gate.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSaveFile>
#include <QUuid>

Q_LOGGING_CATEGORY(lcEngine, "filingdesk.engine")

namespace fd {

namespace {
const QString kEngineActor = QStringLiteral("engine");
} // namespace

void registerEngineMetaTypes() {
    qRegisterMetaType<fd::EngineConfig>("fd::EngineConfig");
    qRegisterMetaType<fd::PortfolioSummary>("fd::PortfolioSummary");
    qRegisterMetaType<fd::BatchStatus>("fd::BatchStatus");
    qRegisterMetaType<fd::EngineAlert>("fd::EngineAlert");
    qRegisterMetaType<fd::RowPlan>("fd::RowPlan");
    qRegisterMetaType<QList<fd::RowPlan>>("QList<fd::RowPlan>");
    qRegisterMetaType<fd::FilingTask>("fd::FilingTask");
    qRegisterMetaType<QList<fd::FilingTask>>("QList<fd::FilingTask>");
    qRegisterMetaType<fd::JurisdictionUsage>("fd::JurisdictionUsage");
    qRegisterMetaType<QList<fd::JurisdictionUsage>>("QList<fd::JurisdictionUsage>");
    qRegisterMetaType<fd::AuditEntry>("fd::AuditEntry");
    qRegisterMetaType<QList<fd::AuditEntry>>("QList<fd::AuditEntry>");
    qRegisterMetaType<fd::AuditQuery>("fd::AuditQuery");
}

Engine::Engine(QObject *parent)
    : QObject(parent) {
    registerEngineMetaTypes();
    m_flushTimer.setInterval(100);
    m_flushTimer.setSingleShot(true);
    connect(&m_flushTimer, &QTimer::timeout, this, &Engine::flushDirty);
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, [this] {
        promoteDueRetries();
        pump();
    });
    m_statusTimer.setInterval(250);
    m_statusTimer.setSingleShot(true);
    connect(&m_statusTimer, &QTimer::timeout, this, &Engine::updateStatus);
    m_breakerTimer.setSingleShot(true);
    connect(&m_breakerTimer, &QTimer::timeout, this, &Engine::pump);
}

Engine::~Engine() {
    m_started = false; // see shutdown(): aborted requests are not outcomes
    if (m_registry)
        m_registry->abortAll();
    delete m_gate;
}

void Engine::start(const EngineConfig &config) {
    m_config = config;
    QString error;
    if (!m_config.validate(&error)) {
        Q_EMIT started(false, error, QString(), false);
        return;
    }
    if (m_config.consoleId.isEmpty())
        m_config.consoleId =
            QStringLiteral("%1-%2").arg(AuditStore::hostName()).arg(QCoreApplication::applicationPid());
    if (m_config.rulesPath.isEmpty()) {
        m_rules = RuleSet::builtIn();
        if (m_rules.isEmpty()) {
            Q_EMIT started(false, tr("the built-in rules file does not load"), QString(), false);
            return;
        }
    } else if (!m_rules.loadFromFile(m_config.rulesPath, &error)) {
        Q_EMIT started(false, error, QString(), false);
        return;
    }
    if (m_config.dbPath.isEmpty())
        m_config.dbPath = QStringLiteral("filingdesk-audit.sqlite");
    if (!m_store.open(m_config.dbPath, &error)) {
        Q_EMIT started(false, error, QString(), false);
        return;
    }

    if (m_config.redisUrl.isEmpty()) {
        m_gate = new LocalPermitGate(m_config.leaseMs, this);
    } else {
        RedisEndpoint endpoint;
        if (!RedisEndpoint::parse(m_config.redisUrl, &endpoint, &error)) {
            Q_EMIT started(false, error, QString(), false);
            return;
        }
        if (!m_config.redisPassword.isEmpty())
            endpoint.password = m_config.redisPassword;
        auto *gate = new RedisPermitGate(endpoint, m_config.keyPrefix, m_config.leaseMs, this);
        m_gate = gate;
        m_gateBlind = true;
        gate->start();
    }
    connect(m_gate, &PermitGate::permitGranted, this, &Engine::dispatchGranted);
    connect(m_gate, &PermitGate::blindChanged, this, [this](bool blind, const QString &reason) {
        m_gateBlind = blind;
        Q_EMIT gateBlindChanged(blind, reason);
        updateStatus();
        if (!blind)
            pump();
    });
    if (m_gate->isBlind()) {
        m_gateBlind = true;
        Q_EMIT gateBlindChanged(true, tr("connecting to Redis"));
    }
    connect(m_gate, &PermitGate::usageUpdated, this, [this](const QList<JurisdictionUsage> &usage) {
        QList<JurisdictionUsage> withCaps = usage;
        for (JurisdictionUsage &u : withCaps)
            u.cap = m_config.limitFor(u.jurisdiction);
        Q_EMIT usageUpdated(withCaps);
    });
    connect(m_gate, &PermitGate::permitLost, this,
            [this](const QString &jurisdiction, const QString &token, const QString &) {
                for (auto it = m_track.cbegin(); it != m_track.cend(); ++it) {
                    if (it->token == token) {
                        const FilingTask &task = m_tasks[it.key()];
                        AuditEntry e;
                        e.idempotencyKey = it.key();
                        e.entityId = task.obligation.entity.entityId;
                        e.action = QStringLiteral("permit_lost");
                        e.actor = kEngineActor;
                        e.errorCategory = categoryName(ErrorCategory::System);
                        e.errorCode = QStringLiteral("GATE_PERMIT_LOST");
                        e.detail =
                            tr("the permit for this in-flight request on %1 was reclaimed by the fleet gate")
                                .arg(jurisdiction);
                        QString err;
                        m_store.appendAction(e, &err);
                        raise(QStringLiteral("permit_lost"), task, e.detail);
                    }
                }
            });

    m_registry = new RegistryClient(this);
    m_registry->setDefaultBaseUrl(m_config.registryUrl);
    for (auto it = m_config.registryUrls.cbegin(); it != m_config.registryUrls.cend(); ++it)
        m_registry->setBaseUrl(it.key(), it.value());
    m_registry->setApiToken(m_config.registryToken);
    m_registry->setTimeoutMs(m_config.requestTimeoutMs);
    m_registry->setLookupSupported(m_config.lookupSupported);
    m_retry = RetryPolicy{m_config.maxAttempts, m_config.retryBaseMs, m_config.retryMaxMs};
    m_breakers.threshold = m_config.breakerThreshold;
    m_breakers.cooldownMs = m_config.breakerCooldownMs;

    // Resume: every task that never reached a terminal state goes back into a batch.
    const QList<FilingTask> all = m_store.loadTasks(false);
    int resumed = 0;
    for (const FilingTask &t : all) {
        m_tasks.insert(t.key, t);
        if (isTerminal(t.state))
            continue;
        Track &track = m_track[t.key];
        track.lookupFirst = t.state == ExecutionState::Dispatching;
        if (t.state != ExecutionState::Pending || !t.batchId.isEmpty()) {
            m_batch.insert(t.key);
            ++resumed;
        }
    }
    m_started = true;
    operatorAction(
        QStringLiteral("engine_start"), QString(), QString(), QString(),
        tr("%1; rules %2; database %3; %4 task(s) resumed")
            .arg(m_gate->describe(), m_rules.version(), QFileInfo(m_config.dbPath).absoluteFilePath())
            .arg(resumed));
    qCInfo(lcEngine) << "engine started:" << m_gate->describe() << "resumed" << resumed << "task(s)";
    Q_EMIT started(true, QString(), m_gate->describe(), m_gate->mode() == PermitGate::Mode::Fleet);
    publishAllTasks();
    if (resumed > 0) {
        m_batchId = QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
        m_batchActive = true;
        m_batchStartedUtc = QDateTime::currentDateTimeUtc();
        m_idleSignalled = false;
        for (const QString &key : std::as_const(m_batch))
            enqueue(key);
        pump();
    }
    updateStatus();
}

void Engine::loadPortfolio(const QString &path, const QDate &asOf) {
    PortfolioSummary summary;
    summary.file = path;
    summary.asOf = asOf.isValid() ? asOf : QDate::currentDate();
    summary.rulesVersion = m_rules.version();
    const ImportResult import = importPortfolio(path);
    summary.format = import.format;
    if (!import.ok()) {
        summary.fileError = import.fileError;
        Q_EMIT portfolioLoaded(summary, {});
        return;
    }
    m_asOf = summary.asOf;
    m_plan = planObligations(import, m_rules, m_asOf);
    summary.counts = countPlan(m_plan);
    operatorAction(
        QStringLiteral("import"), QString(), QString(), QString(),
        tr("%1: %2 rows, %3 with obligations, %4 need data, %5 out of scope, %6 row errors (as of %7)")
            .arg(QFileInfo(path).fileName())
            .arg(summary.counts.rows)
            .arg(summary.counts.rowsWithObligations)
            .arg(summary.counts.needsData)
            .arg(summary.counts.outOfScope)
            .arg(summary.counts.rowErrors)
            .arg(m_asOf.toString(Qt::ISODate)));
    Q_EMIT portfolioLoaded(summary, m_plan);
}

void Engine::admit(int dueWithinDays) {
    QList<FilingTask> candidates;
    int notYetOpen = 0;
    int outsideWindow = 0;
    QSet<QString> seen;
    int duplicates = 0;
    for (const RowPlan &row : std::as_const(m_plan)) {
        for (const Obligation &o : row.obligations) {
            if (dueWithinDays >= 0 && m_asOf.daysTo(o.dueDate) > dueWithinDays) {
                ++outsideWindow;
                continue;
            }
            if (o.windowOpens.isValid() && o.windowOpens > m_asOf) {
                ++notYetOpen;
                continue;
            }
            FilingTask task;
            task.obligation = o;
            task.key = o.idempotencyKey();
            if (seen.contains(task.key) || m_tasks.contains(task.key)) {
                ++duplicates; // identical obligations collapse to one filing
                continue;
            }
            seen.insert(task.key);
            task.score = admissionScore(o.dueDate, o.entity.riskTier, m_asOf);
            candidates.append(task);
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const FilingTask &a, const FilingTask &b) { return a.score > b.score; });
    int admittedCount = 0;
    for (FilingTask &task : candidates) {
        QString error;
        task.updatedUtc = QDateTime::currentDateTimeUtc();
        if (!m_store.admitTask(task, kEngineActor, &error)) {
            if (m_store.hasTask(task.key)) {
                ++duplicates;
                continue;
            }
            Q_EMIT errorOccurred(tr("cannot store task %1: %2").arg(task.key.left(12), error));
            continue;
        }
        m_tasks.insert(task.key, task);
        markDirty(task.key);
        ++admittedCount;
    }
    qCInfo(lcEngine) << "admitted" << admittedCount << "task(s);" << duplicates << "duplicate(s),"
                     << notYetOpen << "window not open," << outsideWindow << "outside the due window";
    Q_EMIT admitted(admittedCount, duplicates, notYetOpen, outsideWindow);
    updateStatus();
}

void Engine::launchBatch(const QStringList &keys, const QString &reason) {
    QStringList chosen;
    if (keys.isEmpty()) {
        for (auto it = m_tasks.cbegin(); it != m_tasks.cend(); ++it) {
            if (it->state == ExecutionState::Pending && !m_batch.contains(it.key()))
                chosen.append(it.key());
        }
    } else {
        for (const QString &k : keys) {
            const auto it = m_tasks.constFind(k);
            if (it != m_tasks.constEnd() && it->state == ExecutionState::Pending)
                chosen.append(k);
        }
    }
    beginBatchIfIdle();
    m_paused = false;
    for (const QString &k : std::as_const(chosen)) {
        m_batch.insert(k);
        FilingTask &task = m_tasks[k];
        task.batchId = m_batchId;
        QString error;
        m_store.saveTask(task, &error);
        enqueue(k);
    }
    operatorAction(QStringLiteral("batch_launch"), reason, QString(), QString(),
                   tr("batch %1: %2 task(s)").arg(m_batchId).arg(chosen.size()));
    pump();
    updateStatus();
    checkIdle();
}

void Engine::pauseBatch(const QString &reason) {
    if (m_paused)
        return;
    m_paused = true;
    // Nothing new leaves while paused: withdraw queued permit requests; in-flight requests finish.
    for (auto it = m_track.begin(); it != m_track.end(); ++it) {
        if (it->stage == Stage::AwaitingPermit) {
            m_gate->cancelRequest(it->requestId);
            m_requests.remove(it->requestId);
            m_requestJurisdictions.remove(it->requestId);
            it->stage = Stage::Idle;
            --m_awaitingTotal;
            --m_inFlightBy[m_tasks[it.key()].obligation.jurisdiction];
            enqueue(it.key());
        }
    }
    operatorAction(QStringLiteral("batch_pause"), reason, QString(), QString(),
                   tr("batch %1 paused").arg(m_batchId));
    updateStatus();
}

void Engine::resumeBatch(const QString &reason) {
    if (!m_paused)
        return;
    m_paused = false;
    operatorAction(QStringLiteral("batch_resume"), reason, QString(), QString(),
                   tr("batch %1 resumed").arg(m_batchId));
    pump();
    updateStatus();
}

void Engine::cancelBatch(const QString &reason) {
    int withdrawn = 0;
    const QSet<QString> batch = m_batch;
    for (const QString &key : batch) {
        Track &track = m_track[key];
        if (track.stage == Stage::InFlight)
            continue;
        if (track.stage == Stage::AwaitingPermit) {
            m_gate->cancelRequest(track.requestId);
            m_requests.remove(track.requestId);
            m_requestJurisdictions.remove(track.requestId);
            --m_awaitingTotal;
            --m_inFlightBy[m_tasks[key].obligation.jurisdiction];
        }
        dequeue(key);
        track.stage = Stage::Idle;
        FilingTask &task = m_tasks[key];
        if (!isTerminal(task.state)) {
            if (task.state != ExecutionState::Pending)
                transition(task, ExecutionState::Pending, AuditStore::osUser(),
                           QStringLiteral("batch_cancel"), reason);
            task.batchId.clear();
            QString error;
            m_store.saveTask(task, &error);
            m_batch.remove(key);
            ++withdrawn;
        }
    }
    m_paused = false;
    operatorAction(QStringLiteral("batch_cancel"), reason, QString(), QString(),
                   tr("batch %1 cancelled; %2 task(s) back to PENDING").arg(m_batchId).arg(withdrawn));
    updateStatus();
    checkIdle();
}

bool Engine::transition(FilingTask &task, ExecutionState to, const QString &actor, const QString &action,
                        const QString &reason) {
    const ExecutionState from = task.state;
    if (from != to && !isAllowedTransition(from, to)) {
        qCCritical(lcEngine) << "refused transition" << stateName(from) << "->" << stateName(to) << "for"
                             << task.key;
        return false;
    }
    task.state = to;
    task.updatedUtc = QDateTime::currentDateTimeUtc();
    QString error;
    if (!m_store.recordTransition(task, from, actor, action, reason, &error)) {
        // The audit trail is the record: a transition that cannot be written did not happen.
        task.state = from;
        Q_EMIT errorOccurred(tr("audit write failed, transition %1 -> %2 of %3 not made: %4")
                                 .arg(stateName(from), stateName(to), task.key.left(12), error));
        return false;
    }
    if (to == ExecutionState::DeadLetter && !m_store.archiveDeadLetter(task, &error))
        Q_EMIT errorOccurred(tr("dead-letter archive write failed for %1: %2").arg(task.key.left(12), error));
    markDirty(task.key);
    return true;
}

void Engine::beginBatchIfIdle() {
    // A finished batch's tasks must not count in the next one (its progress would read "37 of 37 done" at
    // once).
    if (!m_batchActive) {
        m_batchId = QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
        m_batchStartedUtc = QDateTime::currentDateTimeUtc();
        m_completedInBatch = 0;
        m_batch.clear();
    }
    m_batchActive = true;
    m_idleSignalled = false;
}

void Engine::clearLastError(FilingTask &task) {
    // The operator's audit row has recorded what was wrong; later transitions must not repeat it as their
    // own.
    task.lastCategory = ErrorCategory::None;
    task.lastErrorCode.clear();
    task.lastErrorMessage.clear();
}

void Engine::operatorAction(const QString &action, const QString &reason, const QString &key,
                            const QString &entityId, const QString &detail) {
    AuditEntry e;
    e.action = action;
    e.reason = reason;
    e.idempotencyKey = key;
    e.entityId = entityId;
    e.detail = detail;
    // The engine's own bookkeeping is attributed to it; everything an operator starts names the OS user.
    const bool engineOwn = action == QLatin1String("engine_start") || action == QLatin1String("batch_idle");
    e.actor = engineOwn ? kEngineActor : AuditStore::osUser();
    e.rulesVersion = m_rules.version();
    QString error;
    if (!m_store.appendAction(e, &error))
        Q_EMIT errorOccurred(tr("audit write failed for %1: %2").arg(action, error));
}

void Engine::enqueue(const QString &key) {
    const FilingTask &task = m_tasks[key];
    Track &track = m_track[key];
    if (track.stage != Stage::Idle && track.stage != Stage::Queued)
        return;
    if (task.state == ExecutionState::FailedTransient && task.nextAttemptUtc.isValid() &&
        task.nextAttemptUtc > QDateTime::currentDateTimeUtc()) {
        m_delayed.emplace(task.nextAttemptUtc, key);
        track.stage = Stage::Queued;
        scheduleRetryTimer();
        return;
    }
    if (isTerminal(task.state))
        return;
    m_ready[task.obligation.jurisdiction].insert({-task.score, task.obligation.dueDate, key});
    track.stage = Stage::Queued;
}

void Engine::dequeue(const QString &key) {
    const FilingTask &task = m_tasks[key];
    m_ready[task.obligation.jurisdiction].erase({-task.score, task.obligation.dueDate, key});
    for (auto it = m_delayed.begin(); it != m_delayed.end();) {
        if (it->second == key)
            it = m_delayed.erase(it);
        else
            ++it;
    }
}

int Engine::inFlightFor(const QString &jurisdiction) const {
    return m_inFlightBy.value(jurisdiction);
}

PermitHolder Engine::holderFor(const FilingTask &task) const {
    PermitHolder h;
    h.host = AuditStore::hostName();
    h.process = QStringLiteral("filingdesk/%1").arg(QCoreApplication::applicationPid());
    h.consoleId = m_config.consoleId;
    h.entityId = task.obligation.entity.entityId;
    h.jurisdiction = task.obligation.jurisdiction;
    h.idempotencyKey = task.key;
    return h;
}

void Engine::pump() {
    if (!m_started || m_paused || !m_batchActive)
        return;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    while (m_inFlightTotal + m_awaitingTotal < m_config.globalLimit) {
        // The best ready task among jurisdictions that have room (ceiling and circuit breaker).
        const std::tuple<double, QDate, QString> *best = nullptr;
        QString bestJurisdiction;
        for (auto it = m_ready.begin(); it != m_ready.end(); ++it) {
            if (it->empty())
                continue;
            const QString &j = it.key();
            if (inFlightFor(j) >= m_config.limitFor(j) || !m_breakers.allows(j, now, inFlightFor(j)))
                continue;
            const auto &head = *it->begin();
            if (!best || head < *best) {
                best = &head;
                bestJurisdiction = j;
            }
        }
        if (!best) {
            scheduleBreakerWake(now);
            break;
        }
        const QString key = std::get<2>(*best);
        m_ready[bestJurisdiction].erase(m_ready[bestJurisdiction].begin());
        FilingTask &task = m_tasks[key];
        Track &track = m_track[key];

        if (task.state == ExecutionState::Pending) {
            if (!transition(task, ExecutionState::Validating, kEngineActor, QStringLiteral("transition")))
                continue;
            QString problem;
            if (task.obligation.entity.name.isEmpty())
                problem = tr("entity name is empty");
            else if (task.obligation.feeCents < 0)
                problem = tr("negative fee");
            else if (!m_registry->hasBaseUrl(task.obligation.jurisdiction))
                problem = tr("no registry URL is configured for %1").arg(task.obligation.jurisdiction);
            if (!problem.isEmpty()) {
                task.lastCategory = ErrorCategory::Validation;
                task.lastErrorCode = QStringLiteral("DATA_INVALID_PAYLOAD");
                task.lastErrorMessage = problem;
                transition(task, ExecutionState::DeadLetter, kEngineActor, QStringLiteral("transition"));
                raise(QStringLiteral("dead_letter"), task, problem);
                track.stage = Stage::Idle;
                checkIdle();
                continue;
            }
        }
        track.stage = Stage::AwaitingPermit;
        track.requestId = m_nextRequestId++;
        m_requests.insert(track.requestId, key);
        m_requestJurisdictions.insert(track.requestId, bestJurisdiction);
        ++m_awaitingTotal;
        ++m_inFlightBy[bestJurisdiction];
        m_gate->requestPermit(track.requestId, bestJurisdiction, m_config.limitFor(bestJurisdiction),
                              holderFor(task));
    }
    if (!m_statusTimer.isActive())
        m_statusTimer.start();
}

void Engine::dispatchGranted(quint64 requestId, const QString &token) {
    const QString key = m_requests.take(requestId);
    const QString grantedJurisdiction = m_requestJurisdictions.take(requestId);
    if (key.isEmpty()) {
        // Withdrawn (pause, cancel) while the grant was on its way: hand the permit straight back.
        qCInfo(lcEngine) << "returning a permit granted to a withdrawn request";
        if (m_gate && !grantedJurisdiction.isEmpty())
            m_gate->releasePermit(grantedJurisdiction, token);
        return;
    }
    Track &track = m_track[key];
    track.token = token;
    --m_awaitingTotal;
    ++m_inFlightTotal;
    track.stage = Stage::InFlight;
    FilingTask &task = m_tasks[key];
    if (track.lookupFirst) {
        track.sentUtc = QDateTime::currentDateTimeUtc();
        m_registry->lookup(task, [this, key](const RegistryOutcome &o) { onLookedUp(key, o); });
        return;
    }
    // Persist DISPATCHING before the request leaves: after a crash this task is looked up, never blindly
    // re-sent.
    if (task.state != ExecutionState::Dispatching &&
        !transition(task, ExecutionState::Dispatching, kEngineActor, QStringLiteral("transition"))) {
        releasePermit(key);
        track.stage = Stage::Idle;
        return;
    }
    send(key);
}

void Engine::send(const QString &key) {
    FilingTask &task = m_tasks[key];
    Track &track = m_track[key];
    ++task.attempts;
    track.sentUtc = QDateTime::currentDateTimeUtc();
    QString error;
    m_store.saveTask(task, &error);
    m_registry->submit(task, [this, key](const RegistryOutcome &o) { onSubmitted(key, o); });
}

void Engine::releasePermit(const QString &key) {
    Track &track = m_track[key];
    const FilingTask &task = m_tasks[key];
    if (!track.token.isEmpty()) {
        if (m_gate) // gone after shutdown(); the lease reclaims what could not be handed back
            m_gate->releasePermit(task.obligation.jurisdiction, track.token);
        track.token.clear();
    }
    if (track.stage == Stage::InFlight) {
        --m_inFlightTotal;
        --m_inFlightBy[task.obligation.jurisdiction];
    }
    track.stage = Stage::Idle;
}

void Engine::onLookedUp(const QString &key, const RegistryOutcome &o) {
    if (!m_started) {
        if (m_track.value(key).stage == Stage::InFlight)
            releasePermit(key);
        return; // aborted by shutdown(): the task stays as persisted (DISPATCHING)
    }
    FilingTask &task = m_tasks[key];
    Track &track = m_track[key];
    releasePermit(key);
    task.traceId = o.traceId;
    task.lastResponseBody = o.body;
    switch (o.kind) {
    case RegistryOutcome::Kind::Found: {
        track.lookupFirst = false;
        RegistryOutcome accepted = o;
        accepted.kind = RegistryOutcome::Kind::Replayed;
        onSubmitted(key, accepted);
        return;
    }
    case RegistryOutcome::Kind::NotFound:
        track.lookupFirst = false;
        transition(
            task, ExecutionState::Pending, kEngineActor, QStringLiteral("lookup"),
            tr("looked up before sending again: the registry has no filing under this key; it will be sent"));
        enqueue(key);
        break;
    case RegistryOutcome::Kind::Unsupported:
        track.lookupFirst = false;
        task.lastCategory = ErrorCategory::System;
        task.lastErrorCode = QStringLiteral("UNCERTAIN_OUTCOME");
        task.lastErrorMessage =
            tr("the outcome of an earlier submission is unknown and this registry has no look-up: "
               "a person must check before anything is re-sent");
        transition(task, ExecutionState::FailedStatutory, kEngineActor, QStringLiteral("lookup"));
        raise(QStringLiteral("statutory_halt"), task, task.lastErrorMessage);
        break;
    default:
        // The look-up itself failed: retry the look-up later (never a blind re-send).
        task.lastCategory = ErrorCategory::Transient;
        task.lastErrorCode = o.code;
        task.lastErrorMessage = o.message;
        task.nextAttemptUtc = QDateTime::currentDateTimeUtc().addMSecs(m_retry.delayMs(1, o.retryAfterMs));
        m_delayed.emplace(task.nextAttemptUtc, key);
        track.stage = Stage::Queued;
        scheduleRetryTimer();
        break;
    }
    pump();
    checkIdle();
}

void Engine::stopForPerson(FilingTask &task, const RegistryOutcome &o, ErrorCategory category,
                           ExecutionState to, const QString &alertKind) {
    task.lastCategory = category;
    task.lastErrorCode = o.code;
    task.lastErrorMessage = o.message;
    transition(task, to, kEngineActor, QStringLiteral("transition"));
    raise(alertKind, task, o.message);
}

void Engine::onSubmitted(const QString &key, const RegistryOutcome &o) {
    if (!m_started) {
        // Aborted by shutdown(): the task stays DISPATCHING and is looked up on the next start. The
        // connection is closed, so the permit goes back (best effort; the lease reclaims it otherwise).
        if (m_track.value(key).stage == Stage::InFlight)
            releasePermit(key);
        return;
    }
    FilingTask &task = m_tasks[key];
    if (m_track[key].stage == Stage::InFlight)
        releasePermit(key);
    task.traceId = o.traceId;
    task.lastResponseBody = o.body;
    const QString jurisdiction = task.obligation.jurisdiction;
    switch (o.kind) {
    case RegistryOutcome::Kind::Accepted:
    case RegistryOutcome::Kind::Replayed: {
        recordRegistrySuccess(jurisdiction);
        task.confirmationNumber = o.receipt.confirmationNumber;
        task.feeChargedCents = o.receipt.feeChargedCents;
        // Reconciliation: a receipt is not a filing until its confirmation and fee check out.
        QString mismatch;
        if (task.confirmationNumber.isEmpty())
            mismatch = tr("the receipt has no confirmation number");
        else if (task.feeChargedCents != task.obligation.feeCents)
            mismatch = tr("charged %1 cents, the rule's fee is %2 cents")
                           .arg(task.feeChargedCents)
                           .arg(task.obligation.feeCents);
        if (!mismatch.isEmpty()) {
            task.lastCategory = ErrorCategory::Reconciliation;
            task.lastErrorCode = task.confirmationNumber.isEmpty() ? QStringLiteral("RECON_NO_CONFIRMATION")
                                                                   : QStringLiteral("RECON_FEE_MISMATCH");
            task.lastErrorMessage = mismatch;
            transition(task, ExecutionState::FailedStatutory, kEngineActor, QStringLiteral("reconcile"));
            raise(QStringLiteral("reconciliation_exception"), task, mismatch);
        } else {
            task.lastCategory = ErrorCategory::None;
            task.lastErrorCode.clear();
            task.lastErrorMessage = o.kind == RegistryOutcome::Kind::Replayed
                                        ? tr("idempotent replay: filed earlier")
                                        : QString();
            transition(task, ExecutionState::Completed, kEngineActor, QStringLiteral("reconcile"));
            ++m_completedInBatch;
        }
        break;
    }
    case RegistryOutcome::Kind::Statutory:
        // The registry answered: the portal is healthy even though this filing is not.
        recordRegistrySuccess(jurisdiction);
        stopForPerson(task, o, ErrorCategory::Statutory, ExecutionState::FailedStatutory,
                      QStringLiteral("statutory_halt"));
        break;
    case RegistryOutcome::Kind::Validation:
        recordRegistrySuccess(jurisdiction);
        stopForPerson(task, o, ErrorCategory::Validation, ExecutionState::DeadLetter,
                      QStringLiteral("dead_letter"));
        break;
    default:
        handleTransient(task, o);
        break;
    }
    pump();
    checkIdle();
}

void Engine::handleTransient(FilingTask &task, const RegistryOutcome &o) {
    const QDateTime now = QDateTime::currentDateTimeUtc();
    task.lastCategory = ErrorCategory::Transient;
    task.lastErrorCode = o.code;
    task.lastErrorMessage = o.message;
    if (m_breakers.recordFailure(task.obligation.jurisdiction, now)) {
        const QString j = task.obligation.jurisdiction;
        const QDateTime until = m_breakers.openUntil(j);
        const QString message =
            tr("the %1 registry keeps failing (last: %2 %3); nothing more is sent there until a "
               "trial request at %4 UTC")
                .arg(j, o.code, o.message, until.toString(QStringLiteral("HH:mm:ss")));
        qCInfo(lcEngine).noquote() << "circuit breaker open:" << message; // the alert carries it to a person
        Q_EMIT alertRaised(EngineAlert{QStringLiteral("breaker_open"), QString(), QString(), j, message});
        scheduleBreakerWake(now);
    }
    if (task.attempts >= m_retry.maxAttempts) {
        transition(task, ExecutionState::DeadLetter, kEngineActor, QStringLiteral("transition"),
                   tr("retries exhausted after %1 attempts").arg(task.attempts));
        raise(QStringLiteral("dead_letter"), task, tr("%1 after %2 attempts").arg(o.code).arg(task.attempts));
        return;
    }
    task.nextAttemptUtc = now.addMSecs(m_retry.delayMs(task.attempts, o.retryAfterMs));
    if (!transition(task, ExecutionState::FailedTransient, kEngineActor, QStringLiteral("transition")))
        return;
    m_delayed.emplace(task.nextAttemptUtc, task.key);
    m_track[task.key].stage = Stage::Queued;
    scheduleRetryTimer();
}

void Engine::recordRegistrySuccess(const QString &jurisdiction) {
    const bool wasTripped = m_breakers.openUntil(jurisdiction).isValid();
    m_breakers.recordSuccess(jurisdiction);
    if (wasTripped) {
        const QString message = tr("the %1 registry answers again; dispatch there resumes").arg(jurisdiction);
        qCInfo(lcEngine).noquote() << "circuit breaker closed:" << message;
        Q_EMIT alertRaised(
            EngineAlert{QStringLiteral("breaker_closed"), QString(), QString(), jurisdiction, message});
    }
}

void Engine::scheduleBreakerWake(const QDateTime &nowUtc) {
    QDateTime earliest;
    for (auto it = m_ready.cbegin(); it != m_ready.cend(); ++it) {
        if (it->empty() || m_breakers.state(it.key(), nowUtc) != CircuitBreakers::State::Open)
            continue;
        const QDateTime until = m_breakers.openUntil(it.key());
        if (!earliest.isValid() || until < earliest)
            earliest = until;
    }
    if (!earliest.isValid())
        return;
    const qint64 ms = qBound<qint64>(0, nowUtc.msecsTo(earliest) + 1, 24LL * 3600 * 1000);
    if (!m_breakerTimer.isActive() || m_breakerTimer.remainingTime() > ms)
        m_breakerTimer.start(int(ms));
}

void Engine::scheduleRetryTimer() {
    if (m_delayed.empty())
        return;
    const qint64 ms = qMax<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(m_delayed.begin()->first));
    if (!m_retryTimer.isActive() || m_retryTimer.remainingTime() > ms)
        m_retryTimer.start(int(qMin<qint64>(ms, 60000)));
}

void Engine::promoteDueRetries() {
    const QDateTime now = QDateTime::currentDateTimeUtc();
    while (!m_delayed.empty() && m_delayed.begin()->first <= now) {
        const QString key = m_delayed.begin()->second;
        m_delayed.erase(m_delayed.begin());
        FilingTask &task = m_tasks[key];
        if (isTerminal(task.state))
            continue;
        m_ready[task.obligation.jurisdiction].insert({-task.score, task.obligation.dueDate, key});
    }
    scheduleRetryTimer();
}

void Engine::exportCalendar(const QString &path, int days) {
    if (m_plan.isEmpty()) {
        Q_EMIT calendarExported(path, 0, tr("no portfolio is loaded"));
        return;
    }
    const QDate horizon = m_asOf.addDays(qMax(0, days));
    QList<CalendarEntry> entries;
    QSet<QString> exported; // an entity listed twice gives one key, and a calendar must not repeat a UID
    for (const RowPlan &row : std::as_const(m_plan)) {
        for (const Obligation &o : row.obligations) {
            const QString key = o.idempotencyKey();
            if (o.dueDate > horizon || exported.contains(key))
                continue;
            exported.insert(key);
            CalendarEntry entry;
            entry.obligation = o;
            if (const auto it = m_tasks.constFind(key); it != m_tasks.constEnd()) {
                if (it->state == ExecutionState::Completed) {
                    entry.confirmationNumber = it->confirmationNumber;
                } else if (it->state == ExecutionState::FailedStatutory ||
                           it->state == ExecutionState::DeadLetter) {
                    entry.haltedState = it->state;
                    entry.haltReason =
                        it->lastErrorCode.isEmpty()
                            ? it->lastErrorMessage
                            : QStringLiteral("%1: %2").arg(it->lastErrorCode, it->lastErrorMessage);
                }
            }
            entries.append(entry);
        }
    }
    std::sort(entries.begin(), entries.end(), [](const CalendarEntry &a, const CalendarEntry &b) {
        return a.obligation.dueDate < b.obligation.dueDate;
    });
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        Q_EMIT calendarExported(path, 0, tr("%1: cannot write: %2").arg(path, file.errorString()));
        return;
    }
    file.write(writeIcs(entries, QDateTime::currentDateTimeUtc()));
    if (!file.commit()) {
        Q_EMIT calendarExported(path, 0, tr("%1: cannot write: %2").arg(path, file.errorString()));
        return;
    }
    operatorAction(QStringLiteral("calendar_export"), QString(), QString(), QString(),
                   tr("%1 event(s) due by %2 written to %3")
                       .arg(entries.size())
                       .arg(horizon.toString(Qt::ISODate), path));
    Q_EMIT calendarExported(path, int(entries.size()), QString());
}

void Engine::replay(const QStringList &keys, const QString &reason) {
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("a replay needs a reason"));
        return;
    }
    int replayed = 0;
    for (const QString &key : keys) {
        auto it = m_tasks.find(key);
        if (it == m_tasks.end() || it->state != ExecutionState::DeadLetter)
            continue;
        it->attempts = 0;
        it->nextAttemptUtc = QDateTime();
        if (!transition(*it, ExecutionState::Pending, AuditStore::osUser(), QStringLiteral("replay"), reason))
            continue;
        m_track[key].stage = Stage::Idle;
        m_track[key].lookupFirst = true; // a dead letter may hide an accepted filing: look it up first
        ++replayed;
        clearLastError(*it);
        beginBatchIfIdle();
        it->batchId = m_batchId;
        m_batch.insert(key);
        enqueue(key);
    }
    if (replayed > 0)
        m_idleSignalled = false;
    pump();
    updateStatus();
}

void Engine::resolve(const QStringList &keys, const QString &reason, bool requeue) {
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("resolving a halt needs a reason"));
        return;
    }
    for (const QString &key : keys) {
        auto it = m_tasks.find(key);
        if (it == m_tasks.end() || it->state != ExecutionState::FailedStatutory)
            continue;
        if (!requeue) {
            if (it->lastCategory != ErrorCategory::Reconciliation || it->confirmationNumber.isEmpty()) {
                Q_EMIT errorOccurred(
                    tr("only a reconciliation exception with a confirmation number can be accepted as "
                       "filed; requeue or withdraw %1 instead")
                        .arg(key.left(12)));
                continue;
            }
            transition(*it, ExecutionState::Completed, AuditStore::osUser(), QStringLiteral("resolve_accept"),
                       reason);
            continue;
        }
        it->attempts = 0;
        if (!transition(*it, ExecutionState::Pending, AuditStore::osUser(), QStringLiteral("resolve_requeue"),
                        reason))
            continue;
        m_track[key].stage = Stage::Idle;
        m_track[key].lookupFirst = it->lastCategory == ErrorCategory::System;
        clearLastError(*it);
        beginBatchIfIdle();
        it->batchId = m_batchId;
        m_batch.insert(key);
        enqueue(key);
    }
    pump();
    updateStatus();
}

void Engine::withdraw(const QStringList &keys, const QString &reason) {
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("withdrawing a filing needs a reason"));
        return;
    }
    for (const QString &key : keys) {
        auto it = m_tasks.find(key);
        if (it == m_tasks.end())
            continue;
        if (m_track[key].stage == Stage::InFlight || m_track[key].stage == Stage::AwaitingPermit)
            continue;
        if (it->state != ExecutionState::FailedStatutory && it->state != ExecutionState::Pending)
            continue;
        dequeue(key);
        it->lastCategory = ErrorCategory::None;
        it->lastErrorCode = QStringLiteral("WITHDRAWN");
        it->lastErrorMessage = tr("withdrawn by %1: will not file").arg(AuditStore::osUser());
        if (it->state == ExecutionState::Pending)
            transition(*it, ExecutionState::Validating, AuditStore::osUser(), QStringLiteral("withdraw"),
                       reason);
        transition(*it, ExecutionState::DeadLetter, AuditStore::osUser(), QStringLiteral("withdraw"), reason);
        m_track[key].stage = Stage::Idle;
    }
    updateStatus();
    checkIdle();
}

void Engine::addNote(const QString &key, const QString &note) {
    const auto it = m_tasks.constFind(key);
    operatorAction(QStringLiteral("note"), note, key,
                   it == m_tasks.constEnd() ? QString() : it->obligation.entity.entityId);
}

void Engine::updateEntity(const QString &entityId, const QDate &formationDate, const QString &entityType,
                          const QString &reason) {
    int changedRows = 0;
    for (RowPlan &row : m_plan) {
        if (row.entity.entityId != entityId || row.outcome == RowOutcome::RowError)
            continue;
        Entity e = row.entity;
        QStringList changes;
        if (formationDate.isValid() && formationDate != e.formationDate) {
            changes << tr("formation date %1 -> %2")
                           .arg(e.formationDate.isValid() ? e.formationDate.toString(Qt::ISODate)
                                                          : tr("(none)"),
                                formationDate.toString(Qt::ISODate));
            e.formationDate = formationDate;
        }
        const EntityType type = entityTypeFromName(entityType);
        if (type != EntityType::Unknown && type != e.type) {
            changes << tr("entity type %1 -> %2")
                           .arg(entityTypeName(e.type).isEmpty() ? tr("(unknown)") : entityTypeName(e.type),
                                entityTypeName(type));
            e.type = type;
            e.typeSource = QStringLiteral("operator");
        }
        if (changes.isEmpty())
            continue;
        if (row.missing.contains(QStringLiteral("jurisdiction")))
            continue; // the jurisdiction itself is unknown: no rule can apply yet
        const QString file = row.file;
        row = planEntity(e, m_rules, m_asOf);
        row.file = file;
        ++changedRows;
        operatorAction(QStringLiteral("edit_entity"), reason, QString(), entityId,
                       changes.join(QStringLiteral("; ")) + tr(" -> %1").arg(rowOutcomeName(row.outcome)));
    }
    if (changedRows > 0) {
        PortfolioSummary summary;
        summary.asOf = m_asOf;
        summary.rulesVersion = m_rules.version();
        summary.counts = countPlan(m_plan);
        Q_EMIT portfolioLoaded(summary, m_plan);
    }
}

void Engine::refreshUsage() {
    if (!m_gate)
        return;
    QSet<QString> jurisdictions;
    for (auto it = m_tasks.cbegin(); it != m_tasks.cend(); ++it)
        jurisdictions.insert(it->obligation.jurisdiction);
    for (auto it = m_config.limits.cbegin(); it != m_config.limits.cend(); ++it)
        jurisdictions.insert(it.key());
    QStringList list = jurisdictions.values();
    list.sort();
    if (m_gate)
        m_gate->refreshUsage(list);
}

void Engine::queryAudit(const AuditQuery &query) {
    Q_EMIT auditResults(m_store.queryAudit(query));
}

void Engine::publishAllTasks() {
    Q_EMIT tasksChanged(m_tasks.values());
}

void Engine::shutdown() {
    m_paused = true;
    // Aborting our own requests is not an answer from the registry: with m_started cleared, their callbacks
    // are ignored, so those tasks stay DISPATCHING on disk and are looked up on the next start instead of
    // being recorded as a transient failure (which would spend an attempt and re-send them blind).
    m_started = false;
    if (m_registry)
        m_registry->abortAll();
    flushDirty();
    if (!m_gate) {
        m_store.close();
        Q_EMIT stopped();
        return;
    }
    m_gate->close(2000, [this] {
        // Stop renewing, reconnecting and waking up now: nothing of this engine may hold or ask for permits.
        if (m_gate)
            m_gate->deleteLater();
        m_gate = nullptr;
        m_store.close();
        Q_EMIT stopped();
    });
}

void Engine::markDirty(const QString &key) {
    m_dirty.insert(key);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void Engine::flushDirty() {
    if (m_dirty.isEmpty())
        return;
    QList<FilingTask> changed;
    changed.reserve(m_dirty.size());
    for (const QString &key : std::as_const(m_dirty))
        changed.append(m_tasks.value(key));
    m_dirty.clear();
    Q_EMIT tasksChanged(changed);
    updateStatus();
}

void Engine::raise(const QString &kind, const FilingTask &task, const QString &message) {
    EngineAlert alert{kind, task.key, task.obligation.entity.name, task.obligation.jurisdiction, message};
    Q_EMIT alertRaised(alert);
}

void Engine::updateStatus() {
    BatchStatus s;
    s.batchId = m_batchId;
    s.active = m_batchActive;
    s.paused = m_paused;
    s.total = int(m_batch.size());
    s.inFlight = m_inFlightTotal;
    s.awaitingPermit = m_awaitingTotal;
    s.gateBlind = m_gateBlind;
    s.startedUtc = m_batchStartedUtc;
    int done = 0;
    for (const QString &key : std::as_const(m_batch)) {
        const FilingTask &t = m_tasks[key];
        s.byState[stateName(t.state)] += 1;
        if (t.state == ExecutionState::FailedTransient)
            ++s.waitingRetry;
        if (isTerminal(t.state))
            ++done;
    }
    if (done > 0 && m_batchStartedUtc.isValid() && done < s.total) {
        const qint64 elapsed = m_batchStartedUtc.msecsTo(QDateTime::currentDateTimeUtc());
        s.etaMs = elapsed * (s.total - done) / done;
    } else if (done == s.total) {
        s.etaMs = 0;
    }
    Q_EMIT batchStatusChanged(s);
}

void Engine::checkIdle() {
    if (!m_batchActive || m_idleSignalled)
        return;
    for (const QString &key : std::as_const(m_batch)) {
        const Stage stage = m_track.value(key).stage;
        if (stage != Stage::Idle)
            return;
        if (!isTerminal(m_tasks[key].state) && m_tasks[key].state != ExecutionState::Pending)
            return;
        if (m_tasks[key].state == ExecutionState::Pending && !m_tasks[key].batchId.isEmpty())
            return;
    }
    m_idleSignalled = true;
    flushDirty();
    updateStatus();
    BatchStatus s;
    s.batchId = m_batchId;
    s.total = int(m_batch.size());
    for (const QString &key : std::as_const(m_batch))
        s.byState[stateName(m_tasks[key].state)] += 1;
    m_batchActive = false;
    operatorAction(QStringLiteral("batch_idle"), QString(), QString(), QString(),
                   tr("batch %1 has nothing left to send").arg(m_batchId));
    Q_EMIT batchIdle(s);
}

} // namespace fd
