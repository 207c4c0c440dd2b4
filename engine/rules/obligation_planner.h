#pragma once

#include "engine/import/portfolio_importer.h"
#include "engine/model/obligation.h"
#include "engine/rules/rule_set.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

namespace fd {

/// Where one portfolio row ended up. Every row gets exactly one outcome.
enum class RowOutcome { Obligations, NeedsData, OutOfScope, RowError };
QString rowOutcomeName(RowOutcome outcome);

/// One filing that cannot be planned until a person supplies a field, whether or not other rules gave the
/// same row obligations (a California corporation without a formation date owes its franchise tax, but its
/// Statement of Information needs the formation date).
struct ObligationNeed {
    QString ruleId;       ///< "US-CA.CORP.STATEMENT_OF_INFORMATION.2000"
    QString filingType;   ///< "STATEMENT_OF_INFORMATION"
    QString filingName;   ///< the state's name for the filing
    QString missingField; ///< "formation_date", "registry_id"
    QString reason;       ///< one line for a person
};

/// The plan for one imported row.
struct RowPlan {
    int line = 0;
    QString file;
    RowOutcome outcome = RowOutcome::RowError;
    /// As imported, shared with the import row and the obligations (for a row error only the name, when it
    /// could be read).
    SharedEntity entity;
    QList<Obligation> obligations; ///< the next occurrence of each applicable rule
    QStringList missing; ///< fields that block some rule ("formation_date", "entity_type", "jurisdiction")
    /// Per filing: the rules of the row's jurisdiction that need data (empty when the jurisdiction or entity
    /// type is unknown, which blocks every rule: see missing).
    QList<ObligationNeed> needs;
    QString reason; ///< needs data / out of scope / row error: one line for a person
    int errorColumn = 0;
    QString errorField;
    int duplicateOfLine = 0; ///< non-zero: the file already listed this entity on that line (ImportedRow)
};

/// Counts over a whole plan; rows == rowsWithObligations + needsData + outOfScope + rowErrors.
struct PlanCounts {
    int rows = 0;
    int rowsWithObligations = 0;
    int needsData = 0;
    int outOfScope = 0;
    int rowErrors = 0;
    int obligations = 0;
    int obligationsNeedingData = 0; ///< filings waiting for data, over all rows (sum of RowPlan::needs)
};

/// Turns imported rows into obligations with the rules file. Obligations are the next occurrence of every
/// rule that applies to the entity with a due date on or after `asOf` (the injectable "today"). Each row's
/// plan and obligations share the import row's entity (SharedEntity): nothing is copied per obligation. Pure
/// function.
QList<RowPlan> planObligations(const ImportResult &import, const RuleSet &rules, const QDate &asOf);
/// Plans one entity (used when an operator fills in a missing field). The row plan and its obligations share
/// `entity` (an Entity passed here is copied once into a SharedEntity).
RowPlan planEntity(const SharedEntity &entity, const RuleSet &rules, const QDate &asOf);
PlanCounts countPlan(const QList<RowPlan> &plan);

/// The admission score of the reference (seed 003, Phase 2): urgency = max(0.1, 10 / (max(days, 0) + 1)),
/// risk = tier * 2.5, score = urgency * risk, with days counted from `asOf` to the due date.
double admissionScore(const QDate &dueDate, int riskTier, const QDate &asOf);

} // namespace fd
