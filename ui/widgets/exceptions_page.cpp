#include "ui/widgets/exceptions_page.h"

#include "ui/models/exception_model.h"
#include "ui/models/item_roles.h"
#include "ui/widgets/access_gate.h"

#include <QItemSelectionModel>
#include <QPushButton>
#include <QTableView>

namespace fd::ui {

ExceptionsPage::ExceptionsPage(ExceptionModel *model, QWidget *parent)
    : ReviewQueuePage(
          model,
          {QStringLiteral("exceptions"), tr("Statutory halts and reconciliation exceptions"),
           ExceptionModel::DueDateColumn, Qt::AscendingOrder, QStringLiteral("exceptionDetail"),
           tr("Why it halted: rule, statute, what the registry answered, what was sent"),
           tr("Select an item to see its rule, the statute, what the registry answered and what was sent."),
           QStringLiteral("filedOutsideButton")},
          parent)
    , m_requeue(new QPushButton(tr("Resolve and &requeue…"), this))
    , m_accept(new QPushButton(tr("&Accept as filed…"), this))
    , m_withdraw(new QPushButton(tr("&Withdraw (will not file)…"), this))
    , m_note(new QPushButton(tr("Add &note…"), this)) {
    table()->setColumnWidth(ExceptionModel::EntityColumn, 260);
    table()->setColumnWidth(ExceptionModel::JurisdictionColumn, 150);
    table()->setColumnWidth(ExceptionModel::KindColumn, 170);
    table()->setColumnWidth(ExceptionModel::CodeColumn, 220);
    table()->setColumnWidth(ExceptionModel::ReasonColumn, 300);

    m_requeue->setObjectName(QStringLiteral("resolveRequeueButton"));
    m_requeue->setAccessibleName(tr("Resolve and requeue the selected items"));
    m_accept->setObjectName(QStringLiteral("acceptAsFiledButton"));
    m_accept->setAccessibleName(tr("Accept the selected reconciliation exceptions as filed"));
    m_accept->setToolTip(tr("Accept a reconciliation exception as filed after checking its receipt. Only one "
                            "the registry gave a confirmation number for can be; for one without, requeue "
                            "it (it is looked up first) or record it as filed outside FilingDesk."));
    m_withdraw->setObjectName(QStringLiteral("withdrawButton"));
    m_withdraw->setAccessibleName(tr("Withdraw the selected items: they will not be filed"));
    m_note->setObjectName(QStringLiteral("addNoteButton"));
    m_note->setAccessibleName(tr("Add a note to the selected items"));
    for (QPushButton *b : {m_requeue, m_accept, filedOutsideButton(), m_withdraw, m_note})
        addAction(b);

    connect(m_requeue, &QPushButton::clicked, this,
            [this] { Q_EMIT resolveRequested(selectedKeys(), true); });
    connect(m_accept, &QPushButton::clicked, this, [this] {
        // Only the exceptions with a confirmation number: the others are not offered (updateButtons()).
        QStringList acceptable;
        for (const QModelIndex &index : table()->selectionModel()->selectedRows())
            if (index.data(AcceptableAsFiledRole).toBool())
                acceptable.append(index.data(KeyRole).toString());
        Q_EMIT resolveRequested(acceptable, false);
    });
    connect(m_withdraw, &QPushButton::clicked, this, [this] { Q_EMIT withdrawRequested(selectedKeys()); });
    connect(m_note, &QPushButton::clicked, this, [this] { Q_EMIT noteRequested(selectedKeys()); });
    updateButtons();
}

void ExceptionsPage::updateButtons() {
    ReviewQueuePage::updateButtons();
    const bool any = !isReadOnly() && table()->selectionModel()->hasSelection();
    bool anyAcceptable = false;
    for (const QModelIndex &index : table()->selectionModel()->selectedRows())
        anyAcceptable = anyAcceptable || index.data(AcceptableAsFiledRole).toBool();
    // In a team, each also needs its role (the tooltip names it when the login lacks it).
    AccessGate::apply(m_requeue, any, access(), TeamAction::ResolveHalt);
    AccessGate::apply(m_accept, !isReadOnly() && anyAcceptable, access(), TeamAction::AcceptException);
    AccessGate::apply(m_withdraw, any, access(), TeamAction::Withdraw);
    AccessGate::apply(m_note, any, access(), TeamAction::Note);
}

} // namespace fd::ui
