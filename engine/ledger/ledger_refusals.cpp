#include "engine/ledger/ledger_refusals.h"

#include <QRegularExpression>

namespace fd {

namespace {

QStringList keysAfter(const QRegularExpression &pattern, const QString &message) {
    const QRegularExpressionMatch match = pattern.match(message);
    if (!match.hasMatch())
        return {};
    return match.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts);
}

} // namespace

QStringList conflictedKeys(const QString &message) {
    static const QRegularExpression pattern(QStringLiteral("filingdesk conflict: ([^\\s(]+)"));
    return keysAfter(pattern, message);
}

QStringList notRunningKeys(const QString &message) {
    static const QRegularExpression pattern(QStringLiteral("filingdesk batch not running: ([^\\s(]+)"));
    return keysAfter(pattern, message);
}

} // namespace fd
