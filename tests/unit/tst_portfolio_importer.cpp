// Portfolio import: both layouts, and every malformed input ends in a clear error naming file, line and
// field.
#include "engine/import/csv_reader.h"
#include "engine/import/portfolio_importer.h"
#include "engine/rules/obligation_planner.h"

#include <QtTest>

namespace {

const QByteArray kFilingDeskHeader =
    "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,status,risk_tier,ein\n";
const QByteArray kExhibit21Header =
    "parent_cik,parent_name_inferred,accession,subsidiary,jurisdiction_raw,ownership_pct\n";

QString sourceDir() {
    return qEnvironmentVariable("FILINGDESK_SOURCE_DIR", QStringLiteral(".."));
}

} // namespace

class TestPortfolioImporter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsRfc4180() {
        const fd::CsvDocument doc = fd::readCsv("a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\n\n1,2,3");
        QVERIFY(doc.ok());
        QCOMPARE(doc.records.size(), 3);
        QCOMPARE(doc.records.at(1).fields,
                 QStringList({QStringLiteral("x, y"), QStringLiteral("say \"hi\""), QString()}));
        QCOMPARE(doc.records.at(2).line, 4); // physical line, blank line counted
    }

    void skipsByteOrderMark() {
        const fd::CsvDocument doc = fd::readCsv("\xEF\xBB\xBF"
                                                "a,b\n1,2\n");
        QVERIFY(doc.ok());
        QCOMPARE(doc.records.first().fields.first(), QStringLiteral("a"));
    }

    void fileLevelErrors_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expectedStart");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("empty") << QByteArray() << "p.csv:1:"
                               << "empty";
        QTest::newRow("whitespace only") << QByteArray(" \n\n") << "p.csv:1:"
                                         << "empty";
        QTest::newRow("latin-1 bytes")
            << QByteArray(kFilingDeskHeader + "e1,Caf\xE9 Inc.,corporation,DE,,,,,\n") << "p.csv:2:"
            << "UTF-8";
        QTest::newRow("unclosed quote")
            << QByteArray(kFilingDeskHeader + "e1,\"Acme Inc.,corporation,DE,,,,,\n") << "p.csv:2:"
            << "quote";
        QTest::newRow("unknown header") << QByteArray("name,state\nAcme,DE\n") << "p.csv:1:"
                                        << "header";
        QTest::newRow("header only") << kFilingDeskHeader << "p.csv:1:"
                                     << "no data rows";
        // A header that is clearly one layout names what it lacks instead of describing both layouts.
        QTest::newRow("FilingDesk without entity_name")
            << QByteArray("entity_id,entity_type,jurisdiction,formation_date\ne1,corporation,DE,\n")
            << "p.csv:1:"
            << "lacks the required column entity_name";
        QTest::newRow("FilingDesk without entity_id")
            << QByteArray("entity_name,entity_type,jurisdiction,status\nAcme Inc.,corporation,DE,active\n")
            << "p.csv:1:"
            << "lacks the required column entity_id";
        QTest::newRow("FilingDesk without two")
            << QByteArray("entity_id,entity_type,formation_date,status\ne1,corporation,,active\n")
            << "p.csv:1:"
            << "required columns entity_name, jurisdiction";
        // Excel in many locales saves "CSV" with semicolons: the error says so and what to do.
        QTest::newRow("semicolons")
            << QByteArray("entity_id;entity_name;entity_type;jurisdiction\ne1;Acme Inc.;corporation;DE\n")
            << "p.csv:1:"
            << "separated by semicolons (;)";
        QTest::newRow("semicolons, Exhibit 21")
            << QByteArray(
                   "parent_cik;parent_name_inferred;accession;subsidiary;jurisdiction_raw;ownership_pct\n"
                   "1;P;a;Acme Inc.;DE;100\n")
            << "p.csv:1:"
            << "comma-separated";
        QTest::newRow("tabs")
            << QByteArray(
                   "entity_id\tentity_name\tentity_type\tjurisdiction\ne1\tAcme Inc.\tcorporation\tDE\n")
            << "p.csv:1:"
            << "separated by tabs";
        QTest::newRow("Exhibit 21 without ownership")
            << QByteArray("parent_cik,parent_name_inferred,accession,subsidiary,jurisdiction_raw\n1,P,a,Acme "
                          "Inc.,DE\n")
            << "p.csv:1:"
            << "lacks the column ownership_pct";
    }

    void fileLevelErrors() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expectedStart);
        QFETCH(QString, mentions);
        const fd::ImportResult result = fd::importPortfolioBytes(bytes, QStringLiteral("p.csv"));
        QVERIFY(!result.ok());
        QVERIFY2(result.fileError.startsWith(expectedStart), qPrintable(result.fileError));
        QVERIFY2(result.fileError.contains(mentions, Qt::CaseInsensitive), qPrintable(result.fileError));
        QVERIFY(result.rows.isEmpty());
        QVERIFY2(!result.fileError.contains(QLatin1Char('\n')), "the reason is one line");
    }

    void rowErrorsNameLineColumnAndField() {
        const QByteArray bytes = kFilingDeskHeader +
                                 "e1,Acme Inc.,corporation,DE,2019-04-01,CT Corporation,active,2,12-3456789\n"
                                 "e2,Ragged Inc.,corporation,DE\n"
                                 "e3,Bad Date LLC,llc,DE,2019-13-45,,active,2,\n"
                                 "e4,\"Two\nLines Inc.\",corporation,DE,2019-04-01,,active,2,\n"
                                 "e5,Bad Tier Corp,corporation,DE,2019-04-01,,active,nine,\n"
                                 "e6,Fine LP,lp,US-TX,2020-01-15,,active,1,\n";
        const fd::ImportResult result = fd::importPortfolioBytes(bytes, QStringLiteral("p.csv"));
        QVERIFY2(result.ok(), qPrintable(result.fileError));
        QCOMPARE(result.format, QStringLiteral("filingdesk"));
        QCOMPARE(result.rows.size(), 6); // nothing dropped
        QCOMPARE(result.rowErrorCount(), 4);

        QVERIFY(result.rows.at(0).ok);
        QCOMPARE(result.rows.at(0).entity->jurisdiction, QStringLiteral("US-DE"));
        QCOMPARE(result.rows.at(0).entity->formationDate, QDate(2019, 4, 1));
        QCOMPARE(result.rows.at(0).line, 2);

        const fd::ImportedRow &ragged = result.rows.at(1);
        QVERIFY(!ragged.ok);
        QCOMPARE(ragged.line, 3);
        QVERIFY2(ragged.error.contains(QStringLiteral("ragged")), qPrintable(ragged.error));

        const fd::ImportedRow &badDate = result.rows.at(2);
        QVERIFY(!badDate.ok);
        QCOMPARE(badDate.line, 4);
        QCOMPARE(badDate.errorColumn, 5);
        QCOMPARE(badDate.errorField, QStringLiteral("formation_date"));

        const fd::ImportedRow &embedded = result.rows.at(3);
        QVERIFY(!embedded.ok);
        QCOMPARE(embedded.line, 5);
        QCOMPARE(embedded.errorField, QStringLiteral("entity_name"));

        const fd::ImportedRow &badTier = result.rows.at(4);
        QVERIFY(!badTier.ok);
        QCOMPARE(badTier.line, 7); // the embedded line break moved it down one physical line
        QCOMPARE(badTier.errorField, QStringLiteral("risk_tier"));

        QVERIFY(result.rows.at(5).ok);
        QCOMPARE(result.rows.at(5).entity->type, fd::EntityType::Lp);
    }

    void unknownHeaderStillDescribesBothLayouts() {
        const fd::ImportResult result =
            fd::importPortfolioBytes("name,state\nAcme,DE\n", QStringLiteral("p.csv"));
        QVERIFY(result.fileError.contains(QStringLiteral("neither an Exhibit 21 layout")));
    }

    // An absurd field is refused at import, with line, column, field and the limit, instead of being
    // dead-lettered by the registry after the batch was launched.
    void fieldLengthLimits() {
        const QString hugeName = QString(2 * 1024 * 1024, QLatin1Char('A')) + QStringLiteral(" Inc.");
        const QByteArray bytes = kFilingDeskHeader + "e1," + hugeName.toUtf8() +
                                 ",corporation,DE,2019-04-01,,active,2,\n"
                                 "e2,Agent Corp," +
                                 "corporation,DE,2019-04-01," + QByteArray(201, 'x') +
                                 ",active,2,\n"
                                 "e3," +
                                 QByteArray(495, 'n') + " Inc.,corporation,DE,2019-04-01," +
                                 QByteArray(200, 'x') + ",active,2,\n" + QByteArray(129, 'i') +
                                 ",Long Id Inc.,corporation,DE,,,active,2,\n"
                                 "e5,Status Inc.,corporation,DE,,,active" +
                                 QByteArray(40, ' ') + "x,2,\n";
        const fd::ImportResult result = fd::importPortfolioBytes(bytes, QStringLiteral("p.csv"));
        QVERIFY2(result.ok(), qPrintable(result.fileError));
        QCOMPARE(result.rows.size(), 5);

        const fd::ImportedRow &huge = result.rows.at(0);
        QVERIFY(!huge.ok);
        QCOMPARE(huge.line, 2);
        QCOMPARE(huge.errorColumn, 2);
        QCOMPARE(huge.errorField, QStringLiteral("entity_name"));
        QVERIFY2(huge.error.contains(QStringLiteral("limit is 500")), qPrintable(huge.error));
        QVERIFY2(huge.error.size() < 200, "the message does not quote the field");
        // The name is known, cut to the limit and marked as cut.
        QVERIFY(huge.entity->name.startsWith(QStringLiteral("AAAA")));
        QVERIFY(huge.entity->name.endsWith(QStringLiteral("…")));
        QVERIFY(huge.entity->name.size() <= 501);

        const fd::ImportedRow &agent = result.rows.at(1);
        QVERIFY(!agent.ok);
        QCOMPARE(agent.errorColumn, 6);
        QCOMPARE(agent.errorField, QStringLiteral("registered_agent"));
        QVERIFY2(agent.error.contains(QStringLiteral("201 characters")) &&
                     agent.error.contains(QStringLiteral("limit is 200")),
                 qPrintable(agent.error));
        QCOMPARE(agent.entity->name, QStringLiteral("Agent Corp"));

        QVERIFY2(result.rows.at(2).ok, qPrintable(result.rows.at(2).error)); // exactly at the limits
        QCOMPARE(result.rows.at(2).entity->name.size(), 500);

        QCOMPARE(result.rows.at(3).errorField, QStringLiteral("entity_id"));
        QVERIFY2(result.rows.at(3).error.contains(QStringLiteral("limit is 128")),
                 qPrintable(result.rows.at(3).error));
        QCOMPARE(result.rows.at(4).errorField, QStringLiteral("status"));
        QVERIFY2(result.rows.at(4).error.contains(QStringLiteral("limit is 40")),
                 qPrintable(result.rows.at(4).error));

        // The plan (what `filingdesk run --json` prints) carries the name of a row error too.
        const QList<fd::RowPlan> plan =
            fd::planObligations(result, fd::RuleSet::builtIn(), QDate(2026, 11, 29));
        QCOMPARE(plan.at(1).outcome, fd::RowOutcome::RowError);
        QCOMPARE(plan.at(1).entity->name, QStringLiteral("Agent Corp"));
        QVERIFY2(plan.at(1).reason.startsWith(QStringLiteral("p.csv:3: column 6 (registered_agent): ")),
                 qPrintable(plan.at(1).reason));
    }

    void rowErrorsKeepTheName() {
        const QByteArray bytes = kFilingDeskHeader +
                                 "e1,Acme Inc.,corporation,DE,2019-04-01,,active,2,\n"
                                 "e2,Bad Date LLC,llc,DE,2019-13-45,,active,2,\n"
                                 "e3,Ragged Inc.,corporation\n"
                                 "e1,Acme Again Inc.,corporation,DE,2019-04-01,,active,2,\n"
                                 "e5,Bad Tier Corp (2),corporation,DE,2019-04-01,,active,nine,\n";
        const fd::ImportResult result = fd::importPortfolioBytes(bytes, QStringLiteral("p.csv"));
        QVERIFY2(result.ok(), qPrintable(result.fileError));
        QCOMPARE(result.rows.at(1).entity->name, QStringLiteral("Bad Date LLC"));
        QVERIFY(result.rows.at(2).entity->name.isEmpty()); // ragged: the columns are shifted, no guess
        const fd::ImportedRow &dup = result.rows.at(3);
        QVERIFY(!dup.ok);
        QCOMPARE(dup.errorField, QStringLiteral("entity_id"));
        QCOMPARE(dup.entity->name, QStringLiteral("Acme Again Inc."));
        QCOMPARE(dup.duplicateOfLine, 2);
        QCOMPARE(result.rows.at(4).entity->name, QStringLiteral("Bad Tier Corp"));
        QCOMPARE(result.rows.at(0).duplicateOfLine, 0);
    }

    // The state's file number (New Mexico picks the biennial report's years by its last digit).
    void registryIdColumn() {
        const QByteArray bytes = "entity_id,entity_name,entity_type,jurisdiction,formation_date,registry_id\n"
                                 "n1,Rio Grande Inc.,corporation,NM,2012-04-04,0971235\n"
                                 "n2,Mesa Inc.,corporation,NM,2012-04-04,\n"
                                 "n3,Bad Id Inc.,corporation,NM,2012-04-04,12;34\n";
        const fd::ImportResult result = fd::importPortfolioBytes(bytes, QStringLiteral("nm.csv"));
        QVERIFY2(result.ok(), qPrintable(result.fileError));
        QCOMPARE(result.rows.at(0).entity->registryId, QStringLiteral("0971235"));
        QVERIFY(result.rows.at(1).ok);
        QVERIFY(result.rows.at(1).entity->registryId.isEmpty());
        QVERIFY(!result.rows.at(2).ok);
        QCOMPARE(result.rows.at(2).errorField, QStringLiteral("registry_id"));
        QCOMPARE(result.rows.at(2).errorColumn, 6);
        const QList<fd::RowPlan> plan =
            fd::planObligations(result, fd::RuleSet::builtIn(), QDate(2026, 11, 29));
        QCOMPARE(plan.at(0).outcome, fd::RowOutcome::Obligations);
        QCOMPARE(plan.at(0).obligations.first().dueDate, QDate(2027, 4, 15)); // odd digit: odd years
        QCOMPARE(plan.at(1).outcome, fd::RowOutcome::NeedsData);
        QCOMPARE(plan.at(1).missing, QStringList{QStringLiteral("registry_id")});
    }

    void exhibit21RepeatsAreFlagged() {
        const QByteArray bytes = kExhibit21Header + "1,Parent,acc,Acme Inc.,Delaware,100\n"
                                                    "1,Parent,acc,Other LLC,Delaware,100\n"
                                                    "1,Parent,acc,ACME INC.,delaware,50\n"
                                                    "1,Parent,acc,Acme Inc.,Nevada,100\n";
        const fd::ImportResult result = fd::importPortfolioBytes(bytes, QStringLiteral("ex21.csv"));
        QVERIFY2(result.ok(), qPrintable(result.fileError));
        QCOMPARE(result.rowErrorCount(), 0); // still valid rows: their obligations are the first row's
        QCOMPARE(result.rows.at(0).duplicateOfLine, 0);
        QCOMPARE(result.rows.at(1).duplicateOfLine, 0);
        QCOMPARE(result.rows.at(2).duplicateOfLine, 2);
        QCOMPARE(result.rows.at(3).duplicateOfLine, 0); // another state: another entity
        const QList<fd::RowPlan> plan =
            fd::planObligations(result, fd::RuleSet::builtIn(), QDate(2026, 11, 29));
        QCOMPARE(plan.at(2).duplicateOfLine, 2);
    }

    void unrecognisedJurisdictionNeedsData() {
        const QByteArray bytes = kExhibit21Header + "1,Parent,acc,\"Acme Holdings, LLC\",United States,\n"
                                                    "1,Parent,acc,Acme GmbH,Germany,100\n"
                                                    "1,Parent,acc,Acme Protective Coatings,Delaware,\n";
        const fd::ImportResult result = fd::importPortfolioBytes(bytes, QStringLiteral("ex21.csv"));
        QVERIFY(result.ok());
        QCOMPARE(result.format, QStringLiteral("exhibit21"));
        QCOMPARE(result.rows.size(), 3);
        QVERIFY(result.rows.at(0).ok);
        QVERIFY(!result.rows.at(0).jurisdictionProblem.isEmpty());
        QCOMPARE(result.rows.at(0).entity->type, fd::EntityType::Llc);
        QCOMPARE(result.rows.at(1).entity->jurisdiction, QStringLiteral("DE"));
        QCOMPARE(result.rows.at(2).entity->jurisdiction, QStringLiteral("US-DE"));
        QVERIFY(!result.rows.at(2).typeProblem.isEmpty()); // no legal-form suffix: needs data, not a guess
        // Ids are stable across imports so that idempotency keys are too.
        const fd::ImportResult again = fd::importPortfolioBytes(bytes, QStringLiteral("ex21.csv"));
        QCOMPARE(again.rows.at(0).entity->entityId, result.rows.at(0).entity->entityId);
        QVERIFY(result.rows.at(0).entity->entityId != result.rows.at(1).entity->entityId);
    }

    void shippedPortfoliosImportCompletely_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(sourceDir() + QStringLiteral("/resources/portfolios"));
        const QStringList files = dir.entryList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), qPrintable(dir.path()));
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }

    void shippedPortfoliosImportCompletely() {
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        int dataLines = 0;
        const fd::CsvDocument doc = fd::readCsv(file.readAll());
        QVERIFY(doc.ok());
        dataLines = int(doc.records.size()) - 1;
        const fd::ImportResult result = fd::importPortfolio(path);
        QVERIFY2(result.ok(), qPrintable(result.fileError));
        QCOMPARE(int(result.rows.size()), dataLines);
    }

    // The reader that the import uses record by record gives what readCsv() gives, errors included.
    void csvReaderGivesWhatReadCsvGives_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("quotes and blank lines")
            << QByteArray("a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\n\n1,2,3");
        QTest::newRow("line break in quotes") << QByteArray("a,b\n\"one\ntwo\", x \r\n  3 ,\"\"\r");
        QTest::newRow("no final line end") << QByteArray("\xEF\xBB\xBF"
                                                         "a\n  \"q\" tail,\t");
        QTest::newRow("unclosed quote") << QByteArray("a,b\n1,\"open\n2,3\n");
        QTest::newRow("blank only") << QByteArray(" \r\n\t\n");
    }

    void csvReaderGivesWhatReadCsvGives() {
        QFETCH(QByteArray, bytes);
        const fd::CsvDocument doc = fd::readCsv(bytes);
        fd::CsvReader reader(bytes);
        QList<fd::CsvRecord> records;
        fd::CsvRecord record;
        while (reader.next(&record))
            records.append(record);
        QCOMPARE(reader.error(), doc.error);
        QCOMPARE(reader.errorLine(), doc.errorLine);
        if (!doc.ok())
            return;
        QCOMPARE(records.size(), doc.records.size());
        for (qsizetype i = 0; i < records.size(); ++i) {
            QCOMPARE(records.at(i).line, doc.records.at(i).line);
            QCOMPARE(records.at(i).fields, doc.records.at(i).fields);
            QCOMPARE(records.at(i).hasEmbeddedLineBreak, doc.records.at(i).hasEmbeddedLineBreak);
        }
    }

    // A file whose header is wrong and which also has a quote never closed is told about the quote: the file
    // as a whole is unreadable, whatever its header says.
    void unreadableFileOutranksItsHeader() {
        const fd::ImportResult result =
            fd::importPortfolioBytes("name,state\nAcme,DE\nBeta,\"NY\n", QStringLiteral("p.csv"));
        QVERIFY(!result.ok());
        QVERIFY2(result.fileError.startsWith(QStringLiteral("p.csv:3:")), qPrintable(result.fileError));
        QVERIFY2(result.fileError.contains(QStringLiteral("never closed")), qPrintable(result.fileError));
        QVERIFY(result.rows.isEmpty());
    }

    // The entity is held once: the row plan and each obligation share the import row's entity, and a change
    // made through one copy reaches no other.
    void planSharesTheImportedEntity() {
        const QByteArray bytes = kFilingDeskHeader +
                                 "e1,Acme Inc.,corporation,DE,2019-04-01,CT Corporation,active,2,12-3456789\n"
                                 "e2,Beta LLC,llc,CA,2018-06-15,CT Corporation,active,3,\n";
        const fd::ImportResult result = fd::importPortfolioBytes(bytes, QStringLiteral("p.csv"));
        QVERIFY2(result.ok(), qPrintable(result.fileError));
        const QList<fd::RowPlan> plan =
            fd::planObligations(result, fd::RuleSet::builtIn(), QDate(2026, 11, 29));
        QCOMPARE(plan.size(), 2);
        int obligations = 0;
        for (qsizetype i = 0; i < plan.size(); ++i) {
            QVERIFY(plan.at(i).entity.sharesWith(result.rows.at(i).entity));
            for (const fd::Obligation &o : plan.at(i).obligations) {
                QVERIFY(o.entity.sharesWith(result.rows.at(i).entity));
                ++obligations;
            }
        }
        QVERIFY(obligations >= 2);
        // One registered agent named by both rows is one string.
        QCOMPARE(result.rows.at(0).entity->registeredAgent.constData(),
                 result.rows.at(1).entity->registeredAgent.constData());

        fd::Obligation changed = plan.at(0).obligations.first();
        changed.entity.edit().name = QStringLiteral("Renamed Inc.");
        QVERIFY(!changed.entity.sharesWith(plan.at(0).entity));
        QCOMPARE(plan.at(0).entity->name, QStringLiteral("Acme Inc."));
        QCOMPARE(plan.at(0).obligations.first().entity->name, QStringLiteral("Acme Inc."));
        QCOMPARE(changed.entity->name, QStringLiteral("Renamed Inc."));
        const fd::SharedEntity empty;
        QVERIFY(empty->entityId.isEmpty());
    }

    void missingFileIsAFileError() {
        const fd::ImportResult result = fd::importPortfolio(QStringLiteral("/nonexistent/portfolio.csv"));
        QVERIFY(!result.ok());
        QVERIFY(result.fileError.startsWith(QStringLiteral("/nonexistent/portfolio.csv")));
    }
};

QTEST_GUILESS_MAIN(TestPortfolioImporter)
#include "tst_portfolio_importer.moc"
