#pragma once

// Schema 12 of the team ledger: a seal's NOTIFY says whether a worker has anything to read (docs/ledger.md,
// "Audit hash chain").
//
// Every sealed batch NOTIFYs kNotifyChannel, and until schema 11 every member read the ledger's audit after
// each: a worker's catch-up (LedgerStore::sync(), kOwnAuditRowsFrom) keeps only its own rows and the rows a
// worker acts on (a batch launched, paused, resumed or cancelled; a review; filings put back to work), yet
// eight workers read about nine times a second each, one transaction per read, to find mostly nothing: an
// eighth of the fleet's commits. From schema 12 the payload is the last seq sealed, followed by
// " for-workers" when the batch holds a row of those actions (the same actions kOwnAuditRowsFrom keeps). A
// worker catches up at once on such a NOTIFY only, and reads its own rows on its timer (once a second); a
// desk or a run, which shows the whole team's work, catches up on every NOTIFY as before. A payload without
// the word (a member of an older version sealed) wakes every member, as before.
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same grants).

namespace fd::LedgerSchema {

/// The word a seal's NOTIFY payload ends with when the rows sealed hold any a worker acts on.
inline constexpr char kNotifyForWorkers[] = "for-workers";

inline constexpr const char *kWorkerNoticeMigration[] = {
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_seal_audit(integer, boolean, double precision) RETURNS bigint
        LANGUAGE plpgsql SECURITY DEFINER AS $$
        DECLARE
            head audit_head%ROWTYPE;
            ids bigint[];
            tails text[];
            seqs bigint[] := '{}';
            prevs text[] := '{}';
            hashes text[] := '{}';
            n integer;
            for_workers boolean;
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
            SELECT array_agg(u.id ORDER BY u.id), array_agg(u.tail ORDER BY u.id), bool_or(u.for_workers)
                INTO ids, tails, for_workers
            FROM (SELECT a.id, substr(filingdesk_audit_canonical(a), 7) AS tail,
                      a.action LIKE 'batch\_%' OR a.action LIKE 'review\_%'
                      OR a.action IN ('replay', 'resolve_requeue') AS for_workers
                  FROM audit a WHERE a.seq IS NULL ORDER BY a.id LIMIT $1) u;
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
            PERFORM pg_notify('filingdesk_ledger', head.last_seq::text ||
                                                   CASE WHEN for_workers THEN ' for-workers' ELSE '' END);
            RETURN n;
        END $$)SQL",
    // CREATE OR REPLACE keeps the grants but not the settings: the search_path pinned again.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_seal_audit(integer, boolean, double precision) '
                           'SET search_path = pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
};

} // namespace fd::LedgerSchema
