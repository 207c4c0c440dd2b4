#pragma once

#include "engine/dispatch/registry_transport.h"

#include <QHash>
#include <QNetworkAccessManager>
#include <QUrl>

#include <memory>
#include <vector>

namespace fd {

/// The HTTP adapter speaking Registry API v1 (docs/registry-api-v1.md) through QNetworkAccessManager.
/// Every request carries a transfer timeout shorter than the gate lease, so a permit never outlives its
/// request. The caller holds a permit for every call (no request ever leaves without one). Thread affinity:
/// the engine thread.
class RegistryClient final : public RegistryTransport {
    Q_OBJECT
public:
    explicit RegistryClient(QObject *parent = nullptr);

    void setDefaultBaseUrl(const QUrl &url) { m_defaultBase = url; }
    void setBaseUrl(const QString &jurisdiction, const QUrl &url) { m_bases.insert(jurisdiction, url); }
    void setApiToken(const QString &token) { m_token = token; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setLookupSupported(bool supported) { m_lookupSupported = supported; }
    bool lookupSupported() const { return m_lookupSupported; }
    QUrl baseUrlFor(const QString &jurisdiction) const;
    bool hasBaseUrl(const QString &jurisdiction) const override { return baseUrlFor(jurisdiction).isValid(); }
    std::optional<QStringList> sendableJurisdictions() const override {
        if (m_defaultBase.isValid())
            return std::nullopt;
        QStringList out;
        for (auto it = m_bases.cbegin(); it != m_bases.cend(); ++it)
            if (it.value().isValid())
                out.append(it.key());
        out.sort();
        return out;
    }

    /// POST {base}/v1/filings with the task's payload and Idempotency-Key.
    void submit(const FilingTask &task, Callback callback) override;
    /// GET {base}/v1/filings/{key}.
    void lookup(const FilingTask &task, Callback callback) override;
    void abortAll() override;

private:
    void finish(class QNetworkReply *reply, const QString &traceId, bool isLookup, const Callback &callback);

    /// The least busy of the managers; a QNetworkAccessManager opens at most six HTTP/1.1 connections per
    /// host (not configurable before Qt 6.5), fewer than a portal's cap may allow, so requests are spread
    /// over several.
    QNetworkAccessManager *manager();

    std::vector<std::unique_ptr<QNetworkAccessManager>> m_managers;
    QHash<QNetworkAccessManager *, int> m_outstanding;
    QUrl m_defaultBase;
    QHash<QString, QUrl> m_bases;
    QString m_token;
    int m_timeoutMs = 10000;
    bool m_lookupSupported = true;
};

} // namespace fd
