#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace fd::cli {

/// One headless sub-command of `filingdesk` ("run", "worker", "audit", ...), one class per command as
/// KeePassXC's command line has them. main() finds the command by its name, makes the application object it
/// needs and calls run() on the main thread with the arguments after the command's name.
///
/// Commands that drive the engine do so through EngineClient (engine/client/engine_client.h), the typed
/// client the console uses too, with the engine on its own thread; the others read or write a store
/// directly and end.
class Command {
public:
    /// The application object main() makes before run(): a QCoreApplication, or a QGuiApplication for a
    /// command that lays out text with fonts (a PDF report).
    enum class Needs { Core, Gui };

    virtual ~Command() = default;
    /// The word after `filingdesk`: "run".
    virtual QString name() const = 0;
    /// One line for `filingdesk --help` and the unknown-command message: "file a portfolio headless".
    virtual QString summary() const = 0;
    virtual Needs needs(const QStringList &arguments) const {
        Q_UNUSED(arguments);
        return Needs::Core;
    }
    /// True when the command speaks the language the user chose for the console (a report handed to
    /// people); the others speak the system's.
    virtual bool speaksConsoleLanguage() const { return false; }
    /// Runs the command; its exit status (0 done, 2 bad input, others as each command documents).
    virtual int run(const QStringList &arguments) const = 0;
};

/// Every command, in the order the help lists them. Built once; any thread.
const QList<const Command *> &allCommands();
/// The command called `name`, or nullptr.
const Command *findCommand(const QString &name);

} // namespace fd::cli
