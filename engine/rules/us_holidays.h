#pragma once

#include <QDate>

namespace fd {

/// True for a US federal legal holiday (5 U.S.C. § 6103), observed dates included: a holiday on a Saturday is
/// observed on the Friday before, one on a Sunday on the Monday after. States add their own holidays; the
/// rules file says per rule whether a weekend or holiday moves the due date (see Rule::nextBusinessDay).
bool isUsFederalHoliday(const QDate &date);
/// Weekend or federal holiday.
bool isNonBusinessDay(const QDate &date);
/// The date itself if a business day, else the next business day.
QDate nextBusinessDayOnOrAfter(const QDate &date);

} // namespace fd
