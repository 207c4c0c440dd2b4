#pragma once

#include "engine/core/engine_kinds.h"
#include "engine/dispatch/registry_endpoints.h"
#include "engine/gate/redis_endpoint.h"
#include "engine/ledger/ledger_endpoint.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace fd {

/// Everything the engine needs to run, from the command line, a config file or the console's settings.
/// Durations in ms. Secrets (Redis password, registry token) are never read from or written to the file:
/// they come from the keychain (console) or the environment (FILINGDESK_REDIS_PASSWORD,
/// FILINGDESK_REGISTRY_TOKEN) in headless runs.
///
/// Config file (JSON, documented in README "Configuration"):
/// {"redis": "redis://127.0.0.1:6379/0", "key_prefix": "sos", "lease_ms": 15000,
///  "registry": "http://127.0.0.1:8080", "registries": {"US-DE": "http://..."}, "lookup_supported": true,
///  "limits": {"US-DE": 8}, "default_limit": 4, "global_limit": 32, "request_timeout_ms": 10000,
///  "max_attempts": 5, "retry_base_ms": 1000, "retry_max_ms": 60000, "breaker_threshold": 5,
///  "breaker_cooldown_ms": 30000, "settle_ms": 60000, "settle_windows": {"US-CA": 120000},
///  "db": "filingdesk-audit.sqlite", "rules": "path/to/us-rules.json",
///  "ledger": "postgresql://filingdesk@db.example:5432/filingdesk?sslmode=verify-full"}
struct EngineConfig {
    /// The fleet gate (docs/gate-wire.md); none: the in-process gate (single console). Its password, a
    /// secret, comes from the URL given on a command line, FILINGDESK_REDIS_PASSWORD or the keychain: never
    /// the file.
    std::optional<RedisEndpoint> redis;
    QString keyPrefix = QStringLiteral("sos");
    qint64 leaseMs = 15000;
    RegistryEndpoints registries; ///< "registry" (the default) and "registries" (per jurisdiction)
    QString registryToken;        ///< secret
    bool lookupSupported = true;
    QHash<QString, int> limits; ///< fleet cap per jurisdiction (the same number across the fleet)
    int defaultLimit = 4;
    int globalLimit = 32;
    int requestTimeoutMs = 10000; ///< must be shorter than leaseMs
    int maxAttempts = 5;
    int retryBaseMs = 1000;
    int retryMaxMs = 60000;
    int breakerThreshold = 5;
    int breakerCooldownMs = 30000;
    /// The settle window (docs/registry-api-v1.md, "Uncertain outcomes"): how long after a request left the
    /// registry may still be working on it. A request that timed out or lost its connection stays uncertain
    /// until then; a look-up that finds nothing inside the window is no evidence that nothing was filed, only
    /// one after it is. 0: kSettleTimeouts times the request timeout (60 s for the default 10 s).
    int settleMs = 0;
    QHash<QString, int> settleMsByJurisdiction; ///< per registry ("settle_windows" in the config file)
    static constexpr int kSettleTimeouts = 6;
    QString dbPath;    ///< the audit database
    QString rulesPath; ///< empty: the built-in rules
    QString consoleId; ///< shown to the fleet as the holder of this engine's permits
    /// Team mode: the shared PostgreSQL ledger (docs/ledger.md); none: a single desk on its own SQLite
    /// database (the embedded default). Its password, a secret, comes from FILINGDESK_LEDGER_PASSWORD or the
    /// keychain.
    std::optional<LedgerEndpoint> ledger;
    MemberKind memberKind = MemberKind::Desk; ///< how this member shows in the fleet
    QStringList onlyJurisdictions;            ///< team mode: claim only these (empty: all)
    bool claimsWork =
        true; ///< team mode: false for a member that only imports and launches (filingdesk launch)

    int limitFor(const QString &jurisdiction) const { return limits.value(jurisdiction, defaultLimit); }
    /// The settle window of `jurisdiction`'s registry, ms.
    int settleMsFor(const QString &jurisdiction) const;
    /// Reads a config file over the current values, parsing each URL once into its endpoint; false with
    /// *error "FILE:LINE: field: reason" (the field as in the file: "redis", "registries.US-DE"), and nothing
    /// of the file applied.
    bool loadFile(const QString &path, QString *error);
    /// Checks consistency (timeouts shorter than the lease, positive limits, registry URLs); false with
    /// *error "FIELD: reason".
    bool validate(QString *error) const;
    /// Parses "US-DE=8"; false with *error.
    bool addLimit(const QString &spec, QString *error);
};

/// The settings that differ between `before` and `after`, one "setting: old -> new" line each, for the audit
/// trail; an endpoint reads as its URL as configured (never with a password). Secrets never appear by value:
/// a changed secret reads "redis password: changed".
QStringList describeConfigChanges(const EngineConfig &before, const EngineConfig &after);

} // namespace fd
