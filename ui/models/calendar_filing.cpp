#include "ui/models/calendar_filing.h"

#include "ui/models/item_roles.h"
#include "ui/models/obligation_model.h"

#include <QAbstractProxyModel>
#include <QCoreApplication>

namespace fd::ui {

CalendarTone calendarTone(Compliance compliance, const QDate &due, const QDate &asOf) {
    switch (riskOf(compliance, due, asOf)) {
    case Risk::Overdue:
        return CalendarTone::Overdue;
    case Risk::DueSoon:
        return CalendarTone::DueSoon;
    case Risk::Settled:
        return compliance == Compliance::WillNotFile ? CalendarTone::Neutral : CalendarTone::Filed;
    case Risk::OnTrack:
    case Risk::Unknown:
        break;
    }
    return compliance == Compliance::NeedsData ? CalendarTone::NeedsData : CalendarTone::Neutral;
}

QColor toneColour(CalendarTone tone) {
    // The Obligations view's risk colours, so that both views read alike.
    switch (tone) {
    case CalendarTone::Overdue:
        return QColor(0xff, 0xcd, 0xd2);
    case CalendarTone::DueSoon:
        return QColor(0xff, 0xe0, 0xb2);
    case CalendarTone::Filed:
        return QColor(0xc8, 0xe6, 0xc9);
    case CalendarTone::NeedsData:
        return QColor(0xe0, 0xe0, 0xe0);
    case CalendarTone::Neutral:
        break;
    }
    return QColor();
}

QString toneSymbol(CalendarTone tone) {
    switch (tone) {
    case CalendarTone::Overdue:
        return QStringLiteral("!!");
    case CalendarTone::DueSoon:
        return QStringLiteral("!");
    case CalendarTone::Filed:
        return QStringLiteral("\u2713");
    case CalendarTone::NeedsData:
        return QStringLiteral("?");
    case CalendarTone::Neutral:
        break;
    }
    return QStringLiteral("\u00b7");
}

QString toneLabel(CalendarTone tone) {
    switch (tone) {
    case CalendarTone::Overdue:
        return QCoreApplication::translate("fd::ui::CalendarTone", "Overdue");
    case CalendarTone::DueSoon:
        return QCoreApplication::translate("fd::ui::CalendarTone", "Due within %n day(s)", nullptr,
                                           kDueSoonDays);
    case CalendarTone::Filed:
        return QCoreApplication::translate("fd::ui::CalendarTone", "Filed");
    case CalendarTone::NeedsData:
        return QCoreApplication::translate("fd::ui::CalendarTone", "Needs data");
    case CalendarTone::Neutral:
        break;
    }
    return QCoreApplication::translate("fd::ui::CalendarTone", "On track");
}

std::optional<Compliance> complianceFromName(const QString &name) {
    for (const Compliance c : allCompliance()) {
        if (complianceName(c) == name)
            return c;
    }
    return std::nullopt;
}

CalendarFiling calendarFiling(const QModelIndex &index) {
    // Down through the proxies to the ObligationModel row.
    QModelIndex source = index;
    while (const auto *proxy = qobject_cast<const QAbstractProxyModel *>(source.model()))
        source = proxy->mapToSource(source);
    const auto *model = qobject_cast<const ObligationModel *>(source.model());
    CalendarFiling f;
    if (!model || !source.isValid())
        return f;
    const std::optional<Compliance> compliance =
        complianceFromName(source.siblingAtColumn(0).data(ComplianceRole).toString());
    if (!compliance)
        return f; // no filing: out of scope, row error
    const ObligationRow &row = model->rowAt(source.row());
    const Obligation &o = row.task.obligation;
    f.isFiling = true;
    f.due = o.dueDate;
    f.compliance = *compliance;
    f.tone = calendarTone(*compliance, o.dueDate, model->asOf());
    f.entityId = o.entity->entityId;
    f.entityName = o.entity->name;
    f.place = source.siblingAtColumn(ObligationModel::JurisdictionColumn).data().toString();
    f.filing = source.siblingAtColumn(ObligationModel::FilingTypeColumn).data().toString();
    f.status = source.siblingAtColumn(ObligationModel::ComplianceColumn).data().toString();
    f.feeCents = o.feeCents;
    return f;
}

} // namespace fd::ui
