// The registry client (engine/dispatch/registry_client.h) against a scripted HTTP server on loopback: what it
// sends, how it classifies each kind of answer (docs/registry-api-v1.md), and the promise a filing depends
// on: a submission is sent once, even when a kept-alive connection closes under it.
#include "engine/dispatch/registry_client.h"
#include "support/sample_task.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <functional>
#include <memory>
#include <optional>

using namespace fd;

namespace {

struct Request {
    QByteArray method;
    QByteArray path;
    QHash<QByteArray, QByteArray> headers; ///< names lower-cased
    QByteArray body;
    int connection = 0;          ///< which accepted connection carried it (1, 2, ...)
    QPointer<QTcpSocket> socket; ///< to answer a request the script left silent
};

/// What the server does with one request: answer with these bytes, close the connection without an answer,
/// or say nothing.
struct Action {
    enum class Kind { Answer, Close, Silent } kind = Kind::Answer;
    QByteArray bytes;
};

Action answer(int status, const QByteArray &reason, const QByteArray &body,
              const QList<QPair<QByteArray, QByteArray>> &headers = {}) {
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\n";
    out += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
    for (const auto &[name, value] : headers)
        out += name + ": " + value + "\r\n";
    return {Action::Kind::Answer, out + "\r\n" + body};
}

/// A one-thread HTTP/1.1 server that parses each request (Content-Length bodies) and acts as scripted.
class ScriptedRegistry : public QObject {
public:
    std::function<Action(const Request &, int index)> script = [](const Request &, int) {
        return answer(201, "Created", R"({"confirmation_number":"DE-1"})");
    };
    QList<Request> requests;
    int connections = 0;

    bool listen() {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                const int id = ++connections;
                auto buffer = std::make_shared<QByteArray>();
                connect(socket, &QTcpSocket::readyRead, this,
                        [this, socket, id, buffer] { onBytes(socket, id, *buffer); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        return m_server.listen(QHostAddress::LocalHost, 0);
    }
    QUrl url(const QString &path = QString()) const {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path));
    }

private:
    void onBytes(QTcpSocket *socket, int connection, QByteArray &buffer) {
        buffer += socket->readAll();
        for (;;) {
            const qsizetype end = buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            Request request;
            request.connection = connection;
            request.socket = socket;
            const QList<QByteArray> lines = buffer.left(end).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            request.method = first.value(0);
            request.path = first.value(1);
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    request.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                           lines[i].mid(colon + 1).trimmed());
            }
            const qsizetype length = request.headers.value("content-length", "0").toLongLong();
            if (buffer.size() < end + 4 + length)
                return;
            request.body = buffer.mid(end + 4, length);
            buffer.remove(0, end + 4 + length);
            requests.append(request);
            const Action action = script(request, int(requests.size()) - 1);
            if (action.kind == Action::Kind::Close) {
                socket->abort();
                return;
            }
            if (action.kind == Action::Kind::Answer)
                socket->write(action.bytes);
        }
    }

    QTcpServer m_server;
};

/// A Delaware filing sent under `key` (a readable stand-in for the SHA-256 idempotency key).
FilingTask taskFor(const QString &key) {
    FilingTask task = fd::test::sampleTask(QStringLiteral("RC"), 0);
    task.key = key;
    return task;
}

/// Collects one outcome and whether it arrived inside the call that started the request.
struct Answer {
    std::optional<RegistryOutcome> outcome;
    bool insideTheCall = false;
};

} // namespace

class TestRegistryClient : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<ScriptedRegistry> m_server;
    std::unique_ptr<RegistryClient> m_client;

    RegistryOutcome submitAndWait(const FilingTask &task) {
        Answer got;
        bool inCall = true;
        m_client->submit(task, [&](const RegistryOutcome &outcome) {
            got.outcome = outcome;
            got.insideTheCall = inCall;
        });
        inCall = false;
        [&] { QTRY_VERIFY_WITH_TIMEOUT(got.outcome.has_value(), 15000); }();
        [&] { QVERIFY(!got.insideTheCall); }();
        return got.outcome.value_or(RegistryOutcome{});
    }
    RegistryOutcome lookupAndWait(const FilingTask &task) {
        std::optional<RegistryOutcome> got;
        m_client->lookup(task, [&](const RegistryOutcome &outcome) { got = outcome; });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 15000); }();
        return got.value_or(RegistryOutcome{});
    }

private slots:
    void init() {
        m_server = std::make_unique<ScriptedRegistry>();
        QVERIFY(m_server->listen());
        m_client = std::make_unique<RegistryClient>();
        m_client->setDefaultBaseUrl(m_server->url(QStringLiteral("/portal/")));
        m_client->setTimeoutMs(5000);
    }
    void cleanup() {
        m_client.reset();
        m_server.reset();
    }

    void submissionCarriesKeyTokenTraceAndPayload() {
        m_client->setApiToken(QStringLiteral("s3cret"));
        const FilingTask task = taskFor(QStringLiteral("k-carry"));
        const RegistryOutcome outcome = submitAndWait(task);
        QCOMPARE(int(outcome.kind), int(RegistryOutcome::Kind::Accepted));
        QCOMPARE(m_server->requests.size(), 1);
        const Request &request = m_server->requests.first();
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.path, QByteArray("/portal/v1/filings"));
        QCOMPARE(request.headers.value("idempotency-key"), QByteArray("k-carry"));
        QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer s3cret"));
        QCOMPARE(request.headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(request.headers.value("x-request-id"), outcome.traceId.toLatin1());
        QVERIFY(!outcome.traceId.isEmpty());
        QVERIFY(!request.headers.contains("expect"));
        QCOMPARE(request.body, task.payloadJson());
    }

    void answersAreClassified_data() {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("reason");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("extraHeader");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::addColumn<qint64>("retryAfterMs");
        QTest::addColumn<QString>("confirmation");
        const QByteArray receipt = R"({"confirmation_number":"DE-7","fee_charged_cents":22500,)"
                                   R"("accepted_at":"2027-02-01T10:00:00Z","next_due":"2028-03-01"})";
        QTest::newRow("201 filed") << 201 << QByteArray("Created") << receipt << QByteArray()
                                   << int(RegistryOutcome::Kind::Accepted) << QString() << QString() << 0LL
                                   << QStringLiteral("DE-7");
        QTest::newRow("200 replayed")
            << 200 << QByteArray("OK") << receipt << QByteArray("Idempotent-Replayed: TRUE")
            << int(RegistryOutcome::Kind::Replayed) << QString() << QString() << 0LL
            << QStringLiteral("DE-7");
        QTest::newRow("200 without replay header")
            << 200 << QByteArray("OK") << receipt << QByteArray() << int(RegistryOutcome::Kind::Accepted)
            << QString() << QString() << 0LL << QStringLiteral("DE-7");
        QTest::newRow("422 statutory")
            << 422 << QByteArray("Unprocessable Entity")
            << QByteArray("{\"error\":{\"code\":\"STAT_AGENT_EXPIRED\",\"category\":\"statutory\","
                          "\"message\":\"agent\"}}")
            << QByteArray() << int(RegistryOutcome::Kind::Statutory) << QStringLiteral("STAT_AGENT_EXPIRED")
            << QStringLiteral("agent") << 0LL << QString();
        QTest::newRow("422 validation")
            << 422 << QByteArray("Unprocessable Entity")
            << QByteArray(
                   "{\"error\":{\"code\":\"VAL_EIN\",\"category\":\"validation\",\"message\":\"ein\"}}")
            << QByteArray() << int(RegistryOutcome::Kind::Validation) << QStringLiteral("VAL_EIN")
            << QStringLiteral("ein") << 0LL << QString();
        QTest::newRow("429 with Retry-After")
            << 429 << QByteArray("Too Many Requests") << QByteArray() << QByteArray("retry-after: 2.5")
            << int(RegistryOutcome::Kind::Transient) << QStringLiteral("HTTP_429")
            << QStringLiteral("Too Many Requests") << 2500LL << QString();
        QTest::newRow("503 without a body")
            << 503 << QByteArray("Service Unavailable") << QByteArray() << QByteArray()
            << int(RegistryOutcome::Kind::Transient) << QStringLiteral("HTTP_503")
            << QStringLiteral("Service Unavailable") << 0LL << QString();
        QTest::newRow("409 for a person")
            << 409 << QByteArray("Conflict") << QByteArray() << QByteArray()
            << int(RegistryOutcome::Kind::Validation) << QStringLiteral("HTTP_409")
            << QStringLiteral("Conflict") << 0LL << QString();
    }
    void answersAreClassified() {
        QFETCH(int, status);
        QFETCH(QByteArray, reason);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, extraHeader);
        QFETCH(int, kind);
        QFETCH(QString, code);
        QFETCH(QString, message);
        QFETCH(qint64, retryAfterMs);
        QFETCH(QString, confirmation);
        m_server->script = [=](const Request &, int) {
            QList<QPair<QByteArray, QByteArray>> headers;
            if (!extraHeader.isEmpty())
                headers.append(
                    {extraHeader.split(':').value(0), extraHeader.mid(extraHeader.indexOf(':') + 1)});
            return answer(status, reason, body, headers);
        };
        const RegistryOutcome outcome = submitAndWait(taskFor(QStringLiteral("k-class")));
        QCOMPARE(outcome.httpStatus, status);
        QCOMPARE(int(outcome.kind), kind);
        QCOMPARE(outcome.code, code);
        QCOMPARE(outcome.message, message);
        QCOMPARE(outcome.retryAfterMs, retryAfterMs);
        QCOMPARE(outcome.receipt.confirmationNumber, confirmation);
        QCOMPARE(outcome.body, body);
        if (!confirmation.isEmpty()) {
            QCOMPARE(outcome.receipt.feeChargedCents, 22500);
            QCOMPARE(outcome.receipt.acceptedAt, QStringLiteral("2027-02-01T10:00:00Z"));
            QCOMPARE(outcome.receipt.nextDue, QStringLiteral("2028-03-01"));
        }
    }

    void lookupAnswersAreClassified_data() {
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("kind");
        QTest::newRow("found") << 200 << int(RegistryOutcome::Kind::Found);
        QTest::newRow("never filed") << 404 << int(RegistryOutcome::Kind::NotFound);
        QTest::newRow("not offered") << 501 << int(RegistryOutcome::Kind::Unsupported);
        QTest::newRow("busy") << 503 << int(RegistryOutcome::Kind::Transient);
    }
    void lookupAnswersAreClassified() {
        QFETCH(int, status);
        QFETCH(int, kind);
        m_server->script = [=](const Request &, int) {
            return answer(status, "X", status == 200 ? R"({"confirmation_number":"DE-9"})" : "{}");
        };
        const RegistryOutcome outcome = lookupAndWait(taskFor(QStringLiteral("k-look")));
        QCOMPARE(int(outcome.kind), kind);
        QCOMPARE(m_server->requests.first().method, QByteArray("GET"));
        QCOMPARE(m_server->requests.first().path, QByteArray("/portal/v1/filings/k-look"));
        if (status == 200)
            QCOMPARE(outcome.receipt.confirmationNumber, QStringLiteral("DE-9"));
    }

    void lookupConfiguredOffAnswersLater() {
        m_client->setLookupSupported(false);
        const RegistryOutcome outcome = lookupAndWait(taskFor(QStringLiteral("k-off")));
        QCOMPARE(int(outcome.kind), int(RegistryOutcome::Kind::Unsupported));
        QCOMPARE(m_server->requests.size(), 0);
    }

    void connectionClosedAfterTheRequestLeftIsUncertain() {
        m_server->script = [](const Request &, int) { return Action{Action::Kind::Close, {}}; };
        const RegistryOutcome outcome = submitAndWait(taskFor(QStringLiteral("k-close")));
        QCOMPARE(int(outcome.kind), int(RegistryOutcome::Kind::Uncertain));
        QCOMPARE(outcome.code, QStringLiteral("CONNECTION_LOST"));
        QCOMPARE(outcome.httpStatus, 0);
        QCOMPARE(m_server->requests.size(), 1);
    }

    // The promise a filing depends on: the registry sees a submission once. An HTTP client may re-send a
    // request by itself when a connection it kept alive turns out closed; for a filing that is a second
    // filing the engine never hears of.
    void keptAliveConnectionClosedUnderASubmissionIsNotSentAgain() {
        m_server->script = [](const Request &, int index) {
            if (index == 0)
                return answer(201, "Created", R"({"confirmation_number":"DE-1"})");
            return Action{Action::Kind::Close, {}};
        };
        QCOMPARE(int(submitAndWait(taskFor(QStringLiteral("k-first"))).kind),
                 int(RegistryOutcome::Kind::Accepted));
        const RegistryOutcome second = submitAndWait(taskFor(QStringLiteral("k-second")));
        QCOMPARE(int(second.kind), int(RegistryOutcome::Kind::Uncertain));
        QCOMPARE(second.code, QStringLiteral("CONNECTION_LOST"));
        QTest::qWait(300); // a re-send on a fresh connection would arrive now
        QCOMPARE(m_server->requests.size(), 2);
        QCOMPARE(m_server->requests[1].connection, m_server->requests[0].connection); // it was the kept one
    }

    void sequentialRequestsReuseOneConnection() {
        for (int i = 0; i < 5; ++i)
            QCOMPARE(int(submitAndWait(taskFor(QStringLiteral("k-seq-%1").arg(i))).kind),
                     int(RegistryOutcome::Kind::Accepted));
        QCOMPARE(m_server->requests.size(), 5);
        QCOMPARE(m_server->connections, 1);
    }

    void twelveRequestsAreInFlightAtOnce() {
        // Nothing is answered until all twelve have arrived: each needs a connection of its own.
        m_server->script = [](const Request &, int) { return Action{Action::Kind::Silent, {}}; };
        QStringList filed;
        for (int i = 0; i < 12; ++i)
            m_client->submit(taskFor(QStringLiteral("k-par-%1").arg(i)), [&](const RegistryOutcome &outcome) {
                if (outcome.kind == RegistryOutcome::Kind::Accepted)
                    filed.append(outcome.receipt.confirmationNumber);
            });
        QTRY_COMPARE_WITH_TIMEOUT(m_server->requests.size(), 12, 10000);
        QCOMPARE(m_server->connections, 12);
        QCOMPARE(m_client->requestsInFlight(), 12);
        for (const Request &request : std::as_const(m_server->requests)) {
            QVERIFY(request.socket);
            request.socket->write(
                answer(201, "Created",
                       "{\"confirmation_number\":\"" + request.headers.value("idempotency-key") + "\"}")
                    .bytes);
        }
        QTRY_COMPARE_WITH_TIMEOUT(filed.size(), 12, 10000);
        QCOMPARE(m_client->requestsInFlight(), 0);
        filed.sort();
        QCOMPARE(filed.first(), QStringLiteral("k-par-0"));
        QCOMPARE(filed.last(), QStringLiteral("k-par-9"));
    }

    void refusedConnectionIsTransient() {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close();
        m_client->setDefaultBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
        const RegistryOutcome outcome = submitAndWait(taskFor(QStringLiteral("k-refused")));
        QCOMPARE(int(outcome.kind), int(RegistryOutcome::Kind::Transient));
        QCOMPARE(outcome.code, QStringLiteral("NETWORK_ERROR"));
        QVERIFY(!outcome.message.isEmpty());
    }

    void silentRegistryTimesOutUncertain() {
        m_server->script = [](const Request &, int) { return Action{Action::Kind::Silent, {}}; };
        m_client->setTimeoutMs(300);
        const RegistryOutcome outcome = submitAndWait(taskFor(QStringLiteral("k-slow")));
        QCOMPARE(int(outcome.kind), int(RegistryOutcome::Kind::Uncertain));
        QCOMPARE(outcome.code, QStringLiteral("NETWORK_TIMEOUT"));
        QCOMPARE(m_server->requests.size(), 1);
        const RegistryOutcome lookup = lookupAndWait(taskFor(QStringLiteral("k-slow")));
        QCOMPARE(int(lookup.kind), int(RegistryOutcome::Kind::Transient)); // a look-up is safe to repeat
    }

    void abortAllAnswersEveryRequestBeforeItReturns() {
        m_server->script = [](const Request &, int) { return Action{Action::Kind::Silent, {}}; };
        QList<RegistryOutcome> outcomes;
        for (int i = 0; i < 3; ++i)
            m_client->submit(taskFor(QStringLiteral("k-abort-%1").arg(i)),
                             [&](const RegistryOutcome &outcome) { outcomes.append(outcome); });
        QTRY_COMPARE_WITH_TIMEOUT(m_server->requests.size(), 3, 10000);
        m_client->abortAll();
        QCOMPARE(outcomes.size(), 3);
        for (const RegistryOutcome &outcome : outcomes)
            QCOMPARE(int(outcome.kind), int(RegistryOutcome::Kind::Uncertain));
        QCOMPARE(m_client->requestsInFlight(), 0);
        QTest::qWait(100);
        QCOMPARE(outcomes.size(), 3); // nothing more arrives later
    }

    void destroyedWithRequestsInFlightCallsNothing() {
        m_server->script = [](const Request &, int) { return Action{Action::Kind::Silent, {}}; };
        int called = 0;
        m_client->submit(taskFor(QStringLiteral("k-gone")), [&](const RegistryOutcome &) { ++called; });
        QTRY_COMPARE_WITH_TIMEOUT(m_server->requests.size(), 1, 10000);
        m_client.reset();
        QTest::qWait(100);
        QCOMPARE(called, 0);
    }
};

QTEST_GUILESS_MAIN(TestRegistryClient)
#include "tst_registry_client.moc"
