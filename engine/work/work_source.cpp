#include "engine/work/work_source.h"

#include "engine/core/engine_config.h"
#include "engine/work/local_batch.h"
#include "engine/work/team_claims.h"

namespace fd {

std::unique_ptr<WorkSource> makeWorkSource(Engine &engine, Pipeline &pipeline, const EngineConfig &config) {
    if (config.ledger)
        return std::make_unique<TeamClaims>(engine, pipeline);
    return std::make_unique<LocalBatch>(engine, pipeline);
}

} // namespace fd
