#include "app/filingdesk/commands/command.h"

#include "app/filingdesk/commands/audit_command.h"
#include "app/filingdesk/commands/calendar_command.h"
#include "app/filingdesk/commands/entities_command.h"
#include "app/filingdesk/commands/launch_command.h"
#include "app/filingdesk/commands/ledger_command.h"
#include "app/filingdesk/commands/run_command.h"
#include "app/filingdesk/commands/worker_command.h"
#include "app/filingdesk/report_command.h"

namespace fd::cli {

const QList<const Command *> &allCommands() {
    static const RunCommand run;
    static const CalendarCommand calendar;
    static const LaunchCommand launch;
    static const WorkerCommand worker;
    static const AuditCommand audit;
    static const EntitiesCommand entities;
    static const ReportCommand report;
    static const LedgerCommand ledger;
    static const QList<const Command *> all{&run,   &calendar, &launch, &worker,
                                            &audit, &entities, &report, &ledger};
    return all;
}

const Command *findCommand(const QString &name) {
    for (const Command *command : allCommands()) {
        if (command->name() == name)
            return command;
    }
    return nullptr;
}

} // namespace fd::cli
