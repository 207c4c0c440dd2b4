#include "engine/metrics/metrics_server.h"

#include "engine/metrics/metrics_registry.h"

#include <QTcpServer>
#include <QtHttpServer/QHttpServer>
#include <QtHttpServer/QHttpServerRequest>
#include <QtHttpServer/QHttpServerResponder>

namespace fd::metrics {

namespace {

using StatusCode = QHttpServerResponder::StatusCode;

// "127.0.0.1:9464", "[::1]:9464".
QString hostPort(const QHostAddress &address, quint16 port) {
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol
                             ? QLatin1Char('[') + address.toString() + QLatin1Char(']')
                             : address.toString();
    return host + QLatin1Char(':') + QString::number(port);
}

void answer(QHttpServerResponder &responder, StatusCode status, const QByteArray &contentType,
            const QByteArray &body, const QByteArray &allow = QByteArray()) {
    responder.writeStatusLine(status);
    responder.writeHeader(QByteArrayLiteral("Content-Type"), contentType);
    responder.writeHeader(QByteArrayLiteral("Content-Length"), QByteArray::number(body.size()));
    if (!allow.isEmpty())
        responder.writeHeader(QByteArrayLiteral("Allow"), allow);
    responder.writeBody(body);
}

} // namespace

MetricsServer::MetricsServer(const MetricsRegistry &registry, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_server(new QHttpServer(this)) {
    m_server->route(path(), QHttpServerRequest::Method::Get,
                    [this](const QHttpServerRequest &, QHttpServerResponder &&responder) {
                        answer(responder, StatusCode::Ok, QByteArray(MetricsRegistry::kContentType),
                               m_registry.exposition());
                    });
    m_server->setMissingHandler([](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        const QByteArray textPlain = QByteArrayLiteral("text/plain; charset=utf-8");
        if (request.url().path() == path())
            answer(responder, StatusCode::MethodNotAllowed, textPlain,
                   QByteArrayLiteral("method not allowed\n"), QByteArrayLiteral("GET"));
        else
            answer(responder, StatusCode::NotFound, textPlain,
                   QByteArrayLiteral("not found: metrics are at ") + path().toUtf8() + '\n');
    });
}

MetricsServer::~MetricsServer() = default;

QString MetricsServer::path() {
    return QStringLiteral("/metrics");
}

bool MetricsServer::listen(quint16 port, const QHostAddress &address) {
    m_socketError = QAbstractSocket::UnknownSocketError;
    if (isListening()) {
        m_error = QStringLiteral("cannot listen on %1: already listening on %2")
                      .arg(hostPort(address, port), hostPort(m_address, m_port));
        return false;
    }
    // Our own QTcpServer rather than QHttpServer::listen(), which keeps the reason for a failure to itself.
    auto *tcpServer = new QTcpServer(m_server);
    if (!tcpServer->listen(address, port)) {
        m_socketError = tcpServer->serverError();
        m_error =
            QStringLiteral("cannot listen on %1: %2").arg(hostPort(address, port), tcpServer->errorString());
        delete tcpServer;
        return false;
    }
    m_port = tcpServer->serverPort();
    m_address = tcpServer->serverAddress();
    m_server->bind(tcpServer);
    m_error.clear();
    return true;
}

bool MetricsServer::isListening() const {
    return m_port != 0;
}

quint16 MetricsServer::serverPort() const {
    return m_port;
}

QHostAddress MetricsServer::serverAddress() const {
    return m_address;
}

QUrl MetricsServer::url() const {
    if (!isListening())
        return QUrl();
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(m_address.toString());
    url.setPort(m_port);
    url.setPath(path());
    return url;
}

} // namespace fd::metrics
