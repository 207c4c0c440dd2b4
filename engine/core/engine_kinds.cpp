#include "engine/core/engine_kinds.h"

#include <array>
#include <utility>

namespace fd {

namespace {

// The one table of names per enum: toString() and fromString() read the same rows.
constexpr std::array<std::pair<AlertKind, const char *>, 11> kAlertNames{{
    {AlertKind::StatutoryHalt, "statutory_halt"},
    {AlertKind::ReconciliationException, "reconciliation_exception"},
    {AlertKind::DeadLetter, "dead_letter"},
    {AlertKind::PermitLost, "permit_lost"},
    {AlertKind::FeeDiffers, "fee_differs"},
    {AlertKind::BreakerOpen, "breaker_open"},
    {AlertKind::BreakerClosed, "breaker_closed"},
    {AlertKind::LedgerChainBroken, "ledger_chain_broken"},
    {AlertKind::LedgerUnreachable, "ledger_unreachable"},
    {AlertKind::LedgerReachable, "ledger_reachable"},
    {AlertKind::AuditUnavailable, "audit_unavailable"},
}};

constexpr std::array<std::pair<MemberKind, const char *>, 4> kMemberNames{{
    {MemberKind::Desk, "desk"},
    {MemberKind::Run, "run"},
    {MemberKind::Worker, "worker"},
    {MemberKind::Launch, "launch"},
}};

template <typename Kind, std::size_t N>
QString nameOf(const std::array<std::pair<Kind, const char *>, N> &names, Kind kind) {
    for (const auto &[k, name] : names) {
        if (k == kind)
            return QString::fromLatin1(name);
    }
    return QStringLiteral("unknown");
}

template <typename Kind, std::size_t N>
Kind kindOf(const std::array<std::pair<Kind, const char *>, N> &names, const QString &name) {
    for (const auto &[k, n] : names) {
        if (name == QLatin1String(n))
            return k;
    }
    return Kind::Unknown;
}

} // namespace

QString toString(AlertKind kind) {
    return nameOf(kAlertNames, kind);
}

AlertKind alertKindFromString(const QString &name) {
    return kindOf(kAlertNames, name);
}

QString toString(MemberKind kind) {
    return nameOf(kMemberNames, kind);
}

MemberKind memberKindFromString(const QString &name) {
    return kindOf(kMemberNames, name);
}

} // namespace fd
