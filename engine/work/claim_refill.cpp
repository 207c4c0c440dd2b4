#include "engine/work/claim_refill.h"

#include "engine/core/engine_config.h"

namespace fd::ClaimRefill {

int capacity(const EngineConfig &config) {
    // No more than the member can have on the wire (its global ceiling) and as much again queued, plus one
    // jurisdiction's worth: the rest is for the others.
    int largestCeiling = config.defaultLimit;
    for (int cap : std::as_const(config.limits))
        largestCeiling = qMax(largestCeiling, cap);
    return kClaimedPerSlot * config.globalLimit + largestCeiling;
}

QHash<QString, int> lacking(const EngineConfig &config, const QHash<QString, int> &held) {
    QHash<QString, int> needs;
    for (auto it = config.limits.cbegin(); it != config.limits.cend(); ++it)
        needs.insert(it.key(), 0);
    for (auto it = held.cbegin(); it != held.cend(); ++it)
        needs[it.key()] -= it.value();
    for (auto it = needs.begin(); it != needs.end(); ++it)
        *it += kClaimedPerSlot * config.limitFor(it.key());
    return needs;
}

bool worthClaiming(const EngineConfig &config, const QHash<QString, int> &held, int heldInAll) {
    const int threshold = qMax(1, capacity(config) / 8);
    if (config.limits.isEmpty())
        return capacity(config) - heldInAll >= threshold;
    const QHash<QString, int> needs = lacking(config, held);
    int lack = 0;
    for (auto it = needs.cbegin(); it != needs.cend(); ++it) {
        if (it.value() >= config.limitFor(it.key()))
            return true; // down to its ceiling's worth: nothing queued behind what is on the wire
        lack += qMax(0, it.value());
    }
    return lack >= threshold;
}

} // namespace fd::ClaimRefill
