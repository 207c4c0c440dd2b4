#include "engine/ledger/ledger_admission.h"

#include "engine/ledger/ledger_row_calls.h"
#include "engine/store/task_store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

namespace fd {

namespace {

/// The tasks of the bound array the ledger did not hold yet, each with its version: one call of
/// filingdesk_admit_task per element, in order; a task held already returns no row.
constexpr const char *kTasksSql =
    "SELECT t->>0, v FROM jsonb_array_elements(?::jsonb) AS t, LATERAL filingdesk_admit_task(t->>0, t->>1, "
    "t->>2, t->>3, (t->>4)::double precision, (t->>5)::date, t->>6) AS v";

QString compact(const QJsonObject &object) {
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

bool LedgerAdmission::write(const QList<FilingTask> &tasks, const Writer &writer, const Prepare &prepared,
                            const std::function<void()> &progress, Outcome *outcome, QString *what,
                            QString *error) {
    QSet<QString> entitiesDone;
    for (qsizetype from = 0; from < tasks.size(); from += kChunk) {
        const qsizetype to = std::min<qsizetype>(tasks.size(), from + kChunk);
        // A record of the entity register is what people keep (applyRegister()): filingdesk_admit_entity
        // never changes one.
        QJsonArray entities;
        QJsonArray rows;
        for (qsizetype i = from; i < to; ++i) {
            const FilingTask &task = tasks.at(i);
            const Obligation &o = task.obligation;
            const QJsonObject obligation = obligationToJson(o);
            if (!entitiesDone.contains(o.entity->entityId)) {
                entitiesDone.insert(o.entity->entityId);
                entities.append(QJsonArray{o.entity->entityId, o.entity->name,
                                           compact(obligation.value(QStringLiteral("entity")).toObject())});
            }
            rows.append(QJsonArray{task.key, o.entity->entityId, o.jurisdiction, stateName(task.state),
                                   QString::number(task.score, 'g', 17), o.dueDate.toString(Qt::ISODate),
                                   compact(obligation)});
        }
        if (!LedgerRowCalls::callEach(prepared, QStringLiteral("filingdesk_admit_entity"), 3, entities,
                                      progress, error)) {
            *what = QStringLiteral("entities of the admission");
            return false;
        }
        QSqlQuery *q = prepared(QString::fromLatin1(kTasksSql), error);
        if (!q) {
            *what = QStringLiteral("admission");
            return false;
        }
        q->bindValue(0, LedgerRowCalls::parameter(rows));
        if (!q->exec()) {
            *error = q->lastError().text().simplified();
            *what = QStringLiteral("admission of %1 filing(s)").arg(to - from);
            return false;
        }
        QSet<QString> added;
        while (q->next()) {
            added.insert(q->value(0).toString());
            outcome->versions.insert(q->value(0).toString(), q->value(1).toLongLong());
        }
        q->finish();
        progress();
        QJsonArray audit;
        for (qsizetype i = from; i < to; ++i) {
            const FilingTask &task = tasks.at(i);
            if (!added.contains(task.key)) {
                outcome->alreadyStored.append(task.key);
                continue;
            }
            const Obligation &o = task.obligation;
            AuditEntry e;
            e.idempotencyKey = task.key;
            e.entityId = o.entity->entityId;
            e.action = QStringLiteral("admit");
            e.toState = stateName(task.state);
            e.ruleId = o.ruleId;
            e.rulesVersion = o.rulesVersion;
            e.payloadSha256 = task.payloadSha256();
            e.actor = writer.actor;
            e.detail = QStringLiteral("%1 %2 %3 due %4, score %5")
                           .arg(o.jurisdiction, o.filingType)
                           .arg(o.filingYear)
                           .arg(o.dueDate.toString(Qt::ISODate))
                           .arg(task.score, 0, 'f', 2);
            audit.append(LedgerRowCalls::auditRow(e, writer.host, writer.memberId));
        }
        if (!LedgerRowCalls::callEach(prepared, QStringLiteral("filingdesk_append_audit"), 16, audit,
                                      progress, error)) {
            *what = QStringLiteral("audit of the admission");
            return false;
        }
    }
    return true;
}

} // namespace fd
