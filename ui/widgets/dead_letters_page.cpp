#include "ui/widgets/dead_letters_page.h"

#include "ui/models/dead_letter_model.h"
#include "ui/models/item_roles.h"
#include "ui/proxies/task_filter_proxy.h"
#include "ui/widgets/access_gate.h"

#include <QItemSelectionModel>
#include <QKeySequence>
#include <QPushButton>
#include <QTableView>

namespace fd::ui {

DeadLettersPage::DeadLettersPage(DeadLetterModel *model, QWidget *parent)
    : ReviewQueuePage(model,
                      {QStringLiteral("deadLetters"), tr("Filings that could not be filed"),
                       DeadLetterModel::UpdatedColumn, Qt::DescendingOrder,
                       QStringLiteral("deadLetterDetail"), tr("What the registry answered and what was sent"),
                       tr("Select a filing to see what the registry answered and what was sent (for support: "
                          "the trace id, the registry's raw answer and the data sent)."),
                       QStringLiteral("deadLetterFiledOutsideButton")},
                      parent)
    , m_replayOne(new QPushButton(tr("&Try again…"), this))
    , m_replaySelection(new QPushButton(tr("Try the &selection again…"), this))
    , m_replayMatching(new QPushButton(this))
    , m_withdraw(new QPushButton(tr("&Withdraw (will not file)…"), this))
    , m_note(new QPushButton(tr("Add &note…"), this)) {
    table()->setColumnWidth(DeadLetterModel::EntityColumn, 280);
    table()->setColumnWidth(DeadLetterModel::JurisdictionColumn, 150);
    table()->setColumnWidth(DeadLetterModel::LastErrorColumn, 300);
    table()->setColumnWidth(DeadLetterModel::CodeColumn, 170);
    table()->setColumnWidth(DeadLetterModel::TraceIdColumn, 290);
    table()->setColumnWidth(DeadLetterModel::UpdatedColumn, 150);

    m_replayOne->setObjectName(QStringLiteral("replayOneButton"));
    m_replayOne->setAccessibleName(tr("Try the current filing again"));
    m_replaySelection->setObjectName(QStringLiteral("replaySelectionButton"));
    m_replaySelection->setAccessibleName(tr("Try the selected filings again"));
    m_replaySelection->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+R")));
    m_replayMatching->setObjectName(QStringLiteral("replayAllMatchingButton"));
    m_replayMatching->setAccessibleName(tr("Try every filing matching the filter again"));
    m_withdraw->setObjectName(QStringLiteral("deadLetterWithdrawButton"));
    m_withdraw->setAccessibleName(tr("Withdraw the selected filings: they will not be filed"));
    m_note->setObjectName(QStringLiteral("deadLetterNoteButton"));
    m_note->setAccessibleName(tr("Add a note to the selected filings"));
    for (QPushButton *b :
         {m_replayOne, m_replaySelection, m_replayMatching, filedOutsideButton(), m_withdraw, m_note})
        addAction(b);

    connect(m_replayOne, &QPushButton::clicked, this, [this] {
        const QString key = currentKey();
        if (key.isEmpty())
            return;
        const QString named = describeKey(key);
        Q_EMIT replayRequested({key}, named.isEmpty() ? tr("1 filing") : tr("the filing of %1").arg(named));
    });
    connect(m_replaySelection, &QPushButton::clicked, this, [this] {
        const QStringList keys = selectedKeys();
        if (keys.isEmpty())
            return;
        const QString named = keys.size() == 1 ? describeKey(keys.first()) : QString();
        Q_EMIT replayRequested(keys, named.isEmpty() ? tr("%n selected filing(s)", nullptr, int(keys.size()))
                                                     : tr("the selected filing of %1").arg(named));
    });
    connect(m_replayMatching, &QPushButton::clicked, this, [this] {
        int withdrawn = 0;
        const QStringList keys = notWithdrawnMatching(&withdrawn);
        if (keys.isEmpty())
            return;
        const QString scope = tr("all %n filing(s) matching the filter", nullptr, int(keys.size()));
        const QString aside =
            withdrawn > 0 ? tr("%n withdrawn filing(s) are left out: a person decided they will not be filed "
                               "(select one to try it again).",
                               nullptr, withdrawn)
                          : QString();
        Q_EMIT replayRequested(keys, scope, aside);
    });
    connect(m_withdraw, &QPushButton::clicked, this, [this] {
        // A filing that could not be filed stays a dead letter; withdrawing it records a person's decision
        // that it will not be filed, so that the reports show "will not file" instead of a failure to act on.
        QStringList withdrawable;
        QStringList leftOut;
        for (const QModelIndex &index : table()->selectionModel()->selectedRows())
            (index.data(WithdrawableRole).toBool() ? withdrawable : leftOut)
                .append(index.data(KeyRole).toString());
        Q_EMIT withdrawRequested(withdrawable, leftOut);
    });
    connect(m_note, &QPushButton::clicked, this, [this] { Q_EMIT noteRequested(selectedKeys()); });
    updateButtons();
}

QStringList DeadLettersPage::notWithdrawnMatching(int *withdrawn) const {
    // A withdrawn filing is one a person decided will not be filed: a bulk retry leaves it alone.
    QStringList keys;
    int left = 0;
    for (int row = 0; row < proxy()->rowCount(); ++row) {
        const QModelIndex index = proxy()->index(row, 0);
        if (index.data(WithdrawnRole).toBool())
            ++left;
        else
            keys.append(index.data(KeyRole).toString());
    }
    if (withdrawn)
        *withdrawn = left;
    return keys;
}

void DeadLettersPage::updateButtons() {
    ReviewQueuePage::updateButtons();
    // While the team ledger is unreachable this desk shows its mirror: nothing can be tried again.
    AccessGate::apply(m_replayOne, !isReadOnly() && !currentKey().isEmpty(), access(), TeamAction::Replay);
    AccessGate::apply(m_replaySelection, !isReadOnly() && table()->selectionModel()->hasSelection(), access(),
                      TeamAction::Replay);
    const qsizetype retryable = notWithdrawnMatching().size();
    m_replayMatching->setText(tr("Try &all %1 matching the filter again…").arg(retryable));
    AccessGate::apply(m_replayMatching, !isReadOnly() && retryable > 0, access(), TeamAction::Replay);
    AccessGate::apply(m_withdraw, !isReadOnly() && table()->selectionModel()->hasSelection(), access(),
                      TeamAction::Withdraw);
    AccessGate::apply(m_note, !isReadOnly() && table()->selectionModel()->hasSelection(), access(),
                      TeamAction::Note);
}

} // namespace fd::ui
