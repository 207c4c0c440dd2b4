#pragma once

#include "app/filingdesk/commands/command.h"

#include <QStringList>

namespace fd::cli {

/// `filingdesk launch --ledger URL --portfolio FILE [--as-of YYYY-MM-DD] [--due-within DAYS] [--db FILE]
/// [--config FILE] [--json]`
///
/// Imports the portfolio into the team ledger (idempotent: the same entities and keys), admits its
/// obligations and launches a batch over them, without working on it: the fleet's workers and desks file it.
/// Prints the batch id (or one JSON object with --json) on stdout.
/// Exit codes: 0 launched; 2 bad input; 3 the ledger could not be reached or refused.
class LaunchCommand final : public Command {
public:
    QString name() const override { return QStringLiteral("launch"); }
    QString summary() const override { return QStringLiteral("launch a team batch for the fleet's workers"); }
    int run(const QStringList &arguments) const override;
};

} // namespace fd::cli
