#pragma once

#include "engine/ledger/ledger_endpoint.h"
#include "engine/model/compliance.h"

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace fd::report {

/// What a report says for the person who launched a filing when the audit trail names nobody: never the
/// engine, a worker process or an empty cell.
inline constexpr const char *kUnknownPerson = "unknown";

/// Where a report's data comes from: a desk's SQLite database, or the team ledger. Exactly one of `dbPath`
/// and `ledger` is set. The ledger's password (from FILINGDESK_LEDGER_PASSWORD or the console's keychain) is
/// the endpoint's, never in its URL (LedgerEndpoint).
struct ReportSource {
    QString dbPath;                       ///< a desk's audit database; opened shared and only read
    std::optional<LedgerEndpoint> ledger; ///< the team ledger, parsed where it was given
    bool isLedger() const { return ledger.has_value(); }
};

/// What a reader needs to check that the report describes the audit trail it came from (README, "Reports").
struct AuditTrailHead {
    enum class Kind {
        LedgerChain, ///< the team ledger's hash chain: `lastSeq` and its `rowHash` (audit verify checks them)
        DeskDigest   ///< a desk's database, not hash-chained: `lastRowId` and `digestSha256` of
                     ///< rows 1..lastRowId
    };
    Kind kind = Kind::DeskDigest;
    QString store;        ///< the desk database the user opened (absolute path), or the ledger's URL without
                          ///< the password: never the temporary snapshot a report reads
    QString ledgerId;     ///< LedgerChain: the ledger's random identity
    qint64 rows = 0;      ///< audit rows covered (LedgerChain: equals lastSeq)
    qint64 lastSeq = 0;   ///< LedgerChain: the chain head's sequence number
    QString rowHash;      ///< LedgerChain: the chain head's row_hash (64 hex digits)
    qint64 lastRowId = 0; ///< DeskDigest: the last audit row id covered
    QString digestSha256; ///< DeskDigest: SHA-256 hex of rows 1..lastRowId (docs/reports.md, "Desk digest")
    qint64 mirroredSeq = 0; ///< DeskDigest of a team member's mirror: its last mirrored ledger seq, 0 if none
    QString mirroredRowHash; ///< ... and that row's row_hash
    QDateTime lastAtUtc; ///< when the last row covered (LedgerChain: the chain head) was written; null when
                         ///< the trail is empty
};

/// Who made a report, when, and from what.
struct ReportProvenance {
    QString producedBy;      ///< the OS user (host::osUser())
    QString host;            ///< host::hostName()
    QDateTime producedAtUtc; ///< when the data was read
    QString rulesVersion;    ///< the rules file's version (status report: the plan's rules)
    AuditTrailHead trail;
};

/// Money of a set of filings, in integer cents.
struct FeeTotals {
    int count = 0;
    qint64 expectedCents = 0; ///< the rules' fees (Obligation::feeCents)
    qint64 chargedCents = 0;  ///< what the registries charged (receipts; filings without a receipt add 0)
    void add(qint64 expected, qint64 charged);
};

/// One stored filing task as the filings report lists it.
struct FilingRow {
    QString key; ///< idempotency key
    QString entityName;
    QString entityId;
    QString jurisdiction; ///< ISO 3166-2 ("US-DE")
    QString filing;       ///< the state's name for the filing
    QString filingType;   ///< "ANNUAL_FRANCHISE_TAX_REPORT"
    int period = 0;       ///< the filing year
    QDate dueDate;
    Compliance status = Compliance::Due; ///< complianceOf(task, the report's as-of date)
    QDateTime filedAtUtc;                ///< the audit row that took it to COMPLETED; null when not filed
    QString confirmationNumber;
    qint64 feeExpectedCents = 0;
    qint64 feeChargedCents = -1; ///< -1: no receipt
    QString launchedBy; ///< the person who launched its batch (AuditAttribution::launchedBy()); empty when it
                        ///< was never launched, kUnknownPerson when the trail names nobody
    QString resolvedBy; ///< the person who last resolved its halt, recorded it filed outside, or withdrew it
    QString batchId;
};

/// An entity of the register, or one filing of it, that cannot be planned until a person supplies data: it
/// has no due date and no stored filing, and the filings report lists it so that nothing an operator
/// entered is left out without a word.
struct MissingDataRow {
    QString entityName;
    QString entityId;
    QString jurisdiction; ///< ISO code; empty when the jurisdiction itself is what is missing or unknown
    QString filing;       ///< the state's name for the filing; empty: every filing of the entity (its
                          ///< jurisdiction or entity type is unknown, so no rule can be chosen)
    QStringList missing;  ///< the fields a person must supply: "formation_date", "registry_id",
                          ///< "entity_type", "jurisdiction"
    QString reason;       ///< the planner's one line
};

/// Which stored filings the filings report lists. Null dates and an empty batch mean "no limit".
struct FilingsFilter {
    QDate fromDue; ///< due on or after (inclusive)
    QDate toDue;   ///< due on or before (inclusive)
    QString batchId;
    QStringList jurisdictions; ///< ISO codes ("US-DE"); empty: every jurisdiction
};

/// `filingdesk report filings`: every stored filing that passes the filter, ordered by entity name, then due
/// date, then filing; totals per jurisdiction (ISO code, ordered) and overall.
struct FilingsReport {
    ReportProvenance provenance;
    FilingsFilter filter;
    QDate asOf; ///< the date statuses are judged at (--as-of; by default the day the report was made)
    bool batchFound = true; ///< false: filter.batchId names no stored filing at all (whatever the dates)
    QList<FilingRow> rows;
    QMap<QString, FeeTotals> byJurisdiction;
    FeeTotals overall;
    /// Not filed, data missing: the register's entities (or filings of them) that cannot be planned, by
    /// entity name. Listed whatever the due-date window (their due date is what is unknown); left out when
    /// the report is of one batch (they are in none), counted then in `missingDataLeftOut`.
    QList<MissingDataRow> missingData;
    int missingDataLeftOut = 0;
    /// How many distinct entities `missingData` names.
    int entitiesNeedingData() const;
};

/// Counts of filings by where they stand as of a date. Every filing is in exactly one bucket, so the
/// buckets add up to total(). "Due" is split by days from the as-of date to the due date: 0-30, 31-60,
/// 61-90, later.
struct StatusCounts {
    int filed = 0; ///< filed, including filed with a differing fee
    int due30 = 0;
    int due60 = 0;
    int due90 = 0;
    int dueLater = 0;
    int overdue = 0;
    int needsData = 0;
    int halted = 0;
    int willNotFile = 0;
    /// What missing the due dates costs, in cents: for every filing not filed (and not withdrawn) with a
    /// known rule, the penalty owed one day late, or today's when already late (the console's Exposure).
    qint64 exposureCents = 0;
    int total() const;
};

/// A filing of the status report's second list: overdue, halted, needs data, or due within 30 days.
struct StatusItem {
    QString entityName;
    QString entityId;
    QString jurisdiction;
    QString filing;
    int period = 0; ///< 0 when unknown (needs data)
    QDate dueDate;  ///< null when unknown (needs data)
    Compliance status = Compliance::Due;
    int daysLeft = 0;         ///< from the as-of date to the due date (negative: late); 0 when unknown
    qint64 exposureCents = 0; ///< as StatusCounts::exposureCents, for this filing
    QString missingField;     ///< needs data: the field a person must supply ("formation_date")
    QString haltCode;         ///< halted: the registry's or the engine's code ("STAT_AGENT_EXPIRED")
    QString reason;           ///< needs data: the planner's one line; halted: the last error's message
    bool planned = false;     ///< true: planned from the register, not admitted as a task yet
};

/// `filingdesk report status`: the portfolio's compliance position as of `asOf`.
struct StatusReport {
    ReportProvenance provenance;
    QDate asOf;
    QStringList jurisdictions; ///< the ISO codes the report was limited to; empty: every jurisdiction
    QMap<QString, StatusCounts> byJurisdiction; ///< ISO code -> counts; "" for a place that did not resolve
    StatusCounts overall;
    QList<StatusItem> atRisk; ///< ordered by entity name, then due date (unknown last)
};

} // namespace fd::report
