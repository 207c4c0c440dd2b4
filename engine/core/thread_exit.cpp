#include "engine/core/thread_exit.h"

#include <QObject>
#include <QThread>

#include <curl/curl.h>
#include <openssl/crypto.h>

#include <mutex>

namespace fd {

namespace {
std::once_flag g_networkLibrariesStarted;
} // namespace

void releaseThreadStateOnFinish(QThread &thread) {
    // finished() is emitted on the finishing thread itself, before wait() wakes: a direct connection runs there.
    QObject::connect(&thread, &QThread::finished, &thread, [] { OPENSSL_thread_stop(); }, Qt::DirectConnection);
}

NetworkLibraries::NetworkLibraries() {
    ensureStarted();
}

NetworkLibraries::~NetworkLibraries() {
    curl_global_cleanup();
}

void NetworkLibraries::ensureStarted() {
    std::call_once(g_networkLibrariesStarted, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

} // namespace fd
