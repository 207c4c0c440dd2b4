#pragma once

#include "engine/model/entity.h"

#include <QDate>
#include <QList>
#include <QString>

namespace fd {

/// One statutory filing an entity owes in one jurisdiction for one filing year, as computed from a rule.
/// Money in integer cents; dates are calendar dates in the jurisdiction (no time of day).
struct Obligation {
    /// The entity that owes it, shared with its row plan and the plan's other obligations (not a copy each).
    SharedEntity entity;
    QString ruleId;       ///< rules file rule id, e.g. "US-DE.CORP.ANNUAL_FRANCHISE_TAX_REPORT.2014"
    QString rulesVersion; ///< rules file "version" the rule came from
    QString jurisdiction; ///< ISO 3166-2
    QString filingType;   ///< "ANNUAL_FRANCHISE_TAX_REPORT"
    QString filingName;   ///< the state's own name
    int filingYear = 0;
    QDate dueDate;       ///< after any weekend/holiday move the rule makes
    QDate windowOpens;   ///< first day the state accepts it; null when unrestricted
    qint64 feeCents = 0; ///< expected fee; reconciliation compares the charged fee with this
    QString feeNote;
    qint64 penaltyFlatCents = 0;
    int penaltyMonthlyInterestBp = 0;
    int penaltyPercentOfFeeBp = 0;
    QString penaltyNote;
    QString citation; ///< statute and/or filing page
    QString citationUrl;
    QString notes; ///< assumptions made (fee at statutory minimum, calendar fiscal year ...)

    /// SHA-256 hex of "entity_id:jurisdiction:filing_type:filing_year" (seed 003, Phase 1): the dedup
    /// contract.
    QString idempotencyKey() const;
    /// Penalty owed if filed `daysLate` days after the due date, in cents (0 when not late): the flat penalty
    /// and percentage of the fee, then the monthly interest on fee plus penalty for each month or part of
    /// one, each rounded to the nearest cent, half a cent up. Source: the rule (its citation, e.g. 8 Del. C.
    /// § 510).
    qint64 penaltyExposureCents(int daysLate) const;
};

/// SHA-256 hex (64 lower-case digits) of "entityId:jurisdiction:filingType:filingYear".
QString idempotencyKeyFor(const QString &entityId, const QString &jurisdiction, const QString &filingType,
                          int filingYear);

} // namespace fd
