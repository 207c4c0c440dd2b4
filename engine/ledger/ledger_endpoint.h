#pragma once

#include <QMap>
#include <QString>

class QSqlDatabase;

namespace fd {

/// Where the team ledger lives: `postgresql://USER@HOST[:PORT]/DATABASE[?sslmode=MODE]` (also `postgres://`).
/// The password never comes from the URL (it would sit in plain text in a config file, a unit file or a
/// process list): FILINGDESK_LEDGER_PASSWORD for headless members, the keychain in the console.
/// `sslmode` is libpq's (disable, allow, prefer, require, verify-ca, verify-full); default prefer.
/// `sslcert`, `sslkey`, `sslrootcert`, `sslcrl` (file paths, percent-encoded) log in with a TLS client
/// certificate (docs/roles.md, "TLS client certificates"); libpq's own environment (PGSSLCERT, PGGSSENCMODE,
/// PGKRBSRVNAME, ...) and its password file (PGPASSFILE, ~/.pgpass) apply as for any libpq client.
struct LedgerEndpoint {
    QString user;
    QString host = QStringLiteral("127.0.0.1");
    int port = 5432;
    QString database;
    QString sslMode = QStringLiteral("prefer");
    QString password;                ///< secret: from the environment or the keychain, never persisted
    QMap<QString, QString> tlsFiles; ///< libpq option (sslcert, sslkey, sslrootcert, sslcrl) -> absolute path
    /// The URL as configured (trimmed; it never holds a password): what the settings file keeps, the audit
    /// trail of a settings change and --json show.
    QString url;

    /// Parses `text` (docs/ledger.md, "Connection"); false with *error naming the part that is wrong, *out
    /// untouched.
    static bool parse(const QString &text, LedgerEndpoint *out, QString *error);
    /// `postgresql://user@host:port/db` without the password.
    QString display() const;
    /// Configures a QPSQL connection: the sslmode; only a primary (target_session_attrs=read-write);
    /// connect_timeout 3 s; TCP keepalives after 5 s idle, every 2 s, 3 probes; tcp_user_timeout 10 s. A link
    /// that goes silent (no RST) is therefore found dead within kDeadLinkMs, whether the member is idle or
    /// waiting for an answer (docs/ledger.md, "Connection").
    /// `readOnly`: for a reader that writes nothing (`audit verify`): a hot standby serves it as well.
    void apply(QSqlDatabase &db, bool readOnly = false) const;
    static constexpr int kDeadLinkMs = 11000;
    /// The TLS file options as libpq conninfo (";sslcert='...'..."), empty without any.
    QString tlsOptions() const;
};

} // namespace fd
