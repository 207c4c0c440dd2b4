#include "support/postgres_server.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDeadlineTimer>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QProcess>
#include <QtCore/QStandardPaths>
#include <QtCore/QThread>
#include <QtNetwork/QTcpServer>

#include <algorithm>

#if defined(Q_OS_UNIX)
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace fd::test {

namespace {

quint16 freePort() {
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

/// The directory of PostgreSQL's server binaries: $FILINGDESK_PG_BINDIR, Debian's
/// /usr/lib/postgresql/15/bin, the newest other /usr/lib/postgresql/N/bin, or wherever initdb is on PATH.
QString findBinDir() {
    const auto hasTools = [](const QString &dir) {
        return QFileInfo(dir + QStringLiteral("/initdb")).isExecutable() &&
               QFileInfo(dir + QStringLiteral("/pg_ctl")).isExecutable();
    };
    const QString fromEnv = qEnvironmentVariable("FILINGDESK_PG_BINDIR");
    if (!fromEnv.isEmpty())
        return hasTools(fromEnv) ? fromEnv : QString();
    if (hasTools(QStringLiteral("/usr/lib/postgresql/15/bin")))
        return QStringLiteral("/usr/lib/postgresql/15/bin");
    QStringList versions =
        QDir(QStringLiteral("/usr/lib/postgresql")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(),
              [](const QString &a, const QString &b) { return a.toInt() > b.toInt(); });
    for (const QString &v : std::as_const(versions)) {
        const QString dir = QStringLiteral("/usr/lib/postgresql/%1/bin").arg(v);
        if (hasTools(dir))
            return dir;
    }
    const QString initdb = QStandardPaths::findExecutable(QStringLiteral("initdb"));
    if (!initdb.isEmpty() && hasTools(QFileInfo(initdb).absolutePath()))
        return QFileInfo(initdb).absolutePath();
    return QString();
}

/// The environment for PostgreSQL's tools: nothing from the caller's PG* variables (a PGOPTIONS or PGSERVICE
/// meant for another server must not leak into the fixture's).
QProcessEnvironment toolEnvironment() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QStringList keys = env.keys();
    for (const QString &k : keys) {
        if (k.startsWith(QLatin1String("PG")))
            env.remove(k);
    }
    env.insert(QStringLiteral("PGCONNECT_TIMEOUT"), QStringLiteral("5"));
    env.insert(QStringLiteral("PGCLIENTENCODING"), QStringLiteral("UTF8"));
    return env;
}

} // namespace

PostgresServer::PostgresServer(const QString &database)
    : m_database(database) {}

PostgresServer::~PostgresServer() {
    stop();
}

QString PostgresServer::url(const QString &database) const {
    return QStringLiteral("postgresql://fd@127.0.0.1:%1/%2")
        .arg(m_port)
        .arg(database.isEmpty() ? m_database : database);
}

QString PostgresServer::dataDir() const {
    return m_dir.filePath(QStringLiteral("data"));
}

QString PostgresServer::logTail() const {
    QFile log(m_dir.filePath(QStringLiteral("postgres.log")));
    if (!log.open(QIODevice::ReadOnly))
        return QString();
    return QString::fromLocal8Bit(log.readAll().right(2000));
}

PostgresServer::Result PostgresServer::runProcess(const QString &program, const QStringList &args,
                                                  int timeoutMs, const QString &workingDirectory) {
    Result r;
    QProcess p;
    p.setProcessEnvironment(toolEnvironment());
    if (!workingDirectory.isEmpty())
        p.setWorkingDirectory(workingDirectory);
    // pg_ctl would otherwise leave the server holding our pipes; the server logs to a file instead.
    p.setStandardInputFile(QProcess::nullDevice());
    p.start(program, args);
    if (!p.waitForStarted(5000)) {
        r.err = QStringLiteral("%1 did not start: %2").arg(program, p.errorString());
        return r;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        r.err = QStringLiteral("%1 %2 did not finish in %3 ms")
                    .arg(program, args.join(QLatin1Char(' ')))
                    .arg(timeoutMs);
        return r;
    }
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError()).trimmed();
    r.ok = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (!r.ok && r.err.isEmpty())
        r.err = QStringLiteral("%1 exited with %2").arg(QFileInfo(program).fileName()).arg(p.exitCode());
    return r;
}

PostgresServer::Result PostgresServer::runServerTool(const QString &tool, const QStringList &args,
                                                     int timeoutMs) const {
    const QString binary = m_binDir + QLatin1Char('/') + tool;
    // The postgres user may not be allowed into our working directory: run where the cluster lives.
    if (m_runuser.isEmpty())
        return runProcess(binary, args, timeoutMs, m_dir.path());
    return runProcess(
        m_runuser,
        QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"), binary} + args,
        timeoutMs, m_dir.path());
}

bool PostgresServer::prepareDirectory() {
    m_binDir = findBinDir();
    if (m_binDir.isEmpty()) {
        m_error =
            QStringLiteral("the PostgreSQL server (initdb, pg_ctl) is not installed: ./scripts/install-deps "
                           "installs it (Debian: postgresql), or set FILINGDESK_PG_BINDIR");
        return false;
    }
    m_psql = QFileInfo(m_binDir + QStringLiteral("/psql")).isExecutable()
                 ? m_binDir + QStringLiteral("/psql")
                 : QStandardPaths::findExecutable(QStringLiteral("psql"));
    if (m_psql.isEmpty()) {
        m_error = QStringLiteral("psql is not installed (Debian: postgresql-client)");
        return false;
    }
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("no temporary directory for PostgreSQL: %1").arg(m_dir.errorString());
        return false;
    }
#if defined(Q_OS_UNIX)
    const QByteArray dir = QFile::encodeName(m_dir.path());
    if (::geteuid() == 0) {
        // initdb refuses root: the cluster belongs to the postgres system user, which must own the directory
        // (and be able to reach it: the temporary directory's parent must be searchable by others).
        m_runuser = QStandardPaths::findExecutable(QStringLiteral("runuser"));
        if (m_runuser.isEmpty())
            m_runuser = QStandardPaths::findExecutable(
                QStringLiteral("runuser"), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
        const passwd *pg = ::getpwnam("postgres");
        if (m_runuser.isEmpty() || !pg) {
            m_error = QStringLiteral("running as root, PostgreSQL needs the postgres system user and runuser "
                                     "(Debian: the postgresql package creates the user)");
            return false;
        }
        if (::chown(dir.constData(), pg->pw_uid, pg->pw_gid) != 0 || ::chmod(dir.constData(), 0700) != 0) {
            m_error = QStringLiteral("cannot hand %1 to the postgres user").arg(m_dir.path());
            return false;
        }
        const QFileInfo parent(QFileInfo(m_dir.path()).absolutePath());
        if (!parent.permission(QFileDevice::ExeOther)) {
            m_error = QStringLiteral("the postgres user cannot reach %1: its parent %2 is not searchable by "
                                     "others (set TMPDIR=/tmp)")
                          .arg(m_dir.path(), parent.absoluteFilePath());
            return false;
        }
    }
#endif
    return true;
}

bool PostgresServer::initCluster(int timeoutMs) {
    if (!prepareDirectory())
        return false;
    const Result init =
        runServerTool(QStringLiteral("initdb"),
                      {QStringLiteral("-D"), dataDir(), QStringLiteral("-A"), QStringLiteral("trust"),
                       QStringLiteral("-U"), user(), QStringLiteral("-E"), QStringLiteral("UTF8"),
                       QStringLiteral("--locale=C"), QStringLiteral("-N")},
                      timeoutMs);
    if (!init.ok) {
        m_error = QStringLiteral("initdb failed: %1").arg(init.err);
        return false;
    }
    m_initialised = true;
    return true;
}

bool PostgresServer::startAsStandbyOf(const PostgresServer &primary, int timeoutMs) {
    if (m_initialised || !primary.isRunning()) {
        m_error = QStringLiteral("a standby needs a running primary and a server not yet started");
        return false;
    }
    if (!prepareDirectory())
        return false;
    const Result backup = runServerTool(
        QStringLiteral("pg_basebackup"),
        {QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(primary.port()),
         QStringLiteral("-U"), user(), QStringLiteral("-D"), dataDir(), QStringLiteral("-R"),
         QStringLiteral("-X"), QStringLiteral("stream"), QStringLiteral("-c"), QStringLiteral("fast")},
        timeoutMs);
    if (!backup.ok) {
        m_error = QStringLiteral("pg_basebackup failed: %1").arg(backup.err);
        return false;
    }
    m_initialised = true;
    m_databaseCreated = true; // the primary's databases came with the backup
    m_database = primary.database();
    return launch(timeoutMs);
}

bool PostgresServer::promote(int timeoutMs) {
    const Result promoted = runServerTool(QStringLiteral("pg_ctl"),
                                          {QStringLiteral("-D"), dataDir(), QStringLiteral("-w"),
                                           QStringLiteral("-t"), QString::number(timeoutMs / 1000),
                                           QStringLiteral("promote")},
                                          timeoutMs + 5000);
    if (!promoted.ok)
        m_error = QStringLiteral("pg_ctl promote failed: %1").arg(promoted.err);
    return promoted.ok;
}

bool PostgresServer::start(int timeoutMs) {
    if (m_running)
        return true;
    if (!m_initialised && !initCluster(timeoutMs))
        return false;
    return launch(timeoutMs);
}

bool PostgresServer::launch(int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    const bool portFixed = m_port != 0;
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (!portFixed)
            m_port = freePort();
        if (m_port == 0) {
            m_error = QStringLiteral("no free loopback port");
            return false;
        }
        const qint64 secondsLeft = std::max<qint64>(1, deadline.remainingTime() / 1000);
        const Result started = runServerTool(
            QStringLiteral("pg_ctl"),
            {QStringLiteral("-D"), dataDir(), QStringLiteral("-l"),
             m_dir.filePath(QStringLiteral("postgres.log")), QStringLiteral("-o"),
             QStringLiteral(
                 "-p %1 -k '%2' -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off "
                 "-c synchronous_commit=off")
                 .arg(m_port)
                 .arg(m_dir.path()),
             QStringLiteral("-w"), QStringLiteral("-t"), QString::number(secondsLeft),
             QStringLiteral("start")},
            int(secondsLeft * 1000 + 5000));
        if (started.ok) {
            m_running = true;
            break;
        }
        m_error =
            QStringLiteral("pg_ctl start on port %1 failed: %2\n%3").arg(m_port).arg(started.err, logTail());
        // The server may be half up after a timeout: make sure it is down before trying again.
        runServerTool(QStringLiteral("pg_ctl"),
                      {QStringLiteral("-D"), dataDir(), QStringLiteral("-m"), QStringLiteral("immediate"),
                       QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("10"),
                       QStringLiteral("stop")},
                      15000);
        if (portFixed || deadline.hasExpired())
            return false;
    }
    if (!m_running)
        return false;
    startWatchdog();
    // pg_ctl -w returns once the server accepts connections; check that it does on our port.
    QString error;
    while (psql(QStringLiteral("SELECT 1"), QStringLiteral("postgres"), &error) != QLatin1String("1")) {
        if (deadline.hasExpired()) {
            m_error = QStringLiteral("PostgreSQL on port %1 does not answer: %2").arg(m_port).arg(error);
            stop();
            return false;
        }
        QThread::msleep(50);
    }
    if (!m_databaseCreated) {
        if (!createDatabase(m_database)) {
            stop();
            return false;
        }
        m_databaseCreated = true;
    }
    return true;
}

void PostgresServer::startWatchdog() {
#if defined(Q_OS_LINUX) // /proc and /bin/sh
    if (m_watchdogStarted)
        return;
    // pg_ctl detaches the server from us: should this test process die without stop() (a crash, a ctest
    // timeout's SIGKILL), a detached shell stops the server and removes its directory once we are gone.
    const auto quoted = [](const QString &s) {
        QString q = s;
        q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
        return QLatin1Char('\'') + q + QLatin1Char('\'');
    };
    QString stopCommand = quoted(m_binDir + QStringLiteral("/pg_ctl")) + QStringLiteral(" -D ") +
                          quoted(dataDir()) + QStringLiteral(" -m immediate -w -t 10 stop");
    if (!m_runuser.isEmpty())
        stopCommand = quoted(m_runuser) + QStringLiteral(" -u postgres -- ") + stopCommand;
    const QString script =
        QStringLiteral("while [ -d /proc/%1 ]; do sleep 1; done; if [ -f %2/postmaster.pid ]; "
                       "then %3; fi; rm -rf %4")
            .arg(QCoreApplication::applicationPid())
            .arg(quoted(dataDir()), stopCommand, quoted(m_dir.path()));
    QProcess watchdog;
    watchdog.setProgram(QStringLiteral("/bin/sh"));
    watchdog.setArguments({QStringLiteral("-c"), script});
    watchdog.setStandardInputFile(QProcess::nullDevice());
    watchdog.setStandardOutputFile(QProcess::nullDevice());
    watchdog.setStandardErrorFile(QProcess::nullDevice());
    watchdog.setWorkingDirectory(QStringLiteral("/"));
    m_watchdogStarted = watchdog.startDetached();
#endif
}

void PostgresServer::stop() {
    if (!m_running)
        return;
    m_running = false;
    const Result stopped = runServerTool(QStringLiteral("pg_ctl"),
                                         {QStringLiteral("-D"), dataDir(), QStringLiteral("-m"),
                                          QStringLiteral("fast"), QStringLiteral("-w"), QStringLiteral("-t"),
                                          QStringLiteral("20"), QStringLiteral("stop")},
                                         25000);
    if (!stopped.ok)
        runServerTool(QStringLiteral("pg_ctl"),
                      {QStringLiteral("-D"), dataDir(), QStringLiteral("-m"), QStringLiteral("immediate"),
                       QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("10"),
                       QStringLiteral("stop")},
                      15000);
}

bool PostgresServer::createDatabase(const QString &name) {
    QString error;
    QString quoted = name;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    if (psql(QStringLiteral("CREATE DATABASE \"%1\"").arg(quoted), QStringLiteral("postgres"), &error)
            .isNull()) {
        m_error = QStringLiteral("CREATE DATABASE %1 failed: %2").arg(name, error);
        return false;
    }
    return true;
}

QString PostgresServer::psql(const QString &sql, const QString &database, QString *error) const {
    if (!m_running) {
        const QString why = QStringLiteral("the PostgreSQL server is not running");
        if (error)
            *error = why;
        m_error = why;
        return QString();
    }
    const Result r = runProcess(
        m_psql,
        {QStringLiteral("-X"), QStringLiteral("-A"), QStringLiteral("-t"), QStringLiteral("-q"),
         QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-h"),
         QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(m_port), QStringLiteral("-U"),
         user(), QStringLiteral("-d"), database.isEmpty() ? m_database : database, QStringLiteral("-c"), sql},
        15000);
    if (!r.ok) {
        if (error)
            *error = r.err;
        m_error = r.err;
        return QString();
    }
    QString out = r.out;
    if (out.endsWith(QLatin1Char('\n')))
        out.chop(1);
    return out.isNull() ? QStringLiteral("") : out;
}

} // namespace fd::test
