#pragma once

#include "engine/model/entity.h"

#include <QList>
#include <QString>

namespace fd {

/// One field of the entity register, as a person and a CSV column see it (README, "The entity register"): its
/// column name, how it reads from and writes to an Entity, and its check. The one place that knows how each
/// field is spelled, validated and compared: the FilingDesk CSV import, `filingdesk entities import/export`,
/// the register's merge and the entity page all go through it.
///
/// Values are text as written in a CSV cell: dates YYYY-MM-DD, the fiscal year end MM-DD, officers
/// "Name (Title); Name (Title)". An empty value means "not known" for every field.
struct EntityField {
    const char *column; ///< CSV column and audit field name: "registered_agent_status"
    const char
        *label;     ///< for people (translated by the caller with QCoreApplication::translate("EntityField"))
    bool keyOrName; ///< entity_id and entity_name: never blank, never merged away
    bool needsStateCheck; ///< a value the registry itself checks (registered agent, officers, ...)
    QString (*text)(const Entity &entity);
    /// Sets the field from `value` (trimmed); false with *reason ("\"13-2020\" is not a month and day in
    /// MM-DD form") when the value is not valid. An empty value clears the field.
    bool (*parse)(const QString &value, Entity *entity, QString *reason);
};

namespace EntityFields {
/// Every register field, in export order (entity_id first).
const QList<EntityField> &all();
/// The field with CSV column `column`, or null.
const EntityField *find(const QString &column);
/// Officers as the register writes them: "Jane Roe (President); John Doe (Secretary)".
QString officersText(const QList<Officer> &officers);
/// The inverse of officersText(); false with *reason for an entry without a name.
bool parseOfficers(const QString &text, QList<Officer> *officers, QString *reason);
} // namespace EntityFields

} // namespace fd
