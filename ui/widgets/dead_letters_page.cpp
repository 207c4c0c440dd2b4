#include "ui/widgets/dead_letters_page.h"

#include "ui/models/dead_letter_model.h"
#include "ui/models/item_roles.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/widgets/access_gate.h"
#include "ui/widgets/review_controls.h"
#include "ui/widgets/table_setup.h"
#include "ui/widgets/task_detail_text.h"
#include "ui/widgets/task_filter_bar.h"

#include <QFontDatabase>
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
} // namespace

DeadLettersPage::DeadLettersPage(DeadLetterModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new TaskFilterProxy(this))
    , m_table(new QTableView(this))
    , m_detail(new QPlainTextEdit(this))
    , m_review(new ReviewControls(this))
    , m_replayOne(new QPushButton(tr("&Try again…"), this))
    , m_replaySelection(new QPushButton(tr("Try the &selection again…"), this))
    , m_replayMatching(new QPushButton(this)) {
    setObjectName(QStringLiteral("deadLettersPage"));
    m_proxy->setObjectName(QStringLiteral("deadLettersProxy"));
    m_proxy->setSourceModel(model);
    m_filterBar = new TaskFilterBar(m_proxy, {QStringList(), true, false, false, true},
                                    QStringLiteral("deadLetters"), this);

    setUpTable(m_table, m_proxy,
               {QStringLiteral("deadLettersTable"), tr("Filings that could not be filed"),
                DeadLetterModel::UpdatedColumn, Qt::DescendingOrder});
    keepCurrentRowSelected(m_table);
    m_table->setColumnWidth(DeadLetterModel::EntityColumn, 280);
    m_table->setColumnWidth(DeadLetterModel::JurisdictionColumn, 150);
    m_table->setColumnWidth(DeadLetterModel::LastErrorColumn, 300);
    m_table->setColumnWidth(DeadLetterModel::CodeColumn, 170);
    m_table->setColumnWidth(DeadLetterModel::TraceIdColumn, 290);
    m_table->setColumnWidth(DeadLetterModel::UpdatedColumn, 150);
    // Who has a dead letter open for review matters next to its name (team mode only).
    m_table->horizontalHeader()->moveSection(
        m_table->horizontalHeader()->visualIndex(DeadLetterModel::ReviewColumn), 1);
    m_table->setColumnWidth(DeadLetterModel::ReviewColumn, kReviewColumnMin);
    m_table->setColumnHidden(DeadLetterModel::ReviewColumn, true);
    // The notes people wrote belong on the item, where they are seen: right after the name (and the review).
    m_table->horizontalHeader()->moveSection(
        m_table->horizontalHeader()->visualIndex(DeadLetterModel::NotesColumn), 2);
    m_table->setColumnWidth(DeadLetterModel::NotesColumn, 260);

    setUpDetailPane(
        m_detail, QStringLiteral("deadLetterDetail"), tr("What the registry answered and what was sent"),
        tr("Select a filing to see what the registry answered and what was sent (for support: the trace "
           "id, the registry's raw answer and the data sent)."));

    m_replayOne->setObjectName(QStringLiteral("replayOneButton"));
    m_replayOne->setAccessibleName(tr("Try the current filing again"));
    m_replaySelection->setObjectName(QStringLiteral("replaySelectionButton"));
    m_replaySelection->setAccessibleName(tr("Try the selected filings again"));
    m_replaySelection->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+R")));
    m_replayMatching->setObjectName(QStringLiteral("replayAllMatchingButton"));
    m_replayMatching->setAccessibleName(tr("Try every filing matching the filter again"));

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("deadLettersSplitter"));
    splitter->addWidget(m_table);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_review->openButton());
    buttons->addWidget(m_review->closeButton());
    buttons->addStretch(1);
    buttons->addWidget(m_replayOne);
    buttons->addWidget(m_replaySelection);
    buttons->addWidget(m_replayMatching);
    m_filedOutside = new QPushButton(tr("Filed &outside FilingDesk…"), this);
    m_filedOutside->setObjectName(QStringLiteral("deadLetterFiledOutsideButton"));
    m_filedOutside->setToolTip(
        tr("The filing was made on paper or in the registry's portal: record its confirmation "
           "number, fee and date; it counts as filed"));
    buttons->addWidget(m_filedOutside);
    connect(m_filedOutside, &QPushButton::clicked, this, [this] {
        if (!currentKey().isEmpty())
            Q_EMIT filedOutsideRequested(currentKey());
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filterBar);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);

    // The detail pane, "Replay…" and "Replay selection…" follow the same rows (detailIndex(), the selection).
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &DeadLettersPage::showCurrent);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &DeadLettersPage::showCurrent);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &DeadLettersPage::showCurrent);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &DeadLettersPage::showCurrent);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &DeadLettersPage::updateButtons);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &DeadLettersPage::showCurrent);
    connect(m_replayOne, &QPushButton::clicked, this, [this] {
        if (!currentKey().isEmpty())
            Q_EMIT replayRequested({currentKey()}, tr("1 filing"));
    });
    connect(m_replaySelection, &QPushButton::clicked, this, [this] {
        const QStringList keys = selectedKeys();
        if (!keys.isEmpty())
            Q_EMIT replayRequested(keys, tr("%n selected filing(s)", nullptr, int(keys.size())));
    });
    connect(m_replayMatching, &QPushButton::clicked, this, [this] {
        const QStringList keys = m_proxy->matchingKeys();
        if (!keys.isEmpty())
            Q_EMIT replayRequested(keys,
                                   tr("all %n filing(s) matching the filter", nullptr, int(keys.size())));
    });
    connect(m_review, &ReviewControls::openRequested, this, &DeadLettersPage::reviewOpenRequested);
    connect(m_review, &ReviewControls::closeRequested, this, &DeadLettersPage::reviewCloseRequested);
    updateButtons();
}

void DeadLettersPage::fitReviewColumn() {
    if (m_table->isColumnHidden(DeadLetterModel::ReviewColumn))
        return;
    m_table->resizeColumnToContents(DeadLetterModel::ReviewColumn);
    m_table->setColumnWidth(
        DeadLetterModel::ReviewColumn,
        qBound(kReviewColumnMin, m_table->columnWidth(DeadLetterModel::ReviewColumn), kReviewColumnMax));
}

void DeadLettersPage::setTeamMode(bool team) {
    m_table->setColumnHidden(DeadLetterModel::ReviewColumn, !team);
    m_review->setTeamMode(team);
}

void DeadLettersPage::setLedgerReachable(bool reachable) {
    m_readOnly = !reachable;
    m_review->setLedgerReachable(reachable);
    updateButtons();
}

void DeadLettersPage::setAccess(const TeamAccess &access) {
    m_access = access;
    m_review->setAccess(access);
    updateButtons();
}

QStringList DeadLettersPage::selectedKeys() const {
    QStringList keys;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        keys.append(index.data(KeyRole).toString());
    return keys;
}

QString DeadLettersPage::currentKey() const {
    const QModelIndex shown = detailIndex(m_table);
    return shown.isValid() ? shown.data(KeyRole).toString() : QString();
}

void DeadLettersPage::showCurrent() {
    const QString key = currentKey();
    const int row = m_model->rowOfKey(key);
    const QString review = m_model->reviewOf(key);
    m_detail->setPlainText(row >= 0
                               ? reviewLine(review) + notesText(m_model->notesOf(m_model->taskAt(row).key)) +
                                     taskDetailText(m_model->taskAt(row))
                               : QString());
    m_review->setCurrent(row >= 0 ? key : QString(), review);
    updateButtons();
}

void DeadLettersPage::updateButtons() {
    // While the team ledger is unreachable this desk shows its mirror: nothing can be replayed.
    // In a team, replaying needs the operator role and "Filed outside" the approver role.
    AccessGate::apply(m_replayOne, !m_readOnly && !currentKey().isEmpty(), m_access, TeamAction::Replay);
    if (m_filedOutside)
        AccessGate::apply(m_filedOutside, !m_readOnly && !currentKey().isEmpty(), m_access,
                          TeamAction::FiledOutside);
    AccessGate::apply(m_replaySelection, !m_readOnly && m_table->selectionModel()->hasSelection(), m_access,
                      TeamAction::Replay);
    m_replayMatching->setText(tr("Try &all %1 matching the filter again…").arg(m_proxy->rowCount()));
    AccessGate::apply(m_replayMatching, !m_readOnly && m_proxy->rowCount() > 0, m_access, TeamAction::Replay);
}

} // namespace fd::ui
