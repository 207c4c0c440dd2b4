#include "ui/widgets/sending_questions.h"

#include "ui/models/display_format.h"

#include <QMessageBox>
#include <QPushButton>

namespace fd::ui {

namespace {
QMessageBox *makeBox(QMessageBox::Icon icon, const QString &title, const QString &text, QWidget *parent) {
    auto *box = new QMessageBox(icon, title, text, QMessageBox::NoButton, parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    return box;
}
} // namespace

QMessageBox *SendingQuestions::asOf(QWidget *parent, const AsOfChange &change, QPushButton **keep) {
    const QString newDate = formatDate(change.newDate);
    const QString oldDate = formatDate(change.oldDate);
    QStringList changes;
    if (change.becomeOverdue > 0)
        changes << tr("%n filing(s) become overdue", nullptr, change.becomeOverdue);
    if (change.becomeDue > 0)
        changes << tr("%n filing(s) become due within %1 days", nullptr, change.becomeDue).arg(change.days);
    QMessageBox *box = makeBox(
        QMessageBox::Question, tr("Keep the as-of date %1?").arg(newDate),
        tr("As of %1 instead of %2, %3.").arg(newDate, oldDate, changes.join(tr(" and "))) +
            QLatin1Char('\n') +
            tr("In all as of %1: %2, %3.")
                .arg(newDate, tr("%n filing(s) overdue", nullptr, change.overdueTotal),
                     tr("%n filing(s) due within %1 days", nullptr, change.dueTotal).arg(change.days)),
        parent);
    box->setObjectName(QStringLiteral("asOfQuestion"));
    box->setInformativeText(
        tr("The due dates were computed again; nothing was admitted or sent. Filings that a new date makes "
           "due are not put in line to be sent by it: use Batch > Admit filings open for filing when they "
           "should be filed."));
    *keep = box->addButton(tr("Keep %1").arg(newDate), QMessageBox::AcceptRole);
    (*keep)->setObjectName(QStringLiteral("asOfKeepButton"));
    QPushButton *back = box->addButton(tr("Go back to %1").arg(oldDate), QMessageBox::RejectRole);
    back->setObjectName(QStringLiteral("asOfRevertButton"));
    box->setDefaultButton(back); // a slip of the date editor is undone by Enter
    box->setEscapeButton(back);
    return box;
}

QMessageBox *SendingQuestions::quit(QWidget *parent, int toSend, int onTheWire, bool teamMode,
                                    QPushButton **quitButton) {
    QString text = tr("%n filing(s) of this batch are still to be sent.", nullptr, toSend);
    if (onTheWire > 0)
        text += QLatin1Char(' ') +
                tr("%n filing(s) are on the wire now: if FilingDesk quits before the registry answers, they "
                   "are looked up at the registry on the next start, never sent twice.",
                   nullptr, onTheWire);
    QMessageBox *box = makeBox(QMessageBox::Warning, tr("Quit while filings are being sent?"), text, parent);
    box->setObjectName(QStringLiteral("quitQuestion"));
    box->setInformativeText(teamMode
                                ? tr("The rest of the team goes on with the team's batch.")
                                : tr("The filings not sent yet are not sent by themselves on the next "
                                     "start: FilingDesk shows them and waits for you to resume sending."));
    *quitButton = box->addButton(tr("Quit"), QMessageBox::DestructiveRole);
    (*quitButton)->setObjectName(QStringLiteral("quitConfirmButton"));
    QPushButton *keep = box->addButton(tr("Keep working"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("quitKeepWorkingButton"));
    box->setDefaultButton(keep);
    box->setEscapeButton(keep);
    return box;
}

} // namespace fd::ui
