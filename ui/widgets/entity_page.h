#pragma once

#include "engine/audit/audit_store.h"
#include "engine/model/entity.h"
#include "engine/register/register_types.h"
#include "ui/models/obligation_row.h"

#include <QDate>
#include <QDialog>
#include <QHash>
#include <QList>
#include <QStringList>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QTabWidget;
class QTableWidget;
class QVBoxLayout;

namespace fd::ui {

class OperatorActions;

/// One entity, whole (objectName "entityPage"): its register data, editable with a reason (each field a
/// QLineEdit "entityField_<column>", saved by "entitySave"); its open conflicts with a portfolio file
/// ("entityConflicts": keep the register's value or take the file's); every filing of the loaded plan with
/// its compliance status, engine state, confirmation and fee ("entityFilings"); and its whole timeline from
/// the audit trail ("entityTimeline": when, who, what, why). Opened from any view by double-click or Enter.
/// After a halt for a data defect, the fields that cure it are marked (setCure()) and the explanation of the
/// rejection is shown ("entityCureHint").
///
/// The page shows what the console was told (the engine's registerChanged, tasksChanged, entityHistory);
/// edits go through OperatorActions. In a team, a login without the operator role sees the page read-only:
/// the fields cannot be typed into, and "Save changes" and the conflict buttons are disabled with the role
/// named (OperatorActions::access()). Thread affinity: GUI thread.
class EntityPage : public QDialog {
    Q_OBJECT
public:
    EntityPage(OperatorActions *actions, QWidget *parent = nullptr);

    QString entityId() const { return m_entity.entityId; }
    /// Shows `entity` with its open conflicts (the whole list: the page picks its own). Unsaved edits of the
    /// same entity are kept when a field's value did not change underneath.
    void setEntity(const fd::Entity &entity, const QList<fd::RegisterConflict> &conflicts);
    /// The edit sent from this page was not written (`why`, as the engine said it): the page says so, keeps
    /// the edits in the fields and lets the person save again (and, when it was opened to cure a halt,
    /// requeue).
    void saveFailed(const QString &why);
    /// The edit sent from this page was written: of the entity's filings not yet sent, `rebuilt` now carry it
    /// and `halted` are no longer owed as admitted, `alreadyLeft` were on their way with the data before
    /// (Engine::entityEditApplied()); said with "Saved".
    void editApplied(int rebuilt, int halted, int alreadyLeft);
    /// The filings of this entity as the Obligations view has them, and the as-of date.
    void setFilings(const QList<ObligationRow> &rows, const QDate &asOf);
    /// The entity's audit rows, newest first.
    void setHistory(const QList<fd::AuditEntry> &entries);
    /// What the page's one-step cure sends after the edit: a halted filing requeued (a halt), or a filing the
    /// registry refused tried again (a dead letter, "Could not be filed").
    enum class CureStep { Requeue, TryAgain };
    /// Marks the fields that cure a halt or a refusal (`fields`: register columns) with the explanation
    /// `hint`, and puts the cursor in the first. With `haltKey` (the filing, named `filing` for people) the
    /// page offers the edit and the new attempt in one step, one reason ("entitySaveRequeue"): "Save and
    /// requeue" for a halt, "Save and try again" for a dead letter (`step`).
    void setCure(const QStringList &fields, const QString &hint, const QString &haltKey = QString(),
                 const QString &filing = QString(), CureStep step = CureStep::Requeue);
    /// The register value a field shows now (a choice list's value as the register spells it).
    QString fieldText(const QString &column) const;
    /// The edited fields (column -> text) that differ from the register.
    QHash<QString, QString> pendingChanges() const;
    /// Closing (Close, Escape, the window's close button) with unsaved edits asks first; No keeps the page.
    void reject() override;
    /// Whether the page may close now (the console is closing): a save on its way keeps the page and says
    /// so; unsaved edits are lost only when the person agrees. Then the page is closed without asking again.
    bool closeForQuit();

Q_SIGNALS:
    /// The person asked for the history again (after a change).
    void historyWanted(const QString &entityId);

private:
    /// The person's answer to closing now: false keeps the page (a save on its way, or No to losing edits).
    bool agreesToClose();
    void save();
    void saveAndRequeue();
    void saveWith(bool requeue);
    void setFieldText(const QString &column, const QString &value);
    QWidget *fieldWidget(const QString &column) const;
    /// Marks the fields that cure a halt and those a filing needs.
    void markFields();
    /// One line beside "Save changes": saved, or why nothing was saved (`problem`: in red).
    void showSaveStatus(const QString &text, bool problem);
    void rebuildConflicts();
    void updateTitle();
    /// Enables saving and deciding as the edits and the login's roles allow.
    void applyAccess();

    OperatorActions *m_actions;
    fd::Entity m_entity;
    QList<fd::RegisterConflict> m_conflicts;
    QHash<QString, QLineEdit *> m_fields;  ///< free-text fields
    QHash<QString, QComboBox *> m_choices; ///< fields with a short list of values (entity type, statuses)
    QStringList m_cureFields;
    QStringList m_needFields;
    QString m_haltKey;    ///< opened to cure this halted filing (empty: no "Save and requeue")
    QString m_haltFiling; ///< its name for people
    CureStep m_cureStep = CureStep::Requeue;
    bool m_requeued = false;
    QString m_requeuedHaltKey; ///< the halt a "Save and requeue" under way was for (back if the save fails)
    QLabel *m_title;
    QLabel *m_summary;
    QLabel *m_cureHint;
    QLabel *m_needsHint; ///< "entityNeedsDataHint", at the top of the Data tab
    QTabWidget *m_tabs;
    QScrollArea *m_fieldsScroll = nullptr; ///< "entityFieldsScroll": the register's fields
    QVBoxLayout *m_conflictBox;
    QWidget *m_conflictGroup;
    QPushButton *m_save;
    QPushButton *m_saveRequeue;
    QLabel *m_saveStatus;       ///< "entitySaveStatus"
    int m_editRebuilt = 0;      ///< editApplied(): filings not yet sent that carry the edit being saved
    int m_editHalted = 0;       ///< editApplied(): filings the edit halted
    int m_editAlreadyLeft = 0;  ///< editApplied(): filings on their way with the data before the edit
    bool m_savePending = false; ///< an edit was sent; the register's answer says it was saved
    QTableWidget *m_filings;
    QTableWidget *m_timeline;
    QDate m_asOf;
    QHash<QString, QString> m_filingNames; ///< filing reference -> "Annual Report 2027", for the timeline
};

} // namespace fd::ui
