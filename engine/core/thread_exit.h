#pragma once

class QThread;

namespace fd {

/// Frees what OpenSSL keeps for `thread` (its error queue, its random generators) on that thread as it
/// finishes, before QThread::wait() returns.
///
/// Why: a QThread's system thread is detached, so wait() returns before the thread's thread-local destructors
/// run; OpenSSL frees its per-thread state in one of them. When the process exits right after, OpenSSL's own
/// atexit cleanup on the main thread races that destructor: heap corruption at exit or a leaked 904-byte
/// error queue. libcurl (the registry client, on the engine thread) and libpq with TLS (the team ledger) both
/// use OpenSSL on FilingDesk's threads. OPENSSL_thread_stop(3) is OpenSSL's way to release it early.
///
/// Call once per thread, before start(). Thread affinity: any; the release runs on `thread`.
void releaseThreadStateOnFinish(QThread &thread);

} // namespace fd
