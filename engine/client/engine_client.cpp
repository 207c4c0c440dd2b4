#include "engine/client/engine_client.h"

#include "engine/core/engine.h"
#include "engine/core/engine_host.h"

#include <QEventLoop>

namespace fd {

namespace {
constexpr int kHeartbeatMs = 1000;
constexpr qint64 kUnresponsiveMs = 3000;
} // namespace

EngineClient::EngineClient(QObject *parent)
    : QObject(parent)
    , m_host(std::make_unique<EngineHost>()) {
    m_heartbeatTimer.setInterval(kHeartbeatMs);
    connect(&m_heartbeatTimer, &QTimer::timeout, this, &EngineClient::ping);
    m_heartbeatTimer.start();
    m_sincePong.start();
}

EngineClient::~EngineClient() = default;

Engine *EngineClient::engine() const {
    return m_host->engine();
}

bool EngineClient::isThreadRunning() const {
    return m_host->isRunning();
}

void EngineClient::ping() {
    if (m_pingOutstanding) {
        if (m_sincePong.elapsed() > kUnresponsiveMs || !isThreadRunning())
            Q_EMIT heartbeat(false, m_sincePong.elapsed());
        return;
    }
    m_pingOutstanding = true;
    m_sincePong.restart();
    // Runs on the engine thread and posts the answer back to this (GUI-thread) object.
    QMetaObject::invokeMethod(
        engine(),
        [this] {
            QMetaObject::invokeMethod(
                this,
                [this] {
                    m_pingOutstanding = false;
                    Q_EMIT heartbeat(true, m_sincePong.elapsed());
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void EngineClient::start(const EngineConfig &config) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, config] { e->start(config); }, Qt::QueuedConnection);
}

void EngineClient::loadPortfolio(const QString &path, const QDate &asOf) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, path, asOf] { e->loadPortfolio(path, asOf); }, Qt::QueuedConnection);
}

void EngineClient::setAsOf(const QDate &asOf) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, asOf] { e->setAsOf(asOf); }, Qt::QueuedConnection);
}

void EngineClient::queryNotes() {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e] { e->queryNotes(); }, Qt::QueuedConnection);
}

void EngineClient::admit(int dueWithinDays) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, dueWithinDays] { e->admit(dueWithinDays); }, Qt::QueuedConnection);
}

void EngineClient::launchBatch(const QStringList &keys, const QString &reason, DecidedBy by) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, keys, reason, by] { e->launchBatch(keys, reason, by); }, Qt::QueuedConnection);
}

void EngineClient::pauseBatch(const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, reason] { e->pauseBatch(reason); }, Qt::QueuedConnection);
}

void EngineClient::resumeBatch(const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, reason] { e->resumeBatch(reason); }, Qt::QueuedConnection);
}

void EngineClient::holdSending(bool hold) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, hold] { e->holdSending(hold); }, Qt::QueuedConnection);
}

void EngineClient::cancelBatch(const QString &reason, const QString &batchId, DecidedBy by) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, reason, batchId, by] { e->cancelBatch(reason, batchId, by); }, Qt::QueuedConnection);
}

void EngineClient::replay(const QStringList &keys, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, keys, reason] { e->replay(keys, reason); }, Qt::QueuedConnection);
}

void EngineClient::resolve(const QStringList &keys, const QString &reason, bool requeue, bool sendUnchanged) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, keys, reason, requeue, sendUnchanged] { e->resolve(keys, reason, requeue, sendUnchanged); },
        Qt::QueuedConnection);
}

void EngineClient::recordFiledOutside(const QString &key, const QString &confirmationNumber,
                                      qint64 feeChargedCents, const QDate &filedOn, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [=] { e->recordFiledOutside(key, confirmationNumber, feeChargedCents, filedOn, reason); },
        Qt::QueuedConnection);
}

void EngineClient::editEntity(const QString &entityId, const QHash<QString, QString> &values,
                              const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [=] { e->editEntity(entityId, values, reason); }, Qt::QueuedConnection);
}

void EngineClient::decideConflict(const QString &entityId, const QString &field, bool takeFileValue,
                                  const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [=] { e->decideConflict(entityId, field, takeFileValue, reason); }, Qt::QueuedConnection);
}

void EngineClient::queryEntityHistory(const QString &entityId) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, entityId] { e->queryEntityHistory(entityId); }, Qt::QueuedConnection);
}

void EngineClient::withdraw(const QStringList &keys, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, keys, reason] { e->withdraw(keys, reason); }, Qt::QueuedConnection);
}

void EngineClient::addNote(const QString &key, const QString &note) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, key, note] { e->addNote(key, note); }, Qt::QueuedConnection);
}

void EngineClient::updateEntity(const QString &entityId, const QDate &formationDate,
                                const QString &entityType, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [=] { e->updateEntity(entityId, formationDate, entityType, reason); }, Qt::QueuedConnection);
}

void EngineClient::refreshUsage() {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e] { e->refreshUsage(); }, Qt::QueuedConnection);
}

void EngineClient::queryAudit(const AuditQuery &query) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, query] { e->queryAudit(query); }, Qt::QueuedConnection);
}

void EngineClient::exportCalendar(const CalendarExportRequest &request) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, request] { e->exportCalendar(request); }, Qt::QueuedConnection);
}

void EngineClient::recordSettingsChange(const QStringList &changes, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, changes, reason] { e->recordSettingsChange(changes, reason); }, Qt::QueuedConnection);
}

void EngineClient::openReview(const QString &key) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, key] { e->openReview(key); }, Qt::QueuedConnection);
}

void EngineClient::closeReview(const QString &key) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, key] { e->closeReview(key); }, Qt::QueuedConnection);
}

void EngineClient::refreshMembers() {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e] { e->refreshMembers(); }, Qt::QueuedConnection);
}

void EngineClient::queryTeamWork() {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e] { e->queryTeamWork(); }, Qt::QueuedConnection);
}

void EngineClient::drain(const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, reason] { e->drain(reason); }, Qt::QueuedConnection);
}

void EngineClient::shutdown() {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e] { e->shutdown(); }, Qt::QueuedConnection);
}

bool EngineClient::shutdownAndWait(int timeoutMs) {
    QEventLoop loop;
    bool stopped = false;
    connect(engine(), &Engine::stopped, &loop, [&] {
        stopped = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    shutdown();
    loop.exec();
    return stopped;
}

} // namespace fd
