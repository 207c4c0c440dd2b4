#pragma once

#include <QString>

namespace fd::ui {

/// What an operator action asks the person for: every action is audited with the OS user and this reason.
struct ReasonRequest {
    QString action;        ///< "replay", "resolve_requeue", "pause" ... (stable; tests and logs key on it)
    QString title;         ///< window title
    QString question;      ///< what is about to happen, e.g. "Replay 12 dead letters"
    QString defaultReason; ///< prefilled (quick actions like pause); empty: the person must type one
    int affected = 0;      ///< number of tasks the action touches
};

} // namespace fd::ui
