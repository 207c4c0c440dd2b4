#pragma once

#include "engine/core/engine_types.h"
#include "engine/model/compliance.h"
#include "ui/models/obligation_row.h"

#include <QAbstractTableModel>
#include <QDate>
#include <QHash>
#include <QList>

#include <optional>

namespace fd::ui {

/// Every obligation the console knows: admitted tasks (live state from the engine), planned obligations whose
/// filing window is not open yet, and the portfolio rows that produced none (needs data, out of scope, row
/// errors). Formation date and entity type are editable on rows missing them; an edit is not applied locally
/// but requested from the engine (entityEditRequested), which re-plans the entity and answers with a new
/// plan.
///
/// Thread affinity: GUI thread. Fed by batched updates: one applyTasks() call per coalesced engine signal,
/// which emits at most a handful of dataChanged ranges and one rowsInserted, never one signal per task.
class ObligationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        EntityColumn,
        JurisdictionColumn,
        FilingTypeColumn,
        YearColumn,
        DueDateColumn,
        ComplianceColumn,
        DaysLeftColumn,
        FeeColumn,
        PenaltyColumn,
        UrgencyColumn,
        StateColumn,
        EntityTypeColumn,
        FormationDateColumn,
        AttemptsColumn,
        ConfirmationColumn,
        DetailColumn,
        OwnerColumn, ///< the entity's owner from the register (shown next to the entity)
        KeyColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit ObligationModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    /// Replaces the plan (after a portfolio load or an entity edit). Known tasks keep their live state. Each
    /// filing that needs data (RowPlan::needs) is a NEEDS_DATA row of its own, also when the entity has other
    /// obligations; a row whose jurisdiction or entity type is unknown is one NEEDS_DATA row.
    void setPlan(const QList<fd::RowPlan> &plan, const QDate &asOf);
    /// Applies one coalesced batch of task changes.
    void applyTasks(const QList<fd::FilingTask> &tasks);

    QDate asOf() const { return m_asOf; }
    /// Judges the rows as of `asOf` (days left, status, penalty exposure, urgency) before any plan arrives:
    /// the tasks resumed from the database when no portfolio is loaded. setPlan() sets the plan's date.
    void setAsOf(const QDate &asOf);
    const ObligationRow &rowAt(int row) const { return m_rows.at(row); }
    /// Row of a key, -1 when unknown.
    int rowOfKey(const QString &key) const { return m_rowOfKey.value(key, -1); }
    QStringList jurisdictions() const;
    /// Team mode: why this login may not edit entities ("needs the operator role (vera has: viewer)"), or
    /// empty when it may. While set, the missing formation dates and entity types are not editable and their
    /// cells say why in the tooltip.
    void setEditRefusal(const QString &why);
    /// Each entity's owner as the entity register has it now (entity id -> owner): who answers for a filing
    /// is the register's word, not what the entity said when the filing was admitted (the Owner column,
    /// OwnerRole and so "My filings"). An entity the register does not hold keeps its filing's owner.
    void setRegisterOwners(const QHash<QString, QString> &owners);

Q_SIGNALS:
    /// An operator typed a formation date or entity type into a row that lacks it.
    void entityEditRequested(const QString &entityId, const QDate &formationDate, const QString &entityType);

private:
    QVariant displayData(const ObligationRow &row, int column) const;
    QVariant sortData(const ObligationRow &row, int column) const;
    int daysLeft(const ObligationRow &row) const;
    double urgency(const ObligationRow &row) const;
    /// "Overdue 12 days", "Due today", "Due in 5 days": the Urgency column as people read it.
    QString urgencyText(const ObligationRow &row) const;
    qint64 penaltyExposure(const ObligationRow &row) const;
    /// The compliance status of a row; std::nullopt for rows without a filing (out of scope, row errors).
    std::optional<fd::Compliance> compliance(const ObligationRow &row) const;
    bool isEditableRow(const ObligationRow &row, int column) const;
    void appendNeeds(const fd::RowPlan &plan);
    /// Why a filing waits for data, in the console's language (the engine's English is for the reports).
    static QString needReason(const fd::ObligationNeed &need, const fd::Entity &entity);
    /// Why a row has no filing, in the console's language where the plan says it in a known way.
    static QString rowReason(const fd::RowPlan &plan);
    void rebuildIndex();

    QDate m_asOf;
    QString m_editRefusal;
    QHash<QString, QString> m_registerOwners; ///< setRegisterOwners()
    QString ownerOf(const ObligationRow &row) const;
    QList<ObligationRow> m_rows;
    QHash<QString, int> m_rowOfKey;
    QHash<QString, FilingTask> m_tasks; ///< every task the engine reported, also those of earlier portfolios
};

} // namespace fd::ui
