#pragma once

// Schema 7 of the team ledger: a cancelled batch leaves no filing stranded (docs/ledger.md, "Claims").
//
// - A task the engine had picked (VALIDATING) but not sent when its batch was cancelled, and whose claim was
//   handed back, is launched again with the PENDING ones: VALIDATING is recorded before the permit is asked
//   for and DISPATCHING before the request leaves, so a VALIDATING task was never sent.
// - A DISPATCHING task (sent, its outcome unknown) whose claim ran out in a cancelled batch is claimed by the
//   next member for its look-up, as it is in a running batch: it may have been filed, and only its look-up
//   says whether. Before schema 7 both stayed in the cancelled batch for good.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same
// grants).

namespace fd::LedgerSchema {

inline constexpr const char *kSettleMigration[] = {
    // Launch (LedgerStore::launchBatch), as schema 5 wrote it but for the VALIDATING tasks nobody holds.
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_launch_batch(text, text, text, text, text, text)
        RETURNS TABLE(idempotency_key text, version bigint) LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('batch_launch', '');
        SELECT pg_advisory_xact_lock(83981465707368);
        INSERT INTO batches(batch_id, status, launched_by, launched_host, launched_desk, reason, launched_login)
        VALUES($1, 'running', $2, $3, $4, $5, session_user);
        UPDATE tasks t SET batch_id = $1, version = t.version + 1, updated_at = now()
        WHERE (t.state IN ('PENDING', 'FAILED_TRANSIENT') OR (t.state = 'VALIDATING'
        AND (t.claimed_by IS NULL OR t.claimed_until < clock_timestamp())))
        AND (t.batch_id IS NULL OR NOT EXISTS (SELECT 1
        FROM batches b WHERE b.batch_id = t.batch_id AND b.status IN ('running', 'paused')))
        AND ($6 = '' OR t.idempotency_key = ANY(string_to_array($6, ','))) RETURNING t.idempotency_key,
        t.version $$)SQL",
    // Claims (LedgerStore::claim), as schema 5 wrote them but for the DISPATCHING tasks of cancelled batches.
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_claim(text, text, integer, integer, text, double precision,
                                                    text)
        RETURNS SETOF tasks LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise('claim', '');
        RETURN QUERY WITH commit_mode AS (SELECT set_config('synchronous_commit', 'off', true) AS mode),
        ranked AS (SELECT t.idempotency_key, row_number() OVER (PARTITION BY t.jurisdiction ORDER BY
            t.score DESC, t.idempotency_key) AS rank FROM tasks t JOIN batches b ON b.batch_id = t.batch_id
            WHERE (b.status = 'running' OR (b.status = 'cancelled' AND t.state = 'DISPATCHING'))
            AND t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')
            AND (t.claimed_by IS NULL OR t.claimed_until < clock_timestamp())
            AND (t.state = 'DISPATCHING' OR t.next_attempt_at IS NULL OR t.next_attempt_at <= clock_timestamp())
            AND ($1 = '' OR t.jurisdiction = ANY(string_to_array($1, ',')))
            AND NOT (t.jurisdiction = ANY(string_to_array($2, ',')))),
        picked AS (SELECT t.idempotency_key, t.claimed_by AS previous_holder FROM tasks t JOIN ranked r
            ON r.idempotency_key = t.idempotency_key
            WHERE r.rank <= $3 AND t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')
            AND (t.claimed_by IS NULL OR t.claimed_until < clock_timestamp())
            ORDER BY t.score DESC, t.idempotency_key LIMIT $4 FOR UPDATE OF t SKIP LOCKED),
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
    // CREATE OR REPLACE keeps the grants but not the SET clause: the two definer functions pin their
    // search_path again, as schema 5 pinned every one (ledger_schema_roles.h).
    R"SQL(DO $$
        DECLARE
            s text := current_schema();
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_launch_batch(text, text, text, text, text, text) '
                           'SET search_path = pg_catalog, %I, pg_temp', s);
            EXECUTE format('ALTER FUNCTION filingdesk_claim(text, text, integer, integer, text, double precision, '
                           'text) SET search_path = pg_catalog, %I, pg_temp', s);
        END $$)SQL",
};

} // namespace fd::LedgerSchema
