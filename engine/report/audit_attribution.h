#pragma once

#include "engine/audit/audit_store.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

namespace fd::report {

/// Who did what to each filing, read from the audit trail (ReportStore::readTrail()'s rows). Pure; any
/// thread.
class AuditAttribution {
public:
    /// `rows` ascending (by id or ledger seq); `batchIds` the batches the stored tasks are in (a launch row
    /// names its batch only in its detail text, which may be translated: the ids are looked for in it).
    AuditAttribution(const QList<AuditEntry> &rows, const QSet<QString> &batchIds);

    /// When the filing was accepted: the time of the last audit row that took it to COMPLETED (a receipt, an
    /// exception accepted as filed, or a filing recorded as filed outside FilingDesk); null when none.
    QDateTime filedAt(const QString &key) const { return m_filedAt.value(key); }
    /// Who launched the batch `batchId` the filing is in; when no launch row names that batch, who admitted
    /// the filing (its "admit" row); empty when neither is in the trail.
    QString launchedBy(const QString &key, const QString &batchId) const;
    /// Who last acted on the filing as a person deciding its outcome: resolved a halt (accepted it as filed,
    /// or requeued it), recorded it filed outside FilingDesk, or withdrew it. Empty when nobody did.
    QString resolvedBy(const QString &key) const { return m_resolvedBy.value(key); }

private:
    QHash<QString, QDateTime> m_filedAt;
    QHash<QString, QString> m_admittedBy;
    QHash<QString, QString> m_resolvedBy;
    QHash<QString, QString> m_batchLauncher;
};

} // namespace fd::report
