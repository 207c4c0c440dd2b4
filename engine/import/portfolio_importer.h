#pragma once

#include "engine/model/entity.h"

#include <QList>
#include <QString>

namespace fd {

/// One data row of a portfolio file after parsing.
struct ImportedRow {
    int line = 0;    ///< 1-based physical line in the file
    bool ok = false; ///< false: a row error (see error, column)
    /// Valid when ok; for a row error, entity->name is the name as read (if readable). Shared, not copied,
    /// by the row's plan and obligations (SharedEntity).
    SharedEntity entity;
    QString jurisdictionProblem; ///< ok but the jurisdiction is unrecognised: why (the row needs data)
    /// Resolved from something other than the place's name (a city, a misspelling, brackets after an address,
    /// a federal charter): how, for the plan's reason ("read from the city Düsseldorf (...)"). Empty
    /// otherwise.
    QString jurisdictionNote;
    QString typeProblem; ///< ok but the entity type is unknown: why (the row needs data)
    int errorColumn = 0; ///< 1-based column of the offending field, 0 for the whole row
    QString errorField;  ///< header name of that column
    QString error;       ///< the reason, one line
    /// Non-zero: the same entity (same entity id) already appeared on this line of the file. An Exhibit 21
    /// repeat stays a valid row (its obligations are the first row's); a FilingDesk repeat is a row error on
    /// entity_id.
    int duplicateOfLine = 0;
    /// The register fields (EntityField::column) this row gives a value for: what a merge into the entity
    /// register takes from the file. A blank cell gives nothing.
    QStringList provided;
    /// Fields the import worked out rather than read (the entity type from the name's suffix): they fill a
    /// blank in the register, never contradict it.
    QStringList inferred;
};

/// The outcome of importing one portfolio file. A file-level error leaves `rows` empty.
struct ImportResult {
    QString file;
    QString format; ///< "exhibit21" or "filingdesk"
    QList<ImportedRow> rows;
    QString fileError; ///< one line: "FILE:LINE: reason"
    int fileErrorLine = 0;

    bool ok() const { return fileError.isEmpty(); }
    int rowErrorCount() const;
};

/// Reads a portfolio CSV in either layout, detected from its header:
/// - Exhibit 21 (parent_cik, parent_name_inferred, accession, subsidiary, jurisdiction_raw, ownership_pct),
/// as
///   in shared/data/portfolios: entity ids are derived ("ex21-<cik>-<hash of name and place>"), the entity
///   type is inferred from the legal-name suffix, formation dates are absent;
/// - FilingDesk CSV (entity_id, entity_name, entity_type, jurisdiction, formation_date, registered_agent,
///   status, risk_tier, ein; optional fiscal_year_end as MM-DD, authorized_shares and registry_id, the
///   state's file number), documented in README.
/// Nothing is dropped: every data line becomes a row, valid or with an error naming line, column and field.
/// Fields longer than their column's limit (entity_name 500 characters, registered_agent 200, entity_id 128,
/// jurisdiction 100, codes, dates and numbers 40) are row errors. A header that is clearly one layout but
/// lacks a required column is a file error naming the missing column(s). Pure function of its input; call it
/// on the engine thread.
ImportResult importPortfolio(const QString &path);
ImportResult importPortfolioBytes(const QByteArray &bytes, const QString &displayName);

} // namespace fd
