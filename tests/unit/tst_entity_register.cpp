// The entity register's merge and edit rules (README, "The entity register"): a blank in a file never
// erases, a blank in the register is filled, a differing value is a conflict for a person, an inferred value
// never contradicts, and planning uses the register's value.
#include "engine/import/portfolio_importer.h"
#include "engine/register/entity_fields.h"
#include "engine/register/register_merge.h"
#include "engine/rules/obligation_planner.h"
#include "engine/rules/rule_set.h"

#include <QTest>

using namespace fd;

namespace {

const QByteArray kHeader = "entity_id,entity_name,entity_type,jurisdiction,formation_date,registered_agent,"
                           "status,risk_tier,ein,officers,owner\n";

ImportResult importOf(const QByteArray &rows) {
    return importPortfolioBytes(kHeader + rows, QStringLiteral("portfolio.csv"));
}

QHash<QString, Entity> registerOf(const QByteArray &rows) {
    QHash<QString, Entity> reg;
    for (const ImportedRow &row : importOf(rows).rows) {
        if (row.ok)
            reg.insert(row.entity->entityId, row.entity);
    }
    return reg;
}

Entity applied(const QHash<QString, Entity> &reg, const EntityRegister::MergeResult &merge,
               const QString &id) {
    for (const Entity &e : merge.update.records) {
        if (e.entityId == id)
            return e;
    }
    return reg.value(id);
}

} // namespace

class TestEntityRegister : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void mergeField_data() {
        QTest::addColumn<QByteArray>("registerRow");
        QTest::addColumn<QByteArray>("fileRow");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("expectedValue"); // the register's value after the merge
        QTest::addColumn<int>("changes");
        QTest::addColumn<int>("conflicts");

        QTest::newRow("blank in the file keeps the register's value")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,2015-03-02,CT Corporation,active,3,,,Ana\n")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,active,3,,,\n") << "formation_date"
            << "2015-03-02" << 0 << 0;
        QTest::newRow("blank in the register is filled from the file")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,active,3,,,\n")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,2015-03-02,,active,3,,,\n") << "formation_date"
            << "2015-03-02" << 1 << 0;
        QTest::newRow("a differing value is a conflict and the register's value stays")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,CT Corporation,active,3,,,\n")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,Registered Agents Inc.,active,3,,,\n")
            << "registered_agent"
            << "CT Corporation" << 0 << 1;
        QTest::newRow("the same place written another way is no conflict")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,active,3,,,\n")
            << QByteArray("e1,Acme Inc.,corporation,Delaware,,,active,3,,,\n") << "jurisdiction"
            << "US-DE" << 0 << 0;
        QTest::newRow("white space differences are no conflict")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,CT  Corporation,active,3,,,\n")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,CT Corporation ,active,3,,,\n")
            << "registered_agent"
            << "CT  Corporation" << 0 << 0;
        QTest::newRow("a type worked out from the name fills a blank")
            << QByteArray("e1,Acme Widgets,,US-DE,,,active,3,,,\n")
            << QByteArray("e1,Acme Widgets LLC,,US-DE,,,active,3,,,\n") << "entity_type"
            << "llc" << 1 << 1;
        QTest::newRow("a type worked out from the name never contradicts a person's")
            << QByteArray("e1,Acme Widgets LLC,corporation,US-DE,,,active,3,,,\n")
            << QByteArray("e1,Acme Widgets LLC,,US-DE,,,active,3,,,\n") << "entity_type"
            << "corporation" << 0 << 0;
        QTest::newRow("a default risk tier nobody entered is filled, not a conflict")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,,,,,\n")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,,5,,,\n") << "risk_tier"
            << "5" << 1 << 0;
        QTest::newRow("a default status nobody entered is filled, not a conflict")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,,3,,,\n")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,dissolved,3,,,\n") << "status"
            << "dissolved" << 1 << 0;
        QTest::newRow("a risk tier a person changed is kept: the file's differs")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,active,4,,,\n")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,active,5,,,\n") << "risk_tier"
            << "4" << 0 << 1;
        QTest::newRow("officers are filled as a list")
            << QByteArray("e1,Acme Inc.,corporation,US-DE,,,active,3,,,\n")
            << QByteArray(
                   "e1,Acme Inc.,corporation,US-DE,,,active,3,,Jane Roe (President); John Doe (Secretary),\n")
            << "officers"
            << "Jane Roe (President); John Doe (Secretary)" << 1 << 0;
    }
    void mergeField() {
        QFETCH(QByteArray, registerRow);
        QFETCH(QByteArray, fileRow);
        QFETCH(QString, field);
        QFETCH(QString, expectedValue);
        QFETCH(int, changes);
        QFETCH(int, conflicts);
        const QHash<QString, Entity> reg = registerOf(registerRow);
        QCOMPARE(reg.size(), 1);
        const ImportResult file = importOf(fileRow);
        QVERIFY(file.rows.value(0).ok);
        const auto merge = EntityRegister::mergePortfolio(reg, {}, file, QDateTime::currentDateTimeUtc());
        QCOMPARE(merge.update.changes.size(), changes);
        QCOMPARE(merge.update.conflicts.size(), conflicts);
        const EntityField *f = EntityFields::find(field);
        QVERIFY(f);
        const Entity after = applied(reg, merge, QStringLiteral("e1"));
        if (field == QLatin1String("jurisdiction"))
            QCOMPARE(after.jurisdiction, expectedValue);
        else
            QCOMPARE(f->text(after), expectedValue);
        QCOMPARE(merge.counts.changed, changes > 0 ? 1 : 0);
        QCOMPARE(merge.counts.conflicting, conflicts > 0 ? 1 : 0);
    }

    void conflictNamesBothValuesAndTheLine() {
        const auto reg = registerOf("e1,Acme Inc.,corporation,US-DE,,CT Corporation,active,3,,,\n");
        const auto merge = EntityRegister::mergePortfolio(
            reg, {}, importOf("e1,Acme Inc.,corporation,US-DE,,Registered Agents Inc.,active,3,,,\n"),
            QDateTime::currentDateTimeUtc());
        QCOMPARE(merge.update.conflicts.size(), 1);
        const RegisterConflict c = merge.update.conflicts.first();
        QCOMPARE(c.field, QStringLiteral("registered_agent"));
        QCOMPARE(c.registerValue, QStringLiteral("CT Corporation"));
        QCOMPARE(c.fileValue, QStringLiteral("Registered Agents Inc."));
        QCOMPARE(c.source, QStringLiteral("portfolio.csv:2"));
        QCOMPARE(c.entityName, QStringLiteral("Acme Inc."));
    }

    void openConflictIsListedOnceAndSettledWhenTheFileAgrees() {
        const auto reg = registerOf("e1,Acme Inc.,corporation,US-DE,,CT Corporation,active,3,,,\n");
        const ImportResult differing =
            importOf("e1,Acme Inc.,corporation,US-DE,,Registered Agents Inc.,active,3,,,\n");
        const auto first =
            EntityRegister::mergePortfolio(reg, {}, differing, QDateTime::currentDateTimeUtc());
        QCOMPARE(first.update.conflicts.size(), 1);
        // Opened again: the conflict is still open (counted) but not listed as new.
        const auto again = EntityRegister::mergePortfolio(reg, first.update.conflicts, differing,
                                                          QDateTime::currentDateTimeUtc());
        QCOMPARE(again.update.conflicts.size(), 0);
        QCOMPARE(again.counts.conflicting, 1);
        // A file with a blank there leaves it open.
        const auto blank = EntityRegister::mergePortfolio(
            reg, first.update.conflicts, importOf("e1,Acme Inc.,corporation,US-DE,,,active,3,,,\n"),
            QDateTime::currentDateTimeUtc());
        QCOMPARE(blank.update.settled.size(), 0);
        QCOMPARE(blank.counts.conflicting, 1);
        // A file that now agrees settles it.
        const auto agrees = EntityRegister::mergePortfolio(
            reg, first.update.conflicts,
            importOf("e1,Acme Inc.,corporation,US-DE,,CT Corporation,active,3,,,\n"),
            QDateTime::currentDateTimeUtc());
        QCOMPARE(agrees.update.settled.size(), 1);
        QCOMPARE(agrees.counts.unchanged, 1);
    }

    void aConflictDecidedForTheRegisterIsNotListedAgain() {
        // A person kept the register's agent against the file's: the same file opened again lists nothing;
        // a new value in the file, or a register value changed since, raises it afresh.
        const auto reg = registerOf("e1,Acme Inc.,corporation,US-DE,,CT Corporation,active,3,,,\n");
        const ImportResult differing =
            importOf("e1,Acme Inc.,corporation,US-DE,,Registered Agents Inc.,active,3,,,\n");
        const auto first =
            EntityRegister::mergePortfolio(reg, {}, differing, QDateTime::currentDateTimeUtc());
        QCOMPARE(first.update.conflicts.size(), 1);
        RegisterConflict kept = first.update.conflicts.first();
        kept.keptUtc = QDateTime::currentDateTimeUtc();
        QVERIFY(!kept.isOpen());

        const auto again =
            EntityRegister::mergePortfolio(reg, {kept}, differing, QDateTime::currentDateTimeUtc());
        QCOMPARE(again.update.conflicts.size(), 0);
        QCOMPARE(again.update.settled.size(), 0);
        QCOMPARE(again.counts.conflicting, 0);
        QCOMPARE(again.counts.decidedBefore, 1);
        QCOMPARE(again.counts.unchanged, 0); // each entity in one count

        const auto other = EntityRegister::mergePortfolio(
            reg, {kept}, importOf("e1,Acme Inc.,corporation,US-DE,,Northwest Registered Agent,active,3,,,\n"),
            QDateTime::currentDateTimeUtc());
        QCOMPARE(other.update.conflicts.size(), 1);
        QCOMPARE(other.update.conflicts.first().fileValue, QStringLiteral("Northwest Registered Agent"));
        QVERIFY(other.update.conflicts.first().isOpen());
        QCOMPARE(other.counts.conflicting, 1);
        QCOMPARE(other.counts.decidedBefore, 0);

        const auto edited = registerOf("e1,Acme Inc.,corporation,US-DE,,Cogency Global,active,3,,,\n");
        const auto afterEdit =
            EntityRegister::mergePortfolio(edited, {kept}, differing, QDateTime::currentDateTimeUtc());
        QCOMPARE(afterEdit.update.conflicts.size(), 1);
        QCOMPARE(afterEdit.update.conflicts.first().registerValue, QStringLiteral("Cogency Global"));

        // A file that agrees with the register leaves the decision alone (nothing to settle, no audit row).
        const auto agrees = EntityRegister::mergePortfolio(
            reg, {kept}, importOf("e1,Acme Inc.,corporation,US-DE,,CT Corporation,active,3,,,\n"),
            QDateTime::currentDateTimeUtc());
        QCOMPARE(agrees.update.settled.size(), 0);
        QCOMPARE(agrees.counts.unchanged, 1);
        // A decision is about the value, not its spelling: a place by what it names, white space as one.
        const auto spaced = EntityRegister::mergePortfolio(
            reg, {kept}, importOf("e1,Acme Inc.,corporation,US-DE,,Registered   Agents Inc. ,active,3,,,\n"),
            QDateTime::currentDateTimeUtc());
        QCOMPARE(spaced.update.conflicts.size(), 0);
        QCOMPARE(spaced.counts.decidedBefore, 1);
        const ImportResult nevada = importOf("e1,Acme Inc.,corporation,Nevada,,CT Corporation,active,3,,,\n");
        const auto placeFirst =
            EntityRegister::mergePortfolio(reg, {}, nevada, QDateTime::currentDateTimeUtc());
        QCOMPARE(placeFirst.update.conflicts.size(), 1);
        RegisterConflict keptPlace = placeFirst.update.conflicts.first();
        keptPlace.keptUtc = QDateTime::currentDateTimeUtc();
        for (const char *written : {"NV", "US-NV", "nevada"}) {
            const auto place =
                EntityRegister::mergePortfolio(reg, {keptPlace},
                                               importOf(QByteArray("e1,Acme Inc.,corporation,") + written +
                                                        ",,CT Corporation,active,3,,,\n"),
                                               QDateTime::currentDateTimeUtc());
            QVERIFY2(place.update.conflicts.isEmpty(), written);
            QCOMPARE(place.counts.decidedBefore, 1);
        }
        // A kept decision is not an open conflict of an entity whose field the file leaves blank.
        const auto blank = EntityRegister::mergePortfolio(
            reg, {kept}, importOf("e1,Acme Inc.,corporation,US-DE,,,active,3,,,\n"),
            QDateTime::currentDateTimeUtc());
        QCOMPARE(blank.counts.conflicting, 0);
    }

    void newEntitiesAreAddedAndRowErrorsAreNot() {
        const auto merge =
            EntityRegister::mergePortfolio({}, {},
                                           importOf("e1,Acme Inc.,corporation,US-DE,2015-03-02,,active,3,,,\n"
                                                    "e2,Beta LLC,llc,US-CA,2019-13-01,,active,3,,,\n"
                                                    "e3,Gamma LP,lp,US-NY,,,active,3,,,\n"),
                                           QDateTime::currentDateTimeUtc());
        QCOMPARE(merge.counts.added, 2);
        QCOMPARE(merge.update.added, (QList<QString>{QStringLiteral("e1"), QStringLiteral("e3")}));
    }

    void planningUsesTheRegistersValue() {
        // The register knows the formation date; a file without it still plans California's Statement of
        // Information (which needs it).
        const auto reg = registerOf("e1,Acme Inc.,corporation,US-CA,2015-03-02,,active,3,,,\n");
        const ImportResult file = importOf("e1,Acme Inc.,corporation,California,,,active,3,,,\n");
        const QDate asOf(2026, 12, 1);
        const QList<RowPlan> fromFile = planObligations(file, RuleSet::builtIn(), asOf);
        const QList<RowPlan> fromRegister =
            planObligations(EntityRegister::asPlanned(file, reg), RuleSet::builtIn(), asOf);
        QVERIFY(!fromFile.first().needs.isEmpty());
        QVERIFY(fromRegister.first().needs.isEmpty());
        QVERIFY(fromRegister.first().obligations.size() > fromFile.first().obligations.size());
        QCOMPARE(fromRegister.first().line, 2);
    }

    void edit_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("error"); // empty: accepted
        QTest::newRow("agent status") << "registered_agent_status"
                                      << "expired"
                                      << "";
        QTest::newRow("bad agent status") << "registered_agent_status"
                                          << "asleep"
                                          << "registered_agent_status";
        QTest::newRow("bad date") << "formation_date"
                                  << "2019-13-01"
                                  << "formation_date";
        QTest::newRow("unknown place") << "jurisdiction"
                                       << "Narnia"
                                       << "jurisdiction";
        QTest::newRow("unknown field") << "favourite_colour"
                                       << "blue"
                                       << "favourite_colour";
        QTest::newRow("id is fixed") << "entity_id"
                                     << "e2"
                                     << "entity_id";
        QTest::newRow("name cannot be blank") << "entity_name"
                                              << ""
                                              << "entity_name";
        QTest::newRow("officers") << "officers"
                                  << "Jane Roe (President)"
                                  << "";
    }
    void edit() {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, error);
        const Entity current =
            registerOf("e1,Acme Inc.,corporation,US-DE,,,active,3,,,\n").value(QStringLiteral("e1"));
        Entity edited;
        QList<RegisterChange> changes;
        QString why;
        const bool ok = EntityRegister::edit(current, {{field, value}}, &edited, &changes, &why);
        if (error.isEmpty()) {
            QVERIFY2(ok, qPrintable(why));
            QCOMPARE(changes.size(), 1);
            QCOMPARE(changes.first().newValue, value);
            QCOMPARE(EntityFields::find(field)->text(edited), value);
        } else {
            QVERIFY(!ok);
            QVERIFY2(why.startsWith(error), qPrintable(why));
        }
    }
};

QTEST_GUILESS_MAIN(TestEntityRegister)
#include "tst_entity_register.moc"
