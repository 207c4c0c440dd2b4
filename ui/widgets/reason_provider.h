#pragma once

#include "ui/widgets/reason_request.h"

#include <QDate>
#include <QString>
#include <QStringList>

#include <optional>

class QWidget;

namespace fd::ui {

/// Asks a person for the reason of an operator action. The console uses ReasonDialog; tests inject their own
/// provider to answer without a dialog. Thread affinity: GUI thread.
class ReasonProvider {
public:
    virtual ~ReasonProvider() = default;
    /// The reason (never empty), or std::nullopt when the person cancels — then nothing is done.
    virtual std::optional<QString> askReason(QWidget *parent, const ReasonRequest &request) = 0;
    /// One of `choices` (its index), or std::nullopt when the person cancels. The default asks with a list.
    virtual std::optional<int> askChoice(QWidget *parent, const QString &title, const QString &label,
                                         const QStringList &choices);
    /// Yes or no to `question` (the default: a message box; No is the default button).
    virtual bool confirm(QWidget *parent, const QString &title, const QString &question);
    /// What a person filed outside FilingDesk (paper or portal): the default asks with FiledOutsideDialog
    /// (`expectedFeeCents` prefills the fee). std::nullopt when the person cancels.
    struct FiledOutside {
        QString confirmationNumber;
        qint64 feeChargedCents = 0;
        QDate filedOn;
    };
    virtual std::optional<FiledOutside> askFiledOutside(QWidget *parent, const QString &filing,
                                                        qint64 expectedFeeCents);
};

/// The default provider: a ReasonDialog.
class DialogReasonProvider : public ReasonProvider {
public:
    std::optional<QString> askReason(QWidget *parent, const ReasonRequest &request) override;
};

} // namespace fd::ui
