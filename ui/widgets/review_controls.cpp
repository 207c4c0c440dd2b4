#include "ui/widgets/review_controls.h"
#include "engine/core/host_identity.h"

#include "engine/audit/audit_store.h"
#include "ui/widgets/access_gate.h"

#include <QPushButton>
#include <QWidget>

namespace fd::ui {

ReviewControls::ReviewControls(QWidget *page)
    : QObject(page)
    , m_open(new QPushButton(tr("&Open for review"), page))
    , m_close(new QPushButton(tr("C&lose review"), page)) {
    m_open->setObjectName(QStringLiteral("reviewOpenButton"));
    m_open->setAccessibleName(tr("Open the current item for review: the other desks see who has it"));
    m_open->setToolTip(tr("Tell the other desks that you are looking into this item"));
    m_close->setObjectName(QStringLiteral("reviewCloseButton"));
    m_close->setAccessibleName(tr("Close your review of the current item"));
    m_close->setToolTip(tr("End your review: the other desks no longer see it as taken"));
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (!m_key.isEmpty())
            Q_EMIT openRequested(m_key);
    });
    connect(m_close, &QPushButton::clicked, this, [this] {
        if (!m_key.isEmpty())
            Q_EMIT closeRequested(m_key);
    });
    update();
}

void ReviewControls::setTeamMode(bool team) {
    m_team = team;
    update();
}

void ReviewControls::setLedgerReachable(bool reachable) {
    m_reachable = reachable;
    update();
}

void ReviewControls::setAccess(const TeamAccess &access) {
    m_access = access;
    update();
}

void ReviewControls::setCurrent(const QString &key, const QString &reviewText) {
    m_key = key;
    m_review = reviewText;
    update();
}

bool ReviewControls::isOwnReview(const QString &reviewText) {
    // The engine's words are translated; the reviewer's name and host are not.
    return !reviewText.isEmpty() && reviewText.contains(QStringLiteral(" %1 ").arg(host::osUser())) &&
           reviewText.contains(QStringLiteral(" %1 ").arg(host::hostName()));
}

void ReviewControls::update() {
    m_open->setVisible(m_team);
    m_close->setVisible(m_team);
    const bool usable = m_team && m_reachable && !m_key.isEmpty();
    AccessGate::apply(m_open, usable && m_review.isEmpty(), m_access, kReviewAction);
    AccessGate::apply(m_close, usable && isOwnReview(m_review), m_access, kReviewAction);
}

} // namespace fd::ui
