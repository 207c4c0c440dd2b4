// The console's item models under load: 100,000 obligations, checked by QAbstractItemModelTester (source
// model and filter proxy), fed the way the engine feeds them (coalesced batches), with the number of model
// signals per batch bounded — no per-row signal storms.
#include "engine/rules/obligation_planner.h"
#include "ui/models/dead_letter_model.h"
#include "ui/models/exception_model.h"
#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"
#include "ui/models/permit_model.h"
#include "ui/proxies/task_filter_proxy.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

#include <optional>

using namespace fd;
using namespace fd::ui;

namespace {

constexpr int kObligations = 100000;
const QDate kAsOf(2027, 2, 15);
const QStringList kJurisdictions{QStringLiteral("US-DE"), QStringLiteral("US-CA"), QStringLiteral("US-NY"),
                                 QStringLiteral("US-TX"), QStringLiteral("US-FL")};

Obligation obligationFor(int i) {
    Obligation o;
    o.entity.edit().entityId = QStringLiteral("ent-%1").arg(i);
    o.entity.edit().name = QStringLiteral("Subsidiary %1 LLC").arg(i);
    o.entity.edit().type = EntityType::Llc;
    o.entity.edit().riskTier = 1 + i % 5;
    o.jurisdiction = kJurisdictions.at(i % kJurisdictions.size());
    o.entity.edit().jurisdiction = o.jurisdiction;
    o.filingType = QStringLiteral("ANNUAL_REPORT");
    o.filingName = QStringLiteral("Annual report");
    o.filingYear = 2027;
    o.dueDate = kAsOf.addDays(i % 365);
    o.feeCents = 30000;
    o.penaltyFlatCents = 20000;
    return o;
}

/// 100,000 obligations in 100,000 rows, plus a few rows that need data or are out of scope.
QList<RowPlan> bigPlan() {
    QList<RowPlan> plan;
    plan.reserve(kObligations + 20);
    for (int i = 0; i < kObligations; ++i) {
        RowPlan row;
        row.line = i + 2;
        row.file = QStringLiteral("big.csv");
        row.outcome = RowOutcome::Obligations;
        row.obligations.append(obligationFor(i));
        row.entity = row.obligations.first().entity;
        plan.append(row);
    }
    for (int i = 0; i < 10; ++i) {
        RowPlan needs;
        needs.line = kObligations + 2 + i;
        needs.file = QStringLiteral("big.csv");
        needs.outcome = RowOutcome::NeedsData;
        needs.entity.edit().entityId = QStringLiteral("needs-%1").arg(i);
        needs.entity.edit().name = QStringLiteral("Unknown Form %1").arg(i);
        needs.entity.edit().jurisdiction = QStringLiteral("US-DE");
        needs.missing = {QStringLiteral("entity_type")};
        needs.reason = QStringLiteral("entity type unknown");
        plan.append(needs);
        RowPlan foreign = needs;
        foreign.line += 100;
        foreign.outcome = RowOutcome::OutOfScope;
        foreign.entity.edit().entityId = QStringLiteral("foreign-%1").arg(i);
        foreign.entity.edit().jurisdiction = QStringLiteral("GB");
        foreign.reason = QStringLiteral("foreign entity");
        plan.append(foreign);
    }
    return plan;
}

FilingTask taskFor(int i, ExecutionState state) {
    FilingTask t;
    t.obligation = obligationFor(i);
    t.key = t.obligation.idempotencyKey();
    t.state = state;
    t.score = admissionScore(t.obligation.dueDate, t.obligation.entity->riskTier, kAsOf);
    if (state == ExecutionState::DeadLetter) {
        t.lastCategory = ErrorCategory::Validation;
        t.lastErrorCode =
            i % 2 ? QStringLiteral("VAL_OFFICER_MISSING") : QStringLiteral("VAL_ADDRESS_FORMAT");
    }
    if (state == ExecutionState::FailedStatutory) {
        t.lastCategory = ErrorCategory::Statutory;
        t.lastErrorCode = QStringLiteral("STAT_AGENT_EXPIRED");
    }
    if (state == ExecutionState::Completed)
        t.confirmationNumber = QStringLiteral("DE-%1").arg(i, 8, 10, QLatin1Char('0'));
    return t;
}

/// The proxy's rows in its order hold non-decreasing (or, descending, non-increasing) sort values.
QString firstUnsortedRow(const QSortFilterProxyModel &proxy, int column, Qt::SortOrder order) {
    for (int r = 1; r < proxy.rowCount(); ++r) {
        const QVariant before = proxy.index(r - 1, column).data(SortRole);
        const QVariant here = proxy.index(r, column).data(SortRole);
        const auto cmp = QVariant::compare(before, here);
        const bool wrong =
            order == Qt::AscendingOrder ? cmp == QPartialOrdering::Greater : cmp == QPartialOrdering::Less;
        if (wrong)
            return QStringLiteral("row %1 (%2) before row %3 (%4)")
                .arg(r - 1)
                .arg(before.toString())
                .arg(r)
                .arg(here.toString());
    }
    return QString();
}

int countSignals(const QList<QSignalSpy *> &spies) {
    int n = 0;
    for (QSignalSpy *s : spies)
        n += int(s->count());
    return n;
}

} // namespace

class TestObligationModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hundredThousandObligations();
    void subsetModelsMoveTasksInAndOut();
    void sortedViewsStaySortedAfterScatteredChanges_data();
    void sortedViewsStaySortedAfterScatteredChanges();
    void permitTreeKeepsStructureAcrossRefreshes();
    void filingsThatNeedDataHaveRowsOfTheirOwn();
    void resumedTasksAreJudgedAsOfTheDateWithoutAPlan();
    void urgencyReadsInWordsAndSortsMostUrgentFirst_data();
    void urgencyReadsInWordsAndSortsMostUrgentFirst();
};

// A California corporation without a formation date owes its franchise tax (a planned obligation) and its
// Statement of Information needs the formation date: that filing is a NEEDS_DATA row of its own, named,
// with the date editable there.
void TestObligationModel::resumedTasksAreJudgedAsOfTheDateWithoutAPlan() {
    // No portfolio loaded: the tasks the engine resumed from its database are the only rows. They are judged
    // as of the date the model is given (days left, overdue), not left without one.
    ObligationModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAsOf(kAsOf);
    FilingTask late = taskFor(0, ExecutionState::Pending); // due kAsOf
    late.obligation.dueDate = kAsOf.addDays(-10);
    late.key = late.obligation.idempotencyKey();
    model.applyTasks({late, taskFor(20, ExecutionState::Pending)});
    QCOMPARE(model.rowCount(), 2);
    const int lateRow = model.rowOfKey(late.key);
    const int soonRow = model.rowOfKey(taskFor(20, ExecutionState::Pending).key);
    QVERIFY(lateRow >= 0 && soonRow >= 0);
    QCOMPARE(model.index(lateRow, ObligationModel::DaysLeftColumn).data().toInt(), -10);
    QCOMPARE(model.index(lateRow, ObligationModel::ComplianceColumn).data().toString(),
             QStringLiteral("Overdue"));
    QCOMPARE(model.index(soonRow, ObligationModel::DaysLeftColumn).data().toInt(), 20);
    // A new date judges them again, with one signal for the rows on show.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setAsOf(kAsOf.addDays(5));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.index(soonRow, ObligationModel::DaysLeftColumn).data().toInt(), 15);
}

void TestObligationModel::filingsThatNeedDataHaveRowsOfTheirOwn() {
    RowPlan p;
    p.file = QStringLiteral("ca.csv");
    p.line = 2;
    p.outcome = RowOutcome::Obligations;
    p.entity.edit().entityId = QStringLiteral("C1");
    p.entity.edit().name = QStringLiteral("Golden Gate Widgets Inc.");
    p.entity.edit().type = EntityType::Corporation;
    p.entity.edit().jurisdiction = QStringLiteral("US-CA");
    Obligation tax = obligationFor(1);
    tax.entity = p.entity;
    tax.jurisdiction = p.entity->jurisdiction;
    tax.filingType = QStringLiteral("FRANCHISE_TAX_MINIMUM");
    tax.filingName = QStringLiteral("Corporation Franchise Tax");
    p.obligations.append(tax);
    p.missing = {QStringLiteral("formation_date")};
    p.needs.append({QStringLiteral("US-CA.CORP.STATEMENT_OF_INFORMATION.2000"),
                    QStringLiteral("STATEMENT_OF_INFORMATION"), QStringLiteral("Statement of Information"),
                    QStringLiteral("formation_date"), QStringLiteral("due relative to the formation date")});
    ObligationModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlan({p}, kAsOf);
    QCOMPARE(model.rowCount(), 2);
    const int need = model.rowOfKey(QStringLiteral("need:ca.csv:2:STATEMENT_OF_INFORMATION"));
    QVERIFY(need >= 0);
    QCOMPARE(rowStateName(model.rowAt(need)), QStringLiteral("NEEDS_DATA"));
    QCOMPARE(model.index(need, ObligationModel::FilingTypeColumn).data().toString(),
             QStringLiteral("Statement of Information"));
    // The reason as people read it, in the console's language (the state and the filing's name); the rule's
    // id only in the tooltip, for support.
    const QString reason = QStringLiteral(
        "The California Statement of Information is due relative to the formation date, which the portfolio "
        "does not give");
    QCOMPARE(model.index(need, ObligationModel::DetailColumn).data().toString(), reason);
    QCOMPARE(model.index(need, ObligationModel::DetailColumn).data(Qt::ToolTipRole).toString(),
             reason + QStringLiteral("\nrule US-CA.CORP.STATEMENT_OF_INFORMATION.2000"));
    QVERIFY(model.index(need, ObligationModel::FormationDateColumn).flags() & Qt::ItemIsEditable);
    QCOMPARE(rowStateName(model.rowAt(need == 0 ? 1 : 0)), QStringLiteral("PLANNED"));
    QSignalSpy edits(&model, &ObligationModel::entityEditRequested);
    QVERIFY(model.setData(model.index(need, ObligationModel::FormationDateColumn), QDate(2015, 3, 1)));
    QCOMPARE(edits.count(), 1);
    QCOMPARE(edits.first().at(0).toString(), QStringLiteral("C1"));
}

void TestObligationModel::hundredThousandObligations() {
    ObligationModel model;
    TaskFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(ObligationModel::UrgencyColumn, Qt::AscendingOrder); // most urgent first, as the console
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // The tester follows the proxy through loading and the engine's batches. For the filter sweeps below it
    // is detached and re-attached after each one: QAbstractItemModelTester's per-signal bookkeeping turns a
    // filter change that moves 100,000 rows in hundreds of ranges into minutes, which tests the tester, not
    // the proxy.
    std::optional<QAbstractItemModelTester> proxyTester;
    proxyTester.emplace(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto checkProxy = [&] {
        proxyTester.reset();
        QElapsedTimer t;
        t.start();
        proxyTester.emplace(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        qInfo("tester re-attached in %lld ms", t.elapsed());
    };

    QElapsedTimer clock;
    clock.start();
    model.setPlan(bigPlan(), kAsOf);
    qInfo("plan of %d rows applied in %lld ms", model.rowCount(), clock.restart());
    QCOMPARE(model.rowCount(), kObligations + 20);
    QCOMPARE(proxy.rowCount(), kObligations + 20);
    // Most urgent first: due today (i % 365 == 0) with the highest risk tier.
    QCOMPARE(proxy.index(0, ObligationModel::DaysLeftColumn).data().toInt(), 0);

    // Admission: every obligation becomes a PENDING task in one engine batch.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QList<FilingTask> admitted;
    admitted.reserve(kObligations);
    for (int i = 0; i < kObligations; ++i)
        admitted.append(taskFor(i, ExecutionState::Pending));
    clock.restart();
    model.applyTasks(admitted);
    qInfo("admission batch of %d tasks applied in %lld ms with %d dataChanged", kObligations, clock.restart(),
          int(changed.count()));
    QVERIFY2(changed.count() <= 2, "one admission batch must not emit a signal per row");
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(reset.count(), 0);

    // A typical coalesced batch: 5,000 scattered tasks change state.
    changed.clear();
    QList<FilingTask> progress;
    for (int i = 0; i < kObligations; i += 20)
        progress.append(taskFor(i, i % 7 == 0 ? ExecutionState::DeadLetter : ExecutionState::Completed));
    clock.restart();
    model.applyTasks(progress);
    qInfo("batch of %d scattered changes applied in %lld ms with %d dataChanged", int(progress.size()),
          clock.restart(), int(changed.count()));
    QVERIFY2(changed.count() <= 10,
             qPrintable(QStringLiteral("%1 dataChanged signals for one batch").arg(changed.count())));

    // Tasks the plan does not know (resumed from an earlier portfolio) arrive as one insertion.
    QList<FilingTask> strangers;
    for (int i = 0; i < 300; ++i) {
        FilingTask t = taskFor(kObligations + i, ExecutionState::Pending);
        strangers.append(t);
    }
    model.applyTasks(strangers);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.rowCount(), kObligations + 20 + 300);

    // Filters: state, jurisdiction, due window, free text (key prefix, entity, confirmation number).
    proxyTester.reset();
    clock.restart();
    proxy.setStates({QStringLiteral("DEAD_LETTER")});
    qInfo("state filter applied in %lld ms", clock.restart());
    int expectedDead = 0;
    for (int i = 0; i < kObligations; i += 20)
        expectedDead += i % 7 == 0 ? 1 : 0;
    QCOMPARE(proxy.rowCount(), expectedDead);
    checkProxy();
    proxyTester.reset();
    proxy.setStates({});
    qInfo("state filter cleared in %lld ms", clock.restart());
    proxy.setStates({QStringLiteral("NEEDS_DATA"), QStringLiteral("OUT_OF_SCOPE")});
    QCOMPARE(proxy.rowCount(), 20);
    proxy.setStates({});
    proxy.setJurisdiction(QStringLiteral("US-TX"));
    QCOMPARE(proxy.rowCount(), (kObligations + 300) / 5);
    proxy.setJurisdiction(QString());
    proxy.setDueWithinDays(0);
    int dueToday = 0;
    for (int i = 0; i < kObligations + 300; ++i)
        dueToday += (i % 365 == 0) ? 1 : 0;
    // A filing whose date is unknown (it needs data) is in every due window, marked "date unknown".
    int dateUnknown = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        dateUnknown += model.rowAt(r).kind == ObligationRow::Kind::NeedsData &&
                               !model.rowAt(r).task.obligation.dueDate.isValid()
                           ? 1
                           : 0;
    QVERIFY(dateUnknown > 0);
    QCOMPARE(proxy.rowCount(), dueToday + dateUnknown);
    proxy.setDueWithinDays(-1);
    const QString key = taskFor(4242, ExecutionState::Pending).key;
    proxy.setSearchText(key.left(10));
    QVERIFY(proxy.rowCount() >= 1);
    QVERIFY(proxy.matchingKeys().contains(key));
    proxy.setSearchText(QStringLiteral("Subsidiary 99999 LLC"));
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setSearchText(QStringLiteral("DE-00000040"));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(KeyRole).toString(), taskFor(40, ExecutionState::Completed).key);
    proxy.setSearchText(QString());
    QCOMPARE(proxy.rowCount(), model.rowCount());
    checkProxy();

    // Re-planning (an operator filled in a field) keeps the live state of every known task.
    model.setPlan(bigPlan(), kAsOf);
    const int row = model.rowOfKey(taskFor(40, ExecutionState::Completed).key);
    QVERIFY(row >= 0);
    QCOMPARE(model.rowAt(row).task.state, ExecutionState::Completed);
    QCOMPARE(model.rowCount(), kObligations + 20 + 300);
}

void TestObligationModel::subsetModelsMoveTasksInAndOut() {
    DeadLetterModel dead;
    ExceptionModel halts;
    TaskFilterProxy deadProxy;
    deadProxy.setSourceModel(&dead);
    deadProxy.sort(DeadLetterModel::EntityColumn);
    QAbstractItemModelTester t1(&dead, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&halts, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(&deadProxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

    QList<FilingTask> batch;
    for (int i = 0; i < 2000; ++i)
        batch.append(taskFor(i, i % 3 == 0   ? ExecutionState::DeadLetter
                                : i % 3 == 1 ? ExecutionState::FailedStatutory
                                             : ExecutionState::Completed));
    QSignalSpy inserted(&dead, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&dead, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&dead, &QAbstractItemModel::dataChanged);
    dead.applyTasks(batch);
    halts.applyTasks(batch);
    QCOMPARE(dead.rowCount(), 667);
    QCOMPARE(halts.rowCount(), 667);
    QCOMPARE(inserted.count(), 1);

    // Replay of every other dead letter: they leave in a few removal ranges, never one signal per row.
    QList<FilingTask> replayed;
    for (int i = 0; i < 2000; i += 6)
        replayed.append(taskFor(i, ExecutionState::Pending));
    for (int i = 3; i < 2000; i += 6)
        replayed.append(taskFor(i, ExecutionState::DeadLetter)); // still dead: updated in place
    dead.applyTasks(replayed);
    QCOMPARE(dead.rowCount(), 667 - 334);
    QVERIFY2(countSignals({&removed, &changed}) < 700, "batch turned into a signal per row");
    for (int i = 3; i < 2000; i += 6)
        QVERIFY(dead.rowOfKey(taskFor(i, ExecutionState::DeadLetter).key) >= 0);

    deadProxy.setSearchText(QStringLiteral("VAL_OFFICER"));
    for (const QString &k : deadProxy.matchingKeys()) {
        const int r = dead.rowOfKey(k);
        QVERIFY(r >= 0);
        QCOMPARE(dead.taskAt(r).lastErrorCode, QStringLiteral("VAL_OFFICER_MISSING"));
    }
    QCOMPARE(deadProxy.rowCount(),
             dead.rowCount()); // odd i only are VAL_OFFICER_MISSING, and i = 3 mod 6 is odd
}

void TestObligationModel::sortedViewsStaySortedAfterScatteredChanges_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("column");
    QTest::newRow("obligations by state")
        << QStringLiteral("obligations") << int(ObligationModel::StateColumn);
    QTest::newRow("obligations by attempts")
        << QStringLiteral("obligations") << int(ObligationModel::AttemptsColumn);
    QTest::newRow("dead letters by attempts")
        << QStringLiteral("dead") << int(DeadLetterModel::AttemptsColumn);
    QTest::newRow("dead letters by code") << QStringLiteral("dead") << int(DeadLetterModel::CodeColumn);
}

// One batch changes rows far apart in the source (several dataChanged ranges): a sorting proxy re-sorts each
// range against the rest, so the rest must still hold what the proxy last sorted by. A batch that changed
// every row before announcing the first range left the view out of order.
void TestObligationModel::sortedViewsStaySortedAfterScatteredChanges() {
    QFETCH(QString, model);
    QFETCH(int, column);
    constexpr int kRows = 800;
    ObligationModel obligations;
    DeadLetterModel dead;
    QAbstractItemModel *source = model == QLatin1String("dead")
                                     ? static_cast<QAbstractItemModel *>(&dead)
                                     : static_cast<QAbstractItemModel *>(&obligations);
    auto apply = [&](const QList<FilingTask> &tasks) {
        if (source == &dead)
            dead.applyTasks(tasks);
        else
            obligations.applyTasks(tasks);
    };
    TaskFilterProxy proxy;
    proxy.setSourceModel(source);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

    auto variant = [&](int i, int round) {
        FilingTask t = taskFor(i, ExecutionState::DeadLetter);
        // Each round gives far-apart rows new values that move them across the whole sorted order.
        const int v = (i * 7919 + round * 104729) % 97;
        t.attempts = v % 9;
        t.lastErrorCode = QStringLiteral("VAL_%1").arg(v, 3, 10, QLatin1Char('0'));
        t.state = v % 3 == 0   ? ExecutionState::DeadLetter
                  : v % 3 == 1 ? ExecutionState::FailedStatutory
                               : ExecutionState::Completed;
        if (source == &dead)
            t.state = ExecutionState::DeadLetter; // stays in the dead-letter subset
        return t;
    };
    QList<FilingTask> all;
    for (int i = 0; i < kRows; ++i)
        all.append(variant(i, 0));
    apply(all);
    QCOMPARE(proxy.rowCount(), kRows);
    proxy.sort(column, Qt::AscendingOrder);
    QVERIFY2(firstUnsortedRow(proxy, column, Qt::AscendingOrder).isEmpty(), "not sorted after loading");

    for (int round = 1; round <= 4; ++round) {
        QList<FilingTask> batch;
        for (int i = round; i < kRows; i += 37 + round) // ranges far apart, more than the merge gap
            batch.append(variant(i, round));
        apply(batch);
        const QString wrong = firstUnsortedRow(proxy, column, Qt::AscendingOrder);
        QVERIFY2(wrong.isEmpty(), qPrintable(QStringLiteral("round %1: %2").arg(round).arg(wrong)));
    }
}

void TestObligationModel::permitTreeKeepsStructureAcrossRefreshes() {
    PermitModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto usage = [](int inUse, qint64 age) {
        JurisdictionUsage u;
        u.jurisdiction = QStringLiteral("US-DE");
        u.cap = 4;
        u.inUse = inUse;
        u.leaseMs = 15000;
        for (int i = 0; i < inUse; ++i) {
            PermitInfo p;
            p.token = QStringLiteral("token-%1").arg(i);
            p.ageMs = age;
            p.known = true;
            p.holder.host = QStringLiteral("ops-1");
            p.holder.entityId = QStringLiteral("ent-%1").arg(i);
            u.permits.append(p);
        }
        JurisdictionUsage ca;
        ca.jurisdiction = QStringLiteral("US-CA");
        ca.cap = 2;
        return QList<JurisdictionUsage>{u, ca};
    };
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setUsage(usage(4, 1000));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.rowCount(model.index(0, 0)), 4);
    QCOMPARE(model.index(0, PermitModel::InUseColumn).data().toString(), QStringLiteral("4 / 4"));
    model.setUsage(usage(4, 14000)); // same holders, older: near expiry, no structural change
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.index(0, PermitModel::LeaseColumn, model.index(0, 0)).data().toString(),
             QStringLiteral("near expiry"));
    model.setUsage(usage(2, 500));
    QCOMPARE(model.rowCount(model.index(0, 0)), 2);
    QCOMPARE(reset.count(), 1);
    model.recordLostLease(QStringLiteral("US-DE"), QStringLiteral("abc"), QStringLiteral("Lost Co"));
    QCOMPARE(model.rowCount(model.index(0, 0)), 3);
    QCOMPARE(model.index(2, PermitModel::InUseColumn, model.index(0, 0)).data().toString(),
             QStringLiteral("LOST"));
}

void TestObligationModel::urgencyReadsInWordsAndSortsMostUrgentFirst_data() {
    QTest::addColumn<int>("daysFromAsOf");
    QTest::addColumn<QString>("words");
    QTest::newRow("overdue") << -12 << QStringLiteral("Overdue 12 day");
    QTest::newRow("due today") << 0 << QStringLiteral("Due today");
    QTest::newRow("due soon") << 5 << QStringLiteral("Due in 5 day");
}

void TestObligationModel::urgencyReadsInWordsAndSortsMostUrgentFirst() {
    QFETCH(int, daysFromAsOf);
    QFETCH(QString, words);
    // Three filings: the one under test, one due in 40 days (low risk) and one overdue 30 days.
    QList<RowPlan> plan;
    const QList<std::pair<int, int>> dueAndRisk{{daysFromAsOf, 3}, {40, 1}, {-30, 5}};
    for (int i = 0; i < dueAndRisk.size(); ++i) {
        RowPlan row;
        row.file = QStringLiteral("u.csv");
        row.line = i + 2;
        row.outcome = RowOutcome::Obligations;
        Obligation o = obligationFor(i);
        o.dueDate = kAsOf.addDays(dueAndRisk.at(i).first);
        o.entity.edit().riskTier = dueAndRisk.at(i).second;
        row.obligations.append(o);
        row.entity = o.entity;
        plan.append(row);
    }
    ObligationModel model;
    model.setPlan(plan, kAsOf);
    TaskFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(ObligationModel::UrgencyColumn, Qt::AscendingOrder);
    QCOMPARE(proxy.rowCount(), 3);
    // Words a person reads, never a raw score (the score stays in the tooltip).
    QString shown;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString text = model.index(r, ObligationModel::UrgencyColumn).data().toString();
        QVERIFY2(!text.contains(QRegularExpression(QStringLiteral(R"(^\d+[.,]\d+$)"))), qPrintable(text));
        if (model.index(r, ObligationModel::DaysLeftColumn).data().toInt() == daysFromAsOf)
            shown = text;
    }
    QVERIFY2(shown.startsWith(words), qPrintable(shown));
    // Ascending (the arrow as people read it) is the most urgent first: the longest overdue at the top, the
    // latest due at the bottom.
    QCOMPARE(proxy.index(0, ObligationModel::DaysLeftColumn).data().toInt(), -30);
    QCOMPARE(proxy.index(2, ObligationModel::DaysLeftColumn).data().toInt(), 40);
    QVERIFY(firstUnsortedRow(proxy, ObligationModel::UrgencyColumn, Qt::AscendingOrder).isEmpty());
}

QTEST_MAIN(TestObligationModel)
#include "tst_obligation_model.moc"
