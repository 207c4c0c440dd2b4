#pragma once

#include <QObject>

namespace fd::ui {

class MainWindow;

/// Installed on the application: a portfolio CSV the desktop opens with FilingDesk while it runs arrives as a
/// QFileOpenEvent (macOS: the Finder's "Open With", a drop on the Dock icon), not as an argument; it is
/// loaded like --portfolio (MainWindow::openPortfolioWhenReady()). Linux and Windows pass the file as an
/// argument
/// (`filingdesk FILE.csv`, see ConsoleOptions). GUI thread; owned by the window.
class FileOpenHandler : public QObject {
    Q_OBJECT
public:
    explicit FileOpenHandler(MainWindow *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    MainWindow *m_window;
};

} // namespace fd::ui
