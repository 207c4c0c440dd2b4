#pragma once

// What the files of Engine's implementation (engine/core/engine*.cpp) share; no other code includes it.

#include <QLoggingCategory>
#include <QString>

Q_DECLARE_LOGGING_CATEGORY(lcEngine)

namespace fd {

/// The actor of the engine's own transitions and audit rows (a person's actions carry the OS user).
inline const QString kEngineActor = QStringLiteral("engine");

} // namespace fd
