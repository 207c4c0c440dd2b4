#pragma once

#include "engine/model/entity.h"

#include <QDate>
#include <QList>
#include <QString>

namespace fd {

/// One rule of the rules file (format: docs/rules-format.md). Money in integer cents, dates are calendar dates.
struct Rule {
    struct Due {
        QString kind;             ///< fixed_date, anniversary_month_end, before_anniversary_month, anniversary_date,
                                  ///< anniversary_quarter_end, months_after_fiscal_year_end
        int month = 0;            ///< fixed_date
        int day = 0;              ///< fixed_date; months_after_fiscal_year_end (0 = last day of the month)
        int months = 0;           ///< months_after_fiscal_year_end
        int windowOpensMonth = 0; ///< fixed opening day, or 0
        int windowOpensDay = 0;
        int windowDaysBefore = 0; ///< opening relative to the due date, or 0
    };
    struct Fee {
        QString method;           ///< flat, none, minimum, de_franchise_tax
        qint64 cents = 0;
        qint64 reportFeeCents = 0;
        qint64 minimumTaxCents = 0;
        qint64 maximumTaxCents = 0;
        qint64 largeFilerMaximumCents = 0;
    };

    QString id;
    QString jurisdiction;
    QList<EntityType> entityTypes;
    QString domicile;             ///< domestic, foreign, any
    QString obligationType;
    QString filingType;
    QString name;
    QString frequency;            ///< annual, biennial, none
    Due due;
    QString biennialParity;       ///< formation_year, even, odd
    bool filingYearIsDueYearMinusOne = false;
    bool nextBusinessDay = false;
    QString weekendHolidayNote;
    Fee fee;
    QString feeNote;
    qint64 penaltyFlatCents = 0;
    int penaltyMonthlyInterestBp = 0;
    int penaltyPercentOfFeeBp = 0;
    QString penaltyNote;
    QDate effectiveFrom;
    QDate effectiveTo;            ///< null while in force
    QString statute;
    QString url;
    QString sourceChoice;
    QDate lastChecked;

    bool appliesTo(EntityType type, bool domestic) const;
    bool needsFormationDate() const;
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
