#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace fd {

/// What one registry rejection code means to the people who cure it (docs/registry-api-v1.md, "Rejection
/// codes").
struct RejectionCode {
    QString code;        ///< as the registry sends it: "STAT_AGENT_EXPIRED"
    QString category;    ///< "statutory" or "validation", as in the registry's error body
    QString title;       ///< short, plain language: "Registered agent expired"
    QString explanation; ///< what it means, one or two sentences
    QString cure;        ///< what to do about it
    QString
        source; ///< where the requirement is stated: "8 Del. C. § 132 ..." or "docs/registry-api-v1.md, ..."
    QString sourceUrl; ///< https URL of the source; empty for FilingDesk's own documents
    /// Entity register columns (EntityFields, engine/register/entity_fields.cpp) whose edit cures the
    /// rejection:
    /// {"registered_agent", "registered_agent_address", "registered_agent_status"}. Empty exactly when
    /// dataDefect is false.
    QStringList fields;
    bool dataDefect = false; ///< true when editing the entity's data is the cure
};

/// The rejection codes FilingDesk knows, read from a JSON file (the built-in one is
/// resources/registry/rejection_codes.json):
///
///     {"schema": 1, "about": "…" (optional),
///      "codes": [{"code": "STAT_AGENT_EXPIRED", "category": "statutory", "title": "…", "explanation": "…",
///                 "cure": "…", "fields": ["registered_agent", …], "source": "…", "source_url": "https://…",
///                 "data_defect": true}, …]}
///
/// Every key of an entry is required and no other key is accepted; codes are upper-case identifiers, unique,
/// statutory ones start with STAT_ and validation ones with VAL_; fields are register columns; data_defect is
/// true exactly when fields is not empty; source_url is empty or an https URL.
///
/// Thread safety: a catalogue is immutable once loaded, so const member functions may be called from any
/// number of threads at once. builtIn() is thread-safe (loaded once, on first use).
class RejectionCatalogue {
public:
    /// The catalogue shipped inside the application. Empty (and logged as critical) if the built-in file does
    /// not load, which the unit tests rule out.
    static const RejectionCatalogue &builtIn();

    /// The entry of `code` ("STAT_AGENT_EXPIRED"), or nullopt for a code the catalogue does not know.
    std::optional<RejectionCode> find(const QString &code) const;
    /// Every entry, in file order.
    QList<RejectionCode> all() const { return m_codes; }
    bool isEmpty() const { return m_codes.isEmpty(); }

    /// Parses and validates `json`. On success replaces *out and returns true. On failure returns false,
    /// leaves *out untouched and sets *error to a message naming the entry and the field, e.g. "entry 3
    /// (VAL_BAD_FIELD): field \"category\": must be \"statutory\" or \"validation\", got \"transient\"".
    static bool load(const QByteArray &json, RejectionCatalogue *out, QString *error);

private:
    QList<RejectionCode> m_codes;
    QHash<QString, qsizetype> m_index; // code -> position in m_codes
};

} // namespace fd
