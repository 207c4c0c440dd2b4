#pragma once

#include "ui/widgets/reason_request.h"

#include <QDialog>

class QDialogButtonBox;
class QLineEdit;
class QPlainTextEdit;

namespace fd::ui {

/// Called by a closing dialog while it still has the keyboard: gives the keyboard to its parent's window.
/// Without a window manager (Xvfb) the window system would otherwise give it to nobody when the dialog
/// disappears, and the console's shortcuts would stop working until someone clicks into the window.
void returnKeyboardToParent(QDialog *dialog);

/// A small dialog: what is about to happen, and a required reason (OK stays disabled until one is typed).
/// objectName "reasonDialog"; the field is "reasonEdit". A note (action "note") is written in a multi-line
/// field, "noteEdit": notes are kept with their line breaks. The keyboard starts in the field (the dialog
/// takes it when shown, also without a window manager); OK ("reasonOkButton") is the default button, so Enter
/// in the one-line field records the action once a reason is typed. Thread affinity: GUI thread.
class ReasonDialog : public QDialog {
    Q_OBJECT
public:
    explicit ReasonDialog(const ReasonRequest &request, QWidget *parent = nullptr);
    QString reason() const;
    /// Hands the keyboard back to the window it asked for before it closes (see returnKeyboardToParent()).
    void done(int result) override;

protected:
    void showEvent(QShowEvent *event) override;

private:
    QLineEdit *m_edit = nullptr;
    QPlainTextEdit *m_note = nullptr; ///< instead of m_edit for a note
    QDialogButtonBox *m_buttons;
};

} // namespace fd::ui
