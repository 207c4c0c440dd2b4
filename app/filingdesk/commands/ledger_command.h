#pragma once

#include "app/filingdesk/commands/command.h"

#include <QStringList>

namespace fd::cli {

/// `filingdesk ledger roles --ledger URL [--json]`: who may do what in a team ledger (docs/roles.md): every
/// login that holds a FilingDesk group role (directly or through another role) or is a superuser, its
/// highest role and its direct grants, then the team settings.
/// `filingdesk ledger set NAME VALUE --ledger URL --reason TEXT`: changes a team setting
/// (segregation_of_duties on|off), admin only, audited by the ledger.
/// Exit status: 0 done; 2 bad input, or the ledger refused this login (the role it needs is named); 3 the
/// ledger cannot be reached, or holds no FilingDesk ledger of schema 5 or later.
class LedgerCommand final : public Command {
public:
    QString name() const override { return QStringLiteral("ledger"); }
    QString summary() const override {
        return QStringLiteral("who may do what in a team ledger, and team settings");
    }
    int run(const QStringList &arguments) const override;
};

} // namespace fd::cli
