#pragma once

#include <QDateTime>
#include <QObject>

namespace fd {

/// The engine's source of time (UTC). Backoff, Retry-After, circuit-breaker cooldowns and batch timings
/// all read it, so that tests can drive every timed path with a ManualClock instead of waiting.
///
/// Thread affinity: the engine thread.
class Clock : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    virtual QDateTime nowUtc() const = 0;
    /// True when time moves only by advance() (tests): the engine then arms no real timers and re-evaluates
    /// its deadlines on advanced().
    virtual bool isManual() const { return false; }

Q_SIGNALS:
    /// A manual clock moved forward.
    void advanced();
};

/// Wall-clock time.
class SystemClock final : public Clock {
    Q_OBJECT
public:
    using Clock::Clock;
    QDateTime nowUtc() const override { return QDateTime::currentDateTimeUtc(); }
};

/// Time that moves only when told to: advance(ms) emits advanced(), on which the engine promotes due
/// retries and re-opens breakers exactly as its timers would.
class ManualClock final : public Clock {
    Q_OBJECT
public:
    explicit ManualClock(const QDateTime &startUtc, QObject *parent = nullptr)
        : Clock(parent)
        , m_now(startUtc.toUTC()) {}
    QDateTime nowUtc() const override { return m_now; }
    bool isManual() const override { return true; }
    void advance(qint64 ms) {
        m_now = m_now.addMSecs(ms);
        Q_EMIT advanced();
    }

private:
    QDateTime m_now;
};

} // namespace fd
