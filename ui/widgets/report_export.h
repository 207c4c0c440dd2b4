#pragma once

#include "engine/report/report_types.h"

#include <QDate>
#include <QObject>
#include <QPointer>

#include <functional>

class QWidget;

namespace fd::ui {

/// Reports > Filing report / Compliance status report: asks where to write (PDF or CSV, by the name's
/// extension), reads the data on a thread of its own (report::loadFilingsReport / loadStatusReport open
/// their own connection to the desk's database, read-only beside the engine, or to the team ledger), then
/// writes the file on the GUI thread (the PDF needs fonts) and says where it went. GUI thread only.
class ReportExport : public QObject {
    Q_OBJECT
public:
    /// `source` answers where this session's data lives (the desk's database, or the team ledger).
    ReportExport(std::function<report::ReportSource()> source, QWidget *window);

    /// Ask for a file, then write the report of every stored filing, statuses as of `asOf`.
    void runFilings(const QDate &asOf);
    /// Ask for a file, then write the compliance position as of `asOf`.
    void runStatus(const QDate &asOf);
    /// Without prompts (tests, scripting): `path` ends in .pdf or .csv. Answers with finished().
    void writeFilings(const QString &path, const QDate &asOf, const report::FilingsFilter &filter = {});
    void writeStatus(const QString &path, const QDate &asOf);
    /// True while a report is being read.
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    /// The report was written to `path` (error empty), or not (error says why; nothing was left behind).
    void finished(const QString &path, const QString &error);

private:
    void done(const QString &path, const QString &error, bool quiet);
    QString askPath(const QString &title, const QString &suggested) const;

    std::function<report::ReportSource()> m_source;
    QPointer<QWidget> m_window;
    bool m_busy = false;
    bool m_quiet = true; ///< written without prompts (tests, scripting): no message box
};

} // namespace fd::ui
