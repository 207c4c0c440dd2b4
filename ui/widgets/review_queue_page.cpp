#include "ui/widgets/review_queue_page.h"

#include "engine/import/iso_codes.h"
#include "ui/models/item_roles.h"
#include "ui/models/task_subset_model.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/widgets/access_gate.h"
#include "ui/widgets/review_controls.h"
#include "ui/widgets/table_setup.h"
#include "ui/widgets/task_detail_text.h"
#include "ui/widgets/task_filter_bar.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace fd::ui {

namespace {
constexpr int kReviewColumnMin = 120;
constexpr int kReviewColumnMax = 480;
constexpr int kNotesColumnWidth = 260;
} // namespace

ReviewQueuePage::ReviewQueuePage(TaskSubsetModel *model, const Layout &layout, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new TaskFilterProxy(this))
    , m_table(new QTableView(this))
    , m_detail(new QPlainTextEdit(this))
    , m_review(new ReviewControls(this))
    , m_filedOutside(new QPushButton(tr("Filed &outside FilingDesk…"), this))
    , m_buttons(new QHBoxLayout) {
    setObjectName(layout.name + QStringLiteral("Page"));
    m_proxy->setObjectName(layout.name + QStringLiteral("Proxy"));
    m_proxy->setSourceModel(model);
    m_filterBar = new TaskFilterBar(m_proxy, {QStringList(), true, false, false, true}, layout.name, this);

    setUpTable(
        m_table, m_proxy,
        {layout.name + QStringLiteral("Table"), layout.tableTitle, layout.sortColumn, layout.sortOrder});
    keepCurrentRowSelected(m_table);
    // Who has an item open for review matters next to its name (team mode only); the notes people wrote
    // belong on the item, where they are seen: right after the name (and the review).
    QHeaderView *header = m_table->horizontalHeader();
    header->moveSection(header->visualIndex(model->reviewColumn()), 1);
    m_table->setColumnWidth(model->reviewColumn(), kReviewColumnMin);
    m_table->setColumnHidden(model->reviewColumn(), true);
    header->moveSection(header->visualIndex(model->notesColumn()), 2);
    m_table->setColumnWidth(model->notesColumn(), kNotesColumnWidth);

    setUpDetailPane(m_detail, layout.detailObjectName, layout.detailTitle, layout.detailPlaceholder);

    m_filedOutside->setObjectName(layout.filedOutsideObjectName);
    m_filedOutside->setToolTip(tr("The filing was made on paper or in the registry's portal: record its "
                                  "confirmation number, fee and date; it counts as filed"));

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(layout.name + QStringLiteral("Splitter"));
    splitter->addWidget(m_table);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    m_buttons->addWidget(m_review->openButton());
    m_buttons->addWidget(m_review->closeButton());
    m_buttons->addStretch(1);
    auto *column = new QVBoxLayout(this);
    column->addWidget(m_filterBar);
    column->addWidget(splitter, 1);
    column->addLayout(m_buttons);

    // The detail pane and the buttons follow the same rows (detailIndex(), the selection).
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ReviewQueuePage::showCurrent);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ReviewQueuePage::showCurrent);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &ReviewQueuePage::showCurrent);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ReviewQueuePage::showCurrent);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &ReviewQueuePage::showCurrent);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, [this] { updateButtons(); });
    connect(m_filedOutside, &QPushButton::clicked, this, [this] {
        if (!currentKey().isEmpty())
            Q_EMIT filedOutsideRequested(currentKey());
    });
    connect(m_review, &ReviewControls::openRequested, this, &ReviewQueuePage::reviewOpenRequested);
    connect(m_review, &ReviewControls::closeRequested, this, &ReviewQueuePage::reviewCloseRequested);
}

void ReviewQueuePage::addAction(QPushButton *button) {
    m_buttons->addWidget(button);
}

void ReviewQueuePage::fitReviewColumn() {
    const int column = m_model->reviewColumn();
    if (m_table->isColumnHidden(column))
        return;
    m_table->resizeColumnToContents(column);
    m_table->setColumnWidth(column, qBound(kReviewColumnMin, m_table->columnWidth(column), kReviewColumnMax));
}

void ReviewQueuePage::setTeamMode(bool team) {
    m_table->setColumnHidden(m_model->reviewColumn(), !team);
    m_review->setTeamMode(team);
}

void ReviewQueuePage::setLedgerReachable(bool reachable) {
    m_readOnly = !reachable;
    m_review->setLedgerReachable(reachable);
    updateButtons();
}

void ReviewQueuePage::setAccess(const TeamAccess &access) {
    m_access = access;
    m_review->setAccess(access);
    updateButtons();
}

QStringList ReviewQueuePage::selectedKeys() const {
    QStringList keys;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        keys.append(index.data(KeyRole).toString());
    return keys;
}

QString ReviewQueuePage::describeKey(const QString &key) const {
    const QAbstractItemModel *model = m_table->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(KeyRole).toString() != key)
            continue;
        // Column 0 is the entity on every review queue; the jurisdiction is named by the place.
        const QString entity = index.data(Qt::DisplayRole).toString();
        const QString place = placeLabel(index.data(JurisdictionRole).toString());
        return place.isEmpty() ? entity : tr("%1, %2").arg(entity, place);
    }
    return QString();
}

QString ReviewQueuePage::currentKey() const {
    const QModelIndex shown = detailIndex(m_table);
    return shown.isValid() ? shown.data(KeyRole).toString() : QString();
}

void ReviewQueuePage::showCurrent() {
    const QString key = currentKey();
    const int row = key.isEmpty() ? -1 : m_model->rowOfKey(key);
    const QString review = m_model->reviewOf(key);
    m_detail->setPlainText(row >= 0
                               ? reviewLine(review) + notesText(m_model->notesOf(m_model->taskAt(row).key)) +
                                     taskDetailText(m_model->taskAt(row))
                               : QString());
    m_review->setCurrent(row >= 0 ? key : QString(), review);
    updateButtons();
}

void ReviewQueuePage::updateButtons() {
    // While the team ledger is unreachable this desk shows its mirror: nothing can be done to an item.
    AccessGate::apply(m_filedOutside, !m_readOnly && !currentKey().isEmpty(), m_access,
                      TeamAction::FiledOutside);
}

} // namespace fd::ui
