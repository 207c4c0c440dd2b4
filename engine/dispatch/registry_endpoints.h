#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QUrl>

namespace fd {

/// The registries filings go to (docs/registry-api-v1.md: any registry that implements it is plugged in by
/// its base URL): a default base URL for every jurisdiction, and one per jurisdiction that overrides it. Each
/// is an absolute http(s) URL with a host (isRegistryUrl()); a jurisdiction without either is not sent to at
/// all. Parsed once where it comes in (settings file, command line, the console's settings); the registry
/// token is a secret and lives beside it in EngineConfig, never in a URL.
struct RegistryEndpoints {
    QUrl defaultUrl;                     ///< jurisdictions without their own; invalid: none
    QHash<QString, QUrl> byJurisdiction; ///< ISO 3166-2 code ("US-DE") -> base URL

    /// No registry at all: filings would be quarantined.
    bool isEmpty() const { return !defaultUrl.isValid() && byJurisdiction.isEmpty(); }
    /// The base URL `jurisdiction`'s filings go to (its own, else the default); invalid when none.
    QUrl urlFor(const QString &jurisdiction) const { return byJurisdiction.value(jurisdiction, defaultUrl); }
    /// One registry of the session to watch for reachability: the default, else any jurisdiction's.
    QUrl anyUrl() const;
    /// Every valid base URL: the default first, then the jurisdictions' (hash order).
    QList<QUrl> all() const;

    /// A registry base URL must be absolute http(s) with a host: anything else (ftp://, "http://", a bare
    /// host name) would only fail at the first submission, long after the batch was launched.
    static bool isRegistryUrl(const QUrl &url);
    /// Parses one base URL as written (strict); false with *error "\"TEXT\" is not an http(s) URL with a
    /// host" (the caller prefixes the field), *out untouched.
    static bool parseUrl(const QString &text, QUrl *out, QString *error);
    /// Checks every URL held; false with *field ("registry", "registries.US-DE") and *reason.
    bool check(QString *field, QString *reason) const;
};

} // namespace fd
