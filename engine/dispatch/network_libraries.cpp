#include "engine/dispatch/network_libraries.h"

#include <curl/curl.h>

#include <mutex>

namespace fd {

namespace {
std::once_flag g_started;
} // namespace

NetworkLibraries::NetworkLibraries() {
    ensureStarted();
}

NetworkLibraries::~NetworkLibraries() {
    curl_global_cleanup();
}

void NetworkLibraries::ensureStarted() {
    std::call_once(g_started, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

} // namespace fd
