#include "engine/core/engine_host.h"

#include "engine/core/engine.h"

namespace fd {

EngineHost::EngineHost(QObject *parent)
    : QObject(parent)
    , m_engine(new Engine)
{
    registerEngineMetaTypes();
    m_thread.setObjectName(QStringLiteral("filingdesk-engine"));
    m_engine->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_engine, &QObject::deleteLater);
    m_thread.start();
}

EngineHost::~EngineHost()
{
    QMetaObject::invokeMethod(m_engine, &Engine::shutdown, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

} // namespace fd
