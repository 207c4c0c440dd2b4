#pragma once

#include "engine/model/filing_task.h"

#include <QString>

namespace fd::ui {

/// Plain-text description of a task for the detail panes: identity, rule and citation, last outcome, trace
/// id, the raw response body and the payload (JSON pretty-printed where it parses).
QString taskDetailText(const FilingTask &task);

} // namespace fd::ui
