#include "engine/rules/rule.h"

namespace fd {

bool Rule::appliesTo(EntityType type, bool domestic) const {
    if (!entityTypes.contains(type))
        return false;
    if (domicile == QLatin1String("any"))
        return true;
    return domestic ? domicile == QLatin1String("domestic") : domicile == QLatin1String("foreign");
}

bool Rule::needsFormationDate() const {
    if (frequency == QLatin1String("none"))
        return false;
    return due.kind == QLatin1String("anniversary_month_end") ||
           due.kind == QLatin1String("anniversary_month_start") ||
           due.kind == QLatin1String("before_anniversary_month") ||
           due.kind == QLatin1String("anniversary_date") ||
           due.kind == QLatin1String("anniversary_quarter_end") ||
           (frequency == QLatin1String("biennial") &&
            (biennialParity == QLatin1String("formation_year") ||
             biennialParity == QLatin1String("opposite_formation_year")));
}

bool Rule::needsRegistryId() const {
    return frequency == QLatin1String("biennial") && biennialParity == QLatin1String("registry_id");
}

int Rule::cycleYears() const {
    if (frequency == QLatin1String("annual"))
        return 1;
    if (frequency == QLatin1String("biennial"))
        return 2;
    if (frequency == QLatin1String("decennial"))
        return 10;
    return 0;
}

QString Rule::citationText() const {
    if (statute.isEmpty())
        return url;
    if (url.isEmpty())
        return statute;
    return statute + QStringLiteral("; ") + url;
}

} // namespace fd
