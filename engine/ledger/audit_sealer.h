#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace fd {

class LedgerStore;

/// This member's turn at sealing the team ledger's audit (docs/ledger.md, "Audit hash chain"): members insert
/// audit rows unsealed, and any member may seal them, in one transaction per batch, under a
/// transaction-scoped advisory lock that one member at a time wins (LedgerStore::sealAudit(),
/// filingdesk_seal_audit()). A member that does not win leaves at once: nothing waits on the sealer.
///
/// It runs every kIntervalMs (every kIdleIntervalMs while there is nothing to seal), so that rows left by a
/// member that died are sealed by the others, and kSoonMs after this member's own writes (sealSoon()), so
/// that what it wrote is in the chain, and seen by the others, within a fraction of a second. These timed
/// seals leave at once when any member sealed less than kFleetSpacingMs ago (schema 9), so that the fleet
/// seals at most about ten times a second however many members write: each seal costs a commit, a move of
/// the chain head and a NOTIFY that sets every member reading, whatever it carries (eight members sealed
/// about 50 times a second, a few dozen rows each). A member whose last attempt found another member sealing
/// (or having just sealed) leaves the sealing to it until its own next interval: in a large fleet one member
/// seals at the pace of the writes, and the others try a few times a second. sealNow() seals whatever the
/// spacing. A member whose last attempt found another member sealing (or having just sealed) tries again
/// after kAfterLossMs, not its interval, and leaves that run out too, without asking the ledger, when it has
/// heard a seal's NOTIFY meanwhile (sealHeard()): that member is sealing, and seals this member's rows with
/// everyone's. Eight members otherwise asked about 30 times a second, a transaction each, to be told so.
/// When the seals stop (that member stopped or died), the next run asks. A worker hears only the seals that
/// hold rows it acts on (schema 12), so it asks about once a second while another member seals.
///
/// Thread affinity: the thread that created it (the store's).
class AuditSealer : public QObject {
    Q_OBJECT
public:
    static constexpr int kIntervalMs = 250;
    static constexpr int kIdleIntervalMs = 1000;
    static constexpr int kSoonMs = 100;
    static constexpr int kFleetSpacingMs = 100;
    static constexpr int kAfterLossMs = 1000;

    struct Stats {
        quint64 runs = 0; ///< seal attempts
        quint64 won = 0;  ///< attempts that held the sealer's lock
        quint64 lost = 0; ///< attempts another member's sealer was ahead of (or had just sealed)
        quint64 rows = 0; ///< rows this member sealed
        quint64 failed = 0;
        quint64 leftToOthers = 0; ///< timed runs left out: another member had sealed since the last loss
    };

    explicit AuditSealer(LedgerStore &store, QObject *parent = nullptr);

    void start(int intervalMs = kIntervalMs);
    void stop();
    bool isActive() const { return m_started; }
    /// This member wrote audit rows: seal within kSoonMs (one run for any number of writes meanwhile).
    void sealSoon();
    /// One run now, whatever the fleet's spacing; the rows sealed, -1 when another member was sealing or the
    /// ledger could not be reached.
    qint64 sealNow();
    /// One run on the ledger writer's connection (LedgerStore::sealAuditThen), answered later, unless any
    /// member sealed within kFleetSpacingMs; the timers use it, so that this member's engine thread never
    /// waits for a seal.
    void sealInBackground();
    /// A seal's NOTIFY arrived (any member's, this one's too).
    void sealHeard() { m_heard.start(); }
    const Stats &stats() const { return m_stats; }

private:
    LedgerStore &m_store;
    QTimer m_timer;
    QTimer m_soon;
    int m_intervalMs = kIntervalMs;
    bool m_started = false;
    bool m_lostLast = false; ///< the last attempt found another member sealing
    bool m_running = false;  ///< a run in the background is not answered yet
    QElapsedTimer m_heard;   ///< since the last seal's NOTIFY
    QElapsedTimer m_lostAt;  ///< since the last attempt another member was ahead of
    Stats m_stats;
    /// Counts a run's answer and sets the next one.
    void answered(qint64 sealed, const QString &error);
};

} // namespace fd
