#include "engine/report/desk_digest.h"

#include <QCryptographicHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace fd::report {

const char *const kDigestColumns[] = {
    "id",      "at_utc",        "idempotency_key", "entity_id", "action",         "from_state", "to_state",
    "rule_id", "rules_version", "payload_sha256",  "actor",     "error_category", "error_code", "detail",
    "reason",  "host",          "ledger_seq",      "desk",      "at_utc_text",    "prev_hash",  "row_hash",
};
const int kDigestColumnCount = int(sizeof(kDigestColumns) / sizeof(kDigestColumns[0]));

namespace {

QString lineExpression() {
    QStringList parts;
    for (int i = 0; i < kDigestColumnCount; ++i)
        parts.append(QStringLiteral("quote(%1)").arg(QLatin1String(kDigestColumns[i])));
    return QStringLiteral("hex(%1)").arg(parts.join(QStringLiteral(" || ',' || ")));
}

} // namespace

QString deskDigestQuery(qint64 lastRowId) {
    return QStringLiteral("SELECT %1 FROM audit WHERE id <= %2 ORDER BY id;")
        .arg(lineExpression())
        .arg(lastRowId);
}

bool deskAuditDigest(const QString &connectionName, qint64 lastRowId, QString *digestHex, QString *error) {
    constexpr int kPage = 5000; // bounded memory on a trail of millions of rows
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QSqlQuery q(QSqlDatabase::database(connectionName, false));
    q.setForwardOnly(true);
    if (!q.prepare(QStringLiteral("SELECT id, %1 FROM audit WHERE id > ? AND id <= ? ORDER BY id LIMIT %2")
                       .arg(lineExpression())
                       .arg(kPage))) {
        *error = q.lastError().text();
        return false;
    }
    qint64 after = 0;
    for (;;) {
        q.bindValue(0, after);
        q.bindValue(1, lastRowId);
        if (!q.exec()) {
            *error = QStringLiteral("reading the audit rows: %1").arg(q.lastError().text());
            return false;
        }
        int rows = 0;
        while (q.next()) {
            after = q.value(0).toLongLong();
            hash.addData(q.value(1).toString().toLatin1());
            hash.addData(QByteArrayView("\n"));
            ++rows;
        }
        if (rows < kPage)
            break;
    }
    *digestHex = QString::fromLatin1(hash.result().toHex());
    return true;
}

} // namespace fd::report
