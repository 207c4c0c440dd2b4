#pragma once

#include "engine/core/engine_config.h"

#include <QStringList>
#include <QUrl>

namespace fd::ui {

/// Whether this session files for real. A registry is practice when it is the sandbox this console started
/// (--sandbox) or a base URL marked practice in Settings (ConsoleSettings::practiceRegistries()); any other
/// registry is live — an unknown portal is assumed real, never the other way round. The session is live as
/// soon as one jurisdiction's registry is live.
struct RegistryMode {
    enum class Kind { None, Practice, Live };
    Kind kind = Kind::None;
    QStringList live;     ///< the live registries' base URLs, as configured
    QStringList practice; ///< the practice registries' base URLs

    bool isLive() const { return kind == Kind::Live; }
    bool isPractice() const { return kind == Kind::Practice; }
};

/// Every registry `config` files with (the default and each jurisdiction's), sorted into live and practice.
/// `sandboxUrl` is the URL of the sandbox this console started (invalid when none). Pure function.
RegistryMode registryModeOf(const fd::EngineConfig &config, const QUrl &sandboxUrl,
                            const QStringList &practiceUrls);

/// True when `a` and `b` name the same registry: scheme, host (case-insensitive), port (defaults filled in)
/// and path without a trailing slash.
bool sameRegistry(const QUrl &a, const QUrl &b);

} // namespace fd::ui
