// QtKeychain against a real Secret Service (gnome-keyring in a private D-Bus session, see
// run_with_keyring.sh), through the console's SecretStore and Settings dialog; and, with no D-Bus at all, the
// refusal to store anything.
#include "ui/settings/console_settings.h"
#include "ui/settings/secret_store.h"
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

} // namespace

class TestSecretStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writeReadDeleteThroughKeychain();
    void settingsDialogKeepsSecretsOutOfSettingsFile();
    void noKeychainStoresNothing();
};

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
    // A change of settings is audited and needs the operator's reason.
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsReason"))
        ->setText(QStringLiteral("fleet gate moved to the shared Redis"));
    QSignalSpy saved(&dialog, &SettingsDialog::saveFinished);
    dialog.save();
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 20000);
    QVERIFY2(saved.first().first().toBool(), qPrintable(dialog.secretStatus()));

    settings.sync();
    const QByteArray ini = fileBytes(iniPath);
    QVERIFY(ini.contains("redis://127.0.0.1:6390/0")); // the non-secret settings are there
    QVERIFY2(!ini.contains(password.toUtf8()), ini.constData());
    QVERIFY2(!ini.contains(token.toUtf8()), ini.constData());
    QVERIFY(settings.hasSecret(QString::fromLatin1(SecretStore::redisPassword)));
    QVERIFY(settings.hasSecret(QString::fromLatin1(SecretStore::registryToken)));

    // The secrets really are in the Secret Service, under the scoped keys.
    auto read = await([&](auto done) { store.read(QString::fromLatin1(SecretStore::redisPassword), done); });
    QVERIFY(read && read->ok);
    QCOMPARE(read->value, password);
    auto readToken =
        await([&](auto done) { store.read(QString::fromLatin1(SecretStore::registryToken), done); });
    QVERIFY(readToken && readToken->ok);
    QCOMPARE(readToken->value, token);
    QCOMPARE(SecretStore::scopedKey(QString::fromLatin1(SecretStore::redisPassword)),
             QStringLiteral("FilingDesk/redis-password"));

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
    dialog.findChild<QLineEdit *>(QStringLiteral("settingsRedisPassword"))->setText(password);
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
    QVERIFY(!settings.hasSecret(QString::fromLatin1(SecretStore::redisPassword)));
}

QTEST_MAIN(TestSecretStore)
#include "tst_secret_store.moc"
