#include "engine/import/entity_type_inference.h"

#include <QRegularExpression>

#include <optional>

namespace fd {

namespace {

// Whether QString::simplified() would leave `text` as it is: no white space at either end, none but single
// spaces inside.
bool isSimplified(QStringView text) {
    if (text.isEmpty())
        return true;
    if (text.front().isSpace() || text.back().isSpace())
        return false;
    for (qsizetype i = 1; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isSpace() && (c != QLatin1Char(' ') || text.at(i - 1) == QLatin1Char(' ')))
            return false;
    }
    return true;
}

} // namespace

QString stripFootnoteMarkers(const QString &legalName) {
    // Most names carry no marker: a marker ends in ")", "*", "†" or "‡", so a simplified name ending
    // otherwise is returned as it is (shared, not copied) without running the expression.
    if (isSimplified(legalName)) {
        const QChar last = legalName.isEmpty() ? QChar() : legalName.back();
        if (last != QLatin1Char(')') && last != QLatin1Char('*') && last != QChar(0x2020) &&
            last != QChar(0x2021))
            return legalName;
    }
    static const QRegularExpression markers(
        QStringLiteral("(\\s*(\\(\\s*[0-9a-z]{1,2}\\s*\\)|\\*+|†|‡))+\\s*$"));
    QString name = legalName.simplified();
    name.remove(markers);
    return name.simplified();
}

namespace {

struct Pattern {
    const char *regex;
    EntityType type;
    const char *unsupported; // non-null: a recognised form FilingDesk has no rules for
};

// Order matters: "Limited Liability Company" before "Company", "LLLP"/"LLP" before "LP".
const Pattern kPatterns[] = {
    {"limited\\s+liability\\s+company", EntityType::Llc, nullptr},
    {"l\\.?\\s?l\\.?\\s?c\\.?", EntityType::Llc, nullptr},
    {"limited\\s+liability\\s+partnership|l\\.?\\s?l\\.?\\s?p\\.?", EntityType::Unknown,
     "a limited liability partnership (LLP), a form the rules do not cover"},
    {"limited\\s+partnership|l\\.?\\s?l\\.?\\s?l\\.?\\s?p\\.?|l\\.?\\s?p\\.?", EntityType::Lp, nullptr},
    {"incorporated|inc\\.?|corporation|corp\\.?|company|co\\.?|limited|ltd\\.?", EntityType::Corporation,
     nullptr},
    {"gmbh|s\\.?\\s?a\\.?(\\s+de\\s+c\\.?\\s?v\\.?)?|s\\.?\\s?p\\.?\\s?a\\.?|b\\.?\\s?v\\.?|n\\.?\\s?v\\.?|"
     "ag|"
     "pty\\.?(\\s+ltd\\.?)?|s\\.?\\s?r\\.?\\s?l\\.?|s\\.?\\s?à\\.?\\s?r\\.?\\s?l\\.?|sdn\\.?\\s+bhd\\.?|"
     "kft\\.?|ab|oy|as|sas|s\\.?\\s?a\\.?\\s?s\\.?|plc|kk|k\\.k\\.|ltda\\.?|s\\.? de r\\.?l\\.?( de "
     "c\\.?v\\.?)?",
     EntityType::Unknown, "a non-US legal form"},
};

/// The legal-form designator at the very end of `name`, if any.
std::optional<EntityTypeGuess> designatorAtEnd(const QString &name) {
    // Compiled once: an import of an Exhibit 21 list runs every pattern for every subsidiary.
    static const QList<QRegularExpression> compiled = [] {
        QList<QRegularExpression> out;
        for (const auto &p : kPatterns) {
            out.append(QRegularExpression(QStringLiteral("(?:^|[\\s,])(") + QString::fromUtf8(p.regex) +
                                              QStringLiteral(")\\s*$"),
                                          QRegularExpression::CaseInsensitiveOption));
            out.last().optimize();
        }
        return out;
    }();
    for (qsizetype i = 0; i < compiled.size(); ++i) {
        const auto &p = kPatterns[i];
        const auto m = compiled.at(i).match(name);
        if (!m.hasMatch())
            continue;
        EntityTypeGuess guess;
        guess.type = p.type;
        guess.suffix = m.captured(1).trimmed();
        if (p.unsupported)
            guess.reason = QStringLiteral("\"%1\" is %2").arg(guess.suffix, QString::fromUtf8(p.unsupported));
        return guess;
    }
    return std::nullopt;
}

} // namespace

EntityTypeGuess inferEntityType(const QString &legalName) {
    const QString name = stripFootnoteMarkers(legalName);
    if (const auto guess = designatorAtEnd(name))
        return *guess;
    // Older corporate names put the designator before a place: "Directories Corporation of America", "The
    // Trust Company of New York". The designator must still be a real one, right before "of", and what
    // follows must read as a place (a few words, letters only), so "Bank of America" stays Unknown: never a
    // guess.
    static const QRegularExpression ofPlace(
        QStringLiteral("^\\s+of\\s+((?:[\\p{L}][\\p{L}.'&-]*)(?:\\s+[\\p{L}][\\p{L}.'&-]*){0,5})$"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression of(QStringLiteral("\\s+of\\s+"),
                                       QRegularExpression::CaseInsensitiveOption);
    for (auto it = of.globalMatch(name); it.hasNext();) {
        const auto at = it.next();
        const QString place = name.mid(at.capturedStart());
        if (!ofPlace.match(place).hasMatch())
            continue;
        const QString before = name.left(at.capturedStart());
        auto guess = designatorAtEnd(before);
        // The designator must follow a name of its own: "Company of Heroes" is a title, not a company's form.
        if (guess && guess->suffix.size() < before.trimmed().size()) {
            guess->suffix += place; // "Corporation of America": what a person would call the designator
            return *guess;
        }
    }
    return {EntityType::Unknown, QString(),
            QStringLiteral("the name has no legal-form suffix (Inc., LLC, L.P. ...)")};
}

} // namespace fd
