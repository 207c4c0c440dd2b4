// Integration tests of the sandbox registry: the real filingdesk-sandbox executable, over loopback HTTP.
#include "support/sandbox_process.h"

#include <QtCore/QCryptographicHash>
#include <QtCore/QDate>
#include <QtCore/QDateTime>
#include <QtCore/QElapsedTimer>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QRegularExpression>
#include <QtNetwork/QNetworkAccessManager>
#include <QtNetwork/QNetworkReply>
#include <QtNetwork/QNetworkRequest>
#include <QtNetwork/QTcpSocket>
#include <QtTest/QSignalSpy>
#include <QtTest/QTest>

#include <memory>
#include <vector>

using fd::test::SandboxProcess;

namespace {

constexpr int kRequestTimeoutMs = 15000;

struct HttpResult {
    int status = 0;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QJsonObject json;
    QByteArray retryAfter;
    QByteArray replayed;
    bool finished = false;
};

QString keyFor(const QString &seed) {
    return QString::fromLatin1(QCryptographicHash::hash(seed.toUtf8(), QCryptographicHash::Sha256).toHex());
}

QJsonObject filingBody(const QString &key, const QString &entityId = QStringLiteral("ENT-1"),
                       const QString &jurisdiction = QStringLiteral("US-DE"), int year = 2026,
                       qint64 feeCents = 17500,
                       const QString &filingType = QStringLiteral("ANNUAL_FRANCHISE_TAX_REPORT")) {
    return QJsonObject{{QStringLiteral("idempotency_key"), key},
                       {QStringLiteral("entity_id"), entityId},
                       {QStringLiteral("entity_name"), QStringLiteral("Acme Holdings LLC")},
                       {QStringLiteral("jurisdiction"), jurisdiction},
                       {QStringLiteral("filing_type"), filingType},
                       {QStringLiteral("filing_year"), year},
                       {QStringLiteral("fee_cents"), static_cast<double>(feeCents)},
                       {QStringLiteral("payload"), QJsonObject{{QStringLiteral("officers"), 2}}}};
}

// filingBody() with `payload` as the report.
QJsonObject filingWithPayload(const QString &key, const QJsonObject &payload,
                              const QString &entityId = QStringLiteral("ENT-1")) {
    QJsonObject body = filingBody(key, entityId);
    body.insert(QStringLiteral("payload"), payload);
    return body;
}

// A corporation's report as FilingDesk sends it when the register knows everything the registry checks.
QJsonObject completePayload() {
    return QJsonObject{
        {QStringLiteral("entity_type"), QStringLiteral("corporation")},
        {QStringLiteral("registered_agent"), QStringLiteral("Harbor Registered Agents LLC")},
        {QStringLiteral("registered_agent_address"),
         QStringLiteral("251 Little Falls Drive, Wilmington, DE 19808")},
        {QStringLiteral("registered_agent_status"), QStringLiteral("active")},
        {QStringLiteral("principal_office"), QStringLiteral("1 Main Street, Springfield, IL 62701")},
        {QStringLiteral("ein"), QStringLiteral("12-3456789")},
        {QStringLiteral("due_date"), QStringLiteral("2027-03-01")},
        {QStringLiteral("rule_id"), QStringLiteral("US-DE.corp.annual")},
        {QStringLiteral("rules_version"), QStringLiteral("2026.11.30.1")},
        {QStringLiteral("officers"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("Jane Roe")},
                                {QStringLiteral("title"), QStringLiteral("President")}}}}};
}

QJsonObject withField(QJsonObject object, const QString &name, const QJsonValue &value) {
    if (value.isUndefined())
        object.remove(name);
    else
        object.insert(name, value);
    return object;
}

QByteArray toJson(const QJsonObject &object) {
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// `object` as compact JSON with its members in reverse key order (QJsonDocument always writes them sorted).
QByteArray reversedJson(const QJsonObject &object) {
    QByteArrayList members;
    const QStringList keys = object.keys();
    for (auto it = keys.crbegin(); it != keys.crend(); ++it) {
        const QByteArray value = QJsonDocument(QJsonArray{object.value(*it)}).toJson(QJsonDocument::Compact);
        members.append('"' + it->toUtf8() + "\":" + value.mid(1, value.size() - 2));
    }
    return '{' + members.join(',') + '}';
}

QNetworkReply *startRequest(QNetworkAccessManager &nam, const QByteArray &method, const QUrl &url,
                            const QByteArray &body = QByteArray(),
                            const QByteArray &idempotencyKey = QByteArray(),
                            int timeoutMs = kRequestTimeoutMs) {
    QNetworkRequest request(url);
    request.setTransferTimeout(timeoutMs);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (!idempotencyKey.isEmpty())
        request.setRawHeader(QByteArrayLiteral("Idempotency-Key"), idempotencyKey);
    return nam.sendCustomRequest(request, method, body);
}

HttpResult collect(QNetworkReply *reply) {
    HttpResult result;
    result.finished = reply->isFinished();
    result.error = reply->error();
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->isOpen())
        result.body = reply->readAll();
    result.json = QJsonDocument::fromJson(result.body).object();
    result.retryAfter = reply->rawHeader(QByteArrayLiteral("Retry-After"));
    result.replayed = reply->rawHeader(QByteArrayLiteral("Idempotent-Replayed"));
    return result;
}

HttpResult request(QNetworkAccessManager &nam, const QByteArray &method, const QUrl &url,
                   const QByteArray &body = QByteArray(), const QByteArray &idempotencyKey = QByteArray(),
                   int timeoutMs = kRequestTimeoutMs) {
    std::unique_ptr<QNetworkReply> reply(startRequest(nam, method, url, body, idempotencyKey, timeoutMs));
    QSignalSpy finished(reply.get(), &QNetworkReply::finished);
    if (!reply->isFinished())
        finished.wait(timeoutMs + 2000);
    if (!reply->isFinished()) {
        reply->abort();
        return HttpResult{};
    }
    return collect(reply.get());
}

HttpResult postFiling(QNetworkAccessManager &nam, const SandboxProcess &sandbox, const QJsonObject &body,
                      int timeoutMs = kRequestTimeoutMs) {
    return request(nam, QByteArrayLiteral("POST"), sandbox.url(QStringLiteral("/v1/filings")), toJson(body),
                   body.value(QLatin1String("idempotency_key")).toString().toLatin1(), timeoutMs);
}

HttpResult lookup(QNetworkAccessManager &nam, const SandboxProcess &sandbox, const QString &key) {
    return request(nam, QByteArrayLiteral("GET"), sandbox.url(QStringLiteral("/v1/filings/") + key));
}

qint64 counter(const QJsonObject &stats, const QString &jurisdiction, const QString &name) {
    const QJsonObject entry =
        jurisdiction.isEmpty()
            ? stats.value(QLatin1String("totals")).toObject()
            : stats.value(QLatin1String("jurisdictions")).toObject().value(jurisdiction).toObject();
    if (name.startsWith(QLatin1String("rejected.")))
        return entry.value(QLatin1String("rejected")).toObject().value(name.mid(9)).toInteger(-1);
    return entry.value(name).toInteger(-1);
}

QString errorCode(const HttpResult &result) {
    return result.json.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString();
}

QString errorCategory(const HttpResult &result) {
    return result.json.value(QLatin1String("error")).toObject().value(QLatin1String("category")).toString();
}

bool waitForAll(const std::vector<std::unique_ptr<QNetworkReply>> &replies, int timeoutMs) {
    return QTest::qWaitFor(
        [&replies] {
            for (const auto &reply : replies) {
                if (!reply->isFinished())
                    return false;
            }
            return true;
        },
        timeoutMs);
}

// Files `count` keys one after another, each retried (same key) until it is answered 201/200 or a
// non-transient rejection, at most `maxAttempts` times. Returns one outcome string per attempt.
QStringList runScenario(SandboxProcess &sandbox, int count, int maxAttempts, QJsonObject *statsOut) {
    QNetworkAccessManager nam;
    QStringList outcomes;
    const QString jurisdictions[] = {QStringLiteral("US-DE"), QStringLiteral("US-CA"),
                                     QStringLiteral("US-NY")};
    for (int i = 0; i < count; ++i) {
        const QString key = keyFor(QStringLiteral("scenario-%1").arg(i));
        const QJsonObject body =
            filingBody(key, QStringLiteral("ENT-%1").arg(i), jurisdictions[i % 3], 2026, 10000 + i);
        for (int attempt = 1; attempt <= maxAttempts; ++attempt) {
            const HttpResult r = postFiling(nam, sandbox, body);
            QString outcome = QStringLiteral("%1/%2:%3").arg(i).arg(attempt).arg(r.status);
            if (r.status == 201 || r.status == 200) {
                outcome += QStringLiteral(" fee=%1 conf=%2")
                               .arg(r.json.value(QLatin1String("fee_charged_cents")).toInteger())
                               .arg(r.json.contains(QLatin1String("confirmation_number")) ? 1 : 0);
            } else {
                outcome += QLatin1Char(' ') + errorCategory(r) + QLatin1Char(' ') + errorCode(r);
            }
            outcomes.append(outcome);
            const bool transient = r.status == 429 || r.status >= 500 || r.status == 0;
            if (!transient)
                break;
        }
    }
    if (statsOut)
        *statsOut = sandbox.stats();
    return outcomes;
}

} // namespace

class TestSandboxRegistry : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();

    void acceptedFilingGetsReceipt();
    void confirmationPrefix_data();
    void confirmationPrefix();
    void replayReturnsOriginalReceipt();
    void lookUpKnownAndUnknownKeys();
    void lookUpCanBeDisabled();
    void malformedRequestsAreRejected_data();
    void malformedRequestsAreRejected();
    void reusedKeyWithDifferentFilingIsRejected();
    void oversizedBodyIsRejected();
    void unknownRoutesAnswerJson_data();
    void unknownRoutesAnswerJson();
    void garbageOnTheWireDoesNotCrash();
    void duplicateFilingUnderNewKeyIsCounted();
    void resetForgetsEverything();

    void requestsReallyOverlap();
    void capHoldsUnderConcurrency();

    void perAttemptFaultsLetRetriesSucceed_data();
    void perAttemptFaultsLetRetriesSucceed();
    void perKeyRejectionsAreStable_data();
    void perKeyRejectionsAreStable();
    void receiptDefects_data();
    void receiptDefects();
    void droppedConnectionStillFiles();
    void slowAnswerAndClientTimeout();
    void failureInjectionIsReproducible();

    void expiredAgentIsRejectedUntilCured_data();
    void expiredAgentIsRejectedUntilCured();
    void missingDataIsRejectedOnlyWhenRequired_data();
    void missingDataIsRejectedOnlyWhenRequired();
    void injectedRejectionDependsOnThePayload();
    void injectedValidationCodesFitTheEntity();

private:
    std::unique_ptr<SandboxProcess> startSandbox(const QStringList &args);

    std::unique_ptr<SandboxProcess> m_sandbox; // default configuration, reset before every test
};

std::unique_ptr<SandboxProcess> TestSandboxRegistry::startSandbox(const QStringList &args) {
    auto sandbox = std::make_unique<SandboxProcess>(args);
    if (!sandbox->start()) {
        qWarning("%s", qPrintable(sandbox->errorString()));
        return nullptr;
    }
    return sandbox;
}

void TestSandboxRegistry::initTestCase() {
    if (SandboxProcess::executablePath().isEmpty())
        QSKIP("FILINGDESK_SANDBOX is not set (run through ctest)");
    m_sandbox = startSandbox({QStringLiteral("--latency-ms"), QStringLiteral("5:15")});
    QVERIFY(m_sandbox);
    QCOMPARE(m_sandbox->baseUrl().host(), QStringLiteral("127.0.0.1"));
    QVERIFY(m_sandbox->port() > 0);
}

void TestSandboxRegistry::init() {
    if (m_sandbox)
        QVERIFY(m_sandbox->reset());
}

void TestSandboxRegistry::cleanupTestCase() {
    if (m_sandbox) {
        m_sandbox->stop();
        QVERIFY(!m_sandbox->isRunning());
    }
}

void TestSandboxRegistry::acceptedFilingGetsReceipt() {
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("accept"));
    const HttpResult r = postFiling(nam, *m_sandbox, filingBody(key));
    QCOMPARE(r.status, 201);
    QVERIFY(r.replayed.isEmpty());
    static const QRegularExpression confirmation(QStringLiteral("^DE-2026-\\d{6}$"));
    QVERIFY2(confirmation.match(r.json.value(QLatin1String("confirmation_number")).toString()).hasMatch(),
             r.body.constData());
    QCOMPARE(r.json.value(QLatin1String("fee_charged_cents")).toInteger(), 17500);
    const QDateTime acceptedAt =
        QDateTime::fromString(r.json.value(QLatin1String("accepted_at")).toString(), Qt::ISODate);
    QVERIFY(acceptedAt.isValid());
    QCOMPARE(acceptedAt.timeSpec(), Qt::UTC);
    QVERIFY(qAbs(acceptedAt.secsTo(QDateTime::currentDateTimeUtc())) < 120);
    const QDate nextDue = QDate::fromString(r.json.value(QLatin1String("next_due")).toString(), Qt::ISODate);
    QVERIFY(nextDue.isValid());
    QVERIFY(nextDue.year() > 2026);

    const QJsonObject stats = m_sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("requests")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("cap")), 16);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("in_flight")), 0);
    QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
}

void TestSandboxRegistry::confirmationPrefix_data() {
    QTest::addColumn<QString>("jurisdiction");
    QTest::addColumn<int>("year");
    QTest::addColumn<QString>("prefix");
    QTest::newRow("delaware") << QStringLiteral("US-DE") << 2026 << QStringLiteral("DE-2026-");
    QTest::newRow("california") << QStringLiteral("US-CA") << 2025 << QStringLiteral("CA-2025-");
    QTest::newRow("ontario") << QStringLiteral("CA-ON") << 2027 << QStringLiteral("ON-2027-");
}

void TestSandboxRegistry::confirmationPrefix() {
    QFETCH(QString, jurisdiction);
    QFETCH(int, year);
    QFETCH(QString, prefix);
    QNetworkAccessManager nam;
    QString previous;
    for (int i = 0; i < 2; ++i) {
        const QString key = keyFor(QStringLiteral("prefix-%1-%2").arg(jurisdiction).arg(i));
        const HttpResult r =
            postFiling(nam, *m_sandbox, filingBody(key, QStringLiteral("ENT-%1").arg(i), jurisdiction, year));
        QCOMPARE(r.status, 201);
        const QString number = r.json.value(QLatin1String("confirmation_number")).toString();
        QVERIFY2(number.startsWith(prefix), qPrintable(number));
        QVERIFY(number != previous); // sequence per jurisdiction
        previous = number;
    }
}

void TestSandboxRegistry::replayReturnsOriginalReceipt() {
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("replay"));
    const HttpResult first = postFiling(nam, *m_sandbox, filingBody(key));
    QCOMPARE(first.status, 201);
    for (int i = 0; i < 2; ++i) {
        const HttpResult again = postFiling(nam, *m_sandbox, filingBody(key));
        QCOMPARE(again.status, 200);
        QCOMPARE(again.replayed, QByteArrayLiteral("true"));
        QCOMPARE(again.json, first.json);
    }
    const QJsonObject stats = m_sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("replays")), 2);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("requests")), 3);
    QCOMPARE(stats.value(QLatin1String("filings")).toInteger(), 1);
    QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(-1), 0);
}

void TestSandboxRegistry::lookUpKnownAndUnknownKeys() {
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("lookup"));
    const HttpResult filed = postFiling(nam, *m_sandbox, filingBody(key));
    QCOMPARE(filed.status, 201);

    const HttpResult found = lookup(nam, *m_sandbox, key);
    QCOMPARE(found.status, 200);
    QCOMPARE(found.json, filed.json);

    const HttpResult missing = lookup(nam, *m_sandbox, keyFor(QStringLiteral("never-filed")));
    QCOMPARE(missing.status, 404);
    QCOMPARE(errorCategory(missing), QStringLiteral("validation"));
    QCOMPARE(errorCode(missing), QStringLiteral("NOT_FOUND"));

    const QJsonObject stats = m_sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("lookups")), 1);
    QCOMPARE(stats.value(QLatin1String("lookups_not_found")).toInteger(), 1);
}

void TestSandboxRegistry::lookUpCanBeDisabled() {
    auto sandbox =
        startSandbox({QStringLiteral("--no-lookup"), QStringLiteral("--latency-ms"), QStringLiteral("1")});
    QVERIFY(sandbox);
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("no-lookup"));
    QCOMPARE(postFiling(nam, *sandbox, filingBody(key)).status, 201);
    QCOMPARE(lookup(nam, *sandbox, key).status, 501);
}

void TestSandboxRegistry::malformedRequestsAreRejected_data() {
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("attributedTo"); // jurisdiction counted, or empty for unattributed

    const QString key = keyFor(QStringLiteral("malformed"));
    const QByteArray keyBytes = key.toLatin1();
    const QJsonObject good = filingBody(key);
    auto without = [&good](const char *field) {
        QJsonObject copy = good;
        copy.remove(QLatin1String(field));
        return toJson(copy);
    };
    auto with = [&good](const char *field, const QJsonValue &value) {
        QJsonObject copy = good;
        copy.insert(QLatin1String(field), value);
        return toJson(copy);
    };
    const QString de = QStringLiteral("US-DE");

    QTest::newRow("missing header") << QByteArray() << toJson(good) << 400
                                    << QStringLiteral("VAL_IDEMPOTENCY_KEY_MISSING") << de;
    QTest::newRow("upper-case key") << keyBytes.toUpper() << with("idempotency_key", key.toUpper()) << 400
                                    << QStringLiteral("VAL_IDEMPOTENCY_KEY_FORMAT") << de;
    QTest::newRow("short key") << QByteArrayLiteral("abc123")
                               << with("idempotency_key", QStringLiteral("abc123")) << 400
                               << QStringLiteral("VAL_IDEMPOTENCY_KEY_FORMAT") << de;
    QTest::newRow("header differs from body") << keyFor(QStringLiteral("other")).toLatin1() << toJson(good)
                                              << 400 << QStringLiteral("VAL_IDEMPOTENCY_KEY_MISMATCH") << de;
    QTest::newRow("no body key") << keyBytes << without("idempotency_key") << 400
                                 << QStringLiteral("VAL_MISSING_FIELD") << de;
    QTest::newRow("no entity_id") << keyBytes << without("entity_id") << 400
                                  << QStringLiteral("VAL_MISSING_FIELD") << de;
    QTest::newRow("empty entity_name")
        << keyBytes << with("entity_name", QString()) << 400 << QStringLiteral("VAL_BAD_FIELD") << de;
    QTest::newRow("no filing_type") << keyBytes << without("filing_type") << 400
                                    << QStringLiteral("VAL_MISSING_FIELD") << de;
    QTest::newRow("year as string") << keyBytes << with("filing_year", QStringLiteral("2026")) << 400
                                    << QStringLiteral("VAL_BAD_FIELD") << de;
    QTest::newRow("no fee") << keyBytes << without("fee_cents") << 400 << QStringLiteral("VAL_MISSING_FIELD")
                            << de;
    QTest::newRow("negative fee") << keyBytes << with("fee_cents", -1) << 400
                                  << QStringLiteral("VAL_BAD_FIELD") << de;
    QTest::newRow("fractional fee") << keyBytes << with("fee_cents", 175.5) << 400
                                    << QStringLiteral("VAL_BAD_FIELD") << de;
    QTest::newRow("payload not object")
        << keyBytes << with("payload", QStringLiteral("x")) << 400 << QStringLiteral("VAL_BAD_FIELD") << de;
    QTest::newRow("bad jurisdiction") << keyBytes << with("jurisdiction", QStringLiteral("Delaware")) << 400
                                      << QStringLiteral("VAL_BAD_FIELD") << QString();
    QTest::newRow("no jurisdiction") << keyBytes << without("jurisdiction") << 400
                                     << QStringLiteral("VAL_MISSING_FIELD") << QString();
    QTest::newRow("broken json") << keyBytes << QByteArrayLiteral("{\"idempotency_key\": ") << 400
                                 << QStringLiteral("VAL_MALFORMED_JSON") << QString();
    QTest::newRow("json array") << keyBytes << QByteArrayLiteral("[1,2,3]") << 400
                                << QStringLiteral("VAL_MALFORMED_JSON") << QString();
    QTest::newRow("empty body") << keyBytes << QByteArray() << 400 << QStringLiteral("VAL_MALFORMED_JSON")
                                << QString();
}

void TestSandboxRegistry::malformedRequestsAreRejected() {
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QString, attributedTo);

    QNetworkAccessManager nam;
    const HttpResult r =
        request(nam, QByteArrayLiteral("POST"), m_sandbox->url(QStringLiteral("/v1/filings")), body, header);
    QCOMPARE(r.status, status);
    QCOMPARE(errorCategory(r), QStringLiteral("validation"));
    QCOMPARE(errorCode(r), code);
    QVERIFY(!r.json.value(QLatin1String("error"))
                 .toObject()
                 .value(QLatin1String("message"))
                 .toString()
                 .isEmpty());

    const QJsonObject stats = m_sandbox->stats();
    QCOMPARE(counter(stats, QString(), QStringLiteral("accepted")), 0);
    if (attributedTo.isEmpty()) {
        QCOMPARE(stats.value(QLatin1String("unattributed_requests")).toInteger(), 1);
    } else {
        QCOMPARE(counter(stats, attributedTo, QStringLiteral("requests")), 1);
        QCOMPARE(counter(stats, attributedTo, QStringLiteral("rejected.validation")), 1);
    }
}

void TestSandboxRegistry::reusedKeyWithDifferentFilingIsRejected() {
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("reuse"));
    QCOMPARE(postFiling(nam, *m_sandbox, filingBody(key)).status, 201);
    const HttpResult otherYear =
        postFiling(nam, *m_sandbox, filingBody(key, QStringLiteral("ENT-1"), QStringLiteral("US-DE"), 2027));
    QCOMPARE(otherYear.status, 422);
    QCOMPARE(errorCategory(otherYear), QStringLiteral("validation"));
    QCOMPARE(errorCode(otherYear), QStringLiteral("VAL_IDEMPOTENCY_KEY_REUSED"));
    const HttpResult otherEntity = postFiling(nam, *m_sandbox, filingBody(key, QStringLiteral("ENT-2")));
    QCOMPARE(otherEntity.status, 422);
    QCOMPARE(errorCode(otherEntity), QStringLiteral("VAL_IDEMPOTENCY_KEY_REUSED"));

    const QJsonObject stats = m_sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("rejected.validation")), 2);
}

void TestSandboxRegistry::oversizedBodyIsRejected() {
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("huge"));
    QJsonObject body = filingBody(key);
    body.insert(QStringLiteral("payload"),
                QJsonObject{{QStringLiteral("blob"), QString(1536 * 1024, QLatin1Char('x'))}});
    const HttpResult r = postFiling(nam, *m_sandbox, body);
    QCOMPARE(r.status, 413);
    QCOMPARE(errorCode(r), QStringLiteral("VAL_BODY_TOO_LARGE"));
    QCOMPARE(lookup(nam, *m_sandbox, key).status, 404);
    // still serving
    QCOMPARE(postFiling(nam, *m_sandbox, filingBody(keyFor(QStringLiteral("after-huge")))).status, 201);
}

void TestSandboxRegistry::unknownRoutesAnswerJson_data() {
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status");
    QTest::newRow("unknown path") << QByteArrayLiteral("GET") << QStringLiteral("/nope") << 404;
    QTest::newRow("v2") << QByteArrayLiteral("POST") << QStringLiteral("/v2/filings") << 404;
    QTest::newRow("deep look-up") << QByteArrayLiteral("GET") << QStringLiteral("/v1/filings/a/b") << 404;
    QTest::newRow("GET collection") << QByteArrayLiteral("GET") << QStringLiteral("/v1/filings") << 405;
    QTest::newRow("DELETE filing") << QByteArrayLiteral("DELETE") << QStringLiteral("/v1/filings/abc") << 405;
    QTest::newRow("POST stats") << QByteArrayLiteral("POST") << QStringLiteral("/sandbox/stats") << 405;
}

void TestSandboxRegistry::unknownRoutesAnswerJson() {
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(int, status);
    QNetworkAccessManager nam;
    const HttpResult r = request(nam, method, m_sandbox->url(path), QByteArrayLiteral("{}"));
    QCOMPARE(r.status, status);
    QVERIFY2(!errorCode(r).isEmpty(), r.body.constData());
}

void TestSandboxRegistry::garbageOnTheWireDoesNotCrash() {
    const QByteArray payloads[] = {
        QByteArrayLiteral("this is not http\r\n\r\n"),
        QByteArrayLiteral("POST /v1/filings HTTP/1.1\r\nContent-Length: 999999999999\r\n\r\n{"),
        QByteArrayLiteral("GET /sandbox/stats HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n"),
        QByteArray(4096, '\0'),
    };
    for (const QByteArray &payload : payloads) {
        QTcpSocket socket;
        socket.connectToHost(QStringLiteral("127.0.0.1"), m_sandbox->port());
        QVERIFY(socket.waitForConnected(5000));
        socket.write(payload);
        QVERIFY(socket.waitForBytesWritten(5000));
        socket.waitForReadyRead(300);
        socket.abort();
    }
    QVERIFY(m_sandbox->isRunning());
    QNetworkAccessManager nam;
    QCOMPARE(postFiling(nam, *m_sandbox, filingBody(keyFor(QStringLiteral("after-garbage")))).status, 201);
}

void TestSandboxRegistry::duplicateFilingUnderNewKeyIsCounted() {
    QNetworkAccessManager nam;
    QCOMPARE(postFiling(nam, *m_sandbox, filingBody(keyFor(QStringLiteral("dup-1")))).status, 201);
    // Same entity, jurisdiction, type and year under another key: a real second filing.
    QCOMPARE(postFiling(nam, *m_sandbox, filingBody(keyFor(QStringLiteral("dup-2")))).status, 201);
    // Another year is a different filing, not a duplicate.
    QCOMPARE(postFiling(nam, *m_sandbox,
                        filingBody(keyFor(QStringLiteral("dup-3")), QStringLiteral("ENT-1"),
                                   QStringLiteral("US-DE"), 2027))
                 .status,
             201);
    const QJsonObject stats = m_sandbox->stats();
    QCOMPARE(stats.value(QLatin1String("duplicate_filings")).toInteger(), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 3);
}

void TestSandboxRegistry::resetForgetsEverything() {
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("reset"));
    QCOMPARE(postFiling(nam, *m_sandbox, filingBody(key)).status, 201);
    QVERIFY(m_sandbox->reset());
    QCOMPARE(lookup(nam, *m_sandbox, key).status, 404);
    const QJsonObject stats = m_sandbox->stats();
    QCOMPARE(counter(stats, QString(), QStringLiteral("requests")), 0);
    QCOMPARE(counter(stats, QString(), QStringLiteral("accepted")), 0);
    QCOMPARE(stats.value(QLatin1String("filings")).toInteger(), 0);
    QCOMPARE(postFiling(nam, *m_sandbox, filingBody(key)).status, 201); // filed anew, not a replay
}

void TestSandboxRegistry::requestsReallyOverlap() {
    auto sandbox = startSandbox({QStringLiteral("--latency-ms"), QStringLiteral("400")});
    QVERIFY(sandbox);
    QNetworkAccessManager nam; // up to 6 parallel connections per host
    std::vector<std::unique_ptr<QNetworkReply>> replies;
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < 6; ++i) {
        const QString key = keyFor(QStringLiteral("overlap-%1").arg(i));
        replies.emplace_back(
            startRequest(nam, QByteArrayLiteral("POST"), sandbox->url(QStringLiteral("/v1/filings")),
                         toJson(filingBody(key, QStringLiteral("ENT-%1").arg(i))), key.toLatin1()));
    }
    QVERIFY(waitForAll(replies, 20000));
    const qint64 elapsed = clock.elapsed();
    for (const auto &reply : replies)
        QCOMPARE(collect(reply.get()).status, 201);
    const QJsonObject stats = sandbox->stats();
    const qint64 maxInFlight = counter(stats, QStringLiteral("US-DE"), QStringLiteral("max_in_flight"));
    QVERIFY2(maxInFlight >= 3, qPrintable(QStringLiteral("max_in_flight %1").arg(maxInFlight)));
    QVERIFY2(elapsed < 6 * 400, qPrintable(QStringLiteral("6 requests of 400 ms took %1 ms").arg(elapsed)));
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("in_flight")), 0);
}

void TestSandboxRegistry::capHoldsUnderConcurrency() {
    auto sandbox = startSandbox({QStringLiteral("--cap"), QStringLiteral("US-TX=3"),
                                 QStringLiteral("--latency-ms"), QStringLiteral("500")});
    QVERIFY(sandbox);
    // Two managers give 12 parallel connections (Qt allows 6 per host and manager).
    QNetworkAccessManager namA;
    QNetworkAccessManager namB;
    std::vector<std::unique_ptr<QNetworkReply>> replies;
    for (int i = 0; i < 12; ++i) {
        const QString key = keyFor(QStringLiteral("cap-%1").arg(i));
        replies.emplace_back(startRequest(
            i % 2 ? namA : namB, QByteArrayLiteral("POST"), sandbox->url(QStringLiteral("/v1/filings")),
            toJson(filingBody(key, QStringLiteral("ENT-%1").arg(i), QStringLiteral("US-TX"))),
            key.toLatin1()));
    }
    QVERIFY(waitForAll(replies, 30000));
    int accepted = 0;
    int capped = 0;
    for (const auto &reply : replies) {
        const HttpResult r = collect(reply.get());
        if (r.status == 201) {
            ++accepted;
        } else {
            QCOMPARE(r.status, 429);
            QCOMPARE(r.retryAfter, QByteArrayLiteral("1"));
            QCOMPARE(errorCode(r), QStringLiteral("CAP_EXCEEDED"));
            ++capped;
        }
    }
    QVERIFY(accepted >= 3);
    QVERIFY(capped >= 1);

    const QJsonObject stats = sandbox->stats();
    const QString tx = QStringLiteral("US-TX");
    QCOMPARE(counter(stats, tx, QStringLiteral("cap")), 3);
    QCOMPARE(counter(stats, tx, QStringLiteral("max_in_flight")), 3);
    QCOMPARE(counter(stats, tx, QStringLiteral("in_flight")), 0);
    QCOMPARE(counter(stats, tx, QStringLiteral("requests")), 12);
    QCOMPARE(counter(stats, tx, QStringLiteral("accepted")), accepted);
    QCOMPARE(counter(stats, tx, QStringLiteral("rejected.cap")), capped);
}

void TestSandboxRegistry::perAttemptFaultsLetRetriesSucceed_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("faultAttempts");
    QTest::addColumn<QString>("counterName");
    QTest::newRow("transient, 2 attempts")
        << QStringLiteral("transient") << 2 << QStringLiteral("rejected.transient");
    QTest::newRow("transient, 1 attempt")
        << QStringLiteral("transient") << 1 << QStringLiteral("rejected.transient");
    QTest::newRow("throttle, 2 attempts")
        << QStringLiteral("throttle") << 2 << QStringLiteral("rejected.throttle");
}

void TestSandboxRegistry::perAttemptFaultsLetRetriesSucceed() {
    QFETCH(QString, kind);
    QFETCH(int, faultAttempts);
    QFETCH(QString, counterName);
    auto sandbox = startSandbox({QStringLiteral("--fail"), kind + QStringLiteral("=1"),
                                 QStringLiteral("--fault-attempts"), QString::number(faultAttempts),
                                 QStringLiteral("--latency-ms"), QStringLiteral("1:5")});
    QVERIFY(sandbox);
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("retry-") + kind);
    for (int attempt = 1; attempt <= faultAttempts; ++attempt) {
        const HttpResult r = postFiling(nam, *sandbox, filingBody(key));
        if (kind == QLatin1String("throttle")) {
            QCOMPARE(r.status, 429);
            QCOMPARE(r.retryAfter, QByteArrayLiteral("1"));
        } else {
            QVERIFY2(r.status == 500 || r.status == 502 || r.status == 503,
                     qPrintable(QString::number(r.status)));
        }
        QCOMPARE(lookup(nam, *sandbox, key).status, 404); // nothing was filed
    }
    const HttpResult accepted = postFiling(nam, *sandbox, filingBody(key));
    QCOMPARE(accepted.status, 201);
    const HttpResult replay = postFiling(nam, *sandbox, filingBody(key));
    QCOMPARE(replay.status, 200);
    QCOMPARE(replay.replayed, QByteArrayLiteral("true"));

    const QJsonObject stats = sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), counterName), faultAttempts);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("replays")), 1);
}

void TestSandboxRegistry::perKeyRejectionsAreStable_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("codePrefix");
    QTest::newRow("statutory") << QStringLiteral("statutory") << QStringLiteral("STAT_");
    QTest::newRow("validation") << QStringLiteral("validation") << QStringLiteral("VAL_");
}

void TestSandboxRegistry::perKeyRejectionsAreStable() {
    QFETCH(QString, kind);
    QFETCH(QString, codePrefix);
    auto sandbox =
        startSandbox({QStringLiteral("--fail"), kind + QStringLiteral("=1"), QStringLiteral("--latency-ms"),
                      QStringLiteral("1:5"), QStringLiteral("--seed"), QStringLiteral("3")});
    QVERIFY(sandbox);
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("stable-") + kind);
    QString firstCode;
    for (int attempt = 1; attempt <= 4; ++attempt) {
        const HttpResult r = postFiling(nam, *sandbox, filingBody(key));
        QCOMPARE(r.status, 422);
        QCOMPARE(errorCategory(r), kind);
        QVERIFY2(errorCode(r).startsWith(codePrefix), qPrintable(errorCode(r)));
        if (attempt == 1)
            firstCode = errorCode(r);
        QCOMPARE(errorCode(r), firstCode);
    }
    QCOMPARE(lookup(nam, *sandbox, key).status, 404);
    const QJsonObject stats = sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("rejected.") + kind), 4);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 0);
}

void TestSandboxRegistry::receiptDefects_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<qint64>("expectedFee");
    QTest::addColumn<bool>("hasConfirmation");
    QTest::newRow("wrong fee") << QStringLiteral("wrong_fee") << qint64(18500) << true;
    QTest::newRow("missing confirmation") << QStringLiteral("missing_confirmation") << qint64(17500) << false;
}

void TestSandboxRegistry::receiptDefects() {
    QFETCH(QString, kind);
    QFETCH(qint64, expectedFee);
    QFETCH(bool, hasConfirmation);
    auto sandbox = startSandbox({QStringLiteral("--fail"), kind + QStringLiteral("=1"),
                                 QStringLiteral("--latency-ms"), QStringLiteral("1:5")});
    QVERIFY(sandbox);
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("defect-") + kind);
    const HttpResult r = postFiling(nam, *sandbox, filingBody(key));
    QCOMPARE(r.status, 201);
    QCOMPARE(r.json.value(QLatin1String("fee_charged_cents")).toInteger(), expectedFee);
    QCOMPARE(r.json.contains(QLatin1String("confirmation_number")), hasConfirmation);
    // The replay and the look-up show the same (defective) receipt.
    const HttpResult replay = postFiling(nam, *sandbox, filingBody(key));
    QCOMPARE(replay.status, 200);
    QCOMPARE(replay.json, r.json);
    QCOMPARE(lookup(nam, *sandbox, key).json, r.json);
    QCOMPARE(counter(sandbox->stats(), QStringLiteral("US-DE"), kind), 1);
}

void TestSandboxRegistry::droppedConnectionStillFiles() {
    auto sandbox =
        startSandbox({QStringLiteral("--fail"), QStringLiteral("drop=1"), QStringLiteral("--fault-attempts"),
                      QStringLiteral("1"), QStringLiteral("--latency-ms"), QStringLiteral("20")});
    QVERIFY(sandbox);
    const QString key = keyFor(QStringLiteral("drop"));
    const QByteArray body = toJson(filingBody(key));

    // A raw socket shows exactly what happens on the wire (QNetworkAccessManager would silently resend).
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), sandbox->port());
    QVERIFY(socket.waitForConnected(5000));
    socket.write(
        QByteArrayLiteral("POST /v1/filings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          "Idempotency-Key: ") +
        key.toLatin1() + QByteArrayLiteral("\r\nContent-Length: ") + QByteArray::number(body.size()) +
        QByteArrayLiteral("\r\n\r\n") + body);
    QVERIFY(socket.waitForBytesWritten(5000));
    QTRY_COMPARE_WITH_TIMEOUT(socket.state(), QAbstractSocket::UnconnectedState, 10000);
    QCOMPARE(socket.readAll(), QByteArray());

    QJsonObject stats = sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("dropped")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("in_flight")), 0);

    QNetworkAccessManager nam;
    const HttpResult found = lookup(nam, *sandbox, key);
    QCOMPARE(found.status, 200);
    const HttpResult retry = postFiling(nam, *sandbox, filingBody(key));
    QCOMPARE(retry.status, 200);
    QCOMPARE(retry.replayed, QByteArrayLiteral("true"));
    QCOMPARE(retry.json, found.json);
}

void TestSandboxRegistry::slowAnswerAndClientTimeout() {
    auto sandbox =
        startSandbox({QStringLiteral("--fail"), QStringLiteral("slow=1"), QStringLiteral("--fault-attempts"),
                      QStringLiteral("1"), QStringLiteral("--slow-ms"), QStringLiteral("8000"),
                      QStringLiteral("--latency-ms"), QStringLiteral("1:5"), QStringLiteral("--cap"),
                      QStringLiteral("US-DE=1")});
    QVERIFY(sandbox);
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("slow"));
    QElapsedTimer clock;
    clock.start();
    const HttpResult timedOut = postFiling(nam, *sandbox, filingBody(key), 500);
    QVERIFY2(timedOut.status == 0 && timedOut.error != QNetworkReply::NoError,
             qPrintable(QStringLiteral("status %1 error %2").arg(timedOut.status).arg(timedOut.error)));
    QVERIFY(clock.elapsed() < 8000);

    // The client closed its connection, so it no longer occupies the jurisdiction's only slot.
    QTRY_COMPARE_WITH_TIMEOUT(counter(sandbox->stats(), QStringLiteral("US-DE"), QStringLiteral("in_flight")),
                              0, 5000);
    const QJsonObject stats = sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("slow")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 1);

    // The filing happened: a look-up finds it and a retry is a replay (second attempt is never slow here).
    QCOMPARE(lookup(nam, *sandbox, key).status, 200);
    const HttpResult retry = postFiling(nam, *sandbox, filingBody(key));
    QCOMPARE(retry.status, 200);
    QCOMPARE(retry.replayed, QByteArrayLiteral("true"));
}

void TestSandboxRegistry::failureInjectionIsReproducible() {
    const QStringList args = {QStringLiteral("--latency-ms"),  QStringLiteral("1:3"),
                              QStringLiteral("--retry-after"), QStringLiteral("0"),
                              QStringLiteral("--fail"),        QStringLiteral("transient=0.25"),
                              QStringLiteral("--fail"),        QStringLiteral("throttle=0.1"),
                              QStringLiteral("--fail"),        QStringLiteral("statutory=0.15"),
                              QStringLiteral("--fail"),        QStringLiteral("validation=0.1"),
                              QStringLiteral("--fail"),        QStringLiteral("wrong_fee=0.1"),
                              QStringLiteral("--fail"),        QStringLiteral("missing_confirmation=0.1")};
    constexpr int keys = 40;
    constexpr int maxAttempts = 3;

    QJsonObject firstStats;
    QStringList first;
    {
        auto sandbox = startSandbox(args + QStringList{QStringLiteral("--seed"), QStringLiteral("42")});
        QVERIFY(sandbox);
        first = runScenario(*sandbox, keys, maxAttempts, &firstStats);
    }
    QStringList second;
    QJsonObject secondStats;
    {
        auto sandbox = startSandbox(args + QStringList{QStringLiteral("--seed"), QStringLiteral("42")});
        QVERIFY(sandbox);
        second = runScenario(*sandbox, keys, maxAttempts, &secondStats);
    }
    QCOMPARE(second, first);
    QCOMPARE(secondStats.value(QLatin1String("totals")), firstStats.value(QLatin1String("totals")));

    QStringList otherSeed;
    {
        auto sandbox = startSandbox(args + QStringList{QStringLiteral("--seed"), QStringLiteral("43")});
        QVERIFY(sandbox);
        otherSeed = runScenario(*sandbox, keys, maxAttempts, nullptr);
    }
    QVERIFY(otherSeed != first);

    // Every key ends in a definite answer within maxAttempts (faults only hit attempts 1 and 2),
    // and the mix contains each kind of outcome.
    const QString joined = first.join(QLatin1Char('\n'));
    QVERIFY2(!joined.contains(QLatin1String(":0 ")), qPrintable(joined));
    for (const char *needle : {":201 ", ":429 ", " statutory STAT_", " validation VAL_", " conf=0"}) {
        QVERIFY2(joined.contains(QLatin1String(needle)), needle);
    }
    QVERIFY(joined.contains(QLatin1String(":500 ")) || joined.contains(QLatin1String(":502 ")) ||
            joined.contains(QLatin1String(":503 ")));

    // The counters add up: per jurisdiction, every request has exactly one outcome, and totals are the sums.
    const QJsonObject jurisdictions = firstStats.value(QLatin1String("jurisdictions")).toObject();
    QCOMPARE(jurisdictions.size(), 3);
    const QStringList outcomeCounters = {
        QStringLiteral("accepted"),           QStringLiteral("replays"),
        QStringLiteral("rejected.cap"),       QStringLiteral("rejected.transient"),
        QStringLiteral("rejected.throttle"),  QStringLiteral("rejected.statutory"),
        QStringLiteral("rejected.validation")};
    const QStringList allCounters =
        outcomeCounters + QStringList{QStringLiteral("requests"),  QStringLiteral("lookups"),
                                      QStringLiteral("wrong_fee"), QStringLiteral("missing_confirmation"),
                                      QStringLiteral("slow"),      QStringLiteral("dropped"),
                                      QStringLiteral("in_flight"), QStringLiteral("rejected_payload")};
    for (const QString &jurisdiction : jurisdictions.keys()) {
        qint64 outcomes = 0;
        for (const QString &name : outcomeCounters)
            outcomes += counter(firstStats, jurisdiction, name);
        QCOMPARE(outcomes, counter(firstStats, jurisdiction, QStringLiteral("requests")));
    }
    for (const QString &name : allCounters) {
        qint64 sum = 0;
        for (const QString &jurisdiction : jurisdictions.keys())
            sum += counter(firstStats, jurisdiction, name);
        QCOMPARE(counter(firstStats, QString(), name), sum);
    }
    QCOMPARE(counter(firstStats, QString(), QStringLiteral("requests")), first.size());
    QCOMPARE(counter(firstStats, QString(), QStringLiteral("accepted")),
             first.filter(QRegularExpression(QStringLiteral(":201 "))).size());
    QCOMPARE(counter(firstStats, QString(), QStringLiteral("rejected.cap")), 0);
    QCOMPARE(firstStats.value(QLatin1String("duplicate_filings")).toInteger(), 0);
    QCOMPARE(counter(firstStats, QString(), QStringLiteral("rejected_payload")),
             0); // only injected ones here
}

void TestSandboxRegistry::expiredAgentIsRejectedUntilCured_data() {
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("agent");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("expired") << QStringLiteral("expired") << QStringLiteral("Harbor Registered Agents LLC")
                             << QStringLiteral("\"Harbor Registered Agents LLC\" has expired");
    QTest::newRow("resigned") << QStringLiteral("resigned") << QStringLiteral("Harbor Registered Agents LLC")
                              << QStringLiteral("\"Harbor Registered Agents LLC\" has resigned");
    QTest::newRow("written in capitals") << QStringLiteral("Expired") << QStringLiteral("A. Agent")
                                         << QStringLiteral("\"A. Agent\" has expired");
    QTest::newRow("status without a name")
        << QStringLiteral("resigned") << QString() << QStringLiteral("agent of record has resigned");
}

void TestSandboxRegistry::expiredAgentIsRejectedUntilCured() {
    QFETCH(QString, status);
    QFETCH(QString, agent);
    QFETCH(QString, messagePart);
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("agent-") + status + agent);
    const QJsonObject stated =
        withField(withField(completePayload(), QStringLiteral("registered_agent_status"), status),
                  QStringLiteral("registered_agent"), agent);

    // Always on (the default sandbox): the payload says the agent is gone. The same answer on every retry.
    for (int attempt = 1; attempt <= 2; ++attempt) {
        const HttpResult rejected = postFiling(nam, *m_sandbox, filingWithPayload(key, stated));
        QCOMPARE(rejected.status, 422);
        QCOMPARE(errorCategory(rejected), QStringLiteral("statutory"));
        QCOMPARE(errorCode(rejected), QStringLiteral("STAT_AGENT_EXPIRED"));
        const QString message =
            rejected.json.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
        QVERIFY2(message.contains(messagePart), qPrintable(message));
    }
    QCOMPARE(lookup(nam, *m_sandbox, key).status, 404); // nothing was filed

    // Cured: a new agent, active, under the same key.
    const QJsonObject cured =
        withField(withField(stated, QStringLiteral("registered_agent_status"), QStringLiteral("active")),
                  QStringLiteral("registered_agent"), QStringLiteral("Harbor Registered Agents LLC"));
    const HttpResult accepted = postFiling(nam, *m_sandbox, filingWithPayload(key, cured));
    QCOMPARE(accepted.status, 201);
    QVERIFY(!accepted.json.value(QLatin1String("confirmation_number")).toString().isEmpty());
    // An accepted key is replayed whatever the payload says now.
    const HttpResult replay = postFiling(nam, *m_sandbox, filingWithPayload(key, stated));
    QCOMPARE(replay.status, 200);
    QCOMPARE(replay.replayed, QByteArrayLiteral("true"));

    const QJsonObject stats = m_sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("rejected.statutory")), 2);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("rejected_payload")), 2);
    QCOMPARE(counter(stats, QString(), QStringLiteral("rejected_payload")), 2);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("replays")), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("requests")), 4);
}

void TestSandboxRegistry::missingDataIsRejectedOnlyWhenRequired_data() {
    QTest::addColumn<QJsonObject>("payload");
    QTest::addColumn<QString>("strictCode"); // with --require-complete-payload; empty: accepted

    const QJsonObject complete = completePayload();
    const QJsonValue absent = QJsonValue::Undefined;
    QTest::newRow("complete corporation") << complete << QString();
    QTest::newRow("no payload at all") << QJsonObject{} << QStringLiteral("STAT_AGENT_EXPIRED");
    QTest::newRow("no registered agent") << withField(complete, QStringLiteral("registered_agent"), absent)
                                         << QStringLiteral("STAT_AGENT_EXPIRED");
    QTest::newRow("blank registered agent")
        << withField(complete, QStringLiteral("registered_agent"), QStringLiteral("  "))
        << QStringLiteral("STAT_AGENT_EXPIRED");
    QTest::newRow("corporation without officers")
        << withField(complete, QStringLiteral("officers"), absent) << QStringLiteral("VAL_OFFICER_MISSING");
    QTest::newRow("corporation with an empty officer list")
        << withField(complete, QStringLiteral("officers"), QJsonArray{})
        << QStringLiteral("VAL_OFFICER_MISSING");
    QTest::newRow("officer without a name")
        << withField(complete, QStringLiteral("officers"),
                     QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("Jane Roe")}},
                                QJsonObject{{QStringLiteral("name"), QStringLiteral(" ")},
                                            {QStringLiteral("title"), QStringLiteral("Secretary")}}})
        << QStringLiteral("VAL_OFFICER_MISSING");
    QTest::newRow("officers not a list")
        << withField(complete, QStringLiteral("officers"), 2) << QStringLiteral("VAL_OFFICER_MISSING");
    QTest::newRow("llc without officers")
        << withField(withField(complete, QStringLiteral("entity_type"), QStringLiteral("llc")),
                     QStringLiteral("officers"), absent)
        << QString();
    // What FilingDesk sends for an entity of a shipped demo portfolio: a type, an empty agent, nothing else
    // known.
    QTest::newRow("demo portfolio entity")
        << QJsonObject{{QStringLiteral("entity_type"), QStringLiteral("llc")},
                       {QStringLiteral("registered_agent"), QString()},
                       {QStringLiteral("ein"), QString()},
                       {QStringLiteral("due_date"), QStringLiteral("2027-06-01")},
                       {QStringLiteral("rule_id"), QStringLiteral("US-DE.llc.annual_tax")},
                       {QStringLiteral("rules_version"), QStringLiteral("2026.11.30.1")}}
        << QStringLiteral("STAT_AGENT_EXPIRED");
}

void TestSandboxRegistry::missingDataIsRejectedOnlyWhenRequired() {
    QFETCH(QJsonObject, payload);
    QFETCH(QString, strictCode);
    QNetworkAccessManager nam;
    const QString key = keyFor(QStringLiteral("missing-") + QString::fromLatin1(QTest::currentDataTag()));

    // By default, what the payload lacks is no reason to reject it (the demo portfolios lack it all).
    QCOMPARE(postFiling(nam, *m_sandbox, filingWithPayload(key, payload)).status, 201);
    QCOMPARE(counter(m_sandbox->stats(), QStringLiteral("US-DE"), QStringLiteral("rejected_payload")), 0);

    auto strict = startSandbox({QStringLiteral("--require-complete-payload"), QStringLiteral("--latency-ms"),
                                QStringLiteral("1:3")});
    QVERIFY(strict);
    const HttpResult r = postFiling(nam, *strict, filingWithPayload(key, payload));
    if (strictCode.isEmpty()) {
        QCOMPARE(r.status, 201);
        QCOMPARE(counter(strict->stats(), QStringLiteral("US-DE"), QStringLiteral("rejected_payload")), 0);
        return;
    }
    QCOMPARE(r.status, 422);
    QCOMPARE(errorCode(r), strictCode);
    const QString category = strictCode.startsWith(QLatin1String("STAT_")) ? QStringLiteral("statutory")
                                                                           : QStringLiteral("validation");
    QCOMPARE(errorCategory(r), category);
    const QJsonObject stats = strict->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("rejected.") + category), 1);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("rejected_payload")), 1);
    QCOMPARE(lookup(nam, *strict, key).status, 404);
    // The complete report under the same key goes through.
    QCOMPARE(postFiling(nam, *strict, filingWithPayload(key, completePayload())).status, 201);
}

void TestSandboxRegistry::injectedValidationCodesFitTheEntity() {
    // An injected data defect is one the entity can have: a limited liability company has no shares, so its
    // reports are never refused as VAL_SHARE_STRUCTURE (a person would look in vain for the shares to cure);
    // a corporation's may be.
    auto sandbox =
        startSandbox({QStringLiteral("--fail"), QStringLiteral("validation=1"), QStringLiteral("--seed"),
                      QStringLiteral("5"), QStringLiteral("--latency-ms"), QStringLiteral("1:2")});
    QVERIFY(sandbox);
    QNetworkAccessManager nam;
    QHash<QString, QHash<QString, int>> codes; // entity type -> code -> count
    for (const QString &type : {QStringLiteral("llc"), QStringLiteral("corporation")}) {
        for (int i = 0; i < 30; ++i) {
            const QString key = keyFor(QStringLiteral("fit-%1-%2").arg(type).arg(i));
            const HttpResult r = postFiling(
                nam, *sandbox,
                filingWithPayload(key, withField(completePayload(), QStringLiteral("entity_type"), type),
                                  QStringLiteral("FIT-%1-%2").arg(type).arg(i)));
            QCOMPARE(r.status, 422);
            QCOMPARE(errorCategory(r), QStringLiteral("validation"));
            ++codes[type][errorCode(r)];
        }
    }
    QCOMPARE(codes.value(QStringLiteral("llc")).value(QStringLiteral("VAL_SHARE_STRUCTURE")), 0);
    QVERIFY(codes.value(QStringLiteral("llc")).value(QStringLiteral("VAL_OFFICER_MISSING")) > 0);
    QVERIFY(codes.value(QStringLiteral("llc")).value(QStringLiteral("VAL_ADDRESS_FORMAT")) > 0);
    QVERIFY(codes.value(QStringLiteral("corporation")).value(QStringLiteral("VAL_SHARE_STRUCTURE")) > 0);
}

void TestSandboxRegistry::injectedRejectionDependsOnThePayload() {
    // Half of all (key, payload) pairs draw a statutory rejection. Which ones is fixed by the seed, so the
    // test finds a rejected key by trying keys in order; the search is the same on every run.
    auto sandbox =
        startSandbox({QStringLiteral("--fail"), QStringLiteral("statutory=0.5"), QStringLiteral("--seed"),
                      QStringLiteral("11"), QStringLiteral("--latency-ms"), QStringLiteral("1:3")});
    QVERIFY(sandbox);
    QNetworkAccessManager nam;
    const QJsonObject first = completePayload();
    QString key;
    HttpResult rejected;
    int accepted = 0;
    for (int i = 0; i < 40 && key.isEmpty(); ++i) {
        const QString candidate = keyFor(QStringLiteral("payload-draw-%1").arg(i));
        const HttpResult r =
            postFiling(nam, *sandbox, filingWithPayload(candidate, first, QStringLiteral("ENT-%1").arg(i)));
        if (r.status == 422) {
            key = candidate;
            rejected = r;
        } else {
            QCOMPARE(r.status, 201);
            ++accepted;
        }
    }
    QVERIFY2(!key.isEmpty(), "no key among 40 drew a rejection at rate 0.5");
    QCOMPARE(errorCategory(rejected), QStringLiteral("statutory"));
    const QString entityId = QStringLiteral("ENT-%1").arg(accepted);

    // The identical payload is rejected again, with the same code: the draw is reproducible.
    for (int attempt = 0; attempt < 3; ++attempt) {
        const HttpResult again = postFiling(nam, *sandbox, filingWithPayload(key, first, entityId));
        QCOMPARE(again.status, 422);
        QCOMPARE(errorCode(again), errorCode(rejected));
    }
    // The draw hashes the payload as JSON, not the bytes sent: the same members in another order are the same
    // report.
    {
        const QByteArray sorted = toJson(first);
        const QByteArray reversed = reversedJson(first);
        QVERIFY(reversed != sorted);
        const QByteArray body = toJson(filingWithPayload(key, first, entityId)).replace(sorted, reversed);
        QVERIFY(body.contains(reversed));
        const HttpResult again = request(nam, QByteArrayLiteral("POST"),
                                         sandbox->url(QStringLiteral("/v1/filings")), body, key.toLatin1());
        QCOMPARE(again.status, 422);
        QCOMPARE(errorCode(again), errorCode(rejected));
    }

    // A changed (cured) payload under the same key gets a fresh draw: among a few corrected principal
    // offices, one goes through, and from then on the key is replayed.
    const QStringList offices = {QStringLiteral("2 Main Street, Springfield, IL 62701"),
                                 QStringLiteral("3 Main Street, Springfield, IL 62701"),
                                 QStringLiteral("4 Main Street, Springfield, IL 62701"),
                                 QStringLiteral("5 Main Street, Springfield, IL 62701"),
                                 QStringLiteral("6 Main Street, Springfield, IL 62701"),
                                 QStringLiteral("7 Main Street, Springfield, IL 62701"),
                                 QStringLiteral("8 Main Street, Springfield, IL 62701"),
                                 QStringLiteral("9 Main Street, Springfield, IL 62701")};
    int rejectedChanged = 0;
    bool cured = false;
    for (const QString &office : offices) {
        const HttpResult r = postFiling(
            nam, *sandbox,
            filingWithPayload(key, withField(first, QStringLiteral("principal_office"), office), entityId));
        if (r.status == 201) {
            cured = true;
            break;
        }
        QCOMPARE(r.status, 422);
        ++rejectedChanged;
    }
    QVERIFY2(cured, "no changed payload was accepted");
    const HttpResult replay = postFiling(nam, *sandbox, filingWithPayload(key, first, entityId));
    QCOMPARE(replay.status, 200);
    QCOMPARE(replay.replayed, QByteArrayLiteral("true"));

    const QJsonObject stats = sandbox->stats();
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("rejected.statutory")),
             1 + 3 + 1 + rejectedChanged);
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("rejected_payload")), 0); // all injected
    QCOMPARE(counter(stats, QStringLiteral("US-DE"), QStringLiteral("accepted")), accepted + 1);
}

QTEST_GUILESS_MAIN(TestSandboxRegistry)
#include "tst_sandbox_registry.moc"
