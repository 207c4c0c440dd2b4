// The German console is complete: the catalogues hold exactly the strings of the sources (a fresh lupdate
// scan adds and removes nothing), the catalogue has no unfinished entry, and the real main window, built once
// in English and once in German against the sandbox registry with a portfolio loaded, shows no English string
// in German: every widget's text, title, placeholder, tooltip and accessible name, every combo-box item, tab,
// action and menu, and every header of every table. Plurals come from %n, dates and amounts follow the
// locale.
#include "ui/about/version_info.h"
#include "ui/models/display_format.h"
#include "ui/models/obligation_model.h"
#include "ui/session/console_options.h"
#include "ui/settings/console_settings.h"
#include "ui/settings/languages.h"
#include "ui/settings/secret_store.h"
#include "ui/widgets/about_dialog.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/settings_dialog.h"

#include "support/sandbox_process.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QTabWidget>
#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace fd;
using namespace fd::ui;

namespace {

const QDate kAsOf(2026, 3, 1);

QString sourceDir() {
    return qEnvironmentVariable("FILINGDESK_SOURCE_DIR");
}

/// One visible string and where it was found ("QLabel portfolioSummary text").
struct Shown {
    QString where;
    QString text;
};

QString clean(QString text) {
    // Mnemonics and the "&&" escape do not make a string English or German.
    text.replace(QLatin1String("&&"), QLatin1String("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text.trimmed();
}

QString describe(const QObject *o) {
    return QStringLiteral("%1 \"%2\"")
        .arg(QString::fromLatin1(o->metaObject()->className()), o->objectName());
}

void add(QList<Shown> *out, const QString &where, const QString &text) {
    const QString t = clean(text);
    if (!t.isEmpty())
        out->append({where, t});
}

/// Every string the window shows a person, or would on hover, in a menu or to a screen reader.
QList<Shown> visibleStrings(QWidget *window) {
    QList<Shown> out;
    add(&out, QStringLiteral("window title"), window->windowTitle());
    const QList<QWidget *> widgets = window->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        const QString where = describe(w);
        add(&out, where + QStringLiteral(" toolTip"), w->toolTip());
        add(&out, where + QStringLiteral(" accessibleName"), w->accessibleName());
        add(&out, where + QStringLiteral(" windowTitle"), w->isWindow() ? w->windowTitle() : QString());
        if (auto *label = qobject_cast<QLabel *>(w))
            add(&out, where + QStringLiteral(" text"), label->text());
        if (auto *button = qobject_cast<QAbstractButton *>(w))
            add(&out, where + QStringLiteral(" text"), button->text());
        if (auto *box = qobject_cast<QGroupBox *>(w))
            add(&out, where + QStringLiteral(" title"), box->title());
        if (auto *edit = qobject_cast<QLineEdit *>(w))
            add(&out, where + QStringLiteral(" placeholder"), edit->placeholderText());
        if (auto *dock = qobject_cast<QDockWidget *>(w))
            add(&out, where + QStringLiteral(" title"), dock->windowTitle());
        if (auto *combo = qobject_cast<QComboBox *>(w)) {
            for (int i = 0; i < combo->count(); ++i)
                add(&out, where + QStringLiteral(" item %1").arg(i), combo->itemText(i));
        }
        if (auto *tabs = qobject_cast<QTabWidget *>(w)) {
            for (int i = 0; i < tabs->count(); ++i) {
                add(&out, where + QStringLiteral(" tab %1").arg(i), tabs->tabText(i));
                add(&out, where + QStringLiteral(" tab tooltip %1").arg(i), tabs->tabToolTip(i));
            }
        }
        if (auto *header = qobject_cast<QHeaderView *>(w)) {
            if (QAbstractItemModel *model = header->model()) {
                const int n = header->orientation() == Qt::Horizontal ? model->columnCount() : 0;
                for (int section = 0; section < n; ++section) {
                    add(&out, where + QStringLiteral(" section %1").arg(section),
                        model->headerData(section, Qt::Horizontal, Qt::DisplayRole).toString());
                    add(&out, where + QStringLiteral(" section tooltip %1").arg(section),
                        model->headerData(section, Qt::Horizontal, Qt::ToolTipRole).toString());
                }
            }
        }
        if (auto *menu = qobject_cast<QMenu *>(w))
            add(&out, where + QStringLiteral(" title"), menu->title());
    }
    for (QAction *action : window->findChildren<QAction *>()) {
        const QString where = QStringLiteral("QAction \"%1\"").arg(action->objectName());
        add(&out, where + QStringLiteral(" text"), action->text());
        add(&out, where + QStringLiteral(" toolTip"), action->toolTip());
        add(&out, where + QStringLiteral(" statusTip"), action->statusTip());
    }
    if (auto *main = qobject_cast<QMainWindow *>(window)) {
        for (QAction *menuAction : main->menuBar()->actions())
            add(&out, QStringLiteral("menu bar"), menuAction->text());
    }
    return out;
}

/// Strings that read the same in both languages by nature: numbers, codes (PENDING, US-DE, HTTP_503),
/// URLs, file names, product and protocol names.
bool languageNeutral(const QString &text) {
    static const QRegularExpression noWords(QStringLiteral("^[^A-Za-zÄÖÜäöüß]*$"));
    static const QRegularExpression codes(QStringLiteral("^[A-Z0-9_\\-/ .:()=,·—?]+$"));
    static const QRegularExpression urlOrFile(
        QStringLiteral("^(https?|redis)://\\S+$|^\\S+\\.(csv|sqlite|ini|ics)$"));
    return noWords.match(text).hasMatch() || codes.match(text).hasMatch() || urlOrFile.match(text).hasMatch();
}

/// The catalogue's messages as "context | source" (" [plural]" for those with plural forms).
QSet<QString> messagesOf(const QString &path, QString *error) {
    QSet<QString> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    bool numerus = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("message"))
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        else if (xml.name() == QLatin1String("source"))
            messages.insert(context + QStringLiteral(" | ") + xml.readElementText() +
                            (numerus ? QStringLiteral(" [plural]") : QString()));
    }
    if (xml.hasError())
        *error = path + QStringLiteral(": ") + xml.errorString();
    return messages;
}

/// Source strings whose German translation is deliberately the same (product names, "LLC", "Lease" ...),
/// read from the catalogue itself; those with placeholders ("FilingDesk — %1") also as patterns.
QSet<QString> sameInGerman(QString *error) {
    QSet<QString> same;
    QFile file(sourceDir() + QStringLiteral("/translations/filingdesk_de.ts"));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return same;
    }
    QXmlStreamReader xml(&file);
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            const QString translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (clean(translation) == clean(source))
                same.insert(clean(source));
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return same;
}

/// The catalogue's same-in-German strings with placeholders ("FilingDesk — %1") as patterns.
QList<QRegularExpression> patternsOf(const QSet<QString> &same) {
    QList<QRegularExpression> samePatterns;
    static const QRegularExpression placeholder(QStringLiteral("%\\d"));
    for (const QString &text : same) {
        // Only templates with words of their own ("FilingDesk — %1"); "%1 (%2)" would excuse anything.
        static const QRegularExpression letters(QStringLiteral("[A-Za-z]"));
        if (!text.contains(placeholder) || QString(text).remove(placeholder).count(letters) < 4)
            continue;
        QStringList parts = text.split(placeholder);
        for (QString &part : parts)
            part = QRegularExpression::escape(part);
        samePatterns << QRegularExpression(QStringLiteral("^") + parts.join(QStringLiteral(".*")) +
                                           QStringLiteral("$"));
    }

    return samePatterns;
}

/// Reads the same in both languages: by nature, or because the catalogue says so.
bool sameByDesign(const QString &text, const QSet<QString> &same, const QList<QRegularExpression> &patterns) {
    return languageNeutral(text) || same.contains(text) ||
           std::any_of(patterns.cbegin(), patterns.cend(),
                       [&](const QRegularExpression &p) { return p.match(text).hasMatch(); });
}

} // namespace

class TestConsoleGerman : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void catalogueMatchesTheSources_data();
    void catalogueMatchesTheSources();
    void catalogueHasNoUnfinishedEntry_data();
    void catalogueHasNoUnfinishedEntry();
    void pluralsFollowTheCount_data();
    void pluralsFollowTheCount();
    void datesAndAmountsFollowTheLocale();
    void aWithdrawalReadsInTheReadersLanguage();
    void languageIsAUserSetting();
    void aboutShowsTheVersions();
    void mainWindowHasNoEnglishString();
    void dialogsHaveNoEnglishString();
    void germanWindowFitsALaptopScreen();

private:
    std::unique_ptr<MainWindow> openWindow(const QString &tag);

    QTemporaryDir m_dir;
    std::unique_ptr<test::SandboxProcess> m_sandbox;
};

void TestConsoleGerman::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(!sourceDir().isEmpty(), "FILINGDESK_SOURCE_DIR is not set (run through ctest)");
    m_sandbox = std::make_unique<test::SandboxProcess>(QStringList{});
    QVERIFY2(m_sandbox->start(), qPrintable(m_sandbox->errorString()));
}

void TestConsoleGerman::cleanupTestCase() {
    applyLanguage(*QCoreApplication::instance(), QStringLiteral("en"));
    QLocale::setDefault(QLocale::c());
    m_sandbox.reset();
}

void TestConsoleGerman::catalogueMatchesTheSources_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("de") << QStringLiteral("filingdesk_de.ts");
    QTest::newRow("en") << QStringLiteral("filingdesk_en.ts");
}

void TestConsoleGerman::catalogueMatchesTheSources() {
    // A string added or changed in the sources is in the catalogue (and so translated, below) only once the
    // catalogue is refreshed: lupdate over the sources the build translates, as update_translations runs it,
    // into a copy, must add and remove nothing.
    QFETCH(QString, file);
    const QString lupdate = qEnvironmentVariable("FILINGDESK_LUPDATE");
    QVERIFY2(!lupdate.isEmpty(), "FILINGDESK_LUPDATE is not set (run through ctest)");
    const QString sources = qEnvironmentVariable("FILINGDESK_BINARY_DIR") +
                            QStringLiteral("/translations/translated-sources.txt");
    QVERIFY2(QFile::exists(sources), qPrintable(sources));
    const QString original = sourceDir() + QStringLiteral("/translations/") + file;
    const QString fresh = m_dir.filePath(QStringLiteral("fresh-") + file);
    QFile::remove(fresh);
    QVERIFY(QFile::copy(original, fresh));
    QVERIFY(QFile::setPermissions(fresh, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QProcess scan;
    scan.setProcessChannelMode(QProcess::MergedChannels);
    scan.start(lupdate, {QStringLiteral("-I"), sourceDir(), QStringLiteral("-no-obsolete"),
                         QStringLiteral("-locations"), QStringLiteral("none"), QLatin1Char('@') + sources,
                         QStringLiteral("-ts"), fresh});
    const bool finished = scan.waitForFinished(120000);
    const QString output = QString::fromLocal8Bit(scan.readAll());
    QVERIFY2(finished && scan.exitStatus() == QProcess::NormalExit && scan.exitCode() == 0,
             qPrintable(output));
    QString error;
    const QSet<QString> checkedIn = messagesOf(original, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QSet<QString> scanned = messagesOf(fresh, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(scanned.size() > 400);
    QStringList differences;
    for (const QString &m : scanned) {
        if (!checkedIn.contains(m))
            differences << QStringLiteral("not in the catalogue: ") + m;
    }
    for (const QString &m : checkedIn) {
        if (!scanned.contains(m))
            differences << QStringLiteral("no longer in the sources: ") + m;
    }
    differences.sort();
    QVERIFY2(
        differences.isEmpty(),
        qPrintable(QStringLiteral("refresh the catalogues (cmake --build <dir> --target update_translations) "
                                  "and translate:\n") +
                   differences.join(QLatin1Char('\n'))));
}

void TestConsoleGerman::catalogueHasNoUnfinishedEntry_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("de") << QStringLiteral("filingdesk_de.ts");
    QTest::newRow("en (plural forms)") << QStringLiteral("filingdesk_en.ts");
}

void TestConsoleGerman::catalogueHasNoUnfinishedEntry() {
    QFETCH(QString, file);
    QFile ts(sourceDir() + QStringLiteral("/translations/") + file);
    QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(ts.errorString()));
    QXmlStreamReader xml(&ts);
    QString source;
    bool numerus = false;
    int messages = 0;
    QStringList unfinished;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("message")) {
            numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            ++messages;
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const bool isUnfinished =
                xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            // English carries only the plural forms; German carries everything.
            const bool needed = file.contains(QLatin1String("_de")) || numerus;
            if (needed && (isUnfinished || text.trimmed().isEmpty()))
                unfinished << source;
            if (numerus && needed && !text.contains(QLatin1String("%n")) &&
                !source.contains(QLatin1String(" (and")))
                unfinished << source + QStringLiteral(" (a plural form without %n)");
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(messages > 400);
    QVERIFY2(unfinished.isEmpty(), qPrintable(unfinished.join(QLatin1String("\n"))));
}

void TestConsoleGerman::pluralsFollowTheCount_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("expected");
    QTest::newRow("en 1") << QStringLiteral("en") << 1
                          << QStringLiteral("1 new filing that could not be filed");
    QTest::newRow("en 5") << QStringLiteral("en") << 5
                          << QStringLiteral("5 new filings that could not be filed");
    QTest::newRow("de 1") << QStringLiteral("de") << 1
                          << QStringLiteral("1 neues Filing mit gescheiterter Übermittlung");
    QTest::newRow("de 5") << QStringLiteral("de") << 5
                          << QStringLiteral("5 neue Filings mit gescheiterter Übermittlung");
}

void TestConsoleGerman::pluralsFollowTheCount() {
    QFETCH(QString, language);
    QFETCH(int, count);
    QFETCH(QString, expected);
    QCOMPARE(applyLanguage(*QCoreApplication::instance(), language), language);
    QCOMPARE(QCoreApplication::translate("fd::ui::AlertNotifier", "%n new filing(s) that could not be filed",
                                         nullptr, count),
             expected);
}

void TestConsoleGerman::aWithdrawalReadsInTheReadersLanguage() {
    // Who withdrew a filing and why is stored in one fixed form, whatever the language of the desk that
    // recorded it; each desk shows it in its own. A message stored some other way is shown as it is.
    fd::FilingTask task;
    task.state = fd::ExecutionState::DeadLetter;
    task.lastErrorCode = QStringLiteral("WITHDRAWN");
    task.lastErrorMessage =
        fd::withdrawalRecord(QStringLiteral("alice"), QStringLiteral("Gesellschaft (GmbH) aufgelöst"));
    QCOMPARE(task.lastErrorMessage,
             QStringLiteral("withdrawn by alice: will not file (Gesellschaft (GmbH) aufgelöst)"));
    QCOMPARE(applyLanguage(*QCoreApplication::instance(), QStringLiteral("de")), QStringLiteral("de"));
    QCOMPARE(
        fd::lastMessageForPeople(task),
        QStringLiteral("zurückgezogen von alice: wird nicht übermittelt (Gesellschaft (GmbH) aufgelöst)"));
    applyLanguage(*QCoreApplication::instance(), QStringLiteral("en"));
    QCOMPARE(fd::lastMessageForPeople(task), task.lastErrorMessage);
    task.lastErrorMessage = QStringLiteral("zurückgezogen von bob: wird nicht übermittelt (verkauft)");
    QCOMPARE(fd::lastMessageForPeople(task), task.lastErrorMessage);
    task.lastErrorCode = QStringLiteral("HTTP_503");
    task.lastErrorMessage = QStringLiteral("withdrawn by mallory: will not file (x)");
    QCOMPARE(fd::lastMessageForPeople(task), task.lastErrorMessage); // only a withdrawal is said again
}

void TestConsoleGerman::datesAndAmountsFollowTheLocale() {
    applyLanguage(*QCoreApplication::instance(), QStringLiteral("de"));
    QCOMPARE(QLocale().language(), QLocale::German);
    QCOMPARE(formatDate(QDate(2026, 3, 1)), QStringLiteral("01.03.2026"));
    QCOMPARE(formatCents(123456), QStringLiteral("1.234,56\u00a0$"));
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(formatDate(QDate(2026, 3, 1)), QStringLiteral("3/1/2026"));
    QCOMPARE(formatCents(123456), QStringLiteral("$1,234.56"));
    QLocale::setDefault(QLocale::c());
    QCOMPARE(formatDate(QDate(2026, 3, 1)), QStringLiteral("2026-03-01"));
}

void TestConsoleGerman::languageIsAUserSetting() {
    // Chosen in Settings, kept in the user's settings file, not in the engine configuration.
    const QString path = m_dir.filePath(QStringLiteral("language.ini"));
    ConsoleSettings settings(path);
    QCOMPARE(settings.language(), QString());
    SecretStore secrets;
    SettingsDialog dialog(&settings, &secrets);
    auto *combo = dialog.findChild<QComboBox *>(QStringLiteral("settingsLanguage"));
    QVERIFY(combo);
    QCOMPARE(combo->currentData().toString(), QString()); // system default
    const int german = combo->findData(QStringLiteral("de"));
    QVERIFY(german > 0);
    QCOMPARE(combo->itemText(german), QStringLiteral("Deutsch"));
    combo->setCurrentIndex(german);
    QSignalSpy finished(&dialog, &SettingsDialog::saveFinished);
    dialog.save();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(ConsoleSettings(path).language(), QStringLiteral("de"));
    QSettings raw(path, QSettings::IniFormat);
    QCOMPARE(raw.value(QStringLiteral("ui/language")).toString(), QStringLiteral("de"));
}

void TestConsoleGerman::aboutShowsTheVersions() {
    // Program, rules file and Qt, as `filingdesk --version` prints them; the labels in the chosen language.
    applyLanguage(*QCoreApplication::instance(), QStringLiteral("de"));
    AboutDialog about;
    QCOMPARE(about.windowTitle(), QStringLiteral("Über FilingDesk"));
    const VersionInfo v = VersionInfo::current();
    QVERIFY(!v.rules.isEmpty());
    QCOMPARE(about.findChild<QLabel *>(QStringLiteral("programVersion"))->text(),
             QStringLiteral(FILINGDESK_VERSION));
    QCOMPARE(about.findChild<QLabel *>(QStringLiteral("rulesVersion"))->text(), v.rules);
    QVERIFY(about.findChild<QLabel *>(QStringLiteral("qtVersion"))
                ->text()
                .startsWith(QString::fromLatin1(qVersion())));
    const QString text = versionText();
    QVERIFY2(
        text.startsWith(
            QStringLiteral("filingdesk %1\nrules %2 (built in)\nQt %3").arg(v.program, v.rules, v.qtRun)),
        qPrintable(text));
}

std::unique_ptr<MainWindow> TestConsoleGerman::openWindow(const QString &tag) {
    ConsoleOptions options;
    options.registryUrl = m_sandbox->baseUrl();
    options.sandbox = true; // the sandbox registry: practice, no live confirmation
    options.dbPath = m_dir.filePath(tag + QStringLiteral(".sqlite"));
    options.settingsPath = m_dir.filePath(tag + QStringLiteral(".ini"));
    options.useKeychain = false;
    options.asOf = kAsOf;
    auto window = std::make_unique<MainWindow>(options);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    if (!QTest::qWaitFor([&] { return window->engineStarted(); }, 20000))
        return nullptr;
    window->loadPortfolio(
        QDir(sourceDir())
            .filePath(QStringLiteral("tests/data/portfolios/ex21_3570_0000003570-17-000052.csv")));
    if (!QTest::qWaitFor([&] { return window->obligationModel()->rowCount() == 56; }, 60000))
        return nullptr;
    QTest::qWait(500); // the status bar and counters settle
    return window;
}

void TestConsoleGerman::mainWindowHasNoEnglishString() {
    QString error;
    const QSet<QString> same = sameInGerman(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QList<QRegularExpression> samePatterns = patternsOf(same);

    QCOMPARE(applyLanguage(*QCoreApplication::instance(), QStringLiteral("en")), QStringLiteral("en"));
    QSet<QString> english;
    {
        std::unique_ptr<MainWindow> window = openWindow(QStringLiteral("en"));
        QVERIFY(window);
        for (const Shown &s : visibleStrings(window.get()))
            english.insert(s.text);
    }
    QVERIFY2(english.size() > 150, qPrintable(QString::number(english.size())));

    QCOMPARE(applyLanguage(*QCoreApplication::instance(), QStringLiteral("de")), QStringLiteral("de"));
    std::unique_ptr<MainWindow> window = openWindow(QStringLiteral("de"));
    QVERIFY(window);
    const QList<Shown> german = visibleStrings(window.get());
    QStringList untranslated;
    int checked = 0;
    for (const Shown &s : german) {
        if (sameByDesign(s.text, same, samePatterns))
            continue;
        ++checked;
        if (english.contains(s.text))
            untranslated << QStringLiteral("%1: \"%2\"").arg(s.where, s.text);
    }
    for (const QString &line : std::as_const(untranslated))
        qWarning().noquote() << "untranslated:" << line;
    QVERIFY2(checked > 100, qPrintable(QString::number(checked)));
    QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("English in the German console:\n") +
                                                untranslated.join(QLatin1Char('\n'))));
    // Spot checks of the field's German terms.
    const QStringList texts = [&] {
        QStringList t;
        for (const Shown &s : german)
            t << s.text;
        return t;
    }();
    for (const char *term : {"Pflichten", "Prüfpfad", "Rechtsträger", "Fällig", "Sendeberechtigungen"})
        QVERIFY2(texts.contains(QString::fromUtf8(term)), term);
}

void TestConsoleGerman::dialogsHaveNoEnglishString() {
    // Settings and About, as Help and File open them; the same rules as for the main window.
    QString error;
    const QSet<QString> same = sameInGerman(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    auto strings = [&](const QString &language) {
        applyLanguage(*QCoreApplication::instance(), language);
        ConsoleSettings settings(m_dir.filePath(QStringLiteral("dialogs-%1.ini").arg(language)));
        SecretStore secrets;
        SettingsDialog dialog(&settings, &secrets);
        dialog.setSessionNote(QStringLiteral("US-DE=4"));
        AboutDialog about;
        return visibleStrings(&dialog) + visibleStrings(&about);
    };
    const QList<QRegularExpression> samePatterns = patternsOf(same);
    QSet<QString> english;
    for (const Shown &s : strings(QStringLiteral("en")))
        english.insert(s.text);
    QStringList untranslated;
    int checked = 0;
    for (const Shown &s : strings(QStringLiteral("de"))) {
        // The languages offered are named in themselves ("English", "Deutsch") whatever the interface
        // language.
        if (sameByDesign(s.text, same, samePatterns) ||
            s.where.startsWith(QLatin1String("QComboBox \"settingsLanguage\" item")))
            continue;
        ++checked;
        if (english.contains(s.text))
            untranslated << QStringLiteral("%1: \"%2\"").arg(s.where, s.text);
    }
    QVERIFY2(checked > 30, qPrintable(QString::number(checked)));
    QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1Char('\n'))));
}

void TestConsoleGerman::germanWindowFitsALaptopScreen() {
    // German words are longer: the console must still fit a 1366-pixel-wide laptop screen, nothing cut off at
    // its right edge.
    QCOMPARE(applyLanguage(*QCoreApplication::instance(), QStringLiteral("de")), QStringLiteral("de"));
    std::unique_ptr<MainWindow> window = openWindow(QStringLiteral("de-width"));
    QVERIFY(window);
    QStringList widest; // for the failure message: what asks for the width
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (w->isVisible() && w->minimumSizeHint().width() > 1000)
            widest << QStringLiteral("%1 %2: %3")
                          .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                          .arg(w->minimumSizeHint().width());
    }
    QVERIFY2(window->minimumSizeHint().width() <= 1366,
             qPrintable(QStringLiteral("%1 pixels wide at least: %2")
                            .arg(window->minimumSizeHint().width())
                            .arg(widest.join(QStringLiteral("; ")))));
}

QTEST_MAIN(TestConsoleGerman)
#include "tst_console_german.moc"
