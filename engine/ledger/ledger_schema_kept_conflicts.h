#pragma once

// Schema 15 of the team ledger: a conflict a person decided for the register's value is remembered
// (docs/ledger.md, "The entity register"; RegisterConflict::keptUtc).
//
// Before schema 15 "Keep the register's" deleted the conflict, so the next import of the same portfolio file
// listed the same value against the same register value again, for the team to decide again (and perhaps
// the other way). Now the row stays, with kept_at set: the members' merge leaves that pair alone, and a file
// that gives another value, or a register value changed since, raises the conflict afresh (the conflict's
// insert clears kept_at). Settling (the file's value taken, or a value typed) still deletes the row.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same grants).

namespace fd::LedgerSchema {

inline constexpr const char *kKeptConflictMigration[] = {
    "ALTER TABLE entity_conflicts ADD COLUMN kept_at timestamptz",
    // A conflict raised again (another value, or the register's changed) is open again.
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_register_conflict(text, text, text, text, text, text) RETURNS void
        LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('entity_conflict', '');
        INSERT INTO entity_conflicts(entity_id, field, entity_name, register_value, file_value, source, seen_at)
        VALUES($1, $2, $3, $4, $5, $6, now()) ON CONFLICT (entity_id, field) DO UPDATE
        SET entity_name = EXCLUDED.entity_name, register_value = EXCLUDED.register_value,
        file_value = EXCLUDED.file_value, source = EXCLUDED.source, seen_at = now(), kept_at = NULL $$)SQL",
    // "Keep the register's": the same right as settling a conflict. Arguments: entity id, field.
    R"SQL(CREATE FUNCTION filingdesk_keep_conflict(text, text) RETURNS void LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('entity_conflict_settled', '');
        UPDATE entity_conflicts SET kept_at = now() WHERE entity_id = $1 AND field = $2 $$)SQL",
    // CREATE OR REPLACE keeps the grants but not the settings: the search_path pinned on both.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_register_conflict(text, text, text, text, text, text) '
                           'SET search_path = pg_catalog, %I, pg_temp', current_schema());
            EXECUTE format('ALTER FUNCTION filingdesk_keep_conflict(text, text) '
                           'SET search_path = pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
    "REVOKE ALL ON FUNCTION filingdesk_keep_conflict(text, text) FROM PUBLIC",
    "GRANT EXECUTE ON FUNCTION filingdesk_keep_conflict(text, text) TO filingdesk_viewer, filingdesk_worker",
};

} // namespace fd::LedgerSchema
