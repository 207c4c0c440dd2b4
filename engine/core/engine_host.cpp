#include "engine/core/engine_host.h"

#include "engine/core/engine.h"

namespace fd {

EngineHost::EngineHost(QObject *parent)
    : QObject(parent)
    , m_engine(new Engine) {
    registerEngineMetaTypes();
    m_thread.setObjectName(QStringLiteral("filingdesk-engine"));
    m_engine->moveToThread(&m_thread);
    m_thread.start();
}

EngineHost::~EngineHost() {
    QMetaObject::invokeMethod(m_engine, &Engine::shutdown, Qt::BlockingQueuedConnection);
    // The engine, its timers, sockets and database connection must be destroyed on the thread they live on.
    Engine *engine = m_engine;
    QMetaObject::invokeMethod(
        engine, [engine] { delete engine; }, Qt::BlockingQueuedConnection);
    m_engine = nullptr;
    m_thread.quit();
    m_thread.wait();
}

} // namespace fd
