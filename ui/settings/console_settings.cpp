#include "ui/settings/console_settings.h"
#include "engine/core/host_identity.h"

#include "engine/audit/audit_store.h"

#include <QUrl>

#include <algorithm>

namespace fd::ui {

ConsoleSettings::ConsoleSettings(const QString &path)
    : m_settings(path.isEmpty() ? std::make_unique<QSettings>()
                                : std::make_unique<QSettings>(path, QSettings::IniFormat)) {}

EngineConfig ConsoleSettings::engineConfig(QHash<QString, QString> *unreadable) const {
    EngineConfig c;
    QSettings &s = *m_settings;
    if (const QString redis = s.value(QStringLiteral("gate/redisUrl")).toString(); !redis.isEmpty()) {
        RedisEndpoint endpoint;
        QString why;
        if (RedisEndpoint::parse(redis, &endpoint, &why))
            c.redis = endpoint;
        else if (unreadable)
            unreadable->insert(QStringLiteral("redis"), why);
    }
    c.keyPrefix = s.value(QStringLiteral("gate/keyPrefix"), c.keyPrefix).toString();
    c.leaseMs = s.value(QStringLiteral("gate/leaseMs"), c.leaseMs).toLongLong();
    // Registry URLs stay as saved: one that is not a registry URL is EngineConfig::validate()'s to refuse.
    c.registries.defaultUrl = QUrl(s.value(QStringLiteral("registry/defaultUrl")).toString());
    s.beginGroup(QStringLiteral("registryUrls"));
    for (const QString &j : s.childKeys())
        c.registries.byJurisdiction.insert(j, QUrl(s.value(j).toString()));
    s.endGroup();
    s.beginGroup(QStringLiteral("limits"));
    for (const QString &j : s.childKeys())
        c.limits.insert(j, s.value(j).toInt());
    s.endGroup();
    c.defaultLimit = s.value(QStringLiteral("dispatch/defaultLimit"), c.defaultLimit).toInt();
    c.globalLimit = s.value(QStringLiteral("dispatch/globalLimit"), c.globalLimit).toInt();
    c.requestTimeoutMs = s.value(QStringLiteral("dispatch/requestTimeoutMs"), c.requestTimeoutMs).toInt();
    c.maxAttempts = s.value(QStringLiteral("dispatch/maxAttempts"), c.maxAttempts).toInt();
    c.retryBaseMs = s.value(QStringLiteral("dispatch/retryBaseMs"), c.retryBaseMs).toInt();
    c.retryMaxMs = s.value(QStringLiteral("dispatch/retryMaxMs"), c.retryMaxMs).toInt();
    c.breakerThreshold = s.value(QStringLiteral("dispatch/breakerThreshold"), c.breakerThreshold).toInt();
    c.breakerCooldownMs = s.value(QStringLiteral("dispatch/breakerCooldownMs"), c.breakerCooldownMs).toInt();
    c.dbPath = s.value(QStringLiteral("audit/dbPath")).toString();
    if (const QString ledger = s.value(QStringLiteral("team/ledgerUrl")).toString(); !ledger.isEmpty()) {
        LedgerEndpoint endpoint;
        QString why;
        if (LedgerEndpoint::parse(ledger, &endpoint, &why))
            c.ledger = endpoint;
        else if (unreadable)
            unreadable->insert(QStringLiteral("ledger"), why);
    }
    return c;
}

void ConsoleSettings::setEngineConfig(const EngineConfig &c) {
    QSettings &s = *m_settings;
    s.setValue(QStringLiteral("gate/redisUrl"), c.redis ? c.redis->url : QString()); // never its password
    s.setValue(QStringLiteral("gate/keyPrefix"), c.keyPrefix);
    s.setValue(QStringLiteral("gate/leaseMs"), c.leaseMs);
    s.setValue(QStringLiteral("registry/defaultUrl"), c.registries.defaultUrl.toString());
    s.remove(QStringLiteral("registryUrls"));
    s.beginGroup(QStringLiteral("registryUrls"));
    for (auto it = c.registries.byJurisdiction.cbegin(); it != c.registries.byJurisdiction.cend(); ++it)
        s.setValue(it.key(), it.value().toString());
    s.endGroup();
    s.remove(QStringLiteral("limits"));
    s.beginGroup(QStringLiteral("limits"));
    for (auto it = c.limits.cbegin(); it != c.limits.cend(); ++it)
        s.setValue(it.key(), it.value());
    s.endGroup();
    s.setValue(QStringLiteral("dispatch/defaultLimit"), c.defaultLimit);
    s.setValue(QStringLiteral("dispatch/globalLimit"), c.globalLimit);
    s.setValue(QStringLiteral("dispatch/requestTimeoutMs"), c.requestTimeoutMs);
    s.setValue(QStringLiteral("dispatch/maxAttempts"), c.maxAttempts);
    s.setValue(QStringLiteral("dispatch/retryBaseMs"), c.retryBaseMs);
    s.setValue(QStringLiteral("dispatch/retryMaxMs"), c.retryMaxMs);
    s.setValue(QStringLiteral("dispatch/breakerThreshold"), c.breakerThreshold);
    s.setValue(QStringLiteral("dispatch/breakerCooldownMs"), c.breakerCooldownMs);
    if (!c.dbPath.isEmpty())
        s.setValue(QStringLiteral("audit/dbPath"), c.dbPath);
    if (!c.ledger)
        s.remove(QStringLiteral("team/ledgerUrl")); // a single desk: the default
    else
        s.setValue(QStringLiteral("team/ledgerUrl"), c.ledger->url);
    // EngineConfig carries the secrets in memory only; they are deliberately not written.
}

namespace {

/// Secret names hold URLs ("redis-password@redis://host:6379/0"); '/' would split the settings key.
QString secretFlagKey(const QString &name) {
    return QStringLiteral("keychain/%1").arg(QString::fromLatin1(QUrl::toPercentEncoding(name)));
}

} // namespace

bool ConsoleSettings::hasSecret(const QString &name) const {
    return !name.isEmpty() && m_settings->value(secretFlagKey(name), false).toBool();
}

void ConsoleSettings::setHasSecret(const QString &name, bool stored) {
    if (!name.isEmpty())
        m_settings->setValue(secretFlagKey(name), stored);
}

QString ConsoleSettings::language() const {
    return m_settings->value(QStringLiteral("ui/language")).toString();
}

void ConsoleSettings::setLanguage(const QString &language) {
    if (language.isEmpty())
        m_settings->remove(QStringLiteral("ui/language"));
    else
        m_settings->setValue(QStringLiteral("ui/language"), language);
}

QString ConsoleSettings::ownerName() const {
    // Until someone says how the register names them: who is logged in (as the audit trail names them).
    return m_settings->value(QStringLiteral("ui/ownerName"), host::osUser()).toString();
}

void ConsoleSettings::setOwnerName(const QString &name) {
    m_settings->setValue(QStringLiteral("ui/ownerName"), name.trimmed());
}

QList<int> ConsoleSettings::reminderDays() const {
    const QVariant saved = m_settings->value(QStringLiteral("reminders/days"));
    if (!saved.isValid())
        return {30, 14, 7, 1};
    QList<int> days;
    for (const QString &part : saved.toString().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int day = part.trimmed().toInt(&ok);
        if (ok && day >= 0 && day <= 366 && !days.contains(day))
            days << day;
    }
    std::sort(days.begin(), days.end(), std::greater<>());
    return days;
}

void ConsoleSettings::setReminderDays(const QList<int> &days) {
    QStringList parts;
    for (const int day : days)
        parts << QString::number(day);
    m_settings->setValue(QStringLiteral("reminders/days"), parts.join(QLatin1Char(',')));
}

QString ConsoleSettings::lastRemindedStamp(const QString &key) const {
    return m_settings
        ->value(QStringLiteral("reminders/shown/%1").arg(QString::fromLatin1(QUrl::toPercentEncoding(key))))
        .toString();
}

void ConsoleSettings::setLastRemindedStamp(const QString &key, const QString &stamp) {
    m_settings->setValue(
        QStringLiteral("reminders/shown/%1").arg(QString::fromLatin1(QUrl::toPercentEncoding(key))), stamp);
}

QStringList ConsoleSettings::practiceRegistries() const {
    return m_settings->value(QStringLiteral("registry/practiceUrls")).toStringList();
}

void ConsoleSettings::setPracticeRegistries(const QStringList &urls) {
    if (urls.isEmpty())
        m_settings->remove(QStringLiteral("registry/practiceUrls"));
    else
        m_settings->setValue(QStringLiteral("registry/practiceUrls"), urls);
}

bool ConsoleSettings::icsGroupByDay() const {
    return m_settings->value(QStringLiteral("calendar/icsGroupByDay"), false).toBool();
}

void ConsoleSettings::setIcsGroupByDay(bool group) {
    m_settings->setValue(QStringLiteral("calendar/icsGroupByDay"), group);
}

QByteArray ConsoleSettings::windowGeometry() const {
    return m_settings->value(QStringLiteral("window/geometry")).toByteArray();
}

QByteArray ConsoleSettings::windowState() const {
    return m_settings->value(QStringLiteral("window/state")).toByteArray();
}

void ConsoleSettings::setWindowLayout(const QByteArray &geometry, const QByteArray &state) {
    m_settings->setValue(QStringLiteral("window/geometry"), geometry);
    m_settings->setValue(QStringLiteral("window/state"), state);
}

QByteArray ConsoleSettings::headerState(const QString &view) const {
    return m_settings->value(QStringLiteral("headers/%1").arg(view)).toByteArray();
}

void ConsoleSettings::setHeaderState(const QString &view, const QByteArray &state) {
    m_settings->setValue(QStringLiteral("headers/%1").arg(view), state);
}

} // namespace fd::ui
