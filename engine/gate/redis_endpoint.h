#pragma once

#include <QString>

namespace fd {

/// Where the fleet gate's Redis is (docs/gate-wire.md), parsed once from
/// `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`: PORT 1-65535, default 6379; DB the database index, a whole
/// number from 0, default 0; USER a Redis ACL user (docs/redis-acl.md), empty for the default user.
///
/// TLS: none. `rediss://` is refused with its reason: this build's hiredis has no TLS, and sending the
/// password in clear instead is not an option (README, "Redis over TLS": a local stunnel client).
///
/// The password is a secret. It may come in the URL (a command line), else from FILINGDESK_REDIS_PASSWORD
/// (headless) or the console's keychain; it is never part of `url` or redacted(), so nothing that persists or
/// shows an endpoint (the console's settings file, the audit trail, logs, --json) ever holds it.
struct RedisEndpoint {
    QString host = QStringLiteral("127.0.0.1");
    int port = 6379;
    int db = 0;
    QString user;
    QString password; ///< secret: never persisted, never shown
    /// The URL as configured, without its password: what the settings file keeps, the audit trail of a
    /// settings change and messages show.
    QString url;

    /// Parses `text`; false with *error saying what is wrong, the URL quoted without its password (the caller
    /// prefixes the field: "redis: ...", "--redis ..."). *out is untouched on failure.
    static bool parse(const QString &text, RedisEndpoint *out, QString *error);
    /// `redis://HOST:PORT/DB`, for logs and the gate's description.
    QString redacted() const;
};

} // namespace fd
