#include "ui/widgets/audit_page.h"
#include "ui/widgets/file_dialogs.h"
#include "ui/widgets/table_setup.h"

#include "ui/models/audit_model.h"
#include "ui/models/item_roles.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <utility>

namespace fd::ui {

namespace {

QLineEdit *searchField(const QString &objectName, const QString &accessibleName, const QString &placeholder,
                       QWidget *parent) {
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(objectName);
    edit->setAccessibleName(accessibleName);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

} // namespace

AuditPage::AuditPage(AuditModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new QSortFilterProxyModel(this))
    , m_text(searchField(QStringLiteral("auditText"), tr("Audit free text"),
                         tr("any text: entity, person, action, detail, reason"), this))
    , m_key(searchField(QStringLiteral("auditKey"), tr("Filing reference"),
                        tr("a filing's reference, as a detail pane shows it"), this))
    , m_entity(searchField(QStringLiteral("auditEntity"), tr("Entity id"), tr("entity id"), this))
    , m_actor(searchField(QStringLiteral("auditActor"), tr("Actor"),
                          tr("person (computer login), or FilingDesk"), this))
    , m_action(new QComboBox(this))
    , m_fromEnabled(new QCheckBox(tr("From"), this))
    , m_from(new QDateTimeEdit(QDateTime::currentDateTime().addDays(-1), this))
    , m_toEnabled(new QCheckBox(tr("To"), this))
    , m_to(new QDateTimeEdit(QDateTime::currentDateTime().addDays(1), this))
    , m_table(new QTableView(this))
    , m_count(new QLabel(this)) {
    setObjectName(QStringLiteral("auditPage"));
    m_action->setObjectName(QStringLiteral("auditAction"));
    m_action->setAccessibleName(tr("Action"));
    m_action->setEditable(true);
    m_action->addItem(QString());
    // Shown in the operator's language with the code the audit trail stores; a code typed by hand is searched
    // as it stands.
    for (const auto &[code, label] : auditActions())
        m_action->addItem(QStringLiteral("%1 (%2)").arg(label, code), code);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        edit->setCalendarPopup(true);
        edit->setEnabled(false);
    }
    m_from->setObjectName(QStringLiteral("auditFrom"));
    m_from->setAccessibleName(tr("From time"));
    m_to->setObjectName(QStringLiteral("auditTo"));
    m_to->setAccessibleName(tr("To time"));
    m_fromEnabled->setObjectName(QStringLiteral("auditFromEnabled"));
    m_toEnabled->setObjectName(QStringLiteral("auditToEnabled"));
    connect(m_fromEnabled, &QCheckBox::toggled, m_from, &QWidget::setEnabled);
    connect(m_toEnabled, &QCheckBox::toggled, m_to, &QWidget::setEnabled);

    auto *searchButton = new QPushButton(tr("&Search"), this);
    searchButton->setObjectName(QStringLiteral("auditSearchButton"));
    searchButton->setShortcut(QKeySequence(Qt::Key_F5));
    searchButton->setToolTip(tr("Search the audit trail (F5)"));
    auto *exportButton = new QPushButton(tr("&Export CSV…"), this);
    exportButton->setObjectName(QStringLiteral("auditExportButton"));

    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(SortRole);
    setUpTable(
        m_table, m_proxy,
        {QStringLiteral("auditTable"), tr("Audit trail"), AuditModel::TimeColumn, Qt::DescendingOrder});
    m_table->setColumnWidth(AuditModel::TimeColumn, 190);
    m_table->setColumnWidth(AuditModel::ActionColumn, 130);
    m_table->setColumnWidth(AuditModel::KeyColumn, 140);
    m_table->setColumnWidth(AuditModel::EntityColumn, 170);
    m_table->setColumnWidth(AuditModel::TransitionColumn, 330);
    m_table->setColumnWidth(AuditModel::ReasonColumn, 260);

    auto *row1 = new QHBoxLayout;
    row1->addWidget(m_text, 2);
    row1->addWidget(m_key, 1);
    row1->addWidget(m_entity, 1);
    row1->addWidget(m_actor, 1);
    row1->addWidget(m_action, 1);
    auto *row2 = new QHBoxLayout;
    row2->addWidget(m_fromEnabled);
    row2->addWidget(m_from);
    row2->addWidget(m_toEnabled);
    row2->addWidget(m_to);
    row2->addStretch(1);
    row2->addWidget(m_count);
    row2->addWidget(searchButton);
    row2->addWidget(exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row1);
    layout->addLayout(row2);
    layout->addWidget(m_table, 1);

    connect(searchButton, &QPushButton::clicked, this, &AuditPage::search);
    for (QLineEdit *edit : {m_text, m_key, m_entity, m_actor})
        connect(edit, &QLineEdit::returnPressed, this, &AuditPage::search);
    connect(m_action, &QComboBox::activated, this, &AuditPage::search);
    connect(exportButton, &QPushButton::clicked, this, &AuditPage::exportWithDialog);
}

AuditQuery AuditPage::query() const {
    AuditQuery q;
    q.text = m_text->text().trimmed();
    q.idempotencyKey = m_key->text().trimmed();
    q.entityId = m_entity->text().trimmed();
    q.actor = m_actor->text().trimmed();
    // The table shows the engine's own rows as "FilingDesk (automatic)"; the trail stores them as "engine".
    if (q.actor.startsWith(QLatin1String("FilingDesk"), Qt::CaseInsensitive) ||
        q.actor.compare(AuditModel::tr("FilingDesk (automatic)"), Qt::CaseInsensitive) == 0)
        q.actor = QStringLiteral("engine");
    const QString actionText = m_action->currentText().trimmed();
    q.action = m_action->currentIndex() > 0 && actionText == m_action->itemText(m_action->currentIndex())
                   ? m_action->currentData().toString()
                   : actionText;
    if (m_fromEnabled->isChecked())
        q.fromUtc = m_from->dateTime().toUTC();
    if (m_toEnabled->isChecked())
        q.toUtc = m_to->dateTime().toUTC();
    return q;
}

void AuditPage::search() {
    Q_EMIT queryRequested(query());
}

void AuditPage::setResultCount(int count) {
    m_count->setText(count >= query().limit ? tr("first %1 rows (narrow the search)").arg(count)
                                            : tr("%n row(s)", nullptr, count));
}

bool AuditPage::exportCsv(const QString &path, QString *error) const {
    const AuditModel *model = m_model;
    return writeAuditCsv(m_model->entries(), path, error,
                         [model](const AuditEntry &entry) { return model->contextOf(entry); });
}

void AuditPage::exportWithDialog() {
    const QString path = chooseFileToSave(this, tr("Export audit rows"),
                                          QStringLiteral("filingdesk-audit.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace fd::ui
