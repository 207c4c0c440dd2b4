#include "ui/models/permit_model.h"

#include "ui/models/item_roles.h"

#include <QBrush>
#include <QColor>

namespace fd::ui {

namespace {
constexpr quintptr kTopLevel = 0;
constexpr qint64 kLostLeaseShownMs = 5 * 60 * 1000;
} // namespace

PermitModel::PermitModel(QObject *parent)
    : QAbstractItemModel(parent) {}

QModelIndex PermitModel::index(int row, int column, const QModelIndex &parent) const {
    if (!hasIndex(row, column, parent))
        return QModelIndex();
    if (!parent.isValid())
        return createIndex(row, column, kTopLevel);
    // Children carry their jurisdiction's row + 1 as internal id.
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex PermitModel::parent(const QModelIndex &child) const {
    if (!child.isValid() || child.internalId() == kTopLevel)
        return QModelIndex();
    return createIndex(int(child.internalId() - 1), 0, kTopLevel);
}

int PermitModel::rowCount(const QModelIndex &parent) const {
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.internalId() != kTopLevel || parent.column() != 0)
        return 0;
    return int(m_groups.at(parent.row()).holders.size());
}

int PermitModel::columnCount(const QModelIndex &) const {
    return ColumnCount;
}

QVariant PermitModel::groupData(const Group &group, int column, int role) const {
    const JurisdictionUsage &u = group.usage;
    if (role == Qt::DisplayRole) {
        switch (column) {
        case NameColumn:
            return u.jurisdiction;
        case InUseColumn:
            // Short enough for the column; the tooltip says why it is unknown.
            return u.inUse < 0 ? tr("? / %1").arg(u.cap) : tr("%1 / %2").arg(u.inUse).arg(u.cap);
        case LeaseColumn:
            return tr("lease %1 s").arg(u.leaseMs / 1000.0, 0, 'f', 1);
        default:
            return QVariant();
        }
    }
    if (role == Qt::ForegroundRole && column == InUseColumn && u.inUse < 0)
        return QBrush(QColor(0xb0, 0x00, 0x20));
    if (role == Qt::ForegroundRole && column == InUseColumn && u.cap > 0 && u.inUse >= u.cap)
        return QBrush(QColor(0xb3, 0x5c, 0x00));
    if (role == Qt::ToolTipRole && column == InUseColumn)
        return u.inUse < 0 ? tr("Permits in use: unknown. The gate is blind (Redis unreachable), so the "
                                "fleet-wide count "
                                "cannot be read; nothing is being sent. Cap: %1.")
                                 .arg(u.cap)
                           : tr("%1 of %2 permits in use across the fleet").arg(u.inUse).arg(u.cap);
    if (role == SortRole)
        return column == InUseColumn ? QVariant(u.inUse) : groupData(group, column, Qt::DisplayRole);
    if (role == JurisdictionRole || role == KeyRole)
        return u.jurisdiction;
    if (role == Qt::AccessibleTextRole && column == InUseColumn)
        return u.inUse < 0 ? tr("permits in use unknown (gate blind), cap %1").arg(u.cap)
                           : tr("%1 of %2 permits in use").arg(u.inUse).arg(u.cap);
    return QVariant();
}

QVariant PermitModel::holderData(const Group &group, const Holder &holder, int column, int role) const {
    const PermitInfo &p = holder.info;
    const bool nearExpiry =
        !holder.lost && group.usage.leaseMs > 0 && p.ageMs > nearExpiryFraction * group.usage.leaseMs;
    if (role == Qt::DisplayRole) {
        switch (column) {
        case NameColumn:
            return p.token.left(12);
        case InUseColumn:
            return holder.lost ? tr("LOST") : tr("held");
        case AgeColumn:
            return holder.lost ? tr("reclaimed %1")
                                     .arg(holder.lostAt.toLocalTime().toString(QStringLiteral("HH:mm:ss")))
                               : tr("%1 s").arg(p.ageMs / 1000.0, 0, 'f', 1);
        case LeaseColumn:
            if (holder.lost)
                return tr("lease lost: outcome uncertain, looked up before any re-send");
            return nearExpiry ? tr("near expiry") : tr("ok");
        case HostColumn:
            return p.known ? p.holder.host : tr("(reference worker)");
        case EntityColumn:
            return holder.lost ? holder.lostEntityName : p.holder.entityId;
        case ConsoleColumn:
            return p.known ? p.holder.consoleId : QString();
        default:
            return QVariant();
        }
    }
    if (role == Qt::ForegroundRole && (holder.lost || nearExpiry) &&
        (column == LeaseColumn || column == InUseColumn))
        return QBrush(holder.lost ? QColor(Qt::red) : QColor(0xb3, 0x5c, 0x00));
    if (role == Qt::ToolTipRole)
        return tr("token %1\nprocess %2\nkey %3").arg(p.token, p.holder.process, p.holder.idempotencyKey);
    if (role == SortRole)
        return column == AgeColumn ? QVariant(p.ageMs) : holderData(group, holder, column, Qt::DisplayRole);
    if (role == KeyRole)
        return p.holder.idempotencyKey;
    if (role == JurisdictionRole)
        return group.usage.jurisdiction;
    return QVariant();
}

QVariant PermitModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return QVariant();
    if (index.internalId() == kTopLevel)
        return groupData(m_groups.at(index.row()), index.column(), role);
    const Group &group = m_groups.at(int(index.internalId() - 1));
    return holderData(group, group.holders.at(index.row()), index.column(), role);
}

QVariant PermitModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case NameColumn:
        return tr("Jurisdiction / permit");
    case InUseColumn:
        return tr("In use / cap");
    case AgeColumn:
        return tr("Age");
    case LeaseColumn:
        return tr("Lease");
    case HostColumn:
        return tr("Host");
    case EntityColumn:
        return tr("Entity");
    case ConsoleColumn:
        return tr("Console");
    default:
        return QVariant();
    }
}

QList<PermitModel::Holder> PermitModel::holdersFor(const JurisdictionUsage &usage,
                                                   const QString &jurisdiction) const {
    QList<Holder> holders;
    for (const PermitInfo &p : usage.permits)
        holders.append(Holder{p, false, QString(), QDateTime()});
    for (const auto &[j, lost] : m_lost) {
        if (j == jurisdiction)
            holders.append(lost);
    }
    return holders;
}

void PermitModel::setUsage(const QList<JurisdictionUsage> &usage) {
    m_usage = usage;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    m_lost.removeIf([&](const auto &entry) { return entry.second.lostAt.msecsTo(now) > kLostLeaseShownMs; });

    bool sameJurisdictions = usage.size() == m_groups.size();
    for (int i = 0; sameJurisdictions && i < usage.size(); ++i)
        sameJurisdictions = usage.at(i).jurisdiction == m_groups.at(i).usage.jurisdiction;
    if (!sameJurisdictions) {
        beginResetModel();
        m_groups.clear();
        for (const JurisdictionUsage &u : usage)
            m_groups.append(Group{u, holdersFor(u, u.jurisdiction)});
        endResetModel();
        return;
    }
    for (int i = 0; i < usage.size(); ++i) {
        Group &group = m_groups[i];
        group.usage = usage.at(i);
        const QList<Holder> holders = holdersFor(group.usage, group.usage.jurisdiction);
        bool sameTokens = holders.size() == group.holders.size();
        for (int h = 0; sameTokens && h < holders.size(); ++h)
            sameTokens = holders.at(h).info.token == group.holders.at(h).info.token &&
                         holders.at(h).lost == group.holders.at(h).lost;
        const QModelIndex parentIndex = index(i, 0);
        if (sameTokens) {
            group.holders = holders;
            if (!holders.isEmpty())
                Q_EMIT dataChanged(index(0, 0, parentIndex),
                                   index(int(holders.size()) - 1, ColumnCount - 1, parentIndex));
        } else {
            if (!group.holders.isEmpty()) {
                beginRemoveRows(parentIndex, 0, int(group.holders.size()) - 1);
                group.holders.clear();
                endRemoveRows();
            }
            if (!holders.isEmpty()) {
                beginInsertRows(parentIndex, 0, int(holders.size()) - 1);
                group.holders = holders;
                endInsertRows();
            }
        }
    }
    if (!m_groups.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_groups.size()) - 1, ColumnCount - 1));
}

void PermitModel::recordLostLease(const QString &jurisdiction, const QString &idempotencyKey,
                                  const QString &entityName) {
    Holder lost;
    lost.lost = true;
    lost.lostAt = QDateTime::currentDateTimeUtc();
    lost.lostEntityName = entityName;
    lost.info.token = idempotencyKey;
    lost.info.holder.idempotencyKey = idempotencyKey;
    lost.info.holder.jurisdiction = jurisdiction;
    m_lost.append({jurisdiction, lost});
    setUsage(m_usage); // shows it at once, not only at the next refresh
}

} // namespace fd::ui
