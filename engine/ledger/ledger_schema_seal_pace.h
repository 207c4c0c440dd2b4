#pragma once

// Schema 9 of the team ledger: the fleet seals at a pace, and a seal computes each row's hash once
// (docs/ledger.md, "Audit hash chain").
//
// - filingdesk_seal_audit(max_rows, wait, unless_sealed_within) is filingdesk_seal_audit(max_rows, wait) with
//   one more argument: a sealer that finds the chain sealed less than `unless_sealed_within` seconds ago (by
//   any member) leaves at once, as if another member held the lock (-1). Every member's sealer runs a few
//   times a second while it writes; without it, eight members sealed about 50 times a second, a few dozen
//   rows each, each seal a commit, a head update and a NOTIFY that sets every member reading. A member's
//   timed seals pass the spacing (AuditSealer::kFleetSpacingMs); a member that seals on purpose (at stop,
//   before its blocking catch-up, in tests) passes 0. audit_head.sealed_at records when the chain was last
//   sealed, by the ledger's clock.
// - The append-only trigger no longer computes each sealed row's hash again: the sealer computes it once.
//   Sealing (an unsealed row getting seq, prev_hash and row_hash, nothing else) is allowed only while the
//   sealer's own transaction-local setting `filingdesk.sealing` is on; the sealer turns it on for its UPDATE
//   and off after it. The same statements as before are refused, a forged seal among them: an UPDATE outside
//   the sealer is refused whatever hash it writes. What a seal wrote is proven by `audit verify`, which
//   recomputes every hash, as it always did. The recomputation was a third of a seal's time.
// - The two-argument function stays, for an operator's psql: it seals without a spacing.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change.

namespace fd::LedgerSchema {

inline constexpr const char *kSealPaceMigration[] = {
    "ALTER TABLE audit_head ADD COLUMN sealed_at timestamptz NOT NULL DEFAULT '-infinity'",

    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_audit_sealing_only() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            unchanged audit;
        BEGIN
            IF TG_OP = 'UPDATE' AND OLD.seq IS NULL AND NEW.seq IS NOT NULL AND NEW.prev_hash IS NOT NULL
                    AND NEW.row_hash IS NOT NULL
                    AND coalesce(current_setting('filingdesk.sealing', true), '') = 'on' THEN
                -- Every other column as it was (whatever columns later schemas add).
                unchanged := NEW;
                unchanged.seq := NULL;
                unchanged.prev_hash := NULL;
                unchanged.row_hash := NULL;
                IF unchanged IS NOT DISTINCT FROM OLD THEN
                    RETURN NEW;
                END IF;
            END IF;
            RAISE EXCEPTION '% is append-only: a sealed row is never changed, and only the sealer '
                '(filingdesk_seal_audit) seals, setting seq, prev_hash and the row''s own row_hash', TG_TABLE_NAME;
        END $$)SQL",

    // Arguments: the most rows to seal, whether to wait for another sealer (up to lock_timeout) rather than
    // leave, and the spacing in seconds (0: none). Returns the rows sealed, -1 when another sealer holds
    // the lock or the chain was sealed within the spacing.
    R"SQL(CREATE FUNCTION filingdesk_seal_audit(integer, boolean, double precision) RETURNS bigint
        LANGUAGE plpgsql SECURITY DEFINER AS $$
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
            IF $3 > 0 AND (SELECT h.sealed_at FROM audit_head h WHERE h.id = 1) >
                    clock_timestamp() - make_interval(secs => $3) THEN
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
            PERFORM set_config('filingdesk.sealing', 'on', true);
            UPDATE audit a SET seq = u.seq, prev_hash = u.prev_hash, row_hash = u.row_hash
            FROM unnest(ids, seqs, prevs, hashes) AS u(id, seq, prev_hash, row_hash) WHERE a.id = u.id;
            PERFORM set_config('filingdesk.sealing', '', true);
            UPDATE audit_head SET last_seq = head.last_seq, last_hash = head.last_hash,
                sealed_at = clock_timestamp() WHERE id = 1;
            PERFORM pg_notify('filingdesk_ledger', head.last_seq::text);
            RETURN n;
        END $$)SQL",
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_seal_audit(integer, boolean) RETURNS bigint LANGUAGE sql
        SECURITY DEFINER AS $$ SELECT filingdesk_seal_audit($1, $2, 0) $$)SQL",
    // As every definer function: its search_path pinned, EXECUTE for the FilingDesk roles only.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_seal_audit(integer, boolean, double precision) '
                           'SET search_path = pg_catalog, %I, pg_temp', current_schema());
            EXECUTE format('ALTER FUNCTION filingdesk_seal_audit(integer, boolean) SET search_path = '
                           'pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
    "REVOKE ALL ON FUNCTION filingdesk_seal_audit(integer, boolean, double precision) FROM PUBLIC",
    "GRANT EXECUTE ON FUNCTION filingdesk_seal_audit(integer, boolean, double precision) TO "
    "filingdesk_viewer, "
    "filingdesk_worker",
};

} // namespace fd::LedgerSchema
