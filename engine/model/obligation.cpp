#include "engine/model/obligation.h"

#include <QCryptographicHash>

#include <charconv>
#include <cmath>

namespace fd {

QString idempotencyKeyFor(const QString &entityId, const QString &jurisdiction, const QString &filingType,
                          int filingYear) {
    // Built in one buffer and written out as hex directly: a calendar or a batch works out a key per filing.
    char year[16];
    const auto yearEnd = std::to_chars(year, year + sizeof year, filingYear).ptr;
    QString material;
    material.reserve(entityId.size() + jurisdiction.size() + filingType.size() + (yearEnd - year) + 3);
    material.append(entityId)
        .append(QLatin1Char(':'))
        .append(jurisdiction)
        .append(QLatin1Char(':'))
        .append(filingType)
        .append(QLatin1Char(':'))
        .append(QLatin1String(year, yearEnd - year));
    const QByteArray digest = QCryptographicHash::hash(material.toUtf8(), QCryptographicHash::Sha256);
    static constexpr char kHex[] = "0123456789abcdef";
    QString key(digest.size() * 2, Qt::Uninitialized);
    QChar *out = key.data();
    for (const char byte : digest) {
        const auto b = static_cast<unsigned char>(byte);
        *out++ = QLatin1Char(kHex[b >> 4]);
        *out++ = QLatin1Char(kHex[b & 0x0F]);
    }
    return key;
}

QString Obligation::idempotencyKey() const {
    return idempotencyKeyFor(entity->entityId, jurisdiction, filingType, filingYear);
}

qint64 Obligation::penaltyExposureCents(int daysLate) const {
    if (daysLate <= 0)
        return 0;
    // Each amount to the nearest cent, half a cent up, as a bill states it ($206.375 is $206.38, not
    // $206.37).
    const auto percentOf = [](qint64 cents, qint64 basisPoints) {
        return (cents * basisPoints + 5000) / 10000;
    };
    const qint64 flat = penaltyFlatCents + percentOf(feeCents, penaltyPercentOfFeeBp);
    // Interest runs on tax plus penalty for each month or part of a month late (e.g. 8 Del. C. § 510).
    const qint64 months = (daysLate + 29) / 30;
    const qint64 interest = percentOf(feeCents + flat, qint64(penaltyMonthlyInterestBp) * months);
    return flat + interest;
}

} // namespace fd
