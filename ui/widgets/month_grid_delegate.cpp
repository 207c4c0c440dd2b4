#include "ui/widgets/month_grid_delegate.h"

#include "ui/models/calendar_filing.h"
#include "ui/models/month_grid_model.h"

#include <QApplication>
#include <QPainter>

namespace fd::ui {

void MonthGridDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const {
    painter->save();
    const QRect cell = option.rect.adjusted(1, 1, -1, -1);
    const bool inMonth = index.data(MonthGridModel::InMonthRole).toBool();
    const bool today = index.data(MonthGridModel::TodayRole).toBool();
    const bool selected = option.state & QStyle::State_Selected;
    const int count = index.data(MonthGridModel::CountRole).toInt();
    const QPalette &palette = option.palette;

    const QVariant background = index.data(Qt::BackgroundRole);
    QColor fill = background.isValid() ? background.value<QColor>() : palette.color(QPalette::Base);
    if (!inMonth)
        fill = fill.lighter(104); // the neighbouring months recede
    painter->fillRect(cell, fill);

    // Dark text on the light risk colours, whatever the palette.
    QColor text = background.isValid() ? QColor(Qt::black) : palette.color(QPalette::Text);
    if (!inMonth)
        text.setAlpha(110);
    const int margin = 4;
    QFont dayFont = option.font;
    dayFont.setBold(today);
    painter->setFont(dayFont);
    painter->setPen(text);
    const QRect inner = cell.adjusted(margin, margin / 2, -margin, -margin / 2);
    painter->drawText(inner, Qt::AlignLeft | Qt::AlignTop, index.data(Qt::DisplayRole).toString());
    if (today) {
        QFont small = option.font;
        small.setPointSizeF(option.font.pointSizeF() * 0.8);
        painter->setFont(small);
        painter->drawText(inner, Qt::AlignRight | Qt::AlignTop, tr("Today"));
    }

    if (count > 0) {
        const auto tone = static_cast<CalendarTone>(index.data(MonthGridModel::ToneRole).toInt());
        QFont badge = option.font;
        badge.setBold(true);
        badge.setPointSizeF(option.font.pointSizeF() * 1.15);
        painter->setFont(badge);
        painter->setPen(text);
        painter->drawText(inner, Qt::AlignRight | Qt::AlignBottom,
                          QStringLiteral("%1 %2").arg(toneSymbol(tone)).arg(count));
    }

    // Frames: today in the text colour, the selected day in the highlight colour (inside today's).
    if (today) {
        painter->setPen(QPen(palette.color(QPalette::Text), 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(cell.adjusted(1, 1, -1, -1));
    }
    if (selected) {
        painter->setPen(QPen(palette.color(QPalette::Highlight), 3));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(cell.adjusted(today ? 4 : 2, today ? 4 : 2, today ? -4 : -2, today ? -4 : -2));
    }
    if (option.state & QStyle::State_HasFocus && !selected) {
        painter->setPen(QPen(palette.color(QPalette::Highlight), 1, Qt::DashLine));
        painter->drawRect(cell.adjusted(2, 2, -2, -2));
    }
    painter->restore();
}

QSize MonthGridDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const {
    Q_UNUSED(index);
    const QFontMetrics metrics(option.font);
    return QSize(metrics.horizontalAdvance(QStringLiteral("Today 00")) + 12, metrics.height() * 3 + 8);
}

} // namespace fd::ui
