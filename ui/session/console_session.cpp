#include "ui/session/console_session.h"

#include "engine/client/engine_client.h"
#include "engine/core/engine.h"
#include "engine/core/host_identity.h"
#include "ui/models/audit_model.h"
#include "ui/models/breaker_board.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/exception_model.h"
#include "ui/models/member_model.h"
#include "ui/models/obligation_model.h"
#include "ui/models/permit_model.h"
#include "ui/session/deadline_reminders.h"
#include "ui/session/registry_probe.h"
#include "ui/settings/console_settings.h"

#include <QFileInfo>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcConsole, "filingdesk.console")

namespace fd::ui {

ConsoleSession::ConsoleSession(const ConsoleOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_settings(std::make_unique<ConsoleSettings>(options.settingsPath))
    , m_secrets(new SecretStore(this))
    , m_link(new EngineClient(this))
    , m_probe(new RegistryProbe(this))
    , m_breakers(new BreakerBoard(this))
    , m_obligations(new ObligationModel(this))
    , m_deadLetters(new DeadLetterModel(this))
    , m_exceptions(new ExceptionModel(this))
    , m_permits(new PermitModel(this))
    , m_audit(new AuditModel(this))
    , m_members(new MemberModel(this))
    , m_memberId(host::nextConsoleMemberId())
    , m_asOf(options.asOf.isValid() ? options.asOf : QDate::currentDate()) {
    m_members->setOwnMemberId(m_memberId);
    // Until a portfolio's plan arrives, the tasks resumed from the database are judged as of this date.
    m_obligations->setAsOf(m_asOf);
    m_exceptions->setAsOf(m_asOf);
    // The audit rows with the names and dollars people know them by (view, copy and export).
    m_audit->setContextLookup([this](const AuditEntry &entry) {
        AuditContext context;
        const int row = entry.idempotencyKey.isEmpty() ? -1 : m_obligations->rowOfKey(entry.idempotencyKey);
        if (row >= 0) {
            const FilingTask &task = m_obligations->rowAt(row).task;
            const Obligation &o = task.obligation;
            context.entityName = o.entity->name;
            context.jurisdiction = o.jurisdiction;
            context.filing = QStringLiteral("%1 %2")
                                 .arg(o.filingName.isEmpty() ? o.filingType : o.filingName)
                                 .arg(o.filingYear);
            context.feeCents = o.feeCents;
            context.feeChargedCents = task.feeChargedCents;
            context.confirmationNumber = task.confirmationNumber;
        }
        if (context.entityName.isEmpty() && !entry.entityId.isEmpty())
            context.entityName = m_register.value(entry.entityId).name;
        return context;
    });
    m_reminders = new DeadlineReminders(m_obligations, m_settings.get(), this);
    m_usageTimer.setInterval(1000);
    connect(&m_usageTimer, &QTimer::timeout, m_link, &EngineClient::refreshUsage);
    connectEngine();
}

ConsoleSession::~ConsoleSession() {
    shutdown();
}

void ConsoleSession::shutdown() {
    // Stop the engine first: nothing may arrive for models that are being destroyed.
    m_usageTimer.stop();
    delete m_link;
    m_link = nullptr;
}

report::ReportSource ConsoleSession::reportSource() const {
    // The team's reports come from the ledger (its chain head is the one to verify); a desk's from its own
    // database, read beside the engine.
    report::ReportSource source;
    if (m_teamMode) {
        source.ledger = m_sessionConfig.ledger;
        source.ledger->password = m_ledgerPassword;
    } else {
        source.dbPath = m_sessionConfig.dbPath;
    }
    return source;
}

void ConsoleSession::setAsOf(const QDate &asOf) {
    m_asOf = asOf;
    // Without a portfolio nothing is planned again: the rows on show (tasks resumed from the database) are
    // judged as of the new date here. A portfolio's plan brings its own date when it arrives.
    if (m_portfolioName.isEmpty()) {
        m_obligations->setAsOf(asOf);
        m_exceptions->setAsOf(asOf);
    }
}

void ConsoleSession::replan() {
    // The engine answers a new date with a plan when it holds one (and says nothing otherwise): that answer
    // is told apart from a portfolio's, so that it admits nothing.
    if (m_planLoaded && m_asOf.isValid() && m_asOf != m_engineAsOf)
        m_asOfReplans.append(m_asOf);
    if (m_asOf.isValid())
        m_engineAsOf = m_asOf;
    m_link->setAsOf(m_asOf);
}

void ConsoleSession::admitPlanned() {
    m_link->admit(-1);
}

ConsoleSession::DueCounts ConsoleSession::dueCounts(int days) const {
    DueCounts counts;
    const QDate asOf = m_obligations->asOf().isValid() ? m_obligations->asOf() : m_asOf;
    for (int row = 0; row < m_obligations->rowCount(); ++row) {
        const ObligationRow &r = m_obligations->rowAt(row);
        if (r.kind != ObligationRow::Kind::Task && r.kind != ObligationRow::Kind::Planned)
            continue;
        if (r.kind == ObligationRow::Kind::Task && isTerminal(r.task.state))
            continue;
        const QDate due = r.task.obligation.dueDate;
        if (!due.isValid())
            continue;
        const qint64 left = asOf.daysTo(due);
        if (left < 0)
            counts.overdue.insert(r.key);
        else if (left <= days)
            counts.dueWithin.insert(r.key);
    }
    return counts;
}

QList<ObligationRow> ConsoleSession::rowsOfEntity(const QString &entityId) const {
    QList<ObligationRow> rows;
    for (int r = 0; r < m_obligations->rowCount(); ++r) {
        if (m_obligations->rowAt(r).task.obligation.entity->entityId == entityId)
            rows.append(m_obligations->rowAt(r));
    }
    return rows;
}

QStringList ConsoleSession::owners() const {
    QStringList owners;
    for (const Entity &e : std::as_const(m_register)) {
        if (!e.owner.trimmed().isEmpty())
            owners << e.owner.trimmed();
    }
    for (int r = 0; r < m_obligations->rowCount(); ++r) {
        const QString owner = m_obligations->rowAt(r).task.obligation.entity->owner.trimmed();
        if (!owner.isEmpty())
            owners << owner;
    }
    return owners;
}

QStringList ConsoleSession::pendingKeysDueWithin(int days) const {
    QStringList keys;
    const QDate asOf = m_obligations->asOf().isValid() ? m_obligations->asOf() : m_asOf;
    for (int row = 0; row < m_obligations->rowCount(); ++row) {
        const ObligationRow &r = m_obligations->rowAt(row);
        if (r.kind == ObligationRow::Kind::Task && r.task.state == ExecutionState::Pending &&
            r.task.batchId.isEmpty() && asOf.daysTo(r.task.obligation.dueDate) <= days)
            keys.append(r.key);
    }
    return keys;
}

void ConsoleSession::loadPortfolio(const QString &path) {
    m_engineAsOf = m_asOf;
    m_link->loadPortfolio(path, m_asOf);
}

void ConsoleSession::refreshRegistryMode() {
    applyRegistryMode(m_sessionConfig);
}

void ConsoleSession::connectEngine() {
    Engine *engine = m_link->engine();
    connect(engine, &Engine::started, this, &ConsoleSession::onEngineStarted);
    connect(engine, &Engine::portfolioLoaded, this,
            [this](const PortfolioSummary &summary, const QList<RowPlan> &rows) {
                if (!summary.fileError.isEmpty()) {
                    Q_EMIT portfolioFailed(summary.fileError);
                    return;
                }
                const bool opened = !summary.file.isEmpty();
                // The answer to replan(): the engine answers in order, and a portfolio's plan names its file.
                const bool asOfReplan =
                    !opened && !m_asOfReplans.isEmpty() && summary.asOf == m_asOfReplans.constFirst();
                if (asOfReplan)
                    m_asOfReplans.removeFirst();
                if (opened) {
                    m_portfolioName = QFileInfo(summary.file).fileName();
                    m_planLoaded = true;
                }
                m_obligations->setPlan(rows, summary.asOf);
                m_exceptions->setAsOf(summary.asOf);
                Q_EMIT portfolioLoaded(summary);
                if (asOfReplan) {
                    // Another date is not a decision to file: the filings it makes due wait for a person
                    // (admitPlanned(), or opening the portfolio again).
                    Q_EMIT asOfReplanned(summary.asOf);
                    return;
                }
                // Admission stores the tasks (PENDING); nothing is sent before an operator launches.
                m_link->admit(-1);
            });
    connect(engine, &Engine::admitted, this, &ConsoleSession::admitted);
    connect(engine, &Engine::tasksChanged, this, [this](const QList<FilingTask> &tasks) {
        // One coalesced batch from the engine -> one update per model.
        m_obligations->applyTasks(tasks);
        m_deadLetters->applyTasks(tasks);
        m_exceptions->applyTasks(tasks);
        if (m_startHeld && m_engineStarted)
            decideResumedTasks(tasks); // the engine's first publication after its start: every task
        Q_EMIT tasksChanged();
    });
    connect(engine, &Engine::registerChanged, this,
            [this](const QList<Entity> &entities, const QList<RegisterConflict> &conflicts) {
                m_register.clear();
                QHash<QString, QString> owners;
                for (const Entity &e : entities) {
                    m_register.insert(e.entityId, e);
                    owners.insert(e.entityId, e.owner);
                }
                m_registerConflicts = conflicts;
                // Who answers for a filing is the register's word (an entity handed to another person).
                m_obligations->setRegisterOwners(owners);
                m_deadLetters->setRegisterOwners(owners);
                m_exceptions->setRegisterOwners(owners);
                Q_EMIT registerChanged();
            });
    connect(engine, &Engine::registerEditFailed, this, &ConsoleSession::registerEditFailed);
    connect(engine, &Engine::entityEditApplied, this, &ConsoleSession::entityEditApplied);
    connect(engine, &Engine::notesFound, this, [this](const QList<AuditEntry> &notes) {
        QHash<QString, QList<AuditEntry>> byKey;
        for (const AuditEntry &note : notes) {
            if (!note.idempotencyKey.isEmpty())
                byKey[note.idempotencyKey].append(note);
        }
        m_deadLetters->setNotes(byKey);
        m_exceptions->setNotes(byKey);
    });
    connect(engine, &Engine::entityHistory, this, &ConsoleSession::entityHistory);
    connect(engine, &Engine::unchangedPayloadHeld, this, &ConsoleSession::unchangedPayloadHeld);
    connect(engine, &Engine::batchStatusChanged, this, &ConsoleSession::applyBatchStatus);
    connect(engine, &Engine::batchIdle, this, [this] { Q_EMIT batchIdle(); });
    connect(engine, &Engine::gateBlindChanged, this, &ConsoleSession::setGateBlind);
    connect(engine, &Engine::ledgerStateChanged, this, &ConsoleSession::setLedgerState);
    connect(engine, &Engine::ledgerLinkChanged, this, &ConsoleSession::setLedgerLink);
    connect(engine, &Engine::reviewsChanged, this, [this](const QHash<QString, QString> &reviews) {
        m_deadLetters->setReviews(reviews);
        m_exceptions->setReviews(reviews);
        Q_EMIT reviewsChanged();
    });
    connect(engine, &Engine::membersUpdated, this, &ConsoleSession::membersUpdated);
    connect(engine, &Engine::usageUpdated, this, &ConsoleSession::usageUpdated);
    connect(engine, &Engine::auditResults, this, [this](const QList<AuditEntry> &entries) {
        m_audit->setEntries(entries);
        Q_EMIT auditResults(int(entries.size()));
    });
    connect(engine, &Engine::alertRaised, this, [this](const EngineAlert &alert) {
        if (alert.kind == AlertKind::PermitLost)
            m_permits->recordLostLease(alert.jurisdiction, alert.idempotencyKey, alert.entityName);
        if (alert.kind == AlertKind::LedgerChainBroken) {
            // Not an outage: the ledger answers, but its audit trail cannot be trusted, and reaching it again
            // does not change that. The banner and the title say so rather than "unreachable".
            m_ledgerUntrusted = true;
            m_ledgerUntrustedReason = alert.message;
            setLedgerState(false, alert.message);
        }
        m_breakers->apply(alert); // breaker_open / breaker_closed: per jurisdiction, until it closes
        Q_EMIT alertRaised(alert);
    });
    connect(engine, &Engine::errorOccurred, this, &ConsoleSession::errorOccurred);
    connect(m_link, &EngineClient::heartbeat, this, &ConsoleSession::heartbeat);
    connect(m_probe, &RegistryProbe::reachabilityChanged, this, &ConsoleSession::registryReachabilityChanged);
}

void ConsoleSession::onEngineStarted(bool ok, const QString &error, const QString &gate, bool fleet) {
    m_engineStarted = ok;
    m_fleetMode = fleet;
    m_gateDescription = gate;
    m_breakers->clear(); // a new engine starts with every circuit breaker closed
    if (!ok) {
        Q_EMIT started(ok, error, gate, fleet);
        return;
    }
    // Team mode: an unreachable ledger was announced before started(); otherwise it answers.
    if (m_teamMode && !m_ledgerKnown)
        setLedgerState(true, QString());
    m_usageTimer.start();
    m_link->queryNotes();
    Q_EMIT started(ok, error, gate, fleet);
}

EngineConfig ConsoleSession::configForStart(QString *unreadable) const {
    QHash<QString, QString> unreadableSettings;
    EngineConfig config = m_settings->engineConfig(&unreadableSettings);
    // A saved URL that does not parse matters unless an option takes its place this session.
    if (m_options.redisGiven)
        unreadableSettings.remove(QStringLiteral("redis"));
    if (m_options.ledgerGiven)
        unreadableSettings.remove(QStringLiteral("ledger"));
    for (auto it = unreadableSettings.cbegin(); it != unreadableSettings.cend() && unreadable->isEmpty();
         ++it)
        *unreadable = QStringLiteral("%1: %2").arg(it.key(), it.value());
    if (m_options.registryUrl.isValid())
        config.registries.defaultUrl = m_options.registryUrl;
    if (m_options.redisGiven)
        config.redis = m_options.redis;
    for (const QString &spec : m_options.limits) {
        QString ignored; // validated when the options were parsed
        config.addLimit(spec, &ignored);
    }
    if (m_options.ledgerGiven)
        config.ledger = m_options.ledger;
    if (!m_options.dbPath.isEmpty())
        config.dbPath = m_options.dbPath;
    if (config.dbPath.isEmpty() && !config.ledger)
        config.dbPath = host::defaultDeskDatabasePath(); // team mode: a mirror of its own per ledger and desk
    config.consoleId = m_memberId;
    config.memberKind = MemberKind::Desk;
    return config;
}

void ConsoleSession::start() {
    QString unreadable;
    const EngineConfig config = configForStart(&unreadable);
    if (!unreadable.isEmpty()) {
        // Refused as the engine refuses a configuration it cannot use: nothing starts, nothing is sent.
        startEngineWith(config, {}, unreadable);
        return;
    }
    // Secrets are kept per URL they unlock: the password of the Redis this session uses, the token of its
    // registry (a --redis or --registry override reads that server's own entry, never another's).
    const QString redisSecret = config.redis ? SecretStore::nameFor(*config.redis) : QString();
    const QString tokenSecret =
        SecretStore::nameFor(SecretStore::registryToken, config.registries.defaultUrl);
    const QString ledgerSecret = config.ledger ? SecretStore::nameFor(*config.ledger) : QString();
    const bool wantRedis = m_options.useKeychain && m_settings->hasSecret(redisSecret);
    const bool wantToken = m_options.useKeychain && m_settings->hasSecret(tokenSecret);
    const bool wantLedger = m_options.useKeychain && config.ledger && m_settings->hasSecret(ledgerSecret);
    if (!wantRedis && !wantToken && !wantLedger) {
        startEngineWith(config);
        return;
    }
    // Secrets come from the keychain, asynchronously; the engine starts once every answer is in.
    auto pending = std::make_shared<int>(int(wantRedis) + int(wantToken) + int(wantLedger));
    auto collected = std::make_shared<EngineConfig>(config);
    auto problems = std::make_shared<QStringList>();
    auto finishOne = [this, pending, collected, problems](const QString &name, const SecretStore::Result &r,
                                                          const std::function<void(EngineConfig &)> &apply) {
        if (r.ok) {
            apply(*collected);
        } else {
            // Said out loud (notice bar, status bar, log): the engine then runs without it and the server
            // refuses (fail closed), never a silent "no password".
            const QString problem = tr("Could not read %1 from the keychain: %2").arg(name, r.error);
            qCWarning(lcConsole).noquote() << problem;
            problems->append(problem);
        }
        if (--*pending == 0)
            startEngineWith(*collected, *problems);
    };
    if (wantRedis)
        readSecret(redisSecret, kSecretReadAttempts, [finishOne, redisSecret](const SecretStore::Result &r) {
            // Over a password given in the URL (--redis), as FILINGDESK_REDIS_PASSWORD is in a headless run.
            finishOne(redisSecret, r, [value = r.value](EngineConfig &c) {
                if (!value.isEmpty())
                    c.redis->password = value;
            });
        });
    if (wantToken)
        readSecret(tokenSecret, kSecretReadAttempts, [finishOne, tokenSecret](const SecretStore::Result &r) {
            finishOne(tokenSecret, r, [value = r.value](EngineConfig &c) { c.registryToken = value; });
        });
    if (wantLedger)
        readSecret(ledgerSecret, kSecretReadAttempts,
                   [finishOne, ledgerSecret](const SecretStore::Result &r) {
                       finishOne(ledgerSecret, r,
                                 [value = r.value](EngineConfig &c) { c.ledger->password = value; });
                   });
}

void ConsoleSession::readSecret(const QString &name, int attemptsLeft,
                                std::function<void(const SecretStore::Result &)> done) {
    m_secrets->read(name, [this, name, attemptsLeft, done](const SecretStore::Result &r) {
        // A keychain that is still unlocking at login, or busy, answers with an error: ask again, 1 s then 2
        // s later. A missing entry or no keychain at all will not change by waiting.
        if (r.ok || r.notFound || r.noBackend || attemptsLeft <= 1) {
            done(r);
            return;
        }
        const int delayMs = 1000 * (1 << (kSecretReadAttempts - attemptsLeft));
        QTimer::singleShot(delayMs, this,
                           [this, name, attemptsLeft, done] { readSecret(name, attemptsLeft - 1, done); });
    });
}

void ConsoleSession::startEngineWith(const EngineConfig &config, QStringList problems,
                                     const QString &refusal) {
    if (config.registries.isEmpty())
        problems.append(tr(
            "No registry is configured: filings would be quarantined. Set one in Settings (Ctrl+,) or start "
            "with --sandbox."));
    if (!problems.isEmpty())
        Q_EMIT startProblems(problems);
    m_sessionConfig = config;
    if (m_sessionConfig.redis)
        m_sessionConfig.redis->password.clear();
    m_sessionConfig.registryToken.clear();
    if (config.ledger) {
        m_ledgerPassword = config.ledger->password; // for the reports' own connection to the ledger
        m_sessionConfig.ledger->password.clear();
    }
    applyRegistryMode(config);
    m_probe->setUrl(config.registries.anyUrl());
    m_teamMode = config.ledger.has_value();
    m_ledgerDisplay = m_teamMode ? config.ledger->display() : QString();
    Q_EMIT configured();
    if (m_teamMode)
        qCInfo(lcConsole).noquote() << "team mode: ledger" << m_ledgerDisplay << "as member"
                                    << config.consoleId;
    if (!refusal.isEmpty()) {
        onEngineStarted(false, refusal, QString(), false);
        return;
    }
    // A single desk resumes an unfinished batch when it starts. Held (asked before the start, so that nothing
    // leaves first) until the session has seen which filings that would send: decideResumedTasks(). A team
    // member works on the team's batches, which the team runs and pauses together: not held.
    m_startHeld = !m_teamMode;
    if (m_startHeld)
        m_link->holdSending(true);
    m_link->start(config);
}

void ConsoleSession::decideResumedTasks(const QList<FilingTask> &tasks) {
    m_startHeld = false;
    QStringList lookUp;
    QStringList waiting;
    for (const FilingTask &t : tasks) {
        // What the engine resumes (RecoveryPlan): unfinished, and in a batch or past PENDING.
        if (isTerminal(t.state) || (t.state == ExecutionState::Pending && t.batchId.isEmpty()))
            continue;
        if (t.state == ExecutionState::Dispatching || t.lookupRequired) {
            lookUp.append(t.key); // it may have been filed: looked up now, never left in doubt
        } else {
            waiting.append(t.key);
            m_resumedBatchId = t.batchId;
        }
    }
    lookUp.sort();
    waiting.sort();
    m_lookedUpAtStart = int(lookUp.size());
    m_lookUpKeys = lookUp;
    if (waiting.isEmpty()) {
        m_link->holdSending(false); // only look-ups (or nothing): they go at once
        return;
    }
    // The batch ends here: its unsent filings go back to PENDING (audited with this reason), what was on the
    // wire stays in it for its look-up, and the rest waits for a person to launch it.
    m_link->cancelBatch(
        tr("FilingDesk started again with %n filing(s) of an unfinished batch not sent yet: they wait for a "
           "person to resume sending",
           nullptr, int(waiting.size())),
        QString(), DecidedBy::FilingDesk); // no person decided it: the trail names FilingDesk
    m_link->holdSending(false);
    // A filing sent with its outcome unknown (DISPATCHING) stays in its batch through the cancel and is
    // looked up there; one that waits with a look-up owed (PENDING, from an earlier cancel) is launched for
    // it.
    QStringList owedLookUp;
    for (const FilingTask &t : tasks)
        if (t.state == ExecutionState::Pending && t.lookupRequired && lookUp.contains(t.key))
            owedLookUp.append(t.key);
    if (!owedLookUp.isEmpty())
        m_link->launchBatch(
            owedLookUp,
            tr("FilingDesk started again: %n filing(s) whose outcome is unknown are looked up "
               "at the registry before anything else",
               nullptr, int(owedLookUp.size())),
            DecidedBy::FilingDesk);
    m_waitingKeys = waiting;
    Q_EMIT sendingWaits(int(waiting.size()), int(lookUp.size()));
}

QStringList ConsoleSession::waitingKeys() const {
    // Still waiting: not launched since (a launch puts it in another batch), not filed, withdrawn or sent.
    QStringList keys;
    for (const QString &key : m_waitingKeys) {
        const int row = m_obligations->rowOfKey(key);
        if (row < 0)
            continue;
        const FilingTask &t = m_obligations->rowAt(row).task;
        if (!isTerminal(t.state) && t.state != ExecutionState::Dispatching &&
            (t.batchId.isEmpty() || t.batchId == m_resumedBatchId))
            keys.append(key);
    }
    return keys;
}

int ConsoleSession::lookUpsOpen() const {
    int open = 0;
    for (const QString &key : m_lookUpKeys) {
        const int row = m_obligations->rowOfKey(key);
        if (row < 0)
            continue;
        const FilingTask &t = m_obligations->rowAt(row).task;
        if (!isTerminal(t.state) && (t.state == ExecutionState::Dispatching || t.lookupRequired))
            ++open;
    }
    return open;
}

void ConsoleSession::applyRegistryMode(const EngineConfig &config) {
    m_registryMode = registryModeOf(config, m_options.sandbox ? m_options.registryUrl : QUrl(),
                                    m_settings->practiceRegistries());
    Q_EMIT registryModeChanged();
}

void ConsoleSession::applyBatchStatus(const BatchStatus &status) {
    m_status = status;
    if (!(status.access == m_access)) {
        m_access = status.access;
        Q_EMIT accessChanged(m_access);
    }
    m_paused = status.paused;
    if (status.teamMode && !status.ledgerTrusted && !m_ledgerUntrusted) {
        m_ledgerUntrusted = true; // the alert that says why may have been missed; the status never is
        setLedgerState(false, QString());
    }
    if (status.teamMode && status.ledgerReachable != m_ledgerReachable)
        setLedgerState(status.ledgerReachable, QString());
    if (status.gateBlind != m_gateBlind)
        setGateBlind(status.gateBlind, QString());
    Q_EMIT batchStatusChanged(status);
}

void ConsoleSession::setGateBlind(bool blind, const QString &reason) {
    m_gateBlind = blind;
    Q_EMIT gateBlindChanged(blind, reason);
}

void ConsoleSession::setLedgerLink(LedgerLink link, const QString &detail) {
    // The connection in detail: a standby and a lock wait are named as such, never as "unreachable".
    m_ledgerLink = link;
    if (!m_teamMode || m_ledgerUntrusted)
        return;
    if (link == LedgerLink::WaitingOnLock) {
        Q_EMIT ledgerWaitingOnLock(detail);
        return;
    }
    setLedgerState(link == LedgerLink::Connected, detail);
}

void ConsoleSession::setLedgerState(bool reachable, const QString &reason) {
    if (!m_teamMode)
        return;
    reachable = reachable && !m_ledgerUntrusted; // answering again does not make its audit true again
    const bool changed = !m_ledgerKnown || reachable != m_ledgerReachable;
    m_ledgerKnown = true;
    m_ledgerReachable = reachable;
    Q_EMIT ledgerStateChanged(reachable, reason, changed);
    if (changed)
        qCInfo(lcConsole).noquote() << (reachable ? "team ledger reachable" : "team ledger unreachable:")
                                    << reason;
}

} // namespace fd::ui
