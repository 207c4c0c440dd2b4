#pragma once

#include "engine/model/entity.h"
#include "engine/rules/business_calendar.h"

#include <QDate>
#include <QList>
#include <QString>

namespace fd {

/// One rule of the rules file (format and field meanings: docs/rules-format.md). Money in integer cents,
/// dates are calendar dates in the jurisdiction (no time of day). Every rule carries its own citation
/// (statute section and/or the state's filing page); the rules-file loader refuses a rule without one.
struct Rule {
    struct Due {
        QString kind;   ///< fixed_date, anniversary_month_end, anniversary_month_start,
                        ///< before_anniversary_month, anniversary_date, anniversary_quarter_end,
                        ///< months_after_fiscal_year_end
        int month = 0;  ///< fixed_date: month 1..12
        int day = 0;    ///< fixed_date: day 1..31; months_after_fiscal_year_end: day, 0 = last day
        int months = 0; ///< months_after_fiscal_year_end: months after the fiscal-year-end month, 1..24
        int windowOpensMonth = 0; ///< fixed opening day (month 1..12), or 0
        int windowOpensDay = 0;   ///< fixed opening day (day of month)
        int windowDaysBefore = 0; ///< opening relative to the due date, in days, or 0
        /// Opening on the first day of the month this many calendar months before the due date's month
        /// (California's "applicable filing period": the anniversary month and the five before it, Cal. Corp.
        /// Code § 1502(d)): 1..11, or 0.
        int windowMonthsBefore = 0;
        /// anniversary_month_end: the due month is this many months after the anniversary month (C.R.S.
        /// § 7-90-501(4)(c): "the last day of the second calendar month following" it: 2). 0..11.
        int monthsAfterAnniversary = 0;
        /// The window opens on the first day of the anniversary month (Colorado).
        bool windowOpensAnniversaryMonth = false;
    };
    /// How the amount is computed. All amounts in cents.
    struct Fee {
        QString method;   ///< flat, none, minimum, de_franchise_tax
        qint64 cents = 0; ///< flat, minimum: the amount
        // de_franchise_tax (8 Del. C. § 503; https://corp.delaware.gov/frtaxcalc/):
        qint64 reportFeeCents = 0;            ///< annual report fee added to the tax ($50)
        qint64 minimumTaxCents = 0;           ///< authorized-shares method, 5,000 shares or fewer ($175)
        qint64 secondTierTaxCents = 0;        ///< authorized-shares method, 5,001-10,000 shares ($250)
        qint64 perTenThousandSharesCents = 0; ///< each further 10,000 shares or part of 10,000 ($85)
        qint64 apvMinimumTaxCents = 0;        ///< assumed-par-value-capital method minimum ($400)
        qint64 apvCentsPerMillion = 0; ///< assumed-par-value-capital method, per $1,000,000 or part ($400)
        qint64 maximumTaxCents = 0;    ///< cap of either method ($200,000)
        qint64 largeFilerMaximumCents = 0; ///< large corporate filers ($250,000); informational, not applied
    };

    QString id;
    QString jurisdiction;
    QList<EntityType> entityTypes;
    QString domicile; ///< domestic, foreign, any
    QString obligationType;
    QString filingType;
    QString name;
    QString frequency; ///< annual, biennial, decennial, none
    Due due;
    /// biennial: formation_year (due years of the formation year's parity), opposite_formation_year (the
    /// other parity: D.C.'s first report is due the year after formation, then every 2nd year), even, odd,
    /// registry_id (the parity of the last digit of the state's file number for the entity: New Mexico;
    /// without Entity::registryId the rule needs data, it never files in both years).
    /// Parity is always that of the year the report is due in (K.S.A. 17-7503(b): "shall file a report in
    /// each even-numbered year"), which differs from the fiscal year for months_after_fiscal_year_end rules.
    QString biennialParity;
    int decennialYearDigit = -1; ///< decennial: last digit of the due years (PA: 1 for 2001, 2011, 2021)
    /// Fixed-date rules: first due date in the calendar year after formation (true, the default: "the first
    /// annual report ... between January 1 and May 1 of the year following the calendar year in which ..."),
    /// or the first due date after the formation date (false).
    bool firstDueYearAfterFormation = true;
    bool filingYearIsDueYearMinusOne = false;
    bool nextBusinessDay = false; ///< a weekend or holiday due date moves to calendar's next business day
    QString weekendHolidayNote;
    /// The business calendar that moves this rule's due dates ("weekend_holiday_calendar", default the rule's
    /// own jurisdiction): set by the rules-file loader for rules with nextBusinessDay, whose dates it moves.
    BusinessCalendar calendar;
    Fee fee;
    QString feeNote;
    qint64 penaltyFlatCents = 0;
    int penaltyMonthlyInterestBp = 0;
    int penaltyPercentOfFeeBp = 0;
    QString penaltyNote;
    QDate effectiveFrom; ///< first nominal due date the rule governs
    QDate effectiveTo;   ///< last nominal due date it governs; null while in force
    QString statute;
    QString url;
    QString sourceChoice;
    QDate lastChecked;

    bool appliesTo(EntityType type, bool domestic) const;
    /// True when no due date can be computed without the formation date (anniversary kinds, formation
    /// parity).
    bool needsFormationDate() const;
    /// True when the due years depend on the state's file number (biennial parity registry_id).
    bool needsRegistryId() const;
    /// Years between two due dates: 1, 2 or 10 (0 for frequency none).
    int cycleYears() const;
    /// "8 Del. C. § 502; https://corp.delaware.gov/paytaxes/"
    QString citationText() const;
};

/// A jurisdiction entry of the rules file.
struct JurisdictionInfo {
    QString code;
    QString name;
    QDate lastChecked;
    QString notes;
};

} // namespace fd
