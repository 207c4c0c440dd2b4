#pragma once

#include "engine/access/team_roles.h"

#include <QObject>
#include <QString>

class QPushButton;
class QWidget;

namespace fd::ui {

/// "Open for review" and "Close review" of a review queue page (dead letters, halts and exceptions) in team
/// mode: opening tells the other desks "in review by NAME on HOST since TIME" (Engine::openReview), closing
/// ends the review this operator opened. The buttons (objectNames reviewOpenButton, reviewCloseButton,
/// children of the page) are hidden on a single desk and disabled while the team ledger is unreachable or
/// when the login's roles do not allow a review (the operator role; the tooltip names it).
///
/// Thread affinity: GUI thread.
class ReviewControls : public QObject {
    Q_OBJECT
public:
    explicit ReviewControls(QWidget *page);

    QPushButton *openButton() const { return m_open; }
    QPushButton *closeButton() const { return m_close; }

    void setTeamMode(bool team);
    void setLedgerReachable(bool reachable);
    /// The login's FilingDesk roles (team mode).
    void setAccess(const fd::TeamAccess &access);
    /// The item the page's detail pane shows (empty: none) and its review text (empty: nobody has it open).
    void setCurrent(const QString &key, const QString &reviewText);

    /// Whether `reviewText` ("in review by NAME on HOST since …") names this OS user on this host: only the
    /// reviewer can close a review.
    static bool isOwnReview(const QString &reviewText);

Q_SIGNALS:
    void openRequested(const QString &key);
    void closeRequested(const QString &key);

private:
    void update();

    QPushButton *m_open;
    QPushButton *m_close;
    QString m_key;
    QString m_review;
    bool m_team = false;
    bool m_reachable = true;
    fd::TeamAccess m_access;
};

} // namespace fd::ui
