// FilingDesk: `filingdesk [options]` opens the operator console; `filingdesk run ...`, `filingdesk
// calendar ...`, `filingdesk audit verify ...` and `filingdesk report ...` run headless. The console accepts
// --portfolio, --as-of,
// --sandbox, --registry, --redis, --limit (see --help) so that a demo can open it ready to launch.
#include "app/filingdesk/report_command.h"
#include "engine/headless/audit_command.h"
#include "engine/headless/calendar_command.h"
#include "engine/headless/entities_command.h"
#include "engine/headless/launch_command.h"
#include "engine/headless/ledger_command.h"
#include "engine/headless/run_command.h"
#include "engine/headless/worker_command.h"
#include "ui/about/version_info.h"
#include "ui/console.h"
#include "ui/session/console_options.h"
#include "ui/settings/console_settings.h"
#include "ui/settings/languages.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLoggingCategory>

#include <cstdio>

namespace {

bool wantsVersion(int argc, char *argv[]) {
    return argc == 2 && (QByteArray(argv[1]) == "--version" || QByteArray(argv[1]) == "-v");
}

bool wantsHelp(int argc, char *argv[]) {
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--help" || arg == "-h" || arg == "--help-all")
            return true;
    }
    return false;
}

/// On X11/Wayland systems without a display, QApplication would abort; say what to do instead.
bool hasDisplay() {
#if defined(Q_OS_LINUX) || defined(Q_OS_FREEBSD)
    return !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
#else
    return true;
#endif
}

} // namespace

int main(int argc, char *argv[]) {
    const QString command = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    QCoreApplication::setOrganizationName(QStringLiteral("FilingDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("FilingDesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FILINGDESK_VERSION));
    // Per-request debug lines are for troubleshooting (QT_LOGGING_RULES="filingdesk.*.debug=true"), not for
    // operators.
    const bool headless = command == QLatin1String("run") || command == QLatin1String("calendar") ||
                          command == QLatin1String("worker") || command == QLatin1String("launch") ||
                          command == QLatin1String("audit") || command == QLatin1String("entities") ||
                          command == QLatin1String("report") || command == QLatin1String("ledger") ||
                          wantsVersion(argc, argv);
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES")) {
        // Headless commands print their own progress lines; the engine's info log would only repeat them.
        QLoggingCategory::setFilterRules(
            headless ? QStringLiteral("filingdesk.*.debug=false\nfilingdesk.*.info=false")
                     : QStringLiteral("filingdesk.*.debug=false"));
    }
    if (wantsVersion(argc, argv)) {
        QCoreApplication app(argc, argv);
        std::fputs(qUtf8Printable(fd::ui::versionText()), stdout);
        return 0;
    }
    if (command == QLatin1String("run") || command == QLatin1String("calendar") ||
        command == QLatin1String("worker") || command == QLatin1String("launch") ||
        command == QLatin1String("audit") || command == QLatin1String("entities") ||
        command == QLatin1String("ledger")) {
        QCoreApplication app(argc, argv);
        fd::ui::applyLanguage(app, QString());
        const QStringList rest = app.arguments().mid(2);
        if (command == QLatin1String("worker"))
            return fd::runWorker(rest);
        if (command == QLatin1String("launch"))
            return fd::runLaunch(rest);
        if (command == QLatin1String("audit"))
            return fd::runAudit(rest);
        if (command == QLatin1String("entities"))
            return fd::runEntities(rest);
        if (command == QLatin1String("ledger"))
            return fd::runLedger(rest);
        return command == QLatin1String("run") ? fd::runHeadless(rest) : fd::runCalendar(rest);
    }
    if (command == QLatin1String("report")) {
        QStringList rest;
        for (int i = 2; i < argc; ++i)
            rest.append(QString::fromLocal8Bit(argv[i]));
        if (!fd::reportWritesPdf(rest)) {
            QCoreApplication app(argc, argv);
            fd::ui::applyLanguage(app, fd::ui::ConsoleSettings().language());
            return fd::runReport(app.arguments().mid(2));
        }
        // A PDF is laid out with fonts, which need a QGuiApplication; on a server without a display the
        // offscreen platform gives the same fonts (fontconfig) and needs no X server.
        if (!hasDisplay())
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QGuiApplication app(argc, argv);
        // The report in the language the user chose for the console (its German catalogue, say).
        fd::ui::applyLanguage(app, fd::ui::ConsoleSettings().language());
        return fd::runReport(app.arguments().mid(2));
    }
    if (wantsHelp(argc, argv)) {
        QCoreApplication app(argc, argv);
        fd::ui::applyLanguage(app, fd::ui::ConsoleSettings().language()); // the help in the user's language
        fd::ui::ConsoleOptions options;
        QString error;
        bool helpShown = false;
        fd::ui::ConsoleOptions::parse(app.arguments().mid(1), &options, &error, &helpShown);
        return helpShown ? 0 : 2;
    }
    if (!hasDisplay()) {
        if (!command.isEmpty() && !command.startsWith(QLatin1Char('-')) && !QFileInfo::exists(command)) {
            // Neither an option, a portfolio to open, nor a headless command: a typo, not a missing display.
            std::fputs(
                qUtf8Printable(
                    QStringLiteral("filingdesk: unknown command \"%1\" (headless commands: run, "
                                   "calendar, launch, worker, audit, entities, report; filingdesk --help)\n")
                        .arg(command)),
                stderr);
            return 2;
        }
        std::fputs("filingdesk: no display for the console (DISPLAY and WAYLAND_DISPLAY are unset).\n"
                   "  Headless: filingdesk run --portfolio FILE [--sandbox] ...   (filingdesk run --help)\n"
                   "  Or: QT_QPA_PLATFORM=offscreen filingdesk ...\n",
                   stderr);
        return 2;
    }
    QApplication app(argc, argv);
    QGuiApplication::setDesktopFileName(QStringLiteral("org.filingdesk.FilingDesk"));
    return fd::ui::runConsole(app); // installs the user's language
}
