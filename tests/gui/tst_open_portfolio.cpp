// How the desktop hands a portfolio to the console: `filingdesk FILE.csv` (the .desktop entry's %f, Windows'
// "Open with") and, on macOS, a QFileOpenEvent while the console runs — before or after its engine started.
#include "ui/models/obligation_model.h"
#include "ui/session/console_options.h"
#include "ui/session/file_open_handler.h"
#include "ui/widgets/main_window.h"

#include <QFileOpenEvent>
#include <QTemporaryDir>
#include <QtTest>

using namespace fd::ui;

namespace {

QString portfolio(const QString &name) {
    return QDir(qEnvironmentVariable("FILINGDESK_SOURCE_DIR"))
        .filePath(QStringLiteral("tests/data/portfolios/") + name);
}

} // namespace

class TestOpenPortfolio : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void positionalArgument_data();
    void positionalArgument();
    void fileOpenEventLoadsThePortfolio();
};

void TestOpenPortfolio::positionalArgument_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("portfolio");
    QTest::newRow("a CSV alone") << QStringList{QStringLiteral("/tmp/Portfolio.CSV")} << true
                                 << QStringLiteral("/tmp/Portfolio.CSV");
    QTest::newRow("with options") << QStringList{QStringLiteral("--sandbox"), QStringLiteral("a.csv")} << true
                                  << QStringLiteral("a.csv");
    QTest::newRow("no file") << QStringList{} << true << QString();
    QTest::newRow("not a CSV") << QStringList{QStringLiteral("worker")} << false << QString();
    QTest::newRow("two files") << QStringList{QStringLiteral("a.csv"), QStringLiteral("b.csv")} << false
                               << QString();
    QTest::newRow("and --portfolio") << QStringList{QStringLiteral("--portfolio"), QStringLiteral("a.csv"),
                                                    QStringLiteral("b.csv")}
                                     << false << QString();
}

void TestOpenPortfolio::positionalArgument() {
    QFETCH(QStringList, arguments);
    QFETCH(bool, ok);
    QFETCH(QString, portfolio);
    ConsoleOptions options;
    QString error;
    bool help = false;
    QCOMPARE(ConsoleOptions::parse(arguments, &options, &error, &help), ok);
    if (ok)
        QCOMPARE(options.portfolio, portfolio);
    else
        QVERIFY2(error.contains(QLatin1String("unexpected argument")), qPrintable(error));
}

void TestOpenPortfolio::fileOpenEventLoadsThePortfolio() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ConsoleOptions options;
    options.dbPath = dir.filePath(QStringLiteral("audit.sqlite"));
    options.settingsPath = dir.filePath(QStringLiteral("settings.ini"));
    options.useKeychain = false;
    options.asOf = QDate(2026, 3, 1);
    MainWindow window(options);
    qApp->installEventFilter(new FileOpenHandler(&window));
    // Before the engine has started: kept, and loaded once it has.
    QFileOpenEvent early(portfolio(QStringLiteral("ex21_3570_0000003570-17-000052.csv")));
    QVERIFY(QCoreApplication::sendEvent(qApp, &early));
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(window.engineStarted(), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(window.obligationModel()->rowCount(), 56, 60000);
    // While it runs: loaded at once, replacing the view.
    QFileOpenEvent later(portfolio(QStringLiteral("ex21_4904_0000004904-09-000040.csv")));
    QVERIFY(QCoreApplication::sendEvent(qApp, &later));
    QTRY_VERIFY_WITH_TIMEOUT(window.windowTitle().contains(QLatin1String("ex21_4904")), 60000);
}

QTEST_MAIN(TestOpenPortfolio)
#include "tst_open_portfolio.moc"
