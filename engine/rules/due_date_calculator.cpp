#include "engine/rules/due_date_calculator.h"

#include "engine/import/iso_codes.h"

#include <limits>

namespace fd {

namespace {

QDate lastDayOfMonth(int year, int month) {
    return QDate(year, month, QDate(year, month, 1).daysInMonth());
}

QDate clampedDate(int year, int month, int day) {
    const int days = QDate(year, month, 1).daysInMonth();
    return QDate(year, month, qMin(day, days));
}

bool isKind(const Rule &rule, const char *kind) {
    return rule.due.kind == QLatin1String(kind);
}

bool isAnniversaryKind(const Rule &rule) {
    return isKind(rule, "anniversary_month_end") || isKind(rule, "anniversary_month_start") ||
           isKind(rule, "before_anniversary_month") || isKind(rule, "anniversary_date") ||
           isKind(rule, "anniversary_quarter_end");
}

// The last day of the fiscal year that ends in `year` (a 29 February year end is 28 February in common
// years).
QDate fiscalYearEnd(const Entity &entity, int year) {
    return clampedDate(year, entity.fiscalYearEndMonth, entity.fiscalYearEndDay);
}

// The nominal due date of the cycle that belongs to `year` (the calendar year of the due date, or for
// fiscal-year rules the calendar year in which the fiscal year ends); null when there is none.
QDate nominalDueForYear(const Rule &rule, const Entity &entity, int year) {
    const QDate formed = entity.formationDate;
    if (isKind(rule, "fixed_date"))
        return clampedDate(year, rule.due.month, rule.due.day);
    if (isKind(rule, "anniversary_month_end")) {
        // The anniversary in `year`, due at the end of its month or of a month after it (Colorado: the
        // second).
        const int monthIndex = formed.month() - 1 + rule.due.monthsAfterAnniversary;
        return lastDayOfMonth(year + monthIndex / 12, monthIndex % 12 + 1);
    }
    if (isKind(rule, "anniversary_month_start"))
        return QDate(year, formed.month(),
                     1); // Wyoming: "on or before the first day of the anniversary month"
    if (isKind(rule, "before_anniversary_month"))
        return QDate(year, formed.month(), 1).addDays(-1);
    if (isKind(rule, "anniversary_date"))
        return clampedDate(year, formed.month(), formed.day());
    if (isKind(rule, "anniversary_quarter_end"))
        return lastDayOfMonth(year, ((formed.month() - 1) / 3 + 1) * 3);
    if (isKind(rule, "months_after_fiscal_year_end")) {
        // Fiscal year ending in `year`; due on a day of the n-th month after the year-end month.
        const int monthIndex = entity.fiscalYearEndMonth - 1 + rule.due.months;
        const int y = year + monthIndex / 12;
        const int m = monthIndex % 12 + 1;
        return rule.due.day == 0 ? lastDayOfMonth(y, m) : clampedDate(y, m, rule.due.day);
    }
    return QDate();
}

bool isEven(int n) {
    return n % 2 == 0; // also right for negative n: -1 % 2 == -1
}

// Whether a report falls due in `dueYear`. Parity and decade are those of the year the report is due in,
// which is what the statutes count ("shall file a report in each even-numbered year", K.S.A. 17-7503(b); "by
// April 1st of each 2nd calendar year thereafter", D.C. Code § 29-102.11(c)), not the fiscal year the report
// covers.
bool cycleApplies(const Rule &rule, const Entity &entity, int dueYear) {
    if (rule.frequency == QLatin1String("decennial"))
        return dueYear % 10 == rule.decennialYearDigit;
    if (rule.frequency != QLatin1String("biennial"))
        return true;
    if (rule.biennialParity == QLatin1String("even"))
        return isEven(dueYear);
    if (rule.biennialParity == QLatin1String("odd"))
        return !isEven(dueYear);
    if (rule.biennialParity == QLatin1String("registry_id")) {
        const int lastDigit = entity.registryId.back().digitValue();
        return isEven(dueYear) == isEven(lastDigit);
    }
    const bool sameParity = isEven(dueYear - entity.formationDate.year());
    return rule.biennialParity == QLatin1String("opposite_formation_year") ? !sameParity : sameParity;
}

// False when the cycle would fall before the entity's first obligation under the rule.
bool afterFormation(const Rule &rule, const Entity &entity, int cycleYear, const QDate &nominal) {
    const QDate formed = entity.formationDate;
    if (!formed.isValid())
        return true; // fixed-date and fiscal rules do not need it; nothing to exclude
    if (nominal <= formed)
        return false; // nothing is owed before the entity exists
    if (isAnniversaryKind(rule))
        return cycleYear > formed.year();
    if (isKind(rule, "months_after_fiscal_year_end"))
        return fiscalYearEnd(entity, cycleYear) >=
               formed; // a fiscal year that ended before formation is no one's
    if (isKind(rule, "fixed_date") && rule.firstDueYearAfterFormation)
        return nominal.year() > formed.year();
    return true;
}

} // namespace

QString filingPlainName(const Rule &rule) {
    const QString place = IsoCodes::instance().placeName(rule.jurisdiction);
    const QString name = rule.name.isEmpty() ? rule.filingType : rule.name;
    if (place.isEmpty())
        return QStringLiteral("%1 %2").arg(rule.jurisdiction, name);
    if (name.contains(place, Qt::CaseInsensitive))
        return name;
    return QStringLiteral("%1 %2").arg(place, name);
}

QList<DueOccurrence> dueOccurrences(const Rule &rule, const Entity &entity, const QDate &from, int count,
                                    DueProblem *problem) {
    QList<DueOccurrence> out;
    if (rule.cycleYears() == 0 || count <= 0 || !from.isValid())
        return out;
    if (rule.needsFormationDate() && !entity.formationDate.isValid()) {
        if (problem) {
            problem->missingField = QStringLiteral("formation_date");
            problem->reason =
                QStringLiteral("The %1 is due relative to the formation date, which the portfolio does "
                               "not give")
                    .arg(filingPlainName(rule));
        }
        return out;
    }
    if (rule.needsRegistryId() && (entity.registryId.isEmpty() || !entity.registryId.back().isDigit())) {
        if (problem) {
            problem->missingField = QStringLiteral("registry_id");
            problem->reason =
                QStringLiteral("The %1 is due every other year, in the years of the parity of the last digit "
                               "of the state's file number, which the portfolio does not give")
                    .arg(filingPlainName(rule));
        }
        return out;
    }
    const bool fiscal = isKind(rule, "months_after_fiscal_year_end");
    // Start two years back (a fiscal year ending in year Y can be due in Y+2) and look far enough ahead for
    // `count` cycles even when a rule change or the first cycle after formation skips some years.
    const int lastYear = from.year() + rule.cycleYears() * (count + 1) + 2;
    for (int year = from.year() - 2; year <= lastYear && out.size() < count; ++year) {
        const QDate nominal = nominalDueForYear(rule, entity, year);
        if (!nominal.isValid() || !cycleApplies(rule, entity, nominal.year()))
            continue;
        if (!afterFormation(rule, entity, year, nominal))
            continue;
        if (nominal < rule.effectiveFrom || (rule.effectiveTo.isValid() && nominal > rule.effectiveTo))
            continue;
        DueOccurrence occ;
        occ.nominalDue = nominal;
        occ.due = rule.nextBusinessDay ? rule.calendar.nextBusinessDayOnOrAfter(nominal) : nominal;
        if (occ.due < from)
            continue;
        if (fiscal || rule.due.monthsAfterAnniversary > 0)
            occ.filingYear = year; // the fiscal year, or the year of the anniversary the report belongs to
        else
            occ.filingYear = nominal.year() - (rule.filingYearIsDueYearMinusOne ? 1 : 0);
        if (rule.due.windowOpensAnniversaryMonth) {
            occ.windowOpens = QDate(year, entity.formationDate.month(), 1);
        } else if (rule.due.windowMonthsBefore > 0) {
            occ.windowOpens =
                QDate(nominal.year(), nominal.month(), 1).addMonths(-rule.due.windowMonthsBefore);
        } else if (rule.due.windowDaysBefore > 0) {
            occ.windowOpens = nominal.addDays(-rule.due.windowDaysBefore);
        } else if (rule.due.windowOpensMonth > 0) {
            QDate opens =
                clampedDate(nominal.year(), rule.due.windowOpensMonth, qMax(1, rule.due.windowOpensDay));
            if (opens > nominal)
                opens = opens.addYears(-1);
            occ.windowOpens = opens;
        }
        out.append(occ);
    }
    return out;
}

qint64 delawareAuthorizedSharesTaxCents(qint64 shares, const Rule::Fee &fee) {
    qint64 tax = 0;
    if (shares <= 5000) {
        tax = fee.minimumTaxCents;
    } else if (shares <= 10000) {
        tax = fee.secondTierTaxCents;
    } else {
        // "each additional 10,000 shares or portion thereof": round the blocks up.
        const qint64 blocks = (shares - 10000 + 9999) / 10000;
        tax = fee.secondTierTaxCents + blocks * fee.perTenThousandSharesCents;
    }
    if (fee.maximumTaxCents > 0)
        tax = qMin(tax, fee.maximumTaxCents);
    return qMax(tax, fee.minimumTaxCents);
}

qint64 delawareAssumedParValueTaxCents(qint64 grossAssetsCents, qint64 issuedShares,
                                       const QList<DelawareShareClass> &classes, const Rule::Fee &fee) {
    if (issuedShares <= 0 || grossAssetsCents < 0)
        return -1;
    // Assumed par in millionths of a dollar, truncated at 6 decimal places as the Division's instructions do.
    // grossAssetsCents * 10,000 overflows only above $9.2e12 of assets; saturate rather than wrap.
    qint64 scaled = 0;
    if (__builtin_mul_overflow(grossAssetsCents, qint64(10000), &scaled))
        scaled = std::numeric_limits<qint64>::max();
    const qint64 assumedParMicros = scaled / issuedShares;
    // Assumed par value capital in micro-dollars; any overflow means far above the maximum tax anyway.
    qint64 capitalMicros = 0;
    bool overflow = false;
    for (const DelawareShareClass &c : classes) {
        const qint64 perShare = c.parValueMicros >= assumedParMicros && c.parValueMicros > 0
                                    ? c.parValueMicros
                                    : assumedParMicros;
        qint64 classCapital = 0;
        if (__builtin_mul_overflow(perShare, c.authorizedShares, &classCapital) ||
            __builtin_add_overflow(capitalMicros, classCapital, &capitalMicros)) {
            overflow = true;
            break;
        }
    }
    qint64 tax = 0;
    if (overflow) {
        tax = std::numeric_limits<qint64>::max();
    } else {
        const qint64 millionDollarsMicros = qint64(1000000) * 1000000;
        const qint64 units = (capitalMicros + millionDollarsMicros - 1) / millionDollarsMicros; // "or part"
        if (__builtin_mul_overflow(units, fee.apvCentsPerMillion, &tax))
            tax = std::numeric_limits<qint64>::max();
    }
    if (fee.maximumTaxCents > 0)
        tax = qMin(tax, fee.maximumTaxCents);
    return qMax(tax, fee.apvMinimumTaxCents);
}

qint64 delawareFranchiseTaxCents(const QList<DelawareShareClass> &classes, qint64 grossAssetsCents,
                                 qint64 issuedShares, const Rule::Fee &fee) {
    qint64 authorized = 0;
    for (const DelawareShareClass &c : classes)
        authorized += c.authorizedShares;
    const qint64 byShares = delawareAuthorizedSharesTaxCents(authorized, fee);
    const qint64 byApv = delawareAssumedParValueTaxCents(grossAssetsCents, issuedShares, classes, fee);
    return byApv < 0 ? byShares : qMin(byShares, byApv);
}

qint64 feeFor(const Rule &rule, const Entity &entity, QString *note) {
    const Rule::Fee &fee = rule.fee;
    if (fee.method == QLatin1String("flat"))
        return fee.cents;
    if (fee.method == QLatin1String("minimum")) {
        if (note)
            *note = QStringLiteral(
                "statutory minimum; the amount owed depends on figures the portfolio does not hold");
        return fee.cents;
    }
    if (fee.method == QLatin1String("de_franchise_tax")) {
        if (entity.authorizedShares > 0) {
            if (note)
                *note = QStringLiteral(
                            "authorized-shares method on %1 shares, plus the report fee (the "
                            "assumed-par-value-capital method, minimum $%2, may give less; it needs gross "
                            "assets and issued shares)")
                            .arg(entity.authorizedShares)
                            .arg(fee.apvMinimumTaxCents / 100);
            return fee.reportFeeCents + delawareAuthorizedSharesTaxCents(entity.authorizedShares, fee);
        }
        if (note)
            *note = QStringLiteral(
                "minimum franchise tax plus the report fee: authorized shares unknown (the tax "
                "may be higher by either method)");
        return fee.reportFeeCents + fee.minimumTaxCents;
    }
    return 0;
}

} // namespace fd
