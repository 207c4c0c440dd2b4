#pragma once

#include <QDateTime>
#include <QString>

namespace fd {

/// A time as FilingDesk stores it in its databases: UTC, ISO 8601 with milliseconds
/// ("2027-02-15T10:04:05.123Z"), exactly what QDateTime::toString(Qt::ISODateWithMs) writes for the time in
/// UTC; an empty string for an invalid time. Written directly: Qt's goes through a printf-style formatter,
/// and this runs for every task and audit row a desk writes. Any thread.
QString utcText(const QDateTime &time);

} // namespace fd
