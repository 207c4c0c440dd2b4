#include "engine/process/interrupt_watcher.h"

#include <QSocketNotifier>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace fd {

#ifdef Q_OS_UNIX
namespace {

int g_signalPipe[2] = {-1, -1};

// Only async-signal-safe calls here: the self-pipe hands the signal to the event loop.
extern "C" void onInterruptSignal(int signalNumber) {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    const char byte = char(signalNumber);
    [[maybe_unused]] const ssize_t written = ::write(g_signalPipe[0], &byte, 1);
}

} // namespace
#endif

InterruptWatcher::InterruptWatcher(QObject *parent)
    : QObject(parent) {
#ifdef Q_OS_UNIX
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0)
        return;
    m_notifier = new QSocketNotifier(g_signalPipe[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, [this] {
        char byte = 0;
        if (::read(g_signalPipe[1], &byte, 1) != 1)
            return;
        Q_EMIT interrupted(int(byte) == SIGTERM ? QStringLiteral("SIGTERM") : QStringLiteral("SIGINT"));
    });
    std::signal(SIGINT, onInterruptSignal);
    std::signal(SIGTERM, onInterruptSignal);
#endif
}

InterruptWatcher::~InterruptWatcher() {
#ifdef Q_OS_UNIX
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    delete m_notifier;
    for (int &fd : g_signalPipe) {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }
#endif
}

} // namespace fd
