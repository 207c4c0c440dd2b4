#include "engine/core/engine_host.h"

#include "engine/core/engine.h"
#include "engine/core/thread_exit.h"

#include <QSemaphore>

namespace fd {

EngineHost::EngineHost(QObject *parent)
    : QObject(parent)
    , m_engine(new Engine) {
    registerEngineMetaTypes();
    m_thread.setObjectName(QStringLiteral("filingdesk-engine"));
    m_engine->moveToThread(&m_thread);
    releaseThreadStateOnFinish(m_thread);
    m_thread.start();
}

EngineHost::~EngineHost() {
    // Shutdown is asynchronous on the engine thread (withdrawals and releases are confirmed by the gate):
    // wait for stopped(), bounded, before the engine is destroyed.
    QSemaphore stopped;
    const QMetaObject::Connection c = QObject::connect(
        m_engine, &Engine::stopped, m_engine, [&stopped] { stopped.release(); }, Qt::DirectConnection);
    QMetaObject::invokeMethod(m_engine, &Engine::shutdown, Qt::QueuedConnection);
    stopped.tryAcquire(1, 5000);
    QObject::disconnect(c);
    // The engine, its timers, sockets and database connection must be destroyed on the thread they live on.
    Engine *engine = m_engine;
    QMetaObject::invokeMethod(
        engine, [engine] { delete engine; }, Qt::BlockingQueuedConnection);
    m_engine = nullptr;
    m_thread.quit();
    m_thread.wait();
}

} // namespace fd
