#pragma once

#include <QStringList>

namespace fd {

/// `filingdesk report filings (--db FILE | --ledger URL) [--from DATE] [--to DATE] [--batch ID] --out FILE`
/// `filingdesk report status (--db FILE | --ledger URL) --as-of DATE [--rules FILE] --out FILE`
///
/// Reports for auditors and the General Counsel (README, "Reports"), as CSV or PDF by the extension of
/// --out (.csv, .pdf; written whole or not at all). The data comes from engine/report (a desk's database
/// opened shared and only read, or the team ledger with FILINGDESK_LEDGER_PASSWORD); the PDF from
/// ui/report, which needs a QGuiApplication: main() makes one (the offscreen platform when there is no
/// display). Exit 0 when written; 1 when the file could not be written; 2 on bad input (options, dates, an
/// unknown extension, a database that does not exist, a malformed ledger URL); 3 when the store could not
/// be opened or read (not an audit database, the ledger unreachable or refusing the login), or --rules could
/// not be read.
int runReport(const QStringList &arguments);

/// True when `arguments` (after "report") ask for a PDF (--out FILE.pdf): main() then needs a
/// QGuiApplication; a CSV is written with a QCoreApplication, which needs no platform plugin at all.
bool reportWritesPdf(const QStringList &arguments);

} // namespace fd
