#include "engine/report/audit_attribution.h"

#include <QRegularExpression>

namespace fd::report {

AuditAttribution::AuditAttribution(const QList<AuditEntry> &rows, const QSet<QString> &batchIds) {
    static const QRegularExpression kWordSeparator(QStringLiteral("[^A-Za-z0-9_-]+"));
    for (const AuditEntry &row : rows) {
        if (row.action == QLatin1String("batch_launch")) {
            const QStringList words = row.detail.split(kWordSeparator, Qt::SkipEmptyParts);
            for (const QString &word : words) {
                if (batchIds.contains(word) && !m_batchLauncher.contains(word))
                    m_batchLauncher.insert(word, row.actor);
            }
            continue;
        }
        if (row.idempotencyKey.isEmpty())
            continue;
        if (row.toState == QLatin1String("COMPLETED"))
            m_filedAt.insert(row.idempotencyKey, row.atUtc);
        if (row.action == QLatin1String("admit")) {
            if (!m_admittedBy.contains(row.idempotencyKey))
                m_admittedBy.insert(row.idempotencyKey, row.actor);
        } else if (row.action == QLatin1String("resolve_accept") ||
                   row.action == QLatin1String("resolve_requeue") ||
                   row.action == QLatin1String("filed_outside") || row.action == QLatin1String("withdraw")) {
            m_resolvedBy.insert(row.idempotencyKey, row.actor);
        }
    }
}

QString AuditAttribution::launchedBy(const QString &key, const QString &batchId) const {
    const auto launch = m_batchLauncher.constFind(batchId);
    if (!batchId.isEmpty() && launch != m_batchLauncher.constEnd())
        return *launch;
    return m_admittedBy.value(key);
}

} // namespace fd::report
