#pragma once

#include <QCoreApplication>
#include <QDate>

class QMessageBox;
class QPushButton;
class QWidget;

namespace fd::ui {

/// The two questions the console asks before something would change what is sent without a person's say.
/// Each returns a window-modal message box, deleted on close, not yet opened; the caller connects to its
/// finished() and tells the answers apart by the button returned. Thread affinity: GUI thread.

/// What a new as-of date changes: how many filings it makes overdue or due within `days` that were not
/// before, and the totals as of the new date. objectName "asOfQuestion"; "Go back" (objectName
/// "asOfRevertButton") is the default, so that Enter undoes a slip of the date editor; `*keep` gets "Keep
/// DATE" (objectName "asOfKeepButton").
struct AsOfChange {
    QDate newDate;
    QDate oldDate;
    int becomeOverdue = 0;
    int becomeDue = 0;
    int days = 0; ///< the Batch panel's "due within"
    int overdueTotal = 0;
    int dueTotal = 0;
};

class SendingQuestions {
    Q_DECLARE_TR_FUNCTIONS(fd::ui::SendingQuestions)
public:
    static QMessageBox *asOf(QWidget *parent, const AsOfChange &change, QPushButton **keep);
    /// Quitting while a batch sends: `toSend` filings not sent yet, `onTheWire` sent and not answered.
    /// objectName "quitQuestion"; "Keep working" (objectName "quitKeepWorkingButton") is the default;
    /// `*quitButton` gets "Quit" (objectName "quitConfirmButton").
    static QMessageBox *quit(QWidget *parent, int toSend, int onTheWire, bool teamMode,
                             QPushButton **quitButton);
};

} // namespace fd::ui
