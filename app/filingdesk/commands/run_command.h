#pragma once

#include "app/filingdesk/commands/command.h"

#include <QStringList>

namespace fd::cli {

/// `filingdesk run --portfolio FILE [--as-of YYYY-MM-DD] [--due-within DAYS] [--registry URL | --sandbox]
/// [--redis URL] [--limit JURISDICTION=N]... [--config FILE] [--db FILE] [--json]`
///
/// Runs the whole pipeline headless on the engine thread: import, plan, admit, dispatch, reconcile, audit.
/// Progress goes to stderr; the summary (or one JSON object with --json) to stdout.
/// Exit codes: 0 every admitted task reached a terminal state; 1 some did not (deadline reached);
/// 2 bad input (one-line reason on stderr); 3 the engine could not start (database, Redis URL, rules).
/// Needs a running QCoreApplication event loop; `arguments` excludes the program and the "run" word.
class RunCommand final : public Command {
public:
    QString name() const override { return QStringLiteral("run"); }
    QString summary() const override { return QStringLiteral("file a portfolio headless, start to finish"); }
    int run(const QStringList &arguments) const override;
};

} // namespace fd::cli
