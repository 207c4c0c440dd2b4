// iCalendar export (RFC 5545) checked twice: by reading the octets (line length, CRLF, folding inside UTF-8,
// escaping) and by an independent implementation, Debian's python3-icalendar.
#include "engine/calendar/ics_writer.h"

#include "ics_python_check.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QtTest>

using namespace fd;

namespace {

Obligation makeObligation(const QString &entityId, const QString &name, const QString &jurisdiction,
                          const QString &filingType, int filingYear, const QDate &due) {
    Obligation o;
    o.entity.edit().entityId = entityId;
    o.entity.edit().name = name;
    o.entity.edit().jurisdiction = jurisdiction;
    o.ruleId = jurisdiction + QStringLiteral(".TEST.") + filingType + QStringLiteral(".2000");
    o.rulesVersion = QStringLiteral("2026.11.29.2");
    o.jurisdiction = jurisdiction;
    o.filingType = filingType;
    o.filingName = QStringLiteral("Annual Report");
    o.filingYear = filingYear;
    o.dueDate = due;
    o.windowOpens = due.addDays(-90);
    o.feeCents = 15000;
    o.feeNote = QStringLiteral("flat fee; see the statute, § 1");
    o.penaltyFlatCents = 40000;
    o.penaltyNote = QStringLiteral("$400 late fee; dissolution in September");
    o.citation = QStringLiteral("Fla. Stat. § 607.1622 (annual report, between January 1 and May 1)");
    o.citationUrl = QStringLiteral("https://www.flsenate.gov/Laws/Statutes/2024/607.1622");
    return o;
}

// A name long enough to be folded several times, with multibyte characters and TEXT separators.
const QString kLongName =
    QStringLiteral("Société Générale d'Équipement, Inc.; Ünïcødé Holdings, LLC — 日本語の株式会社 "
                   "(Zürich; São Paulo, Kraków) \U0001F3E2 Grüße");

struct Exported {
    QByteArray bytes;
    QJsonObject parsed;
};

} // namespace

class TestIcsWriter : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QList<CalendarEntry> m_entries;

    Exported exportAndParse(const QList<CalendarEntry> &entries, const QDateTime &stamp,
                            const QString &fileName, const IcsOptions &options = {}) {
        Exported e;
        e.bytes = writeIcs(entries, stamp, options);
        const QString path = m_dir.filePath(fileName);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(e.bytes) != e.bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        f.close();
        QString error;
        e.parsed = test::parseIcsWithPython(path, &error);
        if (e.parsed.isEmpty())
            qWarning().noquote() << error;
        return e;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_entries = {
            {makeObligation(QStringLiteral("ent-1"), kLongName, QStringLiteral("US-FL"),
                            QStringLiteral("ANNUAL_REPORT"), 2027, QDate(2027, 5, 1)),
             QString()},
            {makeObligation(QStringLiteral("ent-2"), QStringLiteral("Acme, Inc."), QStringLiteral("US-DE"),
                            QStringLiteral("ANNUAL_FRANCHISE_TAX_REPORT"), 2026, QDate(2027, 3, 1)),
             QStringLiteral("DE-2027-000123;A,B")},
            {makeObligation(QStringLiteral("ent-3"), QStringLiteral("Plain LLC"), QStringLiteral("US-TX"),
                            QStringLiteral("FRANCHISE_TAX_REPORT"), 2027, QDate(2027, 5, 17)),
             QString()},
        };
    }

    void escaping_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("a\\,b");
        QTest::newRow("semicolon") << QStringLiteral("a;b") << QStringLiteral("a\\;b");
        QTest::newRow("backslash") << QStringLiteral("a\\b") << QStringLiteral("a\\\\b");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("a\\nb");
        QTest::newRow("CR dropped") << QStringLiteral("a\r\nb") << QStringLiteral("a\\nb");
        QTest::newRow("colon kept") << QStringLiteral("a:b") << QStringLiteral("a:b");
        QTest::newRow("multibyte kept") << QStringLiteral("§ é 日") << QStringLiteral("§ é 日");
    }

    void escaping() {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(escapeIcsText(in), out);
    }

    void foldingKeepsCharactersWhole_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("ascii") << QString(300, QLatin1Char('x'));
        QTest::newRow("two-octet") << QString(200, QChar(0x00E9));
        QTest::newRow("three-octet") << QString(100, QChar(0x65E5));
        QTest::newRow("four-octet") << QString(QStringLiteral("\U0001F3E2")).repeated(60);
        QTest::newRow("mixed") << (QStringLiteral("SUMMARY:") + kLongName.repeated(3));
        QTest::newRow("exactly 75") << QString(75, QLatin1Char('y'));
    }

    void foldingKeepsCharactersWhole() {
        QFETCH(QString, text);
        const QByteArray folded = foldIcsLine(text.toUtf8());
        QVERIFY(folded.endsWith("\r\n"));
        const QList<QByteArray> lines = folded.left(folded.size() - 2).split('\n');
        QByteArray unfolded;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            QByteArray line = lines.at(i);
            if (i + 1 < lines.size()) {
                QVERIFY2(line.endsWith('\r'), "CRLF line ends only");
                line.chop(1);
            }
            QVERIFY2(line.size() <= 75,
                     qPrintable(QStringLiteral("line %1 has %2 octets").arg(i).arg(line.size())));
            QStringDecoder utf8(QStringDecoder::Utf8);
            const QString decoded = utf8(line);
            QVERIFY2(!utf8.hasError(), "a line break split a UTF-8 character");
            Q_UNUSED(decoded);
            if (i > 0) {
                QVERIFY2(line.startsWith(' '), "continuation lines start with one space");
                line.remove(0, 1);
            }
            unfolded += line;
        }
        QCOMPARE(QString::fromUtf8(unfolded), text);
        if (text.toUtf8().size() <= 75)
            QCOMPARE(lines.size(), 1);
    }

    void documentOctets() {
        const QByteArray ics = writeIcs(m_entries, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC));
        QVERIFY(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
        QVERIFY(ics.endsWith("END:VCALENDAR\r\n"));
        QCOMPARE(ics.count("\n"), ics.count("\r\n")); // no bare LF
        int folded = 0;
        for (const QByteArray &line : ics.split('\n')) {
            QVERIFY2(line.size() <= 76, line.constData()); // 75 octets plus the CR
            if (line.startsWith(' '))
                ++folded;
        }
        QVERIFY2(folded > 0, "the long multibyte name must have been folded");
        QCOMPARE(int(ics.count("BEGIN:VEVENT\r\n")), int(m_entries.size()));
        QCOMPARE(int(ics.count("\r\nDTSTART;VALUE=DATE:")), int(m_entries.size()));
        QVERIFY(ics.contains("DTSTART;VALUE=DATE:20270501\r\n"));
        QVERIFY(ics.contains("DTEND;VALUE=DATE:20270502\r\n"));
        // Escaped in SUMMARY (unfold first: the name is folded).
        const QByteArray unfolded = QByteArray(ics).replace("\r\n ", "");
        QVERIFY(unfolded.contains("Acme\\, Inc."));
        QVERIFY(unfolded.contains("Société Générale d'Équipement\\, Inc.\\; Ünïcødé Holdings\\, LLC"));
        QVERIFY(unfolded.contains("X-FILINGDESK-CONFIRMATION:DE-2027-000123\\;A\\,B\r\n"));
    }

    // Written to a device piece by piece, the document is the one writeIcs() returns, byte for byte, both
    // layouts; a device that refuses a write is reported.
    void streamedDocumentIsTheSame() {
        const QDateTime stamp(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
        QList<CalendarEntry> many;
        for (int i = 0; i < 3000; ++i) {
            CalendarEntry e = m_entries.at(i % m_entries.size());
            e.obligation.entity.edit().entityId = QStringLiteral("ent-%1").arg(i);
            e.obligation.dueDate = e.obligation.dueDate.addDays(i % 40);
            many.append(e);
        }
        for (const bool grouped : {false, true}) {
            IcsOptions options;
            options.groupByDay = grouped;
            const QByteArray whole = writeIcs(many, stamp, options);
            if (!grouped)
                QVERIFY(whole.size() > 1024 * 1024); // several pieces of the stream
            QBuffer device;
            QVERIFY(device.open(QIODevice::WriteOnly));
            QVERIFY(writeIcs(&device, many, stamp, options));
            QCOMPARE(device.data(), whole);
        }
        QBuffer readOnly;
        QVERIFY(readOnly.open(QIODevice::ReadOnly));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("ReadOnly device")));
        QVERIFY(!writeIcs(&readOnly, m_entries, stamp));
    }

    void parsesInPythonIcalendar() {
        const Exported e = exportAndParse(m_entries, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC),
                                          QStringLiteral("a.ics"));
        QVERIFY2(!e.parsed.isEmpty(), "python icalendar could not parse the export");
        QCOMPARE(e.parsed.value(QStringLiteral("errors")).toArray().size(), 0);
        QCOMPARE(e.parsed.value(QStringLiteral("version")).toString(), QStringLiteral("2.0"));
        const QJsonArray events = e.parsed.value(QStringLiteral("events")).toArray();
        QCOMPARE(events.size(), m_entries.size()); // one VEVENT per obligation

        for (qsizetype i = 0; i < events.size(); ++i) {
            const QJsonObject ev = events.at(i).toObject();
            const CalendarEntry &entry = m_entries.at(i);
            const Obligation &o = entry.obligation;
            QCOMPARE(ev.value(QStringLiteral("uid")).toString(),
                     o.idempotencyKey() + QStringLiteral("@filingdesk"));
            QVERIFY(ev.value(QStringLiteral("dtstart_is_date")).toBool());
            QCOMPARE(ev.value(QStringLiteral("dtstart_value")).toString(), QStringLiteral("DATE"));
            QCOMPARE(ev.value(QStringLiteral("dtstart")).toString(), o.dueDate.toString(Qt::ISODate));
            QCOMPARE(ev.value(QStringLiteral("dtend")).toString(),
                     o.dueDate.addDays(1).toString(Qt::ISODate));
            // Names with commas, semicolons and multibyte characters come back intact after escaping and
            // folding.
            const QString summary = ev.value(QStringLiteral("summary")).toString();
            QVERIFY2(summary.contains(o.entity->name), qPrintable(summary));
            QVERIFY(summary.startsWith(o.jurisdiction));
            const QString description = ev.value(QStringLiteral("description")).toString();
            QVERIFY2(description.contains(
                         QStringLiteral("Rule: %1 (rules version %2)").arg(o.ruleId, o.rulesVersion)),
                     qPrintable(description));
            QVERIFY(description.contains(o.citation));
            QVERIFY(description.contains(QStringLiteral("\n"))); // \n escapes decode to real line breaks
            QCOMPARE(ev.value(QStringLiteral("rule")).toString(), o.ruleId);
            QCOMPARE(ev.value(QStringLiteral("rules_version")).toString(), o.rulesVersion);
            QCOMPARE(ev.value(QStringLiteral("url")).toString(), o.citationUrl);
            QCOMPARE(ev.value(QStringLiteral("categories")).toArray(),
                     (QJsonArray{o.jurisdiction, o.filingType}));
            if (entry.confirmationNumber.isEmpty()) {
                // Alarms before the due date while it is still to be filed (the default reminder days).
                QCOMPARE(ev.value(QStringLiteral("alarms")).toArray(), (QJsonArray{-30, -14, -7, -1}));
                for (const QJsonValue &a : ev.value(QStringLiteral("alarm_actions")).toArray())
                    QCOMPARE(a.toString(), QStringLiteral("DISPLAY"));
                QVERIFY(ev.value(QStringLiteral("confirmation")).isNull());
                QVERIFY(!description.contains(QStringLiteral("Filed: confirmation")));
            } else {
                // Once filed: the confirmation number, and no more reminders.
                QCOMPARE(ev.value(QStringLiteral("confirmation")).toString(), entry.confirmationNumber);
                QVERIFY2(description.contains(
                             QStringLiteral("Filed: confirmation %1").arg(entry.confirmationNumber)),
                         qPrintable(description));
                QVERIFY(summary.contains(QStringLiteral("(filed)")));
                QCOMPARE(ev.value(QStringLiteral("alarms")).toArray().size(), 0);
            }
        }
    }

    // Re-exports update the same events: the UID comes from the idempotency key, not from the export.
    void uidStableAcrossExports() {
        const Exported first = exportAndParse(
            m_entries, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC), QStringLiteral("first.ics"));
        QList<CalendarEntry> later = m_entries;
        std::reverse(later.begin(), later.end());
        later[0].confirmationNumber = QStringLiteral("TX-99"); // filed since
        const Exported second = exportAndParse(later, QDateTime(QDate(2026, 12, 15), QTime(8, 30), Qt::UTC),
                                               QStringLiteral("second.ics"));
        QStringList a;
        QStringList b;
        for (const QJsonValue &ev : first.parsed.value(QStringLiteral("events")).toArray())
            a.append(ev.toObject().value(QStringLiteral("uid")).toString());
        for (const QJsonValue &ev : second.parsed.value(QStringLiteral("events")).toArray())
            b.append(ev.toObject().value(QStringLiteral("uid")).toString());
        QCOMPARE(a.size(), m_entries.size());
        a.sort();
        b.sort();
        QCOMPARE(a, b);
        QCOMPARE(QSet<QString>(a.cbegin(), a.cend()).size(), a.size()); // distinct per obligation

        // A different filing year is a different obligation, so a different event.
        Obligation next = m_entries.first().obligation;
        next.filingYear += 1;
        QVERIFY(!a.contains(next.idempotencyKey() + QStringLiteral("@filingdesk")));
    }

    // The alarms are the reminder days given (the console's setting, `calendar --remind`), 0 the due date.
    void alarmsFollowTheReminderDays() {
        IcsOptions options;
        options.alarmDaysBefore = {14, 0};
        const Exported e = exportAndParse(m_entries, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC),
                                          QStringLiteral("reminders.ics"), options);
        QVERIFY(!e.parsed.isEmpty());
        QCOMPARE(e.parsed.value(QStringLiteral("errors")).toArray().size(), 0);
        const QJsonArray events = e.parsed.value(QStringLiteral("events")).toArray();
        const QJsonObject unfiled = events.at(0).toObject();
        QCOMPARE(unfiled.value(QStringLiteral("alarms")).toArray(), (QJsonArray{-14, 0}));
        const QJsonArray descriptions = unfiled.value(QStringLiteral("alarm_descriptions")).toArray();
        QVERIFY2(descriptions.at(0).toString().endsWith(QStringLiteral(" due in 14 days")),
                 qPrintable(descriptions.at(0).toString()));
        QVERIFY2(descriptions.at(1).toString().endsWith(QStringLiteral(" due today")),
                 qPrintable(descriptions.at(1).toString()));
        QCOMPARE(events.at(1).toObject().value(QStringLiteral("alarms")).toArray().size(), 0); // filed

        options.alarmDaysBefore.clear();
        const QByteArray none =
            writeIcs(m_entries, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC), options);
        QVERIFY(!none.contains("BEGIN:VALARM"));
    }

    // Grouped by day: one event per due date and jurisdiction, listing each entity and filing, with a UID
    // from the date and the jurisdiction that stays the same whichever filings the day holds.
    void groupsOneDayOfOneJurisdiction() {
        const QDate march1(2027, 3, 1);
        auto entry = [](const QString &id, const QString &name, const QString &jurisdiction,
                        const QDate &due) {
            CalendarEntry e;
            e.obligation = makeObligation(id, name, jurisdiction,
                                          QStringLiteral("ANNUAL_FRANCHISE_TAX_REPORT"), 2026, due);
            return e;
        };
        CalendarEntry filedOne =
            entry(QStringLiteral("de-2"), QStringLiteral("Beta, LLC"), QStringLiteral("US-DE"), march1);
        filedOne.confirmationNumber = QStringLiteral("DE-2027-1");
        CalendarEntry halted = entry(QStringLiteral("de-3"), kLongName, QStringLiteral("US-DE"), march1);
        halted.haltedState = ExecutionState::FailedStatutory;
        halted.haltReason = QStringLiteral("STAT_AGENT_EXPIRED: registered agent lapsed");
        const QList<CalendarEntry> entries{
            entry(QStringLiteral("de-1"), QStringLiteral("Acme; Holdings, Inc."), QStringLiteral("US-DE"),
                  march1),
            entry(QStringLiteral("fl-1"), QStringLiteral("Sunshine LLC"), QStringLiteral("US-FL"), march1),
            filedOne,
            halted,
            entry(QStringLiteral("de-4"), QStringLiteral("Later Corp"), QStringLiteral("US-DE"),
                  QDate(2027, 6, 1)),
        };
        IcsOptions options;
        options.groupByDay = true;
        options.alarmDaysBefore = {7, 1};
        QCOMPARE(icsEventCount(entries, options), 3);
        QCOMPARE(icsEventCount(entries, IcsOptions{}), 5);
        const Exported e = exportAndParse(entries, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC),
                                          QStringLiteral("grouped.ics"), options);
        QVERIFY(!e.parsed.isEmpty());
        QCOMPARE(e.parsed.value(QStringLiteral("errors")).toArray().size(), 0);
        for (const QByteArray &line : e.bytes.split('\n'))
            QVERIFY2(line.size() <= 76, line.constData());
        const QJsonArray events = e.parsed.value(QStringLiteral("events")).toArray();
        QCOMPARE(events.size(), 3);

        // Ordered by date, then jurisdiction.
        const QJsonObject de = events.at(0).toObject();
        QCOMPARE(de.value(QStringLiteral("uid")).toString(), QStringLiteral("day-20270301-US-DE@filingdesk"));
        QCOMPARE(de.value(QStringLiteral("dtstart")).toString(), QStringLiteral("2027-03-01"));
        QCOMPARE(de.value(QStringLiteral("dtend")).toString(), QStringLiteral("2027-03-02"));
        QVERIFY(de.value(QStringLiteral("dtstart_is_date")).toBool());
        QCOMPARE(de.value(QStringLiteral("summary")).toString(),
                 QStringLiteral("[HALTED] 3 filings due — Delaware (US-DE): 1 halted, 1 filed, 1 to file"));
        QCOMPARE(de.value(QStringLiteral("filings")).toString(), QStringLiteral("3"));
        const QString description = de.value(QStringLiteral("description")).toString();
        for (const QString &name :
             {QStringLiteral("Acme; Holdings, Inc. (de-1)"), QStringLiteral("Beta, LLC (de-2)"),
              kLongName + QStringLiteral(" (de-3)")})
            QVERIFY2(description.contains(QStringLiteral("- ") + name +
                                          QStringLiteral(": Annual Report 2026, fee $150.00")),
                     qPrintable(description));
        QVERIFY(description.contains(QStringLiteral("filed, confirmation DE-2027-1")));
        QVERIFY(description.contains(QStringLiteral("NOT FILED (FAILED_STATUTORY): STAT_AGENT_EXPIRED")));
        QVERIFY(description.contains(QStringLiteral("Fees: $450.00")));
        QVERIFY(!description.contains(QStringLiteral("Later Corp")));
        QCOMPARE(de.value(QStringLiteral("categories")).toArray(),
                 (QJsonArray{QStringLiteral("US-DE"), QStringLiteral("ANNUAL_FRANCHISE_TAX_REPORT"),
                             QStringLiteral("HALTED")}));
        QCOMPARE(de.value(QStringLiteral("alarms")).toArray(), (QJsonArray{-7, -1}));
        QVERIFY2(de.value(QStringLiteral("alarm_descriptions"))
                     .toArray()
                     .at(0)
                     .toString()
                     .startsWith(QStringLiteral("2 of 3 filings in Delaware (US-DE) due in 7 days")),
                 qPrintable(de.value(QStringLiteral("alarm_descriptions")).toArray().at(0).toString()));

        const QJsonObject fl = events.at(1).toObject();
        QCOMPARE(fl.value(QStringLiteral("uid")).toString(), QStringLiteral("day-20270301-US-FL@filingdesk"));
        QCOMPARE(fl.value(QStringLiteral("summary")).toString(),
                 QStringLiteral("1 filing due — Florida (US-FL)"));
        QCOMPARE(events.at(2).toObject().value(QStringLiteral("uid")).toString(),
                 QStringLiteral("day-20270601-US-DE@filingdesk"));

        // Everything of a day filed: no reminders, and the summary says so.
        QList<CalendarEntry> allFiled{filedOne};
        const Exported done = exportAndParse(allFiled, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC),
                                             QStringLiteral("grouped-filed.ics"), options);
        const QJsonObject doneEvent = done.parsed.value(QStringLiteral("events")).toArray().at(0).toObject();
        QCOMPARE(doneEvent.value(QStringLiteral("summary")).toString(),
                 QStringLiteral("1 filing due — Delaware (US-DE) (all filed)"));
        QCOMPARE(doneEvent.value(QStringLiteral("alarms")).toArray().size(), 0);
        // The same day keeps its UID when its filings change, so a re-import updates the event.
        QCOMPARE(doneEvent.value(QStringLiteral("uid")).toString(),
                 de.value(QStringLiteral("uid")).toString());
    }

    // A day whose unfiled filings wait for a person for different reasons names the mix instead of one
    // halt's marker; English singular and plural forms.
    void groupedDayNamesTheMix() {
        QList<CalendarEntry> entries;
        auto add = [&entries](int i, std::optional<ExecutionState> state) {
            CalendarEntry e;
            e.obligation = makeObligation(QStringLiteral("fl-%1").arg(i), QStringLiteral("Entity %1").arg(i),
                                          QStringLiteral("US-FL"), QStringLiteral("ANNUAL_REPORT"), 2027,
                                          QDate(2027, 5, 1));
            e.haltedState = state;
            entries.append(e);
        };
        for (int i = 0; i < 3; ++i)
            add(i, ExecutionState::FailedStatutory);
        add(3, ExecutionState::DeadLetter);
        for (int i = 4; i < 12; ++i)
            add(i, std::nullopt);
        IcsOptions options;
        options.groupByDay = true;
        options.alarmDaysBefore = {1};
        const Exported e = exportAndParse(entries, QDateTime(QDate(2027, 4, 1), QTime(12, 0), Qt::UTC),
                                          QStringLiteral("mix.ics"), options);
        QCOMPARE(e.parsed.value(QStringLiteral("errors")).toArray().size(), 0);
        const QJsonObject day = e.parsed.value(QStringLiteral("events")).toArray().at(0).toObject();
        QCOMPARE(day.value(QStringLiteral("summary")).toString(),
                 QStringLiteral("[NEEDS A PERSON] 12 filings due — Florida (US-FL): 3 halted, 1 dead letter, "
                                "8 to file"));
        QVERIFY(day.value(QStringLiteral("description"))
                    .toString()
                    .startsWith(QStringLiteral("12 filings due 2027-05-01 in Florida (US-FL):")));
        QCOMPARE(day.value(QStringLiteral("alarm_descriptions")).toArray().at(0).toString(),
                 QStringLiteral("12 of 12 filings in Florida (US-FL) due in 1 day"));

        // The same day after its due date: overdue, one alarm at the export time.
        for (CalendarEntry &entry : entries)
            entry.daysLate = 1;
        const Exported late = exportAndParse(entries, QDateTime(QDate(2027, 5, 2), QTime(9, 30), Qt::UTC),
                                             QStringLiteral("mix-late.ics"), options);
        QCOMPARE(late.parsed.value(QStringLiteral("errors")).toArray().size(), 0);
        const QJsonObject lateDay = late.parsed.value(QStringLiteral("events")).toArray().at(0).toObject();
        QCOMPARE(
            lateDay.value(QStringLiteral("summary")).toString(),
            QStringLiteral("[OVERDUE] [NEEDS A PERSON] 12 filings due — Florida (US-FL): 3 halted, 1 dead "
                           "letter, 8 not filed"));
        QCOMPARE(lateDay.value(QStringLiteral("alarms")).toArray(),
                 (QJsonArray{QStringLiteral("2027-05-02T09:30:00+00:00")}));
        QVERIFY(late.bytes.contains("TRIGGER;VALUE=DATE-TIME:20270502T093000Z"));
    }

    void emptyCalendarParses() {
        const Exported e = exportAndParse({}, QDateTime(QDate(2026, 11, 29), QTime(0, 0), Qt::UTC),
                                          QStringLiteral("empty.ics"));
        QVERIFY(!e.parsed.isEmpty());
        QCOMPARE(e.parsed.value(QStringLiteral("events")).toArray().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestIcsWriter)
#include "tst_ics_writer.moc"
