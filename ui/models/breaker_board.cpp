#include "ui/models/breaker_board.h"

#include <QRegularExpression>

namespace fd::ui {

BreakerBoard::BreakerBoard(QObject *parent)
    : QObject(parent) {}

bool BreakerBoard::apply(const EngineAlert &alert) {
    if (alert.kind == AlertKind::BreakerOpen) {
        Entry entry{alert.jurisdiction, alert.message,
                    retryTimeIn(alert.message, QDateTime::currentDateTimeUtc()),
                    QDateTime::currentDateTime()};
        // A re-opened breaker (its trial request failed) keeps the time the trouble started.
        if (const auto it = m_open.constFind(alert.jurisdiction); it != m_open.constEnd())
            entry.openedAt = it->openedAt;
        m_open.insert(alert.jurisdiction, entry);
        Q_EMIT changed();
        return true;
    }
    if (alert.kind == AlertKind::BreakerClosed) {
        if (m_open.remove(alert.jurisdiction) > 0)
            Q_EMIT changed();
        return true;
    }
    return false;
}

void BreakerBoard::clear() {
    if (m_open.isEmpty())
        return;
    m_open.clear();
    Q_EMIT changed();
}

QStringList BreakerBoard::summaries() const {
    QStringList lines;
    for (const Entry &entry : m_open)
        lines.append(summary(entry));
    return lines;
}

QString BreakerBoard::summary(const Entry &entry) {
    const QString where = entry.jurisdiction.isEmpty() ? tr("A jurisdiction") : entry.jurisdiction;
    if (!entry.retryAt.isValid())
        return tr("%1: registry failing").arg(where);
    return tr("%1: registry failing, retry at %2")
        .arg(where, entry.retryAt.toString(QStringLiteral("HH:mm:ss")));
}

QDateTime BreakerBoard::retryTimeIn(const QString &message, const QDateTime &nowUtc) {
    // The engine names the moment of the trial request as a UTC time of day; the console shows local time.
    static const QRegularExpression timeOfDay(QStringLiteral("(\\d{1,2}:\\d{2}:\\d{2})(\\s*UTC)?"));
    QRegularExpressionMatch match;
    QRegularExpressionMatchIterator it = timeOfDay.globalMatch(message);
    while (it.hasNext())
        match = it.next(); // the last one: "… until a trial request at HH:mm:ss UTC"
    if (!match.hasMatch())
        return QDateTime();
    const QTime time = QTime::fromString(match.captured(1), QStringLiteral("H:mm:ss"));
    if (!time.isValid())
        return QDateTime();
    if (match.captured(2).isEmpty())
        return QDateTime(nowUtc.toLocalTime().date(), time);
    // The nearest such moment to now: a trial request a few seconds after midnight UTC is tomorrow's.
    QDateTime utc(nowUtc.date(), time, Qt::UTC);
    if (utc.secsTo(nowUtc) > 12 * 3600)
        utc = utc.addDays(1);
    else if (nowUtc.secsTo(utc) > 12 * 3600)
        utc = utc.addDays(-1);
    return utc.toLocalTime();
}

QString BreakerBoard::lastErrorIn(const QString &message) {
    static const QRegularExpression last(QStringLiteral("\\(last: ([^)]*)\\)"));
    return last.match(message).captured(1).trimmed();
}

} // namespace fd::ui
