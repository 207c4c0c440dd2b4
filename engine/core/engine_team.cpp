// Team mode: the engine's side of the shared ledger (docs/ledger.md). The ledger is the truth; this member
// claims tasks before it asks for a permit, keeps the local SQLite as a mirror, follows the others through
// NOTIFY and the audit sequence, seals the audit in its turn, and sends nothing while the ledger cannot be
// reached.
#include "engine/core/engine.h"
#include "engine/core/host_identity.h"

#include "engine/core/clock.h"
#include "engine/ledger/audit_sealer.h"
#include "engine/ledger/ledger_schema.h"
#include "engine/ledger/ledger_store.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QSqlDriver>

Q_DECLARE_LOGGING_CATEGORY(lcEngine)

namespace fd {

namespace {
constexpr int kClaimIntervalMs = 250;
constexpr int kSyncIntervalMs = 1000;
constexpr int kReconnectIntervalMs = 1000;
constexpr int kBeatIntervalMs = 5000;
constexpr int kSyncPage = 2000;
constexpr int kBusyQuietMs = 1000;

} // namespace

bool Engine::startTeam(QString *error) {
    if (!m_ledger) {
        // The team ledger takes the place of the desk's database: the mirror is the ledger store's own.
        auto store = std::make_unique<LedgerStore>(*m_config.ledger, m_config.consoleId,
                                                   toString(m_config.memberKind), m_config.leaseMs);
        m_ledger = store.get();
        m_desk = nullptr;
        m_store = std::move(store);
    }
    m_ledger->setClock(m_clock);
    // A NOTIFY (or the connection ending) wakes the catch-up; a burst is one catch-up (m_notifyTimer).
    m_ledger->setNotificationHandler([this] {
        if (!m_notifyTimer.isActive())
            m_notifyTimer.start();
    });
    QString ledgerError;
    if (!m_ledger->openTeam(m_config.dbPath, error, &ledgerError))
        return false;
    m_ledgerDown = !m_ledger->isReachable();
    if (m_ledgerDown) {
        qCWarning(lcEngine).noquote() << "ledger unreachable at start:" << ledgerError;
        Q_EMIT ledgerStateChanged(false, ledgerError);
    }
    return true;
}

void Engine::startTeamTimers() {
    m_startedUtc = QDateTime::currentDateTimeUtc();
    m_claimTimer.setInterval(kClaimIntervalMs);
    connect(&m_claimTimer, &QTimer::timeout, this, &Engine::claimWork);
    m_claimSoonTimer.setInterval(50); // claims freed by transitions, refilled in one query
    m_claimSoonTimer.setSingleShot(true);
    connect(&m_claimSoonTimer, &QTimer::timeout, this, [this] {
        // Refill in batches: a claim query per finished filing would cost the ledger more than the filing.
        if (claimCapacity() - m_requests.claimCount() >= qMax(1, claimCapacity() / 4))
            claimWork();
    });
    m_syncTimer.setInterval(kSyncIntervalMs);
    connect(&m_syncTimer, &QTimer::timeout, this, &Engine::syncLedger);
    m_renewTimer.setInterval(int(qMax<qint64>(500, m_config.leaseMs / 3)));
    connect(&m_renewTimer, &QTimer::timeout, this, &Engine::renewClaims);
    m_reconnectTimer.setInterval(kReconnectIntervalMs);
    connect(&m_reconnectTimer, &QTimer::timeout, this, &Engine::reconnectLedger);
    m_beatTimer.setInterval(kBeatIntervalMs);
    connect(&m_beatTimer, &QTimer::timeout, this, &Engine::heartbeat);
    m_ledgerBusyTimer.setInterval(kBusyQuietMs + 100); // once the pause after a lock wait is over
    m_ledgerBusyTimer.setSingleShot(true);
    connect(&m_ledgerBusyTimer, &QTimer::timeout, this, [this] {
        if (ledgerQuiet()) {
            m_ledgerBusyTimer.start();
            return;
        }
        resumeDeferredLedgerWork();
        claimWork();
        pump();
        updateStatus();
    });
    m_notifyTimer.setInterval(100); // a burst of NOTIFYs is one catch-up
    m_notifyTimer.setSingleShot(true);
    connect(&m_notifyTimer, &QTimer::timeout, this, &Engine::syncLedger);
    m_claimTimer.start();
    m_syncTimer.start();
    // The audit rows this member writes are sealed into the chain by whichever member wins the sealer's lock:
    // this one takes its turn every few hundred ms and soon after its own writes (AuditSealer).
    m_ledger->startSealing(AuditSealer::kIntervalMs);
    m_renewTimer.start();
    m_beatTimer.start();
    if (m_ledgerDown)
        m_reconnectTimer.start();
    syncLedger(); // the first catch-up checks the chain before this member writes anything
    refreshBatches();
    refreshReviews();
    heartbeat();
}

void Engine::decideWhatThisMemberSends() {
    // A member claims only work it can send: a claim taken by a member that cannot send it is a filing held
    // back from the members that can (or, before, dead-lettered for want of a registry URL).
    m_sendJurisdictions = m_config.onlyJurisdictions;
    m_reviewOnlyReason.clear();
    if (!m_config.claimsWork)
        return;
    if (m_gate->mode() != PermitGate::Mode::Fleet) {
        // An in-process gate would let this member use each registry's whole cap beside the team's.
        m_reviewOnlyReason = tr("no fleet gate (Redis) configured");
    } else if (const std::optional<QStringList> sendable = m_registry->sendableJurisdictions()) {
        if (m_sendJurisdictions.isEmpty()) {
            m_sendJurisdictions = *sendable;
        } else {
            QStringList both;
            for (const QString &j : std::as_const(m_sendJurisdictions))
                if (sendable->contains(j))
                    both.append(j);
            m_sendJurisdictions = both;
        }
        if (m_sendJurisdictions.isEmpty())
            m_reviewOnlyReason = tr("no registry configured for its jurisdictions");
    }
    if (!m_reviewOnlyReason.isEmpty())
        qCInfo(lcEngine).noquote() << "review desk, claims no filings:" << m_reviewOnlyReason;
}

int Engine::claimCapacity() const {
    // Hold no more than this member can have on the wire (its global ceiling) plus one jurisdiction's worth
    // queued behind it: the rest is for the others.
    int largestCeiling = m_config.defaultLimit;
    for (int cap : std::as_const(m_config.limits))
        largestCeiling = qMax(largestCeiling, cap);
    return m_config.globalLimit + largestCeiling;
}

bool Engine::followsTeam() const {
    // Desks and runs show (and count) the whole team's work; a worker needs only what it claims.
    return m_config.memberKind != MemberKind::Worker;
}

bool Engine::holds(const QString &key) const {
    return m_requests.isClaimed(key) || m_requests.isUnderWay(key);
}

bool Engine::ledgerQuiet() {
    // After a call waited on another session's lock, the ledger is left alone for a moment: every call blocks
    // this thread (up to lock_timeout each), and the gate's own answers wait on it meanwhile.
    if (m_ledger && m_ledger->lockWaits() != m_lockWaitsSeen) {
        m_lockWaitsSeen = m_ledger->lockWaits();
        m_ledgerQuietUntil = now().addMSecs(kBusyQuietMs);
        m_ledgerBusyTimer.start(); // what waited (and was put back) goes on once the pause is over
    }
    return m_ledgerQuietUntil.isValid() && now() < m_ledgerQuietUntil;
}

void Engine::claimWork() {
    if (!m_ledger || !m_started || m_stopping || m_ledgerDown || m_draining || m_runningBatches.isEmpty() ||
        !m_config.claimsWork || !m_reviewOnlyReason.isEmpty() || ledgerQuiet())
        return;
    // A login that may not file (a viewer) claims nothing: the
    // ledger would refuse every claim (docs/roles.md).
    if (!m_ledger->access().allows(TeamAction::File))
        return;
    const int room = claimCapacity() - m_requests.claimCount();
    if (room <= 0)
        return;
    QString error;
    // Per jurisdiction, hold what its ceiling can send plus half again queued: a member full of one
    // jurisdiction would leave the others' ceilings idle.
    QHash<QString, int> held;
    for (const QString &key : m_requests.claimedKeys())
        held[m_tasks.value(key).obligation.jurisdiction] += 1;
    QStringList full;
    int largestCeiling = m_config.defaultLimit;
    for (auto it = held.cbegin(); it != held.cend(); ++it) {
        const int cap = m_config.limitFor(it.key());
        largestCeiling = qMax(largestCeiling, cap);
        if (it.value() >= cap + (cap + 1) / 2)
            full.append(it.key());
    }
    const QList<FilingTask> claimed =
        m_ledger->claim(room, m_sendJurisdictions, &error, largestCeiling + (largestCeiling + 1) / 2, full);
    if (!error.isEmpty()) {
        if (!m_ledger->isReachable())
            ledgerUnreachable(error);
        return;
    }
    if (claimed.isEmpty())
        return;
    for (const FilingTask &t : claimed) {
        m_tasks.insert(t.key, t);
        m_requests.claim(t.key, t.obligation.jurisdiction);
        m_batch.insert(t.key);
        markDirty(t.key);
        enqueue(t.key);
    }
    m_batchActive = true;
    m_teamActiveSeen = true;
    m_idleSignalled = false;
    qCDebug(lcEngine) << "claimed" << claimed.size() << "task(s)";
    pump();
}

void Engine::renewClaims() {
    if (!m_ledger || m_ledgerDown || m_requests.claimCount() == 0 || ledgerQuiet())
        return;
    QString error;
    const QStringList lost = m_ledger->renewClaims(m_requests.claimedKeys(), &error);
    if (!error.isEmpty()) {
        ledgerUnreachable(error);
        return;
    }
    for (const QString &key : lost) {
        qCWarning(lcEngine) << "claim lost on" << key.left(12)
                            << "(its lease ran out; another member has it)";
        dropTask(key);
    }
}

void Engine::dropTask(const QString &key) {
    // This member no longer works on `key`: whatever has not left is withdrawn. A request already on the
    // wire finishes; its outcome is written only if nobody changed the task meanwhile.
    m_requests.forgetClaim(key);
    if (m_requests.hasLeft(key))
        return;
    m_requests.retire(key);
}

void Engine::handleConflict(const QStringList &keys) {
    QString error;
    // A write refused because another member changed the task: if this member thought it held the task,
    // its claim is lost, and the trail says so (who holds the filing now is in the row).
    QStringList lost;
    for (const QString &key : keys)
        if (m_requests.isClaimed(key))
            lost.append(key);
    if (!m_ledger->recordClaimsLost(
            lost, QStringLiteral("its write was refused, another member changed the filing first"), &error))
        qCWarning(lcEngine).noquote() << "lost claims not audited:" << error;
    error.clear();
    const QList<FilingTask> fresh = m_ledger->loadTasks(keys, &error);
    for (const QString &key : keys) {
        qCInfo(lcEngine) << "task" << key.left(12) << "was changed by another member: re-read";
        dropTask(key);
    }
    for (const FilingTask &t : fresh) {
        m_tasks.insert(t.key, t);
        markDirty(t.key);
    }
    if (!fresh.isEmpty()) {
        QStringList release;
        for (const FilingTask &t : fresh)
            if (t.claimedBy == m_config.consoleId && !m_requests.hasLeft(t.key))
                release.append(t.key);
        QString ignored;
        if (!m_ledger->releaseClaims(release, &ignored))
            qCWarning(lcEngine) << "claims not handed back:" << ignored;
    }
    // Tasks of the same group that did not conflict went back to their queues.
    QMetaObject::invokeMethod(this, &Engine::pump, Qt::QueuedConnection);
}

void Engine::ledgerUnreachable(const QString &reason) {
    if (!m_ledger || m_ledgerDown || m_stopping)
        return;
    if (m_ledger->isReachable()) {
        // A call failed but the ledger answers (it waited on a lock, or refused the statement): not a lost
        // ledger. Tried again by the caller's timer, after a pause when it was a lock.
        qCInfo(lcEngine).noquote() << "ledger call failed, the ledger answers:" << reason;
        markStatusDirty();
        return;
    }
    m_ledgerDown = true;
    qCWarning(lcEngine).noquote() << "ledger unreachable, nothing is sent until it answers:" << reason;
    // No claim is possible and no transition can be recorded: what has not left stays here.
    withdrawUnsent();
    Q_EMIT ledgerStateChanged(false, reason);
    Q_EMIT alertRaised(EngineAlert{AlertKind::LedgerUnreachable, QString(), QString(), QString(),
                                   tr("the ledger cannot be reached (%1): nothing is sent until it answers "
                                      "again; the audit shown is this desk's mirror")
                                       .arg(reason)});
    m_reconnectTimer.start();
    updateStatus();
}

void Engine::ledgerChainBroken(const QString &reason) {
    if (!m_ledger || m_ledgerUntrusted)
        return;
    m_ledgerUntrusted = true;
    m_ledgerDown = true; // no reconnect timer: reaching the ledger again does not make its audit true again
    m_reconnectTimer.stop();
    qCCritical(lcEngine).noquote() << "the ledger's audit chain does not verify, nothing is sent:" << reason;
    withdrawUnsent();
    const QString message =
        tr("the team ledger's audit trail does not verify (%1): this desk admits, launches, claims and sends "
           "nothing more; run \"filingdesk audit verify\" and call the ledger's administrator")
            .arg(reason);
    Q_EMIT ledgerStateChanged(false, message);
    Q_EMIT alertRaised(EngineAlert{AlertKind::LedgerChainBroken, QString(), QString(), QString(), message});
    updateStatus();
}

void Engine::reconnectLedger() {
    if (!m_ledger || !m_ledgerDown || m_stopping)
        return;
    QString error;
    if (!m_ledger->reconnect(&error)) {
        if (m_ledger->chainBroken()) {
            ledgerChainBroken(error);
            return;
        }
        qCDebug(lcEngine) << "ledger still unreachable:" << error;
        return;
    }
    m_reconnectTimer.stop();
    m_ledgerDown = false;
    qCInfo(lcEngine).noquote() << "ledger reachable again";
    Q_EMIT ledgerStateChanged(true, QString());
    Q_EMIT alertRaised(EngineAlert{AlertKind::LedgerReachable, QString(), QString(), QString(),
                                   tr("the ledger answers again; sending resumes")});
    QString registerError;
    if (!loadRegisterFromStore(&registerError)) // the team's register, as the ledger has it now
        qCWarning(lcEngine) << "entity register not re-read:" << registerError;
    resumeDeferredLedgerWork();
    // Claims that ran out while we were away belong to whoever took them.
    renewClaims();
    syncLedger();
    refreshBatches();
    claimWork();
    pump();
    updateStatus();
}

void Engine::resumeDeferredLedgerWork() {
    // A portfolio, an admission or a launch that waited for the ledger (down, or another member's lock), in
    // the order a person asks for them: the file, the admission of what it plans, the launch of what was
    // admitted.
    if (const auto portfolio = std::exchange(m_deferredPortfolio, std::nullopt))
        loadPortfolio(portfolio->first, portfolio->second);
    if (m_deferredPortfolio)
        return; // waits again: the admission waits behind it
    if (const std::optional<int> days = std::exchange(m_deferredAdmission, std::nullopt))
        admit(*days);
    if (m_deferredAdmission)
        return; // the launch waits behind it
    if (const auto launch = std::exchange(m_deferredLaunch, std::nullopt))
        teamLaunch(launch->first, launch->second);
}

void Engine::heartbeat() {
    if (!m_ledger || m_ledgerDown || ledgerQuiet())
        return;
    LedgerMember self;
    self.kind = m_config.memberKind;
    self.host = host::hostName();
    self.processId = QCoreApplication::applicationPid();
    self.version = QStringLiteral(FILINGDESK_VERSION);
    self.startedUtc = m_startedUtc;
    self.jurisdictions = m_config.onlyJurisdictions.join(QLatin1Char(','));
    self.claimsHeld = m_requests.claimCount();
    self.inFlight = m_requests.counts().onTheWire;
    self.filedLastHour = m_filedHere; // since start; the member view labels it so
    QStringList batches(m_runningBatches.cbegin(), m_runningBatches.cend());
    batches.sort();
    self.batches = batches.join(QLatin1Char(','));
    QString error;
    if (!m_ledger->beat(self, &error) && !m_ledger->isReachable())
        ledgerUnreachable(error);
}

void Engine::adoptLedgerTasks(const QList<FilingTask> &fresh) {
    for (const FilingTask &t : fresh) {
        if (holds(t.key)) {
            // Ours: our copy is what we last wrote. Unless someone else holds it now.
            if (!t.claimedBy.isEmpty() && t.claimedBy != m_config.consoleId && !m_requests.hasLeft(t.key)) {
                dropTask(t.key);
                m_tasks.insert(t.key, t);
                markDirty(t.key);
            }
            continue;
        }
        m_tasks.insert(t.key, t);
        markDirty(t.key);
    }
}

void Engine::syncLedger() {
    if (!m_ledger || m_ledgerDown || !m_started || ledgerQuiet())
        return;
    bool batchLevel = false;
    bool newWork = false;
    bool reviews = false;
    for (int page = 0; page < 50; ++page) { // bounded catch-up per turn; the timer resumes it
        QString error;
        const QList<AuditEntry> rows = m_ledger->sync(kSyncPage, &error);
        if (!error.isEmpty()) {
            if (m_ledger->chainBroken())
                ledgerChainBroken(error);
            else if (!m_ledger->isReachable())
                ledgerUnreachable(error);
            else
                qCWarning(lcEngine).noquote() << "ledger sync:" << error;
            return;
        }
        if (rows.isEmpty())
            break;
        QStringList keys;
        QSet<QString> seen;
        for (const AuditEntry &row : rows) {
            if (row.action.startsWith(QLatin1String("batch_")))
                batchLevel = true;
            if (row.action.startsWith(QLatin1String("review_")))
                reviews = true;
            if (row.action == QLatin1String("admit") || row.action == QLatin1String("replay") ||
                row.action == QLatin1String("resolve_requeue") ||
                row.action == QLatin1String("batch_launch") || row.action == QLatin1String("batch_resume"))
                newWork = true;
            if (!row.idempotencyKey.isEmpty() && !seen.contains(row.idempotencyKey)) {
                seen.insert(row.idempotencyKey);
                keys.append(row.idempotencyKey);
            }
        }
        if (!batchLevel && !keys.isEmpty() && followsTeam()) {
            // Rows this member wrote itself describe what it already holds in memory.
            QSet<QString> byOthers;
            for (const AuditEntry &row : rows)
                if (row.desk != m_config.consoleId && !row.idempotencyKey.isEmpty())
                    byOthers.insert(row.idempotencyKey);
            QStringList reload;
            for (const QString &key : std::as_const(keys))
                if (byOthers.contains(key))
                    reload.append(key);
            if (!reload.isEmpty())
                adoptLedgerTasks(m_ledger->loadTasks(reload, &error));
        }
        if (rows.size() < kSyncPage)
            break;
    }
    if (batchLevel)
        refreshBatches();
    if (reviews)
        refreshReviews();
    if (newWork)
        claimWork();
    checkIdle();
}

void Engine::refreshBatches() {
    if (!m_ledger || m_ledgerDown)
        return;
    QString error;
    const QList<LedgerBatch> all = m_ledger->batches(&error);
    if (!error.isEmpty()) {
        if (!m_ledger->isReachable())
            ledgerUnreachable(error);
        return;
    }
    m_runningBatches.clear();
    m_pausedBatches.clear();
    for (const LedgerBatch &b : all) {
        if (b.status == QLatin1String("running"))
            m_runningBatches.insert(b.batchId);
        else if (b.status == QLatin1String("paused"))
            m_pausedBatches.insert(b.batchId);
    }
    // Batch membership changed: read every task again (a launch moves many at once). A worker shows nothing
    // and works from its claims alone.
    if (followsTeam())
        adoptLedgerTasks(m_ledger->loadTasks(false));
    // The work this member has seen launched since it started: what its figures (and a run's summary) count.
    for (auto it = m_tasks.cbegin(); it != m_tasks.cend(); ++it)
        if (m_runningBatches.contains(it->batchId) || m_pausedBatches.contains(it->batchId))
            m_batch.insert(it.key());
    const bool wasActive = m_batchActive;
    m_batchActive = !m_runningBatches.isEmpty() || !m_pausedBatches.isEmpty() || m_requests.claimCount() > 0;
    if (m_batchActive)
        m_teamActiveSeen = true;
    if (m_batchActive && !wasActive) {
        m_batchStartedUtc = now();
        m_idleSignalled = false;
    }
    QStringList ids(m_runningBatches.cbegin(), m_runningBatches.cend());
    ids.sort();
    m_batchId = ids.join(QLatin1Char(','));
    // Paused or cancelled elsewhere: hand back what has not left.
    releaseUnsent(false);
    m_paused = m_draining || (m_runningBatches.isEmpty() && !m_pausedBatches.isEmpty());
    if (!m_paused)
        pump();
    updateStatus();
    checkIdle();
}

void Engine::releaseUnsent(bool all) {
    QStringList release;
    for (const QString &key : m_requests.claimedKeys()) {
        // A permit granted but not yet used goes back too (dropTask): only requests on the wire finish.
        if (m_requests.hasLeft(key))
            continue;
        if (!all && m_runningBatches.contains(m_tasks.value(key).batchId))
            continue;
        release.append(key);
    }
    if (release.isEmpty())
        return;
    for (const QString &key : std::as_const(release))
        dropTask(key);
    QString error;
    if (!m_ledgerDown && !m_ledger->releaseClaims(release, &error))
        qCWarning(lcEngine) << "claims not handed back (their lease ends them):" << error;
}

void Engine::teamLaunch(const QStringList &keys, const QString &reason) {
    if (m_ledgerUntrusted) {
        Q_EMIT errorOccurred(tr("the batch was not launched: the team ledger's audit trail does not verify"));
        return;
    }
    int count = 0;
    QString error;
    WriteResult launched;
    const QString batchId = m_ledger->launchBatch(keys, host::osUser(), reason, &count, &error, &launched);
    if (batchId.isEmpty()) {
        if (launched.failure == WriteResult::Failure::Busy) {
            // Another member launches or changes batches right now: this launch goes once the pause is over.
            m_deferredLaunch = std::make_pair(keys, reason);
            ledgerQuiet();
            qCInfo(lcEngine).noquote() << "the launch waits for another member's write:" << error;
            return;
        }
        writeFailed(tr("the batch was not launched: %1").arg(error), launched);
        if (!m_ledger->isReachable())
            ledgerUnreachable(error);
        return;
    }
    qCInfo(lcEngine) << "launched batch" << batchId << "with" << count << "task(s) in the ledger";
    Q_EMIT batchLaunched(batchId, count);
    m_idleSignalled = false;
    syncLedger();
    refreshBatches();
    claimWork();
}

void Engine::teamSetBatches(const QStringList &from, const QString &to, const QString &action,
                            const QString &reason, const QString &batchId) {
    QString error;
    WriteResult written;
    const int changed =
        m_ledger->setBatchStatus(from, to, action, host::osUser(), reason, &error, batchId, &written);
    if (changed == 0 && !batchId.isEmpty())
        Q_EMIT errorOccurred(tr("batch %1 is not running or paused: nothing changed").arg(batchId));
    if (changed < 0) {
        writeFailed(tr("%1 failed: %2").arg(action, error), written);
        if (!m_ledger->isReachable())
            ledgerUnreachable(error);
        return;
    }
    syncLedger();
    refreshBatches();
    if (to == QLatin1String("running"))
        claimWork();
}

void Engine::drain(const QString &reason) {
    if (!m_ledger) {
        pauseBatch(reason);
        return;
    }
    if (m_draining) {
        updateStatus(); // a drain waits for a status taken after it: give one
        return;
    }
    m_draining = true;
    m_paused = true;
    m_claimTimer.stop();
    withdrawUnsent();
    releaseUnsent(true);
    operatorAction(QStringLiteral("member_drain"), reason, QString(), QString(),
                   tr("member %1 stops sending; %n request(s) on the wire finish", nullptr,
                      m_requests.counts().onTheWire)
                       .arg(m_config.consoleId));
    updateStatus();
}

void Engine::openReview(const QString &key) {
    if (!m_ledger)
        return;
    QString error;
    if (const WriteResult claimed = m_ledger->claimReview(key, &error); !claimed) {
        writeFailed(tr("%1: %2").arg(key.left(12), error), claimed);
        if (!m_ledger->isReachable())
            ledgerUnreachable(error);
        return;
    }
    syncLedger();
    refreshReviews();
}

void Engine::closeReview(const QString &key) {
    if (!m_ledger)
        return;
    QString error;
    if (const WriteResult released = m_ledger->releaseReview(key, &error); !released) {
        writeFailed(tr("%1: %2").arg(key.left(12), error), released);
        return;
    }
    syncLedger();
    refreshReviews();
}

void Engine::refreshReviews() {
    if (!m_ledger || m_ledgerDown)
        return;
    QString error;
    const QHash<QString, LedgerStore::Review> reviews = m_ledger->reviews(&error);
    if (!error.isEmpty())
        return;
    QHash<QString, QString> text;
    for (auto it = reviews.cbegin(); it != reviews.cend(); ++it)
        text.insert(it.key(), tr("in review by %1 on %2 since %3 UTC")
                                  .arg(it->reviewer, it->host,
                                       it->sinceUtc.toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
    Q_EMIT reviewsChanged(text);
}

void Engine::refreshMembers() {
    if (!m_ledger || m_ledgerDown)
        return;
    QString error;
    const QList<LedgerMember> members = m_ledger->members(kBeatIntervalMs, &error);
    if (error.isEmpty())
        Q_EMIT membersUpdated(members);
}

void Engine::queryTeamWork() {
    const int held = m_requests.claimCount() + m_requests.counts().onTheWire;
    if (!m_ledger || m_ledgerDown) {
        Q_EMIT teamWorkCounted(-1, held);
        return;
    }
    QString error;
    const int open = m_ledger->countWorkable(m_sendJurisdictions, &error);
    Q_EMIT teamWorkCounted(error.isEmpty() ? open : -1, held);
}

void Engine::teamFinishIfIdle() {
    QString error;
    const QStringList finished = m_ledger->finishIdleBatches(&error);
    if (!finished.isEmpty())
        qCInfo(lcEngine) << "batches finished:" << finished;
}

} // namespace fd
