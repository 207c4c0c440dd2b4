#include "engine/metrics/engine_metrics.h"

#include <QtGlobal>

namespace fd::metrics {

namespace {

template <typename Family> Family &registered(Family *family, const MetricsRegistry &registry) {
    if (!family)
        qFatal("EngineMetrics: %s", qUtf8Printable(registry.lastError()));
    return *family;
}

} // namespace

EngineMetrics::EngineMetrics(MetricsRegistry &registry, const QString &version)
    : tasks(registered(registry.addGauge(QStringLiteral("filingdesk_tasks"),
                                         QStringLiteral("Filing tasks per execution state."),
                                         {QStringLiteral("state")}),
                       registry))
    , requests(
          registered(registry.addCounter(QStringLiteral("filingdesk_requests_total"),
                                         QStringLiteral("Registry requests finished, by jurisdiction and "
                                                        "outcome."),
                                         {QStringLiteral("jurisdiction"), QStringLiteral("outcome")}),
                     registry))
    , requestDuration(
          registered(registry.addHistogram(
                         QStringLiteral("filingdesk_request_duration_seconds"),
                         QStringLiteral("Registry request duration in seconds, from sending to outcome."),
                         {QStringLiteral("jurisdiction")}, requestDurationBuckets()),
                     registry))
    , permitsHeld(registered(registry.addGauge(QStringLiteral("filingdesk_permits_held"),
                                               QStringLiteral("Gate permits this engine holds now."),
                                               {QStringLiteral("jurisdiction")}),
                             registry))
    , permitsAwaited(
          registered(registry.addGauge(QStringLiteral("filingdesk_permits_awaited"),
                                       QStringLiteral("Permit requests of this engine waiting at the gate."),
                                       {QStringLiteral("jurisdiction")}),
                     registry))
    , claimsHeld(registered(
          registry.addGauge(QStringLiteral("filingdesk_claims_held"),
                            QStringLiteral("Tasks this member has claimed in the team ledger (team mode).")),
          registry))
    , gateBlind(registered(
          registry.addGauge(QStringLiteral("filingdesk_gate_blind"),
                            QStringLiteral("1 while the fleet gate cannot grant permits (Redis unreachable), "
                                           "else 0.")),
          registry))
    , ledgerReachable(registered(
          registry.addGauge(QStringLiteral("filingdesk_ledger_reachable"),
                            QStringLiteral("1 while the team ledger is reachable, else 0 (team mode).")),
          registry))
    , ledgerLink(registered(
          registry.addGauge(QStringLiteral("filingdesk_ledger_link"),
                            QStringLiteral("1 for the team ledger connection's state now, 0 for the others: "
                                           "connected, unreachable, read_only_standby, waiting_on_lock "
                                           "(team mode)."),
                            {QStringLiteral("state")}),
          registry))
    , buildInfo(
          registered(registry.addGauge(QStringLiteral("filingdesk_build_info"),
                                       QStringLiteral("Always 1; the FilingDesk version is in the label."),
                                       {QStringLiteral("version")}),
                     registry)) {
    for (const ExecutionState state : allStates())
        tasks.set({stateName(state)}, 0);
    buildInfo.set({version}, 1);
}

QList<double> EngineMetrics::requestDurationBuckets() {
    return {0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60};
}

QString EngineMetrics::outcomeLabel(RegistryOutcome::Kind kind) {
    switch (kind) {
    case RegistryOutcome::Kind::Accepted:
        return QStringLiteral("accepted");
    case RegistryOutcome::Kind::Replayed:
        return QStringLiteral("replayed");
    case RegistryOutcome::Kind::Found:
        return QStringLiteral("found");
    case RegistryOutcome::Kind::NotFound:
        return QStringLiteral("not_found");
    case RegistryOutcome::Kind::Statutory:
        return QStringLiteral("statutory");
    case RegistryOutcome::Kind::Validation:
        return QStringLiteral("validation");
    case RegistryOutcome::Kind::Transient:
        return QStringLiteral("transient");
    case RegistryOutcome::Kind::Uncertain:
        return QStringLiteral("uncertain");
    case RegistryOutcome::Kind::Unsupported:
        return QStringLiteral("unsupported");
    }
    return QStringLiteral("unknown");
}

void EngineMetrics::setTaskCount(ExecutionState state, int count) {
    tasks.set({stateName(state)}, count);
}

void EngineMetrics::recordRequest(const QString &jurisdiction, RegistryOutcome::Kind outcome,
                                  double seconds) {
    requests.inc({jurisdiction, outcomeLabel(outcome)});
    requestDuration.observe({jurisdiction}, seconds);
}

void EngineMetrics::setPermits(const QString &jurisdiction, int held, int awaited) {
    permitsHeld.set({jurisdiction}, held);
    permitsAwaited.set({jurisdiction}, awaited);
}

void EngineMetrics::setClaimsHeld(int claims) {
    claimsHeld.set(claims);
}

void EngineMetrics::setGateBlind(bool blind) {
    gateBlind.set(blind ? 1 : 0);
}

void EngineMetrics::setLedgerReachable(bool reachable) {
    ledgerReachable.set(reachable ? 1 : 0);
}

void EngineMetrics::setLedgerLink(const QString &state) {
    for (const char *name : {"connected", "unreachable", "read_only_standby", "waiting_on_lock"}) {
        const QString label = QString::fromLatin1(name);
        ledgerLink.set({label}, label == state ? 1 : 0);
    }
}

} // namespace fd::metrics
