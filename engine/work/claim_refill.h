#pragma once

#include <QHash>
#include <QString>

namespace fd {

struct EngineConfig;

/// How much a team member holds and when it refills (docs/ledger.md, "Claims"): the policy TeamClaims
/// follows, apart from the ledger so that it can be checked on its own.
///
/// A member holds, per jurisdiction, what its ceiling can send and as much again queued behind it
/// (kClaimedPerSlot filings per slot), so that a slot that frees finds its next filing claimed already;
/// in all no more than twice its global ceiling plus one jurisdiction's worth. Its periodic and
/// post-filing refills claim in batches: only once a jurisdiction is down to its ceiling's worth (what is on
/// the wire, nothing queued behind it) or the jurisdictions together lack an eighth of what it may hold. A
/// claim per finished filing would cost the ledger more than the filing (measured in docs/scaling.md).
///
/// Counts are filings. Pure functions; any thread.
namespace ClaimRefill {
/// Filings a member holds per slot of its ceilings: the one on the wire and the next, claimed already.
inline constexpr int kClaimedPerSlot = 2;
/// The most filings a member holds at once.
int capacity(const EngineConfig &config);
/// Per jurisdiction of the member's ceilings, and per other jurisdiction it holds filings of (against the
/// default ceiling): how many filings it lacks of kClaimedPerSlot per slot, negative when it holds more.
/// `held`: the filings it holds per jurisdiction.
QHash<QString, int> lacking(const EngineConfig &config, const QHash<QString, int> &held);
/// Whether a refill claims now. `heldInAll`: the filings the member holds. A member without ceilings of
/// its own asks the ledger for every jurisdiction at the default, so what it lacks is unknown until
/// claimed: the room it has left stands for it.
bool worthClaiming(const EngineConfig &config, const QHash<QString, int> &held, int heldInAll);
} // namespace ClaimRefill

} // namespace fd
