#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace fd {

/// Starts the filingdesk-sandbox registry as a child process on a free loopback port (for --sandbox and the
/// demo). The executable is looked up next to the running program first, then on PATH.
class SandboxLauncher {
public:
    ~SandboxLauncher();
    /// Starts and waits (up to 10 s) for its "listening on URL" line; false with *error.
    bool start(const QStringList &args, QString *error);
    void stop();
    QUrl baseUrl() const { return m_baseUrl; }
    static QString executablePath();

private:
    QProcess m_process;
    QUrl m_baseUrl;
};

} // namespace fd
