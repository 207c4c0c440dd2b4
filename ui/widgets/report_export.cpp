#include "ui/widgets/report_export.h"
#include "ui/widgets/file_dialogs.h"

#include "engine/report/filings_report.h"
#include "engine/report/report_csv.h"
#include "engine/report/status_report.h"
#include "ui/models/display_format.h"
#include "ui/models/obligation_model.h"
#include "ui/report/report_pdf.h"

#include "engine/import/iso_codes.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QThread>
#include <QVBoxLayout>
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

QDateEdit *dateEdit(const QString &objectName, const QDate &date, QWidget *parent) {
    auto *edit = new QDateEdit(date.isValid() ? date : QDate::currentDate(), parent);
    edit->setObjectName(objectName);
    edit->setCalendarPopup(true);
    edit->setDisplayFormat(QLocale().dateFormat(QLocale::ShortFormat));
    return edit;
}

} // namespace

ReportChoices reportChoicesOf(const ObligationModel &model) {
    QSet<QString> places;
    QSet<QString> batches;
    for (int r = 0; r < model.rowCount(); ++r) {
        const ObligationRow &row = model.rowAt(r);
        // Out-of-scope rows and row errors are in no report.
        if (row.kind != ObligationRow::Kind::Task && row.kind != ObligationRow::Kind::Planned &&
            row.kind != ObligationRow::Kind::NeedsData)
            continue;
        const Obligation &o = row.task.obligation;
        const QString place = o.jurisdiction.isEmpty() ? o.entity->jurisdiction : o.jurisdiction;
        if (!place.isEmpty())
            places.insert(place);
        if (!row.task.batchId.isEmpty())
            batches.insert(row.task.batchId);
    }
    ReportChoices choices{QStringList(places.cbegin(), places.cend()),
                          QStringList(batches.cbegin(), batches.cend())};
    choices.jurisdictions.sort();
    choices.batches.sort();
    return choices;
}

ReportDialog::ReportDialog(Kind kind, const QDate &asOf, const ReportChoices &choices,
                           const QString &suggestedPath, QWidget *parent)
    : QDialog(parent)
    , m_kind(kind) {
    const bool filings = kind == Kind::Filings;
    setObjectName(filings ? QStringLiteral("filingReportDialog") : QStringLiteral("statusReportDialog"));
    setWindowTitle(filings ? tr("Filings report") : tr("Compliance status report"));
    auto *form = new QFormLayout;

    m_asOf = dateEdit(QStringLiteral("reportAsOfEdit"), asOf, this);
    m_asOf->setToolTip(filings ? tr("The date the filings' statuses are judged at (overdue, due ...)")
                               : tr("The date of the compliance position"));
    form->addRow(filings ? tr("Statuses as of:") : tr("Position as of:"), m_asOf);

    if (filings) {
        // Each end of the period may be left open, as --from and --to may be left out.
        auto period = [this, form](QCheckBox **check, QDateEdit **edit, const QString &checkName,
                                   const QString &editName, const QString &label, const QDate &date,
                                   const QString &rowLabel) {
            *check = new QCheckBox(label, this);
            (*check)->setObjectName(checkName);
            *edit = dateEdit(editName, date, this);
            (*edit)->setEnabled(false);
            connect(*check, &QCheckBox::toggled, *edit, &QWidget::setEnabled);
            connect(*check, &QCheckBox::toggled, this, &ReportDialog::update);
            connect(*edit, &QDateEdit::dateChanged, this, &ReportDialog::update);
            auto *row = new QHBoxLayout;
            row->addWidget(*check);
            row->addWidget(*edit, 1);
            form->addRow(rowLabel, row);
        };
        const QDate start = asOf.isValid() ? QDate(asOf.year(), 1, 1) : QDate::currentDate();
        period(&m_fromCheck, &m_from, QStringLiteral("reportFromCheck"), QStringLiteral("reportFromEdit"),
               tr("Due on or after"), start, tr("Period:"));
        period(&m_toCheck, &m_to, QStringLiteral("reportToCheck"), QStringLiteral("reportToEdit"),
               tr("Due on or before"), start.addYears(1).addDays(-1), QString());
    }

    m_allPlaces = new QCheckBox(tr("All jurisdictions"), this);
    m_allPlaces->setObjectName(QStringLiteral("reportAllJurisdictionsCheck"));
    m_allPlaces->setChecked(true);
    m_places = new QListWidget(this);
    m_places->setObjectName(QStringLiteral("reportJurisdictionList"));
    m_places->setEnabled(false);
    m_places->setMaximumHeight(fontMetrics().height() * 8);
    QStringList codes = choices.jurisdictions;
    codes.removeAll(QString());
    codes.removeDuplicates();
    codes.sort();
    for (const QString &code : std::as_const(codes)) {
        auto *item = new QListWidgetItem(placeLabel(code), m_places);
        item->setData(Qt::UserRole, code);
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(Qt::Unchecked);
    }
    connect(m_allPlaces, &QCheckBox::toggled, m_places, [this](bool all) { m_places->setEnabled(!all); });
    connect(m_allPlaces, &QCheckBox::toggled, this, &ReportDialog::update);
    connect(m_places, &QListWidget::itemChanged, this, &ReportDialog::update);
    auto *places = new QVBoxLayout;
    places->addWidget(m_allPlaces);
    places->addWidget(m_places);
    form->addRow(tr("Jurisdictions:"), places);

    if (filings) {
        m_batch = new QComboBox(this);
        m_batch->setObjectName(QStringLiteral("reportBatchCombo"));
        m_batch->addItem(tr("All batches"), QString());
        QStringList batches = choices.batches;
        batches.removeAll(QString());
        batches.removeDuplicates();
        batches.sort();
        for (const QString &batch : std::as_const(batches))
            m_batch->addItem(batch, batch);
        form->addRow(tr("Batch:"), m_batch);
    }

    m_path = new QLineEdit(QDir::toNativeSeparators(suggestedPath), this);
    m_path->setObjectName(QStringLiteral("reportPathEdit"));
    m_path->setToolTip(tr("A .pdf for people, a .csv for spreadsheets"));
    auto *browseButton = new QPushButton(tr("Choose…"), this);
    browseButton->setObjectName(QStringLiteral("reportBrowseButton"));
    connect(browseButton, &QPushButton::clicked, this, &ReportDialog::browse);
    connect(m_path, &QLineEdit::textChanged, this, &ReportDialog::update);
    if (!filings) {
        // The suggested name carries the position's date: it follows a date picked here.
        connect(m_asOf, &QDateEdit::dateChanged, this, [this](const QDate &date) {
            static const QRegularExpression kDated(QStringLiteral("compliance-status-\\d{4}-\\d{2}-\\d{2}"));
            QString text = m_path->text();
            text.replace(kDated, QStringLiteral("compliance-status-%1").arg(date.toString(Qt::ISODate)));
            m_path->setText(text);
        });
    }
    auto *file = new QHBoxLayout;
    file->addWidget(m_path, 1);
    file->addWidget(browseButton);
    form->addRow(tr("Save as:"), file);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("reportProblemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(QStringLiteral("reportButtons"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Write report"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    setMinimumWidth(fontMetrics().averageCharWidth() * 70);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    update();
}

QDate ReportDialog::asOf() const {
    return m_asOf->date();
}

QStringList ReportDialog::jurisdictions() const {
    QStringList codes;
    if (m_allPlaces->isChecked())
        return codes;
    for (int i = 0; i < m_places->count(); ++i) {
        if (m_places->item(i)->checkState() == Qt::Checked)
            codes.append(m_places->item(i)->data(Qt::UserRole).toString());
    }
    return codes;
}

report::FilingsFilter ReportDialog::filter() const {
    report::FilingsFilter f;
    if (m_fromCheck && m_fromCheck->isChecked())
        f.fromDue = m_from->date();
    if (m_toCheck && m_toCheck->isChecked())
        f.toDue = m_to->date();
    if (m_batch)
        f.batchId = m_batch->currentData().toString();
    f.jurisdictions = jurisdictions();
    return f;
}

QString ReportDialog::path() const {
    QString path = QDir::fromNativeSeparators(m_path->text().trimmed());
    if (!path.isEmpty() && !isPdf(path) && !isCsv(path))
        path += QStringLiteral(".pdf");
    return path;
}

QString ReportDialog::problem() const {
    const report::FilingsFilter f = filter();
    if (f.fromDue.isValid() && f.toDue.isValid() && f.fromDue > f.toDue)
        return tr("The period starts after it ends: due on or after %1, on or before %2.")
            .arg(QLocale().toString(f.fromDue, QLocale::ShortFormat),
                 QLocale().toString(f.toDue, QLocale::ShortFormat));
    if (!m_allPlaces->isChecked() && jurisdictions().isEmpty())
        return tr("Tick at least one jurisdiction, or all of them.");
    const QString file = path();
    if (file.isEmpty())
        return tr("Choose where to save the report.");
    const QFileInfo info(file);
    if (info.completeBaseName().isEmpty())
        return tr("Name the file, not only its extension.");
    if (!info.absoluteDir().exists())
        return tr("There is no folder %1.").arg(QDir::toNativeSeparators(info.absolutePath()));
    return QString();
}

void ReportDialog::browse() {
    const QString chosen = chooseFileToSave(this, windowTitle(), path(),
                                            tr("PDF document (*.pdf);;CSV for spreadsheets (*.csv)"));
    if (!chosen.isEmpty())
        m_path->setText(QDir::toNativeSeparators(chosen));
}

void ReportDialog::update() {
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

ReportExport::ReportExport(std::function<report::ReportSource()> source, QWidget *window)
    : QObject(window)
    , m_source(std::move(source))
    , m_window(window) {}

void ReportExport::open(ReportDialog::Kind kind, const QDate &asOf, const QString &suggestedName) {
    if (m_dialog) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return;
    }
    // In the user's documents (else the home folder), not wherever the console happened to be started.
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    auto *dialog = new ReportDialog(kind, asOf, m_choices ? m_choices() : ReportChoices{},
                                    QDir(folder).filePath(suggestedName), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_dialog = dialog;
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_quiet = false;
        if (dialog->kind() == ReportDialog::Kind::Filings)
            writeFilings(dialog->path(), dialog->asOf(), dialog->filter());
        else
            writeStatus(dialog->path(), dialog->asOf(), dialog->jurisdictions());
    });
    dialog->open();
}

void ReportExport::runFilings(const QDate &asOf) {
    open(ReportDialog::Kind::Filings, asOf, QStringLiteral("filing-report.pdf"));
}

void ReportExport::runStatus(const QDate &asOf) {
    open(ReportDialog::Kind::Status, asOf,
         QStringLiteral("compliance-status-%1.pdf").arg(asOf.toString(Qt::ISODate)));
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

void ReportExport::writeStatus(const QString &path, const QDate &asOf, const QStringList &jurisdictions) {
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
        [source, asOf, jurisdictions](report::StatusReport *r, QString *error) {
            return report::loadStatusReport(source, asOf, r, error, QString(), jurisdictions);
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
    Q_EMIT finished(path, error);
    if (!quiet && m_window) {
        // Not a nested event loop: the console goes on while the message is read.
        auto *box = new QMessageBox(
            error.isEmpty() ? QMessageBox::Information : QMessageBox::Warning,
            error.isEmpty() ? tr("Report written") : tr("Report not written"),
            error.isEmpty() ? tr("The report was written to %1.").arg(QDir::toNativeSeparators(path)) : error,
            QMessageBox::Ok, m_window);
        box->setObjectName(QStringLiteral("reportWrittenMessage"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
}

} // namespace fd::ui
