#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace fd::ui {

/// A full-width coloured strip for states nobody may miss (gate blind, batch paused) and for notices.
/// Hidden while it has no text. Thread affinity: GUI thread.
class BannerWidget : public QFrame {
    Q_OBJECT
public:
    enum class Kind { Alarm, Warning, Notice };

    explicit BannerWidget(Kind kind, QWidget *parent = nullptr);
    /// Shows `text` (empty: hides the banner).
    void showMessage(const QString &text);
    QString message() const;
    /// Adds a button on the right ("Show", "Dismiss"); `slot` runs when clicked.
    QToolButton *addButton(const QString &text, const QString &objectName);

Q_SIGNALS:
    /// showMessage() was called: the banner was shown, changed or hidden.
    void messageChanged();

private:
    QLabel *m_label;
};

} // namespace fd::ui
