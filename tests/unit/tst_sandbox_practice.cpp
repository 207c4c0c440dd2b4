// The console's practice registry (--sandbox) refuses some filings on its own, so that a trainee can practise
// curing a halt without corrupting entity data; the user's own --fail settings replace the defaults.
#include "engine/process/sandbox_launcher.h"

#include <QtTest>

using namespace fd;

class TestSandboxPractice : public QObject {
    Q_OBJECT

private slots:
    void practiceArguments_data() {
        QTest::addColumn<QStringList>("given");
        QTest::addColumn<bool>("defaultsAdded");
        QTest::newRow("nothing given") << QStringList{} << true;
        QTest::newRow("latency only") << QStringList{QStringLiteral("--latency-ms=40:160")} << true;
        QTest::newRow("own failures") << QStringList{QStringLiteral("--fail=transient=0.1")} << false;
        QTest::newRow("failures off") << QStringList{QStringLiteral("--fail=statutory=0")} << false;
        QTest::newRow("separate value")
            << QStringList{QStringLiteral("--fail"), QStringLiteral("drop=0.1")} << false;
    }

    void practiceArguments() {
        QFETCH(QStringList, given);
        QFETCH(bool, defaultsAdded);
        const QStringList args = SandboxLauncher::practiceArguments(given);
        QCOMPARE(args.mid(0, given.size()), given); // the user's own arguments first, unchanged
        if (!defaultsAdded) {
            QCOMPARE(args, given);
            return;
        }
        // Every kind of trouble a person handles: a halt (statutory), a data rejection (validation), a retry
        // (transient) and a reconciliation (wrong fee).
        for (const char *kind :
             {"--fail=statutory=", "--fail=validation=", "--fail=transient=", "--fail=wrong_fee="})
            QVERIFY2(args.filter(QLatin1String(kind)).size() == 1, kind);
        for (const QString &arg : args.mid(given.size())) {
            const double rate = arg.section(QLatin1Char('='), 2).toDouble();
            QVERIFY2(rate > 0.0 && rate <= 0.05, qPrintable(arg)); // a little trouble, not a broken registry
        }
    }
};

QTEST_GUILESS_MAIN(TestSandboxPractice)
#include "tst_sandbox_practice.moc"
