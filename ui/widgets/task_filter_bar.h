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
    };

    TaskFilterBar(TaskFilterProxy *proxy, const Controls &controls, const QString &objectPrefix,
                  QWidget *parent = nullptr);

    /// Refreshes the jurisdiction choices (keeps the current one).
    void setJurisdictions(const QStringList &jurisdictions);
    QLineEdit *searchEdit() const { return m_search; }
    QComboBox *stateCombo() const { return m_state; }
    QComboBox *jurisdictionCombo() const { return m_jurisdiction; }
    QComboBox *categoryCombo() const { return m_category; }
    QSpinBox *dueWindowSpin() const { return m_dueWindow; }
    void updateCount();

private:
    TaskFilterProxy *m_proxy;
    QComboBox *m_state = nullptr;
    QComboBox *m_jurisdiction = nullptr;
    QComboBox *m_category = nullptr;
    QSpinBox *m_dueWindow = nullptr;
    QLineEdit *m_search = nullptr;
    QLabel *m_count = nullptr;
};

} // namespace fd::ui
