#pragma once

// Endpoints of URLs a test knows to be valid (a test server's url()): parsed once, as the configuration does.

#include "engine/gate/redis_endpoint.h"
#include "engine/ledger/ledger_endpoint.h"

#include <QtGlobal>

namespace fd::test {

inline RedisEndpoint parsedRedis(const QString &url) {
    RedisEndpoint endpoint;
    QString error;
    if (!RedisEndpoint::parse(url, &endpoint, &error))
        qFatal("%s", qPrintable(error));
    return endpoint;
}

inline LedgerEndpoint parsedLedger(const QString &url) {
    LedgerEndpoint endpoint;
    QString error;
    if (!LedgerEndpoint::parse(url, &endpoint, &error))
        qFatal("%s", qPrintable(error));
    return endpoint;
}

} // namespace fd::test
