#include "support/redis_server.h"

#include <QtCore/QDeadlineTimer>
#include <QtCore/QStandardPaths>
#include <QtCore/QThread>
#include <QtNetwork/QTcpServer>

namespace fd::test {

RedisServer::RedisServer() = default;

RedisServer::~RedisServer() {
    stop();
}

quint16 RedisServer::freePort() {
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

QString RedisServer::url() const {
    return QStringLiteral("redis://127.0.0.1:%1").arg(m_port);
}

bool RedisServer::start(int timeoutMs) {
    const QString binary = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (binary.isEmpty()) {
        m_error = QStringLiteral("redis-server is not installed (./scripts/install-deps installs it)");
        return false;
    }
    if (QStandardPaths::findExecutable(QStringLiteral("redis-cli")).isEmpty()) {
        m_error = QStringLiteral("redis-cli is not installed (./scripts/install-deps installs it)");
        return false;
    }
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("no temporary directory for redis-server");
        return false;
    }
    if (m_port == 0)
        m_port = freePort();
    if (m_port == 0) {
        m_error = QStringLiteral("no free loopback port");
        return false;
    }
    m_process.setProgram(binary);
    m_process.setArguments({QStringLiteral("--port"), QString::number(m_port), QStringLiteral("--bind"),
                            QStringLiteral("127.0.0.1"), QStringLiteral("--save"), QString(),
                            QStringLiteral("--appendonly"), QStringLiteral("no"), QStringLiteral("--dir"),
                            m_dir.path(), QStringLiteral("--daemonize"), QStringLiteral("no"),
                            QStringLiteral("--loglevel"), QStringLiteral("warning")});
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_process.start();
    if (!m_process.waitForStarted(timeoutMs)) {
        m_error = QStringLiteral("redis-server did not start: %1").arg(m_process.errorString());
        return false;
    }
    const QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (m_process.state() != QProcess::Running) {
            m_error =
                QStringLiteral("redis-server exited: %1").arg(QString::fromLocal8Bit(m_process.readAll()));
            return false;
        }
        if (cli({QStringLiteral("PING")}, 1000) == QLatin1String("PONG"))
            return true;
        QThread::msleep(50);
    }
    m_error =
        QStringLiteral("redis-server on port %1 did not answer PING in %2 ms").arg(m_port).arg(timeoutMs);
    stop();
    return false;
}

void RedisServer::stop() {
    if (m_process.state() == QProcess::NotRunning)
        return;
    cli({QStringLiteral("SHUTDOWN"), QStringLiteral("NOSAVE")}, 2000);
    if (!m_process.waitForFinished(3000)) {
        m_process.kill();
        m_process.waitForFinished(3000);
    }
}

bool RedisServer::isRunning() const {
    return m_process.state() == QProcess::Running;
}

QString RedisServer::cli(const QStringList &args, int timeoutMs) const {
    QProcess p;
    p.start(QStringLiteral("redis-cli"), QStringList{QStringLiteral("-h"), QStringLiteral("127.0.0.1"),
                                                     QStringLiteral("-p"), QString::number(m_port)} +
                                             args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(1000);
        return {};
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    return QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
}

} // namespace fd::test
