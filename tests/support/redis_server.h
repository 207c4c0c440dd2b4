// Test fixture: a private redis-server on a free loopback port, with no persistence.
// A missing redis-server binary is a test failure (start() returns false with the reason), never a skip.
#pragma once

#include <QtCore/QProcess>
#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtCore/QTemporaryDir>

namespace fd::test {

class RedisServer {
public:
    RedisServer();
    ~RedisServer();
    RedisServer(const RedisServer &) = delete;
    RedisServer &operator=(const RedisServer &) = delete;

    /// Starts redis-server on a free loopback port (or on the port it last used, after stop(), so that
    /// clients reconnect to the same URL) and waits, bounded, until it answers PING.
    bool start(int timeoutMs = 10000);
    /// Stops the server (SHUTDOWN NOSAVE, then SIGKILL). Safe to call twice.
    void stop();
    bool isRunning() const;
    QString errorString() const { return m_error; }

    quint16 port() const { return m_port; }
    /// redis://127.0.0.1:PORT
    QString url() const;

    /// Runs redis-cli against the server; returns its stdout trimmed, or a null string on failure.
    QString cli(const QStringList &args, int timeoutMs = 5000) const;

private:
    static quint16 freePort();
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
    QString m_error;
};

} // namespace fd::test
