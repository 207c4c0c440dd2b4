// The audit trail is read off the engine thread (engine/store/audit_reader.h): on a thread and a connection
// of its own, over the real SQLite database another connection holds and writes, answering on the asker's
// thread, in the order asked, with every commit made before the question.
#include "engine/audit/audit_store.h"
#include "engine/store/audit_reader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace fd;

class AuditReaderTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    AuditStore m_writer; // the engine's own connection, holding the database's lock

    void note(const QString &detail) {
        AuditEntry e;
        e.action = QStringLiteral("note");
        e.actor = QStringLiteral("tester");
        e.detail = detail;
        QString error;
        QVERIFY2(m_writer.appendAction(e, &error), qPrintable(error));
    }

private Q_SLOTS:
    void initTestCase() {
        QString error;
        QVERIFY2(m_writer.open(m_dir.filePath(QStringLiteral("audit.sqlite")), &error,
                               AuditStore::OpenMode::Exclusive),
                 qPrintable(error));
        note(QStringLiteral("first"));
    }

    void readsOnItsOwnThreadAndAnswersOnTheAskers() {
        AuditReader reader;
        reader.open(m_writer.path());
        AuditQuery notes;
        notes.action = QStringLiteral("note");
        QList<QList<AuditEntry>> answers;
        QList<QThread *> answeredOn;
        const auto record = [&](const QList<AuditEntry> &rows) {
            answers.append(rows);
            answeredOn.append(QThread::currentThread());
        };
        reader.query(notes, this, record);
        note(QStringLiteral("second")); // committed before the next question: that answer has it
        reader.query(notes, this, record);
        QTRY_COMPARE(answers.size(), 2);
        // The first question may also see the later commit (it runs when the reader gets to it); never less
        // than what was committed before it was asked.
        QVERIFY(!answers.at(0).isEmpty());
        QCOMPARE(answers.at(0).last().detail, QStringLiteral("first"));
        QCOMPARE(answers.at(1).size(), 2);
        QCOMPARE(answers.at(1).first().detail, QStringLiteral("second")); // newest first
        QCOMPARE(answeredOn, (QList<QThread *>{QThread::currentThread(), QThread::currentThread()}));
    }

    void nothingIsDeliveredToAContextThatIsGone() {
        AuditReader reader;
        reader.open(m_writer.path());
        int delivered = 0;
        auto *context = new QObject;
        reader.query(AuditQuery{}, context, [&](const QList<AuditEntry> &) { ++delivered; });
        delete context;
        // A question asked after it, to a live context, is answered: the first had its turn by then.
        bool later = false;
        reader.query(AuditQuery{}, this, [&](const QList<AuditEntry> &rows) { later = !rows.isEmpty(); });
        QTRY_VERIFY(later);
        QCOMPARE(delivered, 0);
    }

    void anUnreadableDatabaseAnswersEmpty() {
        AuditReader reader;
        reader.open(m_dir.filePath(QStringLiteral("missing/dir/audit.sqlite")));
        bool answered = false;
        QList<AuditEntry> rows{AuditEntry{}};
        reader.query(AuditQuery{}, this, [&](const QList<AuditEntry> &r) {
            answered = true;
            rows = r;
        });
        QTRY_VERIFY(answered);
        QVERIFY(rows.isEmpty());
    }

    void closeWaitsForTheQuestionsAsked() {
        AuditReader reader;
        reader.open(m_writer.path());
        reader.query(AuditQuery{}, this, [](const QList<AuditEntry> &) {});
        reader.close(); // returns once the reader's thread is done; closing twice is harmless
        reader.close();
        QVERIFY(!reader.isOpen());
    }
};

QTEST_GUILESS_MAIN(AuditReaderTest)
#include "tst_audit_reader.moc"
