#include "ui/report/report_html.h"

#include "engine/import/iso_codes.h"
#include "engine/ledger/ledger_endpoint.h"

#include <QDir>
#include <QLocale>
#include <QRegularExpression>
#include <QTimeZone>

namespace fd::ui::reportHtml {

namespace {

QString esc(const QString &text) {
    return text.toHtmlEscaped();
}

QString number(qint64 n) {
    return QLocale().toString(n);
}

QString hashSpan(const QString &hex) {
    return QStringLiteral("<span class=\"hash\">%1</span>").arg(esc(hex));
}

// The first 8 hex digits of a hash and an ellipsis: enough for a person to match it by eye; the whole is in
// the appendix.
QString shortHash(const QString &hex) {
    return hex.size() > 8 ? hex.left(8) + QChar(0x2026) : hex;
}

QString quotedPath(const QString &path) {
    const QString native = QDir::toNativeSeparators(path);
    return native.contains(QLatin1Char(' ')) ? QStringLiteral("\"%1\"").arg(native) : native;
}

// The command that checks a desk's digest, as a reader types it.
QString deskVerifyCommand(const report::AuditTrailHead &trail, bool withDigest) {
    QString command = QStringLiteral("filingdesk report verify --db %1 --through %2")
                          .arg(quotedPath(trail.store))
                          .arg(trail.lastRowId);
    if (withDigest)
        command += QStringLiteral(" --digest %1").arg(trail.digestSha256);
    return command;
}

QString ledgerVerifyCommand(const report::AuditTrailHead &trail) {
    return QStringLiteral("filingdesk audit verify --ledger %1").arg(trail.store);
}

// The audit trail in one line for people.
QString trailText(const report::AuditTrailHead &trail) {
    using Kind = report::AuditTrailHead::Kind;
    if (trail.rows == 0)
        return esc(ReportText::tr("No entries yet."));
    const QString last =
        trail.lastAtUtc.isValid() ? dateTime(trail.lastAtUtc) : ReportText::tr("time unknown");
    // The command by name; the whole of it, with the full chain head or fingerprint, is at the end.
    if (trail.kind == Kind::LedgerChain) {
        return esc(ReportText::tr("Entries 1 to %1, last entry sealed %2, chain head %3 — verify with %4 "
                                  "(the command is at the end of this report)")
                       .arg(number(trail.lastSeq), last, shortHash(trail.rowHash),
                            QStringLiteral("filingdesk audit verify")));
    }
    return esc(ReportText::tr("Entries 1 to %1, last entry recorded %2, fingerprint %3 — verify with %4 "
                              "(the command is at the end of this report)")
                   .arg(number(trail.lastRowId), last, shortHash(trail.digestSha256),
                        QStringLiteral("filingdesk report verify")));
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
    QString meta = QStringLiteral("<table class=\"meta\" cellspacing=\"0\" cellpadding=\"1\">");
    auto metaRow = [&meta](const QString &label, const QString &valueHtml) {
        meta += QStringLiteral("<tr><td class=\"label\" width=\"12%\">%1</td><td>%2</td></tr>")
                    .arg(esc(label), valueHtml);
    };
    metaRow(ReportText::tr("Produced by"), ReportText::tr("%1 on %2, %3")
                                               .arg(esc(provenance.producedBy), esc(provenance.host),
                                                    esc(dateTime(provenance.producedAtUtc))));
    metaRow(ReportText::tr("Source"), esc(sourceText(provenance.trail)));
    metaRow(ReportText::tr("Audit trail"), trailText(provenance.trail));
    if (!provenance.rulesVersion.isEmpty())
        metaRow(ReportText::tr("Rules"), esc(provenance.rulesVersion));
    meta += QStringLiteral("</table>");
    return QStringLiteral("<h1>%1</h1><p class=\"sub\">%2</p>%3")
        .arg(esc(title), subtitle.join(QStringLiteral("<br/>")), meta);
}

QString verificationAppendix(const report::ReportProvenance &provenance) {
    using Kind = report::AuditTrailHead::Kind;
    const report::AuditTrailHead &trail = provenance.trail;
    QStringList lines;
    if (trail.kind == Kind::LedgerChain) {
        lines.append(esc(ReportText::tr("This report was made from the team ledger's audit trail up to entry "
                                        "%1, whose seal (row hash) is:")
                             .arg(number(trail.lastSeq))));
        lines.append(hashSpan(trail.rowHash));
        if (!trail.ledgerId.isEmpty())
            lines.append(esc(ReportText::tr("Ledger identity: %1.").arg(trail.ledgerId)));
        lines.append(esc(ReportText::tr("To check it: %1 recomputes every entry's seal from the first; the "
                                        "entry %2 must still carry the seal above.")
                             .arg(ledgerVerifyCommand(trail), number(trail.lastSeq))));
    } else {
        lines.append(esc(ReportText::tr("This report was made from the desk database's audit entries 1 to "
                                        "%1. Their fingerprint (SHA-256 of every entry) is:")
                             .arg(number(trail.lastRowId))));
        lines.append(hashSpan(trail.digestSha256));
        lines.append(esc(ReportText::tr("To check that those entries are unchanged, run: %1 (the same "
                                        "fingerprint means they are; it does not protect against someone "
                                        "who rewrites the database and this report together).")
                             .arg(deskVerifyCommand(trail, true))));
        if (trail.mirroredSeq > 0) {
            lines.append(esc(ReportText::tr("This database mirrors a team ledger up to its entry %1, sealed:")
                                 .arg(number(trail.mirroredSeq))));
            lines.append(hashSpan(trail.mirroredRowHash));
        }
    }
    return QStringLiteral("<h2>%1</h2><p class=\"note\">%2</p>")
        .arg(esc(ReportText::tr("Verifying this report")), lines.join(QStringLiteral("<br/>")));
}

QString sourceText(const report::AuditTrailHead &trail) {
    if (trail.kind != report::AuditTrailHead::Kind::LedgerChain)
        return ReportText::tr("Desk database %1").arg(QDir::toNativeSeparators(trail.store));
    LedgerEndpoint endpoint;
    QString ignored;
    if (!LedgerEndpoint::parse(trail.store, &endpoint, &ignored))
        return ReportText::tr("Team ledger %1").arg(trail.store);
    return ReportText::tr("Team ledger: database %1 on %2:%3 (login %4)")
        .arg(endpoint.database, endpoint.host)
        .arg(endpoint.port)
        .arg(endpoint.user);
}

QString missingFieldLabel(const QString &field) {
    if (field == QLatin1String("formation_date"))
        return ReportText::tr("formation date");
    if (field == QLatin1String("registry_id"))
        return ReportText::tr("state file number");
    if (field == QLatin1String("entity_type"))
        return ReportText::tr("entity type");
    if (field == QLatin1String("jurisdiction"))
        return ReportText::tr("jurisdiction");
    if (field == QLatin1String("fiscal_year_end"))
        return ReportText::tr("fiscal year end");
    QString words = field;
    return words.replace(QLatin1Char('_'), QLatin1Char(' '));
}

QString missingFieldsLabel(const QStringList &fields) {
    QStringList words;
    for (const QString &f : fields) {
        for (const QString &one : f.split(QStringLiteral(", "), Qt::SkipEmptyParts))
            words.append(missingFieldLabel(one.trimmed()));
    }
    words.removeDuplicates();
    if (words.size() <= 1)
        return words.value(0);
    const QString last = words.takeLast();
    return ReportText::tr("%1 and %2").arg(words.join(QStringLiteral(", ")), last);
}

QString peopleReason(const QString &reason) {
    // "Annual Renewal (US-UT.ALL.ANNUAL_RENEWAL.2000) is due ..." -> "Annual Renewal is due ...": the rule's
    // id is for the rules file, not for a reader.
    static const QRegularExpression kRuleId(QStringLiteral("\\s*\\([A-Z]{2}-[A-Z0-9]{1,3}\\.[A-Z0-9_.]+\\)"));
    QString text = reason;
    return text.remove(kRuleId);
}

QString personLabel(const QString &person) {
    return person == QLatin1String(report::kUnknownPerson) ? ReportText::tr("unknown") : person;
}

QString filedOn(const QDateTime &utc) {
    return utc.isValid() ? QLocale().toString(utc.toLocalTime().date(), QLocale::ShortFormat) : QString();
}

QString localZoneName() {
    const QByteArray id = QTimeZone::systemTimeZoneId();
    return id.isEmpty() ? QDateTime::currentDateTime().timeZoneAbbreviation() : QString::fromUtf8(id);
}

QString place(const QString &code) {
    return code.isEmpty() ? ReportText::tr("(unresolved)") : placeLabel(code);
}

QString places(const QStringList &codes) {
    QStringList names;
    for (const QString &code : codes)
        names.append(place(code));
    return names.join(QStringLiteral(", "));
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
