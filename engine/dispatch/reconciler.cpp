#include "engine/dispatch/reconciler.h"

#include "engine/model/money.h"

#include <QCoreApplication>

namespace fd {

Reconciliation reconcile(const Obligation &obligation, const RegistryReceipt &receipt) {
    Reconciliation r;
    if (receipt.confirmationNumber.isEmpty()) {
        r.code = QStringLiteral("RECON_NO_CONFIRMATION");
        r.message = QCoreApplication::translate("fd::Reconciler", "the receipt has no confirmation number");
        return r;
    }
    if (receipt.feeChargedCents != obligation.feeCents) {
        r.code = QStringLiteral("RECON_FEE_MISMATCH");
        r.message = QCoreApplication::translate("fd::Reconciler", "charged %1, the rule's fee is %2")
                        .arg(dollars(receipt.feeChargedCents), dollars(obligation.feeCents));
        return r;
    }
    r.matched = true;
    return r;
}

} // namespace fd
