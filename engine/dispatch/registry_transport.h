#pragma once

#include "engine/model/filing_task.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <QStringList>

namespace fd {

/// A registry receipt (registry-api-v1, "Submit a filing").
struct RegistryReceipt {
    QString confirmationNumber; ///< empty when the registry gave none (a reconciliation exception)
    qint64 feeChargedCents = -1;
    QString acceptedAt; ///< RFC 3339 UTC as sent
    QString nextDue;
};

/// What one registry request came to, classified with the four-tier taxonomy.
struct RegistryOutcome {
    enum class Kind {
        Accepted,   ///< 201: filed now
        Replayed,   ///< 200 + Idempotent-Replayed: filed before under this key; no second filing
        Found,      ///< look-up 200
        NotFound,   ///< look-up 404: the registry never accepted the key
        Statutory,  ///< 422 category statutory
        Validation, ///< 400/422 category validation
        Transient,  ///< 429, 5xx, or no connection: the request was not taken, so it may be sent again
        Uncertain,  ///< timeout or reset after the request left: it may have been filed (look it up first)
        Unsupported ///< look-up not offered (501 or configured off)
    };
    Kind kind = Kind::Transient;
    int httpStatus = 0;      ///< 0 when no HTTP answer
    QByteArray body;         ///< raw response body
    QString traceId;         ///< X-Request-Id sent with the request
    qint64 retryAfterMs = 0; ///< from Retry-After
    QString code;            ///< error code ("STAT_AGENT_EXPIRED", "HTTP_503", "NETWORK_TIMEOUT")
    QString message;
    RegistryReceipt receipt;
};

/// How the engine reaches a registry (docs/registry-api-v1.md): the HTTP adapter in production, a scripted
/// fake in the engine's unit tests.
///
/// Thread affinity: the engine thread. Callbacks are always called later from the event loop, never from
/// inside submit() or lookup(). The caller holds a permit for every call (no request leaves without one).
class RegistryTransport : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(const RegistryOutcome &)>;
    using QObject::QObject;

    /// True when a base URL is configured for `jurisdiction` ("US-DE").
    virtual bool hasBaseUrl(const QString &jurisdiction) const = 0;
    /// The jurisdictions this transport can send to; std::nullopt when it can send to every one (a default
    /// registry is configured).
    virtual std::optional<QStringList> sendableJurisdictions() const { return std::nullopt; }
    /// POST {base}/v1/filings with the task's payload and Idempotency-Key.
    virtual void submit(const FilingTask &task, Callback callback) = 0;
    /// GET {base}/v1/filings/{key}: Found, NotFound, Unsupported, or a failure of the look-up itself.
    virtual void lookup(const FilingTask &task, Callback callback) = 0;
    /// Aborts every request in flight; their callbacks still run (with a Transient/Uncertain outcome).
    virtual void abortAll() = 0;
};

} // namespace fd
