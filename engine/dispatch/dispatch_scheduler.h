#pragma once

#include "engine/dispatch/retry_policy.h"

#include <QDate>
#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace fd {

/// Which task goes next: the ready sets per jurisdiction (best admission score first, then the earlier due
/// date), the backoff queue of tasks waiting for their next attempt, the global and per-jurisdiction ceilings
/// (requests awaiting a permit or on the wire), and the circuit breaker of each jurisdiction.
///
/// Pure bookkeeping: no I/O, no timers, no signals; time is passed in (UTC). Thread affinity: whoever owns
/// it (the engine thread). Every operation is O(log n) in the number of queued tasks, except next(), which
/// also visits each jurisdiction with ready tasks once.
class DispatchScheduler {
public:
    struct Ceilings {
        int global = 32;
        int defaultPerJurisdiction = 4;
        QHash<QString, int> perJurisdiction; ///< "US-DE" -> cap
        int capFor(const QString &jurisdiction) const {
            return perJurisdiction.value(jurisdiction, defaultPerJurisdiction);
        }
    };

    void setCeilings(const Ceilings &ceilings) { m_ceilings = ceilings; }
    const Ceilings &ceilings() const { return m_ceilings; }
    CircuitBreakers &breakers() { return m_breakers; }
    const CircuitBreakers &breakers() const { return m_breakers; }

    /// Queues `key` as ready now. Replaces an earlier queue entry of the same key.
    void makeReady(const QString &key, const QString &jurisdiction, double score, const QDate &due);
    /// Queues `key` to become ready at `atUtc` (backoff, Retry-After). Replaces an earlier entry.
    void delayUntil(const QString &key, const QString &jurisdiction, double score, const QDate &due,
                    const QDateTime &atUtc);
    /// Takes `key` out of the ready set or the backoff queue; false when it was in neither.
    bool remove(const QString &key);
    bool isQueued(const QString &key) const { return m_entries.contains(key); }
    bool isDelayed(const QString &key) const;
    int queuedCount() const { return int(m_entries.size()); }
    int delayedCount() const { return int(m_delayed.size()); }

    /// Moves every delayed task whose time has come into its ready set; returns their keys.
    QStringList promoteDue(const QDateTime &nowUtc);

    struct Pick {
        QString key;
        QString jurisdiction;
    };
    /// The best ready task among jurisdictions with room under their ceiling and breaker, while the global
    /// ceiling has room. The pick is taken out of the queue and occupies one slot of its jurisdiction until
    /// vacate(). nullopt when nothing may go now.
    std::optional<Pick> next(const QDateTime &nowUtc);
    /// A slot taken by next() (or by occupy()) is free again: its request finished or was withdrawn.
    void vacate(const QString &jurisdiction);
    void occupy(const QString &jurisdiction);
    int occupied(const QString &jurisdiction) const { return m_occupied.value(jurisdiction); }
    int occupiedTotal() const { return m_occupiedTotal; }

    /// When the next thing becomes possible by itself: the earliest delayed task, or the end of the cooldown
    /// of an open breaker that has ready tasks. Invalid when nothing waits on time.
    QDateTime nextWakeUtc(const QDateTime &nowUtc) const;

private:
    using ReadyKey = std::tuple<double, QDate, QString>; // (-score, due, key)
    struct Entry {
        QString jurisdiction;
        double score = 0;
        QDate due;
        QDateTime delayedUntil; ///< invalid: ready now
    };

    Ceilings m_ceilings;
    CircuitBreakers m_breakers;
    QHash<QString, Entry> m_entries;
    QHash<QString, std::set<ReadyKey>> m_ready;  // jurisdiction -> ready keys, best first
    std::multimap<QDateTime, QString> m_delayed; // time -> key
    QHash<QString, int> m_occupied;              // jurisdiction -> awaiting permit + in flight
    int m_occupiedTotal = 0;
};

} // namespace fd
