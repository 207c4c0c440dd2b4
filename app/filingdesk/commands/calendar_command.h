#pragma once

#include "app/filingdesk/commands/command.h"

#include <QStringList>

namespace fd::cli {

/// `filingdesk calendar --portfolio FILE --out FILE.ics [--as-of YYYY-MM-DD] [--days N] [--cycles N] [--db
/// FILE] [--ledger URL] [--rules FILE] [--report FILE.json]`
///
/// Team mode (--ledger): what was filed is read from the team ledger; with --db as well, that mirror is read
/// when the ledger cannot be reached (said on stderr); without it an unreachable ledger is an error.
///
/// Exports upcoming deadlines as iCalendar (RFC 5545): every obligation due within N days (default 365) of
/// the as-of date, the next `cycles` occurrences of each rule (default 1), confirmation numbers from the
/// audit database when --db is given. Writes the file atomically (QSaveFile). Rows that need data are listed
/// on stderr
/// ("needs data: line L NAME (US-XX): reason"); --report writes the same account for every row as JSON
/// (rows[].outcome obligations / needs_data / out_of_scope / row_error, with reason, missing fields, the
/// obligations with rule id, rules version, citation and UID, and for rows a state exempts the cited
/// "no periodic filing" rules). With --db, completed filings carry their confirmation number and filings
/// halted for a person (FAILED_STATUTORY, DEAD_LETTER) are marked "[HALTED]" / "[DEAD LETTER]" with the
/// reason; the database must exist (it is only read). A filing of the portfolio's entities that the
/// database (or ledger) holds, is not filed or withdrawn and was due before the as-of date is in the
/// calendar on its due date, marked "[OVERDUE]" (selectCalendarEntries(), as the console's export). stderr
/// and --json/--report say how many filings are overdue and how many were left out, for each reason (no due
/// date, beyond the horizon, filed or withdrawn before the as-of date, entities outside the portfolio).
/// Exit 0, or 2 on bad input (unknown options, extra arguments, a missing database).
class CalendarCommand final : public Command {
public:
    QString name() const override { return QStringLiteral("calendar"); }
    QString summary() const override {
        return QStringLiteral("export upcoming deadlines as an iCalendar file");
    }
    int run(const QStringList &arguments) const override;
};

} // namespace fd::cli
