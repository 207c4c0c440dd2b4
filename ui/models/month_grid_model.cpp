#include "ui/models/month_grid_model.h"

#include <QLocale>

#include <algorithm>
#include <utility>

namespace fd::ui {

namespace {

constexpr int kDaysPerWeek = 7;
// Lines of a day's tooltip: a busy March 1 lists dozens of Delaware filings, the agenda shows them all.
constexpr int kTooltipFilings = 15;

} // namespace

QHash<QDate, CalendarDay> calendarDays(const QAbstractItemModel *rows) {
    QHash<QDate, CalendarDay> days;
    QHash<QDate, QList<std::pair<CalendarTone, QString>>> lines; // most pressing first in the tooltip
    for (int row = 0; row < rows->rowCount(); ++row) {
        const CalendarFiling f = calendarFiling(rows->index(row, 0));
        if (!f.isFiling || !f.due.isValid())
            continue;
        CalendarDay &day = days[f.due];
        day.worst = day.count == 0 ? f.tone : qMax(day.worst, f.tone);
        ++day.count;
        lines[f.due].append(
            {f.tone, MonthGridModel::tr("%1 %2 — %3, %4: %5")
                         .arg(toneSymbol(f.tone), f.entityName, f.filing, f.place, f.status)});
    }
    for (auto it = lines.begin(); it != lines.end(); ++it) {
        std::stable_sort(it->begin(), it->end(), [](const auto &a, const auto &b) {
            return a.first != b.first ? a.first > b.first
                                      : a.second.compare(b.second, Qt::CaseInsensitive) < 0;
        });
        QStringList &filings = days[it.key()].filings;
        for (const auto &line : std::as_const(*it))
            filings << line.second;
    }
    return days;
}

MonthGridModel::MonthGridModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_month(QDate::currentDate().addDays(1 - QDate::currentDate().day())) {}

int MonthGridModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : kWeeks;
}

int MonthGridModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : kDaysPerWeek;
}

Qt::ItemFlags MonthGridModel::flags(const QModelIndex &index) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QDate MonthGridModel::firstShown() const {
    // The week that holds the 1st starts on the locale's first day of the week.
    const int firstDay = int(QLocale().firstDayOfWeek());
    const int back = (m_month.dayOfWeek() - firstDay + kDaysPerWeek) % kDaysPerWeek;
    return m_month.addDays(-back);
}

QDate MonthGridModel::dateAt(const QModelIndex &index) const {
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QDate();
    return firstShown().addDays(index.row() * kDaysPerWeek + index.column());
}

QModelIndex MonthGridModel::indexOf(const QDate &date) const {
    if (!date.isValid())
        return QModelIndex();
    const qint64 offset = firstShown().daysTo(date);
    if (offset < 0 || offset >= kWeeks * kDaysPerWeek)
        return QModelIndex();
    return index(int(offset / kDaysPerWeek), int(offset % kDaysPerWeek));
}

QVariant MonthGridModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const QDate date = dateAt(index);
    const auto found = m_days.constFind(date);
    const bool busy = found != m_days.constEnd() && found->count > 0;
    switch (role) {
    case Qt::DisplayRole:
        return QLocale().toString(date.day());
    case DateRole:
        return date;
    case CountRole:
        return busy ? found->count : 0;
    case ToneRole:
        return busy ? QVariant(int(found->worst)) : QVariant();
    case InMonthRole:
        return date.month() == m_month.month() && date.year() == m_month.year();
    case TodayRole:
        return date == m_today;
    case Qt::BackgroundRole: {
        const QColor colour = busy ? toneColour(found->worst) : QColor();
        return colour.isValid() ? QVariant(colour) : QVariant();
    }
    case Qt::ToolTipRole:
    case Qt::AccessibleTextRole: {
        QString text = QLocale().toString(date, QLocale::LongFormat);
        if (date == m_today)
            text += tr(" (today)");
        if (!busy)
            return role == Qt::ToolTipRole ? QVariant() : QVariant(tr("%1: no filings due").arg(text));
        text += QLatin1Char('\n') +
                tr("%n filing(s) due; most pressing: %1", nullptr, found->count).arg(toneLabel(found->worst));
        if (role == Qt::AccessibleTextRole)
            return text;
        const QStringList shown = found->filings.mid(0, kTooltipFilings);
        text += QLatin1Char('\n') + shown.join(QLatin1Char('\n'));
        if (found->filings.size() > shown.size())
            text += QLatin1Char('\n') +
                    tr("… and %n more (see the list)", nullptr, int(found->filings.size() - shown.size()));
        return text;
    }
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignLeft | Qt::AlignTop);
    default:
        return QVariant();
    }
}

QVariant MonthGridModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= kDaysPerWeek)
        return QVariant();
    const int weekday = (int(QLocale().firstDayOfWeek()) - 1 + section) % kDaysPerWeek + 1;
    if (role == Qt::DisplayRole)
        return QLocale().dayName(weekday, QLocale::ShortFormat);
    if (role == Qt::ToolTipRole || role == Qt::AccessibleTextRole)
        return QLocale().dayName(weekday, QLocale::LongFormat);
    return QVariant();
}

void MonthGridModel::setMonth(const QDate &date) {
    if (!date.isValid())
        return;
    const QDate first(date.year(), date.month(), 1);
    if (first == m_month)
        return;
    beginResetModel();
    m_month = first;
    endResetModel();
}

void MonthGridModel::setToday(const QDate &today) {
    if (today == m_today)
        return;
    const QModelIndex before = indexOf(m_today);
    m_today = today;
    for (const QModelIndex &cell : {before, indexOf(m_today)}) {
        if (cell.isValid())
            Q_EMIT dataChanged(cell, cell);
    }
}

void MonthGridModel::setDays(const QHash<QDate, CalendarDay> &days) {
    m_days = days;
    Q_EMIT dataChanged(index(0, 0), index(kWeeks - 1, kDaysPerWeek - 1));
}

} // namespace fd::ui
