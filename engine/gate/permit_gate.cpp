#include "engine/gate/permit_gate.h"

namespace fd {

QString permitSetKey(const QString &prefix, const QString &jurisdiction) {
    QString state = jurisdiction;
    if (state.startsWith(QLatin1String("US-")))
        state = state.mid(3);
    return prefix + QLatin1Char(':') + state.toLower() + QStringLiteral(":inflight");
}

} // namespace fd
