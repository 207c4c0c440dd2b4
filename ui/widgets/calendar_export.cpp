#include "ui/widgets/calendar_export.h"

#include "engine/core/engine.h"
#include "ui/session/engine_link.h"

#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>

namespace fd::ui {

CalendarExport::CalendarExport(EngineLink *link, QWidget *window)
    : QObject(window)
    , m_link(link)
    , m_window(window) {
    connect(link->engine(), &Engine::calendarExported, this,
            [this](const QString &path, int events, const QString &error) {
                if (path != m_pendingPath)
                    return; // another console component's export
                m_pendingPath.clear();
                if (m_window && m_window->isVisible()) {
                    if (error.isEmpty())
                        QMessageBox::information(
                            m_window, tr("Calendar exported"),
                            tr("%n deadline(s) written to %1.\nImporting it again updates the same events.",
                               nullptr, int(events))
                                .arg(QDir::toNativeSeparators(path)));
                    else
                        QMessageBox::warning(m_window, tr("Calendar not exported"), error);
                }
                Q_EMIT finished(path, events, error);
            });
}

void CalendarExport::run() {
    QSettings settings;
    const QString lastDir = settings.value(QStringLiteral("calendar/lastDir"), QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export calendar"), QDir(lastDir).filePath(QStringLiteral("filingdesk-deadlines.ics")),
        tr("iCalendar files (*.ics)"));
    if (path.isEmpty())
        return;
    bool ok = false;
    const int days =
        QInputDialog::getInt(m_window, tr("Export calendar"), tr("Deadlines due within how many days?"),
                             settings.value(QStringLiteral("calendar/days"), 365).toInt(), 1, 3660, 1, &ok);
    if (!ok)
        return;
    settings.setValue(QStringLiteral("calendar/lastDir"), QFileInfo(path).absolutePath());
    settings.setValue(QStringLiteral("calendar/days"), days);
    exportTo(path, days);
}

void CalendarExport::exportTo(const QString &path, int days) {
    m_pendingPath = path;
    m_link->exportCalendar(path, days);
}

} // namespace fd::ui
