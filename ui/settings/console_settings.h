#pragma once

#include "engine/core/engine_config.h"

#include <QByteArray>
#include <QSettings>
#include <QString>

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

    /// The engine configuration as saved (secrets left empty); defaults where nothing is saved.
    EngineConfig engineConfig() const;
    void setEngineConfig(const EngineConfig &config);

    /// Whether the keychain holds the secret `name` (SecretStore::nameFor(): scoped by the URL it unlocks).
    bool hasSecret(const QString &name) const;
    void setHasSecret(const QString &name, bool stored);

    /// The interface language chosen by this user: "" follows the system locale, else "en" or "de"
    /// (see languages.h). Applied at the next start of the console.
    QString language() const;
    void setLanguage(const QString &language);

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
