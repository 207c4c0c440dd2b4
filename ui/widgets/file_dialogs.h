#pragma once

#include <QString>

#include <memory>

class QFileDialog;
class QWidget;

namespace fd {

/// The console's file dialogs (open a portfolio; save a report, an audit export, a calendar).
///
/// Qt's own dialog, never the desktop's, with icons and types told from file names alone. A dialog that reads
/// a file to guess its type opens and closes it, and on POSIX systems closing any descriptor of a file drops
/// every lock the process holds on that file: browsing the folder of the desk's database dropped SQLite's
/// locks on the database and its write-ahead log, after which another program that opened the database (the
/// sqlite3 shell, `filingdesk calendar --db`) could take the log for a stale one and delete it under the
/// running desk, losing its writes (https://www.sqlite.org/howtocorrupt.html, section 2.2, "Posix advisory
/// locks canceled by a separate thread doing close()"). The desktop's dialog runs in this process too and
/// guesses the same way.
///
/// Thread affinity: the GUI thread.

/// A file to open; empty when the person cancels. `filter` as QFileDialog's ("Portfolio CSV (*.csv);;...").
QString chooseFileToOpen(QWidget *parent, const QString &caption, const QString &filter);
/// A file to write (the dialog asks before replacing one); empty when the person cancels. `suggested` is the
/// folder or file the dialog starts at.
QString chooseFileToSave(QWidget *parent, const QString &caption, const QString &suggested,
                         const QString &filter);
/// The dialog both use, not yet shown (tests).
std::unique_ptr<QFileDialog> makeFileDialog(QWidget *parent, const QString &caption, const QString &start,
                                            const QString &filter);

} // namespace fd
