#include "ui/widgets/task_detail_text.h"

#include "ui/models/obligation_row.h"

#include "engine/calendar/calendar_selection.h"
#include "engine/import/iso_codes.h"
#include "engine/model/compliance.h"
#include "engine/register/entity_fields.h"
#include "engine/rules/rejection_codes.h"
#include "ui/models/display_format.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace fd::ui {

namespace {

QString prettyJson(const QByteArray &bytes) {
    if (bytes.isEmpty())
        return QCoreApplication::translate("fd::ui::TaskDetail", "(empty)");
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (doc.isNull())
        return QString::fromUtf8(bytes);
    return QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
}

/// Context "fd::ui::TaskDetail" (a free function has no class for tr()).
struct TaskDetail {
    Q_DECLARE_TR_FUNCTIONS(fd::ui::TaskDetail)
};

} // namespace

QString rejectionExplanation(const QString &code, const Obligation &filing) {
    const std::optional<RejectionCode> r = RejectionCatalogue::builtIn().find(code);
    if (!r)
        return QString();
    QStringList lines;
    lines << TaskDetail::tr("%1 (%2)").arg(r->title, r->code);
    lines << r->explanation;
    lines << TaskDetail::tr("What to do: %1").arg(r->cure);
    if (!r->fields.isEmpty()) {
        QStringList labels;
        for (const QString &column : r->fields) {
            const EntityField *f = EntityFields::find(column);
            labels << (f ? QCoreApplication::translate("EntityField", f->label) : column);
        }
        lines << TaskDetail::tr("Fields that cure it: %1").arg(labels.join(QStringLiteral(", ")));
    }
    bool ruleCited = false;
    for (const RejectionSource &s :
         rejectionSourcesFor(*r, filing.jurisdiction, filing.citation, filing.citationUrl)) {
        const QString text = QStringLiteral("%1 %2").arg(s.text, s.url).trimmed();
        if (s.scope == QLatin1String("rule")) {
            lines << TaskDetail::tr("Source: this filing's own statute, %1").arg(text);
            ruleCited = true;
        } else if (!s.scope.isEmpty()) {
            lines << TaskDetail::tr("Source (%1): %2").arg(placeLabel(s.scope), text);
        } else {
            lines << (ruleCited ? TaskDetail::tr("In general: %1") : TaskDetail::tr("Source: %1")).arg(text);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QString taskDetailText(const FilingTask &task) {
    const Obligation &o = task.obligation;
    QStringList lines;
    const QString explanation = rejectionExplanation(task.lastErrorCode, task.obligation);
    if (!explanation.isEmpty() && task.state != ExecutionState::Completed)
        lines << explanation << QString();
    lines << TaskDetail::tr("Status: %1").arg(complianceLabel(complianceOf(task, QDate::currentDate())));
    lines << TaskDetail::tr("Filing reference (idempotency key): %1").arg(task.key);
    lines << TaskDetail::tr("Entity: %1 (%2), %3")
                 .arg(o.entity->name, o.entity->entityId, placeLabel(o.jurisdiction));
    lines << TaskDetail::tr("Filing: %1 %2, due %3, fee %4")
                 .arg(o.filingName.isEmpty() ? o.filingType : o.filingName)
                 .arg(o.filingYear)
                 .arg(formatDate(o.dueDate), formatCents(o.feeCents));
    lines << TaskDetail::tr("Rule: %1 (rules %2)").arg(o.ruleId, o.rulesVersion);
    lines << TaskDetail::tr("Citation: %1 %2").arg(o.citation, o.citationUrl);
    if (!o.penaltyNote.isEmpty())
        lines << TaskDetail::tr("Penalty: %1").arg(o.penaltyNote);
    lines << TaskDetail::tr("Progress: %1 (engine state %2), attempts %3, batch %4")
                 .arg(taskStateLabel(task), stateName(task.state))
                 .arg(task.attempts)
                 .arg(task.batchId);
    // A withdrawal is a person's decision, not an error the registry gave.
    if (isWithdrawn(task))
        lines << TaskDetail::tr("Withdrawn: %1").arg(lastMessageForPeople(task));
    else if (!task.lastErrorCode.isEmpty() || !task.lastErrorMessage.isEmpty())
        lines << TaskDetail::tr("Last error: [%1] %2: %3")
                     .arg(categoryName(task.lastCategory), task.lastErrorCode, task.lastErrorMessage);
    else
        lines << TaskDetail::tr("Last error: none");
    // A trace id and a response exist once the registry was reached; a withdrawal later does not erase
    // what it answered before, but says that it came first.
    if (!task.traceId.isEmpty())
        lines << TaskDetail::tr("Trace id: %1").arg(task.traceId);
    if (!task.confirmationNumber.isEmpty())
        lines << TaskDetail::tr("Confirmation: %1, charged %2")
                     .arg(task.confirmationNumber, formatCents(task.feeChargedCents));
    if (task.lastResponseBody.isEmpty())
        lines << QString()
              << TaskDetail::tr("Raw response body: none (the registry has not answered this filing)");
    else
        lines << QString()
              << (isWithdrawn(task) ? TaskDetail::tr("Raw response body, from before the withdrawal:")
                                    : TaskDetail::tr("Raw response body:"))
              << prettyJson(task.lastResponseBody);
    lines << QString() << TaskDetail::tr("Payload (SHA-256 %1):").arg(task.payloadSha256())
          << prettyJson(task.payloadJson());
    return lines.join(QLatin1Char('\n'));
}

QString reviewLine(const QString &review) {
    return review.isEmpty() ? QString() : TaskDetail::tr("Review: %1").arg(review) + QStringLiteral("\n\n");
}

QString notesText(const QList<AuditEntry> &notes) {
    if (notes.isEmpty())
        return QString();
    QString text = QCoreApplication::translate("fd::ui::TaskDetail", "Notes:") + QLatin1Char('\n');
    for (const AuditEntry &note : notes) {
        text += QCoreApplication::translate("fd::ui::TaskDetail", "— %1, %2:")
                    .arg(note.actor, formatDateTime(note.atUtc)) +
                QLatin1Char('\n');
        for (const QString &line : note.reason.split(QLatin1Char('\n')))
            text += QStringLiteral("    ") + line + QLatin1Char('\n');
    }
    return text + QLatin1Char('\n');
}

} // namespace fd::ui
