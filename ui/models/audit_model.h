#pragma once

#include "engine/audit/audit_store.h"

#include <QAbstractTableModel>
#include <QList>

#include <functional>

namespace fd::ui {

/// What the console knows about the entity and filing an audit row is about, for people: names and dollars
/// instead of ids and cents. Empty fields (and -1 fees) where it knows nothing.
struct AuditContext {
    QString entityName;
    QString jurisdiction; ///< "US-DE"
    QString filing;       ///< "Annual Franchise Tax Report 2027"
    qint64 feeCents = -1;
    qint64 feeChargedCents = -1;
    QString confirmationNumber;
};
/// Finds the context of a row (the main window answers from the register and the Obligations model).
using AuditContextLookup = std::function<AuditContext(const AuditEntry &)>;

/// An audit detail as people read it: amounts written in cents ("charged 14875 cents") in dollars
/// ("charged $148.75"); everything else as recorded.
QString readableAuditDetail(const QString &detail);
/// The audit trail's action codes with their words for people ("resolve_requeue", "halt resolved and
/// requeued"), in the order the audit search offers them.
QList<std::pair<QString, QString>> auditActions();
/// The words for an action code; the code itself when it has none.
QString auditActionLabel(const QString &action);

/// Rows of the local audit mirror as answered by the engine's queryAudit(). Read-only: the audit table is
/// append-only. The Entity column shows the entity's name (its id in the tooltip) when the lookup knows it.
/// Thread affinity: GUI thread.
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
    void setContextLookup(AuditContextLookup lookup) { m_lookup = std::move(lookup); }
    AuditContext contextOf(const AuditEntry &entry) const {
        return m_lookup ? m_lookup(entry) : AuditContext{};
    }
    const QList<AuditEntry> &entries() const { return m_entries; }

private:
    QList<AuditEntry> m_entries;
    AuditContextLookup m_lookup;
};

/// Writes audit rows as RFC 4180 CSV (UTF-8, header line, every field of the row, then what `lookup` knows:
/// entity_name, jurisdiction, filing, fee_expected, fee_charged (dollars as the reports write them,
/// "225.00"), confirmation_number, and login (team mode: the database login the ledger recorded); the detail
/// with its amounts in dollars). False with *error on failure; the file is replaced atomically, so a failed
/// export never leaves half a file.
bool writeAuditCsv(const QList<AuditEntry> &entries, const QString &path, QString *error,
                   const AuditContextLookup &lookup = {});

} // namespace fd::ui
