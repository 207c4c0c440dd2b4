#include "engine/dispatch/registry_endpoints.h"

namespace fd {

QUrl RegistryEndpoints::anyUrl() const {
    return defaultUrl.isValid() ? defaultUrl
                                : (byJurisdiction.isEmpty() ? QUrl() : byJurisdiction.cbegin().value());
}

QList<QUrl> RegistryEndpoints::all() const {
    QList<QUrl> urls;
    if (defaultUrl.isValid())
        urls << defaultUrl;
    for (auto it = byJurisdiction.cbegin(); it != byJurisdiction.cend(); ++it) {
        if (it.value().isValid())
            urls << it.value();
    }
    return urls;
}

bool RegistryEndpoints::isRegistryUrl(const QUrl &url) {
    return url.isValid() &&
           (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) &&
           !url.host().isEmpty();
}

bool RegistryEndpoints::parseUrl(const QString &text, QUrl *out, QString *error) {
    const QUrl url(text, QUrl::StrictMode);
    if (!isRegistryUrl(url)) {
        *error = QStringLiteral("\"%1\" is not an http(s) URL with a host").arg(text);
        return false;
    }
    *out = url;
    return true;
}

bool RegistryEndpoints::check(QString *field, QString *reason) const {
    if (!defaultUrl.isEmpty() && !isRegistryUrl(defaultUrl)) {
        *field = QStringLiteral("registry");
        *reason = QStringLiteral("\"%1\" is not an http(s) URL with a host").arg(defaultUrl.toString());
        return false;
    }
    for (auto it = byJurisdiction.cbegin(); it != byJurisdiction.cend(); ++it) {
        if (!isRegistryUrl(it.value())) {
            *field = QStringLiteral("registries.%1").arg(it.key());
            *reason = QStringLiteral("\"%1\" is not an http(s) URL with a host").arg(it.value().toString());
            return false;
        }
    }
    return true;
}

} // namespace fd
