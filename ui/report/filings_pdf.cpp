// writeFilingsPdf(): the filings report as a document for auditors.
#include "engine/model/money.h"
#include "ui/report/paged_pdf.h"
#include "ui/report/report_html.h"
#include "ui/report/report_pdf.h"

#include <QLocale>
#include <QMap>

#include <algorithm>

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
    if (!f.jurisdictions.isEmpty())
        lines.append(ReportText::tr("Only %1").arg(places(f.jurisdictions)));
    lines.append(ReportText::tr("Statuses as of %1").arg(date(report.asOf)));
    return lines;
}

// Per jurisdiction: the stored filings, their fees, and the filings that cannot be planned for want of
// data (which have no fee yet).
PdfTable totalsTable(const report::FilingsReport &report) {
    QMap<QString, int> missing;
    for (const report::MissingDataRow &m : report.missingData)
        ++missing[m.jurisdiction];
    QStringList codes = report.byJurisdiction.keys();
    for (auto it = missing.cbegin(); it != missing.cend(); ++it) {
        if (!codes.contains(it.key()))
            codes.append(it.key());
    }
    std::sort(codes.begin(), codes.end(), [](const QString &a, const QString &b) {
        if (a.isEmpty() != b.isEmpty())
            return b.isEmpty(); // the unresolved place last
        return a < b;
    });
    const bool anyMissing = !report.missingData.isEmpty();
    PdfTable table;
    table.headers = QStringList{ReportText::tr("Jurisdiction"), ReportText::tr("Filings"),
                                ReportText::tr("Fees expected"), ReportText::tr("Fees charged")};
    table.rightAligned = {false, true, true, true, true};
    if (anyMissing)
        table.headers.append(ReportText::tr("Data missing"));
    table.maxWidth = 0.6;
    table.stretch = false;
    const QLocale locale;
    for (const QString &code : std::as_const(codes)) {
        const report::FeeTotals fees = report.byJurisdiction.value(code);
        QList<PdfCell> cells{PdfCell(place(code)), PdfCell::whole(locale.toString(fees.count)),
                             PdfCell::whole(dollars(fees.expectedCents)),
                             PdfCell::whole(dollars(fees.chargedCents))};
        if (anyMissing) {
            const int n = missing.value(code);
            cells.append(n > 0 ? PdfCell::whole(locale.toString(n)) : PdfCell::whole(QString()));
            if (n > 0)
                cells.last().color = needsColor();
        }
        table.rows.append({cells, false});
    }
    QList<PdfCell> all{
        PdfCell(ReportText::tr("All jurisdictions")), PdfCell(locale.toString(report.overall.count)),
        PdfCell(dollars(report.overall.expectedCents)), PdfCell(dollars(report.overall.chargedCents))};
    if (anyMissing)
        all.append(PdfCell(locale.toString(report.missingData.size()), needsColor(), true));
    table.rows.append({all, true});
    return table;
}

// The sentence under the totals that says what is not in the filings table and why.
QString missingDataSentence(const report::FilingsReport &report) {
    if (!report.missingData.isEmpty()) {
        const int entities = report.entitiesNeedingData();
        const int filings = int(report.missingData.size());
        return entities == 1
                   ? ReportText::tr("1 entity needs data before FilingDesk can plan its filings "
                                    "(%1 in all): see \"Not filed — data missing\".")
                         .arg(QLocale().toString(filings))
                   : ReportText::tr("%1 entities need data before FilingDesk can plan their filings "
                                    "(%2 in all): see \"Not filed — data missing\".")
                         .arg(QLocale().toString(entities), QLocale().toString(filings));
    }
    if (report.missingDataLeftOut > 0)
        return ReportText::tr("Filings of the register that cannot be planned for want of data: %1. They "
                              "are in no batch, so this batch's report leaves them out (a report without a "
                              "batch lists them).")
            .arg(QLocale().toString(report.missingDataLeftOut));
    return QString();
}

PdfTable missingDataTable(const report::FilingsReport &report) {
    PdfTable table;
    table.headers =
        QStringList{ReportText::tr("Entity"), ReportText::tr("Entity ID"), ReportText::tr("Jurisdiction"),
                    ReportText::tr("Filing"), ReportText::tr("Missing"),   ReportText::tr("Why")};
    for (const report::MissingDataRow &m : report.missingData) {
        table.rows.append(
            {{PdfCell(m.entityName), PdfCell::whole(m.entityId),
              PdfCell::whole(m.jurisdiction.isEmpty() ? ReportText::tr("unknown") : m.jurisdiction),
              PdfCell(m.filing.isEmpty() ? ReportText::tr("every filing") : m.filing),
              PdfCell(missingFieldsLabel(m.missing), needsColor(), true), PdfCell(peopleReason(m.reason))},
             false});
    }
    return table;
}

// One row per filing. Column widths come from the content (PdfTable): a name or a filing wraps at its
// spaces; ids, dates, confirmation numbers, amounts and batch ids stay on one line.
PdfTable filingsTable(const report::FilingsReport &report) {
    PdfTable table;
    table.headers = QStringList{
        ReportText::tr("Entity"),       ReportText::tr("Entity ID"),   ReportText::tr("Jurisdiction"),
        ReportText::tr("Filing"),       ReportText::tr("Period"),      ReportText::tr("Due"),
        ReportText::tr("Status"),       ReportText::tr("Filed on"),    ReportText::tr("Confirmation"),
        ReportText::tr("Fee expected"), ReportText::tr("Fee charged"), ReportText::tr("Launched by"),
        ReportText::tr("Resolved by"),  ReportText::tr("Batch")};
    table.rightAligned = {false, false, false, false, false, false, false,
                          false, false, true,  true,  false, false, false};
    for (const report::FilingRow &r : report.rows) {
        table.rows.append(
            {{PdfCell(r.entityName), PdfCell::whole(r.entityId), PdfCell::whole(r.jurisdiction),
              PdfCell(r.filing), PdfCell::whole(QString::number(r.period)), PdfCell::whole(date(r.dueDate)),
              statusCell(r.status), PdfCell::whole(filedOn(r.filedAtUtc)),
              PdfCell::whole(r.confirmationNumber), PdfCell::whole(dollars(r.feeExpectedCents)),
              PdfCell::whole(r.feeChargedCents < 0 ? QString() : dollars(r.feeChargedCents)),
              PdfCell(personLabel(r.launchedBy)), PdfCell(personLabel(r.resolvedBy)),
              PdfCell::whole(r.batchId)},
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
    QString notes;
    const QString missingSentence = missingDataSentence(report);
    if (!missingSentence.isEmpty())
        notes += QStringLiteral("<p>%1</p>").arg(missingSentence.toHtmlEscaped());
    notes += QStringLiteral("<p class=\"note\">%1</p>")
                 .arg(ReportText::tr("Fees expected are the rules' fees; fees charged are the registries' "
                                     "receipts (a filing without a receipt adds nothing). Filed on: the day "
                                     "(local time, %1) the audit trail recorded it accepted; the CSV has the "
                                     "time to the second. Launched by: the "
                                     "person who launched the filing's batch, or who sent it again after a "
                                     "halt. Resolved by: who resolved its halt, recorded it as filed outside "
                                     "FilingDesk or withdrew it.")
                          .arg(localZoneName())
                          .toHtmlEscaped());
    doc.addHtml(
        notes +
        QStringLiteral("<h2>%1</h2>")
            .arg(ReportText::tr("Filings (%1)").arg(QLocale().toString(report.rows.size())).toHtmlEscaped()));
    if (report.rows.isEmpty())
        doc.addHtml(
            QStringLiteral("<p>%1</p>").arg(ReportText::tr("No stored filing matches.").toHtmlEscaped()));
    else
        doc.addTable(filingsTable(report));
    if (!report.missingData.isEmpty()) {
        doc.addHtml(QStringLiteral("<h2>%1</h2><p class=\"note\">%2</p>")
                        .arg(ReportText::tr("Not filed — data missing (%1)")
                                 .arg(QLocale().toString(report.missingData.size()))
                                 .toHtmlEscaped(),
                             ReportText::tr("Entities of the register, or filings of them, that FilingDesk "
                                            "cannot plan until a person supplies what is missing: they have "
                                            "no due date yet, so no filter by due date leaves them out.")
                                 .toHtmlEscaped()));
        doc.addTable(missingDataTable(report));
    }
    doc.addHtml(verificationAppendix(report.provenance));
    return writePagedPdf(doc, path, error);
}

} // namespace fd::ui
