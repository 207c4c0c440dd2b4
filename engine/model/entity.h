#pragma once

#include <QDate>
#include <QList>
#include <QMetaType>
#include <QString>

#include <memory>

namespace fd {

/// Legal form of an entity, as far as the annual-report rules distinguish them.
enum class EntityType { Unknown, Corporation, Llc, Lp };

/// "corporation", "llc", "lp" (the rules file's spelling); empty for Unknown.
QString entityTypeName(EntityType type);
/// Accepts the rules file's spelling and common variants ("Corp", "LLC", "L.P."); Unknown otherwise.
EntityType entityTypeFromName(const QString &name);

/// An officer, director or manager as annual reports list them.
struct Officer {
    QString name;
    QString title; ///< "President", "Managing Member", ...; may be empty
    bool operator==(const Officer &other) const = default;
};

/// One subsidiary: as imported from a portfolio file, and as the entity register keeps it (the fields people
/// keep up to date and registries check). Dates are calendar dates (no time zone).
struct Entity {
    QString entityId; ///< stable id: given in a FilingDesk CSV, derived for Exhibit 21 rows
    QString name;     ///< legal name as filed, footnote markers removed
    EntityType type = EntityType::Unknown;
    QString typeSource;      ///< "given", or the suffix it was inferred from ("LLC", "Inc.")
    QString jurisdiction;    ///< ISO 3166-2 ("US-DE") or ISO 3166-1 alpha-2 ("GB"); empty if unrecognised
    QString jurisdictionRaw; ///< as written in the file
    QDate formationDate;     ///< null when the file does not give it
    QString registeredAgent; ///< the registered agent's name
    QString registeredAgentAddress; ///< the agent's registered office in the jurisdiction, one line
    QString registeredAgentStatus;  ///< "active", "expired", "resigned"; empty when not known
    QString principalOffice;        ///< principal office address, one line
    QList<Officer> officers;        ///< officers, directors or managers as the annual report lists them
    QString owner;                  ///< the person responsible for this entity's filings
    QString notes;                  ///< free text kept with the entity
    QString status;                 ///< "active" unless the file says otherwise
    int riskTier = 3;               ///< 1 (low) .. 5 (administrative-dissolution risk)
    QString ein;
    int fiscalYearEndMonth = 12; ///< month of the fiscal year end (1..12)
    int fiscalYearEndDay = 31;
    bool fiscalYearEndGiven = false;
    qint64 authorizedShares = 0; ///< Delaware authorized-shares method; 0 = unknown
    /// The state's file number for the entity in its jurisdiction (New Mexico's business ID, whose last digit
    /// picks the biennial report's years); empty when the file does not give it.
    QString registryId;
    QString sourceFile;
    int sourceLine = 0; ///< 1-based physical line of the row's first line

    bool isUsDomestic() const { return jurisdiction.startsWith(QLatin1String("US-")); }
};

/// An Entity held once and shared, read-only, by everything made from it: the import row (ImportedRow), the
/// row plan (RowPlan) and each of its obligations (Obligation), and the calendar entries and filing tasks
/// made from those. Copying one copies a pointer (a reference count), not the entity's 15 strings and dates:
/// a plan of 100,000 entities holds 100,000 entities, not one per row, plan and obligation. Never null: a
/// default-constructed one is an empty Entity.
///
/// Read it with -> or *, or pass it where a `const Entity &` is expected. edit() gives the entity to change,
/// copied first when anything else shares it (copy on write), so a change never reaches another holder.
/// Reentrant like Qt's implicitly shared classes: copies may be used on different threads at once (a shared
/// entity is never changed); one SharedEntity object is not to be edited and read on two threads at once.
class SharedEntity {
public:
    SharedEntity();
    SharedEntity(const Entity &entity); // implicit: `obligation.entity = entity` shares a copy of it
    SharedEntity(Entity &&entity);
    SharedEntity(const SharedEntity &other) = default;
    SharedEntity(SharedEntity &&other) noexcept; ///< leaves `other` the empty entity, never null
    SharedEntity &operator=(const SharedEntity &other) = default;
    SharedEntity &operator=(SharedEntity &&other) noexcept;
    ~SharedEntity() = default;
    const Entity &operator*() const noexcept { return *m_d; }
    const Entity *operator->() const noexcept { return m_d.get(); }
    operator const Entity &() const noexcept { return *m_d; }
    /// The entity, to change: a copy of its own first when it is shared.
    Entity &edit();
    /// True when both hold the very same entity (not merely equal ones).
    bool sharesWith(const SharedEntity &other) const noexcept { return m_d == other.m_d; }

private:
    std::shared_ptr<Entity> m_d;
};

} // namespace fd

Q_DECLARE_METATYPE(fd::Entity)
