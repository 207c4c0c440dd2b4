#pragma once

#include "engine/gate/redis_endpoint.h"
#include "engine/ledger/ledger_endpoint.h"

#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>

namespace fd::ui {

/// Secrets (the Redis password, the registry API token, the team ledger's password) in the operating system's
/// keychain through QtKeychain: Secret Service (GNOME Keyring, KWallet) on Linux, Keychain on macOS,
/// Credential Manager on Windows. Each entry is scoped by what it unlocks, the way Nextcloud's client scopes
/// by account: its name is "<kind>@<scheme>://[<role>@]<host>:<port>[/<db>]" (nameFor()), stored under the
/// key "FilingDesk/<name>" of the service "FilingDesk" — so the password of one Redis is never sent to
/// another, and two servers keep two entries. There is no plain-text fallback: when no keychain is available
/// the operation fails with `noBackend` set and nothing is stored anywhere.
///
/// Thread affinity: GUI thread (QtKeychain jobs run on the caller's event loop). Every call is asynchronous;
/// the callback runs once, later, on the same thread, unless the store was destroyed first.
class SecretStore : public QObject {
    Q_OBJECT
public:
    struct Result {
        bool ok = false;
        bool notFound = false;  ///< read/remove: there is no such entry (ok stays false)
        bool noBackend = false; ///< no keychain on this machine: nothing was read or stored
        QString value;          ///< read: the secret
        QString error;          ///< one line for a person
    };
    using Callback = std::function<void(const Result &)>;

    static constexpr const char *redisPassword = "redis-password";
    static constexpr const char *registryToken = "registry-token";
    static constexpr const char *ledgerPassword = "ledger-password";

    /// The name of the `kind` secret (redisPassword, registryToken, ledgerPassword) that unlocks `url`:
    /// "redis-password@redis://gate.internal:6379/0", "registry-token@https://registry.example:443",
    /// "ledger-password@postgresql://filingdesk@db.example:5432/filingdesk". The URL is reduced to scheme,
    /// host (lower case), port (the scheme's default when absent) and, for Redis, the database; for the
    /// ledger (postgres:// reads as postgresql://) also the role, whose password it is. Otherwise user,
    /// password, path and query play no part (sslmode neither). Empty when `url` has no host.
    static QString nameFor(const char *kind, const QUrl &url);
    /// nameFor(redisPassword, ...) of a parsed endpoint: the same name as its URL gives.
    static QString nameFor(const RedisEndpoint &redis);
    /// nameFor(ledgerPassword, ...) of a parsed endpoint: the same name as its URL gives.
    static QString nameFor(const LedgerEndpoint &ledger);

    explicit SecretStore(QObject *parent = nullptr);

    /// Service name for the keychain ("FilingDesk"; tests use their own to stay out of real entries).
    void setService(const QString &service) { m_service = service; }
    QString service() const { return m_service; }
    /// "FilingDesk/<name>".
    static QString scopedKey(const QString &name);

    void write(const QString &name, const QString &value, Callback done);
    void read(const QString &name, Callback done);
    void remove(const QString &name, Callback done);

private:
    QString m_service = QStringLiteral("FilingDesk");
};

} // namespace fd::ui
