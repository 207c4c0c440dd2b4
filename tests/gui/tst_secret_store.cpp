// QtKeychain against a real Secret Service (gnome-keyring in a private D-Bus session, see
// run_with_keyring.sh), through the console's SecretStore and Settings dialog; and, with no D-Bus at all, the
// refusal to store anything.
#include "support/endpoints.h"
#include "ui/settings/console_settings.h"
#include "ui/settings/secret_store.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/settings_dialog.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>

using fd::ui::ConsoleSettings;
using fd::ui::SecretStore;
using fd::ui::SettingsDialog;

namespace {

/// Runs one asynchronous SecretStore call to completion (bounded).
template <typename Call> std::optional<SecretStore::Result> await(Call call) {
    std::optional<SecretStore::Result> result;
    call([&result](const SecretStore::Result &r) { result = r; });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 20000))
        return std::nullopt;
    return result;
}

QByteArray fileBytes(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// What the dialog says about a save: the keychain's status and the settings' error, for failure messages.
QString saveProblem(const SettingsDialog &dialog) {
    const auto *error = dialog.findChild<QLabel *>(QStringLiteral("settingsError"));
    return dialog.secretStatus() + QStringLiteral(" | ") + (error ? error->text() : QString());
}

} // namespace

class TestSecretStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scopesByWhatItUnlocks_data();
    void scopesByWhatItUnlocks();
    void writeReadDeleteThroughKeychain();
    void settingsDialogKeepsSecretsOutOfSettingsFile();
    void secretOfOneServerIsNotAnothers();
    void unreadableSecretIsReportedAtStart();
    void unreadableLedgerPasswordIsReportedAtStart();
    void noKeychainStoresNothing();
};

void TestSecretStore::scopesByWhatItUnlocks_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("name");
    QTest::newRow("redis default port and db")
        << QStringLiteral("redis-password") << QStringLiteral("redis://Gate.Internal")
        << QStringLiteral("redis-password@redis://gate.internal:6379/0");
    QTest::newRow("redis user and password ignored")
        << QStringLiteral("redis-password") << QStringLiteral("redis://filingdesk:pw@10.0.0.5:6380/2")
        << QStringLiteral("redis-password@redis://10.0.0.5:6380/2");
    QTest::newRow("registry https default port")
        << QStringLiteral("registry-token") << QStringLiteral("https://registry.example/v1/?x=1")
        << QStringLiteral("registry-token@https://registry.example:443");
    QTest::newRow("registry http port")
        << QStringLiteral("registry-token") << QStringLiteral("http://127.0.0.1:8089")
        << QStringLiteral("registry-token@http://127.0.0.1:8089");
    QTest::newRow("ledger: role, default port, database; sslmode ignored")
        << QStringLiteral("ledger-password")
        << QStringLiteral("postgresql://filingdesk@DB.Example/team?sslmode=verify-full")
        << QStringLiteral("ledger-password@postgresql://filingdesk@db.example:5432/team");
    QTest::newRow("ledger: postgres:// reads as postgresql://")
        << QStringLiteral("ledger-password") << QStringLiteral("postgres://fd@10.0.0.7:6543/ledger")
        << QStringLiteral("ledger-password@postgresql://fd@10.0.0.7:6543/ledger");
    QTest::newRow("ledger: another role, another secret")
        << QStringLiteral("ledger-password") << QStringLiteral("postgresql://auditor@10.0.0.7:6543/ledger")
        << QStringLiteral("ledger-password@postgresql://auditor@10.0.0.7:6543/ledger");
    QTest::newRow("no URL: no name") << QStringLiteral("redis-password") << QString() << QString();
}

void TestSecretStore::scopesByWhatItUnlocks() {
    QFETCH(QString, kind);
    QFETCH(QString, url);
    QFETCH(QString, name);
    QCOMPARE(SecretStore::nameFor(kind.toLatin1().constData(), QUrl(url)), name);
    if (!name.isEmpty())
        QCOMPARE(SecretStore::scopedKey(name), QStringLiteral("FilingDesk/") + name);
}

void TestSecretStore::writeReadDeleteThroughKeychain() {
    if (qEnvironmentVariableIsSet("FILINGDESK_EXPECT_NO_KEYCHAIN"))
        QSKIP("this run has no Secret Service on purpose");
    QVERIFY2(qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS"),
             "run under dbus-run-session (see CMakeLists.txt)");
    SecretStore store;
    const QString secret = QStringLiteral("s3cret-%1").arg(QDateTime::currentMSecsSinceEpoch());

    auto written =
        await([&](auto done) { store.write(QString::fromLatin1(SecretStore::redisPassword), secret, done); });
    QVERIFY(written);
    QVERIFY2(written->ok, qPrintable(written->error));

    auto read = await([&](auto done) { store.read(QString::fromLatin1(SecretStore::redisPassword), done); });
    QVERIFY(read);
    QVERIFY2(read->ok, qPrintable(read->error));
    QCOMPARE(read->value, secret);

    auto removed =
        await([&](auto done) { store.remove(QString::fromLatin1(SecretStore::redisPassword), done); });
    QVERIFY(removed);
    QVERIFY2(removed->ok, qPrintable(removed->error));

    auto gone = await([&](auto done) { store.read(QString::fromLatin1(SecretStore::redisPassword), done); });
    QVERIFY(gone);
    QVERIFY(!gone->ok);
    QVERIFY(gone->notFound);
    QVERIFY(!gone->noBackend);
}

void TestSecretStore::settingsDialogKeepsSecretsOutOfSettingsFile() {
    if (qEnvironmentVariableIsSet("FILINGDESK_EXPECT_NO_KEYCHAIN"))
        QSKIP("this run has no Secret Service on purpose");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString iniPath = dir.filePath(QStringLiteral("settings.ini"));
    ConsoleSettings settings(iniPath);
    SecretStore store;
    SettingsDialog dialog(&settings, &store);
    const QString password = QStringLiteral("redis-pw-%1").arg(QDateTime::currentMSecsSinceEpoch());
    const QString token = QStringLiteral("registry-token-%1").arg(QDateTime::currentMSecsSinceEpoch());
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisUrl"))
        ->setText(QStringLiteral("redis://127.0.0.1:6390/0"));
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRegistryUrl"))
        ->setText(QStringLiteral("http://127.0.0.1:8089"));
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisPassword"))->setText(password);
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRegistryToken"))->setText(token);
    const QString ledgerPassword = QStringLiteral("ledger-pw-%1").arg(QDateTime::currentMSecsSinceEpoch());
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsLedgerUrl"))
        ->setText(QStringLiteral("postgresql://filingdesk@127.0.0.1:5433/team"));
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsLedgerPassword"))->setText(ledgerPassword);
    // A change of settings is audited and needs the operator's reason.
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsReason"))
        ->setText(QStringLiteral("fleet gate moved to the shared Redis"));
    QSignalSpy saved(&dialog, &SettingsDialog::saveFinished);
    dialog.save();
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 20000);
    QVERIFY2(saved.first().first().toBool(), qPrintable(saveProblem(dialog)));

    settings.sync();
    const QByteArray ini = fileBytes(iniPath);
    QVERIFY(ini.contains("redis://127.0.0.1:6390/0")); // the non-secret settings are there
    QVERIFY2(!ini.contains(password.toUtf8()), ini.constData());
    QVERIFY2(!ini.contains(token.toUtf8()), ini.constData());
    QVERIFY2(!ini.contains(ledgerPassword.toUtf8()), ini.constData());
    QVERIFY(ini.contains("postgresql://filingdesk@127.0.0.1:5433/team"));
    const QString redisName = QStringLiteral("redis-password@redis://127.0.0.1:6390/0");
    const QString tokenName = QStringLiteral("registry-token@http://127.0.0.1:8089");
    const QString ledgerName = QStringLiteral("ledger-password@postgresql://filingdesk@127.0.0.1:5433/team");
    QVERIFY(settings.hasSecret(redisName));
    QVERIFY(settings.hasSecret(tokenName));
    QVERIFY(settings.hasSecret(ledgerName));
    auto readLedger = await([&](auto done) { store.read(ledgerName, done); });
    QVERIFY(readLedger && readLedger->ok);
    QCOMPARE(readLedger->value, ledgerPassword);

    // The secrets really are in the Secret Service, under keys scoped by the URL each unlocks.
    auto read = await([&](auto done) { store.read(redisName, done); });
    QVERIFY(read && read->ok);
    QCOMPARE(read->value, password);
    auto readToken = await([&](auto done) { store.read(tokenName, done); });
    QVERIFY(readToken && readToken->ok);
    QCOMPARE(readToken->value, token);
    // Nothing under the old, unscoped names.
    auto unscoped =
        await([&](auto done) { store.read(QString::fromLatin1(SecretStore::redisPassword), done); });
    QVERIFY(unscoped && unscoped->notFound);

    // Nothing secret anywhere under the private HOME's settings either.
    const QString home = qEnvironmentVariable("HOME");
    QDirIterator files(home, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString path = files.next();
        if (path.contains(QLatin1String("keyrings")))
            continue; // the keyring's own (encrypted) store
        QVERIFY2(!fileBytes(path).contains(password.toUtf8()), qPrintable(path));
    }
}

void TestSecretStore::secretOfOneServerIsNotAnothers() {
    if (qEnvironmentVariableIsSet("FILINGDESK_EXPECT_NO_KEYCHAIN"))
        QSKIP("this run has no Secret Service on purpose");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ConsoleSettings settings(dir.filePath(QStringLiteral("settings.ini")));
    SecretStore store;
    {
        SettingsDialog dialog(&settings, &store);
        dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisUrl"))
            ->setText(QStringLiteral("redis://gate-a.internal:6379/0"));
        dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisPassword"))
            ->setText(QStringLiteral("pw-a"));
        dialog.findChild<QLineEdit *>(QStringLiteral("settingsReason"))
            ->setText(QStringLiteral("fleet gate A"));
        QSignalSpy saved(&dialog, &SettingsDialog::saveFinished);
        dialog.save();
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 20000);
        QVERIFY2(saved.first().first().toBool(), qPrintable(saveProblem(dialog)));
    }
    {
        // Another Redis: its own entry, and gate A's password is not offered for it.
        SettingsDialog dialog(&settings, &store);
        auto *password = dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisPassword"));
        QVERIFY(password->placeholderText().contains(QLatin1String("keychain")));
        dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisUrl"))
            ->setText(QStringLiteral("redis://gate-b.internal:6379/0"));
        password->setText(QStringLiteral("pw-b"));
        dialog.findChild<QLineEdit *>(QStringLiteral("settingsReason"))
            ->setText(QStringLiteral("fleet gate moved to B"));
        QSignalSpy saved(&dialog, &SettingsDialog::saveFinished);
        dialog.save();
        QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 20000);
        QVERIFY2(saved.first().first().toBool(), qPrintable(saveProblem(dialog)));
    }
    auto a = await([&](auto done) {
        store.read(QStringLiteral("redis-password@redis://gate-a.internal:6379/0"), done);
    });
    auto b = await([&](auto done) {
        store.read(QStringLiteral("redis-password@redis://gate-b.internal:6379/0"), done);
    });
    QVERIFY(a && a->ok && b && b->ok);
    QCOMPARE(a->value, QStringLiteral("pw-a"));
    QCOMPARE(b->value, QStringLiteral("pw-b"));
    auto c = await([&](auto done) {
        store.read(QStringLiteral("redis-password@redis://gate-c.internal:6379/0"), done);
    });
    QVERIFY(c && c->notFound);
    // A password without the server it unlocks is refused, not stored under no name, and before anything is
    // saved or audited (so before a reason is asked for).
    SettingsDialog dialog(&settings, &store);
    QSignalSpy audited(&dialog, &SettingsDialog::settingsChanged);
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisUrl"))->clear();
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisPassword"))->setText(QStringLiteral("orphan"));
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsReason"))->setText(QStringLiteral("gate removed"));
    QSignalSpy saved(&dialog, &SettingsDialog::saveFinished);
    dialog.save();
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 20000);
    QCOMPARE(saved.first().first().toBool(), false);
    QVERIFY2(dialog.secretStatus().contains(QLatin1String("needs a Redis URL")),
             qPrintable(dialog.secretStatus()));
    QCOMPARE(audited.count(), 0);
    const std::optional<fd::RedisEndpoint> savedRedis = settings.engineConfig().redis;
    QVERIFY(savedRedis);
    QCOMPARE(savedRedis->url, QStringLiteral("redis://gate-b.internal:6379/0"));
}

void TestSecretStore::unreadableSecretIsReportedAtStart() {
    if (qEnvironmentVariableIsSet("FILINGDESK_EXPECT_NO_KEYCHAIN"))
        QSKIP("this run has no Secret Service on purpose");
    // The settings say a password is kept for this Redis, the keychain has none: the console says so (after
    // asking), names the entry, and does not quietly carry on as if no password were needed.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString iniPath = dir.filePath(QStringLiteral("settings.ini"));
    const QString url = QStringLiteral("redis://127.0.0.1:1/0"); // nothing listens: the gate stays blind
    {
        ConsoleSettings settings(iniPath);
        fd::EngineConfig config;
        config.redis = fd::test::parsedRedis(url);
        config.registries.defaultUrl = QUrl(QStringLiteral("http://127.0.0.1:1"));
        settings.setEngineConfig(config);
        settings.setHasSecret(SecretStore::nameFor(SecretStore::redisPassword, QUrl(url)), true);
        settings.sync();
    }
    fd::ui::ConsoleOptions options;
    options.settingsPath = iniPath;
    options.dbPath = dir.filePath(QStringLiteral("audit.sqlite"));
    options.useKeychain = true;
    fd::ui::MainWindow window(options);
    window.show();
    auto *notice = window.findChild<fd::ui::BannerWidget *>(QStringLiteral("noticeBanner"));
    QVERIFY(notice);
    QTRY_VERIFY_WITH_TIMEOUT(
        notice->message().contains(QLatin1String("redis-password@redis://127.0.0.1:1/0")), 20000);
    QVERIFY2(notice->message().contains(QLatin1String("keychain")), qPrintable(notice->message()));
}

void TestSecretStore::unreadableLedgerPasswordIsReportedAtStart() {
    if (qEnvironmentVariableIsSet("FILINGDESK_EXPECT_NO_KEYCHAIN"))
        QSKIP("this run has no Secret Service on purpose");
    // The settings say a password is kept for this ledger, the keychain has none: the console says so and
    // names the entry, instead of connecting as if none were needed.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString iniPath = dir.filePath(QStringLiteral("settings.ini"));
    const QString url = QStringLiteral("postgresql://filingdesk@127.0.0.1:1/team"); // nothing listens
    {
        ConsoleSettings settings(iniPath);
        fd::EngineConfig config;
        config.ledger = fd::test::parsedLedger(url);
        config.registries.defaultUrl = QUrl(QStringLiteral("http://127.0.0.1:1"));
        settings.setEngineConfig(config);
        settings.setHasSecret(SecretStore::nameFor(SecretStore::ledgerPassword, QUrl(url)), true);
        settings.sync();
    }
    fd::ui::ConsoleOptions options;
    options.settingsPath = iniPath;
    options.dbPath = dir.filePath(QStringLiteral("audit.sqlite"));
    options.useKeychain = true;
    fd::ui::MainWindow window(options);
    window.show();
    auto *notice = window.findChild<fd::ui::BannerWidget *>(QStringLiteral("noticeBanner"));
    QVERIFY(notice);
    QTRY_VERIFY_WITH_TIMEOUT(
        notice->message().contains(QLatin1String("ledger-password@postgresql://filingdesk@127.0.0.1:1/team")),
        20000);
    QVERIFY2(notice->message().contains(QLatin1String("keychain")), qPrintable(notice->message()));
}

void TestSecretStore::noKeychainStoresNothing() {
    if (!qEnvironmentVariableIsSet("FILINGDESK_EXPECT_NO_KEYCHAIN"))
        QSKIP("runs as tst_secret_store_no_keychain, without a D-Bus session");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString iniPath = dir.filePath(QStringLiteral("settings.ini"));
    ConsoleSettings settings(iniPath);
    SecretStore store;
    SettingsDialog dialog(&settings, &store);
    const QString password =
        QStringLiteral("must-not-be-written-%1").arg(QDateTime::currentMSecsSinceEpoch());
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisUrl"))
        ->setText(QStringLiteral("redis://127.0.0.1:6390/0"));
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisPassword"))->setText(password);
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsLedgerUrl"))
        ->setText(QStringLiteral("postgresql://filingdesk@127.0.0.1:5433/team"));
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsLedgerPassword"))
        ->setText(password + QStringLiteral("-ledger"));
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsReason"))
        ->setText(QStringLiteral("password rotated"));
    QSignalSpy saved(&dialog, &SettingsDialog::saveFinished);
    dialog.save();
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 30000);
    QCOMPARE(saved.first().first().toBool(), false);
    // The person is told, visibly, and nothing secret is written anywhere.
    QVERIFY2(dialog.secretStatus().contains(QLatin1String("NOT stored")), qPrintable(dialog.secretStatus()));
    auto *status = dialog.findChild<QLabel *>(QStringLiteral("secretStatus"));
    QVERIFY(status && status->styleSheet().contains(QLatin1String("#b00020")));
    settings.sync();
    QVERIFY(!fileBytes(iniPath).contains(password.toUtf8()));
    QVERIFY(!settings.hasSecret(QStringLiteral("redis-password@redis://127.0.0.1:6390/0")));
    QVERIFY(
        !settings.hasSecret(QStringLiteral("ledger-password@postgresql://filingdesk@127.0.0.1:5433/team")));
}

QTEST_MAIN(TestSecretStore)
#include "tst_secret_store.moc"
