// A member of a team: the engine's work comes from the shared ledger (docs/ledger.md). The ledger is the
// truth; this member claims tasks before it asks for a permit, keeps the local SQLite as a mirror, follows
// the others through NOTIFY and the audit sequence, seals the audit in its turn, and sends nothing while the
// ledger cannot be reached.
#include "engine/work/team_claims.h"

#include "engine/core/clock.h"
#include "engine/core/engine.h"
#include "engine/core/host_identity.h"
#include "engine/ledger/audit_sealer.h"
#include "engine/ledger/ledger_schema.h"
#include "engine/ledger/ledger_store.h"
#include "engine/metrics/engine_metrics.h"
#include "engine/work/claim_refill.h"

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

TeamClaims::TeamClaims(Engine &engine, Pipeline &pipeline)
    : m_engine(engine)
    , m_pipeline(pipeline) {}

QDateTime TeamClaims::now() const {
    return m_pipeline.now();
}

bool TeamClaims::open(QString *error) {
    // The team ledger takes the place of the desk's database: the mirror is the ledger store's own.
    const EngineConfig &config = m_pipeline.config();
    auto store = std::make_unique<LedgerStore>(*config.ledger, config.consoleId, toString(config.memberKind),
                                               config.leaseMs);
    m_ledger = store.get();
    m_pipeline.replaceStore(std::move(store));
    m_ledger->setClock(m_pipeline.clock());
    // A NOTIFY (or the connection ending) wakes the catch-up; a burst is one catch-up (m_notifyTimer). A
    // worker hears only of what it acts on (a batch paused, a review, filings put back to work: schema 12);
    // its own rows reach its mirror on the catch-up timer.
    m_ledger->setNotificationHandler([this] {
        if (!m_notifyTimer.isActive())
            m_notifyTimer.start();
    });
    QString ledgerError;
    if (!m_ledger->openTeam(m_pipeline.config().dbPath, error, &ledgerError))
        return false;
    m_ledgerDown = !m_ledger->isReachable();
    if (m_ledgerDown) {
        qCWarning(lcEngine).noquote() << "ledger unreachable at start:" << ledgerError;
        Q_EMIT m_engine.ledgerStateChanged(false, ledgerError);
    }
    return true;
}

QString TeamClaims::auditPath() const {
    return m_ledger->mirror().path();
}

QList<FilingTask> TeamClaims::tasksAtStart() {
    // A worker shows nothing: reading (and mirroring) every task of a season's ledger at each start would
    // cost it more than the filings it makes.
    return followsTeam() ? m_ledger->loadTasks(false) : QList<FilingTask>();
}

QString TeamClaims::takeUp(const QList<FilingTask> &all) {
    // Nothing is resumed from a private list: work comes from claims on the ledger, and a DISPATCHING task
    // whose holder went away is claimed with look-up first.
    decideWhatThisMemberSends();
    const EngineConfig &config = m_pipeline.config();
    if (!followsTeam())
        return tr("%1; rules %2; team ledger %3 as worker %4; it holds only the tasks it claims%5")
            .arg(m_pipeline.permitGate().describe(), m_pipeline.rules().version(),
                 m_ledger->endpoint().display(), config.consoleId)
            .arg(m_ledgerDown ? tr(", read from this desk's mirror: the ledger is unreachable") : QString());
    return tr("%1; rules %2; team ledger %3 as member %4 (%5); %6 task(s) in the ledger%7")
        .arg(m_pipeline.permitGate().describe(), m_pipeline.rules().version(),
             m_ledger->endpoint().display() +
                 (m_ledger->ledgerId().isEmpty() ? QString()
                                                 : QStringLiteral(" [%1], mirror %2")
                                                       .arg(m_ledger->ledgerId(), m_ledger->mirror().path())),
             config.consoleId, toString(config.memberKind))
        .arg(all.size())
        .arg(m_ledgerDown ? tr(", read from this desk's mirror: the ledger is unreachable") : QString());
}

void TeamClaims::begin() {
    m_startedUtc = QDateTime::currentDateTimeUtc();
    m_claimTimer.setInterval(kClaimIntervalMs);
    // Both refills, on the timer and after transitions, are batched (claimWorkWhenWorthIt).
    QObject::connect(&m_claimTimer, &QTimer::timeout, &m_engine, [this] { claimWorkWhenWorthIt(); });
    m_claimSoonTimer.setInterval(20); // claims freed by transitions, refilled in one query
    m_claimSoonTimer.setSingleShot(true);
    QObject::connect(&m_claimSoonTimer, &QTimer::timeout, &m_engine, [this] { claimWorkWhenWorthIt(); });
    m_syncTimer.setInterval(kSyncIntervalMs);
    QObject::connect(&m_syncTimer, &QTimer::timeout, &m_engine, [this] {
        syncLedger();
        if (m_batchesStale && !m_batchesUnderWay && !m_ledgerDown)
            refreshBatchesThen([] {});
        if (m_reviewsStale && !m_ledgerDown)
            refreshReviews();
        // Whatever held the idle test back (a read or claim under way, a pause after a lock wait) has to be
        // looked at again by someone: once a second, whether or not a catch-up runs now.
        checkIdle();
    });
    m_renewTimer.setInterval(int(qMax<qint64>(500, m_pipeline.config().leaseMs / 3)));
    QObject::connect(&m_renewTimer, &QTimer::timeout, &m_engine, [this] { renewClaims(); });
    m_reconnectTimer.setInterval(kReconnectIntervalMs);
    QObject::connect(&m_reconnectTimer, &QTimer::timeout, &m_engine, [this] { reconnectLedger(); });
    m_beatTimer.setInterval(kBeatIntervalMs);
    QObject::connect(&m_beatTimer, &QTimer::timeout, &m_engine, [this] { heartbeat(); });
    m_busyTimer.setInterval(kBusyQuietMs + 100); // once the pause after a lock wait is over
    m_busyTimer.setSingleShot(true);
    QObject::connect(&m_busyTimer, &QTimer::timeout, &m_engine, [this] {
        if (ledgerQuiet()) {
            m_busyTimer.start();
            return;
        }
        resumeDeferredLedgerWork();
        claimWork();
        m_pipeline.pump();
        m_pipeline.updateStatus();
    });
    m_notifyTimer.setInterval(100); // a burst of NOTIFYs is one catch-up
    m_notifyTimer.setSingleShot(true);
    QObject::connect(&m_notifyTimer, &QTimer::timeout, &m_engine, [this] { syncLedger(); });
    m_claimTimer.start();
    m_syncTimer.start();
    // The audit rows this member writes are sealed into the chain by whichever member wins the sealer's lock:
    // this one takes its turn every few hundred ms and soon after its own writes (AuditSealer).
    m_ledger->startSealing(AuditSealer::kIntervalMs);
    m_renewTimer.start();
    m_beatTimer.start();
    if (m_ledgerDown)
        m_reconnectTimer.start();
    syncNow(); // the first catch-up checks the chain before this member writes anything
    refreshBatches();
    refreshReviews();
    heartbeat();
}

void TeamClaims::decideWhatThisMemberSends() {
    // A member claims only work it can send: a claim taken by a member that cannot send it is a filing held
    // back from the members that can (or, before, dead-lettered for want of a registry URL).
    m_sendJurisdictions = m_pipeline.config().onlyJurisdictions;
    m_reviewOnlyReason.clear();
    if (!m_pipeline.config().claimsWork)
        return;
    if (m_pipeline.permitGate().mode() != PermitGate::Mode::Fleet) {
        // An in-process gate would let this member use each registry's whole cap beside the team's.
        m_reviewOnlyReason = tr("no fleet gate (Redis) configured");
    } else if (const std::optional<QStringList> sendable = m_pipeline.registry().sendableJurisdictions()) {
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

int TeamClaims::claimCapacity() const {
    return ClaimRefill::capacity(m_pipeline.config());
}

bool TeamClaims::followsTeam() const {
    // Desks and runs show (and count) the whole team's work; a worker needs only what it claims.
    return m_pipeline.config().memberKind != MemberKind::Worker;
}

bool TeamClaims::holds(const QString &key) const {
    return m_pipeline.requests().isClaimed(key) || m_pipeline.requests().isUnderWay(key);
}

bool TeamClaims::ledgerQuiet() {
    // After a call waited on another session's lock, the ledger is left alone for a moment: every call blocks
    // this thread (up to lock_timeout each), and the gate's own answers wait on it meanwhile.
    if (m_ledger && m_ledger->lockWaits() != m_lockWaitsSeen) {
        m_lockWaitsSeen = m_ledger->lockWaits();
        m_quietUntil = now().addMSecs(kBusyQuietMs);
        m_busyTimer.start(); // what waited (and was put back) goes on once the pause is over
    }
    return m_quietUntil.isValid() && now() < m_quietUntil;
}

bool TeamClaims::mayClaim() {
    return m_pipeline.isStarted() && !m_pipeline.isStopping() && !m_ledgerDown && !m_draining &&
           !m_runningBatches.isEmpty() && m_pipeline.config().claimsWork && m_reviewOnlyReason.isEmpty() &&
           !ledgerQuiet() &&
           // A login that may not file (a viewer) claims nothing: the ledger would refuse every claim
           // (docs/roles.md).
           m_ledger->access().allows(TeamAction::File);
}

QHash<QString, int> TeamClaims::heldByJurisdiction() const {
    QHash<QString, int> held;
    for (const QString &key : m_pipeline.requests().claimedKeys())
        ++held[m_pipeline.tasks().value(key).obligation.jurisdiction];
    return held;
}

void TeamClaims::claimWorkWhenWorthIt() {
    if (ClaimRefill::worthClaiming(m_pipeline.config(), heldByJurisdiction(),
                                   m_pipeline.requests().claimCount()))
        claimWork();
}

void TeamClaims::claimWork() {
    // One claim at a time: the next one asks for what is still missing once this one is answered.
    if (m_claimUnderWay || !mayClaim())
        return;
    const int room = claimCapacity() - m_pipeline.requests().claimCount();
    if (room <= 0)
        return;
    // Ask for what each jurisdiction lacks, the best of each first: claims by score alone filled a member
    // with the best-scoring jurisdiction while the ceilings of the others idled for want of claimed work.
    const QHash<QString, int> needs = ClaimRefill::lacking(m_pipeline.config(), heldByJurisdiction());
    // The claim runs on the ledger writer's connection: this thread goes on sending and answering.
    m_claimUnderWay = true;
    m_ledger->claimEachThen(needs, ClaimRefill::kClaimedPerSlot * m_pipeline.config().defaultLimit, room,
                            m_sendJurisdictions, &m_engine,
                            [this](const QList<FilingTask> &claimed, const WriteResult &status) {
                                m_claimUnderWay = false;
                                claimAnswered(claimed, status);
                                // An empty answer is the last word of a batch: nothing else re-checks.
                                checkIdle();
                            });
}

void TeamClaims::claimAnswered(const QList<FilingTask> &claimed, const WriteResult &status) {
    if (!status) {
        if (!m_ledger->isReachable())
            ledgerUnreachable(status.error);
        return;
    }
    if (claimed.isEmpty())
        return;
    QStringList unwanted;
    const bool keeps =
        m_pipeline.isStarted() && !m_pipeline.isStopping() && !m_draining && !m_runningBatches.isEmpty();
    for (const FilingTask &t : claimed) {
        // Claimed while this member stopped, paused or lost the batch meanwhile, or a task it holds already
        // (a claim that ran out and came back): what it will not send goes back to the team at once.
        if (!keeps || m_pipeline.requests().isClaimed(t.key) || m_pipeline.requests().isUnderWay(t.key)) {
            unwanted.append(t.key);
            continue;
        }
        m_pipeline.tasks().insert(t.key, t);
        m_pipeline.requests().claim(t.key, t.obligation.jurisdiction);
        m_pipeline.batchState().keys.insert(t.key);
        m_pipeline.markDirty(t.key);
        m_pipeline.enqueue(t.key);
    }
    if (!unwanted.isEmpty())
        m_ledger->releaseClaimsThen(unwanted, &m_engine, [](const QString &error) {
            if (!error.isEmpty())
                qCInfo(lcEngine).noquote() << "claims left to run out:" << error;
        });
    if (unwanted.size() == claimed.size())
        return;
    m_pipeline.batchState().active = true;
    m_activeSeen = true;
    m_pipeline.batchState().idleSignalled = false;
    qCDebug(lcEngine) << "claimed" << claimed.size() - unwanted.size() << "task(s)";
    m_pipeline.pump();
    // What is still missing (a jurisdiction that filled while this claim was answered) is asked for now.
    if (!m_claimSoonTimer.isActive())
        m_claimSoonTimer.start();
}

void TeamClaims::renewClaims() {
    if (m_ledgerDown || m_renewUnderWay || m_pipeline.requests().claimCount() == 0 || ledgerQuiet())
        return;
    // On the writer's connection, after the transitions handed to it: the engine thread goes on meanwhile.
    m_renewUnderWay = true;
    m_ledger->renewClaimsThen(m_pipeline.requests().claimedKeys(), &m_engine,
                              [this](const QStringList &lost, const QString &error) {
                                  m_renewUnderWay = false;
                                  if (m_pipeline.isStopping())
                                      return;
                                  if (!error.isEmpty()) {
                                      ledgerUnreachable(error);
                                      return;
                                  }
                                  for (const QString &key : lost) {
                                      if (!m_pipeline.requests().isClaimed(key))
                                          continue; // its filing ended here meanwhile
                                      qCWarning(lcEngine) << "claim lost on" << key.left(12)
                                                          << "(its lease ran out; another member has it)";
                                      dropTask(key);
                                  }
                              });
}

void TeamClaims::dropTask(const QString &key) {
    // This member no longer works on `key`: whatever has not left is withdrawn. A request already on the
    // wire finishes; its outcome is written only if nobody changed the task meanwhile.
    m_pipeline.requests().forgetClaim(key);
    if (m_pipeline.requests().hasLeft(key))
        return;
    m_pipeline.requests().retire(key);
}

void TeamClaims::handleConflict(const QStringList &keys) {
    // A write refused because another member changed the task: if this member thought it held the task,
    // its claim is lost, and the trail says so (who holds the filing now is in the row).
    QStringList lost;
    for (const QString &key : keys)
        if (m_pipeline.requests().isClaimed(key))
            lost.append(key);
    // Nothing of this member's leaves for them from now on; the ledger's copy replaces this one when read.
    for (const QString &key : keys) {
        qCInfo(lcEngine) << "task" << key.left(12) << "was changed by another member: re-read";
        dropTask(key);
    }
    // Both on the writer's connection, in this order, after the write that conflicted.
    m_ledger->recordClaimsLostThen(
        lost, QStringLiteral("its write was refused, another member changed the filing first"), &m_engine,
        [](const QString &error) {
            if (!error.isEmpty())
                qCWarning(lcEngine).noquote() << "lost claims not audited:" << error;
        });
    m_ledger->loadTasksThen(keys, &m_engine, [this](const QList<FilingTask> &fresh, const QString &) {
        QStringList release;
        for (const FilingTask &t : fresh) {
            m_pipeline.tasks().insert(t.key, t);
            m_pipeline.markDirty(t.key);
            if (t.claimedBy == m_pipeline.config().consoleId && !m_pipeline.requests().hasLeft(t.key))
                release.append(t.key);
        }
        m_ledger->releaseClaimsThen(release, &m_engine, [](const QString &why) {
            if (!why.isEmpty())
                qCWarning(lcEngine).noquote() << "claims not handed back (their lease ends them):" << why;
        });
        m_pipeline.markStatusDirty();
    });
    // Tasks of the same group that did not conflict went back to their queues.
    QMetaObject::invokeMethod(
        &m_engine, [this] { m_pipeline.pump(); }, Qt::QueuedConnection);
}

void TeamClaims::handleBatchNotRunning(const QStringList &keys) {
    // The ledger refused their DISPATCHING (schema 13): their batch was paused or cancelled, whether or not
    // this member has heard of it yet. Nothing left; their claims go back and the batches are read again.
    qCInfo(lcEngine).noquote()
        << keys.size() << "filing(s) not sent: their batch was paused or cancelled; claims handed back";
    QStringList release;
    for (const QString &key : keys) {
        if (m_pipeline.requests().hasLeft(key))
            continue;
        if (m_pipeline.requests().isClaimed(key))
            release.append(key);
        dropTask(key);
    }
    if (!release.isEmpty() && !m_ledgerDown)
        m_ledger->releaseClaimsThen(release, &m_engine, [](const QString &error) {
            if (!error.isEmpty())
                qCWarning(lcEngine).noquote() << "claims not handed back (their lease ends them):" << error;
        });
    refreshBatchesThen([] {});
    m_pipeline.markStatusDirty();
}

void TeamClaims::ledgerUnreachable(const QString &reason) {
    if (m_ledgerDown || m_pipeline.isStopping())
        return;
    if (m_ledger->isReachable()) {
        // A call failed but the ledger answers (it waited on a lock, or refused the statement): not a lost
        // ledger. Tried again by the caller's timer, after a pause when it was a lock.
        qCInfo(lcEngine).noquote() << "ledger call failed, the ledger answers:" << reason;
        m_pipeline.markStatusDirty();
        return;
    }
    m_ledgerDown = true;
    qCWarning(lcEngine).noquote() << "ledger unreachable, nothing is sent until it answers:" << reason;
    // No claim is possible and no transition can be recorded: what has not left stays here.
    m_pipeline.withdrawUnsent();
    Q_EMIT m_engine.ledgerStateChanged(false, reason);
    Q_EMIT m_engine.alertRaised(
        EngineAlert{AlertKind::LedgerUnreachable, QString(), QString(), QString(),
                    tr("the ledger cannot be reached (%1): nothing is sent until it answers "
                       "again; the audit shown is this desk's mirror")
                        .arg(reason)});
    m_reconnectTimer.start();
    m_pipeline.updateStatus();
}

void TeamClaims::ledgerChainBroken(const QString &reason) {
    if (m_ledgerUntrusted)
        return;
    m_ledgerUntrusted = true;
    m_ledgerDown = true; // no reconnect timer: reaching the ledger again does not make its audit true again
    m_reconnectTimer.stop();
    qCCritical(lcEngine).noquote() << "the ledger's audit chain does not verify, nothing is sent:" << reason;
    m_pipeline.withdrawUnsent();
    const QString message =
        tr("the team ledger's audit trail does not verify (%1): this desk admits, launches, claims and sends "
           "nothing more; run \"filingdesk audit verify\" and call the ledger's administrator")
            .arg(reason);
    Q_EMIT m_engine.ledgerStateChanged(false, message);
    Q_EMIT m_engine.alertRaised(
        EngineAlert{AlertKind::LedgerChainBroken, QString(), QString(), QString(), message});
    m_pipeline.updateStatus();
}

void TeamClaims::reconnectLedger() {
    if (!m_ledgerDown || m_pipeline.isStopping())
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
    Q_EMIT m_engine.ledgerStateChanged(true, QString());
    Q_EMIT m_engine.alertRaised(EngineAlert{AlertKind::LedgerReachable, QString(), QString(), QString(),
                                            tr("the ledger answers again; sending resumes")});
    QString registerError;
    if (keepsRegister() &&
        !m_pipeline.loadRegisterFromStore(&registerError)) // the team's, as the ledger has it now
        qCWarning(lcEngine) << "entity register not re-read:" << registerError;
    resumeDeferredLedgerWork();
    // Claims that ran out while we were away belong to whoever took them.
    renewClaims();
    syncLedger();
    refreshBatchesThen([this] {
        claimWork();
        m_pipeline.pump();
        m_pipeline.updateStatus();
        checkIdle();
    });
    claimWork();
    m_pipeline.pump();
    m_pipeline.updateStatus();
}

void TeamClaims::resumeDeferredLedgerWork() {
    // A portfolio, an admission or a launch that waited for the ledger (down, or another member's lock), in
    // the order a person asks for them: the file, the admission of what it plans, the launch of what was
    // admitted.
    if (const auto portfolio = std::exchange(m_deferredPortfolio, std::nullopt))
        m_engine.loadPortfolio(portfolio->first, portfolio->second);
    if (m_deferredPortfolio)
        return; // waits again: the admission waits behind it
    if (const std::optional<int> days = std::exchange(m_deferredAdmission, std::nullopt))
        m_engine.admit(*days);
    if (m_deferredAdmission)
        return; // the launch waits behind it
    if (const auto launch = std::exchange(m_deferredLaunch, std::nullopt))
        this->launch(launch->keys, launch->reason, launch->by);
}

void TeamClaims::heartbeat() {
    if (m_ledgerDown || ledgerQuiet() || m_beatUnderWay)
        return;
    LedgerMember self;
    self.kind = m_pipeline.config().memberKind;
    self.host = host::hostName();
    self.processId = QCoreApplication::applicationPid();
    self.version = QStringLiteral(FILINGDESK_VERSION);
    self.startedUtc = m_startedUtc;
    self.jurisdictions = m_pipeline.config().onlyJurisdictions.join(QLatin1Char(','));
    self.claimsHeld = m_pipeline.requests().claimCount();
    self.inFlight = m_pipeline.requests().counts().onTheWire;
    self.filedLastHour = m_pipeline.filedHere(); // since start; the member view labels it so
    QStringList batches(m_runningBatches.cbegin(), m_runningBatches.cend());
    batches.sort();
    self.batches = batches.join(QLatin1Char(','));
    // On the writer's connection: the engine thread goes on while the ledger answers. A link gone silent is
    // found by the writer's deadline, and the member goes read-only as when any other call finds it.
    m_beatUnderWay = true;
    m_ledger->beatThen(self, &m_engine, [this](const QString &error) {
        m_beatUnderWay = false;
        if (!error.isEmpty() && !m_ledgerDown && !m_ledger->isReachable())
            ledgerUnreachable(error);
    });
}

void TeamClaims::adoptLedgerTasks(const QList<FilingTask> &fresh) {
    for (const FilingTask &t : fresh) {
        if (holds(t.key)) {
            // Ours: our copy is what we last wrote. Unless someone else holds it now.
            if (!t.claimedBy.isEmpty() && t.claimedBy != m_pipeline.config().consoleId &&
                !m_pipeline.requests().hasLeft(t.key)) {
                dropTask(t.key);
                m_pipeline.tasks().insert(t.key, t);
                m_pipeline.markDirty(t.key);
            }
            continue;
        }
        m_pipeline.tasks().insert(t.key, t);
        m_pipeline.markDirty(t.key);
    }
}

void TeamClaims::syncLedger() {
    if (m_ledgerDown || !m_pipeline.isStarted() || ledgerQuiet())
        return;
    if (m_syncUnderWay) {
        m_syncAgain = true; // once the catch-up under way has been answered
        return;
    }
    m_syncUnderWay = true;
    m_syncPages = 0;
    m_syncFound = {};
    syncNextPage();
}

void TeamClaims::syncNow() {
    // The first catch-up, at begin(): the mirror's chain is checked against the ledger before this member
    // claims or writes anything, so it waits for its answer.
    if (m_ledgerDown || !m_pipeline.isStarted() || m_syncUnderWay)
        return;
    m_syncUnderWay = true;
    m_syncPages = 0;
    m_syncFound = {};
    for (;;) {
        QString error;
        const QList<AuditEntry> rows = m_ledger->sync(kSyncPage, &error);
        if (!syncPageRead(rows, error, Reread::AtOnce))
            return;
    }
}

void TeamClaims::syncNextPage() {
    // On the writer's connection (LedgerStore::syncThen): the engine thread goes on while the ledger reads.
    m_ledger->syncThen(kSyncPage, &m_engine, [this](const QList<AuditEntry> &rows, const QString &error) {
        if (syncPageRead(rows, error, Reread::OnTheWriter))
            syncNextPage();
    });
}

bool TeamClaims::syncPageRead(const QList<AuditEntry> &rows, const QString &error, Reread reread) {
    if (m_pipeline.isStopping() || m_ledgerDown) {
        m_syncUnderWay = m_syncAgain = false;
        return false;
    }
    if (!error.isEmpty()) {
        m_syncUnderWay = m_syncAgain = false;
        if (m_ledger->chainBroken())
            ledgerChainBroken(error);
        else if (!m_ledger->isReachable())
            ledgerUnreachable(error);
        else
            qCWarning(lcEngine).noquote() << "ledger sync:" << error;
        return false;
    }
    QStringList keys;
    QSet<QString> seen;
    for (const AuditEntry &row : rows) {
        if (row.action.startsWith(QLatin1String("batch_")))
            m_syncFound.batchLevel = true;
        if (row.action.startsWith(QLatin1String("review_")))
            m_syncFound.reviews = true;
        if (row.action.startsWith(QLatin1String("entity_")) && row.desk != m_pipeline.config().consoleId)
            m_syncFound.register_ = true;
        if (row.action == QLatin1String("admit") || row.action == QLatin1String("replay") ||
            row.action == QLatin1String("resolve_requeue") || row.action == QLatin1String("batch_launch") ||
            row.action == QLatin1String("batch_resume"))
            m_syncFound.newWork = true;
        if (!row.idempotencyKey.isEmpty() && !seen.contains(row.idempotencyKey)) {
            seen.insert(row.idempotencyKey);
            keys.append(row.idempotencyKey);
        }
    }
    if (!m_syncFound.batchLevel && !keys.isEmpty() && followsTeam()) {
        // Rows this member wrote itself describe what it already holds in memory.
        QSet<QString> byOthers;
        for (const AuditEntry &row : rows)
            if (row.desk != m_pipeline.config().consoleId && !row.idempotencyKey.isEmpty())
                byOthers.insert(row.idempotencyKey);
        QStringList reload;
        for (const QString &key : std::as_const(keys))
            if (byOthers.contains(key))
                reload.append(key);
        const bool fullPage = rows.size() >= kSyncPage;
        if (!reload.isEmpty() && reread == Reread::OnTheWriter) {
            // The engine thread goes on sending while the ledger reads; the catch-up goes on from the answer
            // (a read that fails leaves the tasks as they were: the next catch-up or call finds the link).
            m_ledger->loadTasksThen(reload, &m_engine,
                                    [this, fullPage](const QList<FilingTask> &fresh, const QString &) {
                                        if (m_pipeline.isStopping() || m_ledgerDown) {
                                            m_syncUnderWay = m_syncAgain = false;
                                            return;
                                        }
                                        adoptLedgerTasks(fresh);
                                        if (syncPageDone(fullPage))
                                            syncNextPage();
                                    });
            return false;
        }
        QString loadError;
        if (!reload.isEmpty())
            adoptLedgerTasks(m_ledger->loadTasks(reload, &loadError));
    }
    return syncPageDone(rows.size() >= kSyncPage);
}

bool TeamClaims::syncPageDone(bool fullPage) {
    // A full page: read on (a bounded catch-up per turn; the timer resumes it).
    if (fullPage && ++m_syncPages < 50)
        return true;
    const SyncFound found = std::exchange(m_syncFound, {});
    if (found.batchLevel) {
        // The catch-up ends once the batches are read again (on the writer: this thread goes on sending).
        refreshBatchesThen([this, found] {
            if (m_pipeline.isStopping() || m_ledgerDown) {
                m_syncUnderWay = m_syncAgain = false;
                return;
            }
            syncActedOn(found);
        });
        return false;
    }
    syncActedOn(found);
    return false;
}

void TeamClaims::syncActedOn(const SyncFound &found) {
    m_syncUnderWay = false;
    if (found.register_ && keepsRegister())
        m_pipeline.rereadRegister(); // what this desk shows and plans is the team's register as it is now
    if (found.reviews)
        refreshReviews();
    if (found.newWork)
        claimWork();
    sweepFinishedBatches();
    checkIdle();
    if (std::exchange(m_syncAgain, false))
        syncLedger();
}

void TeamClaims::sweepFinishedBatches() {
    // The member that closes a batch's last filing finishes the batch (checkIdle), but it may be killed
    // between the two, or have signalled idle earlier and not look again: then the batch would stay
    // "running" with nothing left in it. Every member that files and holds nothing looks once a sync: the
    // statement changes nothing (and writes nothing) while any filing of the batch is open.
    const RequestTable &requests = m_pipeline.requests();
    if (m_runningBatches.isEmpty() || m_claimUnderWay || requests.claimCount() > 0 ||
        requests.counts().onTheWire > 0 || !mayClaim())
        return;
    finishIfIdle();
}

void TeamClaims::refreshBatches() {
    if (m_ledgerDown)
        return;
    QString error;
    const QList<LedgerBatch> all = m_ledger->batches(&error);
    if (!error.isEmpty()) {
        if (!m_ledger->isReachable())
            ledgerUnreachable(error);
        else
            readFailed(QStringLiteral("batches"), error, m_batchesStale);
        return;
    }
    // Batch membership changed: read every task again (a launch moves many at once). A worker shows nothing
    // and works from its claims alone.
    if (followsTeam())
        adoptLedgerTasks(m_ledger->loadTasks(false));
    ++m_batchesReadAtOnce; // newer than any read still on the writer
    batchesRead(all);
}

void TeamClaims::refreshBatchesThen(std::function<void()> after) {
    if (m_ledgerDown) {
        after();
        return;
    }
    m_batchesAfter.append(std::move(after));
    if (m_batchesUnderWay) {
        // The read under way may have been asked before what made this caller ask: read once more after it.
        m_batchesAgain = true;
        return;
    }
    readBatchesOnTheWriter();
}

void TeamClaims::readBatchesOnTheWriter() {
    m_batchesUnderWay = true;
    m_batchesAgain = false;
    // A read made at once (an operator's launch or pause) after this one was asked is newer: this one's
    // answer then changes nothing.
    const auto overtaken = [this, asked = m_batchesReadAtOnce] { return m_batchesReadAtOnce != asked; };
    m_ledger->batchesThen(&m_engine, [this, overtaken](const QList<LedgerBatch> &all, const QString &error) {
        if (overtaken()) {
            batchesAnswered(false);
            return;
        }
        if (!error.isEmpty() || m_pipeline.isStopping() || m_ledgerDown) {
            if (!error.isEmpty() && !m_ledgerDown && !m_ledger->isReachable())
                ledgerUnreachable(error);
            else if (!error.isEmpty() && !m_ledgerDown)
                readFailed(QStringLiteral("batches"), error, m_batchesStale);
            batchesAnswered(false);
            return;
        }
        if (!followsTeam()) {
            batchesRead(all);
            batchesAnswered(true);
            return;
        }
        // A desk shows every filing: read them all again (a launch moves many at once), then the batches.
        m_ledger->loadEveryTaskThen(
            &m_engine, [this, all, overtaken](const QList<FilingTask> &tasks, const QString &) {
                const bool working = !m_pipeline.isStopping() && !m_ledgerDown && !overtaken();
                if (working) {
                    adoptLedgerTasks(tasks);
                    batchesRead(all);
                }
                batchesAnswered(working);
            });
    });
}

void TeamClaims::batchesAnswered(bool readAgainIfAsked) {
    m_batchesUnderWay = false;
    if (std::exchange(m_batchesAgain, false) && readAgainIfAsked) {
        readBatchesOnTheWriter();
        return;
    }
    const QList<std::function<void()>> afters = std::exchange(m_batchesAfter, {});
    for (const auto &after : afters)
        after();
}

void TeamClaims::batchesRead(const QList<LedgerBatch> &all) {
    m_batchesStale = false;
    m_runningBatches.clear();
    m_pausedBatches.clear();
    for (const LedgerBatch &b : all) {
        if (b.status == QLatin1String("running"))
            m_runningBatches.insert(b.batchId);
        else if (b.status == QLatin1String("paused"))
            m_pausedBatches.insert(b.batchId);
    }
    // The work this member has seen launched since it started: what its figures (and a run's summary) count.
    for (auto it = m_pipeline.tasks().cbegin(); it != m_pipeline.tasks().cend(); ++it)
        if (m_runningBatches.contains(it->batchId) || m_pausedBatches.contains(it->batchId))
            m_pipeline.batchState().keys.insert(it.key());
    const bool wasActive = m_pipeline.batchState().active;
    m_pipeline.batchState().active =
        !m_runningBatches.isEmpty() || !m_pausedBatches.isEmpty() || m_pipeline.requests().claimCount() > 0;
    if (m_pipeline.batchState().active)
        m_activeSeen = true;
    if (m_pipeline.batchState().active && !wasActive) {
        m_pipeline.batchState().startedUtc = now();
        m_pipeline.batchState().idleSignalled = false;
    }
    QStringList ids(m_runningBatches.cbegin(), m_runningBatches.cend());
    ids.sort();
    m_pipeline.batchState().id = ids.join(QLatin1Char(','));
    // Paused or cancelled elsewhere: hand back what has not left.
    releaseUnsent(false);
    m_pipeline.batchState().paused = m_draining || (m_runningBatches.isEmpty() && !m_pausedBatches.isEmpty());
    if (!m_pipeline.batchState().paused)
        m_pipeline.pump();
    m_pipeline.updateStatus();
    checkIdle();
}

void TeamClaims::releaseUnsent(bool all) {
    QStringList release;
    for (const QString &key : m_pipeline.requests().claimedKeys()) {
        // A permit granted but not yet used goes back too (dropTask): only requests on the wire finish.
        if (m_pipeline.requests().hasLeft(key))
            continue;
        const FilingTask task = m_pipeline.tasks().value(key);
        if (!all && m_runningBatches.contains(task.batchId))
            continue;
        // Sent, its outcome unknown: its look-up is not a new request, and only the look-up says whether it
        // was filed. It is kept (and claimed back by whoever holds it next, schema 7) whatever its batch.
        if (!all && task.state == ExecutionState::Dispatching)
            continue;
        release.append(key);
    }
    if (release.isEmpty())
        return;
    for (const QString &key : std::as_const(release))
        dropTask(key);
    if (!m_ledgerDown)
        m_ledger->releaseClaimsThen(release, &m_engine, [](const QString &error) {
            if (!error.isEmpty())
                qCWarning(lcEngine).noquote() << "claims not handed back (their lease ends them):" << error;
        });
}

void TeamClaims::launch(const QStringList &keys, const QString &reason, DecidedBy by) {
    if (m_ledgerUntrusted) {
        Q_EMIT m_engine.errorOccurred(
            tr("the batch was not launched: the team ledger's audit trail does not verify"));
        return;
    }
    // The launch goes to the ledger on the writer's connection; until it is answered this member does not
    // call itself idle (checkIdle()).
    ++m_launchesUnderWay;
    m_ledger->launchBatchThen(
        keys, m_pipeline.actorFor(by), reason, &m_engine,
        [this, keys, reason, by](const QString &batchId, int count, const WriteResult &launched) {
            --m_launchesUnderWay;
            if (batchId.isEmpty()) {
                if (launched.failure == WriteResult::Failure::Busy) {
                    // Another member launches or changes batches right now: this launch goes once the pause
                    // is over.
                    m_deferredLaunch = DeferredLaunch{keys, reason, by};
                    ledgerQuiet();
                    qCInfo(lcEngine).noquote()
                        << "the launch waits for another member's write:" << launched.error;
                    return;
                }
                m_pipeline.writeFailed(tr("the batch was not launched: %1").arg(launched.error), launched);
                if (!m_ledger->isReachable())
                    ledgerUnreachable(launched.error);
                checkIdle();
                return;
            }
            qCInfo(lcEngine) << "launched batch" << batchId << "with" << count << "task(s) in the ledger";
            Q_EMIT m_engine.batchLaunched(batchId, count);
            m_pipeline.batchState().idleSignalled = false;
            syncLedger();
            // Batch membership changed: the batches and (on a desk) every task are read again on the
            // writer's connection; the claims follow.
            refreshBatchesThen([this] { claimWork(); });
        });
}

void TeamClaims::setBatches(const QStringList &from, const QString &to, const QString &action,
                            const QString &reason, const QString &batchId, DecidedBy by) {
    // On the writer's connection, after what was handed to it before; until it is answered this member does
    // not call itself idle (checkIdle()).
    ++m_batchWritesUnderWay;
    m_ledger->setBatchStatusThen(
        from, to, action, m_pipeline.actorFor(by), reason, batchId, &m_engine,
        [this, to, action, batchId](int changed, const WriteResult &written) {
            --m_batchWritesUnderWay;
            if (changed == 0 && !batchId.isEmpty())
                Q_EMIT m_engine.errorOccurred(
                    tr("batch %1 is not running or paused: nothing changed").arg(batchId));
            if (changed < 0) {
                m_pipeline.writeFailed(tr("%1 failed: %2").arg(action, written.error), written);
                if (!m_ledger->isReachable())
                    ledgerUnreachable(written.error);
                checkIdle();
                return;
            }
            syncLedger();
            // The batches (and on a desk every task) are read again on the writer's connection; a resumed
            // batch's work is claimed then.
            refreshBatchesThen([this, to] {
                if (to == QLatin1String("running"))
                    claimWork();
            });
        });
}

void TeamClaims::drain(const QString &reason) {
    if (m_draining) {
        m_pipeline.updateStatus(); // a drain waits for a status taken after it: give one
        return;
    }
    m_draining = true;
    m_pipeline.batchState().paused = true;
    m_claimTimer.stop();
    m_pipeline.withdrawUnsent();
    releaseUnsent(true);
    m_pipeline.operatorAction(QStringLiteral("member_drain"), reason, QString(), QString(),
                              tr("member %1 stops sending; %n request(s) on the wire finish", nullptr,
                                 m_pipeline.requests().counts().onTheWire)
                                  .arg(m_pipeline.config().consoleId));
    m_pipeline.updateStatus();
}

void TeamClaims::openReview(const QString &key) {
    m_ledger->claimReviewThen(key, &m_engine, [this, key](const WriteResult &claimed) {
        if (!claimed) {
            m_pipeline.writeFailed(tr("%1: %2").arg(key.left(12), claimed.error), claimed);
            if (!m_ledger->isReachable())
                ledgerUnreachable(claimed.error);
            return;
        }
        syncLedger();
        refreshReviews();
    });
}

void TeamClaims::closeReview(const QString &key) {
    m_ledger->releaseReviewThen(key, &m_engine, [this, key](const WriteResult &released) {
        if (!released) {
            m_pipeline.writeFailed(tr("%1: %2").arg(key.left(12), released.error), released);
            return;
        }
        syncLedger();
        refreshReviews();
    });
}

void TeamClaims::refreshReviews() {
    if (m_ledgerDown)
        return;
    // On the writer's connection: the engine thread goes on while the ledger reads. Answers come in the
    // order asked, so the last one says what is open now.
    m_ledger->reviewsThen(
        &m_engine, [this](const QHash<QString, LedgerStore::Review> &reviews, const QString &error) {
            if (!error.isEmpty()) {
                if (!m_ledgerDown && !m_ledger->isReachable())
                    ledgerUnreachable(error);
                else if (!m_ledgerDown)
                    readFailed(QStringLiteral("reviews"), error, m_reviewsStale);
                return;
            }
            m_reviewsStale = false;
            QHash<QString, QString> text;
            for (auto it = reviews.cbegin(); it != reviews.cend(); ++it)
                text.insert(it.key(), tr("in review by %1 on %2 since %3 UTC")
                                          .arg(it->reviewer, it->host,
                                               it->sinceUtc.toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
            Q_EMIT m_engine.reviewsChanged(text);
        });
}

void TeamClaims::readFailed(const QString &what, const QString &error, bool &stale) {
    if (!stale) // once per failure, not once a second while it lasts
        qCWarning(lcEngine).noquote()
            << "the ledger's" << what << "were not read:" << error << "(read again in a second)";
    stale = true;
}

void TeamClaims::refreshMembers() {
    if (m_ledgerDown || m_membersUnderWay)
        return; // the read under way answers
    m_membersUnderWay = true;
    m_ledger->membersThen(kBeatIntervalMs, &m_engine,
                          [this](const QList<LedgerMember> &members, const QString &error) {
                              m_membersUnderWay = false;
                              if (error.isEmpty())
                                  Q_EMIT m_engine.membersUpdated(members);
                          });
}

void TeamClaims::queryTeamWork() {
    // While this member holds work it is not idle, whatever the team has left: the count (a read of every
    // workable task, asked every second by a worker that exits when idle) waits until it holds nothing.
    if (m_ledgerDown || heldHere() > 0) {
        Q_EMIT m_engine.teamWorkCounted(-1, heldHere());
        return;
    }
    if (m_countUnderWay)
        return; // the count under way answers
    m_countUnderWay = true;
    m_ledger->countWorkableThen(m_sendJurisdictions, &m_engine, [this](int open, const QString &error) {
        m_countUnderWay = false;
        // What this member took meanwhile counts as held: the team's count no longer says it is idle.
        const int held = heldHere();
        Q_EMIT m_engine.teamWorkCounted(error.isEmpty() && held == 0 ? open : -1, held);
    });
}

int TeamClaims::heldHere() const {
    return m_pipeline.requests().claimCount() + m_pipeline.requests().counts().onTheWire;
}

void TeamClaims::finishIfIdle() {
    if (m_finishUnderWay)
        return; // the look under way answers for this one too
    m_finishUnderWay = true;
    m_ledger->finishIdleBatchesThen(&m_engine, [this](const QStringList &finished, const QString &error) {
        m_finishUnderWay = false;
        if (!finished.isEmpty())
            qCInfo(lcEngine) << "batches finished:" << finished;
        else if (!error.isEmpty())
            qCInfo(lcEngine).noquote() << "idle batches not finished (looked at again later):" << error;
    });
}

void TeamClaims::stop() {
    for (QTimer *timer : {&m_claimTimer, &m_syncTimer, &m_renewTimer, &m_reconnectTimer, &m_beatTimer,
                          &m_notifyTimer, &m_claimSoonTimer, &m_busyTimer})
        timer->stop();
}

void TeamClaims::handBack(const QStringList &held, std::function<void()> done) {
    // Every claim goes back: an aborted request's task stays DISPATCHING and whoever claims it next looks it
    // up before anything is re-sent. On the writer's connection, after the outcomes handed to it before.
    if (held.isEmpty() || m_ledgerDown) {
        done();
        return;
    }
    m_ledger->releaseClaimsThen(held, &m_engine, [done = std::move(done)](const QString &error) {
        if (!error.isEmpty())
            qCWarning(lcEngine).noquote() << "claims not handed back (their lease ends them):" << error;
        done();
    });
}

void TeamClaims::pause(const QString &reason) {
    // Fleet-wide: every member stops sending this team's work.
    setBatches({QStringLiteral("running")}, QStringLiteral("paused"), QStringLiteral("batch_pause"), reason);
}

void TeamClaims::resume(const QString &reason) {
    m_pipeline.batchState().auditUnavailable = false;
    setBatches({QStringLiteral("paused")}, QStringLiteral("running"), QStringLiteral("batch_resume"), reason);
}

void TeamClaims::cancel(const QString &reason, const QString &batchId, DecidedBy by) {
    // Cancel acts on one batch, the one named: another desk's batch is not this operator's to stop.
    QString target = batchId;
    if (target.isEmpty()) {
        QStringList open(m_runningBatches.cbegin(), m_runningBatches.cend());
        for (const QString &b : std::as_const(m_pausedBatches))
            open.append(b);
        open.sort();
        if (open.size() != 1) {
            Q_EMIT m_engine.errorOccurred(
                open.isEmpty() ? tr("no batch is running or paused: nothing was cancelled")
                               : tr("%n batch(es) are running or paused (%1): name the one to cancel",
                                    nullptr, int(open.size()))
                                     .arg(open.join(QStringLiteral(", "))));
            return;
        }
        target = open.first();
    }
    setBatches({QStringLiteral("running"), QStringLiteral("paused")}, QStringLiteral("cancelled"),
               QStringLiteral("batch_cancel"), reason, target, by);
}

void TeamClaims::requeue(const QStringList &keys, const QString &reason, const QString &) {
    // Back into a batch of their own, launched in the ledger: whoever may send them claims them.
    if (!keys.isEmpty())
        launch(keys, reason, DecidedBy::Person);
}

bool TeamClaims::mayQueue(const QString &key) const {
    return m_pipeline.requests().isClaimed(
        key); // claim, then permit: a task this member does not hold is someone else's
}

bool TeamClaims::maySend() {
    return !m_ledgerDown && !ledgerQuiet();
}

bool TeamClaims::postponePortfolio(const QString &path, const QDate &asOf, bool busy) {
    // The file's entities go into the team's register in the ledger: the portfolio waits for it (then
    // portfolioLoaded() follows), as admission does. Busy: another member writes the same records right now
    // (two people opened portfolios together): this one waits its turn and is opened again then.
    if (!busy && !(m_ledgerDown && !m_ledgerUntrusted))
        return false;
    m_deferredPortfolio = std::make_pair(path, asOf);
    if (busy)
        ledgerQuiet();
    return true;
}

bool TeamClaims::postponeAdmission(int days, bool busy) {
    // Admission writes to the ledger: it waits for it (admitted() follows then), instead of failing once and
    // leaving a member that started while the ledger was down with nothing of its own to do. What is
    // admitted is planned from a portfolio that waits: the admission waits behind it. Busy: another member
    // admits the same obligations right now; what the other stored first is skipped, not doubled.
    if (!busy && !(m_ledgerDown && !m_ledgerUntrusted) && !m_deferredPortfolio)
        return false;
    m_deferredAdmission = days;
    if (busy)
        ledgerQuiet();
    return true;
}

QString TeamClaims::refusesAdmission() const {
    return m_ledgerUntrusted ? tr("nothing was admitted: the team ledger's audit trail does not verify")
                             : QString();
}

void TeamClaims::storedElsewhere(const QStringList &keys) {
    if (keys.isEmpty())
        return;
    // Admitted by another member: read as the ledger holds them, on the writer's connection (a read that
    // fails leaves them to the next catch-up, which finds their rows).
    m_ledger->loadTasksThen(keys, &m_engine, [this](const QList<FilingTask> &tasks, const QString &) {
        if (!m_pipeline.isStopping())
            adoptLedgerTasks(tasks);
    });
}

void TeamClaims::transitionRecorded(const QString &key, ExecutionState to) {
    if (to == ExecutionState::Validating || to == ExecutionState::Dispatching ||
        to == ExecutionState::FailedTransient)
        return;
    m_pipeline.requests().forgetClaim(key); // the ledger released the claim in the same transaction
    if (!m_claimSoonTimer.isActive())
        m_claimSoonTimer.start();
}

bool TeamClaims::absorbWriteFailure(const QString &what, const WriteResult &result) {
    const QString &error = result.error;
    // A task another member changed first is re-read, never overwritten; an unreachable ledger stops sending
    // until it answers, by itself.
    if (result.failure == WriteResult::Failure::Conflict) {
        handleConflict(result.conflictedKeys);
        return true;
    }
    if (result.failure == WriteResult::Failure::BatchNotRunning) {
        handleBatchNotRunning(result.conflictedKeys);
        return true;
    }
    // The ledger answers but another session held a lock past the limit: nothing was written, the callers
    // put their tasks back; try again shortly. Busy is not unreachable, and not a reason to stop.
    if (result.failure == WriteResult::Failure::Busy) {
        qCInfo(lcEngine).noquote() << "ledger busy, retried shortly:" << what << error;
        ledgerQuiet(); // starts the pause, and the timer that goes on after it
        m_pipeline.markStatusDirty();
        return true;
    }
    // The ledger refused this login the change (the role it needs, or segregation of duties): nothing was
    // written; the person is told what it needs. Not a reason to stop the rest of the team's work.
    if (result.failure == WriteResult::Failure::Refused) {
        qCWarning(lcEngine).noquote() << "refused by the ledger:" << what << error;
        Q_EMIT m_engine.actionRefused(error.isEmpty() ? what : error);
        Q_EMIT m_engine.errorOccurred(tr("not allowed: %1").arg(error.isEmpty() ? what : error));
        m_pipeline.markStatusDirty();
        return true;
    }
    if (!m_ledger->isReachable()) {
        ledgerUnreachable(error.isEmpty() ? what : error);
        return true;
    }
    return false; // the ledger answers but refused the write: the engine fails closed, for a person to look
}

void TeamClaims::checkIdle() {
    Pipeline &e = m_pipeline;
    const RequestTable &requests = e.requests();
    if (!e.batchState().active && m_activeSeen && !e.batchState().idleSignalled && !e.isStopping() &&
        requests.claimCount() == 0 && requests.counts().onTheWire == 0 && !m_ledgerDown &&
        !hasDeferredLedgerWork() && !m_claimUnderWay && !m_batchesUnderWay && m_launchesUnderWay == 0 &&
        m_batchWritesUnderWay == 0) {
        // Another member finished the last running batch.
        e.batchState().idleSignalled = true;
        e.flushDirty();
        e.updateStatus();
        Q_EMIT m_engine.batchIdle(e.currentStatus());
        return;
    }
    if (!e.batchState().active || e.batchState().idleSignalled || e.isStopping())
        return;
    // Cheap test first: anything queued, awaiting a permit or on the wire means not idle.
    if (requests.counts().busy())
        return;
    for (const QString &key : std::as_const(e.batchState().keys)) {
        const FilingTask &t = *e.tasks().constFind(key); // m_batch holds only known keys
        if (m_runningBatches.contains(t.batchId) && !isTerminal(t.state))
            return;
    }
    // The fleet's work: idle when no task of a running batch is left for anyone to send or wait for.
    if (requests.claimCount() > 0 || m_ledgerDown || hasDeferredLedgerWork() || m_claimUnderWay ||
        m_batchesUnderWay || m_launchesUnderWay > 0 || m_batchWritesUnderWay > 0) {
        // Every filing seen is done: say what the batch's end still waits for (a portfolio, admission or
        // launch that waits for the ledger is work still to come).
        qCDebug(lcEngine).nospace() << "idle waits: claims " << requests.claimCount() << ", ledger down "
                                    << m_ledgerDown << ", deferred portfolio "
                                    << m_deferredPortfolio.has_value() << ", admission "
                                    << m_deferredAdmission.has_value() << ", launch "
                                    << m_deferredLaunch.has_value() << ", claim under way " << m_claimUnderWay
                                    << ", batches read under way " << m_batchesUnderWay
                                    << ", launches under way " << m_launchesUnderWay;
        return;
    }
    finishIfIdle();
    e.batchState().idleSignalled = true;
    e.flushDirty();
    e.updateStatus();
    Q_EMIT m_engine.batchIdle(e.currentStatus());
}

void TeamClaims::describe(BatchStatus &s) const {
    s.teamMode = true;
    s.ledgerReachable = !m_ledgerDown;
    s.ledgerTrusted = !m_ledgerUntrusted;
    s.ledgerLink = m_ledger->link();
    s.reviewOnlyReason = m_reviewOnlyReason;
    s.access = m_ledger->access();
    if (s.reviewOnlyReason.isEmpty() && m_pipeline.config().claimsWork && !s.access.allows(TeamAction::File))
        s.reviewOnlyReason = tr("this login may not file: it %1").arg(s.access.refusal(TeamAction::File));
    s.openBatches = QStringList(m_runningBatches.cbegin(), m_runningBatches.cend()) +
                    QStringList(m_pausedBatches.cbegin(), m_pausedBatches.cend());
    s.openBatches.sort();
    s.ledgerId = m_ledger->ledgerId();
}

void TeamClaims::statusTaken(const BatchStatus &status) {
    // An untrusted ledger stays untrusted whatever its connection does: no "connected" for it.
    if (!m_ledgerUntrusted && status.ledgerLink != m_reportedLink) {
        m_reportedLink = status.ledgerLink;
        Q_EMIT m_engine.ledgerLinkChanged(status.ledgerLink, m_ledger->linkDetail());
    }
}

void TeamClaims::publishMetrics(metrics::EngineMetrics &metrics) const {
    metrics.setLedgerReachable(!m_ledgerDown);
    metrics.setLedgerLink(ledgerLinkName(m_ledger->link()));
}

} // namespace fd
