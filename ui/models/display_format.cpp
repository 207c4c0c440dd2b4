#include "ui/models/display_format.h"

#include <QCoreApplication>
#include <QLocale>

namespace fd::ui {

namespace {

QLocale displayLocale() {
    const QLocale locale;
    return locale.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates) : locale;
}

bool isCLocale() {
    return QLocale().language() == QLocale::C;
}

/// The locale's short date format with the year in full: a two-digit year is ambiguous in a filing record.
QString shortDateFormat(const QLocale &locale) {
    QString format = locale.dateFormat(QLocale::ShortFormat);
    if (!format.contains(QLatin1String("yyyy")))
        format.replace(QLatin1String("yy"), QLatin1String("yyyy"));
    return format;
}

} // namespace

QString formatCents(qint64 cents) {
    if (cents < 0)
        return QString();
    // The amounts are US dollars whatever the interface language; only the digits follow the locale.
    return displayLocale().toCurrencyString(double(cents) / 100.0, QStringLiteral("$"));
}

QString datePattern() {
    return isCLocale() ? QStringLiteral("yyyy-MM-dd") : shortDateFormat(QLocale());
}

QString formatDecimal(double value, int decimals) {
    return isCLocale() ? QString::number(value, 'f', decimals) : QLocale().toString(value, 'f', decimals);
}

QString formatDate(const QDate &date) {
    if (!date.isValid())
        return QString();
    if (isCLocale())
        return date.toString(Qt::ISODate);
    const QLocale locale;
    return locale.toString(date, shortDateFormat(locale));
}

QString formatDateTime(const QDateTime &when) {
    if (!when.isValid())
        return QString();
    const QDateTime local = when.toLocalTime();
    if (isCLocale())
        return local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    const QLocale locale;
    return locale.toString(local, shortDateFormat(locale) + QLatin1Char(' ') +
                                      locale.timeFormat(QLocale::LongFormat).section(QLatin1Char(' '), 0, 0));
}

QString formatDuration(qint64 ms) {
    if (ms < 0)
        return QStringLiteral("—");
    const qint64 s = ms / 1000;
    if (s >= 3600)
        return QCoreApplication::translate("fd::ui::Format", "%1 h %2 min")
            .arg(s / 3600)
            .arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    if (s >= 60)
        return QCoreApplication::translate("fd::ui::Format", "%1 min %2 s")
            .arg(s / 60)
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QCoreApplication::translate("fd::ui::Format", "%1 s").arg(s);
}

} // namespace fd::ui
