#include "ui/widgets/reason_dialog.h"
#include "engine/core/host_identity.h"

#include <QInputDialog>

#include "ui/widgets/reason_provider.h"

#include "engine/audit/audit_store.h"

#include "ui/models/display_format.h"

#include <QCoreApplication>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShowEvent>
#include <QTimer>
#include <QVBoxLayout>

namespace fd::ui {

ReasonDialog::ReasonDialog(const ReasonRequest &request, QWidget *parent)
    : QDialog(parent)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("reasonDialog"));
    setWindowTitle(request.title);
    const bool note = request.action == QLatin1String("note");
    auto *layout = new QVBoxLayout(this);
    // Shown as written: plain text and no buddy, so that an entity named "Cheniere LNG O&M Services" keeps
    // its ampersand (a label with a buddy takes "&M" for a keyboard shortcut); the field carries the question
    // for screen readers instead.
    auto *question = new QLabel(request.question, this);
    question->setObjectName(QStringLiteral("reasonQuestion"));
    question->setTextFormat(Qt::PlainText);
    question->setWordWrap(true);
    layout->addWidget(question);
    auto *who = new QLabel(
        note ? tr("Kept with the item and in the audit trail as %1, with the time:").arg(host::osUser())
             : tr("Recorded in the audit trail as %1, with this reason:").arg(host::osUser()),
        this);
    layout->addWidget(who);
    QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setObjectName(QStringLiteral("reasonOkButton"));
    ok->setEnabled(!request.defaultReason.trimmed().isEmpty());
    // OK is the default: Enter in the reason field records the action once a reason is typed, and does
    // nothing before (a disabled default button takes Enter without cancelling).
    ok->setDefault(true);
    m_buttons->button(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("reasonCancelButton"));
    if (note) {
        m_note = new QPlainTextEdit(this);
        m_note->setObjectName(QStringLiteral("noteEdit"));
        m_note->setAccessibleName(tr("Note"));
        m_note->setPlaceholderText(
            tr("What happened, what was agreed, what is next (several lines are fine)"));
        m_note->setPlainText(request.defaultReason);
        m_note->setTabChangesFocus(true);
        m_note->setMinimumSize(480, 140);
        m_note->setAccessibleDescription(request.question);
        layout->addWidget(m_note, 1);
        connect(m_note, &QPlainTextEdit::textChanged, ok,
                [ok, this] { ok->setEnabled(!m_note->toPlainText().trimmed().isEmpty()); });
    } else {
        m_edit = new QLineEdit(this);
        m_edit->setObjectName(QStringLiteral("reasonEdit"));
        m_edit->setAccessibleName(tr("Reason"));
        m_edit->setPlaceholderText(tr("Why? (required)"));
        m_edit->setText(request.defaultReason);
        m_edit->selectAll();
        m_edit->setMinimumWidth(420);
        m_edit->setAccessibleDescription(request.question);
        layout->addWidget(m_edit);
        connect(m_edit, &QLineEdit::textChanged, ok,
                [ok](const QString &text) { ok->setEnabled(!text.trimmed().isEmpty()); });
    }
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // The keyboard starts in the field, not on the first button of the focus chain (Cancel, while OK is
    // disabled): what the person types is the reason.
    QWidget *field = m_note ? static_cast<QWidget *>(m_note) : static_cast<QWidget *>(m_edit);
    setFocusProxy(field);
    field->setFocus(Qt::OtherFocusReason);
}

void ReasonDialog::showEvent(QShowEvent *event) {
    QDialog::showEvent(event);
    if (event->spontaneous())
        return;
    // Without a window manager (Xvfb, kiosk sessions) nobody gives the new dialog the keyboard: it takes it,
    // a moment later when it is mapped, and puts it in the reason field.
    QTimer::singleShot(0, this, [this] {
        if (!isVisible())
            return;
        raise();
        activateWindow();
        focusProxy()->setFocus(Qt::ActiveWindowFocusReason);
    });
}

void returnKeyboardToParent(QDialog *dialog) {
    QWidget *parent = dialog->parentWidget();
    if (parent && dialog->isActiveWindow() && parent->window()->isVisible())
        parent->window()->activateWindow();
}

void ReasonDialog::done(int result) {
    returnKeyboardToParent(this);
    QDialog::done(result);
}

QString ReasonDialog::reason() const {
    return m_note ? m_note->toPlainText().trimmed() : m_edit->text().trimmed();
}

std::optional<int> ReasonProvider::askChoice(QWidget *parent, const QString &title, const QString &label,
                                             const QStringList &choices) {
    bool ok = false;
    const QString picked = QInputDialog::getItem(parent, title, label, choices, 0, false, &ok);
    if (!ok)
        return std::nullopt;
    const qsizetype index = choices.indexOf(picked);
    return index < 0 ? std::nullopt : std::optional<int>(int(index));
}

bool ReasonProvider::confirm(QWidget *parent, const QString &title, const QString &question) {
    return QMessageBox::question(parent, title, question, QMessageBox::Yes | QMessageBox::No,
                                 QMessageBox::No) == QMessageBox::Yes;
}

std::optional<ReasonProvider::FiledOutside>
ReasonProvider::askFiledOutside(QWidget *parent, const QString &filing, qint64 expectedFeeCents) {
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("filedOutsideDialog"));
    dialog.setWindowTitle(QCoreApplication::translate("fd::ui::ReasonDialog", "Filed outside FilingDesk"));
    auto *form = new QFormLayout(&dialog);
    auto *intro = new QLabel(
        QCoreApplication::translate("fd::ui::ReasonDialog",
                                    "%1 was filed on paper or in the registry's portal. It counts as filed.")
            .arg(filing),
        &dialog);
    intro->setWordWrap(true);
    form->addRow(intro);
    auto *confirmation = new QLineEdit(&dialog);
    confirmation->setObjectName(QStringLiteral("filedOutsideConfirmation"));
    form->addRow(QCoreApplication::translate("fd::ui::ReasonDialog", "Confirmation number:"), confirmation);
    auto *fee = new QDoubleSpinBox(&dialog);
    fee->setObjectName(QStringLiteral("filedOutsideFee"));
    fee->setPrefix(QStringLiteral("$"));
    fee->setDecimals(2);
    fee->setRange(0, 10000000);
    fee->setGroupSeparatorShown(true);
    fee->setValue(double(qMax<qint64>(0, expectedFeeCents)) / 100.0);
    form->addRow(QCoreApplication::translate("fd::ui::ReasonDialog", "Fee charged:"), fee);
    auto *date = new QDateEdit(QDate::currentDate(), &dialog);
    date->setObjectName(QStringLiteral("filedOutsideDate"));
    date->setCalendarPopup(true);
    date->setDisplayFormat(datePattern());
    form->addRow(QCoreApplication::translate("fd::ui::ReasonDialog", "Filed on:"), date);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    QObject::connect(confirmation, &QLineEdit::textChanged, buttons, [buttons](const QString &text) {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
    });
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return FiledOutside{confirmation->text().trimmed(), qint64(qRound64(fee->value() * 100.0)), date->date()};
}

std::optional<QString> DialogReasonProvider::askReason(QWidget *parent, const ReasonRequest &request) {
    ReasonDialog dialog(request, parent);
    if (dialog.exec() != QDialog::Accepted || dialog.reason().isEmpty())
        return std::nullopt;
    return dialog.reason();
}

} // namespace fd::ui
