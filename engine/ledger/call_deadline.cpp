#include "engine/ledger/call_deadline.h"

#if defined(Q_OS_WIN)
#include <winsock2.h>
#else
#include <sys/socket.h>
#endif

namespace fd {

CallDeadline::CallDeadline()
    : m_thread([this] { watch(); }) {}

CallDeadline::~CallDeadline() {
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void CallDeadline::arm(qintptr socket, int ms) {
    {
        std::lock_guard lock(m_mutex);
        if (m_depth++ > 0)
            return; // a call within a call: the outer deadline holds
        m_socket = socket;
        m_ms = ms;
        m_due = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        m_armed = socket >= 0;
    }
    m_wake.notify_all();
}

void CallDeadline::kick() {
    std::lock_guard lock(m_mutex);
    if (m_armed)
        m_due = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_ms);
}

void CallDeadline::disarm() {
    std::lock_guard lock(m_mutex);
    if (m_depth > 0 && --m_depth > 0)
        return;
    m_armed = false;
    m_socket = -1;
}

int CallDeadline::firedCount() const {
    std::lock_guard lock(m_mutex);
    return m_fired;
}

void CallDeadline::watch() {
    std::unique_lock lock(m_mutex);
    while (!m_quit) {
        if (!m_armed) {
            m_wake.wait(lock);
            continue;
        }
        if (m_wake.wait_until(lock, m_due) != std::cv_status::timeout || !m_armed ||
            std::chrono::steady_clock::now() < m_due)
            continue; // re-armed, kicked or disarmed meanwhile
            // Under the lock: the calling thread cannot disarm and reuse the descriptor for another socket
            // between the check and the shutdown.
#if defined(Q_OS_WIN)
        ::shutdown(static_cast<SOCKET>(m_socket), SD_BOTH);
#else
        ::shutdown(static_cast<int>(m_socket), SHUT_RDWR);
#endif
        ++m_fired;
        m_armed = false;
    }
}

} // namespace fd
