#include "ui/models/audit_model.h"

#include "ui/models/obligation_row.h"

#include "engine/import/iso_codes.h"
#include "engine/report/report_csv.h"
#include "ui/models/display_format.h"
#include "ui/models/item_roles.h"

#include <QRegularExpression>
#include <QSaveFile>

namespace fd::ui {

QList<std::pair<QString, QString>> auditActions() {
    // Shown in the reader's language (made afresh on each call: the language can change while the console
    // runs); the code is what the audit trail stores.
    return {{QStringLiteral("batch_launch"), AuditModel::tr("batch launched")},
            {QStringLiteral("batch_pause"), AuditModel::tr("batch paused")},
            {QStringLiteral("batch_resume"), AuditModel::tr("batch resumed")},
            {QStringLiteral("batch_cancel"), AuditModel::tr("batch cancelled")},
            {QStringLiteral("replay"), AuditModel::tr("tried again after it could not be filed")},
            {QStringLiteral("resolve_requeue"), AuditModel::tr("halt resolved and requeued")},
            {QStringLiteral("resolve_accept"), AuditModel::tr("accepted as filed")},
            {QStringLiteral("withdraw"), AuditModel::tr("filing withdrawn")},
            {QStringLiteral("note"), AuditModel::tr("note added")},
            {QStringLiteral("entity_edit"), AuditModel::tr("entity edited")},
            {QStringLiteral("entity_add"), AuditModel::tr("entity added to the register")},
            {QStringLiteral("entity_import"), AuditModel::tr("entity completed from a file")},
            {QStringLiteral("entity_conflict"), AuditModel::tr("file differs from the register")},
            {QStringLiteral("entity_conflict_settled"), AuditModel::tr("conflict decided")},
            {QStringLiteral("import"), AuditModel::tr("portfolio imported")},
            {QStringLiteral("admit"), AuditModel::tr("filings ready to launch")},
            {QStringLiteral("transition"), AuditModel::tr("filing progressed")},
            {QStringLiteral("reconcile"), AuditModel::tr("receipt reconciled")},
            {QStringLiteral("lookup"), AuditModel::tr("registry look-up")},
            {QStringLiteral("permit_lost"), AuditModel::tr("sending slot lost")},
            {QStringLiteral("engine_start"), AuditModel::tr("FilingDesk started")},
            {QStringLiteral("batch_idle"), AuditModel::tr("batch has nothing left to send")}};
}

QString auditActionLabel(const QString &action) {
    for (const auto &[code, label] : auditActions()) {
        if (code == action)
            return label;
    }
    return action;
}

QString readableAuditDetail(const QString &detail) {
    static const QRegularExpression cents(QStringLiteral("(-?\\d+) cents\\b"));
    if (!detail.contains(QLatin1String(" cents")))
        return detail;
    QString out;
    qsizetype from = 0;
    for (auto it = cents.globalMatch(detail); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += detail.mid(from, m.capturedStart() - from);
        out += formatCents(m.captured(1).toLongLong());
        from = m.capturedEnd();
    }
    return out + detail.mid(from);
}

int AuditModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_entries.size());
}

int AuditModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const AuditEntry &e = m_entries.at(index.row());
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case TimeColumn:
            return e.atUtc.toString(Qt::ISODateWithMs);
        case ActorColumn:
            // In a team the ledger names the database login that wrote the row; the OS user is what the
            // member says about itself.
            if (!e.login.isEmpty() && e.login != e.actor)
                return role == Qt::ToolTipRole ? tr("%1 (OS user) as database login %2").arg(e.actor, e.login)
                                               : QStringLiteral("%1 (%2)").arg(e.actor, e.login);
            // What the filing engine did by itself is FilingDesk's doing for the reader.
            if (e.actor == QLatin1String("engine") && role == Qt::DisplayRole)
                return tr("FilingDesk (automatic)");
            return e.actor;
        case ActionColumn:
            // In words; the code the trail stores in the tooltip (and in the export).
            return role == Qt::ToolTipRole ? e.action : auditActionLabel(e.action);
        case KeyColumn:
            return role == Qt::ToolTipRole ? e.idempotencyKey : e.idempotencyKey.left(16);
        case EntityColumn: {
            const QString name = contextOf(e).entityName;
            if (name.isEmpty())
                return e.entityId;
            return role == Qt::ToolTipRole ? QStringLiteral("%1 (%2)").arg(name, e.entityId) : name;
        }
        case TransitionColumn: {
            if (e.fromState.isEmpty() && e.toState.isEmpty())
                return QString();
            // A withdrawal reads as what it is: the engine's states (a dead letter, reached through its
            // VALIDATING step when the filing was still waiting) are in the tooltip, after the words.
            const bool withdrawal = e.action == QLatin1String("withdraw");
            const auto label = [withdrawal](const QString &state, bool to) {
                if (withdrawal && state == QLatin1String("VALIDATING"))
                    return tr("Taken out of the queue");
                if (withdrawal && to && state == QLatin1String("DEAD_LETTER"))
                    return tr("Withdrawn — will not be filed");
                return stateLabel(state);
            };
            const QString words =
                e.fromState.isEmpty()
                    ? label(e.toState, true)
                    : QStringLiteral("%1 → %2").arg(label(e.fromState, false), label(e.toState, true));
            if (role == Qt::ToolTipRole)
                return QStringLiteral("%1\n(%2)")
                    .arg(words, e.fromState.isEmpty()
                                    ? e.toState
                                    : QStringLiteral("%1 → %2").arg(e.fromState, e.toState));
            return words;
        }
        case ReasonColumn:
            return e.reason;
        case CategoryColumn:
            return e.errorCategory;
        case CodeColumn:
            return e.errorCode;
        case DetailColumn:
            return readableAuditDetail(e.detail);
        case HostColumn:
            return e.host;
        default:
            return QVariant();
        }
    }
    if (role == SortRole)
        return index.column() == TimeColumn ? QVariant(e.id) : data(index, Qt::DisplayRole);
    if (role == KeyRole)
        return e.idempotencyKey;
    if (role == EntityIdRole)
        return e.entityId;
    return QVariant();
}

QVariant AuditModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case TimeColumn:
        return tr("Time (UTC)");
    case ActorColumn:
        return tr("Actor");
    case ActionColumn:
        return tr("Action");
    case KeyColumn:
        return tr("Filing reference");
    case EntityColumn:
        return tr("Entity");
    case TransitionColumn:
        return tr("Transition");
    case ReasonColumn:
        return tr("Reason");
    case CategoryColumn:
        return tr("Category");
    case CodeColumn:
        return tr("Code");
    case DetailColumn:
        return tr("Detail");
    case HostColumn:
        return tr("Host");
    default:
        return QVariant();
    }
}

void AuditModel::setEntries(const QList<AuditEntry> &entries) {
    beginResetModel();
    m_entries = entries;
    endResetModel();
}

namespace {

QByteArray csvField(const QString &value) {
    QString v = value;
    if (v.contains(QLatin1Char('"')) || v.contains(QLatin1Char(',')) || v.contains(QLatin1Char('\n')) ||
        v.contains(QLatin1Char('\r'))) {
        v.replace(QLatin1String("\""), QLatin1String("\"\""));
        v = QLatin1Char('"') + v + QLatin1Char('"');
    }
    return v.toUtf8();
}

} // namespace

bool writeAuditCsv(const QList<AuditEntry> &entries, const QString &path, QString *error,
                   const AuditContextLookup &lookup) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    file.write(
        "id,at_utc,idempotency_key,entity_id,action,from_state,to_state,rule_id,rules_version,payload_sha256,"
        "actor,error_category,error_code,reason,detail,host,entity_name,jurisdiction,filing,fee_expected,"
        "fee_charged,confirmation_number,login\r\n");
    const auto money = [](qint64 cents) { return cents < 0 ? QString() : report::csvDollars(cents); };
    for (const AuditEntry &e : entries) {
        QList<QString> fields{QString::number(e.id),
                              e.atUtc.toString(Qt::ISODateWithMs),
                              e.idempotencyKey,
                              e.entityId,
                              e.action,
                              e.fromState,
                              e.toState,
                              e.ruleId,
                              e.rulesVersion,
                              e.payloadSha256,
                              e.actor,
                              e.errorCategory,
                              e.errorCode,
                              e.reason,
                              readableAuditDetail(e.detail),
                              e.host};
        const AuditContext c = lookup ? lookup(e) : AuditContext{};
        fields += {c.entityName,
                   c.jurisdiction.isEmpty() ? QString() : placeLabel(c.jurisdiction),
                   c.filing,
                   money(c.feeCents),
                   money(c.feeChargedCents),
                   c.confirmationNumber,
                   e.login};
        QByteArray line;
        for (int i = 0; i < fields.size(); ++i) {
            if (i > 0)
                line += ',';
            line += csvField(fields.at(i));
        }
        file.write(line + "\r\n");
    }
    if (!file.commit()) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace fd::ui
