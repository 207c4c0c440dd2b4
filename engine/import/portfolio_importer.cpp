#include "engine/import/portfolio_importer.h"

#include "engine/register/entity_fields.h"

#include "engine/import/csv_reader.h"
#include "engine/import/entity_type_inference.h"
#include "engine/import/jurisdiction_normaliser.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <utility>

namespace fd {

namespace {

const QStringList kExhibit21Columns{
    QStringLiteral("parent_cik"), QStringLiteral("parent_name_inferred"), QStringLiteral("accession"),
    QStringLiteral("subsidiary"), QStringLiteral("jurisdiction_raw"),     QStringLiteral("ownership_pct")};
const QStringList kFilingDeskRequired{QStringLiteral("entity_id"), QStringLiteral("entity_name"),
                                      QStringLiteral("jurisdiction")};
/// Every column of the FilingDesk CSV: the entity register's fields (EntityFields::all()).
const QStringList &filingDeskColumns() {
    static const QStringList columns = [] {
        QStringList out;
        for (const EntityField &f : EntityFields::all())
            out << QString::fromLatin1(f.column);
        return out;
    }();
    return columns;
}

// The longest value each column may hold, in characters. A registry rejects an absurd field only after the
// batch is launched (a dead letter per row), so the import refuses it up front, with the limit. Legal names
// get room for the longest real ones (a few hundred characters); codes, dates and numbers far less.
int maxFieldLength(const QString &column) {
    static const QHash<QString, int> limits{
        {QStringLiteral("entity_name"), 500},
        {QStringLiteral("subsidiary"), 500},
        {QStringLiteral("parent_name_inferred"), 500},
        {QStringLiteral("registered_agent"), 200},
        {QStringLiteral("registered_agent_address"), 300},
        {QStringLiteral("principal_office"), 300},
        {QStringLiteral("officers"), 2000},
        {QStringLiteral("owner"), 200},
        {QStringLiteral("notes"), 4000},
        {QStringLiteral("jurisdiction"), 100},
        {QStringLiteral("jurisdiction_raw"), 100},
        {QStringLiteral("entity_id"), 128},
        {QStringLiteral("parent_cik"), 20},
        {QStringLiteral("accession"), 40},
    };
    return limits.value(column, 40); // entity_type, status, dates, tiers, EIN, shares, percentages
}

// The `inferred` list of a row whose type came from its name: one list every such row shares.
QStringList inferredType() {
    static const QStringList list{QStringLiteral("entity_type")};
    return list;
}

ImportedRow rowError(int line, int column, const QString &field, const QString &reason) {
    ImportedRow row;
    row.line = line;
    row.errorColumn = column;
    row.errorField = field;
    row.error = reason;
    return row;
}

// A portfolio names the same few places thousands of times, so each distinct spelling is normalised once.
void resolveJurisdiction(ImportedRow &row, QHash<QString, JurisdictionMatch> &seen) {
    auto it = seen.constFind(row.entity->jurisdictionRaw);
    if (it == seen.constEnd())
        it = seen.insert(row.entity->jurisdictionRaw, normaliseJurisdiction(row.entity->jurisdictionRaw));
    const JurisdictionMatch &match = *it;
    Entity &e = row.entity.edit();
    e.jurisdictionRaw = it.key(); // every row that writes the place the same way shares one string
    if (match.kind == JurisdictionMatch::Kind::Unrecognised) {
        row.jurisdictionProblem = match.reason;
    } else {
        e.jurisdiction = match.code;
        if (match.kind !=
            JurisdictionMatch::Kind::Federal) // the plan says why a federal charter files nothing
            row.jurisdictionNote = match.reason;
    }
}

// The length a field has once trimmed, without building the trimmed copy (this runs for every field of every
// row).
qsizetype trimmedLength(const QString &field) {
    qsizetype begin = 0;
    qsizetype end = field.size();
    while (begin < end && field.at(begin).isSpace())
        ++begin;
    while (end > begin && field.at(end - 1).isSpace())
        --end;
    return end - begin;
}

// The header once read: its lower-cased names and each column's length limit, so that rows look neither up.
struct HeaderLayout {
    QStringList names;
    QList<int> limits;

    explicit HeaderLayout(const QStringList &header)
        : names(header) {
        limits.reserve(header.size());
        for (const QString &name : header)
            limits.append(maxFieldLength(name));
    }
    qsizetype indexOf(const char *name) const { return names.indexOf(QLatin1String(name)); }
};

bool checkShape(const CsvRecord &record, const HeaderLayout &layout, ImportedRow *error) {
    const QStringList &header = layout.names;
    if (record.fields.size() != header.size()) {
        *error =
            rowError(record.line, 0, QString(),
                     QStringLiteral("has %1 fields where the header has %2 (ragged row; quote fields that "
                                    "contain commas)")
                         .arg(record.fields.size())
                         .arg(header.size()));
        return false;
    }
    for (int c = 0; c < record.fields.size(); ++c) {
        const qsizetype length = trimmedLength(record.fields.at(c));
        const int limit = layout.limits.at(c);
        if (length > limit) {
            *error = rowError(record.line, c + 1, header.at(c),
                              QStringLiteral("%1 is %2 characters long; the limit is %3")
                                  .arg(header.at(c))
                                  .arg(length)
                                  .arg(limit));
            return false;
        }
    }
    if (record.hasEmbeddedLineBreak) {
        for (int c = 0; c < record.fields.size(); ++c) {
            if (record.fields.at(c).contains(QLatin1Char('\n'))) {
                *error = rowError(record.line, c + 1, header.at(c),
                                  QStringLiteral("the field contains a line break"));
                return false;
            }
        }
    }
    return true;
}

// Where each register field sits in this file's header (columns absent from the file are left out), found
// once per file, with the column names the rows' `provided` lists share: the rows of a portfolio mostly give
// the same columns, so each distinct set of columns is one list that all its rows share (implicitly).
struct FilingDeskColumns {
    struct Present {
        const EntityField *field;
        qsizetype at;
        QString name;
        bool repeats; ///< a column whose values many rows share (one registered agent for many entities)
    };
    QList<Present> present;
    QHash<quint32, QStringList> providedBySet; // bit i: present.at(i) given
    QSet<QString> repeatedValues;              // of the columns that repeat: one string per distinct value

    explicit FilingDeskColumns(const HeaderLayout &layout) {
        for (const EntityField &f : EntityFields::all()) {
            const qsizetype at = layout.indexOf(f.column);
            if (at < 0)
                continue;
            const bool repeats = qstrcmp(f.column, "registered_agent") == 0 ||
                                 qstrcmp(f.column, "registered_agent_address") == 0 ||
                                 qstrcmp(f.column, "owner") == 0;
            present.append({&f, at, QString::fromLatin1(f.column), repeats});
        }
        Q_ASSERT(present.size() <= 32);
    }
    /// `value`, or the equal string an earlier row gave, to share.
    QString shared(const QString &value) {
        const auto it = repeatedValues.constFind(value);
        if (it != repeatedValues.constEnd())
            return *it;
        repeatedValues.insert(value);
        return value;
    }
    QStringList providedList(quint32 set) {
        auto it = providedBySet.constFind(set);
        if (it == providedBySet.constEnd()) {
            QStringList list;
            for (qsizetype i = 0; i < present.size(); ++i) {
                if (set & (1u << i))
                    list.append(present.at(i).name);
            }
            it = providedBySet.insert(set, list);
        }
        return *it;
    }
};

ImportedRow exhibit21Row(const CsvRecord &record, const HeaderLayout &layout, const QString &file) {
    ImportedRow row;
    if (!checkShape(record, layout, &row))
        return row;
    const QStringList &header = layout.names;
    auto field = [&](const char *name) {
        return record.fields.at(header.indexOf(QLatin1String(name))).trimmed();
    };
    const QString subsidiary = field("subsidiary");
    if (subsidiary.isEmpty())
        return rowError(record.line, int(header.indexOf(QStringLiteral("subsidiary"))) + 1,
                        QStringLiteral("subsidiary"), QStringLiteral("the subsidiary name is empty"));
    const QString pct = field("ownership_pct");
    if (!pct.isEmpty()) {
        bool ok = false;
        const double value = pct.toDouble(&ok);
        if (!ok || value < 0.0 || value > 100.0)
            return rowError(record.line, int(header.indexOf(QStringLiteral("ownership_pct"))) + 1,
                            QStringLiteral("ownership_pct"),
                            QStringLiteral("\"%1\" is not a percentage between 0 and 100").arg(pct));
    }
    row.ok = true;
    row.line = record.line;
    Entity e;
    e.name = stripFootnoteMarkers(subsidiary);
    e.jurisdictionRaw = field("jurisdiction_raw");
    const QByteArray identity = (e.name.toLower() + QLatin1Char('|') + e.jurisdictionRaw.toLower()).toUtf8();
    e.entityId =
        QStringLiteral("ex21-%1-%2")
            .arg(field("parent_cik"),
                 QString::fromLatin1(
                     QCryptographicHash::hash(identity, QCryptographicHash::Sha256).toHex().left(12)));
    const EntityTypeGuess guess = inferEntityType(e.name);
    e.type = guess.type;
    e.typeSource = guess.suffix.isEmpty() ? QString() : QStringLiteral("suffix \"%1\"").arg(guess.suffix);
    if (guess.type == EntityType::Unknown)
        row.typeProblem = guess.reason;
    e.status = QStringLiteral("active");
    e.sourceFile = file;
    e.sourceLine = record.line;
    static const QStringList kProvided{QStringLiteral("entity_name"), QStringLiteral("jurisdiction")};
    row.provided = kProvided;
    if (e.type != EntityType::Unknown)
        row.inferred = inferredType();
    row.entity = std::move(e);
    return row;
}

ImportedRow filingDeskRow(const CsvRecord &record, const HeaderLayout &layout, FilingDeskColumns &at,
                          const QString &file) {
    ImportedRow row;
    if (!checkShape(record, layout, &row))
        return row;
    Entity e;
    e.status = QStringLiteral("active");
    quint32 provided = 0;
    for (qsizetype i = 0; i < at.present.size(); ++i) {
        const FilingDeskColumns::Present &p = at.present.at(i);
        QString value = record.fields.at(p.at).trimmed();
        if (qstrcmp(p.field->column, "entity_name") == 0)
            value = stripFootnoteMarkers(value);
        else if (p.repeats && !value.isEmpty())
            value = at.shared(value);
        QString reason;
        if (!p.field->parse(value, &e, &reason))
            return rowError(record.line, int(p.at) + 1, p.name, reason);
        if (qstrcmp(p.field->column, "jurisdiction") == 0 && value.isEmpty())
            return rowError(record.line, int(p.at) + 1, p.name, QStringLiteral("jurisdiction is empty"));
        if (!value.isEmpty())
            provided |= 1u << i;
    }
    row.provided = at.providedList(provided);
    if (e.type == EntityType::Unknown) {
        const EntityTypeGuess guess = inferEntityType(e.name);
        e.type = guess.type;
        e.typeSource = guess.suffix.isEmpty() ? QString() : QStringLiteral("suffix \"%1\"").arg(guess.suffix);
        if (guess.type == EntityType::Unknown)
            row.typeProblem = guess.reason;
        else
            row.inferred = inferredType();
    }
    e.sourceFile = file;
    e.sourceLine = record.line;
    row.entity = std::move(e);
    row.ok = true;
    row.line = record.line;
    return row;
}

} // namespace

int ImportResult::rowErrorCount() const {
    int n = 0;
    for (const auto &row : rows)
        n += row.ok ? 0 : 1;
    return n;
}

ImportResult importPortfolioBytes(const QByteArray &bytes, const QString &displayName) {
    ImportResult result;
    result.file = displayName;
    // The file is read one record at a time, each row made as its record is read: no list of every record's
    // fields is held besides the rows themselves.
    CsvReader reader(bytes);
    // What the reader finds wrong with the file as a whole (not UTF-8, a quote never closed ...) is the one
    // error reported, whatever the header or the rows say: so a header error is reported only once the rest
    // of the file has been read without one.
    auto readerError = [&] {
        result.rows.clear();
        result.fileErrorLine = reader.errorLine();
        result.fileError =
            QStringLiteral("%1:%2: %3").arg(displayName).arg(reader.errorLine()).arg(reader.error());
        return result;
    };
    auto readToEnd = [&] {
        CsvRecord rest;
        while (reader.next(&rest)) {
        }
        return reader.error().isEmpty();
    };
    CsvRecord headerRecord;
    if (!reader.next(&headerRecord))
        return readerError();
    QStringList header;
    for (const QString &h : std::as_const(headerRecord.fields))
        header.append(h.trimmed().toLower());
    const int headerLine = headerRecord.line;

    auto missingOf = [&](const QStringList &columns) {
        QStringList missing;
        for (const QString &c : columns) {
            if (!header.contains(c))
                missing.append(c);
        }
        return missing;
    };
    auto knownOf = [&](const QStringList &columns) {
        int n = 0;
        for (const QString &h : std::as_const(header))
            n += columns.contains(h) ? 1 : 0;
        return n;
    };
    const QStringList exhibit21Missing = missingOf(kExhibit21Columns);
    const QStringList filingDeskMissing = missingOf(kFilingDeskRequired);
    const bool isExhibit21 = exhibit21Missing.isEmpty();
    const bool isFilingDesk = filingDeskMissing.isEmpty();
    if (!isExhibit21 && !isFilingDesk) {
        result.fileErrorLine = headerLine;
        // One column whose name holds another separator: a file saved with semicolons (Excel in many
        // locales) or tabs. Refused with what to do: a guessed separator could split a name or a "1,5".
        if (header.size() == 1) {
            const QString only = header.first();
            const bool semicolons = only.count(QLatin1Char(';')) >= 1;
            const bool tabs = only.count(QLatin1Char('\t')) >= 1;
            if (semicolons || tabs) {
                result.fileError =
                    QStringLiteral("%1:%2: the columns are separated by %3, not by commas; FilingDesk reads "
                                   "comma-separated CSV: save the file again as \"CSV (comma delimited)\" "
                                   "(in Excel: Save As, CSV UTF-8) or replace the %4 with commas")
                        .arg(displayName)
                        .arg(headerLine)
                        .arg(semicolons ? QStringLiteral("semicolons (;)") : QStringLiteral("tabs"),
                             semicolons ? QStringLiteral("semicolons") : QStringLiteral("tabs"));
                return readToEnd() ? result : readerError();
            }
        }
        // A header that is clearly one layout with a column missing gets the missing column named, not a
        // lecture on both layouts.
        const int filingDeskKnown = knownOf(filingDeskColumns());
        const int exhibit21Known = knownOf(kExhibit21Columns);
        if (filingDeskKnown > exhibit21Known &&
            (header.contains(QStringLiteral("entity_id")) || filingDeskKnown >= 3)) {
            result.fileError =
                QStringLiteral("%1:%2: the FilingDesk CSV header lacks the required column%3 %4")
                    .arg(displayName)
                    .arg(headerLine)
                    .arg(filingDeskMissing.size() > 1 ? QStringLiteral("s") : QString(),
                         filingDeskMissing.join(QStringLiteral(", ")));
            return readToEnd() ? result : readerError();
        }
        if (exhibit21Known >= 3) {
            result.fileError = QStringLiteral("%1:%2: the Exhibit 21 header lacks the column%3 %4")
                                   .arg(displayName)
                                   .arg(headerLine)
                                   .arg(exhibit21Missing.size() > 1 ? QStringLiteral("s") : QString(),
                                        exhibit21Missing.join(QStringLiteral(", ")));
            return readToEnd() ? result : readerError();
        }
        result.fileError =
            QStringLiteral("%1:%2: the header is neither an Exhibit 21 layout (%3) nor a FilingDesk "
                           "CSV (at least %4)")
                .arg(displayName)
                .arg(headerLine)
                .arg(kExhibit21Columns.join(QStringLiteral(", ")),
                     kFilingDeskRequired.join(QStringLiteral(", ")));
        return readToEnd() ? result : readerError();
    }
    if (isFilingDesk) {
        for (int c = 0; c < header.size(); ++c) {
            if (header.at(c).isEmpty() || !filingDeskColumns().contains(header.at(c))) {
                result.fileErrorLine = headerLine;
                result.fileError =
                    QStringLiteral("%1:%2: column %3 \"%4\" is not a FilingDesk CSV column (%5)")
                        .arg(displayName)
                        .arg(headerLine)
                        .arg(c + 1)
                        .arg(header.at(c), filingDeskColumns().join(QStringLiteral(", ")));
                return readToEnd() ? result : readerError();
            }
        }
        if (header.removeDuplicates() > 0) {
            result.fileErrorLine = headerLine;
            result.fileError =
                QStringLiteral("%1:%2: the header repeats a column").arg(displayName).arg(headerLine);
            return readToEnd() ? result : readerError();
        }
    }
    result.format = isExhibit21 ? QStringLiteral("exhibit21") : QStringLiteral("filingdesk");
    CsvRecord record;
    if (!reader.next(&record)) {
        if (!reader.error().isEmpty())
            return readerError();
        result.fileErrorLine = headerLine;
        result.fileError =
            QStringLiteral("%1:%2: the file has a header but no data rows").arg(displayName).arg(headerLine);
        return result;
    }

    const qsizetype nameColumn =
        header.indexOf(isExhibit21 ? QStringLiteral("subsidiary") : QStringLiteral("entity_name"));
    const HeaderLayout layout(header);
    FilingDeskColumns columns(layout);
    QHash<QString, JurisdictionMatch> jurisdictionOf;
    QHash<QString, int> firstLineOfId;
    const qsizetype rowsBound = reader.remainingLinesBound() + 1;
    firstLineOfId.reserve(rowsBound);
    result.rows.reserve(rowsBound);
    do {
        ImportedRow row = isExhibit21 ? exhibit21Row(record, layout, displayName)
                                      : filingDeskRow(record, layout, columns, displayName);
        if (!row.ok && row.line == 0)
            row.line = record.line;
        if (row.ok)
            resolveJurisdiction(row, jurisdictionOf);
        if (row.ok) {
            const auto it = firstLineOfId.constFind(row.entity->entityId);
            if (it == firstLineOfId.constEnd()) {
                firstLineOfId.insert(row.entity->entityId, record.line);
            } else if (isExhibit21) {
                // Exhibit 21 lists often name a subsidiary twice (once per parent); the row stays valid and
                // its obligations collapse onto the first row's, but the repeat is flagged, not passed off as
                // new.
                row.duplicateOfLine = *it;
            } else {
                Entity named;
                named.name = row.entity->name;
                row = rowError(record.line, int(header.indexOf(QStringLiteral("entity_id"))) + 1,
                               QStringLiteral("entity_id"),
                               QStringLiteral("entity_id \"%1\" already appears on line %2")
                                   .arg(record.fields.at(header.indexOf(QStringLiteral("entity_id"))))
                                   .arg(*it));
                row.entity = std::move(named);
                row.duplicateOfLine = *it;
            }
        }
        // A row error still says whose row it is, when the name column could be read: a ragged row's columns
        // are shifted, so its "name" would be a guess and stays empty.
        if (!row.ok && row.entity->name.isEmpty() && record.fields.size() == header.size() &&
            nameColumn >= 0) {
            const QString raw = record.fields.at(nameColumn).trimmed();
            const int limit = layout.limits.at(nameColumn);
            row.entity.edit().name = raw.size() > limit
                                         ? stripFootnoteMarkers(raw.left(limit)) + QStringLiteral("…")
                                         : stripFootnoteMarkers(raw);
        }
        result.rows.append(std::move(row));
    } while (reader.next(&record));
    if (!reader.error().isEmpty())
        return readerError();
    return result;
}

ImportResult importPortfolio(const QString &path) {
    QFile file(path);
    const QString name = QFileInfo(path).fileName();
    if (!file.open(QIODevice::ReadOnly)) {
        ImportResult result;
        result.file = name;
        result.fileError = QStringLiteral("%1: cannot open: %2").arg(path, file.errorString());
        return result;
    }
    constexpr qint64 kMaxBytes = 64 * 1024 * 1024;
    if (file.size() > kMaxBytes) {
        ImportResult result;
        result.file = name;
        result.fileError = QStringLiteral("%1: the file is larger than 64 MiB").arg(path);
        return result;
    }
    ImportResult result = importPortfolioBytes(file.readAll(), name);
    return result;
}

} // namespace fd
