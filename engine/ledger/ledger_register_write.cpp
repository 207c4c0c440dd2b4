#include "engine/ledger/ledger_register_write.h"

#include "engine/audit/audit_store.h"
#include "engine/model/filing_task.h"
#include "engine/register/entity_fields.h"
#include "engine/register/register_merge.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

namespace fd {

namespace {

/// `held` (the ledger's record) with the fields `changes` name set as `edited` has them: true with *merged;
/// *changes keeps the fields that still differ from `held`, each with the ledger's value as its old value.
/// A file's fill (`source` not empty: a blank the caller read, filled from that file) of a field the ledger
/// no longer holds blank is not set: another member entered a value meanwhile, and a file never overwrites
/// what is in the register (README, "The entity register"). It is added to *raised as a conflict for a person
/// to decide, as the caller's merge would have raised it had it read the value.
/// False (nothing set) when a value does not parse again, which would be a fault of the caller's: then the
/// record goes whole, as before.
bool applyChanges(const Entity &held, const Entity &edited, const QString &source,
                  QList<RegisterChange> *changes, Entity *merged, QList<RegisterConflict> *raised) {
    Entity out = held;
    QList<RegisterChange> kept;
    QList<RegisterConflict> conflicts;
    for (const RegisterChange &c : std::as_const(*changes)) {
        const EntityField *field = EntityFields::find(c.field);
        if (!field || field->keyOrName)
            return false; // the id or name: the record goes whole
        const QString value = field->text(edited);
        const QString before = field->text(held);
        if (!source.isEmpty() && c.oldValue.isEmpty() && !EntityRegister::isBlankOrDefault(c.field, held) &&
            !EntityRegister::sameValue(c.field, held, edited)) {
            // A type worked out from the name's suffix only fills a blank: it never contradicts a person.
            const bool workedOut =
                c.field == QLatin1String("entity_type") && edited.typeSource != QLatin1String("given");
            if (!workedOut)
                conflicts.append(RegisterConflict{c.entityId, held.name, c.field, before, value, source,
                                                  QDateTime(), QDateTime()});
            continue;
        }
        QString reason;
        if (!field->parse(value, &out, &reason))
            return false;
        if (c.field == QLatin1String("entity_type"))
            out.typeSource = edited.typeSource;
        if (before != value)
            kept.append(RegisterChange{c.entityId, c.field, before, value});
    }
    *merged = out;
    *changes = kept;
    *raised += conflicts;
    return true;
}

} // namespace

bool LedgerRegisterWrite::write(const RegisterUpdate &update, const Writer &writer,
                                const LedgerRowCalls::Prepare &prepared,
                                const std::function<void()> &progress, QString *what, QString *error,
                                QStringList *heldAlready) {
    const auto failed = [what, error](const QString &part, const QString &message) {
        *what = part;
        *error = message.simplified();
        return false;
    };
    // One register update at a time across the fleet (released at commit or rollback).
    QSqlQuery *lock = prepared(QStringLiteral("SELECT pg_advisory_xact_lock(?)"), error);
    if (!lock)
        return failed(QStringLiteral("entity register"), *error);
    lock->bindValue(0, kLockId);
    if (!lock->exec())
        return failed(QStringLiteral("entity register"), lock->lastError().text());

    // What the ledger holds already of the entities this update touches.
    QSet<QString> touched;
    for (const Entity &e : update.records)
        touched.insert(e.entityId);
    for (const RegisterConflict &c : update.conflicts + update.settled + update.kept)
        touched.insert(c.entityId);
    const QString ids = QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(QStringList(touched.cbegin(), touched.cend())))
            .toJson(QJsonDocument::Compact));
    QSqlQuery *held =
        prepared(QStringLiteral("SELECT entity_id, entity_json FROM entities WHERE in_register "
                                "AND entity_id IN (SELECT jsonb_array_elements_text(?::jsonb))"),
                 error);
    if (!held)
        return failed(QStringLiteral("entity register"), *error);
    held->bindValue(0, ids);
    if (!held->exec())
        return failed(QStringLiteral("entity register"), held->lastError().text());
    QHash<QString, Entity> records;
    while (held->next())
        records.insert(held->value(0).toString(),
                       entityFromJson(QJsonDocument::fromJson(held->value(1).toByteArray()).object()));
    QSqlQuery *open =
        prepared(QStringLiteral("SELECT entity_id, field, entity_name, register_value, file_value, "
                                "source, kept_at FROM entity_conflicts WHERE entity_id IN "
                                "(SELECT jsonb_array_elements_text(?::jsonb))"),
                 error);
    if (!open)
        return failed(QStringLiteral("entity register conflicts"), *error);
    open->bindValue(0, ids);
    if (!open->exec())
        return failed(QStringLiteral("entity register conflicts"), open->lastError().text());
    QHash<QPair<QString, QString>, RegisterConflict> conflicts;
    while (open->next()) {
        const RegisterConflict c{open->value(0).toString(),
                                 open->value(2).toString(),
                                 open->value(1).toString(),
                                 open->value(3).toString(),
                                 open->value(4).toString(),
                                 open->value(5).toString(),
                                 QDateTime(),
                                 open->value(6).isNull() ? QDateTime() : open->value(6).toDateTime().toUTC()};
        conflicts.insert({c.entityId, c.field}, c);
    }
    progress();

    // The part of the update the ledger does not hold yet.
    const auto sameRecord = &EntityRegister::sameRecord;
    const auto sameConflict = [](const RegisterConflict &a, const RegisterConflict &b) {
        return a.entityName == b.entityName && a.registerValue == b.registerValue &&
               a.fileValue == b.fileValue && a.source == b.source && a.isOpen() == b.isOpen();
    };
    RegisterUpdate missing; // what the ledger does not hold yet
    missing.action = update.action;
    missing.source = update.source;
    missing.settledByFile = update.settledByFile;
    // A record the ledger holds already takes only the fields this update changes: another member's change of
    // other fields since this member read the register (an edit on another desk, an import) stays, and the
    // audit row gives each changed field's old value as the ledger held it.
    QHash<QString, QList<RegisterChange>> changesOf;
    for (const RegisterChange &c : update.changes)
        changesOf[c.entityId].append(c);
    QSet<QString> unchanged;
    QList<RegisterConflict> raisedNow = update.conflicts; // the caller's, and fills the ledger turned down
    for (const Entity &e : update.records) {
        const auto it = records.constFind(e.entityId);
        Entity merged = e;
        QList<RegisterChange> changes = changesOf.value(e.entityId);
        if (it != records.constEnd() && !changes.isEmpty() &&
            applyChanges(*it, e, update.source, &changes, &merged, &raisedNow)) {
            changesOf.insert(e.entityId, changes);
        }
        if (it != records.constEnd() && sameRecord(*it, merged))
            unchanged.insert(e.entityId);
        else
            missing.records.append(merged);
    }
    for (const QString &id : update.added) {
        if (!unchanged.contains(id))
            missing.added.append(id);
    }
    if (heldAlready) {
        for (const Entity &e : update.records)
            if (unchanged.contains(e.entityId))
                heldAlready->append(e.entityId);
    }
    for (const RegisterChange &c : update.changes) {
        if (unchanged.contains(c.entityId))
            continue;
        // Each entity's changes once, in the order given, with the old values as the ledger held them.
        if (const auto it = changesOf.find(c.entityId); it != changesOf.end()) {
            missing.changes += *it;
            changesOf.erase(it);
        }
    }
    for (const RegisterConflict &c : std::as_const(raisedNow)) {
        const auto it = conflicts.constFind({c.entityId, c.field});
        if (it == conflicts.constEnd() || !sameConflict(*it, c))
            missing.conflicts.append(c);
    }
    for (const RegisterConflict &c : update.settled) {
        if (conflicts.contains({c.entityId, c.field}))
            missing.settled.append(c);
    }
    // Kept: the conflict the person saw, still held open by the ledger with the same values (another
    // member's decision, or a file's newer value, came first otherwise and is left as it is).
    for (const RegisterConflict &c : update.kept) {
        const auto it = conflicts.constFind({c.entityId, c.field});
        if (it != conflicts.constEnd() && it->isOpen() && it->registerValue == c.registerValue &&
            it->fileValue == c.fileValue)
            missing.kept.append(c);
    }

    // Each part a few statements, whatever its size (LedgerRowCalls): the functions see each row as before.
    QJsonArray kept;
    for (const Entity &e : std::as_const(missing.records))
        kept.append(
            QJsonArray{e.entityId, LedgerRowCalls::text(e.name),
                       QString::fromUtf8(QJsonDocument(entityToJson(e)).toJson(QJsonDocument::Compact)),
                       LedgerRowCalls::text(writer.actor)});
    if (!LedgerRowCalls::callEach(prepared, QStringLiteral("filingdesk_register_entity"), 4, kept, progress,
                                  error))
        return failed(QStringLiteral("entity register"), *error);
    // seen_at is the ledger's clock, as every time the ledger stores.
    QJsonArray raised;
    for (const RegisterConflict &c : std::as_const(missing.conflicts)) {
        QJsonArray row;
        for (const QString &value :
             {c.entityId, c.field, c.entityName, c.registerValue, c.fileValue, c.source})
            row.append(LedgerRowCalls::text(value));
        raised.append(row);
    }
    if (!LedgerRowCalls::callEach(prepared, QStringLiteral("filingdesk_register_conflict"), 6, raised,
                                  progress, error))
        return failed(QStringLiteral("entity register conflicts"), *error);
    QJsonArray settled;
    for (const RegisterConflict &c : std::as_const(missing.settled))
        settled.append(QJsonArray{LedgerRowCalls::text(c.entityId), LedgerRowCalls::text(c.field)});
    if (!LedgerRowCalls::callEach(prepared, QStringLiteral("filingdesk_settle_conflict"), 2, settled,
                                  progress, error))
        return failed(QStringLiteral("settling entity register conflicts"), *error);
    QJsonArray keptRows;
    for (const RegisterConflict &c : std::as_const(missing.kept))
        keptRows.append(QJsonArray{LedgerRowCalls::text(c.entityId), LedgerRowCalls::text(c.field)});
    if (!LedgerRowCalls::callEach(prepared, QStringLiteral("filingdesk_keep_conflict"), 2, keptRows, progress,
                                  error))
        return failed(QStringLiteral("keeping the register's values"), *error);
    // at_utc of each row is the ledger's clock (the chain trigger sets it).
    QJsonArray audit;
    for (const AuditEntry &row : registerAuditRows(missing, writer.actor, writer.reason, writer.now))
        audit.append(LedgerRowCalls::auditRow(row, writer.host, writer.memberId));
    if (!LedgerRowCalls::callEach(prepared, QStringLiteral("filingdesk_append_audit"), 16, audit, progress,
                                  error))
        return failed(QStringLiteral("audit of the entity register"), *error);
    return true;
}

bool LedgerRegisterWrite::read(const LedgerRowCalls::Prepare &prepared, const std::function<void()> &progress,
                               Contents *contents, QString *what, QString *error) {
    // Ordered by bytes, as the single desk's SQLite orders them, whatever the ledger's collation.
    QSqlQuery *records =
        prepared(QStringLiteral("SELECT entity_id, entity_json, coalesce(updated_by, '') FROM entities "
                                "WHERE in_register ORDER BY entity_id COLLATE \"C\""),
                 error);
    *what = QStringLiteral("reading the entity register");
    if (!records)
        return false;
    if (!records->exec()) {
        *error = records->lastError().text().simplified();
        return false;
    }
    while (records->next()) {
        contents->records.append(
            entityFromJson(QJsonDocument::fromJson(records->value(1).toByteArray()).object()));
        contents->updatedBy.insert(records->value(0).toString(), records->value(2).toString());
        if (contents->records.size() % 1000 == 0)
            progress(); // rows arriving are progress
    }
    records->finish();
    *what = QStringLiteral("reading the entity register's conflicts");
    QSqlQuery *open = prepared(
        QStringLiteral("SELECT entity_id, entity_name, field, register_value, file_value, source, seen_at, "
                       "kept_at FROM entity_conflicts ORDER BY entity_id COLLATE \"C\", field COLLATE \"C\""),
        error);
    if (!open)
        return false;
    if (!open->exec()) {
        *error = open->lastError().text().simplified();
        return false;
    }
    while (open->next()) {
        contents->conflicts.append(
            RegisterConflict{open->value(0).toString(), open->value(1).toString(), open->value(2).toString(),
                             open->value(3).toString(), open->value(4).toString(), open->value(5).toString(),
                             open->value(6).toDateTime().toUTC(),
                             open->value(7).isNull() ? QDateTime() : open->value(7).toDateTime().toUTC()});
    }
    open->finish();
    what->clear();
    return true;
}

} // namespace fd
