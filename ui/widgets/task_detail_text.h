#pragma once

#include "engine/audit/audit_store.h"
#include "engine/model/filing_task.h"

#include <QString>

namespace fd::ui {

/// Plain-text description of a task for the detail panes: identity, rule and citation, last outcome, trace
/// id, the raw response body and the payload (JSON pretty-printed where it parses).
QString taskDetailText(const FilingTask &task);

/// What a registry rejection code means for the person who cures it
/// (resources/registry/rejection_codes.json): title, explanation, what to do, the entity fields that cure it
/// and where it is stated for this filing's jurisdiction (its state's statute, or the filing rule's citation
/// and the general statement; never another state's law); empty for a code the catalogue does not know.
QString rejectionExplanation(const QString &code, const Obligation &filing);

/// The first lines of a detail pane for an item someone has open for review ("Review: in review by NAME on
/// HOST since TIME UTC" and an empty line); empty when `review` is.
QString reviewLine(const QString &review);

/// The notes people wrote on an item, oldest first, each with its author and time and every line of its
/// text ("Notes:" heading, an empty line after); empty when there are none.
QString notesText(const QList<AuditEntry> &notes);

} // namespace fd::ui
