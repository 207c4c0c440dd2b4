#include "engine/core/host_identity.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDir>
#include <QHostInfo>
#include <QStandardPaths>

#if defined(Q_OS_UNIX)
#include <pwd.h>
#include <unistd.h>
#elif defined(Q_OS_WIN)
#include <lmcons.h>
#include <windows.h>
#endif

namespace fd::host {

QString osUser() {
    // The environment is the caller's to set (USER=someone-else); the audit names who really acted.
    static const QString user = [] {
        QString name;
#if defined(Q_OS_UNIX)
        if (const passwd *pw = ::getpwuid(::geteuid()); pw && pw->pw_name)
            name = QString::fromLocal8Bit(pw->pw_name);
        else
            name = QStringLiteral("uid-%1").arg(::geteuid());
#elif defined(Q_OS_WIN)
        wchar_t buffer[UNLEN + 1];
        DWORD size = UNLEN + 1;
        if (::GetUserNameW(buffer, &size) && size > 0)
            name = QString::fromWCharArray(buffer, int(size) - 1);
#endif
        return name.isEmpty() ? QStringLiteral("unknown-user") : name;
    }();
    return user;
}

QString hostName() {
    static const QString name = QHostInfo::localHostName();
    return name;
}

QString defaultMemberId() {
    return QStringLiteral("%1-%2").arg(hostName()).arg(QCoreApplication::applicationPid());
}

QString nextConsoleMemberId() {
    static QAtomicInt windows;
    const int n = windows.fetchAndAddRelaxed(1);
    return n == 0 ? defaultMemberId() : QStringLiteral("%1-%2").arg(defaultMemberId()).arg(n + 1);
}

QString dataDirectory() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir;
}

QString defaultDeskDatabasePath() {
    return QDir(dataDirectory()).filePath(QStringLiteral("filingdesk-audit.sqlite"));
}

QString mirrorRoot() {
    return QDir(dataDirectory()).filePath(QStringLiteral("mirrors"));
}

} // namespace fd::host
