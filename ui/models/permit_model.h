#pragma once

#include "engine/gate/permit_gate.h"

#include <QAbstractItemModel>
#include <QDateTime>
#include <QList>

namespace fd::ui {

/// Permits in use per jurisdiction against its cap, fleet-wide (as read from the gate), as a two-level tree:
/// jurisdictions, and under each the holders with their age, host, console and entity. A permit whose age
/// passes `nearExpiryFraction` of the lease is flagged "lease near expiry"; a lease the gate reclaimed from
/// this console (permit lost) stays listed for a few minutes.
///
/// Thread affinity: GUI thread. setUsage() replaces the snapshot with as few structural changes as possible,
/// so that a tree view keeps its expansion and selection across the once-a-second refresh.
class PermitModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        InUseColumn,
        AgeColumn,
        LeaseColumn,
        HostColumn,
        EntityColumn,
        ConsoleColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit PermitModel(QObject *parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setUsage(const QList<fd::JurisdictionUsage> &usage);
    /// The gate reclaimed one of this console's permits (engine alert "permit_lost").
    void recordLostLease(const QString &jurisdiction, const QString &idempotencyKey,
                         const QString &entityName);
    const QList<JurisdictionUsage> &usage() const { return m_usage; }
    static constexpr double nearExpiryFraction = 0.75;

private:
    struct Holder {
        PermitInfo info;
        bool lost = false;
        QString lostEntityName;
        QDateTime lostAt;
    };
    struct Group {
        JurisdictionUsage usage;
        QList<Holder> holders;
    };
    QList<Holder> holdersFor(const JurisdictionUsage &usage, const QString &jurisdiction) const;
    QVariant groupData(const Group &group, int column, int role) const;
    QVariant holderData(const Group &group, const Holder &holder, int column, int role) const;

    QList<JurisdictionUsage> m_usage;
    QList<Group> m_groups;
    QList<std::pair<QString, Holder>> m_lost; ///< jurisdiction, lost lease
};

} // namespace fd::ui
