// Audit search is literal (no SQL wildcards), the key field takes the shortened keys the console shows, and
// the actor of operator actions is the process's real identity, whatever the environment says.
#include "engine/audit/audit_store.h"
#include "engine/core/host_identity.h"

#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

using namespace fd;

class AuditQueriesTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AuditStore m_store;

    void append(const QString &key, const QString &entity, const QString &detail) {
        AuditEntry e;
        e.action = QStringLiteral("note");
        e.actor = QStringLiteral("tester");
        e.idempotencyKey = key;
        e.entityId = entity;
        e.detail = detail;
        QString error;
        QVERIFY2(m_store.appendAction(e, &error), qPrintable(error));
    }

private Q_SLOTS:
    void initTestCase() {
        QString error;
        QVERIFY2(m_store.open(m_dir.filePath(QStringLiteral("audit.sqlite")), &error), qPrintable(error));
        append(QStringLiteral("aaaa1111bbbb2222"), QStringLiteral("ACME_1"), QStringLiteral("100% paid"));
        append(QStringLiteral("aaaa1111cccc3333"), QStringLiteral("ACMEX1"), QStringLiteral("1000 paid"));
        append(QStringLiteral("dddd4444eeee5555"), QStringLiteral("OTHER"), QStringLiteral("path C:\\tmp"));
    }

    void literalSearch_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QStringList>("entities");
        QTest::newRow("underscore is a character")
            << QStringLiteral("ACME_1") << QString() << QStringList{QStringLiteral("ACME_1")};
        QTest::newRow("percent is a character")
            << QStringLiteral("100%") << QString() << QStringList{QStringLiteral("ACME_1")};
        QTest::newRow("backslash is a character")
            << QStringLiteral("C:\\tmp") << QString() << QStringList{QStringLiteral("OTHER")};
        QTest::newRow("key prefix as shown")
            << QString() << QStringLiteral("aaaa1111bbbb") << QStringList{QStringLiteral("ACME_1")};
        QTest::newRow("shorter key prefix")
            << QString() << QStringLiteral("aaaa1111")
            << QStringList{QStringLiteral("ACMEX1"), QStringLiteral("ACME_1")};
        QTest::newRow("full key") << QString() << QStringLiteral("dddd4444eeee5555")
                                  << QStringList{QStringLiteral("OTHER")};
        QTest::newRow("wildcard in a key matches nothing")
            << QString() << QStringLiteral("aaaa_111") << QStringList{};
    }
    void literalSearch() {
        QFETCH(QString, text);
        QFETCH(QString, key);
        QFETCH(QStringList, entities);
        AuditQuery q;
        q.text = text;
        q.idempotencyKey = key;
        QStringList found;
        for (const AuditEntry &e : m_store.queryAudit(q))
            found << e.entityId;
        QCOMPARE(found, entities);
    }

    void actorIsTheRealIdentity() {
        const QByteArray saved = qgetenv("USER");
        qputenv("USER", "someone-else");
        qputenv("LOGNAME", "someone-else");
        const QString actor = fd::host::osUser();
        qputenv("USER", saved);
        QVERIFY(actor != QLatin1String("someone-else"));
#ifdef Q_OS_UNIX
        const passwd *pw = ::getpwuid(::geteuid());
        QVERIFY(pw);
        QCOMPARE(actor, QString::fromLocal8Bit(pw->pw_name));
#endif
    }
};

QTEST_GUILESS_MAIN(AuditQueriesTest)
#include "tst_audit_queries.moc"
