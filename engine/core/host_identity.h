#pragma once

#include <QString>

namespace fd {

/// Who and where this process is, in one place: the names the audit trail, the fleet gate, the team ledger
/// and the default file locations are made of. Every function is thread-safe (values computed once).
namespace host {

/// The operating-system account this process runs as, from the system's user database (getpwuid on Unix,
/// GetUserNameW on Windows), never from the environment: USER=someone-else does not change who acted.
/// "unknown-user" when the system does not say.
QString osUser();

/// This machine's host name (QHostInfo::localHostName()).
QString hostName();

/// The process's name at the gate and in the ledger when none is configured: "HOST-PID".
QString defaultMemberId();

/// A console window's member id: defaultMemberId() for the process's first window, "HOST-PID-N" for its N-th
/// (each window has an engine of its own). Each call takes the next number.
QString nextConsoleMemberId();

/// The per-user data folder (QStandardPaths::AppDataLocation), created if missing.
QString dataDirectory();

/// A single desk's database when none is given: DATA/filingdesk-audit.sqlite.
QString defaultDeskDatabasePath();

/// Where team members keep their mirrors of ledgers: DATA/mirrors.
QString mirrorRoot();

} // namespace host

} // namespace fd
