// writeStatusPdf(): the portfolio's compliance position as a document for the General Counsel.
#include "engine/model/money.h"
#include "ui/report/paged_pdf.h"
#include "ui/report/report_html.h"
#include "ui/report/report_pdf.h"

#include <QLocale>

namespace fd::ui {

namespace {

using namespace reportHtml;

QString tableStart(const QString &width) {
    return QStringLiteral("<table width=\"%1\" border=\"0.5\" cellspacing=\"0\" cellpadding=\"2\" "
                          "style=\"border-collapse: collapse; border-color: #999999;\">")
        .arg(width);
}

QStringList countCells(const QString &placeHtml, const report::StatusCounts &c) {
    const QLocale locale;
    return {placeHtml,
            locale.toString(c.filed),
            locale.toString(c.due30),
            locale.toString(c.due60),
            locale.toString(c.due90),
            locale.toString(c.dueLater),
            c.overdue > 0
                ? QStringLiteral("<span class=\"overdue\">%1</span>").arg(locale.toString(c.overdue))
                : locale.toString(c.overdue),
            locale.toString(c.needsData),
            locale.toString(c.halted),
            locale.toString(c.willNotFile),
            locale.toString(c.total()),
            dollars(c.exposureCents)};
}

QString positionTable(const report::StatusReport &report) {
    QStringList classes(12, QStringLiteral("num"));
    classes[0] = QString();
    QString html = tableStart(QStringLiteral("100%")) + QStringLiteral("<thead>");
    html += row({ReportText::tr("Jurisdiction"), ReportText::tr("Filed"), ReportText::tr("Due in 0–30 days"),
                 ReportText::tr("Due in 31–60 days"), ReportText::tr("Due in 61–90 days"),
                 ReportText::tr("Due later"), ReportText::tr("Overdue"), ReportText::tr("Needs data"),
                 ReportText::tr("Halted"), ReportText::tr("Will not file"), ReportText::tr("Total"),
                 ReportText::tr("Penalty exposure")},
                classes, true);
    html += QStringLiteral("</thead>");
    for (auto it = report.byJurisdiction.cbegin(); it != report.byJurisdiction.cend(); ++it)
        html += row(countCells(place(it.key()).toHtmlEscaped(), it.value()), classes);
    html += row(countCells(ReportText::tr("All jurisdictions").toHtmlEscaped(), report.overall), classes,
                false, QStringLiteral("total"));
    return html + QStringLiteral("</table>");
}

QString whenText(const report::StatusItem &item) {
    if (!item.dueDate.isValid())
        return QString();
    if (item.daysLeft < 0)
        return QStringLiteral("<span class=\"overdue\">%1</span>")
            .arg(ReportText::tr("%n day(s) late", nullptr, -item.daysLeft).toHtmlEscaped());
    if (item.daysLeft == 0)
        return ReportText::tr("due today").toHtmlEscaped();
    return ReportText::tr("in %n day(s)", nullptr, item.daysLeft).toHtmlEscaped();
}

QString detailText(const report::StatusItem &item) {
    QStringList parts;
    switch (item.status) {
    case Compliance::NeedsData:
        if (!item.missingField.isEmpty())
            parts.append(ReportText::tr("needs %1").arg(item.missingField));
        if (!item.reason.isEmpty())
            parts.append(item.reason);
        break;
    case Compliance::Halted:
        if (!item.haltCode.isEmpty())
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
    if (item.planned && item.status != Compliance::NeedsData)
        parts.append(ReportText::tr("planned from the entity register, not admitted yet"));
    return parts.join(QStringLiteral(": ")).toHtmlEscaped();
}

QString statusCell(Compliance status) {
    const QString label = complianceLabel(status).toHtmlEscaped();
    switch (status) {
    case Compliance::Overdue:
        return QStringLiteral("<span class=\"overdue\">%1</span>").arg(label);
    case Compliance::Halted:
        return QStringLiteral("<span class=\"halted\">%1</span>").arg(label);
    case Compliance::NeedsData:
        return QStringLiteral("<span class=\"needs\">%1</span>").arg(label);
    case Compliance::Filed:
    case Compliance::FiledFeeDiffers:
    case Compliance::Due:
    case Compliance::WillNotFile:
        break;
    }
    return label;
}

QString atRiskTable(const report::StatusReport &report) {
    struct Column {
        QString title;
        int widthPercent;
        bool number;
    };
    const QList<Column> columns{
        {ReportText::tr("Entity"), 17, false}, {ReportText::tr("Jurisdiction"), 10, false},
        {ReportText::tr("Filing"), 14, false}, {ReportText::tr("Period"), 5, false},
        {ReportText::tr("Due"), 7, false},     {ReportText::tr("When"), 8, false},
        {ReportText::tr("Status"), 9, false},  {ReportText::tr("Exposure"), 7, true},
        {ReportText::tr("Detail"), 23, false},
    };
    QString html = tableStart(QStringLiteral("100%")) + QStringLiteral("<thead><tr>");
    QStringList classes;
    for (const Column &c : columns) {
        html +=
            QStringLiteral("<th width=\"%1%\" align=\"%2\">%3</th>")
                .arg(c.widthPercent)
                .arg(c.number ? QStringLiteral("right") : QStringLiteral("left"), c.title.toHtmlEscaped());
        classes.append(c.number ? QStringLiteral("num") : QString());
    }
    html += QStringLiteral("</tr></thead>");
    for (const report::StatusItem &i : report.atRisk) {
        html += row(
            {i.entityName.toHtmlEscaped(), place(i.jurisdiction).toHtmlEscaped(),
             i.filing.isEmpty() ? ReportText::tr("every filing").toHtmlEscaped() : i.filing.toHtmlEscaped(),
             i.period > 0 ? QString::number(i.period) : QString(), date(i.dueDate), whenText(i),
             statusCell(i.status), i.status == Compliance::NeedsData ? QString() : dollars(i.exposureCents),
             detailText(i)},
            classes);
    }
    return html + QStringLiteral("</table>");
}

} // namespace

bool writeStatusPdf(const report::StatusReport &report, const QString &path, QString *error) {
    PagedDocument doc;
    doc.title = ReportText::tr("FilingDesk compliance status");
    doc.headerRight = ReportText::tr("As of %1").arg(date(report.asOf));
    doc.footerLeft = producedLine(report.provenance);
    QString body = QStringLiteral("<html><head><style>%1</style></head><body>").arg(styleSheet());
    body += frontMatter(ReportText::tr("Compliance status"),
                        {ReportText::tr("Position as of %1").arg(date(report.asOf)),
                         ReportText::tr("Every stored filing, and the obligations planned from the entity "
                                        "register that are not admitted yet")},
                        report.provenance);
    body += QStringLiteral("<h2>%1</h2>").arg(ReportText::tr("Position by jurisdiction").toHtmlEscaped());
    body += positionTable(report);
    body +=
        QStringLiteral("<p class=\"note\">%1</p>")
            .arg(ReportText::tr("Each filing counts once. Due: days from the as-of date to the due date. "
                                "Needs data: a filing that cannot be planned or sent until a person supplies "
                                "a field. Penalty exposure: for each filing not filed, the penalty owed one "
                                "day after its due date, or today's when it is already late.")
                     .toHtmlEscaped());
    body += QStringLiteral("<h2>%1</h2>")
                .arg(ReportText::tr("Overdue and at-risk filings (%n)", nullptr, int(report.atRisk.size()))
                         .toHtmlEscaped());
    body += QStringLiteral("<p class=\"note\">%1</p>")
                .arg(ReportText::tr("Overdue, halted, needing data, or due within 30 days; by entity name.")
                         .toHtmlEscaped());
    body += report.atRisk.isEmpty()
                ? QStringLiteral("<p>%1</p>")
                      .arg(ReportText::tr("Nothing is overdue or at risk.").toHtmlEscaped())
                : atRiskTable(report);
    body += QStringLiteral("</body></html>");
    doc.html = body;
    return writePagedPdf(doc, path, error);
}

} // namespace fd::ui
