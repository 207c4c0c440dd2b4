#pragma once

class QApplication;

namespace fd::ui {

/// Opens the operator console and runs the event loop: parses the console options from the application's
/// arguments (see ConsoleOptions), starts the sandbox registry when asked, shows the main window. Returns the
/// exit code (2 on bad options, with a one-line reason on stderr). GUI thread only.
int runConsole(QApplication &app);

} // namespace fd::ui
