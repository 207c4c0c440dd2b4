#pragma once

#include "engine/core/engine_config.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QDate>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <limits>
#include <optional>

namespace fd::cli {

/// Exit status of a command refused for its arguments or input files (every sub-command).
inline constexpr int kExitBadInput = 2;

/// One line on stderr, flushed at once (progress and errors of headless commands). Any thread.
void printErr(const QString &text);

/// Prints "COMMAND: reason" on stderr ("filingdesk run: --portfolio FILE is required") and returns
/// kExitBadInput, so that a command can `return badInput(...)`.
int badInput(const QString &command, const QString &reason);

/// Parses `arguments` (after the sub-command's name) for sub-command `command` ("filingdesk run"), with a
/// --help option added. Returns the exit status when the command ends here: kExitBadInput after printing
/// the parser's error or an unexpected positional argument, 0 after printing the help (its usage line names
/// the sub-command so that it can be pasted, then `exitStatusHelp` when not empty). std::nullopt: go on.
std::optional<int> parseOrExit(QCommandLineParser &parser, const QString &command,
                               const QStringList &arguments, const QString &exitStatusHelp = QString());

/// Options that several commands take, worded once.
QCommandLineOption portfolioOption();
QCommandLineOption asOfOption();
QCommandLineOption dueWithinOption();
QCommandLineOption configOption();
QCommandLineOption jsonOption();
QCommandLineOption registryOption();
QCommandLineOption sandboxOption();
QCommandLineOption limitOption();
/// --ledger URL; `role` says what the command does with it (appended to the URL form).
QCommandLineOption ledgerOption(const QString &role = QString());

/// --as-of YYYY-MM-DD, today when absent. False with *error ("--as-of \"2027-13-01\" is not a YYYY-MM-DD
/// date") when it is not a date.
bool readAsOf(const QCommandLineParser &parser, const QCommandLineOption &option, QDate *asOf,
              QString *error);
/// --registry URL (an http(s) URL) into *url, untouched when absent; --registry and --sandbox exclude each
/// other. False with *error naming the option.
bool readRegistry(const QCommandLineParser &parser, const QCommandLineOption &registry,
                  const QCommandLineOption &sandbox, QUrl *url, QString *error);
/// --redis URL (redis://..., RedisEndpoint) into *endpoint, untouched when absent; an empty value clears it
/// (the in-process gate). False with *error "redis: reason".
bool readRedis(const QCommandLineParser &parser, const QCommandLineOption &option,
               std::optional<RedisEndpoint> *endpoint, QString *error);
/// --ledger URL (postgresql://..., LedgerEndpoint) into *endpoint, untouched when absent; an empty value
/// clears it (a single desk). False with *error "ledger: reason".
bool readLedger(const QCommandLineParser &parser, const QCommandLineOption &option,
                std::optional<LedgerEndpoint> *endpoint, QString *error);
/// The secrets of a headless member, from its environment: FILINGDESK_REDIS_PASSWORD (when set, over a
/// password in the Redis URL), FILINGDESK_LEDGER_PASSWORD, FILINGDESK_REGISTRY_TOKEN (unless one is set).
void readSecretsFromEnvironment(EngineConfig *config);
/// A whole number option in [minimum, maximum]; `fallback` when absent. False with *error ("--due-within
/// \"x\" is not a number of days") when it is not, `what` naming the unit ("a number of days").
bool readInt(const QCommandLineParser &parser, const QCommandLineOption &option, int minimum, int maximum,
             int fallback, const QString &what, int *value, QString *error);

/// One line for a change of the team ledger's connection (run and worker print it): connected, unreachable,
/// a read-only standby or a write that waited on a lock are told apart, each with what happens meanwhile.
QString describeLedgerLink(int link, const QString &detail);

} // namespace fd::cli
