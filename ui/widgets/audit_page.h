#pragma once

#include "engine/audit/audit_store.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace fd::ui {

class AuditModel;

/// The Audit view: the local SQLite audit mirror, searched on the engine thread by key, entity, actor,
/// action, free text and time range; export of the rows found to CSV. Thread affinity: GUI thread.
class AuditPage : public QWidget {
    Q_OBJECT
public:
    explicit AuditPage(AuditModel *model, QWidget *parent = nullptr);

    /// The query the search fields describe.
    AuditQuery query() const;
    QTableView *table() const { return m_table; }
    /// Writes the rows currently found to `path`; false with *error.
    bool exportCsv(const QString &path, QString *error) const;
    void setResultCount(int count);

Q_SIGNALS:
    void queryRequested(const fd::AuditQuery &query);

public Q_SLOTS:
    void search();

private:
    void exportWithDialog();

    AuditModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_text;
    QLineEdit *m_key;
    QLineEdit *m_entity;
    QLineEdit *m_actor;
    QComboBox *m_action;
    QCheckBox *m_fromEnabled;
    QDateTimeEdit *m_from;
    QCheckBox *m_toEnabled;
    QDateTimeEdit *m_to;
    QTableView *m_table;
    QLabel *m_count;
};

} // namespace fd::ui
