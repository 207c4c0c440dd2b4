#include "ui/widgets/banner_widget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace fd::ui {

BannerWidget::BannerWidget(Kind kind, QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this)) {
    // Colours chosen for contrast, not theme: these strips must stand out on any style.
    const char *style = nullptr;
    switch (kind) {
    case Kind::Alarm:
        style = "fd--ui--BannerWidget { background: #b00020; } QLabel { color: white; font-weight: bold; "
                "font-size: 15pt; }";
        break;
    case Kind::Warning:
        style = "fd--ui--BannerWidget { background: #ffb300; } QLabel { color: black; font-weight: bold; "
                "font-size: 13pt; }";
        break;
    case Kind::Notice:
        style = "fd--ui--BannerWidget { background: #1565c0; } QLabel { color: white; font-weight: bold; }";
        break;
    }
    setStyleSheet(QString::fromLatin1(style));
    setAutoFillBackground(true);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    layout->addWidget(m_label, 1);
    hide();
}

void BannerWidget::showMessage(const QString &text) {
    m_label->setText(text);
    setAccessibleDescription(text);
    setVisible(!text.isEmpty());
    Q_EMIT messageChanged();
}

QString BannerWidget::message() const {
    return isHidden() ? QString() : m_label->text();
}

QToolButton *BannerWidget::addButton(const QString &text, const QString &objectName) {
    auto *button = new QToolButton(this);
    button->setText(text);
    button->setObjectName(objectName);
    button->setAccessibleName(text);
    layout()->addWidget(button);
    return button;
}

} // namespace fd::ui
