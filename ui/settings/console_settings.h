#pragma once

#include "engine/core/engine_config.h"

#include <QByteArray>
#include <QDate>
#include <QHash>
#include <QList>
#include <QSettings>
#include <QString>
#include <QStringList>

#include <memory>

namespace fd::ui {

/// The console's persistent, non-secret settings (QSettings): Redis URL, registry base URLs and ceilings per
/// jurisdiction, lease and timeouts, the audit database, the team ledger's URL (team/ledgerUrl; absent: a
/// single desk), and the window layout. Secrets are never written
/// here (see SecretStore); only a flag saying that one is kept in the keychain.
///
/// Thread affinity: GUI thread.
class ConsoleSettings {
public:
    /// `path` empty: the platform's default location for organisation "FilingDesk", application "FilingDesk".
    explicit ConsoleSettings(const QString &path = QString());

    /// The engine configuration as saved (secrets left empty); defaults where nothing is saved. Each saved
    /// URL is parsed here, once, into its endpoint; one that does not parse (a settings file edited by hand)
    /// is left out and, when `unreadable` is given, named there: the field as in the config file ("redis",
    /// "ledger") -> the reason.
    EngineConfig engineConfig(QHash<QString, QString> *unreadable = nullptr) const;
    void setEngineConfig(const EngineConfig &config);

    /// Whether the keychain holds the secret `name` (SecretStore::nameFor(): scoped by the URL it unlocks).
    bool hasSecret(const QString &name) const;
    void setHasSecret(const QString &name, bool stored);

    /// The interface language chosen by this user: "" follows the system locale, else "en" or "de"
    /// (see languages.h). Applied at the next start of the console.
    QString language() const;
    void setLanguage(const QString &language);

    /// The person this user is in the register's owner field ("My filings"); default the OS user name.
    QString ownerName() const;
    void setOwnerName(const QString &name);

    /// Days before a due date at which a filing not yet filed is reminded of, largest first (default 30,
    /// 14, 7, 1). Drives the console's notifications, the "Due soon" count and the .ics alarms.
    QList<int> reminderDays() const;
    void setReminderDays(const QList<int> &days);
    /// When and at which distance each filing (idempotency key or plan row key) was last reminded of,
    /// "YYYY-MM-DD/DAYS" ("" never): at most one reminder a day, one per distance.
    QString lastRemindedStamp(const QString &key) const;
    void setLastRemindedStamp(const QString &key, const QString &stamp);

    /// Registry base URLs marked as practice (a test portal that files nothing real). The sandbox is
    /// always practice; any other URL is live unless listed here.
    QStringList practiceRegistries() const;
    void setPracticeRegistries(const QStringList &urls);

    /// The .ics export puts one day's filings of one jurisdiction into one event.
    bool icsGroupByDay() const;
    void setIcsGroupByDay(bool group);

    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindowLayout(const QByteArray &geometry, const QByteArray &state);
    QByteArray headerState(const QString &view) const;
    void setHeaderState(const QString &view, const QByteArray &state);

    QString fileName() const { return m_settings->fileName(); }
    void sync() { m_settings->sync(); }

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace fd::ui
