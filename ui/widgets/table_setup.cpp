#include "ui/widgets/table_setup.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPlainTextEdit>
#include <QTableView>

namespace fd::ui {

void setUpTable(QTableView *table, QAbstractItemModel *model, const TableSetup &setup) {
    table->setObjectName(setup.objectName);
    table->setAccessibleName(setup.accessibleName);
    table->setModel(model);
    table->setSortingEnabled(true);
    table->sortByColumn(setup.sortColumn, setup.sortOrder);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(setup.selection);
    table->setEditTriggers(setup.editTriggers);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    // Dense rows: operators scan hundreds of filings at once.
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setStretchLastSection(true);
}

void keepCurrentRowSelected(QTableView *table) {
    auto selectCurrent = [table] {
        QItemSelectionModel *selection = table->selectionModel();
        const QModelIndex current = selection ? selection->currentIndex() : QModelIndex();
        if (current.isValid() && !selection->hasSelection())
            selection->select(current, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    };
    QObject::connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, table, selectCurrent,
                     Qt::QueuedConnection);
}

QModelIndex detailIndex(const QTableView *table) {
    const QItemSelectionModel *selection = table->selectionModel();
    if (!selection || !selection->hasSelection())
        return QModelIndex();
    const QModelIndex current = selection->currentIndex();
    if (current.isValid() && selection->isRowSelected(current.row(), current.parent()))
        return current;
    const QModelIndexList rows = selection->selectedRows();
    return rows.isEmpty() ? QModelIndex() : rows.first();
}

void setUpDetailPane(QPlainTextEdit *detail, const QString &objectName, const QString &accessibleName,
                     const QString &placeholder) {
    detail->setObjectName(objectName);
    detail->setAccessibleName(accessibleName);
    detail->setReadOnly(true);
    detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    detail->setPlaceholderText(placeholder);
}

} // namespace fd::ui
