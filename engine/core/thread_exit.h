#pragma once

class QThread;

namespace fd {

/// Frees what OpenSSL keeps for `thread` (its error queue, its random generators) on that thread as it
/// finishes, before QThread::wait() returns.
///
/// Why: a QThread's system thread is detached, so wait() returns before the thread's thread-local destructors
/// run; OpenSSL frees its per-thread state in one of them. When the process exits right after, OpenSSL's own
/// atexit cleanup on the main thread races that destructor: heap corruption at exit or a leaked 904-byte error
/// queue. libcurl (the registry client, on the engine thread) and libpq with TLS (the team ledger) both use
/// OpenSSL on FilingDesk's threads. OPENSSL_thread_stop(3) is OpenSSL's way to release it early.
///
/// Call once per thread, before start(). Thread affinity: any; the release runs on `thread`.
void releaseThreadStateOnFinish(QThread &thread);

/// Starts the process-wide libraries the engine's network clients use (libcurl, and through it OpenSSL) on the
/// calling thread, as curl_global_init(3) asks: once, before other threads exist. Call at the top of main();
/// a process that does not (a test) gets the same done by the first registry client. The matching
/// NetworkLibraries::~NetworkLibraries runs curl_global_cleanup() once every engine thread is gone.
class NetworkLibraries {
public:
    NetworkLibraries();
    ~NetworkLibraries();
    NetworkLibraries(const NetworkLibraries &) = delete;
    NetworkLibraries &operator=(const NetworkLibraries &) = delete;

    /// The first-use path for processes without a NetworkLibraries in main(): idempotent, thread-safe.
    static void ensureStarted();
};

} // namespace fd
