#include "ui/widgets/wheel_guard.h"

#include <QEvent>
#include <QWidget>

namespace fd {

WheelGuard::WheelGuard(QObject *parent)
    : QObject(parent) {}

void WheelGuard::install(QWidget *field) {
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(new WheelGuard(field));
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Wheel) {
        auto *field = qobject_cast<QWidget *>(watched);
        if (field && !field->hasFocus()) {
            // Not the field's: ignored, it propagates to the parents (the scroll area scrolls).
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace fd
