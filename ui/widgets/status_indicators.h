#pragma once

#include <QWidget>

class QLabel;

namespace fd::ui {

/// The status bar's permanent indicators: the team ledger (team mode only), gate mode (fleet or in-process),
/// Redis connection, registry reachability, the jurisdictions whose registry keeps failing (circuit breaker
/// open: nothing is sent there), engine thread alive, and PAUSED while the batch is paused. Thread affinity:
/// GUI thread.
class StatusIndicators : public QWidget {
    Q_OBJECT
public:
    /// What the status bar says about the team ledger.
    enum class Ledger {
        Off,             ///< a single desk: no indicator
        Connecting,      ///< team mode, the engine is starting
        Connected,       ///< the ledger answers
        Unreachable,     ///< nothing is sent; the desk shows its mirror, read-only
        Untrusted,       ///< the ledger's audit chain did not verify: as Unreachable, until a restart
        ReadOnlyStandby, ///< the address answers but is a hot standby: as Unreachable, until the primary
                         ///< answers
        WaitingOnLock,   ///< the ledger answers; a write waited on another session's lock and is tried again
    };

    explicit StatusIndicators(QWidget *parent = nullptr);

    void setGateMode(bool fleet, bool started);
    void setRedis(const QString &state, bool ok);
    void setRegistry(bool reachable, const QString &detail);
    void setEngineAlive(bool alive);
    void setPaused(bool paused);
    /// The team ledger's state; `detail` (the ledger's URL, the reason it cannot be reached) is the tooltip.
    void setLedger(Ledger state, const QString &detail = QString());
    /// One "US-DE: registry failing, retry at 14:03:27" per open circuit breaker (empty: hidden); `detail` is
    /// the tooltip (the engine's own words: last error, next trial request).
    void setFailingRegistries(const QStringList &summaries, const QString &detail);

    QString gateModeText() const;
    QString redisText() const;
    QString registryText() const;
    QString engineText() const;
    /// Empty in single-desk mode.
    QString ledgerText() const;
    /// Team mode: a desk that can send nothing (no registry for the team's jurisdictions, no fleet gate)
    /// says so, with `reason`; empty: hidden.
    void setReviewDesk(const QString &reason);
    QString reviewDeskText() const;
    /// Empty while no registry is failing.
    QString failingRegistriesText() const;

    /// While `on`, the indicators that report things as they should be (limiter kept, registry reachable,
    /// service running, ledger connected) step aside so that a status message longer than the room left
    /// can be read whole; PAUSED, failing registries, a review desk and every indicator in red stay. Off: all
    /// come back.
    void setMakingRoom(bool on);
    bool makingRoom() const { return m_makingRoom; }

private:
    static void paint(QLabel *label, const QString &text, bool ok, const QString &tooltip = QString());
    /// Shows or hides `label` as the indicators want it (`wanted`), leaving it out while making room if it
    /// reports a normal state.
    void place(QLabel *label, bool wanted);
    void placeAll();

    QLabel *m_paused;
    QLabel *m_ledger;
    QLabel *m_reviewDesk;
    QLabel *m_gate;
    QLabel *m_redis;
    QLabel *m_registry;
    QLabel *m_breakers;
    QLabel *m_engine;
    bool m_makingRoom = false;
};

} // namespace fd::ui
