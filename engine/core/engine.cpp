// The engine's life: construction and seams, start, shutdown, the status and metrics it publishes, its
// timers. The rest of Engine is in the engine_*.cpp files beside it, one part of its work each.
#include "engine/core/engine.h"
#include "engine/core/engine_internal.h"

#include "engine/core/clock.h"
#include "engine/core/host_identity.h"
#include "engine/dispatch/registry_client.h"
#include "engine/gate/local_permit_gate.h"
#include "engine/gate/redis_permit_gate.h"
#include "engine/metrics/engine_metrics.h"
#include "engine/model/compliance.h"
#include "engine/store/threaded_store.h"

#include <QMetaMethod>

Q_LOGGING_CATEGORY(lcEngine, "filingdesk.engine")

namespace fd {

QString ledgerLinkName(LedgerLink link) {
    switch (link) {
    case LedgerLink::Connected:
        return QStringLiteral("connected");
    case LedgerLink::Unreachable:
        return QStringLiteral("unreachable");
    case LedgerLink::ReadOnlyStandby:
        return QStringLiteral("read_only_standby");
    case LedgerLink::WaitingOnLock:
        return QStringLiteral("waiting_on_lock");
    }
    return QStringLiteral("unreachable");
}

void registerEngineMetaTypes() {
    qRegisterMetaType<fd::LedgerLink>("fd::LedgerLink");
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
    qRegisterMetaType<fd::LedgerMember>("fd::LedgerMember");
    qRegisterMetaType<QList<fd::LedgerMember>>("QList<fd::LedgerMember>");
    qRegisterMetaType<QHash<QString, QString>>("QHash<QString,QString>");
    qRegisterMetaType<fd::Entity>("fd::Entity");
    qRegisterMetaType<QList<fd::Entity>>("QList<fd::Entity>");
    qRegisterMetaType<fd::RegisterConflict>("fd::RegisterConflict");
    qRegisterMetaType<QList<fd::RegisterConflict>>("QList<fd::RegisterConflict>");
    qRegisterMetaType<fd::CalendarExportRequest>("fd::CalendarExportRequest");
    qRegisterMetaType<fd::CalendarExportResult>("fd::CalendarExportResult");
}

Engine::Engine(QObject *parent)
    : QObject(parent) {
    setStore(std::make_unique<AuditStore>());
    m_work =
        makeWorkSource(*this, *this, m_config); // a desk's, until start() builds the one its config asks for
    registerEngineMetaTypes();
    m_flushTimer.setInterval(100);
    m_flushTimer.setSingleShot(true);
    connect(&m_flushTimer, &QTimer::timeout, this, &Engine::flushDirty);
    m_wakeTimer.setSingleShot(true);
    connect(&m_wakeTimer, &QTimer::timeout, this, &Engine::onWake);
    m_statusTimer.setInterval(250);
    m_statusTimer.setSingleShot(true);
    connect(&m_statusTimer, &QTimer::timeout, this, &Engine::emitStatusIfDirty);
    m_dispatchTimer.setInterval(0);
    m_dispatchTimer.setSingleShot(true);
    connect(&m_dispatchTimer, &QTimer::timeout, this, &Engine::dispatchGrantedGroup);
}

Engine::~Engine() {
    m_started = false; // see shutdown(): aborted requests are not outcomes
    m_stopping = true;
    if (m_registry)
        m_registry->abortAll();
    delete m_gate;
}

void Engine::setClock(Clock *clock) {
    Q_ASSERT(!m_started);
    clock->setParent(this);
    m_clock = clock;
}

void Engine::setTransport(RegistryTransport *transport) {
    Q_ASSERT(!m_started);
    transport->setParent(this);
    m_registry = transport;
}

void Engine::setGate(PermitGate *gate) {
    Q_ASSERT(!m_started);
    gate->setParent(this);
    m_gate = gate;
}

void Engine::setStore(std::unique_ptr<AuditStore> store) {
    Q_ASSERT(!m_started);
    // A single desk's database is written on a thread of its own: the dispatch path's group commit does not
    // hold this thread while it reaches the disk.
    auto threaded = std::make_unique<ThreadedStore>(std::move(store));
    m_desk = threaded.get();
    m_store = std::move(threaded);
}

void Engine::replaceStore(std::unique_ptr<TaskStore> store) {
    Q_ASSERT(!m_started);
    m_desk = nullptr;
    m_store = std::move(store);
}

QDateTime Engine::now() const {
    return m_clock ? m_clock->nowUtc() : QDateTime::currentDateTimeUtc();
}

void Engine::start(const EngineConfig &config) {
    m_config = config;
    QString error;
    if (!m_config.validate(&error)) {
        Q_EMIT started(false, error, QString(), false);
        return;
    }
    if (!m_clock)
        setClock(new SystemClock);
    if (m_clock->isManual())
        connect(m_clock, &Clock::advanced, this, &Engine::onWake);
    if (m_config.consoleId.isEmpty())
        m_config.consoleId = host::defaultMemberId();
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
    if (m_config.dbPath.isEmpty() && !m_config.ledger)
        m_config.dbPath = QStringLiteral("filingdesk-audit.sqlite");
    m_work = makeWorkSource(*this, *this, m_config);
    if (!m_work->open(&error)) {
        Q_EMIT started(false, error, QString(), false);
        return;
    }

    if (!m_gate) {
        if (!m_config.redis) {
            m_gate = new LocalPermitGate(m_config.leaseMs, this);
        } else {
            auto *gate = new RedisPermitGate(*m_config.redis, m_config.keyPrefix, m_config.leaseMs, this);
            m_gate = gate;
            gate->start();
        }
    }
    m_requests.setGate(m_gate);
    connect(m_gate, &PermitGate::permitGranted, this, &Engine::onGranted);
    connect(m_gate, &PermitGate::blindChanged, this, [this](bool blind, const QString &reason) {
        m_gateBlind = blind;
        Q_EMIT gateBlindChanged(blind, reason);
        updateStatus();
        if (!blind)
            pump();
    });
    m_gateBlind = m_gate->isBlind();
    if (m_gateBlind)
        Q_EMIT gateBlindChanged(true, tr("connecting to Redis"));
    connect(m_gate, &PermitGate::usageUpdated, this, [this](const QList<JurisdictionUsage> &usage) {
        QList<JurisdictionUsage> withCaps = usage;
        for (JurisdictionUsage &u : withCaps)
            u.cap = m_config.limitFor(u.jurisdiction);
        Q_EMIT usageUpdated(withCaps);
    });
    connect(m_gate, &PermitGate::permitLost, this, &Engine::onPermitLost);

    if (!m_registry) {
        auto *client = new RegistryClient(this);
        client->setDefaultBaseUrl(m_config.registries.defaultUrl);
        for (auto it = m_config.registries.byJurisdiction.cbegin();
             it != m_config.registries.byJurisdiction.cend(); ++it)
            client->setBaseUrl(it.key(), it.value());
        client->setApiToken(m_config.registryToken);
        client->setTimeoutMs(m_config.requestTimeoutMs);
        client->setLookupSupported(m_config.lookupSupported);
        m_registry = client;
    }
    m_retry = RetryPolicy{m_config.maxAttempts, m_config.retryBaseMs, m_config.retryMaxMs};
    m_requests.setCeilings({m_config.globalLimit, m_config.defaultLimit, m_config.limits});
    m_requests.breakers().threshold = m_config.breakerThreshold;
    m_requests.breakers().cooldownMs = m_config.breakerCooldownMs;

    if (m_work->keepsRegister() && !loadRegisterFromStore(&error)) {
        m_store->close();
        Q_EMIT started(false, tr("cannot read the entity register: %1").arg(error), QString(), false);
        return;
    }
    const QList<FilingTask> all = m_work->tasksAtStart();
    for (const FilingTask &t : all)
        m_tasks.insert(t.key, t);
    const QString detail = m_work->takeUp(all);
    m_started = true;
    m_reader.open(m_work->auditPath());
    operatorAction(QStringLiteral("engine_start"), QString(), QString(), QString(), detail,
                   DecidedBy::FilingDesk);
    qCInfo(lcEngine) << "engine started:" << m_gate->describe();
    Q_EMIT started(true, QString(), m_gate->describe(), m_gate->mode() == PermitGate::Mode::Fleet);
    // The register as stored: the console's entity pages, owner filters and cures read it from this, not
    // only once a portfolio is opened or an entity edited in this session.
    if (m_work->keepsRegister())
        publishRegister();
    publishAllTasks();
    m_work->begin();
    updateStatus();
}

void Engine::armWake() {
    if (!m_clock || m_clock->isManual())
        return; // a manual clock wakes the engine through advanced()
    const QDateTime t = now();
    const QDateTime when = m_requests.nextWakeUtc(t);
    if (!when.isValid()) {
        m_wakeTimer.stop();
        return;
    }
    const qint64 ms = qBound(qint64(0), t.msecsTo(when) + 1, qint64(60000));
    if (!m_wakeTimer.isActive() || m_wakeTimer.remainingTime() > ms)
        m_wakeTimer.start(int(ms));
}

void Engine::onWake() {
    if (!m_started)
        return;
    m_requests.promoteDue(now());
    pump();
    armWake();
}

void Engine::recordSettingsChange(const QStringList &changes, const QString &reason) {
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("a change of settings needs a reason"));
        return;
    }
    if (changes.isEmpty())
        return;
    operatorAction(QStringLiteral("settings_change"), reason, QString(), QString(),
                   changes.join(QStringLiteral("; ")));
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

void Engine::shutdown() {
    if (m_stopped) {
        Q_EMIT stopped();
        return;
    }
    if (m_stopping)
        return; // already closing; stopped() follows
    m_stopping = true;
    m_batchState.paused = true;
    m_wakeTimer.stop();
    m_dispatchTimer.stop();
    m_work->stop();
    // Withdraw what has not left; permits granted but unused go back.
    withdrawUnsent();
    // Aborting our own requests is not an answer from the registry: with m_started cleared, their callbacks
    // only hand the permits back, so those tasks stay DISPATCHING on disk and are looked up on the next start
    // instead of being recorded as a failure.
    const bool wasStarted = std::exchange(m_started, false);
    if (m_registry)
        m_registry->abortAll();
    const QStringList claimed = m_requests.claimedKeys();
    m_requests.retireAll(); // every permit still held goes back
    ++m_recordsPending;     // the stop finishes once the claims are back (or the ledger said why not)
    m_work->handBack(claimed, [this] { recordAnswered(); });
    m_stopWasStarted = wasStarted;
    if (m_recordsPending > 0) {
        // Outcomes and transitions handed to the store's thread are written (or fail) first, and the engine
        // takes them: the final figures are what the disk holds. The last continuation finishes the stop.
        m_stopAfterRecords = true;
        return;
    }
    finishShutdown();
}

void Engine::finishShutdown() {
    flushDirty();
    m_statusTimer.stop();
    m_statusDirty = false;
    if (m_stopWasStarted)
        Q_EMIT batchStatusChanged(currentStatus()); // the final figures, taken after the engine stopped
    auto finish = [this] {
        // Nothing of this engine may hold or ask for permits from now on.
        if (m_gate)
            m_gate->deleteLater();
        m_gate = nullptr;
        m_requests.setGate(nullptr);
        m_reader.close();
        m_store->close();
        m_stopped = true;
        Q_EMIT stopped();
    };
    if (!m_gate) {
        finish();
        return;
    }
    m_gate->close(2000, finish);
}

void Engine::markDirty(const QString &key) {
    m_dirty.insert(key);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void Engine::flushDirty() {
    if (m_dirty.isEmpty())
        return;
    static const QMetaMethod changedSignal = QMetaMethod::fromSignal(&Engine::tasksChanged);
    if (isSignalConnected(changedSignal)) {
        QList<FilingTask> changed;
        changed.reserve(m_dirty.size());
        for (const QString &key : std::as_const(m_dirty))
            changed.append(m_tasks.value(key));
        Q_EMIT tasksChanged(changed);
    }
    m_dirty.clear();
    updateStatus();
}

void Engine::raise(AlertKind kind, const FilingTask &task, const QString &message) {
    EngineAlert alert{kind, task.key, task.obligation.entity->name, task.obligation.jurisdiction, message};
    Q_EMIT alertRaised(alert);
}

BatchStatus Engine::currentStatus() const {
    BatchStatus s;
    s.batchId = m_batchState.id;
    s.active = m_batchState.active;
    s.paused = m_batchState.paused;
    s.total = int(m_batchState.keys.size());
    const RequestTable::Counts requests = m_requests.counts();
    s.inFlight = requests.onTheWire + requests.granted;
    s.awaitingPermit = requests.awaitingPermit;
    s.gateBlind = m_gateBlind;
    s.startedUtc = m_batchState.startedUtc;
    s.claimsHeld = m_requests.claimCount();
    m_work->describe(s);
    s.filedHere = m_filedHere;
    int done = 0;
    for (const QString &key : std::as_const(m_batchState.keys)) {
        const FilingTask &t = *m_tasks.constFind(key); // m_batchState.keys holds only known keys
        s.byState[stateName(t.state)] += 1;
        s.byCompliance[complianceName(complianceOf(t, m_asOf.isValid() ? m_asOf : now().date()))] += 1;
        if (m_requests.isDelayed(key))
            ++s.waitingRetry;
        if (isTerminal(t.state))
            ++done;
    }
    if (done > 0 && m_batchState.startedUtc.isValid() && done < s.total) {
        const qint64 elapsed = m_batchState.startedUtc.msecsTo(now());
        s.etaMs = elapsed * (s.total - done) / done;
    } else if (done == s.total) {
        s.etaMs = 0;
    }
    return s;
}

void Engine::updateStatus() {
    if (!m_clock)
        return;
    if (m_clock->isManual()) {
        emitStatus(); // tests on a manual clock see every change as it happens
        return;
    }
    if (m_statusTimer.isActive()) {
        m_statusDirty = true;
        return;
    }
    emitStatus();
    m_statusTimer.start();
}

void Engine::markStatusDirty() {
    m_statusDirty = true;
    if (!m_statusTimer.isActive())
        m_statusTimer.start();
}

void Engine::emitStatusIfDirty() {
    if (!m_clock || !m_statusDirty)
        return;
    emitStatus();
    m_statusTimer.start();
}

void Engine::emitStatus() {
    m_statusDirty = false;
    const BatchStatus status = currentStatus();
    m_work->statusTaken(status);
    Q_EMIT batchStatusChanged(status);
    publishMetrics();
}

void Engine::publishMetrics() {
    if (!m_metrics)
        return;
    QHash<ExecutionState, int> byState;
    for (auto it = m_tasks.cbegin(); it != m_tasks.cend(); ++it)
        byState[it->state] += 1;
    for (ExecutionState state : allStates())
        m_metrics->setTaskCount(state, byState.value(state));
    const QHash<QString, int> held = m_requests.permitsHeldBy();
    const QHash<QString, int> awaited = m_requests.permitsAwaitedBy();
    QSet<QString> jurisdictions = m_metricJurisdictions;
    for (auto it = held.cbegin(); it != held.cend(); ++it)
        jurisdictions.insert(it.key());
    for (auto it = awaited.cbegin(); it != awaited.cend(); ++it)
        jurisdictions.insert(it.key());
    for (const QString &j : std::as_const(jurisdictions))
        m_metrics->setPermits(j, held.value(j), awaited.value(j)); // back to 0 once nothing is held
    m_metricJurisdictions = jurisdictions;
    m_metrics->setClaimsHeld(m_requests.claimCount());
    m_metrics->setGateBlind(m_gateBlind);
    m_work->publishMetrics(*m_metrics);
}

void Engine::checkIdle() {
    m_work->checkIdle();
}

void Engine::openReview(const QString &key) {
    m_work->openReview(key);
}

void Engine::closeReview(const QString &key) {
    m_work->closeReview(key);
}

void Engine::refreshMembers() {
    m_work->refreshMembers();
}

void Engine::queryTeamWork() {
    m_work->queryTeamWork();
}

} // namespace fd
