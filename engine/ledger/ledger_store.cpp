#include "engine/ledger/ledger_store.h"
#include "engine/core/host_identity.h"

#include "engine/core/clock.h"
#include "engine/ledger/audit_sealer.h"
#include "engine/ledger/ledger_admission.h"
#include "engine/ledger/ledger_refusals.h"
#include "engine/ledger/ledger_register_write.h"
#include "engine/ledger/ledger_row_calls.h"
#include "engine/ledger/ledger_schema.h"
#include "engine/model/money.h"
#include "engine/register/entity_fields.h"
#include "engine/store/threaded_store.h"

#include <libpq-fe.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QSocketNotifier>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStandardPaths>
#include <QThread>
#include <QTimer>
#include <QUuid>

#include <mutex>
#include <optional>

#include <algorithm>

Q_LOGGING_CATEGORY(lcLedger, "filingdesk.ledger")

namespace fd {

namespace {

// The key serialising batch launches, "Launch" (0x4c61756e6368), is taken by filingdesk_launch_batch; the
// one serialising entity register updates is LedgerRegisterWrite::kLockId.

/// The ledger refused the change for this login's roles: SQLSTATE 42501 (insufficient_privilege), raised by
/// filingdesk_authorise() or by PostgreSQL itself for a table written directly. QPSQL puts the SQLSTATE in
/// brackets into the error text that every failure path here carries.
bool isRoleRefusal(const QString &message) {
    return message.contains(QLatin1String("(42501)"));
}

const QString kWorkableStates = QStringLiteral("'PENDING', 'VALIDATING', 'DISPATCHING', 'FAILED_TRANSIENT'");

/// NOT NULL text columns: a null QString binds as SQL NULL, an absent value is stored as ''.
QString text(const QString &value) {
    return value.isNull() ? QStringLiteral("") : value;
}

/// A time the ledger will store, as the duration from now that this member means by it (durations travel,
/// times do not: members' clocks disagree; the ledger adds it to its own clock). Null when `t` is unset.
QVariant secondsFromNow(const QDateTime &t, const QDateTime &localNow) {
    if (!t.isValid())
        return QVariant(QMetaType::fromType<double>());
    return double(localNow.msecsTo(t)) / 1000.0;
}

/// Besides the task row: the ledger's own times as durations from the ledger's now, turned back into this
/// member's clock by taskFromRow().
const QString kTaskTimes =
    QStringLiteral("(extract(epoch FROM %1next_attempt_at - clock_timestamp()) * 1000)::bigint AS "
                   "next_attempt_in_ms, (extract(epoch FROM clock_timestamp() - %1sent_at) * 1000)::bigint "
                   "AS sent_ago_ms");

/// The transition records a submission leaving (not a look-up, not an uncertain outcome being recorded): the
/// start of the filing's settle window.
bool marksSend(const TaskStore::TransitionRecord &r) {
    return r.task.state == ExecutionState::Dispatching && r.from != ExecutionState::Dispatching &&
           !r.task.lookupRequired;
}

/// A file-name-safe name of the ledger's address, for the default mirror folder of a ledger not reached yet.
QString addressSlug(const LedgerEndpoint &e) {
    QString slug = QStringLiteral("%1@%2-%3").arg(e.database, e.host).arg(e.port);
    for (QChar &c : slug)
        if (!c.isLetterOrNumber() && c != QLatin1Char('@') && c != QLatin1Char('-') &&
            c != QLatin1Char('.') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    return slug;
}

bool keepsClaim(ExecutionState s) {
    // States a member is working on: the claim stays with the task until it leaves them.
    return s == ExecutionState::Validating || s == ExecutionState::Dispatching ||
           s == ExecutionState::FailedTransient;
}

/// The columns of a task row, looked up once per result: QSqlQuery::value(name) builds the whole record on
/// every call, which cost more than everything else a member does with the row.
struct TaskColumns {
    explicit TaskColumns(const QSqlRecord &r)
        : key(r.indexOf(QStringLiteral("idempotency_key")))
        , obligation(r.indexOf(QStringLiteral("obligation_json")))
        , state(r.indexOf(QStringLiteral("state")))
        , score(r.indexOf(QStringLiteral("score")))
        , attempts(r.indexOf(QStringLiteral("attempts")))
        , category(r.indexOf(QStringLiteral("last_category")))
        , code(r.indexOf(QStringLiteral("last_code")))
        , message(r.indexOf(QStringLiteral("last_message")))
        , trace(r.indexOf(QStringLiteral("trace_id")))
        , response(r.indexOf(QStringLiteral("last_response")))
        , confirmation(r.indexOf(QStringLiteral("confirmation_number")))
        , fee(r.indexOf(QStringLiteral("fee_charged_cents")))
        , nextIn(r.indexOf(QStringLiteral("next_attempt_in_ms")))
        , sentAgo(r.indexOf(QStringLiteral("sent_ago_ms")))
        , batch(r.indexOf(QStringLiteral("batch_id")))
        , updated(r.indexOf(QStringLiteral("updated_at")))
        , lookup(r.indexOf(QStringLiteral("lookup_required")))
        , claimedBy(r.indexOf(QStringLiteral("claimed_by")))
        , version(r.indexOf(QStringLiteral("version"))) {}
    int key, obligation, state, score, attempts, category, code, message, trace, response, confirmation, fee,
        nextIn, sentAgo, batch, updated, lookup, claimedBy, version;
};

FilingTask taskFromRow(const QSqlQuery &q, const TaskColumns &c, const QDateTime &localNow) {
    FilingTask t;
    t.key = q.value(c.key).toString();
    t.obligation = obligationFromJson(QJsonDocument::fromJson(q.value(c.obligation).toByteArray()).object());
    t.state = stateFromName(q.value(c.state).toString()).value_or(ExecutionState::Pending);
    t.score = q.value(c.score).toDouble();
    t.attempts = q.value(c.attempts).toInt();
    t.lastCategory = categoryFromName(q.value(c.category).toString());
    t.lastErrorCode = q.value(c.code).toString();
    t.lastErrorMessage = q.value(c.message).toString();
    t.traceId = q.value(c.trace).toString();
    t.lastResponseBody = q.value(c.response).toByteArray();
    t.confirmationNumber = q.value(c.confirmation).toString();
    t.feeChargedCents = q.value(c.fee).toLongLong();
    const QVariant nextIn = q.value(c.nextIn);
    t.nextAttemptUtc = nextIn.isNull() ? QDateTime() : localNow.addMSecs(nextIn.toLongLong());
    const QVariant sentAgo = q.value(c.sentAgo);
    t.sentUtc = sentAgo.isNull() ? QDateTime() : localNow.addMSecs(-sentAgo.toLongLong());
    t.batchId = q.value(c.batch).toString();
    t.updatedUtc = q.value(c.updated).toDateTime().toUTC();
    t.lookupRequired = q.value(c.lookup).toBool();
    t.claimedBy = q.value(c.claimedBy).toString();
    return t;
}

/// The catch-up reads (sync(), syncThen()). Sealed rows only (an unsealed row's seq is NULL): up to N is
/// everything up to N. Arguments: the first seq wanted, the most rows.
constexpr const char *kEveryAuditRowFrom = "SELECT * FROM audit WHERE seq >= ? ORDER BY seq LIMIT ?";
/// A worker's catch-up: this member's rows, the rows a worker acts on (a batch launched, paused, resumed or
/// cancelled; a review; filings put back to work), and the chain head's row, so that the mirror's last row
/// follows the head (the prefix checked at every connect) and the next catch-up starts there. One
/// statement: one snapshot. Arguments: the first seq wanted, the member id, the most rows.
constexpr const char *kOwnAuditRowsFrom =
    "SELECT * FROM audit WHERE seq >= ? AND (desk = ? OR action LIKE 'batch\\_%' OR action LIKE "
    "'review\\_%' OR action IN ('replay', 'resolve_requeue') OR seq = (SELECT last_seq FROM "
    "audit_head WHERE id = 1)) ORDER BY seq LIMIT ?";

/// Extends this member's claims (renewClaims(), renewClaimsThen()); the keys it no longer holds come back,
/// each with its `claim_lost` audit row written by the same statement. Arguments: the keys (comma-separated),
/// the lease in seconds, the member id, the host.
constexpr const char *kRenewClaims = "SELECT * FROM filingdesk_renew_claims(?, ?, ?, ?)";

/// The columns of an audit row, looked up once per result (see TaskColumns).
struct AuditColumns {
    explicit AuditColumns(const QSqlRecord &r)
        : seq(r.indexOf(QStringLiteral("seq")))
        , at(r.indexOf(QStringLiteral("at_utc")))
        , key(r.indexOf(QStringLiteral("idempotency_key")))
        , entity(r.indexOf(QStringLiteral("entity_id")))
        , action(r.indexOf(QStringLiteral("action")))
        , from(r.indexOf(QStringLiteral("from_state")))
        , to(r.indexOf(QStringLiteral("to_state")))
        , rule(r.indexOf(QStringLiteral("rule_id")))
        , rules(r.indexOf(QStringLiteral("rules_version")))
        , payload(r.indexOf(QStringLiteral("payload_sha256")))
        , actor(r.indexOf(QStringLiteral("actor")))
        , host(r.indexOf(QStringLiteral("host")))
        , desk(r.indexOf(QStringLiteral("desk")))
        , category(r.indexOf(QStringLiteral("error_category")))
        , code(r.indexOf(QStringLiteral("error_code")))
        , detail(r.indexOf(QStringLiteral("detail")))
        , reason(r.indexOf(QStringLiteral("reason")))
        , prevHash(r.indexOf(QStringLiteral("prev_hash")))
        , rowHash(r.indexOf(QStringLiteral("row_hash")))
        , login(r.indexOf(QStringLiteral("login"))) {}
    int seq, at, key, entity, action, from, to, rule, rules, payload, actor, host, desk, category, code,
        detail, reason, prevHash, rowHash, login;
};

AuditEntry auditFromRow(const QSqlQuery &q, const AuditColumns &c) {
    AuditEntry e;
    e.ledgerSeq = q.value(c.seq).toLongLong();
    e.id = e.ledgerSeq;
    e.atUtcText = q.value(c.at).toString();
    e.atUtc = QDateTime::fromString(e.atUtcText, Qt::ISODateWithMs);
    e.idempotencyKey = q.value(c.key).toString();
    e.entityId = q.value(c.entity).toString();
    e.action = q.value(c.action).toString();
    e.fromState = q.value(c.from).toString();
    e.toState = q.value(c.to).toString();
    e.ruleId = q.value(c.rule).toString();
    e.rulesVersion = q.value(c.rules).toString();
    e.payloadSha256 = q.value(c.payload).toString();
    e.actor = q.value(c.actor).toString();
    e.host = q.value(c.host).toString();
    e.desk = q.value(c.desk).toString();
    e.errorCategory = q.value(c.category).toString();
    e.errorCode = q.value(c.code).toString();
    e.detail = q.value(c.detail).toString();
    e.reason = q.value(c.reason).toString();
    e.prevHash = q.value(c.prevHash).toString();
    e.rowHash = q.value(c.rowHash).toString();
    e.login = q.value(c.login).toString();
    return e;
}

/// Remembers the versions a transaction is about to change, to put them back if it rolls back (copying the
/// whole map per transaction would cost as much as the map is large).
class VersionRollback {
public:
    explicit VersionRollback(QHash<QString, qint64> &versions)
        : m_versions(versions) {}
    void remember(const QString &key) {
        if (!m_old.contains(key))
            m_old.insert(key, m_versions.contains(key) ? std::optional<qint64>(m_versions.value(key))
                                                       : std::nullopt);
    }
    void restore() {
        for (auto it = m_old.cbegin(); it != m_old.cend(); ++it) {
            if (it.value())
                m_versions.insert(it.key(), *it.value());
            else
                m_versions.remove(it.key());
        }
    }

private:
    QHash<QString, qint64> &m_versions;
    QHash<QString, std::optional<qint64>> m_old;
};

} // namespace

LedgerStore::LedgerStore(const LedgerEndpoint &endpoint, const QString &memberId, const QString &kind,
                         qint64 leaseMs)
    : m_endpoint(endpoint)
    , m_memberId(memberId)
    , m_kind(kind)
    , m_leaseMs(leaseMs)
    , m_pgConnection(QStringLiteral("filingdesk-ledger-") +
                     QUuid::createUuid().toString(QUuid::WithoutBraces)) {}

LedgerStore::~LedgerStore() {
    // The writer answers what waits before the members its answers use go.
    if (m_writer)
        m_writer->stop();
    settleWrites();
    sealOwnWrites();
    m_sealer.reset();
    m_statements.clear();
    if (QSqlDatabase::contains(m_pgConnection)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_pgConnection, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_pgConnection);
    }
}

int LedgerStore::callDeadlineMs() const {
    // A member may wait on one ledger call no longer than half a lease: past that, its permits (renewed on
    // this thread) could run out while it waits.
    return int(qBound(qint64(2000), m_leaseMs / 2, qint64(kCallDeadlineMs)));
}

int LedgerStore::statementTimeoutMs() const {
    return callDeadlineMs() * 3 / 4; // the server gives up before this member does
}

qintptr LedgerStore::socket() const {
    PGconn *connection = pgConnection();
    return connection ? qintptr(PQsocket(connection)) : -1;
}

LedgerStore::Call LedgerStore::callDeadline() {
    return Call(*this);
}

LedgerStore::Call::Call(LedgerStore &store)
    : m_store(store) {
    m_store.m_deadline.arm(m_store.socket(), m_store.callDeadlineMs());
}

LedgerStore::Call::~Call() {
    m_store.m_deadline.disarm();
    // libpq read any NOTIFY that arrived while this call's statements ran: its socket is drained, and the
    // listener would not wake for it. Handed on from the event loop, never from inside a call.
    if (m_store.m_listener && m_store.m_onNotify)
        QMetaObject::invokeMethod(
            m_store.m_listener.get(), [store = &m_store] { store->drainNotifications(); },
            Qt::QueuedConnection);
}

QDateTime LedgerStore::now() const {
    return m_clock ? m_clock->nowUtc() : QDateTime::currentDateTimeUtc();
}

void LedgerStore::rememberLedgerAtAddress() const {
    // Which ledger answered at this address last: the folder of the default mirrors to start on while the
    // ledger cannot be reached.
    if (m_ledgerId.isEmpty())
        return;
    const QDir root(host::mirrorRoot());
    QDir().mkpath(root.path());
    QSaveFile last(root.filePath(addressSlug(m_endpoint) + QStringLiteral(".ledger")));
    if (last.open(QIODevice::WriteOnly)) {
        last.write(m_ledgerId.toUtf8() + '\n');
        last.commit();
    }
}

bool LedgerStore::openDefaultMirror(QString *error) {
    // One folder per ledger (by its id once it was reached; by its address until then), one file per member
    // running at once: kind-1, kind-2, ... the first one no other process holds. A member that restarts
    // takes its slot back with everything it mirrored.
    const QDir root(host::mirrorRoot());
    const QString pointer = root.filePath(addressSlug(m_endpoint) + QStringLiteral(".ledger"));
    QString folder = m_ledgerId;
    if (folder.isEmpty()) {
        QFile last(pointer);
        if (last.open(QIODevice::ReadOnly))
            folder = QString::fromUtf8(last.readAll()).trimmed();
    }
    if (folder.isEmpty() || folder.contains(QLatin1Char('/')) || folder.contains(QLatin1Char('\\')))
        folder = addressSlug(m_endpoint) + QStringLiteral("-unreached");
    const QDir dir(root.filePath(folder));
    if (!QDir().mkpath(dir.path())) {
        *error = QStringLiteral("%1: cannot create the mirror folder").arg(dir.path());
        return false;
    }
    rememberLedgerAtAddress();
    constexpr int kSlots = 256;
    for (int n = 1; n <= kSlots; ++n) {
        const QString path = dir.filePath(QStringLiteral("%1-%2.sqlite").arg(m_kind).arg(n));
        if (m_mirror.open(path, error, AuditStore::OpenMode::Exclusive))
            return true;
        if (!m_mirror.wasInUse())
            return false;
    }
    *error = QStringLiteral("%1: every one of %2 mirror slots is in use").arg(dir.path()).arg(kSlots);
    return false;
}

bool LedgerStore::openTeam(const QString &mirrorPath, QString *error, QString *ledgerError) {
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        *error = QStringLiteral("Qt's PostgreSQL driver (QPSQL) is not installed; team mode needs it "
                                "(Debian: libqt6sql6-psql)");
        return false;
    }
    // The ledger first: its identity decides which mirror is its (and whether the one named is).
    QString why;
    const bool reachable = connectLedger(&why);
    if (!reachable && m_refusal != Refusal::None) {
        // A refused login, a pooler in transaction mode or a schema newer than this program will not fix
        // itself: refuse to start.
        *error = QStringLiteral("%1: %2").arg(m_endpoint.display(), why);
        closeLedger();
        return false;
    }
    m_defaultMirror = mirrorPath.isEmpty();
    const bool opened = m_defaultMirror ? openDefaultMirror(error)
                                        : m_mirror.open(mirrorPath, error, AuditStore::OpenMode::Exclusive);
    if (!opened) {
        closeLedger();
        return false;
    }
    if (reachable && !checkMirror(error)) {
        close();
        closeLedger();
        return false;
    }
    if (!reachable)
        *ledgerError = why;
    return true;
}

bool LedgerStore::checkMirror(QString *error) {
    if (m_ledgerId.isEmpty())
        return true;
    settleMirror(); // on reconnect: what the catch-ups handed to the mirror's thread is checked too
    const AuditStore::MirrorBinding bound = m_mirror.mirrorBinding();
    if (bound.isBound() && bound.ledgerId != m_ledgerId && m_defaultMirror) {
        // A mirror this member chose itself (while the ledger had not been reached) belongs to another ledger
        // now: this ledger's own default mirror is taken instead.
        qCInfo(lcLedger).noquote() << m_mirror.path() << "is the mirror of ledger" << bound.ledgerId
                                   << "; this member takes ledger" << m_ledgerId << "'s own";
        close();
        if (!openDefaultMirror(error))
            return false;
        return checkMirror(error);
    }
    if (bound.isBound() && bound.ledgerId != m_ledgerId) {
        *error =
            QStringLiteral("%1 is the mirror of ledger %2 (last reached at %3), not of ledger %4 at %5: give "
                           "another --db, or none (each ledger gets mirrors of its own)")
                .arg(m_mirror.path(), bound.ledgerId, bound.ledgerUrl, m_ledgerId, m_endpoint.display());
        return false;
    }
    // A worker keeps its own rows of the audit (and the team-level rows it acts on); a desk or a run shows
    // the whole trail, which a worker's mirror does not hold.
    const bool worker = m_kind == QLatin1String("worker");
    if (bound.ownRowsOnly() && !worker) {
        *error =
            QStringLiteral("%1 is a worker's mirror: it keeps that worker's own rows of the ledger's audit, "
                           "not the whole trail a %2 shows: give another --db, or none")
                .arg(m_mirror.path(), m_kind);
        return false;
    }
    const qint64 last = m_mirror.lastMirroredSeq();
    if (!bound.isBound() && last == 0) {
        // Not a mirror at all: a single desk's database (its filings, receipts and audit trail of its own) is
        // never taken over, or overwritten, by a ledger's copy.
        QSqlQuery q(QSqlDatabase::database(m_mirror.connectionName()));
        if (q.exec(QStringLiteral("SELECT (SELECT count(*) FROM tasks), (SELECT count(*) FROM audit)")) &&
            q.next() && (q.value(0).toLongLong() > 0 || q.value(1).toLongLong() > 0)) {
            *error = QStringLiteral(
                         "%1 is a single desk's database (%2 filing(s), %3 audit row(s) of its own), not "
                         "a mirror of a ledger: give a file of its own with --db, or none")
                         .arg(m_mirror.path())
                         .arg(q.value(0).toLongLong())
                         .arg(q.value(1).toLongLong());
            return false;
        }
    }
    if (last > 0) {
        // What this member copied must still be the ledger's: a ledger restored from an older copy, or a
        // standby that had not caught up before it was promoted, has lost rows or grown others in their
        // place, and the filings recorded in them would be sent again.
        qint64 headSeq = 0;
        QString headHash;
        QString readError;
        if (!chainHead(&headSeq, &headHash, &readError)) {
            *error = QStringLiteral("%1: %2").arg(m_endpoint.display(), readError);
            return false;
        }
        const QList<AuditEntry> mine = m_mirror.mirroredLedgerAudit(last);
        const QList<AuditEntry> theirs =
            headSeq >= last ? ledgerAudit(last, 1, &readError) : QList<AuditEntry>();
        if (!readError.isEmpty()) {
            *error = QStringLiteral("%1: %2").arg(m_endpoint.display(), readError);
            return false;
        }
        const QString what = bound.isBound() ? QStringLiteral("the ledger %1").arg(m_ledgerId)
                                             : QStringLiteral("another ledger");
        if (headSeq < last) {
            *error = QStringLiteral(
                         "the ledger's audit trail ends at seq %1, but %2 holds up to seq %3 of %4: the "
                         "ledger lost rows (restored from an older copy, or a standby that had not caught "
                         "up); nothing it says is trusted until its administrator has reconciled it")
                         .arg(headSeq)
                         .arg(m_mirror.path())
                         .arg(last)
                         .arg(what);
            m_chainBroken = true;
            return false;
        }
        if (mine.isEmpty() || theirs.isEmpty() || mine.first().rowHash != theirs.first().rowHash) {
            *error =
                QStringLiteral("the ledger's seq %1 is not the seq %1 that %2 copied from %3: the ledger's "
                               "trail was rewritten or replaced; nothing it says is trusted until its "
                               "administrator has reconciled it")
                    .arg(last)
                    .arg(m_mirror.path(), what);
            m_chainBroken = true;
            return false;
        }
    }
    m_ownRowsOnly = worker;
    if (bound.isBound() && bound.ledgerUrl == m_endpoint.display() && bound.ownRowsOnly() == worker)
        return true;
    if (!m_mirror.bindMirror(m_ledgerId, m_endpoint.display(), error, worker))
        return false;
    rememberLedgerAtAddress();
    return true;
}

namespace {

/// The prepared statements of connections that died. Qt 6.4's PostgreSQL driver DEALLOCATEs a prepared
/// statement when its query is destroyed, and warns "Unable to free statement" when the connection is gone
/// (the server dropped those statements with the session anyway); destroyed after their driver, it would
/// dereference it. They are kept here instead, never destroyed and still reachable: a few objects per lost
/// connection.
void bury(QHash<QString, std::shared_ptr<QSqlQuery>> &statements) {
    static std::mutex mutex;
    static auto *graveyard = new QList<std::shared_ptr<QSqlQuery>>;
    const std::lock_guard lock(mutex);
    for (auto it = statements.begin(); it != statements.end(); ++it)
        graveyard->append(std::move(it.value()));
    statements.clear();
}

/// SQLSTATEs of a statement the ledger gave up on while waiting on another session: lock_not_available
/// (lock_timeout), query_canceled (statement_timeout), deadlock_detected. The ledger answered: it is busy,
/// not unreachable, and nothing was written.
bool isLockWait(const QString &message) {
    return message.contains(QLatin1String("(55P03)")) || message.contains(QLatin1String("(57014)")) ||
           message.contains(QLatin1String("(40P01)"));
}

/// Whether the writer's connection stays open after a call that ended with `error` (empty: it succeeded): a
/// lock waited on or a refused role leaves the link as it was; anything else drops it.
bool keepsLink(const QString &error) {
    return error.isEmpty() || isLockWait(error) || isRoleRefusal(error);
}

} // namespace

template <typename Value>
void LedgerStore::readThen(const QString &what, const QString &sql, const QVariantList &arguments,
                           std::function<Value(QSqlQuery &)> read, QObject *context,
                           std::function<void(const Value &, const QString &)> done) {
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, what, sql, arguments, read = std::move(read), context, alive,
            done = std::move(done)](QSqlDatabase *db, const QString &connectError) {
        // The writer's thread: the rows become a value here, off the engine thread.
        Value value{};
        QString error = connectError;
        if (db)
            w->select(
                sql, arguments, [&read, &value](QSqlQuery &q) { value = read(q); }, &error);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, what, value = std::move(value), error, done] {
                if (!alive.lock()) {
                    done(Value{}, error.isEmpty() ? QStringLiteral("the ledger store was closed") : error);
                    return;
                }
                if (!error.isEmpty()) {
                    done(Value{}, failedWith(QStringLiteral("%1: %2").arg(what, error)).error);
                    return;
                }
                linkAnswered();
                done(value, QString());
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

void LedgerStore::closeLedger() {
    stopListening();
    if (QSqlDatabase::contains(m_pgConnection)) {
        if (QSqlDatabase::database(m_pgConnection, false).isOpen())
            m_statements.clear(); // DEALLOCATEd on the connection that goes
        else
            bury(m_statements);
        {
            QSqlDatabase old = QSqlDatabase::database(m_pgConnection, false);
            old.close();
        }
        QSqlDatabase::removeDatabase(m_pgConnection);
    } else {
        m_statements.clear();
    }
    m_inTransaction = false;
    m_reachable = false;
}

bool LedgerStore::reconnect(QString *error) {
    drainWriter();
    if (!connectLedger(error))
        return false;
    if (m_mirror.isOpen() && !checkMirror(error)) {
        // Another ledger answers at this address now, or this one lost what this member copied: nothing it
        // says continues that.
        m_chainBroken = true;
        closeLedger();
        return false;
    }
    return true;
}

bool LedgerStore::behindTransactionPooler(QSqlDatabase &db, QString *why) {
    // A pooler in transaction (or statement) mode hands each transaction whichever server session is free:
    // session locks, LISTEN and prepared statements of one member land on others' sessions. Seen from here,
    // this session's server process changes under it. Probe: our backend, then a second connection that
    // holds a transaction open, then our backend again. With a session of our own, the second connection
    // never gets our backend and ours never changes.
    auto backend = [](QSqlQuery &q) -> qint64 {
        const bool ok = q.exec(QStringLiteral("SELECT pg_backend_pid()")) && q.next();
        const qint64 pid = ok ? q.value(0).toLongLong() : -1;
        q.finish();
        return pid;
    };
    QSqlQuery ours(db);
    const qint64 first = backend(ours);
    const QString probeName = m_pgConnection + QStringLiteral("-probe");
    bool pooled = false;
    {
        QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), probeName);
        m_endpoint.apply(other);
        if (other.open()) {
            if (!other.transaction()) {
                pooled = true; // a pooler in statement mode refuses transactions
                *why = other.lastError().text().trimmed();
            } else {
                QSqlQuery theirs(other);
                const qint64 second = backend(theirs);
                const qint64 again = backend(ours);
                pooled = first > 0 && (second == first || again != first);
                if (pooled)
                    *why = QStringLiteral("the server session changed under this connection (%1, %2, %3)")
                               .arg(first)
                               .arg(second)
                               .arg(again);
                other.rollback();
            }
            other.close();
        }
    }
    ours.finish();
    QSqlDatabase::removeDatabase(probeName);
    return pooled;
}

bool LedgerStore::connectLedger(QString *error) {
    closeLedger();
    m_refusal = Refusal::None;
    m_link = LedgerLink::Unreachable;
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_pgConnection);
    m_endpoint.apply(db);
    if (!db.open()) {
        *error = db.lastError().text().simplified();
        if (error->contains(QLatin1String("authentication failed")) ||
            error->contains(QLatin1String("does not exist")))
            m_refusal = Refusal::Login;
        // target_session_attrs=read-write: libpq refuses a server that is in hot standby.
        if (error->contains(QLatin1String("read-only")) || error->contains(QLatin1String("hot standby"))) {
            m_link = LedgerLink::ReadOnlyStandby;
            *error =
                QStringLiteral("%1 is a read-only standby, not the primary: nothing can be recorded there "
                               "(%2)")
                    .arg(m_endpoint.display(), error->simplified());
        }
        m_linkDetail = *error;
        return false;
    }
    const auto call = callDeadline();
    QSqlQuery setup(db);
    // Every call has a deadline: a lock another session holds is waited on for 1 s at most (then the write is
    // retried: the ledger is busy, not gone), any statement for 5 s on the server, and every call for
    // kCallDeadlineMs here (a link gone silent).
    if (!setup.exec(QStringLiteral("SET statement_timeout = %1").arg(statementTimeoutMs())) ||
        !setup.exec(QStringLiteral("SET lock_timeout = %1").arg(kLockTimeoutMs)) ||
        !setup.exec(QStringLiteral("SET TIME ZONE 'UTC'")) ||
        !setup.exec(QStringLiteral("SELECT pg_is_in_recovery()")) || !setup.next()) {
        *error = setup.lastError().text().simplified();
        m_linkDetail = *error;
        setup = QSqlQuery();
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    const bool standby = setup.value(0).toBool();
    setup.finish();
    if (standby) {
        *error = QStringLiteral(
                     "%1 is a read-only standby (in recovery), not the primary: nothing can be recorded "
                     "there")
                     .arg(m_endpoint.display());
        m_link = LedgerLink::ReadOnlyStandby;
        m_linkDetail = *error;
        setup = QSqlQuery();
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    QString poolerWhy;
    if (behindTransactionPooler(db, &poolerWhy)) {
        *error = QStringLiteral(
                     "the ledger is reached through a connection pooler in transaction or statement mode "
                     "(%1): each member needs a server session of its own (LISTEN, prepared "
                     "statements); use pool_mode=session or connect to PostgreSQL directly")
                     .arg(poolerWhy);
        m_refusal = Refusal::Pooler;
        m_linkDetail = *error;
        setup = QSqlQuery();
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    // A login the team has not given any FilingDesk role is told so before anything else (it could not even
    // read the schema version). Only once the cluster has the roles: the owner's first connection creates
    // them.
    if (setup.exec(QStringLiteral(
            "SELECT session_user, count(*) FILTER (WHERE pg_has_role(session_user, oid, 'MEMBER')), count(*) "
            "FROM pg_roles WHERE rolname IN ('filingdesk_viewer', 'filingdesk_worker')")) &&
        setup.next() && setup.value(2).toInt() == 2 && setup.value(1).toInt() == 0 &&
        LedgerSchema::storedVersion(db) < 0) {
        *error = QStringLiteral("the login %1 has no FilingDesk role in this ledger: an administrator grants "
                                "one (GRANT filingdesk_viewer TO %1, or operator, approver, admin, worker; "
                                "docs/roles.md)")
                     .arg(setup.value(0).toString());
        m_refusal = Refusal::Login;
        m_linkDetail = *error;
        setup = QSqlQuery();
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    setup.finish();
    if (!LedgerSchema::migrate(db, error)) {
        if (error->contains(QLatin1String("newer than this FilingDesk")))
            m_refusal = Refusal::Schema;
        m_linkDetail = *error;
        setup = QSqlQuery();
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    // Who this session is, as the ledger sees it: the login (session_user) and its FilingDesk roles, for
    // what the console enables and the command line allows. The ledger enforces them either way.
    if (!setup.exec(
            QStringLiteral("SELECT session_user, pg_has_role(session_user, 'filingdesk_viewer', 'MEMBER'), "
                           "pg_has_role(session_user, 'filingdesk_operator', 'MEMBER'), "
                           "pg_has_role(session_user, 'filingdesk_approver', 'MEMBER'), "
                           "pg_has_role(session_user, 'filingdesk_admin', 'MEMBER'), "
                           "pg_has_role(session_user, 'filingdesk_worker', 'MEMBER')")) ||
        !setup.next()) {
        *error = QStringLiteral("cannot read this login's roles: %1").arg(setup.lastError().text());
        m_linkDetail = *error;
        setup = QSqlQuery();
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    m_access = TeamAccess{};
    m_access.team = true;
    m_access.login = setup.value(0).toString();
    int column = 1;
    for (const char *role : {"viewer", "operator", "approver", "admin", "worker"})
        if (setup.value(column++).toBool())
            m_access.roles.append(QString::fromLatin1(role));
    setup.finish();
    if (m_access.roles.isEmpty()) {
        *error = QStringLiteral("the login %1 has no FilingDesk role in this ledger: an administrator grants "
                                "one (GRANT filingdesk_viewer TO %1, or operator, approver, admin, worker; "
                                "docs/roles.md)")
                     .arg(m_access.login);
        m_refusal = Refusal::Login;
        m_linkDetail = *error;
        setup = QSqlQuery();
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    if (!setup.exec(QStringLiteral("SELECT ledger_id::text FROM ledger_identity WHERE id = 1")) ||
        !setup.next()) {
        *error = QStringLiteral("cannot read the ledger's identity: %1").arg(setup.lastError().text());
        m_linkDetail = *error;
        setup = QSqlQuery();
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    m_ledgerId = setup.value(0).toString();
    setup.finish();
    setup = QSqlQuery();
    if (!listen(db, error)) {
        m_linkDetail = *error;
        db = QSqlDatabase();
        closeLedger();
        return false;
    }
    m_reachable = true;
    m_link = LedgerLink::Connected;
    m_linkDetail.clear();
    qCInfo(lcLedger).noquote() << "ledger" << m_endpoint.display() << "(" << m_ledgerId
                               << ") connected as member" << m_memberId << "login" << m_access.displayName();
    return true;
}

PGconn *LedgerStore::pgConnection() const {
    if (!QSqlDatabase::contains(m_pgConnection))
        return nullptr;
    // QSqlDriver::handle() is the driver's PGconn* (Qt documents it so; the type registers as "pg_conn*",
    // libpq's struct name, in the driver as built).
    const QVariant handle = QSqlDatabase::database(m_pgConnection, false).driver()->handle();
    if (!handle.isValid() ||
        (qstrcmp(handle.typeName(), "PGconn*") != 0 && qstrcmp(handle.typeName(), "pg_conn*") != 0))
        return nullptr;
    return *static_cast<PGconn *const *>(handle.constData());
}

bool LedgerStore::listen(QSqlDatabase &db, QString *error) {
    // LISTEN through SQL and the notifications read from libpq here, not through the driver's subscription:
    // its notifier stays on a descriptor libpq has closed when the server goes away, and it never says when
    // LISTEN failed. A subscription is only as good as the server says (pg_listening_channels()).
    // A worker LISTENs on no channel (schema 13): PostgreSQL wakes every listening session on any NOTIFY,
    // and each wake-up is a transaction of that session; a worker catches up on its timer, and the ledger
    // refuses a DISPATCHING for a batch that is not running, whenever the worker hears of the pause.
    if (m_kind == QLatin1String("worker")) {
        stopListening();
        return true;
    }
    const QString channel = QString::fromLatin1(LedgerSchema::kNotifyChannel);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("LISTEN %1").arg(channel))) {
        *error = QStringLiteral("LISTEN %1 failed: %2").arg(channel, q.lastError().text().trimmed());
        return false;
    }
    if (!q.exec(
            QStringLiteral("SELECT count(*) FROM pg_listening_channels() c WHERE c = '%1'").arg(channel)) ||
        !q.next() || q.value(0).toInt() != 1) {
        *error = QStringLiteral("the ledger does not list this session as listening on %1 %2")
                     .arg(channel, q.lastError().text().trimmed());
        return false;
    }
    q.finish();
    stopListening();
    const qintptr fd = socket();
    if (fd < 0) {
        *error = QStringLiteral("the ledger connection has no socket to listen on");
        return false;
    }
    m_listener = std::make_unique<QSocketNotifier>(fd, QSocketNotifier::Read);
    QObject::connect(m_listener.get(), &QSocketNotifier::activated, m_listener.get(),
                     [this] { drainNotifications(); });
    return true;
}

void LedgerStore::stopListening() {
    m_listener.reset();
}

bool LedgerStore::isListening() const {
    return m_listener && m_listener->isEnabled();
}

void LedgerStore::drainNotifications() {
    PGconn *connection = pgConnection();
    if (!m_listener || !connection)
        return;
    // Reads what arrived (a NOTIFY, or the end of the connection); a connection that ended is noticed here,
    // before anything watches its closed descriptor.
    if (PQconsumeInput(connection) == 0 || PQstatus(connection) != CONNECTION_OK) {
        const QString why = QString::fromUtf8(PQerrorMessage(connection)).trimmed();
        markUnreachable(why.isEmpty() ? QStringLiteral("the ledger closed the connection") : why);
        if (m_onNotify)
            m_onNotify(); // the member's next call finds it unreachable, now rather than at its next timer
        return;
    }
    int notified = 0;
    bool sealHeard = false;
    while (PGnotify *notify = PQnotifies(connection)) {
        ++notified;
        // A seal's payload is the last seq it sealed.
        bool isSeq = false;
        QByteArray(notify->extra).toLongLong(&isSeq);
        sealHeard = sealHeard || isSeq;
        PQfreemem(notify);
    }
    if (sealHeard && m_sealer)
        m_sealer->sealHeard();
    if (notified > 0 && m_onNotify)
        m_onNotify();
}

bool LedgerStore::ensureConnected(QString *error) {
    m_failure = WriteFailure::None;
    m_conflicted.clear();
    m_batchNotRunning = false;
    if (m_reachable && QSqlDatabase::database(m_pgConnection, false).isOpen()) {
        if (m_link == LedgerLink::WaitingOnLock)
            m_link = LedgerLink::Connected; // until this call waits on a lock again
        return true;
    }
    m_failure = WriteFailure::Unavailable;
    *error = QStringLiteral("the ledger %1 cannot be reached").arg(m_endpoint.display());
    markUnreachable(*error);
    return false;
}

void LedgerStore::markUnreachable(const QString &reason) {
    if (!m_reachable)
        return;
    m_reachable = false;
    m_link = LedgerLink::Unreachable;
    m_linkDetail = reason.trimmed();
    // libpq closes the socket of a dead connection: nothing may watch that descriptor from now on
    // ("QSocketNotifier: Invalid socket"); reconnect() opens a new connection and listens on it.
    stopListening();
    qCWarning(lcLedger).noquote() << "ledger unreachable:" << reason;
}

void LedgerStore::rollbackLedger() {
    // Only inside a transaction: a ROLLBACK outside one makes the server print "WARNING: there is no
    // transaction in progress" on the member's stderr.
    if (!m_inTransaction)
        return;
    m_inTransaction = false;
    QSqlDatabase::database(m_pgConnection, false).rollback();
}

bool LedgerStore::fail(const QString &what, const QString &message, QString *error) {
    QSqlDatabase db = QSqlDatabase::database(m_pgConnection, false);
    rollbackLedger();
    *error = QStringLiteral("%1: %2").arg(what, message.simplified());
    if (isLockWait(message)) {
        // The ledger answered: another session held what this statement needed past its limit.
        m_failure = WriteFailure::Busy;
        m_link = LedgerLink::WaitingOnLock;
        ++m_lockWaits;
        m_linkDetail = *error;
        qCInfo(lcLedger).noquote() << "ledger busy:" << *error;
        return false;
    }
    if (isRoleRefusal(message)) {
        // The ledger answered and refused this login the change (its roles, or segregation of duties):
        // nothing was written, and the ledger is not unreachable.
        m_failure = WriteFailure::Refused;
        qCWarning(lcLedger).noquote() << "ledger refused:" << *error;
        return false;
    }
    m_failure = WriteFailure::Unavailable;
    // Any error but a conflict means the ledger cannot be trusted to have our write: check the connection.
    if (!db.isOpen()) {
        markUnreachable(message);
        return false;
    }
    QSqlQuery ping(db);
    if (!ping.exec(QStringLiteral("SELECT 1")))
        markUnreachable(message);
    return false;
}

QSqlQuery *LedgerStore::statement(const QString &sql, QString *error) {
    // Prepared once per connection: a QPSQL prepare is a round trip of its own (and a DEALLOCATE at the end).
    // A prepare that fails is reported with the server's own reason and not kept: executing it would only
    // say "syntax error at or near \"(\"" about the EXECUTE of a statement that does not exist.
    auto it = m_statements.find(sql);
    if (it == m_statements.end()) {
        auto q = std::make_shared<QSqlQuery>(QSqlDatabase::database(m_pgConnection, false));
        q->setForwardOnly(true);
        if (!q->prepare(sql)) {
            *error = QStringLiteral("prepare: %1").arg(q->lastError().text());
            return nullptr;
        }
        it = m_statements.insert(sql, q);
    }
    return it->get();
}

bool LedgerStore::begin(QString *error) {
    if (!ensureConnected(error))
        return false;
    QSqlDatabase db = QSqlDatabase::database(m_pgConnection, false);
    m_inTransaction = false;
    if (!db.transaction())
        return fail(QStringLiteral("BEGIN"), db.lastError().text(), error);
    m_inTransaction = true;
    return true;
}

bool LedgerStore::commitOrRollback(QString *error) {
    QSqlDatabase db = QSqlDatabase::database(m_pgConnection, false);
    if (!db.commit())
        return fail(QStringLiteral("COMMIT"), db.lastError().text(), error);
    m_inTransaction = false;
    wroteAudit(); // nearly every transaction writes audit rows; sealing nothing costs one short statement
    return true;
}

void LedgerStore::wroteAudit() {
    m_unsealed = true;
    ++m_auditWrites;
    if (m_sealer)
        m_sealer->sealSoon();
}

qint64 LedgerStore::sealAudit(QString *error, bool wait, int unlessSealedWithinMs) {
    if (m_inTransaction)
        return -1; // never inside another write's transaction
    const auto call = callDeadline();
    if (!ensureConnected(error))
        return -1;
    QSqlQuery *prepared = statement(QStringLiteral("SELECT filingdesk_seal_audit(?, ?, ?)"), error);
    if (!prepared) {
        fail(QStringLiteral("sealing the audit"), *error, error);
        return -1;
    }
    QSqlQuery &q = *prepared;
    qint64 total = 0;
    // A backlog (a ledger whose members were all down) is sealed a batch at a time, each batch its own
    // transaction; a bounded number per call, the next call goes on.
    for (int round = 0; round < 16; ++round) {
        q.bindValue(0, kSealBatchRows);
        q.bindValue(1, wait && round == 0);
        q.bindValue(2, round == 0 ? unlessSealedWithinMs / 1000.0 : 0.0); // a backlog's next batches go on
        if (!q.exec() || !q.next()) {
            fail(QStringLiteral("sealing the audit"), q.lastError().text(), error);
            return -1;
        }
        const qint64 sealed = q.value(0).toLongLong();
        q.finish();
        if (sealed < 0)
            return round == 0 ? -1 : total;
        total += sealed;
        if (round == 0)
            m_unsealed = false; // whatever this member had committed was visible to this run
        if (sealed < kSealBatchRows)
            break;
        m_deadline.kick();
    }
    return total;
}

void LedgerStore::sealAuditThen(QObject *context, int unlessSealedWithinMs,
                                std::function<void(qint64, const QString &)> done) {
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        QString error;
        const qint64 sealed = sealAudit(&error, false, unlessSealedWithinMs);
        done(sealed, error);
        return;
    }
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    const quint64 writesBefore = m_auditWrites;
    w->run([this, w, context, alive, writesBefore, unlessSealedWithinMs,
            done = std::move(done)](QSqlDatabase *db, const QString &connectError) {
        // The writer's thread: a backlog is sealed a batch at a time, each batch its own transaction.
        qint64 total = 0;
        bool first = false;
        QString error = connectError;
        if (db) {
            if (QSqlQuery *q = w->prepared(QStringLiteral("SELECT filingdesk_seal_audit(?, ?, ?)"), &error)) {
                for (int round = 0; round < 16; ++round) {
                    q->bindValue(0, kSealBatchRows);
                    q->bindValue(1, false);
                    q->bindValue(2, round == 0 ? unlessSealedWithinMs / 1000.0 : 0.0);
                    if (!q->exec() || !q->next()) {
                        error = q->lastError().text().simplified();
                        break;
                    }
                    const qint64 sealed = q->value(0).toLongLong();
                    q->finish();
                    if (sealed < 0) {
                        if (round == 0)
                            total = -1;
                        break;
                    }
                    total += sealed;
                    first = first || round == 0;
                    if (sealed < kSealBatchRows)
                        break;
                    w->kick();
                }
            }
        }
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, total, first, error, writesBefore, done] {
                if (!alive.lock()) {
                    done(-1, error);
                    return;
                }
                if (!error.isEmpty()) {
                    const QString why = failedWith(QStringLiteral("sealing the audit: %1").arg(error)).error;
                    done(-1, why);
                    return;
                }
                // Whatever this member had committed before asking was visible to this run.
                if (first && m_auditWrites == writesBefore)
                    m_unsealed = false;
                done(total, QString());
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

void LedgerStore::startSealing(int intervalMs) {
    if (!m_sealer)
        m_sealer = std::make_unique<AuditSealer>(*this);
    m_sealer->start(intervalMs);
}

void LedgerStore::sealOwnWrites() {
    if (m_sealer)
        m_sealer->stop();
    if (!m_unsealed || !m_reachable)
        return;
    // Another member's sealer may be running on a snapshot from before this member's last commit: wait for
    // it, then seal. Rows left unsealed (a ledger too busy) are sealed by the next sealer of any member.
    for (int attempt = 0; attempt < 2 && m_unsealed && m_reachable; ++attempt) {
        QString error;
        if (sealAudit(&error, true) < 0 && !error.isEmpty())
            qCInfo(lcLedger).noquote() << "audit left for the next sealer:" << error;
    }
}

void LedgerStore::close() {
    if (m_writer)
        m_writer->stop();
    settleWrites();
    m_writer.reset();
    m_closed = true; // nothing goes to a writer from here on
    sealOwnWrites();
    closeMirrorWrites();
    m_mirror.close();
}

ThreadedStore *LedgerStore::mirrorWrites() {
    if (m_mirrorWrites || m_mirrorWritesRefused || !m_mirror.isOpen())
        return m_mirrorWrites.get();
    auto writes = std::make_unique<ThreadedStore>(std::make_unique<AuditStore>());
    QString error;
    // The same file a second time: this process holds its lock already (the member's own connection).
    if (!writes->open(m_mirror.path(), &error, AuditStore::OpenMode::Shared)) {
        qCWarning(lcLedger).noquote() << "the mirror's writes stay on the engine thread:" << error;
        m_mirrorWritesRefused = true;
        return nullptr;
    }
    m_mirrorHandedSeq = m_mirror.lastMirroredSeq();
    m_mirrorWrites = std::move(writes);
    return m_mirrorWrites.get();
}

void LedgerStore::settleMirror() const {
    if (m_mirrorWrites)
        m_mirrorWrites->lastMirroredSeq(); // a blocking call: answered after everything handed over before it
}

void LedgerStore::closeMirrorWrites() {
    if (m_mirrorWrites)
        m_mirrorWrites->close(); // what was handed to it is written first
    m_mirrorWrites.reset();
    m_mirrorWritesRefused = false;
}

void LedgerStore::mirrorCaughtUpThen(
    QList<AuditEntry> rows, QObject *context,
    std::function<void(const QList<AuditEntry> &rows, const QString &error)> done) {
    if (rows.isEmpty()) {
        done({}, QString());
        return;
    }
    ThreadedStore *writes = mirrorWrites();
    if (!writes) {
        QString error;
        const QList<AuditEntry> mirrored = mirrorCaughtUp(std::move(rows), &error);
        done(mirrored, error);
        return;
    }
    m_mirrorHandedSeq = std::max(m_mirrorHandedSeq, rows.last().ledgerSeq);
    const std::weak_ptr<char> alive = m_alive;
    writes->mirrorLedgerAuditThen(
        std::move(rows), context, [this, alive, done = std::move(done)](const ThreadedStore::MirrorWrite &w) {
            if (!alive.lock()) {
                done({}, QStringLiteral("the ledger store was closed"));
                return;
            }
            if (!w.error.isEmpty()) {
                m_chainBroken = m_chainBroken || w.chainBroken;
                m_mirrorHandedSeq = w.lastMirroredSeq; // the next catch-up reads again from where it ends
                done({}, QStringLiteral("the local mirror refused ledger rows: %1").arg(w.error));
                return;
            }
            done(w.rows, QString());
        });
}

namespace {

constexpr const char *kAppendAuditSql = "SELECT filingdesk_append_audit(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

/// Inside a writer Work: `row` appended to the audit trail as written by `memberId` on `host`, in the Work's
/// transaction. False with *error (the server's words) when it was not.
bool appendAuditOnWriter(LedgerWriter *w, const AuditEntry &row, const QString &host, const QString &memberId,
                         QString *error) {
    return w->select(
        QString::fromLatin1(kAppendAuditSql), LedgerRowCalls::auditRow(row, host, memberId).toVariantList(),
        [](QSqlQuery &q) { q.next(); }, error);
}

} // namespace

QVariantList LedgerStore::auditRowArguments(const AuditEntry &e) const {
    return LedgerRowCalls::auditRow(e, host::hostName(), m_memberId).toVariantList();
}

bool LedgerStore::insertAuditRow(const AuditEntry &e, QString *error) {
    QSqlQuery *prepared = statement(QString::fromLatin1(kAppendAuditSql), error);
    if (!prepared)
        return false;
    QSqlQuery &q = *prepared;
    const QVariantList values = auditRowArguments(e);
    for (int i = 0; i < values.size(); ++i)
        q.bindValue(i, values.at(i));
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    return true;
}

bool LedgerStore::tryAdmitTask(const FilingTask &task, const QString &actor, QString *error) {
    QStringList already;
    if (!admitTasks({task}, actor, &already, error))
        return false;
    return already.isEmpty();
}

bool LedgerStore::tryAdmitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                QStringList *alreadyStored, QString *error) {
    const auto call = callDeadline();
    if (!begin(error))
        return false;
    LedgerAdmission::Outcome outcome;
    QString what;
    if (!LedgerAdmission::write(
            tasks, {actor, host::hostName(), m_memberId},
            [this](const QString &sql, QString *why) { return statement(sql, why); },
            [this] { m_deadline.kick(); }, &outcome, &what, error))
        return fail(what, *error, error);
    if (!commitOrRollback(error))
        return false;
    for (auto it = outcome.versions.cbegin(); it != outcome.versions.cend(); ++it)
        m_versions.insert(it.key(), it.value());
    *alreadyStored = outcome.alreadyStored;
    return true;
}

QVariantList LedgerStore::transitionArguments(const TransitionRecord &r, bool durable, qint64 version,
                                              const QDateTime &localNow) const {
    const FilingTask &t = r.task;
    const bool keep = keepsClaim(t.state);
    const QVariant retryIn = secondsFromNow(t.nextAttemptUtc, localNow);
    QString detail = t.transitionNote.isEmpty() ? t.lastErrorMessage : t.transitionNote;
    if (!t.confirmationNumber.isEmpty() && t.state == ExecutionState::Completed && t.transitionNote.isEmpty())
        detail =
            QStringLiteral("confirmation %1, charged %2%3")
                .arg(t.confirmationNumber, dollars(t.feeChargedCents),
                     t.lastErrorMessage.isEmpty() ? QString() : QStringLiteral("; ") + t.lastErrorMessage);
    QVariantList a;
    a.reserve(36);
    a << (durable ? QStringLiteral("on") : QStringLiteral("off")) << stateName(t.state) << t.attempts
      << text(categoryName(t.lastCategory)) << text(t.lastErrorCode) << text(t.lastErrorMessage)
      << text(t.traceId) << QVariant(t.lastResponseBody) << text(t.confirmationNumber) << t.feeChargedCents
      << retryIn << retryIn << t.lookupRequired << marksSend(r) << keep << keep << t.key << version
      << (t.state == ExecutionState::Dispatching) << m_memberId;
    const QString audit[] = {QString(), // at_utc: the ledger's clock, set by the insert trigger
                             t.key,
                             t.obligation.entity->entityId,
                             r.action,
                             stateName(r.from),
                             stateName(t.state),
                             t.obligation.ruleId,
                             t.obligation.rulesVersion,
                             t.payloadSha256(),
                             r.actor,
                             host::hostName(),
                             m_memberId,
                             categoryName(t.lastCategory),
                             t.lastErrorCode,
                             detail,
                             r.reason};
    for (const QString &value : audit)
        a << text(value);
    return a;
}

bool LedgerStore::writeTransitionRow(const TransitionRecord &r, bool durable, QString *error) {
    const FilingTask &t = r.task;
    const auto version = m_versions.constFind(t.key);
    if (version == m_versions.constEnd()) {
        m_conflicted.append(t.key);
        *error = QStringLiteral("task %1 was never read from the ledger").arg(t.key.left(12));
        return false;
    }
    // One round trip: the conditional update, and its audit row only if the update took.
    QSqlQuery *prepared =
        statement(QStringLiteral(
                      // The commit's durability travels with the statement (SET LOCAL synchronous_commit
                      // inside), so that a single recoverable transition is one round trip in autocommit.
                      // Claim, then permit, then DISPATCHING: nothing is recorded as sent without a live
                      // claim (docs/roles.md lists the function).
                      "SELECT * FROM filingdesk_transition(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
                      "?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
                  error);
    if (!prepared)
        return false;
    QSqlQuery &q = *prepared;
    const QVariantList arguments = transitionArguments(r, durable, *version, now());
    for (int i = 0; i < arguments.size(); ++i)
        q.bindValue(i, arguments.at(i));
    if (!q.exec()) {
        *error = q.lastError().text();
        if (!notRunningKeys(*error).isEmpty()) {
            // Schema 13: the filing's batch was paused or cancelled; nothing was written, nothing leaves.
            m_conflicted.append(t.key);
            m_batchNotRunning = true;
            *error =
                QStringLiteral("the batch of task %1 was paused or cancelled: not sent").arg(t.key.left(12));
        }
        return false;
    }
    if (!q.next()) {
        m_conflicted.append(t.key);
        *error = QStringLiteral("task %1 was changed by another member").arg(t.key.left(12));
        return false;
    }
    m_versions.insert(t.key, q.value(0).toLongLong());
    return true;
}

bool LedgerStore::tryRecordTransition(const FilingTask &task, ExecutionState from, const QString &actor,
                                      const QString &action, const QString &reason, QString *error,
                                      Durability durability) {
    return recordTransitions({TransitionRecord{task, from, actor, action, reason}}, error, durability).ok();
}

bool LedgerStore::tryRecordTransitions(const QList<TransitionRecord> &records, QString *error,
                                       Durability durability) {
    const auto call = callDeadline();
    // DISPATCHING (Durability::Synced) is on the ledger's disk before the request leaves. Every other engine
    // transition is recoverable (a task whose later transitions were lost with a crash of the ledger server
    // is still DISPATCHING there, and is looked up): it does not wait for the WAL flush.
    const bool durable = durability == Durability::Synced;
    // On this member's own connection a task is written once per audit row (filingdesk_transition).
    const QList<TransitionRecord> steps = stepByStep(records);
    if (steps.size() == 1 && !steps.first().task.obligationRewritten) {
        // One statement is one transaction (autocommit): one round trip.
        if (!ensureConnected(error))
            return false;
        VersionRollback before(m_versions);
        before.remember(steps.first().task.key);
        if (writeTransitionRow(steps.first(), durable, error)) {
            wroteAudit();
            return true;
        }
        before.restore();
        if (!m_conflicted.isEmpty()) {
            m_failure = m_batchNotRunning ? WriteFailure::BatchNotRunning : WriteFailure::Conflict;
            return false;
        }
        return fail(QStringLiteral("transition of %1").arg(steps.first().task.key.left(12)), *error, error);
    }
    if (!begin(error))
        return false;
    VersionRollback before(m_versions);
    for (const TransitionRecord &r : steps) {
        before.remember(r.task.key);
        if (r.task.obligationRewritten) {
            // A cured payload (the entity data rebuilt from the register) is stored with the transition.
            QSqlQuery rewrite(QSqlDatabase::database(m_pgConnection, false));
            rewrite.prepare(QStringLiteral("SELECT filingdesk_rewrite_payload(?, ?)"));
            rewrite.addBindValue(QString::fromUtf8(
                QJsonDocument(obligationToJson(r.task.obligation)).toJson(QJsonDocument::Compact)));
            rewrite.addBindValue(r.task.key);
            if (!rewrite.exec())
                return fail(QStringLiteral("payload of %1").arg(r.task.key.left(12)),
                            rewrite.lastError().text(), error);
        }
        if (!writeTransitionRow(r, durable, error)) {
            before.restore();
            if (!m_conflicted.isEmpty()) {
                rollbackLedger();
                m_failure = m_batchNotRunning ? WriteFailure::BatchNotRunning : WriteFailure::Conflict;
                return false;
            }
            return fail(QStringLiteral("transition of %1").arg(r.task.key.left(12)), *error, error);
        }
    }
    if (!commitOrRollback(error)) {
        before.restore();
        return false;
    }
    return true;
}

bool LedgerStore::trySaveTask(const FilingTask &task, QString *error) {
    return saveTasks({task}, error).ok();
}

bool LedgerStore::trySaveTasks(const QList<FilingTask> &tasks, QString *error) {
    const auto call = callDeadline();
    // Fields that change without a state change (the retry time, look-up first). Batch membership changes
    // only through launchBatch(), audited.
    if (!begin(error))
        return false;
    VersionRollback before(m_versions);
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    q.prepare(QStringLiteral("SELECT * FROM filingdesk_save_task(?,?,?,?,?)"));
    const QDateTime localNow = now();
    for (const FilingTask &t : tasks) {
        const QVariant retryIn = secondsFromNow(t.nextAttemptUtc, localNow);
        q.bindValue(0, retryIn);
        q.bindValue(1, retryIn);
        q.bindValue(2, t.lookupRequired);
        q.bindValue(3, t.key);
        q.bindValue(4, m_versions.value(t.key, -1));
        if (!q.exec())
            return fail(QStringLiteral("update of %1").arg(t.key.left(12)), q.lastError().text(), error);
        if (!q.next()) {
            before.restore();
            m_conflicted.append(t.key);
            rollbackLedger();
            m_failure = WriteFailure::Conflict;
            *error = QStringLiteral("task %1 was changed by another member").arg(t.key.left(12));
            return false;
        }
        before.remember(t.key);
        m_versions.insert(t.key, q.value(0).toLongLong());
    }
    if (!commitOrRollback(error)) {
        before.restore();
        return false;
    }
    return true;
}

bool LedgerStore::tryAppendAction(const AuditEntry &entry, QString *error) {
    const auto call = callDeadline();
    if (!ensureConnected(error))
        return false;
    if (!insertAuditRow(entry, error))
        return fail(entry.action, *error, error);
    wroteAudit();
    return true;
}

std::optional<FilingTask> LedgerStore::task(const QString &key) const {
    const_cast<LedgerStore *>(this)->drainWriter();
    settleMirror(); // the mirror's copy, read when the ledger cannot be, has what was handed to its thread
    QString error;
    const QList<FilingTask> found = const_cast<LedgerStore *>(this)->loadTasks(QStringList{key}, &error);
    if (!found.isEmpty())
        return found.first();
    if (error.isEmpty())
        return std::nullopt;
    return m_mirror.task(key);
}

QList<FilingTask> LedgerStore::loadTasks(bool nonTerminalOnly) const {
    const_cast<LedgerStore *>(this)->drainWriter();
    settleMirror();
    const auto call = const_cast<LedgerStore *>(this)->callDeadline();
    auto *self = const_cast<LedgerStore *>(this);
    QString error;
    if (!self->ensureConnected(&error))
        return m_mirror.loadTasks(nonTerminalOnly);
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    q.setForwardOnly(true);
    QString sql = QStringLiteral("SELECT t.*, %1 FROM tasks t").arg(kTaskTimes.arg(QStringLiteral("t.")));
    if (nonTerminalOnly)
        sql += QStringLiteral(" WHERE state IN (%1)").arg(kWorkableStates);
    if (!q.exec(sql)) {
        self->fail(QStringLiteral("loading the tasks"), q.lastError().text(), &error);
        return m_mirror.loadTasks(nonTerminalOnly);
    }
    QList<FilingTask> out;
    const QDateTime localNow = now();
    const TaskColumns columns(q.record());
    while (q.next()) {
        out.append(taskFromRow(q, columns, localNow));
        if (out.size() % 1000 == 0)
            self->m_deadline.kick(); // rows arriving are progress
        self->m_versions.insert(out.last().key, q.value(columns.version).toLongLong());
    }
    QString mirrorError;
    settleMirror();
    if (!self->m_mirror.mirrorTasks(out, &mirrorError))
        qCWarning(lcLedger) << "task mirror not updated:" << mirrorError;
    return out;
}

QList<FilingTask> LedgerStore::loadTasks(const QStringList &keys, QString *error) {
    drainWriter();
    const auto call = callDeadline();
    QList<FilingTask> out;
    if (keys.isEmpty() || !ensureConnected(error))
        return out;
    QSqlQuery *prepared = statement(
        QStringLiteral("SELECT t.*, %1 FROM tasks t WHERE idempotency_key = ANY(string_to_array(?, ','))")
            .arg(kTaskTimes.arg(QStringLiteral("t."))),
        error);
    if (!prepared) {
        fail(QStringLiteral("reading tasks"), *error, error);
        return {};
    }
    QSqlQuery &q = *prepared;
    q.bindValue(0, keys.join(QLatin1Char(',')));
    if (!q.exec()) {
        fail(QStringLiteral("reading tasks"), q.lastError().text(), error);
        return {};
    }
    const QDateTime localNow = now();
    const TaskColumns columns(q.record());
    while (q.next()) {
        out.append(taskFromRow(q, columns, localNow));
        if (out.size() % 1000 == 0)
            m_deadline.kick(); // rows arriving are progress
        m_versions.insert(out.last().key, q.value(columns.version).toLongLong());
    }
    QString mirrorError;
    settleMirror();
    if (!m_mirror.mirrorTasks(out, &mirrorError))
        qCWarning(lcLedger) << "task mirror not updated:" << mirrorError;
    return out;
}

void LedgerStore::loadTasksThen(const QStringList &keys, QObject *context,
                                std::function<void(const QList<FilingTask> &, const QString &)> done) {
    if (keys.isEmpty()) {
        done({}, QString());
        return;
    }
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        QString error;
        const QList<FilingTask> tasks = loadTasks(keys, &error);
        done(tasks, error);
        return;
    }
    tasksThen(
        QStringLiteral("SELECT t.*, %1 FROM tasks t WHERE idempotency_key = ANY(string_to_array(?, ','))")
            .arg(kTaskTimes.arg(QStringLiteral("t."))),
        {keys.join(QLatin1Char(','))}, context, std::move(done));
}

void LedgerStore::loadEveryTaskThen(QObject *context,
                                    std::function<void(const QList<FilingTask> &, const QString &)> done) {
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        done(loadTasks(false), QString());
        return;
    }
    tasksThen(QStringLiteral("SELECT t.*, %1 FROM tasks t").arg(kTaskTimes.arg(QStringLiteral("t."))), {},
              context, std::move(done));
}

void LedgerStore::tasksThen(const QString &sql, const QVariantList &arguments, QObject *context,
                            std::function<void(const QList<FilingTask> &, const QString &)> done) {
    using Read = QList<std::pair<FilingTask, qint64>>; // each task with the version the ledger gave it
    readThen<Read>(
        QStringLiteral("reading tasks"), sql, arguments,
        [clock = m_clock, w = m_writer.get()](QSqlQuery &q) {
            // The writer's thread: the rows become tasks here, off the engine thread.
            Read read;
            const QDateTime localNow = clock ? clock->nowUtc() : QDateTime::currentDateTimeUtc();
            const TaskColumns columns(q.record());
            while (q.next()) {
                read.append({taskFromRow(q, columns, localNow), q.value(columns.version).toLongLong()});
                read.last().first.payloadSha256(); // computed once, here, as a claim's tasks are
                if (read.size() % 1000 == 0)
                    w->kick(); // rows arriving are progress
            }
            return read;
        },
        context,
        [this, context, done = std::move(done)](const Read &read, const QString &error) {
            QList<FilingTask> out;
            out.reserve(read.size());
            for (const auto &[task, version] : read) {
                // Versions only grow: one ahead here is a write of this member the read did not see yet.
                const auto known = m_versions.constFind(task.key);
                if (known != m_versions.constEnd() && *known > version)
                    continue;
                m_versions.insert(task.key, version);
                out.append(task);
            }
            if (!out.isEmpty()) {
                const auto warn = [](const QString &mirrorError) {
                    if (!mirrorError.isEmpty())
                        qCWarning(lcLedger) << "task mirror not updated:" << mirrorError;
                };
                if (ThreadedStore *writes = mirrorWrites()) {
                    writes->mirrorTasksThen(out, context, warn);
                } else {
                    QString mirrorError;
                    if (!m_mirror.mirrorTasks(out, &mirrorError))
                        warn(mirrorError.isEmpty() ? QStringLiteral("not written") : mirrorError);
                }
            }
            done(out, error);
        });
}

bool LedgerStore::loadRegister(QList<Entity> *entities, QList<RegisterConflict> *conflicts,
                               QString *error) const {
    auto *self = const_cast<LedgerStore *>(this);
    const auto call = self->callDeadline();
    QString ledgerError;
    if (!self->ensureConnected(&ledgerError))
        return m_mirror.loadRegister(entities, conflicts, error);
    // Both tables as of one snapshot: a record and the conflicts raised against it are read together.
    QSqlDatabase db = QSqlDatabase::database(m_pgConnection, false);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    const auto readFailed = [&](const QString &what) {
        self->fail(what, q.lastError().text(), &ledgerError);
        qCWarning(lcLedger).noquote() << "entity register read from the mirror:" << ledgerError;
        return m_mirror.loadRegister(entities, conflicts, error);
    };
    if (!db.transaction()) {
        self->fail(QStringLiteral("BEGIN"), db.lastError().text(), &ledgerError);
        qCWarning(lcLedger).noquote() << "entity register read from the mirror:" << ledgerError;
        return m_mirror.loadRegister(entities, conflicts, error);
    }
    self->m_inTransaction = true;
    if (!q.exec(QStringLiteral("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")))
        return readFailed(QStringLiteral("reading the entity register"));
    LedgerRegisterWrite::Contents contents;
    QString what;
    QString readError;
    if (!LedgerRegisterWrite::read(
            [self](const QString &sql, QString *why) { return self->statement(sql, why); },
            [self] { self->m_deadline.kick(); }, &contents, &what, &readError)) {
        self->fail(what, readError, &ledgerError);
        qCWarning(lcLedger).noquote() << "entity register read from the mirror:" << ledgerError;
        return m_mirror.loadRegister(entities, conflicts, error);
    }
    if (!db.commit()) {
        self->fail(QStringLiteral("COMMIT"), db.lastError().text(), &ledgerError);
        qCWarning(lcLedger).noquote() << "entity register read from the mirror:" << ledgerError;
        return m_mirror.loadRegister(entities, conflicts, error);
    }
    self->m_inTransaction = false;
    QString mirrorError;
    settleMirror();
    if (!self->m_mirror.mirrorRegister(contents.records, contents.conflicts, {}, contents.updatedBy, true,
                                       &mirrorError))
        qCWarning(lcLedger) << "entity register mirror not updated:" << mirrorError;
    *entities = contents.records;
    *conflicts = contents.conflicts;
    return true;
}

void LedgerStore::applyRegisterThen(const RegisterUpdate &update, const QString &actor, const QString &reason,
                                    QObject *context, std::function<void(const RegisterWrite &)> done) {
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        TaskStore::applyRegisterThen(update, actor, reason, context, std::move(done)); // at once, here
        return;
    }
    auto started = std::make_shared<QElapsedTimer>();
    started->start();
    writeRegisterOnWriter(update, actor, reason, context, std::move(done), std::move(started), 1);
}

void LedgerStore::writeRegisterOnWriter(const RegisterUpdate &update, const QString &actor,
                                        const QString &reason, QObject *context,
                                        std::function<void(const RegisterWrite &)> done,
                                        std::shared_ptr<QElapsedTimer> started, int attempt) {
    struct Answer {
        QString what;
        QString error; ///< empty: written (or nothing to write)
        bool reread = false;
        QString rereadError;
        LedgerRegisterWrite::Contents contents;
        QStringList heldAlready;
    };
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    const LedgerRegisterWrite::Writer writing{actor, reason, host::hostName(), m_memberId, now()};
    w->run([this, w, update, actor, reason, writing, context, alive, started, attempt,
            done = std::move(done)](QSqlDatabase *db, const QString &connectError) mutable {
        // The writer's thread: the write in one transaction, then the register read back in another (one
        // snapshot of records and conflicts).
        Answer answer;
        answer.error = connectError;
        answer.what = QStringLiteral("entity register");
        const LedgerRowCalls::Prepare prepared = [w](const QString &sql, QString *why) {
            return w->prepared(sql, why);
        };
        const auto progress = [w] { w->kick(); };
        if (db && !update.isEmpty())
            LedgerWriter::inTransaction(
                *db,
                [&] {
                    return LedgerRegisterWrite::write(update, writing, prepared, progress, &answer.what,
                                                      &answer.error, &answer.heldAlready);
                },
                &answer.error, &answer.what);
        if (db && answer.error.isEmpty()) {
            QString what;
            answer.reread = LedgerWriter::inTransaction(
                *db,
                [&] {
                    QSqlQuery snapshot(*db);
                    if (!snapshot.exec(
                            QStringLiteral("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY"))) {
                        answer.rereadError = snapshot.lastError().text().simplified();
                        return false;
                    }
                    if (LedgerRegisterWrite::read(prepared, progress, &answer.contents, &what,
                                                  &answer.rereadError))
                        return true;
                    answer.rereadError = QStringLiteral("%1: %2").arg(what, answer.rereadError);
                    return false;
                },
                &answer.rereadError);
        }
        const bool linkHeld = keepsLink(answer.error) && keepsLink(answer.rereadError);
        QMetaObject::invokeMethod(
            context,
            [this, alive, update, actor, reason, context, started, attempt, answer = std::move(answer),
             done = std::move(done)]() mutable {
                RegisterWrite out;
                if (!alive.lock()) {
                    out.written = WriteResult::failed(WriteFailure::Unavailable,
                                                      QStringLiteral("the ledger store was closed"));
                    done(out);
                    return;
                }
                if (!answer.error.isEmpty()) {
                    out.written = failedWith(QStringLiteral("%1: %2").arg(answer.what, answer.error));
                    // Members that open one portfolio together write the same records at the same moment:
                    // a write that gave up on another member's lock goes again shortly, and what the other
                    // committed by then is neither written nor audited twice.
                    const int pauseMs =
                        std::min(25 * attempt, 250) + int(QRandomGenerator::global()->bounded(25));
                    if (out.written.failure == WriteFailure::Busy &&
                        started->elapsed() + pauseMs <= callDeadlineMs() / 2) {
                        QTimer::singleShot(pauseMs, context,
                                           [this, alive, update, actor, reason, context, started, attempt,
                                            done = std::move(done)]() mutable {
                                               if (!alive.lock() || m_closed || !writer()) {
                                                   RegisterWrite closed;
                                                   closed.written = WriteResult::failed(
                                                       WriteFailure::Unavailable,
                                                       QStringLiteral("the ledger store was closed"));
                                                   done(closed);
                                                   return;
                                               }
                                               writeRegisterOnWriter(update, actor, reason, context,
                                                                     std::move(done), started, attempt + 1);
                                           });
                        return;
                    }
                    done(out);
                    return;
                }
                if (!update.isEmpty())
                    wroteAudit();
                linkAnswered();
                out.written = WriteResult::written();
                out.reread = answer.reread;
                out.rereadError = answer.rereadError;
                out.heldAlready = answer.heldAlready;
                // The mirror's copy, for reading while the ledger is down (its audit rows arrive by sync()):
                // the register as read back, or else what was written.
                QList<Entity> records = answer.contents.records;
                QList<RegisterConflict> conflicts = answer.contents.conflicts;
                QList<RegisterConflict> settled;
                QHash<QString, QString> updatedBy = answer.contents.updatedBy;
                if (!answer.reread) {
                    qCWarning(lcLedger).noquote()
                        << "entity register written, not read back:" << answer.rereadError;
                    records = update.records;
                    conflicts = update.conflicts + update.kept; // a kept one: its row, kept
                    settled = update.settled;
                    updatedBy.clear();
                    for (const Entity &e : update.records)
                        updatedBy.insert(e.entityId, actor);
                }
                out.entities = std::move(answer.contents.records);
                out.conflicts = std::move(answer.contents.conflicts);
                const auto mirrored = [out, done = std::move(done)](const QString &mirrorError) {
                    if (!mirrorError.isEmpty())
                        qCWarning(lcLedger) << "entity register mirror not updated:" << mirrorError;
                    done(out);
                };
                if (ThreadedStore *mirror = mirrorWrites()) {
                    mirror->mirrorRegisterThen(records, conflicts, settled, updatedBy, answer.reread, context,
                                               mirrored);
                    return;
                }
                QString mirrorError;
                if (!m_mirror.mirrorRegister(records, conflicts, settled, updatedBy, answer.reread,
                                             &mirrorError) &&
                    mirrorError.isEmpty())
                    mirrorError = QStringLiteral("not written");
                mirrored(mirrorError);
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

bool LedgerStore::tryApplyRegister(const RegisterUpdate &update, const QString &actor, const QString &reason,
                                   QString *error) {
    if (update.isEmpty()) {
        m_failure = WriteFailure::None;
        return true;
    }
    // Members that open one portfolio together write the same records at the same moment. A write that gave
    // up on another member's lock is tried again shortly, within half a call deadline: by then the other has
    // committed, and what the ledger already holds is neither written nor audited twice.
    QElapsedTimer waited;
    waited.start();
    const int budgetMs = callDeadlineMs() / 2;
    for (int attempt = 1;; ++attempt) {
        if (writeRegister(update, actor, reason, error))
            break;
        const int pauseMs = std::min(25 * attempt, 250) + int(QRandomGenerator::global()->bounded(25));
        if (m_failure != WriteFailure::Busy || waited.elapsed() + pauseMs > budgetMs)
            return false;
        QThread::msleep(ulong(pauseMs));
    }
    // The mirror's copy, for reading while the ledger is down; its audit rows arrive by sync().
    QHash<QString, QString> updatedBy;
    for (const Entity &e : update.records)
        updatedBy.insert(e.entityId, actor);
    QString mirrorError;
    settleMirror();
    if (!m_mirror.mirrorRegister(update.records, update.conflicts + update.kept, update.settled, updatedBy,
                                 false, &mirrorError))
        qCWarning(lcLedger) << "entity register mirror not updated:" << mirrorError;
    return true;
}

bool LedgerStore::writeRegister(const RegisterUpdate &update, const QString &actor, const QString &reason,
                                QString *error) {
    const auto call = callDeadline();
    if (!begin(error))
        return false;
    QString what;
    if (!LedgerRegisterWrite::write(
            update, {actor, reason, host::hostName(), m_memberId, now()},
            [this](const QString &sql, QString *why) { return statement(sql, why); },
            [this] { m_deadline.kick(); }, &what, error))
        return fail(what, *error, error);
    return commitOrRollback(error);
}

QString LedgerStore::launchBatch(const QStringList &keys, const QString &actor, const QString &reason,
                                 int *count, QString *error, WriteResult *status) {
    drainWriter();
    const QString batchId = tryLaunchBatch(keys, actor, reason, count, error);
    if (status)
        *status = result(!batchId.isEmpty(), error);
    return batchId;
}

void LedgerStore::launchBatchThen(const QStringList &keys, const QString &actor, const QString &reason,
                                  QObject *context,
                                  std::function<void(const QString &, int, const WriteResult &)> done) {
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        int count = 0;
        QString error;
        WriteResult status;
        const QString batchId = launchBatch(keys, actor, reason, &count, &error, &status);
        done(batchId, count, status); // at once, on this connection
        return;
    }
    const QString batchId = QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
    const QString keyList = keys.join(QLatin1Char(','));
    const QVariantList launchArguments{batchId,
                                       actor,
                                       host::hostName(),
                                       m_memberId,
                                       reason.isNull() ? QStringLiteral("") : reason,
                                       keyList.isNull() ? QStringLiteral("") : keyList};
    AuditEntry row;
    row.action = QStringLiteral("batch_launch");
    row.actor = actor;
    row.reason = reason;
    const QString host = host::hostName();
    const QString memberId = m_memberId;
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, batchId, launchArguments, row, host, memberId, context, alive,
            done = std::move(done)](QSqlDatabase *db, const QString &connectError) mutable {
        // The writer's thread: the launch and its audit row in one transaction (filingdesk_launch_batch takes
        // the fleet-wide launch lock, held to commit).
        QString error = connectError;
        QHash<QString, qint64> versions;
        if (db)
            LedgerWriter::inTransaction(
                *db,
                [&] {
                    const bool launched = w->select(
                        QStringLiteral("SELECT * FROM filingdesk_launch_batch(?,?,?,?,?,?)"), launchArguments,
                        [&versions](QSqlQuery &q) {
                            while (q.next())
                                versions.insert(q.value(0).toString(), q.value(1).toLongLong());
                        },
                        &error);
                    row.detail = QStringLiteral("batch %1: %2 task(s)").arg(batchId).arg(versions.size());
                    return launched && appendAuditOnWriter(w, row, host, memberId, &error);
                },
                &error);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, batchId, versions = std::move(versions), error, done] {
                if (!alive.lock()) {
                    done(QString(), 0,
                         WriteResult::failed(WriteFailure::Unavailable,
                                             QStringLiteral("the ledger store was closed")));
                    return;
                }
                if (!error.isEmpty()) {
                    done(QString(), 0, failedWith(QStringLiteral("launch: %1").arg(error)));
                    return;
                }
                for (auto it = versions.cbegin(); it != versions.cend(); ++it)
                    m_versions.insert(it.key(), it.value());
                wroteAudit();
                linkAnswered();
                done(batchId, int(versions.size()), WriteResult::written());
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

QString LedgerStore::tryLaunchBatch(const QStringList &keys, const QString &actor, const QString &reason,
                                    int *count, QString *error) {
    const auto call = callDeadline();
    if (!begin(error))
        return {};
    QSqlDatabase db = QSqlDatabase::database(m_pgConnection, false);
    const QString batchId = QUuid::createUuid().toString(QUuid::WithoutBraces).left(8);
    QSqlQuery q(db);
    // One statement: the ledger takes the fleet-wide launch lock (held to commit), records the batch with the
    // launching login, and moves the tasks (filingdesk_launch_batch, docs/roles.md). Without the lock two
    // launches at the same moment would both take every task.
    q.prepare(QStringLiteral("SELECT * FROM filingdesk_launch_batch(?,?,?,?,?,?)"));
    const QString keyList = keys.join(QLatin1Char(','));
    q.addBindValue(batchId);
    q.addBindValue(actor);
    q.addBindValue(host::hostName());
    q.addBindValue(m_memberId);
    q.addBindValue(reason.isNull() ? QStringLiteral("") : reason);
    q.addBindValue(keyList.isNull() ? QStringLiteral("") : keyList);
    if (!q.exec()) {
        fail(QStringLiteral("launch"), q.lastError().text(), error);
        return {};
    }
    QHash<QString, qint64> versions;
    while (q.next())
        versions.insert(q.value(0).toString(), q.value(1).toLongLong());
    AuditEntry e;
    e.action = QStringLiteral("batch_launch");
    e.actor = actor;
    e.reason = reason;
    e.detail = QStringLiteral("batch %1: %2 task(s)").arg(batchId).arg(versions.size());
    if (!insertAuditRow(e, error)) {
        fail(QStringLiteral("launch"), *error, error);
        return {};
    }
    if (!commitOrRollback(error))
        return {};
    for (auto it = versions.cbegin(); it != versions.cend(); ++it)
        m_versions.insert(it.key(), it.value());
    *count = int(versions.size());
    return batchId;
}

int LedgerStore::setBatchStatus(const QStringList &fromStatuses, const QString &to, const QString &action,
                                const QString &actor, const QString &reason, QString *error,
                                const QString &batchId, WriteResult *status) {
    drainWriter();
    const int changed = trySetBatchStatus(fromStatuses, to, action, actor, reason, error, batchId);
    if (status)
        *status = result(changed >= 0, error);
    return changed;
}

void LedgerStore::setBatchStatusThen(const QStringList &fromStatuses, const QString &to,
                                     const QString &action, const QString &actor, const QString &reason,
                                     const QString &batchId, QObject *context,
                                     std::function<void(int, const WriteResult &)> done) {
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        QString error;
        WriteResult status;
        const int changed = setBatchStatus(fromStatuses, to, action, actor, reason, &error, batchId, &status);
        done(changed, status); // at once, on this connection
        return;
    }
    const QVariantList arguments{action, to, fromStatuses.join(QLatin1Char(',')),
                                 batchId.isNull() ? QStringLiteral("") : batchId};
    AuditEntry row;
    row.action = action;
    row.actor = actor;
    row.reason = reason;
    const QString host = host::hostName();
    const QString memberId = m_memberId;
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, arguments, to, action, row, host, memberId, context, alive,
            done = std::move(done)](QSqlDatabase *db, const QString &connectError) mutable {
        // The writer's thread: the batches' new status and an audit row each, in one transaction.
        QString error = connectError;
        QStringList changed;
        if (db)
            LedgerWriter::inTransaction(
                *db,
                [&] {
                    bool written = w->select(
                        QStringLiteral("SELECT * FROM filingdesk_set_batch_status(?,?,?,?)"), arguments,
                        [&changed](QSqlQuery &q) {
                            while (q.next())
                                changed.append(q.value(0).toString());
                        },
                        &error);
                    for (const QString &b : std::as_const(changed)) {
                        if (!written)
                            break;
                        row.detail = QStringLiteral("batch %1 %2").arg(b, to);
                        written = appendAuditOnWriter(w, row, host, memberId, &error);
                    }
                    return written;
                },
                &error);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, action, count = int(changed.size()), error, done] {
                if (!alive.lock()) {
                    done(-1, WriteResult::failed(WriteFailure::Unavailable,
                                                 QStringLiteral("the ledger store was closed")));
                    return;
                }
                if (!error.isEmpty()) {
                    done(-1, failedWith(QStringLiteral("%1: %2").arg(action, error)));
                    return;
                }
                if (count > 0)
                    wroteAudit();
                linkAnswered();
                done(count, WriteResult::written());
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

int LedgerStore::trySetBatchStatus(const QStringList &fromStatuses, const QString &to, const QString &action,
                                   const QString &actor, const QString &reason, QString *error,
                                   const QString &batchId) {
    const auto call = callDeadline();
    if (!begin(error))
        return -1;
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    q.prepare(QStringLiteral("SELECT * FROM filingdesk_set_batch_status(?,?,?,?)"));
    q.addBindValue(action);
    q.addBindValue(to);
    q.addBindValue(fromStatuses.join(QLatin1Char(',')));
    q.addBindValue(batchId.isNull() ? QStringLiteral("") : batchId);
    if (!q.exec()) {
        fail(action, q.lastError().text(), error);
        return -1;
    }
    QStringList changed;
    while (q.next())
        changed.append(q.value(0).toString());
    for (const QString &b : std::as_const(changed)) {
        AuditEntry e;
        e.action = action;
        e.actor = actor;
        e.reason = reason;
        e.detail = QStringLiteral("batch %1 %2").arg(b, to);
        if (!insertAuditRow(e, error)) {
            fail(action, *error, error);
            return -1;
        }
    }
    if (!commitOrRollback(error))
        return -1;
    return int(changed.size());
}

namespace {

constexpr const char *kBatchesSql = "SELECT batch_id, status, launched_by, launched_host, launched_desk, "
                                    "launched_at FROM batches ORDER BY launched_at";

LedgerBatch batchFromRow(const QSqlQuery &q) {
    return LedgerBatch{q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                       q.value(3).toString(), q.value(4).toString(), q.value(5).toDateTime().toUTC()};
}

} // namespace

QList<LedgerBatch> LedgerStore::batches(QString *error) const {
    const auto call = const_cast<LedgerStore *>(this)->callDeadline();
    auto *self = const_cast<LedgerStore *>(this);
    QList<LedgerBatch> out;
    if (!self->ensureConnected(error))
        return out;
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    if (!q.exec(QString::fromLatin1(kBatchesSql))) {
        self->fail(QStringLiteral("reading batches"), q.lastError().text(), error);
        return out;
    }
    while (q.next())
        out.append(batchFromRow(q));
    return out;
}

void LedgerStore::batchesThen(QObject *context,
                              std::function<void(const QList<LedgerBatch> &, const QString &)> done) {
    if (!m_reachable || m_chainBroken || !writer()) {
        QString error;
        const QList<LedgerBatch> all = batches(&error);
        done(all, error);
        return;
    }
    readThen<QList<LedgerBatch>>(
        QStringLiteral("reading batches"), QString::fromLatin1(kBatchesSql), {},
        [](QSqlQuery &q) {
            QList<LedgerBatch> out;
            while (q.next())
                out.append(batchFromRow(q));
            return out;
        },
        context, std::move(done));
}

QStringList LedgerStore::finishIdleBatches(QString *error) {
    drainWriter();
    const auto call = callDeadline();
    if (!begin(error))
        return {};
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    if (!q.exec(QStringLiteral("SELECT * FROM filingdesk_finish_idle_batches()"))) {
        fail(QStringLiteral("finishing batches"), q.lastError().text(), error);
        return {};
    }
    QStringList finished;
    while (q.next())
        finished.append(q.value(0).toString());
    for (const QString &b : std::as_const(finished)) {
        AuditEntry e;
        e.action = QStringLiteral("batch_idle");
        e.actor = QStringLiteral("engine");
        e.detail = QStringLiteral("batch %1 finished: nothing left to send or wait for").arg(b);
        if (!insertAuditRow(e, error)) {
            fail(e.action, *error, error);
            return {};
        }
    }
    if (!commitOrRollback(error))
        return {};
    return finished;
}

void LedgerStore::finishIdleBatchesThen(QObject *context,
                                        std::function<void(const QStringList &, const QString &)> done) {
    if (!m_reachable || m_chainBroken || !writer()) {
        QString error;
        const QStringList finished = finishIdleBatches(&error);
        done(finished, error);
        return;
    }
    const QString host = host::hostName();
    const QString memberId = m_memberId;
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, host, memberId, context, alive, done = std::move(done)](QSqlDatabase *db,
                                                                             const QString &connectError) {
        // The writer's thread: the batches finished and an audit row each, in one transaction.
        QString error = connectError;
        QStringList finished;
        if (db)
            LedgerWriter::inTransaction(
                *db,
                [&] {
                    if (!w->select(
                            QStringLiteral("SELECT * FROM filingdesk_finish_idle_batches()"), {},
                            [&finished](QSqlQuery &q) {
                                while (q.next())
                                    finished.append(q.value(0).toString());
                            },
                            &error))
                        return false;
                    for (const QString &b : std::as_const(finished)) {
                        AuditEntry e;
                        e.action = QStringLiteral("batch_idle");
                        e.actor = QStringLiteral("engine");
                        e.detail =
                            QStringLiteral("batch %1 finished: nothing left to send or wait for").arg(b);
                        if (!appendAuditOnWriter(w, e, host, memberId, &error))
                            return false;
                    }
                    return true;
                },
                &error);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, finished, error, done] {
                if (!alive.lock()) {
                    done({}, error.isEmpty() ? QStringLiteral("the ledger store was closed") : error);
                    return;
                }
                if (!error.isEmpty()) {
                    done({}, failedWith(QStringLiteral("finishing batches: %1").arg(error)).error);
                    return;
                }
                if (!finished.isEmpty())
                    wroteAudit();
                linkAnswered();
                done(finished, QString());
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

QList<FilingTask> LedgerStore::claim(int limit, const QStringList &jurisdictions, QString *error,
                                     int perJurisdiction, const QStringList &skipJurisdictions,
                                     WriteResult *status) {
    error->clear();
    QList<FilingTask> claimed = tryClaim(limit, jurisdictions, error, perJurisdiction, skipJurisdictions);
    if (status)
        *status = result(error->isEmpty(), error);
    return claimed;
}

QList<FilingTask> LedgerStore::tryClaim(int limit, const QStringList &jurisdictions, QString *error,
                                        int perJurisdiction, const QStringList &skipJurisdictions) {
    if (limit <= 0)
        return {};
    return claimWith(
        // The best tasks of every jurisdiction, at most `per` each (claims by score alone would fill a member
        // with one jurisdiction whose ceiling then idles the rest), each claim audited in the same statement
        // (filingdesk_claim).
        QStringLiteral(
            "SELECT c.*, %1 FROM filingdesk_claim(:only, :skip, :per, :limit, :member, :lease, :host) c")
            .arg(kTaskTimes.arg(QStringLiteral("c."))),
        [&](QSqlQuery &q) {
            q.bindValue(QStringLiteral(":only"), text(jurisdictions.join(QLatin1Char(','))));
            q.bindValue(QStringLiteral(":skip"), text(skipJurisdictions.join(QLatin1Char(','))));
            q.bindValue(QStringLiteral(":per"), perJurisdiction > 0 ? perJurisdiction : limit);
            q.bindValue(QStringLiteral(":limit"), limit);
        },
        error);
}

QList<FilingTask> LedgerStore::claimEach(const QHash<QString, int> &needs, int defaultNeed, int limit,
                                         const QStringList &jurisdictions, QString *error,
                                         WriteResult *status) {
    error->clear();
    QList<FilingTask> claimed;
    if (limit > 0) {
        QStringList needList;
        for (auto it = needs.cbegin(); it != needs.cend(); ++it)
            needList.append(QStringLiteral("%1=%2").arg(it.key()).arg(qMax(0, it.value())));
        needList.sort();
        claimed = claimWith(
            QStringLiteral("SELECT c.*, %1 FROM filingdesk_claim_each(:needs, :default_need, :only, :limit, "
                           ":member, :lease, :host) c")
                .arg(kTaskTimes.arg(QStringLiteral("c."))),
            [&](QSqlQuery &q) {
                q.bindValue(QStringLiteral(":needs"), text(needList.join(QLatin1Char(','))));
                q.bindValue(QStringLiteral(":default_need"), qMax(0, defaultNeed));
                q.bindValue(QStringLiteral(":only"), text(jurisdictions.join(QLatin1Char(','))));
                q.bindValue(QStringLiteral(":limit"), limit);
            },
            error);
    }
    if (status)
        *status = result(error->isEmpty(), error);
    return claimed;
}

QList<FilingTask> LedgerStore::claimWith(const QString &sql, const std::function<void(QSqlQuery &)> &bind,
                                         QString *error) {
    const auto call = callDeadline();
    QList<FilingTask> out;
    if (!ensureConnected(error))
        return out;
    // One statement in autocommit. A claim lost with a crash of the ledger server is only a claim nobody
    // holds: its commit does not wait for the WAL flush.
    // Every claim is an audit row written by the same statement (a claim, or the take-over of a claim that
    // ran out, naming its former holder): the trail says who held a filing when, at no extra commit.
    QSqlQuery *prepared = statement(sql, error);
    if (!prepared) {
        fail(QStringLiteral("claiming tasks"), *error, error);
        return {};
    }
    QSqlQuery &q = *prepared;
    bind(q);
    q.bindValue(QStringLiteral(":member"), m_memberId);
    q.bindValue(QStringLiteral(":lease"), double(m_leaseMs) / 1000.0);
    q.bindValue(QStringLiteral(":host"), host::hostName());
    if (!q.exec()) {
        fail(QStringLiteral("claiming tasks"), q.lastError().text(), error);
        return {};
    }
    QHash<QString, qint64> versions;
    const QDateTime localNow = now();
    const TaskColumns columns(q.record());
    while (q.next()) {
        out.append(taskFromRow(q, columns, localNow));
        if (out.size() % 1000 == 0)
            m_deadline.kick(); // rows arriving are progress
        versions.insert(out.last().key, q.value(columns.version).toLongLong());
    }
    q.finish();
    for (auto it = versions.cbegin(); it != versions.cend(); ++it)
        m_versions.insert(it.key(), it.value());
    if (!out.isEmpty())
        wroteAudit();
    // UPDATE ... RETURNING comes back in the join's order, not the CTE's: best score first, as promised.
    std::sort(out.begin(), out.end(), [](const FilingTask &a, const FilingTask &b) {
        return a.score != b.score ? a.score > b.score : a.key < b.key;
    });
    return out;
}

namespace {

/// Workable tasks of running batches, of the jurisdictions listed (both arguments: the list joined by
/// commas, empty for all).
QString countWorkableSql() {
    return QStringLiteral("SELECT count(*) FROM tasks t JOIN batches b ON b.batch_id = t.batch_id WHERE "
                          "b.status = 'running' AND t.state IN (%1) AND (? = '' OR t.jurisdiction = "
                          "ANY(string_to_array(?, ',')))")
        .arg(kWorkableStates);
}

} // namespace

int LedgerStore::countWorkable(const QStringList &jurisdictions, QString *error) {
    const auto call = callDeadline();
    if (!ensureConnected(error))
        return -1;
    QSqlQuery *prepared = statement(countWorkableSql(), error);
    if (!prepared) {
        fail(QStringLiteral("counting work"), *error, error);
        return -1;
    }
    QSqlQuery &q = *prepared;
    const QString only = text(jurisdictions.join(QLatin1Char(',')));
    q.bindValue(0, only);
    q.bindValue(1, only);
    if (!q.exec() || !q.next()) {
        fail(QStringLiteral("counting work"), q.lastError().text(), error);
        return -1;
    }
    return q.value(0).toInt();
}

void LedgerStore::countWorkableThen(const QStringList &jurisdictions, QObject *context,
                                    std::function<void(int, const QString &)> done) {
    if (!m_reachable || m_chainBroken || !writer()) {
        QString error;
        const int count = countWorkable(jurisdictions, &error);
        done(count, error);
        return;
    }
    const QString only = text(jurisdictions.join(QLatin1Char(',')));
    readThen<int>(
        QStringLiteral("counting work"), countWorkableSql(), {only, only},
        [](QSqlQuery &q) { return q.next() ? q.value(0).toInt() : -1; }, context,
        [done = std::move(done)](const int &count, const QString &error) {
            done(error.isEmpty() ? count : -1, error);
        });
}

QStringList LedgerStore::renewClaims(const QStringList &requested, QString *error) {
    // A claim a written transition handed back (the engine has not heard yet) is not renewed, and not lost.
    drainWriter();
    QStringList keys;
    for (const QString &key : requested)
        if (!m_releasedUndelivered.contains(key))
            keys.append(key);
    const auto call = callDeadline();
    if (keys.isEmpty())
        return {};
    if (!ensureConnected(error))
        return keys;
    // A claim that could not be renewed is lost: the audit row saying so (and who holds the filing now) is
    // written by the same statement.
    QSqlQuery *prepared = statement(QString::fromLatin1(kRenewClaims), error);
    if (!prepared) {
        fail(QStringLiteral("renewing claims"), *error, error);
        return keys;
    }
    QSqlQuery &q = *prepared;
    q.bindValue(0, keys.join(QLatin1Char(',')));
    q.bindValue(1, double(m_leaseMs) / 1000.0);
    q.bindValue(2, m_memberId);
    q.bindValue(3, host::hostName());
    if (!q.exec()) {
        fail(QStringLiteral("renewing claims"), q.lastError().text(), error);
        return keys;
    }
    QStringList lost;
    while (q.next())
        lost.append(q.value(0).toString());
    if (!lost.isEmpty())
        wroteAudit();
    return lost;
}

void LedgerStore::renewClaimsThen(const QStringList &requested, QObject *context,
                                  std::function<void(const QStringList &lost, const QString &error)> done) {
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        QString error;
        const QStringList lost = renewClaims(requested, &error);
        done(lost, error);
        return;
    }
    // The renewal runs on the writer after every transition handed to it before: a claim one of them hands
    // back (answered or not) is gone by then, and is neither renewed nor lost.
    QStringList keys;
    for (const QString &key : requested)
        if (!m_releasedUndelivered.contains(key) && !m_releasesInFlight.contains(key))
            keys.append(key);
    if (keys.isEmpty()) {
        done({}, QString());
        return;
    }
    const QVariantList arguments{keys.join(QLatin1Char(',')), double(m_leaseMs) / 1000.0, m_memberId,
                                 host::hostName()};
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, arguments, keys, context, alive, done = std::move(done)](QSqlDatabase *db,
                                                                              const QString &connectError) {
        QStringList lost;
        QString error = connectError;
        if (db)
            w->select(
                QString::fromLatin1(kRenewClaims), arguments,
                [&lost](QSqlQuery &q) {
                    while (q.next())
                        lost.append(q.value(0).toString());
                },
                &error);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, keys, lost, error, done] {
                if (!alive.lock()) {
                    done(keys, error.isEmpty() ? QStringLiteral("the ledger store was closed") : error);
                    return;
                }
                if (!error.isEmpty()) {
                    done(keys, failedWith(QStringLiteral("renewing claims: %1").arg(error)).error);
                    return;
                }
                if (!lost.isEmpty())
                    wroteAudit();
                done(lost, QString());
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

bool LedgerStore::recordClaimsLost(const QStringList &keys, const QString &why, QString *error) {
    drainWriter();
    const auto call = callDeadline();
    if (keys.isEmpty())
        return true;
    if (!ensureConnected(error))
        return false;
    QSqlQuery *prepared =
        statement(QStringLiteral("SELECT filingdesk_record_claims_lost(:host, :member, :why, :keys)"), error);
    if (!prepared)
        return fail(QStringLiteral("recording lost claims"), *error, error);
    QSqlQuery &q = *prepared;
    q.bindValue(QStringLiteral(":host"), host::hostName());
    q.bindValue(QStringLiteral(":member"), m_memberId);
    q.bindValue(QStringLiteral(":why"), why);
    q.bindValue(QStringLiteral(":keys"), keys.join(QLatin1Char(',')));
    if (!q.exec())
        return fail(QStringLiteral("recording lost claims"), q.lastError().text(), error);
    wroteAudit();
    return true;
}

bool LedgerStore::releaseClaims(const QStringList &keys, QString *error) {
    drainWriter();
    const auto call = callDeadline();
    if (keys.isEmpty())
        return true;
    if (!ensureConnected(error))
        return false;
    QSqlQuery *prepared = statement(QStringLiteral("SELECT filingdesk_release_claims(?, ?)"), error);
    if (!prepared)
        return fail(QStringLiteral("handing back claims"), *error, error);
    QSqlQuery &q = *prepared;
    q.bindValue(0, m_memberId);
    q.bindValue(1, keys.join(QLatin1Char(',')));
    if (!q.exec())
        return fail(QStringLiteral("handing back claims"), q.lastError().text(), error);
    return true;
}

void LedgerStore::recordClaimsLostThen(const QStringList &keys, const QString &why, QObject *context,
                                       std::function<void(const QString &)> done) {
    if (keys.isEmpty() || !m_reachable || m_chainBroken || !writer()) {
        QString error;
        recordClaimsLost(keys, why, &error);
        done(error);
        return;
    }
    readThen<bool>(
        QStringLiteral("recording lost claims"),
        QStringLiteral("SELECT filingdesk_record_claims_lost(?, ?, ?, ?)"),
        {host::hostName(), m_memberId, why, keys.join(QLatin1Char(','))},
        [](QSqlQuery &q) { return q.next(); }, context,
        [this, done = std::move(done)](const bool &, const QString &error) {
            if (error.isEmpty())
                wroteAudit(); // its claim_lost rows wait to be sealed
            done(error);
        });
}

void LedgerStore::releaseClaimsThen(const QStringList &keys, QObject *context,
                                    std::function<void(const QString &)> done) {
    if (keys.isEmpty() || !m_reachable || m_chainBroken || !writer()) {
        QString error;
        releaseClaims(keys, &error);
        done(error);
        return;
    }
    readThen<bool>(
        QStringLiteral("handing back claims"), QStringLiteral("SELECT filingdesk_release_claims(?, ?)"),
        {m_memberId, keys.join(QLatin1Char(','))}, [](QSqlQuery &q) { return q.next(); }, context,
        [done = std::move(done)](const bool &, const QString &error) { done(error); });
}

QList<AuditEntry> LedgerStore::ledgerAudit(qint64 fromSeq, int limit, QString *error) const {
    const auto call = const_cast<LedgerStore *>(this)->callDeadline();
    auto *self = const_cast<LedgerStore *>(this);
    QList<AuditEntry> out;
    if (!self->ensureConnected(error))
        return out;
    QSqlQuery *prepared = self->statement(QString::fromLatin1(kEveryAuditRowFrom), error);
    if (!prepared) {
        self->fail(QStringLiteral("reading the audit"), *error, error);
        return {};
    }
    QSqlQuery &q = *prepared;
    q.bindValue(0, fromSeq);
    q.bindValue(1, limit);
    if (!q.exec()) {
        self->fail(QStringLiteral("reading the audit"), q.lastError().text(), error);
        return {};
    }
    const AuditColumns columns(q.record());
    while (q.next())
        out.append(auditFromRow(q, columns));
    return out;
}

QList<AuditEntry> LedgerStore::ownAudit(qint64 fromSeq, int limit, QString *error) {
    const auto call = callDeadline();
    QList<AuditEntry> out;
    if (!ensureConnected(error))
        return out;
    QSqlQuery *prepared = statement(QString::fromLatin1(kOwnAuditRowsFrom), error);
    if (!prepared) {
        fail(QStringLiteral("reading the audit"), *error, error);
        return {};
    }
    QSqlQuery &q = *prepared;
    q.bindValue(0, fromSeq);
    q.bindValue(1, m_memberId);
    q.bindValue(2, limit);
    if (!q.exec()) {
        fail(QStringLiteral("reading the audit"), q.lastError().text(), error);
        return {};
    }
    const AuditColumns columns(q.record());
    while (q.next())
        out.append(auditFromRow(q, columns));
    return out;
}

bool LedgerStore::chainHead(qint64 *seq, QString *hash, QString *error) const {
    const auto call = const_cast<LedgerStore *>(this)->callDeadline();
    auto *self = const_cast<LedgerStore *>(this);
    if (!self->ensureConnected(error))
        return false;
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    if (!q.exec(QStringLiteral("SELECT last_seq, last_hash FROM audit_head WHERE id = 1")) || !q.next())
        return self->fail(QStringLiteral("reading the chain head"), q.lastError().text(), error);
    *seq = q.value(0).toLongLong();
    *hash = q.value(1).toString();
    return true;
}

QList<AuditEntry> LedgerStore::sync(int limit, QString *error) {
    if (m_unsealed) {
        // What this member wrote is in what it reads back, unless another member is sealing right now (its
        // NOTIFY wakes the next catch-up).
        QString sealError;
        sealAudit(&sealError);
    }
    settleMirror(); // what a catch-up on the writer read is in the mirror before this one reads on
    const qint64 from = m_mirror.lastMirroredSeq() + 1;
    const QList<AuditEntry> rows =
        m_ownRowsOnly ? ownAudit(from, limit, error) : ledgerAudit(from, limit, error);
    if (rows.isEmpty())
        return rows;
    return mirrorCaughtUp(rows, error);
}

QList<AuditEntry> LedgerStore::mirrorCaughtUp(QList<AuditEntry> rows, QString *error) {
    // Rows another catch-up mirrored meanwhile (a blocking sync() while a syncThen() was answered) are
    // already there: the rest must continue the mirrored chain.
    settleMirror();
    const qint64 mirrored = m_mirror.lastMirroredSeq();
    rows.erase(std::remove_if(rows.begin(), rows.end(),
                              [mirrored](const AuditEntry &e) { return e.ledgerSeq <= mirrored; }),
               rows.end());
    if (rows.isEmpty())
        return rows;
    QString mirrorError;
    bool broken = false;
    if (!m_mirror.mirrorLedgerAudit(rows, &mirrorError, &broken)) {
        m_chainBroken = m_chainBroken || broken;
        *error = QStringLiteral("the local mirror refused ledger rows: %1").arg(mirrorError);
        return {};
    }
    m_mirrorHandedSeq = std::max(m_mirrorHandedSeq, rows.last().ledgerSeq);
    return rows;
}

void LedgerStore::syncThen(int limit, QObject *context,
                           std::function<void(const QList<AuditEntry> &rows, const QString &error)> done) {
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        QString error;
        const QList<AuditEntry> rows = sync(limit, &error);
        done(rows, error);
        return;
    }
    // From where the mirror will end once what was handed to its thread is written.
    const qint64 from = (mirrorWrites() ? m_mirrorHandedSeq : m_mirror.lastMirroredSeq()) + 1;
    const QString sql = QString::fromLatin1(m_ownRowsOnly ? kOwnAuditRowsFrom : kEveryAuditRowFrom);
    const QVariantList arguments =
        m_ownRowsOnly ? QVariantList{from, m_memberId, limit} : QVariantList{from, limit};
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, sql, arguments, context, alive, done = std::move(done)](QSqlDatabase *db,
                                                                             const QString &connectError) {
        // The writer's thread: after the transitions handed to it before, so that this member's own rows
        // that are sealed are in what it reads; the rows become entries here, off the engine thread.
        QList<AuditEntry> rows;
        QString error = connectError;
        if (db)
            w->select(
                sql, arguments,
                [w, &rows](QSqlQuery &q) {
                    const AuditColumns columns(q.record());
                    while (q.next()) {
                        rows.append(auditFromRow(q, columns));
                        if (rows.size() % 1000 == 0)
                            w->kick(); // rows arriving are progress
                    }
                },
                &error);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, context, rows, error, done] {
                if (!alive.lock()) {
                    done({}, error.isEmpty() ? QStringLiteral("the ledger store was closed") : error);
                    return;
                }
                if (!error.isEmpty()) {
                    done({}, failedWith(QStringLiteral("reading the audit: %1").arg(error)).error);
                    return;
                }
                mirrorCaughtUpThen(rows, context, done);
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

namespace {

// The same round trip checks that the session still listens for the team's changes (its one column).
constexpr const char *kBeatSql = "SELECT * FROM filingdesk_beat(?,?,?,?,?,?,?,?,?,?)";

} // namespace

QVariantList LedgerStore::beatArguments(const LedgerMember &self) const {
    // host, version and started_at are NOT NULL: what the caller left out is this process's.
    return {m_memberId,
            self.kind == MemberKind::Unknown ? m_kind : toString(self.kind),
            self.host.isEmpty() ? host::hostName() : self.host,
            self.processId,
            self.version.isEmpty() ? QStringLiteral(FILINGDESK_VERSION) : self.version,
            self.jurisdictions.isNull() ? QStringLiteral("") : self.jurisdictions,
            self.claimsHeld,
            self.inFlight,
            self.filedLastHour,
            self.batches.isNull() ? QStringLiteral("") : self.batches};
}

bool LedgerStore::beat(const LedgerMember &self, QString *error) {
    const auto call = callDeadline();
    if (!ensureConnected(error))
        return false;
    QSqlQuery *prepared = statement(QString::fromLatin1(kBeatSql), error);
    if (!prepared)
        return fail(QStringLiteral("heartbeat"), *error, error);
    QSqlQuery &q = *prepared;
    const QVariantList arguments = beatArguments(self);
    for (int i = 0; i < arguments.size(); ++i)
        q.bindValue(i, arguments.at(i));
    if (!q.exec())
        return fail(QStringLiteral("heartbeat"), q.lastError().text(), error);
    const bool listening = q.next() && q.value(0).toInt() == 1;
    q.finish();
    if (!listening && m_kind != QLatin1String("worker")) { // a worker listens on no channel (schema 13)
        QSqlDatabase db = QSqlDatabase::database(m_pgConnection, false);
        qCWarning(lcLedger) << "this session no longer listens for the team's changes: LISTEN again";
        if (!listen(db, error))
            return fail(QStringLiteral("heartbeat"), *error, error);
    }
    return true;
}

void LedgerStore::beatThen(const LedgerMember &self, QObject *context,
                           std::function<void(const QString &)> done) {
    if (!m_reachable || m_chainBroken || !writer()) {
        QString error;
        beat(self, &error);
        done(error);
        return;
    }
    readThen<bool>(
        QStringLiteral("heartbeat"), QString::fromLatin1(kBeatSql), beatArguments(self),
        [](QSqlQuery &q) { return q.next(); }, context,
        [done = std::move(done)](const bool &, const QString &error) { done(error); });
}

namespace {

/// Every member's row, and whether its last heartbeat is older than the one argument (seconds).
constexpr const char *kMembersSql =
    "SELECT member_id, kind, host, process_id, version, started_at, last_beat, jurisdictions, claims_held, "
    "in_flight, filed_last_hour, batches, last_beat < clock_timestamp() - make_interval(secs => ?) AS lost "
    "FROM members ORDER BY kind, host, member_id";

QList<LedgerMember> membersFromRows(QSqlQuery &q) {
    QList<LedgerMember> out;
    while (q.next()) {
        LedgerMember m;
        m.memberId = q.value(0).toString();
        m.kind = memberKindFromString(q.value(1).toString());
        m.host = q.value(2).toString();
        m.processId = q.value(3).toLongLong();
        m.version = q.value(4).toString();
        m.startedUtc = q.value(5).toDateTime().toUTC();
        m.lastBeatUtc = q.value(6).toDateTime().toUTC();
        m.jurisdictions = q.value(7).toString();
        m.claimsHeld = q.value(8).toInt();
        m.inFlight = q.value(9).toInt();
        m.filedLastHour = q.value(10).toInt();
        m.batches = q.value(11).toString();
        m.lost = q.value(12).toBool();
        out.append(m);
    }
    return out;
}

/// A member is lost after three heartbeats' silence.
double lostAfterSeconds(qint64 beatIntervalMs) {
    return 3.0 * double(beatIntervalMs) / 1000.0;
}

} // namespace

QList<LedgerMember> LedgerStore::members(qint64 beatIntervalMs, QString *error) const {
    const auto call = const_cast<LedgerStore *>(this)->callDeadline();
    auto *self = const_cast<LedgerStore *>(this);
    if (!self->ensureConnected(error))
        return {};
    QSqlQuery *prepared = self->statement(QString::fromLatin1(kMembersSql), error);
    if (!prepared) {
        self->fail(QStringLiteral("reading members"), *error, error);
        return {};
    }
    QSqlQuery &q = *prepared;
    q.bindValue(0, lostAfterSeconds(beatIntervalMs));
    if (!q.exec()) {
        self->fail(QStringLiteral("reading members"), q.lastError().text(), error);
        return {};
    }
    return membersFromRows(q);
}

void LedgerStore::membersThen(qint64 beatIntervalMs, QObject *context,
                              std::function<void(const QList<LedgerMember> &, const QString &)> done) {
    if (!m_reachable || m_chainBroken || !writer()) {
        QString error;
        const QList<LedgerMember> out = members(beatIntervalMs, &error);
        done(out, error);
        return;
    }
    readThen<QList<LedgerMember>>(QStringLiteral("reading members"), QString::fromLatin1(kMembersSql),
                                  {lostAfterSeconds(beatIntervalMs)}, membersFromRows, context,
                                  std::move(done));
}

WriteResult LedgerStore::claimReview(const QString &key, QString *error) {
    drainWriter();
    return result(tryClaimReview(key, error), error);
}

bool LedgerStore::tryClaimReview(const QString &key, QString *error) {
    const auto call = callDeadline();
    if (!begin(error))
        return false;
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    q.prepare(QStringLiteral("SELECT * FROM filingdesk_open_review(?,?,?,?)"));
    q.addBindValue(key);
    q.addBindValue(host::osUser());
    q.addBindValue(host::hostName());
    q.addBindValue(m_memberId);
    if (!q.exec())
        return fail(QStringLiteral("review claim"), q.lastError().text(), error);
    if (!q.next()) {
        rollbackLedger();
        QSqlQuery who(QSqlDatabase::database(m_pgConnection, false));
        who.prepare(
            QStringLiteral("SELECT reviewer, host, since FROM review_claims WHERE idempotency_key = ?"));
        who.addBindValue(key);
        if (who.exec() && who.next())
            *error = QStringLiteral("in review by %1 on %2 since %3")
                         .arg(who.value(0).toString(), who.value(1).toString(),
                              who.value(2).toDateTime().toUTC().toString(
                                  QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
        else
            *error = QStringLiteral("in review by someone else");
        m_failure = WriteFailure::Conflict;
        return false;
    }
    AuditEntry e;
    e.action = QStringLiteral("review_open");
    e.actor = host::osUser();
    e.idempotencyKey = key;
    if (!insertAuditRow(e, error))
        return fail(e.action, *error, error);
    return commitOrRollback(error);
}

WriteResult LedgerStore::releaseReview(const QString &key, QString *error) {
    drainWriter();
    return result(tryReleaseReview(key, error), error);
}

bool LedgerStore::tryReleaseReview(const QString &key, QString *error) {
    const auto call = callDeadline();
    if (!begin(error))
        return false;
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    q.prepare(QStringLiteral("SELECT * FROM filingdesk_close_review(?,?,?)"));
    q.addBindValue(key);
    q.addBindValue(host::osUser());
    q.addBindValue(host::hostName());
    if (!q.exec())
        return fail(QStringLiteral("review release"), q.lastError().text(), error);
    if (!q.next()) {
        rollbackLedger();
        return true;
    }
    AuditEntry e;
    e.action = QStringLiteral("review_close");
    e.actor = host::osUser();
    e.idempotencyKey = key;
    if (!insertAuditRow(e, error))
        return fail(e.action, *error, error);
    return commitOrRollback(error);
}

void LedgerStore::claimReviewThen(const QString &key, QObject *context,
                                  std::function<void(const WriteResult &)> done) {
    reviewOnWriter(key, true, context, std::move(done));
}

void LedgerStore::releaseReviewThen(const QString &key, QObject *context,
                                    std::function<void(const WriteResult &)> done) {
    reviewOnWriter(key, false, context, std::move(done));
}

void LedgerStore::reviewOnWriter(const QString &key, bool open, QObject *context,
                                 std::function<void(const WriteResult &)> done) {
    if (!m_reachable || m_chainBroken || !writer()) {
        QString error;
        done(open ? claimReview(key, &error) : releaseReview(key, &error));
        return;
    }
    AuditEntry row;
    row.action = open ? QStringLiteral("review_open") : QStringLiteral("review_close");
    row.actor = host::osUser();
    row.idempotencyKey = key;
    const QString host = host::hostName();
    const QString memberId = m_memberId;
    const QVariantList arguments =
        open ? QVariantList{key, row.actor, host, memberId} : QVariantList{key, row.actor, host};
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, open, key, row, host, memberId, arguments, context, alive,
            done = std::move(done)](QSqlDatabase *db, const QString &connectError) {
        // The writer's thread: the review claimed (or released) and its audit row, in one transaction.
        QString error = connectError;
        QString heldBy; // the review is someone else's: who has it
        bool audited = false;
        if (db)
            LedgerWriter::inTransaction(
                *db,
                [&] {
                    bool changed = false;
                    if (!w->select(
                            open ? QStringLiteral("SELECT * FROM filingdesk_open_review(?,?,?,?)")
                                 : QStringLiteral("SELECT * FROM filingdesk_close_review(?,?,?)"),
                            arguments, [&changed](QSqlQuery &q) { changed = q.next(); }, &error))
                        return false;
                    if (!changed && open) {
                        heldBy = QStringLiteral("in review by someone else");
                        w->select(
                            QStringLiteral("SELECT reviewer, host, since FROM review_claims "
                                           "WHERE idempotency_key = ?"),
                            {key},
                            [&heldBy](QSqlQuery &q) {
                                if (q.next())
                                    heldBy = QStringLiteral("in review by %1 on %2 since %3")
                                                 .arg(q.value(0).toString(), q.value(1).toString(),
                                                      q.value(2).toDateTime().toUTC().toString(
                                                          QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
                            },
                            &error);
                        error.clear(); // who has it is told as well as it can be
                        return false;
                    }
                    if (!changed)
                        return false; // nothing to release: nothing to audit
                    audited = appendAuditOnWriter(w, row, host, memberId, &error);
                    return audited;
                },
                &error);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, open, heldBy, audited, error, done] {
                if (!alive.lock()) {
                    done(WriteResult::failed(WriteFailure::Unavailable,
                                             error.isEmpty() ? QStringLiteral("the ledger store was closed")
                                                             : error));
                    return;
                }
                if (!error.isEmpty()) {
                    done(failedWith(QStringLiteral("%1: %2").arg(
                        open ? QStringLiteral("review claim") : QStringLiteral("review release"), error)));
                    return;
                }
                linkAnswered();
                if (!heldBy.isEmpty()) {
                    done(WriteResult::failed(WriteFailure::Conflict, heldBy));
                    return;
                }
                if (audited)
                    wroteAudit();
                done(WriteResult::written());
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

namespace {

constexpr const char *kReviewsSql = "SELECT idempotency_key, reviewer, host, desk, since FROM review_claims";

QHash<QString, LedgerStore::Review> reviewsFromRows(QSqlQuery &q) {
    QHash<QString, LedgerStore::Review> out;
    while (q.next())
        out.insert(q.value(0).toString(),
                   LedgerStore::Review{q.value(1).toString(), q.value(2).toString(), q.value(3).toString(),
                                       q.value(4).toDateTime().toUTC()});
    return out;
}

} // namespace

QHash<QString, LedgerStore::Review> LedgerStore::reviews(QString *error) const {
    const auto call = const_cast<LedgerStore *>(this)->callDeadline();
    auto *self = const_cast<LedgerStore *>(this);
    if (!self->ensureConnected(error))
        return {};
    QSqlQuery q(QSqlDatabase::database(m_pgConnection, false));
    if (!q.exec(QString::fromLatin1(kReviewsSql))) {
        self->fail(QStringLiteral("reading reviews"), q.lastError().text(), error);
        return {};
    }
    return reviewsFromRows(q);
}

void LedgerStore::reviewsThen(QObject *context,
                              std::function<void(const QHash<QString, Review> &, const QString &)> done) {
    if (!m_reachable || m_chainBroken || !writer()) {
        QString error;
        const QHash<QString, Review> out = reviews(&error);
        done(out, error);
        return;
    }
    readThen<QHash<QString, Review>>(QStringLiteral("reading reviews"), QString::fromLatin1(kReviewsSql), {},
                                     reviewsFromRows, context, std::move(done));
}

// TaskStore: every write returns what it did, as a value.
WriteResult LedgerStore::result(bool written, const QString *error) const {
    if (written)
        return WriteResult::written();
    // A write that failed before it reached fail() (a refused prepare, a mirror write) is Unavailable.
    const WriteResult::Failure failure =
        m_failure == WriteResult::Failure::None ? WriteResult::Failure::Unavailable : m_failure;
    return WriteResult::failed(failure, error ? *error : QString(),
                               failure == WriteResult::Failure::Conflict ||
                                       failure == WriteResult::Failure::BatchNotRunning
                                   ? m_conflicted
                                   : QStringList());
}

WriteResult LedgerStore::admitTask(const FilingTask &task, const QString &actor, QString *error) {
    drainWriter();
    return result(tryAdmitTask(task, actor, error), error);
}

WriteResult LedgerStore::admitTasks(const QList<FilingTask> &tasks, const QString &actor,
                                    QStringList *alreadyStored, QString *error) {
    drainWriter();
    return result(tryAdmitTasks(tasks, actor, alreadyStored, error), error);
}

WriteResult LedgerStore::recordTransition(const FilingTask &task, ExecutionState from, const QString &actor,
                                          const QString &action, const QString &reason, QString *error,
                                          Durability durability) {
    drainWriter();
    return result(tryRecordTransition(task, from, actor, action, reason, error, durability), error);
}

WriteResult LedgerStore::saveTask(const FilingTask &task, QString *error) {
    drainWriter();
    return result(trySaveTask(task, error), error);
}

WriteResult LedgerStore::saveTasks(const QList<FilingTask> &tasks, QString *error) {
    drainWriter();
    return result(trySaveTasks(tasks, error), error);
}

WriteResult LedgerStore::appendAction(const AuditEntry &entry, QString *error) {
    drainWriter();
    return result(tryAppendAction(entry, error), error);
}

void LedgerStore::appendActionThen(const AuditEntry &entry, QObject *context,
                                   std::function<void(const WriteResult &)> done) {
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        TaskStore::appendActionThen(entry, context, std::move(done)); // at once, on this connection
        return;
    }
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, arguments = auditRowArguments(entry), action = entry.action, context, alive,
            done = std::move(done)](QSqlDatabase *db, const QString &connectError) {
        // The writer's thread, after the transitions handed to it before: the row follows them in the trail.
        QString error = connectError;
        if (db)
            w->select(
                QString::fromLatin1(kAppendAuditSql), arguments, [](QSqlQuery &q) { q.next(); }, &error);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, action, error, done] {
                if (!alive.lock()) {
                    done(WriteResult::failed(WriteFailure::Unavailable,
                                             error.isEmpty() ? QStringLiteral("the ledger store was closed")
                                                             : error));
                    return;
                }
                if (!error.isEmpty()) {
                    done(failedWith(QStringLiteral("%1: %2").arg(action, error)));
                    return;
                }
                wroteAudit();
                linkAnswered();
                done(WriteResult::written());
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

void LedgerStore::admitThen(const QList<FilingTask> &tasks, const QString &actor, QObject *context,
                            std::function<void(const WriteResult &, const QStringList &)> done) {
    if (tasks.isEmpty()) {
        done(WriteResult::written(), {});
        return;
    }
    if (m_inTransaction || !m_reachable || m_chainBroken || !writer()) {
        TaskStore::admitThen(tasks, actor, context, std::move(done)); // at once, on this connection
        return;
    }
    // What the writer's thread reads of the tasks is filled in here, on this thread, first.
    for (const FilingTask &task : tasks)
        task.payloadSha256();
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    const LedgerAdmission::Writer writing{actor, host::hostName(), m_memberId};
    w->run([this, w, tasks, writing, context, alive, done = std::move(done)](QSqlDatabase *db,
                                                                             const QString &connectError) {
        // The writer's thread, after what was handed to it before: the whole admission in one transaction.
        LedgerAdmission::Outcome outcome;
        QString error = connectError;
        QString what = QStringLiteral("admission");
        if (db)
            LedgerWriter::inTransaction(
                *db,
                [&] {
                    return LedgerAdmission::write(
                        tasks, writing,
                        [w](const QString &sql, QString *why) { return w->prepared(sql, why); },
                        [w] { w->kick(); }, &outcome, &what, &error);
                },
                &error, &what);
        const bool linkHeld = keepsLink(error);
        QMetaObject::invokeMethod(
            context,
            [this, alive, what, outcome = std::move(outcome), error, done] {
                if (!alive.lock()) {
                    done(WriteResult::failed(WriteFailure::Unavailable,
                                             error.isEmpty() ? QStringLiteral("the ledger store was closed")
                                                             : error),
                         {});
                    return;
                }
                if (!error.isEmpty()) {
                    done(failedWith(QStringLiteral("%1: %2").arg(what, error)), {});
                    return;
                }
                for (auto it = outcome.versions.cbegin(); it != outcome.versions.cend(); ++it)
                    m_versions.insert(it.key(), it.value());
                wroteAudit();
                linkAnswered();
                done(WriteResult::written(), outcome.alreadyStored);
            },
            Qt::QueuedConnection);
        return linkHeld;
    });
}

WriteResult LedgerStore::recordTransitions(const QList<TransitionRecord> &records, QString *error,
                                           Durability durability) {
    drainWriter();
    return result(tryRecordTransitions(records, error, durability), error);
}

WriteResult LedgerStore::applyRegister(const RegisterUpdate &update, const QString &actor,
                                       const QString &reason, QString *error) {
    drainWriter();
    return result(tryApplyRegister(update, actor, reason, error), error);
}

} // namespace fd

namespace fd {

void LedgerStore::recordThen(const QList<TransitionRecord> &records, Durability durability, QObject *context,
                             std::function<void(const WriteResult &)> done) {
    if (records.isEmpty()) {
        done(WriteResult::written());
        return;
    }
    // A task transitioned twice in one submission is written on this member's own connection, one row after
    // the other (the writer's statement takes each task once).
    QSet<QString> keys;
    bool repeats = false;
    for (const TransitionRecord &r : records) {
        if (keys.contains(r.task.key))
            repeats = true;
        keys.insert(r.task.key);
    }
    if (!m_reachable || m_ledgerId.isEmpty() || m_chainBroken || m_closed || !writer()) {
        // A ledger not reached says so at once (on this member's own connection, which tries it again).
        QString error;
        done(recordTransitions(records, &error, durability));
        return;
    }
    for (const TransitionRecord &r : records) {
        if (!m_versions.contains(r.task.key)) {
            done(WriteResult::failed(
                WriteFailure::Conflict,
                QStringLiteral("task %1 was never read from the ledger").arg(r.task.key.left(12)),
                {r.task.key}));
            return;
        }
    }
    if (repeats || std::any_of(records.cbegin(), records.cend(),
                               [](const TransitionRecord &r) { return r.task.obligationRewritten; })) {
        recordStepsThen(records, durability == Durability::Synced, context, std::move(done));
        return;
    }
    auto submission = std::make_shared<WriterSubmission>();
    QList<LedgerWriter::Row> rows;
    rows.reserve(records.size());
    const bool durable = durability == Durability::Synced;
    const QDateTime localNow = now();
    for (const TransitionRecord &r : records) {
        const QString &key = r.task.key;
        const qint64 version = m_versions.value(key);
        // Each transition adds one to the task's version: the next write of this key (in this submission or
        // a later one) is made on the version this one leaves, before the ledger has answered.
        submission->versions.append({key, {version, version + 1}});
        m_versions.insert(key, version + 1);
        if (!keepsClaim(r.task.state)) {
            submission->releases.append(key);
            ++m_releasesInFlight[key];
        }
        const QVariantList arguments = transitionArguments(r, durable, version, localNow);
        QJsonArray json;
        for (qsizetype i = 1; i < arguments.size(); ++i) {
            const QVariant &v = arguments.at(i);
            if (v.isNull())
                json.append(QJsonValue());
            else if (v.typeId() == QMetaType::QByteArray)
                json.append(v.toByteArray().isNull()
                                ? QJsonValue()
                                : QJsonValue(QString::fromLatin1(v.toByteArray().toBase64())));
            else if (v.typeId() == QMetaType::Bool)
                json.append(v.toBool());
            else if (v.typeId() == QMetaType::Double)
                json.append(v.toDouble());
            else if (v.typeId() == QMetaType::Int || v.typeId() == QMetaType::LongLong)
                json.append(v.toLongLong());
            else
                json.append(v.toString());
        }
        if (r.via)
            json.append(stateName(*r.via)); // $37 from schema 10: two audit rows, one task write
        rows.append(LedgerWriter::Row{key, std::move(json)});
    }
    // For the keys handed to the writer, the versions fixed above were reserved by this submission.
    const std::weak_ptr<char> alive = m_alive;
    m_writer->submit(
        std::move(rows), durable,
        [this, alive, submission, context, done = std::move(done)](const LedgerWriter::Outcome &outcome) {
            // The writer's thread: the store outlives its writer (stopped before it goes).
            {
                QMutexLocker lock(&m_settledMutex);
                m_settled.append({submission, outcome.result});
            }
            QMetaObject::invokeMethod(
                context,
                [this, alive, submission, done, result = outcome.result] {
                    if (alive.lock()) {
                        settleWrites();
                        for (const QString &key : submission->releases) {
                            m_releasedUndelivered.remove(key);
                            if (--m_releasesInFlight[key] <= 0)
                                m_releasesInFlight.remove(key);
                        }
                    }
                    done(result);
                },
                Qt::QueuedConnection);
        });
}

void LedgerStore::recordStepsThen(const QList<TransitionRecord> &records, bool durable, QObject *context,
                                  std::function<void(const WriteResult &)> done) {
    struct Step {
        QString key;
        QString curedPayload; ///< the obligation as JSON when this step stores a cured payload
        QVariantList arguments;
    };
    QList<Step> steps;
    // Each key's version before this write and the one its last step leaves, reserved as recordThen()
    // reserves them: settleWrites() gives them back when nothing was written.
    QHash<QString, std::pair<qint64, qint64>> reserved;
    QStringList keyOrder;
    const QDateTime localNow = now();
    for (const TransitionRecord &r : stepByStep(records)) {
        const QString &key = r.task.key;
        const qint64 version = m_versions.value(key);
        if (!reserved.contains(key)) {
            reserved.insert(key, {version, version + 1});
            keyOrder.append(key);
        }
        reserved[key].second = version + 1;
        m_versions.insert(key, version + 1);
        Step step{key, QString(), transitionArguments(r, durable, version, localNow)};
        if (r.task.obligationRewritten)
            step.curedPayload = QString::fromUtf8(
                QJsonDocument(obligationToJson(r.task.obligation)).toJson(QJsonDocument::Compact));
        steps.append(std::move(step));
    }
    auto submission = std::make_shared<WriterSubmission>();
    for (const QString &key : std::as_const(keyOrder))
        submission->versions.append({key, {reserved.value(key).first, reserved.value(key).second}});
    for (const TransitionRecord &r : records) {
        if (!keepsClaim(r.task.state) && !submission->releases.contains(r.task.key)) {
            submission->releases.append(r.task.key);
            ++m_releasesInFlight[r.task.key];
        }
    }
    static const QString transitionSql =
        QStringLiteral("SELECT * FROM filingdesk_transition(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
                       "?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    w->run([this, w, steps = std::move(steps), submission, context, alive,
            done = std::move(done)](QSqlDatabase *db, const QString &connectError) {
        // The writer's thread, after what was handed to it before: every step, in order, in one transaction.
        QString error = connectError;
        QString what = QStringLiteral("transition");
        QString changedKey; // a task another member changed first (its version moved on)
        if (db)
            LedgerWriter::inTransaction(
                *db,
                [&] {
                    for (const Step &step : steps) {
                        what = QStringLiteral("transition of %1").arg(step.key.left(12));
                        if (!step.curedPayload.isEmpty() &&
                            !w->select(
                                QStringLiteral("SELECT filingdesk_rewrite_payload(?, ?)"),
                                {step.curedPayload, step.key}, [](QSqlQuery &q) { q.next(); }, &error))
                            return false;
                        bool took = false;
                        if (!w->select(
                                transitionSql, step.arguments, [&took](QSqlQuery &q) { took = q.next(); },
                                &error))
                            return false;
                        if (!took) {
                            changedKey = step.key;
                            error = QStringLiteral("task %1 was changed by another member")
                                        .arg(step.key.left(12));
                            return false;
                        }
                        w->kick();
                    }
                    return true;
                },
                &error, &what);
        // Told apart here, as the writer's group statement tells its failures apart (settleWrites() marks
        // the link from it).
        WriteResult result = WriteResult::written();
        if (!changedKey.isEmpty()) {
            result = WriteResult::failed(WriteFailure::Conflict, error, {changedKey});
        } else if (!error.isEmpty()) {
            const QString message = QStringLiteral("%1: %2").arg(what, error);
            result = WriteResult::failed(isLockWait(message)      ? WriteFailure::Busy
                                         : isRoleRefusal(message) ? WriteFailure::Refused
                                                                  : WriteFailure::Unavailable,
                                         message);
        }
        {
            QMutexLocker lock(&m_settledMutex);
            m_settled.append({submission, result});
        }
        QMetaObject::invokeMethod(
            context,
            [this, alive, submission, done, result] {
                if (alive.lock()) {
                    settleWrites();
                    for (const QString &key : submission->releases) {
                        m_releasedUndelivered.remove(key);
                        if (--m_releasesInFlight[key] <= 0)
                            m_releasesInFlight.remove(key);
                    }
                }
                done(result);
            },
            Qt::QueuedConnection);
        return !changedKey.isEmpty() || keepsLink(error);
    });
}

LedgerWriter *LedgerStore::writer() {
    if (!m_writer && !m_ledgerId.isEmpty() && !m_closed)
        m_writer = std::make_unique<LedgerWriter>(
            LedgerWriter::Settings{m_endpoint, m_ledgerId, statementTimeoutMs(), kLockTimeoutMs,
                                   callDeadlineMs(), kCoalesceMs, kClaimJoinWaitMs});
    return m_writer.get();
}

void LedgerStore::linkAnswered() {
    if (m_link == LedgerLink::WaitingOnLock)
        m_link = LedgerLink::Connected; // until a call waits on a lock again
}

WriteResult LedgerStore::failedWith(const QString &message) {
    if (isLockWait(message)) {
        m_link = LedgerLink::WaitingOnLock;
        ++m_lockWaits;
        m_linkDetail = message;
        return WriteResult::failed(WriteFailure::Busy, message);
    }
    if (isRoleRefusal(message))
        return WriteResult::failed(WriteFailure::Refused, message);
    markUnreachable(message);
    return WriteResult::failed(WriteFailure::Unavailable, message);
}

void LedgerStore::claimEachThen(const QHash<QString, int> &needs, int defaultNeed, int limit,
                                const QStringList &jurisdictions, QObject *context,
                                std::function<void(const QList<FilingTask> &, const WriteResult &)> done) {
    if (limit <= 0 || !m_reachable || m_chainBroken || !writer()) {
        WriteResult status;
        const QList<FilingTask> claimed =
            claimEach(needs, defaultNeed, limit, jurisdictions, &status.error, &status);
        done(claimed, status);
        return;
    }
    QStringList needList;
    for (auto it = needs.cbegin(); it != needs.cend(); ++it)
        needList.append(QStringLiteral("%1=%2").arg(it.key()).arg(qMax(0, it.value())));
    needList.sort();
    const QString sql = QStringLiteral("SELECT c.*, %1 FROM filingdesk_claim_each(?, ?, ?, ?, ?, ?, ?) c")
                            .arg(kTaskTimes.arg(QStringLiteral("c.")));
    const QVariantList arguments{text(needList.join(QLatin1Char(','))),
                                 qMax(0, defaultNeed),
                                 text(jurisdictions.join(QLatin1Char(','))),
                                 limit,
                                 m_memberId,
                                 double(m_leaseMs) / 1000.0,
                                 host::hostName()};
    const Clock *clock = m_clock;
    LedgerWriter *w = m_writer.get();
    const std::weak_ptr<char> alive = m_alive;
    // Joined to the transitions waiting before it, when there are any: one commit for both.
    w->runJoined([this, w, sql, arguments, clock, context, alive,
                  done = std::move(done)](QSqlDatabase *db, const QString &connectError) {
        // The writer's thread: rows become tasks here, off the engine thread.
        QList<FilingTask> out;
        QHash<QString, qint64> versions;
        QString error = connectError;
        if (db)
            w->select(
                sql, arguments,
                [w, clock, &out, &versions](QSqlQuery &q) {
                    const QDateTime localNow = clock ? clock->nowUtc() : QDateTime::currentDateTimeUtc();
                    const TaskColumns columns(q.record());
                    while (q.next()) {
                        out.append(taskFromRow(q, columns, localNow));
                        // The payload's hash, which every transition's audit row records, is computed once
                        // here, off the engine thread; the engine's copies of the task carry it.
                        out.last().payloadSha256();
                        if (out.size() % 1000 == 0)
                            w->kick(); // rows arriving are progress
                        versions.insert(out.last().key, q.value(columns.version).toLongLong());
                    }
                },
                &error);
        const bool linkHeld = keepsLink(error);
        std::sort(out.begin(), out.end(), [](const FilingTask &a, const FilingTask &b) {
            return a.score != b.score ? a.score > b.score : a.key < b.key;
        });
        // The claim is this member's once it is committed (with the transitions it was written with).
        w->whenCommitted(
            !error.isEmpty(), [this, alive, out, versions, error, context, done](const QString &lost) {
                const QString why = error.isEmpty() ? lost : error;
                QMetaObject::invokeMethod(
                    context,
                    [this, alive, out, versions, error = why, done] {
                        if (!alive.lock()) {
                            done({}, WriteResult::failed(WriteFailure::Unavailable, error));
                            return;
                        }
                        if (!error.isEmpty()) {
                            done({}, failedWith(QStringLiteral("claiming tasks: %1").arg(error)));
                            return;
                        }
                        for (auto it = versions.cbegin(); it != versions.cend(); ++it)
                            m_versions.insert(it.key(), it.value());
                        if (!out.isEmpty())
                            wroteAudit();
                        done(out, WriteResult::written());
                    },
                    Qt::QueuedConnection);
            });
        return linkHeld;
    });
}

void LedgerStore::drainWriter() {
    if (!m_writer)
        return;
    m_writer->waitIdle();
    settleWrites();
}

void LedgerStore::settleWrites() {
    QList<std::pair<std::shared_ptr<const WriterSubmission>, WriteResult>> settled;
    {
        QMutexLocker lock(&m_settledMutex);
        settled.swap(m_settled);
    }
    for (const auto &[submission, result] : settled) {
        if (result.ok()) {
            for (const QString &key : submission->releases)
                m_releasedUndelivered.insert(key);
            wroteAudit();
            linkAnswered();
            continue;
        }
        // Nothing was written: the versions this submission reserved are not the ledger's. A later
        // submission of the same key fails too (its version is one ahead), and the engine reads the task
        // again.
        for (const auto &[key, versions] : submission->versions) {
            if (m_versions.value(key, -1) != versions.second)
                continue;
            if (versions.first)
                m_versions.insert(key, *versions.first);
            else
                m_versions.remove(key);
        }
        switch (result.failure) {
        case WriteFailure::Busy:
            m_link = LedgerLink::WaitingOnLock;
            ++m_lockWaits;
            m_linkDetail = result.error;
            break;
        case WriteFailure::Unavailable:
            markUnreachable(result.error);
            break;
        default:
            break;
        }
    }
}

LedgerWriter::Stats LedgerStore::writerStats() const {
    return m_writer ? m_writer->stats() : LedgerWriter::Stats{};
}

} // namespace fd
