#pragma once

#include "engine/model/filing_task.h"

#include <QString>
#include <QStringList>

namespace fd::ui {

/// One line of the Obligations view: an admitted task, a planned obligation not admitted yet (its filing
/// window is not open), or a portfolio row that produced no obligation (needs data, out of scope, row error)
/// — so that every imported row is visible somewhere.
struct ObligationRow {
    enum class Kind { Task, Planned, NeedsData, OutOfScope, RowError };

    Kind kind = Kind::Task;
    QString key;         ///< idempotency key, "row:<file>:<line>" for rows without an obligation, or
                         ///< "need:<file>:<line>:<filing type>" for one filing that needs data
    FilingTask task;     ///< for Planned rows only the obligation is filled; for row outcomes only the entity
    QString reason;      ///< why a row has no obligation
    QStringList missing; ///< fields an operator can fill in ("formation_date", "entity_type")
    int line = 0;        ///< portfolio line
};

/// "PLANNED", "NEEDS_DATA", "OUT_OF_SCOPE", "ROW_ERROR", or the task's state name (the engine's word: for
/// filters, tooltips and support, never the text of a view).
QString rowStateName(const ObligationRow &row);
/// Where a filing is, in people's words: "Waiting", "Sending", "Filed", "Halted — needs a person", "Could not
/// be filed — needs a person" ...; `name` is a state name as rowStateName() or the engine writes it (the
/// audit trail's transitions). An unknown name is returned as it is.
QString stateLabel(const QString &name);
QString stateLabel(fd::ExecutionState state);
/// stateLabel() of a filing, and for one a person withdrew (a dead letter by choice, not a failure)
/// "Withdrawn — will not be filed": nobody needs to act on it.
QString taskStateLabel(const fd::FilingTask &task);
/// stateLabel() of a row; a planned filing says when its window opens.
QString rowStateLabel(const ObligationRow &row);

} // namespace fd::ui
