#include "engine/rules/due_date_calculator.h"

#include "engine/rules/us_holidays.h"

namespace fd {

namespace {

QDate lastDayOfMonth(int year, int month)
{
    return QDate(year, month, QDate(year, month, 1).daysInMonth());
}

QDate clampedDate(int year, int month, int day)
{
    const int days = QDate(year, month, 1).daysInMonth();
    return QDate(year, month, qMin(day, days));
}

// The nominal due date of the cycle that belongs to calendar year `year`; null when there is none.
QDate nominalDueForYear(const Rule &rule, const Entity &entity, int year)
{
    const QString &kind = rule.due.kind;
    const QDate formed = entity.formationDate;
    if (kind == QLatin1String("fixed_date"))
        return clampedDate(year, rule.due.month, rule.due.day);
    if (kind == QLatin1String("anniversary_month_end"))
        return lastDayOfMonth(year, formed.month());
    if (kind == QLatin1String("before_anniversary_month"))
        return QDate(year, formed.month(), 1).addDays(-1);
    if (kind == QLatin1String("anniversary_date"))
        return clampedDate(year, formed.month(), formed.day());
    if (kind == QLatin1String("anniversary_quarter_end"))
        return lastDayOfMonth(year, ((formed.month() - 1) / 3 + 1) * 3);
    if (kind == QLatin1String("months_after_fiscal_year_end")) {
        // Fiscal year ending in `year`; due on a day of the n-th month after the year-end month.
        const int monthIndex = entity.fiscalYearEndMonth - 1 + rule.due.months;
        const int y = year + monthIndex / 12;
        const int m = monthIndex % 12 + 1;
        return rule.due.day == 0 ? lastDayOfMonth(y, m) : clampedDate(y, m, rule.due.day);
    }
    return QDate();
}

bool cycleApplies(const Rule &rule, const Entity &entity, int cycleYear)
{
    if (rule.frequency != QLatin1String("biennial"))
        return true;
    if (rule.biennialParity == QLatin1String("even"))
        return cycleYear % 2 == 0;
    if (rule.biennialParity == QLatin1String("odd"))
        return cycleYear % 2 != 0;
    return (cycleYear - entity.formationDate.year()) % 2 == 0;
}

} // namespace

QList<DueOccurrence> dueOccurrences(const Rule &rule, const Entity &entity, const QDate &from, int count,
                                    DueProblem *problem)
{
    QList<DueOccurrence> out;
    if (rule.frequency == QLatin1String("none") || count <= 0)
        return out;
    if (rule.needsFormationDate() && !entity.formationDate.isValid()) {
        if (problem) {
            problem->missingField = QStringLiteral("formation_date");
            problem->reason = QStringLiteral("%1 (%2) is due relative to the formation date, which the portfolio "
                                             "does not give")
                                  .arg(rule.name, rule.id);
        }
        return out;
    }
    const bool anniversary = rule.needsFormationDate() && rule.due.kind != QLatin1String("fixed_date");
    const bool fiscal = rule.due.kind == QLatin1String("months_after_fiscal_year_end");
    // Enough cycles to cover `count` biennial occurrences past a rule change.
    for (int year = from.year() - 2; year <= from.year() + 2 * count + 2 && out.size() < count; ++year) {
        if (!cycleApplies(rule, entity, year))
            continue;
        const QDate nominal = nominalDueForYear(rule, entity, year);
        if (!nominal.isValid())
            continue;
        if (anniversary && (year <= entity.formationDate.year() || nominal <= entity.formationDate))
            continue;
        if (entity.formationDate.isValid() && nominal <= entity.formationDate)
            continue;
        if (nominal < rule.effectiveFrom || (rule.effectiveTo.isValid() && nominal > rule.effectiveTo))
            continue;
        DueOccurrence occ;
        occ.nominalDue = nominal;
        occ.due = rule.nextBusinessDay ? nextBusinessDayOnOrAfter(nominal) : nominal;
        if (occ.due < from)
            continue;
        if (fiscal)
            occ.filingYear = year;
        else
            occ.filingYear = nominal.year() - (rule.filingYearIsDueYearMinusOne ? 1 : 0);
        if (rule.due.windowDaysBefore > 0) {
            occ.windowOpens = nominal.addDays(-rule.due.windowDaysBefore);
        } else if (rule.due.windowOpensMonth > 0) {
            QDate opens = clampedDate(nominal.year(), rule.due.windowOpensMonth, qMax(1, rule.due.windowOpensDay));
            if (opens > nominal)
                opens = opens.addYears(-1);
            occ.windowOpens = opens;
        }
        out.append(occ);
    }
    return out;
}

qint64 delawareAuthorizedSharesTaxCents(qint64 shares, qint64 minimumCents, qint64 maxCents)
{
    qint64 tax = 0;
    if (shares <= 5000)
        tax = minimumCents;
    else if (shares <= 10000)
        tax = 25000;
    else
        tax = 25000 + ((shares - 10000 + 9999) / 10000) * 8500;
    if (maxCents > 0)
        tax = qMin(tax, maxCents);
    return qMax(tax, minimumCents);
}

qint64 feeFor(const Rule &rule, const Entity &entity, QString *note)
{
    const Rule::Fee &fee = rule.fee;
    if (fee.method == QLatin1String("flat"))
        return fee.cents;
    if (fee.method == QLatin1String("minimum")) {
        if (note)
            *note = QStringLiteral("statutory minimum; the amount owed depends on figures the portfolio does not hold");
        return fee.cents;
    }
    if (fee.method == QLatin1String("de_franchise_tax")) {
        if (entity.authorizedShares > 0) {
            if (note)
                *note = QStringLiteral("authorized-shares method on %1 shares, plus the report fee")
                            .arg(entity.authorizedShares);
            return fee.reportFeeCents
                + delawareAuthorizedSharesTaxCents(entity.authorizedShares, fee.minimumTaxCents, fee.maximumTaxCents);
        }
        if (note)
            *note = QStringLiteral("minimum franchise tax plus the report fee: authorized shares unknown (the "
                                   "assumed-par-value method may give a different amount)");
        return fee.reportFeeCents + fee.minimumTaxCents;
    }
    return 0;
}

} // namespace fd
