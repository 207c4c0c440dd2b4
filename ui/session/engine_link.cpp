#include "ui/session/engine_link.h"

#include "engine/core/engine.h"
#include "engine/core/engine_host.h"

namespace fd::ui {

namespace {
constexpr int kHeartbeatMs = 1000;
constexpr qint64 kUnresponsiveMs = 3000;
} // namespace

EngineLink::EngineLink(QObject *parent)
    : QObject(parent)
    , m_host(std::make_unique<EngineHost>()) {
    m_heartbeatTimer.setInterval(kHeartbeatMs);
    connect(&m_heartbeatTimer, &QTimer::timeout, this, &EngineLink::ping);
    m_heartbeatTimer.start();
    m_sincePong.start();
}

EngineLink::~EngineLink() = default;

Engine *EngineLink::engine() const {
    return m_host->engine();
}

bool EngineLink::isThreadRunning() const {
    return m_host->isRunning();
}

void EngineLink::ping() {
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

void EngineLink::start(const EngineConfig &config) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, config] { e->start(config); }, Qt::QueuedConnection);
}

void EngineLink::loadPortfolio(const QString &path, const QDate &asOf) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, path, asOf] { e->loadPortfolio(path, asOf); }, Qt::QueuedConnection);
}

void EngineLink::setAsOf(const QDate &asOf) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, asOf] { e->setAsOf(asOf); }, Qt::QueuedConnection);
}

void EngineLink::queryNotes() {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e] { e->queryNotes(); }, Qt::QueuedConnection);
}

void EngineLink::admit(int dueWithinDays) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, dueWithinDays] { e->admit(dueWithinDays); }, Qt::QueuedConnection);
}

void EngineLink::launchBatch(const QStringList &keys, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, keys, reason] { e->launchBatch(keys, reason); }, Qt::QueuedConnection);
}

void EngineLink::pauseBatch(const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, reason] { e->pauseBatch(reason); }, Qt::QueuedConnection);
}

void EngineLink::resumeBatch(const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, reason] { e->resumeBatch(reason); }, Qt::QueuedConnection);
}

void EngineLink::cancelBatch(const QString &reason, const QString &batchId) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, reason, batchId] { e->cancelBatch(reason, batchId); }, Qt::QueuedConnection);
}

void EngineLink::replay(const QStringList &keys, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, keys, reason] { e->replay(keys, reason); }, Qt::QueuedConnection);
}

void EngineLink::resolve(const QStringList &keys, const QString &reason, bool requeue, bool sendUnchanged) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, keys, reason, requeue, sendUnchanged] { e->resolve(keys, reason, requeue, sendUnchanged); },
        Qt::QueuedConnection);
}

void EngineLink::recordFiledOutside(const QString &key, const QString &confirmationNumber,
                                    qint64 feeChargedCents, const QDate &filedOn, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [=] { e->recordFiledOutside(key, confirmationNumber, feeChargedCents, filedOn, reason); },
        Qt::QueuedConnection);
}

void EngineLink::editEntity(const QString &entityId, const QHash<QString, QString> &values,
                            const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [=] { e->editEntity(entityId, values, reason); }, Qt::QueuedConnection);
}

void EngineLink::decideConflict(const QString &entityId, const QString &field, bool takeFileValue,
                                const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [=] { e->decideConflict(entityId, field, takeFileValue, reason); }, Qt::QueuedConnection);
}

void EngineLink::queryEntityHistory(const QString &entityId) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, entityId] { e->queryEntityHistory(entityId); }, Qt::QueuedConnection);
}

void EngineLink::withdraw(const QStringList &keys, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, keys, reason] { e->withdraw(keys, reason); }, Qt::QueuedConnection);
}

void EngineLink::addNote(const QString &key, const QString &note) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, key, note] { e->addNote(key, note); }, Qt::QueuedConnection);
}

void EngineLink::updateEntity(const QString &entityId, const QDate &formationDate, const QString &entityType,
                              const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [=] { e->updateEntity(entityId, formationDate, entityType, reason); }, Qt::QueuedConnection);
}

void EngineLink::refreshUsage() {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e] { e->refreshUsage(); }, Qt::QueuedConnection);
}

void EngineLink::queryAudit(const AuditQuery &query) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, query] { e->queryAudit(query); }, Qt::QueuedConnection);
}

void EngineLink::exportCalendar(const CalendarExportRequest &request) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, request] { e->exportCalendar(request); }, Qt::QueuedConnection);
}

void EngineLink::recordSettingsChange(const QStringList &changes, const QString &reason) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, changes, reason] { e->recordSettingsChange(changes, reason); }, Qt::QueuedConnection);
}

void EngineLink::openReview(const QString &key) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, key] { e->openReview(key); }, Qt::QueuedConnection);
}

void EngineLink::closeReview(const QString &key) {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e, key] { e->closeReview(key); }, Qt::QueuedConnection);
}

void EngineLink::refreshMembers() {
    Engine *e = engine();
    QMetaObject::invokeMethod(
        e, [e] { e->refreshMembers(); }, Qt::QueuedConnection);
}

} // namespace fd::ui
