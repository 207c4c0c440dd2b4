#include "ui/widgets/calendar_page.h"

#include "ui/models/calendar_filing.h"
#include "ui/models/item_roles.h"
#include "ui/models/month_grid_model.h"
#include "ui/models/obligation_model.h"
#include "ui/proxies/calendar_list_proxy.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/widgets/month_grid_delegate.h"
#include "ui/widgets/table_setup.h"
#include "ui/widgets/task_filter_bar.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSet>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace fd::ui {

namespace {

// Only these columns of the ObligationModel are shown in the Calendar's lists.
void showOnlyColumns(QTableView *table, const QList<int> &columns) {
    for (int c = 0; c < ObligationModel::ColumnCount; ++c)
        table->setColumnHidden(c, !columns.contains(c));
}

// The legend says in words and symbols what the colours say.
QString legendHtml() {
    // Each item kept on one line: a symbol must not wrap away from its word.
    QStringList items;
    for (const CalendarTone tone :
         {CalendarTone::Overdue, CalendarTone::DueSoon, CalendarTone::NeedsData, CalendarTone::Filed}) {
        items << QStringLiteral("<span style=\"background-color:%1; color:black; white-space:nowrap\">"
                                "&nbsp;<b>%2</b>&nbsp;%3&nbsp;</span>")
                     .arg(toneColour(tone).name(), toneSymbol(tone).toHtmlEscaped(),
                          toneLabel(tone).toHtmlEscaped());
    }
    items << QStringLiteral("<span style=\"white-space:nowrap\"><b>%1</b>&nbsp;%2</span>")
                 .arg(toneSymbol(CalendarTone::Neutral), toneLabel(CalendarTone::Neutral).toHtmlEscaped());
    return items.join(QStringLiteral(" ")) + QStringLiteral("<br>") +
           CalendarPage::tr("Each day shows how many filings are due, marked by the most pressing of them. "
                            "Today (the as-of date) is framed.")
               .toHtmlEscaped();
}

} // namespace

CalendarPage::CalendarPage(ObligationModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_filter(new TaskFilterProxy(this))
    , m_month(new MonthGridModel(this))
    , m_grid(new QTableView(this))
    , m_monthLabel(new QLabel(this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
    , m_today(new QPushButton(tr("&Today"), this))
    , m_legend(new QLabel(this))
    , m_agendaProxy(new CalendarListProxy(CalendarListProxy::Dates::Known, this))
    , m_agenda(new QTableView(this))
    , m_agendaTitle(new QLabel(this))
    , m_showAll(new QPushButton(tr("Show &all days"), this))
    , m_undatedProxy(new CalendarListProxy(CalendarListProxy::Dates::Unknown, this))
    , m_undated(new QTableView(this))
    , m_undatedTitle(new QLabel(this))
    , m_refreshTimer(new QTimer(this)) {
    setObjectName(QStringLiteral("calendarPage"));
    m_filter->setObjectName(QStringLiteral("calendarProxy"));
    m_filter->setSourceModel(model);
    // The Obligations view's filters but the state and due window: jurisdiction, status, owner, text.
    TaskFilterBar::Controls controls;
    controls.compliance = true;
    controls.owner = true;
    m_filterBar = new TaskFilterBar(m_filter, controls, QStringLiteral("calendar"), this);

    // Month navigation and the grid.
    m_previous->setObjectName(QStringLiteral("calendarPreviousMonth"));
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setAccessibleName(tr("Previous month"));
    m_previous->setToolTip(tr("Previous month (Page Up)"));
    m_previous->setShortcut(QKeySequence(Qt::Key_PageUp));
    m_next->setObjectName(QStringLiteral("calendarNextMonth"));
    m_next->setArrowType(Qt::RightArrow);
    m_next->setAccessibleName(tr("Next month"));
    m_next->setToolTip(tr("Next month (Page Down)"));
    m_next->setShortcut(QKeySequence(Qt::Key_PageDown));
    m_today->setObjectName(QStringLiteral("calendarTodayButton"));
    m_today->setToolTip(tr("The month of the as-of date"));
    m_monthLabel->setObjectName(QStringLiteral("calendarMonthLabel"));
    m_monthLabel->setAlignment(Qt::AlignCenter);
    QFont monthFont = m_monthLabel->font();
    monthFont.setBold(true);
    monthFont.setPointSizeF(monthFont.pointSizeF() * 1.2);
    m_monthLabel->setFont(monthFont);

    m_grid->setObjectName(QStringLiteral("calendarMonthGrid"));
    m_grid->setAccessibleName(tr("Month grid of due dates"));
    m_grid->setModel(m_month);
    m_grid->setItemDelegate(new MonthGridDelegate(m_grid));
    m_grid->setSelectionMode(QAbstractItemView::SingleSelection);
    m_grid->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_grid->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_grid->setTabKeyNavigation(false);
    m_grid->setCornerButtonEnabled(false);
    m_grid->verticalHeader()->hide();
    m_grid->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_grid->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_grid->horizontalHeader()->setHighlightSections(false);
    m_grid->setMinimumSize(7 * 64, MonthGridModel::kWeeks * 52);
    m_grid->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_grid->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_legend->setObjectName(QStringLiteral("calendarLegend"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setText(legendHtml());

    // The agenda: every filing with a due date, or one day's.
    m_agendaProxy->setObjectName(QStringLiteral("calendarAgendaProxy"));
    m_agendaProxy->setSourceModel(m_filter);
    setUpTable(m_agenda, m_agendaProxy,
               {QStringLiteral("calendarAgenda"), tr("Filings by due date"), ObligationModel::DueDateColumn,
                Qt::AscendingOrder, QAbstractItemView::SingleSelection, QAbstractItemView::NoEditTriggers});
    showOnlyColumns(m_agenda, {ObligationModel::EntityColumn, ObligationModel::JurisdictionColumn,
                               ObligationModel::FilingTypeColumn, ObligationModel::DueDateColumn,
                               ObligationModel::ComplianceColumn, ObligationModel::FeeColumn});
    m_agenda->setAlternatingRowColors(false); // the rows' risk colours carry meaning
    // An agenda reads by date: the due date leads.
    m_agenda->horizontalHeader()->moveSection(
        m_agenda->horizontalHeader()->visualIndex(ObligationModel::DueDateColumn), 0);
    m_agenda->setColumnWidth(ObligationModel::DueDateColumn, 85);
    m_agenda->setColumnWidth(ObligationModel::EntityColumn, 170);
    m_agenda->setColumnWidth(ObligationModel::JurisdictionColumn, 135);
    m_agenda->setColumnWidth(ObligationModel::FilingTypeColumn, 165);
    m_agenda->setColumnWidth(ObligationModel::ComplianceColumn, 160);
    m_agenda->setColumnWidth(ObligationModel::FeeColumn, 90);
    m_agendaTitle->setObjectName(QStringLiteral("calendarAgendaTitle"));
    m_agendaTitle->setBuddy(m_agenda);
    m_showAll->setObjectName(QStringLiteral("calendarShowAll"));
    m_showAll->setToolTip(tr("List the filings of every day again"));

    // Filings whose date is unknown: apart, never dropped.
    m_undatedProxy->setObjectName(QStringLiteral("calendarUndatedProxy"));
    m_undatedProxy->setSourceModel(m_filter);
    setUpTable(m_undated, m_undatedProxy,
               {QStringLiteral("calendarUndated"), tr("Filings whose due date is unknown"),
                ObligationModel::EntityColumn, Qt::AscendingOrder, QAbstractItemView::SingleSelection,
                QAbstractItemView::NoEditTriggers});
    showOnlyColumns(m_undated, {ObligationModel::EntityColumn, ObligationModel::JurisdictionColumn,
                                ObligationModel::FilingTypeColumn, ObligationModel::ComplianceColumn,
                                ObligationModel::DetailColumn});
    m_undated->setAlternatingRowColors(false);
    m_undated->setColumnWidth(ObligationModel::EntityColumn, 180);
    m_undated->setColumnWidth(ObligationModel::JurisdictionColumn, 140);
    m_undated->setColumnWidth(ObligationModel::FilingTypeColumn, 190);
    m_undated->setColumnWidth(ObligationModel::ComplianceColumn, 200);
    m_undatedTitle->setObjectName(QStringLiteral("calendarUndatedTitle"));
    m_undatedTitle->setBuddy(m_undated);
    m_undatedTitle->setToolTip(tr("These filings need data (a formation date, an entity type ...) before "
                                  "their due date can be worked out. They are in no day of the grid and in "
                                  "no exported calendar."));

    // Layout: filters; grid on the left; agenda and undated filings on the right.
    auto *navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addWidget(m_monthLabel, 1);
    navigation->addWidget(m_next);
    navigation->addWidget(m_today);
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(navigation);
    leftLayout->addWidget(m_grid, 1);
    leftLayout->addWidget(m_legend);

    auto *agendaBox = new QWidget(this);
    auto *agendaLayout = new QVBoxLayout(agendaBox);
    agendaLayout->setContentsMargins(0, 0, 0, 0);
    auto *agendaHeader = new QHBoxLayout;
    agendaHeader->addWidget(m_agendaTitle, 1);
    agendaHeader->addWidget(m_showAll);
    agendaLayout->addLayout(agendaHeader);
    agendaLayout->addWidget(m_agenda, 1);
    auto *undatedBox = new QWidget(this);
    auto *undatedLayout = new QVBoxLayout(undatedBox);
    undatedLayout->setContentsMargins(0, 0, 0, 0);
    undatedLayout->addWidget(m_undatedTitle);
    undatedLayout->addWidget(m_undated, 1);
    auto *lists = new QSplitter(Qt::Vertical, this);
    lists->setObjectName(QStringLiteral("calendarListsSplitter"));
    lists->addWidget(agendaBox);
    lists->addWidget(undatedBox);
    lists->setStretchFactor(0, 3);
    lists->setStretchFactor(1, 1);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("calendarSplitter"));
    split->addWidget(left);
    split->addWidget(lists);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({560, 840});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filterBar);
    layout->addWidget(split, 1);

    // Model changes come in bursts (one per coalesced engine batch, and the proxies' own): recount once.
    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(0);
    connect(m_refreshTimer, &QTimer::timeout, this, &CalendarPage::refresh);
    for (QAbstractItemModel *rows :
         {static_cast<QAbstractItemModel *>(m_filter), static_cast<QAbstractItemModel *>(m_agendaProxy),
          static_cast<QAbstractItemModel *>(m_undatedProxy)}) {
        connect(rows, &QAbstractItemModel::modelReset, this, &CalendarPage::scheduleRefresh);
        connect(rows, &QAbstractItemModel::rowsInserted, this, &CalendarPage::scheduleRefresh);
        connect(rows, &QAbstractItemModel::rowsRemoved, this, &CalendarPage::scheduleRefresh);
        connect(rows, &QAbstractItemModel::layoutChanged, this, &CalendarPage::scheduleRefresh);
        connect(rows, &QAbstractItemModel::dataChanged, this, &CalendarPage::scheduleRefresh);
    }
    connect(model, &QAbstractItemModel::modelReset, this, &CalendarPage::followModelReset);

    connect(m_previous, &QToolButton::clicked, this, &CalendarPage::showPreviousMonth);
    connect(m_next, &QToolButton::clicked, this, &CalendarPage::showNextMonth);
    connect(m_today, &QPushButton::clicked, this, &CalendarPage::showToday);
    connect(m_showAll, &QPushButton::clicked, this, &CalendarPage::showAll);
    connect(m_grid->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (m_selectingCell)
            return;
        const QModelIndexList selected = m_grid->selectionModel()->selectedIndexes();
        if (!selected.isEmpty())
            showDay(m_month->dateAt(selected.first()));
    });
    connect(m_agenda, &QAbstractItemView::activated, this, &CalendarPage::openEntity);
    connect(m_undated, &QAbstractItemView::activated, this, &CalendarPage::openEntity);

    followModelReset();
    refresh();
}

QDate CalendarPage::shownMonth() const {
    return m_month->month();
}

void CalendarPage::followModelReset() {
    m_filterBar->setJurisdictions(m_model->jurisdictions());
    QStringList owners;
    QSet<QString> seen;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QString owner = m_model->index(row, 0).data(OwnerRole).toString();
        if (!owner.isEmpty() && !seen.contains(owner)) {
            seen.insert(owner);
            owners << owner;
        }
    }
    m_filterBar->setOwners(owners);
    // A new as-of date (a portfolio loaded, the date changed): today moves, and the grid goes with it.
    const QDate asOf = m_model->asOf();
    if (asOf.isValid() && asOf != m_asOf) {
        m_asOf = asOf;
        m_month->setToday(asOf);
        showMonth(asOf);
    }
    m_today->setEnabled(m_asOf.isValid());
    scheduleRefresh();
}

void CalendarPage::scheduleRefresh() {
    if (!m_refreshTimer->isActive())
        m_refreshTimer->start();
}

void CalendarPage::refresh() {
    m_refreshTimer->stop();
    m_month->setDays(calendarDays(m_filter));
    m_monthLabel->setText(QLocale().standaloneMonthName(m_month->month().month(), QLocale::LongFormat) +
                          QLatin1Char(' ') + QString::number(m_month->month().year()));
    const int listed = m_agendaProxy->rowCount();
    m_agendaTitle->setText(m_day.isValid() ? tr("Due on %1: %n filing(s)", nullptr, listed)
                                                 .arg(QLocale().toString(m_day, QLocale::LongFormat))
                                           : tr("All filings with a due date: %n", nullptr, listed));
    m_showAll->setEnabled(m_day.isValid());
    m_undatedTitle->setText(tr("Date unknown (%1)").arg(m_undatedProxy->rowCount()));
}

void CalendarPage::showMonth(const QDate &date) {
    if (!date.isValid())
        return;
    m_month->setMonth(date); // a reset: no cell is selected any more
    showAll();
    scrollAgendaTo(m_month->month());
}

void CalendarPage::showPreviousMonth() {
    showMonth(m_month->month().addMonths(-1));
}

void CalendarPage::showNextMonth() {
    showMonth(m_month->month().addMonths(1));
}

void CalendarPage::showToday() {
    if (m_asOf.isValid())
        showMonth(m_asOf);
}

void CalendarPage::showDay(const QDate &day) {
    if (!day.isValid()) {
        showAll();
        return;
    }
    if (day.year() != m_month->month().year() || day.month() != m_month->month().month())
        m_month->setMonth(day);
    const bool changed = day != m_day;
    m_day = day;
    m_agendaProxy->setDay(day);
    selectDayCell();
    refresh();
    if (changed)
        Q_EMIT dayChanged(day);
}

void CalendarPage::showAll() {
    const bool changed = m_day.isValid();
    m_day = QDate();
    m_agendaProxy->setDay(QDate());
    selectDayCell();
    refresh();
    if (changed)
        Q_EMIT dayChanged(QDate());
}

void CalendarPage::selectDayCell() {
    m_selectingCell = true;
    const QModelIndex cell = m_month->indexOf(m_day);
    if (cell.isValid())
        m_grid->selectionModel()->setCurrentIndex(cell, QItemSelectionModel::ClearAndSelect);
    else
        m_grid->selectionModel()->clearSelection();
    m_selectingCell = false;
}

void CalendarPage::scrollAgendaTo(const QDate &from) {
    for (int row = 0; row < m_agendaProxy->rowCount(); ++row) {
        // The due date's column is the leftmost: scrolling to it never scrolls the agenda sideways.
        const QModelIndex index = m_agendaProxy->index(row, ObligationModel::DueDateColumn);
        if (calendarFiling(index).due >= from) {
            m_agenda->scrollTo(index, QAbstractItemView::PositionAtTop);
            return;
        }
    }
}

void CalendarPage::openEntity(const QModelIndex &index) {
    const QString entityId = calendarFiling(index).entityId;
    if (!entityId.isEmpty())
        Q_EMIT entityRequested(entityId);
}

} // namespace fd::ui
