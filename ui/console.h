#pragma once

class QApplication;

namespace fd::ui {

/// Opens the operator console main window and runs the event loop. Returns the exit code.
int runConsole(QApplication &app);

} // namespace fd::ui
