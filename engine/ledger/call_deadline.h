#pragma once

#include <QtGlobal>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace fd {

/// A client-side deadline on a blocking ledger call. libpq waits for an answer as long as the socket stays
/// open, and a link that goes silent behind a proxy or a NAT that still acknowledges (no RST, no lost ACK)
/// would keep a member waiting forever: the server's statement_timeout never fires, because the statement
/// never reached the server. While a call is armed, a watchdog thread shuts the connection's socket down when
/// the deadline passes; libpq's wait then fails ("server closed the connection unexpectedly") and the member
/// knows the ledger is unreachable.
///
/// Thread affinity: arm(), kick() and disarm() from the thread that makes the calls (the engine thread); the
/// watchdog runs on its own thread. One per connection owner.
class CallDeadline {
public:
    CallDeadline();
    ~CallDeadline();
    CallDeadline(const CallDeadline &) = delete;
    CallDeadline &operator=(const CallDeadline &) = delete;

    /// Starts a deadline of `ms` on `socket` (a connected TCP socket; < 0: nothing to watch). Nested arms
    /// (a call that makes calls) keep the outermost deadline until the matching disarm().
    void arm(qintptr socket, int ms);
    /// The call made progress (a statement of a long transaction finished): the deadline starts again.
    void kick();
    /// The call returned.
    void disarm();
    /// How many times the watchdog cut a call short since construction.
    int firedCount() const;

    /// Arms on construction, disarms on destruction (a call's scope).
    class Scope {
    public:
        Scope(CallDeadline &deadline, qintptr socket, int ms)
            : m_deadline(deadline) {
            m_deadline.arm(socket, ms);
        }
        ~Scope() { m_deadline.disarm(); }
        Scope(const Scope &) = delete;
        Scope &operator=(const Scope &) = delete;

    private:
        CallDeadline &m_deadline;
    };

private:
    void watch();

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    qintptr m_socket = -1;
    int m_ms = 0;
    std::chrono::steady_clock::time_point m_due;
    bool m_armed = false;
    int m_depth = 0; ///< calls within calls share the outermost deadline
    bool m_quit = false;
    int m_fired = 0;
    std::thread m_thread;
};

} // namespace fd
