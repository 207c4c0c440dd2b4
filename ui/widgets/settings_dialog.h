#pragma once

#include "engine/access/team_roles.h"
#include "engine/core/engine_config.h"

#include <QDialog>
#include <QList>

#include <utility>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;

namespace fd::ui {

class ConsoleSettings;
class SecretStore;

/// Settings: Redis URL and key prefix, default registry URL, per-jurisdiction registry URL and ceiling,
/// global and default ceilings, lease and timeouts, the team ledger's URL (empty: a single desk), and the
/// secrets — Redis password, registry API token, ledger password — which go to the keychain (SecretStore),
/// each under the URL it unlocks, never to the settings file. When no keychain is available the
/// dialog says so in red and stores nothing. Settings take effect when the console next starts its engine;
/// the interface language (kept per user) when the console next starts. The registries marked practice
/// (audited like any setting: they decide whether a launch asks for the live confirmation), this user's
/// name as owner and the reminder days apply as soon as they are saved.
///
/// In a team every audited change of settings (gate, ledger, registries and ceilings, timeouts, practice
/// registries) needs the admin role (setAccess()): for anyone else those groups are read-only, with the role
/// named, and only the per-user settings (language, name as owner, reminders) can be changed.
///
/// Thread affinity: GUI thread. save() is asynchronous because the keychain is: saveFinished(ok) reports the
/// end.
class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    SettingsDialog(ConsoleSettings *settings, SecretStore *secrets, QWidget *parent = nullptr);
    /// Hands the keyboard back to the main window before it closes (returnKeyboardToParent()).
    void done(int result) override;

    /// The configuration the fields describe (secrets empty), the Redis and ledger URLs parsed once into
    /// their endpoints; false with *error "FIELD: reason" ("redis: ...", "ledger: ...") when one does not
    /// parse.
    bool config(EngineConfig *out, QString *error) const;
    QString secretStatus() const;
    /// Shows what this session runs with when command-line options override the saved settings.
    void setSessionNote(const QString &note);
    /// Team mode: the login's roles. Without the admin role the audited settings are read-only.
    void setAccess(const fd::TeamAccess &access);

public Q_SLOTS:
    /// Validates, writes the settings file, then the changed secrets to the keychain; closes on success.
    void save();

Q_SIGNALS:
    void saveFinished(bool ok);
    /// The saved settings changed: "setting: old -> new" lines (secrets as "changed") and the operator's
    /// reason, for the audit trail (Engine::recordSettingsChange).
    void settingsChanged(const QStringList &changes, const QString &reason);

private:
    void load(const EngineConfig &config);
    void addJurisdictionRow(const QString &jurisdiction, const QString &url, int ceiling);
    /// The secret fields with the keychain entry each would be stored under, for the endpoints of `config`
    /// (empty when it has none).
    QList<std::pair<QString, QLineEdit *>> secretFields(const EngineConfig &config) const;
    void saveSecrets(const EngineConfig &config);
    void setSecretStatus(const QString &text, bool error);

    ConsoleSettings *m_settings;
    SecretStore *m_secrets;
    QLineEdit *m_redisUrl;
    QLineEdit *m_keyPrefix;
    QLineEdit *m_redisPassword;
    QLineEdit *m_registryUrl;
    QLineEdit *m_registryToken;
    QLineEdit *m_ledgerUrl;
    QLineEdit *m_ledgerPassword;
    QLineEdit *m_reason;
    QTableWidget *m_jurisdictions;
    QSpinBox *m_defaultLimit;
    QSpinBox *m_globalLimit;
    QSpinBox *m_leaseMs;
    QSpinBox *m_requestTimeoutMs;
    QSpinBox *m_maxAttempts;
    QSpinBox *m_retryBaseMs;
    QSpinBox *m_retryMaxMs;
    QComboBox *m_language;
    QPlainTextEdit *m_practiceUrls; ///< registries marked practice, one URL per line
    QLineEdit *m_ownerName;         ///< this user as the register's owner field names them ("My filings")
    QLineEdit *m_reminderDays;      ///< "30, 14, 7, 1"
    QLabel *m_error;
    QLabel *m_secretStatus;
    QLabel *m_sessionNote;
    QLabel *m_accessNote;
    QList<QWidget *> m_auditedControls; ///< what only an admin changes in a team (setAccess())
    int m_secretJobs = 0;
    bool m_secretFailed = false;
    QString m_dbPath;
};

} // namespace fd::ui
