#pragma once

#include "ui/widgets/reason_request.h"

#include <QDialog>

class QDialogButtonBox;
class QLineEdit;

namespace fd::ui {

/// A small dialog: what is about to happen, and a required reason (OK stays disabled until one is typed).
/// objectName "reasonDialog"; the field is "reasonEdit". Thread affinity: GUI thread.
class ReasonDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ReasonDialog(const ReasonRequest &request, QWidget *parent = nullptr);
    QString reason() const;

private:
    QLineEdit *m_edit;
    QDialogButtonBox *m_buttons;
};

} // namespace fd::ui
