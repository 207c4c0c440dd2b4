#include "engine/ledger/ledger_schema.h"
#include "engine/ledger/ledger_schema_batch.h"
#include "engine/ledger/ledger_schema_due_date.h"
#include "engine/ledger/ledger_schema_kept_conflicts.h"
#include "engine/ledger/ledger_schema_roles.h"
#include "engine/ledger/ledger_schema_running_batch.h"
#include "engine/ledger/ledger_schema_seal_pace.h"
#include "engine/ledger/ledger_schema_sealer.h"
#include "engine/ledger/ledger_schema_settle.h"
#include "engine/ledger/ledger_schema_two_steps.h"
#include "engine/ledger/ledger_schema_unclaimed.h"
#include "engine/ledger/ledger_schema_worker_notice.h"

#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <array>
#include <iterator>
#include <vector>

namespace fd::LedgerSchema {

namespace {

// One list of statements per version; never edit a shipped step, append a new one.
const std::vector<std::vector<const char *>> kMigrations = {
    // 1: the first team ledger
    {
        R"SQL(CREATE TABLE entities (
            entity_id text PRIMARY KEY,
            name text NOT NULL,
            entity_json text NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now()))SQL",
        R"SQL(CREATE TABLE batches (
            batch_id text PRIMARY KEY,
            status text NOT NULL CHECK (status IN ('running', 'paused', 'cancelled', 'finished')),
            launched_by text NOT NULL,
            launched_host text NOT NULL,
            launched_desk text NOT NULL,
            launched_at timestamptz NOT NULL DEFAULT now(),
            reason text NOT NULL DEFAULT '',
            updated_at timestamptz NOT NULL DEFAULT now()))SQL",
        R"SQL(CREATE TABLE tasks (
            idempotency_key text PRIMARY KEY,
            entity_id text NOT NULL,
            jurisdiction text NOT NULL,
            state text NOT NULL,
            version bigint NOT NULL DEFAULT 1,
            batch_id text REFERENCES batches(batch_id),
            score double precision NOT NULL,
            due_date date NOT NULL,
            attempts integer NOT NULL DEFAULT 0,
            last_category text NOT NULL DEFAULT '',
            last_code text NOT NULL DEFAULT '',
            last_message text NOT NULL DEFAULT '',
            trace_id text NOT NULL DEFAULT '',
            last_response bytea,
            confirmation_number text NOT NULL DEFAULT '',
            fee_charged_cents bigint NOT NULL DEFAULT -1,
            next_attempt_at timestamptz,
            lookup_required boolean NOT NULL DEFAULT false,
            claimed_by text,
            claimed_until timestamptz,
            obligation_json text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            updated_at timestamptz NOT NULL DEFAULT now()))SQL",
        "CREATE INDEX tasks_claimable ON tasks (batch_id, state) WHERE state IN ('PENDING', 'VALIDATING', "
        "'DISPATCHING', 'FAILED_TRANSIENT')",
        "CREATE INDEX tasks_claimed_by ON tasks (claimed_by) WHERE claimed_by IS NOT NULL",
        R"SQL(CREATE TABLE audit (
            seq bigint PRIMARY KEY,
            at_utc text NOT NULL,
            idempotency_key text NOT NULL DEFAULT '',
            entity_id text NOT NULL DEFAULT '',
            action text NOT NULL,
            from_state text NOT NULL DEFAULT '',
            to_state text NOT NULL DEFAULT '',
            rule_id text NOT NULL DEFAULT '',
            rules_version text NOT NULL DEFAULT '',
            payload_sha256 text NOT NULL DEFAULT '',
            actor text NOT NULL,
            host text NOT NULL DEFAULT '',
            desk text NOT NULL DEFAULT '',
            error_category text NOT NULL DEFAULT '',
            error_code text NOT NULL DEFAULT '',
            detail text NOT NULL DEFAULT '',
            reason text NOT NULL DEFAULT '',
            prev_hash text NOT NULL,
            row_hash text NOT NULL))SQL",
        "CREATE INDEX audit_key ON audit (idempotency_key)",
        R"SQL(CREATE TABLE audit_head (
            id integer PRIMARY KEY CHECK (id = 1),
            last_seq bigint NOT NULL,
            last_hash text NOT NULL))SQL",
        "INSERT INTO audit_head VALUES (1, 0, repeat('0', 64))",
        // The canonical text of AuditChain::canonicalText(): `<UTF-8 byte length>:<value>` joined by '|'.
        R"SQL(CREATE FUNCTION filingdesk_field(v text) RETURNS text IMMUTABLE LANGUAGE sql AS
            $$ SELECT octet_length(coalesce(v, ''))::text || ':' || coalesce(v, '') $$)SQL",
        R"SQL(CREATE FUNCTION filingdesk_audit_canonical(a audit) RETURNS text IMMUTABLE LANGUAGE sql AS $$
            SELECT concat_ws('|', filingdesk_field(a.seq::text), filingdesk_field(a.prev_hash),
                filingdesk_field(a.at_utc), filingdesk_field(a.idempotency_key), filingdesk_field(a.entity_id),
                filingdesk_field(a.action), filingdesk_field(a.from_state), filingdesk_field(a.to_state),
                filingdesk_field(a.rule_id), filingdesk_field(a.rules_version),
                filingdesk_field(a.payload_sha256), filingdesk_field(a.actor), filingdesk_field(a.host),
                filingdesk_field(a.desk), filingdesk_field(a.error_category), filingdesk_field(a.error_code),
                filingdesk_field(a.detail), filingdesk_field(a.reason)) $$)SQL",
        // Sequence numbers come from the chain head under its row lock, held to commit: seq order is commit
        // order, without gaps, so a member that has read up to N has seen everything up to N.
        R"SQL(CREATE FUNCTION filingdesk_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                head audit_head%ROWTYPE;
            BEGIN
                SELECT * INTO head FROM audit_head WHERE id = 1 FOR UPDATE;
                NEW.seq := head.last_seq + 1;
                NEW.prev_hash := head.last_hash;
                NEW.row_hash := encode(sha256(convert_to(filingdesk_audit_canonical(NEW), 'UTF8')), 'hex');
                UPDATE audit_head SET last_seq = NEW.seq, last_hash = NEW.row_hash WHERE id = 1;
                PERFORM pg_notify('filingdesk_ledger', NEW.seq::text);
                RETURN NEW;
            END $$)SQL",
        "CREATE TRIGGER audit_chain BEFORE INSERT ON audit FOR EACH ROW EXECUTE FUNCTION "
        "filingdesk_audit_chain()",
        R"SQL(CREATE FUNCTION filingdesk_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
            END $$)SQL",
        "CREATE TRIGGER audit_no_update BEFORE UPDATE OR DELETE ON audit FOR EACH ROW EXECUTE FUNCTION "
        "filingdesk_append_only()",
        "CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit FOR EACH STATEMENT EXECUTE FUNCTION "
        "filingdesk_append_only()",
        R"SQL(CREATE TABLE notes (
            id bigserial PRIMARY KEY,
            idempotency_key text NOT NULL,
            author text NOT NULL,
            host text NOT NULL,
            at timestamptz NOT NULL DEFAULT now(),
            note text NOT NULL))SQL",
        R"SQL(CREATE TABLE review_claims (
            idempotency_key text PRIMARY KEY,
            reviewer text NOT NULL,
            host text NOT NULL,
            desk text NOT NULL,
            since timestamptz NOT NULL DEFAULT now()))SQL",
        R"SQL(CREATE TABLE members (
            member_id text PRIMARY KEY,
            kind text NOT NULL,
            host text NOT NULL,
            process_id bigint NOT NULL,
            version text NOT NULL,
            started_at timestamptz NOT NULL,
            last_beat timestamptz NOT NULL,
            jurisdictions text NOT NULL DEFAULT '',
            claims_held integer NOT NULL DEFAULT 0,
            in_flight integer NOT NULL DEFAULT 0,
            filed_last_hour integer NOT NULL DEFAULT 0,
            batches text NOT NULL DEFAULT ''))SQL",
    },
    // 2: the ledger's identity, its own clock for every time it stores, the send time of a filing
    {
        // A random id created with the schema: a mirror records the ledger it copies (docs/ledger.md,
        // "Identity"), so that one ledger's trail is never taken for another's.
        R"SQL(CREATE TABLE ledger_identity (
            id integer PRIMARY KEY CHECK (id = 1),
            ledger_id uuid NOT NULL DEFAULT gen_random_uuid(),
            created_at timestamptz NOT NULL DEFAULT clock_timestamp()))SQL",
        "INSERT INTO ledger_identity(id) VALUES (1)",
        // When the last submission of the filing left (the ledger's clock): the start of its settle window.
        "ALTER TABLE tasks ADD COLUMN sent_at timestamptz",
        // Every audit time is the ledger's clock at the moment the row takes its seq (under the chain head's
        // lock, so times rise with seq), never what a member's clock says.
        R"SQL(CREATE OR REPLACE FUNCTION filingdesk_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                head audit_head%ROWTYPE;
            BEGIN
                SELECT * INTO head FROM audit_head WHERE id = 1 FOR UPDATE;
                NEW.seq := head.last_seq + 1;
                NEW.prev_hash := head.last_hash;
                NEW.at_utc := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
                NEW.row_hash := encode(sha256(convert_to(filingdesk_audit_canonical(NEW), 'UTF8')), 'hex');
                UPDATE audit_head SET last_seq = NEW.seq, last_hash = NEW.row_hash WHERE id = 1;
                PERFORM pg_notify('filingdesk_ledger', NEW.seq::text);
                RETURN NEW;
            END $$)SQL",
    },
    // 3: the team's entity register (the records people keep, README "The entity register") and its open
    // conflicts, as the single desk's SQLite holds them (schema 6 there)
    {
        // A row admission wrote (in_register false) is only the entity as its task carried it: the register's
        // rows are those a register update wrote, and admission no longer changes them.
        "ALTER TABLE entities ADD COLUMN in_register boolean NOT NULL DEFAULT false",
        "ALTER TABLE entities ADD COLUMN updated_by text",
        R"SQL(CREATE TABLE entity_conflicts (
            entity_id text NOT NULL,
            field text NOT NULL,
            entity_name text NOT NULL,
            register_value text NOT NULL,
            file_value text NOT NULL,
            source text NOT NULL,
            seen_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (entity_id, field)))SQL",
    },
    // 4: every audit row names the database login that wrote it: set here from session_user, never sent by a
    // member, and covered by row_hash. A row sealed before has no login and keeps its canonical text (so its
    // hash), hence the login is appended only when there is one (AuditChain::canonicalText does the same).
    {
        "ALTER TABLE audit ADD COLUMN login text NOT NULL DEFAULT ''",
        R"SQL(CREATE OR REPLACE FUNCTION filingdesk_audit_canonical(a audit) RETURNS text IMMUTABLE LANGUAGE sql AS $$
            SELECT concat_ws('|', filingdesk_field(a.seq::text), filingdesk_field(a.prev_hash),
                filingdesk_field(a.at_utc), filingdesk_field(a.idempotency_key), filingdesk_field(a.entity_id),
                filingdesk_field(a.action), filingdesk_field(a.from_state), filingdesk_field(a.to_state),
                filingdesk_field(a.rule_id), filingdesk_field(a.rules_version),
                filingdesk_field(a.payload_sha256), filingdesk_field(a.actor), filingdesk_field(a.host),
                filingdesk_field(a.desk), filingdesk_field(a.error_category), filingdesk_field(a.error_code),
                filingdesk_field(a.detail), filingdesk_field(a.reason))
                || CASE WHEN coalesce(a.login, '') = '' THEN '' ELSE '|' || filingdesk_field(a.login) END $$)SQL",
        R"SQL(CREATE OR REPLACE FUNCTION filingdesk_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                head audit_head%ROWTYPE;
            BEGIN
                SELECT * INTO head FROM audit_head WHERE id = 1 FOR UPDATE;
                NEW.seq := head.last_seq + 1;
                NEW.prev_hash := head.last_hash;
                NEW.at_utc := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
                NEW.login := session_user;
                NEW.row_hash := encode(sha256(convert_to(filingdesk_audit_canonical(NEW), 'UTF8')), 'hex');
                UPDATE audit_head SET last_seq = NEW.seq, last_hash = NEW.row_hash WHERE id = 1;
                PERFORM pg_notify('filingdesk_ledger', NEW.seq::text);
                RETURN NEW;
            END $$)SQL",
    },
    // 5: who may do what, enforced by the ledger: group roles, every change through SECURITY DEFINER
    // functions that check them, segregation of duties (ledger_schema_roles.h, docs/roles.md)
    std::vector<const char *>(std::begin(kRolesMigration), std::end(kRolesMigration)),
    // 6: the audit chain sealed in batches by whichever member wins the sealer's lock, off the members' write
    // path (ledger_schema_sealer.h, docs/ledger.md)
    std::vector<const char *>(std::begin(kSealerMigration), std::end(kSealerMigration)),
    // 7: a cancelled batch strands nothing: its unsent VALIDATING tasks are launched again, its DISPATCHING
    // tasks whose claim ran out are claimed for their look-up (ledger_schema_settle.h)
    std::vector<const char *>(std::begin(kSettleMigration), std::end(kSettleMigration)),
    // 8: many transitions in one statement, for a member's group commit (ledger_schema_batch.h)
    std::vector<const char *>(std::begin(kBatchMigration), std::end(kBatchMigration)),
    // 9: the fleet seals at a pace; a seal computes each row's hash once (ledger_schema_seal_pace.h)
    std::vector<const char *>(std::begin(kSealPaceMigration), std::end(kSealPaceMigration)),
    // 10: a transition through a state (VALIDATING on the way to DISPATCHING) in one row of
    // filingdesk_transitions (ledger_schema_two_steps.h)
    std::vector<const char *>(std::begin(kTwoStepsMigration), std::end(kTwoStepsMigration)),
    // 11: a cured payload's due date is the task's due date too (ledger_schema_due_date.h)
    std::vector<const char *>(std::begin(kDueDateMigration), std::end(kDueDateMigration)),
    // 12: a seal that holds rows a worker acts on also NOTIFYs the workers' channel
    // (ledger_schema_worker_notice.h)
    std::vector<const char *>(std::begin(kWorkerNoticeMigration), std::end(kWorkerNoticeMigration)),
    // 13: nothing becomes DISPATCHING once its batch is paused or cancelled; workers LISTEN on no channel
    // (ledger_schema_running_batch.h)
    std::vector<const char *>(std::begin(kRunningBatchMigration), std::end(kRunningBatchMigration)),
    // 14: a claim reads the unclaimed tasks it takes, and looks for claims that ran out only when the
    // fleet's sweep is due or work is short (ledger_schema_unclaimed.h)
    std::vector<const char *>(std::begin(kUnclaimedMigration), std::end(kUnclaimedMigration)),
    // 15: a conflict decided for the register's value is remembered, not listed again
    // (ledger_schema_kept_conflicts.h)
    std::vector<const char *>(std::begin(kKeptConflictMigration), std::end(kKeptConflictMigration)),
};

bool run(QSqlDatabase &db, const QString &sql, QString *error) {
    QSqlQuery q(db);
    if (!q.exec(sql)) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

} // namespace

int storedVersion(QSqlDatabase &db) {
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT to_regclass('ledger_schema') IS NOT NULL")) || !q.next())
        return -1;
    if (!q.value(0).toBool())
        return 0;
    if (!q.exec(QStringLiteral("SELECT version FROM ledger_schema")) || !q.next())
        return -1;
    return q.value(0).toInt();
}

bool migrate(QSqlDatabase &db, QString *error, int upTo) {
    upTo = qBound(1, upTo, kVersion);
    // One transaction for the whole migration, serialised across the fleet by a transaction-scoped advisory
    // lock: it ends with the transaction whatever happens to the connection (a session lock taken through a
    // transaction-mode pooler would stay held on a pooled server connection and block every later member).
    if (!db.transaction()) {
        *error = db.lastError().text();
        return false;
    }
    auto rollback = qScopeGuard([&] { db.rollback(); });
    // Another member holds the lock for as long as its migration (or its look at the version) takes, longer
    // on a loaded machine than a write waits for a lock (the session's lock_timeout): a member starting
    // meanwhile waits for it as long as any statement may take, for this transaction only.
    if (!run(db,
             QStringLiteral("SELECT set_config('lock_timeout', current_setting('statement_timeout'), true)"),
             error) ||
        !run(db, QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kMigrationLockId), error))
        return false;
    int version = storedVersion(db);
    if (version < 0) {
        *error = QStringLiteral("cannot read the ledger's schema version: %1").arg(db.lastError().text());
        return false;
    }
    if (version > kVersion) {
        *error = QStringLiteral("the ledger has schema %1, newer than this FilingDesk understands (%2)")
                     .arg(version)
                     .arg(kVersion);
        return false;
    }
    if (version >= upTo) {
        rollback.dismiss();
        if (!db.commit()) {
            *error = db.lastError().text();
            db.rollback();
            return false;
        }
        return true;
    }
    if (version == 0) {
        if (!run(db, QStringLiteral("CREATE TABLE ledger_schema (version integer NOT NULL)"), error) ||
            !run(db, QStringLiteral("INSERT INTO ledger_schema VALUES (0)"), error))
            return false;
    }
    for (; version < upTo; ++version) {
        for (const char *sql : kMigrations.at(size_t(version))) {
            if (!run(db, QString::fromUtf8(sql), error)) {
                // Only the ledger's owner may change its schema (and only a login allowed to create roles
                // may add the group roles): members are told whom to ask.
                const bool notOwner = error->contains(QLatin1String("must be owner")) ||
                                      error->contains(QLatin1String("permission denied"));
                *error =
                    QStringLiteral("ledger migration to schema %1 failed: %2%3")
                        .arg(version + 1)
                        .arg(*error,
                             notOwner ? QStringLiteral("; the ledger's owner upgrades it by connecting once "
                                                       "with this version (docs/roles.md)")
                                      : QString());
                return false;
            }
        }
    }
    if (!run(db, QStringLiteral("UPDATE ledger_schema SET version = %1").arg(upTo), error))
        return false;
    rollback.dismiss();
    if (!db.commit()) {
        *error =
            QStringLiteral("ledger migration to schema %1 failed: %2").arg(upTo).arg(db.lastError().text());
        db.rollback();
        return false;
    }
    return true;
}

} // namespace fd::LedgerSchema
