#pragma once

#include <QObject>

class QSocketNotifier;

namespace fd {

/// Turns SIGINT and SIGTERM into a Qt signal on the thread that created the watcher, so that a headless run
/// can stop dispatching, let in-flight requests finish and hand its fleet permits back instead of dying with
/// them. A second signal of either kind ends the process at once (the default action). One watcher per
/// process; on platforms without POSIX signals it never fires.
class InterruptWatcher : public QObject {
    Q_OBJECT
public:
    explicit InterruptWatcher(QObject *parent = nullptr);
    ~InterruptWatcher() override;

Q_SIGNALS:
    /// `signalName` is "SIGINT" or "SIGTERM".
    void interrupted(const QString &signalName);

private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace fd
