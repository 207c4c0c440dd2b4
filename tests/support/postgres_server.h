// Test fixture: a private PostgreSQL server (initdb + pg_ctl) in a temporary directory, on a free loopback
// port, with trust authentication for the superuser "fd" and one database created on the first start.
// A missing server binary is a test failure (start() returns false with the reason), never a skip.
//
// initdb refuses to run as root: when the tests run as root, the server's commands run as the `postgres`
// system user (runuser) on a directory that user owns. Every wait is bounded.
#pragma once

#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtCore/QTemporaryDir>

namespace fd::test {

class PostgresServer {
public:
    /// `database` is created on the first start() and is what url() and psql() use by default.
    explicit PostgresServer(const QString &database = QStringLiteral("filingdesk_test"));
    ~PostgresServer();
    PostgresServer(const PostgresServer &) = delete;
    PostgresServer &operator=(const PostgresServer &) = delete;

    /// Initialises the cluster (first call), starts the server on a free loopback port (or on the port it
    /// last used, after stop(), so that clients reconnect to the same URL), waits until it accepts
    /// connections and creates the database (first call). False with errorString() on failure.
    bool start(int timeoutMs = 30000);
    /// Makes this server a hot standby of `primary` (pg_basebackup -R of its cluster, streaming its WAL) and
    /// starts it on a free loopback port: it answers read-only until promote(). Instead of start()'s first
    /// call. False with errorString() on failure.
    bool startAsStandbyOf(const PostgresServer &primary, int timeoutMs = 60000);
    /// Promotes a standby to a primary (pg_ctl promote -w).
    bool promote(int timeoutMs = 30000);
    /// Stops the server (pg_ctl stop -m fast). Safe to call twice.
    void stop();
    bool isRunning() const { return m_running; }
    QString errorString() const { return m_error; }

    quint16 port() const { return m_port; }
    QString user() const { return QStringLiteral("fd"); }
    QString database() const { return m_database; }
    /// postgresql://fd@127.0.0.1:PORT/DATABASE (the default database when `database` is empty)
    QString url(const QString &database = QString()) const;

    /// Creates another database on the server (for a test that needs an empty ledger).
    bool createDatabase(const QString &name);
    /// Runs `psql -X -A -t -v ON_ERROR_STOP=1 -c SQL` as the superuser against `database` (default: the
    /// fixture's); returns stdout without the trailing newline, or a null string on failure (then
    /// errorString() or *error holds psql's stderr).
    QString psql(const QString &sql, const QString &database = QString(), QString *error = nullptr) const;

private:
    struct Result {
        bool ok = false;
        QString out;
        QString err;
    };
    /// Runs a server binary: as the postgres user when we are root, directly otherwise.
    Result runServerTool(const QString &tool, const QStringList &args, int timeoutMs) const;
    static Result runProcess(const QString &program, const QStringList &args, int timeoutMs,
                             const QString &workingDirectory = QString());
    bool prepareDirectory();
    bool initCluster(int timeoutMs);
    bool launch(int timeoutMs);
    /// A detached shell that stops the server and removes the directory once this process is gone.
    void startWatchdog();
    QString dataDir() const;
    QString logTail() const;

    QString m_database;
    QTemporaryDir m_dir;
    QString m_binDir;
    QString m_psql;
    QString m_runuser; ///< non-empty when the server tools run as the postgres user
    quint16 m_port = 0;
    bool m_initialised = false;
    bool m_databaseCreated = false;
    bool m_running = false;
    bool m_watchdogStarted = false;
    mutable QString m_error;
};

} // namespace fd::test
