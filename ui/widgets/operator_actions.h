#pragma once

#include "engine/access/team_roles.h"

#include <QDate>
#include <QHash>
#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

class QWidget;

namespace fd {
class EngineClient;
}

namespace fd::ui {

class ReasonProvider;
struct ReasonRequest;

/// Every operator action of the console, in one place: it asks the person for the reason (ReasonProvider),
/// then sends the action to the engine (EngineClient, queued). The engine audits it with the OS user and the
/// reason. Cancelling the reason prompt does nothing. While the team ledger is unreachable (setReadOnly())
/// every action is refused: the console then shows its mirror, and the engine could not record anything.
/// In team mode an action the login's roles do not allow (setAccess(), docs/roles.md) is refused too, with
/// the role it needs named, and nothing is sent: the console disables it beforehand, this catches what
/// arrives anyway (a shortcut on a stale state, a page still open). Thread affinity: GUI thread.
class OperatorActions : public QObject {
    Q_OBJECT
public:
    OperatorActions(EngineClient *link, QWidget *dialogParent, QObject *parent = nullptr);
    ~OperatorActions() override;

    /// Replaces how reasons are asked for (tests answer without a dialog).
    void setReasonProvider(std::unique_ptr<ReasonProvider> provider);

    /// One filing as a prompt names it: "Acme Holdings LLC, Delaware (US-DE): Annual Franchise Tax Report
    /// 2027" and its fee in cents, the fee a send charges when the registry has not filed it yet.
    struct FilingForPeople {
        QString name;
        qint64 feeCents = 0;
        bool withdrawn = false; ///< a person decided it will not be filed (a retry files it after all)
    };
    /// Where prompts look filings up by idempotency key (the console's obligations); nullopt for a key it
    /// does not know, which a prompt then counts without naming. Without one, prompts only count.
    using FilingLookup = std::function<std::optional<FilingForPeople>(const QString &key)>;
    void setFilingLookup(FilingLookup lookup) { m_lookup = std::move(lookup); }

    /// Launches `keys`; `spend` (what will be sent: filings and fees per jurisdiction) is shown in the
    /// confirmation. Against a live registry (setLiveRegistries()) a second, explicit confirmation repeats
    /// `total` ("46 filings, $10,350.00") and names the registries; No is its default.
    bool launch(const QStringList &keys, const QString &scope, const QString &spend = QString(),
                const QString &total = QString());
    /// The live registries this session files with (empty: practice only, or none).
    void setLiveRegistries(const QStringList &urls) { m_liveRegistries = urls; }
    /// No registry is configured on this desk (`none`); in a team (`team`) the team's workers then file what
    /// it launches with their own registries, which may be live: a launch prompt says so instead of
    /// "practice".
    void setNoRegistryHere(bool none, bool team) {
        m_noRegistry = none;
        m_team = team;
    }
    bool pause();
    bool resume();
    bool cancel();
    /// Tries `keys` again (dead letters); `scope` names them in the prompt ("all 19 filings matching the
    /// filter"), `aside` adds a sentence after it (what the scope left out).
    bool replay(const QStringList &keys, const QString &scope, const QString &aside = QString());
    bool resolve(const QStringList &keys, bool requeue);
    /// Withdraws `keys` (fd::isWithdrawable: waiting, halted, to be tried again or could not be filed); the
    /// prompt names them and the `leftOut` selected filings it leaves as they are (filed, withdrawn already,
    /// being sent or looked up), and says how many selected rows (`notFilings`) are no filing yet.
    bool withdraw(const QStringList &keys, const QStringList &leftOut = {}, int notFilings = 0);
    bool addNote(const QStringList &keys);
    /// Sets a missing formation date or entity type (a needs-data row of the Obligations view); `entityName`
    /// names the entity in the prompt (its id when empty).
    bool editEntity(const QString &entityId, const QDate &formationDate, const QString &entityType,
                    const QString &entityName = QString());
    /// Edits fields of an entity of the register (`values`: column -> new text); asks for the reason.
    bool editEntityFields(const QString &entityId, const QString &entityName,
                          const QHash<QString, QString> &values);
    /// Cures a halt in one step: edits fields of the entity (as editEntityFields()) and then requeues the
    /// halted filing `key` (named `filing` for people) with the corrected data, under one reason. Needs both
    /// the roles to edit the register and to resolve halts.
    bool editEntityAndRequeue(const QString &entityId, const QString &entityName,
                              const QHash<QString, QString> &values, const QString &key,
                              const QString &filing);
    /// Cures a filing the registry refused for its data (a dead letter) in one step: edits fields of the
    /// entity (as editEntityFields()) and then tries the filing `key` (named `filing` for people) again with
    /// the corrected data, as replay() does, under one reason. Needs both the roles to edit the register and
    /// to try filings again; against a live registry, sending again is confirmed as replay() confirms it.
    bool editEntityAndTryAgain(const QString &entityId, const QString &entityName,
                               const QHash<QString, QString> &values, const QString &key,
                               const QString &filing);
    /// Decides a conflict between the register and a portfolio file; asks for the reason.
    bool decideConflict(const QString &entityId, const QString &entityName, const QString &field,
                        bool takeFileValue);
    /// Records a halt or dead letter as filed outside FilingDesk: asks for the confirmation number, fee and
    /// date (ReasonProvider::askFiledOutside), then the reason.
    bool recordFiledOutside(const QString &key, const QString &filing, qint64 expectedFeeCents);
    /// The engine held a requeue whose data defect is not cured (Engine::unchangedPayloadHeld): asks "send
    /// anyway?" and, on yes, requeues them unchanged.
    bool confirmSendUnchanged(const QStringList &keys, const QString &message);
    /// Team mode: opens `key` for review (the other desks see who has it) / closes this operator's review.
    /// No reason is asked: the ledger records who and when.
    bool openReview(const QString &key);
    bool closeReview(const QString &key);

    /// Yes or no to `question` (the reason provider's; No is the default): for a page that would drop edits.
    bool confirm(const QString &title, const QString &question);
    /// Refuses every action (refused(`why`)) while `readOnly`.
    void setReadOnly(bool readOnly, const QString &why = QString());
    /// Team mode: the batches running or paused now (cancel() asks which one when there are several).
    void setOpenBatches(const QStringList &batchIds) { m_openBatches = batchIds; }
    bool isReadOnly() const { return m_readOnly; }
    /// Team mode: this login and its FilingDesk roles (a single desk: TeamAccess::singleDesk(), everything
    /// allowed). Emits accessChanged() when it differs from the last.
    void setAccess(const fd::TeamAccess &access);
    const fd::TeamAccess &access() const { return m_access; }
    /// True, and refused() said which role it needs, when the login may not do `action`; `what` names the
    /// action for the message ("Replay dead letters").
    bool refuseWithout(fd::TeamAction action, const QString &what);

Q_SIGNALS:
    /// An action went to the engine (`action` as audited: "replay", "batch_pause" ...).
    void actionSent(const QString &action, int affected);
    /// An action could not be offered (nothing selected ...): one line for the status bar.
    void refused(const QString &message);
    /// setAccess() changed the login or its roles: pages that enable by role apply access() again.
    void accessChanged();

private:
    /// Against a live registry, "send these again" is confirmed a second time, as a launch is; false (and
    /// refused()) when the person declines. True at once with a practice registry.
    bool confirmSendingAgain(const QStringList &keys);
    /// The filings of `keys` as a list for a prompt ("\n• Acme Holdings LLC (Delaware): ..."), at most five
    /// named and the rest counted; empty without a lookup.
    QString listOf(const QStringList &keys) const;
    /// What sending `keys` charges at most, as people write it ("$1,250.00"); empty when no fee is known.
    QString feesOf(const QStringList &keys) const;
    std::optional<QString> ask(const ReasonRequest &request);
    /// True (and refused() said why) while read-only.
    bool refuseWhileReadOnly();

    EngineClient *m_link;
    QWidget *m_dialogParent;
    std::unique_ptr<ReasonProvider> m_reasons;
    bool m_readOnly = false;
    QStringList m_openBatches;
    QString m_readOnlyWhy;
    QStringList m_liveRegistries;
    bool m_noRegistry = false; ///< setNoRegistryHere()
    bool m_team = false;
    fd::TeamAccess m_access;
    FilingLookup m_lookup;
};

} // namespace fd::ui
