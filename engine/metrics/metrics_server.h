// Serves a MetricsRegistry over HTTP for Prometheus to scrape.
#pragma once

#include <QAbstractSocket>
#include <QHostAddress>
#include <QObject>
#include <QString>
#include <QUrl>

QT_BEGIN_NAMESPACE
class QHttpServer;
QT_END_NAMESPACE

namespace fd::metrics {

class MetricsRegistry;

/// An HTTP endpoint for Prometheus: `GET /metrics` answers 200 with MetricsRegistry::exposition(),
/// Content-Type `text/plain; version=0.0.4; charset=utf-8` (the text exposition format 0.0.4,
/// https://prometheus.io/docs/instrumenting/exposition_formats/). Any other method on /metrics is answered
/// 405, any other path 404. Plain HTTP/1.1 on Qt's QHttpServer, no TLS, no authentication: keep it on
/// loopback (the default) or a private network.
///
/// Thread affinity: the thread this object lives on, whose event loop serves the requests (the worker's main
/// thread, say). The registry is read under its own mutex, so the engine may update it from the engine
/// thread meanwhile. The registry must outlive this object.
class MetricsServer : public QObject {
    Q_OBJECT
public:
    explicit MetricsServer(const MetricsRegistry &registry, QObject *parent = nullptr);
    ~MetricsServer() override;

    /// Starts listening on `address`:`port` (port 0: a free one, see serverPort()). Returns false when it
    /// cannot (the port is taken, the address is not one of this host's, already listening); errorString()
    /// then says "cannot listen on ADDRESS:PORT: REASON" and serverError() gives the socket error.
    bool listen(quint16 port, const QHostAddress &address = QHostAddress(QHostAddress::LocalHost));
    bool isListening() const;
    /// The port listened on, 0 when not listening.
    quint16 serverPort() const;
    QHostAddress serverAddress() const;
    /// `http://ADDRESS:PORT/metrics` while listening, else an invalid URL.
    QUrl url() const;

    QString errorString() const { return m_error; }
    /// The socket error of the last failed listen() (QAbstractSocket::AddressInUseError for a port taken);
    /// UnknownSocketError when the last listen() did not fail on the socket.
    QAbstractSocket::SocketError serverError() const { return m_socketError; }

    /// The path served, "/metrics".
    static QString path();

private:
    const MetricsRegistry &m_registry;
    QHttpServer *m_server; // a child: moves with this object to another thread
    quint16 m_port = 0;
    QHostAddress m_address;
    QString m_error;
    QAbstractSocket::SocketError m_socketError = QAbstractSocket::UnknownSocketError;
};

} // namespace fd::metrics
