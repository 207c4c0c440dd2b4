#pragma once

#include "engine/core/engine_types.h"

#include <QDateTime>
#include <QMap>
#include <QObject>
#include <QStringList>

namespace fd::ui {

/// Which jurisdictions' registries are failing right now, as told by the engine's "breaker_open" and
/// "breaker_closed" alerts: while a jurisdiction's circuit breaker is open nothing is sent there, and its
/// filings wait. Read by the status bar and the Permits view. Thread affinity: GUI thread.
class BreakerBoard : public QObject {
    Q_OBJECT
public:
    struct Entry {
        QString jurisdiction;
        QString message;    ///< the engine's words: last error, when the next trial request goes
        QDateTime retryAt;  ///< local time of the next trial request; invalid when the message does not say
        QDateTime openedAt; ///< local time the console heard of it
    };

    explicit BreakerBoard(QObject *parent = nullptr);

    /// Takes a breaker_open / breaker_closed alert; returns false (and changes nothing) for any other kind.
    bool apply(const fd::EngineAlert &alert);
    void clear();

    bool isEmpty() const { return m_open.isEmpty(); }
    QList<Entry> openBreakers() const { return m_open.values(); }
    /// "US-DE: registry failing, retry at 14:03:27", one per open breaker, by jurisdiction.
    QStringList summaries() const;
    static QString summary(const Entry &entry);

    /// The time of day of the next trial request in the engine's message ("… at 13:03:27 UTC"), as local
    /// time; invalid when there is none.
    static QDateTime retryTimeIn(const QString &message, const QDateTime &nowUtc);
    /// The last registry error in the engine's message ("… (last: HTTP_503 unavailable) …"); empty when none.
    static QString lastErrorIn(const QString &message);

Q_SIGNALS:
    void changed();

private:
    QMap<QString, Entry> m_open; ///< jurisdiction -> open breaker
};

} // namespace fd::ui
