#pragma once

#include "ui/widgets/review_queue_page.h"

class QPushButton;

namespace fd::ui {

class ExceptionModel;

/// The legal-ops review queue: statutory halts and reconciliation exceptions, with rule and citation, reason,
/// due date and penalty exposure; resolve-and-requeue, accept as filed (reconciliation), withdraw, add note,
/// filed outside FilingDesk; in team mode also who has an item open for review (ReviewQueuePage).
/// Actions apply to the selection and are signals; the main window asks for the reason. Thread affinity: GUI.
class ExceptionsPage : public ReviewQueuePage {
    Q_OBJECT
public:
    explicit ExceptionsPage(ExceptionModel *model, QWidget *parent = nullptr);

Q_SIGNALS:
    void resolveRequested(const QStringList &keys, bool requeue);
    void withdrawRequested(const QStringList &keys);
    void noteRequested(const QStringList &keys);

protected:
    /// A note needs the operator role; resolving, accepting, withdrawing and "Filed outside" the approver
    /// role.
    void updateButtons() override;

private:
    QPushButton *m_requeue;
    QPushButton *m_accept;
    QPushButton *m_withdraw;
    QPushButton *m_note;
};

} // namespace fd::ui
