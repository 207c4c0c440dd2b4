#pragma once

#include "ui/widgets/review_queue_page.h"

class QPushButton;

namespace fd::ui {

class DeadLetterModel;

/// The filings that could not be filed (dead letters) with their error category and code, attempts, last
/// error and, for support, trace id, raw response body and payload; try the current one again, the
/// selection, or everything the filter matches; filed outside FilingDesk; withdraw the selection (will not
/// file: "deadLetterWithdrawButton"); add a note ("deadLetterNoteButton"); in team mode also who has one open
/// for review (ReviewQueuePage). Thread affinity: GUI.
class DeadLettersPage : public ReviewQueuePage {
    Q_OBJECT
public:
    explicit DeadLettersPage(DeadLetterModel *model, QWidget *parent = nullptr);

Q_SIGNALS:
    /// `scope` says in words what is tried again ("1 filing", "all 12 filings matching the filter").
    void replayRequested(const QStringList &keys, const QString &scope, const QString &aside = QString());
    void noteRequested(const QStringList &keys);
    /// `keys`: the selected dead letters not withdrawn yet (fd::isWithdrawable); `leftOut`: the other
    /// selected ones (withdrawn already, or owing a look-up), which a withdrawal would not touch.
    void withdrawRequested(const QStringList &keys, const QStringList &leftOut);

protected:
    /// Trying again and a note need the operator role, "Filed outside" and withdrawing the approver role.
    void updateButtons() override;

private:
    /// The keys of the rows the filter matches that a person did not withdraw; `*withdrawn` counts the
    /// others.
    QStringList notWithdrawnMatching(int *withdrawn = nullptr) const;
    QPushButton *m_replayOne;
    QPushButton *m_replaySelection;
    QPushButton *m_replayMatching;
    QPushButton *m_withdraw;
    QPushButton *m_note;
};

} // namespace fd::ui
