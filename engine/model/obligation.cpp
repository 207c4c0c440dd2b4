#include "engine/model/obligation.h"

#include <QCryptographicHash>

#include <cmath>

namespace fd {

QString idempotencyKeyFor(const QString &entityId, const QString &jurisdiction, const QString &filingType,
                          int filingYear) {
    const QString material = entityId + QLatin1Char(':') + jurisdiction + QLatin1Char(':') + filingType +
                             QLatin1Char(':') + QString::number(filingYear);
    return QString::fromLatin1(
        QCryptographicHash::hash(material.toUtf8(), QCryptographicHash::Sha256).toHex());
}

QString Obligation::idempotencyKey() const {
    return idempotencyKeyFor(entity->entityId, jurisdiction, filingType, filingYear);
}

qint64 Obligation::penaltyExposureCents(int daysLate) const {
    if (daysLate <= 0)
        return 0;
    const qint64 flat = penaltyFlatCents + feeCents * penaltyPercentOfFeeBp / 10000;
    // Interest runs on tax plus penalty for each month or part of a month late (e.g. 8 Del. C. § 510).
    const qint64 months = (daysLate + 29) / 30;
    const qint64 interest = (feeCents + flat) * penaltyMonthlyInterestBp * months / 10000;
    return flat + interest;
}

} // namespace fd
