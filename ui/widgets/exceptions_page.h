#pragma once

#include "engine/access/team_roles.h"

#include <QWidget>

class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace fd::ui {

class ReviewControls;

class ExceptionModel;
class TaskFilterBar;
class TaskFilterProxy;

/// The legal-ops review queue: statutory halts and reconciliation exceptions, with rule and citation, reason,
/// due date and penalty exposure; resolve-and-requeue, accept as filed (reconciliation), withdraw, add note;
/// in team mode also who has an item open for review, and "Open for review" / "Close review".
/// Actions apply to the selection and are signals; the main window asks for the reason. Thread affinity: GUI.
class ExceptionsPage : public QWidget {
    Q_OBJECT
public:
    explicit ExceptionsPage(ExceptionModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    TaskFilterProxy *proxy() const { return m_proxy; }
    QStringList selectedKeys() const;

    /// Team mode: the Review column and the review buttons are shown (hidden on a single desk).
    void setTeamMode(bool team);
    /// The team ledger is unreachable: the page is read-only (the mirror), every action is disabled.
    void setLedgerReachable(bool reachable);
    /// Team mode: the login's roles; a note needs the operator role, resolving, accepting, withdrawing and
    /// "Filed outside" the approver role.
    void setAccess(const fd::TeamAccess &access);
    ReviewControls *reviewControls() const { return m_review; }
    /// Fits the Review column to the reviews on show (narrow while nobody reviews anything).
    void fitReviewColumn();

Q_SIGNALS:
    /// Team mode: open `key` for review / close this operator's review of it.
    void reviewOpenRequested(const QString &key);
    void reviewCloseRequested(const QString &key);
    void resolveRequested(const QStringList &keys, bool requeue);
    void withdrawRequested(const QStringList &keys);
    void noteRequested(const QStringList &keys);
    /// "Filed outside FilingDesk" for the item shown.
    void filedOutsideRequested(const QString &key);

private:
    void showCurrent();
    void updateButtons();
    /// The key whose details are shown (empty: none).
    QString shownKey() const;

    ExceptionModel *m_model;
    TaskFilterProxy *m_proxy;
    TaskFilterBar *m_filterBar;
    QTableView *m_table;
    QPlainTextEdit *m_detail;
    ReviewControls *m_review;
    bool m_readOnly = false;
    fd::TeamAccess m_access;
    QPushButton *m_requeue;
    QPushButton *m_accept;
    QPushButton *m_withdraw;
    QPushButton *m_note;
    QPushButton *m_filedOutside;
};

} // namespace fd::ui
