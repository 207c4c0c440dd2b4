// writeFilingsPdf(): the filings report as a document for auditors.
#include "engine/model/money.h"
#include "ui/report/paged_pdf.h"
#include "ui/report/report_html.h"
#include "ui/report/report_pdf.h"

#include <QLocale>

namespace fd::ui {

namespace {

using namespace reportHtml;

PdfCell statusCell(Compliance status) {
    const QString label = complianceLabel(status);
    switch (status) {
    case Compliance::Filed:
    case Compliance::FiledFeeDiffers:
        return PdfCell(label, filedColor());
    case Compliance::Overdue:
        return PdfCell(label, alarmColor(), true);
    case Compliance::Halted:
        return PdfCell(label, alarmColor());
    case Compliance::NeedsData:
        return PdfCell(label, needsColor());
    case Compliance::Due:
    case Compliance::WillNotFile:
        break;
    }
    return PdfCell(label);
}

QStringList periodLines(const report::FilingsReport &report) {
    const report::FilingsFilter &f = report.filter;
    QStringList lines;
    if (f.fromDue.isValid() && f.toDue.isValid())
        lines.append(ReportText::tr("Filings due from %1 to %2").arg(date(f.fromDue), date(f.toDue)));
    else if (f.fromDue.isValid())
        lines.append(ReportText::tr("Filings due on or after %1").arg(date(f.fromDue)));
    else if (f.toDue.isValid())
        lines.append(ReportText::tr("Filings due on or before %1").arg(date(f.toDue)));
    else
        lines.append(ReportText::tr("Every stored filing, any due date"));
    if (!f.batchId.isEmpty())
        lines.append(ReportText::tr("Batch %1 only").arg(f.batchId));
    lines.append(ReportText::tr("Statuses as of %1").arg(date(report.asOf)));
    return lines;
}

PdfTable totalsTable(const report::FilingsReport &report) {
    PdfTable table;
    table.headers = QStringList{ReportText::tr("Jurisdiction"), ReportText::tr("Filings"),
                                ReportText::tr("Fees expected"), ReportText::tr("Fees charged")};
    table.rightAligned = {false, true, true, true};
    table.maxWidth = 0.6;
    table.stretch = false;
    for (auto it = report.byJurisdiction.cbegin(); it != report.byJurisdiction.cend(); ++it) {
        table.rows.append(
            {{PdfCell(place(it.key())), PdfCell::whole(QLocale().toString(it->count)),
              PdfCell::whole(dollars(it->expectedCents)), PdfCell::whole(dollars(it->chargedCents))},
             false});
    }
    table.rows.append(
        {{PdfCell(ReportText::tr("All jurisdictions")), PdfCell(QLocale().toString(report.overall.count)),
          PdfCell(dollars(report.overall.expectedCents)), PdfCell(dollars(report.overall.chargedCents))},
         true});
    return table;
}

// One row per filing. Column widths come from the content (PdfTable): a name or a filing wraps at its
// spaces; ids, dates, confirmation numbers, amounts and batch ids stay on one line.
PdfTable filingsTable(const report::FilingsReport &report) {
    PdfTable table;
    table.headers = QStringList{
        ReportText::tr("Entity"),       ReportText::tr("Entity ID"),   ReportText::tr("Jurisdiction"),
        ReportText::tr("Filing"),       ReportText::tr("Period"),      ReportText::tr("Due"),
        ReportText::tr("Status"),       ReportText::tr("Filed at"),    ReportText::tr("Confirmation"),
        ReportText::tr("Fee expected"), ReportText::tr("Fee charged"), ReportText::tr("Launched by"),
        ReportText::tr("Resolved by"),  ReportText::tr("Batch")};
    table.rightAligned = {false, false, false, false, false, false, false,
                          false, false, true,  true,  false, false, false};
    for (const report::FilingRow &r : report.rows) {
        table.rows.append(
            {{PdfCell(r.entityName), PdfCell::whole(r.entityId), PdfCell::whole(r.jurisdiction),
              PdfCell(r.filing), PdfCell::whole(QString::number(r.period)), PdfCell::whole(date(r.dueDate)),
              statusCell(r.status), PdfCell(dateTime(r.filedAtUtc)), PdfCell::whole(r.confirmationNumber),
              PdfCell::whole(dollars(r.feeExpectedCents)),
              PdfCell::whole(r.feeChargedCents < 0 ? QString() : dollars(r.feeChargedCents)),
              PdfCell(r.launchedBy), PdfCell(r.resolvedBy), PdfCell::whole(r.batchId)},
             false});
    }
    return table;
}

} // namespace

bool writeFilingsPdf(const report::FilingsReport &report, const QString &path, QString *error) {
    PagedDocument doc;
    doc.title = ReportText::tr("FilingDesk filings report");
    doc.headerRight = ReportText::tr("As of %1").arg(date(report.asOf));
    doc.footerLeft = producedLine(report.provenance);
    doc.bodyPointSize = 6.5;
    doc.styleSheet = styleSheet();
    doc.addHtml(frontMatter(ReportText::tr("Filings report"), periodLines(report), report.provenance) +
                QStringLiteral("<h2>%1</h2>").arg(ReportText::tr("Totals by jurisdiction").toHtmlEscaped()));
    doc.addTable(totalsTable(report));
    doc.addHtml(
        QStringLiteral("<p class=\"note\">%1</p>")
            .arg(ReportText::tr("Fees expected are the rules' fees; fees charged are the registries' "
                                "receipts (a filing without a receipt adds nothing). Launched by: who "
                                "launched the filing's batch (else who admitted it). Resolved by: who "
                                "resolved its halt, recorded it as filed outside FilingDesk or withdrew "
                                "it. Filed at: when the audit trail recorded it accepted.")
                     .toHtmlEscaped()) +
        QStringLiteral("<h2>%1</h2>")
            .arg(ReportText::tr("Filings (%n)", nullptr, int(report.rows.size())).toHtmlEscaped()));
    if (report.rows.isEmpty())
        doc.addHtml(
            QStringLiteral("<p>%1</p>").arg(ReportText::tr("No stored filing matches.").toHtmlEscaped()));
    else
        doc.addTable(filingsTable(report));
    return writePagedPdf(doc, path, error);
}

} // namespace fd::ui
