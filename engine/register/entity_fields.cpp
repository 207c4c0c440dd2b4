#include "engine/register/entity_fields.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QRegularExpression>

namespace fd {

namespace {

// A formation date more than a year ahead is a typo (a date that far out cannot be a formation): refused.
// Today's local date is looked up again at most once a minute (and at local midnight), not for every row of
// a large import.
QDate latestFormation() {
    thread_local qint64 validUntilMs = 0;
    thread_local QDate latest;
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    if (nowMs >= validUntilMs) {
        const QDate today = QDate::currentDate();
        latest = today.addYears(1);
        validUntilMs = qMin(nowMs + 60 * 1000, today.addDays(1).startOfDay().toMSecsSinceEpoch());
    }
    return latest;
}

bool parseId(const QString &v, Entity *e, QString *reason) {
    static const QRegularExpression idRe(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$"));
    if (v.isEmpty()) {
        *reason = QStringLiteral("entity_id is empty");
        return false;
    }
    if (!idRe.match(v).hasMatch()) {
        *reason = QStringLiteral("\"%1\" is not a valid entity id (letters, digits, . _ : / -)").arg(v);
        return false;
    }
    e->entityId = v;
    return true;
}

bool parseName(const QString &v, Entity *e, QString *reason) {
    if (v.isEmpty()) {
        *reason = QStringLiteral("entity_name is empty");
        return false;
    }
    if (v.size() > 500) {
        *reason = QStringLiteral("entity_name is longer than 500 characters");
        return false;
    }
    e->name = v;
    return true;
}

bool parseType(const QString &v, Entity *e, QString *reason) {
    if (v.isEmpty()) {
        e->type = EntityType::Unknown;
        e->typeSource.clear();
        return true;
    }
    const EntityType type = entityTypeFromName(v);
    if (type == EntityType::Unknown) {
        *reason = QStringLiteral("\"%1\" is not an entity type (corporation, llc, lp)").arg(v);
        return false;
    }
    e->type = type;
    e->typeSource = QStringLiteral("given");
    return true;
}

bool parseJurisdiction(const QString &v, Entity *e, QString *reason) {
    if (v.size() > 100) {
        *reason = QStringLiteral("jurisdiction is longer than 100 characters");
        return false;
    }
    e->jurisdictionRaw = v;
    e->jurisdiction.clear(); // resolved again by the planner from what was written
    return true;
}

bool parseFormation(const QString &v, Entity *e, QString *reason) {
    if (v.isEmpty()) {
        e->formationDate = QDate();
        return true;
    }
    const QDate d = QDate::fromString(v, Qt::ISODate);
    if (!d.isValid() || v.size() != 10) {
        *reason = QStringLiteral("\"%1\" is not a date in YYYY-MM-DD form").arg(v);
        return false;
    }
    if (d > latestFormation()) {
        *reason = QStringLiteral("%1 is in the future").arg(v);
        return false;
    }
    e->formationDate = d;
    return true;
}

bool parseLine(QString Entity::*member, int limit, const char *column, const QString &v, Entity *e,
               QString *reason) {
    if (v.size() > limit) {
        *reason = QStringLiteral("%1 is longer than %2 characters").arg(QLatin1String(column)).arg(limit);
        return false;
    }
    e->*member = v;
    return true;
}

bool parseAgentStatus(const QString &v, Entity *e, QString *reason) {
    static const QStringList known{QStringLiteral("active"), QStringLiteral("expired"),
                                   QStringLiteral("resigned")};
    // One of the spellings as it is (the usual case): the list's own string, shared by every entity.
    if (const qsizetype at = known.indexOf(v); at >= 0) {
        e->registeredAgentStatus = known.at(at);
        return true;
    }
    const QString s = v.toLower();
    if (!s.isEmpty() && !known.contains(s)) {
        *reason = QStringLiteral("\"%1\" is not a registered agent status (%2)")
                      .arg(v, known.join(QStringLiteral(", ")));
        return false;
    }
    e->registeredAgentStatus = s;
    return true;
}

bool parseStatus(const QString &v, Entity *e, QString *reason) {
    static const QStringList statuses{QStringLiteral("active"), QStringLiteral("inactive"),
                                      QStringLiteral("dissolved"), QStringLiteral("withdrawn"),
                                      QStringLiteral("merged")};
    // One of the statuses as it is (the usual case): the list's own string, shared by every entity.
    if (const qsizetype at = statuses.indexOf(v); at >= 0) {
        e->status = statuses.at(at);
        return true;
    }
    const QString s = v.isEmpty() ? QStringLiteral("active") : v.toLower();
    if (!statuses.contains(s)) {
        *reason = QStringLiteral("\"%1\" is not a status (%2)").arg(v, statuses.join(QStringLiteral(", ")));
        return false;
    }
    e->status = s;
    return true;
}

bool parseRiskTier(const QString &v, Entity *e, QString *reason) {
    if (v.isEmpty()) {
        e->riskTier = 3;
        return true;
    }
    bool ok = false;
    const int tier = v.toInt(&ok);
    if (!ok || tier < 1 || tier > 5) {
        *reason = QStringLiteral("\"%1\" is not a risk tier from 1 to 5").arg(v);
        return false;
    }
    e->riskTier = tier;
    return true;
}

bool parseEin(const QString &v, Entity *e, QString *reason) {
    static const QRegularExpression einRe(QStringLiteral("^\\d{2}-?\\d{7}$"));
    if (!v.isEmpty() && !einRe.match(v).hasMatch()) {
        *reason = QStringLiteral("\"%1\" is not an EIN (NN-NNNNNNN)").arg(v);
        return false;
    }
    e->ein = v;
    return true;
}

bool parseFiscalYearEnd(const QString &v, Entity *e, QString *reason) {
    if (v.isEmpty()) {
        e->fiscalYearEndMonth = 12;
        e->fiscalYearEndDay = 31;
        e->fiscalYearEndGiven = false;
        return true;
    }
    const QDate d = QDate::fromString(QStringLiteral("2000-") + v, Qt::ISODate);
    if (!d.isValid() || v.size() != 5) {
        *reason = QStringLiteral("\"%1\" is not a month and day in MM-DD form").arg(v);
        return false;
    }
    e->fiscalYearEndMonth = d.month();
    e->fiscalYearEndDay = d.day();
    e->fiscalYearEndGiven = true;
    return true;
}

bool parseShares(const QString &v, Entity *e, QString *reason) {
    if (v.isEmpty()) {
        e->authorizedShares = 0;
        return true;
    }
    bool ok = false;
    const qint64 shares = v.toLongLong(&ok);
    if (!ok || shares <= 0) {
        *reason = QStringLiteral("\"%1\" is not a positive whole number of shares").arg(v);
        return false;
    }
    e->authorizedShares = shares;
    return true;
}

bool parseRegistryId(const QString &v, Entity *e, QString *reason) {
    static const QRegularExpression registryRe(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9 ./-]*$"));
    if (!v.isEmpty() && (!registryRe.match(v).hasMatch() || v.size() > 40)) {
        *reason = QStringLiteral("\"%1\" is not a state file number (letters, digits, . / -)").arg(v);
        return false;
    }
    e->registryId = v;
    return true;
}

bool parseOfficersField(const QString &v, Entity *e, QString *reason) {
    QList<Officer> officers;
    if (!EntityFields::parseOfficers(v, &officers, reason))
        return false;
    e->officers = officers;
    return true;
}

} // namespace

QString EntityFields::officersText(const QList<Officer> &officers) {
    QStringList parts;
    for (const Officer &o : officers)
        parts << (o.title.isEmpty() ? o.name : QStringLiteral("%1 (%2)").arg(o.name, o.title));
    return parts.join(QStringLiteral("; "));
}

bool EntityFields::parseOfficers(const QString &text, QList<Officer> *officers, QString *reason) {
    officers->clear();
    static const QRegularExpression withTitle(QStringLiteral("^(.*\\S)\\s*\\(([^()]*)\\)$"));
    for (const QString &part : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QString entry = part.trimmed();
        if (entry.isEmpty())
            continue;
        Officer o;
        const QRegularExpressionMatch m = withTitle.match(entry);
        if (m.hasMatch()) {
            o.name = m.captured(1).trimmed();
            o.title = m.captured(2).trimmed();
        } else {
            o.name = entry;
        }
        if (o.name.isEmpty() || o.name.contains(QLatin1Char('(')) || o.name.contains(QLatin1Char(')'))) {
            *reason = QStringLiteral("\"%1\" is not an officer as \"Name (Title)\"").arg(entry);
            return false;
        }
        officers->append(o);
    }
    return true;
}

const QList<EntityField> &EntityFields::all() {
    static const QList<EntityField> fields{
        {"entity_id", QT_TRANSLATE_NOOP("EntityField", "Entity id"), true, false,
         [](const Entity &e) { return e.entityId; }, &parseId},
        {"entity_name", QT_TRANSLATE_NOOP("EntityField", "Legal name"), true, true,
         [](const Entity &e) { return e.name; }, &parseName},
        {"entity_type", QT_TRANSLATE_NOOP("EntityField", "Entity type"), false, true,
         [](const Entity &e) { return entityTypeName(e.type); }, &parseType},
        {"jurisdiction", QT_TRANSLATE_NOOP("EntityField", "Jurisdiction of formation"), false, true,
         [](const Entity &e) { return e.jurisdictionRaw.isEmpty() ? e.jurisdiction : e.jurisdictionRaw; },
         &parseJurisdiction},
        {"formation_date", QT_TRANSLATE_NOOP("EntityField", "Formation date"), false, true,
         [](const Entity &e) { return e.formationDate.toString(Qt::ISODate); }, &parseFormation},
        {"registered_agent", QT_TRANSLATE_NOOP("EntityField", "Registered agent"), false, true,
         [](const Entity &e) { return e.registeredAgent; },
         [](const QString &v, Entity *e, QString *r) {
             return parseLine(&Entity::registeredAgent, 200, "registered_agent", v, e, r);
         }},
        {"registered_agent_address", QT_TRANSLATE_NOOP("EntityField", "Registered agent's address"), false,
         true, [](const Entity &e) { return e.registeredAgentAddress; },
         [](const QString &v, Entity *e, QString *r) {
             return parseLine(&Entity::registeredAgentAddress, 300, "registered_agent_address", v, e, r);
         }},
        {"registered_agent_status", QT_TRANSLATE_NOOP("EntityField", "Registered agent's status"), false,
         true, [](const Entity &e) { return e.registeredAgentStatus; }, &parseAgentStatus},
        {"principal_office", QT_TRANSLATE_NOOP("EntityField", "Principal office"), false, true,
         [](const Entity &e) { return e.principalOffice; },
         [](const QString &v, Entity *e, QString *r) {
             return parseLine(&Entity::principalOffice, 300, "principal_office", v, e, r);
         }},
        {"officers", QT_TRANSLATE_NOOP("EntityField", "Officers and managers"), false, true,
         [](const Entity &e) { return EntityFields::officersText(e.officers); }, &parseOfficersField},
        {"ein", QT_TRANSLATE_NOOP("EntityField", "EIN"), false, true, [](const Entity &e) { return e.ein; },
         &parseEin},
        {"fiscal_year_end", QT_TRANSLATE_NOOP("EntityField", "Fiscal year end"), false, true,
         [](const Entity &e) {
             return e.fiscalYearEndGiven ? QStringLiteral("%1-%2")
                                               .arg(e.fiscalYearEndMonth, 2, 10, QLatin1Char('0'))
                                               .arg(e.fiscalYearEndDay, 2, 10, QLatin1Char('0'))
                                         : QString();
         },
         &parseFiscalYearEnd},
        {"authorized_shares", QT_TRANSLATE_NOOP("EntityField", "Authorized shares"), false, true,
         [](const Entity &e) {
             return e.authorizedShares > 0 ? QString::number(e.authorizedShares) : QString();
         },
         &parseShares},
        {"registry_id", QT_TRANSLATE_NOOP("EntityField", "State file number"), false, true,
         [](const Entity &e) { return e.registryId; }, &parseRegistryId},
        {"status", QT_TRANSLATE_NOOP("EntityField", "Status"), false, false,
         [](const Entity &e) { return e.status; }, &parseStatus},
        {"risk_tier", QT_TRANSLATE_NOOP("EntityField", "Risk tier"), false, false,
         [](const Entity &e) { return QString::number(e.riskTier); }, &parseRiskTier},
        {"owner", QT_TRANSLATE_NOOP("EntityField", "Owner"), false, false,
         [](const Entity &e) { return e.owner; },
         [](const QString &v, Entity *e, QString *r) {
             return parseLine(&Entity::owner, 200, "owner", v, e, r);
         }},
        {"notes", QT_TRANSLATE_NOOP("EntityField", "Notes"), false, false,
         [](const Entity &e) { return e.notes; },
         [](const QString &v, Entity *e, QString *r) {
             return parseLine(&Entity::notes, 4000, "notes", v, e, r);
         }},
    };
    return fields;
}

const EntityField *EntityFields::find(const QString &column) {
    for (const EntityField &f : all())
        if (column == QLatin1String(f.column))
            return &f;
    return nullptr;
}

} // namespace fd
