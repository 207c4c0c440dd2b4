#pragma once

#include "engine/model/entity.h"
#include "engine/rules/rule.h"

#include <QDate>
#include <QList>
#include <QString>

namespace fd {

/// One occurrence of a rule for one entity.
struct DueOccurrence {
    QDate nominalDue;   ///< as the rule states it
    QDate due;          ///< after the rule's weekend/holiday move (same as nominalDue when it has none)
    QDate windowOpens;  ///< null when the rule states no window
    int filingYear = 0;
};

/// Why no occurrence could be computed.
struct DueProblem {
    QString missingField; ///< "formation_date" when an anniversary or parity rule lacks it
    QString reason;
};

/// Occurrences of `rule` for `entity` with due date on or after `from`, in date order, at most `count`.
/// Only occurrences whose nominal due date lies within [effectiveFrom, effectiveTo] are produced. An anniversary
/// rule's first occurrence is the first anniversary after formation (the initial report due shortly after
/// formation is not an annual obligation). Returns an empty list and sets *problem when data is missing.
/// Pure function.
QList<DueOccurrence> dueOccurrences(const Rule &rule, const Entity &entity, const QDate &from, int count,
                                    DueProblem *problem);

/// The amount the rule charges this entity, in cents; *note explains estimates (e.g. Delaware franchise tax at
/// the minimum because authorized shares are unknown). Source: the rule's fee fields (docs/rules-format.md).
qint64 feeFor(const Rule &rule, const Entity &entity, QString *note);

/// Delaware authorized-shares method (8 Del. C. § 503(a)(1)): 5,000 shares or fewer $175; 5,001-10,000 $250;
/// each further 10,000 shares or part of it $85; capped at maxCents. Cents.
qint64 delawareAuthorizedSharesTaxCents(qint64 authorizedShares, qint64 minimumCents, qint64 maxCents);

} // namespace fd
