#include "ui/widgets/file_dialogs.h"

#include <QAbstractFileIconProvider>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QMimeDatabase>

namespace fd {

namespace {

/// Icons and type names from the file's name, never from its content (see file_dialogs.h).
class NameOnlyIconProvider final : public QAbstractFileIconProvider {
public:
    QIcon icon(IconType type) const override { return QAbstractFileIconProvider::icon(type); }
    QIcon icon(const QFileInfo &info) const override {
        if (info.isDir())
            return icon(QAbstractFileIconProvider::Folder);
        const QMimeType mime = m_mimes.mimeTypeForFile(info, QMimeDatabase::MatchExtension);
        const QIcon themed = QIcon::fromTheme(mime.iconName(), QIcon::fromTheme(mime.genericIconName()));
        return themed.isNull() ? icon(QAbstractFileIconProvider::File) : themed;
    }
    QString type(const QFileInfo &info) const override {
        if (!info.isFile())
            return QAbstractFileIconProvider::type(
                info); // a folder or a drive: named without reading anything
        return m_mimes.mimeTypeForFile(info, QMimeDatabase::MatchExtension).comment();
    }

private:
    QMimeDatabase m_mimes;
};

NameOnlyIconProvider &nameOnlyIcons() {
    static NameOnlyIconProvider provider; // outlives every dialog: a dialog does not own its provider
    return provider;
}

} // namespace

std::unique_ptr<QFileDialog> makeFileDialog(QWidget *parent, const QString &caption, const QString &start,
                                            const QString &filter) {
    auto dialog = std::make_unique<QFileDialog>(parent, caption, start, filter);
    dialog->setOption(QFileDialog::DontUseNativeDialog);
    dialog->setIconProvider(&nameOnlyIcons());
    return dialog;
}

QString chooseFileToOpen(QWidget *parent, const QString &caption, const QString &filter) {
    const auto dialog = makeFileDialog(parent, caption, QString(), filter);
    dialog->setAcceptMode(QFileDialog::AcceptOpen);
    dialog->setFileMode(QFileDialog::ExistingFile);
    if (dialog->exec() != QDialog::Accepted || dialog->selectedFiles().isEmpty())
        return QString();
    return dialog->selectedFiles().constFirst();
}

QString chooseFileToSave(QWidget *parent, const QString &caption, const QString &suggested,
                         const QString &filter) {
    const QFileInfo start(suggested);
    const bool isFolder = !suggested.isEmpty() && start.isDir();
    const auto dialog = makeFileDialog(parent, caption, isFolder ? suggested : start.absolutePath(), filter);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setFileMode(QFileDialog::AnyFile);
    if (!suggested.isEmpty() && !isFolder)
        dialog->selectFile(start.fileName());
    if (dialog->exec() != QDialog::Accepted || dialog->selectedFiles().isEmpty())
        return QString();
    return dialog->selectedFiles().constFirst();
}

} // namespace fd
