// FilingDesk: `filingdesk` opens the operator console; `filingdesk run ...` and `filingdesk calendar ...` run headless.
#include "engine/headless/calendar_command.h"
#include "engine/headless/run_command.h"
#include "ui/console.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLoggingCategory>

int main(int argc, char *argv[])
{
    const QString command = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    QCoreApplication::setOrganizationName(QStringLiteral("FilingDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("FilingDesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FILINGDESK_VERSION));
    // Per-request debug lines are for troubleshooting (QT_LOGGING_RULES="filingdesk.*.debug=true"), not for operators.
    const bool headless = command == QLatin1String("run") || command == QLatin1String("calendar");
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES")) {
        // Headless commands print their own progress lines; the engine's info log would only repeat them.
        QLoggingCategory::setFilterRules(headless ? QStringLiteral("filingdesk.*.debug=false\nfilingdesk.*.info=false")
                                                  : QStringLiteral("filingdesk.*.debug=false"));
    }
    if (headless) {
        QCoreApplication app(argc, argv);
        const QStringList rest = app.arguments().mid(2);
        return command == QLatin1String("run") ? fd::runHeadless(rest) : fd::runCalendar(rest);
    }
    QApplication app(argc, argv);
    return fd::ui::runConsole(app);
}
