#pragma once

#include "engine/model/entity.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace fd {

/// One field of one entity that changed in the entity register: what its audit row records.
struct RegisterChange {
    QString entityId;
    QString field;    ///< EntityField::column ("registered_agent")
    QString oldValue; ///< as the register writes it (EntityField::text); empty: it was not known
    QString newValue;
};

/// A value in a portfolio file that differs from the register's (non-blank both): listed for a person to
/// decide. Until someone does, planning uses the register's value. A person who keeps the register's value
/// ("Keep the register's") decides it for this pair of values: the conflict is kept, no longer open
/// (`keptUtc` set), and a file that gives the same value against the same register value again raises
/// nothing; a different value in either raises it afresh.
struct RegisterConflict {
    QString entityId;
    QString entityName;
    QString field;
    QString registerValue;
    QString fileValue;
    QString source; ///< "portfolio.csv:17": where the differing value was read
    QDateTime seenUtc;
    QDateTime keptUtc; ///< invalid: open; else when a person kept the register's value against `fileValue`
    bool operator==(const RegisterConflict &other) const = default;
    bool isOpen() const { return !keptUtc.isValid(); }
};

/// What a merge or an edit writes to the register, in one transaction with its audit rows
/// (AuditStore::applyRegister): whole records to store, one audit row per field changed, conflicts found
/// and conflicts settled.
struct RegisterUpdate {
    QList<Entity> records;             ///< the new state of every entity touched (insert or replace)
    QList<QString> added;              ///< ids of records new to the register
    QList<RegisterChange> changes;     ///< per field, for the audit
    QList<RegisterConflict> conflicts; ///< found now (insert or replace by entity and field)
    QList<RegisterConflict> settled;   ///< no longer open (entity and field); `fileValue` = the value kept
    /// Decided for the register's value and remembered (`keptUtc` set): entity, field and both values as
    /// they were listed.
    QList<RegisterConflict> kept;
    QString action; ///< audit action of the changes: "entity_import", "entity_edit"
    QString source; ///< file the values came from; empty for an edit by hand
    /// The conflicts in `settled` are ones a portfolio file now agrees with: settled without anyone deciding
    /// (their audit rows say so).
    bool settledByFile = false;
    bool isEmpty() const {
        return records.isEmpty() && changes.isEmpty() && conflicts.isEmpty() && settled.isEmpty() &&
               kept.isEmpty();
    }
};

/// What a merge did, for the import summary (console and `--json` "register").
struct RegisterCounts {
    int added = 0;       ///< entities new to the register
    int changed = 0;     ///< entities with a blank the file filled
    int conflicting = 0; ///< entities with a value that differs from the file's (open conflicts)
    /// Entities whose only difference from the file is a value a person decided against before (the
    /// register's kept): not listed again, not counted as unchanged.
    int decidedBefore = 0;
    int unchanged = 0; ///< entities the file agrees with
};

} // namespace fd

Q_DECLARE_METATYPE(fd::RegisterConflict)
