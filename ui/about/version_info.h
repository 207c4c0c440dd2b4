#pragma once

#include <QString>

namespace fd::ui {

/// What `filingdesk --version` prints and the About dialog shows, one item per line:
///   "filingdesk 0.1.0"
///   "rules 2026.11.29.2 (built in)"
///   "Qt 6.4.2 (built with 6.4.2)"
/// The rules version is that of the rules file compiled into the program (resources/rules/us-rules.json);
/// "unreadable" when it does not load. Any thread.
QString versionText();

/// The three parts of versionText(), for display: program, rules file, Qt at run time and build time.
struct VersionInfo {
    QString program; ///< "0.1.0" (the project version)
    QString rules;   ///< the rules file's "version", empty when it did not load
    QString qtRun;   ///< qVersion()
    QString qtBuild; ///< QT_VERSION_STR
    static VersionInfo current();
};

} // namespace fd::ui
