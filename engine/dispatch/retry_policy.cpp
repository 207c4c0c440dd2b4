#include "engine/dispatch/retry_policy.h"

#include <QRandomGenerator>

namespace fd {

qint64 RetryPolicy::delayMs(int attempts, qint64 retryAfterMs) const {
    const int exponent = qBound(0, attempts - 1, 20);
    const qint64 d = qMin<qint64>(qint64(baseMs) << exponent, maxMs);
    const qint64 jittered = d / 2 + qint64(QRandomGenerator::global()->bounded(quint32(d / 2 + 1)));
    return qMax(jittered, retryAfterMs);
}

bool CircuitBreakers::allows(const QString &jurisdiction, const QDateTime &nowUtc, int inFlight) const {
    switch (state(jurisdiction, nowUtc)) {
    case State::Closed:
        return true;
    case State::Open:
        return false;
    case State::HalfOpen:
        return inFlight == 0;
    }
    return false;
}

void CircuitBreakers::recordSuccess(const QString &jurisdiction) {
    m_entries.remove(jurisdiction);
}

bool CircuitBreakers::recordFailure(const QString &jurisdiction, const QDateTime &nowUtc) {
    Entry &e = m_entries[jurisdiction];
    ++e.consecutiveFailures;
    // Requests that were already in flight when the breaker opened fail too; they belong to the same outage
    // and must neither re-open it nor double the cooldown.
    if (e.openUntil.isValid() && e.openUntil > nowUtc)
        return false;
    const bool halfOpen = e.openUntil.isValid() && e.openUntil <= nowUtc;
    if (e.consecutiveFailures >= threshold || halfOpen) {
        e.openUntil = nowUtc.addMSecs(qint64(cooldownMs) << qMin(e.opens, 3));
        ++e.opens;
        return true;
    }
    return false;
}

CircuitBreakers::State CircuitBreakers::state(const QString &jurisdiction, const QDateTime &nowUtc) const {
    const auto it = m_entries.constFind(jurisdiction);
    if (it == m_entries.constEnd() || !it->openUntil.isValid())
        return State::Closed;
    return it->openUntil > nowUtc ? State::Open : State::HalfOpen;
}

QDateTime CircuitBreakers::openUntil(const QString &jurisdiction) const {
    return m_entries.value(jurisdiction).openUntil;
}

} // namespace fd
