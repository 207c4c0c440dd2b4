#pragma once

#include <QObject>
#include <QThread>

namespace fd {

class Engine;

/// Owns the engine's worker thread. The engine object lives on that thread from construction to destruction;
/// callers hold only the pointer for connecting signals and for QMetaObject::invokeMethod. Destroying the
/// host asks the engine to shut down, then stops the thread.
class EngineHost : public QObject {
    Q_OBJECT
public:
    explicit EngineHost(QObject *parent = nullptr);
    ~EngineHost() override;

    Engine *engine() const { return m_engine; }
    bool isRunning() const { return m_thread.isRunning(); }

private:
    QThread m_thread;
    Engine *m_engine;
};

} // namespace fd
