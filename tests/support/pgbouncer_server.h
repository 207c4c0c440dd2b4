// Test fixture: Debian's pgbouncer in front of a PostgresServer, on a free loopback port, in the pool mode
// asked for ("session", "transaction" or "statement"), trusting user fd. As root it runs as the postgres
// system user (pgbouncer refuses root). A missing pgbouncer fails the test (start() says why), never skips it.
#pragma once

#include <QtCore/QProcess>
#include <QtCore/QString>
#include <QtCore/QTemporaryDir>

namespace fd::test {

class PostgresServer;

class PgBouncer {
public:
    PgBouncer() = default;
    ~PgBouncer();
    PgBouncer(const PgBouncer &) = delete;
    PgBouncer &operator=(const PgBouncer &) = delete;

    /// Starts pgbouncer for `database` of `server` and waits until it accepts connections.
    bool start(const PostgresServer &server, const QString &database, const QString &poolMode,
               int timeoutMs = 15000);
    void stop();
    quint16 port() const { return m_port; }
    /// postgresql://fd@127.0.0.1:PORT/DATABASE, through the pooler.
    QString url() const;
    QString errorString() const { return m_error; }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QString m_database;
    quint16 m_port = 0;
    QString m_error;
};

} // namespace fd::test
