#include "ui/session/file_open_handler.h"

#include "ui/widgets/main_window.h"

#include <QFileOpenEvent>

namespace fd::ui {

FileOpenHandler::FileOpenHandler(MainWindow *window)
    : QObject(window)
    , m_window(window) {}

bool FileOpenHandler::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::FileOpen) {
        const QString path = static_cast<QFileOpenEvent *>(event)->file();
        if (!path.isEmpty()) {
            m_window->openPortfolioWhenReady(path);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace fd::ui
