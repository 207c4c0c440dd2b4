#include "ui/widgets/obligations_page.h"

#include "engine/model/execution_state.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/widgets/access_gate.h"
#include "ui/widgets/entity_edit_delegate.h"
#include "ui/widgets/table_setup.h"
#include "ui/widgets/task_filter_bar.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace fd::ui {

namespace {

QStringList stateChoices() {
    QStringList states;
    for (ExecutionState s : allStates())
        states << stateName(s);
    states << QStringLiteral("PLANNED") << QStringLiteral("NEEDS_DATA") << QStringLiteral("OUT_OF_SCOPE")
           << QStringLiteral("ROW_ERROR");
    return states;
}

} // namespace

ObligationsPage::ObligationsPage(ObligationModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new TaskFilterProxy(this))
    , m_table(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_launchSelection(new QPushButton(tr("&Launch selection"), this))
    , m_withdraw(new QPushButton(tr("&Withdraw selection…"), this)) {
    setObjectName(QStringLiteral("obligationsPage"));
    m_proxy->setObjectName(QStringLiteral("obligationsProxy"));
    m_proxy->setSourceModel(model);
    m_filterBar = new TaskFilterBar(m_proxy, {stateChoices(), false, true, true, true},
                                    QStringLiteral("obligations"), this);

    setUpTable(m_table, m_proxy,
               {QStringLiteral("obligationsTable"), tr("Obligations"), ObligationModel::UrgencyColumn,
                Qt::AscendingOrder, QAbstractItemView::ExtendedSelection,
                QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed});
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->setItemDelegate(new EntityEditDelegate(ObligationModel::FormationDateColumn,
                                                    ObligationModel::EntityTypeColumn, m_table));
    m_table->setColumnWidth(ObligationModel::EntityColumn, 260);
    // "Overdue 12 days", "Seit 12 Tagen überfällig": read whole, not elided.
    const QString longest =
        QCoreApplication::translate("fd::ui::ObligationModel", "Overdue %n day(s)", nullptr, 365);
    m_table->setColumnWidth(ObligationModel::UrgencyColumn,
                            m_table->fontMetrics().horizontalAdvance(longest) + 16);
    // Whose filing it is, next to the entity ("My filings" filters on it).
    m_table->horizontalHeader()->moveSection(
        m_table->horizontalHeader()->visualIndex(ObligationModel::OwnerColumn), 1);
    m_table->setColumnWidth(ObligationModel::OwnerColumn, 120);
    m_table->setColumnWidth(ObligationModel::JurisdictionColumn, 150);
    m_table->setColumnWidth(ObligationModel::FilingTypeColumn, 220);
    m_table->setColumnWidth(ObligationModel::ComplianceColumn, 200);
    m_table->setColumnWidth(ObligationModel::YearColumn, 50);
    m_table->setColumnWidth(ObligationModel::DaysLeftColumn, 70);
    m_table->setColumnWidth(ObligationModel::StateColumn, 170);
    m_table->setColumnWidth(ObligationModel::DetailColumn, 320);

    m_summary->setObjectName(QStringLiteral("portfolioSummary"));
    m_summary->setWordWrap(true);
    refreshDefaultSummary();
    m_launchSelection->setObjectName(QStringLiteral("launchSelectionButton"));
    m_launchSelection->setAccessibleName(tr("Launch the selected filings"));
    m_launchSelection->setToolTip(tr("Start filing the selected filings that wait to be sent (Ctrl+L)"));
    m_withdraw->setObjectName(QStringLiteral("withdrawSelectionButton"));
    m_withdraw->setAccessibleName(tr("Withdraw the selected filings"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_summary, 1);
    buttons->addWidget(m_launchSelection);
    buttons->addWidget(m_withdraw);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    connect(m_launchSelection, &QPushButton::clicked, this,
            [this] { Q_EMIT launchSelectionRequested(selectedTaskKeys()); });
    connect(m_withdraw, &QPushButton::clicked, this, [this] {
        // Only what is neither filed nor withdrawn, and not on the wire, can be withdrawn
        // (fd::isWithdrawable): the prompt counts those, and names the others it leaves alone.
        QStringList withdrawable;
        QStringList leftOut;
        int notFilings = 0; // a needs-data or planned row: no filing exists yet, so nothing to withdraw
        for (const QModelIndex &index : m_table->selectionModel()->selectedRows()) {
            const std::optional<ExecutionState> state = stateFromName(index.data(StateRole).toString());
            if (!state) {
                ++notFilings;
                continue;
            }
            if (index.data(WithdrawableRole).toBool())
                withdrawable.append(index.data(KeyRole).toString());
            else
                leftOut.append(index.data(KeyRole).toString());
        }
        Q_EMIT withdrawRequested(withdrawable, leftOut, notFilings);
    });
    connect(model, &QAbstractItemModel::modelReset, this, &ObligationsPage::refreshJurisdictions);
    connect(model, &QAbstractItemModel::modelReset, this, &ObligationsPage::refreshDefaultSummary);
    connect(model, &QAbstractItemModel::rowsInserted, this, &ObligationsPage::refreshDefaultSummary);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ObligationsPage::refreshDefaultSummary);
    updateButtons();
}

QStringList ObligationsPage::selectedTaskKeys() const {
    QStringList keys;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &index : rows) {
        if (stateFromName(index.data(StateRole).toString()))
            keys.append(index.data(KeyRole).toString());
    }
    return keys;
}

void ObligationsPage::setSummary(const QString &text) {
    m_planShown = true;
    m_summary->setText(text);
}

void ObligationsPage::refreshDefaultSummary() {
    if (m_planShown)
        return;
    const int rows = m_model->rowCount();
    m_summary->setText(rows == 0 ? tr("No portfolio loaded. Open one with Ctrl+O.")
                                 : tr("%n obligation(s) on record; no portfolio opened in this session "
                                      "(Ctrl+O opens one).",
                                      nullptr, rows));
}

void ObligationsPage::setLedgerReachable(bool reachable) {
    m_reachable = reachable;
    updateButtons();
}

void ObligationsPage::setAccess(const TeamAccess &access) {
    m_access = access;
    updateButtons();
}

void ObligationsPage::updateButtons() {
    AccessGate::apply(m_launchSelection, m_reachable, m_access, TeamAction::Launch);
    AccessGate::apply(m_withdraw, m_reachable, m_access, TeamAction::Withdraw);
}

void ObligationsPage::refreshJurisdictions() {
    m_filterBar->setJurisdictions(m_model->jurisdictions());
}

} // namespace fd::ui
