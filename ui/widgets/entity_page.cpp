#include "ui/widgets/entity_page.h"

#include "engine/import/iso_codes.h"
#include "engine/model/compliance.h"
#include "engine/register/entity_fields.h"
#include "ui/models/display_format.h"
#include "ui/widgets/access_gate.h"
#include "ui/widgets/operator_actions.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace fd::ui {

namespace {

QString fieldLabel(const EntityField &f) {
    return QCoreApplication::translate("EntityField", f.label);
}

QString fieldLabel(const QString &column) {
    const EntityField *f = EntityFields::find(column);
    return f ? fieldLabel(*f) : column;
}

QTableWidget *makeTable(const QString &objectName, const QStringList &headers, QWidget *parent) {
    auto *table = new QTableWidget(0, int(headers.size()), parent);
    table->setObjectName(objectName);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setAlternatingRowColors(true);
    return table;
}

QTableWidgetItem *cell(const QString &text) {
    auto *item = new QTableWidgetItem(text);
    item->setToolTip(text);
    return item;
}

} // namespace

EntityPage::EntityPage(OperatorActions *actions, QWidget *parent)
    : QDialog(parent)
    , m_actions(actions)
    , m_title(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_cureHint(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_conflictBox(new QVBoxLayout)
    , m_save(new QPushButton(tr("&Save changes…"), this))
    , m_filings(makeTable(QStringLiteral("entityFilings"),
                          {tr("Filing"), tr("Year"), tr("Due"), tr("Status"), tr("Engine state"), tr("Fee"),
                           tr("Confirmation"), tr("Fee charged"), tr("Detail")},
                          this))
    , m_timeline(makeTable(QStringLiteral("entityTimeline"),
                           {tr("When"), tr("Who"), tr("What"), tr("Filing"), tr("Detail"), tr("Why")},
                           this)) {
    setObjectName(QStringLiteral("entityPage"));
    setAttribute(Qt::WA_DeleteOnClose);
    resize(960, 680);
    auto *layout = new QVBoxLayout(this);
    m_title->setObjectName(QStringLiteral("entityTitle"));
    m_title->setTextFormat(Qt::PlainText);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    m_summary->setObjectName(QStringLiteral("entitySummary"));
    layout->addWidget(m_summary);
    m_cureHint->setObjectName(QStringLiteral("entityCureHint"));
    m_cureHint->setWordWrap(true);
    m_cureHint->setTextFormat(Qt::PlainText);
    m_cureHint->setStyleSheet(QStringLiteral("QLabel { background: #fff3e0; border: 1px solid #ffb74d; "
                                             "padding: 6px; }"));
    m_cureHint->hide();
    layout->addWidget(m_cureHint);
    m_tabs->setObjectName(QStringLiteral("entityTabs"));
    layout->addWidget(m_tabs, 1);

    // Data: every register field, editable; the id is the key and stays as it is.
    auto *dataPage = new QWidget(this);
    auto *dataLayout = new QVBoxLayout(dataPage);
    m_conflictGroup = new QGroupBox(tr("The portfolio file says otherwise"), dataPage);
    m_conflictGroup->setObjectName(QStringLiteral("entityConflicts"));
    m_conflictGroup->setLayout(m_conflictBox);
    m_conflictGroup->hide();
    dataLayout->addWidget(m_conflictGroup);
    auto *scroll = new QScrollArea(dataPage);
    scroll->setWidgetResizable(true);
    auto *formHost = new QWidget(scroll);
    auto *form = new QFormLayout(formHost);
    for (const EntityField &f : EntityFields::all()) {
        auto *edit = new QLineEdit(formHost);
        const QString column = QString::fromLatin1(f.column);
        edit->setObjectName(QStringLiteral("entityField_") + column);
        edit->setAccessibleName(fieldLabel(f));
        if (column == QLatin1String("entity_id"))
            edit->setReadOnly(true);
        if (column == QLatin1String("officers"))
            edit->setPlaceholderText(tr("Name (Title); Name (Title)"));
        else if (column == QLatin1String("formation_date"))
            edit->setPlaceholderText(tr("YYYY-MM-DD"));
        else if (column == QLatin1String("fiscal_year_end"))
            edit->setPlaceholderText(tr("MM-DD"));
        else if (column == QLatin1String("registered_agent_status"))
            edit->setPlaceholderText(tr("active, expired or resigned"));
        connect(edit, &QLineEdit::textEdited, this, &EntityPage::applyAccess);
        form->addRow(fieldLabel(f) + QLatin1Char(':'), edit);
        m_fields.insert(column, edit);
    }
    scroll->setWidget(formHost);
    dataLayout->addWidget(scroll, 1);
    auto *saveRow = new QHBoxLayout;
    saveRow->addStretch();
    m_save->setObjectName(QStringLiteral("entitySave"));
    m_save->setEnabled(false);
    m_save->setToolTip(
        tr("Asks for the reason; every change is kept in the audit trail with the old and new value"));
    connect(m_save, &QPushButton::clicked, this, &EntityPage::save);
    saveRow->addWidget(m_save);
    dataLayout->addLayout(saveRow);
    m_tabs->addTab(dataPage, tr("&Data"));
    m_tabs->addTab(m_filings, tr("&Filings"));
    m_tabs->addTab(m_timeline, tr("&Timeline"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    connect(m_actions, &OperatorActions::accessChanged, this, &EntityPage::applyAccess);
    applyAccess();
}

void EntityPage::applyAccess() {
    const TeamAccess &access = m_actions->access();
    const bool mayEdit = access.allows(TeamAction::EditEntity);
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        if (it.key() != QLatin1String("entity_id"))
            it.value()->setReadOnly(!mayEdit);
    }
    AccessGate::apply(m_save, !pendingChanges().isEmpty(), access, TeamAction::EditEntity);
    // Keeping the register's value or taking the file's is an edit of the register too.
    for (QPushButton *decide : m_conflictGroup->findChildren<QPushButton *>())
        AccessGate::apply(decide, true, access, TeamAction::EditEntity);
}

void EntityPage::updateTitle() {
    const QString place = placeLabel(m_entity.jurisdiction);
    m_title->setText(
        QStringLiteral("%1 — %2").arg(m_entity.name, place.isEmpty() ? m_entity.jurisdictionRaw : place));
    setWindowTitle(tr("%1 — FilingDesk").arg(m_entity.name));
}

void EntityPage::setEntity(const Entity &entity, const QList<RegisterConflict> &conflicts) {
    const Entity before = m_entity;
    const bool same = before.entityId == entity.entityId;
    m_entity = entity;
    for (const EntityField &f : EntityFields::all()) {
        QLineEdit *edit = m_fields.value(QString::fromLatin1(f.column));
        const QString value = f.text(entity);
        // A person's unsaved edit stays unless the register changed that very field underneath.
        if (!same || edit->text() == f.text(before) || f.text(before) != value)
            edit->setText(value);
    }
    m_conflicts.clear();
    for (const RegisterConflict &c : conflicts) {
        if (c.entityId == entity.entityId)
            m_conflicts.append(c);
    }
    rebuildConflicts();
    updateTitle();
    applyAccess();
}

void EntityPage::rebuildConflicts() {
    while (QLayoutItem *item = m_conflictBox->takeAt(0)) {
        if (QWidget *w = item->widget())
            w->deleteLater();
        delete item->layout();
        delete item;
    }
    for (const RegisterConflict &c : std::as_const(m_conflicts)) {
        auto *row = new QWidget(m_conflictGroup);
        row->setObjectName(QStringLiteral("entityConflict_") + c.field);
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        auto *text = new QLabel(
            tr("%1: the register has \u201c%2\u201d, %3 has \u201c%4\u201d. FilingDesk plans with the "
               "register's value until someone decides.")
                .arg(fieldLabel(c.field), c.registerValue, c.source, c.fileValue),
            row);
        text->setWordWrap(true);
        h->addWidget(text, 1);
        auto *keep = new QPushButton(tr("Keep the register's"), row);
        keep->setObjectName(QStringLiteral("keepRegister_") + c.field);
        auto *take = new QPushButton(tr("Take the file's"), row);
        take->setObjectName(QStringLiteral("takeFile_") + c.field);
        const QString field = c.field;
        connect(keep, &QPushButton::clicked, this,
                [this, field] { m_actions->decideConflict(m_entity.entityId, m_entity.name, field, false); });
        connect(take, &QPushButton::clicked, this,
                [this, field] { m_actions->decideConflict(m_entity.entityId, m_entity.name, field, true); });
        h->addWidget(keep);
        h->addWidget(take);
        m_conflictBox->addWidget(row);
    }
    m_conflictGroup->setVisible(!m_conflicts.isEmpty());
    applyAccess();
}

QHash<QString, QString> EntityPage::pendingChanges() const {
    QHash<QString, QString> changes;
    for (const EntityField &f : EntityFields::all()) {
        const QString column = QString::fromLatin1(f.column);
        const QString typed = m_fields.value(column)->text().trimmed();
        if (column != QLatin1String("entity_id") && typed != f.text(m_entity))
            changes.insert(column, typed);
    }
    return changes;
}

void EntityPage::save() {
    const QHash<QString, QString> changes = pendingChanges();
    if (m_actions->editEntityFields(m_entity.entityId, m_entity.name, changes))
        m_save->setEnabled(false); // the register's answer refills the fields
}

void EntityPage::setCure(const QStringList &fields, const QString &hint) {
    for (QLineEdit *edit : std::as_const(m_fields))
        edit->setStyleSheet(QString());
    for (const QString &column : fields) {
        if (QLineEdit *edit = m_fields.value(column))
            edit->setStyleSheet(
                QStringLiteral("QLineEdit { background: #fff3e0; border: 2px solid #fb8c00; }"));
    }
    m_cureHint->setText(hint);
    m_cureHint->setVisible(!hint.isEmpty());
    m_tabs->setCurrentIndex(0);
    if (!fields.isEmpty())
        if (QLineEdit *first = m_fields.value(fields.first()))
            first->setFocus();
}

void EntityPage::setFilings(const QList<ObligationRow> &rows, const QDate &asOf) {
    m_asOf = asOf;
    m_filings->setRowCount(0);
    QMap<Compliance, int> counts;
    for (const ObligationRow &row : rows) {
        if (row.task.obligation.entity->entityId != m_entity.entityId)
            continue;
        const Obligation &o = row.task.obligation;
        std::optional<Compliance> status;
        switch (row.kind) {
        case ObligationRow::Kind::Task:
            status = complianceOf(row.task, asOf);
            break;
        case ObligationRow::Kind::Planned:
            status = o.dueDate.isValid() && o.dueDate < asOf ? Compliance::Overdue : Compliance::Due;
            break;
        case ObligationRow::Kind::NeedsData:
            status = Compliance::NeedsData;
            break;
        case ObligationRow::Kind::OutOfScope:
        case ObligationRow::Kind::RowError:
            break;
        }
        if (status)
            counts[*status] += 1;
        const int r = m_filings->rowCount();
        m_filings->insertRow(r);
        m_filings->setItem(r, 0,
                           cell(o.filingName.isEmpty() ? (o.filingType.isEmpty() ? row.reason : o.filingType)
                                                       : o.filingName));
        m_filings->setItem(r, 1, cell(o.filingYear > 0 ? QString::number(o.filingYear) : QString()));
        m_filings->setItem(r, 2, cell(o.dueDate.isValid() ? formatDate(o.dueDate) : tr("date unknown")));
        m_filings->setItem(r, 3, cell(status ? complianceLabel(*status) : QString()));
        m_filings->setItem(r, 4, cell(rowStateName(row)));
        m_filings->setItem(r, 5, cell(o.feeCents > 0 ? formatCents(o.feeCents) : QString()));
        m_filings->setItem(r, 6, cell(row.task.confirmationNumber));
        m_filings->setItem(r, 7, cell(formatCents(row.task.feeChargedCents)));
        QString detail = row.reason;
        if (detail.isEmpty() && !row.task.lastErrorCode.isEmpty())
            detail = QStringLiteral("%1: %2").arg(row.task.lastErrorCode, row.task.lastErrorMessage);
        m_filings->setItem(r, 8, cell(detail));
    }
    m_filings->resizeColumnsToContents();
    QStringList parts;
    for (Compliance c : allCompliance()) {
        if (counts.value(c) > 0)
            parts.append(QStringLiteral("%1: %2").arg(complianceLabel(c)).arg(counts.value(c)));
    }
    m_summary->setText(
        parts.isEmpty()
            ? tr("No filings in the loaded portfolio.")
            : tr("Filings as of %1 — %2").arg(formatDate(asOf), parts.join(QStringLiteral(", "))));
}

void EntityPage::setHistory(const QList<AuditEntry> &entries) {
    m_timeline->setRowCount(0);
    for (const AuditEntry &e : entries) {
        const int r = m_timeline->rowCount();
        m_timeline->insertRow(r);
        m_timeline->setItem(r, 0, cell(formatDateTime(e.atUtc)));
        m_timeline->setItem(r, 1, cell(e.host.isEmpty() ? e.actor : tr("%1 on %2").arg(e.actor, e.host)));
        QString what = e.action;
        if (!e.fromState.isEmpty() || !e.toState.isEmpty())
            what += QStringLiteral(" %1 → %2").arg(e.fromState, e.toState);
        m_timeline->setItem(r, 2, cell(what));
        m_timeline->setItem(r, 3, cell(e.idempotencyKey.left(12)));
        QString detail = e.detail;
        if (!e.errorCode.isEmpty())
            detail = QStringLiteral("%1 %2").arg(e.errorCode, detail);
        m_timeline->setItem(r, 4, cell(detail));
        m_timeline->setItem(r, 5, cell(e.reason));
    }
    m_timeline->resizeColumnsToContents();
}

} // namespace fd::ui
