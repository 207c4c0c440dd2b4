#pragma once

// Schema 6 of the team ledger: the audit chain is sealed in batches, off the members' write path
// (docs/ledger.md, "Audit hash chain").
//
// - Members insert audit rows without touching any lock of the chain: the insert trigger stamps the row with
//   the ledger's clock (at_utc) and the login (session_user), and leaves seq, prev_hash and row_hash NULL
//   (unsealed). Each row gets `id`, a stable key from a sequence, when it is inserted.
// - filingdesk_seal_audit() (SECURITY DEFINER, any FilingDesk role may run it) seals: under a
//   transaction-scoped advisory lock, it gives every unsealed row it can see seq = last + 1, prev_hash and
//   row_hash, in the order of `id`, and moves the chain head once, in one transaction. Whoever does not win
//   the lock leaves at once (or, asked to, waits up to the session's lock_timeout). It never seals by "id
//   above the last one sealed": a row with a lower id may commit after a higher one, and is simply sealed by
//   the next run. One NOTIFY per batch carries the last seq sealed.
// - Readers read sealed rows only (seq IS NOT NULL, in seq order): a member that has read up to N has seen
//   everything up to N, as before.
// - The append-only trigger still refuses UPDATE, DELETE and TRUNCATE, with one exception: sealing an
//   unsealed row, which may set seq, prev_hash and the row's own row_hash and nothing else. A sealed row is
//   never changed.
// - Existing rows keep seq, prev_hash and row_hash (and so the chain and the head); their id is their seq.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change.

namespace fd::LedgerSchema {

/// pg_advisory_xact_lock key of the sealer: "Sealer".
inline constexpr long long kSealLockId = 0x5365616c6572;

inline constexpr const char *kSealerMigration[] = {
    // The stable key, for rows already sealed their seq (the append-only trigger is off for this one update).
    "ALTER TABLE audit DISABLE TRIGGER audit_no_update",
    "ALTER TABLE audit ADD COLUMN id bigint",
    "UPDATE audit SET id = seq",
    "ALTER TABLE audit ENABLE TRIGGER audit_no_update",
    "CREATE SEQUENCE audit_id_seq OWNED BY audit.id",
    "SELECT setval('audit_id_seq', coalesce((SELECT max(id) FROM audit), 0) + 1, false)",
    "ALTER TABLE audit ALTER COLUMN id SET DEFAULT nextval('audit_id_seq'), ALTER COLUMN id SET NOT NULL",
    "ALTER TABLE audit DROP CONSTRAINT audit_pkey",
    "ALTER TABLE audit ADD PRIMARY KEY (id)",
    R"SQL(ALTER TABLE audit ALTER COLUMN seq DROP NOT NULL, ALTER COLUMN prev_hash DROP NOT NULL,
        ALTER COLUMN row_hash DROP NOT NULL)SQL",
    "ALTER TABLE audit ADD CONSTRAINT audit_seq_key UNIQUE (seq)",
    // A row is sealed whole or not at all.
    R"SQL(ALTER TABLE audit ADD CONSTRAINT audit_sealed_whole CHECK ((seq IS NULL) = (prev_hash IS NULL)
        AND (seq IS NULL) = (row_hash IS NULL)))SQL",
    // What the sealer looks for, in the order it seals.
    "CREATE INDEX audit_unsealed ON audit (id) WHERE seq IS NULL",

    // The insert trigger: the ledger's clock and the login, nothing of the chain (no lock, no NOTIFY).
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            NEW.seq := NULL;
            NEW.prev_hash := NULL;
            NEW.row_hash := NULL;
            NEW.at_utc := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
            NEW.login := session_user;
            RETURN NEW;
        END $$)SQL",

    // The canonical text of schema 4, the same text, written with || only: concat_ws() is only stable, which
    // kept the function from being inlined, and a call per row cost more than the rest of the sealing.
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_audit_canonical(a audit) RETURNS text IMMUTABLE LANGUAGE sql AS $$
        SELECT filingdesk_field(a.seq::text) || '|' || filingdesk_field(a.prev_hash) || '|' ||
            filingdesk_field(a.at_utc) || '|' || filingdesk_field(a.idempotency_key) || '|' ||
            filingdesk_field(a.entity_id) || '|' || filingdesk_field(a.action) || '|' ||
            filingdesk_field(a.from_state) || '|' || filingdesk_field(a.to_state) || '|' ||
            filingdesk_field(a.rule_id) || '|' || filingdesk_field(a.rules_version) || '|' ||
            filingdesk_field(a.payload_sha256) || '|' || filingdesk_field(a.actor) || '|' ||
            filingdesk_field(a.host) || '|' || filingdesk_field(a.desk) || '|' ||
            filingdesk_field(a.error_category) || '|' || filingdesk_field(a.error_code) || '|' ||
            filingdesk_field(a.detail) || '|' || filingdesk_field(a.reason)
            || CASE WHEN coalesce(a.login, '') = '' THEN '' ELSE '|' || filingdesk_field(a.login) END $$)SQL",

    // Append-only, but for sealing: an unsealed row may receive seq, prev_hash and its own row_hash, nothing
    // else.
    R"SQL(CREATE FUNCTION filingdesk_audit_sealing_only() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            unchanged audit;
        BEGIN
            IF TG_OP = 'UPDATE' AND OLD.seq IS NULL AND NEW.seq IS NOT NULL AND NEW.prev_hash IS NOT NULL THEN
                -- Every other column as it was (whatever columns later schemas add).
                unchanged := NEW;
                unchanged.seq := NULL;
                unchanged.prev_hash := NULL;
                unchanged.row_hash := NULL;
                IF unchanged IS NOT DISTINCT FROM OLD AND NEW.row_hash =
                        encode(sha256(convert_to(filingdesk_audit_canonical(NEW), 'UTF8')), 'hex') THEN
                    RETURN NEW;
                END IF;
            END IF;
            RAISE EXCEPTION '% is append-only: a sealed row is never changed, and sealing sets only seq, '
                'prev_hash and the row''s own row_hash', TG_TABLE_NAME;
        END $$)SQL",
    "DROP TRIGGER audit_no_update ON audit",
    "CREATE TRIGGER audit_no_update BEFORE UPDATE OR DELETE ON audit FOR EACH ROW EXECUTE FUNCTION "
    "filingdesk_audit_sealing_only()",

    // The sealer. Arguments: the most rows to seal, whether to wait for another sealer (up to lock_timeout)
    // rather than leave. Returns the rows sealed, -1 when another sealer holds the lock. The head is locked
    // too (only sealers take it, under the advisory lock), so that nothing else moves it meanwhile. The
    // canonical text of an unsealed row (seq and prev_hash NULL) begins "0:|0:|": the rest is read in one
    // query, the chain is computed here, and the rows are sealed by one UPDATE.
    R"SQL(CREATE FUNCTION filingdesk_seal_audit(integer, boolean) RETURNS bigint LANGUAGE plpgsql
        SECURITY DEFINER AS $$
        DECLARE
            head audit_head%ROWTYPE;
            ids bigint[];
            tails text[];
            seqs bigint[] := '{}';
            prevs text[] := '{}';
            hashes text[] := '{}';
            n integer;
        BEGIN
            IF $2 THEN
                PERFORM pg_advisory_xact_lock(91694891296114);
            ELSIF NOT pg_try_advisory_xact_lock(91694891296114) THEN
                RETURN -1;
            END IF;
            -- Each statement from here sees every row committed before the lock was won.
            SELECT array_agg(u.id ORDER BY u.id), array_agg(u.tail ORDER BY u.id) INTO ids, tails
            FROM (SELECT a.id, substr(filingdesk_audit_canonical(a), 7) AS tail FROM audit a
                  WHERE a.seq IS NULL ORDER BY a.id LIMIT $1) u;
            n := coalesce(array_length(ids, 1), 0);
            IF n = 0 THEN
                RETURN 0;
            END IF;
            SELECT * INTO head FROM audit_head WHERE id = 1 FOR UPDATE;
            FOR i IN 1 .. n LOOP
                seqs[i] := head.last_seq + 1;
                prevs[i] := head.last_hash;
                hashes[i] := encode(sha256(convert_to(filingdesk_field(seqs[i]::text) || '|' ||
                                                      filingdesk_field(prevs[i]) || '|' || tails[i], 'UTF8')),
                                    'hex');
                head.last_seq := seqs[i];
                head.last_hash := hashes[i];
            END LOOP;
            UPDATE audit a SET seq = u.seq, prev_hash = u.prev_hash, row_hash = u.row_hash
            FROM unnest(ids, seqs, prevs, hashes) AS u(id, seq, prev_hash, row_hash) WHERE a.id = u.id;
            UPDATE audit_head SET last_seq = head.last_seq, last_hash = head.last_hash WHERE id = 1;
            PERFORM pg_notify('filingdesk_ledger', head.last_seq::text);
            RETURN n;
        END $$)SQL",
    // As every definer function: its search_path pinned, EXECUTE for the FilingDesk roles only.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_seal_audit(integer, boolean) SET search_path = '
                           'pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
    "REVOKE ALL ON FUNCTION filingdesk_seal_audit(integer, boolean) FROM PUBLIC",
    "REVOKE ALL ON FUNCTION filingdesk_audit_sealing_only() FROM PUBLIC",
    "GRANT EXECUTE ON FUNCTION filingdesk_seal_audit(integer, boolean) TO filingdesk_viewer, "
    "filingdesk_worker",
};

} // namespace fd::LedgerSchema
