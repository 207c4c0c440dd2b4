#pragma once

#include <QStringList>

namespace fd {

/// `filingdesk calendar --portfolio FILE --out FILE.ics [--as-of YYYY-MM-DD] [--days N] [--cycles N] [--db FILE]`
///
/// Exports upcoming deadlines as iCalendar (RFC 5545): every obligation due within N days (default 365) of the
/// as-of date, the next `cycles` occurrences of each rule (default 1), confirmation numbers from the audit
/// database when --db is given. Writes the file atomically (QSaveFile). Exit 0, or 2 on bad input.
int runCalendar(const QStringList &arguments);

} // namespace fd
