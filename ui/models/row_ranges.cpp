#include "ui/models/row_ranges.h"

#include <algorithm>

namespace fd::ui {

QList<std::pair<int, int>> contiguousRanges(QList<int> rows, int mergeGap) {
    QList<std::pair<int, int>> ranges;
    if (rows.isEmpty())
        return ranges;
    std::sort(rows.begin(), rows.end());
    int first = rows.first();
    int last = first;
    for (int row : std::as_const(rows)) {
        if (row - last > mergeGap) {
            ranges.append({first, last});
            first = row;
        }
        last = row;
    }
    ranges.append({first, last});
    return ranges;
}

} // namespace fd::ui
