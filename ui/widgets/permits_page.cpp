#include "ui/widgets/permits_page.h"

#include "ui/models/permit_model.h"
#include "ui/widgets/banner_widget.h"
#include "ui/widgets/inflight_chart.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace fd::ui {

PermitsPage::PermitsPage(PermitModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_blindBanner(new BannerWidget(BannerWidget::Kind::Alarm, this))
    , m_breakerBanner(new BannerWidget(BannerWidget::Kind::Warning, this))
    , m_gateLabel(new QLabel(this))
    , m_tree(new QTreeView(this))
    , m_chart(new InFlightChart(this)) {
    setObjectName(QStringLiteral("permitsPage"));
    m_blindBanner->setObjectName(QStringLiteral("permitsGateBlindBanner"));
    m_breakerBanner->setObjectName(QStringLiteral("permitsFailingRegistriesBanner"));
    m_breakerBanner->setAccessibleName(tr("Registries failing"));
    m_gateLabel->setObjectName(QStringLiteral("gateDescription"));
    m_gateLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tree->setObjectName(QStringLiteral("permitsTree"));
    m_tree->setAccessibleName(tr("Permits in use and their holders"));
    m_tree->setModel(model);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setStretchLastSection(true);
    // A reset (the set of jurisdictions changed) recreates the header sections: widths are applied again.
    auto applyWidths = [this] {
        m_tree->setColumnWidth(PermitModel::NameColumn, 180);
        m_tree->setColumnWidth(PermitModel::InUseColumn, 210);
        m_tree->setColumnWidth(PermitModel::AgeColumn, 90);
        m_tree->setColumnWidth(PermitModel::LeaseColumn, 120);
        m_tree->setColumnWidth(PermitModel::HostColumn, 140);
        m_tree->setColumnWidth(PermitModel::EntityColumn, 300);
    };
    applyWidths();
    connect(model, &QAbstractItemModel::modelReset, m_tree, applyWidths);
    // Busy jurisdictions open by themselves so the holders are in view without clicking.
    connect(model, &QAbstractItemModel::rowsInserted, m_tree, [this](const QModelIndex &group) {
        if (group.isValid())
            m_tree->expand(group);
    });
    connect(model, &QAbstractItemModel::modelReset, m_tree, [this] {
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (m_model->rowCount(m_model->index(row, 0)) > 0)
                m_tree->expand(m_model->index(row, 0));
        }
    });

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("permitsSplitter"));
    splitter->addWidget(m_tree);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_blindBanner);
    layout->addWidget(m_breakerBanner);
    layout->addWidget(m_gateLabel);
    layout->addWidget(splitter, 1);
}

void PermitsPage::setGateDescription(const QString &description, bool fleetMode) {
    m_gateLabel->setText(
        fleetMode
            ? tr("Filing limiter shared with the team: each registry's limit of requests at a time counts "
                 "every desk and worker.")
            : tr("Filing limiter on this computer only: each registry's limit of requests at a time "
                 "counts this console's requests."));
    m_gateLabel->setToolTip(fleetMode ? tr("Fleet gate: %1").arg(description)
                                      : tr("In-process gate: %1").arg(description));
}

void PermitsPage::setGateBlind(bool blind, const QString &reason) {
    m_blindBanner->showMessage(
        blind ? tr("NOTHING IS BEING SENT: the team's filing limiter cannot be reached (%1). Sending resumes "
                   "by itself when it answers again.")
                    .arg(reason)
              : QString());
    m_blindBanner->setToolTip(blind ? tr("Gate blind: Redis unreachable") : QString());
}

void PermitsPage::setFailingRegistries(const QStringList &lines, const QString &detail) {
    m_breakerBanner->showMessage(lines.join(QLatin1Char('\n')));
    m_breakerBanner->setToolTip(detail);
}

void PermitsPage::addUsage(const QList<JurisdictionUsage> &usage) {
    m_model->setUsage(usage);
    m_chart->addSample(usage, QDateTime::currentDateTime());
}

} // namespace fd::ui
