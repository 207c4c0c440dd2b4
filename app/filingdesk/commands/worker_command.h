#pragma once

#include "app/filingdesk/commands/command.h"

#include <QStringList>

namespace fd::cli {

/// `filingdesk worker --ledger URL [--redis URL] [--registry URL | --sandbox] [--limit JURISDICTION=N]...
/// [--max-in-flight N] [--jurisdictions US-DE,US-CA] [--metrics-port PORT] [--metrics-address ADDR]
/// [--config FILE] [--db FILE] [--exit-when-idle]`
///
/// A long-running member of the fleet on the same engine: it claims tasks of every launched, unpaused batch
/// in the team ledger and sends them through the fleet gate. Logs go to stderr, one event a line (journald).
/// SIGTERM or SIGINT: stop claiming, let requests on the wire finish, hand back claims and permits, exit 0.
/// `--exit-when-idle` exits 0 once no running batch has work this worker may take.
/// Exit codes: 0 stopped cleanly or idle; 2 bad input; 3 the engine could not start (ledger, database,
/// Redis URL, metrics port). The ledger password comes from FILINGDESK_LEDGER_PASSWORD.
class WorkerCommand final : public Command {
public:
    QString name() const override { return QStringLiteral("worker"); }
    QString summary() const override {
        return QStringLiteral("work on a team's batches as a member of the fleet");
    }
    int run(const QStringList &arguments) const override;
};

} // namespace fd::cli
