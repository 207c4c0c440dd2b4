#pragma once

#include "engine/model/entity.h"

#include <QString>

namespace fd {

/// The legal form read off a legal name's suffix ("Acme Holdings, LLC" -> Llc).
struct EntityTypeGuess {
    EntityType type = EntityType::Unknown;
    QString suffix; ///< the suffix it was read from, as written ("L.L.C.", "Inc")
    QString
        reason; ///< with Unknown: why not ("no legal-form suffix", "LLP: a form FilingDesk has no rules for")
};

/// Infers the entity type from the end of a legal name. Corporate designators (Inc., Corp., Corporation,
/// Incorporated, Company, Co., Limited, Ltd.) give Corporation; LLC forms give Llc; L.P./LP/Limited
/// Partnership give Lp. A designator followed by a place ("Directories Corporation of America", "The Trust
/// Company of New York") counts as the suffix too, when it follows a name of its own and the place is a few
/// words of letters. A name without such a suffix is Unknown, never guessed. Thread-safe.
EntityTypeGuess inferEntityType(const QString &legalName);

/// The legal name without trailing footnote markers such as " (2)" or "*".
QString stripFootnoteMarkers(const QString &legalName);

} // namespace fd
