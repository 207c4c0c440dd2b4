#pragma once

#include <QSet>
#include <QSortFilterProxyModel>
#include <QStringList>

namespace fd::ui {

/// Filters and sorts any FilingDesk item model through the roles of item_roles.h: by state, jurisdiction,
/// error category, due window (days from the as-of date) and free text, where free text matches an
/// idempotency key (a prefix of 4+ hex digits is enough), an entity name or id, a confirmation number, a
/// trace id or an error code. Sorting uses SortRole, so numbers and dates sort as such.
///
/// Thread affinity: GUI thread. Bulk actions use matchingKeys(): every row the filter matches, not a page.
class TaskFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit TaskFilterProxy(QObject *parent = nullptr);

    /// The progress filter's name for a filing a person withdrew (WithdrawnRole): "DEAD_LETTER" then means
    /// the dead letters that need a person, and this the withdrawn ones.
    static constexpr const char *kWithdrawnState = "WITHDRAWN";
    /// Only rows in one of these states (empty: any state; kWithdrawnState for withdrawn filings).
    void setStates(const QStringList &states);
    /// Only this jurisdiction ("US-DE"; empty: any).
    void setJurisdiction(const QString &jurisdiction);
    /// Only this error category ("validation"; empty: any).
    void setCategory(const QString &category);
    /// Only rows due within `days` of the as-of date, overdue ones included (-1: no limit).
    void setDueWithinDays(int days);
    void setSearchText(const QString &text);
    /// Only rows whose entity's owner is this person (OwnerRole, case-insensitive; empty: anyone).
    void setOwner(const QString &owner);
    /// Only rows in one of these compliance statuses (ComplianceRole names; empty: any).
    void setCompliance(const QStringList &statuses);

    QStringList states() const { return m_states.values(); }
    QString jurisdiction() const { return m_jurisdiction; }
    QString searchText() const { return m_search; }
    QString owner() const { return m_owner; }
    QStringList compliance() const { return m_compliance.values(); }
    int dueWithinDays() const { return m_dueWithinDays; }

    /// KeyRole of every row the filter currently accepts, in view order.
    QStringList matchingKeys() const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QSet<QString> m_states;
    QString m_jurisdiction;
    QString m_category;
    int m_dueWithinDays = -1;
    QString m_search;
    QString m_owner;
    QSet<QString> m_compliance;
};

} // namespace fd::ui
