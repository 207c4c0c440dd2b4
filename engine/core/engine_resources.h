#pragma once

namespace fd {

/// Registers the engine library's compiled-in resources (resources/engine_resources.qrc: the rules, the
/// registry's rejection codes, the built-in iso-codes and gazetteer copies). A static library's resources are
/// registered only when something calls Q_INIT_RESOURCE; every reader of ":/filingdesk/..." calls this first.
/// Thread-safe, idempotent.
void registerEngineResources();

} // namespace fd
