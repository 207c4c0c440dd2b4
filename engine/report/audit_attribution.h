#pragma once

#include "engine/audit/audit_store.h"
#include "engine/report/report_types.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

namespace fd::report {

/// Who did what to each filing, read from the audit trail (ReportStore::readTrail()'s rows). Only people are
/// named: a row written by FilingDesk's own processes (the desk's engine, which admits filings and moves
/// them through their states, "engine"; the ledger's housekeeping) names the person behind it, never the
/// process. Pure; any thread.
class AuditAttribution {
public:
    /// `rows` ascending (by id or ledger seq); `batchIds` the batches the stored tasks are in (a launch row
    /// names its batch only in its detail text, which may be translated: the ids are looked for in it).
    AuditAttribution(const QList<AuditEntry> &rows, const QSet<QString> &batchIds);

    /// When the filing was accepted: the time of the last audit row that took it to COMPLETED (a receipt, an
    /// exception accepted as filed, or a filing recorded as filed outside FilingDesk); null when none.
    QDateTime filedAt(const QString &key) const { return m_filedAt.value(key); }
    /// The person who launched the filing's batch `batchId`:
    /// 1. the launch row ("batch_launch") of that batch: its actor (the OS user who launched it), or, when
    /// the
    ///    actor is a process, the database login that wrote the row (team ledger);
    /// 2. else (a batch begun by a requeue or replay, which writes no launch row) the person who last
    ///    requeued or replayed the filing;
    /// 3. else the person who admitted it (a team ledger's admit row names the member's database login);
    /// 4. else kUnknownPerson.
    /// Empty when `batchId` is empty: the filing was never launched.
    QString launchedBy(const QString &key, const QString &batchId) const;
    /// The person who last acted on the filing deciding its outcome: resolved a halt (accepted it as filed,
    /// or requeued it), recorded it filed outside FilingDesk, or withdrew it. Empty when nobody did, and when
    /// the filing was halted or dead-lettered again after that decision (the halt it is in is nobody's yet).
    QString resolvedBy(const QString &key) const { return m_resolvedBy.value(key); }

    /// True for an actor that is one of FilingDesk's own processes, not a person ("engine", empty).
    static bool isProcessActor(const QString &actor);

private:
    QHash<QString, QDateTime> m_filedAt;
    QHash<QString, QString> m_admittedBy;
    QHash<QString, QString> m_requeuedBy;
    QHash<QString, QString> m_resolvedBy;
    QHash<QString, QString> m_batchLauncher;
};

} // namespace fd::report
