#pragma once

#include <QObject>
#include <QPointer>

class QWidget;

namespace fd::ui {

class EngineLink;

/// File > Export calendar: asks where to write and how many days ahead, has the engine write the iCalendar
/// file on its own thread (Engine::exportCalendar) and reports the outcome in a message box. GUI thread only.
class CalendarExport : public QObject {
    Q_OBJECT
public:
    CalendarExport(EngineLink *link, QWidget *window);

    /// Opens the file and horizon prompts; does nothing when either is cancelled.
    void run();
    /// Without prompts (tests, scripting): exports `days` ahead into `path`.
    void exportTo(const QString &path, int days);

Q_SIGNALS:
    /// The engine's answer, after the message box was shown. `error` is empty on success.
    void finished(const QString &path, int events, const QString &error);

private:
    EngineLink *m_link;
    QPointer<QWidget> m_window;
    QString m_pendingPath;
};

} // namespace fd::ui
