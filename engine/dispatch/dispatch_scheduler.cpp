#include "engine/dispatch/dispatch_scheduler.h"

namespace fd {

void DispatchScheduler::makeReady(const QString &key, const QString &jurisdiction, double score,
                                  const QDate &due) {
    remove(key);
    m_entries.insert(key, Entry{jurisdiction, score, due, QDateTime()});
    m_ready[jurisdiction].insert({-score, due, key});
}

void DispatchScheduler::delayUntil(const QString &key, const QString &jurisdiction, double score,
                                   const QDate &due, const QDateTime &atUtc) {
    remove(key);
    m_entries.insert(key, Entry{jurisdiction, score, due, atUtc});
    m_delayed.emplace(atUtc, key);
}

bool DispatchScheduler::remove(const QString &key) {
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend())
        return false;
    if (it->delayedUntil.isValid()) {
        auto [first, last] = m_delayed.equal_range(it->delayedUntil);
        for (auto d = first; d != last; ++d) {
            if (d->second == key) {
                m_delayed.erase(d);
                break;
            }
        }
    } else {
        auto ready = m_ready.find(it->jurisdiction);
        if (ready != m_ready.end())
            ready->erase({-it->score, it->due, key});
    }
    m_entries.erase(it);
    return true;
}

bool DispatchScheduler::isDelayed(const QString &key) const {
    const auto it = m_entries.constFind(key);
    return it != m_entries.cend() && it->delayedUntil.isValid();
}

QStringList DispatchScheduler::promoteDue(const QDateTime &nowUtc) {
    QStringList promoted;
    while (!m_delayed.empty() && m_delayed.begin()->first <= nowUtc) {
        const QString key = m_delayed.begin()->second;
        m_delayed.erase(m_delayed.begin());
        Entry &e = m_entries[key];
        e.delayedUntil = QDateTime();
        m_ready[e.jurisdiction].insert({-e.score, e.due, key});
        promoted.append(key);
    }
    return promoted;
}

std::optional<DispatchScheduler::Pick> DispatchScheduler::next(const QDateTime &nowUtc) {
    if (m_occupiedTotal >= m_ceilings.global)
        return std::nullopt;
    const ReadyKey *best = nullptr;
    QString bestJurisdiction;
    for (auto it = m_ready.cbegin(); it != m_ready.cend(); ++it) {
        if (it->empty())
            continue;
        const QString &j = it.key();
        const int busy = occupied(j);
        if (busy >= m_ceilings.capFor(j) || !m_breakers.allows(j, nowUtc, busy))
            continue;
        const ReadyKey &head = *it->begin();
        if (!best || head < *best) {
            best = &head;
            bestJurisdiction = j;
        }
    }
    if (!best)
        return std::nullopt;
    Pick pick{std::get<2>(*best), bestJurisdiction};
    auto &set = m_ready[bestJurisdiction];
    set.erase(set.begin());
    m_entries.remove(pick.key);
    occupy(bestJurisdiction);
    return pick;
}

void DispatchScheduler::occupy(const QString &jurisdiction) {
    ++m_occupied[jurisdiction];
    ++m_occupiedTotal;
}

void DispatchScheduler::vacate(const QString &jurisdiction) {
    auto it = m_occupied.find(jurisdiction);
    if (it == m_occupied.end() || *it <= 0)
        return;
    --*it;
    --m_occupiedTotal;
}

QDateTime DispatchScheduler::nextWakeUtc(const QDateTime &nowUtc) const {
    QDateTime earliest;
    if (!m_delayed.empty())
        earliest = m_delayed.begin()->first;
    for (auto it = m_ready.cbegin(); it != m_ready.cend(); ++it) {
        if (it->empty() || m_breakers.state(it.key(), nowUtc) != CircuitBreakers::State::Open)
            continue;
        const QDateTime until = m_breakers.openUntil(it.key());
        if (!earliest.isValid() || until < earliest)
            earliest = until;
    }
    return earliest;
}

} // namespace fd
