#include "ui/widgets/members_page.h"

#include "ui/models/display_format.h"
#include "ui/models/member_model.h"
#include "ui/proxies/member_sort_proxy.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/table_setup.h"

#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace fd::ui {

MembersPage::MembersPage(MemberModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new MemberSortProxy(this))
    , m_stack(new QStackedWidget(this))
    , m_teamOff(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_unreachable(new BannerWidget(BannerWidget::Kind::Alarm, this))
    , m_table(new QTableView(this)) {
    setObjectName(QStringLiteral("membersPage"));
    m_proxy->setObjectName(QStringLiteral("membersProxy"));
    m_proxy->setSourceModel(model);

    m_teamOff->setObjectName(QStringLiteral("fleetTeamOff"));
    m_teamOff->setWordWrap(true);
    m_teamOff->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_teamOff->setTextFormat(Qt::PlainText);
    m_teamOff->setContentsMargins(12, 12, 12, 12);
    m_teamOff->setText(
        tr("Team mode is off: this console works alone, on its own database, and there is no fleet to "
           "show.\n\nTo work as a team, every desk and headless run uses one shared PostgreSQL ledger: set "
           "\"Ledger URL\" under Team ledger in Settings (Ctrl+,), for example "
           "postgresql://filingdesk@db.example:5432/filingdesk, keep its password in the keychain there, and "
           "restart the console; or start it with --ledger URL for one session. Headless members join with "
           "filingdesk run --ledger URL."));

    setUpTable(m_table, m_proxy,
               {QStringLiteral("fleetTable"), tr("Members of the fleet"), MemberModel::KindColumn,
                Qt::AscendingOrder, QAbstractItemView::SingleSelection});
    m_table->setColumnWidth(MemberModel::MemberColumn, 260);
    m_table->setColumnWidth(MemberModel::StatusColumn, 70);
    m_table->setColumnWidth(MemberModel::KindColumn, 130);
    m_table->setColumnWidth(MemberModel::HostColumn, 140);
    m_table->setColumnWidth(MemberModel::ProcessColumn, 70);
    m_table->setColumnWidth(MemberModel::VersionColumn, 70);
    m_table->setColumnWidth(MemberModel::StartedColumn, 150);
    m_table->setColumnWidth(MemberModel::LastBeatColumn, 150);
    m_table->setColumnWidth(MemberModel::JurisdictionsColumn, 110);
    m_table->setColumnWidth(MemberModel::ClaimsColumn, 90);
    m_table->setColumnWidth(MemberModel::InFlightColumn, 70);
    m_table->setColumnWidth(MemberModel::FiledColumn, 120);

    m_summary->setObjectName(QStringLiteral("fleetSummary"));
    m_summary->setWordWrap(true);
    m_unreachable->setObjectName(QStringLiteral("fleetUnreachableBanner"));

    auto *teamView = new QWidget(this);
    auto *teamLayout = new QVBoxLayout(teamView);
    teamLayout->setContentsMargins(0, 0, 0, 0);
    teamLayout->addWidget(m_unreachable);
    teamLayout->addWidget(m_summary);
    teamLayout->addWidget(m_table, 1);
    m_stack->addWidget(m_teamOff);
    m_stack->addWidget(teamView);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_stack);

    m_refresh.setInterval(refreshIntervalMs);
    connect(&m_refresh, &QTimer::timeout, this, &MembersPage::refreshRequested);
    setTeamMode(false);
}

void MembersPage::setTeamMode(bool team, const QString &ledger) {
    m_team = team;
    m_ledger = ledger;
    m_stack->setCurrentIndex(team ? 1 : 0);
    updateSummary();
    updateRefresh();
}

void MembersPage::setLedgerIdentity(const QString &ledgerId) {
    if (ledgerId == m_ledgerId)
        return;
    m_ledgerId = ledgerId;
    updateSummary();
}

void MembersPage::setLedgerReachable(bool reachable, const QString &reason) {
    m_reachable = reachable;
    m_unreachable->showMessage(
        reachable ? QString()
                  : tr("The team ledger cannot be reached%1: the list below is as of %2 and is not refreshed "
                       "until it answers again.")
                        .arg(reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(reason),
                             m_updatedAt.isValid() ? formatDateTime(m_updatedAt) : tr("never")));
    updateRefresh();
}

void MembersPage::setMembers(const QList<LedgerMember> &members) {
    m_model->setMembers(members);
    m_updatedAt = QDateTime::currentDateTime();
    updateSummary();
}

QString MembersPage::summaryText() const {
    return m_summary->text();
}

void MembersPage::updateSummary() {
    if (!m_team) {
        m_summary->clear();
        return;
    }
    int claims = 0;
    int inFlight = 0;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const LedgerMember &m = m_model->memberAt(row);
        if (m.lost)
            continue;
        claims += m.claimsHeld;
        inFlight += m.inFlight;
    }
    const int lost = m_model->lostCount();
    const int live = m_model->rowCount() - lost;
    const QString ledger =
        m_ledgerId.isEmpty() ? m_ledger : QStringLiteral("%1 [%2]").arg(m_ledger, m_ledgerId);
    m_summary->setText(tr("Ledger %1: %n member(s) at work", nullptr, live).arg(ledger) +
                       tr(", %n lost", nullptr, lost) +
                       tr(" · claims held %1 · in flight %2 · updated %3")
                           .arg(claims)
                           .arg(inFlight)
                           .arg(m_updatedAt.isValid() ? formatDateTime(m_updatedAt) : tr("never")));
}

void MembersPage::updateRefresh() {
    // Asked for only while someone looks, and only when there is a ledger that answers.
    const bool wanted = m_team && m_reachable && isVisible();
    if (wanted && !m_refresh.isActive()) {
        m_refresh.start();
        Q_EMIT refreshRequested(); // at once, not two seconds after the view was opened
    } else if (!wanted) {
        m_refresh.stop();
    }
}

void MembersPage::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    updateRefresh();
}

void MembersPage::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    updateRefresh();
}

} // namespace fd::ui
