#include "support/pgbouncer_server.h"

#include "support/postgres_server.h"

#include <QtCore/QDeadlineTimer>
#include <QtCore/QFile>
#include <QtCore/QStandardPaths>
#include <QtCore/QThread>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>

#if defined(Q_OS_UNIX)
#include <pwd.h>
#include <unistd.h>
#endif

namespace fd::test {

PgBouncer::~PgBouncer() {
    stop();
}

QString PgBouncer::url() const {
    return QStringLiteral("postgresql://fd@127.0.0.1:%1/%2").arg(m_port).arg(m_database);
}

bool PgBouncer::start(const PostgresServer &server, const QString &database, const QString &poolMode,
                      int timeoutMs) {
    QString binary = QStandardPaths::findExecutable(QStringLiteral("pgbouncer"));
    if (binary.isEmpty())
        binary = QStandardPaths::findExecutable(QStringLiteral("pgbouncer"),
                                                {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
    if (binary.isEmpty()) {
        m_error = QStringLiteral("pgbouncer is not installed (./scripts/install-deps installs it)");
        return false;
    }
    if (!m_dir.isValid()) {
        m_error = m_dir.errorString();
        return false;
    }
    {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0)) {
            m_error = QStringLiteral("no free loopback port");
            return false;
        }
        m_port = probe.serverPort();
    }
    m_database = database;
    const QString ini = m_dir.filePath(QStringLiteral("pgbouncer.ini"));
    const QString users = m_dir.filePath(QStringLiteral("userlist.txt"));
    {
        QFile f(users);
        if (!f.open(QIODevice::WriteOnly)) {
            m_error = f.errorString();
            return false;
        }
        f.write("\"fd\" \"\"\n");
    }
    {
        QFile f(ini);
        if (!f.open(QIODevice::WriteOnly)) {
            m_error = f.errorString();
            return false;
        }
        f.write(QStringLiteral("[databases]\n%1 = host=127.0.0.1 port=%2 dbname=%1\n"
                               "[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = %3\nauth_type = trust\n"
                               "auth_file = %4\npool_mode = %5\nmax_client_conn = 200\ndefault_pool_size = 20\n"
                               "unix_socket_dir =\nlogfile = %6\npidfile = %7\nignore_startup_parameters = "
                               "extra_float_digits,options\n")
                    .arg(database)
                    .arg(server.port())
                    .arg(m_port)
                    .arg(users, poolMode, m_dir.filePath(QStringLiteral("pgbouncer.log")),
                         m_dir.filePath(QStringLiteral("pgbouncer.pid")))
                    .toUtf8());
    }
    QString program = binary;
    QStringList args{ini};
#if defined(Q_OS_UNIX)
    if (::geteuid() == 0) {
        // pgbouncer refuses to run as root: as the postgres system user, on files it may read and write.
        const passwd *pg = ::getpwnam("postgres");
        const QString runuser = QStandardPaths::findExecutable(
            QStringLiteral("runuser"), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"), QStringLiteral("/usr/bin")});
        if (!pg || runuser.isEmpty()) {
            m_error = QStringLiteral("running as root, pgbouncer needs the postgres system user and runuser");
            return false;
        }
        for (const QString &path : {m_dir.path(), ini, users})
            if (::chown(QFile::encodeName(path).constData(), pg->pw_uid, pg->pw_gid) != 0) {
                m_error = QStringLiteral("cannot hand %1 to the postgres user").arg(path);
                return false;
            }
        program = runuser;
        args = QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"), binary, ini};
    }
#endif
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_process.start(program, args);
    if (!m_process.waitForStarted(5000)) {
        m_error = QStringLiteral("pgbouncer did not start: %1").arg(m_process.errorString());
        return false;
    }
    const QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (m_process.state() == QProcess::NotRunning) {
            m_error = QStringLiteral("pgbouncer exited: %1").arg(QString::fromUtf8(m_process.readAll()));
            return false;
        }
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_port);
        if (s.waitForConnected(200))
            return true;
        QThread::msleep(50);
    }
    m_error = QStringLiteral("pgbouncer does not listen on %1: %2").arg(m_port).arg(QString::fromUtf8(m_process.readAll()));
    stop();
    return false;
}

void PgBouncer::stop() {
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
}

} // namespace fd::test
