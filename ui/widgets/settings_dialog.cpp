#include "ui/widgets/settings_dialog.h"

#include "engine/core/engine_config.h"
#include "ui/settings/console_settings.h"
#include "ui/settings/languages.h"
#include "ui/settings/secret_store.h"
#include "ui/widgets/access_gate.h"
#include "ui/widgets/reason_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace fd::ui {

namespace {

QSpinBox *spin(const QString &objectName, int min, int max, const QString &suffix, QWidget *parent) {
    auto *box = new QSpinBox(parent);
    box->setObjectName(objectName);
    box->setRange(min, max);
    box->setSuffix(suffix);
    return box;
}

QLineEdit *line(const QString &objectName, const QString &accessibleName, QWidget *parent) {
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(objectName);
    edit->setAccessibleName(accessibleName);
    return edit;
}

} // namespace

SettingsDialog::SettingsDialog(ConsoleSettings *settings, SecretStore *secrets, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_secrets(secrets)
    , m_redisUrl(line(QStringLiteral("settingsRedisUrl"), tr("Redis URL"), this))
    , m_keyPrefix(line(QStringLiteral("settingsKeyPrefix"), tr("Gate key prefix"), this))
    , m_redisPassword(line(QStringLiteral("settingsRedisPassword"), tr("Redis password"), this))
    , m_registryUrl(line(QStringLiteral("settingsRegistryUrl"), tr("Default registry base URL"), this))
    , m_registryToken(line(QStringLiteral("settingsRegistryToken"), tr("Registry API token"), this))
    , m_ledgerUrl(line(QStringLiteral("settingsLedgerUrl"), tr("Team ledger URL"), this))
    , m_ledgerPassword(line(QStringLiteral("settingsLedgerPassword"), tr("Team ledger password"), this))
    , m_jurisdictions(new QTableWidget(0, 3, this))
    , m_defaultLimit(spin(QStringLiteral("settingsDefaultLimit"), 1, 10000, QString(), this))
    , m_globalLimit(spin(QStringLiteral("settingsGlobalLimit"), 1, 100000, QString(), this))
    , m_leaseMs(spin(QStringLiteral("settingsLeaseMs"), 1000, 3600000, tr(" ms"), this))
    , m_requestTimeoutMs(spin(QStringLiteral("settingsRequestTimeoutMs"), 100, 3600000, tr(" ms"), this))
    , m_maxAttempts(spin(QStringLiteral("settingsMaxAttempts"), 1, 100, QString(), this))
    , m_retryBaseMs(spin(QStringLiteral("settingsRetryBaseMs"), 10, 3600000, tr(" ms"), this))
    , m_retryMaxMs(spin(QStringLiteral("settingsRetryMaxMs"), 10, 86400000, tr(" ms"), this))
    , m_language(new QComboBox(this))
    , m_error(new QLabel(this))
    , m_secretStatus(new QLabel(this))
    , m_sessionNote(new QLabel(this))
    , m_accessNote(new QLabel(this)) {
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("FilingDesk settings"));
    m_redisUrl->setPlaceholderText(tr("redis://host:6379/0 — empty: in-process gate (this console only)"));
    m_registryUrl->setPlaceholderText(tr("https://registry.example/ (jurisdictions without their own URL)"));
    m_ledgerUrl->setPlaceholderText(tr("postgresql://USER@HOST:5432/DB — empty: this desk alone"));
    for (QLineEdit *secret : {m_redisPassword, m_registryToken, m_ledgerPassword}) {
        secret->setEchoMode(QLineEdit::Password);
        secret->setClearButtonEnabled(true);
    }
    // Secrets are kept per URL they unlock: what the keychain holds for the saved URLs.
    const EngineConfig saved = settings->engineConfig();
    m_redisPassword->setPlaceholderText(
        settings->hasSecret(saved.redis ? SecretStore::nameFor(*saved.redis) : QString())
            ? tr("(kept in the keychain — type to replace)")
            : tr("(none)"));
    m_registryToken->setPlaceholderText(
        settings->hasSecret(SecretStore::nameFor(SecretStore::registryToken, saved.registries.defaultUrl))
            ? tr("(kept in the keychain — type to replace)")
            : tr("(none)"));
    m_ledgerPassword->setPlaceholderText(
        settings->hasSecret(saved.ledger ? SecretStore::nameFor(*saved.ledger) : QString())
            ? tr("(kept in the keychain — type to replace)")
            : tr("(none)"));

    m_jurisdictions->setObjectName(QStringLiteral("settingsJurisdictions"));
    m_jurisdictions->setAccessibleName(tr("Registry URL and ceiling per jurisdiction"));
    m_jurisdictions->setHorizontalHeaderLabels(
        {tr("Jurisdiction"), tr("Registry base URL (empty: default)"), tr("Ceiling")});
    m_jurisdictions->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_jurisdictions->verticalHeader()->hide();
    m_jurisdictions->setMinimumHeight(150);
    auto *addRow = new QPushButton(tr("Add jurisdiction"), this);
    addRow->setObjectName(QStringLiteral("settingsAddJurisdiction"));
    auto *removeRow = new QPushButton(tr("Remove"), this);
    removeRow->setObjectName(QStringLiteral("settingsRemoveJurisdiction"));
    connect(addRow, &QPushButton::clicked, this,
            [this] { addJurisdictionRow(QStringLiteral("US-"), QString(), m_defaultLimit->value()); });
    connect(removeRow, &QPushButton::clicked, this, [this] {
        if (m_jurisdictions->currentRow() >= 0)
            m_jurisdictions->removeRow(m_jurisdictions->currentRow());
    });

    auto *gate = new QGroupBox(tr("Fleet gate"), this);
    gate->setObjectName(QStringLiteral("settingsGateGroup"));
    auto *gateForm = new QFormLayout(gate);
    gateForm->addRow(tr("Redis &URL:"), m_redisUrl);
    gateForm->addRow(tr("Redis &password:"), m_redisPassword);
    gateForm->addRow(tr("Key &prefix:"), m_keyPrefix);
    gateForm->addRow(tr("&Lease:"), m_leaseMs);

    auto *team = new QGroupBox(tr("Team ledger"), this);
    team->setObjectName(QStringLiteral("settingsTeamGroup"));
    auto *teamForm = new QFormLayout(team);
    teamForm->addRow(tr("Ledg&er URL:"), m_ledgerUrl);
    teamForm->addRow(tr("Ledger pass&word:"), m_ledgerPassword);
    auto *teamNote = new QLabel(tr("With a ledger, every desk of the team works from one PostgreSQL database "
                                   "and this desk's own database is its mirror. Empty: this desk alone."),
                                team);
    teamNote->setWordWrap(true);
    teamForm->addRow(teamNote);

    auto *registry = new QGroupBox(tr("Registries and ceilings"), this);
    registry->setObjectName(QStringLiteral("settingsRegistryGroup"));
    auto *registryLayout = new QVBoxLayout(registry);
    auto *registryForm = new QFormLayout;
    registryForm->addRow(tr("Default registry &base URL:"), m_registryUrl);
    registryForm->addRow(tr("Registry API &token:"), m_registryToken);
    registryForm->addRow(tr("&Default ceiling per jurisdiction:"), m_defaultLimit);
    registryForm->addRow(tr("&Global ceiling (all jurisdictions):"), m_globalLimit);
    registryLayout->addLayout(registryForm);
    registryLayout->addWidget(m_jurisdictions);
    m_practiceUrls = new QPlainTextEdit(this);
    m_practiceUrls->setObjectName(QStringLiteral("settingsPracticeUrls"));
    m_practiceUrls->setAccessibleName(tr("Practice registries"));
    m_practiceUrls->setPlaceholderText(tr("https://test-portal.example.gov/api (one per line)"));
    m_practiceUrls->setPlainText(settings->practiceRegistries().join(QLatin1Char('\n')));
    m_practiceUrls->setMaximumHeight(52);
    // One line: a wrapped label in this column is laid out over the table above it.
    auto *practiceLabel = new QLabel(tr("&Practice registries (one URL per line):"), this);
    const QString practiceHelp =
        tr("Test portals that file nothing real. The sandbox always is one; every other "
           "registry is live, and launching against it asks for a second confirmation.");
    practiceLabel->setToolTip(practiceHelp);
    m_practiceUrls->setToolTip(practiceHelp);
    practiceLabel->setBuddy(m_practiceUrls);
    registryLayout->addSpacing(8);
    registryLayout->addWidget(practiceLabel);
    registryLayout->addWidget(m_practiceUrls);
    auto *rowButtons = new QHBoxLayout;
    rowButtons->addStretch(1);
    rowButtons->addWidget(addRow);
    rowButtons->addWidget(removeRow);
    registryLayout->addLayout(rowButtons);

    auto *timing = new QGroupBox(tr("Timeouts and retries"), this);
    timing->setObjectName(QStringLiteral("settingsTimingGroup"));
    auto *timingForm = new QFormLayout(timing);
    timingForm->addRow(tr("&Request timeout (shorter than the lease):"), m_requestTimeoutMs);
    timingForm->addRow(tr("&Attempts before a person is asked:"), m_maxAttempts);
    timingForm->addRow(tr("Retry backoff &base:"), m_retryBaseMs);
    timingForm->addRow(tr("Retry backoff &max:"), m_retryMaxMs);

    m_error->setObjectName(QStringLiteral("settingsError"));
    m_error->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
    m_error->setWordWrap(true);
    m_error->hide();
    m_secretStatus->setObjectName(QStringLiteral("secretStatus"));
    m_secretStatus->setWordWrap(true);
    m_secretStatus->setText(
        tr("Secrets are kept in the system keychain (service \"%1\"), never in the settings file.")
            .arg(secrets->service()));
    auto *note = new QLabel(tr("Changes apply the next time the console starts its engine."), this);
    m_sessionNote->setObjectName(QStringLiteral("settingsSessionNote"));
    m_sessionNote->setWordWrap(true);
    m_sessionNote->setStyleSheet(QStringLiteral("background: #e3f2fd; padding: 4px;"));
    m_sessionNote->hide();

    m_reason = new QLineEdit(this);
    m_reason->setObjectName(QStringLiteral("settingsReason"));
    m_reason->setPlaceholderText(tr("Why the settings change (recorded in the audit trail with old and new "
                                    "values)"));
    auto *reasonForm = new QFormLayout;
    reasonForm->addRow(tr("&Reason for the change:"), m_reason);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Save)->setObjectName(QStringLiteral("settingsSaveButton"));
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::save);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    m_language->setObjectName(QStringLiteral("settingsLanguage"));
    const QLocale system = QLocale::system();
    m_language->addItem(system.language() == QLocale::C
                            ? tr("System default")
                            : tr("System default (%1)").arg(system.nativeLanguageName()),
                        QString());
    for (const LanguageOption &option : availableLanguages())
        m_language->addItem(option.nativeName, option.code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(settings->language())));
    auto *appearance = new QGroupBox(tr("Interface"), this);
    auto *appearanceForm = new QFormLayout(appearance);
    appearanceForm->addRow(tr("&Language (from the next start):"), m_language);
    m_ownerName = new QLineEdit(settings->ownerName(), this);
    m_ownerName->setObjectName(QStringLiteral("settingsOwnerName"));
    m_ownerName->setToolTip(tr("As the register's Owner field names you: \"My filings\" shows these"));
    appearanceForm->addRow(tr("Your name as &owner:"), m_ownerName);
    QStringList days;
    for (const int d : settings->reminderDays())
        days << QString::number(d);
    m_reminderDays = new QLineEdit(days.join(QStringLiteral(", ")), this);
    m_reminderDays->setObjectName(QStringLiteral("settingsReminderDays"));
    m_reminderDays->setToolTip(tr("Days before a due date at which a filing not yet filed is reminded of; "
                                  "also the calendar export's alarms. Empty: no reminders."));
    appearanceForm->addRow(tr("Re&minders (days before due):"), m_reminderDays);

    auto *columns = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    left->addWidget(gate);
    left->addWidget(team);
    left->addWidget(timing);
    left->addStretch(1);
    columns->addLayout(left);
    // The per-user settings sit under the registries: the left column is full at 1000 px high.
    auto *right = new QVBoxLayout;
    right->addWidget(registry, 1);
    right->addWidget(appearance);
    columns->addLayout(right, 1);
    m_accessNote->setObjectName(QStringLiteral("settingsAccessNote"));
    m_accessNote->setWordWrap(true);
    m_accessNote->setStyleSheet(QStringLiteral("background: #fff3e0; padding: 4px;"));
    m_accessNote->hide();
    m_auditedControls = {gate, team, registry, timing, m_reason};
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_sessionNote);
    layout->addWidget(m_accessNote);
    layout->addLayout(columns);
    layout->addWidget(m_secretStatus);
    layout->addLayout(reasonForm);
    layout->addWidget(m_error);
    layout->addWidget(note);
    layout->addWidget(buttons);
    resize(1000, 560);
    load(settings->engineConfig());
}

void SettingsDialog::load(const EngineConfig &c) {
    m_redisUrl->setText(c.redis ? c.redis->url : QString());
    m_keyPrefix->setText(c.keyPrefix);
    m_registryUrl->setText(c.registries.defaultUrl.toString());
    m_defaultLimit->setValue(c.defaultLimit);
    m_globalLimit->setValue(c.globalLimit);
    m_leaseMs->setValue(int(c.leaseMs));
    m_requestTimeoutMs->setValue(c.requestTimeoutMs);
    m_maxAttempts->setValue(c.maxAttempts);
    m_retryBaseMs->setValue(c.retryBaseMs);
    m_retryMaxMs->setValue(c.retryMaxMs);
    m_dbPath = c.dbPath;
    m_ledgerUrl->setText(c.ledger ? c.ledger->url : QString());
    QStringList jurisdictions = c.limits.keys() + c.registries.byJurisdiction.keys();
    jurisdictions.sort();
    jurisdictions.removeDuplicates();
    for (const QString &j : std::as_const(jurisdictions))
        addJurisdictionRow(j, c.registries.byJurisdiction.value(j).toString(), c.limitFor(j));
}

void SettingsDialog::addJurisdictionRow(const QString &jurisdiction, const QString &url, int ceiling) {
    const int row = m_jurisdictions->rowCount();
    m_jurisdictions->insertRow(row);
    m_jurisdictions->setItem(row, 0, new QTableWidgetItem(jurisdiction));
    m_jurisdictions->setItem(row, 1, new QTableWidgetItem(url));
    auto *limit = new QTableWidgetItem;
    limit->setData(Qt::EditRole, ceiling);
    m_jurisdictions->setItem(row, 2, limit);
}

bool SettingsDialog::config(EngineConfig *out, QString *error) const {
    EngineConfig c;
    if (const QString redis = m_redisUrl->text().trimmed(); !redis.isEmpty()) {
        RedisEndpoint endpoint;
        QString why;
        if (!RedisEndpoint::parse(redis, &endpoint, &why)) {
            *error = QStringLiteral("redis: %1").arg(why);
            return false;
        }
        if (!endpoint.password.isEmpty()) {
            // The URL is saved in the settings file, in plain text; the password belongs in the keychain.
            *error =
                QStringLiteral("redis: \"%1\": a password in the URL would be saved in plain text; type it "
                               "in the Redis password field (kept in the keychain) instead")
                    .arg(endpoint.url);
            return false;
        }
        c.redis = endpoint;
    }
    if (const QString ledger = m_ledgerUrl->text().trimmed(); !ledger.isEmpty()) {
        LedgerEndpoint endpoint;
        QString why;
        if (!LedgerEndpoint::parse(ledger, &endpoint, &why)) {
            *error = QStringLiteral("ledger: %1").arg(why);
            return false;
        }
        c.ledger = endpoint;
    }
    c.keyPrefix = m_keyPrefix->text().trimmed();
    c.leaseMs = m_leaseMs->value();
    c.registries.defaultUrl = QUrl(m_registryUrl->text().trimmed());
    c.defaultLimit = m_defaultLimit->value();
    c.globalLimit = m_globalLimit->value();
    c.requestTimeoutMs = m_requestTimeoutMs->value();
    c.maxAttempts = m_maxAttempts->value();
    c.retryBaseMs = m_retryBaseMs->value();
    c.retryMaxMs = m_retryMaxMs->value();
    c.dbPath = m_dbPath;
    for (int row = 0; row < m_jurisdictions->rowCount(); ++row) {
        const QString j = m_jurisdictions->item(row, 0)
                              ? m_jurisdictions->item(row, 0)->text().trimmed().toUpper()
                              : QString();
        if (j.isEmpty())
            continue;
        const QString url =
            m_jurisdictions->item(row, 1) ? m_jurisdictions->item(row, 1)->text().trimmed() : QString();
        if (!url.isEmpty())
            c.registries.byJurisdiction.insert(j, QUrl(url));
        if (m_jurisdictions->item(row, 2))
            c.limits.insert(j, m_jurisdictions->item(row, 2)->data(Qt::EditRole).toInt());
    }
    *out = c;
    return true;
}

void SettingsDialog::save() {
    EngineConfig c;
    QString error;
    if (!config(&c, &error) || !c.validate(&error)) {
        m_error->setText(error);
        m_error->show();
        Q_EMIT saveFinished(false);
        return;
    }
    for (auto it = c.registries.byJurisdiction.cbegin(); it != c.registries.byJurisdiction.cend(); ++it) {
        if (!RegistryEndpoints::isRegistryUrl(it.value())) {
            m_error->setText(tr("%1: \"%2\" is not an http(s) URL").arg(it.key(), it.value().toString()));
            m_error->show();
            Q_EMIT saveFinished(false);
            return;
        }
    }
    // A secret is kept for the URL it unlocks: one typed without that URL is refused before anything is
    // saved or audited.
    for (const auto &[secretName, edit] : secretFields(c)) {
        if (!edit->text().isEmpty() && secretName.isEmpty()) {
            setSecretStatus(
                edit == m_redisPassword
                    ? tr("A Redis password needs a Redis URL: it is kept for the server it unlocks.")
                : edit == m_ledgerPassword
                    ? tr("A ledger password needs a team ledger URL: it is kept for the database it "
                         "unlocks.")
                    : tr("A registry token needs a default registry base URL: it is kept for the "
                         "registry it unlocks."),
                true);
            Q_EMIT saveFinished(false);
            return;
        }
    }
    QList<int> reminderDays;
    for (const QString &part : m_reminderDays->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int day = part.trimmed().toInt(&ok);
        if (!ok || day < 0 || day > 366) {
            m_error->setText(tr("Reminders: \"%1\" is not a number of days from 0 to 366 (write them as "
                                "\"30, 14, 7, 1\")")
                                 .arg(part.trimmed()));
            m_error->show();
            Q_EMIT saveFinished(false);
            return;
        }
        if (!reminderDays.contains(day))
            reminderDays << day;
    }
    QStringList practice;
    for (const QString &line : m_practiceUrls->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        QUrl url;
        QString why;
        if (!RegistryEndpoints::parseUrl(line.trimmed(), &url, &why)) {
            m_error->setText(tr("Practice registries: \"%1\" is not an http(s) URL").arg(line.trimmed()));
            m_error->show();
            Q_EMIT saveFinished(false);
            return;
        }
        if (!practice.contains(url.toString()))
            practice << url.toString();
    }
    // Every change of settings is an operator action: audited with old and new values and a reason.
    EngineConfig before = m_settings->engineConfig();
    EngineConfig after = c;
    // A typed secret has its URL (refused above otherwise): it is a change of that endpoint's secret.
    if (!m_redisPassword->text().isEmpty() && after.redis)
        after.redis->password = QStringLiteral("new");
    if (!m_registryToken->text().isEmpty())
        after.registryToken = QStringLiteral("new");
    if (!m_ledgerPassword->text().isEmpty() && after.ledger)
        after.ledger->password = QStringLiteral("new");
    QStringList changes = describeConfigChanges(before, after);
    // Marking a registry practice turns off the live confirmation for it: audited like the rest.
    const QStringList practiceBefore = m_settings->practiceRegistries();
    if (practiceBefore != practice)
        changes << QStringLiteral("practice registries: %1 -> %2")
                       .arg(practiceBefore.isEmpty() ? QStringLiteral("(none)")
                                                     : practiceBefore.join(QStringLiteral(", ")),
                            practice.isEmpty() ? QStringLiteral("(none)")
                                               : practice.join(QStringLiteral(", ")));
    if (!changes.isEmpty() && m_reason->text().trimmed().isEmpty()) {
        m_error->setText(tr("Say why the settings change: the change is recorded in the audit trail."));
        m_error->show();
        m_reason->setFocus();
        Q_EMIT saveFinished(false);
        return;
    }
    m_error->hide();
    m_settings->setEngineConfig(c);
    m_settings->setLanguage(m_language->currentData().toString());
    m_settings->setPracticeRegistries(practice);
    m_settings->setOwnerName(m_ownerName->text());
    m_settings->setReminderDays(reminderDays);
    m_settings->sync();
    if (!changes.isEmpty())
        Q_EMIT settingsChanged(changes, m_reason->text().trimmed());
    saveSecrets(c);
}

QList<std::pair<QString, QLineEdit *>> SettingsDialog::secretFields(const EngineConfig &config) const {
    return {{config.redis ? SecretStore::nameFor(*config.redis) : QString(), m_redisPassword},
            {SecretStore::nameFor(SecretStore::registryToken, config.registries.defaultUrl), m_registryToken},
            {config.ledger ? SecretStore::nameFor(*config.ledger) : QString(), m_ledgerPassword}};
}

void SettingsDialog::saveSecrets(const EngineConfig &config) {
    // Each secret is stored for the URL it unlocks, as the fields name it now (save() refused a secret whose
    // URL is missing).
    const QList<std::pair<QString, QLineEdit *>> secrets = secretFields(config);
    m_secretJobs = 0;
    m_secretFailed = false;
    for (const auto &[secretName, edit] : secrets) {
        if (edit->text().isEmpty())
            continue; // unchanged: what the keychain holds stays
        ++m_secretJobs;
        m_secrets->write(
            secretName, edit->text(),
            [this, secretName = secretName, edit = edit](const SecretStore::Result &r) {
                --m_secretJobs;
                if (r.ok) {
                    m_settings->setHasSecret(secretName, true);
                    edit->clear();
                    edit->setPlaceholderText(tr("(kept in the keychain — type to replace)"));
                } else {
                    m_secretFailed = true;
                    setSecretStatus(
                        r.noBackend
                            ? tr("No keychain is available: %1 was NOT stored, and nothing was written "
                                 "in plain text. Start a Secret Service (GNOME Keyring, KWallet) or "
                                 "enter it again next session.")
                                  .arg(secretName)
                            : tr("%1 was NOT stored: %2").arg(secretName, r.error),
                        true);
                }
                if (m_secretJobs == 0) {
                    m_settings->sync();
                    if (!m_secretFailed) {
                        setSecretStatus(tr("Saved. Secrets are in the system keychain."), false);
                        Q_EMIT saveFinished(true);
                        accept();
                    } else {
                        Q_EMIT saveFinished(false);
                    }
                }
            });
    }
    if (m_secretJobs == 0) {
        Q_EMIT saveFinished(true);
        accept();
    }
}

void SettingsDialog::setSecretStatus(const QString &text, bool error) {
    m_secretStatus->setText(text);
    m_secretStatus->setStyleSheet(
        error ? QStringLiteral("color: white; background: #b00020; font-weight: bold; padding: 4px;")
              : QString());
}

void SettingsDialog::setSessionNote(const QString &note) {
    m_sessionNote->setText(note);
    m_sessionNote->setVisible(!note.isEmpty());
}

void SettingsDialog::setAccess(const TeamAccess &access) {
    // A change of these is audited as settings_change, which the team ledger takes from an admin only.
    for (QWidget *control : std::as_const(m_auditedControls))
        AccessGate::apply(control, true, access, TeamAction::TeamSettings);
    const QString refused = access.refusal(TeamAction::TeamSettings);
    m_accessNote->setText(
        refused.isEmpty()
            ? QString()
            : tr("Only an admin changes these settings in a team (%1). Your language, name as owner and "
                 "reminders are yours to change.")
                  .arg(refused));
    m_accessNote->setVisible(!refused.isEmpty());
}

QString SettingsDialog::secretStatus() const {
    return m_secretStatus->text();
}

void SettingsDialog::done(int result) {
    returnKeyboardToParent(this);
    QDialog::done(result);
}

} // namespace fd::ui
