#include "ui/session/console_options.h"

#include "engine/dispatch/registry_endpoints.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace fd::ui {

bool ConsoleOptions::parse(const QStringList &arguments, ConsoleOptions *options, QString *error,
                           bool *helpShown) {
    *helpShown = false;
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "fd::ui::ConsoleOptions",
        "FilingDesk operator console. Headless: filingdesk run --help, filingdesk calendar --help."));
    const QCommandLineOption portfolioOpt(
        QStringLiteral("portfolio"),
        QCoreApplication::translate("fd::ui::ConsoleOptions", "Portfolio CSV to load at start."),
        QStringLiteral("FILE"));
    const QCommandLineOption asOfOpt(
        QStringLiteral("as-of"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Date to compute due dates from (default today)."),
        QStringLiteral("YYYY-MM-DD"));
    const QCommandLineOption sandboxOpt(
        QStringLiteral("sandbox"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Start the sandbox registry and file against it."));
    const QCommandLineOption sandboxArgOpt(
        QStringLiteral("sandbox-arg"),
        QCoreApplication::translate(
            "fd::ui::ConsoleOptions",
            "Extra argument for the sandbox (repeatable), e.g. --sandbox-arg=--latency-ms=200:800."),
        QStringLiteral("ARG"));
    const QCommandLineOption registryOpt(
        QStringLiteral("registry"),
        QCoreApplication::translate("fd::ui::ConsoleOptions", "Registry base URL (registry-api-v1)."),
        QStringLiteral("URL"));
    const QCommandLineOption redisOpt(
        QStringLiteral("redis"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Fleet gate Redis URL (empty: in-process gate)."),
        QStringLiteral("URL"));
    const QCommandLineOption ledgerOpt(
        QStringLiteral("ledger"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Team ledger: postgresql://USER@HOST:PORT/DB[?sslmode=MODE] (empty: this "
                                    "desk alone). The password comes from the keychain."),
        QStringLiteral("URL"));
    const QCommandLineOption limitOpt(
        QStringLiteral("limit"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Fleet cap for a jurisdiction, e.g. US-DE=4 (repeatable)."),
        QStringLiteral("JURISDICTION=N"));
    const QCommandLineOption dbOpt(QStringLiteral("db"),
                                   QCoreApplication::translate("fd::ui::ConsoleOptions", "Audit database."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption settingsOpt(
        QStringLiteral("settings"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Settings file (INI) instead of the user's settings."),
        QStringLiteral("FILE"));
    const QCommandLineOption dueWithinOpt(
        QStringLiteral("due-within"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Preset of the launch window in days (default 30)."),
        QStringLiteral("DAYS"));
    const QCommandLineOption noKeychainOpt(
        QStringLiteral("no-keychain"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Do not read secrets from the keychain this session."));
    parser.addOptions({portfolioOpt, asOfOpt, sandboxOpt, sandboxArgOpt, registryOpt, redisOpt, ledgerOpt,
                       limitOpt, dbOpt, settingsOpt, dueWithinOpt, noKeychainOpt});
    parser.addPositionalArgument(
        QStringLiteral("portfolio"),
        QCoreApplication::translate("fd::ui::ConsoleOptions",
                                    "Portfolio CSV to load at start (as --portfolio)."),
        QStringLiteral("[PORTFOLIO.csv]"));
    const QCommandLineOption helpOpt = parser.addHelpOption();
    if (!parser.parse(QStringList{QStringLiteral("filingdesk")} + arguments)) {
        *error = parser.errorText();
        return false;
    }
    if (parser.isSet(helpOpt)) {
        std::fputs(qUtf8Printable(parser.helpText()), stdout);
        *helpShown = true;
        return true;
    }
    // `filingdesk FILE.csv`: how desktops and file managers open a portfolio with the console.
    QStringList positional = parser.positionalArguments();
    QString positionalPortfolio;
    if (positional.size() == 1 && !parser.isSet(portfolioOpt) &&
        positional.first().endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        positionalPortfolio = positional.takeFirst();
    if (!positional.isEmpty()) {
        *error = QCoreApplication::translate(
                     "fd::ui::ConsoleOptions",
                     "unexpected argument \"%1\" (headless commands: run, calendar, launch, worker, audit)")
                     .arg(positional.first());
        return false;
    }
    ConsoleOptions o;
    o.portfolio = positionalPortfolio.isEmpty() ? parser.value(portfolioOpt) : positionalPortfolio;
    if (parser.isSet(asOfOpt)) {
        o.asOf = QDate::fromString(parser.value(asOfOpt), Qt::ISODate);
        if (!o.asOf.isValid()) {
            *error = QCoreApplication::translate("fd::ui::ConsoleOptions",
                                                 "--as-of \"%1\" is not a YYYY-MM-DD date")
                         .arg(parser.value(asOfOpt));
            return false;
        }
    }
    o.sandbox = parser.isSet(sandboxOpt);
    o.sandboxArgs = parser.values(sandboxArgOpt);
    if (parser.isSet(registryOpt)) {
        if (o.sandbox) {
            *error = QCoreApplication::translate("fd::ui::ConsoleOptions",
                                                 "--registry and --sandbox exclude each other");
            return false;
        }
        QString why;
        if (!RegistryEndpoints::parseUrl(parser.value(registryOpt), &o.registryUrl, &why)) {
            *error = QCoreApplication::translate("fd::ui::ConsoleOptions",
                                                 "--registry \"%1\" is not an http(s) URL")
                         .arg(parser.value(registryOpt));
            return false;
        }
    }
    o.redisGiven = parser.isSet(redisOpt);
    if (const QString redis = parser.value(redisOpt); !redis.isEmpty()) {
        RedisEndpoint endpoint;
        QString why;
        if (!RedisEndpoint::parse(redis, &endpoint, &why)) {
            *error = QCoreApplication::translate("fd::ui::ConsoleOptions", "--redis: %1").arg(why);
            return false;
        }
        o.redis = endpoint;
    }
    o.ledgerGiven = parser.isSet(ledgerOpt);
    if (const QString ledger = parser.value(ledgerOpt).trimmed(); !ledger.isEmpty()) {
        LedgerEndpoint endpoint;
        QString why;
        if (!LedgerEndpoint::parse(ledger, &endpoint, &why)) {
            *error =
                QCoreApplication::translate("fd::ui::ConsoleOptions", "--ledger \"%1\": %2").arg(ledger, why);
            return false;
        }
        o.ledger = endpoint;
    }
    o.limits = parser.values(limitOpt);
    o.dbPath = parser.value(dbOpt);
    o.settingsPath = parser.value(settingsOpt);
    o.useKeychain = !parser.isSet(noKeychainOpt);
    if (parser.isSet(dueWithinOpt)) {
        bool ok = false;
        o.dueWithinDays = parser.value(dueWithinOpt).toInt(&ok);
        if (!ok || o.dueWithinDays < 0) {
            *error = QCoreApplication::translate("fd::ui::ConsoleOptions",
                                                 "--due-within \"%1\" is not a number of days")
                         .arg(parser.value(dueWithinOpt));
            return false;
        }
    }
    *options = o;
    return true;
}

} // namespace fd::ui
