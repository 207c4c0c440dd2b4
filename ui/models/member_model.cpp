#include "ui/models/member_model.h"

#include "ui/models/display_format.h"
#include "ui/models/item_roles.h"
#include "ui/models/row_ranges.h"

#include <QBrush>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <QSet>

#include <utility>

namespace fd::ui {

namespace {

bool sameFigures(const LedgerMember &a, const LedgerMember &b) {
    return a.kind == b.kind && a.host == b.host && a.processId == b.processId && a.version == b.version &&
           a.startedUtc == b.startedUtc && a.lastBeatUtc == b.lastBeatUtc &&
           a.jurisdictions == b.jurisdictions && a.claimsHeld == b.claimsHeld && a.inFlight == b.inFlight &&
           a.filedLastHour == b.filedLastHour && a.batches == b.batches && a.lost == b.lost;
}

bool isNumberColumn(int column) {
    return column == MemberModel::ProcessColumn || column == MemberModel::ClaimsColumn ||
           column == MemberModel::InFlightColumn || column == MemberModel::FiledColumn;
}

} // namespace

int MemberModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_members.size());
}

int MemberModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

Qt::ItemFlags MemberModel::flags(const QModelIndex &index) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QString MemberModel::kindLabel(MemberKind kind) {
    switch (kind) {
    case MemberKind::Desk:
        return tr("Desk (console)");
    case MemberKind::Run:
        return tr("Headless run");
    case MemberKind::Worker:
        return tr("Worker");
    case MemberKind::Launch:
    case MemberKind::Unknown:
        break;
    }
    return toString(kind);
}

int MemberModel::lostCount() const {
    int n = 0;
    for (const LedgerMember &m : m_members)
        n += m.lost ? 1 : 0;
    return n;
}

QVariant MemberModel::cellText(const LedgerMember &m, int column) const {
    switch (column) {
    case MemberColumn:
        return m.memberId == m_ownId && !m_ownId.isEmpty() ? tr("%1 (this console)").arg(m.memberId)
                                                           : m.memberId;
    case StatusColumn:
        return m.lost ? tr("lost") : tr("active");
    case KindColumn:
        return kindLabel(m.kind);
    case HostColumn:
        return m.host;
    case ProcessColumn:
        return m.processId;
    case VersionColumn:
        return m.version;
    case StartedColumn:
        return formatDateTime(m.startedUtc);
    case LastBeatColumn:
        return formatDateTime(m.lastBeatUtc);
    case JurisdictionsColumn:
        return m.jurisdictions.isEmpty() ? tr("all") : m.jurisdictions;
    case ClaimsColumn:
        return m.claimsHeld;
    case InFlightColumn:
        return m.inFlight;
    case FiledColumn:
        return m.filedLastHour; // the engine counts since the member started
    case BatchesColumn:
        return m.batches;
    default:
        return QVariant();
    }
}

QVariant MemberModel::sortValue(const LedgerMember &m, int column) const {
    switch (column) {
    case StatusColumn:
        return m.lost ? 1 : 0;
    case ProcessColumn:
        return m.processId;
    case StartedColumn:
        return m.startedUtc;
    case LastBeatColumn:
        return m.lastBeatUtc;
    case ClaimsColumn:
        return m.claimsHeld;
    case InFlightColumn:
        return m.inFlight;
    case FiledColumn:
        return m.filedLastHour;
    default:
        return cellText(m, column);
    }
}

QVariant MemberModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const LedgerMember &m = m_members.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return cellText(m, index.column());
    case Qt::ToolTipRole:
        if (m.lost)
            return tr("Lost: no heartbeat since %1. Its claims go back to the team when their lease ends.")
                .arg(formatDateTime(m.lastBeatUtc));
        return cellText(m, index.column());
    case Qt::ForegroundRole:
        // Lost members are greyed out, in the palette's own disabled colour.
        return m.lost ? QVariant(QBrush(QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text)))
                      : QVariant();
    case Qt::FontRole:
        // Lost members in italics (and greyed, above); this console's own name in bold.
        if (m.lost || (index.column() == MemberColumn && m.memberId == m_ownId && !m_ownId.isEmpty())) {
            QFont font;
            font.setItalic(m.lost);
            font.setBold(!m.lost);
            return font;
        }
        return QVariant();
    case Qt::TextAlignmentRole:
        return isNumberColumn(index.column()) ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case KeyRole:
        return m.memberId;
    case SortRole:
        return sortValue(m, index.column());
    case StateRole:
        return m.lost ? QStringLiteral("LOST") : QStringLiteral("ACTIVE");
    case SearchFieldsRole:
        return QStringList{m.memberId, m.host, toString(m.kind), m.version, m.jurisdictions, m.batches};
    default:
        return QVariant();
    }
}

QVariant MemberModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return QVariant();
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case LastBeatColumn:
            return tr("Members beat every 5 s; one silent for three beats is lost");
        case ClaimsColumn:
            return tr("Tasks the member has claimed in the ledger: only it works on them (as of its last "
                      "heartbeat)");
        case InFlightColumn:
            return tr("Requests the member has on the wire (as of its last heartbeat)");
        case FiledColumn:
            return tr("Filings the member completed since it started (as of its last heartbeat)");
        case JurisdictionsColumn:
            return tr("The jurisdictions the member takes work for");
        default:
            return QVariant();
        }
    }
    if (role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case MemberColumn:
        return tr("Member");
    case StatusColumn:
        return tr("Status");
    case KindColumn:
        return tr("Kind");
    case HostColumn:
        return tr("Host");
    case ProcessColumn:
        return tr("PID");
    case VersionColumn:
        return tr("Version");
    case StartedColumn:
        return tr("Started");
    case LastBeatColumn:
        return tr("Last heartbeat");
    case JurisdictionsColumn:
        return tr("Jurisdictions");
    case ClaimsColumn:
        return tr("Claims held");
    case InFlightColumn:
        return tr("In flight");
    case FiledColumn:
        return tr("Filed since start");
    case BatchesColumn:
        return tr("Batches");
    default:
        return QVariant();
    }
}

void MemberModel::setOwnMemberId(const QString &memberId) {
    if (memberId == m_ownId)
        return;
    const QString previous = std::exchange(m_ownId, memberId);
    for (const QString &id : {previous, memberId}) {
        const int row = rowOfMember(id);
        if (row >= 0)
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
}

void MemberModel::setMembers(const QList<LedgerMember> &members) {
    QSet<QString> incoming;
    for (const LedgerMember &m : members)
        incoming.insert(m.memberId);
    // Gone from the ledger: removed from the bottom up, one signal per contiguous range.
    QList<int> gone;
    for (int row = 0; row < m_members.size(); ++row)
        if (!incoming.contains(m_members.at(row).memberId))
            gone.append(row);
    if (!gone.isEmpty()) {
        const auto ranges = contiguousRanges(gone, 0);
        for (auto it = ranges.crbegin(); it != ranges.crend(); ++it) {
            beginRemoveRows(QModelIndex(), it->first, it->second);
            m_members.remove(it->first, it->second - it->first + 1);
            endRemoveRows();
        }
        rebuildIndex();
    }
    // Known: updated in place, each row announced as soon as it changed: a sorting proxy re-sorts it against
    // rows whose data it has already been told about (announcing several rows after changing them all would
    // make it place one against neighbours whose new values it has not sorted yet). New: appended in one
    // insertion.
    QList<LedgerMember> added;
    QSet<QString> seen;
    for (const LedgerMember &m : members) {
        if (seen.contains(m.memberId))
            continue; // one row per member, whatever the answer holds
        seen.insert(m.memberId);
        const int row = m_rowOf.value(m.memberId, -1);
        if (row < 0) {
            added.append(m);
        } else if (!sameFigures(m_members.at(row), m)) {
            m_members[row] = m;
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }
    }
    if (!added.isEmpty()) {
        const int first = int(m_members.size());
        beginInsertRows(QModelIndex(), first, first + int(added.size()) - 1);
        for (const LedgerMember &m : std::as_const(added)) {
            m_rowOf.insert(m.memberId, int(m_members.size()));
            m_members.append(m);
        }
        endInsertRows();
    }
}

void MemberModel::rebuildIndex() {
    m_rowOf.clear();
    for (int i = 0; i < m_members.size(); ++i)
        m_rowOf.insert(m_members.at(i).memberId, i);
}

} // namespace fd::ui
