// Test fixture: a TCP proxy on a free loopback port that forwards to a target port, on a thread of its own
// (a test that blocks in a client library must not stop its proxy). blackhole() makes the link go silent the
// way a dropped route or a dead NAT entry does: the connections stay open, nothing is forwarded either way and
// nobody is told (no RST, no FIN). New connections are accepted and go silent too until restore().
#pragma once

#include <QtCore/QObject>
#include <QtCore/QThread>

#include <atomic>

namespace fd::test {

class TcpProxy {
public:
    TcpProxy();
    ~TcpProxy();
    TcpProxy(const TcpProxy &) = delete;
    TcpProxy &operator=(const TcpProxy &) = delete;

    /// Listens on 127.0.0.1 (free port) and forwards to 127.0.0.1:`targetPort`. False when it cannot listen.
    bool start(quint16 targetPort);
    quint16 port() const { return m_port; }
    /// Stop forwarding, silently (see above).
    void blackhole() { m_silent = true; }
    /// Forward again: the connections that went silent stay silent (their bytes are lost, as on a real
    /// link that came back after the peers gave up); new connections are forwarded.
    void restore() { m_silent = false; }
    /// Connections accepted so far.
    int accepted() const { return m_accepted; }

private:
    QThread m_thread;
    QObject *m_worker = nullptr; // lives on m_thread
    quint16 m_port = 0;
    std::atomic_bool m_silent{false};
    std::atomic_int m_accepted{0};
};

} // namespace fd::test
