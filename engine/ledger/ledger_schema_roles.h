#pragma once

// Schema 5 of the team ledger: who may do what, enforced by PostgreSQL (docs/roles.md).
//
// - Group roles (NOLOGIN, cluster-wide, created when missing): filingdesk_viewer; filingdesk_operator (a
//   viewer); filingdesk_approver (an operator); filingdesk_admin (an approver); filingdesk_worker (reads what
//   a viewer reads). People and workers log in as their own roles and are granted one of these with plain
//   SQL.
// - Members never write a table: tables belong to the ledger's owner (the login that created the schema),
//   viewers and workers may SELECT, and every change goes through one of the SECURITY DEFINER functions below
//   (the statements LedgerStore used to send, unchanged in what they write). Each checks the caller's login
//   (session_user, never what a member says) with pg_has_role() before writing, writes its audit row in the
//   same statement, and refuses with SQLSTATE 42501 and a message naming the role needed.
// - The traps of definer functions are closed: every SECURITY DEFINER function pins its search_path to
//   `pg_catalog, <schema>, pg_temp` (PostgreSQL manual, "Writing SECURITY DEFINER Functions Safely"),
//   EXECUTE is revoked from PUBLIC and granted to the group roles only, and CREATE on the schema is revoked
//   from PUBLIC (CVE-2018-1058).
// - Segregation of duties, a team setting (team_settings, off by default, changed by an admin, audited): the
//   login that launched a batch cannot resolve its halts or accept its reconciliation exceptions.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change.

namespace fd::LedgerSchema {

inline constexpr const char *kRolesMigration[] = {
    R"SQL(DO $$
        DECLARE r text;
        BEGIN
            FOREACH r IN ARRAY ARRAY['filingdesk_viewer', 'filingdesk_operator', 'filingdesk_approver',
                                     'filingdesk_admin', 'filingdesk_worker'] LOOP
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
                    EXECUTE format('CREATE ROLE %I NOLOGIN', r);
                END IF;
            END LOOP;
        END $$)SQL",
    "GRANT filingdesk_viewer TO filingdesk_operator",
    "GRANT filingdesk_operator TO filingdesk_approver",
    "GRANT filingdesk_approver TO filingdesk_admin",
    "GRANT filingdesk_viewer TO filingdesk_worker",
    // Who launched a batch, as the ledger knows it (segregation of duties compares logins, not OS users).
    "ALTER TABLE batches ADD COLUMN launched_login text NOT NULL DEFAULT ''",
    R"SQL(CREATE TABLE team_settings (
            name text PRIMARY KEY,
            value text NOT NULL,
            changed_by text NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now()))SQL",
    "INSERT INTO team_settings(name, value, changed_by) VALUES ('segregation_of_duties', 'off', "
    "session_user)",

    // The roles an audited action needs. Roles nest (an admin is an approver is an operator is a viewer), so
    // the lowest suffices; a worker is listed where a worker may act.
    R"SQL(CREATE FUNCTION filingdesk_roles_for(action text) RETURNS text[] IMMUTABLE LANGUAGE sql AS $$
        SELECT CASE
            WHEN action IN ('engine_start', 'engine_stop', 'calendar_export', 'report_export', 'replan',
                            'member_drain')
                THEN ARRAY['filingdesk_viewer', 'filingdesk_worker']
            WHEN action IN ('settings_change', 'team_setting') THEN ARRAY['filingdesk_admin']
            WHEN action LIKE 'resolve%' OR action IN ('withdraw', 'filed_outside')
                THEN ARRAY['filingdesk_approver']
            WHEN action IN ('admit', 'batch_launch', 'batch_pause', 'batch_resume', 'batch_cancel', 'replay',
                            'note', 'entity_edit', 'entity_add', 'entity_import', 'entity_conflict',
                            'entity_conflict_settled', 'review_open', 'review_close', 'payload_rewrite')
                THEN ARRAY['filingdesk_operator']
            -- the engine's own work: claims, transitions, look-ups, reconciliation, lost permits
            ELSE ARRAY['filingdesk_worker', 'filingdesk_operator']
        END $$)SQL",
    // The FilingDesk roles a login holds (directly or through another role), for messages.
    R"SQL(CREATE FUNCTION filingdesk_roles_of(login name) RETURNS text STABLE LANGUAGE sql AS $$
        SELECT coalesce(string_agg(r, ', ' ORDER BY o), 'no FilingDesk role')
        FROM unnest(ARRAY['filingdesk_admin', 'filingdesk_approver', 'filingdesk_operator',
                          'filingdesk_viewer', 'filingdesk_worker']) WITH ORDINALITY AS x(r, o)
        WHERE pg_has_role(login, r, 'MEMBER') $$)SQL",
    // Refuses (SQLSTATE 42501) unless session_user may do `action`; for the resolution of a batch's halts
    // and exceptions, also when segregation of duties is on and session_user launched that batch.
    R"SQL(CREATE FUNCTION filingdesk_authorise(action text, task_key text) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
            needed text[] := filingdesk_roles_for(action);
            launcher text;
            batch text;
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM unnest(needed) r WHERE pg_has_role(session_user, r, 'MEMBER')) THEN
                RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
                    MESSAGE = format('%s needs the %s role; %s has %s', action,
                                     array_to_string(needed, ' or '), session_user,
                                     filingdesk_roles_of(session_user)),
                    HINT = format('an administrator grants it: GRANT %s TO %I', needed[1], session_user);
            END IF;
            IF action LIKE 'resolve%' AND coalesce(task_key, '') <> '' AND coalesce((SELECT value
                    FROM team_settings WHERE name = 'segregation_of_duties'), 'off') = 'on' THEN
                SELECT b.launched_login, b.batch_id INTO launcher, batch
                FROM tasks t JOIN batches b ON b.batch_id = t.batch_id WHERE t.idempotency_key = task_key;
                IF launcher IS NOT NULL AND launcher = session_user THEN
                    RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege',
                        MESSAGE = format('segregation of duties: %s launched batch %s and cannot resolve its '
                                         'halts or accept its exceptions (%s); another approver must',
                                         session_user, batch, action);
                END IF;
            END IF;
        END $$)SQL",

    // One audit row (LedgerStore::insertAuditRow).
    R"SQL(CREATE FUNCTION filingdesk_append_audit(text, text, text, text, text, text, text, text, text, text,
                                                text, text, text, text, text, text)
        RETURNS void LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise($4, $2);
        INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state, rule_id,
            rules_version, payload_sha256, actor, host, desk, error_category, error_code, detail, reason)
        VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16);
        END $$)SQL",

    // Admission (LedgerStore::admitTasks): the entity as its task carries it, then the task; a task the
    // ledger holds already returns nothing.
    R"SQL(CREATE FUNCTION filingdesk_admit_entity(text, text, text) RETURNS void LANGUAGE sql SECURITY DEFINER
        AS $$
        SELECT filingdesk_authorise('admit', '');
        INSERT INTO entities(entity_id, name, entity_json) VALUES($1, $2, $3) ON CONFLICT (entity_id) DO UPDATE
        SET name = EXCLUDED.name, entity_json = EXCLUDED.entity_json, updated_at = now()
        WHERE NOT entities.in_register AND entities.entity_json IS DISTINCT FROM EXCLUDED.entity_json $$)SQL",
    R"SQL(CREATE FUNCTION filingdesk_admit_task(text, text, text, text, double precision, date, text)
        RETURNS SETOF bigint LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('admit', '');
        INSERT INTO tasks(idempotency_key, entity_id, jurisdiction, state, score, due_date, obligation_json)
        VALUES($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING RETURNING version $$)SQL",

    // A transition and its audit row in one statement (LedgerStore::writeTransitionRow): the conditional
    // update on the version the member last saw; a DISPATCHING transition only under the member's live claim.
    R"SQL(CREATE FUNCTION filingdesk_transition(text, text, integer, text, text, text, text, bytea, text, bigint,
                                              double precision, double precision, boolean, boolean, boolean,
                                              boolean, text, bigint, boolean, text,
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
            AND (NOT $19 OR (claimed_by = $20 AND claimed_until > clock_timestamp())) RETURNING version)
        INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state, rule_id,
            rules_version, payload_sha256, actor, host, desk, error_category, error_code, detail, reason)
        SELECT $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36
        FROM changed, commit_mode RETURNING (SELECT version FROM changed);
        END $$)SQL",
    // A cured payload stored with its transition (LedgerStore::recordTransitions).
    R"SQL(CREATE FUNCTION filingdesk_rewrite_payload(text, text) RETURNS void LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('payload_rewrite', $2);
        UPDATE tasks SET obligation_json = $1 WHERE idempotency_key = $2 $$)SQL",
    // Fields that change without a state change (LedgerStore::saveTasks).
    R"SQL(CREATE FUNCTION filingdesk_save_task(double precision, double precision, boolean, text, bigint)
        RETURNS SETOF bigint LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise('save', $4);
        RETURN QUERY UPDATE tasks SET next_attempt_at = CASE WHEN $1 IS NULL THEN NULL ELSE
            clock_timestamp() + make_interval(secs => $2) END, lookup_required = $3,
            version = version + 1 WHERE idempotency_key = $4 AND version = $5 RETURNING version;
        END $$)SQL",

    // The entity register (LedgerStore::writeRegister); its audit rows go through filingdesk_append_audit.
    R"SQL(CREATE FUNCTION filingdesk_register_entity(text, text, text, text) RETURNS void LANGUAGE sql
        SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('entity_edit', '');
        INSERT INTO entities(entity_id, name, entity_json, in_register, updated_by, updated_at)
        VALUES($1, $2, $3, true, $4, now()) ON CONFLICT (entity_id) DO UPDATE SET name = EXCLUDED.name,
        entity_json = EXCLUDED.entity_json, in_register = true,
        updated_by = EXCLUDED.updated_by, updated_at = now() $$)SQL",
    R"SQL(CREATE FUNCTION filingdesk_register_conflict(text, text, text, text, text, text) RETURNS void
        LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('entity_conflict', '');
        INSERT INTO entity_conflicts(entity_id, field, entity_name, register_value, file_value, source, seen_at)
        VALUES($1, $2, $3, $4, $5, $6, now()) ON CONFLICT (entity_id, field) DO UPDATE
        SET entity_name = EXCLUDED.entity_name, register_value = EXCLUDED.register_value,
        file_value = EXCLUDED.file_value, source = EXCLUDED.source, seen_at = now() $$)SQL",
    R"SQL(CREATE FUNCTION filingdesk_settle_conflict(text, text) RETURNS void LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('entity_conflict_settled', '');
        DELETE FROM entity_conflicts WHERE entity_id = $1 AND field = $2 $$)SQL",

    // Launch (LedgerStore::launchBatch): one launch at a time across the fleet (the advisory lock, held to
    // commit; each statement of a volatile SQL function takes a fresh snapshot, so the update sees every
    // launch committed before the lock was granted). Arguments: batch id, actor, host, desk, reason, the keys
    // (comma-separated; empty: every PENDING task in no running or paused batch). Returns the tasks taken.
    R"SQL(CREATE FUNCTION filingdesk_launch_batch(text, text, text, text, text, text)
        RETURNS TABLE(idempotency_key text, version bigint) LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('batch_launch', '');
        SELECT pg_advisory_xact_lock(83981465707368);
        INSERT INTO batches(batch_id, status, launched_by, launched_host, launched_desk, reason, launched_login)
        VALUES($1, 'running', $2, $3, $4, $5, session_user);
        UPDATE tasks t SET batch_id = $1, version = t.version + 1, updated_at = now()
        WHERE t.state IN ('PENDING', 'FAILED_TRANSIENT') AND (t.batch_id IS NULL OR NOT EXISTS (SELECT 1
        FROM batches b WHERE b.batch_id = t.batch_id AND b.status IN ('running', 'paused')))
        AND ($6 = '' OR t.idempotency_key = ANY(string_to_array($6, ','))) RETURNING t.idempotency_key,
        t.version $$)SQL",
    // Pause, resume, cancel (LedgerStore::setBatchStatus). Arguments: the audited action, the new status,
    // the statuses changed (comma-separated), one batch id or ''. Returns the batches changed.
    R"SQL(CREATE FUNCTION filingdesk_set_batch_status(text, text, text, text) RETURNS SETOF text LANGUAGE sql
        SECURITY DEFINER AS $$
        SELECT filingdesk_authorise($1, '');
        UPDATE batches SET status = $2, updated_at = now() WHERE status = ANY(string_to_array($3, ','))
        AND ($4 = '' OR batch_id = $4) RETURNING batch_id $$)SQL",
    R"SQL(CREATE FUNCTION filingdesk_finish_idle_batches() RETURNS SETOF text LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('batch_idle', '');
        UPDATE batches b SET status = 'finished', updated_at = now() WHERE b.status = 'running'
        AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.batch_id = b.batch_id
        AND t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')) RETURNING b.batch_id $$)SQL",

    // Claims (LedgerStore::claim): arguments only, skip, per jurisdiction, limit, member, lease s, host.
    // Every claim is an audit row written by the same statement. Returns the tasks as now held.
    R"SQL(CREATE FUNCTION filingdesk_claim(text, text, integer, integer, text, double precision, text)
        RETURNS SETOF tasks LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise('claim', '');
        RETURN QUERY WITH commit_mode AS (SELECT set_config('synchronous_commit', 'off', true) AS mode),
        ranked AS (SELECT t.idempotency_key, row_number() OVER (PARTITION BY t.jurisdiction ORDER BY
            t.score DESC, t.idempotency_key) AS rank FROM tasks t JOIN batches b ON b.batch_id = t.batch_id
            WHERE b.status = 'running' AND t.state IN ('PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT')
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
    // Renewal (LedgerStore::renewClaims): arguments keys (comma-separated), lease s, member, host. Returns
    // the keys whose claim was lost, each with its audit row.
    R"SQL(CREATE FUNCTION filingdesk_renew_claims(text, double precision, text, text) RETURNS SETOF text
        LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise('claim_renew', '');
        RETURN QUERY WITH asked AS (SELECT unnest(string_to_array($1, ',')) AS k),
        renewed AS (UPDATE tasks SET claimed_until = clock_timestamp() + make_interval(secs => $2)
            WHERE claimed_by = $3 AND idempotency_key IN (SELECT k FROM asked) RETURNING idempotency_key),
        lost AS (SELECT a.k, t.claimed_by AS holder, t.entity_id, t.state FROM asked a LEFT JOIN tasks t ON
            t.idempotency_key = a.k WHERE a.k NOT IN (SELECT idempotency_key FROM renewed)),
        logged AS (INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state, actor,
            host, desk, error_code, detail) SELECT '', l.k, coalesce(l.entity_id, ''), 'claim_lost',
            coalesce(l.state, ''), coalesce(l.state, ''), 'engine', $4, $3, 'CLAIM_LOST', CASE WHEN
            l.holder IS NULL OR l.holder = $3 THEN format('%s lost its claim: the renewal was refused '
            '(the claim ran out)', $3) ELSE format('%s lost its claim: the renewal was refused, %s holds '
            'the filing now', $3, l.holder) END FROM lost l ORDER BY l.k RETURNING seq)
        SELECT l.k FROM lost l;
        END $$)SQL",
    // LedgerStore::recordClaimsLost: arguments host, member, why, keys.
    R"SQL(CREATE FUNCTION filingdesk_record_claims_lost(text, text, text, text) RETURNS void LANGUAGE sql
        SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('claim_lost', '');
        INSERT INTO audit(at_utc, idempotency_key, entity_id, action, from_state, to_state, actor, host,
            desk, error_code, detail) SELECT '', t.idempotency_key, t.entity_id, 'claim_lost', t.state,
            t.state, 'engine', $1, $2, 'CLAIM_LOST', format('%s lost its claim: %s%s', $2, $3, CASE WHEN
            t.claimed_by IS NOT NULL AND t.claimed_by <> $2 THEN format('; %s holds the filing now',
            t.claimed_by) ELSE '' END) FROM tasks t WHERE t.idempotency_key = ANY(string_to_array($4, ','))
            ORDER BY t.idempotency_key $$)SQL",
    // LedgerStore::releaseClaims: arguments member, keys.
    R"SQL(CREATE FUNCTION filingdesk_release_claims(text, text) RETURNS void LANGUAGE sql SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('claim_release', '');
        UPDATE tasks SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = $1 AND
        idempotency_key = ANY(string_to_array($2, ',')) $$)SQL",

    // Heartbeat (LedgerStore::beat), for every member, viewers included. Returns whether this session still
    // listens for the team's changes (1).
    R"SQL(CREATE FUNCTION filingdesk_beat(text, text, text, bigint, text, text, integer, integer, integer, text)
        RETURNS SETOF bigint LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise('member_drain', '');
        RETURN QUERY INSERT INTO members(member_id, kind, host, process_id, version, started_at, last_beat, jurisdictions,
            claims_held, in_flight, filed_last_hour, batches)
        VALUES($1, $2, $3, $4, $5, clock_timestamp(), clock_timestamp(), $6, $7, $8, $9, $10)
        ON CONFLICT (member_id) DO UPDATE SET last_beat = clock_timestamp(), jurisdictions =
        EXCLUDED.jurisdictions, claims_held = EXCLUDED.claims_held, in_flight = EXCLUDED.in_flight,
        filed_last_hour = EXCLUDED.filed_last_hour, batches = EXCLUDED.batches
        RETURNING (SELECT count(*) FROM pg_listening_channels() c WHERE c = 'filingdesk_ledger');
        END $$)SQL",

    // Review claims ("in review by NAME on HOST since TIME"): arguments key, reviewer, host, desk / key,
    // reviewer, host. Each returns the key when it took effect.
    R"SQL(CREATE FUNCTION filingdesk_open_review(text, text, text, text) RETURNS SETOF text LANGUAGE sql
        SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('review_open', $1);
        INSERT INTO review_claims(idempotency_key, reviewer, host, desk) VALUES($1, $2, $3, $4)
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key $$)SQL",
    R"SQL(CREATE FUNCTION filingdesk_close_review(text, text, text) RETURNS SETOF text LANGUAGE sql
        SECURITY DEFINER AS $$
        SELECT filingdesk_authorise('review_close', $1);
        DELETE FROM review_claims WHERE idempotency_key = $1 AND reviewer = $2 AND host = $3
        RETURNING idempotency_key $$)SQL",

    // Team settings (admin), audited in the same statement: arguments name, value, actor, host, desk,
    // reason. Returns the value before.
    R"SQL(CREATE FUNCTION filingdesk_set_team_setting(text, text, text, text, text, text) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER AS $$
        DECLARE before text;
        BEGIN
            PERFORM filingdesk_authorise('team_setting', '');
            IF $1 = 'segregation_of_duties' AND $2 NOT IN ('on', 'off') THEN
                RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
                    MESSAGE = format('segregation_of_duties is on or off, not %s', $2);
            ELSIF $1 <> 'segregation_of_duties' THEN
                RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
                    MESSAGE = format('unknown team setting %s', $1);
            END IF;
            SELECT value INTO before FROM team_settings WHERE name = $1 FOR UPDATE;
            INSERT INTO team_settings(name, value, changed_by, changed_at) VALUES($1, $2, session_user, now())
            ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, changed_by = EXCLUDED.changed_by,
            changed_at = EXCLUDED.changed_at;
            INSERT INTO audit(at_utc, action, actor, host, desk, detail, reason)
            VALUES('', 'team_setting', $3, $4, $5,
                   format('%s: %s -> %s', $1, coalesce(before, '(unset)'), $2), $6);
            RETURN before;
        END $$)SQL",

    // The owner of the ledger administers it.
    "GRANT filingdesk_admin TO CURRENT_USER",
    // Privileges: members read, and write only through the functions above.
    R"SQL(DO $$
        DECLARE
            s text := current_schema();
            f regprocedure;
            definer boolean;
        BEGIN
            EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM PUBLIC', s);
            EXECUTE format('GRANT USAGE ON SCHEMA %I TO filingdesk_viewer, filingdesk_worker', s);
            EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA %I FROM PUBLIC', s);
            EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %I FROM PUBLIC', s);
            EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA %I TO filingdesk_viewer', s);
            EXECUTE format('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA %I FROM PUBLIC', s);
            FOR f, definer IN SELECT p.oid::regprocedure, p.prosecdef FROM pg_proc p
                    WHERE p.pronamespace = s::regnamespace AND p.proname LIKE 'filingdesk\_%' LOOP
                -- Only the definer functions: the helpers they call run inside their pinned path, and a SET
                -- clause would keep the per-row hash helpers from being inlined.
                IF definer THEN
                    EXECUTE format('ALTER FUNCTION %s SET search_path = pg_catalog, %I, pg_temp', f, s);
                    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO filingdesk_viewer, filingdesk_worker', f);
                END IF;
            END LOOP;
        END $$)SQL",
};

} // namespace fd::LedgerSchema
