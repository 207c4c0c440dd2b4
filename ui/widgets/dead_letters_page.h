#pragma once

#include "engine/access/team_roles.h"

#include <QWidget>

class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace fd::ui {

class ReviewControls;

class DeadLetterModel;
class TaskFilterBar;
class TaskFilterProxy;

/// The dead letters with their error category and code, attempts, last error, trace id, raw response body and
/// payload; replay the current one, the selection, or everything the filter matches. In team mode also who
/// has one open for review, and "Open for review" / "Close review". Thread affinity: GUI.
class DeadLettersPage : public QWidget {
    Q_OBJECT
public:
    explicit DeadLettersPage(DeadLetterModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    TaskFilterProxy *proxy() const { return m_proxy; }
    TaskFilterBar *filterBar() const { return m_filterBar; }
    QStringList selectedKeys() const;
    /// The dead letter whose details are shown ("Replay…" replays it): see detailIndex().
    QString currentKey() const;

    /// Team mode: the Review column and the review buttons are shown (hidden on a single desk).
    void setTeamMode(bool team);
    /// The team ledger is unreachable: the page is read-only (the mirror), every action is disabled.
    void setLedgerReachable(bool reachable);
    /// Team mode: the login's roles; replaying needs the operator role, "Filed outside" the approver role.
    void setAccess(const fd::TeamAccess &access);
    ReviewControls *reviewControls() const { return m_review; }
    /// Fits the Review column to the reviews on show (narrow while nobody reviews anything).
    void fitReviewColumn();

Q_SIGNALS:
    /// Team mode: open `key` for review / close this operator's review of it.
    void reviewOpenRequested(const QString &key);
    void reviewCloseRequested(const QString &key);
    /// `scope` says in words what is replayed ("1 dead letter", "all 12 matching the filter").
    void replayRequested(const QStringList &keys, const QString &scope);
    /// "Filed outside FilingDesk" for the dead letter shown.
    void filedOutsideRequested(const QString &key);

private:
    void showCurrent();
    void updateButtons();

    DeadLetterModel *m_model;
    TaskFilterProxy *m_proxy;
    TaskFilterBar *m_filterBar;
    QTableView *m_table;
    QPlainTextEdit *m_detail;
    ReviewControls *m_review;
    bool m_readOnly = false;
    fd::TeamAccess m_access;
    QPushButton *m_replayOne;
    QPushButton *m_replaySelection;
    QPushButton *m_replayMatching;
    QPushButton *m_filedOutside = nullptr;
};

} // namespace fd::ui
