#include "engine/core/engine_resources.h"

#include <QtCore/QtGlobal>

// Q_INIT_RESOURCE declares the resource's initialiser in the namespace it is used in: it must run outside
// any.
static void initEngineResourcesOnce() {
    static const bool done = [] {
        Q_INIT_RESOURCE(engine_resources);
        return true;
    }();
    Q_UNUSED(done);
}

namespace fd {

void registerEngineResources() {
    ::initEngineResourcesOnce();
}

} // namespace fd
