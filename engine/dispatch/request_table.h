#pragma once

#include "engine/dispatch/dispatch_scheduler.h"
#include "engine/dispatch/permit_ledger.h"

#include <QDateTime>
#include <QHash>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace fd {

/// Where one filing's request is, from the moment this engine takes the filing on until it lets it go.
enum class RequestStage {
    Held,       ///< team mode: claimed by this member, no request under way (its batch paused, waiting to
                ///< be queued)
    Queued,     ///< ready to go when the ceilings and the breaker allow
    Delayed,    ///< waiting for its next attempt: backoff, Retry-After, or (an uncertain outcome) the next
                ///< look-up inside the registry's settle window
    Picked,     ///< taken by next(): occupies a slot of its jurisdiction while it is validated
    Validating, ///< failed the engine's checks: occupies its slot while its VALIDATING transition is
                ///< being committed (the store's thread), before it is dead-lettered; a pause or a hold
                ///< does not withdraw it: the commit's continuation decides. A filing that passes goes from
                ///< Picked to AwaitingPermit, its VALIDATING recorded with its DISPATCHING
    AwaitingPermit, ///< the gate was asked for a permit
    Granted,        ///< holds a permit; its DISPATCHING transition is not yet taken for recording
    Recording,      ///< holds a permit; its DISPATCHING transition is being committed (Durability::Synced)
    OnTheWire,      ///< the request (or the look-up) left; an answer, an abort or a lost permit ends it
    Answered ///< the registry answered: permit and slot are handed back (the registry is done with it), and
             ///< the outcome's transition is being committed; operator actions leave it alone until then
};

/// The one table of the requests this engine has under way, one entry per idempotency key, through the
/// stages above. An entry owns what its request holds: a slot of its jurisdiction's ceiling (from Picked on),
/// a pending permit request or a permit (from AwaitingPermit on), and in team mode the ledger claim on its
/// task. retire() is the one way a request ends, whatever stage it reached and whyever it ends (an answer, a
/// withdrawal, a pause, a cancel, a lost claim, a failed write, shutdown): it withdraws a pending permit
/// request, hands a held permit back to the gate, frees the slot and takes the key out of the queues, so no
/// exit path can leak a permit or a slot. The counts the batch status shows come from here.
///
/// Queue order, ceilings and breakers are DispatchScheduler's; the gate's bookkeeping is PermitLedger's; both
/// are reached only through this table. Pure bookkeeping apart from the gate calls PermitLedger makes
/// (asking, cancelling and releasing permits): no timers, no store. Time is passed in (UTC).
///
/// Thread affinity: the engine thread.
class RequestTable {
public:
    using Pick = DispatchScheduler::Pick;

    void setGate(PermitGate *gate) { m_permits.setGate(gate); }
    void setCeilings(const DispatchScheduler::Ceilings &ceilings) { m_scheduler.setCeilings(ceilings); }
    CircuitBreakers &breakers() { return m_scheduler.breakers(); }
    const CircuitBreakers &breakers() const { return m_scheduler.breakers(); }

    // Team mode: the claim this member holds on a task (docs/ledger.md, "Claims").
    /// This member claimed `key`'s task: the entry is kept (Held) until the claim is forgotten.
    void claim(const QString &key, const QString &jurisdiction);
    /// The claim on `key` is gone (its transition released it, it was handed back or lost). A request still
    /// under way goes on until it is retired; then the entry goes.
    void forgetClaim(const QString &key);
    bool isClaimed(const QString &key) const;
    QStringList claimedKeys() const;
    int claimCount() const { return m_claims; }

    /// Queues `key` ready now, or (a valid `notBeforeUtc` in the future) delayed until then. False, and
    /// nothing changes, while a request of `key` is already picked, awaiting a permit, granted or on the
    /// wire.
    bool queue(const QString &key, const QString &jurisdiction, double score, const QDate &due,
               const QDateTime &notBeforeUtc = QDateTime(), const QDateTime &nowUtc = QDateTime());
    /// Delayed entries whose time has come become Queued; returns their keys.
    QStringList promoteDue(const QDateTime &nowUtc);
    /// The best Queued entry the ceilings and breakers allow now: it becomes Picked and occupies a slot.
    std::optional<Pick> next(const QDateTime &nowUtc);
    /// Picked -> Validating: its VALIDATING transition is being committed.
    void validating(const QString &key);
    /// Picked or Validating -> AwaitingPermit: asks the gate for a permit under `limit` (the fleet cap).
    void requestPermit(const QString &key, int limit, const PermitHolder &holder);
    /// A grant arrived: AwaitingPermit -> Granted; the key, or empty for a request retired meanwhile (its
    /// permit is handed back at once).
    QString granted(quint64 requestId, const QString &token);
    /// Every Granted entry, in grant order, becomes Recording: one group commit records their DISPATCHING.
    QStringList takeGranted();
    /// Recording -> OnTheWire: the request left at `sentUtc`; `lookup` for a look-up rather than a
    /// submission.
    void sent(const QString &key, const QDateTime &sentUtc, bool lookup);
    /// OnTheWire -> Answered: the registry answered (or the request was given up): the permit goes back to
    /// the gate and the slot is freed now, so that the next request can go while the outcome is recorded;
    /// retire() ends the entry once it is.
    void answered(const QString &key);

    /// Ends `key`'s request wherever it is (see the class comment). The entry stays, Held, while this member
    /// holds the task's claim; otherwise it goes. Returns the stage the request was in (nullopt: no entry).
    std::optional<RequestStage> retire(const QString &key);
    /// retire() for every request that has not left: Picked, AwaitingPermit and Granted (pause, drain, an
    /// audit failure, shutdown); Validating is left to its commit's continuation. Queued and delayed entries
    /// stay queued. Returns the keys retired, so that the caller can queue them again.
    QStringList retireUnsent();
    /// retire() for every entry whatever its stage, and every claim forgotten (shutdown, after the registry
    /// aborted what was on the wire).
    void retireAll();

    std::optional<RequestStage> stageOf(const QString &key) const;
    bool contains(const QString &key) const { return m_entries.contains(key); }
    /// Any stage from Picked to Answered: the request is under way.
    bool isUnderWay(const QString &key) const;
    /// Validating, Granted, Recording, OnTheWire or Answered: a transition is being committed or a permit
    /// was used or is about to be; operator actions leave the filing alone until it has an outcome.
    bool isDispatching(const QString &key) const;
    /// Recording, OnTheWire or Answered: it finishes whatever happens to its claim.
    bool hasLeft(const QString &key) const;
    bool isDelayed(const QString &key) const { return stageOf(key) == RequestStage::Delayed; }
    QString tokenOf(const QString &key) const { return m_permits.tokenOf(key); }
    /// When the request on the wire left (invalid unless OnTheWire).
    QDateTime sentUtcOf(const QString &key) const;
    bool isLookup(const QString &key) const;

    struct Counts {
        int held = 0;
        int queued = 0;
        int delayed = 0;
        int picked = 0; ///< Picked and Validating
        int awaitingPermit = 0;
        int granted = 0; ///< Granted and Recording: a permit held, DISPATCHING not yet durable
        int onTheWire = 0;
        int answered = 0; ///< answered, the outcome not yet recorded
        /// Any request under way or waiting its turn: the batch is not idle.
        bool busy() const {
            return queued + delayed + picked + awaitingPermit + granted + onTheWire + answered > 0;
        }
    };
    Counts counts() const;
    /// Permits held and permit requests waiting, per jurisdiction (the Prometheus permit gauges).
    QHash<QString, int> permitsHeldBy() const;
    QHash<QString, int> permitsAwaitedBy() const;
    /// When the next delayed entry or breaker cooldown ends (DispatchScheduler::nextWakeUtc).
    QDateTime nextWakeUtc(const QDateTime &nowUtc) const { return m_scheduler.nextWakeUtc(nowUtc); }

private:
    struct Entry {
        QString jurisdiction;
        RequestStage stage = RequestStage::Held;
        bool claimed = false;
        bool slot = false; ///< occupies a slot of the jurisdiction's ceiling
        QDateTime sentUtc;
        bool lookup = false;
    };
    void setStage(Entry &entry, RequestStage stage);
    void eraseIfIdle(QHash<QString, Entry>::iterator it);
    /// `key`'s entry, added (Held, unclaimed) when it has none.
    QHash<QString, Entry>::iterator findOrAdd(const QString &key, const QString &jurisdiction);

    QHash<QString, Entry> m_entries;
    QStringList m_grantOrder;        ///< Granted entries, oldest grant first
    std::array<int, 10> m_byStage{}; ///< entries per RequestStage
    int m_claims = 0;
    DispatchScheduler m_scheduler;
    PermitLedger m_permits;
};

} // namespace fd
