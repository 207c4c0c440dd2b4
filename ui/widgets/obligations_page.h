#pragma once

#include "engine/access/team_roles.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace fd::ui {

class ObligationModel;
class TaskFilterBar;
class TaskFilterProxy;

/// The Obligations view: every task and every portfolio row, sorted by urgency, filterable by state,
/// jurisdiction, due window and free text, multi-select; missing formation dates and entity types are edited
/// in place. Actions are signals; the main window asks for the reason and calls the engine. Thread: GUI.
class ObligationsPage : public QWidget {
    Q_OBJECT
public:
    explicit ObligationsPage(ObligationModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    TaskFilterProxy *proxy() const { return m_proxy; }
    TaskFilterBar *filterBar() const { return m_filterBar; }
    /// Keys of the selected rows that are admitted tasks.
    QStringList selectedTaskKeys() const;
    void setSummary(const QString &text);
    void refreshJurisdictions();
    /// The team ledger is unreachable: launching and withdrawing are disabled (the mirror is read-only).
    void setLedgerReachable(bool reachable);
    /// Team mode: the login's roles; launching needs the operator role, withdrawing the approver role.
    void setAccess(const fd::TeamAccess &access);

Q_SIGNALS:
    void launchSelectionRequested(const QStringList &keys);
    /// `keys`: the selected filings that can be withdrawn (fd::isWithdrawable: neither filed nor withdrawn,
    /// not on the wire); `leftOut`: the other selected filings, which a withdrawal would not touch;
    /// `notFilings`: selected rows that are no filing yet (needs data, planned, nothing to file, unreadable).
    void withdrawRequested(const QStringList &keys, const QStringList &leftOut, int notFilings);

private:
    void updateButtons();
    /// Until a portfolio's plan is shown (setSummary): what the table holds without one (a team's
    /// obligations from its ledger, a desk's from its database), or how to open one.
    void refreshDefaultSummary();

    ObligationModel *m_model;
    TaskFilterProxy *m_proxy;
    TaskFilterBar *m_filterBar;
    QTableView *m_table;
    QLabel *m_summary;
    QPushButton *m_launchSelection;
    QPushButton *m_withdraw;
    bool m_reachable = true;
    bool m_planShown = false; ///< setSummary() was called: a portfolio's plan is shown
    fd::TeamAccess m_access;
};

} // namespace fd::ui
