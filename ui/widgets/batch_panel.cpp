#include "ui/widgets/batch_panel.h"

#include "engine/model/compliance.h"

#include "engine/model/execution_state.h"
#include "ui/models/display_format.h"
#include "ui/models/obligation_row.h"

#include <QAction>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>

namespace fd::ui {

namespace {

QToolButton *buttonFor(QAction *action, const QString &objectName, QWidget *parent) {
    auto *button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setObjectName(objectName);
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setAccessibleName(action->text().remove(QLatin1Char('&')));
    return button;
}

} // namespace

BatchPanel::BatchPanel(const Actions &actions, int dueWithinDays, QWidget *parent)
    : QWidget(parent)
    , m_dueWithin(new QSpinBox(this))
    , m_progress(new QProgressBar(this))
    , m_title(new QLabel(this))
    , m_counts(new QLabel(this))
    , m_wire(new QLabel(this))
    , m_eta(new QLabel(this)) {
    setObjectName(QStringLiteral("batchPanel"));
    m_dueWithin->setObjectName(QStringLiteral("dueWithinSpin"));
    m_dueWithin->setAccessibleName(tr("Launch window in days"));
    m_dueWithin->setRange(0, 3660);
    m_dueWithin->setValue(dueWithinDays);
    m_dueWithin->setSuffix(tr(" days"));
    m_progress->setObjectName(QStringLiteral("batchProgress"));
    m_progress->setAccessibleName(tr("Batch progress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setMinimumWidth(320);
    m_title->setObjectName(QStringLiteral("batchTitle"));
    m_counts->setObjectName(QStringLiteral("batchCounts"));
    m_counts->setWordWrap(true);
    m_wire->setObjectName(QStringLiteral("batchWire"));
    m_eta->setObjectName(QStringLiteral("batchEta"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);

    auto *dueLabel = new QLabel(tr("Due &within:"), this);
    dueLabel->setBuddy(m_dueWithin);
    auto *controls = new QHBoxLayout;
    controls->addWidget(dueLabel);
    controls->addWidget(m_dueWithin);
    controls->addWidget(buttonFor(actions.launchDue, QStringLiteral("launchDueButton"), this));
    controls->addWidget(
        buttonFor(actions.launchSelection, QStringLiteral("launchSelectionToolButton"), this));
    controls->addSpacing(16);
    controls->addWidget(buttonFor(actions.pause, QStringLiteral("pauseButton"), this));
    controls->addWidget(buttonFor(actions.resume, QStringLiteral("resumeButton"), this));
    controls->addWidget(buttonFor(actions.cancel, QStringLiteral("cancelButton"), this));
    controls->addStretch(1);

    auto *grid = new QGridLayout(this);
    grid->addLayout(controls, 0, 0, 1, 3);
    grid->addWidget(m_title, 1, 0);
    grid->addWidget(m_progress, 1, 1);
    grid->addWidget(m_eta, 1, 2);
    grid->addWidget(m_counts, 2, 0, 1, 3);
    grid->addWidget(m_wire, 3, 0, 1, 3);
    grid->setColumnStretch(1, 1);
    setStatus(BatchStatus{});
}

void BatchPanel::setDueWithinDays(int days) {
    m_dueWithin->setValue(days);
}

int BatchPanel::dueWithinDays() const {
    return m_dueWithin->value();
}

void BatchPanel::setStatus(const BatchStatus &status) {
    m_status = status;
    int terminal = 0;
    QStringList parts;
    QStringList engineTerms; // the same counts under the engine's names, for support (tooltip)
    // Withdrawn filings are dead letters to the engine, but nobody needs to act on them: counted apart.
    const int withdrawnCount = status.byCompliance.value(complianceName(Compliance::WillNotFile));
    for (ExecutionState state : allStates()) {
        const int n = status.byState.value(stateName(state));
        if (isTerminal(state))
            terminal += n;
        if (state == ExecutionState::DeadLetter) {
            const int withdrawn = std::min(withdrawnCount, n);
            parts << tr("%1: %2").arg(stateLabel(state)).arg(n - withdrawn);
            if (withdrawn > 0)
                parts << tr("Withdrawn — will not be filed: %1").arg(withdrawn);
        } else {
            parts << tr("%1: %2").arg(stateLabel(state)).arg(n);
        }
        engineTerms << QStringLiteral("%1 %2").arg(stateName(state)).arg(n);
    }
    // The batch by its start, not by its id; the id is for support.
    const QString batch = status.startedUtc.isValid()
                              ? tr("Batch started %1").arg(formatDateTime(status.startedUtc.toLocalTime()))
                              : tr("This batch");
    m_title->setToolTip(status.batchId.isEmpty() ? QString() : tr("Batch id: %1").arg(status.batchId));
    if (status.teamMode && !status.ledgerTrusted) {
        m_title->setText(tr("Team ledger's audit trail does not verify — nothing is sent"));
    } else if (status.teamMode && !status.ledgerReachable) {
        // Whatever the batch's state in the ledger, this desk sends nothing until the ledger answers.
        m_title->setText(status.batchId.isEmpty()
                             ? tr("Team ledger unreachable — nothing is sent")
                             : tr("%1 — team ledger unreachable, nothing is sent").arg(batch));
    } else if (status.batchId.isEmpty() && status.teamMode && status.paused) {
        m_title->setText(tr("The team's batches — PAUSED"));
    } else if (status.batchId.isEmpty()) {
        // In a team the figures below are the team's batches seen since this desk started: once none is
        // running (finished or cancelled) they stay, and "yet" would contradict them.
        m_title->setText(status.total > 0 ? tr("No batch running") : tr("No batch yet"));
    } else if (status.paused) {
        m_title->setText(tr("%1 — PAUSED").arg(batch));
    } else if (status.active) {
        m_title->setText(tr("%1 — sending").arg(batch));
    } else {
        m_title->setText(tr("%1 — finished").arg(batch));
    }
    // Progress is what is filed: a batch whose other filings wait for a person is not "done".
    const int filed = status.byCompliance.value(complianceName(Compliance::Filed)) +
                      status.byCompliance.value(complianceName(Compliance::FiledFeeDiffers));
    const int halted = status.byCompliance.value(complianceName(Compliance::Halted));
    const int withdrawn = status.byCompliance.value(complianceName(Compliance::WillNotFile));
    m_progress->setRange(0, qMax(1, status.total));
    m_progress->setValue(filed);
    if (status.total == 0)
        m_progress->setFormat(tr("nothing launched"));
    else if (status.paused)
        m_progress->setFormat(tr("PAUSED — %v of %m filed"));
    else if (halted + withdrawn > 0 && terminal == status.total)
        m_progress->setFormat(
            tr("%v of %m filed — %1 wait for a person, %2 will not be filed").arg(halted).arg(withdrawn));
    else
        m_progress->setFormat(tr("%v of %m filed (%p%)"));
    // A paused bar is drawn in the paused colour, not the "in progress" one.
    m_progress->setStyleSheet(status.paused ? QStringLiteral("QProgressBar::chunk { background: #ffb300; }")
                                            : QString());
    m_counts->setText(parts.join(QStringLiteral(" · ")));
    m_counts->setToolTip(tr("Engine states: %1").arg(engineTerms.join(QStringLiteral(", "))));
    QString wire =
        tr("Being sent now: %1 · waiting for the registry's limit: %2 · to be tried again: %3%4")
            .arg(status.inFlight)
            .arg(status.awaitingPermit)
            .arg(status.waitingRetry)
            .arg(status.gateBlind ? tr(" · NOTHING IS BEING SENT: the filing limiter cannot be reached")
                                  : QString());
    m_wire->setToolTip(tr("In flight %1 · awaiting permit %2 · waiting to retry %3 (engine terms)")
                           .arg(status.inFlight)
                           .arg(status.awaitingPermit)
                           .arg(status.waitingRetry));
    // Team mode: the counts are the fleet's; what this desk holds and filed is its own.
    if (status.teamMode && !status.reviewOnlyReason.isEmpty())
        wire += tr(" · this desk reviews and takes no filings to send");
    else if (status.teamMode)
        wire += tr(" · this desk: %1 taken to send, %2 filed since it started")
                    .arg(status.claimsHeld)
                    .arg(status.filedHere);
    m_wire->setText(wire);
    if (status.teamMode && !status.ledgerReachable)
        m_eta->setText(tr("Time left: —"));
    else if (status.paused)
        m_eta->setText(tr("Time left: paused"));
    else if (status.active)
        m_eta->setText(tr("Time left: about %1").arg(formatDuration(status.etaMs)));
    else
        m_eta->setText(QString());
}

} // namespace fd::ui
