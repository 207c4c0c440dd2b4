#pragma once

#include "engine/dispatch/registry_transport.h"

#include <QHash>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace fd {

/// The HTTP adapter speaking Registry API v1 (docs/registry-api-v1.md) through libcurl's multi interface,
/// driven by the engine thread's event loop (a QSocketNotifier per connection, one QTimer for curl's
/// timeouts): no thread of its own, connections kept alive and shared by every request to a host.
///
/// Why libcurl and not QNetworkAccessManager: Qt 6.4's HTTP client (Debian 12) reads a response's status line
/// and headers one byte per system call on a thread per manager, and opens at most six connections per host;
/// measured with bench/engine_cpu.sh it cost about a third of a filing's CPU (docs/performance.md).
///
/// A submission is sent once: its body is read through a callback that cannot rewind, so when a kept-alive
/// connection closes under a request curl's own re-send fails (CURLE_SEND_FAIL_REWIND) and the outcome is
/// Uncertain, looked up after the settle window, never sent blind. Every request carries a total timeout
/// shorter than the gate lease, so a permit never outlives its request. The caller holds a permit for every
/// call (no request ever leaves without one). Proxies: curl's environment variables (https_proxy, no_proxy).
///
/// Thread affinity: the thread that created it (the engine thread). Callbacks run later from its event loop,
/// never inside submit() or lookup(); abortAll() runs the callbacks of what it aborts before it returns.
class RegistryClient final : public RegistryTransport {
    Q_OBJECT
public:
    explicit RegistryClient(QObject *parent = nullptr);
    ~RegistryClient() override;

    void setDefaultBaseUrl(const QUrl &url) { m_defaultBase = url; }
    void setBaseUrl(const QString &jurisdiction, const QUrl &url) { m_bases.insert(jurisdiction, url); }
    void setApiToken(const QString &token) { m_token = token; }
    /// Total time one request may take, connection included, in milliseconds.
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setLookupSupported(bool supported) { m_lookupSupported = supported; }
    bool lookupSupported() const { return m_lookupSupported; }
    QUrl baseUrlFor(const QString &jurisdiction) const;
    bool hasBaseUrl(const QString &jurisdiction) const override { return baseUrlFor(jurisdiction).isValid(); }
    std::optional<QStringList> sendableJurisdictions() const override;

    /// POST {base}/v1/filings with the task's payload and Idempotency-Key.
    void submit(const FilingTask &task, Callback callback) override;
    /// GET {base}/v1/filings/{key}.
    void lookup(const FilingTask &task, Callback callback) override;
    void abortAll() override;

    /// Requests started and not yet answered.
    int requestsInFlight() const;

private:
    struct Transfer;
    struct Multi;

    void start(std::unique_ptr<Transfer> transfer);
    /// Hands curl what happened on `socket` (or its timer), then finishes what curl says is done.
    void drive(qintptr socket, int events);
    void finishDone();
    RegistryOutcome outcomeOf(const Transfer &transfer, int curlCode) const;

    std::unique_ptr<Multi> m_multi;
    QTimer m_curlTimer;
    QUrl m_defaultBase;
    QHash<QString, QUrl> m_bases;
    QString m_token;
    int m_timeoutMs = 10000;
    bool m_lookupSupported = true;
};

} // namespace fd
