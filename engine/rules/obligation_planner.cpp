#include "engine/rules/obligation_planner.h"

#include "engine/import/jurisdiction_normaliser.h"
#include "engine/rules/due_date_calculator.h"

#include <QHash>
#include <QSet>

#include <utility>

namespace fd {

QString rowOutcomeName(RowOutcome outcome) {
    switch (outcome) {
    case RowOutcome::Obligations:
        return QStringLiteral("obligations");
    case RowOutcome::NeedsData:
        return QStringLiteral("needs_data");
    case RowOutcome::OutOfScope:
        return QStringLiteral("out_of_scope");
    case RowOutcome::RowError:
        return QStringLiteral("row_error");
    }
    return QString();
}

double admissionScore(const QDate &dueDate, int riskTier, const QDate &asOf) {
    const qint64 days = asOf.daysTo(dueDate);
    const double urgency = qMax(0.1, 10.0 / double(qMax<qint64>(days, 0) + 1));
    return urgency * riskTier * 2.5;
}

namespace {

// What a plan of many rows works out once instead of once per obligation.
struct PlanCache {
    // The fee note of an obligation (what feeFor() says, then the rule's own note): the same few texts for
    // thousands of obligations, so each distinct one is one string they share.
    QHash<std::pair<QString, QString>, QString> feeNotes; // (rule id, feeFor() note) -> note

    QString feeNote(const Rule &rule, const QString &computed) {
        if (rule.feeNote.isEmpty())
            return computed;
        if (computed.isEmpty())
            return rule.feeNote;
        const std::pair<QString, QString> key{rule.id, computed};
        auto it = feeNotes.constFind(key);
        if (it == feeNotes.constEnd())
            it = feeNotes.insert(key, computed + QStringLiteral("; ") + rule.feeNote);
        return *it;
    }
};

RowPlan planEntityWith(const SharedEntity &shared, const RuleSet &rules, const QDate &asOf,
                       PlanCache &cache) {
    const Entity &entity = *shared;
    RowPlan plan;
    plan.entity = shared;
    plan.line = entity.sourceLine;
    plan.file = entity.sourceFile;
    if (entity.status != QLatin1String("active")) {
        plan.outcome = RowOutcome::OutOfScope;
        plan.reason =
            QStringLiteral("entity status is \"%1\": no filings are made for it").arg(entity.status);
        return plan;
    }
    if (!entity.isUsDomestic()) {
        plan.outcome = RowOutcome::OutOfScope;
        plan.reason = QStringLiteral("foreign subsidiary (%1): no US state filing").arg(entity.jurisdiction);
        return plan;
    }
    const QList<Rule> candidates = rules.rulesFor(entity.jurisdiction);
    if (candidates.isEmpty()) {
        plan.outcome = RowOutcome::OutOfScope;
        plan.reason =
            QStringLiteral("no rule for %1 in rules version %2").arg(entity.jurisdiction, rules.version());
        return plan;
    }
    if (entity.type == EntityType::Unknown) {
        plan.outcome = RowOutcome::NeedsData;
        plan.missing.append(QStringLiteral("entity_type"));
        plan.reason =
            QStringLiteral("entity type unknown, so the %1 rules cannot be chosen").arg(entity.jurisdiction);
        return plan;
    }

    QStringList noObligationReasons;
    QStringList needs;
    QSet<QString> plannedFilingTypes;
    QSet<QString> neededFilingTypes;
    bool anyApplicable = false;
    // Several rules may share a filing type across a change in the law (effective dates): the earliest
    // occurrence on or after asOf wins, whichever version it comes from.
    for (const Rule &rule : candidates) {
        if (!rule.appliesTo(entity.type, true))
            continue;
        anyApplicable = true;
        if (rule.frequency == QLatin1String("none")) {
            noObligationReasons.append(QStringLiteral("%1 (%2)").arg(rule.name, rule.citationText()));
            continue;
        }
        if (plannedFilingTypes.contains(rule.filingType) || neededFilingTypes.contains(rule.filingType))
            continue; // another version of this filing was planned or needs data already
        DueOccurrence best;
        const Rule *bestRule = nullptr;
        DueProblem problem;
        for (const Rule &version : candidates) {
            if (version.filingType != rule.filingType || !version.appliesTo(entity.type, true) ||
                version.frequency == QLatin1String("none"))
                continue;
            const QList<DueOccurrence> occ = dueOccurrences(version, entity, asOf, 1, &problem);
            if (!occ.isEmpty() && (!bestRule || occ.first().due < best.due)) {
                best = occ.first();
                bestRule = &version;
            }
        }
        if (!bestRule) {
            if (!problem.missingField.isEmpty()) {
                if (!plan.missing.contains(problem.missingField))
                    plan.missing.append(problem.missingField);
                needs.append(problem.reason);
                plan.needs.append(
                    {rule.id, rule.filingType, rule.name, problem.missingField, problem.reason});
                neededFilingTypes.insert(rule.filingType);
            }
            continue;
        }
        plannedFilingTypes.insert(rule.filingType);
        Obligation o;
        o.entity = shared;
        o.ruleId = bestRule->id;
        o.rulesVersion = rules.version();
        o.jurisdiction = entity.jurisdiction;
        o.filingType = bestRule->filingType;
        o.filingName = bestRule->name;
        o.filingYear = best.filingYear;
        o.dueDate = best.due;
        o.windowOpens = best.windowOpens;
        QString computedNote;
        o.feeCents = feeFor(*bestRule, entity, &computedNote);
        o.feeNote = cache.feeNote(*bestRule, computedNote);
        o.penaltyFlatCents = bestRule->penaltyFlatCents;
        o.penaltyMonthlyInterestBp = bestRule->penaltyMonthlyInterestBp;
        o.penaltyPercentOfFeeBp = bestRule->penaltyPercentOfFeeBp;
        o.penaltyNote = bestRule->penaltyNote;
        o.citation = bestRule->statute;
        o.citationUrl = bestRule->url;
        if (bestRule->due.kind == QLatin1String("months_after_fiscal_year_end") && !entity.fiscalYearEndGiven)
            o.notes = QStringLiteral("fiscal year end not given: assumed 31 December");
        plan.obligations.append(std::move(o));
    }
    // A portfolio of 100,000 entities keeps its plans in memory: no list keeps the slack it grew with.
    plan.obligations.squeeze();
    if (!plan.obligations.isEmpty()) {
        plan.outcome = RowOutcome::Obligations;
        plan.reason = needs.join(QStringLiteral("; "));
        return plan;
    }
    if (!needs.isEmpty()) {
        plan.outcome = RowOutcome::NeedsData;
        plan.reason = needs.join(QStringLiteral("; "));
        return plan;
    }
    plan.outcome = RowOutcome::OutOfScope;
    if (entity.jurisdiction == QLatin1String("US"))
        plan.reason = QStringLiteral("chartered by the United States (a national bank or federal savings "
                                     "association, 12 U.S.C. §§ 21, 1464), not by a state: no state annual "
                                     "report");
    else if (!anyApplicable)
        plan.reason = QStringLiteral("no %1 rule for a %2 in rules version %3")
                          .arg(entity.jurisdiction, entityTypeName(entity.type), rules.version());
    else if (!noObligationReasons.isEmpty())
        plan.reason = QStringLiteral("%1 has no periodic filing for a %2: %3")
                          .arg(entity.jurisdiction, entityTypeName(entity.type),
                               noObligationReasons.join(QStringLiteral("; ")));
    else
        plan.reason = QStringLiteral("no %1 rule in force on or after %2")
                          .arg(entity.jurisdiction, asOf.toString(Qt::ISODate));
    return plan;
}

} // namespace

RowPlan planEntity(const SharedEntity &entity, const RuleSet &rules, const QDate &asOf) {
    PlanCache cache;
    return planEntityWith(entity, rules, asOf, cache);
}

QList<RowPlan> planObligations(const ImportResult &import, const RuleSet &rules, const QDate &asOf) {
    PlanCache cache;
    QList<RowPlan> plans;
    plans.reserve(import.rows.size());
    for (const ImportedRow &row : import.rows) {
        RowPlan plan;
        if (!row.ok) {
            plan.line = row.line;
            plan.file = import.file;
            plan.outcome = RowOutcome::RowError;
            plan.entity = row.entity; // only what could be read (the name), so a person knows whose row it is
            plan.errorColumn = row.errorColumn;
            plan.errorField = row.errorField;
            plan.reason = row.errorColumn > 0
                              ? QStringLiteral("%1:%2: column %3 (%4): %5")
                                    .arg(import.file)
                                    .arg(row.line)
                                    .arg(row.errorColumn)
                                    .arg(row.errorField, row.error)
                              : QStringLiteral("%1:%2: %3").arg(import.file).arg(row.line).arg(row.error);
        } else if (!row.jurisdictionProblem.isEmpty()) {
            plan.line = row.line;
            plan.file = import.file;
            plan.entity = row.entity;
            plan.outcome = RowOutcome::NeedsData;
            plan.missing.append(QStringLiteral("jurisdiction"));
            plan.reason = row.jurisdictionProblem;
        } else {
            plan = planEntityWith(row.entity, rules, asOf, cache);
            if (plan.outcome == RowOutcome::NeedsData &&
                plan.missing.contains(QStringLiteral("entity_type")) && !row.typeProblem.isEmpty())
                plan.reason = QStringLiteral("entity type unknown: %1").arg(row.typeProblem);
            // How the place was read, where its name alone did not say (a city, brackets, a misspelling).
            if (!row.jurisdictionNote.isEmpty())
                plan.reason =
                    plan.reason.isEmpty()
                        ? QStringLiteral("jurisdiction %1").arg(row.jurisdictionNote)
                        : QStringLiteral("jurisdiction %1; %2").arg(row.jurisdictionNote, plan.reason);
        }
        plan.duplicateOfLine = row.duplicateOfLine;
        plans.append(std::move(plan));
    }
    return plans;
}

PlanCounts countPlan(const QList<RowPlan> &plan) {
    PlanCounts c;
    for (const RowPlan &row : plan) {
        ++c.rows;
        c.obligationsNeedingData += int(row.needs.size());
        switch (row.outcome) {
        case RowOutcome::Obligations:
            ++c.rowsWithObligations;
            c.obligations += int(row.obligations.size());
            break;
        case RowOutcome::NeedsData:
            ++c.needsData;
            break;
        case RowOutcome::OutOfScope:
            ++c.outOfScope;
            break;
        case RowOutcome::RowError:
            ++c.rowErrors;
            break;
        }
    }
    return c;
}

} // namespace fd
