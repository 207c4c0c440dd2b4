#include "engine/model/execution_state.h"

#include <QList>

namespace fd {

namespace {
struct StateNameEntry {
    ExecutionState state;
    const char *name;
};
constexpr StateNameEntry kStateNames[] = {
    {ExecutionState::Pending, "PENDING"},
    {ExecutionState::Validating, "VALIDATING"},
    {ExecutionState::Dispatching, "DISPATCHING"},
    {ExecutionState::Completed, "COMPLETED"},
    {ExecutionState::FailedTransient, "FAILED_TRANSIENT"},
    {ExecutionState::FailedStatutory, "FAILED_STATUTORY"},
    {ExecutionState::DeadLetter, "DEAD_LETTER"},
};
} // namespace

QString stateName(ExecutionState state) {
    for (const auto &entry : kStateNames) {
        if (entry.state == state)
            return QString::fromLatin1(entry.name);
    }
    return QStringLiteral("UNKNOWN");
}

std::optional<ExecutionState> stateFromName(const QString &name) {
    for (const auto &entry : kStateNames) {
        if (name == QLatin1String(entry.name))
            return entry.state;
    }
    return std::nullopt;
}

bool isTerminal(ExecutionState state) {
    return state == ExecutionState::Completed || state == ExecutionState::FailedStatutory ||
           state == ExecutionState::DeadLetter;
}

bool isAllowedTransition(ExecutionState from, ExecutionState to) {
    using S = ExecutionState;
    switch (from) {
    case S::Pending:
        return to == S::Validating;
    case S::Validating:
        return to == S::Dispatching || to == S::FailedStatutory || to == S::DeadLetter || to == S::Pending;
    case S::Dispatching:
        return to == S::Completed || to == S::FailedTransient || to == S::FailedStatutory ||
               to == S::DeadLetter || to == S::Pending;
    case S::FailedTransient:
        return to == S::Dispatching || to == S::DeadLetter || to == S::Pending;
    case S::FailedStatutory:
        // resolve-and-requeue, accept a reconciled filing as complete, or withdraw (will not file).
        return to == S::Pending || to == S::Completed || to == S::DeadLetter;
    case S::DeadLetter:
        // replay, or a person records that it was filed outside FilingDesk (paper or portal)
        return to == S::Pending || to == S::Completed;
    case S::Completed:
        return false;
    }
    return false;
}

const QList<ExecutionState> &allStates() {
    static const QList<ExecutionState> states = [] {
        QList<ExecutionState> list;
        for (const auto &entry : kStateNames)
            list.append(entry.state);
        return list;
    }();
    return states;
}

QString categoryName(ErrorCategory category) {
    switch (category) {
    case ErrorCategory::None:
        return QString();
    case ErrorCategory::Transient:
        return QStringLiteral("transient");
    case ErrorCategory::Statutory:
        return QStringLiteral("statutory");
    case ErrorCategory::Validation:
        return QStringLiteral("validation");
    case ErrorCategory::System:
        return QStringLiteral("system");
    case ErrorCategory::Reconciliation:
        return QStringLiteral("reconciliation");
    }
    return QString();
}

ErrorCategory categoryFromName(const QString &name) {
    for (auto c : {ErrorCategory::Transient, ErrorCategory::Statutory, ErrorCategory::Validation,
                   ErrorCategory::System, ErrorCategory::Reconciliation}) {
        if (categoryName(c) == name)
            return c;
    }
    return ErrorCategory::None;
}

} // namespace fd
