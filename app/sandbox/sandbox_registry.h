// The sandbox registry: Registry API v1 plus the sandbox endpoints, on QtHttpServer.
//
// Every answer that carries latency is asynchronous: the route handler takes the QHttpServerResponder by
// rvalue reference, moves it into a Pending entry and returns at once; a QTimer::singleShot on this object
// writes the answer later. The event loop is therefore free while requests wait, so requests really
// overlap and the per-jurisdiction in-flight counter measures true concurrency.
#pragma once

#include <optional>
#include <utility>

#include "sandbox_config.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QHash>
#include <QtCore/QJsonObject>
#include <QtCore/QList>
#include <QtCore/QMap>
#include <QtCore/QObject>
#include <QtCore/QPointer>
#include <QtCore/QString>
#include <QtHttpServer/QHttpServer>
#include <QtHttpServer/QHttpServerResponder>

#include <map>
#include <memory>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace fd::sandbox {

class SandboxRegistry : public QObject {
    Q_OBJECT
public:
    explicit SandboxRegistry(const SandboxConfig &config, QObject *parent = nullptr);
    ~SandboxRegistry() override;

    // Listens on config.host:config.port; returns the port, or 0 (see errorString()).
    quint16 listen();
    QString errorString() const { return m_error; }

    QJsonObject stats() const;
    void reset();

private:
    struct Counters {
        int inFlight = 0;
        int maxInFlight = 0;
        qint64 requests = 0;
        qint64 accepted = 0;
        qint64 replays = 0;
        qint64 lookups = 0;
        qint64 rejectedCap = 0;
        qint64 rejectedTransient = 0;
        qint64 rejectedThrottle = 0;
        qint64 rejectedStatutory = 0;
        qint64 rejectedValidation = 0;
        qint64 rejectedPayload = 0; // of rejectedStatutory + rejectedValidation: by the payload checks
        qint64 wrongFee = 0;
        qint64 missingConfirmation = 0;
        qint64 slow = 0;
        qint64 dropped = 0;
        qint64 sequence = 0; // last confirmation sequence number issued
    };

    struct Filing {
        QString entityId;
        QString jurisdiction;
        QString filingType;
        int filingYear = 0;
        QJsonObject receipt;
    };

    struct Answer {
        int status = 200;
        QJsonObject body;
        QList<QPair<QByteArray, QByteArray>> headers;
    };

    struct Pending {
        explicit Pending(QHttpServerResponder &&r)
            : responder(std::move(r)) {}
        QHttpServerResponder responder;
        QPointer<QTcpSocket> socket;
        QMetaObject::Connection disconnectWatch;
        QString jurisdiction; // holds an in-flight slot of this jurisdiction when holdsSlot
        bool holdsSlot = false;
        quint64 epoch = 0;
        bool drop = false;
        Answer answer;
        QString logLine;
        QElapsedTimer clock;
        /// SandboxConfig::recordOnAnswer: the filing recorded when the answer is due (whether or not the
        /// client is still there to read it).
        std::optional<std::pair<QString, Filing>> recordWhenDone;
    };
    /// Records an accepted filing: counts it as a duplicate when its tuple was filed before (under another
    /// key, or at all when the registry ignores idempotency keys).
    void recordFiling(const QString &key, const Filing &filing);

    void handleSubmit(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    void handleLookup(const QString &key, const QHttpServerRequest &request,
                      QHttpServerResponder &&responder);
    void handleMissing(const QHttpServerRequest &request, QHttpServerResponder &&responder);

    Counters &countersFor(const QString &jurisdiction);
    void enterFlight(const QString &jurisdiction);
    void releaseSlot(Pending &pending);

    // Answers after delayMs through a Pending entry (the responder is moved into it).
    void answerLater(QHttpServerResponder &&responder, int delayMs, Answer answer,
                     const QString &jurisdiction, bool holdsSlot, bool drop, const QString &logLine,
                     std::optional<std::pair<QString, Filing>> recordWhenDone = std::nullopt);
    void complete(quint64 id);
    void answerNow(QHttpServerResponder &responder, const Answer &answer, const QString &logLine);
    static void writeAnswer(QHttpServerResponder &responder, const Answer &answer);
    void log(const QString &line, const Answer &answer, qint64 elapsedMs) const;

    static Answer errorAnswer(int status, const QString &category, const QString &code,
                              const QString &message);
    QJsonObject makeReceipt(const QString &jurisdiction, int filingYear, qint64 feeCents, bool wrongFee,
                            bool missingConfirmation);

    SandboxConfig m_config;
    FaultInjector m_faults;
    QHttpServer m_server;
    QString m_error;

    QMap<QString, Counters> m_counters;    // sorted, so stats come out in a stable order
    QHash<QString, Filing> m_filings;      // idempotency key -> accepted filing
    QHash<QString, QString> m_filedTuples; // entity|jurisdiction|type|year -> key that filed it
    QHash<QString, int> m_attempts;        // idempotency key -> attempts that reached fault injection
    qint64 m_duplicateFilings = 0;
    qint64 m_unattributedRequests = 0;
    qint64 m_lookupsNotFound = 0;
    int m_totalInFlight = 0;
    int m_totalMaxInFlight = 0;

    std::map<quint64, std::unique_ptr<Pending>> m_pending;
    quint64 m_nextPendingId = 1;
    quint64 m_epoch = 1; // bumped by reset(): older pending answers no longer touch the counters
};

} // namespace fd::sandbox
