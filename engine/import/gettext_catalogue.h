#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace fd {

/// A GNU gettext catalogue (.mo file) as a table: original -> translation (UTF-8 translations). Its layout is
/// the one the gettext manual gives ("The Format of GNU MO Files"). Empty when the file is missing or not a
/// catalogue; a file system or Qt resource path. Thread-safe (no shared state).
QHash<QByteArray, QString> readGettextCatalogue(const QString &path);

} // namespace fd
