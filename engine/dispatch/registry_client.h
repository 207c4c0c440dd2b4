#pragma once

#include "engine/model/filing_task.h"

#include <QHash>
#include <QNetworkAccessManager>
#include <QObject>
#include <QUrl>

#include <functional>

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
        Transient,  ///< 429, 5xx, timeout, connection trouble
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

/// The HTTP adapter speaking ../shared/specs/registry-api-v1.md through QNetworkAccessManager.
/// Every request carries a transfer timeout shorter than the gate lease, so a permit never outlives its
/// request. The caller holds a permit for every call (no request ever leaves without one). Thread affinity:
/// the engine thread.
class RegistryClient : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(const RegistryOutcome &)>;

    explicit RegistryClient(QObject *parent = nullptr);

    void setDefaultBaseUrl(const QUrl &url) { m_defaultBase = url; }
    void setBaseUrl(const QString &jurisdiction, const QUrl &url) { m_bases.insert(jurisdiction, url); }
    void setApiToken(const QString &token) { m_token = token; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setLookupSupported(bool supported) { m_lookupSupported = supported; }
    bool lookupSupported() const { return m_lookupSupported; }
    QUrl baseUrlFor(const QString &jurisdiction) const;
    bool hasBaseUrl(const QString &jurisdiction) const { return baseUrlFor(jurisdiction).isValid(); }

    /// POST {base}/v1/filings with the task's payload and Idempotency-Key.
    void submit(const FilingTask &task, Callback callback);
    /// GET {base}/v1/filings/{key}.
    void lookup(const FilingTask &task, Callback callback);
    /// Aborts every request in flight (their callbacks get a transient "aborted" outcome).
    void abortAll();

private:
    void finish(class QNetworkReply *reply, const QString &traceId, bool isLookup, const Callback &callback);

    QNetworkAccessManager m_nam;
    QUrl m_defaultBase;
    QHash<QString, QUrl> m_bases;
    QString m_token;
    int m_timeoutMs = 10000;
    bool m_lookupSupported = true;
};

} // namespace fd
