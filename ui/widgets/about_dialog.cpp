#include "ui/widgets/about_dialog.h"

#include "ui/about/version_info.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace fd::ui {

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About FilingDesk"));
    const VersionInfo v = VersionInfo::current();

    auto *title = new QLabel(tr("<h2>FilingDesk %1</h2>").arg(v.program), this);
    auto *summary =
        new QLabel(tr("Annual reports and franchise taxes for a portfolio of entities, filed once "
                      "each with the US Secretary of State registries, with an append-only audit "
                      "trail."),
                   this);
    summary->setWordWrap(true);

    auto *form = new QFormLayout;
    auto *program = new QLabel(v.program, this);
    program->setObjectName(QStringLiteral("programVersion"));
    auto *rules = new QLabel(v.rules.isEmpty() ? tr("unreadable") : v.rules, this);
    rules->setObjectName(QStringLiteral("rulesVersion"));
    auto *qt = new QLabel(tr("%1 (built with %2)").arg(v.qtRun, v.qtBuild), this);
    qt->setObjectName(QStringLiteral("qtVersion"));
    for (QLabel *label : {program, rules, qt})
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Program version:"), program);
    form->addRow(tr("Rules file version:"), rules);
    form->addRow(tr("Qt version:"), qt);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *aboutQt = buttons->addButton(tr("About &Qt"), QDialogButtonBox::HelpRole);
    connect(aboutQt, &QPushButton::clicked, this, [this] { QApplication::aboutQt(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(summary);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

} // namespace fd::ui
