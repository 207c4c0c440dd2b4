#include "engine/core/thread_exit.h"

#include <QObject>
#include <QThread>

#include <openssl/crypto.h>

namespace fd {

void releaseThreadStateOnFinish(QThread &thread) {
    // finished() is emitted on the finishing thread itself, before wait() wakes: a direct connection runs
    // there.
    QObject::connect(
        &thread, &QThread::finished, &thread, [] { OPENSSL_thread_stop(); }, Qt::DirectConnection);
}

} // namespace fd
