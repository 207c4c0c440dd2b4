#include "app/filingdesk/commands/ledger_command.h"
#include "engine/core/host_identity.h"

#include "app/filingdesk/commands/command_line.h"
#include "engine/audit/audit_store.h"
#include "engine/ledger/ledger_endpoint.h"
#include "engine/ledger/ledger_schema.h"

#include <QCommandLineParser>
#include <QHostInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

#include <cstdio>

namespace fd {

namespace {

using cli::printErr;

constexpr int kExitUnreachable = 3;
constexpr int kFirstSchemaWithRoles = 5;
const QString kCommand = QStringLiteral("filingdesk ledger");

/// A named QPSQL connection, removed when this goes out of scope.
class LedgerSession {
public:
    LedgerSession()
        : m_name(QStringLiteral("filingdesk-ledger-command-") + QUuid::createUuid().toString(QUuid::Id128)) {
        QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
    }
    ~LedgerSession() {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    LedgerSession(const LedgerSession &) = delete;
    LedgerSession &operator=(const LedgerSession &) = delete;

    /// Connects and checks the ledger has roles (schema 5 or later). Returns an exit status, 0 when open.
    int open(const LedgerEndpoint &endpoint, bool readOnly) {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        endpoint.apply(db, readOnly);
        if (!db.open()) {
            printErr(QStringLiteral("%1: %2: %3")
                         .arg(kCommand, endpoint.display(), db.lastError().text().trimmed()));
            return kExitUnreachable;
        }
        const int version = LedgerSchema::storedVersion(db);
        if (version < kFirstSchemaWithRoles) {
            printErr(
                version <= 0
                    ? QStringLiteral("%1: %2 holds no FilingDesk ledger").arg(kCommand, endpoint.display())
                    : QStringLiteral("%1: %2 has schema %3, from before roles: its owner upgrades it "
                                     "by connecting once with this version (docs/roles.md)")
                          .arg(kCommand, endpoint.display())
                          .arg(version));
            return kExitUnreachable;
        }
        return 0;
    }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }

private:
    QString m_name;
};

struct LoginRoles {
    QString login;
    bool superuser = false;
    QStringList roles;  ///< effective FilingDesk roles, short names
    QStringList direct; ///< FilingDesk roles granted to the login itself
};

QString highestRole(const LoginRoles &r) {
    if (r.superuser)
        return QStringLiteral("superuser");
    for (const char *role : {"admin", "approver", "operator", "worker", "viewer"})
        if (r.roles.contains(QLatin1String(role)))
            return QString::fromLatin1(role);
    return QString();
}

int listRoles(const QSqlDatabase &db, bool json) {
    QSqlQuery q(db);
    // pg_has_role is true for a superuser whatever it was granted: superusers are listed as such.
    if (!q.exec(QStringLiteral(
            "SELECT r.rolname, r.rolsuper, pg_has_role(r.oid, 'filingdesk_viewer', 'MEMBER'), "
            "pg_has_role(r.oid, 'filingdesk_operator', 'MEMBER'), pg_has_role(r.oid, 'filingdesk_approver', "
            "'MEMBER'), pg_has_role(r.oid, 'filingdesk_admin', 'MEMBER'), pg_has_role(r.oid, "
            "'filingdesk_worker', 'MEMBER'), coalesce((SELECT string_agg(substr(g.rolname, 12), ',' ORDER BY "
            "g.rolname) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid "
            "AND "
            "g.rolname LIKE 'filingdesk\\_%'), '') FROM pg_roles r WHERE r.rolcanlogin ORDER BY "
            "r.rolname"))) {
        printErr(QStringLiteral("%1: %2").arg(kCommand, q.lastError().text().trimmed()));
        return kExitUnreachable;
    }
    QList<LoginRoles> logins;
    while (q.next()) {
        LoginRoles r;
        r.login = q.value(0).toString();
        r.superuser = q.value(1).toBool();
        int column = 2;
        for (const char *role : {"viewer", "operator", "approver", "admin", "worker"})
            if (q.value(column++).toBool())
                r.roles.append(QString::fromLatin1(role));
        r.direct = q.value(7).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (r.superuser || !r.roles.isEmpty())
            logins.append(r);
    }
    QList<QStringList> settings;
    if (!q.exec(
            QStringLiteral("SELECT name, value, changed_by, changed_at FROM team_settings ORDER BY name"))) {
        printErr(QStringLiteral("%1: %2").arg(kCommand, q.lastError().text().trimmed()));
        return kExitUnreachable;
    }
    while (q.next())
        settings.append({q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                         q.value(3).toDateTime().toUTC().toString(Qt::ISODate)});

    if (json) {
        QJsonArray people;
        for (const LoginRoles &r : std::as_const(logins))
            people.append(QJsonObject{{QStringLiteral("login"), r.login},
                                      {QStringLiteral("role"), highestRole(r)},
                                      {QStringLiteral("superuser"), r.superuser},
                                      {QStringLiteral("roles"), QJsonArray::fromStringList(r.roles)},
                                      {QStringLiteral("granted"), QJsonArray::fromStringList(r.direct)}});
        QJsonObject team;
        for (const QStringList &s : std::as_const(settings))
            team.insert(s.at(0), QJsonObject{{QStringLiteral("value"), s.at(1)},
                                             {QStringLiteral("changed_by"), s.at(2)},
                                             {QStringLiteral("changed_at"), s.at(3)}});
        std::fputs(QJsonDocument(QJsonObject{{QStringLiteral("logins"), people},
                                             {QStringLiteral("team_settings"), team}})
                       .toJson(QJsonDocument::Indented)
                       .constData(),
                   stdout);
        return 0;
    }
    int width = 5;
    for (const LoginRoles &r : std::as_const(logins))
        width = qMax(width, int(r.login.size()));
    QString out = QStringLiteral("%1  %2  %3\n")
                      .arg(QStringLiteral("LOGIN").leftJustified(width),
                           QStringLiteral("ROLE").leftJustified(10), QStringLiteral("GRANTED"));
    for (const LoginRoles &r : std::as_const(logins))
        out += QStringLiteral("%1  %2  %3\n")
                   .arg(r.login.leftJustified(width), highestRole(r).leftJustified(10),
                        r.superuser && r.direct.isEmpty() ? QStringLiteral("(superuser: every role)")
                                                          : r.direct.join(QStringLiteral(", ")));
    if (logins.isEmpty())
        out += QStringLiteral("(no login holds a FilingDesk role: GRANT filingdesk_viewer TO someone; "
                              "docs/roles.md)\n");
    out += QStringLiteral("\nteam settings:\n");
    for (const QStringList &s : std::as_const(settings))
        out += QStringLiteral("  %1 = %2 (set by %3, %4)\n").arg(s.at(0), s.at(1), s.at(2), s.at(3));
    std::fputs(out.toUtf8().constData(), stdout);
    return 0;
}

int setSetting(const QSqlDatabase &db, const QString &name, const QString &value, const QString &reason) {
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT filingdesk_set_team_setting(?,?,?,?,?,?)"));
    q.addBindValue(name);
    q.addBindValue(value);
    q.addBindValue(host::osUser());
    q.addBindValue(QHostInfo::localHostName());
    q.addBindValue(QStringLiteral("cli"));
    q.addBindValue(reason);
    if (!q.exec()) {
        const QSqlError e = q.lastError();
        // 42501: this login may not (the admin role); 22023: not a setting or not a value of it.
        const bool refused =
            e.nativeErrorCode() == QLatin1String("42501") || e.nativeErrorCode() == QLatin1String("22023");
        printErr(QStringLiteral("%1 set: %2").arg(kCommand, e.databaseText().trimmed()));
        return refused ? cli::kExitBadInput : kExitUnreachable;
    }
    q.next();
    std::fputs(
        qUtf8Printable(
            QStringLiteral("%1: %2 -> %3 (audited)\n")
                .arg(name, q.value(0).isNull() ? QStringLiteral("(unset)") : q.value(0).toString(), value)),
        stdout);
    return 0;
}

} // namespace

int cli::LedgerCommand::run(const QStringList &arguments) const {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Who may do what in a team ledger (docs/roles.md).\n"
                       "  roles            every login with a FilingDesk role, and the team settings\n"
                       "  set NAME VALUE   change a team setting (admin): segregation_of_duties on|off"));
    const QCommandLineOption ledgerOpt = cli::ledgerOption();
    const QCommandLineOption jsonOpt = cli::jsonOption();
    const QCommandLineOption reasonOpt(
        QStringLiteral("reason"), QStringLiteral("Why (kept in the audit trail)."), QStringLiteral("TEXT"));
    parser.addOptions({ledgerOpt, jsonOpt, reasonOpt});
    parser.addPositionalArgument(QStringLiteral("action"), QStringLiteral("roles, or set NAME VALUE"));
    // parseOrExit refuses positional arguments: parse here.
    parser.addHelpOption();
    if (!parser.parse(QStringList{kCommand} + arguments))
        return cli::badInput(kCommand, parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qUtf8Printable(parser.helpText().replace(QStringLiteral("Usage: ") + kCommand,
                                                            QStringLiteral("Usage: ") + kCommand)),
                   stdout);
        std::fputs("\nExit status: 0 done; 2 bad input, or the ledger refused this login (the role needed is "
                   "named); 3 the ledger cannot be reached.\n",
                   stdout);
        return 0;
    }
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty() || (args.first() != QLatin1String("roles") && args.first() != QLatin1String("set")))
        return cli::badInput(kCommand, QStringLiteral("say what: roles, or set NAME VALUE"));
    if (args.first() == QLatin1String("roles") && args.size() != 1)
        return cli::badInput(kCommand, QStringLiteral("roles takes no further arguments"));
    if (args.first() == QLatin1String("set")) {
        if (args.size() != 3)
            return cli::badInput(kCommand,
                                 QStringLiteral("set takes a NAME and a VALUE (segregation_of_duties on)"));
        if (!parser.isSet(reasonOpt) || parser.value(reasonOpt).trimmed().isEmpty())
            return cli::badInput(kCommand,
                                 QStringLiteral("set needs --reason TEXT (kept in the audit trail)"));
    }
    if (!parser.isSet(ledgerOpt))
        return cli::badInput(kCommand, QStringLiteral("--ledger URL is required"));
    LedgerEndpoint endpoint;
    QString error;
    if (!LedgerEndpoint::parse(parser.value(ledgerOpt), &endpoint, &error))
        return cli::badInput(kCommand, error);
    endpoint.password = qEnvironmentVariable("FILINGDESK_LEDGER_PASSWORD");
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        printErr(
            QStringLiteral("%1: Qt's PostgreSQL driver (QPSQL) is not installed (Debian: libqt6sql6-psql)")
                .arg(kCommand));
        return kExitUnreachable;
    }
    LedgerSession session;
    const bool reading = args.first() == QLatin1String("roles");
    if (const int exit = session.open(endpoint, reading))
        return exit;
    if (reading)
        return listRoles(session.db(), parser.isSet(jsonOpt));
    return setSetting(session.db(), args.at(1), args.at(2), parser.value(reasonOpt).trimmed());
}

} // namespace fd
