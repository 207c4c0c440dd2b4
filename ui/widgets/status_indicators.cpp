#include "ui/widgets/status_indicators.h"

#include <QHBoxLayout>
#include <QLabel>

namespace fd::ui {

namespace {

QLabel *indicator(const QString &objectName, QWidget *parent) {
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setContentsMargins(6, 0, 6, 0);
    return label;
}

} // namespace

StatusIndicators::StatusIndicators(QWidget *parent)
    : QWidget(parent)
    , m_paused(indicator(QStringLiteral("statusPaused"), this))
    , m_ledger(indicator(QStringLiteral("statusLedger"), this))
    , m_reviewDesk(indicator(QStringLiteral("statusReviewDesk"), this))
    , m_gate(indicator(QStringLiteral("statusGateMode"), this))
    , m_redis(indicator(QStringLiteral("statusRedis"), this))
    , m_registry(indicator(QStringLiteral("statusRegistry"), this))
    , m_breakers(indicator(QStringLiteral("statusFailingRegistries"), this))
    , m_engine(indicator(QStringLiteral("statusEngine"), this)) {
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QLabel *label :
         {m_paused, m_ledger, m_reviewDesk, m_gate, m_redis, m_registry, m_breakers, m_engine})
        layout->addWidget(label);
    m_paused->setStyleSheet(QStringLiteral("background: #ffb300; color: black; font-weight: bold;"));
    m_paused->setText(tr("PAUSED"));
    m_paused->setAccessibleName(tr("Batch paused"));
    place(m_paused, false);
    paint(m_gate, tr("Filing limiter: starting…"), true);
    place(m_gate, true);
    place(m_redis, false); // shown with the team's limiter only
    paint(m_registry, tr("Registry: —"), true);
    place(m_registry, true);
    paint(m_engine, tr("Filing service: starting…"), true);
    place(m_engine, true);
    place(m_breakers, false);
    place(m_ledger, false);
    place(m_reviewDesk, false);
}

namespace {
// Dynamic properties of each indicator: whether it is to be shown at all, and whether it reports a normal
// state (painted without the alarm colours).
const char kWanted[] = "fdWanted";
const char kNormal[] = "fdNormal";
} // namespace

void StatusIndicators::place(QLabel *label, bool wanted) {
    label->setProperty(kWanted, wanted);
    // PAUSED, failing registries and a review desk (it sends nothing) are never routine; the others only
    // while painted as normal.
    const bool routine = label != m_paused && label != m_breakers && label != m_reviewDesk &&
                         label->property(kNormal).toBool();
    label->setVisible(wanted && !(m_makingRoom && routine));
}

void StatusIndicators::placeAll() {
    for (QLabel *label :
         {m_paused, m_ledger, m_reviewDesk, m_gate, m_redis, m_registry, m_breakers, m_engine})
        place(label, label->property(kWanted).toBool());
}

void StatusIndicators::setMakingRoom(bool on) {
    if (m_makingRoom == on)
        return;
    m_makingRoom = on;
    placeAll();
}

void StatusIndicators::setReviewDesk(const QString &reason) {
    if (reason.isEmpty()) {
        m_reviewDesk->clear();
        place(m_reviewDesk, false);
        return;
    }
    // Not a fault of the desk: it reviews, others file. Said plainly, with the reason.
    paint(m_reviewDesk, tr("Review desk: sends nothing (%1)").arg(reason), true,
          tr("This desk reviews: it takes none of the team's filings to send, because %1. To send, set a "
             "registry "
             "and the team's Redis (fleet gate) in Settings.")
              .arg(reason));
    place(m_reviewDesk, true);
}

QString StatusIndicators::reviewDeskText() const {
    return m_reviewDesk->property(kWanted).toBool() ? m_reviewDesk->text() : QString();
}

void StatusIndicators::paint(QLabel *label, const QString &text, bool ok, const QString &tooltip) {
    label->setText(text);
    label->setAccessibleName(text);
    label->setToolTip(tooltip);
    label->setStyleSheet(ok ? QString()
                            : QStringLiteral("color: white; background: #b00020; font-weight: bold;"));
    label->setProperty(kNormal, ok);
}

void StatusIndicators::setGateMode(bool fleet, bool started) {
    // The limiter keeps to each registry's ceiling of requests at a time; in people's words, with the
    // engine's term in the tooltip for support.
    if (!started)
        paint(m_gate, tr("Filing limiter: not started"), false,
              tr("The filing engine did not start: nothing is sent (gate not started)"));
    else if (fleet)
        paint(m_gate, tr("Filing limiter: shared with the team"), true,
              tr("Each registry's limit of requests at a time is shared by every desk and worker of the team "
                 "(gate: fleet, Redis)"));
    else
        paint(m_gate, tr("Filing limiter: this computer only"), true,
              tr("Each registry's limit of requests at a time is kept by this computer alone (gate: "
                 "in-process)"));
    place(m_gate, true);
}

void StatusIndicators::setRedis(const QString &state, bool ok) {
    if (state.isEmpty()) {
        m_redis->clear();
        place(m_redis, false);
        return;
    }
    paint(m_redis, tr("Connection to the team's limiter: %1").arg(state), ok,
          tr("Redis, where the team's filing limiter keeps its counts"));
    place(m_redis, true);
}

void StatusIndicators::setRegistry(bool reachable, const QString &detail) {
    paint(m_registry, reachable ? tr("Registry: reachable") : tr("Registry: unreachable"), reachable, detail);
    place(m_registry, true);
}

void StatusIndicators::setEngineAlive(bool alive) {
    paint(m_engine, alive ? tr("Filing service: running") : tr("Filing service: NOT RESPONDING"), alive,
          alive ? tr("The engine thread answers") : tr("The engine thread does not answer: nothing is sent"));
    place(m_engine, true);
}

void StatusIndicators::setFailingRegistries(const QStringList &summaries, const QString &detail) {
    if (summaries.isEmpty()) {
        m_breakers->clear();
        place(m_breakers, false);
        return;
    }
    // Two fit in the status bar; more are counted, each named in the tooltip.
    const QString text = summaries.size() <= 2 ? summaries.join(QStringLiteral(" · "))
                                               : tr("%n registries failing: nothing is sent there", nullptr,
                                                    int(summaries.size()));
    paint(m_breakers, text, false, detail);
    place(m_breakers, true);
}

void StatusIndicators::setLedger(Ledger state, const QString &detail) {
    switch (state) {
    case Ledger::Off:
        m_ledger->clear();
        place(m_ledger, false);
        return;
    case Ledger::Connecting:
        paint(m_ledger, tr("Team ledger: connecting…"), true, detail);
        break;
    case Ledger::Connected:
        paint(m_ledger, tr("Team ledger: connected"), true, detail);
        break;
    case Ledger::Unreachable:
        paint(m_ledger,
              tr("Team ledger unreachable: nothing is sent; showing this desk's mirror (read-only)"), false,
              detail);
        break;
    case Ledger::ReadOnlyStandby:
        paint(
            m_ledger,
            tr("Team ledger is a read-only standby: nothing is sent; showing this desk's mirror (read-only)"),
            false, detail);
        break;
    case Ledger::WaitingOnLock:
        paint(m_ledger, tr("Team ledger: busy, a write is waiting on a lock and is tried again"), true,
              detail);
        break;
    case Ledger::Untrusted:
        paint(m_ledger,
              tr("Team ledger's audit trail does not verify: nothing is sent; showing this desk's mirror "
                 "(read-only)"),
              false, detail);
        break;
    }
    place(m_ledger, true);
}

void StatusIndicators::setPaused(bool paused) {
    place(m_paused, paused);
}

QString StatusIndicators::gateModeText() const {
    return m_gate->text();
}
QString StatusIndicators::redisText() const {
    return m_redis->text();
}
QString StatusIndicators::registryText() const {
    return m_registry->text();
}
QString StatusIndicators::engineText() const {
    return m_engine->text();
}
QString StatusIndicators::ledgerText() const {
    return m_ledger->property(kWanted).toBool() ? m_ledger->text() : QString();
}
QString StatusIndicators::failingRegistriesText() const {
    return m_breakers->property(kWanted).toBool() ? m_breakers->text() : QString();
}

} // namespace fd::ui
