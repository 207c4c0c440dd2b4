#pragma once

namespace fd {

/// Starts the process-wide libraries the registry client uses (libcurl, and through it OpenSSL) on the
/// calling thread, as curl_global_init(3) asks: once, before other threads exist. Declare one at the top of
/// main(); a process that does not (a test) gets the same from its first registry client. The destructor runs
/// curl_global_cleanup() once every engine thread is gone (the end of main()). engine/core/thread_exit.h says
/// why where OpenSSL starts matters.
///
/// Thread affinity: the main thread.
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
