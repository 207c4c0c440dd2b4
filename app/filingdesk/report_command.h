#pragma once

#include "app/filingdesk/commands/command.h"

#include <QStringList>

namespace fd {

/// `filingdesk report filings (--db FILE | --ledger URL) [--from DATE] [--to DATE] [--batch ID]
///  [--jurisdiction CODE ...] [--as-of DATE] --out FILE`
/// `filingdesk report status (--db FILE | --ledger URL) --as-of DATE [--rules FILE] [--jurisdiction CODE ...]
///  --out FILE`
/// `filingdesk report verify --db FILE --through N [--digest HEX]`
///
/// Reports for auditors and the General Counsel (README, "Reports"), as CSV or PDF by the extension of
/// --out (.csv, .pdf; written whole or not at all). The data comes from engine/report (a desk's database
/// opened read-only: never written, not even switched to WAL; or the team ledger with
/// FILINGDESK_LEDGER_PASSWORD); the PDF from ui/report, which needs a QGuiApplication: main() makes one (the
/// offscreen platform when there is no display). Both judge statuses at an as-of date (filings: today unless
/// --as-of), so one filing has one status in both. --jurisdiction (repeatable, or comma-separated; ISO codes
/// or a state's name) limits both reports to those jurisdictions. Every other option is given at most once.
/// `verify` recomputes the fingerprint (digest) of a desk's audit entries 1..N that a desk's report prints,
/// and with --digest exits 1 when it no longer matches. Exit 0 when written;
/// 1 when the file could not be written; 2 on bad input (options, dates, an unknown extension or a name that
/// is only one, an output folder that does not exist, a database that does not exist, a --batch no stored
/// filing belongs to, a malformed ledger URL), checked before anything is read where it can be; 3 when the
/// store could not be opened or read (not a FilingDesk database, or a newer one; the ledger unreachable or
/// refusing the login), or --rules could not be read.
int runReport(const QStringList &arguments);

/// True when `arguments` (after "report") ask for a PDF (--out FILE.pdf): main() then needs a
/// QGuiApplication; a CSV is written with a QCoreApplication, which needs no platform plugin at all.
bool reportWritesPdf(const QStringList &arguments);

namespace cli {
/// `filingdesk report filings|status ...` as a command (runReport): a PDF needs a QGuiApplication for its
/// fonts, and a report speaks the language the user chose for the console.
class ReportCommand final : public Command {
public:
    QString name() const override { return QStringLiteral("report"); }
    QString summary() const override {
        return QStringLiteral("filings or compliance status report, PDF or CSV");
    }
    Needs needs(const QStringList &arguments) const override {
        return reportWritesPdf(arguments) ? Needs::Gui : Needs::Core;
    }
    bool speaksConsoleLanguage() const override { return true; }
    int run(const QStringList &arguments) const override { return runReport(arguments); }
};
} // namespace cli

} // namespace fd
