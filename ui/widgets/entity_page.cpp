#include "ui/widgets/entity_page.h"

#include "engine/import/iso_codes.h"
#include "engine/model/compliance.h"
#include "engine/register/entity_fields.h"
#include "engine/register/register_merge.h"
#include "ui/models/audit_model.h"
#include "ui/models/display_format.h"
#include "ui/widgets/access_gate.h"
#include "ui/widgets/operator_actions.h"
#include "ui/widgets/wheel_guard.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace fd::ui {

namespace {

QString fieldLabel(const EntityField &f) {
    return QCoreApplication::translate("EntityField", f.label);
}

QString fieldLabel(const QString &column) {
    const EntityField *f = EntityFields::find(column);
    return f ? fieldLabel(*f) : column;
}

/// The fields whose values the register accepts from a short list: shown as a choice in words, stored as the
/// register spells them. Nothing typed is rewritten behind the person's back (no silent lower-casing).
QList<std::pair<QString, QString>> choicesOf(const QString &column) {
    if (column == QLatin1String("entity_type"))
        return {{QString(), EntityPage::tr("Not known")},
                {QStringLiteral("corporation"), EntityPage::tr("Corporation")},
                {QStringLiteral("llc"), EntityPage::tr("Limited liability company (LLC)")},
                {QStringLiteral("lp"), EntityPage::tr("Limited partnership (LP)")}};
    if (column == QLatin1String("registered_agent_status"))
        return {{QString(), EntityPage::tr("Not known")},
                {QStringLiteral("active"), EntityPage::tr("Active")},
                {QStringLiteral("expired"), EntityPage::tr("Expired")},
                {QStringLiteral("resigned"), EntityPage::tr("Resigned")}};
    if (column == QLatin1String("status"))
        return {{QStringLiteral("active"), EntityPage::tr("Active")},
                {QStringLiteral("inactive"), EntityPage::tr("Inactive")},
                {QStringLiteral("dissolved"), EntityPage::tr("Dissolved")},
                {QStringLiteral("withdrawn"), EntityPage::tr("Withdrawn")},
                {QStringLiteral("merged"), EntityPage::tr("Merged")}};
    return {};
}

/// "Save and requeue"'s tool tip (a halt's one-step cure).
QString saveRequeueTip() {
    return EntityPage::tr("Saves the changes with your reason, then sends the halted filing again with the "
                          "corrected data (one reason for both, kept in the audit trail)");
}

const QString kMarkedEdit = QStringLiteral("QLineEdit { background: #fff3e0; border: 2px solid #fb8c00; }");
const QString kMarkedChoice = QStringLiteral("QComboBox { background: #fff3e0; border: 2px solid #fb8c00; }");

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
    , m_needsHint(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_conflictBox(new QVBoxLayout)
    , m_save(new QPushButton(tr("&Save changes…"), this))
    , m_saveRequeue(new QPushButton(tr("Save and &requeue…"), this))
    , m_saveStatus(new QLabel(this))
    , m_filings(makeTable(QStringLiteral("entityFilings"),
                          {tr("Filing"), tr("Year"), tr("Due"), tr("Status"), tr("Progress"), tr("Fee"),
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
    // Why filings of this entity cannot be planned or filed yet, where the data is completed.
    m_needsHint->setObjectName(QStringLiteral("entityNeedsDataHint"));
    m_needsHint->setWordWrap(true);
    m_needsHint->setTextFormat(Qt::PlainText);
    m_needsHint->setStyleSheet(QStringLiteral("QLabel { background: #fff3e0; border: 1px solid #ffb74d; "
                                              "padding: 6px; }"));
    m_needsHint->hide();
    dataLayout->addWidget(m_needsHint);
    m_conflictGroup = new QGroupBox(tr("The portfolio file says otherwise"), dataPage);
    m_conflictGroup->setObjectName(QStringLiteral("entityConflicts"));
    m_conflictGroup->setLayout(m_conflictBox);
    m_conflictGroup->hide();
    dataLayout->addWidget(m_conflictGroup);
    auto *scroll = new QScrollArea(dataPage);
    scroll->setObjectName(QStringLiteral("entityFieldsScroll"));
    scroll->setWidgetResizable(true);
    m_fieldsScroll = scroll;
    auto *formHost = new QWidget(scroll);
    auto *form = new QFormLayout(formHost);
    for (const EntityField &f : EntityFields::all()) {
        const QString column = QString::fromLatin1(f.column);
        const QList<std::pair<QString, QString>> choices = choicesOf(column);
        if (!choices.isEmpty()) {
            auto *choice = new QComboBox(formHost);
            choice->setObjectName(QStringLiteral("entityField_") + column);
            choice->setAccessibleName(fieldLabel(f));
            for (const auto &[value, words] : choices)
                choice->addItem(words, value);
            connect(choice, &QComboBox::activated, this, &EntityPage::applyAccess);
            WheelGuard::install(choice); // scrolling the form changes no field
            form->addRow(fieldLabel(f) + QLatin1Char(':'), choice);
            m_choices.insert(column, choice);
            continue;
        }
        auto *edit = new QLineEdit(formHost);
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
        connect(edit, &QLineEdit::textEdited, this, &EntityPage::applyAccess);
        form->addRow(fieldLabel(f) + QLatin1Char(':'), edit);
        m_fields.insert(column, edit);
    }
    scroll->setWidget(formHost);
    dataLayout->addWidget(scroll, 1);
    auto *saveRow = new QHBoxLayout;
    m_saveStatus->setObjectName(QStringLiteral("entitySaveStatus"));
    m_saveStatus->setWordWrap(true);
    m_saveStatus->setTextFormat(Qt::PlainText);
    m_saveStatus->hide();
    saveRow->addWidget(m_saveStatus, 1);
    saveRow->addStretch(); // the buttons keep their size while there is nothing to say
    m_save->setObjectName(QStringLiteral("entitySave"));
    m_save->setEnabled(false);
    m_save->setToolTip(
        tr("Asks for the reason; every change is kept in the audit trail with the old and new value"));
    connect(m_save, &QPushButton::clicked, this, &EntityPage::save);
    saveRow->addWidget(m_save);
    // Opened to cure a halt: the correction and the new attempt in one step, with one reason.
    m_saveRequeue->setObjectName(QStringLiteral("entitySaveRequeue"));
    m_saveRequeue->setToolTip(saveRequeueTip());
    m_saveRequeue->hide();
    connect(m_saveRequeue, &QPushButton::clicked, this, &EntityPage::saveAndRequeue);
    saveRow->addWidget(m_saveRequeue);
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
    for (QComboBox *choice : std::as_const(m_choices))
        choice->setEnabled(mayEdit);
    const bool edited = !pendingChanges().isEmpty();
    AccessGate::apply(m_save, edited, access, TeamAction::EditEntity);
    // Both an edit and a requeue: the role missing first is the one named.
    const TeamAction step = m_cureStep == CureStep::TryAgain ? TeamAction::Replay : TeamAction::ResolveHalt;
    AccessGate::apply(m_saveRequeue, edited, access, mayEdit ? step : TeamAction::EditEntity);
    m_saveRequeue->setVisible(!m_haltKey.isEmpty());
    // Opened to cure a halt, Enter saves and sends the filing again: saving alone would leave it halted.
    m_saveRequeue->setDefault(!m_haltKey.isEmpty());
    m_save->setDefault(m_haltKey.isEmpty());
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
        const QString column = QString::fromLatin1(f.column);
        const QString value = f.text(entity);
        // A person's unsaved edit stays unless the register changed that very field underneath.
        if (!same || fieldText(column) == f.text(before) || f.text(before) != value)
            setFieldText(column, value);
    }
    m_conflicts.clear();
    for (const RegisterConflict &c : conflicts) {
        if (c.entityId == entity.entityId)
            m_conflicts.append(c);
    }
    rebuildConflicts();
    updateTitle();
    applyAccess();
    if (same && m_savePending) {
        m_savePending = false;
        const bool requeued = std::exchange(m_requeued, false);
        if (requeued && pendingChanges().isEmpty()) {
            // The cure is done: its instructions and marks would now ask for what was just done.
            m_cureFields.clear();
            m_cureHint->clear();
            m_cureHint->hide();
            markFields();
        }
        QString saved;
        if (!pendingChanges().isEmpty()) {
            saved =
                tr("Saved, but not every field is as you typed it: the register kept the values shown. Check "
                   "the fields.");
        } else if (requeued && m_cureStep == CureStep::TryAgain) {
            saved = tr("Saved, and the refused filing was tried again with the corrected data.");
        } else if (requeued) {
            saved = tr("Saved, and the halted filing was sent again with the corrected data.");
        } else {
            saved = tr("Saved.");
            if (m_editRebuilt > 0)
                saved += QLatin1Char(' ') +
                         tr("%n filing(s) of this entity not yet sent will go out with the change.", nullptr,
                            m_editRebuilt);
            if (m_editHalted > 0)
                saved +=
                    QLatin1Char(' ') + tr("%n filing(s) of this entity not yet sent are no longer owed as "
                                          "they were admitted: they wait in Halts & exceptions for you to "
                                          "withdraw or requeue them.",
                                          nullptr, m_editHalted);
            if (m_editAlreadyLeft > 0)
                saved +=
                    QLatin1Char(' ') + tr("%n filing(s) of this entity had already left and go on with the "
                                          "data they were sent with; if the registry refuses one, cure it "
                                          "from here.",
                                          nullptr, m_editAlreadyLeft);
        }
        if (pendingChanges().isEmpty())
            saved += QLatin1Char(' ') + tr("The change and your reason are in the audit trail.");
        // A filing halted by the edit needs the person: said as a problem is, not as a plain confirmation.
        showSaveStatus(saved, !pendingChanges().isEmpty() || m_editHalted > 0);
        m_editRebuilt = 0;
        m_editHalted = 0;
        m_editAlreadyLeft = 0;
    }
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
        // A decision is saved as an edit is: the page says "Saved" (and what it did to the filings not yet
        // sent) once the register has it, or why not; with other edits still unsaved in the fields, the page
        // leaves them to their own Save.
        connect(keep, &QPushButton::clicked, this, [this, field] {
            if (m_actions->decideConflict(m_entity.entityId, m_entity.name, field, false) &&
                pendingChanges().isEmpty())
                m_savePending = true;
        });
        connect(take, &QPushButton::clicked, this, [this, field] {
            if (m_actions->decideConflict(m_entity.entityId, m_entity.name, field, true) &&
                pendingChanges().isEmpty())
                m_savePending = true;
        });
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
        const QString typed = fieldText(column);
        if (column != QLatin1String("entity_id") && typed != f.text(m_entity))
            changes.insert(column, typed);
    }
    return changes;
}

QString EntityPage::fieldText(const QString &column) const {
    if (QComboBox *choice = m_choices.value(column))
        return choice->currentData().toString();
    QLineEdit *edit = m_fields.value(column);
    return edit ? edit->text().trimmed() : QString();
}

void EntityPage::setFieldText(const QString &column, const QString &value) {
    if (QComboBox *choice = m_choices.value(column)) {
        int index = choice->findData(value);
        if (index < 0) {
            // A value the list does not know (written elsewhere): shown as it is, never replaced.
            choice->addItem(value, value);
            index = choice->count() - 1;
        }
        choice->setCurrentIndex(index);
        return;
    }
    if (QLineEdit *edit = m_fields.value(column))
        edit->setText(value);
}

QWidget *EntityPage::fieldWidget(const QString &column) const {
    if (QComboBox *choice = m_choices.value(column))
        return choice;
    return m_fields.value(column);
}

void EntityPage::markFields() {
    QSet<QString> marked(m_cureFields.cbegin(), m_cureFields.cend());
    for (const QString &column : std::as_const(m_needFields))
        marked.insert(column);
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
        it.value()->setStyleSheet(marked.contains(it.key()) ? kMarkedEdit : QString());
    for (auto it = m_choices.cbegin(); it != m_choices.cend(); ++it)
        it.value()->setStyleSheet(marked.contains(it.key()) ? kMarkedChoice : QString());
}

void EntityPage::reject() {
    if (agreesToClose())
        QDialog::reject();
}

bool EntityPage::closeForQuit() {
    if (!isVisible())
        return true;
    if (!agreesToClose())
        return false;
    QDialog::reject();
    return true;
}

bool EntityPage::agreesToClose() {
    // A save on its way is not "unsaved": asking to lose it would be answered by "Saved." a moment later.
    if (m_savePending) {
        showSaveStatus(tr("Your changes are being saved; close the page once it says they are saved."), true);
        return false;
    }
    // Edits are never dropped without a word: the person says whether to lose them.
    if (m_actions->access().allows(TeamAction::EditEntity) && !pendingChanges().isEmpty() &&
        !m_actions->confirm(
            tr("Unsaved changes"),
            tr("Your changes to %1 are not saved. Close the page and lose them?").arg(m_entity.name))) {
        showSaveStatus(tr("Not saved yet: save your changes, or close again to lose them."), true);
        return false;
    }
    return true;
}

void EntityPage::showSaveStatus(const QString &text, bool problem) {
    m_saveStatus->setText(text);
    m_saveStatus->setStyleSheet(problem ? QStringLiteral("QLabel { color: #b71c1c; font-weight: bold; }")
                                        : QStringLiteral("QLabel { color: #1b5e20; }"));
    m_saveStatus->setVisible(!text.isEmpty());
}

void EntityPage::save() {
    saveWith(false);
}

void EntityPage::saveAndRequeue() {
    saveWith(true);
}

void EntityPage::saveWith(bool requeue) {
    const QHash<QString, QString> changes = pendingChanges();
    // A value the register refuses (a date not in YYYY-MM-DD form, a month of 13) is said here, before a
    // reason is asked for: the register's own check, so the page never reads "Saving your changes…" for an
    // edit that cannot be saved. Nothing is sent; the edits stay and the field gets the cursor.
    {
        fd::Entity checked;
        QList<fd::RegisterChange> found;
        QString error;
        if (!EntityRegister::edit(m_entity, changes, &checked, &found, &error)) {
            const qsizetype colon = error.indexOf(QStringLiteral(": "));
            const QString column = colon > 0 ? error.left(colon) : QString();
            QString why = error;
            if (EntityFields::find(column)) {
                why = tr("%1: %2").arg(fieldLabel(column), error.mid(colon + 2));
                if (QWidget *field = fieldWidget(column))
                    field->setFocus();
            }
            showSaveStatus(
                tr("Nothing was saved: %1. Correct it and save again; your changes are still in the "
                   "fields.")
                    .arg(why),
                true);
            return;
        }
    }
    // What the actions said when they sent nothing (a role, the ledger): told here, where the edits are,
    // not only in the main window's status bar.
    QString refusal;
    const QMetaObject::Connection listen = connect(m_actions, &OperatorActions::refused, this,
                                                   [&refusal](const QString &why) { refusal = why; });
    bool sent = false;
    if (!requeue)
        sent = m_actions->editEntityFields(m_entity.entityId, m_entity.name, changes);
    else if (m_cureStep == CureStep::TryAgain)
        sent = m_actions->editEntityAndTryAgain(m_entity.entityId, m_entity.name, changes, m_haltKey,
                                                m_haltFiling);
    else
        sent = m_actions->editEntityAndRequeue(m_entity.entityId, m_entity.name, changes, m_haltKey,
                                               m_haltFiling);
    disconnect(listen);
    if (sent) {
        m_savePending = true;
        m_save->setEnabled(false); // the register's answer refills the fields
        m_saveRequeue->setEnabled(false);
        if (requeue) {
            showSaveStatus(tr("Saved; %1 is sent again with the corrected data.").arg(m_haltFiling), false);
            m_requeued = true;
            m_requeuedHaltKey = m_haltKey;
            m_haltKey.clear(); // the halt is dealt with: no second requeue from here
            m_saveRequeue->hide();
        } else {
            showSaveStatus(tr("Saving your changes…"), false);
        }
        return;
    }
    // Nothing was saved: the edits stay in the fields, and the page says so.
    showSaveStatus(refusal.isEmpty()
                       ? tr("Nothing was saved: the reason was not given. Your changes are still in the "
                            "fields; save again when you are ready.")
                       : tr("Nothing was saved: %1 Your changes are still in the fields.").arg(refusal),
                   true);
}

void EntityPage::editApplied(int rebuilt, int halted, int alreadyLeft) {
    m_editRebuilt = rebuilt;
    m_editHalted = halted;
    m_editAlreadyLeft = alreadyLeft;
}

void EntityPage::saveFailed(const QString &why) {
    if (!m_savePending)
        return; // not this page's save (or already answered)
    m_savePending = false;
    if (std::exchange(m_requeued, false)) {
        m_haltKey = m_requeuedHaltKey; // the edit was not written, so neither was the cure: offer it again
        m_requeuedHaltKey.clear();
    }
    applyAccess();
    showSaveStatus(
        tr("Not saved: %1. Your changes are still in the fields; save again when you are ready.").arg(why),
        true);
}

void EntityPage::setCure(const QStringList &fields, const QString &hint, const QString &haltKey,
                         const QString &filing, CureStep step) {
    m_cureFields = fields;
    markFields();
    m_cureHint->setText(hint);
    m_cureHint->setVisible(!hint.isEmpty());
    m_haltKey = haltKey;
    m_cureStep = step;
    if (step == CureStep::TryAgain) {
        m_haltFiling = filing.isEmpty() ? tr("the refused filing") : filing;
        m_saveRequeue->setText(tr("Save and &try again…"));
        m_saveRequeue->setToolTip(
            tr("Saves the changes with your reason, then tries the refused filing again "
               "with the corrected data, as the same filing (one reason for both, kept "
               "in the audit trail)"));
    } else {
        m_haltFiling = filing.isEmpty() ? tr("the halted filing") : filing;
        m_saveRequeue->setText(tr("Save and &requeue…"));
        m_saveRequeue->setToolTip(saveRequeueTip());
    }
    applyAccess();
    m_tabs->setCurrentIndex(0);
    if (!fields.isEmpty()) {
        if (QWidget *first = fieldWidget(fields.first())) {
            first->setFocus();
            // The field that cures it in sight (the register has more fields than the page shows at once),
            // once the page is laid out.
            QTimer::singleShot(0, this, [this, first = QPointer<QWidget>(first)] {
                if (first)
                    m_fieldsScroll->ensureWidgetVisible(first);
            });
        }
    }
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
        if (!row.key.isEmpty())
            m_filingNames.insert(
                row.key,
                o.filingYear > 0
                    ? tr("%1 %2").arg(o.filingName.isEmpty() ? o.filingType : o.filingName).arg(o.filingYear)
                    : o.filingName);
        const int r = m_filings->rowCount();
        m_filings->insertRow(r);
        m_filings->setItem(r, 0,
                           cell(o.filingName.isEmpty() ? (o.filingType.isEmpty() ? row.reason : o.filingType)
                                                       : o.filingName));
        m_filings->setItem(r, 1, cell(o.filingYear > 0 ? QString::number(o.filingYear) : QString()));
        m_filings->setItem(r, 2, cell(o.dueDate.isValid() ? formatDate(o.dueDate) : tr("date unknown")));
        m_filings->setItem(r, 3, cell(status ? complianceLabel(*status) : QString()));
        QTableWidgetItem *progress = cell(rowStateLabel(row));
        progress->setToolTip(tr("%1 (engine state %2)").arg(rowStateLabel(row), rowStateName(row)));
        m_filings->setItem(r, 4, progress);
        m_filings->setItem(r, 5, cell(o.feeCents > 0 ? formatCents(o.feeCents) : QString()));
        m_filings->setItem(r, 6, cell(row.task.confirmationNumber));
        m_filings->setItem(r, 7, cell(formatCents(row.task.feeChargedCents)));
        QString detail = row.reason;
        if (detail.isEmpty() && !row.task.lastErrorCode.isEmpty())
            detail = QStringLiteral("%1: %2").arg(row.task.lastErrorCode, lastMessageForPeople(row.task));
        m_filings->setItem(r, 8, cell(detail));
    }
    m_filings->resizeColumnsToContents();
    // What is missing, said on the Data tab where it is completed, with the fields marked.
    QStringList needs;
    m_needFields.clear();
    for (const ObligationRow &row : rows) {
        if (row.kind != ObligationRow::Kind::NeedsData ||
            row.task.obligation.entity->entityId != m_entity.entityId)
            continue;
        const Obligation &o = row.task.obligation;
        const QString filing = o.filingName.isEmpty() ? o.filingType : o.filingName;
        const QString line = filing.isEmpty() ? row.reason : tr("%1: %2").arg(filing, row.reason);
        if (!line.isEmpty() && !needs.contains(line))
            needs << line;
        for (const QString &column : row.missing) {
            if (!column.isEmpty() && !m_needFields.contains(column))
                m_needFields << column;
        }
    }
    QStringList missingWords;
    for (const QString &column : std::as_const(m_needFields))
        missingWords << fieldLabel(column);
    m_needsHint->setText(
        needs.isEmpty() ? QString()
                        : tr("Needs data before it can be filed:\n%1").arg(needs.join(QLatin1Char('\n'))) +
                              (missingWords.isEmpty()
                                   ? QString()
                                   : QLatin1Char('\n') + tr("Complete the marked field(s): %1.")
                                                             .arg(missingWords.join(QStringLiteral(", ")))));
    m_needsHint->setVisible(!needs.isEmpty());
    markFields();
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
        // What the filing engine did by itself is FilingDesk's doing for the reader, as on the Audit view.
        const QString who = e.actor == QLatin1String("engine") ? tr("FilingDesk (automatic)") : e.actor;
        m_timeline->setItem(r, 1, cell(e.host.isEmpty() ? who : tr("%1 on %2").arg(who, e.host)));
        // In words; the trail's own codes and the filing's reference in the tooltips, for support.
        QString what = auditActionLabel(e.action);
        QString whatCodes = e.action;
        if (!e.fromState.isEmpty() || !e.toState.isEmpty()) {
            what += e.fromState.isEmpty()
                        ? QStringLiteral(": %1").arg(stateLabel(e.toState))
                        : QStringLiteral(": %1 → %2").arg(stateLabel(e.fromState), stateLabel(e.toState));
            whatCodes += QStringLiteral(" %1 → %2").arg(e.fromState, e.toState);
        }
        QTableWidgetItem *whatItem = cell(what);
        whatItem->setToolTip(whatCodes);
        m_timeline->setItem(r, 2, whatItem);
        QTableWidgetItem *filing = cell(m_filingNames.value(e.idempotencyKey));
        filing->setToolTip(e.idempotencyKey.isEmpty() ? QString()
                                                      : tr("Reference: %1").arg(e.idempotencyKey));
        m_timeline->setItem(r, 3, filing);
        QString detail = e.detail;
        if (!e.errorCode.isEmpty())
            detail = QStringLiteral("%1 %2").arg(e.errorCode, detail);
        m_timeline->setItem(r, 4, cell(detail));
        m_timeline->setItem(r, 5, cell(e.reason));
    }
    m_timeline->resizeColumnsToContents();
}

} // namespace fd::ui
