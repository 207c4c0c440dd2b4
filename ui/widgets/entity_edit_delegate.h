#pragma once

#include <QStyledItemDelegate>

namespace fd::ui {

/// Editors for the two fields an operator may fill in on a needs-data row: a date picker for the formation
/// date and a list of the entity types the rules distinguish. Thread affinity: GUI thread.
class EntityEditDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    EntityEditDelegate(int formationDateColumn, int entityTypeColumn, QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

private:
    int m_formationDateColumn;
    int m_entityTypeColumn;
};

} // namespace fd::ui
