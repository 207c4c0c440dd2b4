#include "ui/widgets/task_filter_bar.h"

#include <QAbstractProxyModel>

#include "ui/models/obligation_row.h"

#include "engine/model/compliance.h"
#include "ui/proxies/task_filter_proxy.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSpinBox>

#include <utility>

namespace fd::ui {

TaskFilterBar::TaskFilterBar(TaskFilterProxy *proxy, const Controls &controls, const QString &objectPrefix,
                             QWidget *parent)
    : QWidget(parent)
    , m_proxy(proxy) {
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    if (!controls.states.isEmpty()) {
        m_state = new QComboBox(this);
        m_state->setObjectName(objectPrefix + QStringLiteral("StateFilter"));
        m_state->setAccessibleName(tr("Progress filter"));
        m_state->addItem(tr("All"), QStringList());
        // In people's words; the engine's state name is the item's data (and its tooltip, for support).
        for (const QString &state : controls.states) {
            m_state->addItem(stateLabel(state), QStringList{state});
            m_state->setItemData(m_state->count() - 1, state, Qt::ToolTipRole);
            if (state == stateName(ExecutionState::DeadLetter)) {
                // Withdrawn: a dead letter to the engine, a person's decision to everyone else.
                m_state->addItem(tr("Withdrawn — will not be filed"),
                                 QStringList{QString::fromLatin1(TaskFilterProxy::kWithdrawnState)});
                m_state->setItemData(m_state->count() - 1, tr("DEAD_LETTER, withdrawn by a person"),
                                     Qt::ToolTipRole);
            }
        }
        connect(m_state, &QComboBox::currentIndexChanged, this, [this] {
            m_proxy->setStates(m_state->currentData().toStringList());
            updateCount();
        });
        auto *label = new QLabel(tr("&Progress:"), this);
        label->setBuddy(m_state);
        layout->addWidget(label);
        layout->addWidget(m_state);
    }
    m_jurisdiction = new QComboBox(this);
    m_jurisdiction->setObjectName(objectPrefix + QStringLiteral("JurisdictionFilter"));
    m_jurisdiction->setAccessibleName(tr("Jurisdiction filter"));
    m_jurisdiction->addItem(tr("All jurisdictions"), QString());
    connect(m_jurisdiction, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setJurisdiction(m_jurisdiction->currentData().toString());
        updateCount();
    });
    auto *jLabel = new QLabel(tr("&Jurisdiction:"), this);
    jLabel->setBuddy(m_jurisdiction);
    layout->addWidget(jLabel);
    layout->addWidget(m_jurisdiction);
    if (controls.categories) {
        m_category = new QComboBox(this);
        m_category->setObjectName(objectPrefix + QStringLiteral("CategoryFilter"));
        m_category->setAccessibleName(tr("Error category filter"));
        m_category->addItem(tr("All categories"), QString());
        const std::pair<const char *, QString> categories[] = {
            {"validation", tr("validation error")},   {"transient", tr("transient fault")},
            {"statutory", tr("statutory halt")},      {"system", tr("system fault")},
            {"reconciliation", tr("reconciliation")}, {"none", tr("no error")},
        };
        for (const auto &[code, label] : categories)
            m_category->addItem(label, QString::fromLatin1(code));
        connect(m_category, &QComboBox::currentIndexChanged, this, [this] {
            m_proxy->setCategory(m_category->currentData().toString());
            updateCount();
        });
        layout->addWidget(m_category);
    }
    if (controls.compliance) {
        m_compliance = new QComboBox(this);
        m_compliance->setObjectName(objectPrefix + QStringLiteral("ComplianceFilter"));
        m_compliance->setAccessibleName(tr("Compliance status filter"));
        m_compliance->addItem(tr("Any status"), QStringList());
        for (const Compliance c : allCompliance()) {
            // "Filed" covers a filing whose fee differs: it is filed too. "Filed — fee differs" alone is the
            // list of those to review (the fee charged is not the rule's).
            QStringList names{complianceName(c)};
            if (c == Compliance::Filed)
                names << complianceName(Compliance::FiledFeeDiffers);
            m_compliance->addItem(complianceLabel(c), names);
        }
        m_compliance->addItem(tr("Not filed yet"), QStringList{complianceName(Compliance::Due),
                                                               complianceName(Compliance::Overdue),
                                                               complianceName(Compliance::NeedsData),
                                                               complianceName(Compliance::Halted)});
        connect(m_compliance, &QComboBox::currentIndexChanged, this, [this] {
            m_proxy->setCompliance(m_compliance->currentData().toStringList());
            updateCount();
        });
        auto *label = new QLabel(tr("Stat&us:"), this);
        label->setBuddy(m_compliance);
        layout->addWidget(label);
        layout->addWidget(m_compliance);
    }
    if (controls.owner) {
        m_owner = new QComboBox(this);
        m_owner->setObjectName(objectPrefix + QStringLiteral("OwnerFilter"));
        m_owner->setAccessibleName(tr("Owner filter"));
        connect(m_owner, &QComboBox::currentIndexChanged, this, [this] {
            m_proxy->setOwner(m_owner->currentData().toString());
            updateCount();
        });
        auto *label = new QLabel(tr("O&wner:"), this);
        label->setBuddy(m_owner);
        layout->addWidget(label);
        layout->addWidget(m_owner);
        rebuildOwners();
    }
    if (controls.dueWindow) {
        m_dueWindow = new QSpinBox(this);
        m_dueWindow->setObjectName(objectPrefix + QStringLiteral("DueWindow"));
        m_dueWindow->setAccessibleName(tr("Due within days"));
        m_dueWindow->setRange(-1, 3660);
        m_dueWindow->setValue(-1);
        m_dueWindow->setSpecialValueText(tr("any time"));
        m_dueWindow->setSuffix(tr(" days"));
        connect(m_dueWindow, &QSpinBox::valueChanged, this, [this](int days) {
            m_proxy->setDueWithinDays(days);
            updateCount();
        });
        auto *label = new QLabel(tr("&Due within:"), this);
        label->setBuddy(m_dueWindow);
        layout->addWidget(label);
        layout->addWidget(m_dueWindow);
    }
    m_search = new QLineEdit(this);
    m_search->setObjectName(objectPrefix + QStringLiteral("Search"));
    m_search->setAccessibleName(tr("Search"));
    m_search->setPlaceholderText(tr("Search entity, filing, confirmation number, registry's code…"));
    m_search->setToolTip(tr("Also finds a filing by the reference support gives you (its idempotency key or "
                            "trace id)"));
    m_search->setClearButtonEnabled(true);
    // Room to read what was typed, whatever the language: the filter lists give up width before the search.
    m_search->setMinimumWidth(m_search->fontMetrics().averageCharWidth() * 16);
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setSearchText(text);
        updateCount();
    });
    layout->addWidget(m_search, 1);
    m_count = new QLabel(this);
    m_count->setObjectName(objectPrefix + QStringLiteral("Count"));
    layout->addWidget(m_count);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &TaskFilterBar::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &TaskFilterBar::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &TaskFilterBar::updateCount);
    // "M" is the source's count: a row the filter hid before it left the source changes M and nothing the
    // proxy shows ("8 of 9 shown" next to a tab that says 8).
    auto followSource = [this] {
        if (QAbstractItemModel *source = m_proxy->sourceModel()) {
            connect(source, &QAbstractItemModel::rowsInserted, this, &TaskFilterBar::updateCount,
                    Qt::UniqueConnection);
            connect(source, &QAbstractItemModel::rowsRemoved, this, &TaskFilterBar::updateCount,
                    Qt::UniqueConnection);
            connect(source, &QAbstractItemModel::modelReset, this, &TaskFilterBar::updateCount,
                    Qt::UniqueConnection);
        }
        updateCount();
    };
    connect(m_proxy, &QAbstractProxyModel::sourceModelChanged, this, followSource);
    followSource();
    // The lists give up width before the views do: each shows its current choice in about 9 characters
    // (elided when longer) (German choices run long: "Übermittlung gescheitert — braucht einen Menschen"),
    // and opens as wide as its longest choice. The bar then fits a laptop's screen in every language.
    for (QComboBox *box : findChildren<QComboBox *>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(9);
        const auto fitPopup = [box] {
            box->view()->setMinimumWidth(box->view()->sizeHintForColumn(0) +
                                         box->view()->verticalScrollBar()->sizeHint().width() + 8);
        };
        fitPopup();
        connect(box->model(), &QAbstractItemModel::rowsInserted, box, fitPopup);
        connect(box->model(), &QAbstractItemModel::modelReset, box, fitPopup);
    }
}

void TaskFilterBar::setJurisdictions(const QStringList &jurisdictions) {
    const QString current = m_jurisdiction->currentData().toString();
    QSignalBlocker block(m_jurisdiction);
    while (m_jurisdiction->count() > 1)
        m_jurisdiction->removeItem(1);
    for (const QString &j : jurisdictions)
        m_jurisdiction->addItem(j, j);
    const int found = m_jurisdiction->findData(current);
    m_jurisdiction->setCurrentIndex(found >= 0 ? found : 0);
}

void TaskFilterBar::setOwners(const QStringList &owners) {
    QStringList sorted;
    for (const QString &owner : owners) {
        if (!owner.trimmed().isEmpty() && !sorted.contains(owner.trimmed(), Qt::CaseInsensitive))
            sorted << owner.trimmed();
    }
    sorted.sort(Qt::CaseInsensitive);
    if (sorted == m_owners)
        return;
    m_owners = sorted;
    rebuildOwners();
}

void TaskFilterBar::setMyName(const QString &name) {
    if (name.trimmed() == m_myName)
        return;
    m_myName = name.trimmed();
    rebuildOwners();
}

void TaskFilterBar::showMine(bool mine) {
    if (!m_owner)
        return;
    m_owner->setCurrentIndex(mine && !m_myName.isEmpty() ? 1 : 0);
}

void TaskFilterBar::rebuildOwners() {
    if (!m_owner)
        return;
    const QString current = m_owner->currentData().toString();
    {
        QSignalBlocker block(m_owner);
        m_owner->clear();
        m_owner->addItem(tr("Anyone"), QString());
        if (!m_myName.isEmpty())
            m_owner->addItem(tr("My filings (%1)").arg(m_myName), m_myName);
        for (const QString &owner : std::as_const(m_owners)) {
            if (owner.compare(m_myName, Qt::CaseInsensitive) != 0)
                m_owner->addItem(owner, owner);
        }
        const int found = current.isEmpty() ? 0 : m_owner->findData(current);
        m_owner->setCurrentIndex(found >= 0 ? found : 0);
    }
    m_proxy->setOwner(m_owner->currentData().toString());
    updateCount();
}

void TaskFilterBar::updateCount() {
    if (!m_count)
        return; // still being built
    const int total = m_proxy->sourceModel() ? m_proxy->sourceModel()->rowCount() : 0;
    m_count->setText(tr("%1 of %2 shown").arg(m_proxy->rowCount()).arg(total));
}

} // namespace fd::ui
