#include "ui/session/registry_mode.h"

namespace fd::ui {

namespace {

QString normalised(const QUrl &url) {
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    const int defaultPort = url.scheme() == QLatin1String("https") ? 443 : 80;
    return QStringLiteral("%1://%2:%3%4")
        .arg(url.scheme().toLower(), url.host().toLower())
        .arg(url.port(defaultPort))
        .arg(path);
}

} // namespace

bool sameRegistry(const QUrl &a, const QUrl &b) {
    return a.isValid() && b.isValid() && normalised(a) == normalised(b);
}

RegistryMode registryModeOf(const EngineConfig &config, const QUrl &sandboxUrl,
                            const QStringList &practiceUrls) {
    const QList<QUrl> registries = config.registries.all();
    RegistryMode mode;
    for (const QUrl &url : std::as_const(registries)) {
        bool practice = sameRegistry(url, sandboxUrl);
        for (const QString &marked : practiceUrls)
            practice = practice || sameRegistry(url, QUrl(marked.trimmed()));
        QStringList &list = practice ? mode.practice : mode.live;
        if (!list.contains(url.toString()))
            list << url.toString();
    }
    mode.kind = !mode.live.isEmpty()       ? RegistryMode::Kind::Live
                : !mode.practice.isEmpty() ? RegistryMode::Kind::Practice
                                           : RegistryMode::Kind::None;
    return mode;
}

} // namespace fd::ui
