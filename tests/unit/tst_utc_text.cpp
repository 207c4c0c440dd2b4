// fd::utcText (engine/model/utc_text.h) writes what Qt's ISO format with milliseconds writes, character for
// character: the databases hold these strings and read them back with QDateTime::fromString.
#include "engine/model/utc_text.h"

#include <QRandomGenerator>
#include <QTest>
#include <QTimeZone>

class TestUtcText : public QObject {
    Q_OBJECT
private slots:
    void writesWhatQtWrites_data() {
        QTest::addColumn<QDateTime>("time");
        QTest::addColumn<QString>("expected");
        const QTimeZone utc = QTimeZone::utc();
        QTest::newRow("a filing") << QDateTime(QDate(2027, 2, 15), QTime(10, 4, 5, 123), utc)
                                  << QStringLiteral("2027-02-15T10:04:05.123Z");
        QTest::newRow("no milliseconds")
            << QDateTime(QDate(2027, 3, 1), QTime(0, 0), utc) << QStringLiteral("2027-03-01T00:00:00.000Z");
        QTest::newRow("leap day, last millisecond")
            << QDateTime(QDate(2028, 2, 29), QTime(23, 59, 59, 999), utc)
            << QStringLiteral("2028-02-29T23:59:59.999Z");
        QTest::newRow("year 1") << QDateTime(QDate(1, 1, 1), QTime(1, 2, 3, 4), utc)
                                << QStringLiteral("0001-01-01T01:02:03.004Z");
        QTest::newRow("year 9999") << QDateTime(QDate(9999, 12, 31), QTime(12, 0), utc)
                                   << QStringLiteral("9999-12-31T12:00:00.000Z");
        QTest::newRow("New York time, in UTC")
            << QDateTime(QDate(2027, 7, 1), QTime(20, 30, 0, 5), QTimeZone("America/New_York"))
            << QStringLiteral("2027-07-02T00:30:00.005Z");
        QTest::newRow("an offset") << QDateTime(QDate(2027, 1, 1), QTime(1, 0), QTimeZone(3600))
                                   << QStringLiteral("2027-01-01T00:00:00.000Z");
        QTest::newRow("invalid") << QDateTime() << QString();
    }
    void writesWhatQtWrites() {
        QFETCH(QDateTime, time);
        QFETCH(QString, expected);
        QCOMPARE(fd::utcText(time), expected);
        QCOMPARE(fd::utcText(time), time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString());
        if (time.isValid())
            QCOMPARE(QDateTime::fromString(fd::utcText(time), Qt::ISODateWithMs), time);
    }

    void agreesWithQtOnManyTimes() {
        QRandomGenerator random(20261204);
        const qint64 from = QDateTime(QDate(1900, 1, 1), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
        const qint64 to = QDateTime(QDate(2200, 1, 1), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
        for (int i = 0; i < 20000; ++i) {
            const QDateTime time = QDateTime::fromMSecsSinceEpoch(
                from + qint64(random.bounded(double(to - from))), QTimeZone::utc());
            QCOMPARE(fd::utcText(time), time.toUTC().toString(Qt::ISODateWithMs));
        }
    }
};

QTEST_GUILESS_MAIN(TestUtcText)
#include "tst_utc_text.moc"
