#pragma once

#include "engine/audit/audit_store.h"

#include <QAbstractTableModel>
#include <QList>

namespace fd::ui {

/// Rows of the local audit mirror as answered by the engine's queryAudit(). Read-only: the audit table is
/// append-only. Thread affinity: GUI thread.
class AuditModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        TimeColumn,
        ActorColumn,
        ActionColumn,
        KeyColumn,
        EntityColumn,
        TransitionColumn,
        ReasonColumn,
        CategoryColumn,
        CodeColumn,
        DetailColumn,
        HostColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setEntries(const QList<fd::AuditEntry> &entries);
    const QList<AuditEntry> &entries() const { return m_entries; }

private:
    QList<AuditEntry> m_entries;
};

/// Writes audit rows as RFC 4180 CSV (UTF-8, header line, every field). False with *error on failure; the
/// file is replaced atomically, so a failed export never leaves half a file.
bool writeAuditCsv(const QList<AuditEntry> &entries, const QString &path, QString *error);

} // namespace fd::ui
