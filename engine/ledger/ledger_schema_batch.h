#pragma once

// Schema 8 of the team ledger: many transitions in one statement (docs/ledger.md, "Group commit"), and claims
// by what each jurisdiction lacks (docs/ledger.md, "Claims").
//
// filingdesk_transitions(synchronous_commit, rows) applies the rows as filingdesk_transition applies one (the
// same conditional update on the version the member last saw, the same claim check for DISPATCHING, the same
// audit row, in the order given), set-based: one UPDATE and one INSERT for all of them, each action
// authorised once. A member's writer thread sends everything that waits for the ledger as one round trip and
// one commit (LedgerWriter); a task appears at most once per call (a second transition of it goes in the
// next). A row for a task another member changed first (or whose claim ran out) makes the whole statement
// fail, with SQLSTATE FD409 and the keys it could not write in the message: nothing of the statement is
// written, and the member sends the other rows again without the writes those keys belong to.
//
// A row is a JSON array of the 35 arguments of filingdesk_transition after its first, in its order
// ($2 .. $36); the response body ($8) travels in base64.
//
// filingdesk_claim_each(needs, default_need, only, limit, member, lease, host) claims as filingdesk_claim
// does (the same tasks are workable, the same audit rows), but up to what each jurisdiction lacks
// ("US-DE=8,US-CA=3"; `default_need` for a jurisdiction not listed) and taken round-robin over the
// jurisdictions (the best task of each, then the second of each, ...) up to `limit`: claims by score alone
// gave a member all of the best-scoring jurisdiction's tasks while another jurisdiction's ceiling stood idle
// for want of claimed work.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same
// grants).

namespace fd::LedgerSchema {

inline constexpr const char *kBatchMigration[] = {
    R"SQL(CREATE FUNCTION filingdesk_transitions(text, jsonb)
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
            logged AS (INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state,
                rule_id, rules_version, payload_sha256, actor, host, desk, error_category, error_code, detail,
                reason)
                SELECT x.r->>19, x.r->>20, x.r->>21, x.r->>22, x.r->>23, x.r->>24, x.r->>25, x.r->>26,
                    x.r->>27, x.r->>28, x.r->>29, x.r->>30, x.r->>31, x.r->>32, x.r->>33, x.r->>34
                FROM x JOIN changed c ON c.n = x.n ORDER BY x.n RETURNING 1)
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
    // As every definer function: its search_path pinned, EXECUTE for the FilingDesk roles only.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_transitions(text, jsonb) SET search_path = '
                           'pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
    "REVOKE ALL ON FUNCTION filingdesk_transitions(text, jsonb) FROM PUBLIC",
    "GRANT EXECUTE ON FUNCTION filingdesk_transitions(text, jsonb) TO filingdesk_viewer, filingdesk_worker",

    // The workable tasks of each jurisdiction in claim order, so that a claim reads only the few it takes
    // (and the claimed ones it passes over) instead of ranking every workable task of the ledger.
    "CREATE INDEX tasks_workable_by_place ON tasks (jurisdiction, score DESC, idempotency_key) "
    "WHERE state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')",
    R"SQL(CREATE FUNCTION filingdesk_claim_each(text, integer, text, integer, text, double precision, text)
        RETURNS SETOF tasks LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise('claim', '');
        RETURN QUERY WITH RECURSIVE commit_mode AS (SELECT set_config('synchronous_commit', 'off', true) AS mode),
        -- The jurisdictions that have workable tasks, one index probe each (a loose index scan).
        places AS ((SELECT t.jurisdiction FROM tasks t
                WHERE t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')
                ORDER BY t.jurisdiction LIMIT 1)
            UNION ALL
            SELECT (SELECT t.jurisdiction FROM tasks t
                WHERE t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')
                AND t.jurisdiction > p.jurisdiction ORDER BY t.jurisdiction LIMIT 1)
            FROM places p WHERE p.jurisdiction IS NOT NULL),
        needs AS (SELECT split_part(x, '=', 1) AS jurisdiction, split_part(x, '=', 2)::integer AS need
            FROM unnest(string_to_array($1, ',')) AS x),
        wanted AS (SELECT p.jurisdiction, coalesce(n.need, $2) AS need FROM places p
            LEFT JOIN needs n ON n.jurisdiction = p.jurisdiction
            WHERE p.jurisdiction IS NOT NULL AND ($3 = '' OR p.jurisdiction = ANY(string_to_array($3, ',')))),
        -- The best claimable tasks of each, as many as it lacks, locked (another member's claim under way
        -- skips them).
        locked AS (SELECT c.idempotency_key, c.jurisdiction, c.score, c.previous_holder FROM wanted w
            CROSS JOIN LATERAL (SELECT t.idempotency_key, t.jurisdiction, t.score, t.claimed_by AS previous_holder
                FROM tasks t JOIN batches b ON b.batch_id = t.batch_id
                WHERE t.jurisdiction = w.jurisdiction
                AND t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')
                AND (b.status = 'running' OR (b.status = 'cancelled' AND t.state = 'DISPATCHING'))
                AND (t.claimed_by IS NULL OR t.claimed_until < clock_timestamp())
                AND (t.state = 'DISPATCHING' OR t.next_attempt_at IS NULL OR
                     t.next_attempt_at <= clock_timestamp())
                ORDER BY t.score DESC, t.idempotency_key LIMIT w.need FOR UPDATE OF t SKIP LOCKED) c
            WHERE w.need > 0),
        -- Round-robin up to the limit: the best of each jurisdiction, then the second best of each, ...
        picked AS (SELECT r.idempotency_key, r.previous_holder FROM (SELECT l.*, row_number() OVER
                (PARTITION BY l.jurisdiction ORDER BY l.score DESC, l.idempotency_key) AS rank FROM locked l) r
            ORDER BY r.rank, r.score DESC, r.idempotency_key LIMIT $4),
        claimed AS (UPDATE tasks t SET claimed_by = $5, claimed_until = clock_timestamp() +
            make_interval(secs => $6), version = t.version + 1,
            lookup_required = t.lookup_required OR t.state = 'DISPATCHING'
            FROM picked, commit_mode WHERE t.idempotency_key = picked.idempotency_key
            RETURNING t AS task_row, t.idempotency_key, t.entity_id, t.state, t.score, picked.previous_holder),
        logged AS (INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state,
            actor, host, desk, detail) SELECT '', c.idempotency_key, c.entity_id, CASE WHEN
            c.previous_holder IS NULL THEN 'claim' ELSE 'claim_takeover' END, c.state, c.state, 'engine',
            $7, $5, CASE WHEN c.previous_holder IS NULL THEN format('claimed by %s', $5) ELSE
            format('taken over by %s from %s, whose claim ran out%s', $5, c.previous_holder, CASE WHEN
            c.state = 'DISPATCHING' THEN ': looked up before anything is sent again' ELSE '' END) END
            FROM claimed c ORDER BY c.score DESC, c.idempotency_key RETURNING seq)
        SELECT (c.task_row).* FROM claimed c;
        END $$)SQL",
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_claim_each(text, integer, text, integer, text, '
                           'double precision, text) SET search_path = pg_catalog, %I, pg_temp', current_schema());
            -- The ledger's statistics trail a batch that changes every task many times a minute: a plan
            -- for one task (a bitmap scan, then a sort of every workable task of the jurisdiction) must not
            -- replace the walk down tasks_workable_by_place that stops at the few a claim takes.
            ALTER FUNCTION filingdesk_claim_each(text, integer, text, integer, text, double precision, text)
                SET enable_bitmapscan = off;
        END $$)SQL",
    "REVOKE ALL ON FUNCTION filingdesk_claim_each(text, integer, text, integer, text, double precision, "
    "text) "
    "FROM PUBLIC",
    "GRANT EXECUTE ON FUNCTION filingdesk_claim_each(text, integer, text, integer, text, double precision, "
    "text) "
    "TO filingdesk_viewer, filingdesk_worker",
};

} // namespace fd::LedgerSchema
