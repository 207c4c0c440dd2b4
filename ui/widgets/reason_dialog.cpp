#include "ui/widgets/reason_dialog.h"

#include <QInputDialog>

#include "ui/widgets/reason_provider.h"

#include "engine/audit/audit_store.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace fd::ui {

ReasonDialog::ReasonDialog(const ReasonRequest &request, QWidget *parent)
    : QDialog(parent)
    , m_edit(new QLineEdit(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("reasonDialog"));
    setWindowTitle(request.title);
    auto *layout = new QVBoxLayout(this);
    auto *question = new QLabel(request.question, this);
    question->setWordWrap(true);
    layout->addWidget(question);
    auto *who = new QLabel(
        tr("Recorded in the audit trail as %1, with this reason:").arg(AuditStore::osUser()), this);
    layout->addWidget(who);
    m_edit->setObjectName(QStringLiteral("reasonEdit"));
    m_edit->setAccessibleName(tr("Reason"));
    m_edit->setPlaceholderText(tr("Why? (required)"));
    m_edit->setText(request.defaultReason);
    m_edit->selectAll();
    m_edit->setMinimumWidth(420);
    question->setBuddy(m_edit);
    layout->addWidget(m_edit);
    layout->addWidget(m_buttons);
    QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setObjectName(QStringLiteral("reasonOkButton"));
    ok->setEnabled(!request.defaultReason.trimmed().isEmpty());
    connect(m_edit, &QLineEdit::textChanged, ok,
            [ok](const QString &text) { ok->setEnabled(!text.trimmed().isEmpty()); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
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
    return m_edit->text().trimmed();
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

std::optional<QString> DialogReasonProvider::askReason(QWidget *parent, const ReasonRequest &request) {
    ReasonDialog dialog(request, parent);
    if (dialog.exec() != QDialog::Accepted || dialog.reason().isEmpty())
        return std::nullopt;
    return dialog.reason();
}

} // namespace fd::ui
