#include "engine/work/work_source.h"

#include "engine/core/engine_config.h"
#include "engine/work/local_batch.h"
#include "engine/work/team_claims.h"

namespace fd {

std::unique_ptr<WorkSource> makeWorkSource(Engine &engine, const EngineConfig &config) {
    if (config.ledger)
        return std::make_unique<TeamClaims>(engine);
    return std::make_unique<LocalBatch>(engine);
}

} // namespace fd
