// FilingDesk: `filingdesk [options]` opens the operator console; `filingdesk COMMAND ...` runs one of the
// headless commands (app/filingdesk/commands: run, calendar, launch, worker, audit, entities, report,
// ledger). The console accepts --portfolio, --as-of, --sandbox, --registry, --redis, --limit (see --help) so
// that a demo can open it ready to launch.
#include "app/filingdesk/commands/command.h"
#include "engine/dispatch/network_libraries.h"
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

#include <memory>

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
    // libcurl and OpenSSL start here, before any thread, and stop after every engine thread is gone.
    const fd::NetworkLibraries networkLibraries;
    const QString name = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    QCoreApplication::setOrganizationName(QStringLiteral("FilingDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("FilingDesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FILINGDESK_VERSION));
    const fd::cli::Command *command = fd::cli::findCommand(name);
    // Per-request debug lines are for troubleshooting (QT_LOGGING_RULES="filingdesk.*.debug=true"), not for
    // operators.
    if (qEnvironmentVariableIsEmpty("QT_LOGGING_RULES")) {
        // Headless commands print their own progress lines; the engine's info log would only repeat them.
        QLoggingCategory::setFilterRules(
            command || wantsVersion(argc, argv)
                ? QStringLiteral("filingdesk.*.debug=false\nfilingdesk.*.info=false")
                : QStringLiteral("filingdesk.*.debug=false"));
    }
    if (wantsVersion(argc, argv)) {
        QCoreApplication app(argc, argv);
        std::fputs(qUtf8Printable(fd::ui::versionText()), stdout);
        return 0;
    }
    if (command) {
        QStringList rest;
        for (int i = 2; i < argc; ++i)
            rest.append(QString::fromLocal8Bit(argv[i]));
        std::unique_ptr<QCoreApplication> app;
        if (command->needs(rest) == fd::cli::Command::Needs::Gui) {
            // Text laid out with fonts needs a QGuiApplication; on a server without a display the offscreen
            // platform gives the same fonts (fontconfig) and needs no X server.
            if (!hasDisplay())
                qputenv("QT_QPA_PLATFORM", "offscreen");
            app = std::make_unique<QGuiApplication>(argc, argv);
        } else {
            app = std::make_unique<QCoreApplication>(argc, argv);
        }
        // A report in the language the user chose for the console (its German catalogue, say); the other
        // commands in the system's.
        fd::ui::applyLanguage(*app, command->speaksConsoleLanguage() ? fd::ui::ConsoleSettings().language()
                                                                     : QString());
        return command->run(app->arguments().mid(2));
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
        if (!name.isEmpty() && !name.startsWith(QLatin1Char('-')) && !QFileInfo::exists(name)) {
            // Neither an option, a portfolio to open, nor a headless command: a typo, not a missing display.
            QStringList names;
            for (const fd::cli::Command *c : fd::cli::allCommands())
                names << c->name();
            std::fputs(
                qUtf8Printable(QStringLiteral("filingdesk: unknown command \"%1\" (headless commands: %2; "
                                              "filingdesk --help)\n")
                                   .arg(name, names.join(QStringLiteral(", ")))),
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
