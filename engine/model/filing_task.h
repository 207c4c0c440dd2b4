#pragma once

#include "engine/model/execution_state.h"
#include "engine/model/obligation.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QMetaType>
#include <QString>

namespace fd {

/// A single-intent filing task: exactly one obligation, keyed by its idempotency key.
struct FilingTask {
    QString key; ///< Obligation::idempotencyKey()
    Obligation obligation;
    ExecutionState state = ExecutionState::Pending;
    double score = 0.0; ///< admission score (higher is admitted sooner)
    int attempts = 0;   ///< registry submissions made so far
    ErrorCategory lastCategory = ErrorCategory::None;
    QString lastErrorCode;
    QString lastErrorMessage;
    QString traceId;             ///< trace id of the last submission (X-Request-Id header)
    QByteArray lastResponseBody; ///< raw body of the last registry answer
    QString confirmationNumber;
    qint64 feeChargedCents = -1; ///< -1 until a receipt arrives
    QDateTime nextAttemptUtc;    ///< earliest time of the next submission (backoff), UTC
    QString batchId;
    QDateTime updatedUtc;
    /// The outcome of an earlier submission is unknown (a crash while DISPATCHING, a timeout or reset after
    /// the request left): the filing is looked up at the registry before anything is sent again, and a
    /// registry without look-up sends it to a person. Persisted, so that a restart keeps the promise.
    bool lookupRequired = false;
    /// When the last submission of this filing left (this process's clock; the ledger stores its own and
    /// hands it over as an age). While its outcome is unknown, the registry may still be working on it until
    /// the registry's settle window after this time has passed (EngineConfig::settleMsFor()).
    QDateTime sentUtc;
    /// Team mode: the member that holds the task's claim in the ledger (empty: nobody). Not stored locally.
    QString claimedBy;
    /// Set by setEntity(): the next recorded transition also stores the obligation (its entity data), in the
    /// same transaction, so that a restart sends the cured payload. Not stored.
    bool obligationRewritten = false;
    /// Said in the audit row of the next recorded transition instead of lastErrorMessage (a cure's payload
    /// hashes before and after). Not stored.
    QString transitionNote;

    /// The registry-api-v1 request body (spec "Submit a filing"), compact JSON. Computed once per task and
    /// cached: the obligation's identity never changes (its idempotency key is derived from it); only the
    /// entity data inside it can be cured, through setEntity().
    QByteArray payloadJson() const;
    /// Replaces the entity data the payload is built from (a halt cured from the register): the filing keeps
    /// its idempotency key; payloadJson() and payloadSha256() are computed again.
    void setEntity(const Entity &entity);
    /// Replaces the whole obligation under the same key (a halt for a change of the register requeued: the
    /// register's due date and expected fee with its entity); stored with the next transition as setEntity().
    /// The obligation's idempotency key must be this task's.
    void setObligation(const Obligation &replanned);
    /// SHA-256 hex of payloadJson(): what the audit rows record. Computed once per task.
    QString payloadSha256() const;

private:
    mutable QByteArray m_payloadJson;
    mutable QString m_payloadKey;
    mutable QString m_payloadSha256;

public:
};

/// Whether a person may withdraw `task` (decide it will not be filed): it waits to be sent (PENDING), was
/// halted for a person (FAILED_STATUTORY), waits to be tried again after the registry refused it for a
/// transient reason (FAILED_TRANSIENT with no look-up owed: the registry answered, so it was not filed), or
/// could not be filed (DEAD_LETTER, not yet withdrawn: it stays a dead letter, marked "will not file"). A
/// filing whose outcome is unknown may have been filed and is not withdrawable until its look-up settles it.
bool isWithdrawable(const FilingTask &task);

/// What a withdrawn filing's last message stores: who withdrew it and why, in a fixed English form
/// ("withdrawn by alice: will not file (the entity was dissolved)"), so that every desk, whatever its
/// language, can show it in its own (lastMessageForPeople()).
QString withdrawalRecord(const QString &osUser, const QString &reason);
/// `task`'s last message as a person reads it, in the current language: a withdrawal recorded by
/// withdrawalRecord() is said again in the reader's language; any other message as stored.
QString lastMessageForPeople(const FilingTask &task);

/// Officers <-> JSON: [{"name": ..., "title": ...}, ...].
QJsonArray officersToJson(const QList<Officer> &officers);
QList<Officer> officersFromJson(const QJsonArray &array);
/// Entity <-> JSON (every field): the register's records and the entity inside an obligation.
QJsonObject entityToJson(const Entity &entity);
Entity entityFromJson(const QJsonObject &json);
/// Obligation <-> JSON for the task store (all fields, so a restart rebuilds the task exactly).
QJsonObject obligationToJson(const Obligation &obligation);
Obligation obligationFromJson(const QJsonObject &json);

} // namespace fd

Q_DECLARE_METATYPE(fd::FilingTask)
