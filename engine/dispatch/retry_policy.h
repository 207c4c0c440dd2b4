#pragma once

#include <QDateTime>
#include <QHash>
#include <QString>

namespace fd {

/// Exponential backoff with jitter for transient errors (seed 003 taxonomy, tier 1).
struct RetryPolicy {
    int maxAttempts = 5; ///< submissions in all, the first included; then the task is a dead letter
    int baseMs = 1000;
    int maxMs = 60000;

    /// Delay before the next attempt after `attempts` failed ones: base * 2^(attempts-1), capped, with jitter
    /// drawn from [d/2, d]; never shorter than the registry's Retry-After (ms).
    qint64 delayMs(int attempts, qint64 retryAfterMs) const;
};

/// Per-jurisdiction circuit breaker: `threshold` consecutive transient failures open it for `cooldownMs`
/// (doubling on each re-open, up to 8x); then one probe request is allowed (half-open); a success closes it.
class CircuitBreakers {
public:
    int threshold = 5;
    int cooldownMs = 30000;

    enum class State { Closed, Open, HalfOpen };
    /// May a request to this jurisdiction start now? (Half-open admits one probe at a time.)
    bool allows(const QString &jurisdiction, const QDateTime &nowUtc, int inFlight) const;
    void recordSuccess(const QString &jurisdiction);
    /// Returns true when this failure opened the breaker.
    bool recordFailure(const QString &jurisdiction, const QDateTime &nowUtc);
    State state(const QString &jurisdiction, const QDateTime &nowUtc) const;
    QDateTime openUntil(const QString &jurisdiction) const;

private:
    struct Entry {
        int consecutiveFailures = 0;
        int opens = 0;
        QDateTime openUntil;
    };
    QHash<QString, Entry> m_entries;
};

} // namespace fd
