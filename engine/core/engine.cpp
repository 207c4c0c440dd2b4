#include "engine/core/engine.h"
#include "engine/core/host_identity.h"

#include "engine/calendar/ics_writer.h"
#include "engine/core/clock.h"
#include "engine/dispatch/reconciler.h"
#include "engine/dispatch/registry_client.h"
#include "engine/gate/local_permit_gate.h"
#include "engine/gate/redis_connection.h"
#include "engine/gate/redis_permit_gate.h"
#include "engine/ledger/ledger_store.h"
#include "engine/metrics/engine_metrics.h"
#include "engine/model/compliance.h"
#include "engine/model/money.h"
#include "engine/register/register_merge.h"
#include "engine/rules/rejection_codes.h"
#include "engine/store/threaded_store.h"
#include "engine/work/work_source.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QMetaMethod>
#include <QSaveFile>
#include <QScopeGuard>
#include <QUuid>

Q_LOGGING_CATEGORY(lcEngine, "filingdesk.engine")

namespace fd {

namespace {
const QString kEngineActor = QStringLiteral("engine");
} // namespace

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
    operatorAction(QStringLiteral("engine_start"), QString(), QString(), QString(), detail);
    qCInfo(lcEngine) << "engine started:" << m_gate->describe();
    Q_EMIT started(true, QString(), m_gate->describe(), m_gate->mode() == PermitGate::Mode::Fleet);
    publishAllTasks();
    m_work->begin();
    updateStatus();
}

void Engine::loadPortfolio(const QString &path, const QDate &asOf) {
    if (waitsForRegisterWrite([=, this] { loadPortfolio(path, asOf); }))
        return;
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
    if (m_work->postponePortfolio(path, asOf, false)) {
        // The file's entities go where the register is kept: the portfolio waits for it (then
        // portfolioLoaded() follows), as admission does.
        qCInfo(lcEngine) << "the portfolio waits for the ledger to answer";
        return;
    }
    // The file is merged into the entity register first: what people entered stays, and the obligations
    // are planned from the register's records, once the register has them (the engine goes on meanwhile;
    // what reads the register or the plan waits for it).
    const EntityRegister::MergeResult merge =
        EntityRegister::mergePortfolio(m_register, m_conflicts, import, now());
    writeRegister(
        merge.update, tr("opened %1").arg(QFileInfo(path).fileName()),
        [this, summary, import, counts = merge.counts, path,
         asOf](const TaskStore::RegisterWrite &w) mutable {
            if (!w.written) {
                if (w.written.failure == WriteResult::Failure::Busy &&
                    m_work->postponePortfolio(path, asOf, true)) {
                    // Another member writes the same records right now (two people opened portfolios
                    // together): this one waits its turn and opens the file again then, instead of giving up
                    // on it.
                    qCInfo(lcEngine).noquote()
                        << "the portfolio waits for another member's register write:" << w.written.error;
                    return;
                }
                summary.fileError =
                    tr("%1: the entities could not be recorded in the register (nothing was loaded): %2")
                        .arg(path, w.written.error);
                Q_EMIT portfolioLoaded(summary, {});
                return;
            }
            planPortfolio(summary, import, counts);
        });
}

void Engine::planPortfolio(PortfolioSummary summary, const ImportResult &import,
                           const RegisterCounts &counts) {
    summary.registerCounts = counts;
    QSet<QString> inFile;
    for (const ImportedRow &row : import.rows)
        inFile.insert(row.entity->entityId);
    for (const RegisterConflict &c : std::as_const(m_conflicts)) {
        if (inFile.contains(c.entityId))
            summary.conflicts.append(c);
    }
    m_asOf = summary.asOf;
    m_plan = planObligations(EntityRegister::asPlanned(import, m_register), m_rules, m_asOf);
    summary.counts = countPlan(m_plan);
    operatorAction(
        QStringLiteral("import"), QString(), QString(), QString(),
        tr("%1: %2 rows, %3 with obligations, %4 need data, %5 out of scope, %6 row errors (as of %7); "
           "register: %8 added, %9 completed, %10 in conflict")
            .arg(QFileInfo(summary.file).fileName())
            .arg(summary.counts.rows)
            .arg(summary.counts.rowsWithObligations)
            .arg(summary.counts.needsData)
            .arg(summary.counts.outOfScope)
            .arg(summary.counts.rowErrors)
            .arg(m_asOf.toString(Qt::ISODate))
            .arg(counts.added)
            .arg(counts.changed)
            .arg(counts.conflicting));
    Q_EMIT portfolioLoaded(summary, m_plan);
}

bool Engine::loadRegisterFromStore(QString *error) {
    QList<Entity> entities;
    QList<RegisterConflict> conflicts;
    if (!m_store->loadRegister(&entities, &conflicts, error))
        return false;
    m_register.clear();
    for (const Entity &e : std::as_const(entities))
        m_register.insert(e.entityId, e);
    m_conflicts = conflicts;
    return true;
}

void Engine::publishRegister() {
    QList<Entity> entities = m_register.values();
    std::sort(entities.begin(), entities.end(),
              [](const Entity &a, const Entity &b) { return a.entityId < b.entityId; });
    Q_EMIT registerChanged(entities, m_conflicts);
}

void Engine::replanEntity(const QString &entityId) {
    replanRows([&entityId](const RowPlan &row) { return row.entity->entityId == entityId; });
}

void Engine::setAsOf(const QDate &asOf) {
    if (waitsForRegisterWrite([=, this] { setAsOf(asOf); }))
        return;
    if (!asOf.isValid() || asOf == m_asOf)
        return;
    const QDate before = m_asOf;
    m_asOf = asOf;
    if (m_plan.isEmpty())
        return; // nothing planned yet: the next portfolio is planned at this date
    replanRows([](const RowPlan &) { return true; });
    operatorAction(QStringLiteral("replan"), QString(), QString(), QString(),
                   tr("as-of date changed from %1 to %2: %3 rows planned again")
                       .arg(before.toString(Qt::ISODate), asOf.toString(Qt::ISODate))
                       .arg(m_plan.size()));
}

void Engine::replanRows(const std::function<bool(const RowPlan &)> &which) {
    bool changed = false;
    for (RowPlan &row : m_plan) {
        if (!which(row) || row.outcome == RowOutcome::RowError)
            continue;
        ImportResult one;
        one.file = row.file;
        ImportedRow imported;
        imported.ok = true;
        imported.line = row.line;
        imported.entity = row.entity;
        one.rows.append(imported);
        const QList<RowPlan> planned =
            planObligations(EntityRegister::asPlanned(one, m_register), m_rules, m_asOf);
        const int duplicateOf = row.duplicateOfLine;
        row = planned.first();
        row.file = one.file;
        row.duplicateOfLine = duplicateOf;
        changed = true;
    }
    if (changed) {
        PortfolioSummary summary;
        summary.asOf = m_asOf;
        summary.rulesVersion = m_rules.version();
        summary.counts = countPlan(m_plan);
        Q_EMIT portfolioLoaded(summary, m_plan);
    }
}

void Engine::editEntity(const QString &entityId, const QHash<QString, QString> &values,
                        const QString &reason) {
    if (waitsForRegisterWrite([=, this] { editEntity(entityId, values, reason); }))
        return;
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("an edit of an entity needs a reason"));
        return;
    }
    const auto it = m_register.constFind(entityId);
    if (it == m_register.constEnd()) {
        Q_EMIT errorOccurred(tr("%1 is not in the entity register").arg(entityId));
        return;
    }
    Entity edited;
    QList<RegisterChange> changes;
    QString error;
    if (!EntityRegister::edit(*it, values, &edited, &changes, &error)) {
        writeFailed(tr("%1 was not changed: %2").arg(it->name, error));
        return;
    }
    RegisterUpdate update;
    update.action = QStringLiteral("entity_edit");
    for (const RegisterConflict &c : std::as_const(m_conflicts)) {
        if (c.entityId == entityId && values.contains(c.field)) {
            RegisterConflict settled = c;
            settled.fileValue = values.value(c.field).trimmed(); // the value the person chose
            update.settled.append(settled);
        }
    }
    if (changes.isEmpty() && update.settled.isEmpty())
        return; // nothing differs
    update.records.append(edited);
    update.changes = changes;
    writeRegister(update, reason, [this, entityId, name = it->name](const TaskStore::RegisterWrite &w) {
        if (!w.written) {
            Q_EMIT errorOccurred(
                tr("%1 was not changed: the register refused the write: %2").arg(name, w.written.error));
            return;
        }
        replanEntity(entityId);
    });
}

void Engine::decideConflict(const QString &entityId, const QString &field, bool takeFileValue,
                            const QString &reason) {
    if (waitsForRegisterWrite([=, this] { decideConflict(entityId, field, takeFileValue, reason); }))
        return;
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("deciding a conflict needs a reason"));
        return;
    }
    const auto found = std::find_if(m_conflicts.cbegin(), m_conflicts.cend(), [&](const RegisterConflict &c) {
        return c.entityId == entityId && c.field == field;
    });
    if (found == m_conflicts.cend()) {
        Q_EMIT errorOccurred(tr("no open conflict on %1 of %2").arg(field, entityId));
        return;
    }
    if (takeFileValue) {
        editEntity(entityId, {{field, found->fileValue}}, reason);
        return;
    }
    RegisterUpdate update;
    RegisterConflict settled = *found;
    settled.fileValue = found->registerValue;
    update.settled.append(settled);
    writeRegister(update, reason, [this](const TaskStore::RegisterWrite &w) {
        if (!w.written)
            writeFailed(tr("the conflict was not settled: %1").arg(w.written.error), w.written);
    });
}

void Engine::writeRegister(const RegisterUpdate &update, const QString &reason,
                           std::function<void(const TaskStore::RegisterWrite &)> then) {
    // The engine thread goes on while the edit reaches the disk (a single desk writes it on the store's
    // thread); what reads the register waits for the answer (waitsForRegisterWrite()), and shutdown() waits
    // for it as for any record.
    ++m_registerWrites;
    ++m_recordsPending;
    m_store->applyRegisterThen(
        update, host::osUser(), reason, this,
        [this, then = std::move(then), changes = !update.isEmpty()](const TaskStore::RegisterWrite &w) {
            if (w.written) {
                if (w.reread) {
                    m_register.clear();
                    for (const Entity &e : w.entities)
                        m_register.insert(e.entityId, e);
                    m_conflicts = w.conflicts;
                } else {
                    qCWarning(lcEngine) << "entity register not re-read:" << w.rereadError;
                }
            }
            then(w);
            if (w.written && changes)
                publishRegister();
            --m_registerWrites;
            // The calls that waited run now, in order, until one of them writes the register again (the rest
            // wait for that one).
            while (m_registerWrites == 0 && !m_afterRegisterWrites.isEmpty() && !m_stopping)
                m_afterRegisterWrites.takeFirst()();
            if (m_stopping)
                m_afterRegisterWrites.clear();
            recordAnswered();
        });
}

bool Engine::waitsForRegisterWrite(std::function<void()> call) {
    if (m_registerWrites == 0)
        return false;
    m_afterRegisterWrites.append(std::move(call));
    return true;
}

void Engine::admit(int dueWithinDays) {
    if (waitsForRegisterWrite([=, this] { admit(dueWithinDays); }))
        return;
    if (m_work->postponeAdmission(dueWithinDays, false)) {
        // Admission writes where the tasks are kept: it waits for it (admitted() follows then), or for the
        // portfolio it is planned from.
        qCInfo(lcEngine) << "admission waits for the ledger to answer";
        return;
    }
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
            task.score = admissionScore(o.dueDate, o.entity->riskTier, m_asOf);
            task.payloadSha256(); // once: the copies each transition records carry it
            candidates.append(task);
        }
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const FilingTask &a, const FilingTask &b) { return a.score > b.score; });
    // One transaction for the whole admission: all of it is recorded, or none.
    const QDateTime t = now();
    for (FilingTask &task : candidates)
        task.updatedUtc = t;
    if (const QString refusal = m_work->refusesAdmission(); !refusal.isEmpty()) {
        Q_EMIT errorOccurred(refusal);
        admissionDone(0, duplicates, notYetOpen, outsideWindow);
        return;
    }
    // The engine thread goes on while the admission reaches the disk (a single desk writes it on the store's
    // thread); admitted() follows its commit. A second admission meanwhile finds these keys stored already.
    ++m_recordsPending;
    m_store->admitThen(candidates, kEngineActor, this,
                       [this, candidates, dueWithinDays, duplicates, notYetOpen,
                        outsideWindow](const WriteResult &stored, const QStringList &alreadyStored) mutable {
                           const auto finished = qScopeGuard([this] { recordAnswered(); });
                           int admittedCount = 0;
                           if (!stored) {
                               if (stored.failure == WriteResult::Failure::Busy &&
                                   m_work->postponeAdmission(dueWithinDays, true)) {
                                   // Another member admits the same obligations right now: this admission is
                                   // tried again once the pause is over (admitted() follows then); what the
                                   // other stored first is skipped, not doubled.
                                   qCInfo(lcEngine).noquote()
                                       << "admission waits for another member's write:" << stored.error;
                                   return;
                               }
                               writeFailed(tr("cannot store the admitted tasks: %1").arg(stored.error),
                                           stored);
                           } else {
                               duplicates += int(alreadyStored.size());
                               m_work->storedElsewhere(alreadyStored);
                               const QSet<QString> skipped(alreadyStored.cbegin(), alreadyStored.cend());
                               for (const FilingTask &task : std::as_const(candidates)) {
                                   if (skipped.contains(task.key) || m_tasks.contains(task.key))
                                       continue;
                                   m_tasks.insert(task.key, task);
                                   markDirty(task.key);
                                   ++admittedCount;
                               }
                           }
                           admissionDone(admittedCount, duplicates, notYetOpen, outsideWindow);
                       });
}

void Engine::admissionDone(int admittedCount, int duplicates, int notYetOpen, int outsideWindow) {
    qCInfo(lcEngine) << "admitted" << admittedCount << "task(s);" << duplicates << "duplicate(s),"
                     << notYetOpen << "window not open," << outsideWindow << "outside the due window";
    Q_EMIT admitted(admittedCount, duplicates, notYetOpen, outsideWindow);
    updateStatus();
}

void Engine::launchBatch(const QStringList &keys, const QString &reason) {
    m_work->launch(keys, reason);
}

void Engine::requeueWithdrawn(const QString &key) {
    m_requests.retire(key);
    enqueue(key);
}

void Engine::withdrawUnsent() {
    // Requests awaiting a permit are withdrawn; permits granted but not yet used go back; all are requeued.
    for (const QString &key : m_requests.retireUnsent())
        enqueue(key);
}

void Engine::pauseBatch(const QString &reason) {
    m_work->pause(reason);
}

void Engine::drain(const QString &reason) {
    m_work->drain(reason);
}

void Engine::resumeBatch(const QString &reason) {
    m_work->resume(reason);
}

void Engine::holdSending(bool hold) {
    if (m_held == hold)
        return;
    m_held = hold;
    if (hold) {
        withdrawUnsent(); // what has not left waits in its queue; what is on the wire finishes
    } else {
        pump();
    }
    updateStatus();
}

void Engine::cancelBatch(const QString &reason, const QString &batchId) {
    m_work->cancel(reason, batchId);
}

bool Engine::transition(FilingTask &task, ExecutionState to, const QString &actor, const QString &action,
                        const QString &reason) {
    const ExecutionState from = task.state;
    if (refusesTransition(from, to, task.key))
        return false;
    const QDateTime previousUpdate = task.updatedUtc;
    task.state = to;
    task.updatedUtc = now();
    QString error;
    if (const WriteResult recorded = m_store->recordTransition(task, from, actor, action, reason, &error);
        !recorded) {
        // The audit trail is the record: a transition that cannot be written did not happen.
        task.state = from;
        task.updatedUtc = previousUpdate;
        transitionFailed(from, to, task.key, recorded);
        return false;
    }
    afterTransition(task, to);
    return true;
}

bool Engine::refusesTransition(ExecutionState from, ExecutionState to, const QString &key) const {
    if (from == to || isAllowedTransition(from, to))
        return false;
    qCCritical(lcEngine) << "refused transition" << stateName(from) << "->" << stateName(to) << "for" << key;
    return true;
}

void Engine::transitionFailed(ExecutionState from, ExecutionState to, const QString &key,
                              const WriteResult &result) {
    auditFailed(tr("transition %1 -> %2 of %3").arg(stateName(from), stateName(to), key.left(12)), result);
}

void Engine::afterTransition(FilingTask &task, ExecutionState to) {
    m_work->transitionRecorded(task.key, to);
    task.obligationRewritten = false; // stored with this transition
    task.transitionNote.clear();
    markDirty(task.key);
}

void Engine::recordThen(const QList<TaskStore::TransitionRecord> &records, Durability durability,
                        std::function<void(const WriteResult &)> done) {
    ++m_recordsPending;
    m_store->recordThen(records, durability, this, [this, done = std::move(done)](const WriteResult &result) {
        done(result);
        recordAnswered();
    });
}

void Engine::recordAction(const AuditEntry &entry) {
    ++m_recordsPending;
    m_store->appendActionThen(entry, this, [this, action = entry.action](const WriteResult &appended) {
        if (!appended)
            auditFailed(action, appended);
        recordAnswered();
    });
}

void Engine::recordAnswered() {
    --m_recordsPending;
    if (m_stopAfterRecords && m_recordsPending == 0) {
        m_stopAfterRecords = false;
        finishShutdown();
    }
}

void Engine::settleAnswer(const QString &key) {
    if (m_requests.stageOf(key) == RequestStage::Answered)
        m_requests.retire(key);
}

void Engine::transitionThen(FilingTask updated, ExecutionState to, const QString &action,
                            const QString &reason, std::function<void(bool recorded)> then) {
    const QString key = updated.key;
    const ExecutionState from = updated.state;
    if (refusesTransition(from, to, key)) {
        settleAnswer(key);
        then(false);
        return;
    }
    updated.state = to;
    updated.updatedUtc = now();
    // The record is this snapshot of the task: the store's next group commit writes it (a single desk; in
    // team mode the ledger is written at once and the continuation runs before recordThen returns). The
    // engine's task takes it only once it is written: what the engine holds is what the disk holds.
    recordThen({TaskStore::TransitionRecord{updated, from, kEngineActor, action, reason}}, Durability::Normal,
               [this, key, updated, from, to, then = std::move(then)](const WriteResult &recorded) {
                   settleAnswer(key);
                   const auto it = m_tasks.find(key);
                   if (it == m_tasks.end())
                       return; // the engine let the task go meanwhile (shutdown)
                   if (!recorded) {
                       // The audit trail is the record: a transition that cannot be written did not happen.
                       transitionFailed(from, to, key, recorded);
                       then(false);
                   } else {
                       *it = updated;
                       afterTransition(*it, to);
                       then(true);
                   }
                   markStatusDirty();
                   pump();
               });
}

void Engine::writeFailed(const QString &message, const WriteResult &result) {
    // A write the ledger refused this login (its roles, segregation of duties) is told apart, so that the
    // console and the command line can say which role it needs (exit 2) rather than report a failure.
    if (result.failure == WriteResult::Failure::Refused)
        Q_EMIT actionRefused(message);
    Q_EMIT errorOccurred(message);
}

void Engine::auditFailed(const QString &what, const WriteResult &result) {
    const QString &error = result.error;
    if (m_work->absorbWriteFailure(what, result))
        return;
    const QString message = error.isEmpty() ? tr("audit write failed: %1").arg(what)
                                            : tr("audit write failed: %1: %2").arg(what, error);
    Q_EMIT errorOccurred(message);
    if (m_batchState.auditUnavailable)
        return;
    // Fail closed: nothing is sent while the record cannot be kept. The operator resumes once it can.
    qCCritical(lcEngine).noquote() << message << "- dispatch paused";
    m_batchState.auditUnavailable = true;
    if (!m_batchState.paused) {
        m_batchState.paused = true;
        withdrawUnsent();
    }
    Q_EMIT alertRaised(EngineAlert{AlertKind::AuditUnavailable, QString(), QString(), QString(),
                                   tr("%1; dispatch is paused until an operator resumes it").arg(message)});
    updateStatus();
}

void Engine::beginBatchIfIdle() {
    // A finished batch's tasks must not count in the next one (its progress would read "37 of 37 done" at
    // once).
    if (!m_batchState.active) {
        m_batchState.id = QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
        m_batchState.startedUtc = now();
        m_batchState.keys.clear();
    }
    m_batchState.active = true;
    m_batchState.idleSignalled = false;
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
    e.actor = engineOwn ? kEngineActor : host::osUser();
    e.rulesVersion = m_rules.version();
    e.atUtc = now();
    recordAction(e);
}

void Engine::enqueue(const QString &key) {
    if (m_requests.isUnderWay(key))
        return;
    if (!m_work->mayQueue(key))
        return; // claim, then permit: a task this member does not hold is someone else's
    const FilingTask &task = m_tasks[key];
    if (isTerminal(task.state))
        return;
    const Obligation &o = task.obligation;
    if (task.nextAttemptUtc.isValid() && task.nextAttemptUtc > now() &&
        (task.state == ExecutionState::FailedTransient || task.state == ExecutionState::Dispatching)) {
        m_requests.queue(key, o.jurisdiction, task.score, o.dueDate, task.nextAttemptUtc);
        armWake();
        return;
    }
    m_requests.queue(key, o.jurisdiction, task.score, o.dueDate);
}

PermitHolder Engine::holderFor(const FilingTask &task) const {
    static const QString process = QStringLiteral("filingdesk/%1").arg(QCoreApplication::applicationPid());
    PermitHolder h;
    h.host = host::hostName();
    h.process = process;
    h.consoleId = m_config.consoleId;
    h.entityId = task.obligation.entity->entityId;
    h.jurisdiction = task.obligation.jurisdiction;
    h.idempotencyKey = task.key;
    return h;
}

void Engine::pump() {
    if (!m_started || m_stopping || m_batchState.paused || m_held || !m_batchState.active ||
        !m_work->maySend())
        return;
    const QDateTime t = now();
    m_requests.promoteDue(t);
    // Everything the ceilings allow now.
    QList<RequestTable::Pick> picks;
    while (auto pick = m_requests.next(t))
        picks.append(*pick);
    if (picks.isEmpty()) {
        armWake();
        markStatusDirty();
        checkIdle();
        return;
    }
    // A filing that passes the checks asks for its permit at once: its VALIDATING is recorded with its
    // DISPATCHING, in the synced commit that precedes the send (one commit instead of two, and no wait for
    // a commit before the permit is asked for). Until then it is PENDING, here and on disk: a crash, a
    // pause or a cancel meanwhile finds it as it is. A filing that fails them is recorded VALIDATING on its
    // own and then dead-lettered (the continuation below), as an operator reading its trail expects.
    QList<RequestTable::Pick> failing;
    QList<TaskStore::TransitionRecord> records;
    QList<QDateTime> updatedBefore; // per record: what a failed commit puts back
    for (const RequestTable::Pick &pick : std::as_const(picks)) {
        FilingTask &task = m_tasks[pick.key];
        const bool checked =
            task.state == ExecutionState::Pending || task.state == ExecutionState::Validating;
        if (!checked || validationProblem(task).isEmpty()) {
            m_requests.requestPermit(pick.key, m_config.limitFor(pick.jurisdiction), holderFor(task));
            continue;
        }
        failing.append(pick);
        m_requests.validating(pick.key);
        if (task.state != ExecutionState::Pending)
            continue;
        records.append(
            {task, ExecutionState::Pending, kEngineActor, QStringLiteral("transition"), QString()});
        TaskStore::TransitionRecord &r = records.last();
        r.task.state = ExecutionState::Validating;
        r.task.updatedUtc = t;
        updatedBefore.append(task.updatedUtc);
        // The task takes its new state now (so that nothing records it PENDING -> VALIDATING twice); the
        // continuation puts it back if the commit fails.
        task.state = ExecutionState::Validating;
        task.updatedUtc = t;
    }
    if (failing.isEmpty()) {
        armWake();
        markStatusDirty();
        checkIdle();
        return;
    }
    // The commit happens on the store's thread (a single desk) while this thread goes on; meanwhile the
    // failing picks are Validating: they keep their slots, operator actions leave them alone, and a pause is
    // applied by the continuation.
    if (records.isEmpty()) {
        onValidatingRecorded(failing, records, {}, WriteResult::written()); // picked again: nothing to record
        return;
    }
    recordThen(records, Durability::Normal,
               [this, failing, records, updatedBefore](const WriteResult &validating) {
                   onValidatingRecorded(failing, records, updatedBefore, validating);
               });
}

QString Engine::validationProblem(const FilingTask &task) const {
    if (task.obligation.entity->name.isEmpty())
        return tr("entity name is empty");
    if (task.obligation.feeCents < 0)
        return tr("negative fee");
    if (!m_registry->hasBaseUrl(task.obligation.jurisdiction))
        return tr("no registry URL is configured for %1").arg(task.obligation.jurisdiction);
    return QString();
}

void Engine::onValidatingRecorded(const QList<RequestTable::Pick> &picks,
                                  const QList<TaskStore::TransitionRecord> &records,
                                  const QList<QDateTime> &updatedBefore, const WriteResult &validating) {
    if (!validating) {
        for (qsizetype i = 0; i < records.size(); ++i) {
            const auto it = m_tasks.find(records.at(i).task.key);
            if (it != m_tasks.end() && it->state == ExecutionState::Validating) {
                // The audit trail is the record: a transition that cannot be written did not happen.
                it->state = ExecutionState::Pending;
                it->updatedUtc = updatedBefore.at(i);
            }
        }
        for (const RequestTable::Pick &pick : picks)
            if (m_requests.stageOf(pick.key) == RequestStage::Validating)
                requeueWithdrawn(pick.key);
        auditFailed(tr("VALIDATING of %n filing(s)", nullptr, int(records.size())), validating);
        checkIdle();
        return;
    }
    for (const TaskStore::TransitionRecord &r : records)
        markDirty(r.task.key);
    for (const RequestTable::Pick &pick : picks) {
        const QString &key = pick.key;
        if (m_requests.stageOf(key) != RequestStage::Validating)
            continue; // retired while its record was written (shutdown, a cancel): not this pump's any more
        if (m_batchState.paused || m_held || m_stopping || !m_started) {
            // Paused or held while the commit was written (or a failed write below paused dispatch): what
            // was picked goes back to its queue.
            requeueWithdrawn(key);
            continue;
        }
        FilingTask &task = m_tasks[key];
        // Validated now, or earlier and picked again (its request withdrawn by a pause, a restart): nothing
        // leaves that fails the checks.
        if (task.state == ExecutionState::Validating) {
            const QString problem = validationProblem(task);
            if (!problem.isEmpty()) {
                m_requests.retire(key);
                task.lastCategory = ErrorCategory::Validation;
                task.lastErrorCode = QStringLiteral("DATA_INVALID_PAYLOAD");
                task.lastErrorMessage = problem;
                if (!transition(task, ExecutionState::DeadLetter, kEngineActor,
                                QStringLiteral("transition"))) {
                    enqueue(key);
                    continue;
                }
                raise(AlertKind::DeadLetter, task, problem);
                continue;
            }
        }
        m_requests.requestPermit(key, m_config.limitFor(pick.jurisdiction), holderFor(task));
    }
    armWake();
    markStatusDirty();
    checkIdle();
}

void Engine::onGranted(quint64 requestId, const QString &token) {
    const QString key = m_requests.granted(requestId, token);
    if (key.isEmpty())
        return;
    if (m_stopping || m_batchState.paused || m_held) {
        // Stop or pause began after the request was made: this permit is not used.
        requeueWithdrawn(key);
        return;
    }
    // The grants of one event-loop turn share one synced commit of their DISPATCHING rows.
    if (!m_dispatchTimer.isActive())
        m_dispatchTimer.start();
}

void Engine::dispatchGrantedGroup() {
    const QStringList keys = m_requests.takeGranted();
    if (keys.isEmpty())
        return;
    if (m_stopping || m_batchState.paused || m_held) {
        for (const QString &key : keys)
            requeueWithdrawn(key);
        return;
    }
    // Persist DISPATCHING, on disk, before any request leaves: after a crash or power loss these tasks are
    // looked up, never blindly re-sent.
    QList<TaskStore::TransitionRecord> records;
    records.reserve(keys.size());
    const QDateTime t = now();
    for (const QString &key : keys) {
        FilingTask task = m_tasks.value(key);
        const ExecutionState from = task.state;
        const bool lookup = task.lookupRequired;
        if (!lookup)
            ++task.attempts;
        if (from == ExecutionState::Dispatching && lookup)
            continue; // already recorded as DISPATCHING with an unknown outcome: the look-up adds nothing
        task.state = ExecutionState::Dispatching;
        task.updatedUtc = t;
        if (!lookup)
            task.sentUtc = t; // the settle window of this submission starts now
        records.append({task, from, kEngineActor,
                        lookup ? QStringLiteral("lookup") : QStringLiteral("transition"),
                        lookup ? tr("looking the filing up before anything is sent again") : QString()});
        if (from == ExecutionState::Pending)
            records.last().via = ExecutionState::Validating; // validated when picked (pump())
    }
    // The group commit happens on the store's thread (a single desk) while this thread goes on; the requests
    // leave from the continuation, once the commit is on disk. Meanwhile they are Recording: operator actions
    // leave them alone, a pause does not withdraw them (they have left, as far as anyone can tell), shutdown
    // retires them (then nothing is sent and the next start looks them up).
    recordThen(records, Durability::Synced, [this, keys, records](const WriteResult &dispatching) {
        onDispatchingRecorded(keys, records, dispatching);
    });
}

void Engine::onDispatchingRecorded(const QStringList &keys, const QList<TaskStore::TransitionRecord> &records,
                                   const WriteResult &dispatching) {
    if (!dispatching) {
        for (const QString &key : keys)
            if (m_requests.stageOf(key) == RequestStage::Recording)
                requeueWithdrawn(key);
        auditFailed(tr("DISPATCHING of %n filing(s)", nullptr, int(keys.size())), dispatching);
        return;
    }
    for (const TaskStore::TransitionRecord &r : records) {
        // What DISPATCHING changed, onto the task as it is now.
        FilingTask &task = m_tasks[r.task.key];
        task.state = r.task.state;
        task.updatedUtc = r.task.updatedUtc;
        task.attempts = r.task.attempts;
        task.sentUtc = r.task.sentUtc;
        markDirty(r.task.key);
    }
    const QDateTime t = now();
    for (const QString &key : keys) {
        if (m_requests.stageOf(key) != RequestStage::Recording)
            continue; // retired while its record was written (shutdown): not sent, looked up on the next
                      // start
        m_requests.sent(key, t, m_tasks.value(key).lookupRequired);
        sendUnderFreshPermit(key);
    }
    markStatusDirty();
}

void Engine::sendUnderFreshPermit(const QString &key) {
    // A request leaves only while its permit's lease certainly outlasts it. Time spent between the grant
    // and here (the synced DISPATCHING commit, a busy machine) comes off the lease; when too little is left,
    // the gate confirms the permit afresh first, and a permit it reclaimed meanwhile sends nothing.
    const QString jurisdiction = m_tasks.value(key).obligation.jurisdiction;
    const QString token = m_requests.tokenOf(key);
    if (m_gate->leaseLeftMs(token) >= qint64(m_config.requestTimeoutMs) + kSendLeaseMarginMs) {
        sendNow(key);
        return;
    }
    m_gate->reconfirm(jurisdiction, token, [this, key](bool held) {
        if (m_requests.stageOf(key) != RequestStage::OnTheWire)
            return; // finished meanwhile (shutdown)
        if (held) {
            sendNow(key);
            return;
        }
        RegistryOutcome notSent;
        notSent.kind = RegistryOutcome::Kind::Transient;
        notSent.code = QStringLiteral("GATE_PERMIT_EXPIRED");
        notSent.message = tr("not sent: the permit's lease ran out before the request could leave (the desk "
                             "was busy); it is sent again under a new permit");
        if (m_tasks.value(key).lookupRequired)
            onLookedUp(key, notSent);
        else
            onSubmitted(key, notSent);
    });
}

void Engine::sendNow(const QString &key) {
    const FilingTask &task = m_tasks[key];
    if (task.lookupRequired)
        m_registry->lookup(task, [this, key](const RegistryOutcome &o) { onLookedUp(key, o); });
    else
        m_registry->submit(task, [this, key](const RegistryOutcome &o) { onSubmitted(key, o); });
}

void Engine::finishRequest(const QString &key) {
    // The registry is done with it: its permit and slot go back now; the entry ends once the outcome is
    // recorded (settleAnswer()).
    m_requests.answered(key);
}

void Engine::onPermitLost(const QString &jurisdiction, const QString &token, const QString &key) {
    Q_UNUSED(token);
    const auto it = m_tasks.constFind(key);
    AuditEntry e;
    e.idempotencyKey = key;
    e.entityId = it == m_tasks.constEnd() ? QString() : it->obligation.entity->entityId;
    e.action = QStringLiteral("permit_lost");
    e.actor = kEngineActor;
    e.atUtc = now();
    e.errorCategory = categoryName(ErrorCategory::System);
    e.errorCode = QStringLiteral("GATE_PERMIT_LOST");
    e.detail = tr("the fleet gate reclaimed the permit of this request on %1 while it was on the wire (its "
                  "lease ran out): the fleet cap may have been exceeded")
                   .arg(jurisdiction);
    recordAction(e);
    FilingTask subject = it == m_tasks.constEnd() ? FilingTask{} : *it;
    if (subject.key.isEmpty()) {
        subject.key = key;
        subject.obligation.jurisdiction = jurisdiction;
    }
    raise(AlertKind::PermitLost, subject, e.detail);
}

void Engine::onLookedUp(const QString &key, const RegistryOutcome &o) {
    if (m_metrics && m_requests.stageOf(key) == RequestStage::OnTheWire)
        m_metrics->recordRequest(m_tasks.value(key).obligation.jurisdiction, o.kind,
                                 double(m_requests.sentUtcOf(key).msecsTo(now())) / 1000.0);
    if (!m_started) {
        m_requests.retire(key);
        return; // aborted by shutdown(): the task stays as persisted (DISPATCHING)
    }
    finishRequest(key);
    // What the answer changes is worked out on a copy: the engine's task takes it with the commit that
    // records it (transitionThen()).
    FilingTask task = m_tasks.value(key);
    task.traceId = o.traceId;
    task.lastResponseBody = o.body;
    switch (o.kind) {
    case RegistryOutcome::Kind::Found: {
        task.lookupRequired = false;
        RegistryOutcome accepted = o;
        accepted.kind = RegistryOutcome::Kind::Replayed;
        recordRegistrySuccess(task.obligation.jurisdiction);
        acceptReceipt(std::move(task), accepted);
        break;
    }
    case RegistryOutcome::Kind::NotFound: {
        // The registry may still be working on a request it never answered: until its settle window has
        // passed, "not found" is no evidence that nothing was filed, and sending again could file twice.
        if (!task.sentUtc.isValid())
            task.sentUtc = task.updatedUtc.isValid() ? task.updatedUtc : now(); // from before sent times
        const QDateTime settled = task.sentUtc.addMSecs(m_config.settleMsFor(task.obligation.jurisdiction));
        const QDateTime t = now();
        if (t < settled) {
            const QDateTime again =
                qMin(settled, t.addMSecs(m_retry.delayMs(qMax(1, task.attempts), o.retryAfterMs)));
            task.lastCategory = ErrorCategory::Transient;
            task.lastErrorCode = QStringLiteral("UNSETTLED");
            task.lastErrorMessage =
                tr("not found %1 s after it was sent, but the registry may still be working on it: looked "
                   "up again; only after %2 UTC does \"not found\" mean it was not filed")
                    .arg(task.sentUtc.secsTo(t))
                    .arg(settled.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
            task.nextAttemptUtc = again;
            transitionThen(std::move(task), ExecutionState::Dispatching, QStringLiteral("lookup"), QString(),
                           [this, key](bool recorded) {
                               if (!recorded)
                                   m_tasks[key].nextAttemptUtc = QDateTime();
                               enqueue(key);
                           });
            break;
        }
        task.lookupRequired = false;
        task.nextAttemptUtc = QDateTime();
        clearLastError(task);
        transitionThen(std::move(task), ExecutionState::Pending, QStringLiteral("lookup"),
                       tr("looked up before sending again: the registry has no filing under this key; it "
                          "will be sent"),
                       [this, key](bool recorded) {
                           if (!recorded)
                               m_tasks[key].lookupRequired = true;
                           enqueue(key);
                       });
        break;
    }
    case RegistryOutcome::Kind::Unsupported: {
        task.lastCategory = ErrorCategory::System;
        task.lastErrorCode = QStringLiteral("UNCERTAIN_OUTCOME");
        task.lastErrorMessage =
            tr("the outcome of an earlier submission is unknown and this registry has no look-up: "
               "a person must check before anything is re-sent");
        transitionThen(std::move(task), ExecutionState::FailedStatutory, QStringLiteral("lookup"), QString(),
                       [this, key](bool recorded) {
                           if (!recorded) {
                               enqueue(key);
                               return;
                           }
                           const FilingTask &halted = m_tasks[key];
                           raise(AlertKind::StatutoryHalt, halted, halted.lastErrorMessage);
                       });
        break;
    }
    default:
        // The look-up itself failed: look up again later, never a blind re-send. Nothing to record.
        task.lastCategory = ErrorCategory::Transient;
        task.lastErrorCode = o.code;
        task.lastErrorMessage = o.message;
        task.nextAttemptUtc = now().addMSecs(m_retry.delayMs(qMax(1, task.attempts), o.retryAfterMs));
        m_tasks[key] = std::move(task);
        settleAnswer(key);
        enqueue(key);
        break;
    }
    pump();
}

void Engine::stopForPerson(FilingTask task, const RegistryOutcome &o, ErrorCategory category,
                           ExecutionState to, AlertKind alertKind) {
    const QString key = task.key;
    task.lastCategory = category;
    task.lastErrorCode = o.code;
    task.lastErrorMessage = o.message;
    transitionThen(std::move(task), to, QStringLiteral("transition"), QString(),
                   [this, key, alertKind, message = o.message](bool recorded) {
                       if (!recorded) {
                           enqueue(key);
                           return;
                       }
                       raise(alertKind, m_tasks[key], message);
                   });
}

void Engine::acceptReceipt(FilingTask task, const RegistryOutcome &o) {
    const QString key = task.key;
    task.confirmationNumber = o.receipt.confirmationNumber;
    task.feeChargedCents = o.receipt.feeChargedCents;
    task.lookupRequired = false;
    const Reconciliation r = reconcile(task.obligation, o.receipt);
    if (!r.matched) {
        // Accepted with a confirmation number and paid at another fee: filed, and a review item (a fee
        // schedule changed, a penalty was added), not a halt. Without a confirmation number a person must
        // check.
        const bool filed = r.code == QLatin1String("RECON_FEE_MISMATCH");
        task.lastCategory = ErrorCategory::Reconciliation;
        task.lastErrorCode = r.code;
        task.lastErrorMessage = r.message;
        transitionThen(
            std::move(task), filed ? ExecutionState::Completed : ExecutionState::FailedStatutory,
            QStringLiteral("reconcile"), QString(), [this, key, filed, message = r.message](bool recorded) {
                if (!recorded) {
                    m_tasks[key].lookupRequired = true; // filed, not recorded: the look-up finds it
                    enqueue(key);
                    return;
                }
                if (filed)
                    ++m_filedHere;
                raise(filed ? AlertKind::FeeDiffers : AlertKind::ReconciliationException, m_tasks[key],
                      message);
            });
        return;
    }
    task.lastCategory = ErrorCategory::None;
    task.lastErrorCode.clear();
    task.lastErrorMessage =
        o.kind == RegistryOutcome::Kind::Replayed ? tr("idempotent replay: filed earlier") : QString();
    transitionThen(std::move(task), ExecutionState::Completed, QStringLiteral("reconcile"), QString(),
                   [this, key](bool recorded) {
                       if (!recorded) {
                           m_tasks[key].lookupRequired =
                               true; // filed, but not recorded: the look-up finds it
                           enqueue(key);
                           return;
                       }
                       ++m_filedHere;
                   });
}

void Engine::onSubmitted(const QString &key, const RegistryOutcome &o) {
    if (m_metrics && m_requests.stageOf(key) == RequestStage::OnTheWire)
        m_metrics->recordRequest(m_tasks.value(key).obligation.jurisdiction, o.kind,
                                 double(m_requests.sentUtcOf(key).msecsTo(now())) / 1000.0);
    if (!m_started) {
        // Aborted by shutdown(): the task stays DISPATCHING and is looked up on the next start. The permit
        // goes back (confirmed by the gate's close(); the lease reclaims it otherwise).
        m_requests.retire(key);
        return;
    }
    finishRequest(key);
    // Worked out on a copy: the engine's task takes it with the commit that records it.
    FilingTask task = m_tasks.value(key);
    task.traceId = o.traceId;
    task.lastResponseBody = o.body;
    const QString jurisdiction = task.obligation.jurisdiction;
    switch (o.kind) {
    case RegistryOutcome::Kind::Accepted:
    case RegistryOutcome::Kind::Replayed:
        recordRegistrySuccess(jurisdiction);
        acceptReceipt(std::move(task), o);
        break;
    case RegistryOutcome::Kind::Statutory:
        // The registry answered: the portal is healthy even though this filing is not.
        recordRegistrySuccess(jurisdiction);
        stopForPerson(std::move(task), o, ErrorCategory::Statutory, ExecutionState::FailedStatutory,
                      AlertKind::StatutoryHalt);
        break;
    case RegistryOutcome::Kind::Validation:
        recordRegistrySuccess(jurisdiction);
        stopForPerson(std::move(task), o, ErrorCategory::Validation, ExecutionState::DeadLetter,
                      AlertKind::DeadLetter);
        break;
    case RegistryOutcome::Kind::Uncertain:
        scheduleRetry(std::move(task), o, true);
        break;
    default:
        scheduleRetry(std::move(task), o, false);
        break;
    }
    pump();
}

void Engine::scheduleRetry(FilingTask task, const RegistryOutcome &o, bool uncertain) {
    const QString key = task.key;
    const QDateTime t = now();
    const QString j = task.obligation.jurisdiction;
    task.lastCategory = ErrorCategory::Transient;
    task.lastErrorCode = o.code;
    task.lastErrorMessage = o.message;
    if (uncertain) {
        // The request left and no answer came: it may have been filed. Never re-sent blind.
        task.lookupRequired = true;
        task.lastErrorMessage = tr("%1; the outcome is unknown: the filing is looked up before anything is "
                                   "sent again")
                                    .arg(o.message);
    }
    if (m_requests.breakers().recordFailure(j, t)) {
        const QDateTime until = m_requests.breakers().openUntil(j);
        const QString message =
            tr("the %1 registry keeps failing (last: %2 %3); nothing more is sent there until a "
               "trial request at %4 UTC")
                .arg(j, o.code, o.message, until.toString(QStringLiteral("HH:mm:ss")));
        qCInfo(lcEngine).noquote() << "circuit breaker open:" << message; // the alert carries it to a person
        Q_EMIT alertRaised(EngineAlert{AlertKind::BreakerOpen, QString(), QString(), j, message});
    }
    // An uncertain outcome is never dead-lettered as "retries exhausted": the look-up decides whether it was
    // filed.
    if (!uncertain && task.attempts >= m_retry.maxAttempts) {
        task.nextAttemptUtc = QDateTime();
        const QString reason = tr("retries exhausted after %1 attempts").arg(task.attempts);
        const QString message = tr("%1 after %2 attempts").arg(o.code).arg(task.attempts);
        transitionThen(std::move(task), ExecutionState::DeadLetter, QStringLiteral("transition"), reason,
                       [this, key, message](bool recorded) {
                           if (!recorded) {
                               enqueue(key);
                               return;
                           }
                           raise(AlertKind::DeadLetter, m_tasks[key], message);
                       });
        return;
    }
    task.nextAttemptUtc = t.addMSecs(m_retry.delayMs(task.attempts, o.retryAfterMs));
    // An unknown outcome stays DISPATCHING (what it may be), recorded with the error; a request the registry
    // refused is FAILED_TRANSIENT.
    const ExecutionState to = uncertain ? ExecutionState::Dispatching : ExecutionState::FailedTransient;
    transitionThen(std::move(task), to,
                   uncertain ? QStringLiteral("uncertain_outcome") : QStringLiteral("transition"), QString(),
                   [this, key, uncertain](bool recorded) {
                       if (!recorded) {
                           m_tasks[key].nextAttemptUtc = QDateTime();
                           if (uncertain)
                               m_tasks[key].lookupRequired = true; // it may have been filed
                       }
                       enqueue(key);
                   });
}

void Engine::recordRegistrySuccess(const QString &jurisdiction) {
    const bool wasTripped = m_requests.breakers().openUntil(jurisdiction).isValid();
    m_requests.breakers().recordSuccess(jurisdiction);
    if (wasTripped) {
        const QString message = tr("the %1 registry answers again; dispatch there resumes").arg(jurisdiction);
        qCInfo(lcEngine).noquote() << "circuit breaker closed:" << message;
        Q_EMIT alertRaised(
            EngineAlert{AlertKind::BreakerClosed, QString(), QString(), jurisdiction, message});
    }
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

void Engine::exportCalendar(const CalendarExportRequest &request) {
    if (waitsForRegisterWrite([=, this] { exportCalendar(request); }))
        return;
    CalendarExportResult result;
    result.path = request.path;
    if (m_plan.isEmpty()) {
        result.error = tr("no portfolio is loaded");
        Q_EMIT calendarExported(result);
        return;
    }
    const QDate horizon = m_asOf.addDays(qMax(0, request.days));
    result.asOf = m_asOf;
    result.horizon = horizon;
    // The plan's obligations, and the filings the views show from the database: an overdue filing that is
    // not filed is no longer in the plan (which holds the next occurrences) but belongs in the calendar.
    // The same selection as `filingdesk calendar`.
    QList<Obligation> planned;
    for (const RowPlan &row : std::as_const(m_plan))
        planned << row.obligations;
    const CalendarSelection selection = selectCalendarEntries(m_plan, planned, m_tasks, m_asOf, horizon);
    result.undatedFilings = selection.leftOut.undated;
    result.overdueFilings = selection.overdue;
    result.leftOut = selection.leftOut;
    QSaveFile file(request.path);
    if (!file.open(QIODevice::WriteOnly)) {
        result.error = tr("%1: cannot write: %2").arg(request.path, file.errorString());
        Q_EMIT calendarExported(result);
        return;
    }
    // Streamed into the file as it is written (a write error makes commit() fail).
    writeIcs(&file, selection.entries, QDateTime::currentDateTimeUtc(), request.ics);
    if (!file.commit()) {
        result.error = tr("%1: cannot write: %2").arg(request.path, file.errorString());
        Q_EMIT calendarExported(result);
        return;
    }
    result.events = icsEventCount(selection.entries, request.ics);
    result.filings = int(selection.entries.size());
    QStringList reminders;
    for (const int day : request.ics.alarmDaysBefore)
        reminders << QString::number(day);
    QStringList parts{
        tr("%n event(s)", nullptr, result.events) +
            tr(" for %n filing(s) due by %1 written to %2", nullptr, result.filings)
                .arg(horizon.toString(Qt::ISODate), request.path) +
            (request.ics.groupByDay ? tr(" (grouped by day)") : QString()),
        reminders.isEmpty() ? tr("no reminders")
                            : tr("reminders %1 day(s) before").arg(reminders.join(QLatin1Char(','))),
        tr("%n overdue filing(s) not filed in it, on their due dates", nullptr, result.overdueFilings),
        tr("%n filing(s) without a due date left out", nullptr, result.leftOut.undated)};
    if (result.leftOut.beyondHorizon > 0)
        parts << tr("%n filing(s) due after %1 left out", nullptr, result.leftOut.beyondHorizon)
                     .arg(horizon.toString(Qt::ISODate));
    if (result.leftOut.filedEarlier > 0)
        parts << tr("%n filing(s) filed with a due date before %1 left out", nullptr,
                    result.leftOut.filedEarlier)
                     .arg(m_asOf.toString(Qt::ISODate));
    if (result.leftOut.withdrawnEarlier > 0)
        parts << tr("%n withdrawn filing(s) with a due date before %1 left out", nullptr,
                    result.leftOut.withdrawnEarlier)
                     .arg(m_asOf.toString(Qt::ISODate));
    if (result.leftOut.otherEntities > 0)
        parts << tr("%n filing(s) not filed of entities outside the portfolio left out", nullptr,
                    result.leftOut.otherEntities);
    operatorAction(QStringLiteral("calendar_export"), QString(), QString(), QString(),
                   parts.join(QStringLiteral("; ")));
    Q_EMIT calendarExported(result);
}

bool Engine::isOnTheWire(const QString &key) const {
    // A request of this member, or (team mode) a filing another member is sending or settling.
    const auto it = m_tasks.constFind(key);
    return m_requests.isDispatching(key) ||
           (it != m_tasks.constEnd() && it->state == ExecutionState::Dispatching);
}

void Engine::reportSkipped(const QString &action, const QStringList &onTheWire, const QStringList &otherState,
                           const QString &expected) {
    // An action on a selection says what it did not do, and why, instead of silently doing less.
    if (!onTheWire.isEmpty())
        Q_EMIT errorOccurred(
            tr("%1: %n filing(s) left as they are because a request is on the wire or its outcome is still "
               "being settled (%2); the registry's answer or the look-up decides what happens next (filed, "
               "retried or halted for a person); act on it again once it has an outcome",
               nullptr, int(onTheWire.size()))
                .arg(action, onTheWire.join(QStringLiteral(", "))));
    if (!otherState.isEmpty())
        Q_EMIT errorOccurred(tr("%1: %n filing(s) left as they are: only %2 can be acted on this way (%3)",
                                nullptr, int(otherState.size()))
                                 .arg(action, expected, otherState.join(QStringLiteral(", "))));
}

QString Engine::describeForOperator(const QString &key) const {
    const auto it = m_tasks.constFind(key);
    if (it == m_tasks.constEnd())
        return key.left(12);
    return QStringLiteral("%1 %2 %3")
        .arg(it->obligation.entity->name, it->obligation.jurisdiction, stateName(it->state));
}

QString Engine::payloadNote(const QString &sha256Before, const QString &sha256After, const QString &wasCode) {
    return sha256After == sha256Before
               ? tr("payload unchanged (sha256 %1); was %2").arg(sha256Before.left(12), wasCode)
               : tr("payload rebuilt from the entity register: sha256 %1 -> %2; was %3")
                     .arg(sha256Before.left(12), sha256After.left(12), wasCode);
}

void Engine::cureFromRegister(FilingTask &task) const {
    const auto record = m_register.constFind(task.obligation.entity->entityId);
    if (record == m_register.constEnd())
        return;
    Entity cured = *record;
    cured.jurisdiction = task.obligation.entity->jurisdiction.isEmpty()
                             ? cured.jurisdiction
                             : task.obligation.entity->jurisdiction;
    cured.sourceFile = task.obligation.entity->sourceFile;
    cured.sourceLine = task.obligation.entity->sourceLine;
    task.setEntity(cured);
}

void Engine::replay(const QStringList &keys, const QString &reason) {
    if (waitsForRegisterWrite([=, this] { replay(keys, reason); }))
        return;
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("a replay needs a reason"));
        return;
    }
    int replayed = 0;
    QStringList requeued; // PENDING again: back to work (WorkSource::requeue())
    QStringList onTheWire;
    QStringList otherState;
    for (const QString &key : keys) {
        auto it = m_tasks.find(key);
        if (it == m_tasks.end())
            continue;
        if (isOnTheWire(key)) {
            onTheWire.append(describeForOperator(key));
            continue;
        }
        if (it->state != ExecutionState::DeadLetter) {
            otherState.append(describeForOperator(key));
            continue;
        }
        const FilingTask before = *it;
        // What the person corrected in the register since (the officers a rejection asked for) is what goes
        // out: the payload is built again from the register, under the same key, as a cure is.
        const QString payloadBefore = it->payloadSha256();
        cureFromRegister(*it);
        const QString payloadAfter = it->payloadSha256();
        it->transitionNote = payloadNote(payloadBefore, payloadAfter, before.lastErrorCode);
        it->attempts = 0;
        it->nextAttemptUtc = QDateTime();
        it->lookupRequired = true; // a dead letter may hide an accepted filing: look it up first
        clearLastError(*it);       // written with the replay: no later row carries the old error
        if (!transition(*it, ExecutionState::Pending, host::osUser(), QStringLiteral("replay"), reason)) {
            *it = before;
            break;
        }
        ++replayed;
        requeued.append(key);
    }
    reportSkipped(tr("Replay"), onTheWire, otherState, tr("dead letters"));
    if (replayed > 0)
        m_batchState.idleSignalled = false;
    m_work->requeue(requeued, reason, tr("replay"));
    pump();
    updateStatus();
}

void Engine::resolve(const QStringList &keys, const QString &reason, bool requeue, bool sendUnchanged) {
    if (waitsForRegisterWrite([=, this] { resolve(keys, reason, requeue, sendUnchanged); }))
        return;
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("resolving a halt needs a reason"));
        return;
    }
    QStringList requeued; // PENDING again: back to work (WorkSource::requeue())
    QStringList onTheWire;
    QStringList otherState;
    QStringList unchanged; // data defects whose data did not change: asked about first
    for (const QString &key : keys) {
        auto it = m_tasks.find(key);
        if (it == m_tasks.end())
            continue;
        if (isOnTheWire(key)) {
            onTheWire.append(describeForOperator(key));
            continue;
        }
        if (it->state != ExecutionState::FailedStatutory) {
            otherState.append(describeForOperator(key));
            continue;
        }
        if (!requeue) {
            if (it->lastCategory != ErrorCategory::Reconciliation || it->confirmationNumber.isEmpty()) {
                Q_EMIT errorOccurred(
                    tr("only a reconciliation exception with a confirmation number can be accepted as "
                       "filed; requeue or withdraw %1 instead")
                        .arg(key.left(12)));
                continue;
            }
            if (!transition(*it, ExecutionState::Completed, host::osUser(), QStringLiteral("resolve_accept"),
                            reason))
                break;
            continue;
        }
        const FilingTask before = *it;
        // The cure: the payload is built again from the entity register, under the same key. A halt for
        // a data defect whose data did not change would only halt again: the person is asked first.
        const QString payloadBefore = it->payloadSha256();
        cureFromRegister(*it);
        const QString payloadAfter = it->payloadSha256();
        const std::optional<RejectionCode> rejection =
            RejectionCatalogue::builtIn().find(before.lastErrorCode);
        if (payloadAfter == payloadBefore && rejection && rejection->dataDefect && !sendUnchanged) {
            *it = before;
            unchanged.append(key);
            continue;
        }
        it->attempts = 0;
        it->lookupRequired = it->lookupRequired || it->lastCategory == ErrorCategory::System;
        clearLastError(*it); // written with the requeue: no later row carries the old error
        it->transitionNote = payloadNote(payloadBefore, payloadAfter, before.lastErrorCode);
        if (!transition(*it, ExecutionState::Pending, host::osUser(), QStringLiteral("resolve_requeue"),
                        reason)) {
            *it = before;
            break;
        }
        requeued.append(key);
    }
    reportSkipped(requeue ? tr("Requeue") : tr("Accept as filed"), onTheWire, otherState,
                  tr("filings halted for a person"));
    if (!unchanged.isEmpty()) {
        QStringList names;
        for (const QString &key : std::as_const(unchanged))
            names.append(describeForOperator(key));
        Q_EMIT unchangedPayloadHeld(
            unchanged, tr("nothing changed in the data the registry refused (%1): the same payload would be "
                          "refused again. Edit the entity first, or send it anyway.")
                           .arg(names.join(QStringLiteral(", "))));
    }
    m_work->requeue(requeued, reason, tr("requeue"));
    pump();
    updateStatus();
}

void Engine::recordFiledOutside(const QString &key, const QString &confirmationNumber, qint64 feeChargedCents,
                                const QDate &filedOn, const QString &reason) {
    if (reason.trimmed().isEmpty() || confirmationNumber.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(
            tr("a filing made outside FilingDesk needs its confirmation number and a reason"));
        return;
    }
    if (feeChargedCents < 0 || !filedOn.isValid()) {
        Q_EMIT errorOccurred(tr("a filing made outside FilingDesk needs the fee charged and the date filed"));
        return;
    }
    const auto it = m_tasks.find(key);
    if (it == m_tasks.end())
        return;
    if (isOnTheWire(key) ||
        (it->state != ExecutionState::FailedStatutory && it->state != ExecutionState::DeadLetter)) {
        reportSkipped(tr("Filed outside FilingDesk"),
                      isOnTheWire(key) ? QStringList{describeForOperator(key)} : QStringList{},
                      isOnTheWire(key) ? QStringList{} : QStringList{describeForOperator(key)},
                      tr("filings halted for a person or dead letters"));
        return;
    }
    const FilingTask before = *it;
    it->confirmationNumber = confirmationNumber.trimmed();
    it->feeChargedCents = feeChargedCents;
    it->lookupRequired = false;
    clearLastError(*it);
    it->transitionNote =
        tr("filed outside FilingDesk on %1: confirmation %2, charged %3")
            .arg(filedOn.toString(Qt::ISODate), it->confirmationNumber, dollars(feeChargedCents));
    if (!transition(*it, ExecutionState::Completed, host::osUser(), QStringLiteral("filed_outside"),
                    reason)) {
        *it = before;
        return;
    }
    if (feeDiffers(*it))
        raise(AlertKind::FeeDiffers, *it,
              tr("charged %1, the rule's fee is %2")
                  .arg(dollars(feeChargedCents), dollars(it->obligation.feeCents)));
    updateStatus();
    checkIdle();
}

void Engine::withdraw(const QStringList &keys, const QString &reason) {
    if (reason.trimmed().isEmpty()) {
        Q_EMIT errorOccurred(tr("withdrawing a filing needs a reason"));
        return;
    }
    QStringList onTheWire;
    QStringList otherState;
    for (const QString &key : keys) {
        auto it = m_tasks.find(key);
        if (it == m_tasks.end())
            continue;
        if (isOnTheWire(key)) {
            onTheWire.append(describeForOperator(key));
            continue;
        }
        if (it->state != ExecutionState::FailedStatutory && it->state != ExecutionState::Pending &&
            it->state != ExecutionState::Validating) {
            otherState.append(describeForOperator(key));
            continue;
        }
        m_requests.retire(key);
        const FilingTask before = *it;
        it->lastCategory = ErrorCategory::None;
        it->lastErrorCode = QStringLiteral("WITHDRAWN");
        it->lastErrorMessage = tr("withdrawn by %1: will not file").arg(host::osUser());
        bool ok = true;
        if (it->state == ExecutionState::Pending)
            ok = transition(*it, ExecutionState::Validating, host::osUser(), QStringLiteral("withdraw"),
                            reason);
        ok = ok &&
             transition(*it, ExecutionState::DeadLetter, host::osUser(), QStringLiteral("withdraw"), reason);
        if (!ok) {
            *it = before;
            enqueue(key);
            break;
        }
    }
    reportSkipped(tr("Withdraw"), onTheWire, otherState, tr("pending or halted filings"));
    updateStatus();
    checkIdle();
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

void Engine::addNote(const QString &key, const QString &note) {
    const auto it = m_tasks.constFind(key);
    operatorAction(QStringLiteral("note"), note, key,
                   it == m_tasks.constEnd() ? QString() : it->obligation.entity->entityId);
}

void Engine::updateEntity(const QString &entityId, const QDate &formationDate, const QString &entityType,
                          const QString &reason) {
    QHash<QString, QString> values;
    if (formationDate.isValid())
        values.insert(QStringLiteral("formation_date"), formationDate.toString(Qt::ISODate));
    if (entityTypeFromName(entityType) != EntityType::Unknown)
        values.insert(QStringLiteral("entity_type"), entityTypeName(entityTypeFromName(entityType)));
    if (!values.isEmpty())
        editEntity(entityId, values, reason);
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
    AuditQuery byName = query;
    const QString text = query.text.trimmed();
    if (!text.isEmpty()) {
        for (auto it = m_register.cbegin(); it != m_register.cend() && byName.textEntityIds.size() < 500;
             ++it) {
            if (it->name.contains(text, Qt::CaseInsensitive))
                byName.textEntityIds.append(it.key());
        }
    }
    readAudit(byName, [this](const QList<AuditEntry> &rows) { Q_EMIT auditResults(rows); });
}

void Engine::readAudit(const AuditQuery &query, std::function<void(const QList<AuditEntry> &)> answer) {
    if (!m_reader.isOpen()) { // not started (or stopped): the store answers, if it is open at all
        answer(m_store->queryAudit(query));
        return;
    }
    m_reader.query(query, this,
                   [answer = std::move(answer)](const QList<AuditEntry> &rows) { answer(rows); });
}

void Engine::queryEntityHistory(const QString &entityId) {
    AuditQuery query;
    query.entityId = entityId;
    query.limit = 2000;
    readAudit(query,
              [this, entityId](const QList<AuditEntry> &rows) { Q_EMIT entityHistory(entityId, rows); });
}

void Engine::queryNotes() {
    AuditQuery query;
    query.action = QStringLiteral("note");
    query.limit = 100000;
    readAudit(query, [this](QList<AuditEntry> notes) {
        std::sort(notes.begin(), notes.end(), [](const AuditEntry &a, const AuditEntry &b) {
            return a.atUtc != b.atUtc ? a.atUtc < b.atUtc : a.id < b.id;
        });
        Q_EMIT notesFound(notes);
    });
}

void Engine::publishAllTasks() {
    Q_EMIT tasksChanged(m_tasks.values());
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
    m_work->handBack(claimed);
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
