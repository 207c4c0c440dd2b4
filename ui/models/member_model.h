#pragma once

#include "engine/ledger/ledger_store.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

namespace fd::ui {

/// The members of the team's fleet as their heartbeats in the ledger describe them (Engine::membersUpdated):
/// desks (consoles), headless runs and workers, each with its host, process id, version, start, last
/// heartbeat, the jurisdictions it claims (all when none are named), the tasks it holds and has on the wire,
/// what it filed since it started, and the batches it works on. A member silent for three heartbeats is
/// "lost": its row stays, greyed and marked, until the ledger forgets it.
///
/// Thread affinity: GUI thread. setMembers() replaces the snapshot with as few structural changes as
/// possible (rows are matched by member id), so that a view keeps its selection across the refresh every 2 s.
class MemberModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        MemberColumn,
        StatusColumn,
        KindColumn,
        HostColumn,
        ProcessColumn,
        VersionColumn,
        StartedColumn,
        LastBeatColumn,
        JurisdictionsColumn,
        ClaimsColumn,
        InFlightColumn,
        FiledColumn,
        BatchesColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    void setMembers(const QList<fd::LedgerMember> &members);
    /// The member id of this console's own engine: its row says "(this console)".
    void setOwnMemberId(const QString &memberId);

    const LedgerMember &memberAt(int row) const { return m_members.at(row); }
    int rowOfMember(const QString &memberId) const { return m_rowOf.value(memberId, -1); }
    int lostCount() const;

    /// The kind in words ("Desk (console)", "Headless run", "Worker"); others by their name ("launch",
    /// "unknown").
    static QString kindLabel(fd::MemberKind kind);

private:
    QVariant cellText(const LedgerMember &m, int column) const;
    QVariant sortValue(const LedgerMember &m, int column) const;
    void rebuildIndex();

    QList<LedgerMember> m_members;
    QHash<QString, int> m_rowOf;
    QString m_ownId;
};

} // namespace fd::ui
