#include "ui/widgets/operator_actions.h"

#include "ui/models/display_format.h"

#include "engine/client/engine_client.h"
#include "ui/widgets/access_gate.h"
#include "ui/widgets/reason_provider.h"

#include "engine/register/entity_fields.h"

#include <QCoreApplication>
#include <QWidget>

namespace fd::ui {

namespace {

/// A register column as people read it ("Registered agent's status"), never the column's key.
QString fieldForPeople(const QString &column) {
    const EntityField *f = EntityFields::find(column);
    return f ? QCoreApplication::translate("EntityField", f->label) : column;
}

/// The columns an edit changes (`values`: column -> new text), in the register's order, by the names people
/// read on the entity page.
QStringList fieldsForPeople(const QHash<QString, QString> &values) {
    QStringList fields;
    for (const EntityField &f : EntityFields::all()) {
        if (values.contains(QString::fromLatin1(f.column)))
            fields.append(QCoreApplication::translate("EntityField", f.label));
    }
    return fields;
}

} // namespace

OperatorActions::OperatorActions(EngineClient *link, QWidget *dialogParent, QObject *parent)
    : QObject(parent)
    , m_link(link)
    , m_dialogParent(dialogParent)
    , m_reasons(std::make_unique<DialogReasonProvider>()) {}

OperatorActions::~OperatorActions() = default;

void OperatorActions::setReasonProvider(std::unique_ptr<ReasonProvider> provider) {
    m_reasons = std::move(provider);
}

void OperatorActions::setReadOnly(bool readOnly, const QString &why) {
    m_readOnly = readOnly;
    m_readOnlyWhy = why;
}

bool OperatorActions::refuseWhileReadOnly() {
    if (!m_readOnly)
        return false;
    Q_EMIT refused(m_readOnlyWhy.isEmpty() ? tr("The console is read-only now.") : m_readOnlyWhy);
    return true;
}

void OperatorActions::setAccess(const TeamAccess &access) {
    if (AccessGate::same(access, m_access))
        return;
    m_access = access;
    Q_EMIT accessChanged();
}

bool OperatorActions::confirm(const QString &title, const QString &question) {
    return m_reasons->confirm(m_dialogParent, title, question);
}

bool OperatorActions::refuseWithout(TeamAction action, const QString &what) {
    const QString why = AccessGate::refusal(what, m_access, action);
    if (why.isEmpty())
        return false;
    Q_EMIT refused(tr("%1. Nothing was sent.").arg(why));
    return true;
}

std::optional<QString> OperatorActions::ask(const ReasonRequest &request) {
    const std::optional<QString> reason = m_reasons->askReason(m_dialogParent, request);
    if (!reason || reason->trimmed().isEmpty())
        return std::nullopt;
    return reason->trimmed();
}

bool OperatorActions::launch(const QStringList &keys, const QString &scope, const QString &spend,
                             const QString &total) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::Launch, tr("Launch filings")))
        return false;
    if (keys.isEmpty()) {
        Q_EMIT refused(tr("Nothing to launch: %1 has no filing waiting to be sent.").arg(scope));
        return false;
    }
    const bool live = !m_liveRegistries.isEmpty();
    QString mode = live ? tr("LIVE registry: these are real filings and the fees are charged.")
                        : tr("Practice registry: nothing is filed for real.");
    if (!live && m_noRegistry)
        mode =
            m_team
                ? tr("This desk sends nothing itself: the team's workers file these with the registries "
                     "they are set up for, which may be LIVE (real filings, fees charged).")
                : tr("No registry is configured on this desk: nothing can be sent until one is (Settings).");
    const auto reason =
        ask({QStringLiteral("batch_launch"), tr("Launch filings"),
             tr("File %n filing(s) now: %1.", nullptr, int(keys.size())).arg(scope) +
                 (spend.isEmpty() ? QString() : QLatin1Char('\n') + spend) + QLatin1Char('\n') + mode,
             tr("Scheduled filing run"), int(keys.size())});
    if (!reason)
        return false;
    if (live && !m_reasons->confirm(
                    m_dialogParent, tr("File with a live registry"),
                    tr("You are about to file with a LIVE registry (%1).\n\n%2\n\nThese "
                       "filings are real and their fees will be charged. File them now?")
                        .arg(m_liveRegistries.join(QStringLiteral(", ")),
                             total.isEmpty() ? tr("%n filing(s)", nullptr, int(keys.size())) : total))) {
        Q_EMIT refused(tr("Launch not confirmed: nothing was sent."));
        return false;
    }
    m_link->launchBatch(keys, *reason);
    Q_EMIT actionSent(QStringLiteral("batch_launch"), int(keys.size()));
    return true;
}

bool OperatorActions::pause() {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::PauseResume, tr("Pause the batch")))
        return false;
    const auto reason = ask({QStringLiteral("batch_pause"), tr("Pause the batch"),
                             tr("Pause: nothing new is sent; requests already on the wire finish."),
                             tr("Paused from the console"), 0});
    if (!reason)
        return false;
    m_link->pauseBatch(*reason);
    Q_EMIT actionSent(QStringLiteral("batch_pause"), 0);
    return true;
}

bool OperatorActions::resume() {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::PauseResume, tr("Resume the batch")))
        return false;
    const auto reason = ask({QStringLiteral("batch_resume"), tr("Resume the batch"), tr("Resume sending."),
                             tr("Resumed from the console"), 0});
    if (!reason)
        return false;
    m_link->resumeBatch(*reason);
    Q_EMIT actionSent(QStringLiteral("batch_resume"), 0);
    return true;
}

bool OperatorActions::cancel() {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::Cancel, tr("Cancel the batch")))
        return false;
    // Cancel acts on one batch: with several of the team's open, the person names it.
    // A person who presses Cancel means "stop now": nothing new leaves this desk while the questions are
    // open, and sending goes on only if the person backs out.
    m_link->holdSending(true);
    QString batchId;
    if (m_openBatches.size() > 1) {
        const std::optional<int> picked = m_reasons->askChoice(
            m_dialogParent, tr("Cancel a batch"),
            tr("%n batch(es) are open. Which one do you cancel?", nullptr, int(m_openBatches.size())),
            m_openBatches);
        if (!picked) {
            m_link->holdSending(false);
            return false;
        }
        batchId = m_openBatches.at(*picked);
    }
    const auto reason = ask(
        {QStringLiteral("batch_cancel"), tr("Cancel the batch"),
         tr("Cancel: filings not sent yet go back to waiting; those being sent now finish."), QString(), 0});
    if (reason)
        m_link->cancelBatch(*reason, batchId);
    m_link->holdSending(false); // after the cancel: what it ended stays ended
    if (!reason)
        return false;
    Q_EMIT actionSent(QStringLiteral("batch_cancel"), 0);
    return true;
}

bool OperatorActions::confirmSendingAgain(const QStringList &keys) {
    // Sending again is sending: against a live registry it is asked twice, as a launch is, with what it
    // costs.
    if (m_liveRegistries.isEmpty())
        return true;
    const int count = int(keys.size());
    const QString fees = feesOf(keys);
    const QString charged = fees.isEmpty() ? tr("its fee is charged")
                            : count == 1   ? tr("its fee is charged (%1 at most)").arg(fees)
                                           : tr("its fee is charged (%1 at most for all of them)").arg(fees);
    if (m_reasons->confirm(
            m_dialogParent, tr("File again with a live registry"),
            tr("You are about to send %n filing(s) again to a LIVE registry (%1).\n\nOne the registry "
               "refused is sent at once; one that may have been filed is looked up first and sent only if "
               "the registry has not filed it. For each one sent, %2. Send them now?",
               nullptr, count)
                    .arg(m_liveRegistries.join(QStringLiteral(", ")), charged) +
                listOf(keys)))
        return true;
    Q_EMIT refused(tr("Not confirmed: nothing was sent again."));
    return false;
}

QString OperatorActions::listOf(const QStringList &keys) const {
    if (!m_lookup)
        return QString();
    constexpr int kNamed = 5; // a prompt stays readable; the rest are counted
    QStringList lines;
    int unnamed = 0;
    for (const QString &key : keys) {
        const std::optional<FilingForPeople> filing = lines.size() < kNamed ? m_lookup(key) : std::nullopt;
        if (filing && !filing->name.isEmpty())
            lines << QStringLiteral("\u2022 ") + filing->name;
        else
            ++unnamed;
    }
    if (lines.isEmpty())
        return QString();
    if (unnamed > 0)
        lines << QStringLiteral("\u2026 ") + tr("and %n more", nullptr, unnamed);
    return QStringLiteral("\n\n") + lines.join(QLatin1Char('\n'));
}

QString OperatorActions::feesOf(const QStringList &keys) const {
    if (!m_lookup)
        return QString();
    qint64 cents = 0;
    for (const QString &key : keys) {
        if (const std::optional<FilingForPeople> filing = m_lookup(key))
            cents += filing->feeCents;
    }
    return cents > 0 ? formatCents(cents) : QString();
}

bool OperatorActions::replay(const QStringList &keys, const QString &scope, const QString &aside) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::Replay, tr("Try filings again")))
        return false;
    if (keys.isEmpty()) {
        Q_EMIT refused(tr("No filing selected."));
        return false;
    }
    const int count = int(keys.size());
    // One filing is named as the Obligations view shows it; many are listed under the sentence.
    const std::optional<FilingForPeople> one = count == 1 && m_lookup ? m_lookup(keys.first()) : std::nullopt;
    QString question =
        (count == 1
             ? tr("Try %1 again as the same filing: if the registry refused it, it is sent at once; "
                  "if its retries ran out, FilingDesk first asks the registry whether it was filed after "
                  "all (the registry never files it twice).")
             : tr("Try %1 again, each as the same filing: one the registry refused is sent at once; for "
                  "one whose retries ran out, FilingDesk first asks the registry whether it was filed "
                  "after all (the registry never files it twice)."))
            .arg(one && !one->name.isEmpty() ? one->name : scope);
    if (!aside.isEmpty())
        question += QLatin1Char(' ') + aside;
    if (count > 1)
        question += listOf(keys);
    // A withdrawal was a person's decision that the filing is not owed: a retry undoes it, so it is said.
    int withdrawn = 0;
    for (const QString &key : keys) {
        const std::optional<FilingForPeople> filing = m_lookup ? m_lookup(key) : std::nullopt;
        withdrawn += filing && filing->withdrawn ? 1 : 0;
    }
    if (withdrawn > 0)
        question +=
            QStringLiteral("\n\n") +
            (count == 1 ? tr("This filing was withdrawn by a person, who decided it will not be filed: "
                             "trying it again files it after all.")
                        : tr("%n of these filings were withdrawn by a person, who decided they will not "
                             "be filed: trying them again files them after all.",
                             nullptr, withdrawn));
    const auto reason = ask({QStringLiteral("replay"), tr("Try filings again"), question, QString(), count});
    if (!reason || !confirmSendingAgain(keys))
        return false;
    m_link->replay(keys, *reason);
    Q_EMIT actionSent(QStringLiteral("replay"), int(keys.size()));
    return true;
}

bool OperatorActions::resolve(const QStringList &keys, bool requeue) {
    if (refuseWhileReadOnly() ||
        refuseWithout(requeue ? TeamAction::ResolveHalt : TeamAction::AcceptException,
                      requeue ? tr("Resolve and requeue") : tr("Accept as filed")))
        return false;
    if (keys.isEmpty()) {
        Q_EMIT refused(tr("Nothing selected in the review queue."));
        return false;
    }
    const QString action = requeue ? QStringLiteral("resolve_requeue") : QStringLiteral("resolve_accept");
    QString question =
        requeue
            ? tr("Resolve and requeue %n filing(s): they are sent again as the same filing(s) (the registry "
                 "never files one twice).",
                 nullptr, int(keys.size()))
            : tr("Accept %n reconciliation exception(s) as filed after checking the receipt.", nullptr,
                 int(keys.size()));
    question += listOf(keys);
    const auto reason = ask({action, requeue ? tr("Resolve and requeue") : tr("Accept as filed"), question,
                             QString(), int(keys.size())});
    if (!reason || (requeue && !confirmSendingAgain(keys)))
        return false;
    m_link->resolve(keys, *reason, requeue);
    Q_EMIT actionSent(action, int(keys.size()));
    return true;
}

bool OperatorActions::withdraw(const QStringList &keys, const QStringList &leftOut, int notFilings) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::Withdraw, tr("Withdraw filings")))
        return false;
    const QString noFilingYet =
        notFilings > 0 ? tr("%n selected row(s) are no filing yet (needs data, planned or nothing to file): "
                            "there is nothing to withdraw.",
                            nullptr, notFilings)
                       : QString();
    if (keys.isEmpty()) {
        QStringList why;
        if (!leftOut.isEmpty())
            why << tr("None of the %n selected filing(s) can be withdrawn: only filings neither filed nor "
                      "withdrawn yet, and not being sent or looked up at the registry, can.",
                      nullptr, int(leftOut.size()));
        if (notFilings > 0)
            why << noFilingYet;
        Q_EMIT refused(why.isEmpty() ? tr("Nothing selected to withdraw.") : why.join(QLatin1Char(' ')));
        return false;
    }
    QString question =
        tr("Withdraw %n filing(s): they will NOT be filed.", nullptr, int(keys.size())) + listOf(keys);
    if (!leftOut.isEmpty())
        question += QStringLiteral("\n\n") +
                    tr("%n other selected filing(s) are left as they are: only filings neither filed nor "
                       "withdrawn yet, and not being sent or looked up at the registry, can be withdrawn.",
                       nullptr, int(leftOut.size())) +
                    listOf(leftOut);
    if (notFilings > 0)
        question += QStringLiteral("\n\n") + noFilingYet;
    const auto reason =
        ask({QStringLiteral("withdraw"), tr("Withdraw filings"), question, QString(), int(keys.size())});
    if (!reason)
        return false;
    m_link->withdraw(keys, *reason);
    Q_EMIT actionSent(QStringLiteral("withdraw"), int(keys.size()));
    return true;
}

bool OperatorActions::addNote(const QStringList &keys) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::Note, tr("Add a note")))
        return false;
    if (keys.isEmpty()) {
        Q_EMIT refused(tr("Nothing selected to annotate."));
        return false;
    }
    const auto note = ask({QStringLiteral("note"), tr("Add a note"),
                           tr("Note for %n item(s), kept in the audit trail:", nullptr, int(keys.size())),
                           QString(), int(keys.size())});
    if (!note)
        return false;
    for (const QString &key : keys)
        m_link->addNote(key, *note);
    Q_EMIT actionSent(QStringLiteral("note"), int(keys.size()));
    return true;
}

bool OperatorActions::editEntity(const QString &entityId, const QDate &formationDate,
                                 const QString &entityType, const QString &entityName) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::EditEntity, tr("Edit entity")))
        return false;
    // In words: the date as people write it, the type by its name.
    QString type = entityType;
    if (entityType == QLatin1String("corporation"))
        type = tr("corporation");
    else if (entityType == QLatin1String("llc"))
        type = tr("limited liability company (LLC)");
    else if (entityType == QLatin1String("lp"))
        type = tr("limited partnership (LP)");
    const QString change = formationDate.isValid()
                               ? tr("the formation date to %1").arg(formatDate(formationDate))
                               : tr("the entity type to %1").arg(type);
    const auto reason = ask({QStringLiteral("edit_entity"), tr("Edit entity"),
                             tr("Set %1 for %2; its filings are planned again.")
                                 .arg(change, entityName.isEmpty() ? entityId : entityName),
                             QString(), 1});
    if (!reason)
        return false;
    m_link->updateEntity(entityId, formationDate, entityType, *reason);
    Q_EMIT actionSent(QStringLiteral("edit_entity"), 1);
    return true;
}

bool OperatorActions::editEntityFields(const QString &entityId, const QString &entityName,
                                       const QHash<QString, QString> &values) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::EditEntity, tr("Edit entity")))
        return false;
    if (values.isEmpty()) {
        Q_EMIT refused(tr("Nothing was changed."));
        return false;
    }
    const QStringList fields = fieldsForPeople(values);
    const auto reason = ask({QStringLiteral("entity_edit"), tr("Edit entity"),
                             tr("Change %1 of %2; its filings are planned again from the register.")
                                 .arg(fields.join(QStringLiteral(", ")), entityName),
                             QString(), 1});
    if (!reason)
        return false;
    m_link->editEntity(entityId, values, *reason);
    Q_EMIT actionSent(QStringLiteral("entity_edit"), 1);
    return true;
}

bool OperatorActions::editEntityAndRequeue(const QString &entityId, const QString &entityName,
                                           const QHash<QString, QString> &values, const QString &key,
                                           const QString &filing) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::EditEntity, tr("Save and requeue")) ||
        refuseWithout(TeamAction::ResolveHalt, tr("Save and requeue")))
        return false;
    if (values.isEmpty()) {
        Q_EMIT refused(tr("Nothing was changed."));
        return false;
    }
    if (key.isEmpty()) {
        Q_EMIT refused(tr("No halted filing to send again."));
        return false;
    }
    const QStringList fields = fieldsForPeople(values);
    const auto reason = ask({QStringLiteral("entity_edit_requeue"), tr("Save and requeue"),
                             tr("Change %1 of %2, then send %3 again with the corrected data.")
                                 .arg(fields.join(QStringLiteral(", ")), entityName, filing),
                             QString(), 1});
    if (!reason)
        return false;
    // In this order on the engine's thread: the requeue builds the filing from the register as edited.
    m_link->editEntity(entityId, values, *reason);
    m_link->resolve({key}, *reason, true);
    Q_EMIT actionSent(QStringLiteral("entity_edit"), 1);
    Q_EMIT actionSent(QStringLiteral("resolve_requeue"), 1);
    return true;
}

bool OperatorActions::editEntityAndTryAgain(const QString &entityId, const QString &entityName,
                                            const QHash<QString, QString> &values, const QString &key,
                                            const QString &filing) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::EditEntity, tr("Save and try again")) ||
        refuseWithout(TeamAction::Replay, tr("Save and try again")))
        return false;
    if (values.isEmpty()) {
        Q_EMIT refused(tr("Nothing was changed."));
        return false;
    }
    if (key.isEmpty()) {
        Q_EMIT refused(tr("No refused filing to try again."));
        return false;
    }
    const QStringList fields = fieldsForPeople(values);
    const auto reason = ask({QStringLiteral("entity_edit_replay"), tr("Save and try again"),
                             tr("Change %1 of %2, then try %3 again with the corrected data, as the same "
                                "filing (the registry never files it twice).")
                                 .arg(fields.join(QStringLiteral(", ")), entityName, filing),
                             QString(), 1});
    if (!reason || !confirmSendingAgain({key}))
        return false;
    // In this order on the engine's thread: the retry builds the filing from the register as edited.
    m_link->editEntity(entityId, values, *reason);
    m_link->replay({key}, *reason);
    Q_EMIT actionSent(QStringLiteral("entity_edit"), 1);
    Q_EMIT actionSent(QStringLiteral("replay"), 1);
    return true;
}

bool OperatorActions::decideConflict(const QString &entityId, const QString &entityName, const QString &field,
                                     bool takeFileValue) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::EditEntity, tr("Decide a conflict")))
        return false;
    const auto reason =
        ask({QStringLiteral("entity_conflict_settled"), tr("Decide a conflict"),
             // The entity's name first: a name ending in "Inc." would end the sentence twice.
             takeFileValue ? tr("For %1: take the file's %2.").arg(entityName, fieldForPeople(field))
                           : tr("For %1: keep the register's %2. The same value in a portfolio file is not "
                                "offered again; a different one is.")
                                 .arg(entityName, fieldForPeople(field)),
             QString(), 1});
    if (!reason)
        return false;
    m_link->decideConflict(entityId, field, takeFileValue, *reason);
    Q_EMIT actionSent(QStringLiteral("entity_conflict_settled"), 1);
    return true;
}

bool OperatorActions::recordFiledOutside(const QString &key, const QString &filing, qint64 expectedFeeCents) {
    if (refuseWhileReadOnly() || refuseWithout(TeamAction::FiledOutside, tr("Filed outside FilingDesk")))
        return false;
    if (key.isEmpty()) {
        Q_EMIT refused(tr("Nothing selected."));
        return false;
    }
    const auto filed = m_reasons->askFiledOutside(m_dialogParent, filing, expectedFeeCents);
    if (!filed)
        return false;
    const auto reason = ask({QStringLiteral("filed_outside"), tr("Filed outside FilingDesk"),
                             tr("Record %1 as filed: confirmation %2, %3 charged.")
                                 .arg(filing, filed->confirmationNumber, formatCents(filed->feeChargedCents)),
                             QString(), 1});
    if (!reason)
        return false;
    m_link->recordFiledOutside(key, filed->confirmationNumber, filed->feeChargedCents, filed->filedOn,
                               *reason);
    Q_EMIT actionSent(QStringLiteral("filed_outside"), 1);
    return true;
}

bool OperatorActions::confirmSendUnchanged(const QStringList &keys, const QString &message) {
    if (refuseWhileReadOnly() || keys.isEmpty() ||
        refuseWithout(TeamAction::ResolveHalt, tr("Resolve and requeue")))
        return false;
    if (!m_reasons->confirm(m_dialogParent, tr("Nothing changed"),
                            message + QLatin1Char('\n') + tr("Send anyway?")))
        return false;
    const auto reason = ask(
        {QStringLiteral("resolve_requeue"), tr("Send anyway"),
         tr("Send %n filing(s) again with the same data the registry refused.", nullptr, int(keys.size())),
         QString(), int(keys.size())});
    if (!reason)
        return false;
    m_link->resolve(keys, *reason, true, true);
    Q_EMIT actionSent(QStringLiteral("resolve_requeue"), int(keys.size()));
    return true;
}

bool OperatorActions::openReview(const QString &key) {
    if (refuseWhileReadOnly() || refuseWithout(kReviewAction, tr("Open for review")))
        return false;
    if (key.isEmpty()) {
        Q_EMIT refused(tr("Nothing selected to review."));
        return false;
    }
    m_link->openReview(key);
    Q_EMIT actionSent(QStringLiteral("review_open"), 1);
    return true;
}

bool OperatorActions::closeReview(const QString &key) {
    if (refuseWhileReadOnly() || refuseWithout(kReviewAction, tr("Close review")))
        return false;
    if (key.isEmpty())
        return false;
    m_link->closeReview(key);
    Q_EMIT actionSent(QStringLiteral("review_close"), 1);
    return true;
}

} // namespace fd::ui
