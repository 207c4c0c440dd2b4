// writeFilingsPdf(): the filings report as a document for auditors.
#include "engine/model/money.h"
#include "ui/report/paged_pdf.h"
#include "ui/report/report_html.h"
#include "ui/report/report_pdf.h"

#include <QLocale>

namespace fd::ui {

namespace {

using namespace reportHtml;

QString statusCell(Compliance status) {
    const QString label = complianceLabel(status).toHtmlEscaped();
    switch (status) {
    case Compliance::Filed:
    case Compliance::FiledFeeDiffers:
        return QStringLiteral("<span class=\"filed\">%1</span>").arg(label);
    case Compliance::Overdue:
        return QStringLiteral("<span class=\"overdue\">%1</span>").arg(label);
    case Compliance::Halted:
        return QStringLiteral("<span class=\"halted\">%1</span>").arg(label);
    case Compliance::NeedsData:
        return QStringLiteral("<span class=\"needs\">%1</span>").arg(label);
    case Compliance::Due:
    case Compliance::WillNotFile:
        break;
    }
    return label;
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

QString totalsTable(const report::FilingsReport &report) {
    const QStringList right{QString(), QStringLiteral("num"), QStringLiteral("num"), QStringLiteral("num")};
    QString html = QStringLiteral("<table width=\"60%\" border=\"0.5\" cellspacing=\"0\" cellpadding=\"3\" "
                                  "style=\"border-collapse: collapse; border-color: #999999;\"><thead>");
    html += row({ReportText::tr("Jurisdiction"), ReportText::tr("Filings"), ReportText::tr("Fees expected"),
                 ReportText::tr("Fees charged")},
                right, true);
    html += QStringLiteral("</thead>");
    for (auto it = report.byJurisdiction.cbegin(); it != report.byJurisdiction.cend(); ++it) {
        html += row({place(it.key()).toHtmlEscaped(), QLocale().toString(it->count),
                     dollars(it->expectedCents), dollars(it->chargedCents)},
                    right);
    }
    html += row({ReportText::tr("All jurisdictions"), QLocale().toString(report.overall.count),
                 dollars(report.overall.expectedCents), dollars(report.overall.chargedCents)},
                right, false, QStringLiteral("total"));
    return html + QStringLiteral("</table>");
}

QString filingsTable(const report::FilingsReport &report) {
    struct Column {
        QString title;
        qreal widthPercent;
        bool number;
    };
    // Widths fit a US Letter landscape page at the body's 6.5 pt: a confirmation number, a batch id and an
    // amount on one line; names and dates may wrap.
    const QList<Column> columns{
        {ReportText::tr("Entity"), 13, false},      {ReportText::tr("Entity ID"), 10, false},
        {ReportText::tr("Jurisdiction"), 7, false}, {ReportText::tr("Filing"), 10, false},
        {ReportText::tr("Period"), 4.5, false},     {ReportText::tr("Due"), 5.5, false},
        {ReportText::tr("Status"), 7, false},       {ReportText::tr("Filed at"), 8, false},
        {ReportText::tr("Confirmation"), 9, false}, {ReportText::tr("Fee expected"), 5.5, true},
        {ReportText::tr("Fee charged"), 5.5, true}, {ReportText::tr("Launched by"), 5, false},
        {ReportText::tr("Resolved by"), 5, false},  {ReportText::tr("Batch"), 5, false},
    };
    QString html = QStringLiteral("<table width=\"100%\" border=\"0.5\" cellspacing=\"0\" cellpadding=\"2\" "
                                  "style=\"border-collapse: collapse; border-color: #999999;\"><thead><tr>");
    QStringList classes;
    for (const Column &c : columns) {
        html +=
            QStringLiteral("<th width=\"%1%\" align=\"%2\">%3</th>")
                .arg(c.widthPercent)
                .arg(c.number ? QStringLiteral("right") : QStringLiteral("left"), c.title.toHtmlEscaped());
        classes.append(c.number ? QStringLiteral("num") : QString());
    }
    html += QStringLiteral("</tr></thead>");
    for (const report::FilingRow &r : report.rows) {
        html +=
            row({r.entityName.toHtmlEscaped(), r.entityId.toHtmlEscaped(), r.jurisdiction.toHtmlEscaped(),
                 r.filing.toHtmlEscaped(), QString::number(r.period), date(r.dueDate), statusCell(r.status),
                 dateTime(r.filedAtUtc).toHtmlEscaped(), r.confirmationNumber.toHtmlEscaped(),
                 dollars(r.feeExpectedCents), r.feeChargedCents < 0 ? QString() : dollars(r.feeChargedCents),
                 r.launchedBy.toHtmlEscaped(), r.resolvedBy.toHtmlEscaped(), r.batchId.toHtmlEscaped()},
                classes);
    }
    return html + QStringLiteral("</table>");
}

} // namespace

bool writeFilingsPdf(const report::FilingsReport &report, const QString &path, QString *error) {
    PagedDocument doc;
    doc.title = ReportText::tr("FilingDesk filings report");
    doc.headerRight = ReportText::tr("As of %1").arg(date(report.asOf));
    doc.footerLeft = producedLine(report.provenance);
    doc.bodyPointSize = 6.5;
    QString body = QStringLiteral("<html><head><style>%1</style></head><body>").arg(styleSheet());
    body += frontMatter(ReportText::tr("Filings report"), periodLines(report), report.provenance);
    body += QStringLiteral("<h2>%1</h2>").arg(ReportText::tr("Totals by jurisdiction").toHtmlEscaped());
    body += totalsTable(report);
    body += QStringLiteral("<p class=\"note\">%1</p>")
                .arg(ReportText::tr("Fees expected are the rules' fees; fees charged are the registries' "
                                    "receipts (a filing without a receipt adds nothing). Launched by: who "
                                    "launched the filing's batch (else who admitted it). Resolved by: who "
                                    "resolved its halt, recorded it as filed outside FilingDesk or withdrew "
                                    "it. Filed at: when the audit trail recorded it accepted.")
                         .toHtmlEscaped());
    body += QStringLiteral("<h2>%1</h2>")
                .arg(ReportText::tr("Filings (%n)", nullptr, int(report.rows.size())).toHtmlEscaped());
    body += report.rows.isEmpty()
                ? QStringLiteral("<p>%1</p>").arg(ReportText::tr("No stored filing matches.").toHtmlEscaped())
                : filingsTable(report);
    body += QStringLiteral("</body></html>");
    doc.html = body;
    return writePagedPdf(doc, path, error);
}

} // namespace fd::ui
