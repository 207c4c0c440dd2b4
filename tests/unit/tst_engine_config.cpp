// `--config FILE`: every setting is type-checked, and every refusal names the file, the line of the offending
// key, the key and what was expected. A setting that is silently ignored is worse than one that is refused:
// "redis": 5 would run the in-process gate and enforce no fleet cap at all.
#include "engine/core/engine_config.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using fd::EngineConfig;

class TestEngineConfig : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    QString write(const QByteArray &text) {
        const QString path = m_dir.filePath(QStringLiteral("c%1.json").arg(++m_files));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void readsEverySetting() {
        const QString path = write(QByteArray(
            "{\n"
            "  \"redis\": \"redis://10.0.0.5:6379/0\", \"key_prefix\": \"fleet\", \"lease_ms\": 20000,\n"
            "  \"registry\": \"https://registry.example\", \"registries\": {\"US-DE\": "
            "\"https://de.registry.example\"},\n"
            "  \"lookup_supported\": false,\n"
            "  \"limits\": {\"US-DE\": 8, \"us-ca\": 4}, \"default_limit\": 3, \"global_limit\": 40,\n"
            "  \"request_timeout_ms\": 9000, \"max_attempts\": 6, \"retry_base_ms\": 500,\n"
            "  \"retry_max_ms\": 30000, \"breaker_threshold\": 7, \"breaker_cooldown_ms\": 1000,\n"
            "  \"db\": \"/var/lib/filingdesk/audit.sqlite\", \"rules\": \"/etc/filingdesk/us-rules.json\", "
            "\"console_id\": \"ops-1\"\n"
            "}\n"));
        EngineConfig c;
        QString error;
        QVERIFY2(c.loadFile(path, &error), qPrintable(error));
        QVERIFY(c.redis);
        QCOMPARE(c.redis->url, QStringLiteral("redis://10.0.0.5:6379/0"));
        QCOMPARE(c.keyPrefix, QStringLiteral("fleet"));
        QCOMPARE(c.leaseMs, qint64(20000));
        QCOMPARE(c.registries.defaultUrl, QUrl(QStringLiteral("https://registry.example")));
        QCOMPARE(c.registries.byJurisdiction.value(QStringLiteral("US-DE")),
                 QUrl(QStringLiteral("https://de.registry.example")));
        QCOMPARE(c.lookupSupported, false);
        QCOMPARE(c.limitFor(QStringLiteral("US-DE")), 8);
        QCOMPARE(c.limitFor(QStringLiteral("US-CA")), 4);
        QCOMPARE(c.limitFor(QStringLiteral("US-TX")), 3);
        QCOMPARE(c.globalLimit, 40);
        QCOMPARE(c.requestTimeoutMs, 9000);
        QCOMPARE(c.maxAttempts, 6);
        QCOMPARE(c.retryBaseMs, 500);
        QCOMPARE(c.retryMaxMs, 30000);
        QCOMPARE(c.breakerThreshold, 7);
        QCOMPARE(c.breakerCooldownMs, 1000);
        QCOMPARE(c.dbPath, QStringLiteral("/var/lib/filingdesk/audit.sqlite"));
        QCOMPARE(c.rulesPath, QStringLiteral("/etc/filingdesk/us-rules.json"));
        QCOMPARE(c.consoleId, QStringLiteral("ops-1"));
    }

    void emptyObjectKeepsDefaults() {
        EngineConfig c;
        QString error;
        QVERIFY2(c.loadFile(write("{}\n"), &error), qPrintable(error));
        QVERIFY(!c.redis);
        QCOMPARE(c.defaultLimit, 4);
    }

    // Each bad file gives exactly "FILE:LINE: field: ..." with the line of the offending key, and leaves the
    // configuration as it was.
    void refuses_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QStringList>("mentions");

        QTest::newRow("redis number") << QByteArray("{\n  \"lease_ms\": 15000,\n  \"redis\": 5\n}") << 3
                                      << "redis" << QStringList{"expected a string, got a number"};
        QTest::newRow("redis null") << QByteArray("{\"redis\": null}") << 1 << "redis"
                                    << QStringList{"expected a string, got null"};
        QTest::newRow("redis empty") << QByteArray("{\n\"redis\": \"\"}") << 2 << "redis"
                                     << QStringList{"empty"};
        QTest::newRow("redis not redis://")
            << QByteArray("{\n\n\"redis\": \"http://x\"}") << 3 << "redis" << QStringList{"redis://"};
        QTest::newRow("limits array") << QByteArray("{\n  \"limits\": [4]\n}") << 2 << "limits"
                                      << QStringList{"expected an object", "got an array"};
        QTest::newRow("limit as string") << QByteArray("{\n  \"limits\": {\n    \"US-DE\": \"4\"\n  }\n}")
                                         << 3 << "limits.US-DE" << QStringList{"got a string \"4\""};
        QTest::newRow("limit zero") << QByteArray("{\"limits\": {\"US-DE\": 0}}") << 1 << "limits.US-DE"
                                    << QStringList{"0 is not a whole number from 1 to 10000"};
        QTest::newRow("limit fraction")
            << QByteArray("{\"limits\": {\"US-DE\": 2.5}}") << 1 << "limits.US-DE" << QStringList{"2.5"};
        QTest::newRow("limit not a state") << QByteArray("{\"limits\": {\n\"XX\": 4}}") << 2 << "limits.XX"
                                           << QStringList{"not a US jurisdiction"};
        QTest::newRow("registries string") << QByteArray("{\"registries\": \"x\"}") << 1 << "registries"
                                           << QStringList{"expected an object", "got a string"};
        QTest::newRow("registries value number")
            << QByteArray("{\"registries\": {\n\"US-DE\": 5}}") << 2 << "registries.US-DE"
            << QStringList{"expected a string, got a number"};
        QTest::newRow("registries ftp") << QByteArray("{\"registries\": {\"US-DE\": \"ftp://x\"}}") << 1
                                        << "registries.US-DE" << QStringList{"http(s)"};
        QTest::newRow("registry ftp") << QByteArray("{\n\"registry\": \"ftp://x\"}") << 2 << "registry"
                                      << QStringList{"\"ftp://x\"", "http(s)"};
        QTest::newRow("registry without host")
            << QByteArray("{\"registry\": \"http:\"}") << 1 << "registry" << QStringList{"host"};
        QTest::newRow("registry relative") << QByteArray("{\"registry\": \"registry.example\"}") << 1
                                           << "registry" << QStringList{"http(s)"};
        QTest::newRow("db number") << QByteArray("{\n\"db\": 5}") << 2 << "db"
                                   << QStringList{"expected a string, got a number"};
        QTest::newRow("rules number")
            << QByteArray("{\"rules\": 5}") << 1 << "rules" << QStringList{"expected a string, got a number"};
        QTest::newRow("console_id bool")
            << QByteArray("{\"console_id\": true}") << 1 << "console_id" << QStringList{"got a boolean"};
        QTest::newRow("lookup string")
            << QByteArray("{\n\"lookup_supported\": \"yes\"}") << 2 << "lookup_supported"
            << QStringList{"expected true or false, got a string"};
        QTest::newRow("lookup number") << QByteArray("{\"lookup_supported\": 1}") << 1 << "lookup_supported"
                                       << QStringList{"got a number"};
        QTest::newRow("key_prefix number") << QByteArray("{\n\n\n\"key_prefix\": 5}") << 4 << "key_prefix"
                                           << QStringList{"expected a string, got a number"};
        QTest::newRow("key_prefix with space") << QByteArray("{\n\"key_prefix\": \"a b\"}") << 2
                                               << "key_prefix" << QStringList{"non-empty word"};
        QTest::newRow("lease string")
            << QByteArray("{\n\"lease_ms\": \"15000\"}") << 2 << "lease_ms" << QStringList{"got a string"};
        QTest::newRow("lease too small") << QByteArray("{\"lease_ms\": 5}") << 1 << "lease_ms"
                                         << QStringList{"5 is not a whole number from 1000"};
        QTest::newRow("timeout not shorter than lease")
            << QByteArray("{\"lease_ms\": 5000,\n\"request_timeout_ms\": 6000}") << 2 << "request_timeout_ms"
            << QStringList{"shorter than lease_ms"};
        QTest::newRow("lease shorter than default timeout")
            << QByteArray("{\n\"lease_ms\": 5000}") << 2 << "lease_ms"
            << QStringList{"shorter than lease_ms"};
        QTest::newRow("unknown key") << QByteArray("{\n  \"limit\": {\"US-DE\": 4}\n}") << 2 << "limit"
                                     << QStringList{"unknown setting", "limits", "default_limit"};
        QTest::newRow("password") << QByteArray("{\"redis_password\": \"x\"}") << 1 << "redis_password"
                                  << QStringList{"unknown setting", "secrets"};
        QTest::newRow("duplicate key") << QByteArray("{\n\"default_limit\": 4,\n\"default_limit\": 40\n}")
                                       << 3 << "default_limit" << QStringList{"repeats", "line 2"};
        QTest::newRow("duplicate nested key") << QByteArray("{\"limits\": {\n\"US-DE\": 4,\n\"US-DE\": 40}}")
                                              << 3 << "limits.US-DE" << QStringList{"repeats", "line 2"};
        // A key's name inside a string value must not be taken for the key itself.
        QTest::newRow("line of the key, not of a value")
            << QByteArray("{\"console_id\": \"redis\",\n\"redis\": 7}") << 2 << "redis"
            << QStringList{"got a number"};
    }

    void refuses() {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(QString, field);
        QFETCH(QStringList, mentions);
        const QString path = write(text);
        EngineConfig c;
        c.limits.insert(QStringLiteral("US-NV"), 2);
        const EngineConfig before = c;
        QString error;
        QVERIFY(!c.loadFile(path, &error));
        const QString expectedStart = QStringLiteral("%1:%2: %3: ").arg(path).arg(line).arg(field);
        QVERIFY2(error.startsWith(expectedStart),
                 qPrintable(error + QStringLiteral("\n  expected start: ") + expectedStart));
        for (const QString &m : mentions)
            QVERIFY2(error.contains(m), qPrintable(error + QStringLiteral("\n  should mention: ") + m));
        QVERIFY2(!error.contains(QLatin1Char('\n')), "one line");
        // Nothing of a refused file is applied.
        QCOMPARE(c.limits, before.limits);
        QCOMPARE(c.redis ? c.redis->url : QString(), before.redis ? before.redis->url : QString());
        QCOMPARE(c.defaultLimit, before.defaultLimit);
    }

    void fileLevelErrors_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("array") << QByteArray("[4]") << ":1: the settings file must hold a JSON object";
        QTest::newRow("array after blank lines")
            << QByteArray("\n\n[\"x\"]") << ":3: the settings file must hold a JSON object";
        QTest::newRow("scalar") << QByteArray("5") << ":1: the settings file must hold a JSON object";
        QTest::newRow("syntax") << QByteArray("{\n\"redis\": \"redis://x\",\n}") << ":3: not valid JSON";
    }

    void fileLevelErrors() {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const QString path = write(text);
        EngineConfig c;
        QString error;
        QVERIFY(!c.loadFile(path, &error));
        QVERIFY2(error.startsWith(path + expected), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("no error occurred")), qPrintable(error));
    }

    void missingFile() {
        EngineConfig c;
        QString error;
        QVERIFY(!c.loadFile(m_dir.filePath(QStringLiteral("absent.json")), &error));
        QVERIFY2(error.contains(QStringLiteral("cannot open")), qPrintable(error));
    }

    void validateNamesTheField() {
        EngineConfig c;
        c.requestTimeoutMs = 20000;
        QString error;
        QVERIFY(!c.validate(&error));
        QVERIFY2(error.startsWith(QStringLiteral("request_timeout_ms: ")), qPrintable(error));
        c = EngineConfig();
        c.keyPrefix.clear();
        QVERIFY(!c.validate(&error));
        QVERIFY2(error.startsWith(QStringLiteral("key_prefix: ")), qPrintable(error));
        QVERIFY(EngineConfig().validate(&error));
    }

    // A registry URL is an absolute http(s) URL with a host, wherever it comes from (settings file, command
    // line, Settings dialog): "http://" would be accepted and fail every filing, long after the launch.
    void registryUrlsNeedAHost_data() {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("valid");
        QTest::newRow("http with host and port") << QStringLiteral("http://127.0.0.1:8080") << true;
        QTest::newRow("https with path") << QStringLiteral("https://registry.example/v1") << true;
        QTest::newRow("no host") << QStringLiteral("http://") << false;
        QTest::newRow("port without host") << QStringLiteral("http://:80/") << false;
        QTest::newRow("empty authority") << QStringLiteral("https:///v1") << false;
        QTest::newRow("scheme that only starts with http")
            << QStringLiteral("httpx://registry.example") << false;
        QTest::newRow("ftp") << QStringLiteral("ftp://registry.example") << false;
        QTest::newRow("no scheme") << QStringLiteral("registry.example") << false;
    }

    void registryUrlsNeedAHost() {
        QFETCH(QString, url);
        QFETCH(bool, valid);
        QCOMPARE(fd::RegistryEndpoints::isRegistryUrl(QUrl(url, QUrl::StrictMode)), valid);
        EngineConfig c;
        c.registries.defaultUrl = QUrl(url, QUrl::StrictMode);
        QString error;
        QCOMPARE(c.validate(&error), valid);
        if (!valid)
            QVERIFY2(error.startsWith(QStringLiteral("registry: ")), qPrintable(error));
        c = EngineConfig();
        c.registries.byJurisdiction.insert(QStringLiteral("US-DE"), QUrl(url, QUrl::StrictMode));
        QCOMPARE(c.validate(&error), valid);
        if (!valid)
            QVERIFY2(error.startsWith(QStringLiteral("registries.US-DE: ")), qPrintable(error));
    }

    // Each URL is parsed once into its endpoint; what is kept and shown of it never holds a password.
    void endpointsKeepTheirUrlWithoutThePassword() {
        const QString path =
            write(QByteArray("{\"redis\": \"redis://gate@10.0.0.5:6380/2\", "
                             "\"ledger\": \"postgresql://filingdesk@db.example/team?sslmode=require\"}\n"));
        EngineConfig c;
        QString error;
        QVERIFY2(c.loadFile(path, &error), qPrintable(error));
        QVERIFY(c.redis && c.ledger);
        QCOMPARE(c.redis->host, QStringLiteral("10.0.0.5"));
        QCOMPARE(c.redis->port, 6380);
        QCOMPARE(c.redis->db, 2);
        QCOMPARE(c.redis->user, QStringLiteral("gate"));
        QCOMPARE(c.ledger->host, QStringLiteral("db.example"));
        QCOMPARE(c.ledger->port, 5432);
        QCOMPARE(c.ledger->database, QStringLiteral("team"));
        QCOMPARE(c.ledger->sslMode, QStringLiteral("require"));
        QCOMPARE(c.ledger->url, QStringLiteral("postgresql://filingdesk@db.example/team?sslmode=require"));

        fd::RedisEndpoint withPassword;
        QVERIFY(fd::RedisEndpoint::parse(QStringLiteral("redis://gate:s3cret@10.0.0.5:6380/2"), &withPassword,
                                         &error));
        QCOMPARE(withPassword.password, QStringLiteral("s3cret"));
        QVERIFY2(!withPassword.url.contains(QLatin1String("s3cret")), qPrintable(withPassword.url));
        EngineConfig after = c;
        after.redis = withPassword;
        const QStringList changes = fd::describeConfigChanges(c, after);
        QVERIFY2(changes.contains(QStringLiteral("redis password: changed")), qPrintable(changes.join('\n')));
        QVERIFY2(!changes.join(QLatin1Char('\n')).contains(QLatin1String("s3cret")),
                 qPrintable(changes.join('\n')));
    }

    // Kinds cross boundaries (the ledger's members table, --json) by name; a name this build does not know is
    // an explicit Unknown, never an error.
    void kindsByName() {
        for (const fd::AlertKind kind :
             {fd::AlertKind::StatutoryHalt, fd::AlertKind::ReconciliationException, fd::AlertKind::DeadLetter,
              fd::AlertKind::PermitLost, fd::AlertKind::FeeDiffers, fd::AlertKind::BreakerOpen,
              fd::AlertKind::BreakerClosed, fd::AlertKind::LedgerChainBroken,
              fd::AlertKind::LedgerUnreachable, fd::AlertKind::LedgerReachable,
              fd::AlertKind::AuditUnavailable})
            QVERIFY(fd::alertKindFromString(fd::toString(kind)) == kind);
        QCOMPARE(fd::toString(fd::AlertKind::BreakerOpen), QStringLiteral("breaker_open"));
        QVERIFY(fd::alertKindFromString(QStringLiteral("registry_notice")) == fd::AlertKind::Unknown);
        for (const fd::MemberKind kind :
             {fd::MemberKind::Desk, fd::MemberKind::Run, fd::MemberKind::Worker, fd::MemberKind::Launch})
            QVERIFY(fd::memberKindFromString(fd::toString(kind)) == kind);
        QCOMPARE(fd::toString(fd::MemberKind::Worker), QStringLiteral("worker"));
        QVERIFY(fd::memberKindFromString(QStringLiteral("report")) == fd::MemberKind::Unknown);
        QVERIFY(fd::memberKindFromString(QString()) == fd::MemberKind::Unknown);
    }
};

QTEST_GUILESS_MAIN(TestEngineConfig)
#include "tst_engine_config.moc"
