#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace fd::ui {

class TaskFilterProxy;

/// The filter controls over a TaskFilterProxy: state, jurisdiction, due window, free text, and "N of M
/// shown". Which controls appear is chosen by the page. Thread affinity: GUI thread.
class TaskFilterBar : public QWidget {
    Q_OBJECT
public:
    struct Controls {
        QStringList states; ///< choices of the state filter; empty: no state filter
        bool categories = false;
        bool dueWindow = false;
        bool compliance = false; ///< a compliance-status filter (filed, due, overdue, needs data ...)
        bool owner = true;       ///< an owner filter: anyone, "mine" (ConsoleSettings::ownerName), each owner
    };

    TaskFilterBar(TaskFilterProxy *proxy, const Controls &controls, const QString &objectPrefix,
                  QWidget *parent = nullptr);

    /// Refreshes the jurisdiction choices (keeps the current one).
    void setJurisdictions(const QStringList &jurisdictions);
    /// Refreshes the owner choices from the owners the rows name (keeps the current one).
    void setOwners(const QStringList &owners);
    /// The person "My filings" selects (the register's owner field as this user is written there).
    void setMyName(const QString &name);
    /// Selects "My filings" (or anyone when `mine` is false).
    void showMine(bool mine);
    QLineEdit *searchEdit() const { return m_search; }
    QComboBox *stateCombo() const { return m_state; }
    QComboBox *jurisdictionCombo() const { return m_jurisdiction; }
    QComboBox *categoryCombo() const { return m_category; }
    QSpinBox *dueWindowSpin() const { return m_dueWindow; }
    QComboBox *complianceCombo() const { return m_compliance; }
    QComboBox *ownerCombo() const { return m_owner; }
    void updateCount();

private:
    TaskFilterProxy *m_proxy;
    QComboBox *m_state = nullptr;
    QComboBox *m_jurisdiction = nullptr;
    QComboBox *m_category = nullptr;
    QSpinBox *m_dueWindow = nullptr;
    QComboBox *m_compliance = nullptr;
    QComboBox *m_owner = nullptr;
    QString m_myName;
    QStringList m_owners;

    void rebuildOwners();
    QLineEdit *m_search = nullptr;
    QLabel *m_count = nullptr;
};

} // namespace fd::ui
