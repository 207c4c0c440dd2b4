#include "ui/widgets/exceptions_page.h"

#include "ui/models/exception_model.h"
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

ExceptionsPage::ExceptionsPage(ExceptionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new TaskFilterProxy(this))
    , m_table(new QTableView(this))
    , m_detail(new QPlainTextEdit(this))
    , m_review(new ReviewControls(this))
    , m_requeue(new QPushButton(tr("Resolve and &requeue…"), this))
    , m_accept(new QPushButton(tr("&Accept as filed…"), this))
    , m_withdraw(new QPushButton(tr("&Withdraw (will not file)…"), this))
    , m_note(new QPushButton(tr("Add &note…"), this))
    , m_filedOutside(new QPushButton(tr("Filed &outside FilingDesk…"), this)) {
    setObjectName(QStringLiteral("exceptionsPage"));
    m_proxy->setObjectName(QStringLiteral("exceptionsProxy"));
    m_proxy->setSourceModel(model);
    m_filterBar = new TaskFilterBar(m_proxy, {QStringList(), true, false, false, true},
                                    QStringLiteral("exceptions"), this);

    setUpTable(m_table, m_proxy,
               {QStringLiteral("exceptionsTable"), tr("Statutory halts and reconciliation exceptions"),
                ExceptionModel::DueDateColumn, Qt::AscendingOrder});
    keepCurrentRowSelected(m_table);
    m_table->setColumnWidth(ExceptionModel::EntityColumn, 260);
    m_table->setColumnWidth(ExceptionModel::JurisdictionColumn, 150);
    m_table->setColumnWidth(ExceptionModel::KindColumn, 170);
    m_table->setColumnWidth(ExceptionModel::CodeColumn, 220);
    m_table->setColumnWidth(ExceptionModel::ReasonColumn, 300);
    // Who has an item open for review matters next to its name (team mode only).
    m_table->horizontalHeader()->moveSection(
        m_table->horizontalHeader()->visualIndex(ExceptionModel::ReviewColumn), 1);
    m_table->setColumnWidth(ExceptionModel::ReviewColumn, kReviewColumnMin);
    m_table->setColumnHidden(ExceptionModel::ReviewColumn, true);
    // The notes people wrote belong on the item, where they are seen: right after the name (and the review).
    m_table->horizontalHeader()->moveSection(
        m_table->horizontalHeader()->visualIndex(ExceptionModel::NotesColumn), 2);
    m_table->setColumnWidth(ExceptionModel::NotesColumn, 260);

    setUpDetailPane(
        m_detail, QStringLiteral("exceptionDetail"),
        tr("Why it halted: rule, statute, what the registry answered, what was sent"),
        tr("Select an item to see its rule, the statute, what the registry answered and what was sent."));

    m_requeue->setObjectName(QStringLiteral("resolveRequeueButton"));
    m_requeue->setAccessibleName(tr("Resolve and requeue the selected items"));
    m_accept->setObjectName(QStringLiteral("acceptAsFiledButton"));
    m_accept->setAccessibleName(tr("Accept the selected reconciliation exceptions as filed"));
    m_withdraw->setObjectName(QStringLiteral("withdrawButton"));
    m_withdraw->setAccessibleName(tr("Withdraw the selected items: they will not be filed"));
    m_note->setObjectName(QStringLiteral("addNoteButton"));
    m_filedOutside->setObjectName(QStringLiteral("filedOutsideButton"));
    m_filedOutside->setToolTip(
        tr("The filing was made on paper or in the registry's portal: record its confirmation "
           "number, fee and date; it counts as filed"));
    m_note->setAccessibleName(tr("Add a note to the selected items"));

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("exceptionsSplitter"));
    splitter->addWidget(m_table);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_review->openButton());
    buttons->addWidget(m_review->closeButton());
    buttons->addStretch(1);
    for (QPushButton *b : {m_requeue, m_accept, m_filedOutside, m_withdraw, m_note})
        buttons->addWidget(b);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filterBar);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);

    // The detail pane and the buttons follow the same rows (detailIndex(), the selection).
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ExceptionsPage::showCurrent);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ExceptionsPage::showCurrent);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &ExceptionsPage::showCurrent);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &ExceptionsPage::showCurrent);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ExceptionsPage::showCurrent);
    connect(m_requeue, &QPushButton::clicked, this,
            [this] { Q_EMIT resolveRequested(selectedKeys(), true); });
    connect(m_accept, &QPushButton::clicked, this,
            [this] { Q_EMIT resolveRequested(selectedKeys(), false); });
    connect(m_withdraw, &QPushButton::clicked, this, [this] { Q_EMIT withdrawRequested(selectedKeys()); });
    connect(m_note, &QPushButton::clicked, this, [this] { Q_EMIT noteRequested(selectedKeys()); });
    connect(m_filedOutside, &QPushButton::clicked, this,
            [this] { Q_EMIT filedOutsideRequested(shownKey()); });
    connect(m_review, &ReviewControls::openRequested, this, &ExceptionsPage::reviewOpenRequested);
    connect(m_review, &ReviewControls::closeRequested, this, &ExceptionsPage::reviewCloseRequested);
    updateButtons();
}

void ExceptionsPage::fitReviewColumn() {
    if (m_table->isColumnHidden(ExceptionModel::ReviewColumn))
        return;
    m_table->resizeColumnToContents(ExceptionModel::ReviewColumn);
    m_table->setColumnWidth(
        ExceptionModel::ReviewColumn,
        qBound(kReviewColumnMin, m_table->columnWidth(ExceptionModel::ReviewColumn), kReviewColumnMax));
}

void ExceptionsPage::setTeamMode(bool team) {
    m_table->setColumnHidden(ExceptionModel::ReviewColumn, !team);
    m_review->setTeamMode(team);
}

void ExceptionsPage::setLedgerReachable(bool reachable) {
    m_readOnly = !reachable;
    m_review->setLedgerReachable(reachable);
    updateButtons();
}

void ExceptionsPage::setAccess(const TeamAccess &access) {
    m_access = access;
    m_review->setAccess(access);
    updateButtons();
}

QString ExceptionsPage::shownKey() const {
    const QModelIndex shown = detailIndex(m_table);
    return shown.isValid() ? shown.data(KeyRole).toString() : QString();
}

QStringList ExceptionsPage::selectedKeys() const {
    QStringList keys;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        keys.append(index.data(KeyRole).toString());
    return keys;
}

void ExceptionsPage::showCurrent() {
    const QString key = shownKey();
    const int row = key.isEmpty() ? -1 : m_model->rowOfKey(key);
    const QString review = m_model->reviewOf(key);
    m_detail->setPlainText(row >= 0
                               ? reviewLine(review) + notesText(m_model->notesOf(m_model->taskAt(row).key)) +
                                     taskDetailText(m_model->taskAt(row))
                               : QString());
    m_review->setCurrent(row >= 0 ? key : QString(), review);
    updateButtons();
}

void ExceptionsPage::updateButtons() {
    // While the team ledger is unreachable this desk shows its mirror: nothing can be resolved.
    const bool any = !m_readOnly && m_table->selectionModel()->hasSelection();
    bool anyReconciliation = false;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        anyReconciliation =
            anyReconciliation || index.data(CategoryRole).toString() == QLatin1String("reconciliation");
    // In a team, each also needs its role (the tooltip names it when the login lacks it).
    AccessGate::apply(m_requeue, any, m_access, TeamAction::ResolveHalt);
    AccessGate::apply(m_accept, !m_readOnly && anyReconciliation, m_access, TeamAction::AcceptException);
    AccessGate::apply(m_withdraw, any, m_access, TeamAction::Withdraw);
    AccessGate::apply(m_note, any, m_access, TeamAction::Note);
    AccessGate::apply(m_filedOutside, !m_readOnly && !shownKey().isEmpty(), m_access,
                      TeamAction::FiledOutside);
}

} // namespace fd::ui
