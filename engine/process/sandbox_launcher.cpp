#include "engine/process/sandbox_launcher.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#ifdef Q_OS_LINUX
#include <sys/prctl.h>

#include <csignal>
#include <unistd.h>
#endif

namespace fd {

SandboxLauncher::~SandboxLauncher() {
    stop();
}

QString SandboxLauncher::executablePath() {
    const QString env = qEnvironmentVariable("FILINGDESK_SANDBOX");
    if (!env.isEmpty() && QFileInfo(env).isExecutable())
        return env;
#ifdef Q_OS_WIN
    const QString name = QStringLiteral("filingdesk-sandbox.exe");
#else
    const QString name = QStringLiteral("filingdesk-sandbox");
#endif
    const QString beside = QDir(QCoreApplication::applicationDirPath()).filePath(name);
    if (QFileInfo(beside).isExecutable())
        return beside;
    return QStandardPaths::findExecutable(QStringLiteral("filingdesk-sandbox"));
}

QStringList SandboxLauncher::practiceArguments(const QStringList &given) {
    for (const QString &arg : given) {
        if (arg == QLatin1String("--fail") || arg.startsWith(QLatin1String("--fail=")))
            return given;
    }
    QStringList args = given;
    args << QStringLiteral("--fail=statutory=0.04") << QStringLiteral("--fail=validation=0.02")
         << QStringLiteral("--fail=transient=0.03") << QStringLiteral("--fail=wrong_fee=0.02");
    return args;
}

QStringList SandboxLauncher::capArguments(const EngineConfig &config) {
    QStringList args{QStringLiteral("--default-cap"), QString::number(config.defaultLimit)};
    for (auto it = config.limits.cbegin(); it != config.limits.cend(); ++it)
        args << QStringLiteral("--cap") << QStringLiteral("%1=%2").arg(it.key()).arg(it.value());
    return args;
}

bool SandboxLauncher::start(const QStringList &args, QString *error) {
    const QString program = executablePath();
    if (program.isEmpty()) {
        *error = QStringLiteral("filingdesk-sandbox was not found next to this program or on PATH");
        return false;
    }
    m_process.setProgram(program);
    m_process.setArguments(QStringList{QStringLiteral("--host"), QStringLiteral("127.0.0.1"),
                                       QStringLiteral("--port"), QStringLiteral("0")} +
                           args);
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.setReadChannel(QProcess::StandardOutput);
#ifdef Q_OS_LINUX
    // A parent killed outright (SIGKILL, a crash) runs no destructor: the kernel stops the sandbox instead,
    // so that it never outlives its parent holding a port. Only async-signal-safe calls between fork and
    // exec.
    const pid_t parent = ::getpid();
    m_process.setChildProcessModifier([parent] {
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) // the parent died before the line above
            ::_exit(1);
    });
#endif
    m_process.start();
    if (!m_process.waitForStarted(5000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(program, m_process.errorString());
        return false;
    }
    QDeadlineTimer deadline(10000);
    QByteArray buffer;
    while (!deadline.hasExpired()) {
        if (!m_process.canReadLine() &&
            !m_process.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime()))))
            break;
        while (m_process.canReadLine()) {
            const QByteArray line = m_process.readLine().trimmed();
            const QByteArray prefix("listening on ");
            if (line.startsWith(prefix)) {
                m_baseUrl = QUrl(QString::fromUtf8(line.mid(prefix.size())));
                return m_baseUrl.isValid();
            }
        }
    }
    *error = QStringLiteral("the sandbox registry did not start: %1")
                 .arg(QString::fromUtf8(m_process.readAllStandardError()).trimmed());
    stop();
    return false;
}

void SandboxLauncher::stop() {
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(3000)) {
        m_process.kill();
        m_process.waitForFinished(3000);
    }
}

} // namespace fd
