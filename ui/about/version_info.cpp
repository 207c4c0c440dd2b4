#include "ui/about/version_info.h"

#include "engine/rules/rule_set.h"

#include <QtGlobal>

namespace fd::ui {

VersionInfo VersionInfo::current() {
    VersionInfo v;
    v.program = QStringLiteral(FILINGDESK_VERSION);
    v.rules = RuleSet::builtIn().version();
    v.qtRun = QString::fromLatin1(qVersion());
    v.qtBuild = QStringLiteral(QT_VERSION_STR);
    return v;
}

QString versionText() {
    const VersionInfo v = VersionInfo::current();
    return QStringLiteral("filingdesk %1\nrules %2 (built in)\nQt %3 (built with %4)\n")
        .arg(v.program, v.rules.isEmpty() ? QStringLiteral("unreadable") : v.rules, v.qtRun, v.qtBuild);
}

} // namespace fd::ui
