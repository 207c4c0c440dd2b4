#include "ui/widgets/report_export.h"

#include "engine/report/filings_report.h"
#include "engine/report/report_csv.h"
#include "engine/report/status_report.h"
#include "ui/models/display_format.h"
#include "ui/report/report_pdf.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QThread>
#include <QWidget>

#include <memory>

namespace fd::ui {

namespace {

bool isPdf(const QString &path) {
    return QFileInfo(path).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0;
}
bool isCsv(const QString &path) {
    return QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0;
}

/// Runs `read` on a thread of its own, then `write` with its result on `context`'s (the GUI) thread.
template <typename Report>
void readThenWrite(QObject *context, std::function<bool(Report *, QString *)> read,
                   std::function<void(const Report &, const QString &)> write) {
    auto report = std::make_shared<Report>();
    auto error = std::make_shared<QString>();
    auto ok = std::make_shared<bool>(false);
    QThread *thread = QThread::create([read, report, error, ok] { *ok = read(report.get(), error.get()); });
    QObject::connect(thread, &QThread::finished, context, [thread, write, report, error, ok] {
        thread->deleteLater();
        write(*report, *ok ? QString() : (error->isEmpty() ? QStringLiteral("unknown error") : *error));
    });
    thread->start();
}

} // namespace

ReportExport::ReportExport(std::function<report::ReportSource()> source, QWidget *window)
    : QObject(window)
    , m_source(std::move(source))
    , m_window(window) {}

QString ReportExport::askPath(const QString &title, const QString &suggested) const {
    // In the user's documents, not wherever the console happened to be started.
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    QString path = QFileDialog::getSaveFileName(m_window, title, QDir(folder).filePath(suggested),
                                                tr("PDF document (*.pdf);;CSV for spreadsheets (*.csv)"));
    if (!path.isEmpty() && !isPdf(path) && !isCsv(path))
        path += QStringLiteral(".pdf");
    return path;
}

void ReportExport::runFilings(const QDate &asOf) {
    const QString path = askPath(tr("Filing report"), QStringLiteral("filing-report.pdf"));
    if (path.isEmpty())
        return;
    m_quiet = false;
    writeFilings(path, asOf);
}

void ReportExport::runStatus(const QDate &asOf) {
    const QString path = askPath(tr("Compliance status report"),
                                 QStringLiteral("compliance-status-%1.pdf").arg(asOf.toString(Qt::ISODate)));
    if (path.isEmpty())
        return;
    m_quiet = false;
    writeStatus(path, asOf);
}

void ReportExport::writeFilings(const QString &path, const QDate &asOf, const report::FilingsFilter &filter) {
    if (m_busy) {
        Q_EMIT finished(path, tr("another report is being written"));
        return;
    }
    if (!isPdf(path) && !isCsv(path)) {
        done(path, tr("%1: a report is written as .pdf or .csv").arg(path), m_quiet);
        return;
    }
    m_busy = true;
    const report::ReportSource source = m_source();
    readThenWrite<report::FilingsReport>(
        this,
        [source, filter, asOf](report::FilingsReport *r, QString *error) {
            return report::loadFilingsReport(source, filter, r, error, asOf);
        },
        [this, path](const report::FilingsReport &r, const QString &readError) {
            QString error = readError;
            if (error.isEmpty()) {
                const bool ok = isPdf(path)
                                    ? writeFilingsPdf(r, path, &error)
                                    : report::writeFileAtomically(path, report::filingsCsv(r), &error);
                if (ok)
                    error.clear();
            }
            done(path, error, m_quiet);
        });
}

void ReportExport::writeStatus(const QString &path, const QDate &asOf) {
    if (m_busy) {
        Q_EMIT finished(path, tr("another report is being written"));
        return;
    }
    if (!isPdf(path) && !isCsv(path)) {
        done(path, tr("%1: a report is written as .pdf or .csv").arg(path), m_quiet);
        return;
    }
    m_busy = true;
    const report::ReportSource source = m_source();
    readThenWrite<report::StatusReport>(
        this,
        [source, asOf](report::StatusReport *r, QString *error) {
            return report::loadStatusReport(source, asOf, r, error);
        },
        [this, path](const report::StatusReport &r, const QString &readError) {
            QString error = readError;
            if (error.isEmpty()) {
                const bool ok = isPdf(path) ? writeStatusPdf(r, path, &error)
                                            : report::writeFileAtomically(path, report::statusCsv(r), &error);
                if (ok)
                    error.clear();
            }
            done(path, error, m_quiet);
        });
}

void ReportExport::done(const QString &path, const QString &error, bool quiet) {
    m_busy = false;
    m_quiet = true; // the next call without a prompt stays quiet
    if (!quiet && m_window) {
        if (error.isEmpty())
            QMessageBox::information(m_window, tr("Report written"),
                                     tr("The report was written to %1.").arg(path));
        else
            QMessageBox::warning(m_window, tr("Report not written"), error);
    }
    Q_EMIT finished(path, error);
}

} // namespace fd::ui
