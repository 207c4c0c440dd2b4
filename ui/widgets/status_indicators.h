#pragma once

#include <QWidget>

class QLabel;

namespace fd::ui {

/// The status bar's permanent indicators: gate mode (fleet or in-process), Redis connection, registry
/// reachability, engine thread alive, and PAUSED while the batch is paused. Thread affinity: GUI thread.
class StatusIndicators : public QWidget
{
    Q_OBJECT
public:
    explicit StatusIndicators(QWidget *parent = nullptr);

    void setGateMode(bool fleet, bool started);
    void setRedis(const QString &state, bool ok);
    void setRegistry(bool reachable, const QString &detail);
    void setEngineAlive(bool alive);
    void setPaused(bool paused);

    QString gateModeText() const;
    QString redisText() const;
    QString registryText() const;
    QString engineText() const;

private:
    static void paint(QLabel *label, const QString &text, bool ok, const QString &tooltip = QString());

    QLabel *m_paused;
    QLabel *m_gate;
    QLabel *m_redis;
    QLabel *m_registry;
    QLabel *m_engine;
};

} // namespace fd::ui
