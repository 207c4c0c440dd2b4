#include "engine/model/filing_task.h"

#include <QJsonArray>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonDocument>
#include <QRegularExpression>

namespace fd {

QByteArray FilingTask::payloadJson() const {
    if (!m_payloadJson.isEmpty() && m_payloadKey == key)
        return m_payloadJson;
    const Obligation &o = obligation;
    QJsonObject payload{
        {QStringLiteral("entity_type"), entityTypeName(o.entity->type)},
        {QStringLiteral("registered_agent"), o.entity->registeredAgent},
        {QStringLiteral("ein"), o.entity->ein},
        {QStringLiteral("due_date"), o.dueDate.toString(Qt::ISODate)},
        {QStringLiteral("rule_id"), o.ruleId},
        {QStringLiteral("rules_version"), o.rulesVersion},
    };
    if (o.entity->formationDate.isValid())
        payload.insert(QStringLiteral("formation_date"), o.entity->formationDate.toString(Qt::ISODate));
    // What registries check on an annual report (docs/registry-api-v1.md, "Payload"): sent only when known,
    // so that a registry tells "missing" from "blank".
    const auto insertKnown = [&payload](const char *name, const QString &value) {
        if (!value.isEmpty())
            payload.insert(QLatin1String(name), value);
    };
    insertKnown("registered_agent_address", o.entity->registeredAgentAddress);
    insertKnown("registered_agent_status", o.entity->registeredAgentStatus);
    insertKnown("principal_office", o.entity->principalOffice);
    insertKnown("registry_id", o.entity->registryId);
    if (!o.entity->officers.isEmpty())
        payload.insert(QStringLiteral("officers"), officersToJson(o.entity->officers));
    const QJsonObject body{
        {QStringLiteral("idempotency_key"), key},        {QStringLiteral("entity_id"), o.entity->entityId},
        {QStringLiteral("entity_name"), o.entity->name}, {QStringLiteral("jurisdiction"), o.jurisdiction},
        {QStringLiteral("filing_type"), o.filingType},   {QStringLiteral("filing_year"), o.filingYear},
        {QStringLiteral("fee_cents"), o.feeCents},       {QStringLiteral("payload"), payload},
    };
    m_payloadJson = QJsonDocument(body).toJson(QJsonDocument::Compact);
    m_payloadKey = key;
    m_payloadSha256.clear();
    return m_payloadJson;
}

void FilingTask::setEntity(const Entity &entity) {
    obligation.entity = entity;
    obligationRewritten = true;
    m_payloadJson.clear();
    m_payloadKey.clear();
    m_payloadSha256.clear();
}

void FilingTask::setObligation(const Obligation &replanned) {
    Q_ASSERT(replanned.idempotencyKey() == key);
    obligation = replanned;
    obligationRewritten = true;
    m_payloadJson.clear();
    m_payloadKey.clear();
    m_payloadSha256.clear();
}

bool isWithdrawable(const FilingTask &task) {
    switch (task.state) {
    case ExecutionState::Pending:
    case ExecutionState::FailedStatutory:
        return true;
    case ExecutionState::FailedTransient:
        return !task.lookupRequired;
    case ExecutionState::DeadLetter:
        // Could not be filed: a person may record that it will not be (the entity is being dissolved, the
        // filing was made some other way that needs no record here), once.
        return !task.lookupRequired && task.lastErrorCode != QLatin1String("WITHDRAWN");
    default:
        return false;
    }
}

QString withdrawalRecord(const QString &osUser, const QString &reason) {
    // Not translated: stored data, read by desks in other languages (lastMessageForPeople()).
    return QStringLiteral("withdrawn by %1: will not file (%2)").arg(osUser, reason);
}

QString lastMessageForPeople(const FilingTask &task) {
    if (task.lastErrorCode != QLatin1String("WITHDRAWN"))
        return task.lastErrorMessage;
    static const QRegularExpression stored(QStringLiteral("^withdrawn by (.*?): will not file \\((.*)\\)$"),
                                           QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = stored.match(task.lastErrorMessage);
    if (!m.hasMatch())
        return task.lastErrorMessage; // recorded by an older FilingDesk, in the language it ran in
    return QCoreApplication::translate("FilingTask", "withdrawn by %1: will not file (%2)")
        .arg(m.captured(1), m.captured(2));
}

QString FilingTask::payloadSha256() const {
    if (m_payloadSha256.isEmpty() || m_payloadKey != key)
        m_payloadSha256 =
            QString::fromLatin1(QCryptographicHash::hash(payloadJson(), QCryptographicHash::Sha256).toHex());
    return m_payloadSha256;
}

QJsonArray officersToJson(const QList<Officer> &officers) {
    QJsonArray out;
    for (const Officer &o : officers)
        out.append(QJsonObject{{QStringLiteral("name"), o.name}, {QStringLiteral("title"), o.title}});
    return out;
}

QList<Officer> officersFromJson(const QJsonArray &array) {
    QList<Officer> out;
    for (const QJsonValue &v : array)
        out.append(Officer{v.toObject().value(QStringLiteral("name")).toString(),
                           v.toObject().value(QStringLiteral("title")).toString()});
    return out;
}

QJsonObject entityToJson(const Entity &e) {
    return QJsonObject{
        {QStringLiteral("entity_id"), e.entityId},
        {QStringLiteral("name"), e.name},
        {QStringLiteral("type"), entityTypeName(e.type)},
        {QStringLiteral("type_source"), e.typeSource},
        {QStringLiteral("jurisdiction"), e.jurisdiction},
        {QStringLiteral("jurisdiction_raw"), e.jurisdictionRaw},
        {QStringLiteral("formation_date"), e.formationDate.toString(Qt::ISODate)},
        {QStringLiteral("registered_agent"), e.registeredAgent},
        {QStringLiteral("status"), e.status},
        {QStringLiteral("risk_tier"), e.riskTier},
        {QStringLiteral("ein"), e.ein},
        {QStringLiteral("fye_month"), e.fiscalYearEndMonth},
        {QStringLiteral("fye_day"), e.fiscalYearEndDay},
        {QStringLiteral("fye_given"), e.fiscalYearEndGiven},
        {QStringLiteral("authorized_shares"), e.authorizedShares},
        {QStringLiteral("registry_id"), e.registryId},
        {QStringLiteral("registered_agent_address"), e.registeredAgentAddress},
        {QStringLiteral("registered_agent_status"), e.registeredAgentStatus},
        {QStringLiteral("principal_office"), e.principalOffice},
        {QStringLiteral("officers"), officersToJson(e.officers)},
        {QStringLiteral("owner"), e.owner},
        {QStringLiteral("notes"), e.notes},
        {QStringLiteral("source_file"), e.sourceFile},
        {QStringLiteral("source_line"), e.sourceLine},
    };
}

QJsonObject obligationToJson(const Obligation &o) {
    const QJsonObject entity = entityToJson(o.entity);
    return QJsonObject{
        {QStringLiteral("entity"), entity},
        {QStringLiteral("rule_id"), o.ruleId},
        {QStringLiteral("rules_version"), o.rulesVersion},
        {QStringLiteral("jurisdiction"), o.jurisdiction},
        {QStringLiteral("filing_type"), o.filingType},
        {QStringLiteral("filing_name"), o.filingName},
        {QStringLiteral("filing_year"), o.filingYear},
        {QStringLiteral("due_date"), o.dueDate.toString(Qt::ISODate)},
        {QStringLiteral("window_opens"), o.windowOpens.toString(Qt::ISODate)},
        {QStringLiteral("fee_cents"), o.feeCents},
        {QStringLiteral("fee_note"), o.feeNote},
        {QStringLiteral("penalty_flat_cents"), o.penaltyFlatCents},
        {QStringLiteral("penalty_monthly_interest_bp"), o.penaltyMonthlyInterestBp},
        {QStringLiteral("penalty_percent_of_fee_bp"), o.penaltyPercentOfFeeBp},
        {QStringLiteral("penalty_note"), o.penaltyNote},
        {QStringLiteral("citation"), o.citation},
        {QStringLiteral("citation_url"), o.citationUrl},
        {QStringLiteral("notes"), o.notes},
    };
}

Entity entityFromJson(const QJsonObject &e) {
    Entity entity;
    entity.entityId = e.value(QStringLiteral("entity_id")).toString();
    entity.name = e.value(QStringLiteral("name")).toString();
    entity.type = entityTypeFromName(e.value(QStringLiteral("type")).toString());
    entity.typeSource = e.value(QStringLiteral("type_source")).toString();
    entity.jurisdiction = e.value(QStringLiteral("jurisdiction")).toString();
    entity.jurisdictionRaw = e.value(QStringLiteral("jurisdiction_raw")).toString();
    entity.formationDate =
        QDate::fromString(e.value(QStringLiteral("formation_date")).toString(), Qt::ISODate);
    entity.registeredAgent = e.value(QStringLiteral("registered_agent")).toString();
    entity.status = e.value(QStringLiteral("status")).toString();
    entity.riskTier = e.value(QStringLiteral("risk_tier")).toInt(3);
    entity.ein = e.value(QStringLiteral("ein")).toString();
    entity.fiscalYearEndMonth = e.value(QStringLiteral("fye_month")).toInt(12);
    entity.fiscalYearEndDay = e.value(QStringLiteral("fye_day")).toInt(31);
    entity.fiscalYearEndGiven = e.value(QStringLiteral("fye_given")).toBool();
    entity.authorizedShares = e.value(QStringLiteral("authorized_shares")).toInteger();
    entity.registryId = e.value(QStringLiteral("registry_id")).toString();
    entity.registeredAgentAddress = e.value(QStringLiteral("registered_agent_address")).toString();
    entity.registeredAgentStatus = e.value(QStringLiteral("registered_agent_status")).toString();
    entity.principalOffice = e.value(QStringLiteral("principal_office")).toString();
    entity.officers = officersFromJson(e.value(QStringLiteral("officers")).toArray());
    entity.owner = e.value(QStringLiteral("owner")).toString();
    entity.notes = e.value(QStringLiteral("notes")).toString();
    entity.sourceFile = e.value(QStringLiteral("source_file")).toString();
    entity.sourceLine = e.value(QStringLiteral("source_line")).toInt();
    return entity;
}

Obligation obligationFromJson(const QJsonObject &json) {
    Obligation o;
    o.entity = entityFromJson(json.value(QStringLiteral("entity")).toObject());
    o.ruleId = json.value(QStringLiteral("rule_id")).toString();
    o.rulesVersion = json.value(QStringLiteral("rules_version")).toString();
    o.jurisdiction = json.value(QStringLiteral("jurisdiction")).toString();
    o.filingType = json.value(QStringLiteral("filing_type")).toString();
    o.filingName = json.value(QStringLiteral("filing_name")).toString();
    o.filingYear = json.value(QStringLiteral("filing_year")).toInt();
    o.dueDate = QDate::fromString(json.value(QStringLiteral("due_date")).toString(), Qt::ISODate);
    o.windowOpens = QDate::fromString(json.value(QStringLiteral("window_opens")).toString(), Qt::ISODate);
    o.feeCents = json.value(QStringLiteral("fee_cents")).toInteger();
    o.feeNote = json.value(QStringLiteral("fee_note")).toString();
    o.penaltyFlatCents = json.value(QStringLiteral("penalty_flat_cents")).toInteger();
    o.penaltyMonthlyInterestBp = json.value(QStringLiteral("penalty_monthly_interest_bp")).toInt();
    o.penaltyPercentOfFeeBp = json.value(QStringLiteral("penalty_percent_of_fee_bp")).toInt();
    o.penaltyNote = json.value(QStringLiteral("penalty_note")).toString();
    o.citation = json.value(QStringLiteral("citation")).toString();
    o.citationUrl = json.value(QStringLiteral("citation_url")).toString();
    o.notes = json.value(QStringLiteral("notes")).toString();
    return o;
}

} // namespace fd
