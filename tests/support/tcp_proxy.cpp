#include "support/tcp_proxy.h"

#include <QtCore/QPointer>
#include <QtCore/QSemaphore>
#include <QtNetwork/QTcpServer>
#include <QtNetwork/QTcpSocket>

namespace fd::test {

namespace {

/// One accepted connection and its upstream: bytes are copied both ways unless the link is silent, and a
/// connection that went silent never forwards again.
class Pipe : public QObject {
public:
    Pipe(QTcpSocket *client, quint16 targetPort, std::atomic_bool &silent, QObject *parent)
        : QObject(parent)
        , m_client(client)
        , m_upstream(new QTcpSocket(this))
        , m_silent(silent) {
        client->setParent(this);
        m_deaf = m_silent.load();
        connect(m_client, &QTcpSocket::readyRead, this, [this] { pump(m_client, m_upstream); });
        connect(m_upstream, &QTcpSocket::readyRead, this, [this] { pump(m_upstream, m_client); });
        connect(m_client, &QTcpSocket::disconnected, this, [this] { closeBoth(); });
        connect(m_upstream, &QTcpSocket::disconnected, this, [this] { closeBoth(); });
        m_upstream->connectToHost(QHostAddress::LocalHost, targetPort);
        connect(m_upstream, &QTcpSocket::connected, this, [this] { pump(m_client, m_upstream); });
    }

private:
    void pump(QTcpSocket *from, QTcpSocket *to) {
        if (m_silent.load())
            m_deaf = true;
        if (m_deaf) {
            from->readAll(); // swallowed: the peer's kernel acknowledged it, nobody ever answers
            return;
        }
        if (to->state() != QAbstractSocket::ConnectedState)
            return; // kept in `from`'s buffer until the upstream connects
        to->write(from->readAll());
    }
    void closeBoth() {
        if (m_deaf)
            return; // a silent link tells nobody that the other end went away
        m_client->disconnectFromHost();
        m_upstream->disconnectFromHost();
    }

    QTcpSocket *m_client;
    QTcpSocket *m_upstream;
    std::atomic_bool &m_silent;
    bool m_deaf = false;
};

} // namespace

TcpProxy::TcpProxy() {
    m_thread.start();
}

TcpProxy::~TcpProxy() {
    // Deleted on its own thread before that thread stops: a deleteLater() posted now could still be queued
    // when the event loop quits, and the sockets would never be freed.
    if (m_worker) {
        QObject *worker = m_worker;
        QMetaObject::invokeMethod(
            worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
    }
    m_thread.quit();
    m_thread.wait();
}

bool TcpProxy::start(quint16 targetPort) {
    QSemaphore ready;
    quint16 port = 0;
    auto *worker = new QObject;
    worker->moveToThread(&m_thread);
    m_worker = worker;
    QMetaObject::invokeMethod(worker, [&, worker] {
        auto *server = new QTcpServer(worker);
        QObject::connect(server, &QTcpServer::newConnection, worker, [this, server, worker, targetPort] {
            while (QTcpSocket *client = server->nextPendingConnection()) {
                ++m_accepted;
                new Pipe(client, targetPort, m_silent, worker);
            }
        });
        if (server->listen(QHostAddress::LocalHost, 0))
            port = server->serverPort();
        ready.release();
    });
    ready.acquire();
    m_port = port;
    return port != 0;
}

} // namespace fd::test
