#pragma once

// Schema 11 of the team ledger: a cured payload brings its due date along (docs/ledger.md, "Schema").
//
// A person's correction can plan a filing again under the same idempotency key with another due date (a
// formation date corrected moves California's anniversary month: FilingTask::setObligation). Up to schema 10
// filingdesk_rewrite_payload stored the new obligation JSON and left tasks.due_date as admitted, so the
// ledger's column and what is sent and shown disagreed; a desk's own SQLite has always rewritten both
// (AuditStore). From schema 11 the function takes the due date from the JSON it stores ("due_date",
// YYYY-MM-DD, obligationToJson); a JSON without one keeps the column as it was.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same grants).

namespace fd::LedgerSchema {

inline constexpr const char *kDueDateMigration[] = {
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_rewrite_payload(text, text) RETURNS void LANGUAGE sql
        SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('payload_rewrite', $2);
        UPDATE tasks SET obligation_json = $1,
            due_date = COALESCE(NULLIF($1::jsonb->>'due_date', '')::date, due_date)
        WHERE idempotency_key = $2 $$)SQL",
    // CREATE OR REPLACE keeps the grants but not the settings: the search_path pinned again.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_rewrite_payload(text, text) SET search_path = '
                           'pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
};

} // namespace fd::LedgerSchema
