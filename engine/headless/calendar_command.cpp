#include "engine/headless/calendar_command.h"

#include "engine/audit/audit_store.h"
#include "engine/calendar/ics_writer.h"
#include "engine/rules/due_date_calculator.h"
#include "engine/rules/obligation_planner.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QSaveFile>

#include <cstdio>

namespace fd {

namespace {

int fail(const QString &reason)
{
    std::fputs(qUtf8Printable(QStringLiteral("filingdesk calendar: %1\n").arg(reason)), stderr);
    return 2;
}

} // namespace

int runCalendar(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Exports upcoming statutory deadlines as iCalendar."));
    const QCommandLineOption portfolioOpt(QStringLiteral("portfolio"), QStringLiteral("Portfolio CSV."), QStringLiteral("FILE"));
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("Output .ics file."), QStringLiteral("FILE"));
    const QCommandLineOption asOfOpt(QStringLiteral("as-of"), QStringLiteral("Start date (default today)."), QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption daysOpt(QStringLiteral("days"), QStringLiteral("Horizon in days (default 365)."), QStringLiteral("N"));
    const QCommandLineOption cyclesOpt(QStringLiteral("cycles"), QStringLiteral("Occurrences per rule (default 1)."), QStringLiteral("N"));
    const QCommandLineOption dbOpt(QStringLiteral("db"), QStringLiteral("Audit database with confirmation numbers."), QStringLiteral("FILE"));
    const QCommandLineOption rulesOpt(QStringLiteral("rules"), QStringLiteral("Rules file instead of the built-in one."), QStringLiteral("FILE"));
    parser.addOptions({portfolioOpt, outOpt, asOfOpt, daysOpt, cyclesOpt, dbOpt, rulesOpt});
    parser.addHelpOption();
    if (!parser.parse(QStringList{QStringLiteral("filingdesk calendar")} + arguments))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qUtf8Printable(parser.helpText()), stdout);
        return 0;
    }
    if (!parser.isSet(portfolioOpt) || !parser.isSet(outOpt))
        return fail(QStringLiteral("--portfolio FILE and --out FILE.ics are required"));
    QDate asOf = QDate::currentDate();
    if (parser.isSet(asOfOpt)) {
        asOf = QDate::fromString(parser.value(asOfOpt), Qt::ISODate);
        if (!asOf.isValid())
            return fail(QStringLiteral("--as-of \"%1\" is not a YYYY-MM-DD date").arg(parser.value(asOfOpt)));
    }
    bool ok = true;
    const int days = parser.isSet(daysOpt) ? parser.value(daysOpt).toInt(&ok) : 365;
    if (!ok || days < 0 || days > 3660)
        return fail(QStringLiteral("--days must be a number from 0 to 3660"));
    const int cycles = parser.isSet(cyclesOpt) ? parser.value(cyclesOpt).toInt(&ok) : 1;
    if (!ok || cycles < 1 || cycles > 20)
        return fail(QStringLiteral("--cycles must be a number from 1 to 20"));

    RuleSet rules;
    QString error;
    if (parser.isSet(rulesOpt)) {
        if (!rules.loadFromFile(parser.value(rulesOpt), &error))
            return fail(error);
    } else {
        rules = RuleSet::builtIn();
    }
    const ImportResult import = importPortfolio(parser.value(portfolioOpt));
    if (!import.ok())
        return fail(import.fileError);
    const QList<RowPlan> plan = planObligations(import, rules, asOf);
    const PlanCounts counts = countPlan(plan);

    AuditStore store;
    if (parser.isSet(dbOpt) && !store.open(parser.value(dbOpt), &error))
        return fail(error);

    QList<CalendarEntry> entries;
    const QDate horizon = asOf.addDays(days);
    for (const RowPlan &row : plan) {
        if (row.outcome != RowOutcome::Obligations)
            continue;
        for (const Obligation &first : row.obligations) {
            const Rule *rule = rules.ruleById(first.ruleId);
            QList<Obligation> occurrences{first};
            if (rule && cycles > 1) {
                DueProblem problem;
                const QList<DueOccurrence> more = dueOccurrences(*rule, row.entity, first.dueDate.addDays(1), cycles - 1, &problem);
                for (const DueOccurrence &occ : more) {
                    Obligation o = first;
                    o.dueDate = occ.due;
                    o.windowOpens = occ.windowOpens;
                    o.filingYear = occ.filingYear;
                    occurrences.append(o);
                }
            }
            for (const Obligation &o : occurrences) {
                if (o.dueDate > horizon)
                    continue;
                CalendarEntry entry{o, QString()};
                if (store.isOpen()) {
                    if (const auto task = store.task(o.idempotencyKey()); task && task->state == ExecutionState::Completed)
                        entry.confirmationNumber = task->confirmationNumber;
                }
                entries.append(entry);
            }
        }
    }
    std::sort(entries.begin(), entries.end(), [](const CalendarEntry &a, const CalendarEntry &b) {
        return a.obligation.dueDate < b.obligation.dueDate;
    });
    QSaveFile out(parser.value(outOpt));
    if (!out.open(QIODevice::WriteOnly))
        return fail(QStringLiteral("%1: cannot write: %2").arg(parser.value(outOpt), out.errorString()));
    out.write(writeIcs(entries, QDateTime::currentDateTimeUtc()));
    if (!out.commit())
        return fail(QStringLiteral("%1: cannot write: %2").arg(parser.value(outOpt), out.errorString()));
    std::fputs(qUtf8Printable(QStringLiteral("%1: %2 event(s) from %3 rows (%4 with obligations, %5 need data, %6 out of "
                                             "scope, %7 row errors)\n")
                                  .arg(parser.value(outOpt))
                                  .arg(entries.size())
                                  .arg(counts.rows)
                                  .arg(counts.rowsWithObligations)
                                  .arg(counts.needsData)
                                  .arg(counts.outOfScope)
                                  .arg(counts.rowErrors)),
               stderr);
    for (const RowPlan &row : plan) {
        if (row.outcome == RowOutcome::NeedsData && row.entity.isUsDomestic())
            std::fputs(qUtf8Printable(QStringLiteral("  needs data: line %1 %2 (%3): %4\n")
                                          .arg(row.line)
                                          .arg(row.entity.name, row.entity.jurisdiction, row.reason)),
                       stderr);
    }
    return 0;
}

} // namespace fd
