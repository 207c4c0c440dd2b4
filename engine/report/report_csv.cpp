#include "engine/report/report_csv.h"

#include <QSaveFile>
#include <QStringList>

namespace fd::report {

namespace {

QString cell(const QString &text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

void appendLine(QByteArray *out, const QStringList &cells) {
    QStringList quoted;
    quoted.reserve(cells.size());
    for (const QString &c : cells)
        quoted.append(cell(c));
    out->append(quoted.join(QLatin1Char(',')).toUtf8());
    out->append("\r\n");
}

QString isoDate(const QDate &date) {
    return date.isValid() ? date.toString(Qt::ISODate) : QString();
}

QString number(int n) {
    return QString::number(n);
}

QStringList countCells(const StatusCounts &c) {
    return {number(c.filed),
            number(c.due30),
            number(c.due60),
            number(c.due90),
            number(c.dueLater),
            number(c.overdue),
            number(c.needsData),
            number(c.halted),
            number(c.willNotFile),
            number(c.total()),
            csvDollars(c.exposureCents)};
}

constexpr int kCountColumns = 11;
constexpr int kItemColumns = 11;

} // namespace

QString csvDollars(qint64 cents) {
    const bool negative = cents < 0;
    const quint64 magnitude = negative ? quint64(-(cents + 1)) + 1 : quint64(cents);
    return QStringLiteral("%1%2.%3")
        .arg(negative ? QStringLiteral("-") : QString())
        .arg(magnitude / 100)
        .arg(magnitude % 100, 2, 10, QLatin1Char('0'));
}

QByteArray filingsCsv(const FilingsReport &report) {
    QByteArray out;
    appendLine(&out,
               {QStringLiteral("entity_name"), QStringLiteral("entity_id"), QStringLiteral("jurisdiction"),
                QStringLiteral("filing"), QStringLiteral("period"), QStringLiteral("due_date"),
                QStringLiteral("status"), QStringLiteral("filed_at"), QStringLiteral("confirmation_number"),
                QStringLiteral("fee_expected"), QStringLiteral("fee_charged"), QStringLiteral("launched_by"),
                QStringLiteral("resolved_by"), QStringLiteral("batch"), QStringLiteral("missing_data"),
                QStringLiteral("reason")});
    for (const FilingRow &r : report.rows) {
        appendLine(&out, {r.entityName, r.entityId, r.jurisdiction, r.filing, number(r.period),
                          isoDate(r.dueDate), complianceName(r.status),
                          r.filedAtUtc.isValid() ? r.filedAtUtc.toUTC().toString(Qt::ISODate) : QString(),
                          r.confirmationNumber, csvDollars(r.feeExpectedCents),
                          r.feeChargedCents < 0 ? QString() : csvDollars(r.feeChargedCents), r.launchedBy,
                          r.resolvedBy, r.batchId, QString(), QString()});
    }
    // Not filed, data missing: no period, due date, fee or batch yet.
    for (const MissingDataRow &m : report.missingData) {
        appendLine(&out, {m.entityName, m.entityId, m.jurisdiction, m.filing, QString(), QString(),
                          complianceName(Compliance::NeedsData), QString(), QString(), QString(), QString(),
                          QString(), QString(), QString(), m.missing.join(QStringLiteral("; ")), m.reason});
    }
    return out;
}

QByteArray statusCsv(const StatusReport &report) {
    QByteArray out;
    appendLine(
        &out,
        {QStringLiteral("section"),          QStringLiteral("jurisdiction"),  QStringLiteral("filed"),
         QStringLiteral("due_0_30"),         QStringLiteral("due_31_60"),     QStringLiteral("due_61_90"),
         QStringLiteral("due_later"),        QStringLiteral("overdue"),       QStringLiteral("needs_data"),
         QStringLiteral("halted"),           QStringLiteral("will_not_file"), QStringLiteral("total"),
         QStringLiteral("penalty_exposure"), QStringLiteral("entity_name"),   QStringLiteral("entity_id"),
         QStringLiteral("filing"),           QStringLiteral("period"),        QStringLiteral("due_date"),
         QStringLiteral("status"),           QStringLiteral("days_left"),     QStringLiteral("missing_field"),
         QStringLiteral("halt_code"),        QStringLiteral("reason"),        QStringLiteral("planned")});
    const QStringList noItem(kItemColumns, QString());
    for (auto it = report.byJurisdiction.cbegin(); it != report.byJurisdiction.cend(); ++it)
        appendLine(&out,
                   QStringList{QStringLiteral("jurisdiction"), it.key()} + countCells(it.value()) + noItem);
    appendLine(&out, QStringList{QStringLiteral("total"), QString()} + countCells(report.overall) + noItem);
    for (const StatusItem &i : report.atRisk) {
        QStringList counts(kCountColumns - 1, QString()); // the counts do not apply to one filing
        counts.append(csvDollars(i.exposureCents));       // penalty_exposure: this filing's
        appendLine(&out, QStringList{QStringLiteral("at_risk"), i.jurisdiction} + counts +
                             QStringList{i.entityName, i.entityId, i.filing,
                                         i.period > 0 ? number(i.period) : QString(), isoDate(i.dueDate),
                                         complianceName(i.status),
                                         i.dueDate.isValid() ? number(i.daysLeft) : QString(), i.missingField,
                                         i.haltCode, i.reason,
                                         i.planned ? QStringLiteral("yes") : QStringLiteral("no")});
    }
    return out;
}

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error) {
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
        *error = QStringLiteral("%1: %2").arg(path, out.errorString());
        return false;
    }
    return true;
}

} // namespace fd::report
