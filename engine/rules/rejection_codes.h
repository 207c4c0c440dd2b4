#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace fd {

/// What one registry rejection code means to the people who cure it (docs/registry-api-v1.md, "Rejection
/// codes").
struct RejectionCode {
    QString code;        ///< as the registry sends it: "STAT_AGENT_EXPIRED"
    QString category;    ///< "statutory" or "validation", as in the registry's error body
    QString title;       ///< short, plain language: "Registered agent expired"
    QString explanation; ///< what it means, one or two sentences
    QString cure;        ///< what to do about it
    /// Where the requirement is stated in general, naming no one state's law ("Model Business Corporation
    /// Act § 5.01 ...") or FilingDesk's contract ("docs/registry-api-v1.md, ..."). A state's own statute is
    /// in byJurisdiction; sourcesFor() picks what to show for one filing.
    QString source;
    QString sourceUrl; ///< https URL of the source; empty for FilingDesk's own documents
    /// The statute of one jurisdiction, keyed by ISO 3166-2 code ("US-DE" -> "8 Del. C. § 132 ..."), for the
    /// jurisdictions whose text was checked; the others are shown the general source.
    QHash<QString, std::pair<QString, QString>> byJurisdiction; // code -> (source, https URL)
    /// True when the requirement is in the filing's own statute (what an annual report states, its fee): the
    /// rule's citation (Obligation::citation) is then the source for a jurisdiction not in byJurisdiction.
    bool citesFilingRule = false;
    /// Entity register columns (EntityFields, engine/register/entity_fields.cpp) whose edit cures the
    /// rejection:
    /// {"registered_agent", "registered_agent_address", "registered_agent_status"}. Empty exactly when
    /// dataDefect is false.
    QStringList fields;
    bool dataDefect = false; ///< true when editing the entity's data is the cure
};

/// One source shown for a rejection: where the requirement is stated, and for which jurisdiction.
struct RejectionSource {
    QString text; ///< "8 Del. C. § 132 (...)"
    QString url;  ///< https URL, or empty
    /// "US-DE" for a state's own statute; "rule" for the filing rule's citation; empty for the general source
    QString scope;
};

/// The sources to show for `code` on a filing in `jurisdiction` (ISO 3166-2, "US-UT") whose rule cites
/// `filingCitation` / `filingCitationUrl` (Obligation::citation, citationUrl): the jurisdiction's own statute
/// when the catalogue has it; otherwise the filing rule's citation (when the requirement is in it) and then
/// the general source. Never another state's statute: a Utah entity is not told what Delaware law says.
QList<RejectionSource> rejectionSourcesFor(const RejectionCode &code, const QString &jurisdiction,
                                           const QString &filingCitation, const QString &filingCitationUrl);

/// The rejection codes FilingDesk knows, read from a JSON file (the built-in one is
/// resources/registry/rejection_codes.json):
///
///     {"schema": 1, "about": "…" (optional),
///      "codes": [{"code": "STAT_AGENT_EXPIRED", "category": "statutory", "title": "…", "explanation": "…",
///                 "cure": "…", "fields": ["registered_agent", …], "source": "…", "source_url": "https://…",
///                 "data_defect": true,
///                 "sources_by_jurisdiction": {"US-DE": {"source": "8 Del. C. § 132 …", "source_url":
///                 "https://…"}}, "cites_filing_rule": false}, …]}
///
/// Every key of an entry is required except sources_by_jurisdiction (default none) and cites_filing_rule
/// (default false), and no other key is accepted; the keys of sources_by_jurisdiction are ISO 3166-2 codes
/// ("US-DE") and each has a non-empty source and an https source_url; codes are upper-case identifiers,
/// unique, statutory ones start with STAT_ and validation ones with VAL_; fields are register columns;
/// data_defect is true exactly when fields is not empty; source_url is empty or an https URL.
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
