#pragma once

#include <QString>

#include <optional>

namespace fd {

/// The filing task state machine (reference design, seed 003, "Phase 1").
///
/// PENDING -> VALIDATING -> DISPATCHING -> COMPLETED, with FAILED_TRANSIENT looping back through backoff
/// into DISPATCHING, and three states that wait for a person or are final: FAILED_STATUTORY (a legal defect
/// or a reconciliation exception: never retried), DEAD_LETTER (retries exhausted, or a data-validation
/// quarantine) and COMPLETED.
enum class ExecutionState {
    Pending,
    Validating,
    Dispatching,
    Completed,
    FailedTransient,
    FailedStatutory,
    DeadLetter,
};

/// The wire and database name: "PENDING", "FAILED_TRANSIENT", ...
QString stateName(ExecutionState state);
/// Parses a name produced by stateName(); std::nullopt for anything else.
std::optional<ExecutionState> stateFromName(const QString &name);
/// True for COMPLETED, FAILED_STATUTORY and DEAD_LETTER: the engine will not move the task again by itself.
bool isTerminal(ExecutionState state);
/// True when the state machine allows `from` -> `to` (operator actions included: a replay moves
/// DEAD_LETTER -> PENDING, a resolve-and-requeue FAILED_STATUTORY -> PENDING, "filed outside FilingDesk"
/// FAILED_STATUTORY or DEAD_LETTER -> COMPLETED).
bool isAllowedTransition(ExecutionState from, ExecutionState to);
/// All states in their declaration order (for summaries and filters).
const QList<ExecutionState> &allStates();

/// The four-tier error taxonomy (seed 003, "Error Categorization Taxonomy"), plus reconciliation.
enum class ErrorCategory {
    None,
    Transient,      ///< timeouts, 429, 5xx, connection trouble: retried with backoff
    Statutory,      ///< legal defect: halted for legal-ops, never retried
    Validation,     ///< malformed or incomplete payload: quarantined as a dead letter
    System,         ///< gate, audit store or signature trouble: infrastructure, not the filing
    Reconciliation, ///< accepted but the receipt does not match (no confirmation, wrong fee): a person
                    ///< decides
};

QString categoryName(ErrorCategory category);
ErrorCategory categoryFromName(const QString &name);

} // namespace fd
