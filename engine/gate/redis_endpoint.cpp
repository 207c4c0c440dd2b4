#include "engine/gate/redis_endpoint.h"

#include <hiredis/hiredis.h>

#include <QUrl>

namespace fd {

bool RedisEndpoint::parse(const QString &text, RedisEndpoint *out, QString *error) {
    const QUrl url(text, QUrl::StrictMode);
    if (url.isValid() && url.scheme() == QLatin1String("rediss")) {
        // hiredis speaks TLS only through its separate hiredis_ssl library (1.0 and later); Debian 12 ships
        // 0.14, which has none. Connecting in clear instead would send the password over the network.
        *error =
            QStringLiteral("\"%1\": rediss:// (Redis over TLS) is not supported by this build (hiredis %2.%3 "
                           "without TLS); carry the connection over TLS with a local stunnel client and "
                           "use redis://127.0.0.1:<its port> (README, \"Redis over TLS\")")
                .arg(url.toDisplayString(QUrl::RemovePassword))
                .arg(HIREDIS_MAJOR)
                .arg(HIREDIS_MINOR);
        return false;
    }
    if (!url.isValid() || url.scheme() != QLatin1String("redis") || url.host().isEmpty()) {
        // Never echo a password: only what QUrl shows without it.
        *error = QStringLiteral("\"%1\" is not a redis://host[:port][/db] URL")
                     .arg(QUrl(text).toDisplayString(QUrl::RemovePassword));
        return false;
    }
    RedisEndpoint e;
    e.host = url.host();
    e.port = url.port(6379);
    e.user = url.userName();
    e.password = url.password();
    // As written, unless it carries a password: that part is left out.
    e.url = e.password.isEmpty() ? text : url.toString(QUrl::RemovePassword);
    const QString path = url.path().mid(1);
    if (!path.isEmpty()) {
        bool ok = false;
        e.db = path.toInt(&ok);
        if (!ok || e.db < 0) {
            *error = QStringLiteral("\"%1\": the database number \"%2\" is not a number")
                         .arg(url.toDisplayString(QUrl::RemovePassword), path);
            return false;
        }
    }
    *out = e;
    return true;
}

QString RedisEndpoint::redacted() const {
    return QStringLiteral("redis://%1:%2/%3").arg(host).arg(port).arg(db);
}

} // namespace fd
