// The metrics endpoint over real HTTP on loopback: GET /metrics fetched with QNetworkAccessManager and
// checked with an independent parser, the official Prometheus Python client's
// (tests/integration/prometheus_parse.py, run with FILINGDESK_PYTHON), plus 404/405, the port-in-use and
// bad-address errors.
#include "cli_process.h"
#include "engine/metrics/engine_metrics.h"
#include "engine/metrics/metrics_registry.h"
#include "engine/metrics/metrics_server.h"

#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QMap>
#include <QtCore/QProcess>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkProxy>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QNetworkRequest>
#include <QtNetwork/QTcpServer>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

using namespace fd;
using namespace fd::metrics;

namespace {

constexpr int kRequestTimeoutMs = 10000;
constexpr int kPythonTimeoutMs = 60000;

struct Fetched {
    bool finished = false;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    int status = 0;
    QByteArray contentType;
    QByteArray allow;
    QByteArray body;
};

// One request over loopback, no proxy (an http_proxy in the environment must not see it), bounded wait.
Fetched fetch(const QUrl &url, const QByteArray &method = QByteArrayLiteral("GET")) {
    QNetworkAccessManager nam;
    nam.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(url);
    request.setTransferTimeout(kRequestTimeoutMs);
    std::unique_ptr<QNetworkReply> reply(nam.sendCustomRequest(request, method));
    QSignalSpy finished(reply.get(), &QNetworkReply::finished);
    if (!reply->isFinished())
        finished.wait(kRequestTimeoutMs + 2000);
    Fetched result;
    result.finished = reply->isFinished();
    if (!result.finished) {
        reply->abort();
        return result;
    }
    result.error = reply->error();
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.contentType = reply->rawHeader(QByteArrayLiteral("Content-Type"));
    result.allow = reply->rawHeader(QByteArrayLiteral("Allow"));
    result.body = reply->readAll();
    return result;
}

// The exposition as parsed by prometheus_client: {"families": [{name, type, help, samples: [...]}]}.
QJsonObject parseWithPrometheusClient(const QByteArray &exposition, QString *error) {
    const QString interpreter = qEnvironmentVariable("FILINGDESK_PYTHON");
    if (interpreter.isEmpty()) {
        *error = QStringLiteral("FILINGDESK_PYTHON is not set: no python3 with the prometheus_client module "
                                "(Debian: python3-prometheus-client) was found");
        return {};
    }
    QProcess python;
    python.start(interpreter,
                 {fd::test::sourcePath(QStringLiteral("tests/integration/prometheus_parse.py"))});
    if (!python.waitForStarted(kPythonTimeoutMs)) {
        *error = QStringLiteral("cannot start %1: %2").arg(interpreter, python.errorString());
        return {};
    }
    python.write(exposition);
    python.closeWriteChannel();
    if (!python.waitForFinished(kPythonTimeoutMs) || python.exitStatus() != QProcess::NormalExit ||
        python.exitCode() != 0) {
        *error = QStringLiteral("%1 prometheus_parse.py failed (exit %2): %3")
                     .arg(interpreter)
                     .arg(python.exitCode())
                     .arg(QString::fromUtf8(python.readAllStandardError()));
        python.kill();
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(python.readAllStandardOutput(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("python output is not JSON: %1").arg(parseError.errorString());
        return {};
    }
    return doc.object();
}

// "sample_name{"label":"value",...}" with the labels sorted (QJsonObject sorts its keys).
QString sampleKey(const QString &name, const QJsonObject &labels) {
    return name + QString::fromUtf8(QJsonDocument(labels).toJson(QJsonDocument::Compact));
}

struct Parsed {
    QMap<QString, QString> types;     // family name -> type
    QMap<QString, QString> helps;     // family name -> help
    QMap<QString, QJsonValue> values; // sampleKey -> value (a number, or "NaN"/"+Inf"/"-Inf")
    QMap<QString, QString> familyOf;  // sampleKey -> family name
};

Parsed flatten(const QJsonObject &parsed) {
    Parsed out;
    for (const QJsonValue &f : parsed.value(QLatin1String("families")).toArray()) {
        const QJsonObject family = f.toObject();
        const QString name = family.value(QLatin1String("name")).toString();
        out.types.insert(name, family.value(QLatin1String("type")).toString());
        out.helps.insert(name, family.value(QLatin1String("help")).toString());
        for (const QJsonValue &s : family.value(QLatin1String("samples")).toArray()) {
            const QJsonObject sample = s.toObject();
            const QString key = sampleKey(sample.value(QLatin1String("name")).toString(),
                                          sample.value(QLatin1String("labels")).toObject());
            out.values.insert(key, sample.value(QLatin1String("value")));
            out.familyOf.insert(key, name);
        }
    }
    return out;
}

// Differences between expected and parsed sample values (numbers compared with a relative 1e-12).
QStringList differences(const QMap<QString, QJsonValue> &expected, const QMap<QString, QJsonValue> &actual) {
    QStringList out;
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        if (!actual.contains(it.key())) {
            out.append(QStringLiteral("missing %1").arg(it.key()));
            continue;
        }
        const QJsonValue a = actual.value(it.key());
        const QJsonValue e = it.value();
        const bool equal = (a.isDouble() && e.isDouble()) ? std::fabs(a.toDouble() - e.toDouble()) <=
                                                                1e-12 * std::max(1.0, std::fabs(e.toDouble()))
                                                          : a == e;
        if (!equal)
            out.append(QStringLiteral("%1: expected %2, got %3")
                           .arg(it.key(), e.toVariant().toString(), a.toVariant().toString()));
    }
    for (auto it = actual.cbegin(); it != actual.cend(); ++it) {
        if (!expected.contains(it.key()))
            out.append(QStringLiteral("unexpected %1 = %2").arg(it.key(), it.value().toVariant().toString()));
    }
    return out;
}

QJsonObject labels(std::initializer_list<QPair<QString, QString>> pairs) {
    QJsonObject object;
    for (const auto &[name, value] : pairs)
        object.insert(name, value);
    return object;
}

// The histogram's bucket bounds as the exposition must write them (written out here, not formatted by the
// code under test).
const QStringList kDurationLe{QStringLiteral("0.01"), QStringLiteral("0.025"), QStringLiteral("0.05"),
                              QStringLiteral("0.1"),  QStringLiteral("0.25"),  QStringLiteral("0.5"),
                              QStringLiteral("1"),    QStringLiteral("2.5"),   QStringLiteral("5"),
                              QStringLiteral("10"),   QStringLiteral("20"),    QStringLiteral("30"),
                              QStringLiteral("60"),   QStringLiteral("+Inf")};

void expectHistogram(QMap<QString, QJsonValue> &expected, const QString &jurisdiction,
                     const QList<int> &cumulative, double sum) {
    Q_ASSERT(cumulative.size() == kDurationLe.size());
    const QString name = QStringLiteral("filingdesk_request_duration_seconds");
    for (qsizetype i = 0; i < kDurationLe.size(); ++i)
        expected.insert(
            sampleKey(name + QLatin1String("_bucket"), labels({{QStringLiteral("jurisdiction"), jurisdiction},
                                                               {QStringLiteral("le"), kDurationLe.at(i)}})),
            cumulative.at(i));
    expected.insert(
        sampleKey(name + QLatin1String("_sum"), labels({{QStringLiteral("jurisdiction"), jurisdiction}})),
        sum);
    expected.insert(
        sampleKey(name + QLatin1String("_count"), labels({{QStringLiteral("jurisdiction"), jurisdiction}})),
        cumulative.constLast());
}

} // namespace

class MetricsServerTest : public QObject {
    Q_OBJECT
private slots:
    void scrapeParsedByPrometheusClient();
    void scrapesFollowUpdates();
    void otherPathsAndMethods_data();
    void otherPathsAndMethods();
    void defaultAddressIsLoopback();
    void portInUse();
    void addressNotAvailable();
    void ipv6Loopback();
    void listenTwice();
};

void MetricsServerTest::scrapeParsedByPrometheusClient() {
    MetricsRegistry registry;
    EngineMetrics metrics(registry, QStringLiteral("9.8.7"));
    metrics.setTaskCount(ExecutionState::Pending, 5);
    metrics.setTaskCount(ExecutionState::Completed, 12);
    metrics.setTaskCount(ExecutionState::DeadLetter, 1);
    metrics.recordRequest(QStringLiteral("US-DE"), RegistryOutcome::Kind::Accepted, 0.02);
    metrics.recordRequest(QStringLiteral("US-DE"), RegistryOutcome::Kind::Accepted, 0.3);
    metrics.recordRequest(QStringLiteral("US-DE"), RegistryOutcome::Kind::Transient, 45);
    metrics.recordRequest(QStringLiteral("US-CA"), RegistryOutcome::Kind::Replayed,
                          75); // past 60 s: +Inf only
    metrics.setPermits(QStringLiteral("US-DE"), 3, 2);
    metrics.setPermits(QStringLiteral("US-CA"), 0, 1);
    metrics.setClaimsHeld(4);
    metrics.setGateBlind(true);
    metrics.setLedgerReachable(true);
    metrics.setLedgerLink(QStringLiteral("waiting_on_lock"));
    // Label values and a help text that need escaping, and values that are not plain numbers.
    GaugeFamily *odd = registry.addGauge(
        QStringLiteral("filingdesk_test_odd"),
        QStringLiteral("A help with a backslash \\ and a\nnewline, \"quoted\"."), {QStringLiteral("value")});
    QVERIFY(odd);
    odd->set({QStringLiteral("back\\slash")}, 1);
    odd->set({QStringLiteral("double \"quote\"")}, 2);
    odd->set({QStringLiteral("new\nline")}, 3);
    odd->set({QStringLiteral("all \\\"\n three")}, 4);
    odd->set({QStringLiteral("Zürich ✓")}, 0.125);
    odd->set({QStringLiteral("nan")}, std::numeric_limits<double>::quiet_NaN());
    odd->set({QStringLiteral("inf")}, -std::numeric_limits<double>::infinity());

    MetricsServer server(registry);
    QVERIFY2(server.listen(0), qPrintable(server.errorString()));
    const Fetched scrape = fetch(server.url());
    QVERIFY(scrape.finished);
    QCOMPARE(scrape.error, QNetworkReply::NoError);
    QCOMPARE(scrape.status, 200);
    QCOMPARE(scrape.contentType, QByteArray("text/plain; version=0.0.4; charset=utf-8"));
    QCOMPARE(scrape.body, registry.exposition());

    QString error;
    const QJsonObject parsed = parseWithPrometheusClient(scrape.body, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const Parsed p = flatten(parsed);

    // Families: the parser's names (a counter without its _total), types and help texts.
    const QMap<QString, QString> types{
        {QStringLiteral("filingdesk_build_info"), QStringLiteral("gauge")},
        {QStringLiteral("filingdesk_claims_held"), QStringLiteral("gauge")},
        {QStringLiteral("filingdesk_gate_blind"), QStringLiteral("gauge")},
        {QStringLiteral("filingdesk_ledger_link"), QStringLiteral("gauge")},
        {QStringLiteral("filingdesk_ledger_reachable"), QStringLiteral("gauge")},
        {QStringLiteral("filingdesk_permits_awaited"), QStringLiteral("gauge")},
        {QStringLiteral("filingdesk_permits_held"), QStringLiteral("gauge")},
        {QStringLiteral("filingdesk_request_duration_seconds"), QStringLiteral("histogram")},
        {QStringLiteral("filingdesk_requests"), QStringLiteral("counter")},
        {QStringLiteral("filingdesk_tasks"), QStringLiteral("gauge")},
        {QStringLiteral("filingdesk_test_odd"), QStringLiteral("gauge")},
    };
    QCOMPARE(p.types, types);
    QCOMPARE(p.helps.value(QStringLiteral("filingdesk_test_odd")),
             QStringLiteral("A help with a backslash \\ and a\nnewline, \"quoted\"."));
    QCOMPARE(p.helps.value(QStringLiteral("filingdesk_requests")),
             QStringLiteral("Registry requests finished, by jurisdiction and outcome."));
    for (auto it = p.helps.cbegin(); it != p.helps.cend(); ++it)
        QVERIFY2(!it.value().isEmpty(), qPrintable(it.key()));

    // Every sample, with its value.
    QMap<QString, QJsonValue> expected;
    const auto put = [&expected](const QString &name, const QJsonObject &l, const QJsonValue &value) {
        expected.insert(sampleKey(name, l), value);
    };
    const QString j = QStringLiteral("jurisdiction");
    put(QStringLiteral("filingdesk_build_info"),
        labels({{QStringLiteral("version"), QStringLiteral("9.8.7")}}), 1);
    put(QStringLiteral("filingdesk_claims_held"), {}, 4);
    put(QStringLiteral("filingdesk_gate_blind"), {}, 1);
    put(QStringLiteral("filingdesk_ledger_reachable"), {}, 1);
    for (const char *state : {"connected", "unreachable", "read_only_standby", "waiting_on_lock"})
        put(QStringLiteral("filingdesk_ledger_link"), labels({{QStringLiteral("state"), QString::fromLatin1(state)}}),
            qstrcmp(state, "waiting_on_lock") == 0 ? 1 : 0);
    put(QStringLiteral("filingdesk_permits_awaited"), labels({{j, QStringLiteral("US-DE")}}), 2);
    put(QStringLiteral("filingdesk_permits_awaited"), labels({{j, QStringLiteral("US-CA")}}), 1);
    put(QStringLiteral("filingdesk_permits_held"), labels({{j, QStringLiteral("US-DE")}}), 3);
    put(QStringLiteral("filingdesk_permits_held"), labels({{j, QStringLiteral("US-CA")}}), 0);
    put(QStringLiteral("filingdesk_requests_total"),
        labels({{j, QStringLiteral("US-DE")}, {QStringLiteral("outcome"), QStringLiteral("accepted")}}), 2);
    put(QStringLiteral("filingdesk_requests_total"),
        labels({{j, QStringLiteral("US-DE")}, {QStringLiteral("outcome"), QStringLiteral("transient")}}), 1);
    put(QStringLiteral("filingdesk_requests_total"),
        labels({{j, QStringLiteral("US-CA")}, {QStringLiteral("outcome"), QStringLiteral("replayed")}}), 1);
    //                                     0.01 .025 .05 0.1 .25 0.5 1  2.5 5  10 20 30 60 +Inf
    expectHistogram(expected, QStringLiteral("US-DE"), {0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3}, 45.32);
    expectHistogram(expected, QStringLiteral("US-CA"), {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 75);
    const QMap<QString, int> tasks{
        {QStringLiteral("PENDING"), 5},          {QStringLiteral("VALIDATING"), 0},
        {QStringLiteral("DISPATCHING"), 0},      {QStringLiteral("COMPLETED"), 12},
        {QStringLiteral("FAILED_TRANSIENT"), 0}, {QStringLiteral("FAILED_STATUTORY"), 0},
        {QStringLiteral("DEAD_LETTER"), 1}};
    for (auto it = tasks.cbegin(); it != tasks.cend(); ++it)
        put(QStringLiteral("filingdesk_tasks"), labels({{QStringLiteral("state"), it.key()}}), it.value());
    const QString odd_ = QStringLiteral("filingdesk_test_odd");
    put(odd_, labels({{QStringLiteral("value"), QStringLiteral("back\\slash")}}), 1);
    put(odd_, labels({{QStringLiteral("value"), QStringLiteral("double \"quote\"")}}), 2);
    put(odd_, labels({{QStringLiteral("value"), QStringLiteral("new\nline")}}), 3);
    put(odd_, labels({{QStringLiteral("value"), QStringLiteral("all \\\"\n three")}}), 4);
    put(odd_, labels({{QStringLiteral("value"), QStringLiteral("Zürich ✓")}}), 0.125);
    put(odd_, labels({{QStringLiteral("value"), QStringLiteral("nan")}}), QStringLiteral("NaN"));
    put(odd_, labels({{QStringLiteral("value"), QStringLiteral("inf")}}), QStringLiteral("-Inf"));

    const QStringList diff = differences(expected, p.values);
    QVERIFY2(diff.isEmpty(), qPrintable(diff.join(QLatin1Char('\n'))));
    // The histogram's and the counter's samples belong to their families.
    QCOMPARE(p.familyOf.value(sampleKey(QStringLiteral("filingdesk_request_duration_seconds_count"),
                                        labels({{j, QStringLiteral("US-CA")}}))),
             QStringLiteral("filingdesk_request_duration_seconds"));
    QCOMPARE(p.familyOf.value(sampleKey(QStringLiteral("filingdesk_requests_total"),
                                        labels({{j, QStringLiteral("US-CA")},
                                                {QStringLiteral("outcome"), QStringLiteral("replayed")}}))),
             QStringLiteral("filingdesk_requests"));
}

void MetricsServerTest::scrapesFollowUpdates() {
    MetricsRegistry registry;
    EngineMetrics metrics(registry, QStringLiteral("9.8.7"));
    MetricsServer server(registry);
    QVERIFY2(server.listen(0), qPrintable(server.errorString()));

    const QString accepted = sampleKey(QStringLiteral("filingdesk_requests_total"),
                                       labels({{QStringLiteral("jurisdiction"), QStringLiteral("US-DE")},
                                               {QStringLiteral("outcome"), QStringLiteral("accepted")}}));
    const QString count = sampleKey(QStringLiteral("filingdesk_request_duration_seconds_count"),
                                    labels({{QStringLiteral("jurisdiction"), QStringLiteral("US-DE")}}));
    const QString blind = sampleKey(QStringLiteral("filingdesk_gate_blind"), {});

    QMap<QString, QJsonValue> previous;
    for (int round = 1; round <= 3; ++round) {
        metrics.recordRequest(QStringLiteral("US-DE"), RegistryOutcome::Kind::Accepted, 0.1 * round);
        metrics.setGateBlind(round % 2 == 1);
        const Fetched scrape = fetch(server.url());
        QVERIFY(scrape.finished);
        QCOMPARE(scrape.status, 200);
        QString error;
        const Parsed p = flatten(parseWithPrometheusClient(scrape.body, &error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(p.values.value(accepted).toDouble(), double(round));
        QCOMPARE(p.values.value(count).toDouble(), double(round));
        QCOMPARE(p.values.value(blind).toDouble(), round % 2 == 1 ? 1.0 : 0.0);
        // Counters and histogram buckets never go down from one scrape to the next.
        for (auto it = previous.cbegin(); it != previous.cend(); ++it) {
            const QString &family = p.familyOf.value(it.key());
            if (p.types.value(family) == QLatin1String("counter") ||
                p.types.value(family) == QLatin1String("histogram"))
                QVERIFY2(p.values.value(it.key()).toDouble() >= it.value().toDouble(), qPrintable(it.key()));
        }
        previous = p.values;
    }
}

void MetricsServerTest::otherPathsAndMethods_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<int>("status");
    QTest::newRow("GET /metrics") << QStringLiteral("/metrics") << QByteArray("GET") << 200;
    QTest::newRow("GET /metrics?name[]=x") << QStringLiteral("/metrics?name[]=x") << QByteArray("GET") << 200;
    QTest::newRow("GET /") << QStringLiteral("/") << QByteArray("GET") << 404;
    QTest::newRow("GET /metric") << QStringLiteral("/metric") << QByteArray("GET") << 404;
    QTest::newRow("GET /metrics/") << QStringLiteral("/metrics/") << QByteArray("GET") << 404;
    QTest::newRow("GET /metrics/x") << QStringLiteral("/metrics/x") << QByteArray("GET") << 404;
    QTest::newRow("GET /METRICS") << QStringLiteral("/METRICS") << QByteArray("GET") << 404;
    QTest::newRow("GET /healthz") << QStringLiteral("/healthz") << QByteArray("GET") << 404;
    QTest::newRow("POST /other") << QStringLiteral("/other") << QByteArray("POST") << 404;
    QTest::newRow("POST /metrics") << QStringLiteral("/metrics") << QByteArray("POST") << 405;
    QTest::newRow("DELETE /metrics") << QStringLiteral("/metrics") << QByteArray("DELETE") << 405;
}

void MetricsServerTest::otherPathsAndMethods() {
    QFETCH(QString, path);
    QFETCH(QByteArray, method);
    QFETCH(int, status);
    MetricsRegistry registry;
    EngineMetrics metrics(registry);
    MetricsServer server(registry);
    QVERIFY2(server.listen(0), qPrintable(server.errorString()));

    const QUrl url = server.url().resolved(QUrl(path));
    const Fetched reply = fetch(url, method);
    QVERIFY(reply.finished);
    QCOMPARE(reply.status, status);
    if (status == 200) {
        QCOMPARE(reply.contentType, QByteArray(MetricsRegistry::kContentType));
        QCOMPARE(reply.body, registry.exposition());
    } else {
        QVERIFY(!reply.body.contains("filingdesk_"));
        QCOMPARE(reply.allow, status == 405 ? QByteArray("GET") : QByteArray());
    }
}

void MetricsServerTest::defaultAddressIsLoopback() {
    MetricsRegistry registry;
    MetricsServer server(registry);
    QVERIFY(!server.isListening());
    QVERIFY(!server.url().isValid());
    QVERIFY2(server.listen(0), qPrintable(server.errorString()));
    QVERIFY(server.isListening());
    QCOMPARE(server.serverAddress(), QHostAddress(QHostAddress::LocalHost));
    QVERIFY(server.serverPort() != 0);
    QCOMPARE(server.url(), QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(server.serverPort())));
    QVERIFY(server.errorString().isEmpty());
}

void MetricsServerTest::portInUse() {
    QTcpServer blocker;
    QVERIFY(blocker.listen(QHostAddress::LocalHost, 0));
    const quint16 port = blocker.serverPort();

    MetricsRegistry registry;
    EngineMetrics metrics(registry);
    MetricsServer server(registry);
    QVERIFY(!server.listen(port));
    QVERIFY(!server.isListening());
    QCOMPARE(server.serverPort(), quint16(0));
    QCOMPARE(server.serverError(), QAbstractSocket::AddressInUseError);
    QCOMPARE(server.errorString(),
             QStringLiteral("cannot listen on 127.0.0.1:%1: The bound address is already in use").arg(port));

    // Once the port is free the same server listens there.
    blocker.close();
    QVERIFY2(server.listen(port), qPrintable(server.errorString()));
    QCOMPARE(server.serverPort(), port);
    QCOMPARE(server.serverError(), QAbstractSocket::UnknownSocketError);
    const Fetched scrape = fetch(server.url());
    QVERIFY(scrape.finished);
    QCOMPARE(scrape.status, 200);
}

void MetricsServerTest::addressNotAvailable() {
    // 192.0.2.1 (TEST-NET-1, RFC 5737) is nobody's address: the address option is honoured, nothing is sent.
    MetricsRegistry registry;
    MetricsServer server(registry);
    QVERIFY(!server.listen(0, QHostAddress(QStringLiteral("192.0.2.1"))));
    QCOMPARE(server.serverError(), QAbstractSocket::SocketAddressNotAvailableError);
    QVERIFY2(server.errorString().startsWith(QLatin1String("cannot listen on 192.0.2.1:0: ")),
             qPrintable(server.errorString()));
}

void MetricsServerTest::ipv6Loopback() {
    {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHostIPv6, 0))
            QSKIP("this host has no IPv6 loopback");
    }
    MetricsRegistry registry;
    EngineMetrics metrics(registry);
    MetricsServer server(registry);
    QVERIFY2(server.listen(0, QHostAddress(QHostAddress::LocalHostIPv6)), qPrintable(server.errorString()));
    QCOMPARE(server.url(), QUrl(QStringLiteral("http://[::1]:%1/metrics").arg(server.serverPort())));
    const Fetched scrape = fetch(server.url());
    QVERIFY(scrape.finished);
    QCOMPARE(scrape.status, 200);
    QCOMPARE(scrape.body, registry.exposition());
}

void MetricsServerTest::listenTwice() {
    MetricsRegistry registry;
    MetricsServer server(registry);
    QVERIFY2(server.listen(0), qPrintable(server.errorString()));
    const quint16 port = server.serverPort();
    QVERIFY(!server.listen(0));
    QCOMPARE(server.errorString(),
             QStringLiteral("cannot listen on 127.0.0.1:0: already listening on 127.0.0.1:%1").arg(port));
    QCOMPARE(server.serverPort(), port); // still serving
    const Fetched scrape = fetch(server.url());
    QVERIFY(scrape.finished);
    QCOMPARE(scrape.status, 200);
}

QTEST_GUILESS_MAIN(MetricsServerTest)
#include "tst_metrics_server.moc"
