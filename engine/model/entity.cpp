#include "engine/model/entity.h"

#include <utility>

namespace fd {

QString entityTypeName(EntityType type) {
    switch (type) {
    case EntityType::Corporation:
        return QStringLiteral("corporation");
    case EntityType::Llc:
        return QStringLiteral("llc");
    case EntityType::Lp:
        return QStringLiteral("lp");
    case EntityType::Unknown:
        break;
    }
    return QString();
}

EntityType entityTypeFromName(const QString &name) {
    QString n = name.trimmed().toLower();
    n.remove(QLatin1Char('.'));
    n.remove(QLatin1Char(' '));
    if (n == QLatin1String("corporation") || n == QLatin1String("corp") || n == QLatin1String("inc") ||
        n == QLatin1String("company") || n == QLatin1String("co"))
        return EntityType::Corporation;
    if (n == QLatin1String("llc") || n == QLatin1String("limitedliabilitycompany"))
        return EntityType::Llc;
    if (n == QLatin1String("lp") || n == QLatin1String("limitedpartnership"))
        return EntityType::Lp;
    return EntityType::Unknown;
}

namespace {

// The entity every default-constructed SharedEntity points to; edit() never changes it (it is always shared).
const std::shared_ptr<Entity> &emptyEntity() {
    static const std::shared_ptr<Entity> empty = std::make_shared<Entity>();
    return empty;
}

} // namespace

SharedEntity::SharedEntity()
    : m_d(emptyEntity()) {}

SharedEntity::SharedEntity(const Entity &entity)
    : m_d(std::make_shared<Entity>(entity)) {}

SharedEntity::SharedEntity(Entity &&entity)
    : m_d(std::make_shared<Entity>(std::move(entity))) {}

SharedEntity::SharedEntity(SharedEntity &&other) noexcept
    : m_d(std::exchange(other.m_d, emptyEntity())) {}

SharedEntity &SharedEntity::operator=(SharedEntity &&other) noexcept {
    m_d.swap(other.m_d);
    return *this;
}

Entity &SharedEntity::edit() {
    if (m_d.use_count() != 1)
        m_d = std::make_shared<Entity>(*m_d);
    return *m_d;
}

} // namespace fd
