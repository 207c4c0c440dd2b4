#pragma once

#include "engine/audit/audit_store.h"
#include "engine/calendar/calendar_export_types.h"
#include "engine/core/engine_config.h"

#include <QDate>
#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <memory>

namespace fd {

class Engine;
class EngineHost;

/// The one typed client of the engine, for the console and the headless commands alike. Owns the engine's
/// worker thread (EngineHost) and turns every request into a queued call on that thread
/// (QMetaObject::invokeMethod with a function, never a method's name), so no call here ever waits for the
/// engine and a renamed or re-typed engine slot is a compile error: answers come back as the engine's signals
/// (connect to engine()). A heartbeat posted to the engine thread every second tells whether
/// the thread is alive and responsive.
///
/// Thread affinity: the thread that made it (the GUI thread, or a command's main thread). Destroying it shuts
/// the engine down (this waits for the engine's current slot to return, which never blocks on I/O).
class EngineClient : public QObject {
    Q_OBJECT
public:
    explicit EngineClient(QObject *parent = nullptr);
    ~EngineClient() override;

    /// For connecting to the engine's signals only; never call its methods directly.
    Engine *engine() const;
    bool isThreadRunning() const;

    void start(const EngineConfig &config);
    void loadPortfolio(const QString &path, const QDate &asOf);
    void setAsOf(const QDate &asOf);
    void queryNotes();
    void admit(int dueWithinDays);
    /// Engine::launchBatch(): `by` FilingDesk for what it launches on its own (audited as "engine").
    void launchBatch(const QStringList &keys, const QString &reason, DecidedBy by = DecidedBy::Person);
    void pauseBatch(const QString &reason);
    void resumeBatch(const QString &reason);
    /// Engine::holdSending(): nothing new leaves while a person decides.
    void holdSending(bool hold);
    /// Cancels batch `batchId` (empty: the only one open).
    void cancelBatch(const QString &reason, const QString &batchId = QString(),
                     DecidedBy by = DecidedBy::Person);
    void replay(const QStringList &keys, const QString &reason);
    void resolve(const QStringList &keys, const QString &reason, bool requeue, bool sendUnchanged = false);
    /// Engine::recordFiledOutside: a halt or dead letter filed on paper or in the portal.
    void recordFiledOutside(const QString &key, const QString &confirmationNumber, qint64 feeChargedCents,
                            const QDate &filedOn, const QString &reason);
    /// Engine::editEntity / decideConflict: answered by Engine::registerChanged (or errorOccurred).
    void editEntity(const QString &entityId, const QHash<QString, QString> &values, const QString &reason);
    void decideConflict(const QString &entityId, const QString &field, bool takeFileValue,
                        const QString &reason);
    /// Engine::queryEntityHistory: answered by Engine::entityHistory.
    void queryEntityHistory(const QString &entityId);
    void withdraw(const QStringList &keys, const QString &reason);
    void addNote(const QString &key, const QString &note);
    void updateEntity(const QString &entityId, const QDate &formationDate, const QString &entityType,
                      const QString &reason);
    void refreshUsage();
    void queryAudit(const AuditQuery &query);
    /// Engine::exportCalendar: answered by Engine::calendarExported.
    void exportCalendar(const CalendarExportRequest &request);
    /// Engine::recordSettingsChange.
    void recordSettingsChange(const QStringList &changes, const QString &reason);
    /// Team mode: Engine::openReview / closeReview (answered by Engine::reviewsChanged, or errorOccurred
    /// naming who has it); a single desk ignores them.
    void openReview(const QString &key);
    void closeReview(const QString &key);
    /// Team mode: Engine::refreshMembers, answered by Engine::membersUpdated.
    void refreshMembers();
    /// Team mode: Engine::queryTeamWork, answered by Engine::teamWorkCounted (a worker's --exit-when-idle).
    void queryTeamWork();
    /// Engine::drain: this member sends nothing more and lets what is on the wire finish; answered by a
    /// status (Engine::batchStatusChanged) once nothing is in flight.
    void drain(const QString &reason);
    /// Engine::shutdown: hands back permits and claims, then Engine::stopped.
    void shutdown();
    /// For the command line, which has nothing else to do meanwhile: shutdown() and wait in a local event
    /// loop for Engine::stopped, at most `timeoutMs`. True when the engine stopped in time. Never from the
    /// console.
    bool shutdownAndWait(int timeoutMs);

Q_SIGNALS:
    /// The engine thread answered (or stopped answering for over 3 s).
    void heartbeat(bool alive, qint64 roundTripMs);

private:
    void ping();

    std::unique_ptr<EngineHost> m_host;
    QTimer m_heartbeatTimer;
    QElapsedTimer m_sincePong;
    bool m_pingOutstanding = false;
};

} // namespace fd
