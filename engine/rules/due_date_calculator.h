#pragma once

#include "engine/model/entity.h"
#include "engine/rules/rule.h"

#include <QDate>
#include <QList>
#include <QString>

namespace fd {

/// One occurrence of a rule for one entity.
struct DueOccurrence {
    QDate nominalDue;  ///< as the rule states it
    QDate due;         ///< after the rule's weekend/holiday move (same as nominalDue when it has none)
    QDate windowOpens; ///< null when the rule states no window
    int filingYear =
        0; ///< the year the filing belongs to (fiscal year for months_after_fiscal_year_end rules)
};

/// Why no occurrence could be computed.
struct DueProblem {
    QString missingField; ///< "formation_date" when an anniversary or parity rule lacks it
    QString reason;
};

/// Occurrences of `rule` for `entity` with due date (after any weekend move) on or after `from`, in date
/// order, at most `count` (the "next N cycles").
///
/// Rules applied, in the words of the statutes they come from (docs/rules-format.md):
/// * Only occurrences whose nominal due date lies within [effectiveFrom, effectiveTo] are produced, so a rule
///   that changed answers with the version in force on the date asked.
/// * Nothing is due on or before the formation date. Anniversary kinds start in the calendar year after
/// formation
///   (the initial report due shortly after formation is not a periodic obligation). Fixed-date rules start in
///   the calendar year after formation unless the rule says `first_due: after_formation` (8 Del. C. § 502: a
///   corporation incorporated in 2026 files its first report, for 2026, by 1 March 2027; Fla. Stat. §
///   607.1622: "the year following the calendar year in which ..."). Fiscal-year rules skip fiscal years that
///   ended before formation.
/// * Biennial and decennial cycles are chosen by the year the report is due in (K.S.A. 17-7503(b)).
/// * A missing formation date for a rule that needs one returns an empty list and sets *problem: never a
/// guess; its reason names the filing as people know it (filingPlainName()), not by the rule's id (the id
/// stays in ObligationNeed::ruleId). Pure function.
QList<DueOccurrence> dueOccurrences(const Rule &rule, const Entity &entity, const QDate &from, int count,
                                    DueProblem *problem);

/// The filing as people name it: the state and the filing ("Nevada Annual List of Managers or Members"); the
/// rule's name alone when it names the state already.
QString filingPlainName(const Rule &rule);

/// The amount the rule charges this entity, in cents; *note explains estimates (e.g. Delaware franchise tax
/// at the minimum because authorized shares are unknown). Source: the rule's fee fields
/// (docs/rules-format.md).
qint64 feeFor(const Rule &rule, const Entity &entity, QString *note);

/// Delaware authorized-shares method (8 Del. C. § 503(a)(1); https://corp.delaware.gov/frtaxcalc/), cents:
/// 5,000 shares or fewer: fee.minimumTaxCents ($175); 5,001-10,000: fee.secondTierTaxCents ($250); each
/// further 10,000 shares or part of 10,000: fee.perTenThousandSharesCents ($85); capped at
/// fee.maximumTaxCents ($200,000).
qint64 delawareAuthorizedSharesTaxCents(qint64 authorizedShares, const Rule::Fee &fee);

/// One class of authorized stock, for the assumed-par-value-capital method.
struct DelawareShareClass {
    qint64 authorizedShares = 0;
    qint64 parValueMicros = 0; ///< par value per share in millionths of a dollar; 0 = no par value
};

/// Delaware assumed-par-value-capital method (8 Del. C. § 503(a)(2); https://corp.delaware.gov/frtaxcalc/),
/// cents: assumed par = total gross assets / total issued shares (to 6 decimal places); each class counts at
/// its par value when that is at least the assumed par, else at the assumed par (no-par shares always at the
/// assumed par); the sum is the assumed par value capital, taxed fee.apvCentsPerMillion ($400) per $1,000,000
/// or part, at least fee.apvMinimumTaxCents ($400) and at most fee.maximumTaxCents ($200,000). Returns -1
/// when issued shares are not positive (the method cannot be used).
qint64 delawareAssumedParValueTaxCents(qint64 grossAssetsCents, qint64 issuedShares,
                                       const QList<DelawareShareClass> &classes, const Rule::Fee &fee);

/// The Delaware franchise tax actually owed, cents (without the report fee): the lesser of the two methods,
/// as the Division of Corporations allows; the authorized-shares method alone when the assumed-par figures
/// are unknown (issuedShares <= 0).
qint64 delawareFranchiseTaxCents(const QList<DelawareShareClass> &classes, qint64 grossAssetsCents,
                                 qint64 issuedShares, const Rule::Fee &fee);

} // namespace fd
