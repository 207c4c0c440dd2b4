#pragma once

#include "engine/model/filing_task.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>

class QSqlQuery;

namespace fd {

/// An admission into the team ledger written as a few statements instead of three round trips per filing:
/// for each chunk of kChunk filings, one statement adds the entities (filingdesk_admit_entity), one the tasks
/// (filingdesk_admit_task: a task the ledger holds already returns nothing) and one the `admit` audit rows of
/// the tasks it added (filingdesk_append_audit), each function called once per row as before, so that roles
/// and the audit trigger see what they always saw (ledger_schema_roles.h). The caller holds the transaction:
/// all of an admission is written, or none of it.
///
/// Thread affinity: none of its own; it runs on whichever thread owns the connection `prepared` gives
/// statements of (the member's own connection, or the ledger writer's inside a LedgerWriter::Work).
class LedgerAdmission {
public:
    /// Filings per statement (a task row with its obligation JSON is about 1 KB).
    static constexpr int kChunk = 500;

    /// The member writing: the audit rows' actor, host and desk.
    struct Writer {
        QString actor;
        QString host;
        QString memberId;
    };
    /// What the ledger did: each task it added with its version, and the keys it held already.
    struct Outcome {
        QHash<QString, qint64> versions;
        QStringList alreadyStored;
    };
    /// A statement prepared on the connection (nullptr with *error when the server refused it).
    using Prepare = std::function<QSqlQuery *(const QString &sql, QString *error)>;

    /// `tasks` in the order their audit rows go into the trail. False with *what (which part) and *error (the
    /// server's words) when a statement failed; the caller rolls back.
    static bool write(const QList<FilingTask> &tasks, const Writer &writer, const Prepare &prepared,
                      const std::function<void()> &progress, Outcome *outcome, QString *what, QString *error);
};

} // namespace fd
