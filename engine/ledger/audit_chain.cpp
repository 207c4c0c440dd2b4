#include "engine/ledger/audit_chain.h"

#include "engine/audit/audit_store.h"

#include <QCryptographicHash>

namespace fd::AuditChain {

namespace {
void appendField(QByteArray &out, const QString &value, bool first = false) {
    const QByteArray utf8 = value.toUtf8();
    if (!first)
        out.append('|');
    out.append(QByteArray::number(utf8.size()));
    out.append(':');
    out.append(utf8);
}
} // namespace

QString genesisHash() {
    return QString(64, QLatin1Char('0'));
}

QByteArray canonicalText(const AuditEntry &e) {
    QByteArray out;
    out.reserve(512);
    appendField(out, QString::number(e.ledgerSeq), true);
    for (const QString *field :
         {&e.prevHash, &e.atUtcText, &e.idempotencyKey, &e.entityId, &e.action, &e.fromState, &e.toState,
          &e.ruleId, &e.rulesVersion, &e.payloadSha256, &e.actor, &e.host, &e.desk, &e.errorCategory,
          &e.errorCode, &e.detail, &e.reason})
        appendField(out, *field);
    // The database login (ledger schema 4) is covered too; rows written before it have none and keep the
    // text, and so the hash, they were sealed with.
    if (!e.login.isEmpty())
        appendField(out, e.login);
    return out;
}

QString rowHash(const AuditEntry &e) {
    return QString::fromLatin1(
        QCryptographicHash::hash(canonicalText(e), QCryptographicHash::Sha256).toHex());
}

} // namespace fd::AuditChain
