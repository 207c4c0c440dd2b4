#pragma once

// Schema 10 of the team ledger: a transition through a state in one row of filingdesk_transitions
// (docs/ledger.md, "Group commit").
//
// A member asks the gate for a filing's permit while the filing is being validated, and records its
// VALIDATING together with its DISPATCHING, in the commit that must be on disk before the request leaves: one
// write of the task and one commit instead of two (TaskStore::TransitionRecord::via). filingdesk_transitions
// is set-based and takes a task once per call, so the passage is one row: an optional 36th element of a row
// ($37, the state passed through) makes the row two audit rows, in order: from_state -> via as a plain
// "transition" by the same actor (an empty reason), then via -> to_state with the row's action and reason.
// Both carry the row's error fields, as two separate transitions of the unchanged task would. The task's
// update, its version (one more), its claim check and the conflict rule (FD409) are those of schema 8; a row
// without the element is written as before.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same grants).

namespace fd::LedgerSchema {

inline constexpr const char *kTwoStepsMigration[] = {
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_transitions(text, jsonb)
        RETURNS TABLE(task_key text, task_version bigint) LANGUAGE plpgsql SECURITY DEFINER AS $$
        DECLARE
            lost text[];
            keys text[];
            versions bigint[];
        BEGIN
            PERFORM set_config('synchronous_commit', $1, true);
            -- Each action once (a resolution per task: segregation of duties looks at its batch).
            PERFORM filingdesk_authorise(d.action, d.task) FROM (SELECT DISTINCT e.r->>22 AS action,
                CASE WHEN e.r->>22 LIKE 'resolve%' THEN e.r->>15 ELSE '' END AS task
                FROM jsonb_array_elements($2) AS e(r)) d;
            WITH x AS (SELECT e.n, e.r FROM jsonb_array_elements($2) WITH ORDINALITY AS e(r, n)),
            changed AS (UPDATE tasks t SET state = x.r->>0, attempts = (x.r->>1)::integer,
                last_category = x.r->>2, last_code = x.r->>3, last_message = x.r->>4, trace_id = x.r->>5,
                last_response = decode(x.r->>6, 'base64'), confirmation_number = x.r->>7,
                fee_charged_cents = (x.r->>8)::bigint,
                next_attempt_at = CASE WHEN x.r->>9 IS NULL THEN NULL
                    ELSE clock_timestamp() + make_interval(secs => (x.r->>10)::double precision) END,
                lookup_required = (x.r->>11)::boolean, updated_at = now(),
                sent_at = CASE WHEN (x.r->>12)::boolean THEN clock_timestamp() ELSE t.sent_at END,
                version = t.version + 1,
                claimed_by = CASE WHEN (x.r->>13)::boolean THEN t.claimed_by ELSE NULL END,
                claimed_until = CASE WHEN (x.r->>14)::boolean THEN t.claimed_until ELSE NULL END
                FROM x WHERE t.idempotency_key = x.r->>15 AND t.version = (x.r->>16)::bigint
                AND (NOT (x.r->>17)::boolean OR (t.claimed_by = x.r->>18 AND t.claimed_until > clock_timestamp()))
                RETURNING x.n, t.version),
            -- A row's steps: the passage into its `via` state (when it has one), then the row's own.
            steps AS (SELECT x.n, s.step, x.r,
                    CASE WHEN s.step = 0 THEN 'transition' ELSE x.r->>22 END AS action,
                    CASE WHEN s.step = 0 THEN x.r->>23 ELSE coalesce(x.r->>35, x.r->>23) END AS from_state,
                    CASE WHEN s.step = 0 THEN x.r->>35 ELSE x.r->>24 END AS to_state,
                    CASE WHEN s.step = 0 THEN '' ELSE x.r->>34 END AS reason
                FROM x JOIN changed c ON c.n = x.n
                CROSS JOIN LATERAL (VALUES (0), (1)) AS s(step)
                WHERE s.step = 1 OR x.r->>35 IS NOT NULL),
            logged AS (INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state,
                rule_id, rules_version, payload_sha256, actor, host, desk, error_category, error_code, detail,
                reason)
                SELECT s.r->>19, s.r->>20, s.r->>21, s.action, s.from_state, s.to_state, s.r->>25, s.r->>26,
                    s.r->>27, s.r->>28, s.r->>29, s.r->>30, s.r->>31, s.r->>32, s.r->>33, s.reason
                FROM steps s ORDER BY s.n, s.step RETURNING 1)
            SELECT array_agg(x.r->>15 ORDER BY x.n) FILTER (WHERE c.n IS NULL),
                   array_agg(x.r->>15 ORDER BY x.n) FILTER (WHERE c.n IS NOT NULL),
                   array_agg(c.version ORDER BY x.n) FILTER (WHERE c.n IS NOT NULL)
            INTO lost, keys, versions
            FROM x LEFT JOIN changed c ON c.n = x.n;
            IF cardinality(lost) > 0 THEN
                RAISE EXCEPTION USING ERRCODE = 'FD409',
                    MESSAGE = 'filingdesk conflict: ' || array_to_string(lost, ',');
            END IF;
            RETURN QUERY SELECT * FROM unnest(keys, versions);
        END $$)SQL",
    // CREATE OR REPLACE keeps the grants but not the settings: the search_path pinned again.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_transitions(text, jsonb) SET search_path = '
                           'pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
};

} // namespace fd::LedgerSchema
