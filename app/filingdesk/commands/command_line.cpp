#include "app/filingdesk/commands/command_line.h"

#include "engine/core/engine_types.h"
#include "engine/ledger/ledger_endpoint.h"

#include <cstdio>

namespace fd::cli {

void printErr(const QString &text) {
    std::fputs(qUtf8Printable(text + QLatin1Char('\n')), stderr);
    std::fflush(stderr);
}

int badInput(const QString &command, const QString &reason) {
    printErr(QStringLiteral("%1: %2").arg(command, reason));
    return kExitBadInput;
}

std::optional<int> parseOrExit(QCommandLineParser &parser, const QString &command,
                               const QStringList &arguments, const QString &exitStatusHelp) {
    parser.addHelpOption();
    if (!parser.parse(QStringList{command} + arguments))
        return badInput(command, parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        // QCommandLineParser's usage line names the executable ("filingdesk [options]"); this is a
        // sub-command, and a usage line a person can paste must say so.
        QString help = parser.helpText();
        help.replace(0, help.indexOf(QLatin1Char('\n')), QStringLiteral("Usage: %1 [options]").arg(command));
        if (!exitStatusHelp.isEmpty())
            help += QLatin1Char('\n') + exitStatusHelp + QLatin1Char('\n');
        std::fputs(qUtf8Printable(help), stdout);
        return 0;
    }
    if (!parser.positionalArguments().isEmpty())
        return badInput(
            command, QStringLiteral("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    return std::nullopt;
}

QCommandLineOption portfolioOption() {
    return {QStringLiteral("portfolio"), QStringLiteral("Portfolio CSV (Exhibit 21 or FilingDesk)."),
            QStringLiteral("FILE")};
}

QCommandLineOption asOfOption() {
    return {QStringLiteral("as-of"), QStringLiteral("Date to compute due dates from (default today)."),
            QStringLiteral("YYYY-MM-DD")};
}

QCommandLineOption dueWithinOption() {
    return {QStringLiteral("due-within"), QStringLiteral("Admit only obligations due within DAYS."),
            QStringLiteral("DAYS")};
}

QCommandLineOption configOption() {
    return {QStringLiteral("config"), QStringLiteral("Settings file (JSON, see README)."),
            QStringLiteral("FILE")};
}

QCommandLineOption jsonOption() {
    return {QStringLiteral("json"), QStringLiteral("Print one JSON object on stdout.")};
}

QCommandLineOption registryOption() {
    return {QStringLiteral("registry"), QStringLiteral("Registry base URL (registry-api-v1)."),
            QStringLiteral("URL")};
}

QCommandLineOption sandboxOption() {
    return {QStringLiteral("sandbox"), QStringLiteral("Start the sandbox registry and file against it.")};
}

QCommandLineOption limitOption() {
    return {QStringLiteral("limit"),
            QStringLiteral("Fleet cap for a jurisdiction, e.g. US-DE=8 (repeatable)."),
            QStringLiteral("JURISDICTION=N")};
}

QCommandLineOption ledgerOption(const QString &role) {
    QString text = QStringLiteral("The team ledger, postgresql://USER@HOST:PORT/DB[?sslmode=MODE] (password "
                                  "from FILINGDESK_LEDGER_PASSWORD).");
    if (!role.isEmpty())
        text += QLatin1Char(' ') + role;
    return {QStringLiteral("ledger"), text, QStringLiteral("URL")};
}

bool readAsOf(const QCommandLineParser &parser, const QCommandLineOption &option, QDate *asOf,
              QString *error) {
    *asOf = QDate::currentDate();
    if (!parser.isSet(option))
        return true;
    const QString text = parser.value(option);
    *asOf = QDate::fromString(text, Qt::ISODate);
    if (asOf->isValid())
        return true;
    *error = QStringLiteral("--%1 \"%2\" is not a YYYY-MM-DD date").arg(option.names().constFirst(), text);
    return false;
}

bool readRegistry(const QCommandLineParser &parser, const QCommandLineOption &registry,
                  const QCommandLineOption &sandbox, QUrl *url, QString *error) {
    if (parser.isSet(registry) && parser.isSet(sandbox)) {
        *error = QStringLiteral("--registry and --sandbox exclude each other");
        return false;
    }
    if (!parser.isSet(registry))
        return true;
    QString why;
    if (!RegistryEndpoints::parseUrl(parser.value(registry), url, &why)) {
        *error = QStringLiteral("--registry \"%1\" is not an http(s) URL").arg(parser.value(registry));
        return false;
    }
    return true;
}

namespace {

/// An endpoint option: unset leaves *endpoint as it is, an empty value clears it, anything else is parsed
/// once here (Endpoint::parse) or refused with "`what`: why".
template <typename Endpoint>
bool readEndpoint(const QCommandLineParser &parser, const QCommandLineOption &option, const char *what,
                  std::optional<Endpoint> *endpoint, QString *error) {
    if (!parser.isSet(option))
        return true;
    const QString text = parser.value(option);
    if (text.isEmpty()) {
        endpoint->reset();
        return true;
    }
    Endpoint parsed;
    QString why;
    if (!Endpoint::parse(text, &parsed, &why)) {
        *error = QStringLiteral("%1: %2").arg(QLatin1String(what), why);
        return false;
    }
    *endpoint = parsed;
    return true;
}

} // namespace

bool readRedis(const QCommandLineParser &parser, const QCommandLineOption &option,
               std::optional<RedisEndpoint> *endpoint, QString *error) {
    return readEndpoint(parser, option, "redis", endpoint, error);
}

bool readLedger(const QCommandLineParser &parser, const QCommandLineOption &option,
                std::optional<LedgerEndpoint> *endpoint, QString *error) {
    return readEndpoint(parser, option, "ledger", endpoint, error);
}

void readSecretsFromEnvironment(EngineConfig *config) {
    const QString redisPassword = qEnvironmentVariable("FILINGDESK_REDIS_PASSWORD");
    if (config->redis && !redisPassword.isEmpty())
        config->redis->password = redisPassword;
    if (config->ledger)
        config->ledger->password = qEnvironmentVariable("FILINGDESK_LEDGER_PASSWORD");
    if (config->registryToken.isEmpty())
        config->registryToken = qEnvironmentVariable("FILINGDESK_REGISTRY_TOKEN");
}

bool readInt(const QCommandLineParser &parser, const QCommandLineOption &option, int minimum, int maximum,
             int fallback, const QString &what, int *value, QString *error) {
    *value = fallback;
    if (!parser.isSet(option))
        return true;
    const QString text = parser.value(option);
    bool ok = false;
    const int parsed = text.toInt(&ok);
    if (ok && parsed >= minimum && parsed <= maximum) {
        *value = parsed;
        return true;
    }
    *error = QStringLiteral("--%1 \"%2\" is not %3").arg(option.names().constFirst(), text, what);
    return false;
}

QString describeLedgerLink(int link, const QString &detail) {
    const QString why = detail.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(detail.simplified());
    switch (LedgerLink(link)) {
    case LedgerLink::Connected:
        return QStringLiteral("ledger connected: claims and sending resume");
    case LedgerLink::Unreachable:
        return QStringLiteral("ledger unreachable%1: nothing is claimed or sent; resumes by itself when it "
                              "answers (a silent link is found dead within %2 s)")
            .arg(why)
            .arg(LedgerEndpoint::kDeadLinkMs / 1000);
    case LedgerLink::ReadOnlyStandby:
        return QStringLiteral("ledger is a read-only standby%1: nothing is claimed or sent until the primary "
                              "answers at this address")
            .arg(why);
    case LedgerLink::WaitingOnLock:
        return QStringLiteral("ledger busy%1: a write waited on another session's lock; it is tried again, "
                              "nothing was lost or sent twice")
            .arg(why);
    }
    return QString();
}

} // namespace fd::cli
