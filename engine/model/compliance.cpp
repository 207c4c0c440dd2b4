#include "engine/model/compliance.h"

#include <QCoreApplication>

namespace fd {

QString complianceName(Compliance c) {
    switch (c) {
    case Compliance::Filed:
        return QStringLiteral("filed");
    case Compliance::FiledFeeDiffers:
        return QStringLiteral("filed_fee_differs");
    case Compliance::Due:
        return QStringLiteral("due");
    case Compliance::Overdue:
        return QStringLiteral("overdue");
    case Compliance::NeedsData:
        return QStringLiteral("needs_data");
    case Compliance::Halted:
        return QStringLiteral("halted");
    case Compliance::WillNotFile:
        return QStringLiteral("will_not_file");
    }
    return QString();
}

QString complianceLabel(Compliance c) {
    switch (c) {
    case Compliance::Filed:
        return QCoreApplication::translate("fd::Compliance", "Filed");
    case Compliance::FiledFeeDiffers:
        return QCoreApplication::translate("fd::Compliance", "Filed — fee differs");
    case Compliance::Due:
        return QCoreApplication::translate("fd::Compliance", "Due");
    case Compliance::Overdue:
        return QCoreApplication::translate("fd::Compliance", "Overdue");
    case Compliance::NeedsData:
        return QCoreApplication::translate("fd::Compliance", "Needs data");
    case Compliance::Halted:
        return QCoreApplication::translate("fd::Compliance", "Needs a person");
    case Compliance::WillNotFile:
        return QCoreApplication::translate("fd::Compliance", "Will not file");
    }
    return QString();
}

const QList<Compliance> &allCompliance() {
    static const QList<Compliance> all{
        Compliance::Filed,     Compliance::FiledFeeDiffers, Compliance::Due,        Compliance::Overdue,
        Compliance::NeedsData, Compliance::Halted,          Compliance::WillNotFile};
    return all;
}

bool feeDiffers(const FilingTask &task) {
    return task.state == ExecutionState::Completed && task.feeChargedCents >= 0 &&
           task.feeChargedCents != task.obligation.feeCents;
}

Compliance complianceOf(const FilingTask &task, const QDate &asOf) {
    switch (task.state) {
    case ExecutionState::Completed:
        return feeDiffers(task) ? Compliance::FiledFeeDiffers : Compliance::Filed;
    case ExecutionState::DeadLetter:
        return task.lastErrorCode == QLatin1String("WITHDRAWN") ? Compliance::WillNotFile
                                                                : Compliance::Halted;
    case ExecutionState::FailedStatutory:
        return Compliance::Halted;
    case ExecutionState::Pending:
    case ExecutionState::Validating:
    case ExecutionState::Dispatching:
    case ExecutionState::FailedTransient:
        break;
    }
    const QDate due = task.obligation.dueDate;
    return due.isValid() && asOf.isValid() && due < asOf ? Compliance::Overdue : Compliance::Due;
}

Risk riskOf(Compliance c, const QDate &dueDate, const QDate &asOf) {
    switch (c) {
    case Compliance::Filed:
    case Compliance::FiledFeeDiffers:
    case Compliance::WillNotFile:
        return Risk::Settled;
    case Compliance::Overdue:
        return Risk::Overdue;
    case Compliance::NeedsData:
    case Compliance::Halted:
    case Compliance::Due:
        break;
    }
    if (!dueDate.isValid() || !asOf.isValid())
        return Risk::Unknown;
    const qint64 days = asOf.daysTo(dueDate);
    if (days < 0)
        return Risk::Overdue;
    return days <= kDueSoonDays ? Risk::DueSoon : Risk::OnTrack;
}

} // namespace fd
