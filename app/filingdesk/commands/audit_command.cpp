#include "app/filingdesk/commands/audit_command.h"

#include "app/filingdesk/commands/command_line.h"

#include "engine/audit/audit_store.h"
#include "engine/ledger/chain_verifier.h"
#include "engine/ledger/ledger_endpoint.h"
#include "engine/ledger/ledger_schema.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QUuid>
#include <QVariant>

#include <cstdio>
#include <optional>

namespace fd {

namespace {

constexpr int kExitIntact = 0;
constexpr int kExitBroken = 1;
constexpr int kExitUsage = 2;
constexpr int kDefaultPageSize = 5000;

int fail(const QString &reason, const char *command = "filingdesk audit verify") {
    cli::badInput(QLatin1String(command), reason);
    return kExitUsage;
}

/// The columns of an audit row, looked up once per result: QSqlQuery::value(name) builds the whole record
/// for every call, which dominates a million-row check.
struct AuditColumns {
    int seq, at, idempotencyKey, entityId, action, fromState, toState, ruleId, rulesVersion, payloadSha256,
        actor, host, desk, errorCategory, errorCode, detail, reason, prevHash, rowHash, login;

    /// `seqColumn` and `atColumn` name the ledger seq and the hashed timestamp text ("seq"/"at_utc" in the
    /// ledger, "ledger_seq"/"at_utc_text" in the mirror).
    AuditColumns(const QSqlRecord &r, const QString &seqColumn, const QString &atColumn)
        : seq(r.indexOf(seqColumn))
        , at(r.indexOf(atColumn))
        , idempotencyKey(r.indexOf(QStringLiteral("idempotency_key")))
        , entityId(r.indexOf(QStringLiteral("entity_id")))
        , action(r.indexOf(QStringLiteral("action")))
        , fromState(r.indexOf(QStringLiteral("from_state")))
        , toState(r.indexOf(QStringLiteral("to_state")))
        , ruleId(r.indexOf(QStringLiteral("rule_id")))
        , rulesVersion(r.indexOf(QStringLiteral("rules_version")))
        , payloadSha256(r.indexOf(QStringLiteral("payload_sha256")))
        , actor(r.indexOf(QStringLiteral("actor")))
        , host(r.indexOf(QStringLiteral("host")))
        , desk(r.indexOf(QStringLiteral("desk")))
        , errorCategory(r.indexOf(QStringLiteral("error_category")))
        , errorCode(r.indexOf(QStringLiteral("error_code")))
        , detail(r.indexOf(QStringLiteral("detail")))
        , reason(r.indexOf(QStringLiteral("reason")))
        , prevHash(r.indexOf(QStringLiteral("prev_hash")))
        , rowHash(r.indexOf(QStringLiteral("row_hash")))
        , login(r.indexOf(QStringLiteral("login"))) {} // -1 before ledger schema 4 / mirror schema 7

    static QString text(const QSqlQuery &q, int column) {
        if (column < 0)
            return QStringLiteral("");
        const QString value = q.value(column).toString();
        return value.isNull() ? QStringLiteral("") : value;
    }

    AuditEntry row(const QSqlQuery &q) const {
        AuditEntry e;
        e.ledgerSeq = q.value(seq).toLongLong();
        e.atUtcText = text(q, at);
        e.idempotencyKey = text(q, idempotencyKey);
        e.entityId = text(q, entityId);
        e.action = text(q, action);
        e.fromState = text(q, fromState);
        e.toState = text(q, toState);
        e.ruleId = text(q, ruleId);
        e.rulesVersion = text(q, rulesVersion);
        e.payloadSha256 = text(q, payloadSha256);
        e.actor = text(q, actor);
        e.host = text(q, host);
        e.desk = text(q, desk);
        e.errorCategory = text(q, errorCategory);
        e.errorCode = text(q, errorCode);
        e.detail = text(q, detail);
        e.reason = text(q, reason);
        e.prevHash = text(q, prevHash);
        e.rowHash = text(q, rowHash);
        e.login = text(q, login);
        return e;
    }
};

/// A named Qt SQL connection that is removed when this goes out of scope (queries on it must be gone by
/// then).
class Connection {
public:
    explicit Connection(const QString &driver)
        : m_name(QStringLiteral("filingdesk-audit-verify-") +
                 QUuid::createUuid().toString(QUuid::WithoutBraces)) {
        QSqlDatabase::addDatabase(driver, m_name);
    }
    ~Connection() {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }

private:
    QString m_name;
};

/// The team ledger, read inside one read-only REPEATABLE READ snapshot: the rows and the chain head are
/// those of one moment, whatever members append meanwhile.
class LedgerSource {
public:
    bool open(const LedgerEndpoint &endpoint, QString *error) {
        m_display = endpoint.display();
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
            *error =
                QStringLiteral("Qt's PostgreSQL driver (QPSQL) is not installed (Debian: libqt6sql6-psql)");
            return false;
        }
        m_connection.emplace(QStringLiteral("QPSQL"));
        QSqlDatabase db = m_connection->db();
        endpoint.apply(db, true); // reads only: a standby answers as well
        if (!db.open()) {
            *error = QStringLiteral("%1: %2").arg(m_display, db.lastError().text().trimmed());
            return false;
        }
        QSqlQuery q(db);
        for (const char *sql : {"SET statement_timeout = 60000", "SET default_transaction_read_only = on",
                                "SET TIME ZONE 'UTC'"}) {
            if (!q.exec(QString::fromLatin1(sql))) {
                *error = QStringLiteral("%1: %2").arg(m_display, q.lastError().text().trimmed());
                return false;
            }
        }
        const int version = LedgerSchema::storedVersion(db);
        if (version < 0) {
            *error = QStringLiteral("%1: cannot read the ledger's schema version: %2")
                         .arg(m_display, db.lastError().text().trimmed());
            return false;
        }
        if (version == 0) {
            *error = QStringLiteral("%1 holds no FilingDesk ledger (no ledger_schema table)").arg(m_display);
            return false;
        }
        if (version > LedgerSchema::kVersion) {
            *error =
                QStringLiteral("%1: the ledger has schema %2, newer than this FilingDesk understands (%3)")
                    .arg(m_display)
                    .arg(version)
                    .arg(LedgerSchema::kVersion);
            return false;
        }
        if (!q.exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"))) {
            *error = QStringLiteral("%1: %2").arg(m_display, q.lastError().text().trimmed());
            return false;
        }
        // Its identity (schema 2 on): which ledger this is, whatever address it answers at.
        if (version >= 2 &&
            q.exec(QStringLiteral("SELECT ledger_id::text FROM ledger_identity WHERE id = 1")) && q.next())
            m_ledgerId = q.value(0).toString();
        q.finish();
        return true;
    }

    QString display() const { return m_display; }
    QString ledgerId() const { return m_ledgerId; }

    /// The chain head (audit_head); the first read fixes the snapshot. *found false when the row is gone.
    bool head(qint64 *seq, QString *hash, bool *found, QString *error) {
        QSqlQuery q(m_connection->db());
        if (!q.exec(QStringLiteral("SELECT last_seq, last_hash FROM audit_head WHERE id = 1")))
            return readError(q, error);
        *found = q.next();
        if (*found) {
            *seq = q.value(0).toLongLong();
            *hash = AuditColumns::text(q, 1);
        }
        return true;
    }

    /// Up to `limit` rows with seq > afterSeq, ascending.
    bool page(qint64 afterSeq, int limit, QList<AuditEntry> *out, QString *error) {
        out->clear();
        QSqlQuery q(m_connection->db());
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT * FROM audit WHERE seq > ? ORDER BY seq LIMIT ?"));
        q.addBindValue(afterSeq);
        q.addBindValue(limit);
        if (!q.exec())
            return readError(q, error);
        const AuditColumns columns(q.record(), QStringLiteral("seq"), QStringLiteral("at_utc"));
        while (q.next())
            out->append(columns.row(q));
        return true;
    }

    /// The highest seq in the table (0 when empty).
    bool maxSeq(qint64 *seq, QString *error) {
        QSqlQuery q(m_connection->db());
        if (!q.exec(QStringLiteral("SELECT coalesce(max(seq), 0) FROM audit")) || !q.next())
            return readError(q, error);
        *seq = q.value(0).toLongLong();
        return true;
    }

    /// seq -> row_hash for from <= seq <= to.
    bool hashes(qint64 from, qint64 to, QHash<qint64, QString> *out, QString *error) {
        out->clear();
        QSqlQuery q(m_connection->db());
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT seq, row_hash FROM audit WHERE seq BETWEEN ? AND ?"));
        q.addBindValue(from);
        q.addBindValue(to);
        if (!q.exec())
            return readError(q, error);
        while (q.next())
            out->insert(q.value(0).toLongLong(), q.value(1).toString());
        return true;
    }

private:
    bool readError(const QSqlQuery &q, QString *error) const {
        *error =
            QStringLiteral("%1: reading the audit failed: %2").arg(m_display, q.lastError().text().trimmed());
        return false;
    }

    QString m_display;
    QString m_ledgerId;
    std::optional<Connection> m_connection;
};

/// The local audit database, opened read-only (no lock file, no migration: it may belong to a running desk),
/// read inside one read transaction (one WAL snapshot).
class MirrorSource {
public:
    bool open(const QString &path, QString *error) {
        m_path = path;
        const QFileInfo info(path);
        if (!info.exists()) {
            *error = QStringLiteral("%1: no such audit database").arg(path);
            return false;
        }
        if (!info.isFile()) {
            *error = QStringLiteral("%1: not an audit database (not a file)").arg(path);
            return false;
        }
        m_connection.emplace(QStringLiteral("QSQLITE"));
        QSqlDatabase db = m_connection->db();
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            *error =
                QStringLiteral("%1: cannot open the audit database: %2").arg(path, db.lastError().text());
            return false;
        }
        QSqlQuery q(db);
        if (!q.exec(QStringLiteral("PRAGMA table_info(audit)"))) {
            *error =
                QStringLiteral("%1: not a FilingDesk audit database: %2").arg(path, q.lastError().text());
            return false;
        }
        bool anyColumn = false;
        while (q.next()) {
            anyColumn = true;
            if (q.value(1).toString() == QLatin1String("ledger_seq"))
                m_hasLedgerRows = true;
        }
        if (!anyColumn) {
            *error = QStringLiteral("%1: not a FilingDesk audit database (no audit table)").arg(path);
            return false;
        }
        q.finish();
        if (!db.transaction()) {
            *error = QStringLiteral("%1: %2").arg(path, db.lastError().text());
            return false;
        }
        // The first read fixes the snapshot: before the ledger's, so that every mirrored row is in it.
        if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM audit")) || !q.next()) {
            *error = QStringLiteral("%1: %2").arg(path, q.lastError().text());
            return false;
        }
        m_rows = q.value(0).toLongLong();
        q.finish();
        if (m_hasLedgerRows &&
            q.exec(QStringLiteral("SELECT COUNT(*) FROM audit WHERE ledger_seq IS NOT NULL")) && q.next())
            m_ledgerRows = q.value(0).toLongLong();
        q.finish();
        // The ledger this mirror copies (schema 5 on; an older mirror was never bound).
        if (q.exec(QStringLiteral("SELECT ledger_id FROM mirror_of WHERE id = 1")) && q.next())
            m_boundLedgerId = q.value(0).toString();
        q.finish();
        // A worker's mirror keeps its own rows only (schema 8 on).
        if (q.exec(QStringLiteral("SELECT scope FROM mirror_of WHERE id = 1")) && q.next())
            m_ownRowsOnly = q.value(0).toString() == QLatin1String("own");
        q.finish();
        return true;
    }

    QString path() const { return m_path; }
    QString boundLedgerId() const { return m_boundLedgerId; }
    bool ownRowsOnly() const { return m_ownRowsOnly; }
    /// A single desk's database: audit rows of its own, none copied from a ledger, bound to none.
    bool isSingleDesk() const { return m_rows > 0 && m_ledgerRows == 0 && m_boundLedgerId.isEmpty(); }
    qint64 rows() const { return m_rows; }

    bool page(qint64 afterSeq, int limit, QList<AuditEntry> *out, QString *error) {
        out->clear();
        if (!m_hasLedgerRows) // an audit database from before team mode holds no ledger rows
            return true;
        QSqlQuery q(m_connection->db());
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT * FROM audit WHERE ledger_seq IS NOT NULL AND ledger_seq > ? "
                                 "ORDER BY ledger_seq LIMIT ?"));
        q.addBindValue(afterSeq);
        q.addBindValue(limit);
        if (!q.exec()) {
            *error = QStringLiteral("%1: reading the audit failed: %2").arg(m_path, q.lastError().text());
            return false;
        }
        const AuditColumns columns(q.record(), QStringLiteral("ledger_seq"), QStringLiteral("at_utc_text"));
        // The time the Audit view shows, searches and exports: ChainVerifier holds it to the hashed text.
        const int shownAt = q.record().indexOf(QStringLiteral("at_utc"));
        while (q.next()) {
            AuditEntry row = columns.row(q);
            row.atUtc = QDateTime::fromString(q.value(shownAt).toString(), Qt::ISODateWithMs);
            if (!row.atUtc.isValid())
                row.atUtc = QDateTime::fromMSecsSinceEpoch(0, Qt::UTC); // unreadable: never the same
            out->append(row);
        }
        return true;
    }

private:
    QString m_path;
    QString m_boundLedgerId;
    bool m_ownRowsOnly = false;
    bool m_hasLedgerRows = false;
    qint64 m_rows = 0;       ///< audit rows in the snapshot
    qint64 m_ledgerRows = 0; ///< of them, rows copied from a ledger (with a ledger_seq)
    std::optional<Connection> m_connection;
};

struct StoreReport {
    QString store; ///< "ledger", "mirror"
    QString where; ///< the URL or the path
    qint64 rows = 0;
    qint64 lastSeq = 0;
    QString head;
    qint64 problemSeq = 0;
    QString problem;
    bool intact() const { return problem.isEmpty(); }

    void take(const ChainVerifier &v) {
        rows = v.rows();
        lastSeq = v.lastSeq();
        head = v.lastHash();
        problemSeq = v.problemSeq();
        problem = v.problem();
    }
    QString line() const {
        if (!intact())
            return QStringLiteral("%1 %2: BROKEN: %3").arg(store, where, problem);
        return QStringLiteral("%1 %2: %3 rows, last seq %4, head %5: intact")
            .arg(store, where)
            .arg(rows)
            .arg(lastSeq)
            .arg(head.left(12));
    }
    QJsonObject json() const {
        QJsonObject o{{QStringLiteral("intact"), intact()},
                      {QStringLiteral("rows"), rows},
                      {QStringLiteral("last_seq"), lastSeq},
                      {QStringLiteral("head"), head}};
        o.insert(store == QLatin1String("ledger") ? QStringLiteral("url") : QStringLiteral("path"), where);
        if (!intact()) {
            o.insert(QStringLiteral("problem_seq"), problemSeq);
            o.insert(QStringLiteral("problem"), problem);
        }
        return o;
    }
};

/// The mirror against the ledger: every mirrored seq is in the ledger with the same row_hash.
struct PrefixReport {
    qint64 compared = 0;
    qint64 problemSeq = 0;
    QString problem;
    bool intact() const { return problem.isEmpty(); }

    /// Compares one page of mirror rows; false at the first difference.
    bool compare(const QList<AuditEntry> &mirrorRows, const QHash<qint64, QString> &ledger,
                 qint64 ledgerLast) {
        for (const AuditEntry &row : mirrorRows) {
            const auto it = ledger.constFind(row.ledgerSeq);
            if (it == ledger.constEnd()) {
                problemSeq = row.ledgerSeq;
                problem =
                    row.ledgerSeq > ledgerLast
                        ? QStringLiteral("mirror seq %1 is not in the ledger (the ledger ends at seq %2)")
                              .arg(row.ledgerSeq)
                              .arg(ledgerLast)
                        : QStringLiteral("mirror seq %1 is not in the ledger").arg(row.ledgerSeq);
                return false;
            }
            if (*it != row.rowHash) {
                problemSeq = row.ledgerSeq;
                problem = QStringLiteral("mirror seq %1 differs from the ledger").arg(row.ledgerSeq);
                return false;
            }
            ++compared;
        }
        return true;
    }
};

} // namespace

int cli::AuditCommand::run(const QStringList &arguments) const {
    const QString usage =
        QStringLiteral("Usage: filingdesk audit verify [--db FILE] [--ledger URL] [--json]");
    if (arguments.isEmpty())
        return fail(QStringLiteral("expected a sub-command\n%1").arg(usage), "filingdesk audit");
    const QString sub = arguments.first();
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        std::fputs(
            qUtf8Printable(usage + QStringLiteral("\n  (filingdesk audit verify --help for the options)\n")),
            stdout);
        return kExitIntact;
    }
    if (sub != QLatin1String("verify"))
        return fail(QStringLiteral("unknown sub-command \"%1\"\n%2").arg(sub, usage), "filingdesk audit");

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Verifies the audit hash chain of the team ledger and of the local mirror, and that the "
        "mirror is a prefix of the ledger.\nExit 0: intact; 1: broken (the first broken seq is "
        "named); 2: usage or connection error.\nThe ledger's password comes from "
        "FILINGDESK_LEDGER_PASSWORD."));
    const QCommandLineOption dbOpt(QStringLiteral("db"),
                                   QStringLiteral("The local audit database (its mirrored ledger rows)."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption ledgerOpt(
        QStringLiteral("ledger"), QStringLiteral("The team ledger: postgresql://USER@HOST[:PORT]/DATABASE."),
        QStringLiteral("URL"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    const QCommandLineOption pageOpt(
        QStringLiteral("page-size"),
        QStringLiteral("Rows read at a time (default %1).").arg(kDefaultPageSize), QStringLiteral("N"));
    parser.addOptions({dbOpt, ledgerOpt, jsonOpt, pageOpt});
    if (const auto exit =
            cli::parseOrExit(parser, QStringLiteral("filingdesk audit verify"), arguments.mid(1)))
        return *exit == 0 ? kExitIntact : kExitUsage;
    if (!parser.isSet(dbOpt) && !parser.isSet(ledgerOpt))
        return fail(QStringLiteral("give --db FILE, --ledger URL or both"));
    bool ok = true;
    const int pageSize = parser.isSet(pageOpt) ? parser.value(pageOpt).toInt(&ok) : kDefaultPageSize;
    if (!ok || pageSize < 1 || pageSize > 100000)
        return fail(QStringLiteral("--page-size must be a number from 1 to 100000"));

    LedgerEndpoint endpoint;
    QString error;
    if (parser.isSet(ledgerOpt)) {
        if (!LedgerEndpoint::parse(parser.value(ledgerOpt), &endpoint, &error))
            return fail(error);
        endpoint.password = qEnvironmentVariable("FILINGDESK_LEDGER_PASSWORD");
    }

    // The mirror's snapshot first, then the ledger's: every row the mirror holds was committed in the ledger
    // before the ledger's snapshot, so a mirror row missing from the ledger is a real difference.
    MirrorSource mirror;
    if (parser.isSet(dbOpt) && !mirror.open(parser.value(dbOpt), &error))
        return fail(error);
    if (parser.isSet(dbOpt) && mirror.isSingleDesk()) {
        // "Intact" over none of its rows would be a claim nothing checked.
        return fail(
            QStringLiteral(
                "%1 is a single desk's audit database, not a team ledger's mirror: its audit trail "
                "(%2) is append-only (the database refuses to change or delete a row) but carries no "
                "hash chain, so there is nothing to verify. Verify a team ledger with --ledger URL and "
                "its mirror with --db.")
                .arg(mirror.path(), mirror.rows() == 1 ? QStringLiteral("1 row")
                                                       : QStringLiteral("%1 rows").arg(mirror.rows())));
    }
    LedgerSource ledger;
    if (parser.isSet(ledgerOpt) && !ledger.open(endpoint, &error))
        return fail(error);

    QJsonObject json;
    QStringList lines;
    bool intact = true;
    QList<AuditEntry> page;
    qint64 ledgerLast = 0;

    if (parser.isSet(ledgerOpt)) {
        qint64 headSeq = 0;
        QString headHash;
        bool headFound = false;
        if (!ledger.head(&headSeq, &headHash, &headFound, &error))
            return fail(error);
        ChainVerifier verifier(QStringLiteral("ledger"));
        qint64 after = 0;
        do {
            if (!ledger.page(after, pageSize, &page, &error))
                return fail(error);
            for (const AuditEntry &row : std::as_const(page)) {
                if (!verifier.add(row))
                    break;
            }
            if (!page.isEmpty())
                after = page.last().ledgerSeq;
        } while (verifier.intact() && page.size() == pageSize);
        ledgerLast = after;
        StoreReport report;
        report.store = QStringLiteral("ledger");
        report.where = ledger.display();
        if (!ledger.ledgerId().isEmpty()) {
            lines << QStringLiteral("ledger %1: identity %2").arg(ledger.display(), ledger.ledgerId());
            json.insert(QStringLiteral("ledger_id"), ledger.ledgerId());
        }
        if (verifier.intact() && headFound)
            verifier.checkHead(headSeq, headHash);
        report.take(verifier);
        if (report.intact() && !headFound) {
            report.problemSeq = verifier.lastSeq();
            report.problem = QStringLiteral("ledger: the chain head (audit_head) has no row");
        }
        intact = intact && report.intact();
        lines << report.line();
        json.insert(QStringLiteral("ledger"), report.json());
        if (!verifier.intact() && !ledger.maxSeq(&ledgerLast, &error))
            return fail(
                error); // the chain stopped being checked at the break; the prefix check needs its end
    }

    if (parser.isSet(dbOpt)) {
        ChainVerifier verifier(QStringLiteral("mirror"));
        if (mirror.ownRowsOnly()) {
            // Each row is checked on its own, and against the row before it where that row is kept.
            verifier.allowGaps();
            json.insert(QStringLiteral("mirror_scope"), QStringLiteral("own"));
            lines << QStringLiteral("mirror %1 is a worker's: it keeps the worker's own rows")
                         .arg(mirror.path());
        }
        PrefixReport prefix;
        // A mirror of another ledger is not a broken copy of this one: it is compared with nothing, and said
        // so.
        const bool otherLedger = parser.isSet(ledgerOpt) && !mirror.boundLedgerId().isEmpty() &&
                                 !ledger.ledgerId().isEmpty() && mirror.boundLedgerId() != ledger.ledgerId();
        if (!mirror.boundLedgerId().isEmpty())
            json.insert(QStringLiteral("mirror_of"), mirror.boundLedgerId());
        if (otherLedger) {
            intact = false;
            lines << QStringLiteral("mirror %1 is the mirror of ledger %2, not of ledger %3: not compared")
                         .arg(mirror.path(), mirror.boundLedgerId(), ledger.ledgerId());
        }
        const bool comparePrefix = parser.isSet(ledgerOpt) && !otherLedger;
        QHash<qint64, QString> ledgerHashes;
        qint64 after = 0;
        do {
            if (!mirror.page(after, pageSize, &page, &error))
                return fail(error);
            if (page.isEmpty())
                break;
            for (const AuditEntry &row : std::as_const(page)) {
                if (!verifier.add(row))
                    break;
            }
            if (comparePrefix && prefix.intact()) {
                if (!ledger.hashes(page.first().ledgerSeq, page.last().ledgerSeq, &ledgerHashes, &error))
                    return fail(error);
                prefix.compare(page, ledgerHashes, ledgerLast);
            }
            after = page.last().ledgerSeq;
        } while ((verifier.intact() || (comparePrefix && prefix.intact())) && page.size() == pageSize);
        StoreReport report;
        report.store = QStringLiteral("mirror");
        report.where = mirror.path();
        report.take(verifier);
        intact = intact && report.intact();
        lines << report.line();
        json.insert(QStringLiteral("mirror"), report.json());
        if (comparePrefix) {
            intact = intact && prefix.intact();
            // Hashes that match the ledger's do not make a mirror whose own chain breaks a faithful copy:
            // its rows no longer hash to what they claim, so it is not called a prefix then.
            if (!prefix.intact())
                lines << QStringLiteral("mirror %1: BROKEN: %2").arg(mirror.path(), prefix.problem);
            else if (!report.intact())
                lines << QStringLiteral(
                             "mirror %1: its hashes match the ledger's (%2 rows compared), but its "
                             "rows do not hash to them (see above): not a faithful copy")
                             .arg(mirror.path())
                             .arg(prefix.compared);
            else
                lines << QStringLiteral("mirror %1 is a prefix of the ledger: %2 rows compared")
                             .arg(mirror.path())
                             .arg(prefix.compared);
            QJsonObject p{{QStringLiteral("intact"), prefix.intact()},
                          {QStringLiteral("compared"), prefix.compared}};
            if (!prefix.intact()) {
                p.insert(QStringLiteral("problem_seq"), prefix.problemSeq);
                p.insert(QStringLiteral("problem"), prefix.problem);
            }
            json.insert(QStringLiteral("mirror_in_ledger"), p);
        }
    }

    json.insert(QStringLiteral("intact"), intact);
    if (parser.isSet(jsonOpt))
        std::fputs(QJsonDocument(json).toJson(QJsonDocument::Indented).constData(), stdout);
    else
        std::fputs(qUtf8Printable(lines.join(QLatin1Char('\n')) + QLatin1Char('\n')), stdout);
    return intact ? kExitIntact : kExitBroken;
}

} // namespace fd
