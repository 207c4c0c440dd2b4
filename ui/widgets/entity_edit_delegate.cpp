#include "ui/widgets/entity_edit_delegate.h"

#include "ui/models/display_format.h"

#include <QComboBox>
#include <QDateEdit>

namespace fd::ui {

EntityEditDelegate::EntityEditDelegate(int formationDateColumn, int entityTypeColumn, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_formationDateColumn(formationDateColumn)
    , m_entityTypeColumn(entityTypeColumn) {}

QWidget *EntityEditDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                          const QModelIndex &index) const {
    if (index.column() == m_formationDateColumn) {
        auto *edit = new QDateEdit(parent);
        edit->setObjectName(QStringLiteral("formationDateEditor"));
        edit->setAccessibleName(tr("Formation date"));
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(datePattern());
        edit->setMaximumDate(QDate::currentDate().addYears(2));
        return edit;
    }
    if (index.column() == m_entityTypeColumn) {
        auto *combo = new QComboBox(parent);
        combo->setObjectName(QStringLiteral("entityTypeEditor"));
        combo->setAccessibleName(tr("Entity type"));
        // Item data is the rules file's spelling; the text is for people.
        combo->addItem(tr("Corporation"), QStringLiteral("corporation"));
        combo->addItem(tr("LLC"), QStringLiteral("llc"));
        combo->addItem(tr("Limited partnership"), QStringLiteral("lp"));
        return combo;
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void EntityEditDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const {
    if (auto *edit = qobject_cast<QDateEdit *>(editor)) {
        edit->setDate(index.data(Qt::EditRole).toDate());
        return;
    }
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        const int found = combo->findData(index.data(Qt::EditRole).toString());
        combo->setCurrentIndex(found >= 0 ? found : 0);
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void EntityEditDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                      const QModelIndex &index) const {
    if (auto *edit = qobject_cast<QDateEdit *>(editor)) {
        model->setData(index, edit->date(), Qt::EditRole);
        return;
    }
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        model->setData(index, combo->currentData(), Qt::EditRole);
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace fd::ui
