#include "ui/models/obligation_model.h"

#include "engine/calendar/calendar_selection.h"
#include "engine/import/iso_codes.h"
#include "engine/rules/obligation_planner.h"
#include "ui/models/display_format.h"
#include "ui/models/item_roles.h"
#include "ui/models/row_ranges.h"

#include <QColor>
#include <QCoreApplication>
#include <QSet>

#include <limits>

namespace fd::ui {

QString rowStateName(const ObligationRow &row) {
    switch (row.kind) {
    case ObligationRow::Kind::Task:
        return stateName(row.task.state);
    case ObligationRow::Kind::Planned:
        return QStringLiteral("PLANNED");
    case ObligationRow::Kind::NeedsData:
        return QStringLiteral("NEEDS_DATA");
    case ObligationRow::Kind::OutOfScope:
        return QStringLiteral("OUT_OF_SCOPE");
    case ObligationRow::Kind::RowError:
        return QStringLiteral("ROW_ERROR");
    }
    return QString();
}

QString stateLabel(const QString &name) {
    if (const std::optional<ExecutionState> state = stateFromName(name))
        return stateLabel(*state);
    if (name == QLatin1String("PLANNED"))
        return QCoreApplication::translate("StateLabel", "Planned (window not open yet)");
    if (name == QLatin1String("NEEDS_DATA"))
        return QCoreApplication::translate("StateLabel", "Needs data");
    if (name == QLatin1String("OUT_OF_SCOPE"))
        return QCoreApplication::translate("StateLabel", "Nothing to file");
    if (name == QLatin1String("ROW_ERROR"))
        return QCoreApplication::translate("StateLabel", "Row could not be read");
    return name;
}

QString stateLabel(ExecutionState state) {
    switch (state) {
    case ExecutionState::Pending:
        return QCoreApplication::translate("StateLabel", "Waiting");
    case ExecutionState::Validating:
        return QCoreApplication::translate("StateLabel", "Checking");
    case ExecutionState::Dispatching:
        return QCoreApplication::translate("StateLabel", "Sending");
    case ExecutionState::Completed:
        return QCoreApplication::translate("StateLabel", "Filed");
    case ExecutionState::FailedTransient:
        return QCoreApplication::translate("StateLabel", "Will try again");
    case ExecutionState::FailedStatutory:
        return QCoreApplication::translate("StateLabel", "Halted — needs a person");
    case ExecutionState::DeadLetter:
        return QCoreApplication::translate("StateLabel", "Could not be filed — needs a person");
    }
    return stateName(state);
}

QString taskStateLabel(const FilingTask &task) {
    if (isWithdrawn(task))
        return QCoreApplication::translate("StateLabel", "Withdrawn — will not be filed");
    return stateLabel(task.state);
}

QString rowStateLabel(const ObligationRow &row) {
    const Obligation &o = row.task.obligation;
    if (row.kind == ObligationRow::Kind::Planned && o.windowOpens.isValid())
        return QCoreApplication::translate("StateLabel", "Planned (opens %1)").arg(formatDate(o.windowOpens));
    if (row.kind == ObligationRow::Kind::Task)
        return taskStateLabel(row.task);
    return stateLabel(rowStateName(row));
}

ObligationModel::ObligationModel(QObject *parent)
    : QAbstractTableModel(parent) {}

int ObligationModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ObligationModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

bool ObligationModel::isEditableRow(const ObligationRow &row, int column) const {
    if (row.kind != ObligationRow::Kind::NeedsData || row.task.obligation.entity->entityId.isEmpty())
        return false;
    if (column == FormationDateColumn)
        return !row.task.obligation.entity->formationDate.isValid();
    if (column == EntityTypeColumn)
        return row.task.obligation.entity->type == EntityType::Unknown;
    return false;
}

QString ObligationModel::ownerOf(const ObligationRow &row) const {
    const SharedEntity &e = row.task.obligation.entity;
    return m_registerOwners.value(e->entityId, e->owner);
}

void ObligationModel::setRegisterOwners(const QHash<QString, QString> &owners) {
    if (owners == m_registerOwners)
        return;
    m_registerOwners = owners;
    if (rowCount() > 0) // OwnerRole is asked of any column (filters)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void ObligationModel::setEditRefusal(const QString &why) {
    if (why == m_editRefusal)
        return;
    m_editRefusal = why;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, EntityTypeColumn), index(rowCount() - 1, FormationDateColumn),
                           {Qt::DisplayRole, Qt::ToolTipRole});
}

Qt::ItemFlags ObligationModel::flags(const QModelIndex &index) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (m_editRefusal.isEmpty() && isEditableRow(m_rows.at(index.row()), index.column()))
        f |= Qt::ItemIsEditable;
    return f;
}

int ObligationModel::daysLeft(const ObligationRow &row) const {
    const QDate due = row.task.obligation.dueDate;
    if (!due.isValid() || !m_asOf.isValid())
        return std::numeric_limits<int>::min();
    return int(m_asOf.daysTo(due));
}

double ObligationModel::urgency(const ObligationRow &row) const {
    // The admission score as of the date shown (a task's stored score is that of the day it was admitted).
    if ((row.kind == ObligationRow::Kind::Task || row.kind == ObligationRow::Kind::Planned) &&
        row.task.obligation.dueDate.isValid() && m_asOf.isValid())
        return admissionScore(row.task.obligation.dueDate, row.task.obligation.entity->riskTier, m_asOf);
    return -1.0; // rows without an obligation sort after every obligation
}

QString ObligationModel::urgencyText(const ObligationRow &row) const {
    const int left = daysLeft(row);
    if (left == std::numeric_limits<int>::min())
        return QString();
    if (left < 0)
        return tr("Overdue %n day(s)", nullptr, -left);
    if (left == 0)
        return tr("Due today");
    return tr("Due in %n day(s)", nullptr, left);
}

std::optional<Compliance> ObligationModel::compliance(const ObligationRow &row) const {
    switch (row.kind) {
    case ObligationRow::Kind::Task:
        return complianceOf(row.task, m_asOf);
    case ObligationRow::Kind::Planned: {
        const QDate due = row.task.obligation.dueDate;
        return due.isValid() && due < m_asOf ? Compliance::Overdue : Compliance::Due;
    }
    case ObligationRow::Kind::NeedsData:
        return Compliance::NeedsData;
    case ObligationRow::Kind::OutOfScope:
    case ObligationRow::Kind::RowError:
        break;
    }
    return std::nullopt;
}

namespace {

// Filed, and withdrawn by a person: nothing is at stake any more.
bool isSettled(const std::optional<Compliance> &c) {
    return c && riskOf(*c, QDate(), QDate()) == Risk::Settled;
}

// Risk colours as people know them from entity-management tools (light, so that text stays readable).
QVariant riskBackground(Risk risk) {
    switch (risk) {
    case Risk::Overdue:
        return QColor(0xff, 0xcd, 0xd2); // red
    case Risk::DueSoon:
        return QColor(0xff, 0xe0, 0xb2); // amber
    case Risk::OnTrack:
    case Risk::Settled:
        return QColor(0xc8, 0xe6, 0xc9); // green
    case Risk::Unknown:
        break;
    }
    return QVariant();
}

} // namespace

qint64 ObligationModel::penaltyExposure(const ObligationRow &row) const {
    if (row.kind != ObligationRow::Kind::Task && row.kind != ObligationRow::Kind::Planned)
        return -1;
    if (isSettled(compliance(row)))
        return -1; // filed (or will not be): no penalty is at stake
    // What missing the due date costs: the penalty owed once it is passed (today's, if already late).
    const int left = daysLeft(row);
    const int daysLate = left == std::numeric_limits<int>::min() ? 1 : qMax(1, -left);
    return row.task.obligation.penaltyExposureCents(daysLate);
}

QVariant ObligationModel::displayData(const ObligationRow &row, int column) const {
    const Obligation &o = row.task.obligation;
    const bool hasObligation =
        row.kind == ObligationRow::Kind::Task || row.kind == ObligationRow::Kind::Planned;
    switch (column) {
    case EntityColumn:
        return o.entity->name;
    case OwnerColumn:
        return ownerOf(row);
    case JurisdictionColumn: {
        const QString code = o.jurisdiction.isEmpty() ? o.entity->jurisdiction : o.jurisdiction;
        return code.isEmpty() ? o.entity->jurisdictionRaw : placeLabel(code);
    }
    case FilingTypeColumn:
        // A filing that needs data is named too: the row is that filing, not the whole entity.
        return hasObligation || !o.filingType.isEmpty()
                   ? (o.filingName.isEmpty() ? o.filingType : o.filingName)
                   : QVariant();
    case YearColumn:
        return hasObligation ? QVariant(o.filingYear) : QVariant();
    case DueDateColumn:
        return formatDate(o.dueDate);
    case DaysLeftColumn: {
        const int left = daysLeft(row);
        return left == std::numeric_limits<int>::min() ? QVariant() : QVariant(left);
    }
    case FeeColumn:
        return hasObligation ? formatCents(o.feeCents) : QString();
    case PenaltyColumn:
        return formatCents(penaltyExposure(row));
    case UrgencyColumn:
        return hasObligation && !isSettled(compliance(row)) ? urgencyText(row) : QString();
    case ComplianceColumn: {
        const std::optional<Compliance> c = compliance(row);
        if (!c && row.kind == ObligationRow::Kind::OutOfScope)
            return tr("Out of scope"); // foreign, federal or inactive: the Details column says which
        if (!c)
            return QString();
        if (*c == Compliance::NeedsData && !o.dueDate.isValid()) {
            // What is missing, in the column people scan; the Details column (and the tooltip) says why.
            if (row.missing.contains(QLatin1String("jurisdiction")))
                return tr("Needs data (jurisdiction)");
            if (row.missing.contains(QLatin1String("entity_type")))
                return tr("Needs data (entity type)");
            if (row.missing.contains(QLatin1String("formation_date")))
                return tr("Needs data (formation date)");
            return tr("Needs data (date unknown)");
        }
        return complianceLabel(*c);
    }
    case StateColumn:
        return rowStateLabel(row);
    case EntityTypeColumn: {
        // For people; the rules file's spelling ("llc") is the edit role's.
        QString type;
        switch (o.entity->type) {
        case EntityType::Corporation:
            type = tr("Corporation");
            break;
        case EntityType::Llc:
            type = tr("LLC");
            break;
        case EntityType::Lp:
            type = tr("Limited partnership");
            break;
        case EntityType::Unknown:
            break;
        }
        if (type.isEmpty() && isEditableRow(row, column))
            return m_editRefusal.isEmpty() ? tr("(missing: double-click to set)") : tr("(missing)");
        return type;
    }
    case FormationDateColumn:
        if (o.entity->formationDate.isValid())
            return formatDate(o.entity->formationDate);
        if (!isEditableRow(row, column))
            return QString();
        return m_editRefusal.isEmpty() ? tr("(missing: double-click to set)") : tr("(missing)");
    case AttemptsColumn:
        return row.kind == ObligationRow::Kind::Task ? QVariant(row.task.attempts) : QVariant();
    case ConfirmationColumn:
        return row.task.confirmationNumber;
    case DetailColumn:
        if (!row.reason.isEmpty())
            return row.reason;
        if (row.kind == ObligationRow::Kind::Task && !row.task.lastErrorCode.isEmpty())
            return QStringLiteral("%1: %2").arg(row.task.lastErrorCode, lastMessageForPeople(row.task));
        return o.notes;
    case KeyColumn:
        return hasObligation ? row.key : QString();
    default:
        return QVariant();
    }
}

QVariant ObligationModel::sortData(const ObligationRow &row, int column) const {
    switch (column) {
    case YearColumn:
        return row.task.obligation.filingYear;
    case DueDateColumn:
        return row.task.obligation.dueDate.isValid() ? row.task.obligation.dueDate : QDate(9999, 12, 31);
    case DaysLeftColumn:
        return daysLeft(row);
    case FeeColumn:
        return row.task.obligation.feeCents;
    case PenaltyColumn:
        return penaltyExposure(row);
    case UrgencyColumn: {
        // Ascending is most urgent first, as the words read: overdue longest, then due soonest; among the
        // same days the entity at greater risk first. Settled rows and rows without a filing go last.
        const bool open = row.task.obligation.dueDate.isValid() && !isSettled(compliance(row));
        return open && urgency(row) >= 0 ? -urgency(row) : std::numeric_limits<double>::max();
    }
    case AttemptsColumn:
        return row.task.attempts;
    default:
        return displayData(row, column);
    }
}

QVariant ObligationModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const ObligationRow &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(row, index.column());
    case Qt::EditRole:
        if (index.column() == FormationDateColumn)
            return row.task.obligation.entity->formationDate; // invalid when missing: no date is suggested
        if (index.column() == EntityTypeColumn)
            return entityTypeName(row.task.obligation.entity->type);
        return displayData(row, index.column());
    case Qt::ToolTipRole:
        if (index.column() == KeyColumn || index.column() == EntityColumn)
            return tr("%1\nkey %2\nline %3").arg(row.task.obligation.entity->name, row.key).arg(row.line);
        if (index.column() == PenaltyColumn)
            return row.task.obligation.penaltyNote;
        if (index.column() == UrgencyColumn && !displayData(row, UrgencyColumn).toString().isEmpty())
            return tr("%1; the entity's risk tier %2 of 5 (admission score %3)")
                .arg(displayData(row, UrgencyColumn).toString())
                .arg(row.task.obligation.entity->riskTier)
                .arg(formatDecimal(urgency(row), 2));
        if ((index.column() == JurisdictionColumn || index.column() == ComplianceColumn) &&
            !row.reason.isEmpty() && row.kind != ObligationRow::Kind::Task &&
            row.kind != ObligationRow::Kind::Planned)
            return row.reason; // why it needs data or is out of scope, where the eye already is
        if (index.column() == DetailColumn) {
            // The rule's id, for support: beside the reason people read, never in it.
            const QString ruleId = row.task.obligation.ruleId;
            if (row.kind == ObligationRow::Kind::NeedsData && !ruleId.isEmpty())
                return tr("%1\nrule %2").arg(displayData(row, DetailColumn).toString(), ruleId);
            return displayData(row, DetailColumn);
        }
        if (index.column() == StateColumn) // the engine's word, for support
            return tr("%1 (engine state %2)").arg(rowStateLabel(row), rowStateName(row));
        if (!m_editRefusal.isEmpty() && isEditableRow(row, index.column()))
            return m_editRefusal;
        return QVariant();
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case YearColumn:
        case DaysLeftColumn:
        case FeeColumn:
        case PenaltyColumn:
        case UrgencyColumn:
        case AttemptsColumn:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return QVariant();
        }
    case Qt::ForegroundRole:
        if (index.column() == DaysLeftColumn && daysLeft(row) != std::numeric_limits<int>::min() &&
            daysLeft(row) < 0 && !isSettled(compliance(row)))
            return QColor(Qt::red);
        return QVariant();
    case Qt::BackgroundRole:
        if (index.column() == ComplianceColumn || index.column() == DueDateColumn) {
            const std::optional<Compliance> c = compliance(row);
            if (!c)
                return QVariant();
            Risk risk = riskOf(*c, row.task.obligation.dueDate, m_asOf);
            // A filing that waits for a person is never "on track", however far its due date: green would
            // put it among the filed ones.
            if ((*c == Compliance::Halted || *c == Compliance::NeedsData) &&
                (risk == Risk::OnTrack || risk == Risk::Unknown))
                risk = Risk::DueSoon;
            return riskBackground(risk);
        }
        return QVariant();
    case KeyRole:
        return row.key;
    case SortRole:
        return sortData(row, index.column());
    case StateRole:
        return rowStateName(row);
    case JurisdictionRole: {
        const Obligation &o = row.task.obligation;
        return o.jurisdiction.isEmpty()
                   ? (o.entity->jurisdiction.isEmpty() ? o.entity->jurisdictionRaw : o.entity->jurisdiction)
                   : o.jurisdiction;
    }
    case DaysLeftRole: {
        const int left = daysLeft(row);
        return left == std::numeric_limits<int>::min() ? QVariant() : QVariant(left);
    }
    case SearchFieldsRole:
        return QStringList{row.key,
                           row.task.obligation.entity->name,
                           row.task.obligation.entity->entityId,
                           row.task.confirmationNumber,
                           row.task.traceId,
                           row.task.lastErrorCode};
    case EntityIdRole:
        return row.task.obligation.entity->entityId;
    case CategoryRole:
        return categoryName(row.task.lastCategory);
    case OwnerRole:
        return ownerOf(row);
    case ComplianceRole: {
        const std::optional<Compliance> c = compliance(row);
        return c ? complianceName(*c) : QString();
    }
    case WithdrawnRole:
        return row.kind == ObligationRow::Kind::Task && isWithdrawn(row.task);
    case WithdrawableRole:
        return row.kind == ObligationRow::Kind::Task && isWithdrawable(row.task);
    default:
        return QVariant();
    }
}

QVariant ObligationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return QVariant();
    if (role == Qt::ToolTipRole && section == PenaltyColumn)
        return tr("Penalty owed once the due date is missed (today's amount if already late)");
    if (role == Qt::ToolTipRole && section == ComplianceColumn)
        return tr("Compliance status: filed, due, overdue, needs data, halted, will not file. Red: overdue; "
                  "amber: due within %1 days; green: on track or filed")
            .arg(kDueSoonDays);
    if (role == Qt::ToolTipRole && section == StateColumn)
        return tr("Where the filing is: waiting, sending, filed, or needing a person (the engine's own term "
                  "is in each cell's tooltip, for support)");
    if (role == Qt::ToolTipRole && section == UrgencyColumn)
        return tr("How soon each filing should go: the most overdue and the soonest due first, an entity at "
                  "greater risk before others due the same day (the order in which filings are admitted)");
    if (role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case EntityColumn:
        return tr("Entity");
    case OwnerColumn:
        return tr("Owner");
    case JurisdictionColumn:
        return tr("Jurisdiction");
    case FilingTypeColumn:
        return tr("Filing");
    case YearColumn:
        return tr("Year");
    case DueDateColumn:
        return tr("Due");
    case DaysLeftColumn:
        return tr("Days left");
    case FeeColumn:
        return tr("Fee");
    case PenaltyColumn:
        return tr("Penalty exposure");
    case UrgencyColumn:
        return tr("Urgency");
    case ComplianceColumn:
        return tr("Status");
    case StateColumn:
        return tr("Progress");
    case EntityTypeColumn:
        return tr("Entity type");
    case FormationDateColumn:
        return tr("Formed");
    case AttemptsColumn:
        return tr("Attempts");
    case ConfirmationColumn:
        return tr("Confirmation");
    case DetailColumn:
        return tr("Detail");
    case KeyColumn:
        return tr("Filing reference");
    default:
        return QVariant();
    }
}

bool ObligationModel::setData(const QModelIndex &index, const QVariant &value, int role) {
    if (role != Qt::EditRole || !index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const ObligationRow &row = m_rows.at(index.row());
    if (!m_editRefusal.isEmpty() || !isEditableRow(row, index.column()))
        return false;
    const QString entityId = row.task.obligation.entity->entityId;
    if (index.column() == FormationDateColumn) {
        const QDate date = value.toDate();
        if (!date.isValid() || (m_asOf.isValid() && date > m_asOf))
            return false;
        Q_EMIT entityEditRequested(entityId, date, QString());
        return true;
    }
    const EntityType type = entityTypeFromName(value.toString());
    if (type == EntityType::Unknown)
        return false;
    Q_EMIT entityEditRequested(entityId, QDate(), entityTypeName(type));
    return true;
}

QString ObligationModel::needReason(const ObligationNeed &need, const Entity &entity) {
    // The filing as people name it, in the console's language; the engine's English stays in the reports.
    const QString place = IsoCodes::instance().placeName(entity.jurisdiction);
    const QString name = need.filingName.isEmpty() ? need.filingType : need.filingName;
    const QString filing =
        place.isEmpty() || name.contains(place, Qt::CaseInsensitive) ? name : tr("%1 %2").arg(place, name);
    if (need.missingField == QLatin1String("formation_date"))
        return tr("The %1 is due relative to the formation date, which the portfolio does not give")
            .arg(filing);
    if (need.missingField == QLatin1String("registry_id"))
        return tr("The %1 is due every other year, in the years of the parity of the last digit of the "
                  "state's file number, which the portfolio does not give")
            .arg(filing);
    return need.reason;
}

QString ObligationModel::rowReason(const RowPlan &p) {
    const Entity &entity = *p.entity;
    if (p.outcome == RowOutcome::OutOfScope && entity.status != QLatin1String("active"))
        return tr("The entity's status is \u201c%1\u201d: no filings are made for it").arg(entity.status);
    if (p.outcome == RowOutcome::OutOfScope && entity.jurisdiction == QLatin1String("US"))
        return tr("Chartered by the United States (a national bank or federal savings association), not by a "
                  "state: no state annual report");
    if (p.outcome == RowOutcome::OutOfScope && !entity.isUsDomestic()) {
        // How the place was read when its name alone did not say ("read from the city Düsseldorf (...)").
        const QString how = p.reason.startsWith(QLatin1String("jurisdiction "))
                                ? p.reason.mid(13).section(QLatin1String("; "), 0, 0)
                                : QString();
        return how.isEmpty()
                   ? tr("Foreign subsidiary (%1): no US state filing").arg(placeLabel(entity.jurisdiction))
                   : tr("Foreign subsidiary (%1, %2): no US state filing")
                         .arg(placeLabel(entity.jurisdiction), how);
    }
    if (p.outcome == RowOutcome::NeedsData && p.needs.isEmpty() &&
        p.missing == QStringList{QStringLiteral("entity_type")})
        return tr("The entity type is unknown, so the rules of %1 cannot be chosen")
            .arg(placeLabel(entity.jurisdiction));
    return p.reason;
}

void ObligationModel::appendNeeds(const RowPlan &p) {
    // One row per filing that waits for data, beside the row's other obligations.
    for (const ObligationNeed &need : p.needs) {
        ObligationRow row;
        row.kind = ObligationRow::Kind::NeedsData;
        row.key = QStringLiteral("need:%1:%2:%3").arg(p.file).arg(p.line).arg(need.filingType);
        row.line = p.line;
        row.task.obligation.entity = p.entity;
        row.task.obligation.jurisdiction = p.entity->jurisdiction;
        row.task.obligation.ruleId = need.ruleId;
        row.task.obligation.filingType = need.filingType;
        row.task.obligation.filingName = need.filingName;
        row.reason = needReason(need, *p.entity);
        row.missing = {need.missingField};
        m_rows.append(row);
    }
}

void ObligationModel::setAsOf(const QDate &asOf) {
    if (asOf == m_asOf)
        return;
    m_asOf = asOf;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void ObligationModel::setPlan(const QList<RowPlan> &plan, const QDate &asOf) {
    beginResetModel();
    m_asOf = asOf;
    m_rows.clear();
    QSet<QString> planned;
    for (const RowPlan &p : plan) {
        if (p.outcome == RowOutcome::Obligations) {
            for (const Obligation &o : p.obligations) {
                ObligationRow row;
                row.key = o.idempotencyKey();
                row.line = p.line;
                if (planned.contains(row.key))
                    continue; // identical obligations collapse to one filing, as in the engine
                planned.insert(row.key);
                const auto known = m_tasks.constFind(row.key);
                if (known != m_tasks.constEnd()) {
                    row.kind = ObligationRow::Kind::Task;
                    row.task = *known;
                } else {
                    row.kind = ObligationRow::Kind::Planned;
                    row.task.key = row.key;
                    row.task.obligation = o;
                }
                m_rows.append(row);
            }
            appendNeeds(p);
            continue;
        }
        if (p.outcome == RowOutcome::NeedsData && !p.needs.isEmpty()) {
            appendNeeds(p);
            continue;
        }
        ObligationRow row;
        row.kind = p.outcome == RowOutcome::NeedsData    ? ObligationRow::Kind::NeedsData
                   : p.outcome == RowOutcome::OutOfScope ? ObligationRow::Kind::OutOfScope
                                                         : ObligationRow::Kind::RowError;
        row.key = QStringLiteral("row:%1:%2").arg(p.file).arg(p.line);
        row.line = p.line;
        row.task.obligation.entity = p.entity;
        row.task.obligation.jurisdiction = p.entity->jurisdiction;
        row.reason = rowReason(p);
        row.missing = p.missing;
        m_rows.append(row);
    }
    // Tasks from earlier portfolios (resumed from the audit database) stay visible.
    for (auto it = m_tasks.cbegin(); it != m_tasks.cend(); ++it) {
        if (planned.contains(it.key()))
            continue;
        ObligationRow row;
        row.kind = ObligationRow::Kind::Task;
        row.key = it.key();
        row.task = *it;
        m_rows.append(row);
    }
    rebuildIndex();
    endResetModel();
}

void ObligationModel::applyTasks(const QList<FilingTask> &tasks) {
    QHash<int, FilingTask> changed; // row -> its new task, the last one given for a key
    QList<ObligationRow> added;
    for (const FilingTask &task : tasks) {
        m_tasks.insert(task.key, task);
        const int row = m_rowOfKey.value(task.key, -1);
        if (row >= 0) {
            changed.insert(row, task);
        } else {
            ObligationRow r;
            r.kind = ObligationRow::Kind::Task;
            r.key = task.key;
            r.task = task;
            r.line = task.obligation.entity->sourceLine;
            m_rowOfKey.insert(r.key, int(m_rows.size() + added.size()));
            added.append(r);
        }
    }
    // Each range's rows change only when that range is announced: a sorting proxy places them against rows
    // that still hold what it last sorted by (rows changed before their announcement would be compared with
    // values it has not seen, and left out of order).
    for (const auto &[first, last] : contiguousRanges(changed.keys())) {
        for (int row = first; row <= last; ++row) {
            const auto it = changed.constFind(row);
            if (it == changed.constEnd())
                continue;
            m_rows[row].kind = ObligationRow::Kind::Task;
            m_rows[row].task = *it;
        }
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
    }
    if (!added.isEmpty()) {
        const int first = int(m_rows.size());
        beginInsertRows(QModelIndex(), first, first + int(added.size()) - 1);
        m_rows.append(added);
        endInsertRows();
    }
}

QStringList ObligationModel::jurisdictions() const {
    QSet<QString> set;
    for (const ObligationRow &row : m_rows) {
        const QString j = row.task.obligation.jurisdiction.isEmpty()
                              ? row.task.obligation.entity->jurisdiction
                              : row.task.obligation.jurisdiction;
        if (!j.isEmpty())
            set.insert(j);
    }
    QStringList list = set.values();
    list.sort();
    return list;
}

void ObligationModel::rebuildIndex() {
    m_rowOfKey.clear();
    m_rowOfKey.reserve(m_rows.size());
    for (int i = 0; i < m_rows.size(); ++i)
        m_rowOfKey.insert(m_rows.at(i).key, i);
}

} // namespace fd::ui
