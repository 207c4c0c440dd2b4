// filingdesk-sandbox: the sandbox registry (Registry API v1) used by the demo, the tests and the benchmarks.
#include "sandbox_config.h"
#include "sandbox_registry.h"

#include <QtCore/QCoreApplication>

#include <cstdio>

int main(int argc, char *argv[]) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("filingdesk-sandbox"));

    const fd::sandbox::ParsedArguments parsed = fd::sandbox::parseArguments(QCoreApplication::arguments());
    if (parsed.helpRequested) {
        std::fputs(parsed.helpText.toUtf8().constData(), stdout);
        return 0;
    }
    if (!parsed.config) {
        std::fprintf(stderr, "filingdesk-sandbox: %s\n(see --help)\n", parsed.error.toUtf8().constData());
        return 2;
    }

    fd::sandbox::SandboxRegistry registry(*parsed.config);
    const quint16 port = registry.listen();
    if (port == 0) {
        std::fprintf(stderr, "filingdesk-sandbox: %s\n", registry.errorString().toUtf8().constData());
        return 1;
    }
    const QString host = parsed.config->host.contains(QLatin1Char(':'))
                             ? QLatin1Char('[') + parsed.config->host + QLatin1Char(']') // IPv6 literal
                             : parsed.config->host;
    std::printf("listening on http://%s:%u\n", host.toUtf8().constData(), unsigned(port));
    std::fflush(stdout);
    return app.exec();
}
