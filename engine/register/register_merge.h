#pragma once

#include "engine/import/portfolio_importer.h"
#include "engine/register/register_types.h"

#include <QHash>
#include <QList>

namespace fd {

/// The entity register's rules (README, "The entity register"), as pure functions of their inputs.
/// Thread-safe; the engine calls them on its thread.
namespace EntityRegister {

/// Field values are equal as the register compares them: text with runs of white space made one, the
/// jurisdiction by the place it names ("Delaware" equals "US-DE"), the entity type by its kind.
bool sameValue(const QString &column, const Entity &a, const Entity &b);
/// Whether field `column` of `e` holds a value nobody entered, which a file's value fills rather than
/// conflicting with: blank, or the default a field takes when a file leaves it out (risk tier 3, status
/// active).
bool isBlankOrDefault(const QString &column, const Entity &e);

struct MergeResult {
    RegisterUpdate update;
    RegisterCounts counts;
};

/// Merges the valid rows of a portfolio file into the register `current`, keyed by entity id:
/// - an entity new to the register is added as the file gives it;
/// - a field the file gives (ImportedRow::provided) fills a blank in the register (a change);
/// - a blank in the file never erases a value;
/// - a value the file gives that differs from the register's non-blank value is a conflict, listed for a
///   person; the register keeps its value until someone decides (decide()); one a person decided before
///   for the register's value (an entry of `open` that is not open: RegisterConflict::keptUtc), with the
///   same value on both sides, is not listed again (RegisterCounts::decidedBefore);
/// - a value the import worked out (ImportedRow::inferred: the type from the name's suffix) only fills a
///   blank, never conflicts;
/// - an open conflict the file now agrees with is settled.
/// Row errors are not merged; a repeat of an entity in the file merges once (its first row).
/// `open`: the register's conflicts, open and kept.
MergeResult mergePortfolio(const QHash<QString, Entity> &current, const QList<RegisterConflict> &open,
                           const ImportResult &import, const QDateTime &nowUtc);

/// Sets `values` (EntityField::column -> text as a CSV cell writes it) on `current`. False with *error
/// ("formation_date: \"2019-13-01\" is not a date in YYYY-MM-DD form") when a value is invalid or a column
/// unknown; nothing changes then. An empty value clears the field (never for entity_id or entity_name).
/// *changes lists the fields whose value differs.
bool edit(const Entity &current, const QHash<QString, QString> &values, Entity *edited,
          QList<RegisterChange> *changes, QString *error);

/// An import of the file as planning sees it: each valid row's entity replaced by its register record
/// (the file's line kept), its jurisdiction resolved again and the type's problem worked out, so that
/// obligations are planned from the register.
ImportResult asPlanned(const ImportResult &import, const QHash<QString, Entity> &current);

/// One line per change for the audit: `registered_agent: "" -> "CT Corporation"`.
QString describe(const QList<RegisterChange> &changes);

/// Whether `a` and `b` are the same record: every register field reads the same (EntityFields), and the
/// entity type was found the same way.
bool sameRecord(const Entity &a, const Entity &b);

} // namespace EntityRegister

} // namespace fd
