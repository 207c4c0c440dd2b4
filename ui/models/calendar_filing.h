#pragma once

#include "engine/model/compliance.h"

#include <QColor>
#include <QDate>
#include <QModelIndex>
#include <QString>

#include <optional>

namespace fd::ui {

/// How a filing, or a day of filings, shows on the Calendar view. Ordered from least to most pressing, so
/// that the worst of a day is the largest: a day is green only when everything due on it is filed.
enum class CalendarTone {
    Filed,     ///< filed (a fee that differs included): green
    Neutral,   ///< on track, or will not be filed: no colour
    NeedsData, ///< cannot be filed until a person supplies data: grey
    DueSoon,   ///< not filed, due within kDueSoonDays of the as-of date: amber
    Overdue,   ///< not filed, the due date has passed: red
};

/// The tone of a filing with compliance status `compliance` due on `due` (invalid: unknown), as of `asOf`.
/// Dates come first: a filing that needs data and is due in a week is amber, not grey.
CalendarTone calendarTone(Compliance compliance, const QDate &due, const QDate &asOf);
/// The light background of a tone (readable under dark text); invalid for Neutral (the view's own).
QColor toneColour(CalendarTone tone);
/// What stands for the colour where colour is not seen: "!!" overdue, "!" due soon, "✓" filed, "?" needs
/// data, "·" otherwise. The legend explains them.
QString toneSymbol(CalendarTone tone);
/// For people: "Overdue", "Due within 14 days", "Filed", "Needs data", "On track".
QString toneLabel(CalendarTone tone);

/// The compliance status named by complianceName() (ComplianceRole); std::nullopt for "" and unknown names.
std::optional<Compliance> complianceFromName(const QString &name);

/// What the Calendar view needs of one row of the ObligationModel: `index` is an index of the model itself
/// or of any chain of proxies over it (the view's filter and list proxies). GUI thread.
struct CalendarFiling {
    bool isFiling = false; ///< false for rows without a filing (out of scope, row errors) and foreign models
    QDate due;             ///< invalid while the date is unknown (the filing needs data first)
    Compliance compliance = Compliance::Due;
    CalendarTone tone = CalendarTone::Neutral;
    QString entityId;
    QString entityName;
    QString place;  ///< "Delaware (US-DE)"
    QString filing; ///< the state's name for the filing
    QString status; ///< the Status column's text ("Overdue", "Needs data (date unknown)" ...)
    qint64 feeCents = -1;
};
CalendarFiling calendarFiling(const QModelIndex &index);

} // namespace fd::ui
