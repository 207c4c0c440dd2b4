#include "sandbox_process.h"

#include <QtCore/QDeadlineTimer>
#include <QtCore/QEventLoop>
#include <QtCore/QJsonDocument>
#include <QtCore/QTimer>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QNetworkRequest>

#include <algorithm>
#include <memory>

namespace fd::test {

namespace {

// One bounded request on a private event loop; returns the HTTP status (0 on failure) and the body.
int blockingRequest(const QUrl &url, const QByteArray &method, int timeoutMs, QByteArray *body) {
    QNetworkAccessManager nam;
    QNetworkRequest request(url);
    request.setTransferTimeout(timeoutMs);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    std::unique_ptr<QNetworkReply> reply(nam.sendCustomRequest(request, method, QByteArray()));
    QEventLoop loop;
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(timeoutMs + 1000);
    if (!reply->isFinished())
        loop.exec();
    if (!reply->isFinished()) {
        reply->abort();
        return 0;
    }
    if (body)
        *body = reply->readAll();
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

} // namespace

SandboxProcess::SandboxProcess(QStringList extraArgs)
    : m_args(std::move(extraArgs)) {}

SandboxProcess::~SandboxProcess() {
    stop();
}

QString SandboxProcess::executablePath() {
    return qEnvironmentVariable("FILINGDESK_SANDBOX");
}

bool SandboxProcess::start(int timeoutMs) {
    m_error.clear();
    m_baseUrl.clear();
    const QString program = executablePath();
    if (program.isEmpty()) {
        m_error = QStringLiteral("FILINGDESK_SANDBOX is not set");
        return false;
    }
    m_process.setProgram(program);
    m_process.setArguments(QStringList{QStringLiteral("--host"), QStringLiteral("127.0.0.1"),
                                       QStringLiteral("--port"), QStringLiteral("0")} +
                           m_args);
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel); // --verbose logs go to the test log
    m_process.start(QIODevice::ReadOnly);
    if (!m_process.waitForStarted(timeoutMs)) {
        m_error = QStringLiteral("cannot start %1: %2").arg(program, m_process.errorString());
        return false;
    }

    const QByteArray prefix = QByteArrayLiteral("listening on ");
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        while (m_process.canReadLine()) {
            const QByteArray line = m_process.readLine().trimmed();
            if (line.startsWith(prefix)) {
                m_baseUrl = QUrl(QString::fromUtf8(line.mid(prefix.size())));
                if (m_baseUrl.isValid() && m_baseUrl.port(0) > 0)
                    return true;
                m_error = QStringLiteral("unexpected first line: %1").arg(QString::fromUtf8(line));
                stop();
                return false;
            }
        }
        if (m_process.state() != QProcess::Running) {
            m_error = QStringLiteral("%1 exited with code %2 before listening")
                          .arg(program)
                          .arg(m_process.exitCode());
            return false;
        }
        m_process.waitForReadyRead(static_cast<int>(std::clamp<qint64>(deadline.remainingTime(), 1, 500)));
    }
    m_error = QStringLiteral("%1 did not report its port within %2 ms").arg(program).arg(timeoutMs);
    stop();
    return false;
}

void SandboxProcess::stop() {
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool SandboxProcess::isRunning() const {
    return m_process.state() == QProcess::Running;
}

QUrl SandboxProcess::url(const QString &path) const {
    QUrl result = m_baseUrl;
    result.setPath(path);
    return result;
}

QJsonObject SandboxProcess::stats(int timeoutMs) const {
    QByteArray body;
    if (blockingRequest(url(QStringLiteral("/sandbox/stats")), QByteArrayLiteral("GET"), timeoutMs, &body) !=
        200)
        return QJsonObject();
    return QJsonDocument::fromJson(body).object();
}

bool SandboxProcess::reset(int timeoutMs) const {
    return blockingRequest(url(QStringLiteral("/sandbox/reset")), QByteArrayLiteral("POST"), timeoutMs,
                           nullptr) == 200;
}

} // namespace fd::test
