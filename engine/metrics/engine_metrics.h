// The engine's metric families (docs/metrics.md), declared in one place so that the engine, the worker and
// the tests agree on names, types, labels and buckets.
#pragma once

#include "engine/dispatch/registry_transport.h"
#include "engine/metrics/metrics_registry.h"
#include "engine/model/execution_state.h"

#include <QList>
#include <QString>

namespace fd::metrics {

/// Registers the engine's metric families in a registry and keeps references to them. The engine updates
/// them through the members (or the helpers below); MetricsServer serves the registry.
///
/// Registering twice in one registry is a programming error (the names are taken): qFatal. Construct one
/// EngineMetrics per registry, before serving it.
///
/// At construction: `filingdesk_tasks` has a series at 0 for every ExecutionState, the unlabelled gauges are
/// 0
/// (`filingdesk_ledger_reachable` 0 too: not confirmed until the engine says so), and
/// `filingdesk_build_info{version}` is 1.
///
/// Thread safety: as MetricsRegistry, any thread; the intended updater is the engine thread.
struct EngineMetrics {
    explicit EngineMetrics(MetricsRegistry &registry,
                           const QString &version = QStringLiteral(FILINGDESK_VERSION));

    /// `filingdesk_tasks{state}` gauge: tasks per ExecutionState, label value stateName() ("PENDING").
    GaugeFamily &tasks;
    /// `filingdesk_requests_total{jurisdiction,outcome}` counter: registry requests answered (or failed),
    /// outcome one of outcomeLabel()'s values.
    CounterFamily &requests;
    /// `filingdesk_request_duration_seconds{jurisdiction}` histogram: registry request latency, seconds, from
    /// the request leaving to its outcome; buckets requestDurationBuckets().
    HistogramFamily &requestDuration;
    /// `filingdesk_permits_held{jurisdiction}` gauge: permits this engine holds now.
    GaugeFamily &permitsHeld;
    /// `filingdesk_permits_awaited{jurisdiction}` gauge: permit requests of this engine waiting at the gate.
    GaugeFamily &permitsAwaited;
    /// `filingdesk_claims_held` gauge: tasks this member has claimed in the team ledger now (team mode; 0
    /// otherwise).
    GaugeFamily &claimsHeld;
    /// `filingdesk_gate_blind` gauge: 1 while the fleet gate cannot grant (Redis unreachable), else 0.
    GaugeFamily &gateBlind;
    /// `filingdesk_ledger_reachable` gauge: team mode, 1 while the team ledger (PostgreSQL) is reachable,
    /// else 0 (also 0 outside team mode and until the engine reports it).
    GaugeFamily &ledgerReachable;
    /// `filingdesk_ledger_link{state}` gauge: team mode, 1 for the connection's state now (connected,
    /// unreachable, read_only_standby, waiting_on_lock), 0 for the others.
    GaugeFamily &ledgerLink;
    /// `filingdesk_build_info{version}` gauge: always 1; the version is in the label.
    GaugeFamily &buildInfo;

    /// Bucket upper bounds of filingdesk_request_duration_seconds, seconds: 10 ms to 60 s.
    static QList<double> requestDurationBuckets();
    /// The `outcome` label value of a registry outcome: "accepted", "replayed", "found", "not_found",
    /// "statutory", "validation", "transient", "uncertain", "unsupported".
    static QString outcomeLabel(RegistryOutcome::Kind kind);

    /// Sets filingdesk_tasks{state} for one state.
    void setTaskCount(ExecutionState state, int count);
    /// One registry request finished: counts it under its outcome and records its duration (seconds).
    void recordRequest(const QString &jurisdiction, RegistryOutcome::Kind outcome, double seconds);
    /// Sets filingdesk_permits_held and filingdesk_permits_awaited for one jurisdiction ("US-DE").
    void setPermits(const QString &jurisdiction, int held, int awaited);
    void setClaimsHeld(int claims);
    void setGateBlind(bool blind);
    void setLedgerReachable(bool reachable);
    /// Sets `state` ("connected", ...) to 1 and the other link states to 0.
    void setLedgerLink(const QString &state);
};

} // namespace fd::metrics
