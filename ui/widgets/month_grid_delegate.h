#pragma once

#include <QStyledItemDelegate>

namespace fd::ui {

/// Paints one day of the Calendar's month grid (MonthGridModel): the day of the month at the top left
/// (faint for the neighbouring months), the day's colour, and at the bottom right the count of filings led
/// by the worst tone's symbol ("!! 3"), so that the grid reads without colour too; the as-of date is framed
/// and labelled "Today", the selected day framed in the highlight colour. GUI thread.
class MonthGridDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace fd::ui
