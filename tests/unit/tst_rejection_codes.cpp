// The rejection code catalogue (resources/registry/rejection_codes.json): every code the sandbox registry can
// send has an entry, every entry names real entity register columns, the registry contract lists every code,
// and malformed files are refused with the entry and the field at fault.
#include "engine/import/iso_codes.h"
#include "engine/register/entity_fields.h"
#include "engine/rules/rejection_codes.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

using namespace fd;

Q_DECLARE_METATYPE(fd::RejectionCode)

namespace {

QString sourceDir() {
    return qEnvironmentVariable("FILINGDESK_SOURCE_DIR");
}

QByteArray readSource(const QString &relative) {
    QFile f(sourceDir() + QLatin1Char('/') + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every statutory or validation code written in the sandbox registry's sources ("STAT_…", "VAL_…" string
// literals).
QStringList sandboxCodes() {
    QSet<QString> codes;
    static const QRegularExpression literal(QStringLiteral("\"((?:STAT|VAL)_[A-Z0-9_]+)\""));
    const QDir dir(sourceDir() + QStringLiteral("/app/sandbox"));
    for (const QString &name : dir.entryList({QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files)) {
        const QString text = QString::fromUtf8(readSource(QStringLiteral("app/sandbox/") + name));
        for (auto it = literal.globalMatch(text); it.hasNext();)
            codes.insert(it.next().captured(1));
    }
    QStringList sorted(codes.cbegin(), codes.cend());
    sorted.sort();
    return sorted;
}

QJsonObject validEntry(const QString &code = QStringLiteral("STAT_AGENT_EXPIRED")) {
    return QJsonObject{{QStringLiteral("code"), code},
                       {QStringLiteral("category"), code.startsWith(QLatin1String("STAT_"))
                                                        ? QStringLiteral("statutory")
                                                        : QStringLiteral("validation")},
                       {QStringLiteral("title"), QStringLiteral("Registered agent expired")},
                       {QStringLiteral("explanation"), QStringLiteral("No valid agent on record.")},
                       {QStringLiteral("cure"), QStringLiteral("Appoint one.")},
                       {QStringLiteral("fields"), QJsonArray{QStringLiteral("registered_agent")}},
                       {QStringLiteral("source"), QStringLiteral("8 Del. C. § 132")},
                       {QStringLiteral("source_url"), QStringLiteral("https://delcode.delaware.gov/")},
                       {QStringLiteral("data_defect"), true}};
}

// A file of three good entries whose entry `index` (0-based) is `replaced`.
QByteArray fileWith(int index, const QJsonValue &replaced) {
    QJsonArray codes{validEntry(QStringLiteral("STAT_ONE")), validEntry(QStringLiteral("VAL_TWO")),
                     validEntry(QStringLiteral("VAL_THREE"))};
    if (index >= 0)
        codes[index] = replaced;
    return QJsonDocument(QJsonObject{{QStringLiteral("schema"), 1}, {QStringLiteral("codes"), codes}})
        .toJson(QJsonDocument::Compact);
}

QJsonObject with(QJsonObject entry, const QString &key, const QJsonValue &value) {
    if (value.isUndefined())
        entry.remove(key);
    else
        entry.insert(key, value);
    return entry;
}

} // namespace

class TestRejectionCodes : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(!sourceDir().isEmpty(), "run through ctest (FILINGDESK_SOURCE_DIR)"); }

    void builtInLoads() {
        const RejectionCatalogue &catalogue = RejectionCatalogue::builtIn();
        QVERIFY(!catalogue.isEmpty());
        QCOMPARE(&RejectionCatalogue::builtIn(), &catalogue); // one instance
        // The copy compiled into the application is the file in the source tree.
        RejectionCatalogue fromSource;
        QString error;
        QVERIFY2(
            RejectionCatalogue::load(readSource(QStringLiteral("resources/registry/rejection_codes.json")),
                                     &fromSource, &error),
            qPrintable(error));
        QCOMPARE(fromSource.all().size(), catalogue.all().size());
        QVERIFY(!catalogue.find(QStringLiteral("NO_SUCH_CODE")));
        const auto agent = catalogue.find(QStringLiteral("STAT_AGENT_EXPIRED"));
        QVERIFY(agent);
        QCOMPARE(agent->category, QStringLiteral("statutory"));
        QVERIFY(agent->dataDefect);
        QVERIFY(agent->fields.contains(QStringLiteral("registered_agent_status")));
        const auto fee = catalogue.find(QStringLiteral("STAT_FEE_SCHEDULE"));
        QVERIFY(fee);
        QVERIFY(!fee->dataDefect); // no entity edit changes the fee
        QVERIFY(fee->fields.isEmpty());
    }

    void sandboxSourcesAreScanned() {
        // The scan below must see the codes the sandbox is known to send, or it proves nothing.
        const QStringList codes = sandboxCodes();
        for (const char *code :
             {"STAT_AGENT_EXPIRED", "STAT_FEE_SCHEDULE", "STAT_JURISDICTION_MISMATCH", "VAL_OFFICER_MISSING",
              "VAL_ADDRESS_FORMAT", "VAL_SHARE_STRUCTURE", "VAL_MALFORMED_JSON", "VAL_MISSING_FIELD",
              "VAL_BAD_FIELD", "VAL_BODY_TOO_LARGE", "VAL_IDEMPOTENCY_KEY_MISSING",
              "VAL_IDEMPOTENCY_KEY_FORMAT", "VAL_IDEMPOTENCY_KEY_MISMATCH", "VAL_IDEMPOTENCY_KEY_REUSED"})
            QVERIFY2(codes.contains(QLatin1String(code)), code);
    }

    void everySandboxCodeHasAnEntry_data() {
        QTest::addColumn<QString>("code");
        for (const QString &code : sandboxCodes())
            QTest::newRow(qPrintable(code)) << code;
    }

    void everySandboxCodeHasAnEntry() {
        QFETCH(QString, code);
        const auto entry = RejectionCatalogue::builtIn().find(code);
        QVERIFY2(entry, qPrintable(code + QStringLiteral(" is sent by the sandbox but has no entry")));
        QCOMPARE(entry->category, code.startsWith(QLatin1String("STAT_")) ? QStringLiteral("statutory")
                                                                          : QStringLiteral("validation"));
    }

    void entriesAreComplete_data() {
        QTest::addColumn<RejectionCode>("entry");
        for (const RejectionCode &c : RejectionCatalogue::builtIn().all())
            QTest::newRow(qPrintable(c.code)) << c;
    }

    void entriesAreComplete() {
        QFETCH(RejectionCode, entry);
        QVERIFY(!entry.title.isEmpty());
        QVERIFY2(entry.title.size() <= 60, qPrintable(entry.title)); // a title, not a sentence
        QVERIFY(!entry.explanation.isEmpty());
        QVERIFY(!entry.cure.isEmpty());
        QVERIFY(!entry.source.isEmpty());
        // Real register columns, and only ones a person can edit (the entity's id cures nothing).
        for (const QString &column : entry.fields) {
            const EntityField *field = EntityFields::find(column);
            QVERIFY2(field, qPrintable(column + QStringLiteral(" is not a register column")));
            QVERIFY2(QLatin1String(field->column) != QLatin1String("entity_id"), qPrintable(column));
        }
        QCOMPARE(entry.dataDefect, !entry.fields.isEmpty());
        // A statute is cited with its URL; a code of the registry contract says in words that no statute
        // is behind it before it names the document (a person read a bare file name as the source); a
        // general statement (the requirement is in each state's own law) has states' statutes beside it.
        const bool general = !entry.byJurisdiction.isEmpty() || entry.citesFilingRule;
        if (entry.sourceUrl.isEmpty())
            QVERIFY2(general || (entry.source.startsWith(QLatin1String("The registry's own")) &&
                                 entry.source.contains(QLatin1String("not a statute")) &&
                                 entry.source.contains(QLatin1String("(docs/registry-api-v1.md, \""))),
                     qPrintable(entry.source));
        else
            QVERIFY2(entry.sourceUrl.startsWith(QLatin1String("https://")), qPrintable(entry.sourceUrl));
        // The general source names no one state's law: it is shown for every state the catalogue has no
        // statute for (a Utah entity was told what 8 Del. C. § 132 says).
        static const QRegularExpression stateStatute(QStringLiteral(
            R"(Del\. C\.|Cal\. |N\.Y\.|Tex\. |NRS |Fla\. Stat|Delaware|California|Texas|Nevada|Florida)"));
        QVERIFY2(!stateStatute.match(entry.source).hasMatch(), qPrintable(entry.source));
        for (auto it = entry.byJurisdiction.cbegin(); it != entry.byJurisdiction.cend(); ++it) {
            QVERIFY2(!IsoCodes::instance().placeName(it.key()).isEmpty(), qPrintable(it.key()));
            QVERIFY(!it->first.isEmpty());
            QVERIFY2(it->second.startsWith(QLatin1String("https://")), qPrintable(it->second));
        }
    }

    void sourcesAreTheFilingsOwnState_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("jurisdiction");
        QTest::addColumn<QString>("citation"); // the filing rule's
        QTest::addColumn<QStringList>("shown");
        QTest::addColumn<QStringList>("notShown");
        const QString utahRule = QStringLiteral("Utah Code § 16-10a-1607 (annual report)");
        QTest::newRow("agent, Delaware") << QStringLiteral("STAT_AGENT_EXPIRED") << QStringLiteral("US-DE")
                                         << QStringLiteral("8 Del. C. §§ 501-503")
                                         << QStringList{"8 Del. C. § 132"} << QStringList{"Every US state"};
        QTest::newRow("agent, Texas")
            << QStringLiteral("STAT_AGENT_EXPIRED") << QStringLiteral("US-TX") << QString()
            << QStringList{"Tex. Bus. Orgs. Code § 5.201"} << QStringList{"Del. C."};
        QTest::newRow("agent, Utah: no state's statute but the general one")
            << QStringLiteral("STAT_AGENT_EXPIRED") << QStringLiteral("US-UT") << utahRule
            << QStringList{"Every US state"} << QStringList{"Del. C.", "Delaware", "16-10a-1607"};
        QTest::newRow("officers, Utah: the filing rule's own statute")
            << QStringLiteral("VAL_OFFICER_MISSING") << QStringLiteral("US-UT") << utahRule
            << QStringList{"16-10a-1607", "filing's own statute"} << QStringList{"Del. C."};
        QTest::newRow("officers, California")
            << QStringLiteral("VAL_OFFICER_MISSING") << QStringLiteral("US-CA")
            << QStringLiteral("Cal. Corp. Code § 1502") << QStringList{"Cal. Corp. Code § 1502(a)"}
            << QStringList{"Del. C."};
        QTest::newRow("fee, Utah") << QStringLiteral("STAT_FEE_SCHEDULE") << QStringLiteral("US-UT")
                                   << utahRule << QStringList{"16-10a-1607"} << QStringList{"Del. C."};
        QTest::newRow("contract code, any state")
            << QStringLiteral("VAL_MALFORMED_JSON") << QStringLiteral("US-UT") << utahRule
            << QStringList{"docs/registry-api-v1.md"} << QStringList{"16-10a-1607"};
    }

    void sourcesAreTheFilingsOwnState() {
        QFETCH(QString, code);
        QFETCH(QString, jurisdiction);
        QFETCH(QString, citation);
        QFETCH(QStringList, shown);
        QFETCH(QStringList, notShown);
        const auto entry = RejectionCatalogue::builtIn().find(code);
        QVERIFY(entry);
        QStringList texts;
        for (const RejectionSource &s : rejectionSourcesFor(*entry, jurisdiction, citation, QString()))
            texts << s.text;
        const QString all = texts.join(QLatin1Char('\n'));
        for (const QString &s : shown)
            QVERIFY2(all.contains(s), qPrintable(s + QStringLiteral(" not in: ") + all));
        for (const QString &s : notShown)
            QVERIFY2(!all.contains(s), qPrintable(s + QStringLiteral(" in: ") + all));
    }

    void contractListsEveryCode() {
        const QString doc = QString::fromUtf8(readSource(QStringLiteral("docs/registry-api-v1.md")));
        QVERIFY(!doc.isEmpty());
        for (const RejectionCode &c : RejectionCatalogue::builtIn().all())
            QVERIFY2(doc.contains(QStringLiteral("| `%1` | %2 |").arg(c.code, c.category)),
                     qPrintable(c.code + QStringLiteral(" is not in the table of docs/registry-api-v1.md")));
    }

    void malformedFileIsRefused_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("expected"); // substrings of the error

        const QJsonObject good = validEntry(QStringLiteral("VAL_TWO"));
        QTest::newRow("not JSON") << QByteArray("{\"schema\": 1, \"codes\": [")
                                  << QStringList{"not valid JSON"};
        QTest::newRow("not an object") << QByteArray("[]") << QStringList{"JSON object"};
        QTest::newRow("schema") << QByteArray(R"({"schema": 2, "codes": []})")
                                << QStringList{"field \"schema\""};
        QTest::newRow("no codes") << QByteArray(R"({"schema": 1, "codes": []})") << QStringList{"no entries"};
        QTest::newRow("entry not an object")
            << fileWith(1, QStringLiteral("VAL_TWO")) << QStringList{"entry 2:", "JSON object"};
        QTest::newRow("unknown category")
            << fileWith(1, with(good, QStringLiteral("category"), QStringLiteral("transient")))
            << QStringList{"entry 2 (VAL_TWO)", "field \"category\"", "transient"};
        QTest::newRow("prefix does not match category")
            << fileWith(1, with(good, QStringLiteral("category"), QStringLiteral("statutory")))
            << QStringList{"entry 2 (VAL_TWO)", "field \"category\"", "STAT_"};
        QTest::newRow("not a register column")
            << fileWith(1, with(good, QStringLiteral("fields"),
                                QJsonArray{QStringLiteral("registered_agent"), QStringLiteral("agent_name")}))
            << QStringList{"entry 2 (VAL_TWO)", "field \"fields\"", "agent_name"};
        QTest::newRow("fields not an array")
            << fileWith(1, with(good, QStringLiteral("fields"), QStringLiteral("officers")))
            << QStringList{"entry 2 (VAL_TWO)", "field \"fields\""};
        QTest::newRow("missing cure")
            << fileWith(1, with(good, QStringLiteral("cure"), QJsonValue::Undefined))
            << QStringList{"entry 2 (VAL_TWO)", "field \"cure\"", "missing"};
        QTest::newRow("empty title") << fileWith(1, with(good, QStringLiteral("title"), QStringLiteral(" ")))
                                     << QStringList{"entry 2 (VAL_TWO)", "field \"title\"", "empty"};
        QTest::newRow("misspelt key") << fileWith(1, with(good, QStringLiteral("feilds"), QJsonArray{}))
                                      << QStringList{"entry 2 (VAL_TWO)", "field \"feilds\"", "unknown"};
        QTest::newRow("data_defect not a boolean")
            << fileWith(1, with(good, QStringLiteral("data_defect"), QStringLiteral("yes")))
            << QStringList{"entry 2 (VAL_TWO)", "field \"data_defect\""};
        QTest::newRow("data defect without fields")
            << fileWith(1, with(good, QStringLiteral("fields"), QJsonArray{}))
            << QStringList{"entry 2 (VAL_TWO)", "field \"data_defect\"", "no column"};
        QTest::newRow("fields without data defect")
            << fileWith(1, with(good, QStringLiteral("data_defect"), false))
            << QStringList{"entry 2 (VAL_TWO)", "field \"data_defect\""};
        QTest::newRow("plain http source")
            << fileWith(1, with(good, QStringLiteral("source_url"), QStringLiteral("http://example.org/")))
            << QStringList{"entry 2 (VAL_TWO)", "field \"source_url\""};
        QTest::newRow("state source not ISO 3166-2")
            << fileWith(1, with(good, QStringLiteral("sources_by_jurisdiction"),
                                QJsonObject{{QStringLiteral("Delaware"),
                                             QJsonObject{{QStringLiteral("source"), QStringLiteral("x")},
                                                         {QStringLiteral("source_url"),
                                                          QStringLiteral("https://example.org/")}}}}))
            << QStringList{"entry 2 (VAL_TWO)", "field \"sources_by_jurisdiction\"", "Delaware"};
        QTest::newRow("state source without URL")
            << fileWith(1,
                        with(good, QStringLiteral("sources_by_jurisdiction"),
                             QJsonObject{{QStringLiteral("US-DE"),
                                          QJsonObject{{QStringLiteral("source"), QStringLiteral("8 Del. C.")},
                                                      {QStringLiteral("source_url"), QString()}}}}))
            << QStringList{"entry 2 (VAL_TWO)", "field \"sources_by_jurisdiction\"", "US-DE"};
        QTest::newRow("cites_filing_rule not a boolean")
            << fileWith(1, with(good, QStringLiteral("cites_filing_rule"), QStringLiteral("yes")))
            << QStringList{"entry 2 (VAL_TWO)", "field \"cites_filing_rule\""};
        QTest::newRow("lower-case code")
            << fileWith(2, with(validEntry(QStringLiteral("VAL_THREE")), QStringLiteral("code"),
                                QStringLiteral("val_three")))
            << QStringList{"entry 3 (val_three)", "field \"code\""};
        QTest::newRow("duplicate code") << fileWith(2, validEntry(QStringLiteral("STAT_ONE")))
                                        << QStringList{"entry 3 (STAT_ONE)", "field \"code\"", "entry 1"};
    }

    void malformedFileIsRefused() {
        QFETCH(QByteArray, json);
        QFETCH(QStringList, expected);
        RejectionCatalogue catalogue;
        QString error;
        QVERIFY(RejectionCatalogue::load(fileWith(-1, {}), &catalogue, &error)); // the unchanged file is good
        QCOMPARE(catalogue.all().size(), 3);
        QVERIFY(!RejectionCatalogue::load(json, &catalogue, &error));
        for (const QString &part : expected)
            QVERIFY2(error.contains(part), qPrintable(QStringLiteral("\"%1\" not in: %2").arg(part, error)));
        QCOMPARE(catalogue.all().size(), 3); // a refused file changes nothing
        QVERIFY(catalogue.find(QStringLiteral("STAT_ONE")));
    }
};

QTEST_GUILESS_MAIN(TestRejectionCodes)
#include "tst_rejection_codes.moc"
