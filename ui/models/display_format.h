#pragma once

#include <QString>

namespace fd::ui {

/// "$1,234.56" from integer cents; an empty string for a negative amount (unknown).
QString formatCents(qint64 cents);
/// "2 h 05 min", "4 min 10 s", "12 s" for a duration in ms; "—" when negative (unknown).
QString formatDuration(qint64 ms);

} // namespace fd::ui
