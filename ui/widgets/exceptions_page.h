#pragma once

#include <QWidget>

class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace fd::ui {

class ExceptionModel;
class TaskFilterBar;
class TaskFilterProxy;

/// The legal-ops review queue: statutory halts and reconciliation exceptions, with rule and citation, reason,
/// due date and penalty exposure; resolve-and-requeue, accept as filed (reconciliation), withdraw, add note.
/// Actions apply to the selection and are signals; the main window asks for the reason. Thread affinity: GUI.
class ExceptionsPage : public QWidget {
    Q_OBJECT
public:
    explicit ExceptionsPage(ExceptionModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    TaskFilterProxy *proxy() const { return m_proxy; }
    QStringList selectedKeys() const;

Q_SIGNALS:
    void resolveRequested(const QStringList &keys, bool requeue);
    void withdrawRequested(const QStringList &keys);
    void noteRequested(const QStringList &keys);

private:
    void showCurrent();
    void updateButtons();

    ExceptionModel *m_model;
    TaskFilterProxy *m_proxy;
    TaskFilterBar *m_filterBar;
    QTableView *m_table;
    QPlainTextEdit *m_detail;
    QPushButton *m_requeue;
    QPushButton *m_accept;
    QPushButton *m_withdraw;
    QPushButton *m_note;
};

} // namespace fd::ui
