// writeStatusPdf(): the portfolio's compliance position as a document for the General Counsel.
#include "engine/model/money.h"
#include "engine/rules/rejection_codes.h"
#include "ui/report/paged_pdf.h"
#include "ui/report/report_html.h"
#include "ui/report/report_pdf.h"

#include <QLocale>

namespace fd::ui {

namespace {

using namespace reportHtml;

QList<PdfCell> countCells(const QString &place, const report::StatusCounts &c) {
    const QLocale locale;
    return {PdfCell(place),
            PdfCell(locale.toString(c.filed)),
            PdfCell(locale.toString(c.due30)),
            PdfCell(locale.toString(c.due60)),
            PdfCell(locale.toString(c.due90)),
            PdfCell(locale.toString(c.dueLater)),
            c.overdue > 0 ? PdfCell(locale.toString(c.overdue), alarmColor(), true)
                          : PdfCell(locale.toString(c.overdue)),
            PdfCell(locale.toString(c.needsData)),
            PdfCell(locale.toString(c.halted)),
            PdfCell(locale.toString(c.willNotFile)),
            PdfCell(locale.toString(c.total())),
            PdfCell::whole(dollars(c.exposureCents))};
}

PdfTable positionTable(const report::StatusReport &report) {
    PdfTable table;
    table.headers = QStringList{ReportText::tr("Jurisdiction"),
                                ReportText::tr("Filed"),
                                ReportText::tr("Due in 0–30 days"),
                                ReportText::tr("Due in 31–60 days"),
                                ReportText::tr("Due in 61–90 days"),
                                ReportText::tr("Due later"),
                                ReportText::tr("Overdue"),
                                ReportText::tr("Needs data"),
                                ReportText::tr("Needs a person"),
                                ReportText::tr("Will not file"),
                                ReportText::tr("Total"),
                                ReportText::tr("Penalty exposure")};
    table.rightAligned = QList<bool>(12, true);
    table.rightAligned[0] = false;
    for (auto it = report.byJurisdiction.cbegin(); it != report.byJurisdiction.cend(); ++it)
        table.rows.append({countCells(place(it.key()), it.value()), false});
    table.rows.append({countCells(ReportText::tr("All jurisdictions"), report.overall), true});
    return table;
}

PdfCell whenCell(const report::StatusItem &item) {
    if (!item.dueDate.isValid())
        return PdfCell();
    if (item.daysLeft < 0)
        return PdfCell(ReportText::tr("%n day(s) late", nullptr, -item.daysLeft), alarmColor(), true);
    if (item.daysLeft == 0)
        return PdfCell(ReportText::tr("due today"));
    return PdfCell(ReportText::tr("in %n day(s)", nullptr, item.daysLeft));
}

QString detailText(const report::StatusItem &item) {
    QStringList parts;
    switch (item.status) {
    case Compliance::NeedsData: {
        QString reason = peopleReason(item.reason);
        if (!item.missingField.isEmpty()) {
            const QString missing = missingFieldsLabel({item.missingField});
            parts.append(ReportText::tr("needs %1").arg(missing));
            // The planner's "entity type unknown: the name has no suffix" (in English) after "needs entity
            // type": said once.
            const QString unknownPrefix =
                QString(item.missingField).replace(QLatin1Char('_'), QLatin1Char(' ')) +
                QStringLiteral(" unknown: ");
            if (reason.startsWith(unknownPrefix, Qt::CaseInsensitive))
                reason = reason.mid(unknownPrefix.size());
        }
        if (!reason.isEmpty())
            parts.append(reason);
    } break;
    case Compliance::Halted:
        // A code the catalogue knows is said in its plain words ("Registered agent expired
        // (STAT_AGENT_EXPIRED)"), as the console says it: the registry's own message is for support.
        if (const std::optional<RejectionCode> known = RejectionCatalogue::builtIn().find(item.haltCode)) {
            parts.append(ReportText::tr("%1 (%2)").arg(known->title, known->code));
            break;
        }
        // The registry's code once: a message that already names it is not preceded by it again.
        if (!item.haltCode.isEmpty() && !item.reason.contains(item.haltCode))
            parts.append(item.haltCode);
        if (!item.reason.isEmpty())
            parts.append(item.reason);
        break;
    case Compliance::Filed:
    case Compliance::FiledFeeDiffers:
    case Compliance::Due:
    case Compliance::Overdue:
    case Compliance::WillNotFile:
        break;
    }
    if (item.planned && item.status == Compliance::Overdue)
        parts.append(ReportText::tr("never started in FilingDesk: nothing was filed for it"));
    else if (item.planned && item.status != Compliance::NeedsData)
        parts.append(ReportText::tr("planned from the entity register, not admitted yet"));
    return parts.join(QStringLiteral(": "));
}

PdfCell statusCell(Compliance status) {
    const QString label = complianceLabel(status);
    switch (status) {
    case Compliance::Overdue:
        return PdfCell(label, alarmColor(), true);
    case Compliance::Halted:
        return PdfCell(label, alarmColor());
    case Compliance::NeedsData:
        return PdfCell(label, needsColor());
    case Compliance::Filed:
    case Compliance::FiledFeeDiffers:
    case Compliance::Due:
    case Compliance::WillNotFile:
        break;
    }
    return PdfCell(label);
}

PdfTable atRiskTable(const report::StatusReport &report) {
    PdfTable table;
    table.headers =
        QStringList{ReportText::tr("Entity"), ReportText::tr("Jurisdiction"), ReportText::tr("Filing"),
                    ReportText::tr("Period"), ReportText::tr("Due"),          ReportText::tr("When"),
                    ReportText::tr("Status"), ReportText::tr("Exposure"),     ReportText::tr("Detail")};
    table.rightAligned = {false, false, false, false, false, false, false, true, false};
    for (const report::StatusItem &i : report.atRisk) {
        table.rows.append(
            {{PdfCell(i.entityName), PdfCell(place(i.jurisdiction)),
              PdfCell(i.filing.isEmpty() ? ReportText::tr("every filing") : i.filing),
              PdfCell::whole(i.period > 0 ? QString::number(i.period) : QString()),
              PdfCell::whole(date(i.dueDate)), whenCell(i), statusCell(i.status),
              PdfCell::whole(i.status == Compliance::NeedsData ? QString() : dollars(i.exposureCents)),
              PdfCell(detailText(i))},
             false});
    }
    return table;
}

} // namespace

bool writeStatusPdf(const report::StatusReport &report, const QString &path, QString *error) {
    PagedDocument doc;
    doc.title = ReportText::tr("FilingDesk compliance status");
    doc.headerRight = ReportText::tr("As of %1").arg(date(report.asOf));
    doc.footerLeft = producedLine(report.provenance);
    doc.styleSheet = styleSheet();
    QStringList subtitle{ReportText::tr("Position as of %1").arg(date(report.asOf)),
                         ReportText::tr("Every stored filing, and the obligations planned from the entity "
                                        "register that are not admitted yet")};
    if (!report.jurisdictions.isEmpty())
        subtitle.append(ReportText::tr("Only %1").arg(places(report.jurisdictions)));
    doc.addHtml(
        frontMatter(ReportText::tr("Compliance status"), subtitle, report.provenance) +
        QStringLiteral("<h2>%1</h2>").arg(ReportText::tr("Position by jurisdiction").toHtmlEscaped()));
    doc.addTable(positionTable(report));
    doc.addHtml(
        QStringLiteral("<p class=\"note\">%1</p>")
            .arg(
                ReportText::tr("Each filing counts once. Due: days from the as-of date to the due date. "
                               "Needs data: a filing that cannot be planned or sent until a person supplies "
                               "a field. Penalty exposure: for each filing not filed, the penalty owed one "
                               "day after its due date, or today's when it is already late. Overdue includes "
                               "obligations that fell due while the entity was in the register but were "
                               "never started.")
                    .toHtmlEscaped()) +
        QStringLiteral("<h2>%1</h2>")
            .arg(ReportText::tr("Overdue and at-risk filings (%n)", nullptr, int(report.atRisk.size()))
                     .toHtmlEscaped()) +
        QStringLiteral("<p class=\"note\">%1</p>")
            .arg(ReportText::tr(
                     "Overdue, needing a person, needing data, or due within 30 days; by entity name.")
                     .toHtmlEscaped()));
    if (report.atRisk.isEmpty())
        doc.addHtml(QStringLiteral("<p>%1</p>")
                        .arg(ReportText::tr("Nothing is overdue or at risk.").toHtmlEscaped()));
    else
        doc.addTable(atRiskTable(report));
    doc.addHtml(verificationAppendix(report.provenance));
    return writePagedPdf(doc, path, error);
}

} // namespace fd::ui
