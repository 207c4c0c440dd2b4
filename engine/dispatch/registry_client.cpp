#include "engine/dispatch/registry_client.h"

#include <QIODevice>
#include <cstring>

#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUuid>

Q_LOGGING_CATEGORY(lcRegistry, "filingdesk.dispatch.registry")

namespace fd {

RegistryClient::RegistryClient(QObject *parent)
    : RegistryTransport(parent) {
    // Six connections per host and manager: eight managers carry 48 requests at once to one portal, more than
    // any fleet cap FilingDesk is used with per member.
    constexpr int kManagers = 8;
    for (int i = 0; i < kManagers; ++i) {
        auto nam = std::make_unique<QNetworkAccessManager>(this);
        nam->setAutoDeleteReplies(false);
        m_outstanding.insert(nam.get(), 0);
        m_managers.push_back(std::move(nam));
    }
}

QNetworkAccessManager *RegistryClient::manager() {
    QNetworkAccessManager *best = m_managers.front().get();
    for (const auto &nam : m_managers) {
        if (m_outstanding.value(nam.get()) < m_outstanding.value(best))
            best = nam.get();
    }
    return best;
}

QUrl RegistryClient::baseUrlFor(const QString &jurisdiction) const {
    return m_bases.value(jurisdiction, m_defaultBase);
}

namespace {

QNetworkRequest makeRequest(const QUrl &url, const QString &traceId, const QString &token, int timeoutMs) {
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "application/json");
    request.setRawHeader("X-Request-Id", traceId.toLatin1());
    request.setRawHeader("User-Agent", "FilingDesk/" FILINGDESK_VERSION);
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    request.setTransferTimeout(timeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    return request;
}

/// The body of one submission, readable once. Qt's HTTP layer sends a request again by itself (up to twice,
/// POST included) when its connection closes before an answer arrives; a registry that ignores
/// Idempotency-Key would then file it twice, and FilingDesk would never know. A body that cannot be rewound
/// makes that re-send fail (QNetworkReply::ContentReSendError) instead: the outcome is unknown, looked up
/// after the settle window, never sent blind.
class OneShotBody final : public QIODevice {
public:
    explicit OneShotBody(QByteArray data)
        : m_data(std::move(data)) {
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    }
    bool isSequential() const override { return true; }
    bool reset() override { return m_read == 0 && QIODevice::reset(); } // only before the first byte left
    qint64 size() const override { return m_data.size(); }
    qint64 bytesAvailable() const override { return m_data.size() - m_read + QIODevice::bytesAvailable(); }
    bool atEnd() const override { return m_read >= m_data.size(); }

protected:
    qint64 readData(char *out, qint64 max) override {
        const qint64 n = qMin(max, m_data.size() - m_read);
        if (n <= 0)
            return m_read >= m_data.size() ? -1 : 0;
        memcpy(out, m_data.constData() + m_read, size_t(n));
        m_read += n;
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QByteArray m_data;
    qint64 m_read = 0;
};

QUrl joined(const QUrl &base, const QString &path) {
    QUrl url = base;
    QString p = url.path();
    if (p.endsWith(QLatin1Char('/')))
        p.chop(1);
    url.setPath(p + path);
    return url;
}

} // namespace

void RegistryClient::submit(const FilingTask &task, Callback callback) {
    const QString traceId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const QUrl base = baseUrlFor(task.obligation.jurisdiction);
    QNetworkRequest request =
        makeRequest(joined(base, QStringLiteral("/v1/filings")), traceId, m_token, m_timeoutMs);
    request.setRawHeader("Idempotency-Key", task.key.toLatin1());
    const QByteArray payload = task.payloadJson();
    request.setHeader(QNetworkRequest::ContentLengthHeader, payload.size());
    request.setAttribute(QNetworkRequest::DoNotBufferUploadDataAttribute, true); // no copy to re-send from
    QNetworkAccessManager *nam = manager();
    auto *body = new OneShotBody(payload);
    QNetworkReply *reply = nam->post(request, body);
    body->setParent(reply);
    ++m_outstanding[nam];
    connect(reply, &QNetworkReply::finished, this, [this, nam, reply, traceId, callback] {
        --m_outstanding[nam];
        finish(reply, traceId, false, callback);
    });
}

void RegistryClient::lookup(const FilingTask &task, Callback callback) {
    const QString traceId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    if (!m_lookupSupported) {
        RegistryOutcome outcome;
        outcome.kind = RegistryOutcome::Kind::Unsupported;
        outcome.traceId = traceId;
        outcome.code = QStringLiteral("LOOKUP_UNSUPPORTED");
        outcome.message = tr("this registry is configured without look-up");
        QMetaObject::invokeMethod(
            this, [callback, outcome] { callback(outcome); }, Qt::QueuedConnection);
        return;
    }
    const QUrl base = baseUrlFor(task.obligation.jurisdiction);
    const QNetworkRequest request =
        makeRequest(joined(base, QStringLiteral("/v1/filings/") + task.key), traceId, m_token, m_timeoutMs);
    QNetworkAccessManager *nam = manager();
    QNetworkReply *reply = nam->get(request);
    ++m_outstanding[nam];
    connect(reply, &QNetworkReply::finished, this, [this, nam, reply, traceId, callback] {
        --m_outstanding[nam];
        finish(reply, traceId, true, callback);
    });
}

void RegistryClient::abortAll() {
    for (const auto &nam : m_managers) {
        const auto replies = nam->findChildren<QNetworkReply *>();
        for (QNetworkReply *reply : replies)
            reply->abort();
    }
}

void RegistryClient::finish(QNetworkReply *reply, const QString &traceId, bool isLookup,
                            const Callback &callback) {
    reply->deleteLater();
    RegistryOutcome out;
    out.traceId = traceId;
    // An aborted reply (shutdown, timeout) is closed: reading it would only print a QIODevice warning.
    out.body = reply->isOpen() ? reply->readAll() : QByteArray();
    out.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QJsonObject json = QJsonDocument::fromJson(out.body).object();
    const QJsonObject error = json.value(QStringLiteral("error")).toObject();
    out.code = error.value(QStringLiteral("code")).toString();
    out.message = error.value(QStringLiteral("message")).toString();
    const QByteArray retryAfter = reply->rawHeader("Retry-After");
    if (!retryAfter.isEmpty()) {
        bool ok = false;
        const double seconds = retryAfter.trimmed().toDouble(&ok);
        if (ok && seconds >= 0)
            out.retryAfterMs = qint64(seconds * 1000);
    }
    auto readReceipt = [&] {
        out.receipt.confirmationNumber = json.value(QStringLiteral("confirmation_number")).toString();
        out.receipt.feeChargedCents = json.value(QStringLiteral("fee_charged_cents")).toInteger(-1);
        out.receipt.acceptedAt = json.value(QStringLiteral("accepted_at")).toString();
        out.receipt.nextDue = json.value(QStringLiteral("next_due")).toString();
    };

    if (out.httpStatus == 0) {
        // No answer. Only when the connection was never made did the request surely not leave; a timeout or
        // a reset after it left is an unknown outcome: the registry may have filed it.
        const QNetworkReply::NetworkError e = reply->error();
        const bool neverSent =
            e == QNetworkReply::ConnectionRefusedError || e == QNetworkReply::HostNotFoundError ||
            e == QNetworkReply::ProxyConnectionRefusedError || e == QNetworkReply::ProxyNotFoundError ||
            e == QNetworkReply::SslHandshakeFailedError || e == QNetworkReply::NetworkSessionFailedError;
        const bool timedOut = e == QNetworkReply::OperationCanceledError || e == QNetworkReply::TimeoutError;
        // ContentReSendError: the connection closed after the request left, and the HTTP layer's own re-send
        // was refused (OneShotBody): an unknown outcome like any other lost connection.
        out.kind =
            neverSent || isLookup ? RegistryOutcome::Kind::Transient : RegistryOutcome::Kind::Uncertain;
        out.code = timedOut    ? QStringLiteral("NETWORK_TIMEOUT")
                   : neverSent ? QStringLiteral("NETWORK_ERROR")
                               : QStringLiteral("CONNECTION_LOST");
        out.message = reply->errorString();
    } else if (isLookup) {
        if (out.httpStatus == 200) {
            out.kind = RegistryOutcome::Kind::Found;
            readReceipt();
        } else if (out.httpStatus == 404) {
            out.kind = RegistryOutcome::Kind::NotFound;
        } else if (out.httpStatus == 501 || out.httpStatus == 405) {
            out.kind = RegistryOutcome::Kind::Unsupported;
        } else {
            out.kind = RegistryOutcome::Kind::Transient;
        }
    } else if (out.httpStatus == 201) {
        out.kind = RegistryOutcome::Kind::Accepted;
        readReceipt();
    } else if (out.httpStatus == 200) {
        out.kind = reply->rawHeader("Idempotent-Replayed").compare("true", Qt::CaseInsensitive) == 0
                       ? RegistryOutcome::Kind::Replayed
                       : RegistryOutcome::Kind::Accepted;
        readReceipt();
    } else if (out.httpStatus == 422 &&
               error.value(QStringLiteral("category")).toString() == QLatin1String("statutory")) {
        out.kind = RegistryOutcome::Kind::Statutory;
    } else if (out.httpStatus == 400 || out.httpStatus == 422) {
        out.kind = RegistryOutcome::Kind::Validation;
    } else if (out.httpStatus == 429 || out.httpStatus >= 500) {
        out.kind = RegistryOutcome::Kind::Transient;
    } else {
        // 401/403/404/409 ... : nothing a retry fixes; quarantine for a person to look at.
        out.kind = RegistryOutcome::Kind::Validation;
    }
    if (out.code.isEmpty() && out.httpStatus != 0 && out.httpStatus >= 300)
        out.code = QStringLiteral("HTTP_%1").arg(out.httpStatus);
    if (out.message.isEmpty() && out.httpStatus >= 300)
        out.message = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    qCDebug(lcRegistry) << (isLookup ? "lookup" : "submit") << traceId << out.httpStatus << out.code;
    callback(out);
}

} // namespace fd
