#include "engine/model/entity.h"

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

} // namespace fd
