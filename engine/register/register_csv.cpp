#include "engine/register/register_csv.h"

#include "engine/import/csv_reader.h"
#include "engine/import/entity_type_inference.h"
#include "engine/register/entity_fields.h"
#include "engine/register/register_merge.h"

#include <QSet>

namespace fd::RegisterCsv {

namespace {

QByteArray csvCell(const QString &value) {
    QByteArray bytes = value.toUtf8();
    if (bytes.contains(',') || bytes.contains('"') || bytes.contains('\n') || bytes.contains('\r') ||
        (!bytes.isEmpty() && (bytes.front() == ' ' || bytes.back() == ' '))) {
        bytes.replace("\"", "\"\"");
        bytes = '"' + bytes + '"';
    }
    return bytes;
}

} // namespace

QByteArray write(const QList<Entity> &entities) {
    QByteArray out;
    QList<QByteArray> header;
    for (const EntityField &f : EntityFields::all())
        header.append(QByteArray(f.column));
    out += header.join(',') + '\n';
    for (const Entity &e : entities) {
        QList<QByteArray> cells;
        for (const EntityField &f : EntityFields::all())
            cells.append(csvCell(f.text(e)));
        out += cells.join(',') + '\n';
    }
    return out;
}

ReadResult read(const QByteArray &bytes, const QString &displayName) {
    ReadResult result;
    const CsvDocument doc = readCsv(bytes);
    if (!doc.ok()) {
        result.errors.append(QStringLiteral("%1:%2: %3").arg(displayName).arg(doc.errorLine).arg(doc.error));
        return result;
    }
    const CsvRecord &headerRecord = doc.records.first();
    QList<const EntityField *> columns;
    QSet<QString> seen;
    for (qsizetype i = 0; i < headerRecord.fields.size(); ++i) {
        const QString name = headerRecord.fields.at(i).trimmed().toLower();
        const EntityField *f = EntityFields::find(name);
        if (!f) {
            result.errors.append(QStringLiteral("%1:%2: column %3 (%4): not a field of the entity register")
                                     .arg(displayName)
                                     .arg(headerRecord.line)
                                     .arg(i + 1)
                                     .arg(name));
        } else if (seen.contains(name)) {
            result.errors.append(QStringLiteral("%1:%2: column %3 (%4): the column is named twice")
                                     .arg(displayName)
                                     .arg(headerRecord.line)
                                     .arg(i + 1)
                                     .arg(name));
        }
        seen.insert(name);
        columns.append(f);
    }
    if (!seen.contains(QStringLiteral("entity_id")))
        result.errors.append(
            QStringLiteral("%1:%2: no entity_id column: rows are matched to the register by entity_id")
                .arg(displayName)
                .arg(headerRecord.line));
    if (!result.errors.isEmpty())
        return result;
    QHash<QString, int> idLines;
    for (qsizetype r = 1; r < doc.records.size(); ++r) {
        const CsvRecord &record = doc.records.at(r);
        if (record.fields.size() != columns.size()) {
            result.errors.append(QStringLiteral("%1:%2: %3 fields where the header has %4")
                                     .arg(displayName)
                                     .arg(record.line)
                                     .arg(record.fields.size())
                                     .arg(columns.size()));
            continue;
        }
        Row row;
        row.line = record.line;
        Entity scratch;
        bool rowOk = true;
        for (qsizetype i = 0; i < columns.size(); ++i) {
            const QString value = record.fields.at(i).trimmed();
            const QString name = QString::fromLatin1(columns.at(i)->column);
            if (value.isEmpty()) {
                if (name == QLatin1String("entity_id")) {
                    result.errors.append(QStringLiteral("%1:%2: column %3 (entity_id): entity_id is empty")
                                             .arg(displayName)
                                             .arg(record.line)
                                             .arg(i + 1));
                    rowOk = false;
                }
                continue;
            }
            QString reason;
            if (!columns.at(i)->parse(value, &scratch, &reason)) {
                result.errors.append(QStringLiteral("%1:%2: column %3 (%4): %5")
                                         .arg(displayName)
                                         .arg(record.line)
                                         .arg(i + 1)
                                         .arg(name, reason));
                rowOk = false;
                continue;
            }
            if (name == QLatin1String("entity_id"))
                row.entityId = value;
            else
                row.values.insert(name, value);
        }
        if (!rowOk)
            continue;
        const auto dup = idLines.constFind(row.entityId);
        if (dup != idLines.constEnd()) {
            result.errors.append(QStringLiteral("%1:%2: entity_id %3 is already on line %4")
                                     .arg(displayName)
                                     .arg(record.line)
                                     .arg(row.entityId)
                                     .arg(*dup));
            continue;
        }
        idLines.insert(row.entityId, record.line);
        result.rows.append(row);
    }
    return result;
}

bool apply(const QList<Row> &rows, const QHash<QString, Entity> &current, const QList<RegisterConflict> &open,
           const QString &displayName, RegisterUpdate *update, RegisterCounts *counts, QStringList *errors) {
    RegisterUpdate out;
    out.action = QStringLiteral("entity_import");
    out.source = displayName;
    RegisterCounts c;
    for (const Row &row : rows) {
        Entity base;
        const auto it = current.constFind(row.entityId);
        const bool isNew = it == current.constEnd();
        if (isNew) {
            QStringList missing;
            for (const char *required : {"entity_name", "jurisdiction"}) {
                if (!row.values.contains(QLatin1String(required)))
                    missing.append(QLatin1String(required));
            }
            if (!missing.isEmpty()) {
                errors->append(QStringLiteral("%1:%2: %3 is not in the register; adding it needs %4")
                                   .arg(displayName)
                                   .arg(row.line)
                                   .arg(row.entityId, missing.join(QStringLiteral(" and "))));
                continue;
            }
            base.entityId = row.entityId;
            base.name = row.values.value(QStringLiteral("entity_name"));
            base.status = QStringLiteral("active");
            base.sourceFile = displayName;
            base.sourceLine = row.line;
        } else {
            base = *it;
        }
        Entity edited;
        QList<RegisterChange> changes;
        QString error;
        if (!EntityRegister::edit(base, row.values, &edited, &changes, &error)) {
            errors->append(QStringLiteral("%1:%2: %3").arg(displayName).arg(row.line).arg(error));
            continue;
        }
        for (const RegisterConflict &k : open) {
            if (k.isOpen() && k.entityId == row.entityId && row.values.contains(k.field)) {
                RegisterConflict settled = k;
                settled.fileValue = row.values.value(k.field);
                out.settled.append(settled);
            }
        }
        if (isNew && edited.type == EntityType::Unknown) {
            const EntityTypeGuess guess = inferEntityType(edited.name); // as a portfolio import does
            if (guess.type != EntityType::Unknown) {
                edited.type = guess.type;
                edited.typeSource = QStringLiteral("suffix \"%1\"").arg(guess.suffix);
                changes.append(
                    {edited.entityId, QStringLiteral("entity_type"), QString(), entityTypeName(guess.type)});
            }
        }
        if (isNew) {
            out.added.append(row.entityId);
            out.records.append(edited);
            out.changes.append(changes);
            ++c.added;
        } else if (!changes.isEmpty()) {
            out.records.append(edited);
            out.changes.append(changes);
            ++c.changed;
        } else {
            ++c.unchanged;
        }
    }
    if (!errors->isEmpty())
        return false;
    *update = out;
    *counts = c;
    return true;
}

} // namespace fd::RegisterCsv
