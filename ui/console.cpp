#include "ui/console.h"

#include "engine/process/interrupt_watcher.h"
#include "engine/process/sandbox_launcher.h"
#include "ui/session/console_options.h"
#include "ui/session/file_open_handler.h"
#include "ui/settings/console_settings.h"
#include "ui/settings/languages.h"
#include "ui/widgets/main_window.h"

#include <QApplication>
#include <QPointer>

#include <cstdio>

namespace fd::ui {

namespace {

int fail(const QString &reason, int code) {
    std::fputs(qUtf8Printable(QStringLiteral("filingdesk: %1\n").arg(reason)), stderr);
    return code;
}

} // namespace

int runConsole(QApplication &app) {
    // The language of the default settings first, so that option errors read in it; then that of --settings.
    applyLanguage(app, ConsoleSettings().language());
    ConsoleOptions options;
    QString error;
    bool helpShown = false;
    if (!ConsoleOptions::parse(app.arguments().mid(1), &options, &error, &helpShown))
        return fail(error, 2);
    if (helpShown)
        return 0;
    if (!options.settingsPath.isEmpty())
        applyLanguage(app, ConsoleSettings(options.settingsPath).language());

    // SIGINT or SIGTERM (a logout, systemd, kill) closes the console as its window's close button would: the
    // engine stops and hands its permits back, and the sandbox stops with it. A second signal ends it at
    // once. Watched from before the sandbox starts: a signal that arrives while the window is being built is
    // handled as soon as the event loop runs, never by the default action (which would leave the sandbox).
    // A signal asks nothing (the question "quit while filings are being sent?" is for a person at the
    // window).
    InterruptWatcher interrupts;
    QPointer<MainWindow> console;
    QObject::connect(
        &interrupts, &InterruptWatcher::interrupted, &app, [&console](const QString &signalName) {
            std::fputs(qUtf8Printable(QStringLiteral("filingdesk: %1: closing\n").arg(signalName)), stderr);
            if (console)
                console->closeWithoutAsking();
            QApplication::closeAllWindows();
            QCoreApplication::quit();
        });
    SandboxLauncher sandbox;
    if (options.sandbox) {
        // The sandbox enforces the same caps as the gate, as in the headless run.
        EngineConfig config = ConsoleSettings(options.settingsPath).engineConfig();
        for (const QString &spec : std::as_const(options.limits)) {
            if (!config.addLimit(spec, &error))
                return fail(error, 2);
        }
        QStringList args = SandboxLauncher::capArguments(config);
        // A practice registry that never refuses teaches nothing about halts: seeded trouble by default.
        args += SandboxLauncher::practiceArguments(options.sandboxArgs);
        if (!sandbox.start(args, &error))
            return fail(error, 3);
        options.registryUrl = sandbox.baseUrl();
    }
    MainWindow window(options);
    console = &window;
    app.installEventFilter(new FileOpenHandler(&window));
    window.show();
    return app.exec();
}

} // namespace fd::ui
