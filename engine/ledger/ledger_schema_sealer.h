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
//   unsealed row, which may set seq, prev_hash and row_hash (the row's own hash) and nothing else. A sealed
//   row is never changed.
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

    // Append-only, but for sealing: an unsealed row may receive its seq, prev_hash and its own row_hash.
    R"SQL(CREATE FUNCTION filingdesk_audit_sealing_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'UPDATE' AND OLD.seq IS NULL AND NEW.seq IS NOT NULL AND NEW.prev_hash IS NOT NULL
                AND (to_jsonb(NEW) - 'seq' - 'prev_hash' - 'row_hash')
                    = (to_jsonb(OLD) - 'seq' - 'prev_hash' - 'row_hash')
                AND NEW.row_hash = encode(sha256(convert_to(filingdesk_audit_canonical(NEW), 'UTF8')), 'hex')
            THEN
                RETURN NEW;
            END IF;
            RAISE EXCEPTION '% is append-only: a sealed row is never changed, and sealing sets only seq, '
                'prev_hash and row_hash', TG_TABLE_NAME;
        END $$)SQL",
    "DROP TRIGGER audit_no_update ON audit",
    "CREATE TRIGGER audit_no_update BEFORE UPDATE OR DELETE ON audit FOR EACH ROW EXECUTE FUNCTION "
    "filingdesk_audit_sealing_only()",

    // The sealer. Arguments: the most rows to seal, whether to wait for another sealer (up to lock_timeout)
    // rather than leave. Returns the rows sealed, -1 when another sealer holds the lock. The head is locked
    // too (only sealers take it, under the advisory lock), so that nothing else moves it meanwhile.
    R"SQL(CREATE FUNCTION filingdesk_seal_audit(integer, boolean) RETURNS bigint LANGUAGE plpgsql
        SECURITY DEFINER AS $$
        DECLARE
            head audit_head%ROWTYPE;
            r audit%ROWTYPE;
            sealed bigint := 0;
        BEGIN
            IF $2 THEN
                PERFORM pg_advisory_xact_lock(91694891296114);
            ELSIF NOT pg_try_advisory_xact_lock(91694891296114) THEN
                RETURN -1;
            END IF;
            -- Each statement from here sees every row committed before the lock was won.
            IF NOT EXISTS (SELECT 1 FROM audit WHERE seq IS NULL) THEN
                RETURN 0;
            END IF;
            SELECT * INTO head FROM audit_head WHERE id = 1 FOR UPDATE;
            FOR r IN SELECT * FROM audit WHERE seq IS NULL ORDER BY id LIMIT $1 LOOP
                r.seq := head.last_seq + 1;
                r.prev_hash := head.last_hash;
                r.row_hash := encode(sha256(convert_to(filingdesk_audit_canonical(r), 'UTF8')), 'hex');
                UPDATE audit SET seq = r.seq, prev_hash = r.prev_hash, row_hash = r.row_hash WHERE id = r.id;
                head.last_seq := r.seq;
                head.last_hash := r.row_hash;
                sealed := sealed + 1;
            END LOOP;
            UPDATE audit_head SET last_seq = head.last_seq, last_hash = head.last_hash WHERE id = 1;
            PERFORM pg_notify('filingdesk_ledger', head.last_seq::text);
            RETURN sealed;
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
