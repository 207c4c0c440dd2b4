#include "engine/report/audit_attribution.h"

#include <QRegularExpression>

namespace fd::report {

namespace {

// The person a row names: its actor, or when the actor is a process, the database login that wrote it (a
// team ledger's rows carry it; a desk's do not). Empty when the row names no person.
QString personOf(const AuditEntry &row) {
    if (!AuditAttribution::isProcessActor(row.actor))
        return row.actor;
    return AuditAttribution::isProcessActor(row.login) ? QString() : row.login;
}

} // namespace

bool AuditAttribution::isProcessActor(const QString &actor) {
    // The desk engine's own rows (admission, transitions) and the ledger's housekeeping are written as
    // "engine" (kEngineActor).
    return actor.trimmed().isEmpty() || actor.compare(QLatin1String("engine"), Qt::CaseInsensitive) == 0;
}

AuditAttribution::AuditAttribution(const QList<AuditEntry> &rows, const QSet<QString> &batchIds) {
    static const QRegularExpression kWordSeparator(QStringLiteral("[^A-Za-z0-9_-]+"));
    for (const AuditEntry &row : rows) {
        const QString person = personOf(row);
        if (row.action == QLatin1String("batch_launch")) {
            if (person.isEmpty())
                continue;
            const QStringList words = row.detail.split(kWordSeparator, Qt::SkipEmptyParts);
            for (const QString &word : words) {
                if (batchIds.contains(word) && !m_batchLauncher.contains(word))
                    m_batchLauncher.insert(word, person);
            }
            continue;
        }
        if (row.idempotencyKey.isEmpty())
            continue;
        if (row.toState == QLatin1String("COMPLETED"))
            m_filedAt.insert(row.idempotencyKey, row.atUtc);
        // Halted again (a requeued filing refused once more, retries run out): the decision before was on an
        // earlier halt; nobody has decided this one yet. A withdrawal's own row (to DEAD_LETTER) names its
        // person below.
        if (row.toState == QLatin1String("FAILED_STATUTORY") || row.toState == QLatin1String("DEAD_LETTER"))
            m_resolvedBy.remove(row.idempotencyKey);
        if (person.isEmpty())
            continue;
        if (row.action == QLatin1String("admit")) {
            if (!m_admittedBy.contains(row.idempotencyKey))
                m_admittedBy.insert(row.idempotencyKey, person);
        } else if (row.action == QLatin1String("resolve_requeue") || row.action == QLatin1String("replay")) {
            m_requeuedBy.insert(row.idempotencyKey, person);
        }
        if (row.action == QLatin1String("resolve_accept") || row.action == QLatin1String("resolve_requeue") ||
            row.action == QLatin1String("filed_outside") || row.action == QLatin1String("withdraw")) {
            m_resolvedBy.insert(row.idempotencyKey, person);
        }
    }
}

QString AuditAttribution::launchedBy(const QString &key, const QString &batchId) const {
    if (batchId.isEmpty())
        return QString();
    if (const auto launch = m_batchLauncher.constFind(batchId); launch != m_batchLauncher.constEnd())
        return *launch;
    if (const auto requeue = m_requeuedBy.constFind(key); requeue != m_requeuedBy.constEnd())
        return *requeue;
    if (const auto admit = m_admittedBy.constFind(key); admit != m_admittedBy.constEnd())
        return *admit;
    return QString::fromLatin1(kUnknownPerson);
}

} // namespace fd::report
