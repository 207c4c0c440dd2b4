#pragma once

#include "engine/rules/rule.h"

#include <QHash>
#include <QList>
#include <QString>

namespace fd {

/// The whole rules file, loaded and validated (format: docs/rules-format.md).
class RuleSet {
public:
    /// Loads and validates. On failure returns false and sets *error to "FILE:LINE: rule ID: field: reason";
    /// nothing is half-loaded (the RuleSet is left empty).
    bool loadFromFile(const QString &path, QString *error);
    bool loadFromBytes(const QByteArray &json, const QString &displayName, QString *error);
    /// The rules shipped inside the application (resources/rules/us-rules.json via Qt resources).
    static RuleSet builtIn();

    QString version() const { return m_version; }
    const QList<Rule> &rules() const { return m_rules; }
    const QList<JurisdictionInfo> &jurisdictions() const { return m_jurisdictions; }
    /// The business calendars that move due dates (one per rolling jurisdiction, plus shared ones).
    const QList<BusinessCalendar> &calendars() const { return m_calendars; }
    const BusinessCalendar *calendarById(const QString &id) const;
    /// Rules of one jurisdiction ("US-DE"), file order; empty for a jurisdiction without rules. The list is
    /// built once at load and shared (no copy of the rules per call).
    QList<Rule> rulesFor(const QString &jurisdiction) const;
    const Rule *ruleById(const QString &id) const;
    bool isEmpty() const { return m_rules.isEmpty(); }

private:
    QString m_version;
    QList<Rule> m_rules;
    QList<JurisdictionInfo> m_jurisdictions;
    QList<BusinessCalendar> m_calendars;
    QHash<QString, qsizetype> m_indexById;
    QHash<QString, QList<Rule>> m_rulesByJurisdiction;
};

} // namespace fd
