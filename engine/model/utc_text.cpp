#include "engine/model/utc_text.h"

namespace fd {

QString utcText(const QDateTime &time) {
    if (!time.isValid())
        return QString();
    const QDateTime utc = time.toUTC();
    const QDate date = utc.date();
    const QTime clock = utc.time();
    if (date.year() < 0 || date.year() > 9999)
        return utc.toString(Qt::ISODateWithMs); // a year that is not four digits: Qt's own rules
    QString out(24, Qt::Uninitialized);
    QChar *c = out.data();
    auto digits = [&c](int value, int count) {
        for (int i = count - 1; i >= 0; --i, value /= 10)
            c[i] = QLatin1Char(char('0' + value % 10));
        c += count;
    };
    auto then = [&c](char separator) { *c++ = QLatin1Char(separator); };
    digits(date.year(), 4), then('-'), digits(date.month(), 2), then('-'), digits(date.day(), 2), then('T');
    digits(clock.hour(), 2), then(':'), digits(clock.minute(), 2), then(':'), digits(clock.second(), 2),
        then('.');
    digits(clock.msec(), 3), then('Z');
    return out;
}

} // namespace fd
