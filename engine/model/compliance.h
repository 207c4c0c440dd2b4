#pragma once

#include "engine/model/filing_task.h"

#include <QDate>
#include <QList>
#include <QString>

namespace fd {

/// Where a filing stands for the people who answer for it (README, "Compliance status"), beside the
/// engine's ExecutionState (which stays visible for engineers).
enum class Compliance {
    Filed,           ///< accepted by the registry with a confirmation number, the rule's fee charged
    FiledFeeDiffers, ///< accepted and paid, but the fee charged is not the rule's: filed, and a review item
    Due,             ///< not filed yet, due date today or later
    Overdue,         ///< not filed, the due date has passed
    NeedsData,       ///< cannot be planned or sent until a person supplies a field
    Halted,          ///< waits for a person ("Needs a person"): a statutory halt, a reconciliation exception,
                     ///< a filing that could not be filed (dead letter)
    WillNotFile,     ///< withdrawn by a person: FilingDesk will not file it
};

/// "filed", "filed_fee_differs", "due", "overdue", "needs_data", "halted", "will_not_file" (JSON, CSV).
QString complianceName(Compliance compliance);
/// For people, translated (context "fd::Compliance"): "Filed", "Filed — fee differs", "Overdue", ...
QString complianceLabel(Compliance compliance);
/// Every status in the order reports list them.
const QList<Compliance> &allCompliance();

/// The compliance status of a filing task as of `asOf` (the as-of date of the plan).
Compliance complianceOf(const FilingTask &task, const QDate &asOf);
/// True for an accepted filing whose charged fee differs from the rule's.
bool feeDiffers(const FilingTask &task);

/// Risk for colour and sorting, as entity-management tools show it: overdue (red), due within
/// kDueSoonDays (amber), on track (green), settled (filed or will not file: no urgency).
enum class Risk { Overdue, DueSoon, OnTrack, Settled, Unknown };
inline constexpr int kDueSoonDays = 14;
Risk riskOf(Compliance compliance, const QDate &dueDate, const QDate &asOf);

} // namespace fd
