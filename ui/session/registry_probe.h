#pragma once

#include <QObject>
#include <QTimer>
#include <QUrl>

class QTcpSocket;

namespace fd::ui {

/// Checks every few seconds that the registry's host accepts TCP connections. Deliberately no HTTP request:
/// a probe must not show up in the registry's request counts or rate limits. Thread affinity: GUI thread.
class RegistryProbe : public QObject {
    Q_OBJECT
public:
    explicit RegistryProbe(QObject *parent = nullptr);

    void setUrl(const QUrl &url);
    QUrl url() const { return m_url; }

Q_SIGNALS:
    void reachabilityChanged(bool reachable, const QString &detail);

private:
    void probe();

    QUrl m_url;
    QTimer m_timer;
    QTcpSocket *m_socket = nullptr;
    int m_last = -1; ///< -1 unknown, 0 unreachable, 1 reachable
};

} // namespace fd::ui
