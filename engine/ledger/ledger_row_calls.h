#pragma once

#include <QJsonArray>
#include <QString>

#include <functional>

class QSqlQuery;

namespace fd {

struct AuditEntry;

/// A ledger function called once per row, many rows to a statement: `SELECT f(a->>0, ..., a->>n-1) FROM
/// jsonb_array_elements($1) AS a`, the rows bound as one JSON array of arrays of strings (or nulls), in their
/// order. One round trip per chunk of rows instead of one per row, while the function (its role check, its
/// trigger) sees each row exactly as a call of its own would give it.
///
/// Thread affinity: none of its own; it runs on the thread that owns the connection `prepared` gives
/// statements of.
class LedgerRowCalls {
public:
    /// Rows per statement.
    static constexpr int kChunk = 500;
    /// A statement prepared on the connection (nullptr with *error when the server refused it).
    using Prepare = std::function<QSqlQuery *(const QString &sql, QString *error)>;

    /// The statement that calls `function` (a name the ledger's schema defines) with `arguments` text
    /// arguments from each row of the bound array.
    static QString statement(const QString &function, int arguments);
    /// The rows as the one text parameter of statement().
    static QString parameter(const QJsonArray &rows);
    /// `function` once per row of `rows`, in order, kChunk rows a statement; `progress` after each. False
    /// with *error (the server's words) when a statement failed: the caller rolls its transaction back.
    static bool callEach(const Prepare &prepared, const QString &function, int arguments,
                         const QJsonArray &rows, const std::function<void()> &progress, QString *error);
    /// filingdesk_append_audit's 16 arguments for `entry` as written by member `memberId` (on `host` when the
    /// entry names none); at_utc is left to the ledger's clock (its insert trigger).
    static QJsonArray auditRow(const AuditEntry &entry, const QString &host, const QString &memberId);
    /// A text argument as the ledger's NOT NULL text columns take it: an absent value is ''.
    static QString text(const QString &value) { return value.isNull() ? QStringLiteral("") : value; }
};

} // namespace fd
