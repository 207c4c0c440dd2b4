#pragma once

// Schema 8 of the team ledger: many transitions in one statement (docs/ledger.md, "Group commit").
//
// filingdesk_transitions(synchronous_commit, rows) applies each row exactly as filingdesk_transition does
// (the same conditional update on the version the member last saw, the same claim check for DISPATCHING,
// the same audit row), in the order given, inside the one statement's transaction: a member's writer thread
// sends everything that waits for the ledger as one round trip and one commit (LedgerWriter). A row for a
// task another member changed first (or whose claim ran out) makes the whole statement fail, with SQLSTATE
// FD409 and the keys it could not write in the message: nothing of the statement is written, and the member
// sends the other rows again without the writes those keys belong to.
//
// A row is a JSON array of the 35 arguments of filingdesk_transition after its first, in its order
// ($2 .. $36); the response body ($8) travels in base64.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same
// grants).

namespace fd::LedgerSchema {

inline constexpr const char *kBatchMigration[] = {
    R"SQL(CREATE FUNCTION filingdesk_transitions(text, jsonb)
        RETURNS TABLE(task_key text, task_version bigint) LANGUAGE plpgsql SECURITY DEFINER AS $$
        DECLARE
            r jsonb;
            v bigint;
            lost text[] := ARRAY[]::text[];
        BEGIN
            FOR r IN SELECT value FROM jsonb_array_elements($2) LOOP
                v := NULL;
                SELECT t INTO v FROM filingdesk_transition($1, r->>0, (r->>1)::integer, r->>2, r->>3, r->>4,
                    r->>5, decode(r->>6, 'base64'), r->>7, (r->>8)::bigint, (r->>9)::double precision,
                    (r->>10)::double precision, (r->>11)::boolean, (r->>12)::boolean, (r->>13)::boolean,
                    (r->>14)::boolean, r->>15, (r->>16)::bigint, (r->>17)::boolean, r->>18, r->>19, r->>20,
                    r->>21, r->>22, r->>23, r->>24, r->>25, r->>26, r->>27, r->>28, r->>29, r->>30, r->>31,
                    r->>32, r->>33, r->>34) AS t;
                IF v IS NULL THEN
                    lost := lost || (r->>15);
                ELSE
                    task_key := r->>15;
                    task_version := v;
                    RETURN NEXT;
                END IF;
            END LOOP;
            IF cardinality(lost) > 0 THEN
                RAISE EXCEPTION USING ERRCODE = 'FD409',
                    MESSAGE = 'filingdesk conflict: ' || array_to_string(lost, ',');
            END IF;
        END $$)SQL",
    // As every definer function: its search_path pinned, EXECUTE for the FilingDesk roles only.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_transitions(text, jsonb) SET search_path = '
                           'pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
    "REVOKE ALL ON FUNCTION filingdesk_transitions(text, jsonb) FROM PUBLIC",
    "GRANT EXECUTE ON FUNCTION filingdesk_transitions(text, jsonb) TO filingdesk_viewer, filingdesk_worker",
};

} // namespace fd::LedgerSchema
