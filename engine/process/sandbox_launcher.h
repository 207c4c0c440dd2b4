#pragma once

#include "engine/core/engine_config.h"

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
    /// The sandbox's --default-cap and --cap arguments for the caps of `config`: the sandbox enforces the
    /// same caps as the gate, so a request beyond them is answered 429 and counted.
    static QStringList capArguments(const EngineConfig &config);
    /// The console's practice registry: `given` (the user's --sandbox-arg values) plus, when they set no
    /// --fail of their own, a little seeded trouble of every kind a person meets at a real portal (4 %
    /// statutory and 2 % validation rejections per filing, 3 % transient errors per attempt, 2 % receipts
    /// with a different fee), so that halts, retries and reconciliation can be practised on a sandbox without
    /// corrupting entity data. "--fail=statutory=0" (any --fail) turns the defaults off.
    static QStringList practiceArguments(const QStringList &given);

private:
    QProcess m_process;
    QUrl m_baseUrl;
};

} // namespace fd
