#include "engine/ledger/ledger_endpoint.h"

#include <QFileInfo>
#include <QMap>

#include <QSqlDatabase>
#include <QUrl>
#include <QUrlQuery>

namespace fd {

bool LedgerEndpoint::parse(const QString &text, LedgerEndpoint *out, QString *error) {
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid() ||
        (url.scheme() != QLatin1String("postgresql") && url.scheme() != QLatin1String("postgres"))) {
        *error = QStringLiteral("ledger URL \"%1\" is not postgresql://USER@HOST:PORT/DATABASE").arg(text);
        return false;
    }
    if (!url.password().isEmpty()) {
        *error = QStringLiteral("ledger URL: a password in the URL would be stored in plain text; give it in "
                                "FILINGDESK_LEDGER_PASSWORD (headless) or the console's keychain instead");
        return false;
    }
    LedgerEndpoint e;
    e.url = text.trimmed();
    e.user = url.userName();
    if (!url.host().isEmpty())
        e.host = url.host();
    e.port = url.port(5432);
    e.database = url.path().mid(1);
    if (e.user.isEmpty()) {
        *error =
            QStringLiteral("ledger URL \"%1\": the user is missing (postgresql://USER@HOST/DB)").arg(text);
        return false;
    }
    if (e.database.isEmpty() || e.database.contains(QLatin1Char('/'))) {
        *error = QStringLiteral("ledger URL \"%1\": the database name is missing (postgresql://USER@HOST/DB)")
                     .arg(text);
        return false;
    }
    const QUrlQuery query(url);
    for (const auto &item : query.queryItems()) {
        if (item.first == QLatin1String("sslmode")) {
            static const QStringList modes = {QStringLiteral("disable"),   QStringLiteral("allow"),
                                              QStringLiteral("prefer"),    QStringLiteral("require"),
                                              QStringLiteral("verify-ca"), QStringLiteral("verify-full")};
            if (!modes.contains(item.second)) {
                *error = QStringLiteral("ledger URL: sslmode \"%1\" is not one of %2")
                             .arg(item.second, modes.join(QStringLiteral(", ")));
                return false;
            }
            e.sslMode = item.second;
        } else if (item.first == QLatin1String("sslcert") || item.first == QLatin1String("sslkey") ||
                   item.first == QLatin1String("sslrootcert") || item.first == QLatin1String("sslcrl")) {
            // Files for a TLS client certificate login (docs/roles.md): libpq reads them; a path that is
            // not there is named now rather than as a handshake failure later.
            const QString path = QUrl::fromPercentEncoding(item.second.toUtf8());
            if (path.isEmpty() || !QFileInfo(path).isFile()) {
                *error = QStringLiteral("ledger URL: %1 \"%2\" is not a file").arg(item.first, path);
                return false;
            }
            e.tlsFiles.insert(item.first, QFileInfo(path).absoluteFilePath());
        } else {
            *error = QStringLiteral("ledger URL: unknown parameter \"%1\" (sslmode, sslcert, sslkey, "
                                    "sslrootcert, sslcrl)")
                         .arg(item.first);
            return false;
        }
    }
    *out = e;
    return true;
}

QString LedgerEndpoint::display() const {
    return QStringLiteral("postgresql://%1@%2:%3/%4").arg(user, host).arg(port).arg(database);
}

void LedgerEndpoint::apply(QSqlDatabase &db, bool readOnly) const {
    db.setHostName(host);
    db.setPort(port);
    db.setDatabaseName(database);
    db.setUserName(user);
    db.setPassword(password);
    // keepalives: 5 s + 3 x 2 s = 11 s for an idle link; tcp_user_timeout: 10 s for data not acknowledged.
    db.setConnectOptions(
        QStringLiteral("connect_timeout=3;sslmode=%1;target_session_attrs=%2;"
                       "keepalives=1;keepalives_idle=5;keepalives_interval=2;keepalives_count=3;"
                       "tcp_user_timeout=10000;application_name=filingdesk")
            .arg(sslMode, readOnly ? QStringLiteral("any") : QStringLiteral("read-write")) +
        tlsOptions());
}

QString LedgerEndpoint::tlsOptions() const {
    // libpq conninfo values in single quotes, backslash-escaped: a path may hold spaces.
    QString options;
    for (auto it = tlsFiles.cbegin(); it != tlsFiles.cend(); ++it) {
        QString value = it.value();
        value.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('\''), QLatin1String("\\'"));
        options += QStringLiteral(";%1='%2'").arg(it.key(), value);
    }
    return options;
}

} // namespace fd
