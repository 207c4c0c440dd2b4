#include "ui/settings/secret_store.h"

#include <qt6keychain/keychain.h>

#include <QPointer>

namespace fd::ui {

namespace {

SecretStore::Result resultOf(const QKeychain::Job *job) {
    SecretStore::Result r;
    switch (job->error()) {
    case QKeychain::NoError:
        r.ok = true;
        break;
    case QKeychain::EntryNotFound:
        r.notFound = true;
        r.error = SecretStore::tr("no such entry in the keychain");
        break;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        r.noBackend = true;
        r.error = SecretStore::tr("no keychain is available on this machine (%1); nothing was stored")
                      .arg(job->errorString());
        break;
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        r.error = SecretStore::tr("the keychain refused access: %1").arg(job->errorString());
        break;
    default:
        r.error = SecretStore::tr("keychain error: %1").arg(job->errorString());
        break;
    }
    return r;
}

template <typename JobType> JobType *makeJob(const QString &service, const QString &name, QObject *owner) {
    auto *job = new JobType(service, owner);
    job->setAutoDelete(true);
    // Never write a secret to a settings file, whatever the platform's backend situation.
    job->setInsecureFallback(false);
    job->setKey(SecretStore::scopedKey(name));
    return job;
}

template <typename JobType>
void finishWith(JobType *job, QObject *owner, SecretStore::Callback done,
                std::function<void(SecretStore::Result &, JobType *)> fill = {}) {
    QPointer<QObject> guard(owner);
    QObject::connect(job, &QKeychain::Job::finished, owner, [guard, done, fill](QKeychain::Job *finished) {
        if (!guard)
            return;
        SecretStore::Result r = resultOf(finished);
        if (fill)
            fill(r, static_cast<JobType *>(finished));
        done(r);
    });
    job->start();
}

} // namespace

SecretStore::SecretStore(QObject *parent)
    : QObject(parent) {}

QString SecretStore::nameFor(const char *kind, const QUrl &url) {
    if (!url.isValid() || url.host().isEmpty())
        return QString();
    QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("postgres"))
        scheme = QStringLiteral("postgresql");
    const bool ledger = scheme == QLatin1String("postgresql");
    const int defaultPort = scheme == QLatin1String("https")   ? 443
                            : scheme == QLatin1String("http")  ? 80
                            : scheme == QLatin1String("redis") ? 6379
                            : ledger                           ? 5432
                                                               : -1;
    // A PostgreSQL password belongs to a role: the role is part of the name.
    const QString role = ledger && !url.userName().isEmpty() ? url.userName() + QLatin1Char('@') : QString();
    QString name = QStringLiteral("%1@%2://%3%4:%5")
                       .arg(QLatin1String(kind), scheme, role, url.host().toLower())
                       .arg(url.port(defaultPort));
    if (ledger)
        name += QStringLiteral("/%1").arg(url.path().mid(1));
    if (scheme == QLatin1String("redis")) {
        bool ok = false;
        const int db = url.path().mid(1).toInt(&ok);
        name += QStringLiteral("/%1").arg(ok ? db : 0);
    }
    return name;
}

QString SecretStore::nameFor(const RedisEndpoint &redis) {
    if (redis.host.isEmpty())
        return QString();
    return QStringLiteral("%1@redis://%2:%3/%4")
        .arg(QLatin1String(redisPassword), redis.host.toLower())
        .arg(redis.port)
        .arg(redis.db);
}

QString SecretStore::nameFor(const LedgerEndpoint &ledger) {
    if (ledger.host.isEmpty())
        return QString();
    const QString role = ledger.user.isEmpty() ? QString() : ledger.user + QLatin1Char('@');
    return QStringLiteral("%1@postgresql://%2%3:%4/%5")
        .arg(QLatin1String(ledgerPassword), role, ledger.host.toLower())
        .arg(ledger.port)
        .arg(ledger.database);
}

QString SecretStore::scopedKey(const QString &name) {
    return QStringLiteral("FilingDesk/%1").arg(name);
}

void SecretStore::write(const QString &name, const QString &value, Callback done) {
    auto *job = makeJob<QKeychain::WritePasswordJob>(m_service, name, this);
    job->setTextData(value);
    finishWith(job, this, std::move(done));
}

void SecretStore::read(const QString &name, Callback done) {
    auto *job = makeJob<QKeychain::ReadPasswordJob>(m_service, name, this);
    finishWith<QKeychain::ReadPasswordJob>(job, this, std::move(done),
                                           [](Result &r, QKeychain::ReadPasswordJob *j) {
                                               if (r.ok)
                                                   r.value = j->textData();
                                           });
}

void SecretStore::remove(const QString &name, Callback done) {
    auto *job = makeJob<QKeychain::DeletePasswordJob>(m_service, name, this);
    finishWith(job, this, std::move(done));
}

} // namespace fd::ui
