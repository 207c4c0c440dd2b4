// The Fleet view's model (MemberModel) and its sort proxy under QAbstractItemModelTester: members as the
// ledger's heartbeats describe them, matched by member id from one refresh to the next (no reset, no row
// churn for a member whose figures changed), lost members greyed and marked, this console's own row named,
// lost members after the live ones in either sort order; and a long random churn against a reference.
#include "ui/models/item_roles.h"
#include "ui/models/member_model.h"
#include "ui/proxies/member_sort_proxy.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QtTest>

#include <map>

using namespace fd;
using namespace fd::ui;

namespace {

const QDateTime kStart(QDate(2027, 2, 15), QTime(9, 0), Qt::UTC);

LedgerMember member(const QString &id, const QString &kind = QStringLiteral("desk"), int claims = 0,
                    bool lost = false) {
    LedgerMember m;
    m.memberId = id;
    m.kind = memberKindFromString(kind);
    m.host = QStringLiteral("host-") + id.left(1);
    m.processId = 1000 + qHash(id) % 9000;
    m.version = QStringLiteral("1.4.0");
    m.startedUtc = kStart;
    m.lastBeatUtc = kStart.addSecs(60);
    m.claimsHeld = claims;
    m.inFlight = claims / 2;
    m.filedLastHour = claims * 3;
    m.batches = QStringLiteral("b1");
    m.lost = lost;
    return m;
}

QStringList idsInViewOrder(const QAbstractItemModel &model) {
    QStringList ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids.append(model.index(row, 0).data(KeyRole).toString());
    return ids;
}

} // namespace

class TestMemberModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void showsEveryFigure();
    void lostMembersAreGreyedAndMarked();
    void refreshUpdatesInPlace();
    void membersComeAndGo();
    void ownRowIsNamed();
    void duplicateIdsGiveOneRow();
    void proxySortsLostLast();
    void randomChurnMatchesTheLedger();
};

void TestMemberModel::showsEveryFigure() {
    MemberModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(MemberModel::ColumnCount));
    LedgerMember worker = member(QStringLiteral("w1"), QStringLiteral("worker"), 6);
    worker.jurisdictions = QStringLiteral("US-DE,US-CA");
    LedgerMember desk = member(QStringLiteral("d1"));
    model.setMembers({worker, desk});
    QCOMPARE(model.rowCount(), 2);
    const int w = model.rowOfMember(QStringLiteral("w1"));
    const int d = model.rowOfMember(QStringLiteral("d1"));
    QVERIFY(w >= 0 && d >= 0 && w != d);
    auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(text(w, MemberModel::MemberColumn), QStringLiteral("w1"));
    QCOMPARE(text(w, MemberModel::KindColumn), QStringLiteral("Worker"));
    QCOMPARE(text(d, MemberModel::KindColumn), QStringLiteral("Desk (console)"));
    QCOMPARE(text(w, MemberModel::HostColumn), QStringLiteral("host-w"));
    QCOMPARE(text(w, MemberModel::ProcessColumn), QString::number(worker.processId));
    QCOMPARE(text(w, MemberModel::VersionColumn), QStringLiteral("1.4.0"));
    QVERIFY(!text(w, MemberModel::StartedColumn).isEmpty());
    QVERIFY(!text(w, MemberModel::LastBeatColumn).isEmpty());
    QCOMPARE(text(w, MemberModel::JurisdictionsColumn), QStringLiteral("US-DE,US-CA"));
    QCOMPARE(text(d, MemberModel::JurisdictionsColumn), QStringLiteral("all"));
    QCOMPARE(text(w, MemberModel::ClaimsColumn), QStringLiteral("6"));
    QCOMPARE(text(w, MemberModel::InFlightColumn), QStringLiteral("3"));
    QCOMPARE(text(w, MemberModel::FiledColumn), QStringLiteral("18"));
    QCOMPARE(text(w, MemberModel::BatchesColumn), QStringLiteral("b1"));
    QCOMPARE(text(w, MemberModel::StatusColumn), QStringLiteral("active"));
    QCOMPARE(model.headerData(MemberModel::FiledColumn, Qt::Horizontal).toString(),
             QStringLiteral("Filed since start"));
    // Numbers and times sort as such.
    QCOMPARE(model.index(w, MemberModel::ClaimsColumn).data(SortRole).typeId(), QMetaType::Int);
    QCOMPARE(model.index(w, MemberModel::LastBeatColumn).data(SortRole).toDateTime(), worker.lastBeatUtc);
    QCOMPARE(model.index(w, MemberModel::ClaimsColumn).data(Qt::TextAlignmentRole).toInt() & Qt::AlignRight,
             int(Qt::AlignRight));
}

void TestMemberModel::lostMembersAreGreyedAndMarked() {
    MemberModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMembers(
        {member(QStringLiteral("live")), member(QStringLiteral("gone"), QStringLiteral("run"), 2, true)});
    const int live = model.rowOfMember(QStringLiteral("live"));
    const int gone = model.rowOfMember(QStringLiteral("gone"));
    QCOMPARE(model.lostCount(), 1);
    QCOMPARE(model.index(gone, MemberModel::StatusColumn).data().toString(), QStringLiteral("lost"));
    for (int column = 0; column < model.columnCount(); ++column) {
        QVERIFY(model.index(gone, column).data(Qt::ForegroundRole).value<QBrush>().style() != Qt::NoBrush);
        QVERIFY(!model.index(live, column).data(Qt::ForegroundRole).isValid());
        QVERIFY(
            model.index(gone, column).data(Qt::ToolTipRole).toString().startsWith(QLatin1String("Lost:")));
    }
    QCOMPARE(model.index(gone, 0).data(StateRole).toString(), QStringLiteral("LOST"));
    // A lost member that beats again is live again, in the same row.
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    model.setMembers(
        {member(QStringLiteral("live")), member(QStringLiteral("gone"), QStringLiteral("run"), 2)});
    QCOMPARE(model.rowOfMember(QStringLiteral("gone")), gone);
    QCOMPARE(model.index(gone, MemberModel::StatusColumn).data().toString(), QStringLiteral("active"));
    QCOMPARE(model.lostCount(), 0);
    QCOMPARE(inserted.size(), 0);
    QCOMPARE(removed.size(), 0);
}

void TestMemberModel::refreshUpdatesInPlace() {
    MemberModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QList<LedgerMember> fleet;
    for (int i = 0; i < 10; ++i)
        fleet.append(member(QStringLiteral("m%1").arg(i), QStringLiteral("run"), i));
    model.setMembers(fleet);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    // The same answer again: nothing to announce.
    model.setMembers(fleet);
    QCOMPARE(changed.size(), 0);
    // One member's claims changed: one dataChanged covering its row, no structural change.
    fleet[4].claimsHeld = 40;
    fleet[4].lastBeatUtc = fleet[4].lastBeatUtc.addSecs(5);
    model.setMembers(fleet);
    QCOMPARE(changed.size(), 1);
    const int row = model.rowOfMember(QStringLiteral("m4"));
    const auto topLeft = changed.first().at(0).value<QModelIndex>();
    const auto bottomRight = changed.first().at(1).value<QModelIndex>();
    QVERIFY(topLeft.row() <= row && row <= bottomRight.row());
    QCOMPARE(model.index(row, MemberModel::ClaimsColumn).data().toInt(), 40);
    QCOMPARE(inserted.size() + removed.size() + reset.size(), 0);
}

void TestMemberModel::membersComeAndGo() {
    MemberModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMembers({member(QStringLiteral("a")), member(QStringLiteral("b")), member(QStringLiteral("c"))});
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    model.setMembers({member(QStringLiteral("c")), member(QStringLiteral("d")), member(QStringLiteral("a"))});
    QCOMPARE(removed.size(), 1);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.rowOfMember(QStringLiteral("b")), -1);
    for (const char *id : {"a", "c", "d"}) {
        const int row = model.rowOfMember(QString::fromLatin1(id));
        QVERIFY(row >= 0);
        QCOMPARE(model.memberAt(row).memberId, QString::fromLatin1(id));
    }
    model.setMembers({});
    QCOMPARE(model.rowCount(), 0);
}

void TestMemberModel::ownRowIsNamed() {
    MemberModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMembers({member(QStringLiteral("desk-a")), member(QStringLiteral("desk-b"))});
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setOwnMemberId(QStringLiteral("desk-b"));
    QCOMPARE(changed.size(), 1);
    const int own = model.rowOfMember(QStringLiteral("desk-b"));
    QCOMPARE(model.index(own, MemberModel::MemberColumn).data().toString(),
             QStringLiteral("desk-b (this console)"));
    QCOMPARE(model.index(own, MemberModel::MemberColumn).data(KeyRole).toString(), QStringLiteral("desk-b"));
    QCOMPARE(
        model.index(model.rowOfMember(QStringLiteral("desk-a")), MemberModel::MemberColumn).data().toString(),
        QStringLiteral("desk-a"));
}

void TestMemberModel::duplicateIdsGiveOneRow() {
    MemberModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMembers({member(QStringLiteral("x"), QStringLiteral("run"), 1),
                      member(QStringLiteral("x"), QStringLiteral("run"), 2)});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.memberAt(0).claimsHeld, 1);
}

void TestMemberModel::proxySortsLostLast() {
    MemberModel model;
    MemberSortProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMembers({member(QStringLiteral("a"), QStringLiteral("run"), 5),
                      member(QStringLiteral("b"), QStringLiteral("run"), 50, true),
                      member(QStringLiteral("c"), QStringLiteral("run"), 9),
                      member(QStringLiteral("d"), QStringLiteral("run"), 1, true)});
    proxy.sort(MemberModel::ClaimsColumn, Qt::AscendingOrder);
    QCOMPARE(idsInViewOrder(proxy), (QStringList{"a", "c", "d", "b"}));
    proxy.sort(MemberModel::ClaimsColumn, Qt::DescendingOrder);
    QCOMPARE(idsInViewOrder(proxy), (QStringList{"c", "a", "b", "d"}));
    // Sorting stays live as the figures change.
    model.setMembers({member(QStringLiteral("a"), QStringLiteral("run"), 99),
                      member(QStringLiteral("b"), QStringLiteral("run"), 50, true),
                      member(QStringLiteral("c"), QStringLiteral("run"), 9),
                      member(QStringLiteral("d"), QStringLiteral("run"), 1, true)});
    QCOMPARE(idsInViewOrder(proxy), (QStringList{"a", "c", "b", "d"}));
}

void TestMemberModel::randomChurnMatchesTheLedger() {
    MemberModel model;
    MemberSortProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(MemberModel::LastBeatColumn, Qt::DescendingOrder);
    QAbstractItemModelTester sourceTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QRandomGenerator random(20270215);
    std::map<QString, LedgerMember> ledger;
    for (int round = 0; round < 300; ++round) {
        // Members join, leave, get lost, come back; figures move every beat.
        for (int i = 0; i < 4; ++i) {
            const QString id = QStringLiteral("m%1").arg(random.bounded(60));
            const int what = random.bounded(10);
            if (what == 0) {
                ledger.erase(id);
            } else {
                static const QStringList kinds{QStringLiteral("desk"), QStringLiteral("run"),
                                               QStringLiteral("worker")};
                LedgerMember m = member(id, kinds.at(random.bounded(3)), random.bounded(30), what == 1);
                m.lastBeatUtc = kStart.addSecs(round * 2 + random.bounded(3));
                ledger[id] = m;
            }
        }
        QList<LedgerMember> answer;
        for (const auto &[id, m] : ledger)
            answer.append(m);
        // The ledger's answer comes in its own order.
        for (qsizetype i = answer.size() - 1; i > 0; --i)
            answer.swapItemsAt(i, random.bounded(int(i + 1)));
        model.setMembers(answer);
        QCOMPARE(model.rowCount(), int(ledger.size()));
        for (const auto &[id, m] : ledger) {
            const int row = model.rowOfMember(id);
            QVERIFY(row >= 0);
            QCOMPARE(model.memberAt(row).claimsHeld, m.claimsHeld);
            QCOMPARE(model.memberAt(row).lost, m.lost);
            QCOMPARE(toString(model.memberAt(row).kind), toString(m.kind));
        }
        // The view: live first, each part newest beat first.
        bool seenLost = false;
        QDateTime previous;
        for (int row = 0; row < proxy.rowCount(); ++row) {
            const bool lost = proxy.index(row, 0).data(StateRole).toString() == QLatin1String("LOST");
            QVERIFY(!seenLost || lost);
            const QDateTime beat = proxy.index(row, MemberModel::LastBeatColumn).data(SortRole).toDateTime();
            if (lost != seenLost)
                previous = QDateTime();
            QVERIFY(!previous.isValid() || beat <= previous);
            previous = beat;
            seenLost = seenLost || lost;
        }
    }
}

QTEST_MAIN(TestMemberModel)
#include "tst_member_model.moc"
