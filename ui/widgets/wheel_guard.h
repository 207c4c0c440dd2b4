#pragma once

#include <QObject>

class QWidget;

namespace fd {

/// Keeps the mouse wheel from changing a value field (a combo box, a spin box) that the user has not
/// clicked or tabbed into: in a scrolling form, the wheel meant for the form would otherwise change
/// whatever field passes under the pointer (an entity's registered agent turning "Resigned" while the user
/// scrolls to the state file number). The wheel goes on to the form, which scrolls; once the field has the
/// focus, the wheel changes it as usual.
///
/// Thread affinity: the GUI thread.
class WheelGuard : public QObject {
    Q_OBJECT
public:
    /// Guards `field` (its focus policy becomes Qt::StrongFocus, so that the wheel alone never focuses it).
    static void install(QWidget *field);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit WheelGuard(QObject *parent);
};

} // namespace fd
