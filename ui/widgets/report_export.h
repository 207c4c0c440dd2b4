#pragma once

#include "engine/report/report_types.h"

#include <QDate>
#include <QDialog>
#include <QObject>
#include <QPointer>

#include <functional>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QWidget;

namespace fd::ui {

/// What the report dialog offers to choose from: the jurisdictions (ISO codes) and batch ids this session
/// knows (the console's obligations).
struct ReportChoices {
    QStringList jurisdictions;
    QStringList batches;
};

class ObligationModel;

/// The jurisdictions and batches of the console's obligations (stored filings, planned ones and those that
/// need data; not out-of-scope rows, which no report lists).
ReportChoices reportChoicesOf(const ObligationModel &model);

/// Reports > Filings report / Compliance status report: the choices a report is made with before it is
/// saved, as `filingdesk report` takes them on its command line. Filings report: statuses as of (--as-of),
/// due from/to (--from/--to, each optional), jurisdictions (--jurisdiction) and batch (--batch); status
/// report: the position's date (--as-of) and jurisdictions. Then the file: PDF or CSV by its extension.
/// Widgets by objectName: reportAsOfEdit, reportFromCheck, reportFromEdit, reportToCheck, reportToEdit,
/// reportAllJurisdictionsCheck, reportJurisdictionList (checkable items, Qt::UserRole = ISO code),
/// reportBatchCombo (item data: the batch id, empty for every batch), reportPathEdit, reportBrowseButton,
/// reportProblemLabel, reportButtons. The dialog is "filingReportDialog" or "statusReportDialog". GUI
/// thread only.
class ReportDialog : public QDialog {
    Q_OBJECT
public:
    enum class Kind { Filings, Status };
    ReportDialog(Kind kind, const QDate &asOf, const ReportChoices &choices, const QString &suggestedPath,
                 QWidget *parent = nullptr);

    Kind kind() const { return m_kind; }
    QDate asOf() const;
    /// The filing report's filter (jurisdictions also for the status report).
    report::FilingsFilter filter() const;
    QStringList jurisdictions() const;
    /// The file to write: the path typed or chosen, ".pdf" added when it has neither .pdf nor .csv.
    QString path() const;
    /// Why the choices cannot be used yet (the OK button is disabled meanwhile); empty when they can.
    QString problem() const;

private:
    void browse();
    void update();

    Kind m_kind;
    QDateEdit *m_asOf = nullptr;
    QCheckBox *m_fromCheck = nullptr;
    QDateEdit *m_from = nullptr;
    QCheckBox *m_toCheck = nullptr;
    QDateEdit *m_to = nullptr;
    QCheckBox *m_allPlaces = nullptr;
    QListWidget *m_places = nullptr;
    QComboBox *m_batch = nullptr;
    QLineEdit *m_path = nullptr;
    QLabel *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

/// Reports > Filings report / Compliance status report: asks what to report on and where to write it
/// (ReportDialog: PDF or CSV, by the name's extension), reads the data on a thread of its own
/// (report::loadFilingsReport / loadStatusReport open their own connection to the desk's database, read-only
/// beside the engine, or to the team ledger), then writes the file on the GUI thread (the PDF needs fonts)
/// and says where it went. GUI thread only.
class ReportExport : public QObject {
    Q_OBJECT
public:
    /// `source` answers where this session's data lives (the desk's database, or the team ledger).
    ReportExport(std::function<report::ReportSource()> source, QWidget *window);

    /// `choices` answers what the dialog offers (the console's jurisdictions and batches); without it the
    /// dialog offers no jurisdiction or batch to pick (every one is reported).
    void setChoices(std::function<ReportChoices()> choices) { m_choices = std::move(choices); }

    /// Opens the filing report's dialog (window-modal, returns at once); OK writes the report.
    void runFilings(const QDate &asOf);
    /// Opens the status report's dialog; OK writes the compliance position.
    void runStatus(const QDate &asOf);
    /// The dialog runFilings()/runStatus() opened, while it is open (tests).
    ReportDialog *dialog() const { return m_dialog; }
    /// Without prompts (tests, scripting): `path` ends in .pdf or .csv. Answers with finished().
    void writeFilings(const QString &path, const QDate &asOf, const report::FilingsFilter &filter = {});
    void writeStatus(const QString &path, const QDate &asOf, const QStringList &jurisdictions = {});
    /// True while a report is being read.
    bool isBusy() const { return m_busy; }

Q_SIGNALS:
    /// The report was written to `path` (error empty), or not (error says why; nothing was left behind).
    void finished(const QString &path, const QString &error);

private:
    void open(ReportDialog::Kind kind, const QDate &asOf, const QString &suggestedName);
    void done(const QString &path, const QString &error, bool quiet);

    std::function<report::ReportSource()> m_source;
    std::function<ReportChoices()> m_choices;
    QPointer<QWidget> m_window;
    QPointer<ReportDialog> m_dialog;
    bool m_busy = false;
    bool m_quiet = true; ///< written without prompts (tests, scripting): no message box
};

} // namespace fd::ui
