#pragma once

#include "engine/gate/redis_endpoint.h"
#include "engine/ledger/ledger_endpoint.h"

#include <QDate>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace fd::ui {

/// How the console was asked to open: `filingdesk [--portfolio FILE] [--as-of DATE] [--sandbox
/// [--sandbox-arg ARG]...] [--registry URL] [--redis URL] [--ledger URL] [--limit J=N]... [--db FILE]
/// [--settings FILE]`.
/// Values given here override the saved settings for this session only; they are not saved.
struct ConsoleOptions {
    QString portfolio;    ///< loaded as soon as the engine has started
    QDate asOf;           ///< null: today
    bool sandbox = false; ///< start the sandbox registry and file against it
    QStringList sandboxArgs;
    QUrl registryUrl; ///< --registry (an http(s) URL with a host, RegistryEndpoints); invalid: not given
    /// --redis, parsed (RedisEndpoint); none with `redisGiven`: the in-process gate (an empty value).
    std::optional<RedisEndpoint> redis;
    bool redisGiven = false; ///< --redis given (an empty value selects the in-process gate)
    /// Team mode: the shared ledger, --ledger postgresql://USER@HOST[:PORT]/DB[?sslmode=MODE], parsed
    /// (LedgerEndpoint; no password: that is read from the keychain).
    std::optional<LedgerEndpoint> ledger;
    bool ledgerGiven = false; ///< --ledger given (an empty value: a single desk this session)
    QStringList limits;       ///< "US-DE=4"
    QString dbPath;
    QString settingsPath;    ///< empty: the platform's default QSettings location
    bool useKeychain = true; ///< false in tests that do not run a Secret Service
    int dueWithinDays = 30;  ///< preset of the "launch everything due within N days" control

    /// Parses the arguments after the program name; false with *error (one line) on bad input.
    static bool parse(const QStringList &arguments, ConsoleOptions *options, QString *error, bool *helpShown);
};

} // namespace fd::ui
