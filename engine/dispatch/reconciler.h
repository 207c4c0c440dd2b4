#pragma once

#include "engine/dispatch/registry_transport.h"
#include "engine/model/obligation.h"

#include <QString>

namespace fd {

/// What a receipt comes to. A receipt is not a filing until its confirmation number and fee check out
/// (docs/registry-api-v1.md, "Submit a filing": a receipt with no confirmation number, or a charged fee other
/// than the one expected, is a reconciliation exception for a person).
struct Reconciliation {
    bool matched = false;
    QString code;    ///< "RECON_NO_CONFIRMATION" or "RECON_FEE_MISMATCH" when not matched
    QString message; ///< for the operator, empty when matched
};

/// Pure: compares the receipt with the obligation's fee (cents).
Reconciliation reconcile(const Obligation &obligation, const RegistryReceipt &receipt);

} // namespace fd
