#pragma once

#include "engine/rules/business_calendar.h"

#include <QJsonObject>
#include <QString>

namespace fd {

/// Reads one element of the rules file's "calendars" array (docs/rules-format.md, "Calendars") into
/// *calendar. False with *field (the JSON field, "holidays.3.weekday") and *reason on the first fault; the
/// caller turns them into "FILE:LINE: calendar ID: field: reason". Pure function.
bool parseBusinessCalendar(const QJsonObject &object, BusinessCalendar *calendar, QString *field,
                           QString *reason);

} // namespace fd
