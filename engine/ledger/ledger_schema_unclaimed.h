#pragma once

// Schema 14 of the team ledger: a claim reads the unclaimed tasks it takes, not the rows other members hold
// (docs/ledger.md, "Claims"; docs/scaling.md).
//
// Before schema 14 a claim walked tasks_workable_by_place, every workable task of a jurisdiction in claim
// order, claimed or not, and passed over the ones other members held: with eight members each holding two
// filings per slot, a few hundred rows per claim, about half of a claim's time.
//
// - tasks_unclaimed_by_place holds the workable tasks nobody holds, in claim order. A claim takes what each
//   jurisdiction lacks from it first. It costs the writes next to nothing: claimed_by is indexed already
//   (tasks_claimed_by), so a claim or a release was never a HOT update, and a task enters this index only
//   while it is workable and unclaimed (admitted, launched, handed back), not on each of its transitions.
// - Claims that ran out (a member killed or cut off: its claimed_until passes) are looked for as before,
//   down tasks_workable_by_place, but only when a jurisdiction's unclaimed tasks do not cover what the member
//   lacks there, or when the fleet's sweep is due: at most once a second for the whole fleet
//   (claim_sweep.swept_at, taken with SKIP LOCKED so that no claim waits for another's). So a claim that
//   ran out is taken over within about a second of running out by whoever claims next, and at once when
//   work is short; a better-scored task that ran out still comes before an unclaimed one.
// - Nothing else changes: the same arguments, rows, audit rows (claim, claim_takeover) and locks
//   (FOR UPDATE SKIP LOCKED); at most `need` per jurisdiction and `limit` in all.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same grants).

namespace fd::LedgerSchema {

inline constexpr const char *kUnclaimedMigration[] = {
    "CREATE INDEX tasks_unclaimed_by_place ON tasks (jurisdiction, score DESC, idempotency_key) "
    "WHERE state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT') AND claimed_by IS NULL",
    R"SQL(CREATE TABLE claim_sweep (
            id integer PRIMARY KEY CHECK (id = 1),
            swept_at timestamptz NOT NULL))SQL",
    "INSERT INTO claim_sweep(id, swept_at) VALUES (1, '-infinity')",
    // Read by whoever reads the ledger (as schema 5 granted every table); written by the claim only.
    "GRANT SELECT ON claim_sweep TO filingdesk_viewer",
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_claim_each(text, integer, text, integer, text, double precision,
                                                         text)
        RETURNS SETOF tasks LANGUAGE plpgsql SECURITY DEFINER AS $$
        DECLARE
            sweep boolean := false;
        BEGIN
        PERFORM filingdesk_authorise('claim', '');
        PERFORM set_config('synchronous_commit', 'off', true);
        -- The fleet's sweep for claims that ran out, when due; a member that finds it taken leaves it to
        -- the one that took it.
        PERFORM 1 FROM claim_sweep s WHERE s.id = 1 AND s.swept_at < clock_timestamp() - interval '1 second'
            FOR UPDATE SKIP LOCKED;
        IF FOUND THEN
            UPDATE claim_sweep SET swept_at = clock_timestamp() WHERE id = 1;
            sweep := true;
        END IF;
        RETURN QUERY WITH RECURSIVE
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
            WHERE p.jurisdiction IS NOT NULL AND ($3 = '' OR p.jurisdiction = ANY(string_to_array($3, ',')))
            AND coalesce(n.need, $2) > 0),
        -- The best unclaimed tasks of each, as many as it lacks, locked (another member's claim under way
        -- skips them), read off tasks_unclaimed_by_place.
        unclaimed AS MATERIALIZED (SELECT c.idempotency_key, c.jurisdiction, c.score, c.previous_holder
            FROM wanted w CROSS JOIN LATERAL (SELECT t.idempotency_key, t.jurisdiction, t.score,
                NULL::text AS previous_holder
                FROM tasks t JOIN batches b ON b.batch_id = t.batch_id
                WHERE t.jurisdiction = w.jurisdiction
                AND t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')
                AND t.claimed_by IS NULL
                AND (b.status = 'running' OR (b.status = 'cancelled' AND t.state = 'DISPATCHING'))
                AND (t.state = 'DISPATCHING' OR t.next_attempt_at IS NULL OR
                     t.next_attempt_at <= clock_timestamp())
                ORDER BY t.score DESC, t.idempotency_key LIMIT w.need FOR UPDATE OF t SKIP LOCKED) c),
        -- Claims that ran out, when the sweep is due or the unclaimed ones fall short of the need.
        ran_out AS MATERIALIZED (SELECT c.idempotency_key, c.jurisdiction, c.score, c.previous_holder
            FROM wanted w CROSS JOIN LATERAL (SELECT t.idempotency_key, t.jurisdiction, t.score,
                t.claimed_by AS previous_holder
                FROM tasks t JOIN batches b ON b.batch_id = t.batch_id
                WHERE t.jurisdiction = w.jurisdiction
                AND t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')
                AND t.claimed_by IS NOT NULL AND t.claimed_until < clock_timestamp()
                AND (b.status = 'running' OR (b.status = 'cancelled' AND t.state = 'DISPATCHING'))
                AND (t.state = 'DISPATCHING' OR t.next_attempt_at IS NULL OR
                     t.next_attempt_at <= clock_timestamp())
                ORDER BY t.score DESC, t.idempotency_key LIMIT w.need FOR UPDATE OF t SKIP LOCKED) c
            WHERE sweep OR w.need > (SELECT count(*) FROM unclaimed u WHERE u.jurisdiction = w.jurisdiction)),
        -- The best of both, as many as each jurisdiction lacks; then round-robin up to the limit: the best of
        -- each jurisdiction, then the second best of each, ...
        ranked AS (SELECT l.*, row_number() OVER (PARTITION BY l.jurisdiction ORDER BY l.score DESC,
                l.idempotency_key) AS rank
            FROM (SELECT * FROM unclaimed UNION ALL SELECT * FROM ran_out) l),
        picked AS (SELECT r.idempotency_key, r.previous_holder FROM ranked r JOIN wanted w
                ON w.jurisdiction = r.jurisdiction
            WHERE r.rank <= w.need ORDER BY r.rank, r.score DESC, r.idempotency_key LIMIT $4),
        claimed AS (UPDATE tasks t SET claimed_by = $5, claimed_until = clock_timestamp() +
            make_interval(secs => $6), version = t.version + 1,
            lookup_required = t.lookup_required OR t.state = 'DISPATCHING'
            FROM picked WHERE t.idempotency_key = picked.idempotency_key
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
    // CREATE OR REPLACE keeps the grants but not the SET clauses: pinned again as schema 8 pinned them.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_claim_each(text, integer, text, integer, text, '
                           'double precision, text) SET search_path = pg_catalog, %I, pg_temp', current_schema());
            -- As in schema 8: a bitmap scan and a sort of every workable task of the jurisdiction must not
            -- replace the walks down the two indexes that stop at the few a claim takes.
            ALTER FUNCTION filingdesk_claim_each(text, integer, text, integer, text, double precision, text)
                SET enable_bitmapscan = off;
        END $$)SQL",
};

} // namespace fd::LedgerSchema
