// Integration-test helpers: run the real `filingdesk` CLI (and other child processes) with bounded waits, and
// read the sandbox registry's counters. Header-only: each integration test is one executable.
#pragma once

#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFileInfo>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QList>
#include <QtCore/QProcess>
#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtTest/QTest>

#include <memory>

namespace fd::test {

/// A path inside the source tree (FILINGDESK_SOURCE_DIR is set by ctest), so tests never depend on the cwd.
inline QString sourcePath(const QString &relative) {
    return QDir(qEnvironmentVariable("FILINGDESK_SOURCE_DIR")).filePath(relative);
}

/// The filingdesk executable under test (FILINGDESK_CLI is set by ctest).
inline QString cliPath() {
    return qEnvironmentVariable("FILINGDESK_CLI");
}

/// One child process whose output is collected while the test's event loop runs. Waiting goes through
/// QTest::qWaitFor so that every child's pipes keep draining while we wait for another one (a blocking
/// waitForFinished() on one child would let a chatty sibling fill its pipe and stall).
class ChildProcess {
public:
    ChildProcess() = default;
    ~ChildProcess() {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    /// Adds "NAME=VALUE" to the child's environment (before start()).
    void setEnv(const QString &name, const QString &value) {
        QProcessEnvironment env = m_process.processEnvironment().isEmpty()
                                      ? QProcessEnvironment::systemEnvironment()
                                      : m_process.processEnvironment();
        env.insert(name, value);
        m_process.setProcessEnvironment(env);
    }

    bool start(const QString &program, const QStringList &args, int timeoutMs = 10000) {
        m_process.setProgram(program);
        m_process.setArguments(args);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        QObject::connect(&m_process, &QProcess::readyReadStandardOutput, &m_process,
                         [this] { m_out += m_process.readAllStandardOutput(); });
        QObject::connect(&m_process, &QProcess::readyReadStandardError, &m_process,
                         [this] { m_err += m_process.readAllStandardError(); });
        m_process.start();
        return m_process.waitForStarted(timeoutMs);
    }
    /// `filingdesk run ARGS...`
    bool startRun(const QStringList &args) {
        return start(cliPath(), QStringList{QStringLiteral("run")} + args);
    }

    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    bool waitFinished(int timeoutMs) {
        const bool done =
            QTest::qWaitFor([this] { return m_process.state() == QProcess::NotRunning; }, timeoutMs);
        if (done) {
            m_out += m_process.readAllStandardOutput();
            m_err += m_process.readAllStandardError();
        }
        return done;
    }
    void kill() {
        m_process.kill();
        m_process.waitForFinished(5000);
    }

    /// Exit code, or -1 if the process crashed or is still running.
    int exitCode() const {
        if (m_process.state() != QProcess::NotRunning || m_process.exitStatus() != QProcess::NormalExit)
            return -1;
        return m_process.exitCode();
    }
    QByteArray standardOutput() const { return m_out; }
    QString standardError() const { return QString::fromUtf8(m_err); }
    QJsonObject json() const { return QJsonDocument::fromJson(m_out).object(); }
    qint64 pid() const { return m_process.processId(); }
    /// For failure messages: the command's exit and the tails of its stderr and stdout (a --json summary
    /// says what a run that exits 1 without a word on stderr left unfinished).
    QString describe() const {
        return QStringLiteral("%1 %2: exit %3 (%4); stderr tail:\n%5\nstdout tail:\n%6")
            .arg(QFileInfo(m_process.program()).fileName(), m_process.arguments().join(QLatin1Char(' ')))
            .arg(m_process.exitCode())
            .arg(m_process.exitStatus() == QProcess::NormalExit ? QStringLiteral("normal")
                                                                : QStringLiteral("crashed"))
            .arg(standardError().right(3000), QString::fromUtf8(m_out.right(3000)));
    }

private:
    QProcess m_process;
    QByteArray m_out;
    QByteArray m_err;
};

/// Waits (bounded) until every process has ended, draining all of their pipes meanwhile.
inline bool waitAll(const QList<ChildProcess *> &processes, int timeoutMs) {
    const bool done = QTest::qWaitFor(
        [&processes] {
            for (const ChildProcess *p : processes) {
                if (p->isRunning())
                    return false;
            }
            return true;
        },
        timeoutMs);
    for (ChildProcess *p : processes)
        p->waitFinished(0);
    return done;
}

/// A counter of GET /sandbox/stats: per jurisdiction, or "totals" when `jurisdiction` is empty;
/// "rejected.cap" reads the nested rejection counters. -1 when absent.
inline qint64 sandboxCounter(const QJsonObject &stats, const QString &jurisdiction, const QString &name) {
    const QJsonObject entry =
        jurisdiction.isEmpty()
            ? stats.value(QLatin1String("totals")).toObject()
            : stats.value(QLatin1String("jurisdictions")).toObject().value(jurisdiction).toObject();
    if (name.startsWith(QLatin1String("rejected.")))
        return entry.value(QLatin1String("rejected")).toObject().value(name.mid(9)).toInteger(-1);
    return entry.value(name).toInteger(-1);
}

/// The sum of the "states" object of `filingdesk run --json`.
inline int stateSum(const QJsonObject &runJson) {
    int sum = 0;
    const QJsonObject states = runJson.value(QLatin1String("states")).toObject();
    for (auto it = states.begin(); it != states.end(); ++it)
        sum += it.value().toInt();
    return sum;
}

} // namespace fd::test
