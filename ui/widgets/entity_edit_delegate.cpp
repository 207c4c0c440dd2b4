#include "ui/widgets/entity_edit_delegate.h"

#include "ui/models/display_format.h"

#include <QComboBox>
#include <QDateEdit>

namespace fd::ui {

namespace {
/// The date editor's "not set": before any formation date a register holds.
const QDate kNoDate(1800, 1, 1);
} // namespace

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
        // A missing date shows as "not set" (the editor's minimum), never as a date nobody entered: leaving
        // the editor without choosing one changes nothing.
        edit->setMinimumDate(kNoDate);
        edit->setSpecialValueText(tr("not set"));
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
        combo->setPlaceholderText(tr("not set"));
        return combo;
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void EntityEditDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const {
    if (auto *edit = qobject_cast<QDateEdit *>(editor)) {
        const QDate date = index.data(Qt::EditRole).toDate();
        edit->setDate(date.isValid() ? date : kNoDate);
        return;
    }
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        combo->setCurrentIndex(combo->findData(index.data(Qt::EditRole).toString())); // -1: not set
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void EntityEditDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                      const QModelIndex &index) const {
    if (auto *edit = qobject_cast<QDateEdit *>(editor)) {
        if (edit->date() != kNoDate) // "not set" left as it was: nothing to save
            model->setData(index, edit->date(), Qt::EditRole);
        return;
    }
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        if (combo->currentIndex() >= 0)
            model->setData(index, combo->currentData(), Qt::EditRole);
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace fd::ui
