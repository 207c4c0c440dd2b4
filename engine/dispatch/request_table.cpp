#include "engine/dispatch/request_table.h"

namespace fd {

namespace {
int index(RequestStage stage) {
    return int(stage);
}
} // namespace

void RequestTable::setStage(Entry &entry, RequestStage stage) {
    --m_byStage[index(entry.stage)];
    ++m_byStage[index(stage)];
    entry.stage = stage;
}

void RequestTable::eraseIfIdle(QHash<QString, Entry>::iterator it) {
    if (it->stage != RequestStage::Held || it->claimed)
        return;
    --m_byStage[index(RequestStage::Held)];
    m_entries.erase(it);
}

QHash<QString, RequestTable::Entry>::iterator RequestTable::findOrAdd(const QString &key,
                                                                      const QString &jurisdiction) {
    auto it = m_entries.find(key);
    if (it == m_entries.end()) {
        Entry entry;
        entry.jurisdiction = jurisdiction;
        it = m_entries.insert(key, entry);
        ++m_byStage[index(RequestStage::Held)];
    }
    return it;
}

void RequestTable::claim(const QString &key, const QString &jurisdiction) {
    const auto it = findOrAdd(key, jurisdiction);
    if (!it->claimed) {
        it->claimed = true;
        ++m_claims;
    }
}

void RequestTable::forgetClaim(const QString &key) {
    const auto it = m_entries.find(key);
    if (it == m_entries.end() || !it->claimed)
        return;
    it->claimed = false;
    --m_claims;
    eraseIfIdle(it);
}

bool RequestTable::isClaimed(const QString &key) const {
    const auto it = m_entries.constFind(key);
    return it != m_entries.cend() && it->claimed;
}

QStringList RequestTable::claimedKeys() const {
    QStringList keys;
    keys.reserve(m_claims);
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it)
        if (it->claimed)
            keys.append(it.key());
    return keys;
}

bool RequestTable::queue(const QString &key, const QString &jurisdiction, double score, const QDate &due,
                         const QDateTime &notBeforeUtc, const QDateTime &nowUtc) {
    if (isUnderWay(key))
        return false;
    const auto it = findOrAdd(key, jurisdiction);
    it->jurisdiction = jurisdiction;
    if (notBeforeUtc.isValid() && (!nowUtc.isValid() || notBeforeUtc > nowUtc)) {
        m_scheduler.delayUntil(key, jurisdiction, score, due, notBeforeUtc);
        setStage(*it, RequestStage::Delayed);
    } else {
        m_scheduler.makeReady(key, jurisdiction, score, due);
        setStage(*it, RequestStage::Queued);
    }
    return true;
}

QStringList RequestTable::promoteDue(const QDateTime &nowUtc) {
    const QStringList promoted = m_scheduler.promoteDue(nowUtc);
    for (const QString &key : promoted) {
        const auto it = m_entries.find(key);
        if (it != m_entries.end())
            setStage(*it, RequestStage::Queued);
    }
    return promoted;
}

std::optional<RequestTable::Pick> RequestTable::next(const QDateTime &nowUtc) {
    std::optional<Pick> pick = m_scheduler.next(nowUtc); // occupies the slot
    if (!pick)
        return pick;
    const auto it = m_entries.find(pick->key);
    Q_ASSERT(it != m_entries.end()); // the scheduler queues only what this table queued
    it->slot = true;
    setStage(*it, RequestStage::Picked);
    return pick;
}

void RequestTable::validating(const QString &key) {
    const auto it = m_entries.find(key);
    if (it != m_entries.end() && it->stage == RequestStage::Picked)
        setStage(*it, RequestStage::Validating);
}

void RequestTable::requestPermit(const QString &key, int limit, const PermitHolder &holder) {
    const auto it = m_entries.find(key);
    if (it == m_entries.end() || (it->stage != RequestStage::Picked && it->stage != RequestStage::Validating))
        return;
    setStage(*it, RequestStage::AwaitingPermit);
    m_permits.request(key, it->jurisdiction, limit, holder);
}

QString RequestTable::granted(quint64 requestId, const QString &token) {
    const QString key = m_permits.granted(requestId, token);
    if (key.isEmpty())
        return key; // a request retired meanwhile: PermitLedger handed the permit back
    const auto it = m_entries.find(key);
    if (it == m_entries.end() || it->stage != RequestStage::AwaitingPermit) {
        m_permits.release(key); // never kept by a request that is not waiting for it
        return QString();
    }
    setStage(*it, RequestStage::Granted);
    m_grantOrder.append(key);
    return key;
}

QStringList RequestTable::takeGranted() {
    const QStringList keys = std::exchange(m_grantOrder, {});
    for (const QString &key : keys)
        setStage(m_entries[key], RequestStage::Recording);
    return keys;
}

void RequestTable::sent(const QString &key, const QDateTime &sentUtc, bool lookup) {
    const auto it = m_entries.find(key);
    if (it == m_entries.end() || it->stage != RequestStage::Recording)
        return;
    it->sentUtc = sentUtc;
    it->lookup = lookup;
    setStage(*it, RequestStage::OnTheWire);
}

void RequestTable::answered(const QString &key) {
    const auto it = m_entries.find(key);
    if (it == m_entries.end() || it->stage != RequestStage::OnTheWire)
        return;
    m_permits.release(key);
    if (std::exchange(it->slot, false))
        m_scheduler.vacate(it->jurisdiction);
    setStage(*it, RequestStage::Answered);
}

std::optional<RequestStage> RequestTable::retire(const QString &key) {
    const auto it = m_entries.find(key);
    if (it == m_entries.end())
        return std::nullopt;
    const RequestStage was = it->stage;
    switch (was) {
    case RequestStage::Held:
        break;
    case RequestStage::Queued:
    case RequestStage::Delayed:
        m_scheduler.remove(key);
        break;
    case RequestStage::AwaitingPermit:
        m_permits.withdraw(key); // the gate hands back a permit granted meanwhile (PermitGate's contract)
        break;
    case RequestStage::Granted:
        m_grantOrder.removeOne(key);
        m_permits.release(key);
        break;
    case RequestStage::Picked:
    case RequestStage::Validating:
    case RequestStage::Recording:
    case RequestStage::OnTheWire:
    case RequestStage::Answered:
        m_permits.release(key); // nothing when it holds none
        break;
    }
    if (std::exchange(it->slot, false))
        m_scheduler.vacate(it->jurisdiction);
    it->sentUtc = QDateTime();
    it->lookup = false;
    setStage(*it, RequestStage::Held);
    eraseIfIdle(it);
    return was;
}

QStringList RequestTable::retireUnsent() {
    QStringList keys;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        if (it->stage == RequestStage::Picked || it->stage == RequestStage::AwaitingPermit ||
            it->stage == RequestStage::Granted)
            keys.append(it.key());
    }
    for (const QString &key : std::as_const(keys))
        retire(key);
    return keys;
}

void RequestTable::retireAll() {
    const QStringList keys = m_entries.keys();
    for (const QString &key : keys) {
        forgetClaim(key);
        retire(key);
    }
}

std::optional<RequestStage> RequestTable::stageOf(const QString &key) const {
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend())
        return std::nullopt;
    return it->stage;
}

bool RequestTable::isUnderWay(const QString &key) const {
    const auto stage = stageOf(key);
    return stage && *stage != RequestStage::Held && *stage != RequestStage::Queued &&
           *stage != RequestStage::Delayed;
}

bool RequestTable::isDispatching(const QString &key) const {
    const auto stage = stageOf(key);
    return stage == RequestStage::Validating || stage == RequestStage::Granted ||
           stage == RequestStage::Recording || stage == RequestStage::OnTheWire ||
           stage == RequestStage::Answered;
}

bool RequestTable::hasLeft(const QString &key) const {
    const auto stage = stageOf(key);
    return stage == RequestStage::Recording || stage == RequestStage::OnTheWire ||
           stage == RequestStage::Answered;
}

QDateTime RequestTable::sentUtcOf(const QString &key) const {
    const auto it = m_entries.constFind(key);
    return it == m_entries.cend() ? QDateTime() : it->sentUtc;
}

bool RequestTable::isLookup(const QString &key) const {
    const auto it = m_entries.constFind(key);
    return it != m_entries.cend() && it->lookup;
}

RequestTable::Counts RequestTable::counts() const {
    Counts c;
    c.held = m_byStage[index(RequestStage::Held)];
    c.queued = m_byStage[index(RequestStage::Queued)];
    c.delayed = m_byStage[index(RequestStage::Delayed)];
    c.picked = m_byStage[index(RequestStage::Picked)] + m_byStage[index(RequestStage::Validating)];
    c.awaitingPermit = m_byStage[index(RequestStage::AwaitingPermit)];
    c.granted = m_byStage[index(RequestStage::Granted)] + m_byStage[index(RequestStage::Recording)];
    c.onTheWire = m_byStage[index(RequestStage::OnTheWire)];
    c.answered = m_byStage[index(RequestStage::Answered)];
    return c;
}

QHash<QString, int> RequestTable::permitsHeldBy() const {
    QHash<QString, int> held;
    for (const QString &key : m_permits.holders())
        held[m_permits.jurisdictionOf(key)] += 1;
    return held;
}

QHash<QString, int> RequestTable::permitsAwaitedBy() const {
    QHash<QString, int> awaited;
    for (const QString &key : m_permits.awaitingKeys())
        awaited[m_permits.jurisdictionOf(key)] += 1;
    return awaited;
}

} // namespace fd
