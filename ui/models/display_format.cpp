#include "ui/models/display_format.h"

#include <QCoreApplication>
#include <QLocale>

namespace fd::ui {

QString formatCents(qint64 cents) {
    if (cents < 0)
        return QString();
    return QLocale(QLocale::English, QLocale::UnitedStates).toCurrencyString(double(cents) / 100.0);
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
