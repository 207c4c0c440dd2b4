#pragma once

// Schema 12 of the team ledger: workers hear of the seals that hold rows they act on, on a channel of their
// own (docs/ledger.md, "Audit hash chain" and "Mirror and live view").
//
// Every sealed batch NOTIFYs kNotifyChannel, and every member read the audit after each: eight workers, about
// ten seals a second, made about 700 catch-up reads (one transaction each) per 4,000 filings, most of which
// found nothing for them. A worker's catch-up (LedgerStore::sync(), kOwnAuditRowsFrom) keeps only its own
// rows and the rows a worker acts on (a batch launched, paused, resumed or cancelled; a review; filings put
// back to work). From schema 12 a seal that holds a row of those actions also NOTIFYs kWorkerNotifyChannel,
// with the same payload (the last seq), and a worker LISTENs there only: it catches up at once when it has
// something to act on, and reads its own rows on its timer (once a second). Desks and runs, which show the
// whole team's work, listen on kNotifyChannel as before. filingdesk_beat counts either channel as listening.
//
// What a channel does not change: PostgreSQL wakes every listening session of the database on any NOTIFY,
// and the session reads the notification queue in a transaction of its own, whatever channels it listens
// on; those transactions (about 700 per 4,000 filings with eight workers) stay in the ledger's commit count
// (docs/scaling.md).
//
// Never edit a shipped step: later schemas CREATE OR REPLACE what they change (same arguments, same grants).

namespace fd::LedgerSchema {

/// The channel a worker LISTENs on: seals that hold rows a worker acts on (payload: the last seq sealed).
inline constexpr char kWorkerNotifyChannel[] = "filingdesk_ledger_workers";

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
            PERFORM pg_notify('filingdesk_ledger', head.last_seq::text);
            IF for_workers THEN
                PERFORM pg_notify('filingdesk_ledger_workers', head.last_seq::text);
            END IF;
            RETURN n;
        END $$)SQL",
    // CREATE OR REPLACE keeps the grants but not the settings: the search_path pinned again.
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_seal_audit(integer, boolean, double precision) '
                           'SET search_path = pg_catalog, %I, pg_temp', current_schema());
        END $$)SQL",
    // As in schema 5, listening on either channel.
    R"SQL(CREATE OR REPLACE FUNCTION filingdesk_beat(text, text, text, bigint, text, text, integer, integer,
            integer, text)
        RETURNS SETOF bigint LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
        PERFORM filingdesk_authorise('member_drain', '');
        RETURN QUERY INSERT INTO members(member_id, kind, host, process_id, version, started_at, last_beat, jurisdictions,
            claims_held, in_flight, filed_last_hour, batches)
        VALUES($1, $2, $3, $4, $5, clock_timestamp(), clock_timestamp(), $6, $7, $8, $9, $10)
        ON CONFLICT (member_id) DO UPDATE SET last_beat = clock_timestamp(), jurisdictions =
        EXCLUDED.jurisdictions, claims_held = EXCLUDED.claims_held, in_flight = EXCLUDED.in_flight,
        filed_last_hour = EXCLUDED.filed_last_hour, batches = EXCLUDED.batches
        RETURNING (SELECT count(*) FROM pg_listening_channels() c
                   WHERE c IN ('filingdesk_ledger', 'filingdesk_ledger_workers'));
        END $$)SQL",
    R"SQL(DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION filingdesk_beat(text, text, text, bigint, text, text, integer, '
                           'integer, integer, text) SET search_path = pg_catalog, %I, pg_temp',
                           current_schema());
        END $$)SQL",
};

} // namespace fd::LedgerSchema
