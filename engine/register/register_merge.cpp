#include "engine/register/register_merge.h"

#include "engine/import/entity_type_inference.h"
#include "engine/import/jurisdiction_normaliser.h"
#include "engine/register/entity_fields.h"

#include <QSet>

#include <utility>

namespace fd::EntityRegister {

namespace {

QString column(const EntityField &f) {
    return QString::fromLatin1(f.column);
}

// The place a jurisdiction names: its ISO code when it is known or can be read, else the text itself.
QString placeOf(const Entity &e) {
    if (!e.jurisdiction.isEmpty())
        return e.jurisdiction;
    if (e.jurisdictionRaw.isEmpty())
        return QString();
    const JurisdictionMatch match = normaliseJurisdiction(e.jurisdictionRaw);
    return match.kind == JurisdictionMatch::Kind::Unrecognised ? e.jurisdictionRaw.simplified() : match.code;
}

bool isBlank(const EntityField &f, const Entity &e) {
    return f.text(e).trimmed().isEmpty();
}

// A value nobody entered: blank, or the default a field takes when a file leaves it out (risk tier 3, status
// active). A file's other value fills it rather than conflicting with it.
bool isBlankOrDefault(const EntityField &f, const Entity &e) {
    if (isBlank(f, e))
        return true;
    const QLatin1String column(f.column);
    return (column == QLatin1String("risk_tier") && e.riskTier == 3) ||
           (column == QLatin1String("status") && e.status == QLatin1String("active"));
}

// Copies field `f` of `from` onto `to`, keeping what the import resolved (the jurisdiction's code, where
// the type was read).
void copyField(const EntityField &f, const Entity &from, Entity *to) {
    const QString c = column(f);
    if (c == QLatin1String("jurisdiction")) {
        to->jurisdiction = from.jurisdiction;
        to->jurisdictionRaw = from.jurisdictionRaw;
        return;
    }
    if (c == QLatin1String("entity_type")) {
        to->type = from.type;
        to->typeSource = from.typeSource;
        return;
    }
    QString ignored;
    f.parse(f.text(from), to, &ignored); // the value was read by the same field: it parses
}

// Whether two texts of field `f` (as a conflict stores them) say the same, as the register compares values
// (sameValue(): "Delaware" and "US-DE", runs of white space): a decision is about the value, not its
// spelling.
bool sameText(const EntityField &f, const QString &a, const QString &b) {
    if (a == b)
        return true;
    Entity ea;
    Entity eb;
    QString ignored;
    if (!f.parse(a, &ea, &ignored) || !f.parse(b, &eb, &ignored))
        return a.simplified() == b.simplified();
    return EntityRegister::sameValue(column(f), ea, eb);
}

QString conflictKey(const QString &entityId, const QString &field) {
    return entityId + QLatin1Char('\x1f') + field;
}

} // namespace

bool isBlankOrDefault(const QString &columnName, const Entity &e) {
    const EntityField *f = EntityFields::find(columnName);
    return f && isBlankOrDefault(*f, e);
}

bool sameValue(const QString &columnName, const Entity &a, const Entity &b) {
    if (columnName == QLatin1String("jurisdiction"))
        return placeOf(a) == placeOf(b);
    if (columnName == QLatin1String("entity_type"))
        return a.type == b.type;
    const EntityField *f = EntityFields::find(columnName);
    return f && f->text(a).simplified() == f->text(b).simplified();
}

MergeResult mergePortfolio(const QHash<QString, Entity> &current, const QList<RegisterConflict> &open,
                           const ImportResult &import, const QDateTime &nowUtc) {
    MergeResult result;
    result.update.action = QStringLiteral("entity_import");
    result.update.settledByFile = true;
    result.update.source = import.file;
    QHash<QString, RegisterConflict> openByField;
    for (const RegisterConflict &c : open)
        openByField.insert(conflictKey(c.entityId, c.field), c);
    QSet<QString> seen;
    for (const ImportedRow &row : import.rows) {
        if (!row.ok || row.entity->entityId.isEmpty() || seen.contains(row.entity->entityId))
            continue;
        seen.insert(row.entity->entityId);
        const Entity &fromFile = row.entity;
        const auto it = current.constFind(fromFile.entityId);
        if (it == current.constEnd()) {
            result.update.records.append(fromFile);
            result.update.added.append(fromFile.entityId);
            for (const EntityField &f : EntityFields::all()) {
                if (!f.keyOrName && !isBlank(f, fromFile) &&
                    (row.provided.contains(column(f)) || row.inferred.contains(column(f))))
                    result.update.changes.append({fromFile.entityId, column(f), QString(), f.text(fromFile)});
            }
            ++result.counts.added;
            continue;
        }
        Entity record = *it;
        bool filled = false;
        bool conflicting = false;
        bool decidedBefore = false;
        for (const EntityField &f : EntityFields::all()) {
            const QString c = column(f);
            if (c == QLatin1String("entity_id"))
                continue;
            const bool provided = row.provided.contains(c);
            const bool inferred = row.inferred.contains(c);
            if ((!provided && !inferred) || isBlank(f, fromFile))
                continue; // a blank in the file never erases
            const QString key = conflictKey(record.entityId, c);
            if (isBlankOrDefault(f, record) && !sameValue(c, record, fromFile)) {
                result.update.changes.append({record.entityId, c, QString(), f.text(fromFile)});
                copyField(f, fromFile, &record);
                filled = true;
                continue;
            }
            if (sameValue(c, record, fromFile)) {
                const auto was = openByField.constFind(key);
                if (was != openByField.constEnd() && was->isOpen()) {
                    RegisterConflict settled = *was;
                    settled.fileValue = f.text(record);
                    result.update.settled.append(settled);
                }
                continue;
            }
            if (!provided)
                continue; // worked out, not read: never contradicts a person's value
            const auto was = openByField.constFind(key);
            if (was != openByField.constEnd() && !was->isOpen() &&
                sameText(f, was->fileValue, f.text(fromFile)) &&
                sameText(f, was->registerValue, f.text(record))) {
                decidedBefore = true; // a person kept the register's value against this very value
                continue;
            }
            conflicting = true;
            if (was != openByField.constEnd() && was->isOpen() &&
                sameText(f, was->fileValue, f.text(fromFile)))
                continue; // already listed
            result.update.conflicts.append(RegisterConflict{
                record.entityId, record.name, c, f.text(record), f.text(fromFile),
                QStringLiteral("%1:%2").arg(import.file).arg(row.line), nowUtc, QDateTime()});
        }
        if (!conflicting) {
            for (const RegisterConflict &c : std::as_const(open)) {
                const bool settledNow =
                    std::any_of(result.update.settled.cbegin(), result.update.settled.cend(),
                                [&c](const RegisterConflict &s) {
                                    return s.entityId == c.entityId && s.field == c.field;
                                });
                if (c.entityId == record.entityId && c.isOpen() && !settledNow)
                    conflicting = true; // still open from before, about a field this file left blank
            }
        }
        if (filled) {
            result.update.records.append(record);
            ++result.counts.changed;
        }
        if (conflicting)
            ++result.counts.conflicting;
        // Each entity the file names in one of added, changed, conflicting, decided before or unchanged.
        if (decidedBefore && !filled && !conflicting)
            ++result.counts.decidedBefore;
        else if (!filled && !conflicting)
            ++result.counts.unchanged;
    }
    return result;
}

bool edit(const Entity &current, const QHash<QString, QString> &values, Entity *edited,
          QList<RegisterChange> *changes, QString *error) {
    Entity e = current;
    QList<RegisterChange> found;
    // In the register's order, so that the audit reads the same whichever order the caller used.
    QSet<QString> unknown(values.keyBegin(), values.keyEnd());
    for (const EntityField &f : EntityFields::all()) {
        const QString c = column(f);
        const auto it = values.constFind(c);
        if (it == values.constEnd())
            continue;
        unknown.remove(c);
        const QString value = it->trimmed();
        if (c == QLatin1String("entity_id")) {
            if (value != current.entityId) {
                *error = QStringLiteral("entity_id: an entity's id cannot be changed");
                return false;
            }
            continue;
        }
        const QString before = f.text(e);
        QString reason;
        if (!f.parse(value, &e, &reason)) {
            *error = QStringLiteral("%1: %2").arg(c, reason);
            return false;
        }
        if (c == QLatin1String("jurisdiction") && !value.isEmpty()) {
            const JurisdictionMatch match = normaliseJurisdiction(value);
            if (match.kind == JurisdictionMatch::Kind::Unrecognised) {
                *error = QStringLiteral("jurisdiction: %1").arg(match.reason);
                return false;
            }
            e.jurisdiction = match.code;
        }
        if (c == QLatin1String("entity_type") && e.type != EntityType::Unknown)
            e.typeSource = QStringLiteral("operator");
        if (!sameValue(c, current, e) || f.text(e) != before)
            found.append({current.entityId, c, before, f.text(e)});
    }
    if (!unknown.isEmpty()) {
        QStringList names = unknown.values();
        names.sort();
        *error =
            QStringLiteral("%1: not a field of the entity register").arg(names.join(QStringLiteral(", ")));
        return false;
    }
    *edited = e;
    *changes = found;
    return true;
}

ImportResult asPlanned(const ImportResult &import, const QHash<QString, Entity> &current) {
    ImportResult out = import;
    // Rows stay shared with `import` (implicitly) until one of them is replaced: with an empty register,
    // or none of the file's entities in it, nothing is copied.
    for (qsizetype i = 0; i < out.rows.size(); ++i) {
        const ImportedRow &read = std::as_const(out.rows).at(i);
        if (!read.ok)
            continue;
        const auto it = current.constFind(read.entity->entityId);
        if (it == current.constEnd())
            continue;
        ImportedRow &row = out.rows[i];
        Entity e = *it;
        e.sourceFile = row.entity->sourceFile;
        e.sourceLine = row.entity->sourceLine;
        row.jurisdictionProblem.clear();
        if (e.jurisdiction.isEmpty()) {
            const JurisdictionMatch match = normaliseJurisdiction(e.jurisdictionRaw);
            if (match.kind == JurisdictionMatch::Kind::Unrecognised)
                row.jurisdictionProblem = match.reason;
            else
                e.jurisdiction = match.code;
        }
        row.typeProblem.clear();
        if (e.type == EntityType::Unknown) {
            const EntityTypeGuess guess = inferEntityType(e.name);
            if (guess.type == EntityType::Unknown) {
                row.typeProblem = guess.reason;
            } else {
                e.type = guess.type; // as the import does for a row without a type: from the name's suffix
                e.typeSource = QStringLiteral("suffix \"%1\"").arg(guess.suffix);
            }
        }
        row.entity = std::move(e);
    }
    return out;
}

QString describe(const QList<RegisterChange> &changes) {
    QStringList parts;
    for (const RegisterChange &c : changes)
        parts.append(QStringLiteral("%1: \"%2\" -> \"%3\"").arg(c.field, c.oldValue, c.newValue));
    return parts.join(QStringLiteral("; "));
}

bool sameRecord(const Entity &a, const Entity &b) {
    for (const EntityField &f : EntityFields::all()) {
        if (f.text(a) != f.text(b))
            return false;
    }
    return a.typeSource == b.typeSource;
}

} // namespace fd::EntityRegister
