// Options of the sandbox registry and its reproducible failure injection.
#pragma once

#include <QtCore/QByteArray>
#include <QtCore/QHash>
#include <QtCore/QJsonObject>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <array>
#include <cstddef>
#include <optional>

namespace fd::sandbox {

// Kinds of injected failure, in the order in which they share the unit interval of their group.
enum class FaultKind : int {
    // Per (seed, key, attempt): infrastructure trouble, retries get past it.
    Transient = 0, // 500 / 502 / 503
    Throttle,      // 429 with Retry-After
    Slow,          // the answer comes after --slow-ms instead of the normal latency
    Drop,          // the filing is processed, then the connection is closed without an answer
    // Per (seed, key, payload): the verdict on the report, the same on every retry of the same payload,
    // drawn afresh for a changed (cured) one.
    Statutory,  // 422 category statutory
    Validation, // 422 category validation
    // Per (seed, key): business outcomes, stable across retries.
    WrongFee,            // accepted, but the receipt charges fee + 1000 cents
    MissingConfirmation, // accepted, but the receipt has no confirmation_number
};
inline constexpr std::size_t kFaultKindCount = 8;

QString faultKindName(FaultKind kind);
std::optional<FaultKind> faultKindFromName(const QString &name);

struct SandboxConfig {
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 0;
    QHash<QString, int> caps; // jurisdiction -> concurrent-connection cap
    int defaultCap = 16;
    int latencyMinMs = 20;
    int latencyMaxMs = 60;
    quint64 seed = 1;
    std::array<double, kFaultKindCount> rates{}; // indexed by FaultKind
    int slowMs = 20000;
    int faultAttempts = 2;     // per-attempt faults only ever hit attempts 1..faultAttempts of a key
    int retryAfterSeconds = 1; // Retry-After of cap and throttle 429s
    qint64 maxBodyBytes = 1024 * 1024;
    bool lookup = true;
    /// Treat every POST as new, as a registry that ignores the Idempotency-Key header does: a repeated key
    /// files again (counted in duplicate_filings) instead of replaying the receipt. Look-up still works.
    bool ignoreIdempotencyKey = false;
    /// A filing exists (for look-up, replay and duplicate counting) only once the registry has finished
    /// processing it, when its answer is due, as at real portals: a look-up while the registry is still
    /// working on a submission answers 404. Default: recorded when the request arrives.
    bool recordOnAnswer = false;
    /// Also reject a payload for what it lacks, as a strict portal does: no registered agent (422 statutory
    /// STAT_AGENT_EXPIRED), a corporation without officers or an officer without a name (422 validation
    /// VAL_OFFICER_MISSING). Off by default: the shipped demo portfolios name no agents and no officers. The
    /// checks on what the payload states (an agent whose status is "expired" or "resigned") are always on.
    bool requireCompletePayload = false;
    bool verbose = false;

    int capFor(const QString &jurisdiction) const { return caps.value(jurisdiction, defaultCap); }
    double rate(FaultKind kind) const { return rates[static_cast<std::size_t>(kind)]; }
};

struct ParsedArguments {
    std::optional<SandboxConfig> config; // set when the arguments are valid and no help was asked for
    bool helpRequested = false;
    QString helpText;
    QString error;
};

// Parses the command line (args[0] is the program name). Never exits the process.
ParsedArguments parseArguments(const QStringList &args);

// Reproducible decisions: every draw is a hash of (seed, salt, idempotency key, attempt), so a second run
// with the same seed and the same keys meets exactly the same faults, whatever the timing or concurrency.
// The statutory and validation rejections (and their codes) also hash the payload (payloadDigest(), given as
// `payload`): the same report under the same key is rejected the same way every time, and a cured report
// under that key gets a fresh draw.
class FaultInjector {
public:
    explicit FaultInjector(const SandboxConfig &config)
        : m_config(config) {}

    enum class AttemptFault { None, Transient, Throttle, Slow, Drop };
    enum class KeyRejection { None, Statutory, Validation };

    // Attempt numbers start at 1; attempts beyond faultAttempts are never faulted.
    AttemptFault attemptFault(const QString &key, int attempt) const;
    int transientStatus(const QString &key, int attempt) const; // 500, 502 or 503

    KeyRejection keyRejection(const QString &key, const QByteArray &payload) const;
    QString statutoryCode(const QString &key, const QByteArray &payload) const;
    /// VAL_OFFICER_MISSING, VAL_ADDRESS_FORMAT, or (only when `hasShares`: a corporation)
    /// VAL_SHARE_STRUCTURE.
    QString validationCode(const QString &key, const QByteArray &payload, bool hasShares) const;
    bool wrongFee(const QString &key) const;
    bool missingConfirmation(const QString &key) const;

    int latencyMs(const QString &key, int attempt, const char *salt) const;

    // Uniform in [0, 1), derived from SHA-256 of the inputs.
    static double unit(quint64 seed, const char *salt, const QString &key, int attempt);
    // Hex SHA-256 of a filing's `payload` object as received, written as compact JSON (members in key order,
    // as QJsonDocument writes them); an absent payload counts as {}.
    static QByteArray payloadDigest(const QJsonObject &payload);

private:
    const SandboxConfig &m_config;
};

} // namespace fd::sandbox
