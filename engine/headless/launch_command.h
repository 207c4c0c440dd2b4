#pragma once

#include <QStringList>

namespace fd {

/// `filingdesk launch --ledger URL --portfolio FILE [--as-of YYYY-MM-DD] [--due-within DAYS] [--db FILE]
/// [--config FILE] [--json]`
///
/// Imports the portfolio into the team ledger (idempotent: the same entities and keys), admits its
/// obligations and launches a batch over them, without working on it: the fleet's workers and desks file it.
/// Prints the batch id (or one JSON object with --json) on stdout.
/// Exit codes: 0 launched; 2 bad input; 3 the ledger could not be reached or refused.
int runLaunch(const QStringList &arguments);

} // namespace fd
