#include "ui/widgets/calendar_export.h"
#include "ui/widgets/file_dialogs.h"

#include "engine/client/engine_client.h"
#include "engine/core/engine.h"
#include "ui/settings/console_settings.h"

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>

namespace fd::ui {

namespace {

// "30, 14, 7 and 1" in the user's language.
QString dayList(const QList<int> &days) {
    QStringList parts;
    for (const int day : days)
        parts << QLocale().toString(day);
    return QLocale().createSeparatedList(parts);
}

struct ExportChoice {
    int days = 365;
    bool groupByDay = false;
};

// The options prompt: horizon and grouping; shows which reminders the events will carry.
std::optional<ExportChoice> askOptions(QWidget *parent, const ExportChoice &preset,
                                       const QList<int> &reminders) {
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("calendarExportDialog"));
    dialog.setWindowTitle(CalendarExport::tr("Export calendar"));
    auto *days = new QSpinBox(&dialog);
    days->setObjectName(QStringLiteral("calendarExportDays"));
    days->setRange(1, 3660);
    days->setValue(preset.days);
    days->setSuffix(CalendarExport::tr(" days"));
    auto *group = new QCheckBox(CalendarExport::tr("&One event per day and jurisdiction"), &dialog);
    group->setObjectName(QStringLiteral("calendarExportGroupByDay"));
    group->setChecked(preset.groupByDay);
    group->setToolTip(CalendarExport::tr(
        "\"3 filings due — Delaware (US-DE)\" listing each entity, instead of one event per filing. The "
        "default is set in Settings."));
    auto *alarms = new QLabel(reminders.isEmpty()
                                  ? CalendarExport::tr("No reminders (Settings).")
                                  : CalendarExport::tr("Reminders %1 day(s) before each due date (Settings).")
                                        .arg(dayList(reminders)),
                              &dialog);
    alarms->setObjectName(QStringLiteral("calendarExportReminders"));
    alarms->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *form = new QFormLayout(&dialog);
    form->addRow(CalendarExport::tr("Deadlines due &within:"), days);
    form->addRow(group);
    form->addRow(alarms);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return ExportChoice{days->value(), group->isChecked()};
}

} // namespace

QString calendarExportMessage(const CalendarExportResult &result) {
    QStringList lines;
    lines << CalendarExport::tr("%n event(s) written to %1.", nullptr, result.events)
                 .arg(QDir::toNativeSeparators(result.path));
    if (result.filings != result.events)
        lines << CalendarExport::tr("They list %n filing(s): one event per day and jurisdiction.", nullptr,
                                    result.filings);
    if (result.overdueFilings > 0)
        lines << CalendarExport::tr("%n overdue filing(s) not filed are in it on their due dates, marked "
                                    "[OVERDUE].",
                                    nullptr, result.overdueFilings);
    const CalendarLeftOut &out = result.leftOut;
    const int undated = qMax(out.undated, result.undatedFilings);
    if (undated > 0)
        lines << CalendarExport::tr(
            "%n filing(s) have no due date yet and are not in the calendar (they need data).", nullptr,
            undated);
    if (out.beyondHorizon > 0)
        lines << CalendarExport::tr("%n filing(s) due after %1 are not in the calendar (beyond its horizon).",
                                    nullptr, out.beyondHorizon)
                     .arg(QLocale().toString(result.horizon, QLocale::ShortFormat));
    if (out.filedEarlier > 0)
        lines << CalendarExport::tr(
                     "%n filing(s) filed with a due date before %1 are not in the calendar (nothing left to "
                     "do).",
                     nullptr, out.filedEarlier)
                     .arg(QLocale().toString(result.asOf, QLocale::ShortFormat));
    if (out.withdrawnEarlier > 0)
        lines
            << CalendarExport::tr(
                   "%n withdrawn filing(s) with a due date before %1 are not in the calendar (they will not "
                   "be filed).",
                   nullptr, out.withdrawnEarlier)
                   .arg(QLocale().toString(result.asOf, QLocale::ShortFormat));
    if (out.otherEntities > 0)
        lines << CalendarExport::tr(
            "%n filing(s) not filed for entities outside the loaded portfolio are not in the calendar.",
            nullptr, out.otherEntities);
    lines << CalendarExport::tr("Importing it again updates the same events.");
    return lines.join(QLatin1Char('\n'));
}

CalendarExport::CalendarExport(EngineClient *link, QWidget *window, const ConsoleSettings *settings)
    : QObject(window)
    , m_link(link)
    , m_window(window)
    , m_settings(settings) {
    connect(link->engine(), &Engine::calendarExported, this, [this](const CalendarExportResult &result) {
        if (result.path != m_pendingPath)
            return; // another console component's export
        m_pendingPath.clear();
        if (m_window && m_window->isVisible()) {
            if (result.error.isEmpty())
                QMessageBox::information(m_window, tr("Calendar exported"), calendarExportMessage(result));
            else
                QMessageBox::warning(m_window, tr("Calendar not exported"), result.error);
        }
        Q_EMIT finished(result);
    });
}

CalendarExportRequest CalendarExport::requestFromSettings(const QString &path, int days) const {
    const ConsoleSettings fallback;
    const ConsoleSettings &settings = m_settings ? *m_settings : fallback;
    CalendarExportRequest request;
    request.path = path;
    request.days = days;
    request.ics.alarmDaysBefore = settings.reminderDays();
    request.ics.groupByDay = settings.icsGroupByDay();
    return request;
}

void CalendarExport::run() {
    QSettings settings;
    const QString lastDir = settings.value(QStringLiteral("calendar/lastDir"), QDir::homePath()).toString();
    const QString path = chooseFileToSave(m_window, tr("Export calendar"),
                                          QDir(lastDir).filePath(QStringLiteral("filingdesk-deadlines.ics")),
                                          tr("iCalendar files (*.ics)"));
    if (path.isEmpty())
        return;
    CalendarExportRequest request =
        requestFromSettings(path, settings.value(QStringLiteral("calendar/days"), 365).toInt());
    const std::optional<ExportChoice> choice =
        askOptions(m_window, {request.days, request.ics.groupByDay}, request.ics.alarmDaysBefore);
    if (!choice)
        return;
    settings.setValue(QStringLiteral("calendar/lastDir"), QFileInfo(path).absolutePath());
    settings.setValue(QStringLiteral("calendar/days"), choice->days);
    request.days = choice->days;
    request.ics.groupByDay = choice->groupByDay;
    exportTo(request);
}

void CalendarExport::exportTo(const CalendarExportRequest &request) {
    m_pendingPath = request.path;
    m_link->exportCalendar(request);
}

} // namespace fd::ui
