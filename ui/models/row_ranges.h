#pragma once

#include <QList>

#include <utility>

namespace fd::ui {

/// Sorts `rows` and merges them into [first, last] ranges; rows closer than `mergeGap` join one range. Models
/// use it to announce a batch of changed rows with a few dataChanged() signals instead of one per row.
QList<std::pair<int, int>> contiguousRanges(QList<int> rows, int mergeGap = 32);

} // namespace fd::ui
