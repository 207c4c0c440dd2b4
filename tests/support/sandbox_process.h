// Test fixture: runs the real filingdesk-sandbox executable on a free loopback port.
#pragma once

#include <QtCore/QJsonObject>
#include <QtCore/QProcess>
#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtCore/QUrl>

namespace fd::test {

class SandboxProcess {
public:
    // extraArgs are appended to "--host 127.0.0.1 --port 0", e.g. {"--cap", "US-TX=3", "--seed", "7"}.
    explicit SandboxProcess(QStringList extraArgs = {});
    ~SandboxProcess();
    SandboxProcess(const SandboxProcess &) = delete;
    SandboxProcess &operator=(const SandboxProcess &) = delete;

    // Path of the sandbox executable: the FILINGDESK_SANDBOX environment variable (set by ctest).
    static QString executablePath();

    // Starts the process and waits (bounded) for its "listening on http://HOST:PORT" line.
    bool start(int timeoutMs = 15000);
    // Terminates the process (SIGTERM, then SIGKILL after a grace period). Safe to call twice.
    void stop();
    bool isRunning() const;
    QString errorString() const { return m_error; }

    QUrl baseUrl() const { return m_baseUrl; }
    quint16 port() const { return static_cast<quint16>(m_baseUrl.port(0)); }
    QUrl url(const QString &path) const; // baseUrl() with the given absolute path

    // GET /sandbox/stats; an empty object if the request fails or times out.
    QJsonObject stats(int timeoutMs = 10000) const;
    // POST /sandbox/reset; true on 200.
    bool reset(int timeoutMs = 10000) const;

private:
    QStringList m_args;
    QProcess m_process;
    QUrl m_baseUrl;
    QString m_error;
};

} // namespace fd::test
