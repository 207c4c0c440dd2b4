#pragma once

#include "engine/access/team_roles.h"

#include <QWidget>

class QHBoxLayout;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace fd::ui {

class ReviewControls;
class TaskFilterBar;
class TaskFilterProxy;
class TaskSubsetModel;

/// What the review queues (halts and exceptions; filings that could not be filed) have in common: a filter
/// bar, the table, the detail pane that follows the current row (its review, its notes, taskDetailText()), in
/// team mode the Review column and "Open for review" / "Close review", "Filed outside FilingDesk" for the
/// item shown, and a row of action buttons that the page's own subclass adds and enables. Read-only while
/// the team ledger is unreachable; every action also needs the login's role (AccessGate). Thread affinity:
/// GUI.
class ReviewQueuePage : public QWidget {
    Q_OBJECT
public:
    QTableView *table() const { return m_table; }
    TaskFilterProxy *proxy() const { return m_proxy; }
    TaskFilterBar *filterBar() const { return m_filterBar; }
    QStringList selectedKeys() const;
    /// The row of `key` in people's words, as a prompt names it: "OD Holdings 0 Inc., Delaware (US-DE)";
    /// empty when the key is not shown.
    QString describeKey(const QString &key) const;
    /// The item whose details are shown (see detailIndex()); empty when none.
    QString currentKey() const;

    /// Team mode: the Review column and the review buttons are shown (hidden on a single desk).
    void setTeamMode(bool team);
    /// The team ledger is unreachable: the page is read-only (the mirror), every action is disabled.
    void setLedgerReachable(bool reachable);
    /// Team mode: the login's roles, which each action needs (the disabled button's tooltip names it).
    void setAccess(const fd::TeamAccess &access);
    ReviewControls *reviewControls() const { return m_review; }
    /// Fits the Review column to the reviews on show (narrow while nobody reviews anything).
    void fitReviewColumn();

Q_SIGNALS:
    /// Team mode: open `key` for review / close this operator's review of it.
    void reviewOpenRequested(const QString &key);
    void reviewCloseRequested(const QString &key);
    /// "Filed outside FilingDesk" for the item shown.
    void filedOutsideRequested(const QString &key);

protected:
    /// How one queue is named and laid out: object names ("exceptions" -> "exceptionsTable",
    /// "exceptionsProxy", ...), the table's accessible title and first sort, the detail pane's.
    struct Layout {
        QString name;       ///< "exceptions", "deadLetters"
        QString tableTitle; ///< accessible name of the table
        int sortColumn = 0; ///< the model column sorted first
        Qt::SortOrder sortOrder = Qt::AscendingOrder;
        QString detailObjectName;       ///< "exceptionDetail"
        QString detailTitle;            ///< accessible name of the detail pane
        QString detailPlaceholder;      ///< shown while nothing is selected
        QString filedOutsideObjectName; ///< "filedOutsideButton"
    };
    ReviewQueuePage(TaskSubsetModel *model, const Layout &layout, QWidget *parent);

    /// Appends `button` to the row of actions (after the review buttons), in the order added.
    void addAction(QPushButton *button);
    QPushButton *filedOutsideButton() const { return m_filedOutside; }
    bool isReadOnly() const { return m_readOnly; }
    const fd::TeamAccess &access() const { return m_access; }
    /// Enables the actions for the selection, the item shown, the ledger and the roles; a subclass enables
    /// its own buttons and calls this for "Filed outside". Call it at the end of the subclass's constructor.
    virtual void updateButtons();

private:
    void showCurrent();

    TaskSubsetModel *m_model;
    TaskFilterProxy *m_proxy;
    TaskFilterBar *m_filterBar;
    QTableView *m_table;
    QPlainTextEdit *m_detail;
    ReviewControls *m_review;
    QPushButton *m_filedOutside;
    QHBoxLayout *m_buttons;
    bool m_readOnly = false;
    fd::TeamAccess m_access;
};

} // namespace fd::ui
