#pragma once

#include <QDialog>

namespace fd::ui {

/// Help > About FilingDesk: the program version, the version of the built-in rules file (every due date
/// the console shows comes from it) and the Qt version at run time and build time. GUI thread.
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);
};

} // namespace fd::ui
