#include "engine/ledger/ledger_row_calls.h"

#include "engine/store/task_store.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace fd {

QString LedgerRowCalls::statement(const QString &function, int arguments) {
    QStringList list;
    for (int i = 0; i < arguments; ++i)
        list.append(QStringLiteral("a->>%1").arg(i));
    return QStringLiteral("SELECT %1(%2) FROM jsonb_array_elements(?::jsonb) AS a")
        .arg(function, list.join(QStringLiteral(", ")));
}

QString LedgerRowCalls::parameter(const QJsonArray &rows) {
    return QString::fromUtf8(QJsonDocument(rows).toJson(QJsonDocument::Compact));
}

bool LedgerRowCalls::callEach(const Prepare &prepared, const QString &function, int arguments,
                              const QJsonArray &rows, const std::function<void()> &progress, QString *error) {
    if (rows.isEmpty())
        return true;
    QSqlQuery *q = prepared(statement(function, arguments), error);
    if (!q)
        return false;
    for (qsizetype from = 0; from < rows.size(); from += kChunk) {
        QJsonArray chunk;
        for (qsizetype i = from; i < std::min<qsizetype>(rows.size(), from + kChunk); ++i)
            chunk.append(rows.at(i));
        q->bindValue(0, parameter(chunk));
        if (!q->exec()) {
            *error = q->lastError().text().simplified();
            return false;
        }
        q->finish();
        progress();
    }
    return true;
}

QJsonArray LedgerRowCalls::auditRow(const AuditEntry &e, const QString &host, const QString &memberId) {
    const QString values[] = {
        QString(), // at_utc: the ledger's clock, set by the insert trigger
        e.idempotencyKey, e.entityId,      e.action,        e.fromState, e.toState,
        e.ruleId,         e.rulesVersion,  e.payloadSha256, e.actor,     e.host.isEmpty() ? host : e.host,
        memberId,         e.errorCategory, e.errorCode,     e.detail,    e.reason};
    QJsonArray row;
    for (const QString &value : values)
        row.append(text(value));
    return row;
}

} // namespace fd
