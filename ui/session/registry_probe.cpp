#include "ui/session/registry_probe.h"

#include <QTcpSocket>

namespace fd::ui {

namespace {
constexpr int kIntervalMs = 5000;
constexpr int kConnectTimeoutMs = 3000;
} // namespace

RegistryProbe::RegistryProbe(QObject *parent)
    : QObject(parent) {
    m_timer.setInterval(kIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &RegistryProbe::probe);
}

void RegistryProbe::setUrl(const QUrl &url) {
    m_url = url;
    m_last = -1;
    if (url.isValid()) {
        m_timer.start();
        probe();
    } else {
        m_timer.stop();
    }
}

void RegistryProbe::probe() {
    if (m_socket)
        return; // the previous probe is still connecting
    m_socket = new QTcpSocket(this);
    QTcpSocket *socket = m_socket;
    auto report = [this, socket](bool reachable, const QString &detail) {
        if (socket != m_socket)
            return;
        m_socket = nullptr;
        socket->abort();
        socket->deleteLater();
        const int state = reachable ? 1 : 0;
        if (state != m_last) {
            m_last = state;
            Q_EMIT reachabilityChanged(reachable, detail);
        }
    };
    connect(socket, &QTcpSocket::connected, this, [report] { report(true, QString()); });
    connect(socket, &QTcpSocket::errorOccurred, this,
            [report, socket] { report(false, socket->errorString()); });
    QTimer::singleShot(kConnectTimeoutMs, socket, [report] { report(false, tr("no answer within 3 s")); });
    const int defaultPort = m_url.scheme() == QLatin1String("https") ? 443 : 80;
    socket->connectToHost(m_url.host(), quint16(m_url.port(defaultPort)));
}

} // namespace fd::ui
