#pragma once

// Schema 13 of the team ledger: nothing leaves for a batch that is not running (docs/ledger.md, "Batches"),
// and workers need no LISTEN to stop on a pause.
//
// A filing becomes DISPATCHING in the commit that must be on disk before its request leaves (claim, then
// permit, then DISPATCHING). From schema 13 the ledger refuses that transition, in filingdesk_transitions
// and in filingdesk_transition alike, when the task's batch is paused or cancelled: SQLSTATE FD423,
// "filingdesk batch not running: KEY,KEY" (LedgerWriter sends the other rows of the flush again; the member
// hands the filings back, WriteResult::Failure::BatchNotRunning); a task in no batch was never claimable and
// is refused by the claim check as before. The update itself requires the batch to be running (one lookup of
// the batch by its key per DISPATCHING row), in the statement that writes the transition: a DISPATCHING
// written by a statement that began after the pause (or cancel) committed is impossible, whichever member
// asks and whenever it hears of the pause. Which rows were refused for that reason is looked up only when a
// row was not written. A task already DISPATCHING (the look-up of a request whose outcome is unknown) is not
// refused: its request has left.
//
// So a worker no longer needs to hear a pause at once to honour it, and from schema 13 a worker LISTENs on
// no channel (LedgerStore::listen()): PostgreSQL wakes every listening session on any NOTIFY and the woken
// session reads the queue in a transaction of its own, about 700 transactions per 4,000 filings with eight
// workers (docs/scaling.md). A worker catches up on its own rows and the team-level rows it acts on once a
// second (kOwnAuditRowsFrom), and claims on its timer. Seals still NOTIFY kWorkerNotifyChannel (schema 12):
// nobody need listen there.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same grants).

namespace fd::LedgerSchema {

inline constexpr const char *kRunningBatchMigration[] = {
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_transitions(text, jsonb)
        RETURNS TABLE(task_key text, task_version bigint) LANGUAGE plpgsql SECURITY DEFINER AS $$
        DECLARE
            stopped text[];
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
                -- Schema 13: nothing becomes DISPATCHING (nothing leaves) once its batch is paused or cancelled.
                AND (x.r->>0 <> 'DISPATCHING' OR coalesce(x.r->>23, '') = 'DISPATCHING' OR EXISTS (SELECT 1
                    FROM batches b WHERE b.batch_id = t.batch_id AND b.status = 'running'))
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
                -- Rows not written because their batch stopped are said so (looked for only when a row was
                -- not written: the common path pays one batch lookup per DISPATCHING row, no more).
                SELECT array_agg(x.r->>15 ORDER BY x.n) INTO stopped
                    FROM jsonb_array_elements($2) WITH ORDINALITY AS x(r, n)
                    JOIN tasks t ON t.idempotency_key = x.r->>15
                    JOIN batches b ON b.batch_id = t.batch_id
                    WHERE x.r->>15 = ANY(lost) AND x.r->>0 = 'DISPATCHING'
                    AND coalesce(x.r->>23, '') <> 'DISPATCHING' AND b.status <> 'running';
                IF cardinality(stopped) > 0 THEN
                    RAISE EXCEPTION USING ERRCODE = 'FD423',
                        MESSAGE = 'filingdesk batch not running: ' || array_to_string(stopped, ',');
                END IF;
                RAISE EXCEPTION USING ERRCODE = 'FD409',
                    MESSAGE = 'filingdesk conflict: ' || array_to_string(lost, ',');
            END IF;
            RETURN QUERY SELECT * FROM unnest(keys, versions);
        END $$)SQL",
    // filingdesk_transition (one row, on a member's own connection): the same refusal.
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_transition(text, text, integer, text, text, text, text, bytea,
                                              text, bigint, double precision, double precision, boolean, boolean,
                                              boolean, boolean, text, bigint, boolean, text,
                                              text, text, text, text, text, text, text, text, text, text, text,
                                              text, text, text, text, text)
        RETURNS SETOF bigint LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise($24, $17);
        RETURN QUERY WITH commit_mode AS (SELECT set_config('synchronous_commit', $1, true) AS mode),
        changed AS (UPDATE tasks SET state = $2, attempts = $3, last_category = $4, last_code = $5,
            last_message = $6, trace_id = $7, last_response = $8, confirmation_number = $9,
            fee_charged_cents = $10,
            next_attempt_at = CASE WHEN $11 IS NULL THEN NULL ELSE clock_timestamp() + make_interval(secs => $12)
            END, lookup_required = $13, updated_at = now(),
            sent_at = CASE WHEN $14 THEN clock_timestamp() ELSE sent_at END, version = version + 1,
            claimed_by = CASE WHEN $15 THEN claimed_by ELSE NULL END,
            claimed_until = CASE WHEN $16 THEN claimed_until ELSE NULL END
            WHERE idempotency_key = $17 AND version = $18
            AND (NOT $19 OR (claimed_by = $20 AND claimed_until > clock_timestamp()))
            AND ($2 <> 'DISPATCHING' OR coalesce($25, '') = 'DISPATCHING' OR EXISTS (SELECT 1 FROM batches b
                WHERE b.batch_id = tasks.batch_id AND b.status = 'running')) RETURNING version)
        INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state, rule_id,
            rules_version, payload_sha256, actor, host, desk, error_category, error_code, detail, reason)
        SELECT $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36
        FROM changed, commit_mode RETURNING (SELECT version FROM changed);
        IF NOT FOUND AND $2 = 'DISPATCHING' AND coalesce($25, '') <> 'DISPATCHING' AND EXISTS (SELECT 1
                FROM tasks t JOIN batches b ON b.batch_id = t.batch_id
                WHERE t.idempotency_key = $17 AND b.status <> 'running') THEN
            RAISE EXCEPTION USING ERRCODE = 'FD423', MESSAGE = 'filingdesk batch not running: ' || $17;
        END IF;
        END $$)SQL",
    // CREATE OR REPLACE keeps the grants but not the settings: the search_path pinned again on both.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_transitions(text, jsonb) SET search_path = '
                           'pg_catalog, %I, pg_temp', current_schema());
            EXECUTE format('ALTER FUNCTION filingdesk_transition(text, text, integer, text, text, text, text, '
                           'bytea, text, bigint, double precision, double precision, boolean, boolean, boolean, '
                           'boolean, text, bigint, boolean, text, text, text, text, text, text, text, text, '
                           'text, text, text, text, text, text, text, text, text) SET search_path = '
                           'pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
};

} // namespace fd::LedgerSchema
