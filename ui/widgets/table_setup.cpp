#include "ui/widgets/table_setup.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <algorithm>

namespace fd::ui {

namespace {

/// While the pointer is over a table's rows, a sorting proxy keeps its order: a batch that is sending moves
/// rows (their progress, urgency and status change), and a click aimed at one filing must not land on the
/// one that slid under the pointer. Sorted and filtered again, from the model as it is then, when the
/// pointer leaves.
class HoldOrderWhilePointed : public QObject {
public:
    HoldOrderWhilePointed(QSortFilterProxyModel *proxy, QObject *parent)
        : QObject(parent)
        , m_proxy(proxy) {}

protected:
    bool eventFilter(QObject *watched, QEvent *event) override {
        if (!m_proxy)
            return QObject::eventFilter(watched, event);
        if (event->type() == QEvent::Enter) {
            m_proxy->setDynamicSortFilter(false);
        } else if (event->type() == QEvent::Leave && !m_proxy->dynamicSortFilter()) {
            m_proxy->setDynamicSortFilter(true);
            m_proxy->invalidate(); // rows that changed meanwhile are placed and filtered again
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QPointer<QSortFilterProxyModel> m_proxy;
};

} // namespace

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
    // Every column at least as wide as its title ("Penalty exposure" was cut off at the default width); a
    // page may still set wider ones.
    QHeaderView *header = table->horizontalHeader();
    for (int column = 0; column < header->count(); ++column)
        header->resizeSection(column, std::max(header->sectionSize(column), header->sectionSizeHint(column)));
    // Copy copies rows, not the one cell under the cursor: what an auditor's e-mail needs.
    auto *copy = new QAction(QObject::tr("Copy rows"), table);
    copy->setObjectName(setup.objectName + QStringLiteral("CopyRows"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(copy, &QAction::triggered, table, [table] {
        const QString text = selectedRowsText(table);
        if (!text.isEmpty())
            QApplication::clipboard()->setText(text);
    });
    table->addAction(copy);
    table->setContextMenuPolicy(table->contextMenuPolicy() == Qt::DefaultContextMenu
                                    ? Qt::ActionsContextMenu
                                    : table->contextMenuPolicy());
    if (auto *proxy = qobject_cast<QSortFilterProxyModel *>(model); proxy && proxy->dynamicSortFilter())
        table->viewport()->installEventFilter(new HoldOrderWhilePointed(proxy, table));
}

QString selectedRowsText(const QTableView *table) {
    const QItemSelectionModel *selection = table->selectionModel();
    const QAbstractItemModel *model = table->model();
    if (!selection || !model || !selection->hasSelection())
        return QString();
    const QHeaderView *header = table->horizontalHeader();
    QList<int> columns;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns << logical;
    }
    QList<int> rows;
    for (const QModelIndex &index : selection->selectedRows())
        rows << index.row();
    std::sort(rows.begin(), rows.end());
    const auto clean = [](QString text) {
        return text.replace(QLatin1Char('\t'), QLatin1Char(' '))
            .replace(QLatin1Char('\n'), QLatin1Char(' '))
            .replace(QLatin1Char('\r'), QLatin1Char(' '));
    };
    QStringList lines;
    QStringList titles;
    for (const int column : std::as_const(columns))
        titles << clean(model->headerData(column, Qt::Horizontal).toString());
    lines << titles.join(QLatin1Char('\t'));
    for (const int row : std::as_const(rows)) {
        QStringList cells;
        for (const int column : std::as_const(columns))
            cells << clean(model->index(row, column).data(Qt::DisplayRole).toString());
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
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
