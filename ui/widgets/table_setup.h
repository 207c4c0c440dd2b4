#pragma once

#include <QAbstractItemView>
#include <QModelIndex>
#include <QString>
#include <Qt>

class QAbstractItemModel;
class QPlainTextEdit;
class QTableView;

namespace fd::ui {

/// How one of the console's list views behaves: every page shows sortable, row-selecting, single-line tables.
struct TableSetup {
    QString objectName;     ///< found by GUI tests
    QString accessibleName; ///< read by screen readers
    int sortColumn = 0;
    Qt::SortOrder sortOrder = Qt::AscendingOrder;
    QAbstractItemView::SelectionMode selection = QAbstractItemView::ExtendedSelection;
    QAbstractItemView::EditTriggers editTriggers = QAbstractItemView::NoEditTriggers;
};

/// Applies the console's common table look and behaviour to `table` showing `model`, including Copy
/// (Ctrl+C) of the selected rows (selectedRowsText()). A sorting proxy (QSortFilterProxyModel) keeps its
/// rows in place while the pointer is over them, and sorts and filters again when it leaves: a click never
/// lands on a row that moved under it. GUI thread only.
void setUpTable(QTableView *table, QAbstractItemModel *model, const TableSetup &setup);

/// The selected rows of `table` as people paste them into a spreadsheet or an e-mail: a header line, then
/// one line per row in view order, the visible columns in their on-screen order, tab-separated (tabs and
/// line breaks inside a cell become spaces). Empty when nothing is selected.
QString selectedRowsText(const QTableView *table);

/// For a table with a detail pane: the row whose details are shown is the row the page's actions apply to.
/// When the view gets a current row while nothing is selected (keyboard focus moving into the table, the
/// current row removed or filtered out from under it), that row is selected too. Queued, so that a mouse
/// press, which sets the current index before it selects, keeps its own selection (Ctrl+click included).
/// Call after setUpTable(): it watches the table's selection model. GUI thread only.
void keepCurrentRowSelected(QTableView *table);

/// The row a detail pane shows: the current row when it is selected, otherwise the first selected row,
/// otherwise none (invalid). It is valid exactly when something is selected, so detail pane and action
/// buttons agree.
QModelIndex detailIndex(const QTableView *table);

/// A read-only, fixed-width detail pane (raw response bodies, payloads). GUI thread only.
void setUpDetailPane(QPlainTextEdit *detail, const QString &objectName, const QString &accessibleName,
                     const QString &placeholder);

} // namespace fd::ui
