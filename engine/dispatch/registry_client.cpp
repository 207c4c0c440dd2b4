#include "engine/dispatch/registry_client.h"

#include "engine/dispatch/network_libraries.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSocketNotifier>
#include <QUuid>

#include <curl/curl.h>

#include <cstring>
#include <unordered_map>
#include <vector>

Q_LOGGING_CATEGORY(lcRegistry, "filingdesk.dispatch.registry")

namespace fd {

/// One request: its curl handle and what it sends and receives. Owned by the multi while in flight.
struct RegistryClient::Transfer {
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    QByteArray url;
    QByteArray body; ///< a submission's payload, read once (see onReadBody)
    qint64 bodySent = 0;
    QByteArray response;
    QByteArray statusLine; ///< "HTTP/1.1 201 Created" of the last response
    QByteArray retryAfter;
    QByteArray replayed; ///< Idempotent-Replayed
    QString traceId;
    bool isLookup = false;
    bool aborted = false;
    Callback callback;
    char error[CURL_ERROR_SIZE] = {};

    ~Transfer() {
        if (easy)
            curl_easy_cleanup(easy);
        curl_slist_free_all(headers);
    }
};

/// curl's multi handle and the notifiers that watch the sockets it asks for.
struct RegistryClient::Multi {
    struct Watch {
        std::unique_ptr<QSocketNotifier> read;
        std::unique_ptr<QSocketNotifier> write;
    };

    explicit Multi(RegistryClient *owner)
        : client(owner) {
        NetworkLibraries::ensureStarted(); // normally done by main(), before any thread
        handle = curl_multi_init();
        curl_multi_setopt(handle, CURLMOPT_SOCKETFUNCTION, &Multi::onSocket);
        curl_multi_setopt(handle, CURLMOPT_SOCKETDATA, this);
        curl_multi_setopt(handle, CURLMOPT_TIMERFUNCTION, &Multi::onTimer);
        curl_multi_setopt(handle, CURLMOPT_TIMERDATA, this);
    }

    ~Multi() {
        // No callback into a client being destroyed: its timer and notifiers go with it.
        curl_multi_setopt(handle, CURLMOPT_SOCKETFUNCTION, nullptr);
        curl_multi_setopt(handle, CURLMOPT_TIMERFUNCTION, nullptr);
        for (auto &[easy, transfer] : transfers)
            curl_multi_remove_handle(handle, easy);
        transfers.clear();
        watches.clear();
        curl_multi_cleanup(handle);
    }

    /// CURLMOPT_SOCKETFUNCTION: what curl wants to hear about `socket`.
    static int onSocket(CURL *, curl_socket_t socket, int what, void *userp, void *) {
        auto *self = static_cast<Multi *>(userp);
        if (what == CURL_POLL_REMOVE) {
            auto it = self->watches.find(socket);
            if (it != self->watches.end()) {
                // Possibly called from inside this very notifier's activation: disable now, delete later.
                for (auto *notifier : {it->second.read.release(), it->second.write.release()}) {
                    if (notifier) {
                        notifier->setEnabled(false);
                        notifier->deleteLater();
                    }
                }
                self->watches.erase(it);
            }
            return 0;
        }
        Watch &watch = self->watches[socket];
        const bool wantRead = what == CURL_POLL_IN || what == CURL_POLL_INOUT;
        const bool wantWrite = what == CURL_POLL_OUT || what == CURL_POLL_INOUT;
        self->setWatching(watch.read, socket, QSocketNotifier::Read, wantRead, CURL_CSELECT_IN);
        self->setWatching(watch.write, socket, QSocketNotifier::Write, wantWrite, CURL_CSELECT_OUT);
        return 0;
    }

    void setWatching(std::unique_ptr<QSocketNotifier> &notifier, curl_socket_t socket,
                     QSocketNotifier::Type type, bool on, int events) {
        if (!on) {
            if (notifier)
                notifier->setEnabled(false);
            return;
        }
        if (!notifier) {
            notifier = std::make_unique<QSocketNotifier>(qintptr(socket), type);
            RegistryClient *owner = client;
            QObject::connect(notifier.get(), &QSocketNotifier::activated, owner,
                             [owner, socket, events] { owner->drive(qintptr(socket), events); });
        }
        notifier->setEnabled(true);
    }

    /// CURLMOPT_TIMERFUNCTION: when curl wants to be called with CURL_SOCKET_TIMEOUT (-1: not at all).
    static int onTimer(CURLM *, long timeoutMs, void *userp) {
        auto *self = static_cast<Multi *>(userp);
        if (timeoutMs < 0)
            self->client->m_curlTimer.stop();
        else
            self->client->m_curlTimer.start(int(qMin<long>(timeoutMs, 24L * 3600 * 1000)));
        return 0;
    }

    RegistryClient *client;
    CURLM *handle = nullptr;
    std::unordered_map<CURL *, std::unique_ptr<Transfer>> transfers;
    std::unordered_map<curl_socket_t, Watch> watches;
};

namespace {

size_t onResponseBody(char *data, size_t size, size_t count, void *userp) {
    static_cast<QByteArray *>(userp)->append(data, qsizetype(size * count));
    return size * count;
}

bool headerIs(const QByteArray &line, const char *name, QByteArray *value) {
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0 || line.left(colon).trimmed().compare(name, Qt::CaseInsensitive) != 0)
        return false;
    *value = line.mid(colon + 1).trimmed();
    return true;
}

QByteArray joined(const QUrl &base, const QString &path) {
    QUrl url = base;
    QString p = url.path();
    if (p.endsWith(QLatin1Char('/')))
        p.chop(1);
    url.setPath(p + path);
    return url.toEncoded();
}

} // namespace

RegistryClient::RegistryClient(QObject *parent)
    : RegistryTransport(parent)
    , m_multi(std::make_unique<Multi>(this)) {
    m_curlTimer.setSingleShot(true);
    m_curlTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_curlTimer, &QTimer::timeout, this, [this] { drive(qintptr(CURL_SOCKET_TIMEOUT), 0); });
}

RegistryClient::~RegistryClient() {
    m_multi.reset(); // before m_curlTimer, which curl's callbacks reach
}

QUrl RegistryClient::baseUrlFor(const QString &jurisdiction) const {
    return m_bases.value(jurisdiction, m_defaultBase);
}

std::optional<QStringList> RegistryClient::sendableJurisdictions() const {
    if (m_defaultBase.isValid())
        return std::nullopt;
    QStringList out;
    for (auto it = m_bases.cbegin(); it != m_bases.cend(); ++it)
        if (it.value().isValid())
            out.append(it.key());
    out.sort();
    return out;
}

int RegistryClient::requestsInFlight() const {
    return int(m_multi->transfers.size());
}

void RegistryClient::submit(const FilingTask &task, Callback callback) {
    auto transfer = std::make_unique<Transfer>();
    transfer->url = joined(baseUrlFor(task.obligation.jurisdiction), QStringLiteral("/v1/filings"));
    transfer->body = task.payloadJson();
    transfer->headers =
        curl_slist_append(transfer->headers, ("Idempotency-Key: " + task.key.toLatin1()).constData());
    transfer->callback = std::move(callback);
    start(std::move(transfer));
}

void RegistryClient::lookup(const FilingTask &task, Callback callback) {
    if (!m_lookupSupported) {
        RegistryOutcome outcome;
        outcome.kind = RegistryOutcome::Kind::Unsupported;
        outcome.traceId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        outcome.code = QStringLiteral("LOOKUP_UNSUPPORTED");
        outcome.message = tr("this registry is configured without look-up");
        QMetaObject::invokeMethod(
            this, [callback, outcome] { callback(outcome); }, Qt::QueuedConnection);
        return;
    }
    auto transfer = std::make_unique<Transfer>();
    transfer->url =
        joined(baseUrlFor(task.obligation.jurisdiction), QStringLiteral("/v1/filings/") + task.key);
    transfer->isLookup = true;
    transfer->callback = std::move(callback);
    start(std::move(transfer));
}

void RegistryClient::start(std::unique_ptr<Transfer> transfer) {
    Transfer *t = transfer.get();
    t->traceId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    t->headers = curl_slist_append(t->headers, "Accept: application/json");
    t->headers = curl_slist_append(t->headers, ("X-Request-Id: " + t->traceId.toLatin1()).constData());
    t->headers = curl_slist_append(t->headers, "User-Agent: FilingDesk/" FILINGDESK_VERSION);
    t->headers = curl_slist_append(t->headers, "Expect:"); // no 100-continue round trip
    if (!m_token.isEmpty())
        t->headers = curl_slist_append(t->headers, ("Authorization: Bearer " + m_token.toUtf8()).constData());

    t->easy = curl_easy_init();
    CURL *easy = t->easy;
    curl_easy_setopt(easy, CURLOPT_URL, t->url.constData());
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, long(m_timeoutMs));
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, t->error);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &onResponseBody);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &t->response);
    curl_easy_setopt(
        easy, CURLOPT_HEADERFUNCTION, +[](char *data, size_t size, size_t count, void *userp) -> size_t {
            auto *self = static_cast<Transfer *>(userp);
            const QByteArray line = QByteArray(data, qsizetype(size * count)).trimmed();
            if (line.startsWith("HTTP/")) { // a new response (after an interim one): its own headers only
                self->statusLine = line;
                self->retryAfter.clear();
                self->replayed.clear();
            } else {
                headerIs(line, "Retry-After", &self->retryAfter) ||
                    headerIs(line, "Idempotent-Replayed", &self->replayed);
            }
            return size * count;
        });
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, t);
    if (!t->isLookup) {
        t->headers = curl_slist_append(t->headers, "Content-Type: application/json");
        curl_easy_setopt(easy, CURLOPT_POST, 1L);
        curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(t->body.size()));
        // The body goes through a read callback with no seek callback: curl cannot rewind it, so it cannot
        // send the filing a second time by itself when a kept-alive connection closes under it.
        curl_easy_setopt(
            easy, CURLOPT_READFUNCTION, +[](char *out, size_t size, size_t count, void *userp) -> size_t {
                auto *self = static_cast<Transfer *>(userp);
                const qint64 n = qMin(qint64(size * count), self->body.size() - self->bodySent);
                memcpy(out, self->body.constData() + self->bodySent, size_t(n));
                self->bodySent += n;
                return size_t(n);
            });
        curl_easy_setopt(easy, CURLOPT_READDATA, t);
    }
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, t->headers);
    curl_easy_setopt(easy, CURLOPT_PRIVATE, t);

    m_multi->transfers.emplace(easy, std::move(transfer));
    const CURLMcode added = curl_multi_add_handle(m_multi->handle, easy);
    if (added != CURLM_OK) {
        // Never happens short of running out of memory; answer later, as any other failure to connect.
        qCWarning(lcRegistry) << "cannot start a request:" << curl_multi_strerror(added);
        QMetaObject::invokeMethod(
            this,
            [this, easy] {
                auto it = m_multi->transfers.find(easy);
                if (it == m_multi->transfers.end())
                    return;
                std::unique_ptr<Transfer> failed = std::move(it->second);
                m_multi->transfers.erase(it);
                failed->callback(outcomeOf(*failed, CURLE_OUT_OF_MEMORY));
            },
            Qt::QueuedConnection);
    }
}

void RegistryClient::drive(qintptr socket, int events) {
    int running = 0;
    curl_multi_socket_action(m_multi->handle, curl_socket_t(socket), events, &running);
    finishDone();
}

void RegistryClient::finishDone() {
    std::vector<std::pair<std::unique_ptr<Transfer>, CURLcode>> done;
    int left = 0;
    while (CURLMsg *message = curl_multi_info_read(m_multi->handle, &left)) {
        if (message->msg != CURLMSG_DONE)
            continue;
        CURL *easy = message->easy_handle;
        const CURLcode result = message->data.result;
        curl_multi_remove_handle(m_multi->handle, easy);
        auto it = m_multi->transfers.find(easy);
        if (it == m_multi->transfers.end())
            continue;
        done.emplace_back(std::move(it->second), result);
        m_multi->transfers.erase(it);
    }
    // Callbacks last: one may start a new request or abort the others.
    for (auto &[transfer, result] : done) {
        const RegistryOutcome outcome = outcomeOf(*transfer, result);
        transfer->callback(outcome);
    }
}

void RegistryClient::abortAll() {
    std::vector<std::unique_ptr<Transfer>> aborted;
    for (auto &[easy, transfer] : m_multi->transfers) {
        curl_multi_remove_handle(m_multi->handle, easy);
        transfer->aborted = true;
        aborted.push_back(std::move(transfer));
    }
    m_multi->transfers.clear();
    for (auto &transfer : aborted)
        transfer->callback(outcomeOf(*transfer, CURLE_ABORTED_BY_CALLBACK));
}

RegistryOutcome RegistryClient::outcomeOf(const Transfer &t, int curlCode) const {
    const auto code = CURLcode(curlCode);
    RegistryOutcome out;
    out.traceId = t.traceId;
    if (code == CURLE_OK) {
        long status = 0;
        curl_easy_getinfo(t.easy, CURLINFO_RESPONSE_CODE, &status);
        out.httpStatus = int(status);
        out.body = t.response;
    }
    const QJsonObject json = QJsonDocument::fromJson(out.body).object();
    const QJsonObject error = json.value(QStringLiteral("error")).toObject();
    out.code = error.value(QStringLiteral("code")).toString();
    out.message = error.value(QStringLiteral("message")).toString();
    if (!t.retryAfter.isEmpty()) {
        bool ok = false;
        const double seconds = t.retryAfter.toDouble(&ok);
        if (ok && seconds >= 0)
            out.retryAfterMs = qint64(seconds * 1000);
    }
    auto readReceipt = [&] {
        out.receipt.confirmationNumber = json.value(QStringLiteral("confirmation_number")).toString();
        out.receipt.feeChargedCents = json.value(QStringLiteral("fee_charged_cents")).toInteger(-1);
        out.receipt.acceptedAt = json.value(QStringLiteral("accepted_at")).toString();
        out.receipt.nextDue = json.value(QStringLiteral("next_due")).toString();
    };

    if (out.httpStatus == 0) {
        // No whole answer. Only when the connection was never made did the request surely not leave; a
        // timeout, a reset or a cut-off answer after it left is an unknown outcome: the registry may have
        // filed it. CURLE_SEND_FAIL_REWIND: a kept-alive connection closed under the request and curl's own
        // re-send was refused (the body cannot rewind): unknown like any other lost connection.
        const bool neverSent =
            !t.aborted && (code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST ||
                           code == CURLE_COULDNT_RESOLVE_PROXY || code == CURLE_SSL_CONNECT_ERROR ||
                           code == CURLE_PEER_FAILED_VERIFICATION || code == CURLE_SSL_CACERT_BADFILE ||
                           code == CURLE_SSL_CERTPROBLEM || code == CURLE_UNSUPPORTED_PROTOCOL ||
                           code == CURLE_URL_MALFORMAT || code == CURLE_OUT_OF_MEMORY);
        const bool timedOut = t.aborted || code == CURLE_OPERATION_TIMEDOUT;
        out.kind =
            neverSent || t.isLookup ? RegistryOutcome::Kind::Transient : RegistryOutcome::Kind::Uncertain;
        out.code = timedOut    ? QStringLiteral("NETWORK_TIMEOUT")
                   : neverSent ? QStringLiteral("NETWORK_ERROR")
                               : QStringLiteral("CONNECTION_LOST");
        const QString detail =
            t.error[0] ? QString::fromUtf8(t.error) : QString::fromUtf8(curl_easy_strerror(code));
        out.message = t.aborted  ? tr("request withdrawn: FilingDesk is stopping")
                      : timedOut ? tr("the registry did not answer in time (%1)").arg(detail)
                      : neverSent
                          ? tr("the registry could not be reached (%1)").arg(detail)
                          : tr("the connection to the registry was lost before its answer (%1)").arg(detail);
    } else if (t.isLookup) {
        if (out.httpStatus == 200) {
            out.kind = RegistryOutcome::Kind::Found;
            readReceipt();
        } else if (out.httpStatus == 404) {
            out.kind = RegistryOutcome::Kind::NotFound;
        } else if (out.httpStatus == 501 || out.httpStatus == 405) {
            out.kind = RegistryOutcome::Kind::Unsupported;
        } else {
            out.kind = RegistryOutcome::Kind::Transient;
        }
    } else if (out.httpStatus == 201) {
        out.kind = RegistryOutcome::Kind::Accepted;
        readReceipt();
    } else if (out.httpStatus == 200) {
        out.kind = t.replayed.compare("true", Qt::CaseInsensitive) == 0 ? RegistryOutcome::Kind::Replayed
                                                                        : RegistryOutcome::Kind::Accepted;
        readReceipt();
    } else if (out.httpStatus == 422 &&
               error.value(QStringLiteral("category")).toString() == QLatin1String("statutory")) {
        out.kind = RegistryOutcome::Kind::Statutory;
    } else if (out.httpStatus == 400 || out.httpStatus == 422) {
        out.kind = RegistryOutcome::Kind::Validation;
    } else if (out.httpStatus == 429 || out.httpStatus >= 500) {
        out.kind = RegistryOutcome::Kind::Transient;
    } else {
        // 401/403/404/409 ... : nothing a retry fixes; quarantine for a person to look at.
        out.kind = RegistryOutcome::Kind::Validation;
    }
    if (out.code.isEmpty() && out.httpStatus != 0 && out.httpStatus >= 300)
        out.code = QStringLiteral("HTTP_%1").arg(out.httpStatus);
    if (out.message.isEmpty() && out.httpStatus >= 300) {
        // The reason phrase of "HTTP/1.1 503 Service Unavailable" (HTTP/2 has none).
        const QList<QByteArray> parts = t.statusLine.split(' ');
        out.message = QString::fromLatin1(parts.mid(2).join(' '));
    }
    qCDebug(lcRegistry) << (t.isLookup ? "lookup" : "submit") << t.traceId << out.httpStatus << out.code;
    return out;
}

} // namespace fd
