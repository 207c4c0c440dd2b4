#pragma once

#include "engine/calendar/calendar_export_types.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace fd {
class EngineClient;
}

namespace fd::ui {

class ConsoleSettings;

/// File > Export calendar: asks where to write, how many days ahead and whether to put one day's filings of
/// one jurisdiction into one event (preset from ConsoleSettings::icsGroupByDay(); the answer applies to this
/// export only, the setting itself is changed in Settings, where changes are audited); the alarms are the
/// reminder days of ConsoleSettings::reminderDays(). Has the engine write the iCalendar file on its own
/// thread (Engine::exportCalendar) and reports the outcome in a message box, including the overdue filings
/// in it and, by reason, the filings that are not in the file. GUI thread only.
class CalendarExport : public QObject {
    Q_OBJECT
public:
    /// `settings` (not owned, may be null: the default settings file is read) gives the reminder days and the
    /// grouping preset.
    CalendarExport(EngineClient *link, QWidget *window, const ConsoleSettings *settings = nullptr);

    /// Opens the file and options prompts; does nothing when either is cancelled.
    void run();
    /// A request for `path` and `days` with the reminder days and grouping of the settings.
    CalendarExportRequest requestFromSettings(const QString &path, int days) const;
    /// Without prompts (tests, scripting).
    void exportTo(const CalendarExportRequest &request);

Q_SIGNALS:
    /// The engine's answer, after the message box was shown. `result.error` is empty on success.
    void finished(const fd::CalendarExportResult &result);

private:
    EngineClient *m_link;
    QPointer<QWidget> m_window;
    const ConsoleSettings *m_settings;
    QString m_pendingPath;
};

/// The message box text for a successful export: events written (and the filings they list when grouped),
/// the overdue filings in it, the filings not in the file for each reason (no due date, beyond the horizon,
/// filed or withdrawn before the as-of date, entities outside the portfolio), and that re-importing updates
/// the same events.
QString calendarExportMessage(const CalendarExportResult &result);

} // namespace fd::ui
