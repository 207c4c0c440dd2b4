#pragma once

#include "engine/ledger/ledger_row_calls.h"
#include "engine/register/register_types.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <functional>

namespace fd {

/// The team ledger's entity register, written and read on whichever connection the caller holds (the
/// member's own for a blocking call, the ledger writer's inside a LedgerWriter::Work): the statements of
/// LedgerStore::applyRegister() and loadRegister(), with no state of the store's.
///
/// Thread affinity: none of its own; it runs on the thread that owns the connection `prepared` gives
/// statements of. Every call runs inside the caller's transaction and leaves commit or rollback to it.
class LedgerRegisterWrite {
public:
    /// Who writes, and when by this member's clock (the audit rows' at_utc is the ledger's).
    struct Writer {
        QString actor;
        QString reason;
        QString host;
        QString memberId;
        QDateTime now;
    };
    /// The part of `update` the ledger does not hold yet, with its audit rows (registerAuditRows()), under
    /// the fleet-wide register lock (pg_advisory_xact_lock, released at commit or rollback): what another
    /// member wrote a moment before is neither written nor audited twice. False with *what and *error (the
    /// server's words, e.g. a lock not granted within lock_timeout: SQLSTATE 55P03).
    /// *heldAlready (when given): the update's entities the ledger held as the update has them.
    static bool write(const RegisterUpdate &update, const Writer &writer,
                      const LedgerRowCalls::Prepare &prepared, const std::function<void()> &progress,
                      QString *what, QString *error, QStringList *heldAlready = nullptr);

    /// The register as the ledger holds it: records ordered by entity id in bytes (as the single desk's
    /// SQLite orders them), who last changed each, and the open conflicts. Call inside a REPEATABLE READ
    /// transaction so that records and conflicts are one snapshot.
    struct Contents {
        QList<Entity> records;
        QHash<QString, QString> updatedBy;
        QList<RegisterConflict> conflicts;
    };
    static bool read(const LedgerRowCalls::Prepare &prepared, const std::function<void()> &progress,
                     Contents *contents, QString *what, QString *error);

    /// The advisory lock id every member takes for a register write ("Register").
    static constexpr qint64 kLockId = 0x5265676973746572;
};

} // namespace fd
