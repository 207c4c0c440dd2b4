// Every timed and failure path of the engine, driven by a manual clock, a scripted registry transport, the
// in-process gate and a real SQLite audit database whose writes can be made to fail.
#include "engine/core/clock.h"
#include "engine/core/engine.h"
#include "engine/gate/local_permit_gate.h"

#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <deque>

using namespace fd;

namespace {

/// Answers each request from a script (per key, in order; Accepted with the rule's fee when the script is
/// empty), always later from the event loop, like the HTTP adapter.
class ScriptedRegistry final : public RegistryTransport {
    Q_OBJECT
public:
    struct Call {
        QString key;
        bool lookup = false;
        QDateTime atUtc;
        QByteArray payload; ///< what was sent
    };
    explicit ScriptedRegistry(Clock *clock)
        : m_clock(clock) {}

    bool hasBaseUrl(const QString &) const override { return true; }
    void submit(const FilingTask &task, Callback callback) override {
        answer(task, false, std::move(callback));
    }
    void lookup(const FilingTask &task, Callback callback) override {
        answer(task, true, std::move(callback));
    }
    void abortAll() override {
        const auto pending = std::exchange(m_pending, {});
        for (const auto &p : pending) {
            RegistryOutcome o;
            o.kind = RegistryOutcome::Kind::Uncertain;
            o.code = QStringLiteral("ABORTED");
            p(o);
        }
    }

    void script(const QString &key, RegistryOutcome outcome) { m_scripts[key].push_back(outcome); }
    void scriptLookup(const QString &key, RegistryOutcome outcome) { m_lookups[key].push_back(outcome); }
    void clearLookups(const QString &key) { m_lookups.remove(key); }
    /// Holds answers back until release() (a request "on the wire").
    void setHolding(bool hold) { m_hold = hold; }
    void release() {
        const auto pending = std::exchange(m_pending, {});
        for (const auto &p : pending)
            p(std::nullopt);
    }
    QList<Call> calls;
    int submits(const QString &key) const {
        return int(std::count_if(calls.cbegin(), calls.cend(),
                                 [&](const Call &c) { return c.key == key && !c.lookup; }));
    }
    int lookups(const QString &key) const {
        return int(std::count_if(calls.cbegin(), calls.cend(),
                                 [&](const Call &c) { return c.key == key && c.lookup; }));
    }

private:
    void answer(const FilingTask &task, bool isLookup, Callback callback) {
        calls.append({task.key, isLookup, m_clock->nowUtc(), isLookup ? QByteArray() : task.payloadJson()});
        auto &queue = isLookup ? m_lookups[task.key] : m_scripts[task.key];
        RegistryOutcome o;
        if (!queue.empty()) {
            o = queue.front();
            queue.pop_front();
        } else {
            o.kind = isLookup ? RegistryOutcome::Kind::NotFound : RegistryOutcome::Kind::Accepted;
            o.httpStatus = isLookup ? 404 : 201;
        }
        if (o.kind == RegistryOutcome::Kind::Accepted || o.kind == RegistryOutcome::Kind::Found) {
            if (o.receipt.confirmationNumber.isEmpty())
                o.receipt.confirmationNumber = QStringLiteral("CONF-") + task.key.left(6);
            if (o.receipt.feeChargedCents < 0)
                o.receipt.feeChargedCents = task.obligation.feeCents;
        }
        auto deliver = [callback, o](std::optional<RegistryOutcome> override) {
            callback(override.value_or(o));
        };
        if (m_hold) {
            m_pending.push_back(deliver);
            return;
        }
        QMetaObject::invokeMethod(
            this, [deliver] { deliver(std::nullopt); }, Qt::QueuedConnection);
    }

    Clock *m_clock;
    QHash<QString, std::deque<RegistryOutcome>> m_scripts;
    QHash<QString, std::deque<RegistryOutcome>> m_lookups;
    bool m_hold = false;
    std::vector<std::function<void(std::optional<RegistryOutcome>)>> m_pending;
};

/// The real SQLite store, whose writes fail while `failing` is set (a full disk, a locked database). The
/// engine writes it on the store's own thread: the flags are atomics.
class FlakyStore final : public AuditStore {
public:
    std::atomic<bool> failing = false;
    fd::WriteResult recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                      Durability durability) override {
        if (failing) {
            *error = QStringLiteral("disk I/O error (injected)");
            return fd::WriteResult::failed(fd::WriteResult::Failure::Unavailable, *error);
        }
        if (durability == Durability::Synced)
            ++syncedCommits;
        return stallThenRecord(records, error, durability);
    }
    fd::WriteResult appendAction(const AuditEntry &entry, QString *error) override {
        if (failing) {
            *error = QStringLiteral("disk I/O error (injected)");
            return fd::WriteResult::failed(fd::WriteResult::Failure::Unavailable, *error);
        }
        return AuditStore::appendAction(entry, error);
    }
    fd::WriteResult saveTask(const FilingTask &task, QString *error) override {
        if (failing) {
            *error = QStringLiteral("disk I/O error (injected)");
            return fd::WriteResult::failed(fd::WriteResult::Failure::Unavailable, *error);
        }
        return AuditStore::saveTask(task, error);
    }
    fd::WriteResult saveTasks(const QList<FilingTask> &tasks, QString *error) override {
        if (failing) {
            *error = QStringLiteral("disk I/O error (injected)");
            return fd::WriteResult::failed(fd::WriteResult::Failure::Unavailable, *error);
        }
        return AuditStore::saveTasks(tasks, error);
    }
    std::atomic<int> syncedCommits = 0;
    /// While set, a transition commit waits before it begins (a disk that stalls): the store's thread is
    /// busy, the engine's is not.
    std::atomic<bool> stalling = false;

private:
    fd::WriteResult stallThenRecord(const QList<TransitionRecord> &records, QString *error,
                                    Durability durability) {
        while (stalling)
            QThread::msleep(2);
        return AuditStore::recordTransitions(records, error, durability);
    }
};

RegistryOutcome outcome(RegistryOutcome::Kind kind, const QString &code = QString(),
                        qint64 retryAfterMs = 0) {
    RegistryOutcome o;
    o.kind = kind;
    o.code = code;
    o.message = code;
    o.retryAfterMs = retryAfterMs;
    return o;
}

/// The in-process gate, with a process that stalled between grant and send: every permit is found with
/// too little lease left, and the gate's confirmations answer as scripted (then "still held").
class StalledGate : public LocalPermitGate {
public:
    using LocalPermitGate::LocalPermitGate;
    std::deque<bool> confirmations;
    int reconfirmed = 0;
    qint64 leaseLeftMs(const QString &) const override { return 0; }
    void reconfirm(const QString &jurisdiction, const QString &token,
                   std::function<void(bool)> done) override {
        Q_UNUSED(jurisdiction);
        Q_UNUSED(token);
        ++reconfirmed;
        bool held = true;
        if (!confirmations.empty()) {
            held = confirmations.front();
            confirmations.pop_front();
        }
        QMetaObject::invokeMethod(
            this, [done = std::move(done), held] { done(held); }, Qt::QueuedConnection);
    }
};

} // namespace

class EnginePathsTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    Engine *m_engine = nullptr;
    ManualClock *m_clock = nullptr;
    ScriptedRegistry *m_registry = nullptr;
    FlakyStore *m_store = nullptr; ///< the engine's: written and read on the store's thread
    QString m_dbPath;
    std::unique_ptr<AuditStore> m_reader;

    /// The engine's database as another connection reads it (what is on disk).
    AuditStore &stored() {
        if (!m_reader) {
            m_reader = std::make_unique<AuditStore>();
            QString error;
            if (!m_reader->open(m_dbPath, &error, AuditStore::OpenMode::Shared))
                qWarning("cannot read %s: %s", qPrintable(m_dbPath), qPrintable(error));
        }
        return *m_reader;
    }
    QStringList m_keys;
    QList<EngineAlert> m_alerts;
    int m_case = 0;
    std::function<PermitGate *()> m_makeGate;

    /// One filing whose submission timed out (10 s) under a settle window of a minute, retries from 1 s up to
    /// `retryMaxMs`, and every look-up finding nothing: its key once the engine waits to look it up, empty if
    /// it never did.
    QString timedOutInsideTheSettleWindow(int retryMaxMs) {
        EngineConfig config;
        config.requestTimeoutMs = 10000;
        config.settleMs = 60000;
        config.retryBaseMs = 1000;
        config.retryMaxMs = retryMaxMs;
        setUpEngine(1, config);
        const QString key = m_keys.first();
        m_registry->script(key, outcome(RegistryOutcome::Kind::Uncertain, QStringLiteral("NETWORK_TIMEOUT")));
        for (int i = 0; i < 200; ++i)
            m_registry->scriptLookup(key, outcome(RegistryOutcome::Kind::NotFound));
        launch();
        return QTest::qWaitFor([this, &key] { return m_engine->task(key).lookupRequired; }) ? key : QString();
    }

    /// A fresh engine and database with `entities` Delaware corporations admitted (not launched).
    void setUpEngine(int entities, EngineConfig config = {}) {
        delete m_engine;
        m_reader.reset();
        m_alerts.clear();
        m_engine = new Engine;
        m_clock = new ManualClock(QDateTime(QDate(2027, 2, 15), QTime(9, 0), Qt::UTC));
        m_registry = new ScriptedRegistry(m_clock);
        auto store = std::make_unique<FlakyStore>();
        m_store = store.get();
        m_engine->setClock(m_clock);
        m_engine->setTransport(m_registry);
        m_engine->setGate(m_makeGate ? m_makeGate() : new LocalPermitGate(15000));
        m_engine->setStore(std::move(store));
        connect(m_engine, &Engine::alertRaised, this, [this](const EngineAlert &a) { m_alerts.append(a); });

        const QString csv = m_dir.filePath(QStringLiteral("p%1.csv").arg(++m_case));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,risk_tier,"
            "ein,fiscal_year_end,authorized_shares\n");
        for (int i = 0; i < entities; ++i)
            f.write(
                QStringLiteral("D%1,Delaware Test %1 Inc.,corporation,DE,2010-05-04,CSC,active,2,,,5000\n")
                    .arg(i)
                    .toUtf8());
        f.close();
        config.dbPath = m_dir.filePath(QStringLiteral("audit%1.sqlite").arg(m_case));
        m_dbPath = config.dbPath;
        config.registries.defaultUrl = QUrl(QStringLiteral("http://127.0.0.1:9/"));
        QSignalSpy started(m_engine, &Engine::started);
        m_engine->start(config);
        QCOMPARE(started.count(), 1);
        QVERIFY2(started.at(0).at(0).toBool(), qPrintable(started.at(0).at(1).toString()));
        QSignalSpy admitted(m_engine, &Engine::admitted);
        m_engine->loadPortfolio(csv, QDate(2027, 2, 15));
        m_engine->admit(-1);
        QTRY_COMPARE(admitted.count(), 1); // admitted() follows the admission's commit
        QVERIFY(admitted.at(0).at(0).toInt() >= entities);
        m_keys.clear();
        for (const FilingTask &t : stored().loadTasks(false))
            m_keys.append(t.key);
        m_keys.sort();
    }
    void launch() { m_engine->launchBatch({}, QStringLiteral("test")); }
    ExecutionState stateOf(const QString &key) const { return m_engine->task(key).state; }
    bool hasAlert(const QString &kind) const {
        return std::any_of(m_alerts.cbegin(), m_alerts.cend(),
                           [&](const EngineAlert &a) { return a.kindName() == kind; });
    }
    /// Lets queued answers arrive, and the commits they led to (on the store's thread) come back, without
    /// moving the clock.
    void settle() {
        QDeadlineTimer patience(10000);
        do {
            for (int i = 0; i < 20; ++i)
                QCoreApplication::processEvents();
            if (m_engine->recordsPending() > 0)
                QThread::msleep(1);
        } while (m_engine->recordsPending() > 0 && !patience.hasExpired());
    }

private Q_SLOTS:
    void cleanup() {
        m_reader.reset();
        delete m_engine;
        m_engine = nullptr;
        m_makeGate = nullptr;
    }

    void permitReclaimedBeforeSendingSendsNothing() {
        // Between its grant and its send the desk stalled for longer than the lease can spare: the permit is
        // confirmed afresh first, and one the gate reclaimed meanwhile sends nothing (the filing waits and
        // goes out later under a permit that is its own).
        StalledGate *gate = nullptr;
        m_makeGate = [&gate] {
            gate = new StalledGate(15000);
            gate->confirmations = {false};
            return gate;
        };
        EngineConfig config;
        config.retryBaseMs = 1000;
        setUpEngine(1, config);
        const QString key = m_keys.first();
        launch();
        QTRY_COMPARE(stateOf(key), ExecutionState::FailedTransient);
        QCOMPARE(m_registry->submits(key), 0);
        QCOMPARE(m_engine->task(key).lastErrorCode, QStringLiteral("GATE_PERMIT_EXPIRED"));
        QCOMPARE(gate->reconfirmed, 1);
        m_clock->advance(120000);
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(m_registry->submits(key), 1);
        QCOMPARE(gate->reconfirmed, 2);
        // Both permits went back: none is left in use.
        QSignalSpy usage(gate, &PermitGate::usageUpdated);
        gate->refreshUsage({QStringLiteral("US-DE")});
        QTRY_COMPARE(usage.size(), 1);
        const auto snapshot = usage.first().at(0).value<QList<fd::JurisdictionUsage>>();
        QCOMPARE(snapshot.size(), 1);
        QCOMPARE(snapshot.first().inUse, 0);
    }

    void acceptedFilingCompletesWithOneSyncedDispatch() {
        setUpEngine(3);
        launch();
        QTRY_VERIFY(std::all_of(m_keys.cbegin(), m_keys.cend(),
                                [&](const QString &k) { return stateOf(k) == ExecutionState::Completed; }));
        for (const QString &k : std::as_const(m_keys))
            QCOMPARE(m_registry->submits(k), 1);
        QVERIFY(m_store->syncedCommits >= 1);
        QVERIFY(m_store->syncedCommits <= m_keys.size());
    }

    void transientBackoff_data() {
        QTest::addColumn<qint64>("retryAfterMs");
        QTest::addColumn<qint64>("minimumWaitMs");
        QTest::addColumn<qint64>("maximumWaitMs");
        // base 1000 ms: the first backoff is drawn from [500, 1000] ms.
        QTest::newRow("exponential backoff with jitter") << qint64(0) << qint64(500) << qint64(1000);
        QTest::newRow("Retry-After is honoured") << qint64(30000) << qint64(30000) << qint64(30000);
    }
    void transientBackoff() {
        QFETCH(qint64, retryAfterMs);
        QFETCH(qint64, minimumWaitMs);
        QFETCH(qint64, maximumWaitMs);
        EngineConfig config;
        config.retryBaseMs = 1000;
        setUpEngine(1, config);
        const QString key = m_keys.first();
        m_registry->script(
            key, outcome(RegistryOutcome::Kind::Transient, QStringLiteral("HTTP_503"), retryAfterMs));
        launch();
        QTRY_COMPARE(stateOf(key), ExecutionState::FailedTransient);
        const QDateTime firstAt = m_registry->calls.first().atUtc;
        const qint64 wait = firstAt.msecsTo(m_engine->task(key).nextAttemptUtc);
        QVERIFY2(wait >= minimumWaitMs && wait <= maximumWaitMs, qPrintable(QString::number(wait)));
        m_clock->advance(wait - 1);
        settle();
        QCOMPARE(m_registry->submits(key), 1); // not before its time
        m_clock->advance(1);
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(m_registry->submits(key), 2);
        QCOMPARE(firstAt.msecsTo(m_registry->calls.last().atUtc), wait);
    }

    void aFilingWaitingToBeTriedAgainCanBeWithdrawn_data() {
        QTest::addColumn<int>("answer"); // RegistryOutcome::Kind of the first submission
        QTest::addColumn<bool>("withdrawn");
        QTest::newRow("refused for now (503): not filed, withdrawn")
            << int(RegistryOutcome::Kind::Transient) << true;
        QTest::newRow("no answer: it may have been filed, not withdrawn")
            << int(RegistryOutcome::Kind::Uncertain) << false;
    }
    void aFilingWaitingToBeTriedAgainCanBeWithdrawn() {
        // A person can stop a filing the registry refused for a transient reason while it waits for its
        // retry: it becomes a withdrawn dead letter and is never sent again. One whose outcome is unknown may
        // have been filed: it is left to its look-up, and the person is told why.
        QFETCH(int, answer);
        QFETCH(bool, withdrawn);
        EngineConfig config;
        config.retryBaseMs = 60000;
        config.requestTimeoutMs = 10000;
        config.settleMs = 60000;
        setUpEngine(1, config);
        const QString key = m_keys.first();
        m_registry->script(key, outcome(RegistryOutcome::Kind(answer), QStringLiteral("HTTP_503")));
        launch();
        QTRY_COMPARE(m_registry->submits(key), 1);
        QTRY_VERIFY(m_engine->task(key).nextAttemptUtc.isValid());
        QCOMPARE(isWithdrawable(m_engine->task(key)), withdrawn);
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        m_engine->withdraw({key}, QStringLiteral("the subsidiary was merged away"));
        if (withdrawn) {
            QTRY_COMPARE(stateOf(key), ExecutionState::DeadLetter);
            QCOMPARE(stored().task(key)->state, ExecutionState::DeadLetter);
            QCOMPARE(stored().task(key)->lastErrorCode, QStringLiteral("WITHDRAWN"));
            QVERIFY(errors.isEmpty());
        } else {
            QTRY_COMPARE(errors.count(), 1);
            QCOMPARE(stateOf(key), ExecutionState::Dispatching);
        }
        m_clock->advance(180000); // past the retry and the settle window
        settle();
        QCOMPARE(m_registry->submits(key), withdrawn ? 1 : 2);
    }

    void deadLetterAfterTheLastAttempt() {
        EngineConfig config;
        config.maxAttempts = 3;
        config.breakerThreshold = 100;
        setUpEngine(1, config);
        const QString key = m_keys.first();
        for (int i = 0; i < 3; ++i)
            m_registry->script(key, outcome(RegistryOutcome::Kind::Transient, QStringLiteral("HTTP_503")));
        launch();
        for (int attempt = 1; attempt < 3; ++attempt) {
            QTRY_COMPARE(m_registry->submits(key), attempt);
            QTRY_COMPARE(stateOf(key), ExecutionState::FailedTransient);
            m_clock->advance(120000);
        }
        QTRY_COMPARE(stateOf(key), ExecutionState::DeadLetter);
        QCOMPARE(m_registry->submits(key), 3);
        QVERIFY(hasAlert(QStringLiteral("dead_letter")));
        m_clock->advance(600000);
        settle();
        QCOMPARE(m_registry->submits(key), 3); // a dead letter is never sent by itself
    }

    void aDeadLetterCanBeWithdrawnOnce() {
        // A filing that could not be filed can be marked "will not file" by a person: it stays a dead letter
        // (nothing is sent), its audit row says who decided it and why, and a second withdrawal is refused
        // with its reason instead of writing another row.
        EngineConfig config;
        config.maxAttempts = 1;
        config.breakerThreshold = 100;
        setUpEngine(1, config);
        const QString key = m_keys.first();
        m_registry->script(key, outcome(RegistryOutcome::Kind::Transient, QStringLiteral("HTTP_503")));
        launch();
        QTRY_COMPARE(stateOf(key), ExecutionState::DeadLetter);
        QVERIFY(isWithdrawable(m_engine->task(key)));
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        m_engine->withdraw({key}, QStringLiteral("the subsidiary is being dissolved"));
        QTRY_COMPARE(m_engine->task(key).lastErrorCode, QStringLiteral("WITHDRAWN"));
        QCOMPARE(stateOf(key), ExecutionState::DeadLetter);
        QVERIFY(!isWithdrawable(m_engine->task(key)));
        settle();
        QCOMPARE(stored().task(key)->state, ExecutionState::DeadLetter);
        QCOMPARE(stored().task(key)->lastErrorCode, QStringLiteral("WITHDRAWN"));
        AuditQuery q;
        q.action = QStringLiteral("withdraw");
        QList<AuditEntry> rows = stored().queryAudit(q);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().idempotencyKey, key);
        QCOMPARE(rows.first().fromState, QStringLiteral("DEAD_LETTER"));
        QCOMPARE(rows.first().toState, QStringLiteral("DEAD_LETTER"));
        QCOMPARE(rows.first().reason, QStringLiteral("the subsidiary is being dissolved"));
        // Stored in one fixed form, whatever the desk's language (fd::lastMessageForPeople says it again).
        QVERIFY2(stored().task(key)->lastErrorMessage.endsWith(
                     QLatin1String(": will not file (the subsidiary is being dissolved)")),
                 qPrintable(stored().task(key)->lastErrorMessage));
        QVERIFY(stored().task(key)->lastErrorMessage.startsWith(QLatin1String("withdrawn by ")));
        QVERIFY(errors.isEmpty());

        m_engine->withdraw({key}, QStringLiteral("again"));
        QTRY_COMPARE(errors.count(), 1);
        QVERIFY2(errors.first().first().toString().contains(QLatin1String("neither filed nor withdrawn")),
                 qPrintable(errors.first().first().toString()));
        settle();
        QCOMPARE(stored().queryAudit(q).size(), 1);
        QCOMPARE(m_registry->submits(key), 1);
    }

    void breakerOpensAdmitsOneTrialAndCloses() {
        EngineConfig config;
        config.breakerThreshold = 2;
        config.breakerCooldownMs = 10000;
        config.retryBaseMs = 100;
        config.retryMaxMs = 100;
        config.limits.insert(QStringLiteral("US-DE"), 1);
        setUpEngine(3, config);
        // Cap 1 sends in key order: the first two fail and open the breaker; the trial (the first key again)
        // succeeds.
        m_registry->script(m_keys.at(0),
                           outcome(RegistryOutcome::Kind::Transient, QStringLiteral("HTTP_503")));
        m_registry->script(m_keys.at(1),
                           outcome(RegistryOutcome::Kind::Transient, QStringLiteral("HTTP_503")));
        launch();
        QTRY_VERIFY(hasAlert(QStringLiteral("breaker_open")));
        const int callsWhenOpened = int(m_registry->calls.size());
        QCOMPARE(callsWhenOpened, 2);
        m_clock->advance(9000); // backoffs are due, but the breaker is open
        settle();
        QCOMPARE(int(m_registry->calls.size()), callsWhenOpened);
        m_registry->setHolding(true);
        m_clock->advance(1001); // cooldown over: exactly one trial request
        QTRY_COMPARE(int(m_registry->calls.size()), callsWhenOpened + 1);
        settle();
        QCOMPARE(int(m_registry->calls.size()), callsWhenOpened + 1);
        m_registry->setHolding(false);
        m_registry->release(); // the trial succeeds
        QTRY_VERIFY(hasAlert(QStringLiteral("breaker_closed")));
        QCOMPARE(m_registry->calls.at(callsWhenOpened).key, m_keys.at(0));
        m_clock->advance(1000);
        QTRY_VERIFY(std::all_of(m_keys.cbegin(), m_keys.cend(),
                                [&](const QString &k) { return stateOf(k) == ExecutionState::Completed; }));
        QVERIFY(hasAlert(QStringLiteral("breaker_closed")));
    }

    void permitLostIsAuditedAndAnnounced() {
        setUpEngine(1);
        const QString key = m_keys.first();
        m_registry->setHolding(true);
        launch();
        QTRY_COMPARE(int(m_registry->calls.size()), 1);
        Q_EMIT m_engine->gate()->permitLost(QStringLiteral("US-DE"), QStringLiteral("token"), key);
        QVERIFY(hasAlert(QStringLiteral("permit_lost")));
        settle();
        AuditQuery q;
        q.action = QStringLiteral("permit_lost");
        const QList<AuditEntry> rows = stored().queryAudit(q);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().idempotencyKey, key);
        QCOMPARE(rows.first().errorCode, QStringLiteral("GATE_PERMIT_LOST"));
        m_registry->setHolding(false);
        m_registry->release();
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
    }

    void unknownOutcome_data() {
        QTest::addColumn<int>("lookupAnswer"); // RegistryOutcome::Kind
        QTest::addColumn<int>("expectedState");
        QTest::addColumn<int>("expectedSubmits");
        QTest::addColumn<QString>("expectedAlert");
        QTest::newRow("found: filed once, completed")
            << int(RegistryOutcome::Kind::Found) << int(ExecutionState::Completed) << 1 << QString();
        QTest::newRow("not found: sent again")
            << int(RegistryOutcome::Kind::NotFound) << int(ExecutionState::Completed) << 2 << QString();
        QTest::newRow("no look-up: halted for a person")
            << int(RegistryOutcome::Kind::Unsupported) << int(ExecutionState::FailedStatutory) << 1
            << QStringLiteral("statutory_halt");
    }
    void unknownOutcome() {
        QFETCH(int, lookupAnswer);
        QFETCH(int, expectedState);
        QFETCH(int, expectedSubmits);
        QFETCH(QString, expectedAlert);
        setUpEngine(1);
        const QString key = m_keys.first();
        m_registry->script(key, outcome(RegistryOutcome::Kind::Uncertain, QStringLiteral("NETWORK_TIMEOUT")));
        m_registry->scriptLookup(key, outcome(RegistryOutcome::Kind(lookupAnswer)));
        launch();
        QTRY_VERIFY(m_engine->task(key).lookupRequired);
        QCOMPARE(stateOf(key), ExecutionState::Dispatching); // what it may be: filed
        QVERIFY(stored().task(key)->lookupRequired);         // and a restart keeps the promise
        m_clock->advance(120000);
        QTRY_COMPARE(int(stateOf(key)), expectedState);
        QCOMPARE(m_registry->lookups(key), 1);
        QCOMPARE(m_registry->submits(key), expectedSubmits);
        // the look-up came before any re-send
        const auto firstLookup = std::find_if(m_registry->calls.cbegin(), m_registry->calls.cend(),
                                              [](const ScriptedRegistry::Call &c) { return c.lookup; });
        QCOMPARE(int(firstLookup - m_registry->calls.cbegin()), 1);
        if (!expectedAlert.isEmpty())
            QVERIFY(hasAlert(expectedAlert));
        if (expectedState == int(ExecutionState::FailedStatutory))
            QCOMPARE(m_engine->task(key).lastErrorCode, QStringLiteral("UNCERTAIN_OUTCOME"));
    }

    void auditFailureFailsClosedAndResumes() {
        setUpEngine(2);
        m_store->failing = true;
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        launch();
        settle();
        QVERIFY(hasAlert(QStringLiteral("audit_unavailable")));
        QVERIFY(!errors.isEmpty());
        QCOMPARE(int(m_registry->calls.size()), 0); // nothing leaves without its record
        for (const QString &k : std::as_const(m_keys))
            QCOMPARE(stateOf(k), ExecutionState::Pending);
        m_store->failing = false;
        m_engine->resumeBatch(QStringLiteral("disk replaced"));
        launch(); // the launch itself was not recorded: the operator launches again
        QTRY_VERIFY(std::all_of(m_keys.cbegin(), m_keys.cend(),
                                [&](const QString &k) { return stateOf(k) == ExecutionState::Completed; }));
    }

    void auditFailureAfterAcceptedFilingLooksItUpAgain() {
        setUpEngine(1);
        const QString key = m_keys.first();
        m_registry->setHolding(true);
        launch();
        QTRY_COMPARE(int(m_registry->calls.size()), 1);
        m_store->failing = true;
        m_registry->setHolding(false);
        m_registry->release(); // accepted, but COMPLETED cannot be written
        QTRY_VERIFY(hasAlert(QStringLiteral("audit_unavailable")));
        QCOMPARE(stored().task(key)->state, ExecutionState::Dispatching);
        QVERIFY(m_engine->task(key).lookupRequired);
        m_store->failing = false;
        RegistryOutcome found = outcome(RegistryOutcome::Kind::Found);
        m_registry->scriptLookup(key, found);
        m_engine->resumeBatch(QStringLiteral("disk replaced"));
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(m_registry->submits(key), 1); // never filed twice
        QCOMPARE(m_registry->lookups(key), 1);
    }

    void anOutcomeIsRecordedWhileTheEngineGoesOn() {
        // The registry's answer hands the permit back at once; the outcome's commit joins the store's next
        // flush on its own thread while the engine goes on. Until that commit is on disk the filing is left
        // alone, is not counted as filed and the batch is not idle.
        LocalPermitGate *gate = nullptr;
        m_makeGate = [&gate] { return gate = new LocalPermitGate(15000); };
        setUpEngine(1);
        const QString key = m_keys.first();
        m_registry->setHolding(true);
        launch();
        QTRY_COMPARE(int(m_registry->calls.size()), 1);
        QSignalSpy idle(m_engine, &Engine::batchIdle);
        m_store->stalling = true;
        m_registry->setHolding(false);
        m_registry->release(); // accepted; returns although COMPLETED cannot be written yet
        for (int i = 0; i < 20; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(m_engine->recordsPending(), 1);
        QCOMPARE(stored().task(key)->state, ExecutionState::Dispatching);
        QSignalSpy usage(gate, &PermitGate::usageUpdated);
        gate->refreshUsage({QStringLiteral("US-DE")});
        QTRY_COMPARE(usage.size(), 1);
        QCOMPARE(usage.first().at(0).value<QList<fd::JurisdictionUsage>>().first().inUse, 0);
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        m_engine->withdraw({key}, QStringLiteral("no longer needed"));
        QCOMPARE(errors.count(), 1);
        // Said in words: its answer is being checked, not yet recorded.
        QVERIFY2(errors.first().first().toString().contains(QLatin1String("answer is still being checked")),
                 qPrintable(errors.first().first().toString()));
        QCOMPARE(idle.count(), 0);

        m_store->stalling = false;
        QTRY_COMPARE(idle.count(), 1);
        QCOMPARE(stored().task(key)->state, ExecutionState::Completed);
        QCOMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(idle.first().first().value<BatchStatus>().filedHere, 1);
        QCOMPARE(m_registry->submits(key), 1);
    }

    void stopWaitsForTheOutcomesBeingRecorded() {
        // A stop while an accepted filing's COMPLETED is still on its way to the disk: the final figures
        // count it filed, as the disk does, and the engine stops only after it is written.
        setUpEngine(1);
        const QString key = m_keys.first();
        m_registry->setHolding(true);
        launch();
        QTRY_COMPARE(int(m_registry->calls.size()), 1);
        m_store->stalling = true;
        m_registry->setHolding(false);
        m_registry->release();
        QSignalSpy stopped(m_engine, &Engine::stopped);
        QSignalSpy status(m_engine, &Engine::batchStatusChanged);
        m_engine->shutdown();
        for (int i = 0; i < 20; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(stopped.count(), 0);
        m_store->stalling = false;
        QTRY_COMPARE(stopped.count(), 1);
        QVERIFY(!status.isEmpty());
        QCOMPARE(status.last().first().value<BatchStatus>().filedHere, 1);
        QCOMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(stored().task(key)->state, ExecutionState::Completed);
        QCOMPARE(m_registry->submits(key), 1);
    }

    void nothingIsSentAfterShutdownBegan() {
        setUpEngine(4);
        QSignalSpy stopped(m_engine, &Engine::stopped);
        launch(); // permits are granted from the event loop: none has been used yet
        m_engine->shutdown();
        QTRY_COMPARE(stopped.count(), 1);
        settle();
        QCOMPARE(int(m_registry->calls.size()), 0);
    }

    void withdrawSaysWhatIsOnTheWire() {
        setUpEngine(1);
        m_registry->setHolding(true);
        launch();
        QTRY_COMPARE(int(m_registry->calls.size()), 1);
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        m_engine->withdraw(m_keys, QStringLiteral("no longer needed"));
        QCOMPARE(errors.count(), 1);
        QVERIFY(errors.first().first().toString().contains(QLatin1String("being sent right now")));
        m_registry->setHolding(false);
        m_registry->release();
    }

    void notFoundInsideTheSettleWindowIsNoEvidence_data() {
        QTest::addColumn<bool>("foundLate"); // the registry finishes the first submission within the window
        QTest::newRow("found within the window: filed once") << true;
        QTest::newRow("still not found after the window: sent again") << false;
    }
    void notFoundInsideTheSettleWindowIsNoEvidence() {
        // The request timed out; the registry may still be working on it for its settle window (60 s here):
        // look-ups that find nothing until then are no evidence and never lead to a second submission.
        QFETCH(bool, foundLate);
        const QString key = timedOutInsideTheSettleWindow(5000);
        QVERIFY(!key.isEmpty());
        const QDateTime sent = m_registry->calls.first().atUtc;
        // Look-ups every few seconds until the window ends: nothing is sent again, the task stays
        // DISPATCHING.
        while (sent.msecsTo(m_clock->nowUtc()) < 50000) {
            m_clock->advance(5000);
            settle();
            QCOMPARE(m_registry->submits(key), 1);
            QCOMPARE(stateOf(key), ExecutionState::Dispatching);
        }
        QVERIFY2(m_registry->lookups(key) >= 3, qPrintable(QString::number(m_registry->lookups(key))));
        QCOMPARE(m_engine->task(key).lastErrorCode, QStringLiteral("UNSETTLED"));
        QVERIFY(stored().task(key)->sentUtc.isValid()); // the window survives a restart
        if (foundLate) {
            m_registry->clearLookups(key);
            m_registry->scriptLookup(key, outcome(RegistryOutcome::Kind::Found));
            m_clock->advance(5000);
            QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
            QCOMPARE(m_registry->submits(key), 1);
            return;
        }
        m_clock->advance(15000); // past sent + 60 s: "not found" now means not filed
        QTRY_COMPARE(m_registry->submits(key), 2);
        const auto resent =
            std::find_if(m_registry->calls.cbegin(), m_registry->calls.cend(),
                         [&](const ScriptedRegistry::Call &c) { return !c.lookup && c.atUtc > sent; });
        QVERIFY(resent != m_registry->calls.cend());
        QVERIFY2(sent.msecsTo(resent->atUtc) >= 60000,
                 qPrintable(QString::number(sent.msecsTo(resent->atUtc))));
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
    }

    void actionsOnAFilingOnTheWireSayWhy() {
        setUpEngine(1);
        m_registry->setHolding(true);
        launch();
        QTRY_COMPARE(int(m_registry->calls.size()), 1);
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        m_engine->replay(m_keys, QStringLiteral("try again"));
        m_engine->resolve(m_keys, QStringLiteral("fixed"), true);
        m_engine->withdraw(m_keys, QStringLiteral("no longer needed"));
        QCOMPARE(errors.count(), 3);
        for (const QList<QVariant> &e : std::as_const(errors)) {
            const QString text = e.first().toString();
            QVERIFY2(text.contains(QLatin1String("being sent right now")) &&
                         text.contains(QLatin1String("decides")),
                     qPrintable(text));
            QVERIFY2(text.contains(QLatin1String("Delaware Test 0 Inc.")), qPrintable(text));
        }
        QCOMPARE(stateOf(m_keys.first()), ExecutionState::Dispatching);
        m_registry->setHolding(false);
        m_registry->release();
        QTRY_COMPARE(stateOf(m_keys.first()), ExecutionState::Completed);
        // Completed: not a dead letter, not halted; said so, and nothing changes.
        errors.clear();
        m_engine->replay(m_keys, QStringLiteral("try again"));
        QCOMPARE(errors.count(), 1);
        QVERIFY2(
            errors.first().first().toString().contains(QLatin1String("only filings that could not be filed")),
            qPrintable(errors.first().first().toString()));
    }

    void replayWritesTheClearedError() {
        setUpEngine(1);
        const QString key = m_keys.first();
        m_registry->script(key, outcome(RegistryOutcome::Kind::Validation, QStringLiteral("VAL_BAD_FIELD")));
        launch();
        QTRY_COMPARE(stateOf(key), ExecutionState::DeadLetter);
        QCOMPARE(stored().task(key)->lastErrorCode, QStringLiteral("VAL_BAD_FIELD"));
        m_engine->replay({key}, QStringLiteral("payload fixed"));
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
        QVERIFY(stored().task(key)->lastErrorCode.isEmpty());
        AuditQuery q;
        q.idempotencyKey = key;
        QList<AuditEntry> rows = stored().queryAudit(q);
        std::sort(rows.begin(), rows.end(),
                  [](const AuditEntry &a, const AuditEntry &b) { return a.id < b.id; });
        // The replay row and every row after it carry no error of before the replay.
        bool fromReplay = false;
        for (const AuditEntry &row : std::as_const(rows)) {
            fromReplay = fromReplay || row.action == QLatin1String("replay");
            if (fromReplay)
                QVERIFY2(row.errorCode.isEmpty(), qPrintable(row.action + QLatin1Char(' ') + row.errorCode));
        }
        QVERIFY(fromReplay);
    }

    void aPersonsDecisionIsWrittenWithoutTheEngineWaiting() {
        // Twenty dead letters replayed together while the disk stalls: the call returns and the engine goes
        // on; until the write is answered the filings are held (acting on them again is refused as being
        // settled, the batch is not idle). Once written, all twenty are back in one batch and filed.
        setUpEngine(20);
        for (const QString &key : std::as_const(m_keys))
            m_registry->script(key,
                               outcome(RegistryOutcome::Kind::Validation, QStringLiteral("VAL_BAD_FIELD")));
        QSignalSpy idle(m_engine, &Engine::batchIdle);
        launch();
        QTRY_VERIFY(std::all_of(m_keys.cbegin(), m_keys.cend(),
                                [&](const QString &k) { return stateOf(k) == ExecutionState::DeadLetter; }));
        QTRY_COMPARE(idle.count(), 1);
        idle.clear();

        m_store->stalling = true;
        m_engine->replay(m_keys, QStringLiteral("payload fixed"));
        for (int i = 0; i < 50; ++i)
            QCoreApplication::processEvents();
        for (const QString &key : std::as_const(m_keys))
            QCOMPARE(stateOf(key), ExecutionState::DeadLetter); // not written yet: not the engine's
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        m_engine->replay(m_keys, QStringLiteral("pressed twice"));
        m_engine->withdraw(m_keys, QStringLiteral("changed my mind"));
        QCOMPARE(errors.count(), 2);
        for (const QList<QVariant> &e : std::as_const(errors))
            QVERIFY2(e.first().toString().contains(QLatin1String("still being recorded")),
                     qPrintable(e.first().toString()));
        QCOMPARE(idle.count(), 0);
        QCOMPARE(m_registry->lookups(m_keys.first()), 0);

        m_store->stalling = false;
        QTRY_VERIFY(std::all_of(m_keys.cbegin(), m_keys.cend(),
                                [&](const QString &k) { return stateOf(k) == ExecutionState::Completed; }));
        QTRY_COMPARE(idle.count(), 1);
        AuditQuery q;
        q.action = QStringLiteral("replay");
        QCOMPARE(stored().queryAudit(q).size(), m_keys.size()); // the refused second replay wrote nothing
        QSet<QString> batches;
        for (const FilingTask &t : stored().loadTasks(false))
            batches.insert(t.batchId);
        QCOMPARE(batches.size(), 1); // replayed together, into one batch, written with the replay
        QVERIFY(!batches.contains(QString()));
        for (const QString &key : std::as_const(m_keys)) {
            QCOMPARE(m_registry->submits(key), 2); // refused for its data: sent again, nothing to look up
            QCOMPARE(m_registry->lookups(key), 0);
        }
    }

    void aDecisionNotWrittenSaysWhatAndHowMany() {
        // The disk refuses the replay of three dead letters: none is replayed, and the person reads which
        // decision on how many filings was not recorded (dispatch pauses: the audit trail cannot be kept).
        setUpEngine(3);
        for (const QString &key : std::as_const(m_keys))
            m_registry->script(key,
                               outcome(RegistryOutcome::Kind::Validation, QStringLiteral("VAL_BAD_FIELD")));
        launch();
        QTRY_VERIFY(std::all_of(m_keys.cbegin(), m_keys.cend(),
                                [&](const QString &k) { return stateOf(k) == ExecutionState::DeadLetter; }));
        settle();
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        m_store->failing = true;
        m_engine->replay(m_keys, QStringLiteral("payload fixed"));
        QTRY_COMPARE(errors.count(), 1);
        const QString told = errors.first().first().toString();
        QVERIFY2(told.startsWith(QLatin1String("audit write failed: Replay of 3 filing")), qPrintable(told));
        QVERIFY(hasAlert(QStringLiteral("audit_unavailable")));
        m_store->failing = false;
        for (const QString &key : std::as_const(m_keys)) {
            QCOMPARE(stateOf(key), ExecutionState::DeadLetter);
            QCOMPARE(stored().task(key)->state, ExecutionState::DeadLetter);
        }
    }

    void aFilingWithdrawnBeforeItLeftIsNotLookedUpWhenReplayed() {
        // Withdrawn while PENDING, then tried again: it was never sent, so there is nothing to look up (no
        // "not found after it was sent" rows): it is sent.
        setUpEngine(1);
        const QString key = m_keys.first();
        m_engine->withdraw({key}, QStringLiteral("not owed"));
        QTRY_COMPARE(stateOf(key), ExecutionState::DeadLetter);
        m_engine->replay({key}, QStringLiteral("owed after all")); // back into a batch of its own: sent
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(m_registry->lookups(key), 0);
        QCOMPARE(m_registry->submits(key), 1);
    }

    void aReplayLooksUpOnlyWhatMayHaveBeenFiled_data() {
        QTest::addColumn<int>("answer");  // the registry's answer to each send before the dead letter
        QTest::addColumn<int>("lookups"); // before the replay is sent
        QTest::addColumn<int>("submits"); // in all
        // Refused for its data (422): the registry said it was not filed. Sent again at once: no look-up,
        // and no wait for a settle window (a look-up a second, an audit row each, until it ends).
        QTest::newRow("refused for its data: sent, no look-up")
            << int(RegistryOutcome::Kind::Validation) << 0 << 2;
        // Retries ran out on errors that said nothing of the filing: it may be filed. Looked up, found: not
        // sent again.
        QTest::newRow("retries ran out: looked up, found, not sent again")
            << int(RegistryOutcome::Kind::Transient) << 1 << 1;
    }
    void aReplayLooksUpOnlyWhatMayHaveBeenFiled() {
        QFETCH(int, answer);
        QFETCH(int, lookups);
        QFETCH(int, submits);
        EngineConfig config;
        config.maxAttempts = 1;
        config.breakerThreshold = 100;
        config.settleMs = 60000;
        setUpEngine(1, config);
        const QString key = m_keys.first();
        m_registry->script(key, outcome(RegistryOutcome::Kind(answer), QStringLiteral("ANSWER")));
        m_registry->scriptLookup(key, outcome(RegistryOutcome::Kind::Found));
        launch();
        QTRY_COMPARE(stateOf(key), ExecutionState::DeadLetter);
        m_engine->replay({key}, QStringLiteral("tried again"));
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(m_registry->lookups(key), lookups);
        QCOMPARE(m_registry->submits(key), submits);
        AuditQuery q;
        q.idempotencyKey = key;
        q.action = QStringLiteral("lookup");
        QCOMPARE(int(stored().queryAudit(q).size()), lookups); // found at once, or nothing to look up
    }

    void lookUpsInsideTheSettleWindowAreSpacedOut() {
        // A request timed out under the defaults (10 s, a settle window of a minute, retries from 1 s up to
        // a minute): each "not found" waits about as long as the filing has been out before the next
        // look-up, so the window costs a handful of look-ups and audit rows, not one a second.
        const QString key = timedOutInsideTheSettleWindow(60000);
        QVERIFY(!key.isEmpty());
        const QDateTime sent = m_registry->calls.first().atUtc;
        while (sent.msecsTo(m_clock->nowUtc()) < 70000) {
            m_clock->advance(500);
            settle();
        }
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed); // not found after the window: sent again
        QCOMPARE(m_registry->submits(key), 2);
        const int made = m_registry->lookups(key);
        QVERIFY2(made >= 3 && made <= 8, qPrintable(QString::number(made)));
        AuditQuery q;
        q.idempotencyKey = key;
        q.action = QStringLiteral("lookup");
        QCOMPARE(int(stored().queryAudit(q).size()), made); // one row per look-up, no more
    }

    void replaySendsWhatTheRegisterHoldsNow() {
        // The registry rejected the filing's data; the person corrects the entity in the register and tries
        // again: the corrected entity goes out under the same key, not the payload that was rejected.
        setUpEngine(1);
        const QString key = m_keys.first();
        m_registry->script(key, outcome(RegistryOutcome::Kind::Validation, QStringLiteral("VAL_ADDRESS")));
        launch();
        QTRY_COMPARE(stateOf(key), ExecutionState::DeadLetter);
        QCOMPARE(m_registry->submits(key), 1);
        const QByteArray rejected = m_registry->calls.last().payload;
        QVERIFY(!rejected.contains("12 Market Street"));
        const QString entityId = m_engine->task(key).obligation.entity->entityId;
        m_engine->editEntity(entityId,
                             {{QStringLiteral("principal_office"), QStringLiteral("12 Market Street")}},
                             QStringLiteral("principal office added"));
        QTRY_COMPARE(m_engine->task(key).state, ExecutionState::DeadLetter); // the edit alone sends nothing
        m_engine->replay({key}, QStringLiteral("principal office added"));
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(m_registry->submits(key), 2);
        QCOMPARE(m_registry->lookups(key), 0); // the registry refused it: it was not filed
        const QByteArray resent = m_registry->calls.last().payload;
        QVERIFY2(resent.contains("12 Market Street"), resent.constData());
        QCOMPARE(m_engine->task(key).key, key); // same idempotency key
        AuditQuery q;
        q.idempotencyKey = key;
        q.action = QStringLiteral("replay");
        const QList<AuditEntry> rows = stored().queryAudit(q);
        QCOMPARE(rows.size(), 1);
        QVERIFY2(rows.first().detail.contains(QLatin1String("payload rebuilt from the entity register")),
                 qPrintable(rows.first().detail));
    }

    void heldSendingSendsNothingUntilReleased() {
        // A person pressed Cancel and is typing the reason: nothing new leaves meanwhile. Backing out lets
        // the batch go on; cancelling leaves everything unsent.
        setUpEngine(3);
        m_engine->holdSending(true);
        launch();
        settle();
        QCOMPARE(int(m_registry->calls.size()), 0);
        m_engine->holdSending(false);
        QTRY_VERIFY(std::all_of(m_keys.cbegin(), m_keys.cend(),
                                [&](const QString &k) { return stateOf(k) == ExecutionState::Completed; }));
        for (const QString &k : std::as_const(m_keys))
            QCOMPARE(m_registry->submits(k), 1);

        setUpEngine(2);
        m_engine->holdSending(true);
        launch();
        settle();
        m_engine->cancelBatch(QStringLiteral("wrong portfolio"));
        m_engine->holdSending(false);
        settle();
        QCOMPARE(int(m_registry->calls.size()), 0);
        for (const QString &k : std::as_const(m_keys))
            QCOMPARE(stateOf(k), ExecutionState::Pending);
    }

    void cancelLeavesAnUnknownOutcomeToItsLookUp() {
        // A request timed out (it may have been filed) and the batch is cancelled before its look-up: the
        // filing is not put back to waiting as if it had never been sent. It stays DISPATCHING, is looked up,
        // and what the look-up finds is recorded; nothing is sent twice.
        EngineConfig config;
        config.retryBaseMs = 1000;
        config.settleMs = 0;
        setUpEngine(1, config);
        const QString key = m_keys.first();
        m_registry->script(key, outcome(RegistryOutcome::Kind::Uncertain, QStringLiteral("NETWORK_TIMEOUT")));
        m_registry->scriptLookup(key, outcome(RegistryOutcome::Kind::Found));
        launch();
        QTRY_VERIFY(m_engine->task(key).lookupRequired);
        settle();
        QCOMPARE(stateOf(key), ExecutionState::Dispatching);
        QSignalSpy errors(m_engine, &Engine::errorOccurred);
        m_engine->cancelBatch(QStringLiteral("wrong portfolio"));
        settle();
        QCOMPARE(stateOf(key), ExecutionState::Dispatching);
        QCOMPARE(stored().task(key)->state, ExecutionState::Dispatching);
        AuditQuery q;
        q.action = QStringLiteral("batch_cancel");
        const QList<AuditEntry> cancelled = stored().queryAudit(q);
        QVERIFY(std::none_of(cancelled.cbegin(), cancelled.cend(),
                             [&](const AuditEntry &e) { return e.idempotencyKey == key; }));
        QVERIFY(std::any_of(cancelled.cbegin(), cancelled.cend(), [](const AuditEntry &e) {
            return e.detail.contains(QLatin1String("outcome is unknown"));
        }));
        m_clock->advance(120000);
        QTRY_COMPARE(stateOf(key), ExecutionState::Completed);
        QCOMPARE(m_registry->submits(key), 1);
        QCOMPARE(m_registry->lookups(key), 1);
        QCOMPARE(errors.count(), 0);
    }

    void secondEngineOnOneDatabaseIsRefused() {
        setUpEngine(1);
        Engine second;
        EngineConfig config;
        config.dbPath = m_dbPath;
        config.registries.defaultUrl = QUrl(QStringLiteral("http://127.0.0.1:9/"));
        QSignalSpy started(&second, &Engine::started);
        second.start(config);
        QCOMPARE(started.count(), 1);
        QVERIFY(!started.first().at(0).toBool());
        const QString reason = started.first().at(1).toString();
        QVERIFY2(reason.contains(QLatin1String("in use by")), qPrintable(reason));
        QVERIFY2(reason.contains(QString::number(QCoreApplication::applicationPid())), qPrintable(reason));
    }
};

QTEST_GUILESS_MAIN(EnginePathsTest)
#include "tst_engine_paths.moc"
