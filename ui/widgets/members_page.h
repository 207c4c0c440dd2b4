#pragma once

#include <QDateTime>
#include <QTimer>
#include <QWidget>

class QLabel;
class QStackedWidget;
class QTableView;

namespace fd {
struct LedgerMember;
} // namespace fd

namespace fd::ui {

class BannerWidget;
class MemberModel;
class MemberSortProxy;

/// The Fleet view (objectName "membersPage"): in team mode every member of the fleet as the ledger's
/// heartbeats describe it (MemberModel: kind, host, pid, version, started, last heartbeat, jurisdictions,
/// claims held, in flight, filed since start, batches; lost members greyed and marked), asked for every 2 s
/// while the view is visible (refreshRequested(), answered by Engine::membersUpdated). On a single desk it
/// says that team mode is off and how to turn it on.
///
/// Thread affinity: GUI thread.
class MembersPage : public QWidget {
    Q_OBJECT
public:
    explicit MembersPage(MemberModel *model, QWidget *parent = nullptr);

    /// Team mode with the ledger at `ledger` (its URL without a password), or a single desk (`team` false).
    void setTeamMode(bool team, const QString &ledger = QString());
    bool isTeamMode() const { return m_team; }
    /// While the ledger is unreachable the list cannot be refreshed: it says so, and since when.
    void setLedgerReachable(bool reachable, const QString &reason = QString());
    /// The ledger's identity (its random id), shown beside its address once known.
    void setLedgerIdentity(const QString &ledgerId);
    /// An answer of Engine::membersUpdated: into the model, and the summary line.
    void setMembers(const QList<fd::LedgerMember> &members);

    QTableView *table() const { return m_table; }
    MemberSortProxy *proxy() const { return m_proxy; }
    QString summaryText() const;
    static constexpr int refreshIntervalMs = 2000;

Q_SIGNALS:
    /// Time to ask the engine for the members again (EngineClient::refreshMembers).
    void refreshRequested();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void updateRefresh();
    void updateSummary();

    MemberModel *m_model;
    MemberSortProxy *m_proxy;
    QStackedWidget *m_stack;
    QLabel *m_teamOff;
    QLabel *m_summary;
    BannerWidget *m_unreachable;
    QTableView *m_table;
    QTimer m_refresh;
    QDateTime m_updatedAt;
    QString m_ledger;
    QString m_ledgerId;
    bool m_team = false;
    bool m_reachable = true;
};

} // namespace fd::ui
