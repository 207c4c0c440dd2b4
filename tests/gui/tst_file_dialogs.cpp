// The console's file dialogs leave the desk's database alone: browsing the folder that holds it must not drop
// the locks SQLite holds on it (ui/widgets/file_dialogs.h says why a dialog that reads files to guess their
// type drops them, and what another program then does to the database).
#include "engine/audit/audit_store.h"
#include "ui/widgets/file_dialogs.h"

#include <QFile>
#include <QFileDialog>
#include <QFileSystemModel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace fd;

namespace {

/// The POSIX locks this process holds on `path` (lines of /proc/locks naming its pid and the file's inode).
int locksHeldOn(const QString &path) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    QFile locks(QStringLiteral("/proc/locks"));
    if (!locks.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray pid = QByteArray::number(qint64(::getpid()));
    const QByteArray inode = ':' + QByteArray::number(qulonglong(st.st_ino));
    int held = 0;
    for (const QByteArray &line : locks.readAll().split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        // "1: POSIX  ADVISORY  READ 1234 08:01:5678 128 128"
        if (fields.size() >= 6 && fields.at(1) == "POSIX" && fields.at(4) == pid &&
            fields.at(5).endsWith(inode))
            ++held;
    }
    return held;
}

} // namespace

class TestFileDialogs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void browsingTheDatabaseFolderKeepsItsLocks() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("desk.sqlite"));
        AuditStore store;
        QString error;
        QVERIFY2(store.open(db, &error), qPrintable(error));
        const QString shm = db + QStringLiteral("-shm");
        const int before = locksHeldOn(shm);
        QVERIFY2(before > 0, "the open database holds no lock on its shared-memory file");

        const auto dialog = makeFileDialog(nullptr, QStringLiteral("Open portfolio"), dir.path(),
                                           QStringLiteral("Portfolio CSV (*.csv);;All files (*)"));
        auto *model = dialog->findChild<QFileSystemModel *>();
        QVERIFY(model);
        QSignalSpy loaded(model, &QFileSystemModel::directoryLoaded);
        dialog->selectNameFilter(QStringLiteral("All files (*)"));
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
        QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 10000);
        // The model gathers each file's icon and type on a thread of its own; ask for them as a view would.
        const QModelIndex folder = model->index(dir.path());
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount(folder) >= 3, 10000); // the database, -wal and -shm
        for (int row = 0; row < model->rowCount(folder); ++row) {
            model->data(model->index(row, 0, folder), Qt::DecorationRole);
            model->data(model->index(row, 2, folder), Qt::DisplayRole);
        }
        QTest::qWait(1000);
        for (int row = 0; row < model->rowCount(folder); ++row)
            model->data(model->index(row, 2, folder), Qt::DisplayRole);
        QCOMPARE(locksHeldOn(shm), before);
        dialog->close();
    }
};

QTEST_MAIN(TestFileDialogs)
#include "tst_file_dialogs.moc"
