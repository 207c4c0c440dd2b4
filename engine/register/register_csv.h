#pragma once

#include "engine/model/entity.h"
#include "engine/register/register_types.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace fd {

/// The entity register as CSV (README, "The entity register"): `filingdesk entities export` writes it,
/// `filingdesk entities import` reads it. The columns are EntityField columns; an export has all of them in
/// EntityFields::all() order and is also a FilingDesk CSV portfolio. Pure functions; thread-safe.
namespace RegisterCsv {

/// Every entity, one row each, all columns, RFC 4180 quoting, UTF-8, LF line ends.
QByteArray write(const QList<Entity> &entities);

/// One data row of an import file: the values it gives (blank cells are left out: a blank never erases).
struct Row {
    int line = 0;
    QString entityId;
    QHash<QString, QString> values; ///< column -> text, trimmed, non-blank
};

struct ReadResult {
    QList<Row> rows;
    /// Every problem, one line each: "FILE:LINE: column N (FIELD): reason" (or "FILE:LINE: reason"). Any
    /// problem refuses the whole file.
    QStringList errors;
    bool ok() const { return errors.isEmpty(); }
};

/// Reads an import file: a header naming `entity_id` and any subset of the register's columns (an unknown
/// or repeated column is an error naming it), then rows keyed by entity_id (a repeated id is an error). Every
/// cell is checked by its field (EntityField::parse); every row must have as many cells as the header.
ReadResult read(const QByteArray &bytes, const QString &displayName);

/// Applies `rows` to the register `current`: a known entity gets the values given, an unknown one is added
/// (it needs entity_name and jurisdiction). Errors as in read(), nothing applied when there is one. Open
/// conflicts on a field given are settled (the file's value is the decision); a kept one (not open) stays as
/// it was decided.
bool apply(const QList<Row> &rows, const QHash<QString, Entity> &current, const QList<RegisterConflict> &open,
           const QString &displayName, RegisterUpdate *update, RegisterCounts *counts, QStringList *errors);

} // namespace RegisterCsv

} // namespace fd
