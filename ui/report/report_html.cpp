#include "ui/report/report_html.h"

#include "engine/import/iso_codes.h"

#include <QLocale>
#include <QTimeZone>

namespace fd::ui::reportHtml {

namespace {

QString esc(const QString &text) {
    return text.toHtmlEscaped();
}

QString number(qint64 n) {
    return QLocale().toString(n);
}

// What a reader can check the audit trail's head with, in words.
QString trailText(const report::AuditTrailHead &trail) {
    using Kind = report::AuditTrailHead::Kind;
    if (trail.kind == Kind::LedgerChain) {
        return ReportText::tr("Hash-chained. Chain head: seq %1, row_hash %2. Check the chain up to this "
                              "row with: filingdesk audit verify --ledger %3")
            .arg(number(trail.lastSeq),
                 QStringLiteral("<span class=\"hash\">%1</span>").arg(esc(trail.rowHash)), esc(trail.store));
    }
    QString text =
        ReportText::tr("Not hash-chained (a single desk's database). %1 audit rows, the last with id %2. "
                       "SHA-256 digest of rows 1 to %2: %3. How to recompute it with the sqlite3 shell: "
                       "docs/reports.md, \"Desk digest\".")
            .arg(number(trail.rows), number(trail.lastRowId),
                 QStringLiteral("<span class=\"hash\">%1</span>").arg(esc(trail.digestSha256)));
    if (trail.mirroredSeq > 0)
        text += QLatin1Char(' ') +
                ReportText::tr("This database mirrors a team ledger up to seq %1 (row_hash %2).")
                    .arg(number(trail.mirroredSeq),
                         QStringLiteral("<span class=\"hash\">%1</span>").arg(esc(trail.mirroredRowHash)));
    return text;
}

} // namespace

QString styleSheet() {
    return QStringLiteral("h1 { font-size: 16pt; font-weight: bold; margin-bottom: 2pt; }"
                          "h2 { font-size: 10.5pt; font-weight: bold; margin-top: 12pt; margin-bottom: 4pt; }"
                          "p.sub { font-size: 10pt; margin-top: 0; margin-bottom: 8pt; }"
                          "p.note { font-size: 7pt; color: #555555; margin-top: 3pt; }"
                          "table.meta td { font-size: 7.5pt; padding: 1pt 6pt 1pt 0; }"
                          "td.label { font-weight: bold; color: #333333; }"
                          "span.hash { font-family: monospace; font-size: 6.5pt; }");
}

QString frontMatter(const QString &title, const QStringList &subtitleLines,
                    const report::ReportProvenance &provenance) {
    QStringList subtitle;
    for (const QString &line : subtitleLines)
        subtitle.append(esc(line));
    const bool ledger = provenance.trail.kind == report::AuditTrailHead::Kind::LedgerChain;
    QString source = ledger ? ReportText::tr("Team ledger %1").arg(esc(provenance.trail.store))
                            : ReportText::tr("Desk database %1").arg(esc(provenance.trail.store));
    if (ledger && !provenance.trail.ledgerId.isEmpty())
        source += QLatin1Char(' ') + ReportText::tr("(ledger id %1)").arg(esc(provenance.trail.ledgerId));
    QString meta = QStringLiteral("<table class=\"meta\" cellspacing=\"0\" cellpadding=\"1\">");
    auto metaRow = [&meta](const QString &label, const QString &valueHtml) {
        meta += QStringLiteral("<tr><td class=\"label\" width=\"12%\">%1</td><td>%2</td></tr>")
                    .arg(esc(label), valueHtml);
    };
    metaRow(ReportText::tr("Produced by"), ReportText::tr("%1 on %2, %3")
                                               .arg(esc(provenance.producedBy), esc(provenance.host),
                                                    esc(dateTime(provenance.producedAtUtc))));
    metaRow(ReportText::tr("Source"), source);
    metaRow(ReportText::tr("Audit trail"), trailText(provenance.trail));
    if (!provenance.rulesVersion.isEmpty())
        metaRow(ReportText::tr("Rules"), esc(provenance.rulesVersion));
    meta += QStringLiteral("</table>");
    return QStringLiteral("<h1>%1</h1><p class=\"sub\">%2</p>%3")
        .arg(esc(title), subtitle.join(QStringLiteral("<br/>")), meta);
}

QString place(const QString &code) {
    return code.isEmpty() ? ReportText::tr("(unresolved)") : placeLabel(code);
}

QString date(const QDate &d) {
    return d.isValid() ? QLocale().toString(d, QLocale::ShortFormat) : ReportText::tr("date unknown");
}

QString dateTime(const QDateTime &utc) {
    if (!utc.isValid())
        return QString();
    const QDateTime local = utc.toLocalTime();
    return QStringLiteral("%1 %2").arg(QLocale().toString(local, QLocale::ShortFormat),
                                       local.timeZoneAbbreviation());
}

QString producedLine(const report::ReportProvenance &provenance) {
    return ReportText::tr("Produced by %1 on %2, %3")
        .arg(provenance.producedBy, provenance.host, dateTime(provenance.producedAtUtc));
}

} // namespace fd::ui::reportHtml
