#include "ui/console.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>

namespace fd::ui {

int runConsole(QApplication &app)
{
    QMainWindow window;
    window.setCentralWidget(new QLabel(QObject::tr("FilingDesk")));
    window.show();
    return app.exec();
}

} // namespace fd::ui
