#pragma once

#include <QAbstractItemView>
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

/// Applies the console's common table look and behaviour to `table` showing `model`. GUI thread only.
void setUpTable(QTableView *table, QAbstractItemModel *model, const TableSetup &setup);

/// A read-only, fixed-width detail pane (raw response bodies, payloads). GUI thread only.
void setUpDetailPane(QPlainTextEdit *detail, const QString &objectName, const QString &accessibleName,
                     const QString &placeholder);

} // namespace fd::ui
