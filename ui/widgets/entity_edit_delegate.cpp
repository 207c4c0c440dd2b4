#include "ui/widgets/entity_edit_delegate.h"

#include "ui/models/display_format.h"

#include <QComboBox>
#include <QLineEdit>
#include <QLocale>
#include <QValidator>

namespace fd::ui {

namespace {

/// A date as people type it: the locale's short pattern (the one the grid shows), or ISO 8601.
QDate parseTypedDate(const QString &text) {
    const QString trimmed = text.trimmed();
    QDate date = QLocale().toDate(trimmed, datePattern());
    if (!date.isValid())
        date = QDate::fromString(trimmed, Qt::ISODate);
    return date;
}

/// Accepts a complete date only: Enter on anything else leaves the editor open (the item delegate does not
/// commit a line edit whose input is not acceptable), so a half-typed date is never thrown away silently.
class TypedDateValidator final : public QValidator {
public:
    using QValidator::QValidator;
    State validate(QString &input, int &) const override {
        if (input.trimmed().isEmpty())
            return Acceptable; // left empty: nothing is saved
        return parseTypedDate(input).isValid() ? Acceptable : Intermediate;
    }
};

} // namespace

EntityEditDelegate::EntityEditDelegate(int formationDateColumn, int entityTypeColumn, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_formationDateColumn(formationDateColumn)
    , m_entityTypeColumn(entityTypeColumn) {}

QWidget *EntityEditDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                          const QModelIndex &index) const {
    if (index.column() == m_formationDateColumn) {
        // Typed as the grid shows it (or ISO 8601); a missing date starts empty, never as a date nobody
        // entered, and leaving the editor empty changes nothing.
        auto *edit = new QLineEdit(parent);
        edit->setObjectName(QStringLiteral("formationDateEditor"));
        edit->setAccessibleName(tr("Formation date"));
        edit->setPlaceholderText(datePattern());
        edit->setToolTip(tr("The formation date, as %1 (or YYYY-MM-DD)").arg(datePattern()));
        edit->setValidator(new TypedDateValidator(edit));
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
    if (index.column() == m_formationDateColumn) {
        if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
            const QDate date = index.data(Qt::EditRole).toDate();
            edit->setText(date.isValid() ? formatDate(date) : QString());
            return;
        }
    }
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        combo->setCurrentIndex(combo->findData(index.data(Qt::EditRole).toString())); // -1: not set
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void EntityEditDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                      const QModelIndex &index) const {
    if (index.column() == m_formationDateColumn) {
        if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
            const QDate date = parseTypedDate(edit->text());
            if (date.isValid() && date != index.data(Qt::EditRole).toDate()) // empty or unchanged: nothing
                model->setData(index, date, Qt::EditRole);
            return;
        }
    }
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        if (combo->currentIndex() >= 0)
            model->setData(index, combo->currentData(), Qt::EditRole);
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace fd::ui
