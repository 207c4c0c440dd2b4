#pragma once

#include <QDate>
#include <QDateTime>
#include <QString>

namespace fd::ui {

/// A US-dollar amount from integer cents in the user's locale ("$1,234.56", "1.234,56 $"); an empty string
/// for a negative amount (unknown). Under the C locale (no locale set): US English.
QString formatCents(qint64 cents);
/// A date in the user's locale with a four-digit year ("3/1/2026", "01.03.2026"); ISO 8601 under the C
/// locale; empty for an invalid date.
QString formatDate(const QDate &date);
/// The date pattern formatDate() uses, for date editors ("M/d/yyyy", "dd.MM.yyyy"; "yyyy-MM-dd" under C).
QString datePattern();
/// A decimal number with `decimals` places in the user's locale ("75.00", "75,00").
QString formatDecimal(double value, int decimals);
/// Local date and time to the second in the user's locale; ISO-like "yyyy-MM-dd HH:mm:ss" under the C locale.
QString formatDateTime(const QDateTime &when);
/// "2 h 05 min", "4 min 10 s", "12 s" for a duration in ms; "—" when negative (unknown).
QString formatDuration(qint64 ms);

} // namespace fd::ui
