#pragma once

#include "engine/core/engine_types.h"

#include <QWidget>

class QAction;
class QLabel;
class QProgressBar;
class QSpinBox;

namespace fd::ui {

/// The Batch panel: launch everything due within N days, pause, resume, cancel (the window's actions, so
/// shortcuts and toolbar agree), a progress bar with the count per state and an estimate of time left.
/// A paused batch shows it here too; in team mode also what this desk holds and filed. Thread affinity: GUI
/// thread.
class BatchPanel : public QWidget {
    Q_OBJECT
public:
    struct Actions {
        QAction *launchDue;
        QAction *launchSelection;
        QAction *pause;
        QAction *resume;
        QAction *cancel;
    };

    BatchPanel(const Actions &actions, int dueWithinDays, QWidget *parent = nullptr);

    int dueWithinDays() const;
    /// The launch window, as if typed into the panel's box.
    void setDueWithinDays(int days);
    void setStatus(const fd::BatchStatus &status);
    const BatchStatus &status() const { return m_status; }

private:
    BatchStatus m_status;
    QSpinBox *m_dueWithin;
    QProgressBar *m_progress;
    QLabel *m_title;
    QLabel *m_counts;
    QLabel *m_wire;
    QLabel *m_eta;
};

} // namespace fd::ui
